"""The live runs' recording proxy, tried against the tutor standing in for the API."""

from __future__ import annotations

import anthropic

from agentcourse.arena.entrants import entrant
from agentcourse.arena.ledger import Ledger
from agentcourse.arena.proxy import recording_proxy
from agentcourse.arena.runner import ArenaConfig, run_all
from agentcourse.arena.sets import tasks
from agentcourse.tutor import TutorConfig, serve

SAME = ("solved", "input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens", "api_calls",
        "tool_errors", "protocol_errors")


def test_a_streamed_reply_is_passed_through_and_rebuilt_for_the_ledger():
    ledger = Ledger()
    with serve(TutorConfig(any_model=True)) as upstream, recording_proxy(upstream, "real-key", ledger.add) as url:
        client = anthropic.Anthropic(base_url=url, api_key="stand-in", max_retries=0)
        tools = [{"name": "read_file", "description": "Read a file.",
                  "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                                   "required": ["path"]}}]
        with client.messages.stream(model="claude-sonnet-4-6", max_tokens=300, tools=tools,
                                    messages=[{"role": "user", "content": "Read main.py and explain it."}]) as s:
            final = s.get_final_message().model_dump(mode="json", exclude_none=True)
    [exchange] = ledger.exchanges
    assert exchange["status"] == 200
    assert exchange["message"]["content"] == final["content"]
    assert exchange["message"]["usage"]["output_tokens"] == final["usage"]["output_tokens"]


def test_a_live_run_through_the_proxy_is_counted_as_the_tutor_counts(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "real-key")
    todo = tasks("practice", ["list-todos"])
    direct = run_all([entrant("08")], todo, ArenaConfig(jobs=1))
    with serve(TutorConfig(any_model=True)) as upstream:
        live = run_all([entrant("08")], todo, ArenaConfig(jobs=1, live=True, upstream=upstream))
    assert [live[0][k] for k in SAME] == [direct[0][k] for k in SAME]
    assert live[0]["model"].startswith("claude-")  # the model the upstream said answered: the one asked for
