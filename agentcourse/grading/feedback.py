"""Feedback pages after grading: nbgrader's generate_feedback for every graded student, run
in this process, and what a held or missing page changes in the student's record.

`agentcourse grade` calls give_feedback once the class is graded (unless --no-feedback).
The pages pass nbgrader_config.py's feedback pipeline, which removes hidden tests and holds
a page that shows secret text (agentcourse.grading.integrity.leaks); a held page makes the
student's status `withheld` and flags the submission for a person.
"""

from __future__ import annotations

import os
from pathlib import Path

from agentcourse.grading.flags import keep_cleared
from agentcourse.grading.integrity import leaks
from agentcourse.grading.nbgrader_io import LOCAL
from agentcourse.grading.records import merge_note
from agentcourse.grading.results import Result


def write_feedback(course_root: Path, lab: str, students: list[str]) -> dict[str, tuple[str, str]]:
    """nbgrader's generate_feedback for each student, in this process (no start-up per
    student). Returns student -> (status, why) for those whose page is missing or withheld."""
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
            leaks.HELD.pop((lab, student), None)
            done = api.generate_feedback(lab, student, force=True)
            page = course_root / LOCAL / "feedback" / student / lab / f"{lab}.html"
            held = leaks.HELD.pop((lab, student), None)
            if held:
                problems[student] = ("withheld", f"feedback held for review: {held}"[:300])
            elif not page.is_file():
                log = (done.get("log") or "") + (done.get("error") or "")
                problems[student] = ("error", "no feedback written: " + log.strip()[-200:])
    finally:
        os.chdir(here)
    return problems


def give_feedback(root: Path, lab: str, results: list[Result]) -> None:
    """nbgrader's feedback for every graded student; a held page or a missing one changes
    the student's status and the instructor's note."""
    by_student = {r.student: r for r in results}
    graded = [r.student for r in results if r.status not in ("error", "interrupted")
              and (root / LOCAL / "autograded" / r.student / lab / f"{lab}.ipynb").is_file()]
    for student, (status, problem) in write_feedback(root, lab, graded).items():
        result = by_student[student]
        if result.status in ("ok", "review"):
            result.status, result.detail = status, problem
        elif status == "withheld":
            result.detail = f"{result.detail}; {problem}" if result.detail else problem
        merge_note(root, lab, result)
        keep_cleared(root, lab, result)
