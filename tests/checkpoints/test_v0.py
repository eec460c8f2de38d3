"""Checkpoint 00 (code-agent-v0): exactly one API call, every block printed, nothing sent back."""

from __future__ import annotations

import sys

import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot
from agentcourse.course.clients import RecordingClient
from agentcourse.course.matrix import ROWS

CREATE = ROWS[0].prompt  # "Create hello.py with a hello world function."
QUESTION = "What does edit_file do?"


@pytest.fixture(scope="module")
def v0():
    return paths.load_checkpoint("00")


def one_turn(v0, client, prompt):
    recorder = RecordingClient(client)
    messages = [{"role": "user", "content": prompt}]
    reply = v0.run_turn(recorder, messages)
    return reply, messages, recorder.responses


def test_create_prompt_makes_one_call_and_prints_the_edit_file_call(v0, client, project, capsys):
    before = snapshot(project)
    _, messages, responses = one_turn(v0, client, CREATE)
    out = capsys.readouterr().out
    assert len(responses) == 1
    assert "stop_reason: tool_use" in out
    # Today's model thinks first: the block comes as it is, empty text and a signature.
    assert "content[0]: thinking  text=''  signature=" in out
    assert "content[1]: tool_use  name=edit_file  id=toolu_" in out
    assert 'input["old_str"] = ""' in out  # creating: an empty old_str
    assert "(stub) edit_file received path='hello.py'" in out  # dispatched to the stub
    assert snapshot(project) == before  # the stub touched nothing


def test_question_gets_a_text_reply_and_no_tool_call(v0, client, project, capsys):
    reply, _, responses = one_turn(v0, client, QUESTION)
    out = capsys.readouterr().out
    assert len(responses) == 1
    assert "stop_reason: end_turn" in out
    assert "content[1]: text, written for the user" in out and "tool_use" not in out
    assert reply.strip() and reply in out


def test_result_is_never_sent_back(v0, client, project, capsys):
    _, messages, responses = one_turn(v0, client, ROWS[1].prompt)
    assert responses[0].stop_reason == "tool_use"
    assert len(messages) == 1  # no assistant turn, no tool_result: no loop in v0


def test_stub_dispatch_reports_bad_calls_as_error_strings(v0, capsys):
    assert v0.dispatch_tool("delete_file", {"path": "main.py"}).startswith("Error: unknown tool")
    assert v0.dispatch_tool("read_file", {"name": "x"}).startswith("Error: bad arguments")


def test_run_agent_takes_the_prompt_from_the_command_line(
    v0, tutor_url, project, monkeypatch, capsys
):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", tutor_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "tutor-offline")
    monkeypatch.setattr(sys, "argv", ["code-agent-v0.py", QUESTION])
    v0.run_agent()
    assert "content[1]: text" in capsys.readouterr().out
