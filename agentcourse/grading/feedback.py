"""Feedback pages after grading: nbgrader's generate_feedback for every student whose page
may be released, run in this process, and what a held or missing page changes in the
student's record.

`agentcourse grade` calls give_feedback once the class is graded (unless --no-feedback).
A page is written only for a student whose status is one of release.RELEASED (`ok`,
`timeout`, `out of memory`, `kernel died`); a student in `review`, `withheld` or `error`
gets none, and a page of theirs from an earlier run is removed. Before that, every graded
notebook is searched for secret text the student did not write (a hidden test, another
lab's solution, a walkthrough: agentcourse.grading.integrity.leaks); one that shows some
makes its student `withheld` and flags the submission for a person. What a written page
shows is the allowlist of agentcourse.grading.release, in nbgrader_config.py's pipeline.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nbformat

from agentcourse.grading.flags import keep_cleared
from agentcourse.grading.integrity import leaks
from agentcourse.grading.nbgrader_io import LOCAL, db_url
from agentcourse.grading.records import merge_note
from agentcourse.grading.release import RELEASED
from agentcourse.grading.results import Result
from agentcourse.paths import REPO_ROOT


def write_feedback(course_root: Path, lab: str, students: list[str]) -> dict[str, tuple[str, str]]:
    """nbgrader's generate_feedback for each student, in this process (no start-up per
    student). Returns student -> (status, why) for those whose page is missing."""
    problems: dict[str, tuple[str, str]] = {}
    if not students:
        return problems
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course_root)).load_config()
    api = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)
    here = os.getcwd()
    os.chdir(course_root)
    try:
        for student in students:
            done = api.generate_feedback(lab, student, force=True)
            if not feedback_page(course_root, lab, student).is_file():
                log = (done.get("log") or "") + (done.get("error") or "")
                problems[student] = ("error", "no feedback written: " + log.strip()[-200:])
    finally:
        os.chdir(here)
    return problems


def feedback_page(root: Path, lab: str, student: str) -> Path:
    return root / LOCAL / "feedback" / student / lab / f"{lab}.html"


def leak_problem(root: Path, lab: str, student: str) -> str:
    """Why the student's graded notebook, hidden tests removed, shows secret text they did
    not write themselves (leaks.page_problem), or ""."""
    graded = root / LOCAL / "autograded" / student / lab / f"{lab}.ipynb"
    nb = nbformat.read(graded, as_version=nbformat.NO_CONVERT)
    for index, cell in enumerate(nb.cells):
        leaks.HideHiddenTests().preprocess_cell(cell, {}, index)
    solutions = root / "solutions" if (root / "solutions").is_dir() else REPO_ROOT / "solutions"
    return leaks.page_problem(nb, lab, solutions.resolve())


def _hold(root: Path, lab: str, result: Result, problem: str) -> None:
    """Status `withheld`, the reason in the note, every cell flagged for a person."""
    why = f"feedback held for review: {problem}"[:300]
    if result.status in ("ok", "review"):
        result.detail = why
    else:
        result.detail = f"{result.detail}; {why}" if result.detail else why
    result.status = "withheld"
    leaks.flag_submission(db_url(root), lab, result.student, lab)


def give_feedback(root: Path, lab: str, results: list[Result]) -> None:
    """A page for every graded student whose status is released; none, and no page of an
    earlier run, for the others. A leak or a missing page changes the student's status
    and the instructor's note."""
    changed: dict[str, Result] = {}
    graded = [r for r in results if r.status not in ("error", "interrupted")
              and (root / LOCAL / "autograded" / r.student / lab / f"{lab}.ipynb").is_file()]
    for result in graded:
        problem = leak_problem(root, lab, result.student)
        if problem:
            _hold(root, lab, result, problem)
            changed[result.student] = result
    release = [r.student for r in graded if r.status in RELEASED]
    for result in results:
        if result.student not in release:
            shutil.rmtree(feedback_page(root, lab, result.student).parent, ignore_errors=True)
    by_student = {r.student: r for r in results}
    for student, (status, problem) in write_feedback(root, lab, release).items():
        result = by_student[student]
        if result.status == "ok":
            result.status, result.detail = status, problem
        else:
            result.detail = f"{result.detail}; {problem}" if result.detail else problem
        changed[student] = result
    for result in changed.values():
        merge_note(root, lab, result)
        keep_cleared(root, lab, result)
