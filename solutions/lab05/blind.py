"""Blind corpus of lab 05: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # getattr's default covers a missing field, so a field that is there but None needs nothing more
    "usage-none-stays-none": {"usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response."""
    usage = response.usage
    return {
        "input_tokens": getattr(usage, "input_tokens", 0),
        "output_tokens": getattr(usage, "output_tokens", 0),
        "cache_creation_input_tokens": getattr(usage, "cache_creation_input_tokens", 0),
        "cache_read_input_tokens": getattr(usage, "cache_read_input_tokens", 0),
    }
'''},
    # input_tokens should be the whole prompt, so the cached parts are added into it
    "usage-input-is-whole-prompt": {"usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response, input_tokens being the prompt's full size."""
    counts = {field: getattr(response.usage, field, None) or 0 for field in USAGE_FIELDS}
    counts["input_tokens"] += counts["cache_creation_input_tokens"] + counts["cache_read_input_tokens"]
    return counts
'''},
    # tokens written to the cache are ordinary input: they cost the plain input price
    "cost-cache-write-at-input-price": {"cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call."""
    if model not in PRICES:
        raise ValueError(f"unknown model {model}")
    input_price, output_price = PRICES[model]
    fresh = usage["input_tokens"] + usage["cache_creation_input_tokens"]  # written once, read as input
    return (fresh * input_price
            + usage["cache_read_input_tokens"] * input_price * CACHE_READ_MULTIPLIER
            + usage["output_tokens"] * output_price) / 1_000_000
'''},
    # cache reads are a part of input_tokens, so they are taken out of it before pricing it
    "cost-cache-reads-inside-input": {"cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call."""
    if model not in PRICES:
        raise ValueError(f"unknown model {model}")
    input_price, output_price = PRICES[model]
    fresh = usage["input_tokens"] - usage["cache_read_input_tokens"]  # the cached part is billed below
    return (fresh * input_price
            + usage["cache_creation_input_tokens"] * input_price * CACHE_WRITE_MULTIPLIER
            + usage["cache_read_input_tokens"] * input_price * CACHE_READ_MULTIPLIER
            + usage["output_tokens"] * output_price) / 1_000_000
'''},
    # an unknown model is priced like the course's default model, as the lecture's cost_of does
    "cost-unknown-model-default-price": {"cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call; a model missing from the table is priced as the default model."""
    input_price, output_price = PRICES.get(model, PRICES[MODEL])
    return (usage["input_tokens"] * input_price
            + usage["cache_creation_input_tokens"] * input_price * CACHE_WRITE_MULTIPLIER
            + usage["cache_read_input_tokens"] * input_price * CACHE_READ_MULTIPLIER
            + usage["output_tokens"] * output_price) / 1_000_000
'''},
    # "tools" is which tools the call used: a set of names, sorted for a stable record
    "trace-tools-as-set": {"trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    return {
        "step": step,
        "model": response.model,
        "stop_reason": response.stop_reason,
        **usage_of(response),
        "tools": sorted({block.name for block in response.content if block.type == "tool_use"}),
        "seconds": seconds,
        "cost_usd": cost,
    }


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}
    summed["cost_usd"] = sum(record["cost_usd"] for record in trace)
    summed["calls"] = len(trace)
    return summed
'''},
    # the record names the model the agent asked for (MODEL), the one it is priced as
    "trace-model-asked-for": {"trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    return {
        "step": step,
        "model": MODEL,
        "stop_reason": response.stop_reason,
        **usage_of(response),
        "tools": [block.name for block in response.content if block.type == "tool_use"],
        "seconds": seconds,
        "cost_usd": cost,
    }


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}
    summed["cost_usd"] = sum(record["cost_usd"] for record in trace)
    summed["calls"] = len(trace)
    return summed
