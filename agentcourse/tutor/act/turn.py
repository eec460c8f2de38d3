"""The turn: what a request says, and the data of the move the tutor makes next.

    turn = read_turn(request)      # the user's request, the tools offered, the progress so far
    say(text) / call(op, **args)   # the next move: a reply, or tool calls
    turn.failing("verbose-narration")   # True when the rule that prevents that mode is missing

Every task the tutor knows is a small state machine from a Turn to the next Action:
brain.py's tasks, context_tasks.py's, and the family moves (tutor/act/families/). Beside
this module, answer.py tells a move (API blocks, the final reply, a tool's error in the
user's terms), knowledge.py holds what the turn knows of a file, and editing.py the
read -> change -> confirm skeleton. None of them imports the brain that dispatches to
them; the one thing a task may need from the dispatcher, "what would the tutor do next"
(a compaction's Next step), is `turn.decide`, set by the brain when it reads the request.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.tutor.act import tool_search
from agentcourse.tutor.act.steps import read_steps
from agentcourse.tutor.act.toolbox import Step, Tool, Toolbox, read_tools, text_of
from agentcourse.tutor.understand import data_rule, harness, rules, textproto


@dataclass
class Reply:
    """The brain's answer; the server adds ids, usage and the max_tokens/stop cuts."""

    content: list[dict]  # API-shaped blocks: {"type": "text"...} / {"type": "tool_use"...}
    stop_reason: str  # "end_turn" or "tool_use"


# ----------------------------------------------------------------------------- the request


@dataclass
class Turn:
    """Everything the decision needs: the request, the tools, the progress so far."""

    prompt: str  # the current user message
    steps: list[Step]  # tool calls and results since that message
    tools: Toolbox
    missing: dict[str, bool]  # failure-mode id (failure_modes.ALL_MODES) -> True when its rule is missing
    parallel: bool  # False when tool_choice disables parallel tool use
    n_messages: int  # conversation position, for deterministic tool_use ids
    seed: str  # the conversation's first user text, also for ids
    request: str = ""  # the request itself: the message's first paragraph, preamble removed
    submit: str | None = None  # a command the prompt says ends the task (mini-swe-agent's)
    body: dict = field(default_factory=dict)  # the whole request body (context_tasks reads the history)
    decide: Callable[[Turn], Action] | None = None  # the dispatcher's decide (set by the brain)
    only: dict[str, tuple[str, ...]] = field(default_factory=dict)  # mode -> the files its rule names

    def failing(self, mode: str, path: str | None = None) -> bool:
        """Is the rule that prevents failure mode `mode` missing from the prompt (for `path`,
        when given: a rule that names other files only does not cover it)?"""
        if self.missing.get(mode, False):
            return True
        return path is not None and not rules.covers(self.only.get(mode, ()), path)

    def done(self, op: str, path: str | None = None) -> list[Step]:
        """This turn's steps of operation `op` (on `path`, when given), oldest first."""
        return [s for s in self.steps if s.op == op and (path is None or s.path == path)]


def current_turn(messages: list[dict]) -> tuple[str, int]:
    """(text of the current user request, its index in messages).

    The request is the user's own text: blocks a harness adds for the model
    (`<system-reminder>` and the like, harness.py) are not a request, so a message of
    tool results followed by reminders continues the turn it answers."""
    for i in range(len(messages) - 1, -1, -1):
        msg = messages[i]
        content = msg.get("content")
        if msg.get("role") != "user":
            continue
        own = harness.own_text(content)
        if own or content == "":
            return own, i
        if any(isinstance(b, dict) and b.get("type") not in ("tool_result", "text") for b in content or []):
            return own, i  # an image or a document is a request of its own
    return "", 0


def missing_rules(system: object, tools: list[Tool] | list[dict]) -> dict[str, bool]:
    """Failure-mode id -> True when the rule that prevents it is absent from the prompt.

    rules.py reads the system prompt and every tool's description and parameter
    descriptions, in the words a student wrote (tools: request dicts or toolbox Tools)."""
    return rules.missing(system, [rules.as_definition(t) for t in tools])


# Agents wrap the user's words: "Please solve this issue: <task>" (mini-swe-agent), a tag.
_PREAMBLE = re.compile(
    r"^\s*(?:<\w+>\s*)?(?:please\s+)?(?:(?:solve|fix|do|complete|handle|work on)\s+)?"
    r"(?:this|the following|the|my|your)?\s*(?:issue|task|request|problem)\s*:\s*",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+")
# A request that asks the tutor NOT to do something ("Don't change main.py"): not a task.
NEGATED_REQUEST = re.compile(
    r"^\s*(?:please\s+)?(?:don'?t|do not|never|no need to|you don'?t need to)\b", re.IGNORECASE
)
# "... finish your work by issuing the following command: `echo COMPLETE_TASK_AND_SUBMIT_...`"
_SUBMIT = re.compile(r"\b(?:finish|submit|complete|end)\w*\b[^`\n]{0,160}?`(echo\s+[A-Z][A-Z0-9_]{5,})`")


def request_text(prompt: str) -> str:
    """The request in a user message: its first paragraph, without an agent's preamble or
    the mark of a list item ("- run the tests", "1. ...")."""
    first = re.split(r"\n\s*\n", prompt.strip(), maxsplit=1)[0]
    return " ".join(_BULLET.sub("", _PREAMBLE.sub("", first)).replace("`", "").split())


def read_turn(request: dict) -> Turn:
    """The Turn a Messages API request body is: its current user request, tools and progress."""
    request = textproto.replayed(harness.fold_system_messages(request))  # a harness's additions
    system = request.get("system") or ""
    system = system if isinstance(system, str) else text_of(system)
    choice = request.get("tool_choice") or {}
    messages = request.get("messages") or []
    prompt, start = current_turn(messages)
    # "Respond with TEXT ONLY. Do NOT call any tools." (a harness's compaction): no tools.
    text_only = choice.get("type") == "none" or harness.text_only(prompt, system)
    # A deferred tool is not the model's to call until a search has loaded it (tool_search.py).
    tools = read_tools([] if text_only else tool_search.visible(request))
    box = Toolbox(tools, harness.working_dir(request))
    first = text_of(messages[0].get("content")) if messages else ""
    steps = read_steps(box, messages, start + 1)
    submit = _SUBMIT.search(f"{system}\n{first}\n{prompt}") if box.shell else None
    return Turn(
        prompt=prompt.strip(),
        steps=steps,
        tools=box,
        missing={**missing_rules(system, tools), **data_rule.missing(system, [rules.as_definition(t) for t in tools])},
        only=rules.limited_to(system, [rules.as_definition(t) for t in tools]),
        parallel=not choice.get("disable_parallel_tool_use", False),
        n_messages=len(messages),
        seed=first[:200],
        request=request_text(prompt),
        submit=submit[1] if submit else None,
        body=request,
    )


# ----------------------------------------------------------------------------- the next move


@dataclass
class Action:
    """The next move: tool calls (operation, arguments), with a text before them or alone."""

    calls: list[tuple[str, dict]] = field(default_factory=list)
    text: str = ""
    searched: list[dict] = field(default_factory=list)  # a tool search's blocks, before the rest


def say(s: str) -> Action:
    """A reply with no tool call: the turn ends with this text."""
    return Action(text=s)


def call(op: str, **args: object) -> Action:
    """One tool call of the abstract operation `op` (read, edit, run, ...) with `args`."""
    return Action(calls=[(op, args)])
