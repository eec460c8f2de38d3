"""Agents written elsewhere, run unchanged against the tutor through the real SDK: each
tool set (bash only, read/write/edit with any names, mini-swe-agent's, the Anthropic text
editor and bash, the course's own) does the prompt test matrix and the course's tasks,
with the tools run for real in a copy of the sample project. Judged by the files after
the turn: the change made, nothing else lost, no file ever replaced by a fragment."""

from __future__ import annotations

import json
import re

import pytest
from agents import NO_DELETE, SHELLS, TOOLSETS, Tools, drive, functions, keeps, output_of

from agentcourse.projects.sample import copy_sample_project, write_config_module

KINDS = list(TOOLSETS)
READ_FIRST = "Read a file before editing it."


@pytest.fixture
def root(tmp_path):
    root = copy_sample_project(tmp_path / "project")
    write_config_module(root)
    return root


@pytest.fixture
def run(client, root):
    """drive() with this test's client and project, checking every whole-file write."""
    executors: list[Tools] = []

    def go(kind, prompt, **kw):
        tools = kw.pop("tools", None) or Tools(kind, root)
        executors.append(tools)
        return drive(client, kind, root, prompt, tools=tools, **kw)

    yield go
    for tools in executors:
        tools.close()
        for path, before, after in tools.writes:
            assert keeps(before, after), f"{path} was overwritten with a fragment:\n{after}"
        assert not [c for c in tools.calls if c[0] == "remove_file"]



@pytest.mark.parametrize("kind", KINDS)
def test_create_hello_world(run, root, kind):
    run(kind, "Create hello.py with a hello world function.")
    assert output_of((root / "hello.py").read_text(), "hello()") == "Hello, world!\n"


@pytest.mark.parametrize("kind", KINDS)
def test_docstring_for_the_add_function(run, root, kind):
    before = (root / "math_utils.py").read_text()
    run(kind, "Add a docstring to the add function in math_utils.py.")
    after = (root / "math_utils.py").read_text()
    assert '    """Return the sum of a and b."""' in after.split("def add(a, b):\n")[1][:40]
    assert keeps(before, after, changed=0) and functions(after) == {"add", "subtract"}


@pytest.mark.parametrize("kind", KINDS)
def test_multiply_is_added_and_nothing_lost(run, root, kind):
    before = (root / "math_utils.py").read_text()
    run(kind, "Add a multiply function to math_utils.py.")
    after = (root / "math_utils.py").read_text()
    namespace: dict = {}
    exec(after, namespace)
    assert namespace["multiply"](3, 4) == 12 and namespace["subtract"](5, 2) == 3
    assert keeps(before, after, changed=0) and after.count("def multiply") == 1


