"""The course's tasks asked in many words, and near misses, through the real SDK with the
course's tools (and a bash-only agent for a share of them). Judged by the project's files
after the turn: the asked-for change made, nothing else changed; a request the tutor
cannot fully honour changes nothing it was not asked to and never claims it did."""

from __future__ import annotations

import ast
import contextlib
import copy
import io
import re

import pytest
from agents import NO_DELETE, Tools, drive
from tutor_sim import request as body
from tutor_sim import tools_read

from agentcourse.api.outcome import snapshot
from agentcourse.projects.sample import copy_sample_project, write_config_module
from agentcourse.tutor.act import brain
from agentcourse.tutor.understand import script

# Which agents ask each request: the course's tools always, a bash-only agent for some.
BOTH = ("course_read", "s01")


def asked_by(cases: list, every: int, ids: list[str] | None = None) -> list:
    """Every case for the course's tools; every `every`-th case also for the bash-only
    agent (the shell paths are slower, and a share of the phrasings covers them)."""
    params = []
    for i, case in enumerate(cases):
        values = case if isinstance(case, tuple) else (case,)
        label = ids[i] if ids else values[0]
        for kind in BOTH if i % every == 0 else BOTH[:1]:
            params.append(pytest.param(*values, kind, id=f"{label}-{kind}"))
    return params


@pytest.fixture
def root(tmp_path):
    root = copy_sample_project(tmp_path / "project")
    write_config_module(root)
    return root


def ask(client, root, prompt, kind="course_read", extra=""):
    tools = Tools(kind, root)
    try:
        return drive(client, kind, root, prompt, tools=tools, extra=extra)
    finally:
        tools.close()


def printed_by(source: str, func: str) -> str:
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<file>", "exec"), namespace)
        namespace[func]()
    return out.getvalue()


def documented(source: str) -> set[str]:
    return {n.name for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.FunctionDef) and ast.get_docstring(n)}


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {f for f in before.keys() | after.keys() if before.get(f) != after.get(f)}


# ----------------------------------------------------------------------------- new files

HELLO_WORLD = [
    "Create hello.py with a hello world function.",
    "Please create hello.py containing a hello world function",
    "Make a file called hello.py with a function that prints hello world",
    "Can you write hello.py with a hello-world function?",
    "Create a new file hello.py with a function hello() that prints 'Hello, world!'",
    "create hello.py: a hello world function",
    "Add a new file hello.py with a hello world function.",
    "Write a hello world function in a new file hello.py",
    "Generate hello.py with a hello world function please",
    "Could you make hello.py, with a function printing Hello World?",
]


@pytest.mark.parametrize("prompt, kind", asked_by(HELLO_WORLD, every=3))
def test_hello_world_asked_in_other_words(client, root, prompt, kind):
    before = snapshot(root)
    turn = ask(client, root, prompt, kind)
    after = snapshot(root)
    assert changed(before, after) == {"hello.py"}
    assert printed_by(after["hello.py"], "hello").lower().startswith("hello, world")
    assert "I did not do" not in turn.reply  # every word of the request was accounted for


# (prompt, file, function, what it prints)
PRINTS = [
    ("Create hello.py with a function that prints goodbye instead of hello.", "hello.py",
     "hello", "goodbye"),
    ("Create bye.py with a function that prints 'See you later'", "bye.py", "bye",
     "See you later"),
    ("Make greet.py with a greet function that says “Good morning”", "greet.py", "greet",
     "Good morning"),
    ("Write farewell.py containing a function called farewell that prints Goodbye!",
     "farewell.py", "farewell", "Goodbye!"),
    ("Create shout.py with a function named yell that outputs HEY", "shout.py", "yell", "HEY"),
    ('Please create a file hi.py with a function that prints "Hi there" and nothing else',
     "hi.py", "hi", "Hi there"),
]


@pytest.mark.parametrize("kind", BOTH)
@pytest.mark.parametrize("prompt, path, func, text", PRINTS, ids=[p[1] for p in PRINTS])
def test_a_new_function_prints_the_text_asked_for(client, root, prompt, path, func, text, kind):
    turn = ask(client, root, prompt, kind)
    assert printed_by((root / path).read_text(), func) == text + "\n"
    assert f'"{text}"' in turn.reply and "I did not do" not in turn.reply


def test_javascript_prints_the_text_asked_for(client, root):
    ask(client, root, "Create hello.js with a function that prints goodbye")
    source = (root / "hello.js").read_text()
    assert 'console.log("goodbye");' in source and "Hello" not in source


@pytest.mark.parametrize("prompt, path, call, result", [
    ("Create utils2.py with a slugify function.", "utils2.py", "slugify('A B')", "a-b"),
    ("Create calc.py with a multiply function", "calc.py", "multiply(6, 7)", 42),
])
def test_a_new_file_with_a_known_function(client, root, prompt, path, call, result):
    ask(client, root, prompt)
    namespace: dict = {}
    exec((root / path).read_text(), namespace)
    assert eval(call, namespace) == result


