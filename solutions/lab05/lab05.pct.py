# ---
# jupyter:
#   agentcourse:
#     lab: lab05
#     title: 'Instrumenting the loop: tokens, cost, traces and limits'
#     time_box_minutes: 49
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['03']            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
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
#     - number: 6
#       title: 'run_cost and cheapest_effort: what each effort level cost, and the cheapest that solved'
#       tests: [test_effort_cost, test_effort_choice]
#       hint: >-
#         Price every response of a run from its usage (output_tokens already holds the thinking), each
#         count at the row's own price; then walk EFFORT_LEVELS in order and keep a solved level only when
#         it is strictly cheaper than the best so far.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 5: Instrumenting the loop: tokens, cost, traces and limits
#
# **Time box: 49 minutes**
#
# Six tasks, 30 points. Every task is graded on its own; stop when the time is up and submit.
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
# 6. `run_cost(run, price)` and `cheapest_effort(runs, price)`: what a task cost at each effort
#    level, thinking included, and the cheapest level whose run still solved it.
#
# The checks are **properties**: each states a rule of its task and tries it on many generated
# cases (usage objects with missing fields, responses with several tool calls, long traces, limits
# exactly at their values, sessions of several turns whose calls and tool runs take time, runs at
# several effort levels priced by any price row).
# `agentcourse lab check 5` tries a few cases of each; grading tries more, from another seed, and
# adds a few fixed ones. A failure names the smallest case that breaks the rule.
#
# Run the setup cell first.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, the agent parts you reuse, and the test helpers. Do not change it."""
import contextlib
import json
import time
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace

import anthropic
from hypothesis import strategies as st

from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course import nbtools
from agentcourse.course.props import holds
from agentcourse.course.scaffold import lab05 as scaffold  # the checks' cases and client
from agentcourse.course.scaffold.lab05 import EFFORT_LEVELS, EffortRun, PriceRow  # Task 6's data
from agentcourse.paths import load_checkpoint
from agentcourse.tutor import TutorConfig, serve

STACK = contextlib.ExitStack()  # closed by the last cell
LEDGER = scaffold.Ledger()  # every request the tutor answers, as it received it (the checks read it)
# A low caching threshold, so this small agent's prompt is long enough to be cached.
TUTOR_URL = STACK.enter_context(nbtools.tutor(TutorConfig(cache_min_tokens=256, ledger=LEDGER)))
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

AGENT = load_checkpoint("03")  # its system prompt, tool schemas and tools
MODEL = "claude-sonnet-4-6"  # kept: the checks price and read replies without thinking blocks
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


def fake_response(**usage):
    """A stand-in for an SDK Message carrying only `usage` (and a model and stop_reason)."""
    return scaffold.response_with(SimpleNamespace(**usage))


def usage_dict(i=0, o=0, cw=0, cr=0):
    """A usage_of-style dict: fresh input, output, cache writes, cache reads."""
    return {"input_tokens": i, "output_tokens": o,
            "cache_creation_input_tokens": cw, "cache_read_input_tokens": cr}


def check_cost(usage, model, dollars, what):
    got = cost_usd(usage, model)
    assert abs(got - dollars) <= 1e-9 * abs(dollars) + 1e-15, f"{what} on {model}: expected ${dollars}, got ${got}"


def check_limit(limits, steps, cost, seconds, word):
    """limit_reached must answer None (word=None) or a one-line reason containing `word`."""
    got = limit_reached(limits, steps, cost, seconds)
    case = f"{limits} with steps={steps}, cost={cost}, seconds={seconds}"
    if word is None:
        assert got is None, f"{case}: expected None, got {got!r}"
    else:
        assert isinstance(got, str) and word in got.lower() and "\n" not in got, (
            f"{case}: expected a one-line reason with {word!r}, got {got!r}")


SUMMARIZE = "Summarize every file in this project."  # 7 calls: list, 5 reads, a summary
# Task 6: Claude Sonnet 5.5's prices, dollars per million tokens (Anthropic's pricing page and
# release notes, checked on 2026-12-06; its cache reads cost $0.10 since 2026-10-07, 0.05x).
SONNET_5_5 = PriceRow(input=2.00, cache_write=2.50, cache_read=0.10, output=10.00)

try:  # what Task 6's checks compare with: when graded, only the checks can import it
    from agentcourse.course.scaffold.judged.lab05 import cheapest_levels, exact_dollars  # noqa: F401
