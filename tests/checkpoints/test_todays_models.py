"""The ladder on today's models: every checkpoint defaults to Claude Sonnet 5.5, works with
every model the tutor applies a 5.5-generation row to (thinking by default, bound thinking
blocks, no forced tool use, no prefill), sends nothing those models refuse, shows the notes
written between tool calls from checkpoint 03 on, and never sends a thinking block whose
past it rewrote (checkpoint 06's stubs, summaries and a changed system prompt)."""

from __future__ import annotations

import re

import anthropic
import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors
from agentcourse.course.clients import RecordingClient
from agentcourse.tutor.speak import model_table

LADDER = [d.name[:2] for d in paths.checkpoint_dirs()]
WITH_TURNS = [n for n in LADDER if (paths.find_checkpoint(n) / "turns.py").is_file()]
WITH_CONTEXT = [n for n in LADDER if (paths.find_checkpoint(n) / "context.py").is_file()]
CURRENT = [row.model for row in model_table.ROWS if row.simulated]
REFUSED_MARK = "The API rejected the request"


class Capturing(RecordingClient):
    """A RecordingClient that also keeps every request it forwards."""

    def __init__(self, client):
        super().__init__(client)
        self.requests: list[dict] = []

    def create(self, **request):
        # the messages list goes on growing after the call: keep the role it ended with then
        self.requests.append({**request, "last_role": request["messages"][-1]["role"]})
        return super().create(**request)


def _load(number, monkeypatch, model=None):
    module = paths.load_checkpoint(number)
    if model:
        monkeypatch.setattr(module, "MODEL", model)
    for name in ("MAX_STEPS", "MAX_COST_USD", "MAX_SECONDS"):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, 0)
    if hasattr(module, "GUARDRAIL"):
        module.GUARDRAIL.ask = lambda command, programs, reason: "y"
    return module


@pytest.mark.parametrize("number", LADDER)
def test_every_checkpoint_defaults_to_sonnet_5_5(number):
    source = paths.checkpoint_program(paths.find_checkpoint(number)).read_text(encoding="utf-8")
    assert 'os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")' in source


@pytest.mark.parametrize("model", CURRENT)
@pytest.mark.parametrize("number", WITH_TURNS)
def test_a_checkpoint_edits_with_every_current_model_and_shows_its_notes(number, model, client, project,
                                                                         monkeypatch, capsys):
    agent = _load(number, monkeypatch, model)
    recording, messages = Capturing(client), []
    try:
        for prompt in ("Create hello.py with a hello world function.", "Add a main block to hello.py"):
            messages.append({"role": "user", "content": prompt})
            reply = agent.run_turn(recording, messages)
            assert REFUSED_MARK not in reply, (model, prompt, reply)
            assert protocol_errors(messages) == []
    finally:
        if hasattr(agent, "BASH"):
            agent.BASH.close()
    assert "__main__" in (project / "hello.py").read_text()
    for request in recording.requests:
        if "thinking" in request:  # the main loop's calls: the display that returns the notes
            assert request["thinking"] == {"type": "adaptive", "display": "summarized"}
        assert request.get("tool_choice", {}).get("type") not in ("any", "tool")
        assert request["last_role"] == "user"  # no prefill
    first = recording.responses[0].content[0]
    assert first.type == "thinking" and first.signature  # today's model opens with its thinking
    assert "  [thinking] " in capsys.readouterr().out  # and the agent shows what it noted


@pytest.mark.parametrize("number", WITH_TURNS)
def test_an_older_model_gets_no_thinking_field(number, monkeypatch):
    turns = paths.load_checkpoint(number).turns
    assert turns.thinking_options("claude-sonnet-4-6") == {}
    assert turns.thinking_options("claude-haiku-4-5-20251001") == {}
    assert turns.thinking_options("claude-mythos-preview") == {}
    for model in CURRENT:
        assert turns.thinking_options(model)["thinking"]["display"] == "summarized"


def _signed(text):
    return {"type": "thinking", "thinking": text, "signature": "sig"}


@pytest.mark.parametrize("number", WITH_CONTEXT)
def test_drop_thinking_removes_the_blocks_after_a_rewrite_and_keeps_those_before(number):
    context = paths.load_checkpoint(number).context
    messages = [
        {"role": "user", "content": "ask"},
        {"role": "assistant", "content": [_signed("a"), {"type": "text", "text": "x"}]},
        {"role": "user", "content": "more"},
        {"role": "assistant", "content": [_signed("b")]},
        {"role": "user", "content": "again"},
        {"role": "assistant", "content": [_signed("c"), {"type": "tool_use", "id": "t", "name": "n", "input": {}}]},
    ]
    context.drop_thinking(messages, 2)
    assert messages[1]["content"][0]["thinking"] == "a"
    assert messages[3]["content"] == [{"type": "text", "text": "(thinking removed)"}]
    assert [b["type"] for b in messages[5]["content"]] == ["tool_use"]


@pytest.mark.parametrize("number", WITH_CONTEXT)
def test_a_new_system_prompt_drops_every_block_before_the_next_call(number, client, project, monkeypatch):
    agent = _load(number, monkeypatch)
    window = agent.context.Window()
    messages = [{"role": "user", "content": "ask"},
                {"role": "assistant", "content": [_signed("a"), {"type": "text", "text": "x"}]},
                {"role": "user", "content": "next"}]
    manage = agent.context.manage
    manage(client, messages, 2, window, agent.POLICY, model=agent.MODEL, system="one", tools=[])
    assert messages[1]["content"][0]["type"] == "thinking"  # the first call: nothing to compare
    manage(client, messages, 2, window, agent.POLICY, model=agent.MODEL, system="one", tools=[])
    assert messages[1]["content"][0]["type"] == "thinking"  # the same prompt: kept
    manage(client, messages, 2, window, agent.POLICY, model=agent.MODEL, system="two", tools=[])
    assert [b["type"] for b in messages[1]["content"]] == ["text"]  # a new prompt: dropped


def test_the_diagnostic_shows_the_thinking_block_as_it_comes(client, project, capsys):
    v0 = paths.load_checkpoint("00")
    v0.run_turn(client, [{"role": "user", "content": "What does edit_file do?"}])
    out = capsys.readouterr().out
    assert re.search(r"content\[0\]: thinking  text=''  signature=\S+\.\.\.", out)


def test_a_paused_turn_continues_on_a_current_model(client, project, monkeypatch, capsys):
    """The stop-reasons page: send the paused content back; the tutor takes it as a
    continuation (it opens with the model's signed block), not as a prefill."""
    agent = _load("03", monkeypatch)
    paused = anthropic.Anthropic(base_url=str(client.base_url), api_key="tutor-offline", max_retries=0,
                                 default_headers={"x-tutor-fault": "pause_turn"})

    class PauseOnce(RecordingClient):
        calls = 0

        def create(self, **request):
            PauseOnce.calls += 1
            return (paused if PauseOnce.calls == 1 else client).messages.create(**request)

    messages = [{"role": "user", "content": "What does edit_file do?"}]
    reply = agent.run_turn(PauseOnce(client), messages)
    assert REFUSED_MARK not in reply and PauseOnce.calls == 2
    assert protocol_errors(messages) == []