'''},
    # the number of calls is the step number of the last record (steps count the calls)
    "totals-calls-is-last-step": {"trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    return {
        "step": step,
        "model": response.model,
        "stop_reason": response.stop_reason,
        **usage_of(response),
        "tools": [block.name for block in response.content if block.type == "tool_use"],
        "seconds": seconds,
        "cost_usd": cost,
    }


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    summed = {field: sum(record[field] for record in trace) for field in USAGE_FIELDS}
    summed["cost_usd"] = sum(record["cost_usd"] for record in trace)
    summed["calls"] = trace[-1]["step"] if trace else 0
    return summed
'''},
    # steps are whole calls (>=), but money and time spent exactly up to the limit are still within it
    "limit-cost-time-only-above": {"limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    if limits.max_steps and steps >= limits.max_steps:
        return f"step limit reached: {steps} API calls"
    if limits.max_cost_usd and cost > limits.max_cost_usd:
        return f"cost limit reached: ${cost:.4f}"
    if limits.max_seconds and seconds > limits.max_seconds:
        return f"time limit reached: {seconds:.1f} s"
    return None
'''},
    # asked before a call, so the call about to be made must be counted too
    "limit-counts-next-call": {"limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    if limits.max_steps and steps + 1 >= limits.max_steps:  # the next call is one more step
        return f"step limit reached: {steps} API calls"
    if limits.max_cost_usd and cost >= limits.max_cost_usd:
        return f"cost limit reached: ${cost:.4f}"
    if limits.max_seconds and seconds >= limits.max_seconds:
        return f"time limit reached: {seconds:.1f} s"
    return None
'''},
    # the order of the checks does not matter, so time (the cheap one) is looked at before cost
    "limit-time-before-cost": {"limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit."""
    if limits.max_steps and steps >= limits.max_steps:
        return f"step limit reached: {steps} API calls"
    if limits.max_seconds and seconds >= limits.max_seconds:
        return f"time limit reached: {seconds:.1f} s"
    if limits.max_cost_usd and cost >= limits.max_cost_usd:
        return f"cost limit reached: ${cost:.4f}"
    return None
'''},
    # the cost limit is per turn like the others: each new message starts from $0
    "run-turn-cost-per-turn": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = 0
    spent = 0.0  # what this turn has cost
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
'''},
    # the session's spend is what the trace held when the turn began; this turn is checked next time
    "run-turn-budget-frozen-at-start": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = 0
    spent = sum(record["cost_usd"] for record in trace)  # the session so far
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
        trace.append(trace_record(steps, response, seconds, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
'''},
    # steps, like dollars, are counted over the session: the trace already holds earlier turns' calls
    "run-turn-steps-per-session": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = len(trace)  # the calls made so far
    spent = sum(record["cost_usd"] for record in trace)
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
'''},
    # the time limit is about the model being slow: only the time spent waiting on the API counts
    "run-turn-time-counts-api-only": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    steps = 0
    waited = 0.0  # seconds spent in API calls this turn
    spent = sum(record["cost_usd"] for record in trace)
    while True:
        reason = limit_reached(limits, steps, spent, waited)
        if reason:
            note = f"[Stopped: {reason}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        before = clock()
        response = call_model(client, messages)
        seconds = clock() - before
        waited += seconds
        steps += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(steps, response, seconds, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
'''},
    # a turn always gets its first call; the limits are checked between calls, after the tool results
    "run-turn-first-call-unchecked": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = 0
    spent = sum(record["cost_usd"] for record in trace)
    while True:
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
        reason = limit_reached(limits, steps, spent, clock() - started)
        if reason:
            note = f"[Stopped: {reason}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
'''},
    # the stop note is for the person at the keyboard: return it, the model need not see it
    "run-turn-note-not-in-messages": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = 0
    spent = sum(record["cost_usd"] for record in trace)
    while True:
        reason = limit_reached(limits, steps, spent, clock() - started)
        if reason:
            return f"[Stopped: {reason}]"
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
'''},
    # a record's seconds are the turn's elapsed time when the call returned (a running clock)
    "run-turn-seconds-since-turn-start": {"run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    started = clock()
    steps = 0
    spent = sum(record["cost_usd"] for record in trace)
    while True:
        reason = limit_reached(limits, steps, spent, clock() - started)
        if reason:
            note = f"[Stopped: {reason}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        response = call_model(client, messages)
        steps += 1
        cost = cost_usd(usage_of(response), MODEL)
        spent += cost
        trace.append(trace_record(steps, response, clock() - started, cost))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(response)})
'''},
}