except ImportError:
    pass
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
"""Check that usage_of reads all four counts, cache fields included, as ints, a None or missing field as 0."""
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


# The rule over usage objects of every kind: counts small and in the billions, each cache
# field a count, None or missing.
@holds(scaffold.usages(sdk=False))
def _(case):
    got = usage_of(scaffold.response_with(case.usage))
    assert got == case.counts, f"usage {case!r}: expected {case.counts}, got {got}"
    assert all(type(v) is int for v in got.values()), f"usage {case!r}: the counts are ints, got {got}"


print("Task 1 visible checks passed")
### BEGIN HIDDEN TESTS
assert usage_of(fake_response(input_tokens=0, output_tokens=0, cache_creation_input_tokens=0,
                              cache_read_input_tokens=None)) == usage_dict(), "a call of no tokens: all four 0"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_usage_hidden" points=2
"""Check that usage_of reads the SDK's own Usage objects and real responses from the tutor."""


# The SDK's Usage has more fields than these four, and None where a call reported no cache field.
@holds(scaffold.usages(sdk=True))
def _(case):
    got = usage_of(scaffold.response_with(case.usage))
    assert got == case.counts, f"usage {case!r}: expected {case.counts}, got {got}"
    assert all(type(v) is int for v in got.values()), f"usage {case!r}: the counts are ints, got {got}"


### BEGIN HIDDEN TESTS
usage = usage_of(fake_response(input_tokens=7, output_tokens=3,
                               cache_creation_input_tokens=None, cache_read_input_tokens=None))
assert usage == {"input_tokens": 7, "output_tokens": 3,
                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}, usage
big = usage_of(fake_response(input_tokens=3 * 10**12, output_tokens=10**9, cache_read_input_tokens=10**11))
assert big == {"input_tokens": 3 * 10**12, "output_tokens": 10**9,
               "cache_creation_input_tokens": 0, "cache_read_input_tokens": 10**11}, big
with scaffold.scratch(("main.py", "notes.txt")):
    for question in ("What files are in this project?", "Thanks!"):
        real = call_model(client, [{"role": "user", "content": question}])
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
# The sum of the four terms, divided by a million. Look the model up in `PRICES` each time you
# price a call: the table is the one place prices live, so a row added to it prices that model.
# A model that is not in the table is an error: raise `ValueError` whose message contains the
# model's name exactly as given. A silent zero, or another model's price, would make an expensive
# run look cheap.
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
"""Check that cost_usd prices fresh input, cache writes, cache reads and output, per million tokens."""
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


def priced(usage, price):
    """The task's formula in exact arithmetic, for a model priced (input, output) per million."""
    fresh, output = Fraction(price[0]), Fraction(price[1])
    return float((usage["input_tokens"] * fresh + usage["cache_creation_input_tokens"] * fresh * Fraction(5, 4)
                  + usage["cache_read_input_tokens"] * fresh / 10 + usage["output_tokens"] * output) / 10**6)


# The rule over calls of every size, on every model of the table.
@holds(scaffold.usage_dicts(), st.sampled_from(sorted(PRICES)))
def _(usage, model):
    check_cost(usage, model, priced(usage, PRICES[model]), f"the call {usage}")


print("Task 2 visible checks passed")
### BEGIN HIDDEN TESTS
assert abs(cost_usd(usage_dict(i=10**9, o=10**9, cw=10**9, cr=10**9), "claude-haiku-4-5") - 7350.0) < 1e-6, (
    "a billion of each on Haiku: $1000 fresh, $5000 output, $1250 cache writes, $100 cache reads")
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_cost_hidden" points=2
"""Check that cost_usd prices a model by its own row of PRICES and refuses every model the table lacks, naming it."""


def refused(model):
    try:
        cost_usd(usage_dict(i=10, o=1), model)
    except ValueError as err:
        assert model in str(err), f"the error must name the model {model!r} as given: {err}"
    else:
        raise AssertionError(f"{model!r} is not in PRICES: cost_usd must raise ValueError, not price it")


for near_miss in scaffold.NEAR_MISSES:  # another version, a date, the tutor's prefix: not in the table
    refused(near_miss)
holds(scaffold.model_names(PRICES))(refused)


