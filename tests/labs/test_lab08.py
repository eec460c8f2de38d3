"""Lab 8's checks measure understanding: every known-wrong implementation fails a check the
student can see (hidden tests removed), and the visible checks cover every kind of case the
hidden ones do: each hidden region sits in a test cell that has visible asserts too."""

from __future__ import annotations

import copy
import importlib.util

import pytest

from agentcourse import nbtools
from agentcourse.paths import REPO_ROOT

LAB = REPO_ROOT / "solutions" / "lab08"
NOTEBOOK = nbtools.read_notebook(LAB / "lab08.ipynb")


def _wrong() -> dict:
    spec = importlib.util.spec_from_file_location("wrong_lab08_visible", LAB / "wrong.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.WRONG


WRONG = _wrong()


def _visible_only():
    nb = copy.deepcopy(NOTEBOOK)
    for cell in nb.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade"):
            cell.source = nbtools.strip_hidden(cell.source)
    return nb


VISIBLE = _visible_only()


def test_the_solution_passes_every_visible_check():
    results = nbtools.run_cells(VISIBLE)
    assert not {k: r.error for k, r in results.items() if r.error}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_each_wrong_implementation_fails_a_visible_check(case):
    results = nbtools.run_cells(VISIBLE, WRONG[case])
    assert any(r.error for r in results.values()), f"{case} passes every visible check"


def test_every_graded_cell_has_visible_checks():
    for cell in nbtools.grade_cells(NOTEBOOK):
        visible = nbtools.strip_hidden(cell.source)
        asserts = [line for line in visible.splitlines() if line.strip().startswith(("assert", "for "))]
        assert asserts, f"{cell.grade_id} checks nothing the student can see"
