"""The rules of Lab 5's Task 5 a played session is judged by: the turn ran, its trace
records its calls, it stopped where the limits say, and it left the messages usable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agentcourse.api.protocol import to_plain
from agentcourse.course.scaffold.lab05.meter import Ledger, Played, play, text_of
from agentcourse.course.scaffold.lab05.sessions import Session
from agentcourse.course.scaffold.lab05.usage import FIELDS, WORDS

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