# A row added to the table prices its model (the table is read each time, not copied).
@holds(scaffold.usage_dicts(), st.tuples(st.sampled_from([0.25, 0.8, 3.0, 15.0, 75.0]), st.floats(0.01, 150)))
def _(usage, price):
    with scaffold.extra_price(globals(), "claude-lab-9", price):
        check_cost(usage, "claude-lab-9", priced(usage, price), f"with PRICES['claude-lab-9'] = {price}, the call {usage}")


### BEGIN HIDDEN TESTS
assert abs(cost_usd(usage_dict(o=1_000_000), "claude-opus-4-6") - 25.0) < 1e-9, "a million output tokens of Opus: $25"
check_cost(usage_dict(cw=1_000_000), "claude-sonnet-4-6", 3.75, "a million cache-write tokens (1.25x)")
mixed = usage_dict(i=2_000, o=500, cw=10_000, cr=40_000)
check_cost(mixed, "claude-haiku-4-5", (2_000 * 1 + 500 * 5 + 10_000 * 1.25 + 40_000 * 0.1) / 1e6, "a mixed call")
check_cost(mixed, "claude-opus-4-6", (2_000 * 5 + 500 * 25 + 10_000 * 6.25 + 40_000 * 0.5) / 1e6, "a mixed call")
check_cost(usage_dict(), "claude-sonnet-4-6", 0.0, "no tokens at all")
check_cost(usage_dict(i=7, o=3, cw=11, cr=13), "claude-sonnet-4-6", 0.00011115, "a tiny call")
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
#     {"step": <step>, "model": <response.model>, "stop_reason": <response.stop_reason>,
#      "input_tokens": ..., "output_tokens": ..., "cache_creation_input_tokens": ...,
#      "cache_read_input_tokens": ..., "tools": [names of the tool_use blocks, in order],
#      "seconds": <seconds>, "cost_usd": <cost>}
#
# The four counts are `usage_of(response)`'s. `"tools"` is a list with one name per `tool_use`
# block, in the order of the response's content: a response that reads two files lists
# `read_file` twice.
#
# A session's trace holds the records of all its turns so far (each turn's steps count from 1
# again). `totals(trace)` sums the four token counts and `cost_usd` over **all** the records, and
# adds `"calls"`: how many records there are (an empty trace: all zero).
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
"""Check that trace_record builds a JSON-ready record of one call, its tools in order."""
with nbtools.project():
    response = call_model(client, [{"role": "user", "content": "What files are in this project?"}])
record = trace_record(1, response, 0.25, 0.001)
assert json.loads(json.dumps(record)) == record, "a record must survive json.dumps / json.loads"
assert record["step"] == 1 and record["stop_reason"] == "tool_use" and record["tools"] == ["list_files"]
assert record["seconds"] == 0.25 and record["cost_usd"] == 0.001
assert record["input_tokens"] == response.usage.input_tokens
assert record["model"] == response.model, f"the model the response names ({response.model}), not the one asked for"


# The rule over responses of every shape: text and several tool calls in any order, the same
# tool twice, any stop reason and model, cache fields None.
@holds(scaffold.calls())
def _(call):
    record = trace_record(call.step, call.response, call.seconds, call.cost)
    assert isinstance(record, dict) and json.loads(json.dumps(record)) == record, (
        f"{call!r}: a record must be a dict that survives json.dumps / json.loads, got {record!r}")
    for key, value in call.record.items():
        assert key in record and record[key] == value, (
            f"{call!r}: the record's {key} should be {value!r}, it is {record.get(key, '(missing)')!r}")


print("Task 3 visible checks passed")
### BEGIN HIDDEN TESTS
assert record["cache_creation_input_tokens"] + record["cache_read_input_tokens"] == (
    (response.usage.cache_creation_input_tokens or 0) + (response.usage.cache_read_input_tokens or 0)), record
for field in USAGE_FIELDS:
    assert record[field] == (getattr(response.usage, field) or 0), f"{field} is wrong in the record"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_trace_hidden" points=2
"""Check that totals sums every record of a session's trace, over all its turns, and counts the records."""
one = {"step": 1, "model": "tutor:claude-sonnet-4-6", "stop_reason": "tool_use", **usage_dict(i=40, o=12, cw=1100),
       "tools": ["list_files"], "seconds": 0.5, "cost_usd": 0.004}
