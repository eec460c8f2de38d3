"""nbrun runs a lab notebook's cells in this process, the way nbgrader's autograde scores them."""

from __future__ import annotations

import nbformat

from agentcourse.course import nbrun


def _notebook() -> nbformat.NotebookNode:
    """Setup, two answers each followed by its test cell, in the shape nbbuild writes."""
    def cell(source: str, gid: str, grade: bool = False, solution: bool = False) -> nbformat.NotebookNode:
        c = nbformat.v4.new_code_cell(source)
        c.metadata["nbgrader"] = {"grade_id": gid, "grade": grade, "solution": solution, "locked": not solution,
                                  "points": 1 if grade else 0, "schema_version": 3}
        return c
    return nbformat.v4.new_notebook(cells=[
        cell("RAN = []", "setup"),
        cell("def one():\n    return 1", "one", solution=True),
        cell("RAN.append('test_one')\nassert one() == 1", "test_one", grade=True),
        cell("def two():\n    return 2", "two", solution=True),
        cell("RAN.append('test_two')\nassert two() == 2", "test_two", grade=True),
        cell("assert RAN[-1] == 'test_two'", "test_last", grade=True),
    ])


def test_every_test_cell_runs_and_scores_its_points_by_default():
    results = nbrun.run_cells(_notebook(), {"two": "def two():\n    return 3"})
    assert {k: r.points for k, r in results.items()} == {"test_one": 1, "test_two": 0, "test_last": 1}


def test_solution_prefix_scores_test_cells_above_the_first_change_as_passed_without_running_them():
    nb = _notebook()
    nb.cells[2].source = "raise AssertionError('ran')"  # would fail if it ran
    results = nbrun.run_cells(nb, {"two": "def two():\n    return 3"}, solution_prefix=True)
    assert results["test_one"].points == 1 and not results["test_one"].error
    assert results["test_two"].points == 0 and "AssertionError" in results["test_two"].error


def test_solution_prefix_still_runs_the_answers_above_the_change_and_every_test_below_it():
    results = nbrun.run_cells(_notebook(), {"test_last": "assert one() + two() == 3"}, solution_prefix=True)
    assert {k: r.points for k, r in results.items()} == {"test_one": 1, "test_two": 1, "test_last": 1}

