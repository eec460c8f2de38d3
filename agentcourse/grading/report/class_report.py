"""A class report of a graded lab: `agentcourse report N`.

Written for the instructor under `.grading/report-labNN/` (never into feedback): README.md
and its PNG figures. Everything is read when the command runs, from the two records grading
leaves: the gradebook (scores now, manual grades included; statuses; lateness) through
agentcourse.grading.grades, and the graded notebooks (answers, errors) through
agentcourse.grading.report.graded_notebooks. Similar answers come from agentcourse.grading.report.similarity.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.grading.grades import LabGrades, StudentGrade, read_grades, write_csv
from agentcourse.grading.nbgrader_io import LOCAL
from agentcourse.grading.report import figures as report_figures
from agentcourse.grading.report import graded_notebooks as gn
from agentcourse.grading.report import similarity
from agentcourse.grading.report.similarity import Pair, similar_pairs
from agentcourse.paths import REPO_ROOT


@dataclass
class ClassReport:
    """What the report says about one lab's class."""

    lab: str
    title: str
    grades: LabGrades
    graded: dict[str, gn.GradedNotebook]  # students with a graded notebook
    cell_rates: dict[str, float]  # test cell -> share of graded students with its full points
    task_rates: dict[str, float | None]  # "Task N: title" -> share passing all its tests (None: no test)
    task_tests: dict[str, list[str]]
    failures: dict[str, list[tuple[str, list[str]]]]  # test cell -> (first failure, students), most first
    unchanged: list[str] = field(default_factory=list)
    blank: list[str] = field(default_factory=list)
    no_notebook: list[str] = field(default_factory=list)
    pairs: list[Pair] = field(default_factory=list)
    threshold: float = 0.6
    seconds: float = 0.0

    @property
    def late(self) -> list[StudentGrade]:
        return [s for s in self.grades.students if s.late > 0]


def cell_pass_rates(grades: LabGrades, students: list[str]) -> dict[str, float]:
    """Test cell -> share of `students` who have its full points in the gradebook now."""
    rows = [s for s in grades.students if s.student in set(students)]
    return {cell: (sum(s.cells.get(cell, 0) >= top for s in rows) / len(rows) if rows else 0.0)
            for cell, top in grades.cell_max.items()}


def task_pass_rates(tasks: list[dict], grades: LabGrades, students: list[str]) -> dict[str, float | None]:
    """Task -> share of `students` passing every test cell the lab's metadata maps to it."""
    rows = [s for s in grades.students if s.student in set(students)]
    rates: dict[str, float | None] = {}
    for task in tasks:
        tests = [t for t in task.get("tests", []) if t in grades.cell_max]
        passing = [all(s.cells.get(t, 0) >= grades.cell_max[t] for t in tests) for s in rows]
        rates[f"Task {task['number']}: {task['title']}"] = (
            sum(passing) / len(rows) if tests and rows else None)
    return rates


def common_failures(graded: dict[str, gn.GradedNotebook], cells: list[str]) -> dict[str, list[tuple[str, list[str]]]]:
    """Test cell -> each distinct first failure with the students behind it, most common first."""
    by_cell: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for student in sorted(graded):
        for cell, failure in graded[student].failures.items():
            by_cell[cell][failure].append(student)
    return {cell: sorted(by_cell[cell].items(), key=lambda kv: (-len(kv[1]), kv[0]))
            for cell in cells if cell in by_cell}


def build(root: Path, lab: str, threshold: float = 0.6,
          progress: Callable[[str, int, int], None] | None = None) -> ClassReport:
    """Read the gradebook and the graded notebooks; compare answers. `progress(stage, done,
    total)` is called as the slow parts advance."""
    started = time.monotonic()
    grades = read_grades(root, lab)
    release = gn.release_path(root, lab)
    stub = gn.release_answers(release)
    meta = gn.lab_meta(release)
    students = [s.student for s in grades.students]
    graded = gn.read_class(root, lab, students, set(stub))
    present = [s for s in students if s in graded]
    tasks = meta.get("tasks", [])
    report = ClassReport(
        lab, meta.get("title", lab), grades, graded, cell_pass_rates(grades, present),
        task_pass_rates(tasks, grades, present),
        {f"Task {t['number']}: {t['title']}": list(t.get("tests", [])) for t in tasks},
        common_failures(graded, list(grades.cell_max)), threshold=threshold)
    report.no_notebook = [s for s in students if s not in graded]
    report.unchanged = [s for s in present if gn.is_unchanged(graded[s].answers, stub)]
    report.blank = [s for s in present if s not in report.unchanged and gn.is_blank(graded[s].answers, stub)]
    written = {s: "\n\n".join(graded[s].answers.values()) for s in present if s not in report.unchanged}
    step = (lambda n: progress("comparing answers", n, len(written))) if progress else None
    report.pairs = similar_pairs(written, "\n\n".join(stub.values()), threshold, step)
    report.seconds = time.monotonic() - started
    return report


