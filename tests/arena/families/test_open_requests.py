"""The four requests a self-learner types without naming a file ("Rename add to add_numbers
everywhere.", "What does main.py do?", "Find every TODO.", "Create a README for this
project.") work in the course's sample project with the course's checkpoints and with tool
sets written elsewhere, judged by outcome: the files after the turn and the facts in the
reply."""

from __future__ import annotations

import ast
import re

import pytest
from tutor_play import play

from agentcourse.arena.families import FAMILIES, Instance
from agentcourse.arena.play import play_module
from agentcourse.paths import SAMPLE_PROJECT_DIR, load_checkpoint
from agentcourse.tutor.act.families.explain_function import explain_module
from agentcourse.tutor.act.families.moves import word
from agentcourse.tutor.act.families.rename import rename_uses
from agentcourse.tutor.understand import tasks

RENAME = "Rename add to add_numbers everywhere."
EXPLAIN = "What does main.py do?"
TODOS = "Find every TODO."
README = "Create a README for this project."
KINDS = ("04", "08", "s02")  # the course's search tools, its Anthropic tools, a foreign set


def sample() -> dict[str, str]:
    """The sample project's files, as a learner's copy has them."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(SAMPLE_PROJECT_DIR.iterdir())
            if p.is_file() and not p.name.startswith(".")}


@pytest.fixture(scope="module")
def checkpoints():
    """Checkpoints 03, 04 and 08, loaded once; 08's approval says yes (the arena's rule)."""
    loaded = {cp: load_checkpoint(cp) for cp in ("03", "04", "08")}
    loaded["08"].GUARDRAIL.ask = lambda command, programs, reason: "y"
    return loaded


def turn(kind, request, files, client, tmp_path, checkpoints):
    """One turn of checkpoint or tool set `kind` on `files`: (files after, reply, results),
    the agent's own hidden files (its trace) left out."""
    task = Instance("open", 0, request, files)
    if kind in checkpoints:
        result, _ = play_module(task, checkpoints[kind], client, tmp_path / "project")
    else:
        result = play(client, kind, task, tmp_path)
    after = {p: t for p, t in result.after.items() if not p.startswith(".")}
    return after, result.reply, "\n".join(result.results)


# ----------------------------------------------------------------------------- which family


@pytest.mark.parametrize(("request_", "name"), [
    (RENAME, "rename"), ("Rename the function add to add_numbers.", "rename"),
    ("rename add() to add_numbers()", "rename"),
    (EXPLAIN, "explain-function"), ("What is utils.py for?", "explain-function"),
    ("Explain math_utils.py.", "explain-function"), ("Tell me what main.py does.", "explain-function"),
    (TODOS, "list-todos"), ("List all the TODOs in this project.", "list-todos"),
    ("What TODOs are left?", "list-todos"), ("Are there any TODOs?", "list-todos"),
    (README, "create-readme"), ("Create a README.", "create-readme"),
    ("Write a README file for this project.", "create-readme"),
])
def test_each_open_request_is_taken_by_its_family_alone(request_, name):
    assert [n for n, f in FAMILIES.items() if f.match(request_)] == [name]


def test_the_help_reply_lists_requests_the_families_take():
    for prompt in tasks.FAMILY_PROMPTS:
        assert prompt in tasks.HELP_PROMPTS
        assert any(f.match(prompt) for f in FAMILIES.values()), prompt


@pytest.mark.parametrize("request_", [
    "Rename notes.py to notes_old.py.", "Rename it to add_numbers.", "Show me how to write a TODO app.",
    "Add a TODO list feature to app.py.", "What does edit_file do?", "Update the README.",
    "Create README.rst for the docs."])
def test_look_alike_requests_are_not_taken_by_these_families(request_):
    names = ("rename", "explain-function", "list-todos", "create-readme")
    assert [n for n in names if FAMILIES[n].match(request_)] == []


# ----------------------------------------------------------------------------- rename


