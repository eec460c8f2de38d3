"""Checkpoint 02 (agent.py, stub tools): the full loop runs, and no file is touched."""

from __future__ import annotations

import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.matrix import ROWS

PROMPTS = [row.prompt for row in ROWS] + ["Read utils.py and tests.py."]


@pytest.fixture(scope="module")
def agent():
    return paths.load_checkpoint("02")


def tool_results(messages):
    return [
        block
        for message in to_plain(messages)
        if message["role"] == "user" and isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_stub_agent_touches_no_file_and_answers_with_stub_results(agent, client, project, prompt):
    before = snapshot(project)
    messages = [{"role": "user", "content": prompt}]
    reply = agent.run_turn(client, messages)
    assert snapshot(project) == before
    assert protocol_errors(messages) == []
    assert isinstance(reply, str)
    for result in tool_results(messages):
        assert result["content"].startswith("(stub) ")


def test_create_prompt_goes_through_the_loop_to_a_final_reply(agent, client, project):
    messages = [{"role": "user", "content": ROWS[0].prompt}]
    agent.run_turn(client, messages)
    roles = [m["role"] for m in to_plain(messages)]
    assert roles[:3] == ["user", "assistant", "user"] and roles[-1] == "assistant"
    assert tool_results(messages)[0]["content"].startswith("(stub) creating hello.py")
    assert not (project / "hello.py").exists()


def test_stubs_say_what_they_would_have_done(agent):
    assert agent.dispatch_tool("read_file", {"filename": "hello.py"}) == "(stub) reading hello.py"
    assert agent.dispatch_tool("list_files", {"path": "."}) == "(stub) listing ."
    assert agent.dispatch_tool(
        "edit_file", {"path": "a.py", "old_str": "x", "new_str": "y"}
    ).startswith("(stub) editing a.py")


def test_bad_tool_calls_come_back_as_error_strings(agent):
    assert agent.dispatch_tool("delete_file", {"path": "main.py"}).startswith("Error:")
    assert agent.dispatch_tool("read_file", {}).startswith("Error:")
