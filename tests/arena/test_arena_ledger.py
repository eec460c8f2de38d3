"""The ledger: what the tutor saw of one task, per key, and the turn rebuilt from it."""

from __future__ import annotations

import anthropic
import pytest

from agentcourse.arena.ledger import Ledger
from agentcourse.tutor import TutorConfig, serve


def test_the_tutor_reports_each_exchange_with_its_key_usage_and_refusals():
    ledger = Ledger()
    with serve(TutorConfig(ledger=ledger.add)) as url:
        client = anthropic.Anthropic(base_url=url, api_key="arena-ada", max_retries=0)
        client.messages.create(model="claude-sonnet-4-6", max_tokens=50,
                               messages=[{"role": "user", "content": "Say hello."}])
        with pytest.raises(anthropic.BadRequestError):
            client.messages.create(model="claude-sonnet-4-6", max_tokens=50, messages=[])
    assert [(e["status"], e["key"]) for e in ledger.exchanges] == [(200, "arena-ada"), (400, "arena-ada")]
    assert ledger.calls == 1 and ledger.rejected == 1
    assert ledger.usage()["output_tokens"] > 0 and ledger.usage()["input_tokens"] > 0


def _exchange(request_messages, content):
    return {"status": 200, "key": "k", "request": {"model": "m", "messages": request_messages},
            "message": {"content": content, "usage": {"input_tokens": 1, "output_tokens": 1}}}


def test_a_compacted_history_loses_no_call_and_errors_are_counted_once():
    ledger = Ledger()
    call = {"type": "tool_use", "id": "t1", "name": "read", "input": {"path": "a.py"}}
    result = {"type": "tool_result", "tool_use_id": "t1", "content": "boom", "is_error": True}
    ledger.add(_exchange([{"role": "user", "content": "go"}], [call]))
    # the next request has compacted the call away, but carries its result once
    ledger.add(_exchange([{"role": "user", "content": "summary"}, {"role": "assistant", "content": [call]},
                          {"role": "user", "content": [result]}], [{"type": "text", "text": "done"}]))
    messages = ledger.conversation("go")
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant"]
    assert ledger.tool_errors() == 1 and ledger.calls == 2
