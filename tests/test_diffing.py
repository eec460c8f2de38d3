"""`agentcourse diff A B`: a unified diff of two checkpoints' programs and a +N/-M summary."""

from __future__ import annotations

import difflib
import io

import pytest
from rich.console import Console

from agentcourse import cli, diffing, paths
from agentcourse.errors import UnknownCheckpoint


def program_lines(name):
    return paths.checkpoint_program(paths.find_checkpoint(name)).read_text().splitlines()


def test_counts_match_difflib():
    diff = diffing.diff_checkpoints("03", "04")
    opcodes = difflib.SequenceMatcher(None, program_lines("03"), program_lines("04")).get_opcodes()
    removed = sum(i2 - i1 for tag, i1, i2, _, _ in opcodes if tag in ("replace", "delete"))
    added = sum(j2 - j1 for tag, _, _, j1, j2 in opcodes if tag in ("replace", "insert"))
    assert (diff.added, diff.removed) == (added, removed)
    assert diff.lines[0] == "--- checkpoints/03-real-tools/agent.py"
    assert diff.lines[1] == "+++ checkpoints/04-search-read-lines/agent.py"


def test_names_and_numbers_find_the_same_checkpoint():
    by_number = diffing.diff_checkpoints("3", "04")
    by_name = diffing.diff_checkpoints("03-real-tools", "04-search-read-lines")
    assert by_number == by_name


def test_identical_programs_say_so():
    diff = diffing.diff_checkpoints("04", "04")
    assert diff.lines == [] and diffing.summary(diff).startswith("no differences")


def test_unknown_checkpoint_is_a_clear_error(capsys):
    with pytest.raises(UnknownCheckpoint):
        diffing.diff_checkpoints("03", "99")
    assert cli.main(["diff", "03", "99"]) == UnknownCheckpoint.exit_status
    assert "valid checkpoints" in capsys.readouterr().err


def test_cli_prints_plain_diff_and_summary_when_piped(capsys):
    assert cli.main(["diff", "02", "03"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "\x1b[" not in "\n".join(out)  # no colour codes into a pipe
    assert any(line.startswith("+def resolve_in_root(path):") for line in out)
    assert out[-1].startswith("+") and "/-" in out[-1] and out[-1].endswith("lines (checkpoints/02-stub-agent/agent.py -> checkpoints/03-real-tools/agent.py)")


def test_terminal_output_is_coloured():
    out = io.StringIO()
    diffing.print_diff(diffing.diff_checkpoints("03", "04"), Console(file=out, force_terminal=True))
    text = out.getvalue()
    assert "\x1b[32m+" in text and "\x1b[31m-" in text
