# ---
# jupyter:
#   agentcourse:
#     lab: lab05
#     title: 'Instrumenting the loop: tokens, cost, traces and limits'
#     time_box_minutes: 40
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'usage_of: the four token counts of one response'
#       tests: [test_usage_visible, test_usage_hidden]
#       hint: A missing field and a None must both count as 0; getattr takes a default, and `x or 0` turns
#         None into 0.
#     - number: 2
#       title: 'cost_usd: dollars from a price table, cache included'
#       tests: [test_cost_visible, test_cost_hidden]
#       hint: 'Four terms: fresh input at the input price, cache writes at 1.25x, cache reads at 0.1x, output
#         at the output price; divide by a million.'
#     - number: 3
#       title: trace_record and totals
#       tests: [test_trace_visible, test_trace_hidden]
#       hint: A record is a plain dict of numbers and strings, so json.dumps works on it; totals sums every
#         record, not just the last.
#     - number: 4
#       title: 'limit_reached: steps, cost, time; 0 means off'
#       tests: [test_limits_visible, test_limits_hidden]
#       hint: 'Check each limit only when it is non-zero, and with >=: the limit is what the turn may use.'
#     - number: 5
#       title: 'run_turn: the measured, limited loop'
#       tests: [test_run_turn_visible, test_run_turn_limits, test_run_turn_hidden]
#       hint: Check the limits at the top of the loop, before the call; a stopped turn ends with an assistant
#         text message, after every tool_use has its result.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 5: Instrumenting the loop: tokens, cost, traces and limits
#
# **Time box: 40 minutes**
#
# Five tasks, 25 points. Every task is graded on its own; stop when the time is up and submit.
#
# An agent loop decides by itself how many API calls one user message costs. Until you measure,
# you do not know whether a turn took 2 calls or 40, 3,000 tokens or 300,000, a cent or a dollar.
# Checkpoint `05-instrumented` measures every call and enforces limits; in this lab you write its
# parts:
#
# 1. `usage_of(response)`: the four token counts the API reports for one call.
# 2. `cost_usd(usage, model)`: what that call cost, with prompt caching priced correctly.
# 3. `trace_record(...)` and `totals(trace)`: one record per call, and the turn's sums.
# 4. `limit_reached(limits, ...)`: whether the turn has used up its steps or seconds, or the session its dollars.
# 5. `run_turn(client, messages, limits, trace)`: the loop, measured, stopping cleanly at a limit.
#
# The tests run your loop against the offline tutor model, with a recording client that keeps its
# own copy of every `usage` the tutor sent back: your totals must equal the sum of those, exactly.
#
# Run the setup cell first. `agentcourse lab check 5` runs the visible checks from a terminal;
# grading adds hidden ones.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, the agent parts you reuse, and the test helpers. Do not change it."""
import contextlib
import json
import time
from dataclasses import dataclass
from types import SimpleNamespace

import anthropic

from agentcourse.course import nbtools
from agentcourse.paths import load_checkpoint
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.tutor import TutorConfig, serve

STACK = contextlib.ExitStack()  # closed by the last cell
# A low caching threshold, so this small agent's prompt is long enough to be cached.
TUTOR_URL = STACK.enter_context(serve(TutorConfig(cache_min_tokens=256)))
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

AGENT = load_checkpoint("03")  # its system prompt, tool schemas and tools
MODEL = "claude-sonnet-4-6"
USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")

# Dollars per million tokens: (input, output). Cache writes cost 1.25x the input price
# (5-minute cache), cache reads 0.1x. Check Anthropic's pricing page for current numbers.
PRICES = {
    "claude-opus-4-6": (5.00, 25.00),
    "claude-sonnet-4-6": (3.00, 15.00),
    "claude-haiku-4-5": (1.00, 5.00),
}
CACHE_WRITE_MULTIPLIER = 1.25
CACHE_READ_MULTIPLIER = 0.10


