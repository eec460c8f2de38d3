"""Checkpoint 01 (code-agent-v1): real tools and the two loops, on the prompt test matrix."""

from __future__ import annotations

import builtins

import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.clients import RecordingClient
from agentcourse.course.matrix import ROWS, judge_turn

PHRASES_IN_PROMPT = [
    "## Available Tools",
    "## How to Work",
    "## Constraints",
    "Read before editing",
    "Be concise",
    "When in doubt, ask",
    "but only if the request is truly ambiguous",
    "Never delete files",
]
PHRASES_IN_EDIT_FILE = [
    "You must read the file first",
    "To create a file, set old_str to an empty string",
]


@pytest.fixture(scope="module")
def v1():
    return paths.load_checkpoint("01")


# --- the prompt and schemas every early checkpoint shares ---


@pytest.mark.parametrize("name", ["00", "01", "02"])
def test_prompt_and_edit_file_description_carry_the_course_rules(name):
    agent = paths.load_checkpoint(name)
    prompt = agent.SYSTEM_PROMPT.lower()
    for phrase in PHRASES_IN_PROMPT:
        assert phrase.lower() in prompt, phrase
    assert prompt.index("when in doubt, ask") < prompt.index(
        "but only if the request is truly ambiguous"
    )
    edit = next(t for t in agent.TOOLS if t["name"] == "edit_file")
    for phrase in PHRASES_IN_EDIT_FILE:
        assert phrase.lower() in edit["description"].lower(), phrase
    schemas = {t["name"]: t["input_schema"] for t in agent.TOOLS}
    assert schemas["list_files"]["required"] == ["path"]
    assert schemas["read_file"]["required"] == ["filename"]
    assert schemas["edit_file"]["required"] == ["path", "old_str", "new_str"]


def test_early_checkpoints_share_one_prompt_and_one_set_of_schemas():
    agents = [paths.load_checkpoint(n) for n in ("00", "01", "02")]
    assert len({a.SYSTEM_PROMPT for a in agents}) == 1
    assert all(a.TOOLS == agents[0].TOOLS for a in agents)


# --- the real tools ---


def test_list_files_marks_files_and_dirs(v1, project):
    (project / "pkg").mkdir()
    listing = v1.list_files(".").splitlines()
    assert "main.py [file]" in listing and "pkg [dir]" in listing
    assert listing == sorted(listing)


def test_edit_file_creates_then_edits_exactly_once(v1, project):
    assert v1.edit_file("new.py", "", "x = 1\n") == "Created new.py"
    assert v1.edit_file("new.py", "x = 1", "x = 2") == "Edited new.py"
    assert (project / "new.py").read_text() == "x = 2\n"
    assert not list(project.glob("*.tmp"))  # the temporary file was renamed into place


def test_edit_file_refuses_ambiguous_missing_and_overwriting_edits(v1, project):
    original = (project / "math_utils.py").read_text()
    assert v1.edit_file("math_utils.py", "return", "yield").startswith(
        "Error: old_str appears 2 times"
    )
    assert v1.edit_file("math_utils.py", "def divide", "x").startswith("Error: old_str not found")
    # an empty old_str creates a file; it must never overwrite one
    assert v1.edit_file("math_utils.py", "", "oops").startswith("Error:")
    assert (project / "math_utils.py").read_text() == original


@pytest.mark.parametrize(
    "name, tool_input",
    [
        ("read_file", {"filename": "../outside.txt"}),
        ("read_file", {"filename": "/etc/hostname"}),
        ("list_files", {"path": ".."}),
        ("edit_file", {"path": "../escape.py", "old_str": "", "new_str": "x"}),
        ("read_file", {"filename": "missing.py"}),
        ("read_file", {"name": "main.py"}),  # wrong argument name
        ("delete_file", {"path": "main.py"}),  # no such tool
    ],
)
def test_dispatch_turns_every_failure_into_an_error_string(v1, project, name, tool_input):
    result = v1.dispatch_tool(name, tool_input)
    assert isinstance(result, str) and result.startswith("Error:")
    assert not (project.parent / "escape.py").exists()


# --- the loops, through the SDK against the tutor model ---


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_matrix_row_passes(v1, client, project, row):
    before = snapshot(project)
    messages = [{"role": "user", "content": row.prompt}]
    reply = v1.run_turn(client, messages)
    assert protocol_errors(messages) == []
    assert judge_turn(row, messages, 0, before, snapshot(project)) is None
    assert reply and to_plain(messages)[-1]["role"] == "assistant"


def test_matrix_as_one_session_keeps_the_protocol_after_every_turn(v1, client, project):
    messages: list = []
    for row in ROWS:
        start, before = len(messages), snapshot(project)
        messages.append({"role": "user", "content": row.prompt})
        v1.run_turn(client, messages)
        assert protocol_errors(messages) == [], row.name
        assert judge_turn(row, messages, start, before, snapshot(project)) is None, row.name
    assert "def multiply" in (project / "math_utils.py").read_text()
    assert (project / "main.py").exists()


def test_create_is_one_tool_call_then_a_reply(v1, client, project):
    recorder = RecordingClient(client)
    messages = [{"role": "user", "content": ROWS[0].prompt}]
    v1.run_turn(recorder, messages)
    assert [r.stop_reason for r in recorder.responses] == ["tool_use", "end_turn"]
    plain = to_plain(messages)
    call = plain[1]["content"][-1]
    result = plain[2]["content"][0]
    assert call["name"] == "edit_file" and call["input"]["old_str"] == ""
    assert result["tool_use_id"] == call["id"] and result["content"] == "Created hello.py"


def test_parallel_calls_are_answered_in_one_user_message(v1, client, project):
    messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
    v1.run_turn(client, messages)
    plain = to_plain(messages)
    calls = [b for b in plain[1]["content"] if b["type"] == "tool_use"]
    results = plain[2]["content"]
    assert len(calls) == 2
    assert [r["tool_use_id"] for r in results] == [c["id"] for c in calls]
    assert "def slugify" in results[0]["content"]
    assert protocol_errors(messages) == []


def test_run_agent_loops_until_an_empty_line(v1, tutor_url, project, monkeypatch, capsys):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", tutor_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "tutor-offline")
    typed = iter([ROWS[0].prompt, "What does edit_file do?", ""])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    v1.run_agent()
    out = capsys.readouterr().out
    assert out.count("Assistant:") == 2 and out.rstrip().endswith("Goodbye.")
    assert (project / "hello.py").exists()
