"""Which folders of a submissions folder are students, and which of them a run grades.

`agentcourse grade` (pipeline.py) finds each student's notebook here and narrows the class
to `--student`; `grades merge` (shards.py) checks the ids a shard's gradebook names by the
same STUDENT_ID. A folder that is not a student is skipped with the reason, never fatal.
"""

from __future__ import annotations

import re
from pathlib import Path

from agentcourse.errors import UsageError

STUDENT_ID = re.compile(r"[A-Za-z0-9][\w.@+-]*")


def find_submissions(folder: Path, lab: str) -> tuple[dict[str, Path], dict[str, str]]:
    """(student -> the folder holding their labNN.ipynb, skipped folder -> why).

    Accepts SUBMISSIONS/<student>/labNN.ipynb and nbgrader's own
    SUBMISSIONS/<student>/labNN/labNN.ipynb (e.g. .grading/submitted). A hidden folder,
    a file, or a name that is not a valid student id is skipped and reported, never fatal."""
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder of submissions (one subfolder per student)")
    found: dict[str, Path] = {}
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
            nested = entry / lab
            found[name] = nested if (nested / f"{lab}.ipynb").exists() and not nested.is_symlink() else entry
    if not found and not skipped:
        raise UsageError(f"{folder} has no student folders (expected {folder}/<student>/{lab}.ipynb)")
    return found, skipped


def select_students(found: dict[str, Path], skipped: dict[str, str],
                    wanted: tuple[str, ...]) -> tuple[dict[str, Path], dict[str, str]]:
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