@pytest.mark.parametrize("kind", ("03",) + KINDS + ("s01",))
def test_rename_everywhere_renames_the_definition_and_every_use(kind, client, tmp_path, checkpoints):
    before = sample()
    after, reply, _ = turn(kind, RENAME, before, client, tmp_path, checkpoints)
    assert "def add_numbers(a, b):" in after["math_utils.py"]
    assert "from math_utils import add_numbers, subtract" in after["main.py"]
    assert 'add_numbers(2, 3)' in after["main.py"]
    assert not any(word("add").search(after[p]) for p in ("main.py", "math_utils.py"))
    assert {p: after[p] for p in ("README.md", "tests.py", "utils.py")} == \
           {p: before[p] for p in ("README.md", "tests.py", "utils.py")}
    for path in ("main.py", "math_utils.py"):
        ast.parse(after[path])
    assert "main.py" in reply and "math_utils.py" in reply and "add_numbers" in reply


def test_rename_leaves_longer_names_and_words_in_strings_and_comments(client, tmp_path, checkpoints):
    files = sample()
    files["math_utils.py"] += "\n\ndef add_all(xs):\n    # add each one\n    return sum(xs)\n"
    files["main.py"] = files["main.py"].replace(
        '    print("5', '    print("add", add_all([1, 2]), f"{add(1, 1)}")\n    print("5')
    after, reply, _ = turn("04", RENAME, files, client, tmp_path, checkpoints)
    assert 'print("add", add_all([1, 2]), f"{add_numbers(1, 1)}")' in after["main.py"]
    assert "def add_all(xs):\n    # add each one" in after["math_utils.py"]
    assert "Also left as they were: 2 mentions in comments or strings" in reply


def test_rename_keeps_other_objects_attributes_and_renames_the_module_s_own(client, tmp_path, checkpoints):
    files = sample()
    files["main.py"] = files["main.py"].replace(
        "def main():", "import math_utils\n\n\ndef main():\n    seen = set()\n    seen.add(math_utils.add(1, 1))")
    after, reply, _ = turn("s02", RENAME, files, client, tmp_path, checkpoints)
    assert "seen.add(math_utils.add_numbers(1, 1))" in after["main.py"]
    assert "1 attribute of other objects" in reply


def test_rename_with_no_definition_says_so_and_changes_nothing(client, tmp_path, checkpoints):
    files = sample()
    files["math_utils.py"] = files["math_utils.py"].replace("def add(", "def plus(")
    for kind in ("04", "s02"):
        after, reply, _ = turn(kind, RENAME, files, client, tmp_path / kind, checkpoints)
        assert after == files
        assert "couldn't find a function named add in this project" in reply and "main.py" in reply


def test_rename_with_two_definitions_asks_which_and_changes_nothing(client, tmp_path, checkpoints):
    files = sample()
    files["utils.py"] += "\n\ndef add(text, suffix):\n    return text + suffix\n"
    for kind in ("08", "s02"):
        after, reply, _ = turn(kind, RENAME, files, client, tmp_path / kind, checkpoints)
        assert after == files
        assert "math_utils.py (line 4)" in reply and "utils.py (line 6)" in reply
        assert "Which one" in reply


def test_rename_without_a_way_to_find_the_files_says_what_it_needs(client, tmp_path, checkpoints):
    after, reply, _ = turn("write_only", RENAME, sample(), client, tmp_path, checkpoints)
    assert after == sample() and "search the folder or list its files" in reply


def test_rename_uses_skips_prose_and_other_objects_and_keeps_f_string_uses():
    text = 'x = add(1)  # add\ny = "add"\nz = f"{add(2)}"\nadd_all = 3\ns.add(m.add(4))\n'
    renamed, said, other = rename_uses(text, "add", "plus", home="m")
    assert renamed == 'x = plus(1)  # add\ny = "add"\nz = f"{plus(2)}"\nadd_all = 3\ns.add(m.plus(4))\n'
    assert (said, other) == (2, 1)


# ----------------------------------------------------------------------------- what a file does


@pytest.mark.parametrize("kind", ("03",) + KINDS + ("write_only",))
def test_what_does_main_py_do_is_answered_from_the_file(kind, client, tmp_path, checkpoints):
    after, reply, results = turn(kind, EXPLAIN, sample(), client, tmp_path, checkpoints)
    assert after == sample()
    assert 'if __name__ == "__main__":' in results  # read, not remembered
    assert "imports add, subtract from math_utils" in reply
    assert "main() calls add and subtract" in reply and "prints" in reply
    assert "Run as a script (`python main.py`), it calls `main()`" in reply