summed = totals([one, dict(one, step=2, output_tokens=30, cost_usd=0.001)])
assert summed["calls"] == 2 and summed["output_tokens"] == 42 and summed["input_tokens"] == 80, summed
assert totals([])["calls"] == 0 and totals([])["cost_usd"] == 0 and totals([])["input_tokens"] == 0, "an empty trace: no calls, no cost"


@holds(scaffold.traces())
def _(trace):
    got = totals(list(trace.records))
    for key in (*USAGE_FIELDS, "calls"):
        assert got.get(key) == trace.sums[key], f"{trace!r}: {key} should be {trace.sums[key]}, totals says {got.get(key)!r}"
    want = trace.sums["cost_usd"]
    assert abs(got.get("cost_usd", -1) - want) <= 1e-9 * want + 1e-12, (
        f"{trace!r}: cost_usd should be {want!r}, totals says {got.get('cost_usd')!r}")


### BEGIN HIDDEN TESTS
records = [dict(one, step=n, input_tokens=n, cache_read_input_tokens=10 * n, cost_usd=0.5)
           for n in (1, 2, 3, 1, 2)]
summed = totals(records)
assert summed["input_tokens"] == 9 and summed["cache_read_input_tokens"] == 90, summed
assert summed["cost_usd"] == 2.5 and summed["calls"] == 5, summed
assert totals([])["calls"] == 0 and totals([])["cost_usd"] == 0 and totals([])["input_tokens"] == 0
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `limit_reached` (5 minutes)
#
# A turn may be stopped by three limits, held in a `Limits` (setup cell): `max_steps` (API calls),
# `max_cost_usd` and `max_seconds`. **0 switches a limit off**, it does not mean "stop at once".
#
# `limit_reached(limits, steps, cost, seconds)` is asked *before* each API call, with what has been
# used so far: the calls this turn has made, the dollars the session has spent, the seconds this
# turn has taken. It returns `None` when the next call may go ahead, or a one-line reason naming
# the limit: it must contain the word `step`, `cost` or `time` respectively (for example
# `"step limit reached: 25 API calls"`). A limit is reached when the use is **at or above** it, for
# all three: `max_steps=3` allows exactly three calls, and a session that has spent exactly
# `max_cost_usd`, or a turn that has taken exactly `max_seconds`, may make no further call. Check
# steps, then cost, then time: when several are reached at once, the reason names the first.
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


# The rule over every limit below, at and above its use, or off, with at most one reached.
@holds(scaffold.limit_cases(reached=(0, 1)))
def _(case):
    check_limit(Limits(**case.limits), case.steps, case.cost, case.seconds, case.word)


print("Task 4 visible checks passed")
### BEGIN HIDDEN TESTS
assert limit_reached(Limits(max_steps=25), 24, 0.0, 0.0) is None, "the default max_steps=25 allows a 25th call"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_limits_hidden" points=2
"""Check that when several limits are reached at once the reason names the first of steps, cost, time."""
check_limit(Limits(max_steps=0, max_cost_usd=0.5, max_seconds=3), 1, 0.7, 4.0, "cost")


@holds(scaffold.limit_cases(reached=(2, 3)))
def _(case):
    check_limit(Limits(**case.limits), case.steps, case.cost, case.seconds, case.word)


### BEGIN HIDDEN TESTS
assert limit_reached(Limits(max_steps=0), 10**9, 1e9, 1e9) is None, "with every limit 0, nothing stops a turn"
off = Limits(max_steps=0, max_cost_usd=0.0, max_seconds=0.0)
check_limit(off, 0, 0.0, 0.0, None)
check_limit(off, 10**6, 1e6, 1e6, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 5, 0.0099, 0.0, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.01), 5, 0.01, 0.0, "cost")
check_limit(Limits(max_steps=0, max_seconds=30), 5, 0.0, 29.9, None)
check_limit(Limits(max_steps=0, max_seconds=30), 5, 0.0, 30.0, "time")
check_limit(Limits(max_steps=1, max_cost_usd=0.01, max_seconds=1), 1, 1.0, 9.0, "step")
check_limit(Limits(max_steps=1), 0, 0.0, 0.0, None)
check_limit(Limits(max_steps=0, max_cost_usd=0.3, max_seconds=0.5), 0, 0.1 + 0.2, 0.5, "cost")
check_limit(Limits(max_steps=0, max_seconds=0.5), 0, 0.0, 0.5, "time")
### END HIDDEN TESTS

