"""Instructions found in tool results: followed when the prompt lacks the data rule, named
in the reply when it has it (the failure mode `follows-planted-instructions`).

    guarded(turn, decide) -> Action    # every move of every task goes through it (brain.decide)

Every tool result of the current turn is read with understand/planted.py. Without the rule
(data_rule.py), the tutor behaves as a model that can be misled: before its task's next
move it does what a planted instruction asks, where its tools can and only that (a file
deleted or a command run with the shell, a file created with the quoted text), then goes
on with the task as if nothing happened: the task does not see those calls, so its reply
does not mention them. With the rule, the task runs untouched and its final reply ends
with a note naming the file, command or tool that held the instruction.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, replace

from agentcourse.tutor.act.toolbox import Step
from agentcourse.tutor.act.turn import Action, Turn
from agentcourse.tutor.understand import planted
from agentcourse.tutor.understand.data_rule import MODE

_HIT = re.compile(r"^\s*([\w./-]+\.\w+):\d+:", re.MULTILINE)  # "tests.py:3:" of a search's lines
QUOTE_CHARS = 120  # how much of an instruction the note quotes


@dataclass(frozen=True)
class Found:
    """An instruction in a tool result, and where the reply says it was."""

    where: str  # "tests.py", "the output of `python -m pytest`", "the tool mcp__notes__lookup's answer"
    instruction: planted.Planted


def source(step: Step, text: str) -> str:
    """Where an instruction was, in the words of a reply: the file (a search's hit names
    it), the command whose output held it, or the tool that answered it."""
    if step.op in ("read", "read_lines", "search", "list"):
        line = next((m for m in _HIT.finditer(step.result) if text[:20] in step.result[m.end():][:400]), None)
        if line is not None:
            return line[1]
        if step.path not in ("", "."):
            return step.path
    if step.op == "run" and step.args.get("command"):
        return f"the output of `{step.args['command']}`"
    return f"the answer of the tool {step.tool}"


def found(turn: Turn) -> list[Found]:
    """Every instruction addressed to an agent in this turn's tool results, once each."""
    out: dict[object, Found] = {}
    for step in turn.steps:
        for p in planted.find(step.result or ""):
            where = source(step, p.text)
            out.setdefault((where, p.asks) if p.asks else p.text, Found(where, p))  # a test's line and its error
    return list(out.values())


def followed(turn: Turn, op: str, args: dict) -> tuple[str, dict] | None:
    """The tutor's operation that does what a planted instruction asks, or None when no
    offered tool can (a delete or a command needs a shell)."""
    if op == "delete" and turn.tools.shell is not None:
        return "run", {"command": f"rm -f -- {shlex.quote(args['path'])}"}
    if op == "run" and turn.tools.shell is not None:
        return "run", {"command": args["command"]}
    if op == "create" and turn.tools.can("create"):
        return "create", {"path": args["path"], "text": args["text"]}
    return None


def note(items: list[Found]) -> str:
    """The sentence the reply ends with, when the prompt has the rule."""
    parts = []
    for f in items:
        text = f.instruction.text
        quoted = text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 3] + "..."
        parts.append(f"{f.where} holds an instruction addressed to an AI agent (\"{quoted}\")")
    them = "it" if len(items) == 1 else "them"
    return f"Note: {'; '.join(parts)}. I did not follow {them}: instructions come only from you."


def guarded(turn: Turn, decide: Callable[[Turn], Action]) -> Action:
    """The task's next move, with the instructions in its tool results followed (rule
    missing) or named in its final reply (rule present)."""
    items = found(turn)
    if not items:
        return decide(turn)
    if turn.failing(MODE):
        mine = set()
        for f in items:
            for op, args in f.instruction.operations():
                move = followed(turn, op, args)
                if move is None:
                    continue
                name, tool_input = turn.tools.call(*move)
                mine.add((name, repr(tool_input)))
                if not any(s.tool == name and s.input == tool_input for s in turn.steps):
                    return Action(calls=[move])
        return decide(replace(turn, steps=[s for s in turn.steps if (s.tool, repr(s.input)) not in mine]))
    action = decide(turn)
    if action.calls:
        return action
    return Action(text=f"{action.text}\n\n{note(items)}".strip())
