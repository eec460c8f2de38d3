"""How long `agentcourse report` and `agentcourse grades export` take on a class of 60.

Grading sixty real notebooks would take many minutes and measure the grader, not the report.
So four real submissions of lab 2 are graded by `agentcourse grade` (a correct answer, a
partial one, the untouched release, a copy of the first), then copied under sixty ids
through nbgrader's own Gradebook API (submission, scores, comments, flags) with their graded
notebooks, each answer given a line of its own so no two are byte-identical. The report and
the export then read that class as they would a real one: the gradebook, sixty graded
notebooks, and 1,770 pairs of answers compared by copydetect.

    python -m bench report_speed
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, results
from agentcourse.grading import pipeline as grading
from agentcourse.paths import REPO_ROOT

LAB = "lab02"
CLASS = 60


def grade_small_class(tmp: Path, partial: str, good: str, examples: int = 0) -> Path:
    """A scratch course with four real submissions graded: ann (correct), bob (partial),
    cat (the untouched release), dan (ann's notebook, copied); `examples` per property
    (0: as graded)."""
    course = tmp / "course"
    course.mkdir(parents=True)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    os.symlink(REPO_ROOT / "labs", course / "labs")
    release = REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"
    for student, answer in (("ann", good), ("bob", partial), ("cat", None), ("dan", good)):
        nb = nbfile.read_notebook(release)
        for cell in nb.cells:
            if answer is not None and nbfile.grade_id(cell) == "run_turn":
                cell.source = answer
        (tmp / "subs" / student).mkdir(parents=True)
        nbfile.write_notebook(nb, tmp / "subs" / student / f"{LAB}.ipynb")
    config = results.GradeConfig(jobs=2, cell_timeout=30, course_root=course)
    if examples:
        config.property_examples = examples
    grading.grade(LAB, tmp / "subs", config)
    return course


def clone_student(course: Path, template: str, student: str, line: str = "",
                  timestamp: datetime.datetime | None = None) -> None:
    """A new student whose gradebook rows and graded notebook are `template`'s (with `line`
    added to each answer cell), made through nbgrader's Gradebook API."""
    db = "sqlite:///" + str(course / ".grading" / "gradebook.db")
    with nbgrader_io.gradebook(db) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's add_submission warns in SQLAlchemy
        source = gb.find_submission(LAB, template)
        gb.update_or_create_student(student)
        sub = gb.update_or_create_submission(LAB, student, timestamp=timestamp or source.timestamp)
        for nb, new in zip(source.notebooks, sub.notebooks, strict=True):
            new.late_submission_penalty = nb.late_submission_penalty
            for grade in nb.grades:
                copy = gb.find_grade(grade.name, nb.name, LAB, student)
                copy.auto_score, copy.manual_score = grade.auto_score, grade.manual_score
                copy.needs_manual_grade = grade.needs_manual_grade
            for comment in nb.comments:
                gb.find_comment(comment.name, nb.name, LAB, student).auto_comment = comment.auto_comment
        gb.db.commit()
    src = course / ".grading" / "autograded" / template / LAB / f"{LAB}.ipynb"
    notebook = json.loads(src.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution") and line:
            cell["source"] = "".join(cell["source"]) + "\n" + line + "\n"
    dest = course / ".grading" / "autograded" / student / LAB / f"{LAB}.ipynb"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(notebook), encoding="utf-8")


def _answers() -> tuple[str, str]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("wrong", REPO_ROOT / "solutions" / LAB / "wrong.py")
    wrong = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wrong)
    source = nbfile.read_notebook(REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb")
    good = next(c.source for c in source.cells if nbfile.grade_id(c) == "run_turn")
    return good, wrong.WRONG["error-sent-as-text-only"]["run_turn"](good)


def main() -> None:
    from agentcourse.grading import grades
    from agentcourse.grading.report import class_report as report

    good, partial = _answers()
    with tempfile.TemporaryDirectory(prefix="report-speed-") as tmp:
        course = grade_small_class(Path(tmp), partial, good)
        templates = ["ann", "bob", "cat", "dan"]
        for i in range(CLASS - len(templates)):
            clone_student(course, templates[i % 4], f"s{i:02d}", f"# my note {i}" if i % 4 != 2 else "")
        started = time.perf_counter()
        grades.read_grades(course, LAB)
        export = time.perf_counter() - started
        started = time.perf_counter()
        built = report.build(course, LAB)
        report.write(built, Path(tmp) / "report")
        whole = time.perf_counter() - started
        print(f"{CLASS} students of {LAB}: export reads the gradebook in {export:.1f} s; the report "
              f"(gradebook, {len(built.graded)} notebooks, {len(built.pairs)} similar pairs, figures) "
              f"in {whole:.1f} s")


if __name__ == "__main__":
    sys.exit(main())