@dataclass
class Limits:
    """What a turn may use (steps, seconds) and what the session may spend. 0 switches a limit off."""

    max_steps: int = 25  # API calls per turn
    max_cost_usd: float = 0.0  # dollars per session: every call in `trace` so far, this turn's included
    max_seconds: float = 0.0  # wall-clock seconds per turn


def call_model(client, messages):
    """One API call with checkpoint 03's prompt and tools; the system prompt is marked for caching."""
    system = [{"type": "text", "text": AGENT.SYSTEM_PROMPT, "cache_control": {"type": "ephemeral"}}]
    return client.messages.create(
        model=MODEL, max_tokens=1024, system=system, tools=AGENT.TOOLS, messages=messages
    )


def run_tools(response):
    """The tool_result blocks answering every tool_use in `response` (checkpoint 03's tools)."""
    return [
        {"type": "tool_result", "tool_use_id": block.id,
         "content": AGENT.dispatch_tool(block.name, block.input)}
        for block in response.content
        if block.type == "tool_use"
    ]


class Recorder:
    """A client for the tests: it keeps every usage the tutor reported, and a fake clock.

    Each API call moves the fake clock forward by `seconds_per_call`, so time limits can
    be tested without waiting. It also refuses to make more than `calls` calls.
    """

    def __init__(self, client, calls=15, seconds_per_call=0.0):
        self.usages = []  # one dict per call, straight from the response
        self.now = 1000.0
        self.seconds_per_call = seconds_per_call
        inner = nbtools.limited(client, calls)

        def create(**kwargs):
            response = inner.messages.create(**kwargs)
            self.usages.append({f: getattr(response.usage, f, None) or 0 for f in USAGE_FIELDS})
            self.now += self.seconds_per_call
            return response

        self.messages = SimpleNamespace(create=create)

    def clock(self):
        return self.now

    def total(self, field):
        return sum(u[field] for u in self.usages)


def fake_response(**usage):
    """A stand-in for an SDK Message carrying only `usage` (and a model and stop_reason)."""
    return SimpleNamespace(
        model="tutor:claude-sonnet-4-6", stop_reason="end_turn", content=[],
        usage=SimpleNamespace(**usage),
    )


def usage_dict(i=0, o=0, cw=0, cr=0):
    """A usage_of-style dict: fresh input, output, cache writes, cache reads."""
    return {"input_tokens": i, "output_tokens": o,
            "cache_creation_input_tokens": cw, "cache_read_input_tokens": cr}


def check_cost(usage, model, dollars, what):
    got = cost_usd(usage, model)
    assert abs(got - dollars) < 1e-9, f"{what} on {model}: expected ${dollars}, got ${got}"


def reference_cost(usage, model=MODEL):
    """What a call with these counts costs (the formula of Task 2), to check run_turn's limits."""
    i, o = PRICES[model]
    return (usage["input_tokens"] * i + usage["cache_creation_input_tokens"] * i * CACHE_WRITE_MULTIPLIER
            + usage["cache_read_input_tokens"] * i * CACHE_READ_MULTIPLIER + usage["output_tokens"] * o) / 1e6


def check_limit(limits, steps, cost, seconds, word):
    """limit_reached must answer None (word=None) or a reason containing `word`."""
    got = limit_reached(limits, steps, cost, seconds)
    case = f"{limits} with steps={steps}, cost={cost}, seconds={seconds}"
    if word is None:
        assert got is None, f"{case}: expected None, got {got!r}"
    else:
        assert isinstance(got, str) and word in got, f"{case}: expected a reason with {word!r}, got {got!r}"


SUMMARIZE = "Summarize every file in this project."  # 7 calls: list, 5 reads, a summary
print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `usage_of` (4 minutes)
#
# Every response carries `response.usage`. Four of its fields matter for accounting:
#
# | field | what it counts |
# |---|---|
# | `input_tokens` | input tokens processed fresh, **after** the last cache breakpoint |
# | `cache_creation_input_tokens` | input tokens written to the prompt cache by this call |
# | `cache_read_input_tokens` | input tokens read from the cache by this call |
# | `output_tokens` | tokens the model generated |
#
# The three input fields do not overlap: the prompt's size is their sum. Forgetting the cache fields
# makes a cached agent look nearly free. The cache fields can be missing or `None` (older SDKs, calls
# without caching): count those as 0.
#
# **Expected:** the check prints `Task 1 visible checks passed`.

