"""Lab 5's scaffolding: the instances its checks generate, and the client that measures a session.

Lab 5's checks are properties. Tasks 1 to 4 are small functions, checked over generated
usage objects (`usages`: counts up to a billion, cache fields None or missing, the SDK's
own type or a bare object), usage dicts and model names (`usage_dicts`, `model_names`),
responses with several tool calls in one (`calls`), session traces (`traces`) and limits
with uses below, at and above them (`limit_cases`). Each instance carries what the task
text says the answer is, worked out when it was drawn (a count, a record, a word), so no
answer of the lab is written here.

Task 5's loop is checked over generated sessions (`sessions`): a small project, perhaps
records of earlier turns already in the trace, then one to three turns on the same
messages and trace, each a request the tutor answers in a known number of calls, with its
limits. `play` runs a session through a `Meter`, which stands between the loop and the
tutor: it reports the token counts the session planned for each call (in place of the
tutor's, so a budget can sit between any two calls), moves a fake clock by the planned
seconds during each API call, during each tool run and between turns, and keeps what
happened, so a check can ask the student's own `limit_reached` what it should have done
at each step (`Played`).

    case = draw from sessions(...)
    played = play(namespace, case, client, ledger)   # one Played per turn
    played[0].reply, .error, .calls (Made: response, counts, seconds, started), .requests

Task 6's runs of one task at several effort levels (`effort_tables`) are responses of the
SDK's own type, each opening with a thinking block whose text came back empty (the display
"omitted") while its usage counts the thinking among the output tokens, and a price row of
any prices (`price_rows`: cache reads 0.025x to 0.5x the input price, not always 0.1x).
Some levels cost exactly the same (a tie), and what each run cost is left to the checks'
references (scaffold/judged/lab05.py).

A graded kernel can import this module (tests/course/test_answers_out_of_reach.py tries
its attributes as answers): nothing here is usage_of, cost_usd, trace_record, totals,
limit_reached, run_turn, run_cost or cheapest_effort.
"""

from __future__ import annotations

import contextlib
import copy
import math
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from anthropic.types import Message, TextBlock, ThinkingBlock, ToolUseBlock, Usage
from hypothesis import strategies as st

from agentcourse.api.protocol import to_plain
from agentcourse.course import nbtools

FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
MISSING = "missing"  # a usage field the object does not have at all


