"""usage.py (checkpoint 05): what every API call costs, added up, priced and traced.

The lesson of checkpoint 05 in one module. agent.py calls it at two steps of its loop:
after each call (record_response) and after each turn (end_turn). Try the price table
on its own:

    python -c "import sys; sys.path.insert(0, 'checkpoints/05-instrumented'); \\
import usage; print(usage.PRICES)"

- PRICES / cost_of(): one price table per model, cache writes and reads included; a
  model missing from it is reported, and its calls are marked in the trace
- Stats: a span of calls (a turn, the session) added up, with a two-line summary
- chars_sent(): how much of a prompt is tool results, in characters
- over_limit(): the steps, dollars and seconds limits, checked before every call
- trace() and its records: the JSONL trace, one record per call, tool run and turn
"""

import json
import os
import time
from dataclasses import asdict, dataclass, field

# --- prices ---
# US dollars per million tokens, from Anthropic's pricing page and each model's page
# (https://platform.claude.com/docs/en/about-claude/pricing), checked on 2026-12-06.
# Prices change, so they live here and nowhere else. Each model has its own cache prices:
# a cache write costs 1.25x the input price for 5-minute entries (the default) and 2x for
# 1-hour ones, but a cache read is not 0.1x for every model (Opus 5.5's and Sonnet 5.5's
# are 0.05x: Sonnet 5.5's fell from $0.20 to $0.10 on 2026-10-07, says the release notes page,
# https://platform.claude.com/docs/en/release-notes/overview). A long conversation is cheap
# only if its prefix is cached.
@dataclass(frozen=True)
class Price:
    input: float  # base input tokens
    write_5m: float  # cache writes, 5-minute entries
    write_1h: float  # cache writes, 1-hour entries
    read: float  # cache hits and refreshes
    output: float  # output tokens


PRICES = {
    # The current models (the models overview's lineup on that day); Mythos shares Fable's
    # prices. Fable 5.2's page gives $8 / $40: its cache writes here are 1.25x and 2x of $8,
    # and its cache read ($0.20) is the price lists' figure, not found on the pages checked.
    "claude-fable-5-2": Price(8.00, 10.00, 16.00, 0.20, 40.00),
    "claude-mythos-5-2": Price(8.00, 10.00, 16.00, 0.20, 40.00),
    "claude-opus-5-5": Price(4.00, 5.00, 8.00, 0.20, 20.00),
    "claude-sonnet-5-5": Price(2.00, 2.50, 4.00, 0.10, 10.00),
    # Haiku 5.5 is priced by the prompt's length: this is its price up to 100,000 tokens
    # (cache reads and writes included); a longer call costs 5x, output included, which
    # this table leaves out: for long prompts its figure is too low.
    "claude-haiku-5-5": Price(0.10, 0.125, 0.20, 0.01, 0.50),
    "claude-fable-5-1": Price(10.00, 12.50, 20.00, 0.25, 50.00),
    "claude-mythos-5-1": Price(10.00, 12.50, 20.00, 0.25, 50.00),
    # Earlier models, still served: the course's default (agent.py's MODEL) and its peers.
    "claude-opus-5": Price(5.00, 6.25, 10.00, 0.50, 25.00),
    "claude-sonnet-5": Price(2.00, 2.50, 4.00, 0.20, 10.00),
    "claude-fable-5": Price(10.00, 12.50, 20.00, 1.00, 50.00),
    "claude-mythos-5": Price(10.00, 12.50, 20.00, 1.00, 50.00),
    "claude-opus-4-8": Price(5.00, 6.25, 10.00, 0.50, 25.00),
    "claude-opus-4-7": Price(5.00, 6.25, 10.00, 0.50, 25.00),
    "claude-sonnet-4-6": Price(3.00, 3.75, 6.00, 0.30, 15.00),
    "claude-opus-4-6": Price(5.00, 6.25, 10.00, 0.50, 25.00),
    "claude-opus-4-5": Price(5.00, 6.25, 10.00, 0.50, 25.00),
    "claude-haiku-4-5": Price(1.00, 1.25, 2.00, 0.10, 5.00),
    "claude-sonnet-4-5": Price(3.00, 3.75, 6.00, 0.30, 15.00),
}
DEFAULT_PRICE = "claude-sonnet-4-6"  # a model missing from PRICES is priced as this one, and said so
UNPRICED = set()  # the models priced as DEFAULT_PRICE so far: each is reported once

