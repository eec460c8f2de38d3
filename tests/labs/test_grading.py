"""`agentcourse grade`: parallel nbgrader autograde that survives bad submissions, keeps the
gradebook consistent, reports errors as errors and never shows hidden tests in feedback."""

from __future__ import annotations

import csv
import os
import shutil

import nbformat
import pytest

from agentcourse import grading, nbtools
from agentcourse.cli import main
from agentcourse.errors import UsageError
from agentcourse.paths import REPO_ROOT

LAB = "lab02"
SOURCE = REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb"
RELEASE = REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"


def submission(folder, run_turn_source: str | None) -> None:
    """The released notebook with the answer cell filled in (None: left untouched)."""
    nb = nbtools.read_notebook(RELEASE)
    if run_turn_source is not None:
        for cell in nb.cells:
            if nbtools.grade_id(cell) == "run_turn":
                cell.source = run_turn_source
    folder.mkdir(parents=True)
    nbtools.write_notebook(nb, folder / f"{LAB}.ipynb")


def solution_answer() -> str:
    return next(c.source for c in nbtools.read_notebook(SOURCE).cells if nbtools.grade_id(c) == "run_turn")


def test_submissions_are_found_in_both_layouts(tmp_path):
    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / f"{LAB}.ipynb").write_text("{}")
    (tmp_path / "bob" / LAB).mkdir(parents=True)
    (tmp_path / "bob" / LAB / f"{LAB}.ipynb").write_text("{}")
    found = grading.find_submissions(tmp_path, LAB)
    assert found == {"ann": tmp_path / "ann", "bob": tmp_path / "bob" / LAB}


def test_odd_student_folder_names_are_refused(tmp_path):
    (tmp_path / "bad name").mkdir()
    with pytest.raises(UsageError, match="student folder"):
        grading.find_submissions(tmp_path, LAB)


def test_hidden_tests_and_their_tracebacks_leave_the_feedback():
    nb = nbtools.read_notebook(SOURCE)
    cell = next(c for c in nb.cells if nbtools.grade_id(c) == "test_ctrl_c_while_waiting")
    cell.outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue="boom",
                                           traceback=["assert protocol_errors(messages) == []"])]
    grading.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert nbtools.BEGIN_HIDDEN not in cell.source and "What does edit_file do?" not in cell.source
    assert cell.outputs[0]["traceback"] == ["AssertionError: boom"]


def test_leak_check_finds_hidden_tests_in_unfiltered_html_and_none_after_filtering():
    from nbconvert import HTMLExporter

    hidden = grading.hidden_lines(SOURCE)
    page, _ = HTMLExporter().from_notebook_node(nbtools.read_notebook(SOURCE))
    assert grading.leaked_lines(page, hidden)
    nb = nbtools.read_notebook(SOURCE)
    for i, cell in enumerate(nb.cells):
        grading.HideHiddenTests().preprocess_cell(cell, {}, i)
    page, _ = HTMLExporter().from_notebook_node(nb)
    assert grading.leaked_lines(page, hidden) == []


def test_csv_has_points_per_test_cell_and_a_status_per_student(tmp_path):
    report = grading.GradeReport(LAB, [
        grading.Result("ann", "ok", "", {"test_a": 2.0, "test_b": 1.0}),
        grading.Result("bob", "timeout", "cell timed out: run_turn", {"test_a": 0.0, "test_b": 0.0}),
    ], {"test_a": 2.0, "test_b": 3.0})
    grading.write_csv(report, tmp_path / "out.csv")
    rows = list(csv.DictReader((tmp_path / "out.csv").open()))
    assert rows[0] == {"student": "ann", "status": "ok", "total": "3", "max": "5", "test_a": "2",
                       "test_b": "1", "detail": ""}
    assert rows[1]["status"] == "timeout"


def test_grade_command_exits_non_zero_when_a_submission_could_not_be_graded(tmp_path, monkeypatch, capsys):
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    report = grading.GradeReport(LAB, [grading.Result("ann", "kernel died", "the kernel died")], {"t": 1.0})
    monkeypatch.setattr(grading, "grade", lambda *a, **k: report)
    status = main(["grade", "2", str(tmp_path / "subs"), "--csv", str(tmp_path / "g.csv")])
    assert status == 6
    assert "ann (kernel died)" in capsys.readouterr().err
    assert (tmp_path / "g.csv").is_file()


@pytest.mark.slow
def test_parallel_grading_isolates_bad_submissions_and_keeps_the_gradebook_consistent(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp_path / "submissions"
    good = solution_answer()
    submission(subs / "good", good)
    # Wrong ids (loses points) and 5 MB of output (must be cut, must not stop anything).
    partial = good.replace('"tool_use_id": block.id', '"tool_use_id": response.id')
    submission(subs / "partial", partial + '\nprint("x" * 5_000_000)')
    submission(subs / "hangs", "while True:\n    pass")
    submission(subs / "exits", "import os\nos._exit(3)")
    (subs / "empty").mkdir()

    config = grading.GradeConfig(jobs=2, cell_timeout=10, course_root=course)
    report = grading.grade(LAB, subs, config)
    by = {r.student: r for r in report.results}
    assert {s: r.status for s, r in by.items()} == {
        "good": "ok", "partial": "ok",
        "hangs": "timeout", "exits": "kernel died", "empty": "missing"}
    full = sum(c.points for c in nbtools.grade_cells(nbtools.read_notebook(SOURCE)))
    assert by["good"].total == full
    assert 0 < by["partial"].total < full

    # The main gradebook holds every graded student; errors are flagged for a person.
    with grading.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        subm = {s.student.id: s for s in gb.assignment_submissions(LAB)}
        assert subm["good"].score == full and not subm["good"].needs_manual_grade
        assert subm["hangs"].needs_manual_grade and subm["exits"].needs_manual_grade
    # Megabytes of output are cut before they reach the graded notebook.
    graded = course / ".grading" / "autograded" / "partial" / LAB / f"{LAB}.ipynb"
    assert graded.stat().st_size < 200_000
    # Feedback exists and shows no hidden test.
    page = (course / ".grading" / "feedback" / "good" / LAB / f"{LAB}.html").read_text()
    assert grading.leaked_lines(page, grading.hidden_lines(SOURCE)) == []
    assert "more tests ran here when grading" in page
