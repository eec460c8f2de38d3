"""`agentcourse trace show`: renders a checkpoint 05 trace; bad files give one-line errors."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from agentcourse import cli, paths
from agentcourse.course import trace
from agentcourse.errors import TraceError


@pytest.fixture
def recorded(client, project, tmp_path, monkeypatch):
    """A real trace: checkpoint 05 runs two turns against the tutor."""
    path = tmp_path / "session.trace.jsonl"
    monkeypatch.setenv("AGENT_TRACE", str(path))
    agent = paths.load_checkpoint("05")
    messages = []
    for prompt in ("Create hello.py with a hello world function.", "Read utils.py and tests.py."):
        messages.append({"role": "user", "content": prompt})
        agent.run_turn(client, messages)
    return path, agent


def render(path) -> str:
    out = io.StringIO()
    trace.show(path, Console(file=out, width=160))
    return out.getvalue()


def test_show_prints_the_messages_view_and_the_call_table(recorded):
    path, _ = recorded
    text = render(path)
    assert '[0] role: user       "Create hello.py with a hello world function."' in text
    assert "[4] role: user" in text  # the second turn continues the numbering
    assert "edit_file" in text and "tool_use" in text and "end_turn" in text
    assert "4 calls:" in text


def test_totals_equal_the_agents_own_accounting(recorded):
    path, agent = recorded
    loaded = trace.load(path)
    totals = trace.totals(loaded.calls)
    assert len(loaded.calls) == agent.SESSION.calls == 4
    assert totals["input_tokens"] == agent.SESSION.input_tokens
    assert totals["output_tokens"] == agent.SESSION.output_tokens
    assert totals["cost_usd"] == pytest.approx(agent.SESSION.cost_usd, abs=1e-5)
    assert len(loaded.turns) == 2


def test_cli_show_returns_zero(recorded, capsys):
    path, _ = recorded
    assert cli.main(["trace", "show", str(path)]) == 0
    assert "API calls" in capsys.readouterr().out


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "no trace file"),
        ("not json\n", "not a JSON record"),
        ("[1, 2]\n", "must be a JSON object"),
        ('{"type": "other"}\n', "holds no trace records"),
        ('{"type": ["call"]}\n', "holds no trace records"),
        ("", "holds no trace records"),
    ],
    ids=["missing", "not-json", "not-object", "no-records", "odd-type", "empty"],
)
def test_bad_trace_files_give_a_one_line_error(tmp_path, capsys, content, message):
    path = tmp_path / "t.jsonl"
    if content is not None:
        path.write_text(content)
    with pytest.raises(TraceError, match=message):
        trace.load(path)
    assert cli.main(["trace", "show", str(path)]) == TraceError.exit_status
    err = capsys.readouterr().err.strip()
    assert err.startswith("agentcourse: ") and "\n" not in err and message in err


def test_a_trace_without_messages_still_shows_the_table(tmp_path):
    path = tmp_path / "calls.jsonl"
    call = {"type": "call", "turn": 1, "step": 1, "stop_reason": "end_turn", "input_tokens": 10,
            "output_tokens": 5, "cost_usd": 0.0001, "tools": [], "elapsed_s": 0.1,
            "tool_result_chars": 1234}
    path.write_text(json.dumps(call) + "\n" + json.dumps({**call, "step": 2}) + "\n")
    text = render(path)
    assert "messages" not in text.splitlines()[0] and "2 calls: 20 input tokens" in text
    total = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("total"))
    assert "2,468" in total and "0.20" in total and "0.0002" in total


def test_calls_without_a_traced_tool_run_show_no_result_size(client, project, tmp_path, monkeypatch):
    """A research sub-agent's tools run in its own window and are not traced: its rows show
    "-" (unknown), not 0, and a line under the table says why. An answer's row shows "-" too."""
    path = tmp_path / "research.trace.jsonl"
    monkeypatch.setenv("AGENT_TRACE", str(path))
    agent = paths.load_checkpoint("06")
    agent.run_turn(client, [{"role": "user", "content": "Where is slugify defined, and where is it used?"}])
    calls = trace.load(path).calls
    assert [c["kind"] for c in calls] == ["agent", "research", "research", "research", "agent"]
    assert calls[0]["tool_result_chars"] > 0  # the research tool's answer, in the agent's window
    assert all(c["tool_result_chars"] is None for c in calls[1:])
    text = render(path)
    assert "research rows: the sub-agent's tool results stay in its own window and are not traced" in text
    rows = [line for line in text.splitlines() if "│ research │" in line]
    assert len(rows) == 3 and all("│            - │" in row for row in rows)
