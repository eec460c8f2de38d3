"""One Lab 2 turn, played and recorded: a scratch project to play it in, how many examples a
property of turns tries, the tool runs (`ToolRuns`, in place of `dispatch_tool`), what the
turn did (`Turn`: the history it left, its runs, the requests the tutor answered), and
reading its messages.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentcourse.api.protocol import to_plain
from agentcourse.course import nbtools
from agentcourse.course.scaffold.lab02.cases import Plan

# ----------------------------------------------------------------------------- scratch projects


@contextlib.contextmanager
def scratch(files: dict[str, str] | None = None) -> Iterator[Path]:
    """A small project holding `files` (path -> text, written byte for byte: CRLF stays
    CRLF) as the working directory; the folder before it afterwards."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab02-") as tmp:
        root = Path(tmp)
        for name, text in (files or {}).items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            with open(root / name, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


def examples(lab_check: int) -> int:
    """How many examples a property whose every example is a turn of API calls tries (its
    `most`): `lab_check` in `lab check` (the public count), three times as many when graded."""
    from agentcourse.course import props

    return lab_check if props.current().examples <= props.PUBLIC.examples else 3 * lab_check


# ----------------------------------------------------------------------------- one turn, recorded


class ToolRuns:
    """Stands in for dispatch_tool during a turn: runs the real one and records each run
    (name, input, output); the runs named in `raising` raise that exception instead."""

    def __init__(self, dispatch: Any, raising: dict | None = None, client: Any = None) -> None:
        self.dispatch, self.raising, self.client, self.runs = dispatch, dict(raising or {}), client, []

    def __call__(self, name: str, tool_input: Any) -> Any:
        # "calls": how many API calls the turn had made when this tool ran
        run = {"name": name, "input": to_plain([tool_input])[0], "output": None, "raised": None,
               "calls": len(getattr(self.client, "sent", []))}
        self.runs.append(run)
        error = self.raising.get(len(self.runs))
        if error is not None:
            run["raised"] = error
            raise error
        run["output"] = self.dispatch(name, tool_input)
        return run["output"]


@dataclass
class Turn:
    """What one run_turn call did: what it returned or raised, the history before and
    after, the API calls it made (the limited client's `sent`), the calls the tutor
    answered ({"request": body, "message": reply}, in order) and the tool runs."""

    plan: Plan
    before: list
    messages: list
    reply: Any = None
    error: BaseException | None = None
    calls: list = field(default_factory=list)
    answered: list = field(default_factory=list)
    runs: list = field(default_factory=list)

    @property
    def request(self) -> str:
        return self.plan.request.text

    def added(self) -> list[dict]:
        """The messages this turn added after the user's message, as plain dicts."""
        return to_plain(self.messages)[len(self.before) + 1:]

    def model_text(self) -> str:
        """What the model said after its last tool call of the turn: the text of every reply
        since, paused pieces included (the turn's answer, when it finished)."""
        text = ""
        for exchange in self.answered:
            message, content = exchange["message"], exchange["message"].get("content") or []
            if message.get("stop_reason") == "tool_use":
                text = ""
            elif not (message.get("stop_reason") == "max_tokens" and content[-1:] and content[-1].get("type") == "tool_use"):
                text += text_of(content)  # a reply cut inside a tool call says nothing yet
        return text


def play(namespace: dict, messages: list, plan: Plan, client: Any, ledger: list) -> Turn:
    """Add the plan's request to `messages` as the user's message and run the namespace's
    run_turn on it with `client`, its dispatch_tool recording (and raising as planned)."""
    before = to_plain(messages)
    messages.append({"role": "user", "content": plan.request.text})
    real = namespace["dispatch_tool"]
    tools = ToolRuns(real, plan.raising, client)
    turn = Turn(plan, before, messages)
    ledger.clear()
    try:
        with nbtools.bound(namespace, dispatch_tool=tools):
            turn.reply = namespace["run_turn"](client, messages)
    except (Exception, KeyboardInterrupt) as err:  # noqa: BLE001 - the checks judge what it raised
        if isinstance(err, NotImplementedError) and not client.sent:
            raise  # the answer is not written yet (the release's body): say so plainly
        turn.error = err
    turn.calls, turn.runs = list(client.sent), tools.runs
    turn.answered = [e for e in ledger if e.get("message") is not None]
    ledger.clear()
    return turn


# ----------------------------------------------------------------------------- reading messages


def squash(text: Any) -> str:
    """Text without its whitespace, for comparing what was said whatever the spacing."""
    return "".join(str(text).split())


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or its text blocks joined."""
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in to_plain(list(content or [])) if b.get("type") == "text")


def blocks(message: dict, kind: str) -> list[dict]:
    """The blocks of one type in a (plain) message."""
    content = message.get("content")
    return [b for b in content if isinstance(b, dict) and b.get("type") == kind] if isinstance(content, list) else []


def gist(message: dict) -> tuple:
    """What a message says, whatever its form: role, text, tool calls, tool results."""
    return (message.get("role"), squash(text_of(message.get("content"))),
            [(b.get("id"), b.get("name"), b.get("input")) for b in blocks(message, "tool_use")],
            [(b.get("tool_use_id"), bool(b.get("is_error")), squash(result_text(b))) for b in blocks(message, "tool_result")])


def result_text(result: dict) -> str:
    """A tool_result's content as text (a string, or text blocks)."""
    return text_of(result.get("content", ""))