class _Shown:
    """Hypothesis prints a failing example with its pretty printer: show our repr."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


# ----------------------------------------------------------------------------- Task 1: usage


# Token counts: small ones, and sizes far past the visible checks' (a long session's).
COUNTS = st.one_of(st.integers(0, 3_000), st.integers(0, 10**9), st.sampled_from([0, 1, 1024, 200_000]))


@dataclass(frozen=True)
class Reported(_Shown):
    """A usage object as an SDK or a call reports it, and the four counts it stands for."""

    usage: Any
    counts: dict

    def __repr__(self) -> str:
        if isinstance(self.usage, Usage):
            shown = ", ".join(f"{f}={getattr(self.usage, f)!r}" for f in FIELDS)
            return f"anthropic.types.Usage({shown})"
        return repr(self.usage)


@st.composite
def usages(draw: Any, sdk: bool | None = None, least_output: int = 0) -> Reported:
    """A response's `usage`: input and output counts, and cache fields that are counts, None
    or missing; the SDK's own Usage (sdk=True, where a missing field reads None), a bare
    object (sdk=False, where it is really missing), or either."""
    values = {"input_tokens": draw(COUNTS), "output_tokens": draw(COUNTS.filter(lambda n: n >= least_output))}
    for name in FIELDS[2:]:
        values[name] = draw(st.one_of(COUNTS, st.none(), st.just(MISSING)))
    present = {name: value for name, value in values.items() if value != MISSING}
    if sdk if sdk is not None else draw(st.booleans()):
        usage: Any = Usage(**present)
    else:
        usage = SimpleNamespace(**present)
    return Reported(usage, {name: value if isinstance(value, int) else 0 for name, value in values.items()})


def response_with(usage: Any, model: str = "tutor:claude-sonnet-4-6") -> Any:
    """A stand-in for an SDK Message carrying only `usage` (and a model and stop_reason)."""
    return SimpleNamespace(model=model, stop_reason="end_turn", content=[], usage=usage)


# ----------------------------------------------------------------------------- Task 2: cost


def usage_dicts(counts: Any = COUNTS) -> Any:
    """usage_of-style dicts: the four counts, each drawn from `counts`."""
    return st.fixed_dictionaries({name: counts for name in FIELDS})


# Models no price table has: near misses of real names (another version, a date, the
# tutor's prefix) and names of any letters. No backslashes or control characters, so the
# name reads the same in an error message whether it was written with str() or repr().
NEAR_MISSES = ("claude-sonnet-4-5", "claude-sonnet-4", "claude-opus-4-6-20260101", "claude-haiku-4-5-latest",
               "tutor:claude-sonnet-4-6", "sonnet", "claude-3-5-sonnet", "gpt-imaginary", "claude-sonnet-4-6-fast")
_NAME_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFXYZ0123456789-._:/ éßΩ日本"


def model_names(known: Any = ()) -> Any:
    """Model names that are not in `known` (a price table's keys)."""
    names = st.one_of(st.sampled_from(NEAR_MISSES), st.text(alphabet=_NAME_LETTERS, min_size=1, max_size=24))
    return names.filter(lambda name: name not in known and name.strip() == name and name.strip())


@contextlib.contextmanager
def extra_price(namespace: dict, model: str, price: tuple) -> Iterator[None]:
    """The notebook's PRICES with one more row while the block runs (the table itself,
    changed in place; under the judge, in the kernel's notebook too)."""
    with nbtools.bound(namespace, PRICES={**namespace["PRICES"], model: price}):
        yield


# ----------------------------------------------------------------------------- Task 3: records and totals


TOOL_NAMES = ("list_files", "read_file", "write_file", "edit_file", "read_lines", "search_file", "run_tests")
RESPONSE_MODELS = ("tutor:claude-sonnet-4-6", "claude-sonnet-4-6", "claude-haiku-4-5-20251001", "claude-opus-4-6",
                   "tutor:claude-haiku-4-5")
STOP_REASONS = ("end_turn", "tool_use", "max_tokens", "pause_turn", "stop_sequence", "refusal")
_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
SECONDS = st.one_of(st.sampled_from([0.0, 0.25, 1.5, 12.0]), st.floats(0, 10_000, allow_nan=False))
DOLLARS = st.one_of(st.sampled_from([0.0, 0.001, 0.3]), st.floats(0, 1_000, allow_nan=False))


@dataclass(frozen=True)
class Call(_Shown):
    """One API call to record: trace_record(step, response, seconds, cost) must give `record`."""

    step: int
    response: Any
    seconds: float
    cost: float
    record: dict  # the record the task text describes, made from the drawn parts

    def __repr__(self) -> str:
        r = self.record
        return (f"trace_record({self.step}, <response: model={r['model']!r}, stop_reason={r['stop_reason']!r}, "
                f"content={self._content()}, usage={self.response.usage!r}>, {self.seconds!r}, {self.cost!r})")

    def _content(self) -> str:
        return "[" + ", ".join(f"tool_use {b.name}" if b.type == "tool_use" else f"text {b.text!r}"
                               for b in self.response.content) + "]"


@st.composite
def calls(draw: Any) -> Call:
    """A response of the SDK's own type: text and tool_use blocks in any order (several tool
    calls in one response, the same tool twice), any stop reason and model, a usage whose
    cache fields may be None; with a step, seconds and a cost to record."""
    blocks, tools = [], []
    for n, kind in enumerate(draw(st.lists(st.sampled_from(["text", "tool"]), max_size=6))):
        if kind == "text":
            blocks.append(TextBlock(type="text", text=draw(_TEXT)))
        else:
            name = draw(st.sampled_from(TOOL_NAMES))
            tools.append(name)
            blocks.append(ToolUseBlock(type="tool_use", id=f"toolu_{n:02d}", name=name, input={"path": "x"}))
    reported = draw(usages(sdk=True))
    model, stop = draw(st.sampled_from(RESPONSE_MODELS)), draw(st.sampled_from(STOP_REASONS))
    response = Message(id="msg_lab05", type="message", role="assistant", model=model, content=blocks,
                       stop_reason=stop, stop_sequence=None, usage=reported.usage)
    step, seconds, cost = draw(st.integers(1, 10_000)), draw(SECONDS), draw(DOLLARS)
    record = {"step": step, "model": model, "stop_reason": stop, **reported.counts, "tools": tools,
              "seconds": seconds, "cost_usd": cost}
    return Call(step, response, seconds, cost, record)


@dataclass(frozen=True)
class Trace(_Shown):
    """A session's trace (earlier turns' records, steps starting again at 1 in each turn)
    and what totals says of it."""

    records: list
    sums: dict  # the four counts and cost_usd summed, and calls

    def __repr__(self) -> str:
        turns = []
        for r in self.records:
            if r["step"] == 1 or not turns:
                turns.append([])
            turns[-1].append(f"step {r['step']}: in={r['input_tokens']} out={r['output_tokens']} "
                             f"cache+={r['cache_creation_input_tokens']} cache>={r['cache_read_input_tokens']} "
                             f"${r['cost_usd']!r}")
        return f"trace of {len(self.records)} records: " + (" | next turn: ".join("; ".join(t) for t in turns) or "[]")


@st.composite
def traces(draw: Any, most: int = 24) -> Trace:
    """Traces of sessions: several turns, each of its own steps from 1, the counts large or small."""
    sizes = draw(st.lists(st.integers(1, 8), max_size=4))
    steps = [step for size in sizes for step in range(1, size + 1)][:most]
    rows = draw(st.lists(st.tuples(st.integers(0, 10**9), st.integers(0, 10**6), st.integers(0, 10**7),
                                   st.integers(0, 10**8), DOLLARS), min_size=len(steps), max_size=len(steps)))
    records = []
    for n, (step, (fresh, output, written, read, cost)) in enumerate(zip(steps, rows, strict=True)):
        last = n + 1 == len(steps) or steps[n + 1] == 1
        records.append({"step": step, "model": "tutor:claude-sonnet-4-6", "stop_reason": "end_turn" if last else "tool_use",
                        "input_tokens": fresh, "output_tokens": output, "cache_creation_input_tokens": written,
                        "cache_read_input_tokens": read, "tools": [] if last else ["read_file"],
                        "seconds": float(step), "cost_usd": cost})
    sums = {name: sum(r[name] for r in records) for name in FIELDS}
    sums["cost_usd"] = math.fsum(r["cost_usd"] for r in records)
    sums["calls"] = len(records)
    return Trace(records, sums)


# ----------------------------------------------------------------------------- Task 4: limits


WORDS = ("step", "cost", "time")  # the order the limits are checked in
_HOW = ("off", "below", "at", "above")


@dataclass(frozen=True)
class LimitCase(_Shown):
    """limit_reached(Limits(**limits), steps, cost, seconds) must give None (word None) or a
    reason containing `word`."""

    limits: dict
    steps: int
    cost: float
    seconds: float
    word: str | None
    how: tuple  # per limit: off, below, at or above it

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.limits.items())
        return f"Limits({shown}) with steps={self.steps!r}, cost={self.cost!r}, seconds={self.seconds!r}"