RIGHT = {
    # imperative: explicit loops and accumulators, small helper functions, early returns
    "loops-and-helpers": {
        "usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    usage = response.usage
    counts = {}
    for name in USAGE_FIELDS:
        value = getattr(usage, name, None)
        if value is None:
            value = 0
        counts[name] = int(value)
    return counts
''',
        "cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts on `model`."""
    try:
        per_input, per_output = PRICES[model]
    except KeyError:
        raise ValueError(f"cannot price unknown model {model}") from None
    total = 0.0
    total += usage["input_tokens"] * per_input
    total += usage["cache_creation_input_tokens"] * per_input * CACHE_WRITE_MULTIPLIER
    total += usage["cache_read_input_tokens"] * per_input * CACHE_READ_MULTIPLIER
    total += usage["output_tokens"] * per_output
    return total / 1_000_000
''',
        "trace": r'''def _tool_names(content) -> list:
    names = []
    for block in content:
        if block.type == "tool_use":
            names.append(block.name)
    return names


def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    record = {"step": step, "model": response.model, "stop_reason": response.stop_reason}
    record.update(usage_of(response))
    record["tools"] = _tool_names(response.content)
    record["seconds"] = seconds
    record["cost_usd"] = cost
    return record


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    out = dict.fromkeys(USAGE_FIELDS, 0)
    out["cost_usd"] = 0.0
    for rec in trace:
        for key in USAGE_FIELDS:
            out[key] += rec[key]
        out["cost_usd"] += rec["cost_usd"]
    out["calls"] = len(trace)
    return out
''',
        "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    if limits.max_steps != 0:
        if steps >= limits.max_steps:
            return f"step limit of {limits.max_steps} API calls used up"
    if limits.max_cost_usd != 0:
        if cost >= limits.max_cost_usd:
            return f"cost limit reached: spent ${cost:.4f} of ${limits.max_cost_usd:.4f}"
    if limits.max_seconds != 0:
        if seconds >= limits.max_seconds:
            return f"time limit reached after {seconds:.1f} of {limits.max_seconds} seconds"
    return None
''',
        "run_turn": r'''def _stop(messages: list, reason: str) -> str:
    note = f"[Stopped: {reason}]"
    messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
    return note


def _text_of(content) -> str:
    parts = []
    for block in content:
        if block.type == "text":
            parts.append(block.text)
    return "\n".join(parts)


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    turn_start = clock()
    calls = 0
    while True:
        session_cost = 0.0
        for rec in trace:
            session_cost += rec["cost_usd"]
        reason = limit_reached(limits, calls, session_cost, clock() - turn_start)
        if reason is not None:
            return _stop(messages, reason)
        t0 = clock()
        response = call_model(client, messages)
        elapsed = clock() - t0
        calls += 1
        price = cost_usd(usage_of(response), MODEL)
        trace.append(trace_record(calls, response, elapsed, price))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return _text_of(response.content)
        messages.append({"role": "user", "content": run_tools(response)})
''',
    },
    # functional and table-driven: comprehensions, zip, a rate table, next() over the limits
    "functional-tables": {
        "usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    values = (getattr(response.usage, name, None) for name in USAGE_FIELDS)
    return dict(zip(USAGE_FIELDS, (int(v) if v is not None else 0 for v in values)))
''',
        "cost_usd": r'''# usage field -> (which price of the (input, output) pair, multiplier)
RATES = {
    "input_tokens": (0, 1.0),
    "cache_creation_input_tokens": (0, CACHE_WRITE_MULTIPLIER),
    "cache_read_input_tokens": (0, CACHE_READ_MULTIPLIER),
    "output_tokens": (1, 1.0),
}


def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts on `model`."""
    if model not in PRICES:
        raise ValueError("no price known for " + model)
    prices = PRICES[model]
    return sum(usage[field] * prices[which] * factor for field, (which, factor) in RATES.items()) / 1e6
''',
        "trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    return dict(
        step=step,
        model=response.model,
        stop_reason=response.stop_reason,
        **usage_of(response),
        tools=[b.name for b in response.content if b.type == "tool_use"],
        seconds=seconds,
        cost_usd=cost,
    )


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    keys = (*USAGE_FIELDS, "cost_usd")
    return {**{key: sum(r[key] for r in trace) for key in keys}, "calls": len(trace)}
''',
        "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    rules = (
        (limits.max_steps, steps, "step limit reached: {used} of {cap} API calls"),
        (limits.max_cost_usd, cost, "cost limit reached: ${used:.4f} of ${cap}"),
        (limits.max_seconds, seconds, "time limit reached: {used:.1f} of {cap} s"),
    )
    return next((text.format(used=used, cap=cap) for cap, used, text in rules if cap and used >= cap), None)
''',
        "run_turn": r'''import itertools


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    begun = clock()
    for step in itertools.count(1):
        why = limit_reached(limits, step - 1, totals(trace)["cost_usd"], clock() - begun)
        if why:
            text = f"[Stopped: {why}]"
            messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
            return text
        t = clock()
        reply = call_model(client, messages)
        trace.append(trace_record(step, reply, clock() - t, cost_usd(usage_of(reply), MODEL)))
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return "\n".join(b.text for b in reply.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(reply)})
''',
    },
    # walrus-driven loop: the limit check is the while condition, the stop note after the loop
    "while-condition-loop": {
        "usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    def count(name):
        try:
            value = getattr(response.usage, name)
        except AttributeError:
            return 0
        return 0 if value is None else int(value)

    return {name: count(name) for name in USAGE_FIELDS}
''',
        "cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts on `model`."""
    price = PRICES.get(model)
    if price is None:
        raise ValueError(f"model {model!r} has no entry in PRICES")
    per_token_in = price[0] / 1_000_000
    per_token_out = price[1] / 1_000_000
    return (usage["input_tokens"] * per_token_in
            + usage["cache_creation_input_tokens"] * per_token_in * CACHE_WRITE_MULTIPLIER
            + usage["cache_read_input_tokens"] * per_token_in * CACHE_READ_MULTIPLIER
            + usage["output_tokens"] * per_token_out)
''',
        "trace": r'''def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    counts = usage_of(response)
    return {
        "step": step,
        "model": response.model,
        "stop_reason": response.stop_reason,
        "input_tokens": counts["input_tokens"],
        "output_tokens": counts["output_tokens"],
        "cache_creation_input_tokens": counts["cache_creation_input_tokens"],
        "cache_read_input_tokens": counts["cache_read_input_tokens"],
        "tools": [getattr(b, "name") for b in response.content if getattr(b, "type", None) == "tool_use"],
        "seconds": seconds,
        "cost_usd": cost,
    }


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    result = {}
    for key in list(USAGE_FIELDS) + ["cost_usd"]:
        result[key] = sum([record[key] for record in trace])
    result["calls"] = len(trace)
    return result
''',
        "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    steps_over = limits.max_steps > 0 and steps >= limits.max_steps
    cost_over = limits.max_cost_usd > 0 and cost >= limits.max_cost_usd
    time_over = limits.max_seconds > 0 and seconds >= limits.max_seconds
    if steps_over:
        return "stopped at the step limit (" + str(limits.max_steps) + " calls)"
    if cost_over:
        return "stopped at the cost limit ($" + str(limits.max_cost_usd) + " for the session)"
    if time_over:
        return "stopped at the time limit (" + str(limits.max_seconds) + " s for the turn)"
    return None
''',
        "run_turn": r'''def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    t_begin = clock()
    n = 0

    def spent():
        return sum(rec["cost_usd"] for rec in trace)

    while (reason := limit_reached(limits, n, spent(), clock() - t_begin)) is None:
        t_call = clock()
        resp = call_model(client, messages)
        dt = clock() - t_call
        n += 1
        trace.append(trace_record(n, resp, dt, cost_usd(usage_of(resp), MODEL)))
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return "\n".join(b.text for b in resp.content if b.type == "text")
        messages.append({"role": "user", "content": run_tools(resp)})
    stopped = "[Stopped: " + reason + "]"
    messages.append({"role": "assistant", "content": [{"type": "text", "text": stopped}]})
    return stopped
''',
    },
    # a small meter object holds the turn's state; Counter sums the trace
    "meter-object": {
        "usage_of": r'''def usage_of(response) -> dict:
    """The four token counts of one response, as ints (missing or None counts as 0)."""
    u = response.usage
    return {
        "input_tokens": getattr(u, "input_tokens", None) or 0,
        "output_tokens": getattr(u, "output_tokens", None) or 0,
        "cache_creation_input_tokens": getattr(u, "cache_creation_input_tokens", None) or 0,
        "cache_read_input_tokens": getattr(u, "cache_read_input_tokens", None) or 0,
    }
''',
        "cost_usd": r'''def cost_usd(usage: dict, model: str) -> float:
    """Dollars for one call with these token counts on `model`."""
    if model not in PRICES:
        raise ValueError(f"unknown model: {model}")
    inp, out = PRICES[model]
    # weighted input tokens: fresh at 1x, cache writes at 1.25x, cache reads at 0.1x
    weighted = (usage["input_tokens"]
                + CACHE_WRITE_MULTIPLIER * usage["cache_creation_input_tokens"]
                + CACHE_READ_MULTIPLIER * usage["cache_read_input_tokens"])
    return (weighted * inp + usage["output_tokens"] * out) / 1_000_000
''',
        "trace": r'''from collections import Counter

SUMMED = (*USAGE_FIELDS, "cost_usd")


def trace_record(step: int, response, seconds: float, cost: float) -> dict:
    """One JSON-ready record for one API call."""
    record = {"step": step, "model": response.model, "stop_reason": response.stop_reason}
    record |= usage_of(response)
    record |= {"tools": [c.name for c in response.content if c.type == "tool_use"],
               "seconds": seconds, "cost_usd": cost}
    return record


def totals(trace: list) -> dict:
    """The four token counts and cost_usd summed over every record, plus "calls"."""
    acc = Counter()
    for record in trace:
        acc.update({key: record[key] for key in SUMMED})
    return {**{key: acc[key] for key in SUMMED}, "calls": len(trace)}
''',
        "limit_reached": r'''def limit_reached(limits: Limits, steps: int, cost: float, seconds: float) -> str | None:
    """None if another API call may be made, else a reason naming the limit (step/cost/time)."""
    reason = None
    if limits.max_seconds and seconds >= limits.max_seconds:
        reason = f"time limit: {seconds:.1f} s of {limits.max_seconds} s used"
    if limits.max_cost_usd and cost >= limits.max_cost_usd:
        reason = f"cost limit: ${cost:.4f} of ${limits.max_cost_usd} spent"
    if limits.max_steps and steps >= limits.max_steps:
        reason = f"step limit: {steps} of {limits.max_steps} calls made"
    return reason  # the last assignment wins, so steps beat cost, and cost beats time
''',
        "run_turn": r'''class _TurnMeter:
    """What one turn has used: its calls and its seconds, from the clock it is given."""

    def __init__(self, clock):
        self.clock = clock
        self.start = clock()
        self.calls = 0

    def seconds(self):
        return self.clock() - self.start


def run_turn(client, messages: list, limits: Limits, trace: list, clock=time.monotonic) -> str:
    """Run one user turn with limits; append one trace_record per API call to `trace`."""
    meter = _TurnMeter(clock)
    while True:
        session_spend = totals(trace)["cost_usd"]
        reason = limit_reached(limits, meter.calls, session_spend, meter.seconds())
        if reason:
            note = "[Stopped: %s]" % reason
            messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
            return note
        call_began = clock()
        response = call_model(client, messages)
        call_seconds = clock() - call_began
        meter.calls += 1
        dollars = cost_usd(usage_of(response), MODEL)
        trace.append(trace_record(meter.calls, response, call_seconds, dollars))
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason == "tool_use":
            messages.append({"role": "user", "content": run_tools(response)})
            continue
        return "\n".join(block.text for block in response.content if block.type == "text")
''',
    },
}


# Task 6 (effort), written from its text alone and committed before it was run against the checks.
_CHEAPEST = r'''

def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:
    """(level, dollars) of the cheapest run that solved the task, the lowest level on a tie; None if none did."""
    best = None
    for level in EFFORT_LEVELS:
        if level in runs and runs[level].solved:
            dollars = run_cost(runs[level], price)
            if best is None or dollars < best[1]:
                best = (level, dollars)
    return best
'''


def _priced(body: str) -> str:
    """A run_cost whose loop body is `body` (it adds to `total` for one `response`), and the right cheapest_effort."""
    return ('def run_cost(run: EffortRun, price: PriceRow) -> float:\n'
            '    """Dollars of one run."""\n'
            '    total = 0.0\n'
            '    for response in run.responses:\n'
            '        u = response.usage\n'
            + body +
            '    return total / 1_000_000\n' + _CHEAPEST)


_RUN_COST = _priced('        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.cache_write\n'
                    '                  + u.cache_read_input_tokens * price.cache_read + u.output_tokens * price.output)\n')


def _choosing(body: str) -> str:
    """The right run_cost, and a cheapest_effort whose body is `body`."""
    return (_RUN_COST.split("\n\ndef cheapest_effort")[0] + "\n\n\n"
            'def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:\n'
            '    """(level, dollars) of the cheapest solved run."""\n' + body)


WRONG.update({
    # the thinking came back empty (display "omitted"): only what was written out is output, about 4 characters a token
    "effort-output-from-visible-text": {"effort": _priced(
        '        shown = sum(len(b.text) for b in response.content if b.type == "text")\n'
        '        shown += sum(len(str(b.input)) for b in response.content if b.type == "tool_use")\n'
        '        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.cache_write\n'
        '                  + u.cache_read_input_tokens * price.cache_read + shown / 4 * price.output)\n')},
    # cache reads cost a tenth of the input price, as the lecture's rule of thumb says
    "effort-cache-read-tenth-of-input": {"effort": _priced(
        '        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.cache_write\n'
        '                  + u.cache_read_input_tokens * price.input * 0.1 + u.output_tokens * price.output)\n')},
    # cache writes cost 1.25x the input price
    "effort-cache-write-125-of-input": {"effort": _priced(
        '        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.input * 1.25\n'
        '                  + u.cache_read_input_tokens * price.cache_read + u.output_tokens * price.output)\n')},
    # input and output are what a call costs; the cache is a discount not worth counting
    "effort-no-cache-terms": {"effort": _priced(
        '        total += u.input_tokens * price.input + u.output_tokens * price.output\n')},
    # the prices are per token
    "effort-per-token-prices": {"effort": _priced(
        '        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.cache_write\n'
        '                  + u.cache_read_input_tokens * price.cache_read + u.output_tokens * price.output) * 1_000_000\n')},
    # input_tokens is the whole prompt: the cached parts are inside it and must come out
    "effort-cache-inside-input": {"effort": _priced(
        '        fresh = u.input_tokens - u.cache_creation_input_tokens - u.cache_read_input_tokens\n'
        '        total += (fresh * price.input + u.cache_creation_input_tokens * price.cache_write\n'
        '                  + u.cache_read_input_tokens * price.cache_read + u.output_tokens * price.output)\n')},
    # a run is paid for by its answer: the calls that only asked for a tool are the loop's business
    "effort-only-final-reply": {"effort": _priced(
        '        if response.stop_reason != "end_turn":\n'
        '            continue\n'
        '        total += (u.input_tokens * price.input + u.cache_creation_input_tokens * price.cache_write\n'
        '                  + u.cache_read_input_tokens * price.cache_read + u.output_tokens * price.output)\n')},
    # dollars are shown to the cent-hundredth
    "effort-rounded-cost": {"effort": _RUN_COST.replace("    return total / 1_000_000\n",
                                                        "    return round(total / 1_000_000, 4)\n")},
    # the cheapest run is the answer, solved or not: cost is what we are choosing on
    "effort-ignores-solved": {"effort": _choosing(
        '    costs = {level: run_cost(run, price) for level, run in runs.items()}\n'
        '    if not costs:\n'
        '        return None\n'
        '    level = min(costs, key=costs.get)\n'
        '    return level, costs[level]\n')},
    # less effort is less thinking, so the lowest level that solved is the cheapest that solved
    "effort-lowest-solved-level": {"effort": _choosing(
        '    for level in EFFORT_LEVELS:\n'
        '        if level in runs and runs[level].solved:\n'
        '            return level, run_cost(runs[level], price)\n'
        '    return None\n')},
    # on a tie the later level wins: same price, more thinking for free
    "effort-tie-to-higher-level": {"effort": _choosing(
        '    best = None\n'
        '    for level in EFFORT_LEVELS:\n'
        '        if level in runs and runs[level].solved:\n'
        '            dollars = run_cost(runs[level], price)\n'
        '            if best is None or dollars <= best[1]:\n'
        '                best = (level, dollars)\n'
        '    return best\n')},
    # the dict's own order is good enough: min() keeps the first of equal costs
    "effort-tie-in-dict-order": {"effort": _choosing(
        '    solved = {level: run_cost(run, price) for level, run in runs.items() if run.solved}\n'
        '    if not solved:\n'
        '        return None\n'
        '    level = min(solved, key=solved.get)\n'
        '    return level, solved[level]\n')},
    # a level that costs least per call is the efficient one
    "effort-cheapest-per-call": {"effort": _choosing(
        '    best = None\n'
        '    for level in EFFORT_LEVELS:\n'
        '        run = runs.get(level)\n'
        '        if run is None or not run.solved:\n'
        '            continue\n'
        '        per_call = run_cost(run, price) / max(1, len(run.responses))\n'
        '        if best is None or per_call < best[2]:\n'
        '            best = (level, run_cost(run, price), per_call)\n'
        '    return None if best is None else (best[0], best[1])\n')},
    # when nothing solved, the cheapest attempt is still the best advice
    "effort-unsolved-falls-back": {"effort": _choosing(
        '    ranked = [level for level in EFFORT_LEVELS if level in runs]\n'
        '    if not ranked:\n'
        '        return None\n'
        '    solved = [level for level in ranked if runs[level].solved] or ranked\n'
        '    best = min(solved, key=lambda level: run_cost(runs[level], price))\n'
        '    return best, run_cost(runs[best], price)\n')},
    # the answer is the level's cost per call, what a price table lists
    "effort-returns-per-call-cost": {"effort": _choosing(
        '    best = None\n'
        '    for level in EFFORT_LEVELS:\n'
        '        if level in runs and runs[level].solved:\n'
        '            dollars = run_cost(runs[level], price)\n'
        '            if best is None or dollars < best[1]:\n'
        '                best = (level, dollars, dollars / max(1, len(runs[level].responses)))\n'
        '    return None if best is None else (best[0], best[2])\n')},
})

RIGHT.update({
    # min over (cost, rank): the rank breaks a tie towards the lower level
    "effort-min-with-rank": {"effort": r'''FIELDS_AT = (("input_tokens", "input"), ("cache_creation_input_tokens", "cache_write"),
             ("cache_read_input_tokens", "cache_read"), ("output_tokens", "output"))


def run_cost(run: EffortRun, price: PriceRow) -> float:
    """Dollars of one run: every response's four token counts, each at its price per million."""
    return sum(
        (getattr(response.usage, count) or 0) * getattr(price, field)
        for response in run.responses
        for count, field in FIELDS_AT
    ) / 1e6


def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:
    """(level, dollars) of the cheapest run that solved the task, the lowest level on a tie; None if none did."""
    solved = [level for level, run in runs.items() if run.solved]
    if not solved:
        return None
    best = min(solved, key=lambda level: (run_cost(runs[level], price), EFFORT_LEVELS.index(level)))
    return (best, run_cost(runs[best], price))
'''},
    # Task 1's usage_of, a per-response helper, and a sort
    "effort-sorted-with-helpers": {"effort": r'''def response_dollars(response, price):
    counts = usage_of(response)
    return (counts["input_tokens"] * price.input
            + counts["cache_creation_input_tokens"] * price.cache_write
            + counts["cache_read_input_tokens"] * price.cache_read
            + counts["output_tokens"] * price.output) / 1_000_000


def run_cost(run: EffortRun, price: PriceRow) -> float:
    """Dollars of one run."""
    return sum(response_dollars(r, price) for r in run.responses)


def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:
    """The cheapest solved level and its cost."""
    ranked = sorted(
        ((run_cost(run, price), EFFORT_LEVELS.index(level), level) for level, run in runs.items() if run.solved)
    )
    if ranked:
        cost, _, level = ranked[0]
        return level, cost
    return None
'''},
    # exact arithmetic with fractions, and a while loop over the levels
    "effort-fractions": {"effort": r'''from fractions import Fraction


def run_cost(run: EffortRun, price: PriceRow) -> float:
    """Dollars of one run, summed exactly, then made a float."""
    total = Fraction(0)
    for message in run.responses:
        usage = message.usage
        total += Fraction(usage.input_tokens) * Fraction(price.input)
        total += Fraction(usage.cache_creation_input_tokens or 0) * Fraction(price.cache_write)
        total += Fraction(usage.cache_read_input_tokens or 0) * Fraction(price.cache_read)
        total += Fraction(usage.output_tokens) * Fraction(price.output)
    return float(total / 1_000_000)


def cheapest_effort(runs: dict, price: PriceRow) -> tuple[str, float] | None:
    """(level, dollars) of the cheapest solved run; the lowest level on a tie."""
    i, choice = 0, None
    while i < len(EFFORT_LEVELS):
        level = EFFORT_LEVELS[i]
        i += 1
        run = runs.get(level)
        if not run or not run.solved:
            continue
        cost = run_cost(run, price)
        if choice is None or cost < choice[1]:
            choice = (level, cost)
    return choice
'''},
})