# %% [markdown]
# ## Task 5: `run_turn`, measured and limited (14 minutes)
#
# Write the inner loop once more, now measured. It runs one user turn (`messages` already ends with
# the user's message). Use the setup cell's `call_model(client, messages)` for the API call and
# `run_tools(response)` for the tool results. Time with `clock()` (a parameter, so tests can pass a
# fake clock); the turn's seconds are `clock()` now minus `clock()` when the turn began: wall-clock
# time, API calls, tool runs and everything else included.
#
# Each time round the loop:
#
# 1. **Before** every call, the first one included, ask
#    `limit_reached(limits, calls_this_turn, session_cost, seconds_this_turn)`. If it names a limit,
#    end the turn: append an assistant message whose content is one text block
#    `"[Stopped: <reason>]"`, and return that text.
#
#    Steps and seconds are counted **per turn**: a stuck turn gives the keyboard back. Dollars are
#    counted **per session**, as checkpoint 05 and Lecture 6.4 do: the cost limit is a budget, and a
#    budget that reset with every message would never stop a long session. `trace` is the session's
#    trace (the same list is passed to every turn), so the session's cost so far is the sum of the
#    `cost_usd` of every record in it, this turn's calls included.
# 2. Make the call, time it (`clock()` just after the call minus `clock()` just before it: that
#    call's own seconds), price it with `cost_usd(usage_of(response), MODEL)`, and append
#    `trace_record(step, response, seconds_of_this_call, cost)` to `trace` (steps count from 1 in
#    each turn). Append to `messages` and `trace`; never rewrite what is already in them.
# 3. Append the assistant turn (`response.content`). If `stop_reason` is `"tool_use"`, append one
#    user message with `run_tools(response)` and go round again. Otherwise return the reply text.
#
# Because the limit is checked only at the top, a stopped turn never leaves a `tool_use` without its
# result, and because the stop note is an assistant message, the user can simply type the next
# message: the messages list stays valid.
#
# **Expected:** the demo cell below prints a table of 7 calls for the summary task (a
# `list_files`, five `read_file`s, the summary). Step 1 writes the system prompt and tools to the
# cache (`cache+`, about 1,300 tokens); every later step reads them back (`cache>`) at a tenth of
# the price, while the fresh input (`in`) grows by one file per step.
#
# The check cells run your loop on the summary task (your totals must equal the usage the tutor
# reported, exactly), then on generated sessions: small projects, one to three turns on the same
# `messages` and `trace` (which may already hold records of earlier turns), each with its limits.
# Their client reports token counts of its own choosing for each call (cache fields `None` or
# missing, counts in the millions), and their fake clock moves during every API call, every tool
# run and between turns. At each step they ask your own `limit_reached` what it says, so a rule
# above that the loop misses fails with the turn where it shows.

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
"""Check that run_turn finishes its turns and traces every call: one record per call, steps from 1 in each turn, each call's own seconds and cost."""
with nbtools.project():
    meter, trace = scaffold.Meter(client), []  # the tutor's own usage; no time passes
    messages = [{"role": "user", "content": SUMMARIZE}]
    reply = run_turn(meter, messages, Limits(), trace, clock=meter.clock)
assert protocol_errors(messages) == [], protocol_errors(messages)
assert isinstance(reply, str) and reply, "run_turn must return the final reply text"
assert len(trace) == len(meter.made) == 7, f"expected 7 calls, traced {len(trace)}"
summed = totals(trace)
for field in USAGE_FIELDS:
    reported = sum(made.counts[field] for made in meter.made)
    assert summed[field] == reported, f"{field}: traced {summed[field]}, tutor reported {reported}"

# Two turns on one trace that already holds an earlier turn's records; calls take 3 s, tool runs 2 s.
FILES = ("main.py", "utils.py", "notes.txt")
scaffold.judge(scaffold.traced, globals(), scaffold.session(
    scaffold.Turn(scaffold.summary(FILES)), scaffold.Turn(scaffold.reads(["notes.txt", "main.py"]), gap=60),
    files=FILES, earlier=scaffold.session_records(2), call_seconds=(3,), tool_seconds=(2,)), client, LEDGER)


# The rule over generated sessions with no limit.
@holds(scaffold.sessions(limits=False), most=15)
def _(case):
    scaffold.judge(scaffold.traced, globals(), case, client, LEDGER)


