"""Merge a lab graded on another machine into this course: `agentcourse grades merge N OTHER`.

A large class can be split across machines (`agentcourse grade N SUBMISSIONS --student ID`
on each); OTHER is one machine's `.grading/` folder, copied over. For every student of the
lab in OTHER's gradebook, their submission is copied into this course's gradebook as
recorded there (scores, manual scores, flags, comments with the grader's note, late
penalty, timestamp), with their autograded/, submitted/ and feedback/ folders (regular
files only, links never followed) and their manual-flags.json and graded.json entries. A student graded here
too, with another submission timestamp, is refused unless --replace: nothing is written.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import warnings
from pathlib import Path

from agentcourse.errors import MergeRefused
from agentcourse.grading import unchanged
from agentcourse.grading.flags import FLAGS_FILE, load_flags, save_flags
from agentcourse.grading.nbgrader_io import LOCAL, db_url, ensure_assignment, gradebook
from agentcourse.grading.records import install_file, scratch_rows
from agentcourse.grading.submissions import STUDENT_ID
from agentcourse.paths import REPO_ROOT

FOLDERS = ("autograded", "submitted", "feedback")


def shard_students(other: Path, lab: str) -> list[str]:
    """The students with a submission of `lab` in OTHER's gradebook; refuses what is not one."""
    from nbgrader.api import MissingEntry

    db = other / "gradebook.db"
    if not db.is_file() or db.is_symlink():
        raise MergeRefused(f"{other} has no gradebook.db: give the .grading folder of a graded course")
    with gradebook(f"sqlite:///{db}") as gb:
        try:
            students = sorted(sub.student.id for sub in gb.find_assignment(lab).submissions)
        except MissingEntry:
            raise MergeRefused(f"{other}/gradebook.db has no {lab}: it is not a shard of this lab") from None
    if not students:
        raise MergeRefused(f"{other}/gradebook.db has no submission of {lab}")
    bad = [s for s in students if not STUDENT_ID.fullmatch(s)]
    if bad:
        raise MergeRefused(f"{other}/gradebook.db names students that are not valid ids: {bad!r}")
    return students


def _cells(gb, lab: str) -> set[tuple[str, str]]:
    return {(nb.name, c.name) for nb in gb.find_assignment(lab).notebooks for c in nb.grade_cells}


def check_conflicts(root: Path, other: Path, lab: str, shard: dict, replace: bool) -> dict[str, str]:
    """Refuse, before writing anything, a shard whose cells differ from this course's, or a
    student here with another submission timestamp (unless `replace`). Student -> "new",
    "again" (here, same timestamp) or "replaced"."""
    from nbgrader.api import MissingEntry

    with gradebook(f"sqlite:///{other / 'gradebook.db'}") as ogb:
        theirs = _cells(ogb, lab)
    seen, clash = {}, []
    with gradebook(db_url(root)) as gb:
        if _cells(gb, lab) != theirs:
            raise MergeRefused(f"{lab}'s test cells in {other} are not this course's: "
                               "was it graded from another version of the lab?")
        for student, (_, timestamp) in shard.items():
            try:
                here = gb.find_submission(lab, student).timestamp
            except MissingEntry:
                seen[student] = "new"
                continue
            seen[student] = "again" if here == timestamp else "replaced"
            if here != timestamp and not replace:
                clash.append(f"{student} (here {here}, there {timestamp})")
    if clash:
        raise MergeRefused("submitted at another time here: " + ", ".join(clash)
                           + "; nothing merged. Pass --replace to take the shard's submissions")
    return seen


def copy_rows(root: Path, lab: str, student: str, rows: list, timestamp) -> None:
    """One student's submission into this course's gradebook, exactly as the shard has it."""
    with gradebook(db_url(root)) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's add_submission warns in SQLAlchemy
        gb.update_or_create_student(student)
        gb.update_or_create_submission(lab, student, timestamp=timestamp)
        for nb_name, penalty, grades, comments in rows:
            gb.find_submission_notebook(nb_name, lab, student).late_submission_penalty = penalty
            for name, auto, manual, extra, needs, _ in grades:
                grade = gb.find_grade(name, nb_name, lab, student)
                grade.auto_score, grade.manual_score, grade.extra_credit = auto, manual, extra
                grade.needs_manual_grade = needs
            for name, auto, manual in comments:
                comment = gb.find_comment(name, nb_name, lab, student)
                comment.auto_comment, comment.manual_comment = auto, manual
        gb.db.commit()


