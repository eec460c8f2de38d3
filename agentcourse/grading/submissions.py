"""Which folders of a submissions folder are students, and which of them a run grades.

`agentcourse grade` (pipeline.py) finds each student's notebook here (read_submission: the
lab's folder of a student, and the one notebook in it graded whatever its name) and narrows
the class to `--student`; `grades merge` (shards.py) checks the ids a shard's gradebook names by the
same STUDENT_ID. A folder that is not a student is skipped with the reason, never fatal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from agentcourse.errors import UsageError

STUDENT_ID = re.compile(r"[A-Za-z0-9][\w.@+-]*")


@dataclass(frozen=True)
class Submission:
    """What one student handed in for the lab, as found on disk (before any grading)."""

    folder: Path | None  # the student's folder for the lab; None: they have none (submitted nothing)
    notebook: str | None = None  # the notebook in it that is graded, whatever its name
    status: str = "ok"  # "ok" (grade `notebook`), else a status of results.STATUSES, not graded
    detail: str = ""  # why there is nothing to grade, for the table, the CSV and the gradebook


def lab_folder(student: Path, lab: str) -> Path | None:
    """SUBMISSIONS/<student>/<lab>/ (nbgrader's layout) if it exists, else the student's
    folder itself when it holds a notebook (the flat layout), else None."""
    nested = student / lab
    if nested.is_dir() or nested.is_symlink():  # a linked folder is chosen, then refused below
        return nested
    return student if notebooks_in(student) else None


def notebooks_in(folder: Path) -> list[str]:
    """The notebooks directly in `folder`, by name: .ipynb_checkpoints and other hidden
    files (macOS's ._lab01.ipynb) are not submissions; a link is listed (and refused later)."""
    if folder.is_symlink() or not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.suffix == ".ipynb" and not p.name.startswith(".")
                  and (p.is_symlink() or p.is_file()))


def read_submission(student: Path, lab: str) -> Submission:
    """The notebook graded: the only one of the student's lab folder whatever its name, or
    `<lab>.ipynb` among several. Several and none of them `<lab>.ipynb`: `review`, for a
    person to choose; a lab folder with no notebook: `missing`; no lab folder at all: the
    student submitted nothing (`missing`, and never recorded in the gradebook)."""
    folder = lab_folder(student, lab)
    if folder is None:
        return Submission(None, status="missing", detail=f"no {lab} folder and no notebook: submitted nothing")
    if folder.is_symlink():
        return Submission(folder, status="error", detail=f"{folder.name}/ is a link, never followed: not graded")
    found = notebooks_in(folder)
    if len(found) == 1 or f"{lab}.ipynb" in found:
        return Submission(folder, found[0] if len(found) == 1 else f"{lab}.ipynb")
    if not found:
        return Submission(folder, status="missing", detail=f"no notebook in {folder}")
    return Submission(folder, status="review", detail=f"{len(found)} notebooks and none is {lab}.ipynb: "
                      + ", ".join(found) + "; grade the right one by hand")


def find_submissions(folder: Path, lab: str) -> tuple[dict[str, Submission], dict[str, str]]:
    """(student -> their Submission of the lab, skipped folder -> why).

    Every valid student folder is a student of the class, whether or not they handed the
    lab in (read_submission). A hidden folder, a file, or a name that is not a valid student
    id is skipped and reported, never fatal."""
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder of submissions (one subfolder per student)")
    found: dict[str, Submission] = {}
    skipped: dict[str, str] = {}
    for entry in sorted(folder.iterdir()):
        name = entry.name
        if name.startswith("."):
            skipped[name] = "hidden folder, not a student"
        elif entry.is_symlink() or not entry.is_dir():
            skipped[name] = "not a folder (each student needs a folder of their own)"
        elif not STUDENT_ID.fullmatch(name):
            skipped[name] = "not a valid student id (letters, digits, . _ @ + -)"
        else:
            found[name] = read_submission(entry, lab)
    if not found and not skipped:
        raise UsageError(f"{folder} has no student folders (expected {folder}/<student>/{lab}.ipynb)")
    return found, skipped


def select_students(found: dict[str, Submission], skipped: dict[str, str],
                    wanted: tuple[str, ...]) -> tuple[dict[str, Submission], dict[str, str]]:
    """Only the students asked for (--student), or everyone when none is named. The other
    folders are left alone: not graded, not reported, their rows kept as they were."""
    if not wanted:
        return found, skipped
    unknown = [name for name in dict.fromkeys(wanted) if name not in found]
    if unknown:
        why = [f"{name!r} ({skipped[name]})" if name in skipped else repr(name) for name in unknown]
        raise UsageError("--student: no submission folder for " + ", ".join(why)
                         + "; name a student's folder in the submissions folder")
    return {name: found[name] for name in found if name in wanted}, {}