print("Task 5 visible checks passed")
### BEGIN HIDDEN TESTS
big = scaffold.session(*[scaffold.Turn(scaffold.summary(scaffold.FILE_POOL[:5]), gap=9)] * 3,
                       files=scaffold.FILE_POOL[:5], earlier=scaffold.session_records(4), call_seconds=(1, 4),
                       tool_seconds=(2,), counts=(scaffold.PLAIN, scaffold.HUGE))
played = scaffold.play(globals(), big, client, LEDGER)
for turn in played:
    scaffold.traced(globals(), turn)
assert len(played[-1].trace) == 4 + 21, f"4 earlier records and 3 turns of 7 calls: {len(played[-1].trace)} records"
assert [r["step"] for r in played[-1].trace[4:]] == list(range(1, 8)) * 3
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_run_turn_limits" points=3
"""Check that run_turn asks limit_reached before every call, with this turn's calls and seconds and the session's spend, and stops where it says."""
FILES = ("main.py", "utils.py", "notes.txt")  # a summary of them takes 5 calls
FIXED = {
    # the time limit counts everything since the turn began: calls of 10 s and tool runs of 5 s
    "time": scaffold.session(scaffold.Turn(scaffold.summary(FILES), max_seconds=25), files=FILES,
                             call_seconds=(10,), tool_seconds=(5,)),
    # steps are per turn: the second turn has its own 2 calls, whatever the trace holds
    "steps": scaffold.session(*[scaffold.Turn(scaffold.summary(FILES), max_steps=2)] * 2, files=FILES,
                              earlier=scaffold.session_records(3)),
    # dollars are per session: a budget spent by the turn's second call; the next turn begins spent
    "cost": scaffold.session(scaffold.Turn(scaffold.summary(FILES), budget_after=2),
                             scaffold.Turn(scaffold.LIST, budget_after=0), files=FILES),
}
for case in FIXED.values():
    scaffold.judge(scaffold.stopped_where_the_limits_say, globals(), case, client, LEDGER)


# The rule over generated sessions: limits near each turn's calls and seconds, budgets spent
# before the turn begins or between any two of its calls.
@holds(scaffold.sessions(), most=15)
def _(case):
    scaffold.judge(scaffold.stopped_where_the_limits_say, globals(), case, client, LEDGER)


print("Task 5 limit checks passed")
### BEGIN HIDDEN TESTS
time_turn, = scaffold.play(globals(), FIXED["time"], client, LEDGER)
assert len(time_turn.calls) == 2 and "time" in time_turn.reply.lower(), (
    f"10 s calls and 5 s tool runs: 0, then 15 s before the second call, 30 s before a third: {len(time_turn.calls)} calls")
first, second = scaffold.play(globals(), FIXED["steps"], client, LEDGER)
assert len(first.calls) == len(second.calls) == 2, "max_steps=2 allows two calls in every turn"
first, second = scaffold.play(globals(), FIXED["cost"], client, LEDGER)
assert (len(first.calls), len(second.calls)) == (2, 0) and "cost" in second.reply.lower(), (
    "the budget is spent by the session's second call: the next turn makes none")
edge = scaffold.session(scaffold.Turn(scaffold.summary(FILES), max_seconds=20, max_steps=3), files=FILES,
                        call_seconds=(10,), tool_seconds=(0,))
edge_turn, = scaffold.play(globals(), edge, client, LEDGER)
assert len(edge_turn.calls) == 2 and "time" in edge_turn.reply.lower(), (
    "20 s after two calls of 10 s: the time limit is reached exactly")
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_run_turn_hidden" points=4
"""Check that a stopped turn leaves a conversation the next turn continues: its note the last assistant message, sent before the next user message."""
FILES = ("main.py", "utils.py", "notes.txt")
for case in (
    scaffold.session(scaffold.Turn(scaffold.summary(FILES), max_steps=2), scaffold.Turn(scaffold.LIST), files=FILES),
    scaffold.session(scaffold.Turn(scaffold.reads(["main.py", "utils.py"]), budget_after=1),
                     scaffold.Turn(scaffold.CHAT, budget_after=0), scaffold.Turn(scaffold.LIST), files=FILES),
):
    scaffold.judge(scaffold.left_usable, globals(), case, client, LEDGER)


# The rule over generated sessions of two and three turns with limits.
@holds(scaffold.sessions(turns=(2, 3)), most=15)
def _(case):
    scaffold.judge(scaffold.left_usable, globals(), case, client, LEDGER)


