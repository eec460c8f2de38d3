"""Lab 5's Task 6 data: runs of one task at several effort levels (responses of the SDK's
own type whose thinking text came back empty) and price rows of any prices; what each run
cost is left to the checks' references (scaffold/judged/lab05.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from anthropic.types import Message, TextBlock, ThinkingBlock, ToolUseBlock, Usage
from hypothesis import strategies as st

from agentcourse.course.scaffold.lab05.usage import TOOL_NAMES, Shown

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
class EffortTable(Shown):
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
