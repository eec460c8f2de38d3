"""Grade a class's submissions of one lab with nbgrader, in parallel: `agentcourse grade`.

nbgrader's `autograde` grades one submission after another in one process, writes a dead
kernel down as a silent 0 and leaves hidden tests in the feedback. This module keeps
nbgrader as the engine (its sanitizing, cell overwriting, execution and scoring, so the
gradebook, formgrader and `nbgrader export` keep working) and adds around it:

  parallelism  the submissions are split into K shares; each share is autograded by a
               plain `nbgrader autograde` process in its own scratch course folder with
               its own copy of the gradebook (.grading/workers/wK). Only this process
               writes the main gradebook: it merges each share's grades when the share
               is done, so the main gradebook never sees two writers.
  isolation    each worker runs in its own process group under memory and file-size
               limits (inherited by its kernels) and a wall-clock limit; a per-cell
               timeout comes from nbgrader_config.py. A submission that hangs, crashes,
               calls os._exit, eats memory or prints megabytes costs only itself.
  honesty      a timed-out cell or a dead kernel is an error status, not a zero: the CSV
               says so, the gradebook flags it for manual grading, and the command exits
               with GradingIncomplete.
  feedback     `nbgrader generate_feedback` with HideHiddenTests in its pipeline
               (nbgrader_config.py); every feedback file is then searched for hidden-test
               lines and withheld if one slipped through.
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse import nbtools
from agentcourse.errors import GradingIncomplete, UsageError
from agentcourse.paths import REPO_ROOT

LOCAL = ".grading"  # everything grading writes lives under the course root's .grading/


@dataclass
class GradeConfig:
    """How `agentcourse grade` runs nbgrader."""

    jobs: int = 2  # worker processes, each autograding its share of the submissions
    cell_timeout: int | None = None  # seconds per cell; None = nbgrader_config.py's value
    memory_mb: int = 4096  # address-space limit of a worker and the kernels it starts
    file_mb: int = 256  # largest file a worker or kernel may write (logs, notebooks)
    output_chars: int = 20_000  # characters kept of one cell's outputs in the graded notebook
    feedback: bool = True  # run generate_feedback (hidden tests removed) after grading
    course_root: Path = REPO_ROOT  # the folder holding nbgrader_config.py (tests use a copy)


@dataclass
class Result:
    """One student's submission after grading."""

    student: str
    status: str = "ok"  # ok | timeout | kernel died | error | missing
    detail: str = ""  # what went wrong, for the table and the CSV
    points: dict[str, float] = field(default_factory=dict)  # test cell grade_id -> points

    @property
    def total(self) -> float:
        return sum(self.points.values())


@dataclass
class GradeReport:
    lab: str
    results: list[Result]
    max_points: dict[str, float]  # test cell grade_id -> its points
    csv_path: Path | None = None
    seconds: float = 0.0


# ---------------------------------------------------------------- nbgrader preprocessors


class HideHiddenTests(NbGraderPreprocessor):
    """Feedback: remove hidden tests from test cells, and shorten their tracebacks to
    the error line (a traceback quotes the failing source line)."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and nbtools.BEGIN_HIDDEN in cell.source:
            cell.source = nbtools.strip_hidden(cell.source) + "\n# (more tests ran here when grading)"
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename')}: {output.get('evalue')}"]
        return cell, resources


class CapOutputs(NbGraderPreprocessor):
    """Autograde: keep at most `max_chars` characters of each cell's text outputs.
    nbgrader's LimitOutput counts lines; one 10 MB line would pass it."""

    max_chars = 20_000

    def preprocess_cell(self, cell, resources, index):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and len(output.get("text", "")) > self.max_chars:
                cut = len(output["text"]) - self.max_chars
                output["text"] = output["text"][: self.max_chars] + f"\n... {cut} characters cut ...\n"
            for key, value in output.get("data", {}).items():
                if isinstance(value, str) and len(value) > self.max_chars:
                    output["data"][key] = value[: self.max_chars] + "\n... cut ..."
        return cell, resources


# ---------------------------------------------------------------- finding submissions