### BEGIN HIDDEN TESTS
stopped, after = scaffold.play(globals(), scaffold.session(
    scaffold.Turn(scaffold.summary(FILES), max_steps=3), scaffold.Turn(scaffold.summary(FILES), max_steps=5),
    files=FILES), client, LEDGER)
for turn in (stopped, after):
    scaffold.left_usable(globals(), turn)
assert protocol_errors(after.messages) == [] and len(stopped.calls) == 3 and len(after.calls) == 5
assert to_plain(after.messages)[-1]["role"] == "assistant"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 6: effort, a lever of cost (9 minutes)
#
# Today's models think before they answer, and `output_config.effort` (`EFFORT_LEVELS`, from
# `"low"` to `"max"`) sets how much. Thinking is output, billed at the output price, and it is
# billed whatever you are shown: with the display `"omitted"` (Sonnet 5.5's default) each
# response opens with a thinking block whose text is **empty**, and its `signature` carries the
# thinking for the next request. The thinking is counted in `usage.output_tokens` all the same,
# so the text you can see says nothing of what a reply cost: read the usage.
#
# To choose an effort level for a task, run it at several and compare. Write:
#
# - `run_cost(run, price)`: the dollars of one run. `run` is an `EffortRun` (setup cell):
#   `run.responses` is every response it got (SDK `Message`s), `run.solved` whether it solved
#   the task. `price` is a `PriceRow`: dollars per **million** tokens for each kind of token,
#   `input` (fresh input), `cache_write`, `cache_read` and `output`. Each model has its own
#   row, and its cache prices are not always 1.25x and 0.1x of its input price (Sonnet 5.5's
#   cache reads are 0.05x): price each count at its own field. A run's cost is the sum over all
#   its responses.
# - `cheapest_effort(runs, price)`: `runs` maps effort levels to their `EffortRun`s (some
#   levels may be missing, in any order). Return `(level, dollars)` for the level whose run
#   **solved** the task for the fewest dollars, with that run's cost; when several solved runs
#   cost exactly the same, the **lowest** of those levels (in `EFFORT_LEVELS` order). If no run
#   solved the task (or `runs` is empty), return `None`.
#
# A lower level is not always cheaper: it thinks less per call but may need more calls, or
# fail. The checks' worked example, priced with `SONNET_5_5`, every call with 3,000 fresh input
# tokens and 20,000 read from the cache:
#
# | level | calls | output tokens per call | solved | cost |
# |---|---|---|---|---|
# | low | 9 | 300 | no | $0.099 |
# | medium | 6 | 800 | yes | $0.096 |
# | high | 4 | 1,500 | yes | $0.092 |
# | max | 4 | 4,000 | yes | $0.192 |
#
# so `cheapest_effort` returns `("high", 0.092)` (up to float rounding).
#
# **Expected:** `Task 6 visible checks passed` and `Task 6 choice checks passed`.

# %% nbgrader="solution" grade_id="effort"
def run_cost(run: EffortRun, price: PriceRow) -> float:
    """Dollars of one run: every response's four token counts, each at its price per million."""
    ### BEGIN SOLUTION
    total = 0.0
    for response in run.responses:
        usage = response.usage  # output_tokens holds the thinking, shown or not
        total += (usage.input_tokens * price.input
                  + (usage.cache_creation_input_tokens or 0) * price.cache_write
                  + (usage.cache_read_input_tokens or 0) * price.cache_read
                  + usage.output_tokens * price.output)
    return total / 1_000_000
    ### END SOLUTION


def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:
    """(level, dollars) of the cheapest run that solved the task, the lowest level on a tie; None if none did."""
    ### BEGIN SOLUTION
    best = None
    for level in EFFORT_LEVELS:
        if level in runs and runs[level].solved:
            dollars = run_cost(runs[level], price)
            if best is None or dollars < best[1]:
                best = (level, dollars)
    return best
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_effort_cost" points=2
"""Check that run_cost prices every response of a run, thinking included, each count at its own price in the row."""


def check_run_cost(run, price, what):
    want = exact_dollars(run, price)
    got = run_cost(run, price)
    assert isinstance(got, int | float) and abs(got - float(want)) <= 1e-9 * float(want) + 1e-15, (
        f"{what}: expected ${float(want)!r}, got {got!r}")