def copy_tree(src: Path, dest: Path) -> int:
    """The regular files under `src` into a fresh `dest` (links never followed); how many."""
    if dest.is_symlink() or dest.is_file():
        dest.unlink()
    elif dest.is_dir():
        shutil.rmtree(dest)
    if src.is_symlink() or not src.is_dir():
        return 0
    copied = 0
    for folder, _, files in os.walk(src):  # os.walk never descends into a linked folder
        for name in files:
            path = Path(folder, name)
            if path.is_file() and not path.is_symlink():
                install_file(path, dest / path.relative_to(src))
                copied += 1
    return copied


def merge_flags(root: Path, other: Path, lab: str, students: list[str]) -> None:
    """The shard's manual-flags.json and graded.json entries of the merged students replace
    this course's: flags cleared by hand stay cleared, and a student graded there is not
    graded again here while their submission is unchanged (unchanged.py)."""
    for name, load, save in ((FLAGS_FILE, load_flags, save_flags),
                             (unchanged.RECORDS_FILE, unchanged.load, unchanged.save)):
        try:
            theirs = json.loads((other / name).read_text(encoding="utf-8")).get(lab, {})
        except (OSError, ValueError, AttributeError):
            theirs = {}
        theirs = theirs if isinstance(theirs, dict) else {}
        data = load(root)
        for student in students:
            if student in theirs:
                data.setdefault(lab, {})[student] = theirs[student]
            else:
                data.get(lab, {}).pop(student, None)
        save(root, data)


def _read_csv(path: Path) -> tuple[list[str], dict[str, dict[str, str]]]:
    if path.is_symlink() or not path.is_file():
        return [], {}
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        return list(reader.fieldnames or []), {r["student"]: r for r in reader if r.get("student")}


def merge_csv(root: Path, other: Path, lab: str, students: list[str]) -> None:
    """The shard's rows of labNN-grades.csv (points per test cell) for the merged students."""
    from agentcourse.grading.grades import write_csv

    header, theirs = _read_csv(other / f"{lab}-grades.csv")
    if not theirs:
        return
    path = root / LOCAL / f"{lab}-grades.csv"
    ours_header, rows = _read_csv(path)
    rows.update({s: theirs[s] for s in students if s in theirs})
    write_csv(path, ours_header or header, [rows[s] for s in sorted(rows)])


def merge(root: Path, lab: str, other: Path, replace: bool = False) -> dict[str, dict]:
    """Merge OTHER's submissions of `lab` into the course at `root`; student -> what came."""
    other = other.resolve()
    if other == (root / LOCAL).resolve():
        raise MergeRefused(f"{other} is this course's own {LOCAL} folder")
    students = shard_students(other, lab)
    shard = {s: scratch_rows(other / "gradebook.db", lab, s) for s in students}
    (root / LOCAL).mkdir(exist_ok=True)
    ensure_assignment(root, lab)
    before = check_conflicts(root, other, lab, shard, replace)
    merged = {}
    for student, (rows, timestamp) in shard.items():
        copy_rows(root, lab, student, rows, timestamp)
        files = {kind: copy_tree(other / kind / student / lab, root / LOCAL / kind / student / lab)
                 for kind in FOLDERS}
        flagged = sum(needs for _, _, grades, _ in rows for *_, needs, _ in grades)
        merged[student] = {"here": before[student], "timestamp": timestamp, "flagged": flagged, **files}
    merge_flags(root, other, lab, students)
    merge_csv(root, other, lab, students)
    return merged


def cli_merge(args: argparse.Namespace) -> int:
    """`agentcourse grades merge N OTHER [--replace]`."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from agentcourse.course.labs import find_lab

    lab = find_lab(args.lab, REPO_ROOT / "solutions")
    merged = merge(REPO_ROOT, lab, Path(args.other), replace=args.replace)
    table = Table(title=f"{lab}: {len(merged)} students merged from {escape(args.other)}")
    for column in ("student", "here before", "submitted", "cells flagged", *(f"{k} files" for k in FOLDERS)):
        table.add_column(column)
    for student, got in merged.items():
        table.add_row(escape(student), got["here"], str(got["timestamp"] or "-"), str(got["flagged"]),
                      *(str(got[k]) for k in FOLDERS))
    Console().print(table)
    return 0
