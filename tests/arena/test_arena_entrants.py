"""Entrants: checkpoints by number, folders checked without importing them, command lines."""

from __future__ import annotations

import pytest

from agentcourse.arena.entrants import command_entrant, entrant
from agentcourse.errors import BadEntrant


def test_a_checkpoint_number_names_its_folder():
    e = entrant("08")
    assert e.kind == "program" and e.folder.name == "08-anthropic-tools"


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(BadEntrant, match="no such folder"):
        entrant(str(tmp_path / "nobody"))


def test_a_folder_without_agent_py_is_refused(tmp_path):
    with pytest.raises(BadEntrant, match="no agent.py"):
        entrant(str(tmp_path))


def test_an_agent_without_run_turn_is_refused_without_running_it(tmp_path):
    (tmp_path / "agent.py").write_text("raise SystemExit('imported!')\ndef run(client, messages): pass\n")
    with pytest.raises(BadEntrant, match="run_turn"):
        entrant(str(tmp_path))


def test_an_empty_command_is_refused():
    with pytest.raises(BadEntrant):
        command_entrant("   ")


def test_a_command_is_named_by_its_program_and_arguments():
    assert command_entrant("/opt/tools/bin/claude -p").name == "claude -p"