def test_part_of_a_request_it_did_not_do_is_said_plainly(client, root):
    turn = ask(client, root, "Create hello.py with a function that prints hi and returns 42")
    assert printed_by((root / "hello.py").read_text(), "hello") == "hi\n"
    assert "I did not do this part of the request" in turn.reply and "returns 42" in turn.reply


# ----------------------------------------------------------------------------- changing files

ADD_FUNCTION = [
    ("Add a multiply function to math_utils.py.", "multiply(3, 4)", 12),
    ("Please add a function multiply(a, b) to math_utils.py that returns the product",
     "multiply(3, 4)", 12),
    ("In math_utils.py, add a multiply function.", "multiply(3, 4)", 12),
    ("add multiply() to math_utils.py", "multiply(3, 4)", 12),
    ("Add a multiply function.", "multiply(3, 4)", 12),
    ("Implement a divide function in math_utils.py", "divide(8, 2)", 4),
    ("Add a function called power to math_utils.py", "power(2, 5)", 32),
    ("Write a square function in math_utils.py", "square(9)", 81),
]


@pytest.mark.parametrize("prompt, call, result, kind", asked_by(ADD_FUNCTION, every=2))
def test_a_function_is_added_to_an_existing_file(client, root, prompt, call, result, kind):
    before = snapshot(root)
    ask(client, root, prompt, kind)
    after = snapshot(root)
    assert changed(before, after) == {"math_utils.py"}
    namespace: dict = {}
    exec(after["math_utils.py"], namespace)
    assert eval(call, namespace) == result and namespace["add"](1, 2) == 3


def test_a_function_that_prints_is_added(client, root):
    ask(client, root, "Add a function to math_utils.py that prints done")
    assert printed_by((root / "math_utils.py").read_text(), "done") == "done\n"


ONE_DOCSTRING = [
    "Add a docstring to the add function in math_utils.py.",
    "Add a one-line docstring to add in math_utils.py",
    "Document the add function in math_utils.py",
    "Give add() in math_utils.py a docstring",
    "Write a docstring for the add function in math_utils.py.",
    "Please add a docstring to math_utils.add",
    "add a docstring to add",
]


@pytest.mark.parametrize("prompt, kind", asked_by(ONE_DOCSTRING, every=2))
def test_one_docstring_asked_in_other_words(client, root, prompt, kind):
    before = snapshot(root)
    ask(client, root, prompt, kind)
    after = snapshot(root)
    assert changed(before, after) == {"math_utils.py"}
    assert documented(after["math_utils.py"]) == {"add"}


# (prompt, file, functions documented after the turn)
MANY_DOCSTRINGS = [
    ("Add a docstring to every function in math_utils.py", "math_utils.py", {"add", "subtract"}),
    ("Add docstrings to all the functions in math_utils.py.", "math_utils.py",
     {"add", "subtract"}),
    ("Document every function in math_utils.py", "math_utils.py", {"add", "subtract"}),
    ("Add docstrings to math_utils.py", "math_utils.py", {"add", "subtract"}),
    ("Add a docstring to each function in math_utils.py", "math_utils.py", {"add", "subtract"}),
    ("Add a docstring to the add and subtract functions in math_utils.py", "math_utils.py",
     {"add", "subtract"}),
    ("Add docstrings to the functions in math_utils.py.", "math_utils.py", {"add", "subtract"}),
    ("Add a docstring to every function in main.py", "main.py", {"main"}),
    ("Add a docstring to every function in tests.py", "tests.py", {"test_slugify"}),
]


@pytest.mark.parametrize("prompt, path, names, kind", asked_by(MANY_DOCSTRINGS, every=2))
def test_docstrings_for_several_functions(client, root, prompt, path, names, kind):
    before = snapshot(root)
    ask(client, root, prompt, kind)
    after = snapshot(root)
    assert changed(before, after) == {path}
    assert documented(after[path]) == names
    ast.parse(after[path])


def test_every_function_already_documented_changes_nothing_and_says_so(client, root):
    before = snapshot(root)
    turn = ask(client, root, "Add a docstring to every function in utils.py")
    assert snapshot(root) == before
    assert "already has a docstring" in turn.reply and not turn.reply.startswith("Done")


def test_docstrings_in_a_class_and_a_multi_line_signature(client, root):
    (root / "shapes.py").write_text(
        "class Square:\n    def __init__(self, side):\n        self.side = side\n\n"
        "    def area(\n        self,\n    ):\n        return self.side * self.side\n\n\n"
        "def one_liner(): return 1\n"
    )
    turn = ask(client, root, "Add docstrings to every function in shapes.py")
    source = (root / "shapes.py").read_text()
    assert documented(source) == {"__init__", "area"}
    assert "one_liner()" in turn.reply and "body is on the def line" in turn.reply


MAIN_BLOCK = [
    "Add a main block to hello.py",
    "Add an if __name__ == '__main__' block to hello.py",
    "Add a __main__ guard to hello.py",
    "Make hello.py runnable as a script",
    "Please add a main block to hello.py.",
]


