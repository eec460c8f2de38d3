"""Playing a Lab 5 session: a Meter between the student's loop and the tutor reports the
token counts the session planned for each call, moves a fake clock by the planned seconds
(during each API call, each tool run and between turns) and keeps what happened (`Played`).
"""

from __future__ import annotations

import contextlib
import copy
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from agentcourse.api.protocol import to_plain
from agentcourse.course import nbtools
from agentcourse.course.scaffold.lab05.sessions import Session, Turn
from agentcourse.course.scaffold.lab05.usage import FIELDS

# ----------------------------------------------------------------------------- playing a session


class Ledger(list):
    """Every /v1/messages exchange the tutor had, as TutorConfig(ledger=...) reports it
    ({status, key, request, message}); play empties it before each session."""

    def __call__(self, entry: dict) -> None:
        self.append(entry)


@dataclass
class Made:
    """One API call the loop made: the response it got, the counts that response reported,
    how long the call took and the clock when it began."""

    response: Any
    counts: dict
    seconds: float
    started: float


@dataclass
class Played:
    """One turn as it went: its limits, what run_turn returned or raised, the calls it
    made, the requests the tutor answered, the clock when it began and ended, and the
    messages and trace before and after."""

    turn: Turn
    limits: Any
    messages: list  # the messages after the turn (a plain copy)
    before: list  # the messages before the turn, the user's message included (a plain copy)
    trace: list  # the trace after the turn (a copy)
    earlier: list  # the trace before the turn (a copy)
    spent: float  # the session's spend when the turn began (by the lab's own cost_usd)
    began: float
    ended: float = 0.0
    reply: Any = None
    error: BaseException | None = None
    calls: list = field(default_factory=list)
    requests: list = field(default_factory=list)
    note_before: str | None = None  # the stop note the turn before this one ended with

    def stop_note(self) -> str | None:
        """The "[Stopped: ...]" text run_turn returned, if it stopped the turn."""
        reply = self.reply
        return reply if isinstance(reply, str) and reply.startswith("[Stopped: ") else None


class Meter:
    """The client a check hands to run_turn, with a fake clock to pass as `clock`.

    Each API call goes to the tutor (through nbtools.limited, so a loop that never stops
    fails), reports the session's planned usage in place of the tutor's (when it plans
    any) and moves the clock by the call's planned seconds; each tool run (the agent's
    dispatch_tool) moves it by the tool's planned seconds."""

    def __init__(self, client: Any, case: Session | None = None, calls: int = 15) -> None:
        self.case, self.now, self.made = case or Session((), ()), 1000.0, []
        self._inner = nbtools.limited(client, calls)
        self.tool_runs = 0
        self.messages = SimpleNamespace(create=self._create)

    def clock(self) -> float:
        return self.now

    def _create(self, **kwargs: Any) -> Any:
        started, index = self.now, len(self.made)
        response = self._inner.messages.create(**kwargs)
        if self.case.counts:
            planned = self.case.counts[index % len(self.case.counts)]
            response = response.model_copy(update={"usage": planned.usage})
            counts = dict(planned.counts)
        else:
            counts = {name: getattr(response.usage, name, None) or 0 for name in FIELDS}
        seconds = self.case.call_seconds[index % len(self.case.call_seconds)]
        self.now += seconds
        self.made.append(Made(response, counts, seconds, started))
        return response

    @contextlib.contextmanager
    def timed_tools(self, namespace: dict) -> Iterator[None]:
        """The notebook's AGENT runs its tools on this clock while the block runs (its
        tool runs take the planned seconds)."""
        with nbtools.bound(namespace, AGENT=TimedAgent(namespace["AGENT"], self)):
            yield


class TimedAgent:
    """A checkpoint's agent whose tool runs move a Meter's clock by their planned seconds."""

    def __init__(self, agent: Any, meter: Meter) -> None:
        self.agent, self.meter = agent, meter

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or "agent" not in self.__dict__:
            raise AttributeError(name)
        return getattr(self.agent, name)

    def dispatch_tool(self, name: str, args: dict) -> str:
        meter = self.meter
        meter.now += meter.case.tool_seconds[meter.tool_runs % len(meter.case.tool_seconds)]
        meter.tool_runs += 1
        return self.agent.dispatch_tool(name, args)


