"""`agentcourse lab list`, `lab start N`, `lab check N`: the lab commands students run.

Each handler takes the parsed arguments and returns an exit status; what the lab says
(title, time box, tasks, hints) is read from the released notebook's `agentcourse`
metadata, so what the commands print is exactly what the notebook says.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from agentcourse.course.lab_check import CheckReport, Runner, check_notebook, review_findings
from agentcourse.course.labs import (
    elapsed_text,
    find_lab,
    find_student_notebook,
    lab_names,
    read_student_notebook,
    released_notebook,
    start_lab,
    started_at,
)
from agentcourse.course.nbfile import lab_meta, read_notebook


def _task_lines(meta: dict) -> list[str]:
    return [f"Task {t['number']}: {t['title']}" for t in meta.get("tasks", [])]


def cli_list(args: argparse.Namespace) -> int:
    """`agentcourse lab list`: the labs, their time boxes and tasks."""
    console = Console()
    table = Table(title="Labs")
    for column in ("lab", "title", "time box", "tasks"):
        table.add_column(column)
    for lab in lab_names():
        meta = lab_meta(read_notebook(released_notebook(lab)))
        table.add_row(lab, meta.get("title", ""), f"{meta.get('time_box_minutes', '?')} min",
                      "\n".join(_task_lines(meta)))
    console.print(table)
    console.print("Start one with: agentcourse lab start N")
    return 0


def cli_start(args: argparse.Namespace) -> int:
    """`agentcourse lab start N`: copy the released lab to a work folder, start the clock."""
    console = Console()
    lab = find_lab(args.lab)
    dest, fresh = start_lab(lab, Path(args.dir))
    meta = lab_meta(read_notebook(released_notebook(lab)))
    if fresh:
        console.print(f"[bold]{lab}: {meta.get('title', '')}[/] copied to {dest}")
    else:
        console.print(f"{lab} was already started in {dest}; your work is untouched.")
    console.print(f"Time box: {meta.get('time_box_minutes', '?')} minutes "
                  f"(the clock started {elapsed_text(started_at(dest))} ago).")
    for line in _task_lines(meta):
        console.print("  " + line)
    console.print(f"Open {dest / (lab + '.ipynb')} in Jupyter; check with: "
                  f"agentcourse lab check {int(lab.removeprefix('lab'))}")
    return 0


def print_report(report: CheckReport, meta: dict, console: Console) -> None:
    """The check's table per task, its notes and hints, and the time since `lab start`."""
    by_test = {o.grade_id: o for o in report.outcomes}
    table = Table(title=f"{report.lab}: visible tests")
    for column in ("task", "check", "result"):
        table.add_column(column)
    hints = []
    for task in meta.get("tasks", []):
        outcomes = [by_test[t] for t in task.get("tests", []) if t in by_test]
        for o in outcomes:
            result = "[green]PASS[/]" if o.passed else f"[red]FAIL[/] {o.error}"
            table.add_row(f"{task['number']}. {task['title']}", o.check, result)
        if any(not o.passed for o in outcomes) and task.get("hint"):
            hints.append(f"Task {task['number']}: {task['hint']}")
    for note in report.notes:
        console.print(f"[yellow]Note[/] {note}")
    console.print(table)
    passed = sum(o.passed for o in report.outcomes)
    console.print(f"{passed}/{len(report.outcomes)} visible checks pass.")
    hidden = sum(meta.get("hidden_checks", {}).values())
    if hidden:
        console.print(f"Grading runs these {len(report.outcomes)} test cells with {hidden} more "
                      "checks hidden inside them: the same kinds of case, other instances. "
                      "Passing here is necessary, not sufficient.")
    if report.problem:
        console.print(f"[red]The run did not finish:[/] {report.problem}")
    for hint in hints:
        console.print(f"[yellow]Hint[/] {hint}")
    if report.elapsed is not None:
        limit = meta.get("time_box_minutes")
        minutes, seconds = divmod(int(report.elapsed), 60)
        console.print(f"Elapsed since start: {minutes} min {seconds:02d} s"
                      + (f" of a {limit}-minute time box." if limit else "."))


def cli_check(args: argparse.Namespace, run: Runner | None = None) -> int:
    """`agentcourse lab check N`: run the visible tests on the student's notebook (`run`:
    how, see check_notebook)."""
    console = Console()
    lab = find_lab(args.lab)
    folder = Path(args.dir) if getattr(args, "dir", None) else None
    path = find_student_notebook(lab, folder)
    release = released_notebook(lab)
    student = read_student_notebook(path)  # a notebook that cannot be read ends here, in one line
    released = read_notebook(release)
    console.print(f"Running the visible tests of {path} ...")
    report = check_notebook(path, release, run=run)
    for finding in review_findings(student, released):
        report.notes.append(f"grading would send this notebook to a person for review: {finding}")
    print_report(report, lab_meta(released), console)
    return 0 if report.passed else 1
