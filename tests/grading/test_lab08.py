"""Lab 8 teaches checkpoint 08's design, and its checks hold the checkpoint to it: every
command the assess checks name, and the command lines their properties generate, get the
same verdict from checkpoint 08's guardrail, and checkpoint 08's own Guardrail passes the
lab's Guardrail checks (their sessions of answers too), hidden ones included.
Each graded cell has visible asserts of its own, so a hidden region only adds instances of
that kind. (That every known-wrong answer fails a visible check is test_integrity's.)"""

from __future__ import annotations

import ast

import pytest

from agentcourse.course import nbfile
from agentcourse.paths import REPO_ROOT, load_program

NOTEBOOK = nbfile.read_notebook(REPO_ROOT / "solutions" / "lab08" / "lab08.ipynb")
CELLS = {nbfile.grade_id(c): c.source for c in NOTEBOOK.cells if nbfile.grade_id(c)}


def test_every_graded_cell_has_visible_checks():
    cells = nbfile.grade_cells(NOTEBOOK)
    assert len(cells) >= 16, "one check cell per kind of case"
    for cell in cells:
        visible = nbfile.strip_hidden(cell.source)
        asserts = [line for line in visible.splitlines() if line.strip().startswith(("assert", "for "))]
        assert asserts, f"{cell.grade_id} checks nothing the student can see"
        assert nbfile.BEGIN_HIDDEN in cell.source, f"{cell.grade_id}: grading adds no instances"


@pytest.fixture(scope="module")
def lab():
    """The setup cell and the worked answers, run once."""
    namespace: dict = {}
    for grade_id in ("setup", "assess", "guardrail"):
        exec(compile(CELLS[grade_id], f"<{grade_id}>", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def checkpoint():
    return load_program(REPO_ROOT / "checkpoints" / "08-anthropic-tools" / "guardrail.py",
                        name="lab08_checkpoint_guardrail")


def _commands(source: str) -> set[str]:
    """Every string constant of a check cell that is a command (messages are not)."""
    return {node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value != "assess ok" and not node.value.startswith(("assess(", "a computed", "not a plain"))}


def test_the_lab_and_checkpoint_08_give_every_command_the_same_verdict(lab, checkpoint):
    checked = 0
    for grade_id, source in CELLS.items():
        if not grade_id.startswith("test_assess"):
            continue
        for command in _commands(source):
            mine, theirs = lab["assess"](command), checkpoint.assess(command).programs
            assert (mine is None) == (theirs is None), (command, mine, checkpoint.assess(command).reason)
            assert mine is None or set(mine) == set(theirs), (command, mine, theirs)
            checked += 1
    assert checked > 150


def test_the_lab_and_checkpoint_08_agree_on_the_generated_command_lines(lab, checkpoint):
    """The strategies agentcourse.course.scaffold.lab08 gives the assess checks, many examples
    each. One difference is by design: checkpoint 08 lets an unquoted * or ? through where it
    cannot start an option (`ls a*`); the lab, simpler, asks for every glob, so computed
    words are compared without globs."""
    from hypothesis import HealthCheck, given, settings

    from agentcourse.course.scaffold import lab08 as scaffold

    globs = {"*.py", "?", "a*", "[ab]"}
    disagree = []
    for strategy in (scaffold.plain_commands(), scaffold.off_the_list_commands(), scaffold.unsafe_option_commands(),
                     scaffold.structured_commands(), scaffold.computed_word_commands().filter(lambda c: c[1] not in globs)):
        @settings(max_examples=150, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def compare(case):
            mine, theirs = lab["assess"](case[0]), checkpoint.assess(case[0]).programs
            if (mine is None) != (theirs is None) or (mine is not None and set(mine) != set(theirs)):
                disagree.append((case[0], mine, theirs))

        compare()
    assert not disagree, disagree[:5]


def test_checkpoint_08s_guardrail_passes_the_labs_guardrail_checks(lab, checkpoint):
    class Adapter:
        """Checkpoint 08's Guardrail behind the lab's interface."""

        def __init__(self, ask, fenced=True):
            self.inner = checkpoint.Guardrail(ask=lambda command, programs, reason: ask(command, programs),
                                              fenced=fenced)

        def check(self, command):
            return lab["REFUSAL"] if self.inner.check(command) else None

        @property
        def approved(self):
            return self.inner.approved

    namespace = dict(lab, Guardrail=Adapter)
    for grade_id, source in CELLS.items():
        if grade_id.startswith("test_guardrail"):
            exec(compile(source, f"<{grade_id}>", "exec"), namespace)