@contextlib.contextmanager
def scratch(files: tuple) -> Iterator[Path]:
    """A small project of `files` (a few lines each) as the working directory."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab05-") as tmp:
        root = Path(tmp)
        for name in files:
            (root / name).write_text(f"# {name}\nvalue = {len(name)}\nprint(value)\n", encoding="utf-8")
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


def spend_after(case: Session, calls: int, cost_of: Callable[[dict], float]) -> float:
    """What the session has spent once it has made `calls` calls: the earlier records' cost,
    then each call's planned counts priced by `cost_of`, added in order."""
    spent = sum(record["cost_usd"] for record in case.earlier)
    for index in range(calls):
        spent += cost_of(case.counts[index % len(case.counts)].counts)
    return spent


def budget_for(case: Session, turn: Turn, made: int, cost_of: Callable[[dict], float]) -> float:
    """The cost limit of a turn that begins after `made` calls of the session. For
    budget_after = k > 0: halfway between the spend after made + k - 1 calls and after
    made + k, so it is reached exactly when the turn has made k calls, whatever the order of
    the additions. For k = 0: half of what the session spent before the turn (already
    reached), or, if it has spent nothing yet, half of its first call's cost."""
    k = turn.budget_after
    if k is None:
        return 0.0
    if k == 0 and spend_after(case, made, cost_of) > 0:
        return spend_after(case, made, cost_of) / 2
    k = max(k, 1)
    return (spend_after(case, made + k - 1, cost_of) + spend_after(case, made + k, cost_of)) / 2


def seconds_for(case: Session, turn: Turn, made: int, runs: int) -> float:
    """The time limit of a turn that begins after `made` calls and `runs` tool runs of the
    session: its max_seconds, or the seconds it will have taken after k calls and their tool
    runs (seconds_after = (k, True)), or halfway from there to its seconds after k + 1 (or
    half a second more, if that call and its tools take no time)."""
    if turn.seconds_after is None:
        return turn.max_seconds

    def taken(calls: int) -> float:
        total, run = 0.0, runs
        for j in range(calls):
            total += case.call_seconds[(made + j) % len(case.call_seconds)]
            for _ in range(turn.ask.tools[j] if j < len(turn.ask.tools) else 0):
                total += case.tool_seconds[run % len(case.tool_seconds)]
                run += 1
        return total

    k, exactly = turn.seconds_after
    at, then = taken(k), taken(k + 1)
    if exactly and at > 0:
        return at
    return (at + then) / 2 if then > at else at + 0.5


def play(namespace: dict, case: Session, client: Any, ledger: Ledger) -> list[Played]:
    """Run `case` with the lab's run_turn: one Played per turn, up to the first that raises."""
    run_turn, Limits = namespace["run_turn"], namespace["Limits"]
    cost_of = _lab_cost(namespace)
    trace: list = [dict(r) for r in case.earlier]
    messages: list = []
    out: list[Played] = []
    del ledger[:]
    with scratch(case.files):
        meter = Meter(client, case, calls=2 * case.calls() + 10)
        spent = sum(r["cost_usd"] for r in case.earlier)
        with meter.timed_tools(namespace):
            for turn in case.turns:
                meter.now += turn.gap
                limits = Limits(max_steps=turn.max_steps, max_cost_usd=budget_for(case, turn, len(meter.made), cost_of),
                                max_seconds=seconds_for(case, turn, len(meter.made), meter.tool_runs))
                messages.append({"role": "user", "content": turn.ask.text})
                played = Played(turn, limits, messages, copy.deepcopy(to_plain(messages)), trace,
                                copy.deepcopy(trace), spent, meter.now,
                                note_before=out[-1].stop_note() if out else None)
                first, sent = len(meter.made), len(ledger)
                try:
                    played.reply = run_turn(meter, messages, limits, trace, clock=meter.clock)
                except Exception as err:  # noqa: BLE001 - the check reports it
                    played.error = err
                played.ended = meter.now
                played.messages, played.trace = copy.deepcopy(to_plain(messages)), copy.deepcopy(trace)
                played.calls = meter.made[first:]
                played.requests = ledger[sent:]
                spent += sum(cost_of(namespace["usage_of"](m.response)) for m in played.calls)
                out.append(played)
                if played.error is not None:
                    break
    return out


def _lab_cost(namespace: dict) -> Callable[[dict], float]:
    model, cost_usd = namespace["MODEL"], namespace["cost_usd"]
    return lambda counts: cost_usd(counts, model)


def text_of(content: Any) -> str:
    """The text of a message's content (a string, or its text blocks joined)."""
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in to_plain(content) if b.get("type") == "text")