def _use(draw: Any, how: str, whole: bool) -> tuple[Any, Any]:
    """(limit, use) for one limit in the relation `how`: off (0, any use), below, at or above."""
    if whole:
        cap = draw(st.integers(1, 60))
        use = {"off": draw(st.integers(0, 10**6)), "below": draw(st.integers(0, cap - 1)), "at": cap,
               "above": draw(st.integers(cap + 1, cap + 10**6))}[how]
        return (0 if how == "off" else cap), use
    cap = draw(st.one_of(st.sampled_from([0.01, 0.5, 1, 2.5, 20, 30, 0.1 + 0.2]),
                         st.floats(1e-6, 1e4, allow_nan=False)))
    if how == "off":
        return 0, draw(st.floats(0, 1e7, allow_nan=False))
    if how == "below":
        return cap, draw(st.one_of(st.just(math.nextafter(cap, 0)), st.just(0.0),
                                   st.floats(0, cap, exclude_max=True, allow_nan=False)))
    if how == "above":
        return cap, draw(st.one_of(st.just(math.nextafter(cap, math.inf)),
                                   st.floats(cap, cap * 1000 + 1, exclude_min=True, allow_nan=False)))
    return cap, cap  # at the limit: the same number


@st.composite
def limit_cases(draw: Any, reached: tuple = (0, 3)) -> LimitCase:
    """Limits and the uses asked about, each limit off, below, at or above its use, with
    between reached[0] and reached[1] limits at or above. The expected word is the first
    reached in the order steps, cost, time."""
    low, high = reached
    how = draw(st.tuples(*[st.sampled_from(_HOW)] * len(WORDS)).filter(
        lambda hs: low <= sum(h in ("at", "above") for h in hs) <= high))
    (steps_cap, steps), (cost_cap, cost), (time_cap, seconds) = (
        _use(draw, how[0], True), _use(draw, how[1], False), _use(draw, how[2], False))
    word = next((w for w, h in zip(WORDS, how, strict=True) if h in ("at", "above")), None)
    return LimitCase({"max_steps": steps_cap, "max_cost_usd": cost_cap, "max_seconds": time_cap},
                     steps, float(cost), float(seconds), word, how)


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
class Session(_Shown):
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


