"""Grading a class again grades only what changed (agentcourse/grading/unchanged.py): a
student is kept only when their lab folder, their extension, the lab's release and the
settings that change a final grade are those of their last final result."""

from __future__ import annotations

import json
import os
import shutil
import warnings
from datetime import datetime
from pathlib import Path

import pytest

from agentcourse.cli import main
from agentcourse.grading import nbgrader_io, records, results, unchanged
from agentcourse.grading import pipeline as grading
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading.test_grading import LAB, _scratch_course, answered


def _gradebook(root: Path, lab: str = LAB, students: tuple[str, ...] = ("ann",)) -> None:
    (root / ".grading").mkdir(parents=True, exist_ok=True)
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.update_or_create_assignment(lab)
        for student in students:
            gb.update_or_create_student(student)


def _key(root: Path, folder: Path) -> str:
    return unchanged.submission_keys(root, LAB, {"ann": folder})["ann"]


def test_a_submission_key_follows_every_file_of_the_lab_folder_but_never_a_link(tmp_path):
    root, folder = tmp_path / "course", tmp_path / "subs" / "ann" / LAB
    _gradebook(root)
    folder.mkdir(parents=True)
    (folder / f"{LAB}.ipynb").write_text("{}", encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("one", encoding="utf-8")
    first = _key(root, folder)
    assert _key(root, folder) == first, "the same folder, the same key"
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / f"{LAB}-checkpoint.ipynb").write_text("{}", encoding="utf-8")
    assert _key(root, folder) == first, "Jupyter's own copies are not the submission"
    (folder / "link.txt").symlink_to(outside)
    linked = _key(root, folder)
    assert linked != first
    outside.write_text("two", encoding="utf-8")
    assert _key(root, folder) == linked, "a link is named, never followed"
    (folder / "timestamp.txt").write_text("2026-12-01 10:00:00 UTC", encoding="utf-8")
    stamped = _key(root, folder)
    assert stamped != linked, "a new time of submission can change the late penalty"
    (folder / f"{LAB}.ipynb").write_text('{"cells": []}', encoding="utf-8")
    assert _key(root, folder) not in (first, linked, stamped)


def test_an_extension_given_in_the_gradebook_changes_the_submission_key(tmp_path):
    from datetime import timedelta

    root, folder = tmp_path / "course", tmp_path / "ann"
    _gradebook(root)
    folder.mkdir()
    (folder / f"{LAB}.ipynb").write_text("{}", encoding="utf-8")
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_submission(LAB, "ann")
        before = _key(root, folder)
        gb.find_submission(LAB, "ann").extension = timedelta(days=2)
        gb.db.commit()
    assert _key(root, folder) != before


def _course_with_own_lab(tmp_path: Path) -> Path:
    """A course whose lab 2 source is a copy this test may change."""
    root = tmp_path / "course"
    (root / "solutions").mkdir(parents=True)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", root / "nbgrader_config.py")
    shutil.copytree(REPO_ROOT / "solutions" / LAB, root / "solutions" / LAB)
    _gradebook(root)
    return root


def _release(root: Path, **config) -> str:
    settings = grading._settings(root, LAB, root / ".grading" / "run", results.GradeConfig(course_root=root, **config))
    return unchanged.release_key(root, LAB, settings)


def test_the_release_key_changes_with_the_lab_its_settings_and_due_date_but_not_the_time_per_cell(tmp_path):
    root = _course_with_own_lab(tmp_path)
    base = _release(root)
    assert _release(root) == base
    assert _release(root, cell_timeout=5) == base, "a timeout is never final: graded again anyway"
    assert _release(root, property_examples=3) != base
    assert _release(root, memory_mb=512) != base
    assert _release(root, unconfined=True) != base
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb:
        gb.update_or_create_assignment(LAB, duedate=datetime(2026, 12, 24, 12, 0))
    due = _release(root)
    assert due != base
    source = root / "solutions" / LAB / f"{LAB}.ipynb"
    source.write_bytes(source.read_bytes() + b"\n")
    assert _release(root) not in (base, due), "any byte of the lab's source"


def _record(root: Path, status: str, key: str = "s", release: str = "r") -> None:
    unchanged.remember(root, LAB, [results.Result("ann", status)], {"ann": key}, release)


@pytest.fixture
def graded_ann(tmp_path) -> Path:
    """A course where ann's lab 2 was graded: scores in the gradebook, notebook installed."""
    root = tmp_path / "course"
    _gradebook(root)
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_notebook(LAB, LAB)
        gb.add_grade_cell("t1", LAB, LAB, max_score=2, cell_type="code")
        gb.add_submission(LAB, "ann")
        grade = gb.find_submission_notebook(LAB, LAB, "ann").grades[0]
        grade.auto_score, grade.needs_manual_grade = 2.0, False
        gb.db.commit()
    graded = root / ".grading" / "autograded" / "ann" / LAB / f"{LAB}.ipynb"
    graded.parent.mkdir(parents=True)
    graded.write_text("{}", encoding="utf-8")
    return root


