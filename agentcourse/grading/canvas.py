"""Grades in Canvas's gradebook import format (`agentcourse grades export N --format canvas`).

Canvas imports the CSV its own gradebook export writes (Grades > Export): the columns
"Student", "ID", "SIS User ID", "SIS Login ID", "Section", then one column per
assignment; an optional second row "Points Possible" gives each assignment's points. A
column named like an existing assignment ("Lab 2 (12345)", the number being Canvas's id)
updates it; a new name creates an assignment. An empty cell changes nothing.

The roster is that same export of the course (any CSV with those five columns): its rows
give each student's Canvas ids, and the column `id_column` (default "SIS Login ID") holds
the id the student has in the gradebook (their submission folder's name). A student of the
gradebook missing from the roster cannot be written (Canvas would not know them): they are
returned, for the command to report.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from agentcourse.errors import BadRoster
from agentcourse.grading.grades import LabGrades, write_csv

COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
POINTS_ROW = "Points Possible"


@dataclass
class Roster:
    """The LMS's students: gradebook id -> their row (COLUMNS), in the file's order."""

    students: dict[str, dict[str, str]]
    columns: list[str]  # every column of the file (an assignment's may be there already)
    without_id: list[str]  # names of rows with no id (Canvas's "Test Student"): skipped


def read_roster(path: Path, id_column: str = "SIS Login ID") -> Roster:
    """The roster file; BadRoster says what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8-sig")  # Excel adds a byte-order mark
    except (OSError, UnicodeDecodeError) as err:
        raise BadRoster(f"cannot read the roster {path}: {err}") from None
    reader = csv.DictReader(text.splitlines())
    found = [c.strip() for c in reader.fieldnames or []]
    missing = [c for c in dict.fromkeys(("Student", "ID", id_column)) if c not in found]
    if missing:
        raise BadRoster(f"the roster {path} has no column {', '.join(map(repr, missing))} "
                        f"(found: {', '.join(map(repr, found)) or 'nothing'}); export it from "
                        "the LMS's gradebook, or give --id-column")
    roster = Roster({}, found, [])
    for row in reader:
        row = {(k or "").strip(): (v or "").strip() for k, v in row.items()}
        if row.get("Student", "") == POINTS_ROW or not any(row.values()):
            continue  # the export's own points row, or a blank line
        student = row.get(id_column, "")
        if not student:
            roster.without_id.append(row.get("Student", ""))
        elif student in roster.students:
            raise BadRoster(f"the roster {path} names {student!r} twice (column {id_column!r})")
        else:
            roster.students[student] = {c: row.get(c, "") for c in COLUMNS}
    return roster


def assignment_column(columns: list[str], name: str) -> str:
    """The roster's own column for this assignment ("lab02 (12345)") if it has one, else `name`."""
    for column in columns:
        if column == name or column.startswith(name + " ("):
            return column
    return name


def canvas_rows(grades: LabGrades, roster: Roster, column: str) -> list[dict[str, str]]:
    """One row per roster student, in the roster's order; no submission: an empty cell."""
    scores = {s.student: f"{s.score:g}" for s in grades.students}
    return [{**row, column: scores.get(student, "")} for student, row in roster.students.items()]


def write_canvas(grades: LabGrades, roster: Roster, out: Path, name: str) -> list[str]:
    """Write the Canvas CSV; return the gradebook's students the roster does not have."""
    column = assignment_column(roster.columns, name)
    points = {c: "" for c in COLUMNS} | {"Student": POINTS_ROW, column: f"{grades.max_score:g}"}
    write_csv(out, [*COLUMNS, column], canvas_rows(grades, roster, column), extra_rows=[points])
    return [s.student for s in grades.students if s.student not in roster.students]