# ----------------------------------------------------------------------------- the rules of Task 5


def _close(a: Any, b: float) -> bool:
    return isinstance(a, int | float) and abs(a - b) <= 1e-9 * max(1.0, abs(b))


def _said(limits: Any, steps: int, spent: float, seconds: float) -> str:
    return f"limit_reached({limits}, {steps}, {spent!r}, {seconds!r})"


def ran(played: Played) -> None:
    """run_turn returned a reply (a str) and raised nothing."""
    if played.error is not None:
        err = played.error
        raise AssertionError(f"run_turn raised {type(err).__name__}: {err}")
    assert isinstance(played.reply, str), f"run_turn must return the reply text (a str), returned {played.reply!r}"


def traced(namespace: dict, played: Played) -> None:
    """One record per API call of the turn, appended to the session's trace after the records
    already there (unchanged): trace_record(step, response, seconds, cost) of that call, step
    counting from 1 in this turn, seconds the call's own, cost its cost_usd."""
    ran(played)
    usage_of, cost_usd, trace_record, model = (namespace[n] for n in ("usage_of", "cost_usd", "trace_record", "MODEL"))
    kept = played.trace[:len(played.earlier)]
    assert kept == played.earlier, "run_turn changed the records already in the trace: append to it, never rewrite it"
    new = played.trace[len(played.earlier):]
    assert len(new) == len(played.calls), (
        f"the turn made {len(played.calls)} API calls and appended {len(new)} records to the trace: "
        "one record per call, appended as each call returns (a call that was made was paid for)")
    for step, (record, made) in enumerate(zip(new, played.calls, strict=True), 1):
        cost = cost_usd(usage_of(made.response), model)
        want = trace_record(step, made.response, made.seconds, cost)
        assert isinstance(record, dict), f"record {step} of the turn is not a dict: {record!r}"
        assert record.get("step") == step, (
            f"call {step} of the turn has step {record.get('step')!r}: steps count from 1 in every turn")
        assert record.get("seconds") == made.seconds, (
            f"call {step} took {made.seconds} s on the clock given, its record says {record.get('seconds')!r}: "
            "a record's seconds are that call's alone, clock() just after it minus clock() just before it")
        assert _close(record.get("cost_usd"), cost), (
            f"call {step}: its record's cost_usd is {record.get('cost_usd')!r}, "
            f"cost_usd(usage_of(response), MODEL) is {cost!r}")
        for key in ("model", "stop_reason", *FIELDS, "tools"):
            assert record.get(key) == want.get(key), (
                f"call {step}: the record is not trace_record(step, response, seconds, cost) of that call: "
                f"{key} is {record.get(key)!r}, expected {want.get(key)!r}")


