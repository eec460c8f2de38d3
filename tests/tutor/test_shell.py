"""The shell commands the tutor writes, run in a real bash: a create never overwrites, an
edit replaces exactly one occurrence or changes nothing and says why; and the output the
tutor reads back, in the wrappers agents put around it."""

from __future__ import annotations

import json

import pytest
from tutor_sim import run_shell

from agentcourse.tutor.act import shell

AWKWARD = [
    "def f():\n    return 'it''s'\n",
    'x = "$HOME `date` $(ls) \\n"\n',
    "EOF\nline after a bare EOF\nEOF_1\n",
    "no final newline",
    "tabs\tand trailing spaces   \nünïcödé ✓\n",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_create_writes_exactly_the_text(tmp_path, text):
    out = run_shell(shell.create("new.py", text), tmp_path)
    assert out.strip() == "Created new.py"
    written = (tmp_path / "new.py").read_text(encoding="utf-8")
    assert written == (text if text.endswith("\n") else text + "\n")
    assert shell.parse_command(shell.create("new.py", text)) == (
        "create", "new.py", {"text": text if text.endswith("\n") else text + "\n"})


def test_create_never_overwrites_and_says_so(tmp_path):
    (tmp_path / "main.py").write_text("keep me\n")
    out = run_shell(shell.create("main.py", "print('x')\n"), tmp_path)
    assert (tmp_path / "main.py").read_text() == "keep me\n"
    assert shell.failed("create", "main.py", out, None) and "cannot overwrite" in out


def test_create_makes_the_folder(tmp_path):
    run_shell(shell.create("src/pkg/a.py", "A = 1\n"), tmp_path)
    assert (tmp_path / "src/pkg/a.py").read_text() == "A = 1\n"


@pytest.mark.parametrize("old, new", [("b = 2", "b = 3"), ("it's", 'it\'s "quoted"\nEOF')])
def test_edit_replaces_one_occurrence(tmp_path, old, new):
    (tmp_path / "a.py").write_text(f"a = 1\r\n{old}\r\nc = 3\r\n", encoding="utf-8", newline="")
    out = run_shell(shell.edit("a.py", old, new), tmp_path)
    assert not shell.failed("edit", "a.py", out, None), out
    assert (tmp_path / "a.py").read_bytes().decode() == f"a = 1\r\n{new}\r\nc = 3\r\n"
    assert shell.parse_command(shell.edit("a.py", old, new)) == (
        "edit", "a.py", {"old": old, "new": new})


@pytest.mark.parametrize("text, count", [("a = 1\n", 0), ("x = 1\nx = 1\n", 2)])
def test_edit_that_is_not_exactly_once_changes_nothing(tmp_path, text, count):
    (tmp_path / "a.py").write_text(text)
    out = run_shell(shell.edit("a.py", "x = 1", "x = 2"), tmp_path)
    assert (tmp_path / "a.py").read_text() == text
    assert shell.failed("edit", "a.py", out, None)
    assert f"occurs {count} times" in out
    assert not list(tmp_path.glob("*.tutor-tmp"))


def test_edit_of_a_missing_file_fails_loudly(tmp_path):
    out = run_shell(shell.edit("nope.py", "a", "b"), tmp_path)
    assert shell.failed("edit", "nope.py", out, None) and "No such file" in out


def test_a_search_of_a_folder_greps_every_file_under_it(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = slugify(t)\n")
    (tmp_path / "b.py").write_text("def slugify(t):\n")
    out = run_shell(shell.search("slugify", "."), tmp_path)
    assert "./pkg/a.py:1:" in out and "./b.py:1:" in out
    assert shell.parse_command(shell.search("slugify", ".")) == ("search", ".", {"pattern": "slugify"})
    assert shell.search("slugify", "b.py") == "grep -n -e slugify b.py"  # one file: no -r


def test_reads_number_their_lines(tmp_path):
    (tmp_path / "a.py").write_text("one\ntwo\nthree\n")
    assert run_shell(shell.read("a.py"), tmp_path) == "     1\tone\n     2\ttwo\n     3\tthree\n"
    assert run_shell(shell.read_lines("a.py", 2, 3), tmp_path) == "     2\ttwo\n     3\tthree\n"
    assert run_shell(shell.search("^t", "a.py"), tmp_path) == "2:two\n3:three\n"
    assert run_shell(shell.search("-n", "a.py"), tmp_path) == ""  # a pattern is never an option


@pytest.mark.parametrize(
    "command, parsed",
    [
        ("cat -n a.py", ("read", "a.py", {})),
        ("cat a.py", ("read", "a.py", {})),
        ("nl -ba a.py | sed -n '10,20p'", ("read_lines", "a.py", {"start": 10, "end": 20})),
        ("sed -n '3,8p' a.py", ("read_lines", "a.py", {"start": 3, "end": 8})),
        ("grep -n 'def add' a.py", ("search", "a.py", {"pattern": "def add"})),
        ("ls -la src", ("list", "src", {})),
        ("cd sub", ("cd", "sub", {})),
        ("cat <<'EOF' > n.py\nx = 1\nEOF", ("create", "n.py", {"text": "x = 1\n"})),
        ("cat > n.py << EOF\nx = 1\nEOF\n", ("create", "n.py", {"text": "x = 1\n"})),
        ("rm -rf /", ("other", "", {})),
        ("echo 'unbalanced", ("other", "", {})),
    ],
)
def test_commands_written_by_hand_are_read_back(command, parsed):
    assert shell.parse_command(command) == parsed


@pytest.mark.parametrize(
    "result, expected",
    [
        ('{"returncode": 0, "output": "hello\\n"}', ("hello\n", 0)),
        ('{"returncode": 2, "output_head": "a", "output_tail": "b", "elided_chars": 9}',
         ("a\nb", 2)),
        ("<returncode>1</returncode>\n<output>\nboom\n</output>", ("boom", 1)),
        ("plain text", ("plain text", None)),
        ("{not json", ("{not json", None)),
    ],
)
def test_output_is_taken_out_of_an_agents_wrapper(result, expected):
    assert shell.unwrap(result) == expected


PYTEST_FAIL = """\
F.                                                                       [100%]
=================================== FAILURES ===================================
FAILED tests.py::test_slugify - AssertionError: assert 'hello world' == 'hello-world'
1 failed, 1 passed in 0.03s
"""
UNITTEST_FAIL = """\
F.
======================================================================
FAIL: test_x (tests.T.test_x)
----------------------------------------------------------------------
Ran 2 tests in 0.001s

FAILED (failures=1)
"""


@pytest.mark.parametrize(
    "output, counts, failing",
    [
        (".                                                                        [100%]\n"
         "1 passed in 0.01s\n", {"passed": 1}, []),
        (PYTEST_FAIL, {"failed": 1, "passed": 1}, ["tests.py::test_slugify"]),
        ("==== 2 passed, 1 skipped, 3 warnings in 0.2s ====", {"passed": 2, "skipped": 1,
                                                               "warning": 3}, []),
        ("ERROR tests.py - SyntaxError\n1 error in 0.1s", {"error": 1}, ["tests.py"]),
        (UNITTEST_FAIL, {"passed": 1, "failed": 1}, ["test_x"]),
        ("Ran 3 tests in 0.002s\n\nOK\n", {"passed": 3}, []),
        ("\nno tests ran in 0.01s\n", {}, []),
    ],
)
def test_test_summaries_are_read_from_the_real_output(output, counts, failing):
    summary = shell.test_summary(output)
    assert summary["counts"] == counts and summary["failed"] == failing


def test_no_summary_in_output_that_has_none():
    assert shell.test_summary("bash: python3: command not found") is None


def test_timeouts_are_recognised_only_where_a_tool_reports_them():
    assert shell.timed_out("Error: the command timed out after 30 seconds")
    assert shell.timed_out(json.loads('{"o": "Timeout (120s)"}')["o"])
    assert not shell.timed_out("tests.py::test_timeout PASSED\n1 passed")
