"""How a move is told: an Action as the API's content blocks, and the sentences tasks share.

    reply = to_reply(turn, action)      # Reply(content=[text and tool_use blocks], stop_reason)
    finish(turn, "Renamed f to g.")     # the final reply (a narration when the prompt asks none)
    error_text(step)                    # a failed tool's error, as the user reads it
    and_list(["a.py", "b.py", "c.py"])  # "a.py, b.py and c.py"

Every task's replies are built from these and from what the tool results showed. The
wording depends on the prompt in one place only: the verbose-narration failure mode
(failure_modes.FAILURE_MODES), where announcing calls and retelling the turn stand in for the
conciseness rule the prompt lacks.
"""

from __future__ import annotations

import hashlib
import json
import re

from agentcourse.api.blocks import text, tool_use
from agentcourse.tutor.act.toolbox import Step
from agentcourse.tutor.act.turn import Action, Reply, Turn, say
from agentcourse.tutor.understand import script


def tool_use_id(turn: Turn, index: int, name: str, tool_input: dict) -> str:
    """Deterministic and unique within a conversation: a hash of the position and the call."""
    key = f"{turn.seed}|{turn.n_messages}|{index}|{name}|{json.dumps(tool_input, sort_keys=True)}"
    return "toolu_tutor_" + hashlib.sha256(key.encode()).hexdigest()[:16]


def to_reply(turn: Turn, action: Action) -> Reply:
    """The action as API content blocks; verbose mode announces the calls first."""
    if not action.calls:
        return Reply([*action.searched, text(action.text)], "end_turn")
    blocks = list(action.searched)  # a server tool's call and result come first (tool_search.py)
    if action.text:
        blocks.append(text(action.text))
    elif turn.failing("verbose-narration"):
        op, args = action.calls[0]
        if len(action.calls) > 1:
            op, args = "many", {"paths": and_list([a.get("path", "?") for _, a in action.calls])}
        blocks.append(text(_fill(script.ANNOUNCE[op], {**args, "path": shown_path(args.get("path"))})))
    for i, (op, args) in enumerate(action.calls):
        name, tool_input = turn.tools.call(op, args, via=args.get("via"))
        blocks.append(tool_use(tool_use_id(turn, i, name, tool_input), name, tool_input))
    return Reply(blocks, "tool_use")


def shown_path(path: object) -> str:
    """A path as a reply names it: the project folder for ".", "" or none."""
    return "the project folder" if path in (".", "", None) else str(path)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _fill(template: str, values: dict) -> str:
    return template.format_map(_Blank(values))


def finish(turn: Turn, summary: str) -> Action:
    """The final reply: one short sentence, or a narration when no conciseness rule is given."""
    if not turn.failing("verbose-narration") or not turn.steps:
        return say(summary)
    told = []
    for s in turn.steps:
        values = {**s.args, "path": shown_path(s.path), "tool": s.tool, "verb": s.op}
        told.append(
            _fill(script.RETELL[s.op if s.ok else "failed"], values)
            if s.op in script.RETELL
            else f"called {s.tool}"
        )
    story = f"First I {told[0]}"
    if len(told) > 1:
        story += "".join(f", then I {t}" for t in told[1:-1]) + f", and finally I {told[-1]}"
    return say(f"{story}. {summary}\n\n{script.VERBOSE_OUTRO}")


# Sentences a tool result addresses to the model (checkpoint 08's guardrail): the model
# follows them; it does not repeat them to the user.
_FOR_THE_MODEL = re.compile(
    r"\s*(?:Do not try to get the same result another way[^.]*\.|Send a command a person can "
    r"read;[^.]*\.)", re.I)
_DECLINED = re.compile(r"\bthe user did not approve\b", re.I)


def error_text(step: Step) -> str:
    """A failed step's error as the user reads it: the result without its "Error:" label
    and without the sentences a guardrail addresses to the model."""
    error = re.sub(r"^\s*\[?error\]?:?\s*", "", step.result.strip(), flags=re.I)
    return _FOR_THE_MODEL.sub("", error).strip() or "the tool failed"


def declined(turn: Turn) -> Action | None:
    """The user refused the last command: say so, in the user's terms, and ask what next."""
    last = turn.steps[-1] if turn.steps else None
    if last is None or last.ok or not _DECLINED.search(last.result):
        return None
    command = last.args.get("command") or last.input.get("command") or ""
    return say(script.DECLINED.format(command=f" `{command}`" if command else ""))


def no_tool(turn: Turn, need: str) -> Action:
    """The reply when no tool offered can do what the task needs (`need`: "edit files")."""
    return say(script.NO_TOOL.format(tools=turn.tools.names(), need=need))


def on_line(line: int | None) -> str:
    """The words that give a place's line in a reply (' on line 12'), or '' when unknown."""
    return f" on line {line}" if line else ""


def and_list(names: list[str]) -> str:
    """Names as a reply lists them: "a", "a and b", "a, b and c"; "" for none."""
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
