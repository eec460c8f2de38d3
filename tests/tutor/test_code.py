"""The code the tutor writes: docstrings planned from real source (methods, twins, long
signatures, one-liners), functions that print what was asked, appends with a unique old
text. Every plan, applied, gives source that still parses and keeps every old line."""

from __future__ import annotations

import ast
import contextlib
import io

import pytest
from agents import keeps

from agentcourse.paths import SAMPLE_PROJECT_DIR
from agentcourse.tutor.act import code
from agentcourse.tutor.understand import script

TWINS = '''\
class A:
    def __init__(self):
        self.x = 1


class B:
    def __init__(self):
        self.x = 1

    async def area(
        self,
        scale: int = 1,
    ) -> int:
        return 1


def one_liner(): return 1


def documented():
    """Already here."""
    return 2
'''


def test_every_function_gets_one_even_twins_and_methods():
    plan = code.plan_docstrings(TWINS, None)
    assert plan.names == ["__init__", "__init__", "area"]
    assert (plan.skipped, plan.already, plan.missing) == (["one_liner"], ["documented"], [])
    after = code.apply(TWINS, plan.changes)
    ast.parse(after)
    assert keeps(TWINS, after, changed=0)
    assert after.count('"""Set up a new instance."""') == 2
    assert '    ) -> int:\n        """Return 1."""\n        return 1' in after


def test_named_functions_only_and_missing_names_reported():
    plan = code.plan_docstrings(TWINS, ["area", "nope", "documented"])
    assert (plan.names, plan.missing, plan.already) == (["area"], ["nope"], ["documented"])


@pytest.mark.parametrize("path", sorted(p.name for p in SAMPLE_PROJECT_DIR.glob("*.py")))
def test_the_sample_project_files_get_valid_docstrings(path):
    source = (SAMPLE_PROJECT_DIR / path).read_text()
    after = code.apply(source, code.plan_docstrings(source, None).changes)
    assert keeps(source, after, changed=0)
    tree = ast.parse(after)
    assert all(ast.get_docstring(n) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


@pytest.mark.parametrize("name, body, doc", [
    ("add", "return a + b", "Return the sum of a and b."),
    ("test_parse_config", "assert True", "Check parse config."),
    ("area", "return self.w * self.h", "Return self.w * self.h."),
    ("load_settings", "x = 1\n    return x", "Load settings."),
    ("__repr__", "return 'A'", "Implement __repr__ for this class."),
])
def test_docstrings_come_from_the_table_the_name_or_the_body(name, body, doc):
    node = ast.parse(f"def {name}(self):\n    {body}\n").body[0]
    assert code.docstring_for(node, name) == doc


@pytest.mark.parametrize("message", ["goodbye", "It's \"quoted\" \\ here", "ünïcödé ✓", "{x}"])
def test_a_printing_function_prints_exactly_the_message(message):
    source = code.print_function("say", message, ".py")
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, namespace)
        namespace["say"]()
    assert out.getvalue() == message + "\n" and ast.get_docstring(ast.parse(source).body[0])


def test_hello_world_is_the_course_source():
    assert code.print_function("hello", script.HELLO_TEXT, ".py") == script.HELLO_SOURCE
    assert code.print_function("hello", script.HELLO_TEXT, ".js") == script.HELLO_SOURCES[".js"]


@pytest.mark.parametrize("name", sorted(script.FUNCTIONS))
def test_known_functions_are_valid_and_documented(name):
    tree = ast.parse(code.known_function(name))
    assert tree.body[0].name == name and ast.get_docstring(tree.body[0])


def test_append_uses_the_shortest_unique_tail():
    text = "def a():\n    return 1\n\n\ndef b():\n    return 1\n"
    change = code.append_code(text, "def c():\n    return 3")
    assert change.old == "def b():\n    return 1" and change.append == "def c():\n    return 3"
    assert code.apply(text, [change]).endswith("    return 1\n\n\ndef c():\n    return 3\n")


def test_apply_refuses_an_old_text_that_is_not_there_once():
    assert code.apply("x\nx\n", [code.Change("x", "y")]) is None
    assert code.apply("x\n", [code.Change("z", "y")]) is None
