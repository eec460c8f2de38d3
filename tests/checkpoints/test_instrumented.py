"""Checkpoint 05: accounting equals what the API reported, the trace records every call,
and the step, cost and time limits each end a turn cleanly."""

from __future__ import annotations

import json
import time

import anthropic
import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.clients import RecordingClient
from agentcourse.projects.sample import write_config_module
from agentcourse.tutor import TutorConfig, serve

CONFIG_TASK = "In config_loader.py, change the default timeout of parse_config from 30 to 60."
FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


@pytest.fixture
def agent(tmp_path, monkeypatch):
    monkeypatch.setenv("AGENT_TRACE", str(tmp_path / "run.trace.jsonl"))
    return paths.load_checkpoint("05")  # a fresh module: a fresh SESSION


@pytest.fixture
def trace_path(tmp_path):
    return tmp_path / "run.trace.jsonl"


def records(path, kind):
    return [r for r in map(json.loads, path.read_text().splitlines()) if r["type"] == kind]


def run(agent, client, prompts):
    messages = []
    for prompt in prompts:
        messages.append({"role": "user", "content": prompt})
        agent.run_turn(client, messages)
        assert protocol_errors(messages) == []
    return messages


def test_totals_equal_the_sum_of_reported_usage(agent, client, project, trace_path):
    write_config_module(project)
    recording = RecordingClient(client)
    run(agent, recording, [CONFIG_TASK, "Read utils.py and tests.py."])
    assert agent.SESSION.calls == len(recording.usages) == len(records(trace_path, "call"))
    for name in FIELDS:
        reported = sum(getattr(u, name) or 0 for u in recording.usages)
        assert getattr(agent.SESSION, name) == reported
        assert sum(r[name] for r in records(trace_path, "call")) == reported
    expected = sum(agent.usage.cost_of(u, agent.MODEL) for u in recording.usages)
    assert agent.SESSION.cost_usd == pytest.approx(expected)


def test_cost_uses_each_models_own_prices(agent):
    """A million tokens of each kind costs the five prices of the model's row, added up."""
    usage = anthropic.types.Usage(input_tokens=1_000_000, output_tokens=1_000_000,
                                  cache_creation_input_tokens=1_000_000,
                                  cache_read_input_tokens=1_000_000)
    for model, price in agent.usage.PRICES.items():
        assert agent.usage.cost_of(usage, model) == pytest.approx(
            price.input + price.write_5m + price.read + price.output), model
    # The course's model at its documented prices (pricing page): $3 in, $3.75 written for
    # 5 minutes, $0.30 read, $15 out.
    assert agent.usage.cost_of(usage, "claude-sonnet-4-6") == pytest.approx(3 + 3.75 + 0.30 + 15)


def test_cache_reads_are_priced_per_model_not_by_one_multiplier(agent):
    """Opus 5.5 reads its cache at $0.20 against a $4 input price (0.05x), not 0.1x: a
    single multiplier would price it at $0.40."""
    read = anthropic.types.Usage(input_tokens=0, output_tokens=0, cache_creation_input_tokens=0,
                                 cache_read_input_tokens=1_000_000)
    assert agent.usage.cost_of(read, "claude-opus-5-5") == pytest.approx(0.20)
    assert agent.usage.cost_of(read, "claude-fable-5-1") == pytest.approx(0.25)
    assert agent.usage.cost_of(read, "claude-sonnet-4-6") == pytest.approx(0.30)


def test_a_model_missing_from_the_table_is_priced_as_the_default(agent):
    usage = anthropic.types.Usage(input_tokens=1_000_000, output_tokens=0)
    assert agent.usage.cost_of(usage, "claude-unknown") == agent.usage.cost_of(
        usage, agent.usage.DEFAULT_PRICE) == pytest.approx(3.00)


def test_one_hour_cache_writes_cost_their_own_price(agent):
    """usage.cache_creation splits the writes by lifetime: 5-minute and 1-hour entries."""
    split = anthropic.types.CacheCreation(ephemeral_5m_input_tokens=400_000,
                                          ephemeral_1h_input_tokens=600_000)
    usage = anthropic.types.Usage(input_tokens=0, output_tokens=0, cache_read_input_tokens=0,
                                  cache_creation_input_tokens=1_000_000, cache_creation=split)
    price = agent.usage.PRICES[agent.MODEL]
    assert agent.usage.cost_of(usage, agent.MODEL) == pytest.approx(
        0.4 * price.write_5m + 0.6 * price.write_1h)
    assert (price.write_5m, price.write_1h) == (2.50, 4.00)  # 1.25x and 2x of $2 (Sonnet 5.5)


def test_input_per_step_says_when_it_shows_only_the_last_ten(agent):
    stats = agent.usage.Stats(calls=11, step_tokens=list(range(1001, 1012)))
    line = stats.summary("turn 1").splitlines()[1]
    assert line.startswith("[  input per step (last 10 of 11): 1,002, 1,003,")
    assert "1,001" not in line and "1,011 |" in line
    short = agent.usage.Stats(calls=3, step_tokens=[5, 6, 7]).summary("turn 1").splitlines()[1]
    assert short.startswith("[  input per step: 5, 6, 7 |")