def find_submissions(folder: Path, lab: str) -> dict[str, Path]:
    """student -> the folder holding their labNN.ipynb.

    Accepts SUBMISSIONS/<student>/labNN.ipynb and nbgrader's own
    SUBMISSIONS/<student>/labNN/labNN.ipynb (e.g. .grading/submitted)."""
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder of submissions (one subfolder per student)")
    found = {}
    for student_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if not re.fullmatch(r"[\w.@+-]+", student_dir.name):
            raise UsageError(f"student folder {student_dir.name!r}: use letters, digits, . _ @ + -")
        nested = student_dir / lab
        found[student_dir.name] = nested if (nested / f"{lab}.ipynb").is_file() else student_dir
    if not found:
        raise UsageError(f"{folder} has no student folders (expected {folder}/<student>/{lab}.ipynb)")
    return found


# ---------------------------------------------------------------- running nbgrader


def nbgrader_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "nbgrader", *args]


def nbgrader_env() -> dict[str, str]:
    # nbgrader shells out to `alembic`, which lives beside this interpreter.
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def run_nbgrader(course_root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """One nbgrader command in the course root (so nbgrader_config.py applies)."""
    return subprocess.run(nbgrader_command(*args), cwd=course_root, env=nbgrader_env(),
                          capture_output=True, text=True, timeout=timeout)


def ensure_assignment(course_root: Path, lab: str) -> None:
    """Make sure the main gradebook knows the lab's cells (generate_assignment does that).

    The release goes to .grading/release so the committed labs/ is never touched here."""
    from nbgrader.api import MissingEntry

    with gradebook(_db_url(course_root)) as gb:
        try:
            if gb.find_assignment(lab).notebooks:
                return
        except MissingEntry:
            pass
    done = run_nbgrader(course_root, "generate_assignment", lab, "--force",
                        f"--CourseDirectory.release_directory={LOCAL}/release")
    if done.returncode != 0:
        raise GradingIncomplete(f"nbgrader generate_assignment {lab} failed:\n{done.stderr[-2000:]}")


def gradebook(db_url: str):
    """nbgrader's Gradebook; it shells out to `alembic`, so put this venv's bin on PATH."""
    from nbgrader.api import Gradebook

    bindir = os.path.dirname(sys.executable)
    if bindir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    return Gradebook(db_url)


def _db_url(course_root: Path) -> str:
    return "sqlite:///" + str(course_root / LOCAL / "gradebook.db")


def _limits(memory_mb: int, file_mb: int):
    def apply() -> None:  # runs in the child before exec; inherited by its kernels
        os.setsid()  # own process group: a timeout kills the worker and its kernels together
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_mb << 20, file_mb << 20))
    return apply


@dataclass
class Worker:
    """One share of the submissions, autograded in its own scratch course folder."""

    folder: Path
    students: list[str]
    process: subprocess.Popen | None = None
    started: float = 0.0
    deadline: float = 0.0
    killed: bool = False
    log_read: int = 0  # bytes of the log already read for the progress bar
    log_rest: bytes = b""  # an incomplete last line, kept for the next read
    reported: int = 0  # students already counted on the progress bar

    @property
    def log(self) -> Path:
        return self.folder / "autograde.log"


def _prepare_worker(folder: Path, course_root: Path, lab: str, subs: dict[str, Path]) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "submitted").mkdir(parents=True)
    os.symlink(course_root / "solutions", folder / "solutions")
    shutil.copy(course_root / LOCAL / "gradebook.db", folder / "gradebook.db")
    for student, src in subs.items():
        shutil.copytree(src, folder / "submitted" / student / lab,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))


def _start_worker(worker: Worker, course_root: Path, lab: str, config: GradeConfig,
                  cells: int) -> None:
    f = worker.folder
    args = [
        "autograde", lab, "--force", "--Autograde.create_student=True",
        f"--CourseDirectory.root={f}",
        "--CourseDirectory.submitted_directory=submitted",
        "--CourseDirectory.autograded_directory=autograded",
        f"--CourseDirectory.db_url=sqlite:///{f / 'gradebook.db'}",
        f"--CapOutputs.max_chars={config.output_chars}",
    ]
    cell_timeout = config.cell_timeout or 60
    if config.cell_timeout:
        args += [f"--Execute.timeout={config.cell_timeout}",
                 f"--ExecutePreprocessor.timeout={config.cell_timeout}"]
    with open(worker.log, "wb") as log:
        worker.process = subprocess.Popen(
            nbgrader_command(*args), cwd=course_root, env=nbgrader_env(),
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            preexec_fn=_limits(config.memory_mb, config.file_mb))
    worker.started = time.monotonic()
    # Each cell may use its timeout; a worker past the sum of them (plus start-up) is stuck.
    worker.deadline = worker.started + len(worker.students) * (cells * cell_timeout + 60)


