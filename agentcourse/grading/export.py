"""`agentcourse grades export N`: a lab's grades as the gradebook holds them now (or the
capstone's, from the CSV `arena grade` wrote), as the course's export CSV or in Canvas's
gradebook import format.

The CLI's entry point for `grades export` (agentcourse/cli.py); what a grade is comes from
grades.py, Canvas's format from canvas.py.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agentcourse.grading import canvas
from agentcourse.grading.grades import (
    CAPSTONE,
    CAPSTONE_CSV,
    EXPORT_COLUMNS,
    export_rows,
    read_capstone,
    read_grades,
    write_csv,
)
from agentcourse.grading.nbgrader_io import LOCAL
from agentcourse.paths import REPO_ROOT


def cli_export(args: argparse.Namespace) -> int:
    """`agentcourse grades export N`: the gradebook as it is now, as a CSV."""
    from rich.console import Console
    from rich.markup import escape

    from agentcourse.course.labs import find_lab

    console = Console()
    root = REPO_ROOT
    capstone = args.lab == CAPSTONE
    lab = CAPSTONE if capstone else find_lab(args.lab, root / "solutions")
    if args.format == "canvas" and not args.roster:
        from agentcourse.errors import UsageError

        raise UsageError("--format canvas needs --roster FILE (the LMS's gradebook export)")
    roster = canvas.read_roster(Path(args.roster), args.id_column) if args.format == "canvas" else None
    from_file = getattr(args, "from_file", None)
    grades = read_capstone(Path(from_file) if from_file else CAPSTONE_CSV) if capstone else read_grades(root, lab)
    if roster is not None:
        out = Path(args.out) if args.out else root / LOCAL / f"{lab}-canvas.csv"
        unmatched = canvas.write_canvas(grades, roster, out, args.assignment or lab)
        for student in unmatched:
            console.print(f"[yellow]not in the roster[/] (not in the Canvas file): {escape(student)}")
    else:
        out = Path(args.out) if args.out else root / LOCAL / f"{lab}-export.csv"
        write_csv(out, EXPORT_COLUMNS, export_rows(grades))
    waiting = [s.student for s in grades.students if s.needs_manual_grade]
    if waiting:
        console.print(f"[yellow]still flagged for manual grading[/]: {escape(', '.join(waiting))}")
    console.print(f"{len(grades.students)} students of {lab}: {escape(str(out))}")
    return 0
