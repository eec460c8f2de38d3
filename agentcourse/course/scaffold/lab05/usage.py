"""Lab 5's generators for Tasks 1 to 4: usage objects and dicts, model names, responses
with several tool calls, session traces and limit cases, each carrying what the task text
says the answer is (a count, a record, a word), worked out when it was drawn.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from anthropic.types import Message, TextBlock, ToolUseBlock, Usage
from hypothesis import strategies as st

from agentcourse.course import nbtools

FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
MISSING = "missing"  # a usage field the object does not have at all


class Shown:
    """Hypothesis prints a failing example with its pretty printer: show our repr."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


# ----------------------------------------------------------------------------- Task 1: usage


# Token counts: small ones, and sizes far past the visible checks' (a long session's).
COUNTS = st.one_of(st.integers(0, 3_000), st.integers(0, 10**9), st.sampled_from([0, 1, 1024, 200_000]))


@dataclass(frozen=True)
class Reported(Shown):
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
class Call(Shown):
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
class Trace(Shown):
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
class LimitCase(Shown):
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