# %% nbgrader="solution" grade_id="usage_of"
def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0):
    input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens."""
    ### BEGIN SOLUTION
    return {field: getattr(response.usage, field, None) or 0 for field in USAGE_FIELDS}
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_usage_visible" points=2
"""Check that usage_of reads all four counts, cache fields included."""
usage = usage_of(fake_response(input_tokens=12, output_tokens=30,
                               cache_creation_input_tokens=1500, cache_read_input_tokens=0))
assert usage == {"input_tokens": 12, "output_tokens": 30,
                 "cache_creation_input_tokens": 1500, "cache_read_input_tokens": 0}, usage
usage = usage_of(fake_response(input_tokens=4, output_tokens=2,
                               cache_creation_input_tokens=None, cache_read_input_tokens=None))
assert usage["cache_creation_input_tokens"] == 0 and usage["cache_read_input_tokens"] == 0, f"None counts as 0: {usage}"
usage = usage_of(fake_response(input_tokens=9, output_tokens=1))  # no cache fields at all
assert usage == {"input_tokens": 9, "output_tokens": 1,
                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}, f"a missing field counts as 0: {usage}"
assert all(type(v) is int for v in usage.values()), f"the counts are ints: {usage}"
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_usage_hidden" points=2
"""Check that usage_of treats None and missing cache fields as 0 and works on real responses."""
usage_of(fake_response(input_tokens=1, output_tokens=1))  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
usage = usage_of(fake_response(input_tokens=7, output_tokens=3,
                               cache_creation_input_tokens=None, cache_read_input_tokens=None))
assert usage == {"input_tokens": 7, "output_tokens": 3,
                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}, usage
usage = usage_of(fake_response(input_tokens=5, output_tokens=1))
assert usage["cache_read_input_tokens"] == 0 and usage["cache_creation_input_tokens"] == 0, usage
assert all(type(v) is int for v in usage.values()), "the counts must be ints"
assert usage_of(fake_response(input_tokens=3, output_tokens=0, cache_read_input_tokens=5))["cache_creation_input_tokens"] == 0
with nbtools.project():
    real = call_model(client, [{"role": "user", "content": "What files are in this project?"}])
    usage = usage_of(real)
    assert usage == {f: getattr(real.usage, f) or 0 for f in USAGE_FIELDS}, usage
    assert usage["cache_creation_input_tokens"] + usage["cache_read_input_tokens"] > 0, usage
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `cost_usd` (6 minutes)
#
# Price one call in dollars from `PRICES` (in the setup cell: dollars per **million** tokens, as
# `(input, output)`):
#
#     fresh input  x input price
#     cache writes x input price x 1.25     (CACHE_WRITE_MULTIPLIER)
#     cache reads  x input price x 0.10     (CACHE_READ_MULTIPLIER)
#     output       x output price
#
# A model that is not in the table is an error: raise `ValueError` naming the model. A silent
# zero would make an expensive run look free.
#
# **Hint:** the worked example in the check cell: 1,000,000 cache-read tokens of Sonnet cost
# $0.30, the same tokens fresh cost $3.00. That factor of ten is why caching matters in a loop
# that resends the same prefix on every call.
#
# **Expected:** `Task 2 visible checks passed`.

# %% nbgrader="solution" grade_id="cost_usd"
def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts (a usage_of dict) on `model`."""
    ### BEGIN SOLUTION
    if model not in PRICES:
        raise ValueError(f"no price for model {model!r}; known: {', '.join(PRICES)}")
    input_price, output_price = PRICES[model]
    dollars = (
        usage["input_tokens"] * input_price
        + usage["cache_creation_input_tokens"] * input_price * CACHE_WRITE_MULTIPLIER
        + usage["cache_read_input_tokens"] * input_price * CACHE_READ_MULTIPLIER
        + usage["output_tokens"] * output_price
    )
    return dollars / 1_000_000
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_cost_visible" points=2
"""Check that cost_usd prices fresh input, cache reads and output."""
check_cost(usage_dict(i=1_000_000), "claude-sonnet-4-6", 3.00, "a million fresh input tokens")
check_cost(usage_dict(cr=1_000_000), "claude-sonnet-4-6", 0.30, "a million cache-read tokens")
check_cost(usage_dict(o=1000), "claude-sonnet-4-6", 0.015, "a thousand output tokens")
check_cost(usage_dict(cw=1000), "claude-haiku-4-5", 0.00125, "a thousand cache-write tokens (1.25x)")
try:
    cost_usd(usage_dict(i=10), "claude-unknown-1")
