"""`agentcourse trace show FILE`: read a JSONL trace written by checkpoint 05 and later.

A trace holds one JSON object per line, told apart by "type":

    call     one API call, written as it returns: turn, step, kind (agent; from
             checkpoint 06 also compact or research), stop_reason, input/output/cache
             tokens, cost_usd, tools (names), elapsed_s (the call's own seconds); from 07
             layers (name -> fingerprint) and changed_layers (listed under the table)
    tools    the tools one call asked for, written when they are done: turn, step (the
             call's), results, errors, tool_result_chars, elapsed_s
    turn     one user turn: its totals and "messages" (the turn's part of the messages list)
    session  the session's totals, written when the agent quits

`show` prints the messages view (every turn's messages, numbered as one conversation)
and a per-call token table with totals. Unknown record types are ignored, so later
checkpoints can add their own.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from agentcourse.api.render import render_messages
from agentcourse.errors import TraceError

TOKEN_FIELDS = (
    "input_tokens",
    "cache_creation_input_tokens",
    "cache_read_input_tokens",
    "output_tokens",
)


@dataclass
class Trace:
    """A trace file, split by record type."""

    path: Path  # where it was read from
    calls: list[dict] = field(default_factory=list)  # "call" records, in file order, each with
    #   tool_result_chars and tools_s taken from the "tools" record of the same turn and step
    #   (None for a call with no tool run in the trace)
    turns: list[dict] = field(default_factory=list)  # "turn" records, in file order
    sessions: list[dict] = field(default_factory=list)  # "session" records


def load(path: str | Path) -> Trace:
    """Parse a trace file; TraceError (one line) if it is missing or not a JSONL trace."""
    path = Path(path)
    if not path.is_file():
        raise TraceError(f"no trace file at {path} (checkpoint 05 writes .agent.trace.jsonl)")
    trace = Trace(path)
    runs: list[dict] = []  # "tools" records, joined to their calls below
    buckets = {"call": trace.calls, "tools": runs, "turn": trace.turns, "session": trace.sessions}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise TraceError(f"cannot read {path}: {err}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise TraceError(f"{path}:{number}: not a JSON record ({err.msg})") from None
        if not isinstance(record, dict):
            raise TraceError(f"{path}:{number}: a trace record must be a JSON object")
        kind = record.get("type")
        if isinstance(kind, str) and kind in buckets:  # other types are for later checkpoints
            buckets[kind].append(record)
    if not (trace.calls or trace.turns or trace.sessions):
        raise TraceError(f"{path} holds no trace records (call, turn or session)")
    join_tool_runs(trace.calls, runs)
    return trace


def join_tool_runs(calls: list[dict], runs: list[dict]) -> None:
    """Give each call the size and time of the tool run it asked for. A call with no tool
    run in the trace (an answer, a summary, or a research sub-agent's call, whose tools run
    in the sub-agent's own window and are not traced) gets None: unknown, not 0."""
    by_step = {(r.get("turn"), r.get("step")): r for r in runs}
    for call in calls:
        if "tool_result_chars" in call:
            continue  # an older trace, which wrote it into the call record
        run = by_step.get((call.get("turn"), call.get("step"))) if call.get("kind", "agent") == "agent" else None
        call["tool_result_chars"] = None if run is None else int(run.get("tool_result_chars") or 0)
        call["tools_s"] = None if run is None else float(run.get("elapsed_s") or 0)


def totals(calls: list[dict]) -> dict[str, float]:
    """Sum of every token field, tool_result_chars, cost_usd, elapsed_s and tools_s over
    the calls."""
    counted = (*TOKEN_FIELDS, "tool_result_chars")
    out: dict[str, float] = {name: sum(int(c.get(name) or 0) for c in calls) for name in counted}
    out["cost_usd"] = sum(float(c.get("cost_usd") or 0) for c in calls)
    out["elapsed_s"] = sum(float(c.get("elapsed_s") or 0) for c in calls)
    out["tools_s"] = sum(float(c.get("tools_s") or 0) for c in calls)
    return out


def call_table(calls: list[dict]) -> Table:
    """One row per API call, and a totals row. The `kind` column (checkpoint 06 on: agent,
    compact or research) appears only when the trace has it."""
    kinds = any("kind" in c for c in calls)
    table = Table(title="API calls", title_justify="left")
    for name in ("turn", "step", *(["kind"] if kinds else []), "stop", "input", "cache write",
                 "cache read", "output", "tools", "result chars", "call s", "tools s", "$"):
        numeric = name not in ("kind", "stop", "tools")
        table.add_column(name, justify="right" if numeric else "left", no_wrap=True)
    for c in calls:
        table.add_row(
            str(c.get("turn", "")),
            str(c.get("step", "")),
            *([str(c.get("kind", "agent"))] if kinds else []),
            str(c.get("stop_reason", "")),
            *(f"{int(c.get(name) or 0):,}" for name in TOKEN_FIELDS),
            ", ".join(c.get("tools") or []) or "-",
            "-" if c.get("tool_result_chars") is None else f"{int(c['tool_result_chars']):,}",
            f"{float(c.get('elapsed_s') or 0):.2f}",
            "-" if c.get("tools_s") is None else f"{float(c['tools_s']):.2f}",
            f"{float(c.get('cost_usd') or 0):.4f}",
        )
    t = totals(calls)
    table.add_section()
    table.add_row(
        "total", str(len(calls)), *([""] if kinds else []), "",
        *(f"{int(t[name]):,}" for name in TOKEN_FIELDS),
        "", f"{int(t['tool_result_chars']):,}",
        f"{t['elapsed_s']:.2f}", f"{t['tools_s']:.2f}", f"{t['cost_usd']:.4f}",
    )
    return table


def layer_changes(calls: list[dict]) -> list[str]:
    """One line per call whose system-prompt layers changed (checkpoint 07 on)."""
    return [f"turn {c.get('turn', '?')} step {c.get('step', '?')}: "
            f"{', '.join(c['changed_layers'])}" for c in calls if c.get("changed_layers")]


def cache_hit_rate(calls: list[dict]) -> float:
    """The share of all input tokens (uncached + written + read) that was read from the cache."""
    t = totals(calls)
    prompt = t["input_tokens"] + t["cache_creation_input_tokens"] + t["cache_read_input_tokens"]
    return t["cache_read_input_tokens"] / prompt if prompt else 0.0


def messages_view(turns: list[dict[str, Any]], width: int = 100) -> str:
    """Every turn's messages as one conversation, in the lectures' [i] role: notation."""
    messages = [m for turn in turns for m in turn.get("messages") or []]
    return render_messages(messages, width=width) if messages else ""


def show(path: str | Path, console: Console | None = None) -> Trace:
    """Print the messages view and the token table of the trace at `path`."""
    # A pipe or a file gets wide lines rather than a table squeezed into 80 columns.
    console = console or Console(width=None if sys.stdout.isatty() else 150)
    trace = load(path)
    view = messages_view(trace.turns, width=min(console.width, 150))
    if view:
        console.rule(f"messages ({len(trace.turns)} turns)")
        console.print(view, markup=False, highlight=False)
    if trace.calls:
        console.print(call_table(trace.calls))
        t = totals(trace.calls)
        prompt = t["input_tokens"] + t["cache_creation_input_tokens"] + t["cache_read_input_tokens"]
        console.print(
            f"{len(trace.calls)} calls: {int(prompt):,} input tokens "
            f"({int(t['cache_read_input_tokens']):,} read from cache), "
            f"{int(t['output_tokens']):,} output tokens, ${t['cost_usd']:.4f}",
            highlight=False,
        )
        if any(c.get("kind") == "research" for c in trace.calls):
            console.print("research rows: the sub-agent's tool results stay in its own window and "
                          "are not traced; its answer is the research result above", highlight=False)
        for line in layer_changes(trace.calls):
            console.print(f"layers changed at {line}", highlight=False)
        if t["cache_read_input_tokens"] or t["cache_creation_input_tokens"]:
            console.print(
                f"cache hit rate: {cache_hit_rate(trace.calls):.0%} of the input tokens were "
                f"read from the cache ({int(t['cache_creation_input_tokens']):,} written to it)",
                highlight=False,
            )
    return trace


def cli_show(args: Any) -> int:
    """`agentcourse trace show FILE`."""
    show(args.file)
    return 0
