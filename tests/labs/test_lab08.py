"""Lab 8's visible checks cover every kind of case the hidden ones check: each graded cell
has visible asserts of its own, so a hidden region only adds instances of that kind.
(That every known-wrong answer fails a visible check is test_integrity's, for all labs.)"""

from __future__ import annotations

from agentcourse import nbtools
from agentcourse.paths import REPO_ROOT

NOTEBOOK = nbtools.read_notebook(REPO_ROOT / "solutions" / "lab08" / "lab08.ipynb")


def test_every_graded_cell_has_visible_checks():
    cells = nbtools.grade_cells(NOTEBOOK)
    assert len(cells) >= 12, "one check cell per kind of case"
    for cell in cells:
        visible = nbtools.strip_hidden(cell.source)
        asserts = [line for line in visible.splitlines() if line.strip().startswith(("assert", "for "))]
        assert asserts, f"{cell.grade_id} checks nothing the student can see"
        assert nbtools.BEGIN_HIDDEN in cell.source, f"{cell.grade_id}: grading adds no instances"