except ValueError as err:
    assert "claude-unknown-1" in str(err), f"name the unknown model in the error: {err}"
else:
    raise AssertionError("a model that is not in PRICES must raise ValueError, not cost nothing")
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_cost_hidden" points=2
"""Check that cost_usd prices cache writes, uses each model's own prices and refuses unknown models."""
cost_usd(usage_dict(i=1), "claude-sonnet-4-6")  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
check_cost(usage_dict(cw=1_000_000), "claude-sonnet-4-6", 3.75, "a million cache-write tokens (1.25x)")
mixed = usage_dict(i=2_000, o=500, cw=10_000, cr=40_000)
check_cost(mixed, "claude-haiku-4-5", (2_000 * 1 + 500 * 5 + 10_000 * 1.25 + 40_000 * 0.1) / 1e6, "a mixed call")
check_cost(mixed, "claude-opus-4-6", (2_000 * 5 + 500 * 25 + 10_000 * 6.25 + 40_000 * 0.5) / 1e6, "a mixed call")
check_cost(usage_dict(), "claude-sonnet-4-6", 0.0, "no tokens at all")
try:
    cost_usd(usage_dict(i=10), "gpt-imaginary")
except ValueError as err:
    assert "gpt-imaginary" in str(err), "name the unknown model in the error"
else:
    raise AssertionError("an unknown model must raise ValueError, not cost nothing")
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: `trace_record` and `totals` (6 minutes)
#
# A trace is a list with one record per API call, written as it happens. Checkpoint 05 appends
# each record to a JSONL file (one JSON object per line), so a record must be a plain dict that
# `json.dumps` accepts. `trace_record(step, response, seconds, cost)` returns:
#
#     {"step": 1, "model": <response.model>, "stop_reason": <response.stop_reason>,
#      "input_tokens": ..., "output_tokens": ..., "cache_creation_input_tokens": ...,
#      "cache_read_input_tokens": ..., "tools": [names of the tool_use blocks, in order],
#      "seconds": <seconds>, "cost_usd": <cost>}
#
# `totals(trace)` sums the four token counts and `cost_usd` over **all** the records, and adds
# `"calls"`: how many records there are.
#
# **Expected:** `Task 3 visible checks passed`.