# Tools whose calls read a file, and the input field that names it: a file read twice in
# one session is a sign the agent forgot what it read. The text editor (checkpoint 08)
# reads only with its "view" command.
READS = {"read_lines": "path", "read_file": "filename", "str_replace_based_edit_tool": "path"}

# The trace goes into the project under a hidden name, so search_file (which skips hidden
# files) never finds its own trace. AGENT_TRACE names another file ("off" for none); it is
# read at each write, not at import.
DEFAULT_TRACE = ".agent.trace.jsonl"


def price_of(model):
    """The prices of `model`. A model missing from PRICES is priced as DEFAULT_PRICE, and
    reported the first time, never silently."""
    if model not in PRICES and model not in UNPRICED:
        UNPRICED.add(model)
        print(f"  [cost] {model} is not in usage.PRICES: priced as {DEFAULT_PRICE} until you add it")
    return PRICES.get(model, PRICES[DEFAULT_PRICE])


def cost_of(usage, model):
    """The price in dollars of one call's usage."""
    price = price_of(model)
    written = usage.cache_creation_input_tokens or 0
    # usage.cache_creation splits the writes by lifetime; 1-hour entries cost more.
    hour = getattr(usage.cache_creation, "ephemeral_1h_input_tokens", None) or 0
    read = usage.cache_read_input_tokens or 0
    return (usage.input_tokens * price.input + (written - hour) * price.write_5m
            + hour * price.write_1h + read * price.read
            + usage.output_tokens * price.output) / 1_000_000


def prompt_tokens(usage):
    """The whole prompt of one call: input_tokens counts only its uncached part, so the
    prompt's real size is input + cache writes + cache reads."""
    return (usage.input_tokens + (usage.cache_creation_input_tokens or 0)
            + (usage.cache_read_input_tokens or 0))


def read_path(block):
    """The file a tool_use block reads, or None if it reads none."""
    field_name = READS.get(block.name)
    args = block.input if isinstance(block.input, dict) else {}
    if field_name is None or args.get("command", "view") != "view":
        return None
    return os.path.normpath(str(args.get(field_name)))


# --- adding it up ---
@dataclass
class Stats:
    """What a span of API calls used: one turn, or the whole session."""

    calls: int = 0  # API calls counted
    input_tokens: int = 0  # uncached prompt tokens
    cache_creation_input_tokens: int = 0  # prompt tokens written to the cache
    cache_read_input_tokens: int = 0  # prompt tokens read from the cache
    output_tokens: int = 0  # tokens the model wrote
    cost_usd: float = 0.0  # dollars at list price (PRICES)
    step_tokens: list = field(default_factory=list)  # whole prompt size, call by call
    prompt_chars: int = 0  # characters of the prompt (system, tools, messages), summed...
    result_chars: int = 0  # ...and how many of them were tool results
    reads: dict = field(default_factory=dict)  # path -> how many calls read it

    def add(self, response, model, sent=(0, 0)):
        """Count one call: its usage, the files it reads, and `sent` from chars_sent."""
        usage, self.calls = response.usage, self.calls + 1
        for name in ("input_tokens", "cache_creation_input_tokens",
                     "cache_read_input_tokens", "output_tokens"):
            setattr(self, name, getattr(self, name) + (getattr(usage, name) or 0))
        self.cost_usd += cost_of(usage, model)
        self.step_tokens.append(prompt_tokens(usage))
        self.prompt_chars += sent[0]
        self.result_chars += sent[1]
        for b in response.content:
            if b.type == "tool_use" and (path := read_path(b)):
                self.reads[path] = self.reads.get(path, 0) + 1

    def summary(self, label):
        share = self.result_chars / self.prompt_chars if self.prompt_chars else 0.0
        shown = self.step_tokens[-10:]  # a long run would flood the line: the last 10 steps
        steps = ", ".join(f"{n:,}" for n in shown) or "-"
        which = f" (last {len(shown)} of {self.calls})" if len(shown) < self.calls else ""
        again = ", ".join(f"{p} x{n}" for p, n in self.reads.items() if n > 1) or "none"
        calls = f"{self.calls} API call" + ("" if self.calls == 1 else "s")
        return (f"[{label}: {calls}, {sum(self.step_tokens):,} input tokens "
                f"({self.cache_read_input_tokens:,} from cache), {self.output_tokens:,} output, "
                f"${self.cost_usd:.4f}]\n[  input per step{which}: {steps} | tool results "
                f"{share:.0%} of the input (by characters) | files read more than once: {again}]")


