"""Known-wrong implementations of lab 5: each must lose points (tests/grading/test_integrity.py)."""

from agentcourse.course.nbrun import chain, swap

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



# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
WRONG.update({
    # A missing field raises: getattr without a default.
    "usage-missing-field-raises": {"usage_of": swap("getattr(response.usage, field, None) or 0", "getattr(response.usage, field) or 0")},
    # The usage read like a dict.
    "usage-read-as-a-dict": {"usage_of": swap("getattr(response.usage, field, None) or 0", "response.usage[field] or 0")},
    # Floats "for the cost arithmetic": the record's counts are no longer token counts.
    "usage-as-floats": {"usage_of": swap("getattr(response.usage, field, None) or 0", "float(getattr(response.usage, field, None) or 0)")},
    # input_tokens taken for the whole prompt: the cached parts added to it.
    "usage-input-includes-the-cache": {
        "usage_of": swap("    return {field: getattr(response.usage, field, None) or 0 for field in USAGE_FIELDS}",
                         "    counts = {field: getattr(response.usage, field, None) or 0 for field in USAGE_FIELDS}\n"
                         "    counts[\"input_tokens\"] += counts[\"cache_creation_input_tokens\"] + counts[\"cache_read_input_tokens\"]\n"
                         "    return counts"),
    },
    # Sonnet's prices for every model.
    "cost-one-price-for-all-models": {"cost_usd": swap("    input_price, output_price = PRICES[model]", "    input_price, output_price = PRICES[\"claude-sonnet-4-6\"]")},
    # The two multipliers swapped.
    "cost-multipliers-swapped": {
        "cost_usd": chain(swap("input_price * CACHE_WRITE_MULTIPLIER", "input_price * CACHE_READ_MULTIPLIER_"),
                           swap("input_price * CACHE_READ_MULTIPLIER\n", "input_price * CACHE_WRITE_MULTIPLIER\n"),
                           swap("CACHE_READ_MULTIPLIER_", "CACHE_READ_MULTIPLIER")),
    },
    # Prices per thousand.
    "cost-per-thousand": {"cost_usd": swap("    return dollars / 1_000_000", "    return dollars / 1_000")},
    # An unknown model refused, but the error does not say which.
    "cost-error-without-the-model": {
        "cost_usd": swap('''raise ValueError(f"no price for model {model!r}; known: {', '.join(PRICES)}")''',
                         '''raise ValueError("unknown model")'''),
    },
    # Rounded to a hundredth of a cent "for display".
    "cost-rounded": {"cost_usd": swap("    return dollars / 1_000_000", "    return round(dollars / 1_000_000, 4)")},
    # The model the agent asked for, not the one the response names.
    "trace-model-asked-for": {"trace": swap('        "model": response.model,', '        "model": MODEL,')},
    # The usage object itself in the record: json.dumps fails.
    "trace-usage-object": {"trace": swap("        **usage_of(response),", "        **usage_of(response), \"usage\": response.usage,")},
    # totals reads its keys from the first record: an empty trace raises.
    "totals-empty-trace-raises": {
        "trace": swap("    summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}",
                      "    fields = [k for k in trace[0] if k in USAGE_FIELDS]\n"
                      "    summed = {field: sum(record[field] for record in trace) for field in fields}"),
    },
    # calls read from the last record's step number.
    "totals-calls-from-the-last-step": {"trace": swap('    summed["calls"] = len(trace)', '    summed["calls"] = trace[-1]["step"] if trace else 0')},
    # The time limit never checked.
    "limits-no-time-limit": {
        "limit_reached": swap("    if limits.max_seconds and seconds >= limits.max_seconds:", "    if False:"),
    },
    # The cost limit strict: exactly the budget spent still allows a call.
    "limits-cost-strict": {"limit_reached": swap("cost >= limits.max_cost_usd", "cost > limits.max_cost_usd")},
    # The time limit strict.
    "limits-time-strict": {"limit_reached": swap("seconds >= limits.max_seconds", "seconds > limits.max_seconds")},
    # Time checked first: a turn over both limits says "time".
    "limits-time-first": {
        "limit_reached": swap('''    if limits.max_steps and steps >= limits.max_steps:''',
                              '''    if limits.max_seconds and seconds >= limits.max_seconds:
        return f"time limit reached: {seconds:.1f} s (max_seconds={limits.max_seconds})"
    if limits.max_steps and steps >= limits.max_steps:'''),
    },
    # The real clock, not the clock given: a test's fake clock never moves the turn's time.
    "run-turn-ignores-the-clock-given": {
        "run_turn": chain(swap("    started = clock()", "    started = time.monotonic()"),
                           swap("limit_reached(limits, steps, spent, clock() - started)",
                                "limit_reached(limits, steps, spent, time.monotonic() - started)")),
    },
    # Steps counted from 0 in the records.
    "run-turn-steps-from-zero": {"run_turn": swap("trace.append(trace_record(steps, response,", "trace.append(trace_record(steps - 1, response,")},
    # The turn's seconds so far in each record, not the call's own.
    "run-turn-records-the-turn-time": {"run_turn": swap("trace.append(trace_record(steps, response, seconds, cost))",
                                                        "trace.append(trace_record(steps, response, clock() - started, cost))")},
    # The session's spend read once, at the start of the turn: this turn's calls never count.
    "run-turn-spend-not-updated": {"run_turn": swap("        spent += cost\n", "")},
    # The stop note returned, but as a user message.
    "run-turn-stop-note-as-user": {
        "run_turn": swap('''messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})''',
                         '''messages.append({"role": "user", "content": note})'''),
    },
})

RIGHT = {
    # A loop, and a helper of its own at the top of the cell.
    "usage-with-a-loop": {
        "usage_of": '''\
def _count(usage, field):
    value = getattr(usage, field, None)
    return int(value) if value else 0


def usage_of(response):
    """The four token counts of one response."""
    counts = {}
    for field in USAGE_FIELDS:
        counts[field] = _count(response.usage, field)
    return counts
''',
    },
    # A table of rates; a local named like the setup's usage_dict helper.
    "cost-with-a-rate-table": {
        "cost_usd": '''\
def cost_usd(usage, model):
    """Dollars for one call."""
    try:
        per_in, per_out = PRICES[model]
    except KeyError:
        raise ValueError(f"{model} has no price") from None
    usage_dict = {"input_tokens": per_in, "output_tokens": per_out,
                  "cache_creation_input_tokens": per_in * CACHE_WRITE_MULTIPLIER,
                  "cache_read_input_tokens": per_in * CACHE_READ_MULTIPLIER}
    return sum(usage[k] * rate for k, rate in usage_dict.items()) / 1e6
''',
    },
    # A for loop with a step counter and a while-else shape; locals named trace_ and record.
    "run-turn-for-loop": {
        "run_turn": '''\
def run_turn(client, messages, limits, trace, clock=time.monotonic):
    """Run one user turn with limits."""
    turn_began = clock()
    step = 0
    while True:
        session = sum(r["cost_usd"] for r in trace)
        why = limit_reached(limits, step, session, clock() - turn_began)
        if why is not None:
            text = "[Stopped: " + why + "]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
            return text
        t0 = clock()
        response = call_model(client, messages)
        took = clock() - t0
        step += 1
        record = trace_record(step, response, took, cost_usd(usage_of(response), MODEL))
        trace.append(record)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason == "tool_use":
            messages.append({"role": "user", "content": run_tools(response)})
            continue
        return "".join(getattr(b, "text", "") for b in response.content)
''',
    },
}