def test_the_answer_follows_the_file_not_the_course(client, tmp_path, checkpoints):
    files = {**sample(), "main.py": "import sys\n\n\ndef shout(word):\n    return word.upper()\n\n\n"
                                    "if __name__ == '__main__':\n    print(shout(sys.argv[1]))\n"}
    _, reply, _ = turn("s02", EXPLAIN, files, client, tmp_path, checkpoints)
    assert "shout" in reply and "math_utils" not in reply and "subtract" not in reply
    assert "`print(shout(sys.argv[1]))`" in reply


def test_a_missing_file_gets_an_honest_error(client, tmp_path, checkpoints):
    after, reply, _ = turn("04", "What does mian.py do?", sample(), client, tmp_path, checkpoints)
    assert after == sample()
    assert "no such file" in reply and "Did you mean main.py?" in reply


def test_a_file_that_does_not_parse_is_not_explained():
    said = explain_module("broken.py", "def f(:\n    pass\n")
    assert "does not parse as Python" in said and "line 1" in said


# ----------------------------------------------------------------------------- TODOs


@pytest.mark.parametrize("kind", ("03",) + KINDS)
def test_find_every_todo_in_the_sample_project_finds_none(kind, client, tmp_path, checkpoints):
    after, reply, _ = turn(kind, TODOS, sample(), client, tmp_path, checkpoints)
    assert after == sample()
    assert reply.startswith("There are no TODO comments in this project")


@pytest.mark.parametrize("kind", KINDS + ("s01",))
def test_find_every_todo_lists_each_with_its_file_and_line(kind, client, tmp_path, checkpoints):
    files = {**sample(), "notes.txt": "shopping\n# TODO: buy milk\n"}
    files["utils.py"] += "\n# TODO: handle empty text\n"
    files["main.py"] = files["main.py"].replace(
        "def main():", "def main():\n    # NOTE: not a todo\n    # TODO: read numbers from argv")
    after, reply, _ = turn(kind, TODOS, files, client, tmp_path, checkpoints)
    assert after == files
    assert reply.startswith("3 TODOs in this project")
    for line in ("- main.py, line 6: read numbers from argv", "- notes.txt, line 2: buy milk",
                 "- utils.py, line 5: handle empty text"):
        assert line in reply
    assert "not a todo" not in reply


def test_find_every_todo_names_the_folders_it_did_not_open(client, tmp_path, checkpoints):
    files = {**sample(), "pkg/core.py": "# TODO: later\n"}
    _, reply, _ = turn("s02", TODOS, files, client, tmp_path, checkpoints)
    assert "I did not look inside pkg/" in reply


# ----------------------------------------------------------------------------- README


@pytest.mark.parametrize("kind", ("03",) + KINDS)
def test_create_a_readme_leaves_the_existing_one_and_says_so(kind, client, tmp_path, checkpoints):
    after, reply, _ = turn(kind, README, sample(), client, tmp_path, checkpoints)
    assert after == sample()
    assert "README.md already exists" in reply


@pytest.mark.parametrize("kind", KINDS)
def test_create_a_readme_without_one_writes_it_from_the_modules(kind, client, tmp_path, checkpoints):
    files = {p: t for p, t in sample().items() if p != "README.md"}
    after, reply, _ = turn(kind, README, files, client, tmp_path, checkpoints)
    assert {p: t for p, t in after.items() if p != "README.md"} == files
    for name in ("main.py", "math_utils.py", "utils.py", "add(a, b)", "subtract(a, b)", "slugify(text)"):
        assert name in after["README.md"]
    assert re.match(r"Created README\.md", reply)


def test_a_method_is_renamed_where_objects_call_it(client, tmp_path, checkpoints):
    files = {**sample(), "shapes.py": "class Box:\n    def grow(self, n):\n        return n\n",
             "main.py": "from shapes import Box\n\n\nprint(Box().grow(2))\n"}
    after, _, _ = turn("s02", "Rename grow to enlarge everywhere.", files, client, tmp_path, checkpoints)
    assert "def enlarge(self, n):" in after["shapes.py"] and "Box().enlarge(2)" in after["main.py"]