def test_trace_has_a_record_per_call_and_the_turns_messages(agent, client, project, trace_path):
    messages = run(agent, client, ["Create hello.py with a hello world function."])
    calls, turns = records(trace_path, "call"), records(trace_path, "turn")
    assert [c["step"] for c in calls] == [1, 2]
    assert calls[0]["stop_reason"] == "tool_use" and calls[0]["tools"] == ["edit_file"]
    assert all(c["elapsed_s"] >= 0 and "cost_usd" in c for c in calls)
    # the tools the first call asked for: one record, after that call's, with what they gave
    tool_runs = records(trace_path, "tools")
    assert [(t["step"], t["results"], t["errors"]) for t in tool_runs] == [(1, 1, 0)]
    assert tool_runs[0]["tool_result_chars"] == len("Created hello.py")
    assert len(turns) == 1 and turns[0]["messages"] == to_plain(messages)


def test_trace_can_be_turned_off(agent, client, project, monkeypatch, trace_path):
    monkeypatch.setenv("AGENT_TRACE", "off")
    run(agent, client, ["What files are in this project?"])
    assert not trace_path.exists() and not (project / ".agent.trace.jsonl").exists()


def test_summaries_report_steps_tool_share_and_repeated_reads(agent, client, project, capsys,
                                                              monkeypatch):
    run(agent, client, ["Read utils.py and tests.py.", "Read utils.py and tests.py."])
    out = capsys.readouterr().out
    assert "[turn 1: 2 API calls" in out and "input per step:" in out
    assert "of the input (by characters)" in out
    monkeypatch.setattr("builtins.input", lambda prompt: "")  # quit at once: session summary
    agent.run_agent()
    out = capsys.readouterr().out
    assert "[session: 4 API calls" in out and "utils.py x2, tests.py x2" in out
    assert agent.SESSION.reads == {"utils.py": 2, "tests.py": 2}


def test_step_limit_ends_turn(agent, client, project, monkeypatch):
    write_config_module(project)
    monkeypatch.setattr(agent, "MAX_STEPS", 2)
    messages = run(agent, client, [CONFIG_TASK])
    assert agent.SESSION.calls == 2
    assert "limit of 2 steps" in to_plain(messages)[-1]["content"][-1]["text"]
    assert "timeout=30" in (project / "config_loader.py").read_text()  # stopped before the edit


def test_cost_limit_ends_turn_and_keeps_ending_them(agent, client, project, monkeypatch):
    monkeypatch.setattr(agent, "MAX_COST_USD", 0.001)  # one call costs more than this
    messages = run(agent, client, ["What files are in this project?"])
    assert agent.SESSION.calls == 1 and "AGENT_MAX_COST" in to_plain(messages)[-1]["content"][-1]["text"]
    messages.append({"role": "user", "content": "What files are in this project?"})
    reply = agent.run_turn(client, messages)
    assert "AGENT_MAX_COST" in reply and agent.SESSION.calls == 1
    assert protocol_errors(messages) == []


def test_time_limit_ends_turn(agent, project, monkeypatch):
    def slow_listing(request):
        time.sleep(0.15)
        tool = {"type": "tool_use", "id": f"toolu_slow_{len(request['messages'])}",
                "name": "list_files", "input": {"path": "."}}
        return {"content": [tool], "stop_reason": "tool_use"}

    monkeypatch.setattr(agent, "MAX_SECONDS", 0.1)
    with serve(TutorConfig(respond=slow_listing)) as url:
        client = anthropic.Anthropic(base_url=url, api_key="x", max_retries=0)
        messages = run(agent, client, ["What files are in this project?"])
    assert agent.SESSION.calls == 1
    assert "AGENT_MAX_SECONDS" in to_plain(messages)[-1]["content"][-1]["text"]


def test_zero_switches_limits_off(agent, client, project, monkeypatch):
    for name in ("MAX_STEPS", "MAX_COST_USD", "MAX_SECONDS"):
        monkeypatch.setattr(agent, name, 0)
    messages = run(agent, client, ["Summarize every file in this project."])
    assert agent.SESSION.calls > 2 and "Stopped" not in str(to_plain(messages)[-1])


def test_api_error_still_writes_the_turn_record(agent, project, trace_path):
    with serve(TutorConfig(faults=[529])) as url:
        client = anthropic.Anthropic(base_url=url, api_key="x", max_retries=0)
        messages = [{"role": "user", "content": "What files are in this project?"}]
        assert "529" in agent.run_turn(client, messages)
    assert messages == [] and records(trace_path, "turn")[0]["calls"] == 0


def test_the_summary_counts_api_calls_in_words_that_agree_with_the_number(agent):
    assert agent.usage.Stats(calls=1, step_tokens=[5]).summary("turn 1").startswith("[turn 1: 1 API call,")
    assert agent.usage.Stats(calls=2, step_tokens=[5, 6]).summary("turn 1").startswith("[turn 1: 2 API calls,")