def _kill(worker: Worker) -> None:
    if worker.process and worker.process.poll() is None:
        worker.killed = True
        try:
            os.killpg(worker.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        worker.process.wait()


def _log_segments(text: str, lab: str) -> dict[str, str]:
    """The worker's log split per student (nbgrader logs 'Sanitizing .../submitted/S/lab/...')."""
    segments: dict[str, str] = {}
    current = None
    pattern = re.compile(r"Sanitizing .*/submitted/([^/]+)/" + re.escape(lab) + "/")
    for line in text.splitlines():
        m = pattern.search(line)
        if m:
            current = m.group(1)
        # nbgrader's closing summary names the student; it belongs to that student only
        m = re.search(r"error processing assignment '[^']*' for student '([^']+)'", line)
        owner = m.group(1) if m else current
        if owner:
            segments[owner] = segments.get(owner, "") + line + "\n"
    return segments


def _timed_out_cells(notebook: Path) -> list[str]:
    try:
        nb = nbtools.read_notebook(notebook)
    except Exception:
        return []
    return [nbtools.grade_id(c) or f"cell {i}" for i, c in enumerate(nb.cells)
            if any(o.get("ename") == "CellTimeoutError" for o in c.get("outputs", []))]


def _classify(worker: Worker, student: str, lab: str, segment: str) -> tuple[str, str]:
    graded = worker.folder / "autograded" / student / lab / f"{lab}.ipynb"
    if "Kernel died" in segment or "DeadKernelError" in segment:
        return "kernel died", "the kernel died (crash, os._exit or out of memory)"
    if "error processing assignment" in segment:
        last = [ln for ln in segment.splitlines() if "Error" in ln or "ERROR" in ln]
        return "error", (last[-2] if len(last) > 1 else "nbgrader could not grade it")[-200:]
    if not graded.is_file() or "Setting destination file permissions" not in segment:
        why = "the worker was stopped at its time limit" if worker.killed else "not graded"
        return ("timeout" if worker.killed else "error"), why
    cells = _timed_out_cells(graded)
    if cells:
        return "timeout", "cell timed out: " + ", ".join(cells)
    return "ok", ""


# ---------------------------------------------------------------- the gradebook merge


def _read_scores(db_url: str, lab: str, student: str) -> dict[str, float]:
    from nbgrader.api import MissingEntry

    with gradebook(db_url) as gb:
        try:
            sub = gb.find_submission(lab, student)
        except MissingEntry:
            return {}
        return {g.name: float(g.score or 0) for nb in sub.notebooks for g in nb.grades}


def _merge(main_url: str, worker: Worker, lab: str, result: Result) -> None:
    """Copy one student's grades from the worker's gradebook into the main one."""
    from nbgrader.api import MissingEntry

    with gradebook(f"sqlite:///{worker.folder / 'gradebook.db'}") as wgb:
        try:
            wsub = wgb.find_submission(lab, result.student)
        except MissingEntry:
            wsub = None
        rows = []
        if wsub is not None:
            for wnb in wsub.notebooks:
                rows.append((wnb.name, wnb.late_submission_penalty,
                             [(g.name, g.auto_score, g.manual_score, g.extra_credit,
                               g.needs_manual_grade) for g in wnb.grades],
                             [(c.name, c.auto_comment, c.manual_comment) for c in wnb.comments]))
        timestamp = wsub.timestamp if wsub is not None else None
    with gradebook(main_url) as gb, warnings.catch_warnings():
        # nbgrader's add_submission walks a new row before adding it to the session;
        # SQLAlchemy warns about that inside nbgrader's own autograde too.
        warnings.simplefilter("ignore")
        gb.update_or_create_student(result.student)
        sub = gb.update_or_create_submission(lab, result.student, timestamp=timestamp)
        for nb_name, penalty, grades, comments in rows:
            subnb = gb.find_submission_notebook(nb_name, lab, result.student)
            subnb.late_submission_penalty = penalty
            for name, auto, manual, extra, needs in grades:
                grade = gb.find_grade(name, nb_name, lab, result.student)
                grade.auto_score, grade.manual_score, grade.extra_credit = auto, manual, extra
                # An error is not a zero: formgrader lists it for a person to look at.
                grade.needs_manual_grade = needs or result.status != "ok"
            for name, auto, manual in comments:
                comment = gb.find_comment(name, nb_name, lab, result.student)
                comment.auto_comment, comment.manual_comment = auto, manual
        if not rows:  # nbgrader never got as far as a submission: flag every cell
            for subnb in sub.notebooks:
                for grade in subnb.grades:
                    grade.needs_manual_grade = True
        gb.db.commit()


def _install(src: Path, dest: Path) -> None:
    """Replace dest (a folder) with a copy of src, swapping it in with one rename."""
    tmp = dest.with_name(dest.name + ".incoming")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(src, tmp)
    old = dest.with_name(dest.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dest.exists():
        os.replace(dest, old)
    os.replace(tmp, dest)
    shutil.rmtree(old, ignore_errors=True)


# ---------------------------------------------------------------- feedback


def hidden_lines(source_nb: Path) -> list[str]:
    """Every substantial hidden-test line of a source notebook that appears nowhere else in
    it: what feedback must not show (a line the visible tests also use is no secret)."""
    nb = nbtools.read_notebook(source_nb)
    visible = {line.strip() for cell in nb.cells for line in nbtools.strip_hidden(cell.source).splitlines()}
    lines = []
    for cell in nb.cells:
        for line in nbtools.region_lines(cell.source, nbtools.BEGIN_HIDDEN, nbtools.END_HIDDEN):
            line = line.strip()
            if len(line) >= 12 and not line.startswith("#") and line not in visible:
                lines.append(line)
    return lines


def html_text(page: str) -> str:
    """The visible text of an HTML page: tags dropped, entities decoded, spaces squeezed."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page)))


def leaked_lines(page: str, hidden: list[str]) -> list[str]:
    text = html_text(page)
    return [line for line in hidden if re.sub(r"\s+", " ", line) in text]


def write_feedback(course_root: Path, lab: str, students: list[str]) -> dict[str, str]:
    """Run nbgrader generate_feedback; withhold any file that still shows a hidden test.

    Returns student -> problem for the students whose feedback is missing or withheld."""
    problems: dict[str, str] = {}
    if not students:
        return problems
    done = run_nbgrader(course_root, "generate_feedback", lab, "--force")
    hidden = hidden_lines(course_root / "solutions" / lab / f"{lab}.ipynb")
    for student in students:
        page = course_root / LOCAL / "feedback" / student / lab / f"{lab}.html"
        if not page.is_file():
            problems[student] = "no feedback written" + (f": {done.stderr[-300:]}" if done.returncode else "")
            continue
        leaks = leaked_lines(page.read_text(encoding="utf-8", errors="replace"), hidden)
        if leaks:
            page.unlink()
            problems[student] = f"feedback withheld: it showed hidden test {leaks[0]!r}"
    return problems


# ---------------------------------------------------------------- the command


def _max_points(course_root: Path, lab: str) -> dict[str, float]:
    nb = nbtools.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb")
    return {c.grade_id: c.points for c in nbtools.grade_cells(nb)}


def _code_cells(course_root: Path, lab: str) -> int:
    nb = nbtools.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb")
    return sum(c.cell_type == "code" for c in nb.cells)


def _progress_marks(worker: Worker) -> int:
    """How many submissions the worker finished since last asked (reads only the new log)."""
    if not worker.log.exists():
        return 0
    with open(worker.log, "rb") as f:
        f.seek(worker.log_read)
        new = f.read()
    worker.log_read += len(new)
    lines, _, worker.log_rest = (worker.log_rest + new).rpartition(b"\n")
    done = lines.count(b"Setting destination file permissions") + lines.count(b"error processing assignment:")
    done = min(done, len(worker.students) - worker.reported)
    worker.reported += done
    return done


def _finish(worker: Worker, root: Path, lab: str, subs: dict[str, Path], results: dict[str, Result]) -> None:
    """Classify, score and merge every student of a finished worker, one at a time."""
    segments = _log_segments(worker.log.read_text(errors="replace"), lab)
    for student in worker.students:
        result = results[student]
        result.status, result.detail = _classify(worker, student, lab, segments.get(student, ""))
        result.points = _read_scores(f"sqlite:///{worker.folder / 'gradebook.db'}", lab, student)
        _merge(_db_url(root), worker, lab, result)
        graded = worker.folder / "autograded" / student / lab
        if graded.is_dir():
            _install(graded, root / LOCAL / "autograded" / student / lab)
        submitted = root / LOCAL / "submitted" / student / lab
        if subs[student].resolve() != submitted.resolve():
            _install(subs[student], submitted)


def grade(lab: str, submissions: Path, config: GradeConfig | None = None,
          progress: Callable[[int], None] | None = None) -> GradeReport:
    """Autograde every submission of `lab` in `submissions`; merge into the main gradebook.

    `progress(n)` is called as n more submissions finish."""
    config = config or GradeConfig()
    root = config.course_root.resolve()
    started = time.monotonic()
    (root / LOCAL).mkdir(exist_ok=True)
    ensure_assignment(root, lab)
    subs = find_submissions(submissions, lab)
    results = {s: Result(s) for s in subs}
    for student, folder in subs.items():
        if not (folder / f"{lab}.ipynb").is_file():
            results[student] = Result(student, "missing", f"no {lab}.ipynb in {folder}")
    todo = [s for s in subs if results[s].status == "ok"]
    if progress and len(todo) < len(subs):
        progress(len(subs) - len(todo))

    jobs = max(1, min(config.jobs, len(todo)))
    shares = [todo[i::jobs] for i in range(jobs)]
    workers = [Worker(root / LOCAL / "workers" / f"w{i}", share) for i, share in enumerate(shares) if share]
    cells = _code_cells(root, lab)
    for worker in workers:
        _prepare_worker(worker.folder, root, lab, {s: subs[s] for s in worker.students})
        _start_worker(worker, root, lab, config, cells)

    pending = list(workers)
    while pending:
        time.sleep(0.25)
        for worker in list(pending):
            running = worker.process.poll() is None
            if running and time.monotonic() > worker.deadline:
                _kill(worker)
                running = False
            if progress:
                progress(_progress_marks(worker))
            if not running:
                pending.remove(worker)
                _finish(worker, root, lab, subs, results)
                if progress:  # whatever the log did not show (a killed worker)
                    progress(len(worker.students) - worker.reported)
                    worker.reported = len(worker.students)

    if config.feedback:
        graded = [s for s in todo if (root / LOCAL / "autograded" / s / lab).is_dir()]
        for student, problem in write_feedback(root, lab, graded).items():
            if results[student].status == "ok":
                results[student].status, results[student].detail = "error", problem
    if all(r.status == "ok" for r in results.values()):
        shutil.rmtree(root / LOCAL / "workers", ignore_errors=True)  # else keep the logs to read
    report = GradeReport(lab, [results[s] for s in subs], _max_points(root, lab))
    report.seconds = time.monotonic() - started
    return report


def write_csv(report: GradeReport, path: Path) -> None:
    """One row per student: status, total, then the points of every test cell."""
    buf = io.StringIO()
    out = csv.writer(buf)
    cells = list(report.max_points)
    out.writerow(["student", "status", "total", "max", *cells, "detail"])
    maximum = sum(report.max_points.values())
    for r in report.results:
        out.writerow([r.student, r.status, f"{r.total:g}", f"{maximum:g}",
                      *(f"{r.points.get(c, 0):g}" for c in cells), r.detail])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(buf.getvalue(), encoding="utf-8")
    os.replace(tmp, path)
    report.csv_path = path


def cli_grade(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from agentcourse.labs import find_lab

    console = Console()
    lab = find_lab(args.lab, REPO_ROOT / "solutions")
    config = GradeConfig(jobs=max(1, args.jobs))
    if getattr(args, "timeout", None):
        config.cell_timeout = args.timeout
    if getattr(args, "no_feedback", False):
        config.feedback = False
    submissions = Path(args.submissions)
    count = len(find_submissions(submissions, lab))
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(f"grading {lab} with {config.jobs} workers", total=count)
        report = grade(lab, submissions, config, progress=lambda n: bar.advance(task, n))
    write_csv(report, Path(args.csv) if args.csv else REPO_ROOT / LOCAL / f"{lab}-grades.csv")

    table = Table(title=f"{lab}: {len(report.results)} submissions in {report.seconds:.1f} s")
    for column in ("student", "status", "points", "detail"):
        table.add_column(column)
    maximum = sum(report.max_points.values())
    for r in report.results:
        style = "green" if r.status == "ok" else "red"
        table.add_row(r.student, f"[{style}]{r.status}[/]", f"{r.total:g}/{maximum:g}", r.detail)
    console.print(table)
    console.print(f"points per test cell: {report.csv_path}")
    bad = [r for r in report.results if r.status != "ok"]
    if bad:
        raise GradingIncomplete(
            f"{len(bad)} submission(s) could not be graded cleanly: "
            + ", ".join(f"{r.student} ({r.status})" for r in bad)
            + ". They are flagged for manual grading in the gradebook.")
    return 0

