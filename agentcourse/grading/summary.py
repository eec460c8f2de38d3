"""What `agentcourse grade` shows and keeps of a run: the summary table printed at the end,
and the CSV of points per test cell (`.grading/labNN-grades.csv`), whose rows of students
not graded in this run are kept.

cli_grade (pipeline.py) writes both, for a finished run and for the part of an
interrupted one; `grades merge` (shards.py) copies a shard's rows of the same CSV.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from agentcourse.grading.results import GradeReport

if TYPE_CHECKING:
    from rich.console import Console


def write_csv(report: GradeReport, path: Path) -> None:
    """One row per student of the lab: status, total, the points of every test cell, what
    went wrong, and the review findings (whatever the status).

    Rows of students not graded in this run are kept (a re-run updates rows, it never
    drops them). Written to a temp file, then renamed into place."""
    cells = list(report.max_points)
    header = ["student", "status", "total", "max", *cells, "confinement", "detail", "review"]
    rows: dict[str, dict[str, str]] = {}
    if path.is_file():
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row.get("student"):
                    rows[row["student"]] = row
    maximum = sum(report.max_points.values())
    for r in report.results:
        rows[r.student] = {"student": r.student, "status": r.status, "total": f"{r.total:g}",
                           "max": f"{maximum:g}", **{c: f"{r.points.get(c, 0):g}" for c in cells},
                           "confinement": report.confinement, "detail": r.detail[:1000],
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
        table.add_row(escape(r.student), f"[{style}]{escape(r.status)}[/]", f"{r.total:g}/{maximum:g}",
                      escape(detail[:600]))
    console.print(table)
    for name, why in report.skipped.items():
        console.print(f"[yellow]skipped[/] {escape(repr(name))}: {escape(why)}")
    if report.confinement != "bubblewrap":
        console.print("[bold red]UNCONFINED:[/] students' code ran with your permissions "
                      "(--unconfined); recorded in the CSV.")