# ---------------------------------------------------------------- Markdown


def _md(text: object) -> str:
    """Text a student may have chosen, safe in a Markdown table cell: shown, never rendered."""
    text = " ".join(str(text).split())
    for char, escaped in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|"), ("`", "\\`"),
                          ("*", "\\*"), ("[", "\\["), ("]", "\\]")):
        text = text.replace(char, escaped)
    return text


def _names(students: list[str]) -> str:
    return ", ".join(_md(s) for s in students) or "none"


def _fenced(code: str) -> str:
    fence = "`" * max(3, max((len(run) for run in code.split("\n") if set(run) == {"`"}), default=0) + 1)
    while fence in code:
        fence += "`"
    return f"{fence}python\n{code}\n{fence}"


def _scores_section(r: ClassReport) -> list[str]:
    scores = [s.score for s in r.grades.students]
    statuses = Counter(s.status for s in r.grades.students)
    lines = ["## Scores", "", "![score histogram](scores.png)", "",
             f"{len(scores)} submissions, out of {r.grades.max_score:g} points: mean "
             f"{statistics.mean(scores):.1f}, median {statistics.median(scores):g}, lowest {min(scores):g}, "
             f"highest {max(scores):g}. Statuses: "
             + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())) + ".", ""]
    waiting = [s for s in r.grades.students if s.status != "ok" or s.needs_manual_grade]
    if waiting:
        lines += ["| student | status | score | still flagged | reason |", "|---|---|---|---|---|"]
        lines += [f"| {_md(s.student)} | {_md(s.status)} | {s.score:g} | "
                  f"{'yes' if s.needs_manual_grade else 'no'} | {_md(s.reason[:300])} |" for s in waiting]
        lines.append("")
    return lines


def _rates_section(r: ClassReport) -> list[str]:
    graded = len(r.graded)
    lines = ["## Pass rates", "", f"Of the {graded} graded notebooks: a task passes when all its test "
             "cells have their full points in the gradebook now.", "", "![pass rates](pass-rates.png)", "",
             "| task | test cells | pass |", "|---|---|---|"]
    for task, rate in r.task_rates.items():
        shown = "no test (not graded)" if rate is None else f"{100 * rate:.0f}%"
        lines.append(f"| {_md(task)} | {_md(', '.join(r.task_tests[task])) or '-'} | {shown} |")
    lines += ["", "| test cell | points | pass |", "|---|---|---|"]
    lines += [f"| {_md(c)} | {r.grades.cell_max[c]:g} | {100 * rate:.0f}% |" for c, rate in r.cell_rates.items()]
    return lines + [""]


def _failures_section(r: ClassReport) -> list[str]:
    lines = ["## First failures per test cell", "",
             "How each test cell failed, from the graded notebooks' errors: the assertion that "
             "failed (or its message), or the error the answer raised; most common first.", ""]
    if not r.failures:
        return lines + ["No test cell failed.", ""]
    for cell, found in r.failures.items():
        lines += [f"### {_md(cell)} ({sum(len(s) for _, s in found)} failing)", "",
                  "| first failure | students |", "|---|---|"]
        lines += [f"| {_md(failure)} | {len(who)}: {_names(who)} |" for failure, who in found]
        lines.append("")
    return lines


def _notebooks_section(r: ClassReport) -> list[str]:
    raising = [(s, cell, error) for s, nb in sorted(r.graded.items()) for cell, error in nb.raising.items()]
    lines = ["## Blank, unchanged and raising notebooks", "",
             f"- unchanged (blank: answer cells exactly as released): {_names(r.unchanged)}",
             f"- emptied (no code beyond the release's stub): {_names(r.blank)}",
             f"- no graded notebook: {_names(r.no_notebook)}", "", "Answer cells that raise:", ""]
    if not raising:
        return lines + ["none", ""]
    lines += ["| student | answer cell | error |", "|---|---|---|"]
    lines += [f"| {_md(s)} | {_md(cell)} | {_md(error)} |" for s, cell, error in raising]
    return lines + [""]