@pytest.mark.parametrize("status", ["ok", "review", "withheld"])
def test_a_final_result_on_the_same_submission_and_release_is_kept_with_its_points(graded_ann, status):
    _record(graded_ann, status)
    kept = unchanged.still_graded(graded_ann, LAB, "ann", "s", "r")
    assert kept is not None and kept.status == status and kept.points == {"t1": 2.0}
    assert kept.detail == unchanged.UNCHANGED


@pytest.mark.parametrize("status", ["timeout", "out of memory", "kernel died", "error", "interrupted", "missing"])
def test_a_result_that_may_depend_on_the_machine_is_graded_again(graded_ann, status):
    _record(graded_ann, status)
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None


def test_a_changed_submission_or_release_or_a_lost_graded_notebook_is_graded_again(graded_ann):
    _record(graded_ann, "ok")
    assert unchanged.still_graded(graded_ann, LAB, "ann", "other", "r") is None
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "other") is None
    assert unchanged.still_graded(graded_ann, LAB, "bob", "s", "r") is None, "never graded"
    (graded_ann / ".grading" / "autograded" / "ann" / LAB / f"{LAB}.ipynb").unlink()
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None


def test_records_that_cannot_be_read_grade_everyone(graded_ann):
    _record(graded_ann, "ok")
    (graded_ann / ".grading" / unchanged.RECORDS_FILE).write_text("{not json", encoding="utf-8")
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None
    (graded_ann / ".grading" / unchanged.RECORDS_FILE).write_text('{"lab02": {"ann": "ok"}}', encoding="utf-8")
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None


def test_a_submission_the_gradebook_no_longer_holds_is_graded_again(graded_ann):
    _record(graded_ann, "ok")
    with nbgrader_io.gradebook(nbgrader_io.db_url(graded_ann)) as gb:
        gb.remove_submission(LAB, "ann")
    assert records.read_scores(nbgrader_io.db_url(graded_ann), LAB, "ann").points == {}
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None


# ---------------------------------------------------------------- a class graded for real, three times


@pytest.mark.slow
def test_grading_a_class_again_grades_only_the_changed_and_the_unfinished(tmp_path, monkeypatch):
    course, subs = _scratch_course(tmp_path), tmp_path / "subs"
    for student in ("ann", "bob", "cid"):
        answered(subs / student / LAB / f"{LAB}.ipynb", correct=False)
    graded: list[list[str]] = []
    real = grading._grade_class

    def spy(run, todo, config):
        graded.append(sorted(todo))
        real(run, todo, config)

    monkeypatch.setattr(grading, "_grade_class", spy)
    config = results.GradeConfig(jobs=2, cell_timeout=int(within(30)), property_examples=2, course_root=course)
    first = {r.student: (r.status, r.total) for r in grading.grade(LAB, subs, config).results}
    assert first == {s: ("ok", 0.0) for s in ("ann", "bob", "cid")}

    page = course / ".grading" / "feedback" / "cid" / LAB / f"{LAB}.html"
    page.unlink()  # as if the last run had been stopped before feedback
    again = grading.grade(LAB, subs, config)
    assert graded[-1] == [], "nothing changed: nobody is graded again"
    assert {r.student: (r.status, r.total) for r in again.results} == first
    assert all(r.detail == unchanged.UNCHANGED for r in again.results)
    assert page.is_file(), "a kept student's missing feedback page is written"

    answered(subs / "bob" / LAB / f"{LAB}.ipynb", correct=True)  # bob hands in his answers
    records_file = course / ".grading" / unchanged.RECORDS_FILE
    data = json.loads(records_file.read_text(encoding="utf-8"))
    data[LAB]["ann"]["status"] = "timeout"  # ann's last run timed out on a busy machine
    records_file.write_text(json.dumps(data), encoding="utf-8")
    third = {r.student: (r.status, r.total) for r in grading.grade(LAB, subs, config).results}
    assert graded[-1] == ["ann", "bob"]
    assert third["bob"][1] > 0 and third["ann"] == third["cid"] == ("ok", 0.0)

    monkeypatch.setattr(grading, "REPO_ROOT", course)
    args = ["grade", "2", str(subs), "--timeout", str(int(within(30))), "--examples", "2"]
    assert main([*args, "--regrade", "--student", "cid"]) == 0
    assert graded[-1] == ["cid"], "--regrade grades even an unchanged student"
    assert main(args) == 0
    assert graded[-1] == []


def test_the_records_are_written_whole(graded_ann):
    _record(graded_ann, "ok")
    path = graded_ann / ".grading" / unchanged.RECORDS_FILE
    assert json.loads(path.read_text(encoding="utf-8"))[LAB]["ann"] == {"submission": "s", "release": "r",
                                                                        "status": "ok"}
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    unchanged.forget(graded_ann, LAB, ["ann"])
    assert unchanged.still_graded(graded_ann, LAB, "ann", "s", "r") is None
    assert os.path.getsize(path) > 0
