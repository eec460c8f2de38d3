"""Known-wrong implementations of lab 5: each must lose points (tests/labs/test_integrity.py)."""

from agentcourse.nbtools import swap

WRONG = {
    # Only input and output: a cached agent looks nearly free, and its totals are wrong.
    "ignores-cache-tokens": {
        "usage_of": '''\
def usage_of(response) -> dict:
    """The four token counts of one response."""
    return {"input_tokens": response.usage.input_tokens,
            "output_tokens": response.usage.output_tokens,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
''',
    },
    # None passed through: sums and prices fail on the first call without caching.
    "cache-none-not-zero": {
        "usage_of": swap("getattr(response.usage, field, None) or 0",
                         "getattr(response.usage, field, 0)"),
    },
    # Cache reads priced as fresh input: caching saves nothing on paper.
    "cache-reads-at-full-price": {
        "cost_usd": swap("* input_price * CACHE_READ_MULTIPLIER", "* input_price"),
    },
    # An unknown model silently costs nothing.
    "unknown-model-costs-zero": {
        "cost_usd": swap(
            '''raise ValueError(f"no price for model {model!r}; known: {', '.join(PRICES)}")''',
            "return 0.0",
        ),
    },
    # totals reports the last call as if it were the whole turn.
    "totals-count-only-last-call": {
        "trace": swap(
            "summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}",
            "summed = {field: trace[-1][field] if trace else 0 for field in USAGE_FIELDS}",
        ),
    },
    # 0 read as "a limit of nothing": every turn stops before its first call.
    "zero-means-stop-immediately": {
        "limit_reached": lambda source: swap(
            "if limits.max_cost_usd and cost >= limits.max_cost_usd:",
            "if cost >= limits.max_cost_usd:",
        )(swap("if limits.max_steps and steps >= limits.max_steps:",
               "if steps >= limits.max_steps:")(source)),
    },
    # Off by one: max_steps=3 allows four calls.
    "step-limit-off-by-one": {
        "limit_reached": swap("steps >= limits.max_steps", "steps > limits.max_steps"),
    },
    # The limit is checked after the call: the call that crosses it is paid for, then
    # thrown away untraced.
    "limit-checked-after-the-call": {
        "run_turn": lambda source: swap(
            """\
    while True:
        reason = limit_reached(limits, steps, spent, clock() - started)""",
            """\
    while True:
        before = clock()
        response = call_model(client, messages)
        seconds = clock() - before
        steps += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        reason = limit_reached(limits, steps, spent, clock() - started)""",
        )(swap(  # first take the call out of its place below the check...
            """\
        before = clock()
        response = call_model(client, messages)
        seconds = clock() - before
        steps += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
""",
            "",
        )(source)),  # ...then put it above the check
    },
    # Stops between the tool_use and its results: the next call would be a 400.
    "limit-leaves-tool-use-unanswered": {
        "run_turn": swap(
            '''\
        if response.stop_reason != "tool_use":
            return "\\n".join(b.text for b in response.content if b.type == "text")
''',
            '''\
        if response.stop_reason != "tool_use":
            return "\\n".join(b.text for b in response.content if b.type == "text")
        if limit_reached(limits, steps, spent, clock() - started):
            return "[Stopped]"
''',
        ),
    },
    # Stops with a bare return: the last message is the tool results, so the user's next
    # message would make two user messages in a row.
    "stop-without-assistant-note": {
        "run_turn": swap(
            '''messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})''',
            "pass",
        ),
    },
    # The trace is written only for the final call.
    "trace-only-final-call": {
        "run_turn": lambda source: swap(
            '''\
        if response.stop_reason != "tool_use":
            return''',
            '''\
        if response.stop_reason != "tool_use":
            trace.append(trace_record(steps, response, seconds, cost))
            return''',
        )(swap("        trace.append(trace_record(steps, response, seconds, cost))\n", "")(source)),
    },
}

# The cost limit counted per turn: every new message gets a fresh budget, so a long session
# is never stopped (checkpoint 05 and Lecture 6.4 count dollars per session).
WRONG["cost-limit-per-turn"] = {
    "run_turn": swap('spent = sum(record["cost_usd"] for record in trace)  # the session\'s spend so far',
                     "spent = 0.0"),
}