# %% nbgrader="solution" grade_id="trace"
def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call (see the task for its keys)."""
    ### BEGIN SOLUTION
    return {
        "step": step,
        "model": response.model,
        "stop_reason": response.stop_reason,
        **usage_of(response),
        "tools": [block.name for block in response.content if block.type == "tool_use"],
        "seconds": seconds,
        "cost_usd": cost,
    }
    ### END SOLUTION


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    ### BEGIN SOLUTION
    summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}
    summed["cost_usd"] = sum(record["cost_usd"] for record in trace)
    summed["calls"] = len(trace)
    return summed
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_trace_visible" points=2
"""Check that trace_record builds a JSON-ready record and totals sums the records."""
with nbtools.project():
    response = call_model(client, [{"role": "user", "content": "What files are in this project?"}])
record = trace_record(1, response, 0.25, 0.001)
assert json.loads(json.dumps(record)) == record, "a record must survive json.dumps / json.loads"
assert record["step"] == 1 and record["stop_reason"] == "tool_use" and record["tools"] == ["list_files"]
assert record["seconds"] == 0.25 and record["cost_usd"] == 0.001
assert record["input_tokens"] == response.usage.input_tokens
assert record["model"] == response.model, f"the model the response names ({response.model}), not the one asked for"
summed = totals([record, record])
assert summed["calls"] == 2 and summed["output_tokens"] == 2 * record["output_tokens"], summed
assert totals([])["calls"] == 0 and totals([])["cost_usd"] == 0 and totals([])["input_tokens"] == 0, "an empty trace: no calls, no cost"
print("Task 3 visible checks passed")

# %% nbgrader="tests" grade_id="test_trace_hidden" points=2
"""Check that records carry every field and that totals counts every call, not the last one."""
with nbtools.project():  # the rest of this cell is hidden until grading
    response = call_model(client, [{"role": "user", "content": "What files are in this project?"}])
record = trace_record(1, response, 0.5, 0.002)
totals([record])
### BEGIN HIDDEN TESTS
assert record["model"] == response.model
for field in USAGE_FIELDS:
    assert record[field] == (getattr(response.usage, field) or 0), f"{field} is wrong in the record"
records = [dict(record, step=n, input_tokens=n, cache_read_input_tokens=10 * n, cost_usd=0.5)
           for n in (1, 2, 3)]
summed = totals(records)
assert summed["input_tokens"] == 6 and summed["cache_read_input_tokens"] == 60, summed
assert summed["cost_usd"] == 1.5 and summed["calls"] == 3, summed
assert totals([])["calls"] == 0 and totals([])["cost_usd"] == 0 and totals([])["input_tokens"] == 0
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `limit_reached` (5 minutes)
#
# A turn may be stopped by three limits, held in a `Limits` (setup cell): `max_steps` (API calls),
# `max_cost_usd` and `max_seconds`. **0 switches a limit off**, it does not mean "stop at once".
#
# `limit_reached(limits, steps, cost, seconds)` is asked *before* each API call, with what the turn
# has used so far. It returns `None` when the next call may go ahead, or a one-line reason naming the
# limit: it must contain the word `step`, `cost` or `time` respectively (for example
# `"step limit reached: 25 API calls"`). A limit is reached when the use is **at or above** it:
# `max_steps=3` allows exactly three calls. Check steps, then cost, then time.
#
# **Expected:** `Task 4 visible checks passed`.

# %% nbgrader="solution" grade_id="limit_reached"
def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    ### BEGIN SOLUTION
    if limits.max_steps and steps >= limits.max_steps:
        return f"step limit reached: {steps} API calls (max_steps={limits.max_steps})"
    if limits.max_cost_usd and cost >= limits.max_cost_usd:
        return f"cost limit reached: ${cost:.4f} spent (max_cost_usd={limits.max_cost_usd})"
    if limits.max_seconds and seconds >= limits.max_seconds:
        return f"time limit reached: {seconds:.1f} s (max_seconds={limits.max_seconds})"
    return None
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_limits_visible" points=2
"""Check that each limit stops at its value and that 0 switches a limit off."""
check_limit(Limits(max_steps=3), 2, 0.0, 0.0, None)
check_limit(Limits(max_steps=3), 3, 0.0, 0.0, "step")
check_limit(Limits(max_steps=0), 1000, 0.0, 0.0, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 1, 0.02, 0.0, "cost")
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 1, 0.01, 0.0, "cost")  # at the limit: reached
check_limit(Limits(max_steps=0, max_seconds=20), 1, 0.0, 19.5, None)
check_limit(Limits(max_steps=0, max_seconds=20), 1, 0.0, 20.0, "time")
check_limit(Limits(max_steps=2, max_seconds=5), 2, 0.0, 9.0, "step")  # steps, then cost, then time
print("Task 4 visible checks passed")

# %% nbgrader="tests" grade_id="test_limits_hidden" points=2
"""Check that the cost and time limits hold at their edges, all-zero limits never stop, and steps are checked first."""
check_limit(Limits(max_steps=2), 1, 0.0, 0.0, None)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
off = Limits(max_steps=0, max_cost_usd=0.0, max_seconds=0.0)
check_limit(off, 0, 0.0, 0.0, None)
check_limit(off, 10**6, 1e6, 1e6, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 5, 0.0099, 0.0, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 5, 0.01, 0.0, "cost")
check_limit(Limits(max_steps=0, max_seconds=30), 5, 0.0, 29.9, None)
check_limit(Limits(max_steps=0, max_seconds=30), 5, 0.0, 30.0, "time")
check_limit(Limits(max_steps=1, max_cost_usd=0.01, max_seconds=1), 1, 1.0, 9.0, "step")
check_limit(Limits(max_steps=1), 0, 0.0, 0.0, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.5, max_seconds=3), 1, 0.7, 4.0, "cost")
check_limit(Limits(max_steps=0, max_seconds=0.5), 0, 0.0, 0.5, "time")
### END HIDDEN TESTS

# %% [markdown]
# ## Task 5: `run_turn`, measured and limited (14 minutes)
#
# Write the inner loop once more, now measured. It runs one user turn (`messages` already ends with
# the user's message). Use the setup cell's `call_model(client, messages)` for the API call and
# `run_tools(response)` for the tool results. Time with `clock()` (a parameter, so tests can pass a
# fake clock); the turn's seconds are `clock()` now minus `clock()` when the turn began.
#
# Each time round the loop:
#
# 1. **Before** the call, ask `limit_reached(limits, calls_this_turn, session_cost, seconds_this_turn)`.
#    If it names a limit, end the turn: append an assistant message whose content is one text block
#    `"[Stopped: <reason>]"`, and return that text.
#
#    Steps and seconds are counted **per turn**: a stuck turn gives the keyboard back. Dollars are
#    counted **per session**, as checkpoint 05 and Lecture 6.4 do: the cost limit is a budget, and a
#    budget that reset with every message would never stop a long session. `trace` is the session's
#    trace (the same list is passed to every turn), so the session's cost so far is the sum of the
#    `cost_usd` of every record in it, this turn's calls included.
# 2. Make the call, time it, price it with `cost_usd(usage_of(response), MODEL)`, and append
#    `trace_record(step, response, seconds_of_this_call, cost)` to `trace` (steps count from 1).
# 3. Append the assistant turn (`response.content`). If `stop_reason` is `"tool_use"`, append one
#    user message with `run_tools(response)` and go round again. Otherwise return the reply text.
#
# Because the limit is checked only at the top, a stopped turn never leaves a `tool_use` without its
# result, and because the stop note is an assistant message, the user can simply type the next
# message: the messages list stays valid.
#
# **Expected:** the demo cell below prints a table of 7 calls for the summary task (a
# `list_files`, five `read_file`s, the summary). Step 1 writes the system prompt and tools to the
# cache (`cache+`, about 1,100 tokens); every later step reads them back (`cache>`) at a tenth of
# the price, while the fresh input (`in`) grows by one file per step. The test cells then check
# your totals against the usage the tutor reported.

# %% nbgrader="solution" grade_id="run_turn"
def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    ### BEGIN SOLUTION
    started = clock()
    steps = 0
    spent = sum(record["cost_usd"] for record in trace)  # the session's spend so far
    while True:
        reason = limit_reached(limits, steps, spent, clock() - started)
        if reason:
            note = f"[Stopped: {reason}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        before = clock()
        response = call_model(client, messages)
        seconds = clock() - before
        steps += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(steps, response, seconds, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
    ### END SOLUTION


# %%
# Demo: the summary task, every call measured. Not graded; run it to see your trace.
# A fresh tutor, so its prompt cache starts empty and step 1 shows the cache being written.
with serve(TutorConfig(cache_min_tokens=256)) as url, nbtools.project():
    fresh = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0, timeout=10)
    demo_trace = []
    demo_messages = [{"role": "user", "content": SUMMARIZE}]
    run_turn(nbtools.limited(fresh, 15), demo_messages, Limits(), demo_trace)
print(f"{'step':>4} {'stop':>9} {'in':>6} {'cache+':>6} {'cache>':>6} {'out':>5} {'$':>9}  tools")
for r in demo_trace:
    print(f"{r['step']:>4} {r['stop_reason']:>9} {r['input_tokens']:>6} {r['cache_creation_input_tokens']:>6} "
          f"{r['cache_read_input_tokens']:>6} {r['output_tokens']:>5} {r['cost_usd']:>9.5f}  {','.join(r['tools'])}")
print("totals:", totals(demo_trace))

# %% nbgrader="tests" grade_id="test_run_turn_visible" points=2
"""Check that run_turn finishes the summary task and its totals equal the usage the tutor reported."""
with nbtools.project():
    recorder, trace = Recorder(client), []
    messages = [{"role": "user", "content": SUMMARIZE}]
    reply = run_turn(recorder, messages, Limits(), trace, clock=recorder.clock)
assert protocol_errors(messages) == [], protocol_errors(messages)
assert isinstance(reply, str) and reply, "run_turn must return the final reply text"
assert len(trace) == len(recorder.usages) == 7, f"expected 7 calls, traced {len(trace)}"
summed = totals(trace)
for field in USAGE_FIELDS:
    assert summed[field] == recorder.total(field), f"{field}: traced {summed[field]}, tutor reported {recorder.total(field)}"
print("Task 5 visible checks passed")

# %% nbgrader="tests" grade_id="test_run_turn_limits" points=3
"""Check that a step limit ends the turn after exactly that many calls, and the cost limit counts the whole session."""
with nbtools.project():
    recorder, trace = Recorder(client), []
    messages = [{"role": "user", "content": SUMMARIZE}]
    reply = run_turn(recorder, messages, Limits(max_steps=2), trace, clock=recorder.clock)
assert len(recorder.usages) == 2, f"max_steps=2 must allow exactly 2 calls, made {len(recorder.usages)}"
assert len(trace) == 2, f"every call made must be traced (it was paid for): {len(trace)} records for 2 calls"
assert protocol_errors(messages) == [], protocol_errors(messages)
last = to_plain(messages)[-1]
assert last["role"] == "assistant" and "step" in reply, f"the turn must end with an assistant note naming the limit: {last}"
# The cost limit is per session: the next turn, on the same trace, has already spent its budget.
spent = totals(trace)["cost_usd"]
with nbtools.project():
    messages.append({"role": "user", "content": "What files are in this project?"})
    reply = run_turn(recorder, messages, Limits(max_steps=0, max_cost_usd=spent), trace, clock=recorder.clock)
assert len(recorder.usages) == 2 and "cost" in reply, "the session had spent its budget: the next turn makes no call"
assert protocol_errors(messages) == [], protocol_errors(messages)
# Time, from the clock given: 10 s a call, a 25 s limit allows 3 calls; each record has its call's seconds.
with nbtools.project():
    recorder, trace = Recorder(client, seconds_per_call=10), []
    reply = run_turn(recorder, [{"role": "user", "content": SUMMARIZE}], Limits(max_steps=0, max_seconds=25),
                     trace, clock=recorder.clock)
assert len(recorder.usages) == 3 and "time" in reply, f"3 calls, then the time limit: {len(recorder.usages)} calls, {reply!r}"
assert [r["step"] for r in trace] == [1, 2, 3] and [r["seconds"] for r in trace] == [10, 10, 10], (
    f"steps count from 1, and each record has its own call's seconds: {[(r['step'], r['seconds']) for r in trace]}")
# The cost limit within one turn: this turn's calls count as they are made.
with nbtools.project():
    recorder, trace = Recorder(client), []
    run_turn(recorder, [{"role": "user", "content": SUMMARIZE}], Limits(max_steps=2), trace, clock=recorder.clock)
budget = sum(reference_cost(u) for u in recorder.usages) - 1e-9  # reached by the second call
with nbtools.project():
    recorder, trace = Recorder(client), []
    reply = run_turn(recorder, [{"role": "user", "content": SUMMARIZE}], Limits(max_steps=0, max_cost_usd=budget),
                     trace, clock=recorder.clock)
assert len(recorder.usages) == 2 and "cost" in reply, f"the budget was spent by the second call: {len(recorder.usages)} calls"
print("Task 5 limit checks passed")

# %% nbgrader="tests" grade_id="test_run_turn_hidden" points=4
"""Check that cost and time limits stop the loop on time, zero limits never do, and the trace adds up."""
with nbtools.project():  # the rest of this cell is hidden until grading
    run_turn(Recorder(client), [{"role": "user", "content": SUMMARIZE}], Limits(), [])
### BEGIN HIDDEN TESTS
def _run(limits, seconds_per_call=0.0, prompt=SUMMARIZE):
    with nbtools.project():
        recorder, trace = Recorder(client, seconds_per_call=seconds_per_call), []
        messages = [{"role": "user", "content": prompt}]
        reply = run_turn(recorder, messages, limits, trace, clock=recorder.clock)
    assert protocol_errors(messages) == [], protocol_errors(messages)
    assert to_plain(messages)[-1]["role"] == "assistant", "a turn ends with an assistant message"
    assert len(trace) == len(recorder.usages), f"{len(recorder.usages)} calls made, {len(trace)} traced"
    return recorder, trace, messages, reply




recorder, trace, messages, reply = _run(Limits(max_steps=0, max_cost_usd=0, max_seconds=0))
assert len(recorder.usages) == 7 and "Stopped" not in reply, "limits of 0 must not stop the turn"
assert [r["step"] for r in trace] == list(range(1, 8)), "steps count 1, 2, 3, ..."
assert recorder.total("cache_read_input_tokens") > 0
costs = [reference_cost(u) for u in recorder.usages]
assert abs(totals(trace)["cost_usd"] - sum(costs)) < 1e-12, "the trace's costs do not add up"

limit = sum(costs[:3]) - 1e-9  # reached by the third call
recorder, trace, messages, reply = _run(Limits(max_steps=0, max_cost_usd=limit))
assert len(recorder.usages) == 3, f"the cost limit was reached after 3 calls, but {len(recorder.usages)} were made"
assert "cost" in reply

recorder, trace, messages, reply = _run(Limits(max_steps=0, max_seconds=25), seconds_per_call=10)
assert len(recorder.usages) == 3, f"at 10 s a call, a 25 s limit allows 3 calls, made {len(recorder.usages)}"
assert "time" in reply and all(abs(r["seconds"] - 10) < 1e-9 for r in trace), "time each call with clock()"
recorder, trace, messages, reply = _run(Limits(max_steps=0, max_seconds=7), seconds_per_call=3)
assert len(recorder.usages) == 3 and [r["step"] for r in trace] == [1, 2, 3] and "time" in reply

recorder, trace, messages, reply = _run(Limits(max_steps=7))
assert len(recorder.usages) == 7 and "Stopped" not in reply, "max_steps=7 lets a 7-call turn finish"

with nbtools.project():
    recorder, trace = Recorder(client), []
    messages = [{"role": "user", "content": SUMMARIZE}]
    run_turn(recorder, messages, Limits(max_steps=3), trace, clock=recorder.clock)
    messages.append({"role": "user", "content": "What files are in this project?"})
    run_turn(recorder, messages, Limits(max_steps=5), trace, clock=recorder.clock)
assert protocol_errors(messages) == [], "after a stopped turn, the next turn must still be valid"
assert len(trace) == len(recorder.usages) == 5

# The session budget is crossed in the second turn, after one more call.
with nbtools.project():
    recorder, trace = Recorder(client), []
    messages = [{"role": "user", "content": SUMMARIZE}]
    run_turn(recorder, messages, Limits(max_steps=3), trace, clock=recorder.clock)
    budget = totals(trace)["cost_usd"] + 1e-12
    messages.append({"role": "user", "content": SUMMARIZE})
    reply = run_turn(recorder, messages, Limits(max_steps=0, max_cost_usd=budget), trace, clock=recorder.clock)
assert len(recorder.usages) == 4 and "cost" in reply, f"one more call crosses the session budget: {len(recorder.usages)} calls"
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
