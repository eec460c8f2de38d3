"""`agentcourse grades merge`: a class graded in shards on several machines, merged into one
gradebook. The fast tests check the refusals and the copying on gradebooks made here; the
slow one grades lab 1 for real as two shards of one student each and merges them."""

from __future__ import annotations

import csv
import datetime
import json
import os
import shutil
import warnings
from pathlib import Path

import pytest

from agentcourse.cli import main
from agentcourse.course import nbfile
from agentcourse.errors import MergeRefused
from agentcourse.grading import export, nbgrader_io, results, seeds, shards, summary, unchanged
from agentcourse.grading import pipeline as grading
from agentcourse.paths import REPO_ROOT
from tests.budget import within

T0 = datetime.datetime(2026, 12, 1, 10, 0)


def _gradebook(path: Path, lab: str = "alpha", cells=("t1", "t2")) -> None:
    with nbgrader_io.gradebook(f"sqlite:///{path}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_assignment(lab)
        gb.add_notebook(lab, lab)
        for name in cells:
            gb.add_grade_cell(name, lab, lab, max_score=1, cell_type="code")
            gb.add_solution_cell(f"a_{name}", lab, lab)


def _submit(path: Path, student: str, when: datetime.datetime, scores=(1.0, 0.0), note=None) -> None:
    with nbgrader_io.gradebook(f"sqlite:///{path}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.update_or_create_student(student)
        gb.update_or_create_submission("alpha", student, timestamp=when)
        subnb = gb.find_submission_notebook("alpha", "alpha", student)
        subnb.late_submission_penalty = 0.5
        for grade, score in zip(subnb.grades, scores, strict=False):
            grade.auto_score, grade.needs_manual_grade = score, score < 1
        subnb.comments[0].auto_comment = note
        gb.db.commit()


@pytest.fixture
def two_courses(tmp_path) -> tuple[Path, Path]:
    """This course (ann submitted at T0) and a shard's .grading/ folder (bob, graded there)."""
    here, there = tmp_path / "here", tmp_path / "there" / ".grading"
    (here / ".grading").mkdir(parents=True)
    there.mkdir(parents=True)
    _gradebook(here / ".grading" / "gradebook.db")
    _gradebook(there / "gradebook.db")
    _submit(here / ".grading" / "gradebook.db", "ann", T0)
    _submit(there / "gradebook.db", "bob", T0, note="[agentcourse grade] status: timeout (cell timed out: t2)")
    for kind in shards.FOLDERS:
        (there / kind / "bob" / "alpha").mkdir(parents=True)
        (there / kind / "bob" / "alpha" / "alpha.ipynb").write_text(kind)
    (there / "manual-flags.json").write_text(json.dumps({"alpha": {"bob": {"sha256": "b", "flagged": ["t2"]}}}))
    (there / "alpha-grades.csv").write_text("student,status,total\nbob,timeout,1\n")
    (here / ".grading" / "alpha-grades.csv").write_text("student,status,total\nann,ok,1\n")
    return here, there


def _rows(root: Path) -> dict[str, tuple]:
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb:
        return {sub.student.id: (sub.timestamp, [(g.name, g.auto_score, g.needs_manual_grade)
                                                 for nb in sub.notebooks for g in nb.grades],
                                 [c.auto_comment for nb in sub.notebooks for c in nb.comments],
                                 sub.notebooks[0].late_submission_penalty)
                for sub in gb.find_assignment("alpha").submissions}


def test_a_shards_students_come_with_scores_flags_notes_folders_and_flag_records(two_courses):
    here, there = two_courses
    merged = shards.merge(here, "alpha", there)
    assert list(merged) == ["bob"] and merged["bob"]["flagged"] == 1 and merged["bob"]["feedback"] == 1
    assert merged["bob"]["here"] == "new"
    rows = _rows(here)
    assert rows["bob"] == (T0, [("t1", 1.0, False), ("t2", 0.0, True)],
                           ["[agentcourse grade] status: timeout (cell timed out: t2)", None], 0.5)
    assert rows["ann"][0] == T0, "this course's own students stay"
    for kind in shards.FOLDERS:
        assert (here / ".grading" / kind / "bob" / "alpha" / "alpha.ipynb").read_text() == kind
    flags = json.loads((here / ".grading" / "manual-flags.json").read_text())
    assert flags["alpha"]["bob"] == {"sha256": "b", "flagged": ["t2"]}
    assert (here / ".grading" / "alpha-grades.csv").read_text().splitlines() == [
        "student,status,total", "ann,ok,1", "bob,timeout,1"]
    again = shards.merge(here, "alpha", there)
    assert again["bob"]["here"] == "again" and _rows(here) == rows, "the same shard again changes nothing"


def test_links_in_a_shards_folders_are_never_followed(two_courses, tmp_path):
    here, there = two_courses
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the course")
    graded = there / "autograded" / "bob" / "alpha"
    os.symlink(secret, graded / "link.txt")
    os.symlink(tmp_path, graded / "linked-folder")
    shards.merge(here, "alpha", there)
    got = here / ".grading" / "autograded" / "bob" / "alpha"
    assert sorted(p.name for p in got.iterdir()) == ["alpha.ipynb"]


def test_a_student_submitted_at_another_time_here_is_refused_unless_replace(two_courses):
    here, there = two_courses
    _submit(here / ".grading" / "gradebook.db", "bob", T0 + datetime.timedelta(hours=1), scores=(1.0, 1.0))
    with pytest.raises(MergeRefused, match=r"submitted at another time here: bob .*--replace"):
        shards.merge(here, "alpha", there)
    assert _rows(here)["bob"][1] == [("t1", 1.0, False), ("t2", 1.0, False)], "nothing was merged"
    assert not (here / ".grading" / "feedback").exists()
    assert shards.merge(here, "alpha", there, replace=True)["bob"]["here"] == "replaced"
    assert _rows(here)["bob"][0] == T0 and _rows(here)["bob"][1][1] == ("t2", 0.0, True)


def test_what_is_not_a_shard_of_the_lab_is_refused(two_courses, tmp_path):
    here, there = two_courses
    with pytest.raises(MergeRefused, match="has no gradebook.db"):
        shards.merge(here, "alpha", tmp_path / "empty")
    with pytest.raises(MergeRefused, match="has no beta"):
        shards.merge(here, "beta", there)
    with pytest.raises(MergeRefused, match="own .grading folder"):
        shards.merge(here, "alpha", here / ".grading")
    other = tmp_path / "other" / ".grading"
    other.mkdir(parents=True)
    _gradebook(other / "gradebook.db", cells=("t1", "t3"))
    _submit(other / "gradebook.db", "cid", T0)
    with pytest.raises(MergeRefused, match="test cells .* are not this course's"):
        shards.merge(here, "alpha", other)
    assert set(_rows(here)) == {"ann"}


def test_the_command_line_says_why_it_refuses(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(shards, "REPO_ROOT", tmp_path)
    os.symlink(REPO_ROOT / "solutions", tmp_path / "solutions")
    assert main(["grades", "merge", "1", str(tmp_path / "nowhere")]) == MergeRefused.exit_status
    assert "has no gradebook.db" in capsys.readouterr().err


# ---------------------------------------------------------------- two shards graded for real

LAB = "lab01"


def _course(path: Path) -> Path:
    path.mkdir(parents=True)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", path / "nbgrader_config.py")
    for name in ("solutions", "labs"):
        os.symlink(REPO_ROOT / name, path / name)
    return path


def _submissions(folder: Path) -> Path:
    """ann answers as the solution does; bob hands in the release untouched."""
    answers = {nbfile.grade_id(c): "\n".join(line for line in c.source.splitlines() if "SOLUTION" not in line)
               for c in nbfile.read_notebook(REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb").cells
               if c.metadata.get("nbgrader", {}).get("solution")}
    for student, answer in (("ann", True), ("bob", False)):
        nb = nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb")
        for cell in nb.cells:
            if answer and nbfile.grade_id(cell) in answers:
                cell.source = answers[nbfile.grade_id(cell)]
        (folder / student).mkdir(parents=True)
        nbfile.write_notebook(nb, folder / student / f"{LAB}.ipynb")
    return folder


@pytest.mark.slow
def test_two_shards_graded_apart_and_merged_export_as_one_class(tmp_path, monkeypatch, capsys):
    subs = _submissions(tmp_path / "subs")
    a, b = _course(tmp_path / "a"), _course(tmp_path / "b")
    monkeypatch.setenv(seeds.ENV_SECRET, "one secret for every grader's machine")  # as the guide says
    for course, student in ((a, "ann"), (b, "bob")):
        report = grading.grade(LAB, subs, results.GradeConfig(jobs=1, cell_timeout=int(within(30)), property_examples=12, course_root=course,
                                                              students=(student,)))
        summary.write_csv(report, course / ".grading" / f"{LAB}-grades.csv")  # as `agentcourse grade` does
    monkeypatch.setattr(shards, "REPO_ROOT", a)
    monkeypatch.setattr(export, "REPO_ROOT", a)
    assert main(["grades", "merge", "1", str(b / ".grading")]) == 0
    assert "bob" in capsys.readouterr().out
    assert main(["grades", "export", "1"]) == 0
    rows = {r["student"]: r for r in csv.DictReader((a / ".grading" / f"{LAB}-export.csv").open())}
    got = {s: (r["score"], r["max_score"], r["status"], r["late"], r["needs_manual_grade"]) for s, r in rows.items()}
    assert got == {"ann": ("10", "10", "ok", "0", "no"), "bob": ("0", "10", "ok", "0", "no")}
    for kind, name in (("autograded", f"{LAB}.ipynb"), ("submitted", f"{LAB}.ipynb"), ("feedback", f"{LAB}.html")):
        assert (a / ".grading" / kind / "bob" / LAB / name).is_file()
    flags = json.loads((a / ".grading" / "manual-flags.json").read_text())
    assert set(flags[LAB]) == {"ann", "bob"}
    points = {r["student"]: r["total"] for r in csv.DictReader((a / ".grading" / f"{LAB}-grades.csv").open())}
    assert points == {"ann": "10", "bob": "0"}
    assert main(["grades", "merge", "1", str(b / ".grading")]) == 0, "merging the same shard again is harmless"
    whole = grading.grade(LAB, subs, results.GradeConfig(jobs=1, cell_timeout=int(within(30)), property_examples=12,
                                                         course_root=a))
    assert {r.student: (r.detail, r.total) for r in whole.results} == {
        "ann": (unchanged.UNCHANGED, 10.0), "bob": (unchanged.UNCHANGED, 0.0)}, "a merged shard is not graded again"