def _late_section(r: ClassReport) -> list[str]:
    lines = ["## Late submissions", ""]
    if not r.late:
        return lines + ["none", ""]
    lines += ["| student | late | penalty |", "|---|---|---|"]
    lines += [f"| {_md(s.student)} | {datetime.timedelta(seconds=round(s.late))} | {s.penalty:g} |"
              for s in sorted(r.late, key=lambda s: -s.late)]
    return lines + [""]


TABLE_PAIRS = 50  # pairs listed in the page; all of them are in similar-pairs.csv


def _similarity_section(r: ClassReport) -> list[str]:
    lines = ["## Similar answers", "",
             f"Pairs whose answer cells share at least {100 * r.threshold:.0f}% of either side's code "
             "(copydetect: names and literals ignored, the release's code not counted; unchanged "
             "notebooks left out). A lead for a person to read, not a verdict.", ""]
    if not r.pairs:
        return lines + ["none", ""]
    linked = similarity.groups(r.pairs)
    lines += [f"{len(r.pairs)} pairs, in {len(linked)} group(s) of students linked by them "
              "(every pair is in `similar-pairs.csv`):", ""]
    lines += [f"- {len(g)} students: {_names(g)}" for g in linked] + [""]
    lines += ["| student | student | share of the first | share of the second | shared tokens |",
              "|---|---|---|---|---|"]
    lines += [f"| {_md(p.a)} | {_md(p.b)} | {100 * p.share_a:.0f}% | {100 * p.share_b:.0f}% | {p.tokens} |"
              for p in r.pairs[:TABLE_PAIRS]]
    if len(r.pairs) > TABLE_PAIRS:
        lines.append(f"| and {len(r.pairs) - TABLE_PAIRS} more | | | | |")
    lines.append("")
    for group in linked[:10]:  # the closest pair of each group, as an example to read
        p = next(p for p in r.pairs if p.a in group)
        lines += [f"### {_md(p.a)} and {_md(p.b)}", "", "The longest shared stretch:", "",
                  _fenced(p.excerpt), ""]
    return lines


def _write_pairs(r: ClassReport, path: Path) -> None:
    rows = [{"student_a": p.a, "student_b": p.b, "share_a": f"{p.share_a:.3f}",
             "share_b": f"{p.share_b:.3f}", "shared_tokens": str(p.tokens)} for p in r.pairs]
    write_csv(path, ["student_a", "student_b", "share_a", "share_b", "shared_tokens"], rows)


def render(r: ClassReport) -> str:
    """The report as Markdown."""
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = [f"# {_md(r.lab)}: {_md(r.title)}, class report", "",
            f"From the gradebook and the graded notebooks as they were at {when} "
            f"({len(r.grades.students)} students, read in {r.seconds:.1f} s).", ""]
    sections = (_scores_section, _rates_section, _failures_section, _notebooks_section,
                _late_section, _similarity_section)
    return "\n".join(head + [line for section in sections for line in section(r)])


def write(r: ClassReport, out: Path) -> Path:
    """README.md and its figures into `out`; returns the Markdown file."""
    out.mkdir(parents=True, exist_ok=True)
    report_figures.score_histogram([s.score for s in r.grades.students], r.grades.max_score, r.lab,
                                   out / "scores.png")
    rates = {k: v for k, v in r.task_rates.items() if v is not None} | r.cell_rates
    report_figures.pass_rates(rates, f"{r.lab}: pass rates per task, then per test cell", out / "pass-rates.png")
    _write_pairs(r, out / "similar-pairs.csv")
    page = out / "README.md"
    page.write_text(render(r), encoding="utf-8")
    return page


def cli_report(args: argparse.Namespace) -> int:
    """`agentcourse report N`: build the report with a progress bar, write it, say where."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress

    from agentcourse.course.labs import find_lab
    from agentcourse.errors import UsageError

    if not 0 < args.threshold <= 1:
        raise UsageError(f"--threshold must be above 0 and at most 1 (got {args.threshold})")
    console = Console()
    lab = find_lab(args.lab, REPO_ROOT / "solutions")
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(f"reading {lab}'s gradebook and graded notebooks", total=None)

        def progress(stage: str, done: int, total: int) -> None:
            bar.update(task, description=stage, total=total, advance=done)

        report = build(REPO_ROOT, lab, args.threshold, progress)
        page = write(report, Path(args.out) if args.out else REPO_ROOT / LOCAL / f"report-{lab}")
    console.print(f"{lab}: {len(report.grades.students)} students, {len(report.pairs)} similar pair(s): "
                  f"{escape(str(page))}")
    return 0
