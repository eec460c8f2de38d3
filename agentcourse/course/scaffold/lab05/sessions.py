"""Lab 5's Task 5 sessions: a small project, perhaps records of earlier turns in the
trace, then one to three turns, each a request the tutor answers in a known number of calls,
with its limits.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from anthropic.types import Usage
from hypothesis import strategies as st

from agentcourse.course.scaffold.lab05.usage import Reported, Shown, usage_dicts, usages

# ----------------------------------------------------------------------------- Task 5: sessions


FILE_POOL = ("main.py", "utils.py", "notes.txt", "README.md", "app.py", "data.csv")


@dataclass(frozen=True)
class Ask:
    """A user message the tutor answers in `calls` API calls when nothing stops the turn;
    `tools`: how many tool runs follow each of those calls."""

    text: str
    calls: int
    tools: tuple = ()

    def __repr__(self) -> str:
        return repr(self.text)


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def summary(files: list[str]) -> Ask:
    """A list_files, one read_file per file, the summary."""
    return Ask("Summarize every file in this project.", len(files) + 2, (1,) * (len(files) + 1) + (0,))


LIST = Ask("What files are in this project?", 2, (1, 0))  # a list_files, the answer
CHAT = Ask("Thanks!", 1, (0,))  # the answer, no tool


def reads(names: list[str]) -> Ask:
    """One response with a read_file for each name, then the answer."""
    return Ask(f"Read {_listed(names)}.", 2, (len(names), 0))


@dataclass(frozen=True)
class Turn:
    """One turn: the user's message, its limits and the seconds that pass before it.
    `budget_after`: the cost limit is set, when the turn begins, so that the session has
    spent it once this turn has made that many calls (0: already spent before the turn's
    first call; None: no cost limit). `seconds_after` = (k, exactly): the time limit is set,
    when the turn begins, to the seconds the turn will have taken after k calls and their
    tool runs (exactly), or halfway to its time after k + 1."""

    ask: Ask
    max_steps: int = 0
    max_seconds: float = 0
    budget_after: int | None = None
    seconds_after: tuple | None = None
    gap: int = 0

    def __repr__(self) -> str:
        limits = [f"max_steps={self.max_steps}"] * bool(self.max_steps)
        limits += [f"max_seconds={self.max_seconds}"] * bool(self.max_seconds)
        if self.seconds_after is not None:
            k, exactly = self.seconds_after
            limits.append(f"max_seconds=(the turn's time after {k} calls" + (")" if exactly else " and a half)"))
        if self.budget_after is not None:
            limits.append(f"max_cost_usd=(spent once this turn has made {self.budget_after} calls)")
        wait = f" after {self.gap} s" if self.gap else ""
        return f"{self.ask!r}{wait} with " + (", ".join(limits) or "no limit")


@dataclass(frozen=True)
class Session(Shown):
    """A session to play: the project's files, the records of earlier turns already in the
    trace, the turns, and what each API call reports and takes (cycled: call i reports
    counts[i % len(counts)])."""

    files: tuple
    turns: tuple
    earlier: tuple = ()  # records already in the trace when the first turn begins
    counts: tuple = ()  # Reported per call; () keeps the tutor's own usage
    call_seconds: tuple = (0,)
    tool_seconds: tuple = (0,)

    def __repr__(self) -> str:
        turns = " | then ".join(repr(t) for t in self.turns)
        earlier = f"; the trace already holds {len(self.earlier)} records" if self.earlier else ""
        reported = f"; calls report {', '.join(repr(c) for c in self.counts)}" if self.counts else ""
        return (f"{turns} [files: {', '.join(self.files)}; each API call takes {_seconds(self.call_seconds)}, "
                f"each tool run {_seconds(self.tool_seconds)}{earlier}{reported}]")

    def calls(self) -> int:
        return sum(t.ask.calls for t in self.turns)


def _seconds(values: tuple) -> str:
    return f"{values[0]} s" if len(set(values)) == 1 else " s, ".join(map(str, values)) + " s in turn"


# Usage a fixed session's calls report: a cached call of this small agent, and a huge one.
PLAIN = Reported(Usage(input_tokens=420, output_tokens=60, cache_creation_input_tokens=0, cache_read_input_tokens=1100),
                 {"input_tokens": 420, "output_tokens": 60, "cache_creation_input_tokens": 0,
                  "cache_read_input_tokens": 1100})
HUGE = Reported(SimpleNamespace(input_tokens=2_500_000, output_tokens=90_000),
                {"input_tokens": 2_500_000, "output_tokens": 90_000, "cache_creation_input_tokens": 0,
                 "cache_read_input_tokens": 0})


def session(*turns: Turn, files: tuple = ("main.py", "utils.py", "notes.txt"), **kwargs: Any) -> Session:
    """A fixed session, e.g. session(Turn(summary(FILES), max_steps=2), call_seconds=(10,));
    its calls report PLAIN unless `counts` says otherwise."""
    kwargs.setdefault("counts", (PLAIN,))
    return Session(tuple(files), tuple(turns), **kwargs)


def session_records(calls: int, cost: float = 0.003) -> tuple:
    """An earlier turn's records (`calls` of them, each costing `cost`), for a fixed session's trace."""
    return tuple({"step": step, "model": "tutor:claude-sonnet-4-6",
                  "stop_reason": "tool_use" if step < calls else "end_turn", **PLAIN.counts,
                  "tools": ["read_file"] if step < calls else [], "seconds": 2.0, "cost_usd": cost}
                 for step in range(1, calls + 1))


@st.composite
def _earlier(draw: Any) -> tuple:
    """Records of earlier turns (a few calls, their costs as recorded)."""
    out = []
    for calls_in_turn in draw(st.lists(st.integers(1, 3), max_size=2)):
        for step in range(1, calls_in_turn + 1):
            counts = draw(usage_dicts(st.integers(0, 5_000)))
            out.append({"step": step, "model": "tutor:claude-sonnet-4-6",
                        "stop_reason": "tool_use" if step < calls_in_turn else "end_turn", **counts,
                        "tools": ["list_files"] if step < calls_in_turn else [], "seconds": float(draw(st.integers(0, 9))),
                        "cost_usd": draw(st.sampled_from([0.0005, 0.003, 0.02]))})
    return tuple(out)


@st.composite
def _limits(draw: Any, ask: Ask) -> dict:
    """A turn's limits: one alone near what the turn uses (steps near its calls, seconds near
    its time, a budget spent before its first call or between any two of its calls), or all
    three at once, each perhaps off."""
    near = {"max_steps": st.integers(1, ask.calls + 1),
            "seconds_after": st.tuples(st.integers(1, ask.calls), st.booleans()),
            "budget_after": st.integers(0, ask.calls)}
    focus = draw(st.sampled_from(["max_steps", "budget_after", "seconds_after", "all"]))
    if focus == "all":
        off = {"max_steps": 0, "seconds_after": None, "budget_after": None}
        return {name: draw(st.just(off[name]) | strategy) for name, strategy in near.items()}
    return {focus: draw(near[focus])}


@st.composite
def sessions(draw: Any, limits: bool = True, turns: tuple = (1, 3), earlier: bool = True) -> Session:
    """Sessions: one to five files, `turns` turns of any request (a summary of every file, a
    list, reads of several files in one response, a thank-you), each with limits (see
    _limits) or none, earlier records in the trace, calls and tool runs that take seconds,
    seconds between turns, and usage counts large and small, cache fields None or missing."""
    files = draw(st.lists(st.sampled_from(FILE_POOL), min_size=1, max_size=5, unique=True))
    several = st.lists(st.sampled_from(files), min_size=1, max_size=4, unique=True).map(reads)
    # Requests of several calls come up most: a one-call turn shows little of the limits.
    asks = st.one_of(st.just(summary(files)), several, st.just(summary(files)), several, st.just(LIST), st.just(CHAT))
    planned = []
    for _ in range(draw(st.integers(*turns))):
        ask = draw(asks)
        planned.append(Turn(ask, gap=draw(st.integers(0, 120)), **(draw(_limits(ask)) if limits else {})))
    return Session(
        files=tuple(files), turns=tuple(planned),
        earlier=draw(_earlier()) if earlier else (),
        counts=tuple(draw(st.lists(usages(least_output=1), min_size=1, max_size=6))),
        call_seconds=tuple(draw(st.lists(st.integers(0, 6), min_size=1, max_size=5))),
        tool_seconds=tuple(draw(st.lists(st.integers(0, 6), min_size=1, max_size=4))),
    )
