"""The structure check in nbgrader's pipeline: the cells as graded, and the findings
recorded so that the submission goes to a person.

The check itself is agentcourse/course/tamper.py (a student's `lab check` runs it too);
this module gives it the cells nbgrader ran, each marked trusted when it is a locked cell of
the source, records what it finds, and `FlagForReview` (in nbgrader_config.py's autograde
preprocessors) flags the submission for manual grading.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse.course.tamper import CellInfo

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
    cells = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        trusted = gid in locked and cell.source == locked[gid]
        cells.append(CellInfo(index, gid, cell.source, trusted, trusted and gid in tests))
    return cells, list(locked)


def record(resources: dict, findings: list[str], log: logging.Logger, only: list[str] | None = None) -> None:
    """Findings into the log (agentcourse grade reads them back) and the resources."""
    if resources is None:
        return
    resources.setdefault("agentcourse", {})["review"] = findings
    for finding in findings if only is None else only:
        log.warning("REVIEW: %s", finding)


class FlagForReview(NbGraderPreprocessor):
    """After SaveAutoGrades: a submission with structure findings needs a person."""

    def preprocess(self, nb, resources):
        if resources.get("agentcourse", {}).get("review"):
            from agentcourse.grading.integrity.leaks import flag_submission

            info = resources.get("nbgrader", {})
            flag_submission(info.get("db_url"), info.get("assignment"), info.get("student"),
                            info.get("notebook"))
        return nb, resources
