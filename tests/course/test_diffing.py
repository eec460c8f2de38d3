"""`agentcourse diff A B`: a unified diff of two checkpoints' programs and a +N/-M summary."""

from __future__ import annotations

import difflib
import io

import pytest
from rich.console import Console

from agentcourse import cli, paths
from agentcourse.course import diffing
from agentcourse.errors import UnknownCheckpoint


def program_lines(name):
    return paths.checkpoint_program(paths.find_checkpoint(name)).read_text().splitlines()


def changes(a, b):
    """(added, removed) lines between two lists of lines, by difflib's own opcodes."""
    opcodes = difflib.SequenceMatcher(None, a, b).get_opcodes()
    removed = sum(i2 - i1 for tag, i1, i2, _, _ in opcodes if tag in ("replace", "delete"))
    added = sum(j2 - j1 for tag, _, _, j1, j2 in opcodes if tag in ("replace", "insert"))
    return added, removed


def module_lines(checkpoint, name):
    path = paths.find_checkpoint(checkpoint) / name
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_counts_match_difflib_over_the_program_and_every_module():
    diff = diffing.diff_checkpoints("03", "04")
    program = changes(program_lines("03"), program_lines("04"))
    tools = changes(module_lines("03", "tools.py"), module_lines("04", "tools.py"))
    assert (diff.added, diff.removed) == (program[0] + tools[0], program[1] + tools[1])
    assert diff.lines[0] == "--- checkpoints/03-real-tools/agent.py"
    assert diff.lines[1] == "+++ checkpoints/04-search-read-lines/agent.py"
    assert diff.changed == ["agent.py", "tools.py"]  # turns.py is carried byte for byte


def test_a_carried_module_does_not_show_and_a_new_one_shows_whole():
    diff = diffing.diff_checkpoints("04", "05")
    assert diff.changed == ["agent.py", "usage.py (new)"]
    assert "--- /dev/null" in diff.lines and "+++ checkpoints/05-instrumented/usage.py" in diff.lines
    assert not any(line.endswith("tools.py") for line in diff.lines)


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
    assert out[-1].startswith("+") and "/-" in out[-1] and out[-1].endswith(
        "lines (checkpoints/02-stub-agent -> checkpoints/03-real-tools: agent.py, "
        "tools.py (new), turns.py (new))")


def test_terminal_output_is_coloured():
    out = io.StringIO()
    diffing.print_diff(diffing.diff_checkpoints("03", "04"), Console(file=out, force_terminal=True))
    text = out.getvalue()
    assert "\x1b[32m+" in text and "\x1b[31m-" in text