# --- limits ---
def over_limit(turn, session, started, max_steps, max_cost_usd, max_seconds):
    """Why the next call must not happen, or None; 0 switches a limit off. Steps and
    seconds are per turn (a stuck turn gives the keyboard back); dollars are per session
    (a budget). `turn` and `session` are Stats, `started` the turn's time.monotonic()."""
    if max_steps and turn.calls >= max_steps:
        return f"Stopped: this turn reached the limit of {max_steps} steps (AGENT_MAX_STEPS)."
    if max_cost_usd and session.cost_usd >= max_cost_usd:
        return (f"Stopped: this session has cost ${session.cost_usd:.4f}, the limit is "
                f"${max_cost_usd:.2f} (AGENT_MAX_COST).")
    if max_seconds and time.monotonic() - started >= max_seconds:
        return f"Stopped: this turn ran for {max_seconds:g} seconds (AGENT_MAX_SECONDS)."
    return None


def to_json(value):
    """JSON text of anything in the messages list, the SDK's block objects included."""
    return json.dumps(value, default=lambda b: b.model_dump(mode="json", exclude_none=True))


def chars_sent(system, tools, messages):
    """(characters of the whole prompt, characters inside tool results) for one call."""
    # Characters stand in for tokens: close enough to tell a lean turn from one drowning
    # in file contents, and no tokenizer is needed.
    results = [b["content"] for m in messages if isinstance(m["content"], list)
               for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
    system = system if isinstance(system, str) else to_json(system)
    return len(system) + len(to_json(tools)) + len(to_json(messages)), len(to_json(results))


# --- the trace: one JSON record per line ---
def call_record(turn, step, response, model, *, kind="agent", elapsed=0.0, **extra):
    """The trace's record of one API call: the loop's own, or an extra one (`kind`: a
    summary, a sub-agent's call). `extra` holds what a later checkpoint adds to it."""
    unpriced = {} if model in PRICES else {"priced_as": DEFAULT_PRICE}  # an estimate, marked
    return {"type": "call", "turn": turn, "step": step, "kind": kind, "model": model,
            "stop_reason": response.stop_reason, **response.usage.model_dump(exclude_none=True),
            "cost_usd": round(cost_of(response.usage, model), 6), **unpriced,
            "tools": [b.name for b in response.content if b.type == "tool_use"],
            "elapsed_s": round(elapsed, 3), **extra}


def tools_record(turn, step, results, elapsed):
    """The trace's record of the tools one call asked for: what they returned, how long."""
    return {"type": "tools", "turn": turn, "step": step, "results": len(results),
            "errors": sum(1 for r in results if r.get("is_error")),
            "tool_result_chars": sum(len(str(r["content"])) for r in results),
            "elapsed_s": round(elapsed, 3)}


def turn_record(number, stats, started, messages):
    """The trace's record of one user turn: its totals, and its part of the messages."""
    return {"type": "turn", "turn": number, **asdict(stats),
            "seconds": round(time.monotonic() - started, 3), "messages": messages}


def trace(record):
    """Append one JSON record to the trace file (AGENT_TRACE; "", "off" or "0": none).
    A trace that cannot be written is reported and skipped: it must not stop the agent."""
    path = os.environ.get("AGENT_TRACE", DEFAULT_TRACE)
    if path.lower() in ("", "off", "0"):
        return
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(to_json({"time": round(time.time(), 3), **record}) + "\n")
    except OSError as err:
        print(f"  [trace] not written: {err}")