@pytest.mark.parametrize("prompt", MAIN_BLOCK)
def test_main_block_asked_in_other_words(client, root, prompt):
    (root / "hello.py").write_text(script.HELLO_SOURCE)
    ask(client, root, prompt)
    source = (root / "hello.py").read_text()
    assert re.search(r'^if __name__ == "__main__":\n    hello\(\)$', source, re.M)


CHANGE_DEFAULT = [
    "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
    "Change parse_config's default timeout from 30 to 60 in config_loader.py",
    "Set the default timeout of parse_config to 60 in config_loader.py",
    "In config_loader.py, set parse_config's default timeout to 60.",
    "change the default timeout of parse_config in config_loader.py from 30 to 60",
]


@pytest.mark.parametrize("prompt", CHANGE_DEFAULT)
def test_change_default_asked_in_other_words(client, root, prompt):
    before = (root / "config_loader.py").read_text()
    ask(client, root, prompt)
    assert (root / "config_loader.py").read_text() == before.replace(
        "def parse_config(path, timeout=30", "def parse_config(path, timeout=60")


@pytest.mark.parametrize("kind", BOTH)
@pytest.mark.parametrize("prompt", [
    "Delete main.py.", "Please remove main.py", "rm main.py", "Can you delete the file main.py?",
    "Get rid of main.py please", "Erase main.py.",
])
def test_delete_asked_in_other_words_is_refused(client, root, prompt, kind):
    before = snapshot(root)
    turn = ask(client, root, prompt, kind, extra=NO_DELETE)
    assert snapshot(root) == before and "can't delete" in turn.reply


# ----------------------------------------------------------------------------- questions


@pytest.mark.parametrize("prompt", [
    "What files are in this project?", "List the files.", "Show me the files", "ls",
    "Which files are there?", "What's in this folder?",
])
def test_list_asked_in_other_words(client, root, prompt):
    turn = ask(client, root, prompt)
    assert [c[0] for c in turn.calls] == ["list_files"] and "math_utils.py" in turn.reply


@pytest.mark.parametrize("prompt, files", [
    ("Read utils.py and tests.py.", ["utils.py", "tests.py"]),
    ("Please read utils.py, tests.py", ["utils.py", "tests.py"]),
    ("Open utils.py and main.py", ["utils.py", "main.py"]),
    ("Read utils.py", ["utils.py"]),
])
def test_read_asked_in_other_words(client, root, prompt, files):
    turn = ask(client, root, prompt)
    assert [c[1]["filename"] for c in turn.calls] == files
    assert [line.split(":")[0] for line in turn.reply.splitlines()] == files


@pytest.mark.parametrize("prompt", [
    "Summarize every file in this project.", "Summarise all the files",
    "Give me a summary of each file", "What does each file do?",
])
def test_summary_asked_in_other_words(client, root, prompt):
    turn = ask(client, root, prompt)
    assert turn.reply.startswith("Summary of the 6 files in this project:")


@pytest.mark.parametrize("prompt", [
    "Run the tests and tell me if they pass.", "Do the tests pass?", "Run pytest",
    "Are all the tests passing?", "Execute the test suite", "Check whether the tests pass",
])
def test_run_tests_asked_in_other_words(client, root, prompt):
    turn = ask(client, root, prompt, "s01")
    assert "The tests pass: 1 passed" in turn.reply


# ----------------------------------------------------------------------------- near misses

NEAR_MISSES = [
    "Don't delete main.py.",
    "Do not create hello.py",
    "What is a docstring?",
    "Delete the docstring of add in math_utils.py",
    "Remove the multiply function from math_utils.py",
    "Create a function that returns the sum of two numbers in calc.py",
    "Create hello.py with a function that returns 42",
    "Add a docstring to the thing that adds numbers",
    "Add a docstring to the frobnicate function in math_utils.py",
    "Add a frobnicate function to math_utils.py.",
    "Read the README and tell me what it says.",
    "What files import utils?",
    "Write me a poem about the sea.",
    "Change the default timeout of parse_config from 45 to 60 in config_loader.py",
    "Add a docstring to every function in missing.py",
    "Create hello.txt with a hello world function",
    "Delete all the files",
    "Never mind, do not add a multiply function to math_utils.py",
    "Which tests are slow?",
    "Does add have a docstring?",
]


@pytest.mark.parametrize("prompt, kind", asked_by(NEAR_MISSES, every=2))
def test_near_misses_change_nothing_and_claim_nothing(client, root, prompt, kind):
    before = snapshot(root)
    turn = ask(client, root, prompt, kind, extra=NO_DELETE)
    assert snapshot(root) == before
    assert not turn.reply.startswith("Done") and turn.reply.strip()


def test_the_same_request_gets_the_same_reply(client, root):
    for prompt in ("Create bye.py with a function that prints 'See you'",
                   "Add a docstring to every function in math_utils.py"):
        request = body([{"role": "user", "content": prompt}], tools_read())
        first = brain.respond(copy.deepcopy(request))
        assert brain.respond(copy.deepcopy(request)) == first
        again = client.messages.create(**{k: v for k, v in request.items()})
        assert [b.model_dump(exclude_none=True) for b in again.content] == first.content
