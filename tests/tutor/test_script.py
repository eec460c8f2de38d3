"""The script as data: tasks, failure modes, builders, the generated doc tables and the
benchmark file."""

from __future__ import annotations

import ast

import pytest

from agentcourse.api import blocks
from agentcourse.paths import REPO_ROOT
from agentcourse.projects.sample import config_module_text, write_config_module
from agentcourse.tutor import script_doc
from agentcourse.tutor.understand import failure_modes, script, tasks


@pytest.mark.parametrize("task", tasks.TASKS, ids=lambda t: t.name)
def test_each_example_prompt_selects_its_own_task(task):
    first = next(t for t in tasks.TASKS if t.match(task.example))
    assert first.name == task.name


@pytest.mark.parametrize(
    "prompt, task, groups",
    [
        ("Create hello.py with a hello world function.", "create", {"file": "hello.py"}),
        (
            "Add a multiply function to math_utils.py.",
            "add-function",
            {"file": "math_utils.py", "name": "multiply"},
        ),
        ("Delete main.py.", "delete", {"file": "main.py"}),
        ("What does edit_file do?", "explain-tool", {"tool": "edit_file"}),
        (
            "Add a docstring to the add function in math_utils.py.",
            "docstring",
            {"func": "add", "file": "math_utils.py"},
        ),
        ("Read utils.py and tests.py.", "read-many", {"files": "utils.py and tests.py."}),
        (
            "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
            "change-default",
            {
                "file": "config_loader.py",
                "param": "timeout",
                "func": "parse_config",
                "old": "30",
                "new": "60",
            },
        ),
        (
            "add a docstring to the subtract function",
            "docstring",
            {"func": "subtract", "file": None},
        ),
        ("Write a JavaScript hello world and put it in hello.js.", "create", {"file": "hello.js"}),
    ],
)
def test_patterns_capture_what_the_tasks_need(prompt, task, groups):
    first = next(t for t in tasks.TASKS if t.match(prompt))
    assert first.name == task
    found = first.match(prompt).groupdict()
    assert {k: found[k] for k in groups} == groups


@pytest.mark.parametrize(
    "prompt",
    [
        "Hello!",
        "Fix the bug in main.py.",
        "What is Python?",
        "Read the README and tell me what it says.",
    ],
)
def test_other_prompts_select_no_task_or_fall_through(prompt):
    names = [t.name for t in tasks.TASKS if t.match(prompt)]
    assert names in ([], ["explain-tool"])


def test_failure_modes_are_complete_data():
    assert len(failure_modes.FAILURE_IDS) == len(set(failure_modes.FAILURE_IDS)) == 5
    for mode in failure_modes.FAILURE_MODES:
        assert mode.counts and mode.look_alikes and mode.recognised and mode.where
        assert mode.failure and mode.rule and mode.behaviour and mode.fix and mode.triggers_on


def test_builders_make_api_shaped_blocks():
    assert blocks.text("hi") == {"type": "text", "text": "hi"}
    assert blocks.tool_use("toolu_1", "read_file", {"filename": "a.py"}) == {
        "type": "tool_use",
        "id": "toolu_1",
        "name": "read_file",
        "input": {"filename": "a.py"},
    }
    assert blocks.tool_result("toolu_1", "Error: x", is_error=True)["is_error"] is True
    assert blocks.user("hi") == {"role": "user", "content": "hi"}
    assert blocks.assistant([blocks.text("ok")])["role"] == "assistant"


def test_doc_tables_match_the_data():
    doc = (REPO_ROOT / "docs" / "TUTOR-SCRIPT.md").read_text(encoding="utf-8")
    assert script_doc.render_doc(doc) == doc, "run: python -m agentcourse.tutor.script_doc --write"
    for table in (script_doc.task_table(), script_doc.failure_table(), script_doc.detection_table()):
        assert table in doc
    for table in (script_doc.intents_table(), script_doc.lexicon_table()):
        assert table in doc
    tutor = (REPO_ROOT / "docs" / "TUTOR.md").read_text(encoding="utf-8")
    assert script_doc.render_doc(tutor, script_doc.GENERATED_TUTOR) == tutor, \
        "run: python -m agentcourse.tutor.script_doc --write"


def test_canned_source_is_valid_python():
    for source in (
        script.HELLO_SOURCE,
        script.MULTIPLY_SOURCE,
        script.MAIN_BLOCK.format(call="f()"),
    ):
        ast.parse(source)


@pytest.mark.parametrize("lines", [100, 500, 800])
def test_config_module_is_deterministic_python_of_the_asked_length(lines):
    text = config_module_text(lines)
    assert text == config_module_text(lines) and len(text.splitlines()) == lines
    ast.parse(text)
    where = [
        i
        for i, line in enumerate(text.splitlines(), 1)
        if line.startswith("def parse_config(path, timeout=30")
    ]
    assert len(where) == 1 and lines * 0.35 < where[0] < lines * 0.65
    assert text.count("timeout=30") >= 2  # a blind edit of "timeout=30" is ambiguous


def test_write_config_module_writes_into_the_root(tmp_path):
    path = write_config_module(tmp_path)
    assert path == tmp_path / "config_loader.py" and path.read_text() == config_module_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config_loader.py"]
