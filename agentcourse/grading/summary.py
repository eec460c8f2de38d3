"""What `agentcourse grade` shows and keeps of a run: the summary table printed at the end
(points after nbgrader's late penalty, and how late), who still waits for a person (the
command's exit status), and the CSV of points per test cell (`.grading/labNN-grades.csv`),
whose rows of students not graded in this run are kept.

cli_grade (pipeline.py) writes both, for a finished run and for the part of an
interrupted one; `grades merge` (shards.py) copies a shard's rows of the same CSV.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from agentcourse.grading.results import GradeReport, Result

if TYPE_CHECKING:
    from rich.console import Console


def write_csv(report: GradeReport, path: Path) -> None:
    """One row per student of the lab: status, total (after the late penalty), seconds late
    and the penalty, the points of every test cell, what went wrong, and the review findings
    (whatever the status).

    Rows of students not graded in this run are kept (a re-run updates rows, it never
    drops them). Written to a temp file, then renamed into place."""
    cells = list(report.max_points)
    header = ["student", "status", "total", "max", "late", "penalty", *cells, "confinement", "property seed", "detail",
              "review"]
    rows: dict[str, dict[str, str]] = {}
    if path.is_file():
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row.get("student"):
                    rows[row["student"]] = row
    maximum = sum(report.max_points.values())
    for r in report.results:
        rows[r.student] = {"student": r.student, "status": r.status, "total": f"{r.total:g}",
                           "max": f"{maximum:g}", "late": f"{r.late:.0f}", "penalty": f"{r.penalty:g}",
                           **{c: f"{r.points.get(c, 0):g}" for c in cells},
                           "confinement": report.confinement, "property seed": str(report.property_seed),
                           "detail": r.detail[:1000],
                           "review": "; ".join(r.review)[:4000]}
    for name, why in report.skipped.items():
        if not name.startswith("."):
            rows[name] = {"student": name, "status": "skipped", "total": "0", "max": f"{maximum:g}",
                          "confinement": report.confinement, "detail": why}
    buf = io.StringIO()
    out = csv.DictWriter(buf, fieldnames=header, extrasaction="ignore", restval="")
    out.writeheader()
    for student in sorted(rows):
        out.writerow(rows[student])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(buf.getvalue(), encoding="utf-8")
    os.replace(tmp, path)
    report.csv_path = path


def duration(seconds: float) -> str:
    """A lateness a person reads at a glance: 4 s, 12 min, 2.5 h, 3.0 d."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} d"


def points_text(result: Result, maximum: float) -> str:
    """The table's points: the total after the late penalty, and how late and what it cost,
    e.g. `0/25 (late 4 s, -25)`; the same figures as the gradebook and `grades export`."""
    text = f"{result.total:g}/{maximum:g}"
    if result.late > 0:
        cost = f", -{result.penalty:g}" if result.penalty else ""
        text += f" (late {duration(result.late)}{cost})"
    return text


def print_report(console: Console, report: GradeReport) -> None:
    """The summary table. Every text a student could choose (their folder name, what their
    code printed or opened, quoted in a finding) is escaped: it is shown, never read as markup."""
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{report.lab}: {len(report.results)} submissions in {report.seconds:.1f} s")
    for column in ("student", "status", "points", "detail"):
        table.add_column(column)
    maximum = sum(report.max_points.values())
    for r in report.results:
        style = "green" if r.status == "ok" else "red"
        detail = r.detail
        if r.review and "; ".join(r.review)[:500] != detail:
            detail = (detail + " | " if detail else "") + "review: " + "; ".join(r.review)
        table.add_row(escape(r.student), f"[{style}]{escape(r.status)}[/]", points_text(r, maximum),
                      escape(detail[:600]))
    console.print(table)
    for name, why in report.skipped.items():
        console.print(f"[yellow]skipped[/] {escape(repr(name))}: {escape(why)}")
    if report.confinement != "bubblewrap":
        console.print("[bold red]UNCONFINED:[/] students' code ran with your permissions "
                      "(--unconfined); recorded in the CSV.")


def needs_a_person(console: Console, report: GradeReport) -> str:
    """Print who a person already graded by hand and who submitted nothing; return what
    still waits for a person (students whose cells are still flagged in the gradebook, and
    folders skipped), as GradingIncomplete's message, or "" when nothing does."""
    from rich.markup import escape

    bad = [r for r in report.results if r.status != "ok"]
    kept = [r.student for r in bad if r.submitted and r.hand_graded]
    nothing = [r.student for r in bad if not r.submitted]
    flagged = [r for r in bad if r.submitted and not r.hand_graded]
    named = [n for n in report.skipped if not n.startswith(".")]
    if kept:
        console.print("graded by hand, kept: " + escape(", ".join(kept))
                      + " (every flag was cleared by a person on this same notebook)")
    if nothing:
        console.print(f"submitted nothing (no {report.lab} folder, not in the gradebook): "
                      + escape(", ".join(nothing)))
    parts = []
    if flagged:
        parts.append(f"{len(flagged)} submission(s) could not be graded cleanly: "
                     + ", ".join(f"{r.student} ({r.status})" for r in flagged)
                     + ". They are flagged for manual grading in the gradebook.")
    if named:
        parts.append(f"{len(named)} folder(s) skipped, not graded: "
                     + ", ".join(f"{n} (skipped)" for n in named) + ".")
    return " ".join(parts)