def stopped_where_the_limits_say(namespace: dict, played: Played) -> None:
    """Before every call, limit_reached(limits, calls made this turn, the session's spend,
    this turn's seconds) was None; the turn ended either with the model's reply (its last
    response was no tool_use) or, when limit_reached named a limit, with "[Stopped: reason]"."""
    ran(played)
    limit_reached, usage_of, cost_usd, model = (namespace[n] for n in ("limit_reached", "usage_of", "cost_usd", "MODEL"))
    spent = played.spent
    for step, made in enumerate(played.calls):
        seconds = made.started - played.began
        said = limit_reached(played.limits, step, spent, seconds)
        assert said is None, (
            f"call {step + 1} of the turn was made, but before it {_said(played.limits, step, spent, seconds)} "
            f"is {said!r}: ask limit_reached before every call, with the calls made in this turn, the "
            "session's spend (every record in the trace, this turn's too) and this turn's seconds "
            "(API calls, tool runs, everything since the turn began)")
        spent += cost_usd(usage_of(made.response), model)
    last = played.calls[-1].response if played.calls else None
    if last is not None and last.stop_reason != "tool_use":
        texts = [b.text for b in last.content if b.type == "text"]
        assert all(t in played.reply for t in texts) and played.stop_note() is None, (
            f"the model ended the turn ({last.stop_reason}): return its reply text, not {played.reply!r}")
        return
    seconds = played.ended - played.began
    said = limit_reached(played.limits, len(played.calls), spent, seconds)
    assert said is not None, (
        f"the turn ended after {len(played.calls)} calls, the last a tool_use, but "
        f"{_said(played.limits, len(played.calls), spent, seconds)} is None: no limit was reached, so "
        f"the loop should have gone round again (it returned {played.reply!r})")
    words = [w for w in WORDS if w in said.lower()]
    note = played.stop_note()
    assert note is not None and note.endswith("]") and all(w in note.lower() for w in words), (
        f"{_said(played.limits, len(played.calls), spent, seconds)} is {said!r}: the turn ends with "
        f"\"[Stopped: {said}]\", returned {played.reply!r}")


def left_usable(namespace: dict, played: Played) -> None:
    """run_turn only appended to the messages, which end with an assistant message (a stopped
    turn's holds its note, one text block) and keep to the protocol; the tutor answered every
    request; and a turn after a stopped one was sent with that note before its user message."""
    ran(played)
    protocol_errors = namespace["protocol_errors"]
    plain = to_plain(played.messages)
    assert plain[:len(played.before)] == played.before, (
        "run_turn changed messages that were there before the turn: append to the list, never rewrite it")
    problems = protocol_errors(plain)
    assert not problems, f"after the turn the messages break the protocol: {problems[0]}"
    assert plain[-1]["role"] == "assistant", (
        f"the turn ended with a {plain[-1]['role']} message: it must end with an assistant message, so the "
        "user's next message keeps the roles alternating (a stopped turn appends its note as one)")
    note = played.stop_note()
    if note is not None:
        content = plain[-1]["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        assert len(plain) > len(played.before) and [b.get("type") for b in blocks] == ["text"] and text_of(blocks) == note, (
            f"the turn stopped: its last message must be an assistant message with one text block, the "
            f"note it returned ({note!r}); it is {plain[-1]!r}")
    refused = [r for r in played.requests if r.get("status") != 200]
    assert not refused, f"the tutor refused a request of this turn ({refused[0].get('status')})"
    if played.note_before is not None and played.requests:
        sent = played.requests[0]["request"]["messages"]
        assert sent[-1] == {"role": "user", "content": played.turn.ask.text} and sent[-2]["role"] == "assistant" \
            and text_of(sent[-2]["content"]) == played.note_before, (
                f"the turn after a stopped one must be sent with the stop note ({played.note_before!r}) as an "
                f"assistant message just before the user's new message; the request ended with {sent[-2:]!r}")


def judge(rule: Callable[[dict, Played], None], namespace: dict, case: Session, client: Any, ledger: Ledger) -> None:
    """Play `case` and hold each of its turns to `rule`; a failure names the turn and the session."""
    played = play(namespace, case, client, ledger)
    for number, turn in enumerate(played, 1):
        try:
            rule(namespace, turn)
        except AssertionError as err:
            raise AssertionError(f"turn {number} of {len(case.turns)} ({turn.turn!r}): {err}\n  the session: {case!r}") from None


# ----------------------------------------------------------------------------- Task 6: effort


EFFORT_LEVELS = ("low", "medium", "high", "xhigh", "max")  # output_config.effort, least to most


@dataclass(frozen=True)
class PriceRow:
    """One model's US dollars per million tokens, each kind of token at its own price."""

    input: float  # fresh input tokens
    cache_write: float  # tokens written to the cache (5-minute entries)
    cache_read: float  # tokens read from the cache
    output: float  # output tokens, the thinking included


@dataclass(frozen=True)
class EffortRun:
    """One run of a task at one effort level: its responses, in order, and whether it solved the task."""

    responses: list
    solved: bool