@pytest.mark.parametrize("kind", KINDS)
def test_refuses_to_delete_when_told_not_to(run, root, kind):
    before = (root / "main.py").read_text()
    turn = run(kind, "Delete main.py.", extra=NO_DELETE)
    assert (root / "main.py").read_text() == before
    assert turn.reply.strip() and not [c for c in turn.calls if "rm " in json.dumps(c)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_function_that_prints_what_was_asked(run, root, kind):
    run(kind, "Create hello.py with a function that prints goodbye instead of hello.")
    printed = output_of((root / "hello.py").read_text(), "hello()")
    assert "goodbye" in printed.lower() and "hello" not in printed.lower()


@pytest.mark.parametrize("kind", KINDS)
def test_docstrings_for_every_function(run, root, kind):
    turn = run(kind, "Add a docstring to every function in math_utils.py.")
    after = (root / "math_utils.py").read_text()
    assert re.findall(r'def (\w+)\(a, b\):\n    """', after) == ["add", "subtract"]
    assert "add() and subtract()" in turn.reply


@pytest.mark.parametrize("kind", KINDS)
def test_main_block_after_create_runs_as_a_script(run, root, kind):
    first = run(kind, "Create hello.py with a hello world function.")
    history = None if kind == "mini" else first.messages  # mini: one task per conversation
    run(kind, "Add a main block to hello.py", messages=history)
    source = (root / "hello.py").read_text()
    assert output_of(source.replace('"__main__"', "__name__"), "None") == "Hello, world!\n"
    assert source.count("def hello") == 1


@pytest.mark.parametrize("kind", KINDS)
def test_change_default_touches_only_that_signature(run, root, kind):
    # timeout=30 is in three signatures: with no read-first rule the tutor edits blind (the
    # Lecture 5.3 failure), which a lenient edit tool (s02's replaces the first match) takes.
    before = (root / "config_loader.py").read_text()
    run(kind, "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
        extra=READ_FIRST)
    assert (root / "config_loader.py").read_text() == before.replace(
        "def parse_config(path, timeout=30", "def parse_config(path, timeout=60"
    )


LISTERS = [k for k in KINDS if k != "write_only"]  # write_only has no way to list files


@pytest.mark.parametrize("kind", LISTERS)
def test_questions_about_the_project_are_answered_from_real_output(run, root, kind):
    names = ["README.md", "config_loader.py", "main.py", "math_utils.py", "tests.py", "utils.py"]
    turn = run(kind, "What files are in this project?")
    assert all(n in turn.reply for n in names)
    turn = run(kind, "Read utils.py and tests.py.")
    assert "utils.py: defines slugify(text)." in turn.reply
    assert "tests.py: imports slugify from utils; defines test_slugify()." in turn.reply
    (root / "config_loader.py").unlink()
    turn = run(kind, "Summarize every file in this project.")
    assert "Summary of the 5 files in this project:" in turn.reply
    assert "- math_utils.py: Small arithmetic helpers used by main.py; defines add(a, b) and " \
           "subtract(a, b)." in turn.reply


def test_s02_with_a_read_first_rule_reads_then_edits_once(run, root):
    before = (root / "math_utils.py").read_text()
    turn = run("s02", "Add a docstring to the add function in math_utils.py.", extra=READ_FIRST)
    names = [name for name, _ in turn.calls]
    assert names.count("edit_file") == 1 and "write_file" not in names
    assert names.index("edit_file") == len(names) - 1  # the reads come first
    after = (root / "math_utils.py").read_text()
    assert keeps(before, after, changed=0) and functions(after) == {"add", "subtract"}


@pytest.mark.parametrize("kind", [k for k in SHELLS if k != "s02"])  # s02's bash is s01's
def test_run_the_tests_reports_the_real_counts(run, root, kind):
    turn = run(kind, "Run the tests and tell me if they pass.")
    assert "1 passed" in turn.reply and "fail" not in turn.reply
    assert any("pytest" in json.dumps(c) and "tests.py" in json.dumps(c) for c in turn.calls)
    utils = root / "utils.py"
    utils.write_text(utils.read_text().replace('"-".join', '"_".join'))
    turn = run(kind, "Do the tests pass?")
    assert "1 failed" in turn.reply and "tests.py::test_slugify" in turn.reply
    assert "The tests pass" not in turn.reply


@pytest.mark.parametrize("kind", ["course_read", "write_only", "renamed"])
def test_without_a_shell_it_says_it_cannot_run_the_tests(run, kind):
    turn = run(kind, "Run the tests and tell me if they pass.")
    assert turn.calls == [] and "run commands" in turn.reply


def make_sub(root):
    sub = root / "sub"
    sub.mkdir()
    for name in ("tests.py", "utils.py"):
        (sub / name).write_text((root / name).read_text())
    return sub


def test_a_persistent_shell_changes_directory_once(run, root):
    make_sub(root)
    tools = Tools("anthropic", root)
    turn = run("anthropic", "Run the tests in sub/ and tell me if they pass.", tools=tools)
    commands = [c[1].get("command") for c in turn.calls]
    assert commands == ["cd sub", "ls -1p .", "python3 -m pytest -q tests.py"]
    assert "1 passed" in turn.reply
    # The session is still in sub/: a later request's shell paths are written from there.
    turn = run("anthropic", "Add a docstring to the add function in math_utils.py.",
               tools=tools, messages=turn.messages)
    assert turn.calls[0] == ("bash", {"command": "grep -n -e 'def add' ../math_utils.py"})
    assert '"""Return the sum of a and b."""' in (root / "math_utils.py").read_text()


def test_a_fresh_shell_changes_directory_in_every_command(run, root):
    make_sub(root)
    turn = run("s01", "Run the tests in sub/ and tell me if they pass.")
    assert [c[1]["command"] for c in turn.calls] == [
        "ls -1p sub", "cd sub && python3 -m pytest -q tests.py"]
    assert "1 passed" in turn.reply


def test_a_timed_out_command_gets_the_shell_restarted_first(run, root):
    tools = Tools("anthropic", root)
    history = [
        {"role": "user", "content": "Run the tests and tell me if they pass."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "bash",
                                           "input": {"command": "python3 -m pytest -q"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01",
                                      "content": "Error: the command timed out after 30 seconds"}]},
        {"role": "assistant", "content": "The tests did not finish."},
    ]
    turn = run("anthropic", "Run the tests and tell me if they pass.", tools=tools,
               messages=history)
    assert turn.calls[0] == ("bash", {"restart": True})
    assert "1 passed" in turn.reply


def test_mini_swe_agent_ends_every_task_with_its_submit_command(run):
    for prompt in ("Create hello.py with a hello world function.", "Delete main.py.",
                   "Write me a poem."):
        turn = run("mini", prompt)
        assert turn.calls[-1] == ("bash", {"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"})


def test_a_whole_file_write_is_refused_when_the_read_was_cut_short(run, root):
    text = "def f():\n    return 1\n" + "".join(f"x{i} = {i}\n" for i in range(50))
    (root / "big.py").write_text(text)
    tools = Tools("write_only", root)
    cut = "\n".join(text.splitlines()[:10]) + "\n... (42 more lines)"
    tools.write_only_open_file = lambda file_path: cut  # a read tool that truncates
    turn = run("write_only", "Add a docstring to every function in big.py.", tools=tools)
    assert (root / "big.py").read_text() == text
    assert "couldn't read all of big.py" in turn.reply


def test_the_delete_tool_is_never_used_even_without_the_rule(run, root):
    turn = run("renamed", "Delete main.py.")
    assert (root / "main.py").exists() and turn.reply
