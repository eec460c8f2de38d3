"""A class of lab 6, graded once by `agentcourse grade`: honest submissions (the worked
solution's own code, other correct shapes, a known-wrong answer, long prints, local names
that shadow the lab's helpers, a `compact` whose own line is also a hidden test's line),
each of which must grade `ok` with its exact points and get its feedback page; and one
forger, kept to measure it: it forges only a test without hidden checks, and since lab 6 is
judged (its test cells run in the judge) it earns nothing (tests/grading/grading_corpus.py;
lab 2's honest submissions are graded with the hostile class)."""

from __future__ import annotations

import os
import shutil

import pytest

from agentcourse.grading import nbgrader_io, results
from agentcourse.grading import pipeline as grading
from agentcourse.grading.integrity import leaks
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading import grading_corpus as corpus
from tests.grading.test_grading_attacks import notebook

LAB = "lab06"


@pytest.mark.slow
def test_a_class_of_lab_6_grades_ok_with_exact_points_and_gets_its_feedback(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp_path / "submissions"
    release = REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"
    for case in corpus.cases(LAB):
        notebook(subs / case.student, case.answers, markdown=case.markdown, release=release)
    report = grading.grade(LAB, subs, results.GradeConfig(jobs=2, cell_timeout=int(within(30)), property_examples=12, course_root=course))
    got = {r.student: (r.status, r.total, r.detail, r.review) for r in report.results}
    wanted = {c.student: (c.status, c.points) for c in corpus.cases(LAB)}
    assert got == {student: (status, points, "", []) for student, (status, points) in wanted.items()}
    for case in corpus.cases(LAB):
        page = course / ".grading" / "feedback" / case.student / LAB / f"{LAB}.html"
        text = leaks.html_text(page.read_text(encoding="utf-8"))
        assert "held for your instructor's review" not in text, case.student
    cut = leaks.html_text((course / ".grading" / "feedback" / "q-cut-line" / LAB / f"{LAB}.html").read_text())
    assert "cut = cut_point(messages)" in cut, "the student's own line, shown back to them"
    assert not (course / ".grading" / "run").exists(), "a clean class leaves no logs behind"
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        subs_ = {s.student.id: s for s in gb.assignment_submissions(LAB)}
        assert not any(s.needs_manual_grade for s in subs_.values())
        notes = [c.auto_comment or "" for s in subs_.values() for nb in s.notebooks for c in nb.comments]
        assert not any(leaks.REVIEW_NOTE in n for n in notes)