def reply(fresh: int = 0, output: int = 0, written: int = 0, read: int = 0, text: str = "", tool: str = "") -> Message:
    """A response as Sonnet 5.5 sends it by default: a thinking block with empty text and its
    signature (display "omitted"; the thinking is counted in output_tokens all the same), then
    a tool call or the reply's text."""
    blocks: list = [ThinkingBlock(type="thinking", thinking="", signature="c2lnbmVkIHRoaW5raW5n")]
    if tool:
        blocks.append(ToolUseBlock(type="tool_use", id="toolu_01", name=tool, input={"path": "main.py"}))
    else:
        blocks.append(TextBlock(type="text", text=text))
    usage = Usage(input_tokens=fresh, output_tokens=output, cache_creation_input_tokens=written,
                  cache_read_input_tokens=read)
    return Message(id="msg_effort", type="message", role="assistant", model="claude-sonnet-5-5", content=blocks,
                   stop_reason="tool_use" if tool else "end_turn", stop_sequence=None, usage=usage)


def repeated(calls: int, solved: bool, **counts: int) -> EffortRun:
    """A run of `calls` responses with the same counts: tool calls, then the reply."""
    tools = [reply(**counts, tool="read_file") for _ in range(calls - 1)]
    return EffortRun([*tools, reply(**counts, text="Done: every module summarised.")], solved)


_EFFORT_COUNTS = st.one_of(st.integers(0, 5_000), st.integers(0, 10**8), st.sampled_from([0, 1, 1024]))
_MULTIPLE = st.one_of(st.sampled_from([0.025, 0.05, 0.1, 0.5]), st.floats(0.01, 0.5))


@st.composite
def price_rows(draw: Any) -> PriceRow:
    """A price row of any model: cache writes and reads at their own prices (reads 0.025x
    to 0.5x the input price, writes 1x to 2x), output dearer than input."""
    base = draw(st.one_of(st.sampled_from([0.10, 1.0, 2.0, 4.0, 5.0, 8.0, 10.0]), st.floats(0.01, 100)))
    write = draw(st.one_of(st.sampled_from([1.25, 2.0]), st.floats(1.0, 2.0)))
    output = draw(st.one_of(st.just(5.0), st.floats(1.5, 10.0)))
    return PriceRow(base, base * write, base * draw(_MULTIPLE), base * output)


@st.composite
def effort_responses(draw: Any) -> Message:
    """One response: its four counts, an empty thinking block, then a tool call or short text."""
    counts = {name: draw(_EFFORT_COUNTS) for name in ("fresh", "output", "written", "read")}
    if draw(st.booleans()):
        return reply(**counts, tool=draw(st.sampled_from(TOOL_NAMES)))
    return reply(**counts, text=draw(st.sampled_from(["", "Done.", "main.py defines 3 functions.", "é" * 40])))


@dataclass(frozen=True)
class EffortTable(_Shown):
    """Runs of one task at some effort levels (in any order), and the price row to cost them by."""

    runs: dict
    price: PriceRow

    def __repr__(self) -> str:
        def shown(run: EffortRun) -> str:
            calls = "; ".join(f"in={r.usage.input_tokens} out={r.usage.output_tokens} "
                              f"cache+={r.usage.cache_creation_input_tokens} cache>={r.usage.cache_read_input_tokens}"
                              for r in run.responses)
            return f"{'solved' if run.solved else 'not solved'}, {len(run.responses)} calls [{calls}]"
        levels = ", ".join(f"{level!r}: {shown(run)}" for level, run in self.runs.items())
        return f"runs {{{levels}}} at {self.price!r}"


@st.composite
def effort_tables(draw: Any, least: int = 0, ties: int = 3) -> EffortTable:
    """Runs at `least` to five effort levels, the dict in any order; about one level in `ties`
    repeats another level's responses (the same cost: a tie), solved or not."""
    levels = draw(st.permutations(EFFORT_LEVELS))[: draw(st.integers(least, len(EFFORT_LEVELS)))]
    runs: dict = {}
    for level in levels:
        if runs and draw(st.integers(1, ties)) == 1:
            runs[level] = EffortRun(runs[draw(st.sampled_from(sorted(runs)))].responses, draw(st.booleans()))
        else:
            runs[level] = EffortRun(draw(st.lists(effort_responses(), min_size=1, max_size=6)), draw(st.booleans()))
    return EffortTable(runs, draw(price_rows()))