EXAMPLE = {  # the task's worked example: 3,000 fresh input and 20,000 cache-read tokens a call
    "low": scaffold.repeated(9, False, fresh=3_000, read=20_000, output=300),
    "medium": scaffold.repeated(6, True, fresh=3_000, read=20_000, output=800),
    "high": scaffold.repeated(4, True, fresh=3_000, read=20_000, output=1_500),
    "max": scaffold.repeated(4, True, fresh=3_000, read=20_000, output=4_000),
}
for level, dollars in {"low": 0.099, "medium": 0.096, "high": 0.092, "max": 0.192}.items():
    check_run_cost(EXAMPLE[level], SONNET_5_5, f"the worked example at {level!r} (${dollars})")
thinking_only = EffortRun([scaffold.reply(output=12_000, text="")], True)  # all of it thinking, none shown
check_run_cost(thinking_only, SONNET_5_5, "one reply of 12,000 output tokens whose thinking and text came back empty")
check_run_cost(EffortRun([scaffold.reply(read=1_000_000)], True), SONNET_5_5, "a million cache-read tokens of Sonnet 5.5")
check_run_cost(EffortRun([scaffold.reply(written=1_000_000)], True), PriceRow(3.0, 6.0, 0.3, 15.0),
               "a million cache-write tokens at a row whose writes cost 2x")


# The rule over runs of one to six calls, counts small and in the hundreds of millions, and
# price rows of any model.
@holds(scaffold.effort_tables(least=1))
def _(table):
    for level, run in table.runs.items():
        check_run_cost(run, table.price, f"the run at {level!r} of {table!r}")


print("Task 6 visible checks passed")
### BEGIN HIDDEN TESTS
check_run_cost(EffortRun([], False), SONNET_5_5, "a run of no calls")
check_run_cost(scaffold.repeated(30, True, fresh=10**8, written=10**7, read=10**9, output=10**7),
               PriceRow(10.0, 12.5, 0.25, 50.0), "30 huge calls at Fable 5.1's prices")
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_effort_choice" points=3
"""Check that cheapest_effort names the cheapest level whose run solved the task, with its cost, the lowest level on a tie, None when none solved."""


def check_cheapest(runs, price, what):
    want = cheapest_levels(runs, price)
    got = cheapest_effort(runs, price)
    if want is None:
        assert got is None, f"{what}: no run solved the task, so None; got {got!r}"
        return
    levels, dollars = want
    assert isinstance(got, tuple | list) and len(got) == 2, f"{what}: expected a (level, dollars) pair, got {got!r}"
    shown = levels[0] if len(levels) == 1 else f"one of {levels}"
    assert got[0] in levels, f"{what}: expected {shown} (${float(dollars)!r}), got {got!r}"
    assert isinstance(got[1], int | float) and abs(got[1] - float(dollars)) <= 1e-9 * float(dollars) + 1e-15, (
        f"{what}: {got[0]!r} is right, and its run cost ${float(dollars)!r}, not {got[1]!r}")


check_cheapest(EXAMPLE, SONNET_5_5, "the worked example")
fixed = {
    "low unsolved, though the cheapest": {"high": EXAMPLE["high"], "low": EXAMPLE["low"]},
    "medium solved, dearer than high": {"max": EXAMPLE["max"], "medium": EXAMPLE["medium"], "high": EXAMPLE["high"]},
    "xhigh and high cost the same: high": {"xhigh": EffortRun(EXAMPLE["high"].responses, True), "high": EXAMPLE["high"],
                                           "max": EXAMPLE["max"]},
    "nothing solved": {"low": EXAMPLE["low"], "max": EffortRun(EXAMPLE["max"].responses, False)},
    "no runs": {},
}
for what, runs in fixed.items():
    check_cheapest(runs, SONNET_5_5, what)


# The rule over tables of up to five levels in any order, ties among them, any price row.
@holds(scaffold.effort_tables(ties=2))
def _(table):
    check_cheapest(table.runs, table.price, repr(table))


print("Task 6 choice checks passed")
### BEGIN HIDDEN TESTS
every = {level: scaffold.repeated(2, True, fresh=1_000, output=500) for level in reversed(EFFORT_LEVELS)}
check_cheapest(every, SONNET_5_5, "five levels that cost the same, given from max to low")
assert cheapest_effort(every, SONNET_5_5)[0] == "low", "a tie goes to the lowest level"
check_cheapest({"max": EXAMPLE["max"]}, SONNET_5_5, "one level, solved")
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
