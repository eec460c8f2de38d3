"""Lab 9's references: what each check compares a student's answer with, as checkpoint 09
computes it (for Task 1, the anthropic SDK's own stream accumulator). The judge imports
them; a graded student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from agentcourse.course.scaffold.lab09 import (
    BLOCK,
    FENCED,
    MAX_CHARS,
    MAX_STEPS,
    NETWORK,
    Strict,
    normalized,
    plan_text,
    short,
)


def sdk_message(events: list[dict]) -> Any:
    """What the anthropic SDK's stream helper assembles from `events` (its accumulator,
    behind MessageStream.get_final_message()), or None without a message_stop."""
    from anthropic.lib.streaming._messages import accumulate_event

    if not any(e.get("type") == "message_stop" for e in events):
        return None
    snapshot, buffers = None, {}
    for event in events:
        snapshot = accumulate_event(event=json.loads(json.dumps(event)), current_snapshot=snapshot, json_bufs=buffers)
    return snapshot


def expected_message(events: list[dict]) -> Any:
    """The reference answer for Task 1: the SDK's message, normalized (None for a cut stream)."""
    found = sdk_message(events)
    return None if found is None else normalized(found.to_dict())


def reference_update(plan: list[dict], action: Any, task: Any = None, number: Any = None) -> str:
    """checkpoint 09's planning.Plan.update, over a list of dicts (the reference the checks use)."""
    if action == "add":
        if not isinstance(task, str) or not task.strip() or len(plan) >= MAX_STEPS:
            return "Error"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
    elif action in ("start", "finish"):
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(plan):
            return "Error"
        if action == "start":
            for step in plan:
                step["state"] = "todo" if step["state"] == "doing" else step["state"]
        plan[number - 1]["state"] = "doing" if action == "start" else "done"
    else:
        return "Error"
    return plan_text(plan)


def check_plan_run(update_plan: Any, run: list[tuple]) -> None:
    """Apply `run` with the student's update_plan and with the reference, action by action."""
    plan: list[dict] = []
    mine: list[dict] = []
    for n, (action, task, number) in enumerate(run, 1):
        before = [dict(step) for step in mine]
        want = reference_update(mine, action, task, number)
        got = update_plan(plan, action, task, number)
        call = f"action {n}: update_plan(plan, {action!r}, {short(task, 60)}, {number!r}) with the plan {short(before, 300)}"
        if want == "Error":
            assert isinstance(got, str) and got.startswith("Error:"), f"{call}: refused, an 'Error: ...' string, not {short(got)}"
            assert plan == before, f"{call} was refused: the plan stays as it was, not {short(plan, 300)}"
        else:
            assert plan == mine, f"{call}: the plan becomes {short(mine, 300)}, not {short(plan, 300)}"
            assert got == want, f"{call}: returns the plan's text {want!r}, not {short(got, 300)}"


def reference_matches(matcher: str, tool: str) -> bool:
    """checkpoint 09's rule: "" and "*" match every tool, else the whole name matches."""
    return matcher in ("", "*") or re.fullmatch(matcher, tool) is not None


def reference_before(hooks: list[dict], tool: str, tool_input: dict, table: dict) -> tuple[str | None, list[str]]:
    """(the command that refuses the call or None, the commands run, in order)."""
    ran = []
    for hook in hooks:
        if hook["event"] == "PreToolUse" and reference_matches(hook["matcher"], tool):
            ran.append(hook["command"])
            if table.get(hook["command"], (0, ""))[0] == BLOCK:
                return hook["command"], ran
    return None, ran


def reference_changes(before: dict, after: dict) -> list[tuple]:
    return [(p, before.get(p), after.get(p)) for p in sorted(before.keys() | after.keys())
            if before.get(p) != after.get(p)]


def reference_undo(turn: list, now: dict) -> tuple[dict, list[str]]:
    project, left = dict(now), []
    for path, old, new in turn:
        if now.get(path) != new:
            left.append(path)
        elif old is None:
            project.pop(path, None)
        else:
            project[path] = old
    return project, sorted(left)


def reference_decide(mode: Any, sandbox: bool, command: str, blocked: dict, strict: Any) -> str:
    """checkpoint 09's fence.Fence.run, before anything runs: strict unless fenced with a
    sandbox; fenced, a command the fence stopped asks to cross once, every other one runs."""
    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"


WHY = {
    "run": "the fenced mode runs every command the fence has not stopped, unasked, whatever its words",
    "network": "the fence stopped this exact command at the network: ask, once, to run it in a sandbox with the network",
    "outside": "the fence stopped this exact command at a read-only place: ask, once, to run it outside the sandbox",
}


def check_modes_run(decide: Any, run: tuple) -> None:
    """Send `run`'s commands one by one to the student's decide and to the reference, each with
    its own `blocked`; a command that ran in a sandbox and that the fence stops is added to both."""
    mode, sandbox, verdicts, steps = run
    mine: dict = {}
    theirs: dict = {}
    for n, (command, stopped) in enumerate(steps, 1):
        before = dict(theirs)
        want = reference_decide(mode, sandbox, command, theirs, Strict(verdicts))
        got = decide(mode, sandbox, command, mine, Strict(verdicts))
        strict = f"strict({command!r}) is {Strict(verdicts)(command)!r}"
        why = WHY[want] if mode == FENCED and sandbox else f"this is the strict mode, so the guardrail decides: {strict}"
        assert got == want, (f"send {n} of {short(steps, 400)}:\ndecide({mode!r}, {sandbox}, {command!r}, {before}, strict) "
                             f"should be {want!r}, not {short(got)}: {why}")
        if stopped and sandbox and want in ("run", "ask"):  # it ran in the sandbox, and the fence stopped it
            mine[command] = theirs[command] = stopped
