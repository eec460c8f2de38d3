"""Tampering a grader cannot see in the scores, in nbgrader's pipeline: the cells as graded,
and the findings recorded so that the submission goes to a person.

The checks themselves are agentcourse/course/tamper.py (a student's `lab check` runs the
static ones too); this module gives them the cells nbgrader ran, each marked trusted when
it is a locked cell of the source, records what they find, and `FlagForReview` (in
nbgrader_config.py's autograde preprocessors) flags the submission for manual grading.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse.course.tamper import CellInfo, cell_name

if TYPE_CHECKING:
    import nbformat


def cell_infos(nb: nbformat.NotebookNode, resources: dict) -> tuple[list[CellInfo], list[str]]:
    """The notebook's code cells, each marked trusted when it is a locked cell of the source
    (its text equal to the gradebook's), and the locked cells' names in source order."""
    locked: dict[str, str] = {}
    tests: set[str] = set()
    info = resources.get("nbgrader", {})
    if info.get("db_url"):
        from nbgrader.api import Gradebook, MissingEntry

        with Gradebook(info["db_url"]) as gb:
            try:
                source_nb = gb.find_notebook(info["notebook"], info["assignment"])
            except MissingEntry:
                source_nb = None
            if source_nb is not None:
                locked = {c.name: c.source for c in source_nb.source_cells
                          if c.locked and c.cell_type == "code"}
                tests = {c.name for c in source_nb.grade_cells}
    released = released_cells(info.get("assignment", ""))
    cells = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        trusted = gid in locked and cell.source == locked[gid]
        cells.append(CellInfo(index, gid, cell.source, trusted, trusted and gid in tests,
                              executed=False, name=cell_name(cell.source),
                              released=not gid and cell.source in released))
    return cells, list(locked)


def released_cells(lab: str) -> set[str]:
    """Sources of the plain (unlocked, ungraded) code cells the lab ships: demos the
    student runs as given. From the source notebook (nbgrader runs from the course root)."""
    from pathlib import Path

    from agentcourse.course import nbfile
    from agentcourse.paths import REPO_ROOT

    for root in (Path.cwd(), REPO_ROOT):
        path = root / "solutions" / lab / f"{lab}.ipynb"
        if lab and path.is_file():
            nb = nbfile.read_notebook(path)
            return {c.source for c in nb.cells if c.cell_type == "code" and not nbfile.grade_id(c)}
    return set()


def record(resources: dict, findings: list[str], log: logging.Logger, only: list[str] | None = None) -> None:
    """Findings into the log (agentcourse grade reads them back) and the resources."""
    if resources is None:
        return
    resources.setdefault("agentcourse", {})["review"] = findings
    for finding in findings if only is None else only:
        log.warning("REVIEW: %s", finding)


class FlagForReview(NbGraderPreprocessor):
    """After SaveAutoGrades: a submission with tampering findings needs a person."""

    def preprocess(self, nb, resources):
        if resources.get("agentcourse", {}).get("review"):
            from agentcourse.grading.integrity.leaks import flag_submission

            info = resources.get("nbgrader", {})
            flag_submission(info.get("db_url"), info.get("assignment"), info.get("student"),
                            info.get("notebook"))
        return nb, resources
