"""Grade a class's submissions of one lab with nbgrader, in parallel: `agentcourse grade`.

nbgrader stays the engine (its sanitizing, cell restoring, execution and scoring, so the
gradebook, formgrader and `nbgrader export` keep working). Around it:

  confinement  every kernel runs in a bubblewrap sandbox (agentcourse.confine): it sees
               the Python environment and its own submission, writes only its scratch
               folder, has a private loopback and a process limit, and nothing it starts
               outlives it. Where no sandbox can be made, grading refuses unless
               --unconfined is passed; that choice is printed and written in the CSV.
  isolation    `--jobs` worker processes (agentcourse.grade_worker) each import nbgrader
               once and grade one student at a time in a fresh scratch course of its own
               (gradebook copy, regular-file copy of the submission, only the files the
               lab declares). Students are handed out as workers free up.
  one writer   only this process writes the main gradebook: it merges each student's
               grades as they arrive, one at a time, so a worker killed mid-way or a
               Ctrl-C leaves it consistent.
  honesty      a hang, a dead kernel, running out of memory or a tampering finding is a
               status of its own, not a zero: the CSV says so, the gradebook flags the
               submission for manual grading, and the command exits with GradingIncomplete.
  feedback     nbgrader's generate_feedback, whose pipeline (nbgrader_config.py) removes
               hidden tests and withholds any page showing secret text (agentcourse.leaks).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Integer

from agentcourse import leaks, nbtools
from agentcourse.errors import GradingIncomplete, GradingInterrupted, UsageError
from agentcourse.grade_records import (  # noqa: F401  (re-exported: _flags_now, review_note)
    _flags_now,
    _install_graded,
    _keep_cleared,
    _merge,
    _merge_note,
    _read_scores,
    _record_missing,
    hand_cleared,
    notebook_sha,
    remember_flags,
    review_note,
)
from agentcourse.nbgrader_io import (  # noqa: F401  (re-exported: run_nbgrader)
    LOCAL,
    _db_url,
    ensure_assignment,
    gradebook,
    nbgrader_env,
    run_nbgrader,
    snapshot_gradebook,
)
from agentcourse.paths import REPO_ROOT

STUDENT_ID = re.compile(r"[A-Za-z0-9][\w.@+-]*")
STATUSES = ("ok", "review", "withheld", "timeout", "out of memory", "kernel died", "error",
            "missing", "skipped", "interrupted")


@dataclass
class GradeConfig:
    """How `agentcourse grade` runs nbgrader."""

    jobs: int = 2  # worker processes, each grading one student at a time
    cell_timeout: int | None = None  # seconds per cell; None = nbgrader_config.py's value
    memory_mb: int = 2048  # address-space limit of each kernel (a memory bomb: MemoryError)
    processes: int = 64  # processes a kernel may run at once (a fork bomb stops here)
    worker_memory_mb: int = 4096  # address-space limit of a worker (nbgrader itself)
    output_chars: int = 20_000  # characters kept of one cell's outputs in the graded notebook
    feedback: bool = True  # run generate_feedback (hidden tests removed, leaks withheld)
    unconfined: bool = False  # grade without a sandbox where none can be made (a risk)
    course_root: Path = REPO_ROOT  # the folder holding nbgrader_config.py (tests use a copy)
    students: tuple[str, ...] = ()  # grade only these folders (--student); () = all of them

    def check(self) -> None:
        if self.jobs < 1:
            raise UsageError(f"--jobs must be at least 1 (got {self.jobs})")
        if self.cell_timeout is not None and self.cell_timeout < 1:
            raise UsageError(f"--timeout must be at least 1 second (got {self.cell_timeout})")
        if self.memory_mb < 256:
            raise UsageError(f"--memory must be at least 256 MB (got {self.memory_mb})")


@dataclass
class Result:
    """One student's submission after grading."""

    student: str
    status: str = "ok"  # one of STATUSES
    detail: str = ""  # what went wrong, for the table and the CSV
    points: dict[str, float] = field(default_factory=dict)  # test cell grade_id -> points
    review: list[str] = field(default_factory=list)  # tampering findings, for a person
    seconds: float = 0.0  # how long its grading took in its worker
    sha256: str | None = None  # of the notebook graded, to tell a changed submission
    kept_clear: frozenset[str] = frozenset()  # cells a person cleared on this same notebook

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
    confinement: str = "bubblewrap"  # or "NONE (--unconfined)"
    skipped: dict[str, str] = field(default_factory=dict)  # folder name -> why it was not graded


# ---------------------------------------------------------------- nbgrader preprocessor


class CapOutputs(NbGraderPreprocessor):
    """Autograde: keep at most `max_chars` characters of each cell's text outputs, all
    together (nbgrader's LimitOutput counts lines; one 10 MB line would pass it), without
    changing any grade: the outputs nbgrader scores a cell by (an error, anything on stderr,
    an execute_result) are always kept, cut short if need be, in their order. Images are
    kept up to `max_image_chars` per cell. What is cut is said in a stdout line, a real
    notebook output. A cell that printed more than FLOOD characters is reported for review."""

    max_chars = Integer(20_000, help="characters kept of one cell's text outputs").tag(config=True)
    max_image_chars = Integer(4_000_000, help="characters of images kept per cell").tag(config=True)
    FLOOD = 1_000_000
    SHORT = 2_000  # what is kept of a scored output once the cell's budget is spent

    def preprocess(self, nb, resources):
        self.floods: list[tuple[str, int]] = []
        nb, resources = super().preprocess(nb, resources)
        if self.floods:
            from agentcourse.confine import graded_facts
            from agentcourse.tamper import record

            found = resources.setdefault("agentcourse", {}).setdefault("review", [])
            new = [f"{cell} flooded its output ({chars:,} characters, cut)" for cell, chars in self.floods]
            record(resources, found + new, self.log, only=new)
            graded_facts(resources)["review"] = list(dict.fromkeys(
                graded_facts(resources)["review"] + new))
        return nb, resources

    @staticmethod
    def _text(value) -> str:
        return "".join(value) if isinstance(value, list) else str(value)

    @staticmethod
    def _scored(output) -> bool:
        kind = output.get("output_type")
        return kind in ("error", "execute_result") or (kind == "stream" and output.get("name") == "stderr")

    def _size(self, output) -> int:
        size = len(self._text(output.get("text", "")))
        for mime, value in output.get("data", {}).items():
            if not mime.startswith("image/") or mime == "image/svg+xml":
                size += len(value) if isinstance(value, str) else len(json.dumps(value))
        if output.get("output_type") == "error":
            size += len(str(output.get("evalue", ""))) + sum(len(str(t)) for t in output.get("traceback", []))
        return size

    def preprocess_cell(self, cell, resources, index):
        outputs = cell.get("outputs")
        if not outputs:
            return cell, resources
        total = sum(self._size(o) for o in outputs)
        flooded = any("[output flood:" in self._text(o.get("text", "")) for o in outputs)
        if total > self.FLOOD or flooded:
            name = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") or f"cell {index}"
            self.floods.append((name, total))
        images = sum(len(v) for o in outputs for m, v in o.get("data", {}).items()
                     if m.startswith("image/") and m != "image/svg+xml" and isinstance(v, str))
        if total <= self.max_chars and images <= self.max_image_chars:
            return cell, resources
        left, image_left, cut, kept = self.max_chars, self.max_image_chars, 0, []
        decided = False  # the first scored output is what nbgrader grades the cell by
        for output in outputs:
            scored = self._scored(output)
            needed = output.get("output_type") == "error" or (scored and not decided)
            decided = decided or scored
            if left <= 0 and not needed:
                cut += self._size(output)
                continue
            room = max(left, self.SHORT) if needed else left
            if "text" in output:
                text = self._text(output["text"])
                if len(text) > room:
                    output["text"] = text[:room] + f"\n... {len(text) - room:,} characters cut ...\n"
                    cut += len(text) - room
                left -= min(len(text), room)
            for mime, value in list(output.get("data", {}).items()):
                if mime.startswith("image/") and mime != "image/svg+xml" and isinstance(value, str):
                    if len(value) > image_left:
                        del output["data"][mime]
                        output["data"].setdefault("text/plain", f"[an image of {len(value):,} characters, cut]")
                        cut += len(value)
                    image_left -= min(len(value), image_left)
                    continue
                value = value if isinstance(value, str) else json.dumps(value)
                if len(value) > room:
                    output["data"][mime] = value[:room] + "\n... cut ..."
                    cut += len(value) - room
                left -= min(len(value), room)
            if output.get("output_type") == "error":
                output["traceback"] = [str(line)[: self.SHORT] for line in output.get("traceback", [])[:50]]
                output["evalue"] = str(output.get("evalue", ""))[: self.SHORT]
            kept.append(output)
        if cut:
            kept.append(nbformat.v4.new_output(
                "stream", name="stdout", text=f"... the grader cut {cut:,} characters of this cell's output ...\n"))
        cell["outputs"] = kept
        return cell, resources


# ---------------------------------------------------------------- finding submissions


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


# ---------------------------------------------------------------- workers


def _worker_limits(memory_mb: int):
    def apply() -> None:  # runs in the child before exec
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (512 << 20, 512 << 20))
    return apply


@dataclass
class Worker:
    """One worker process and the student it is grading."""

    process: subprocess.Popen
    log: Path
    buffer: bytes = b""
    ready: bool = False
    student: str | None = None
    deadline: float = 0.0

    def kill(self) -> None:
        """The worker and everything under it (its kernel's sandbox dies with it)."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
        self.process.wait()
        from agentcourse.confine import remove_stale_dirs

        remove_stale_dirs(self.process.pid)  # its kernel's socket folder, if it was killed mid-way
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


def _start_worker(run_dir: Path, index: int, settings: dict, config: GradeConfig) -> Worker:
    log = run_dir / f"worker-{index}.log"
    with open(log, "ab") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "agentcourse.grade_worker"], cwd=settings["course_root"],
            env=nbgrader_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
            start_new_session=True,  # its own group: Ctrl-C reaches only us, we stop it
            preexec_fn=_worker_limits(config.worker_memory_mb))
    process.stdin.write((json.dumps(settings) + "\n").encode())
    process.stdin.flush()
    os.set_blocking(process.stdout.fileno(), False)
    return Worker(process, log)


def _send(worker: Worker, student: str, source: Path, deadline: float) -> None:
    worker.student, worker.deadline = student, deadline
    worker.process.stdin.write((json.dumps({"student": student, "source": str(source)}) + "\n").encode())
    worker.process.stdin.flush()


def _read_lines(worker: Worker) -> list[dict] | None:
    """Complete JSON lines the worker wrote; None when it has exited."""
    try:
        chunk = worker.process.stdout.read()
    except (OSError, ValueError):
        chunk = b""
    if chunk == b"" and worker.process.poll() is not None:
        return None
    worker.buffer += chunk or b""
    *lines, worker.buffer = worker.buffer.split(b"\n")
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


# ---------------------------------------------------------------- feedback


def write_feedback(course_root: Path, lab: str, students: list[str]) -> dict[str, tuple[str, str]]:
    """nbgrader's generate_feedback for each student, in this process (no start-up per
    student). Returns student -> (status, why) for those whose page is missing or withheld."""
    problems: dict[str, tuple[str, str]] = {}
    if not students:
        return problems
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course_root)).load_config()
    api = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)
    here = os.getcwd()
    os.chdir(course_root)
    try:
        for student in students:
            leaks.HELD.pop((lab, student), None)
            done = api.generate_feedback(lab, student, force=True)
            page = course_root / LOCAL / "feedback" / student / lab / f"{lab}.html"
            held = leaks.HELD.pop((lab, student), None)
            if held:
                problems[student] = ("withheld", f"feedback held for review: {held}"[:300])
            elif not page.is_file():
                log = (done.get("log") or "") + (done.get("error") or "")
                problems[student] = ("error", "no feedback written: " + log.strip()[-200:])
    finally:
        os.chdir(here)
    return problems


# ---------------------------------------------------------------- the command


def _lab_meta(course_root: Path, lab: str) -> dict:
    return nbtools.lab_meta(nbtools.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb"))


def _max_points(course_root: Path, lab: str) -> dict[str, float]:
    nb = nbtools.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb")
    return {c.grade_id: c.points for c in nbtools.grade_cells(nb)}


def _code_cells(course_root: Path, lab: str) -> int:
    nb = nbtools.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb")
    return sum(c.cell_type == "code" for c in nb.cells)


class _Interrupt:
    """Ctrl-C sets a flag; the loop stops at a safe point (never inside a merge)."""

    def __init__(self) -> None:
        self.hit = False
        self._old = None

    def __enter__(self):
        try:
            self._old = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread: no handler, no Ctrl-C to catch
            self._old = None
        return self

    def _handle(self, signum, frame) -> None:
        self.hit = True

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def _start_results(root: Path, lab: str, found: dict[str, Path]) -> dict[str, Result]:
    """One result per student before grading: a missing notebook is recorded as such; for
    the others, the notebook's hash and the cells a person cleared on this same notebook
    (read before any merge changes the gradebook)."""
    results = {}
    for student, folder in found.items():
        notebook = folder / f"{lab}.ipynb"
        if not notebook.exists() and not notebook.is_symlink():
            results[student] = Result(student, "missing", f"no {lab}.ipynb in {folder}")
            _record_missing(root, lab, results[student])
            continue
        sha = notebook_sha(notebook)
        results[student] = Result(student, sha256=sha, kept_clear=hand_cleared(root, lab, student, sha))
    return results


def grade(lab: str, submissions: Path, config: GradeConfig | None = None,
          progress: Callable[[int], None] | None = None) -> GradeReport:
    """Autograde every submission of `lab` in `submissions`; merge into the main gradebook.

    `progress(n)` is called as n more submissions finish."""
    from agentcourse.confine import require_confinement

    config = config or GradeConfig()
    config.check()
    if not config.unconfined:
        require_confinement()
    root = config.course_root.resolve()
    started = time.monotonic()
    (root / LOCAL).mkdir(exist_ok=True)
    found, skipped = select_students(*find_submissions(submissions, lab), config.students)
    ensure_assignment(root, lab)
    results = _start_results(root, lab, found)
    todo = [s for s in found if results[s].status == "ok"]
    if progress and len(todo) < len(found):
        progress(len(found) - len(todo))

    run_dir = root / LOCAL / "run"
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    snapshot_gradebook(root, run_dir / "template.db")
    meta = _lab_meta(root, lab)
    settings = {
        "course_root": str(root), "lab": lab, "run_dir": str(run_dir),
        "template_db": str(run_dir / "template.db"), "solutions": str(root / "solutions"),
        "cell_timeout": config.cell_timeout, "unconfined": config.unconfined,
        "limits": {"memory_mb": config.memory_mb, "processes": config.processes},
        "output_chars": config.output_chars,
        "student_files": list(meta.get("student_files", [])),
        "support_files": list(meta.get("support_files", [])),
    }
    # Every cell may use its timeout, twice: the graded run, then the canary run.
    per_student = 2 * _code_cells(root, lab) * (config.cell_timeout or 60) + 60
    done: set[str] = set()
    queue = list(todo)
    workers: list[Worker] = []
    with _Interrupt() as interrupt:
        try:
            workers = [_start_worker(run_dir, i, settings, config)
                       for i in range(min(config.jobs, len(queue)))]
            _run(workers, queue, found, results, done, root, lab, run_dir, settings, config,
                 per_student, interrupt, progress)
        finally:
            for worker in workers:
                worker.kill()
        if interrupt.hit:
            left = [s for s in todo if s not in done]
            remember_flags(root, lab, [results[s] for s in todo if s in done])
            for student in left:
                results[student] = Result(student, "interrupted", "grading was stopped (Ctrl-C)")
            report = _report(lab, root, found, results, skipped, config, started)
            raise GradingInterrupted(
                f"interrupted: {len(done)} of {len(todo)} graded and merged ("
                + (", ".join(sorted(done)) or "none") + "); not graded: " + ", ".join(left)
                + ". The gradebook is consistent; run the same command again to grade the class.",
            ) from _Report(report)

    if config.feedback:
        _feedback(root, lab, [results[s] for s in todo])
    remember_flags(root, lab, [results[s] for s in todo])
    if all(r.status == "ok" for r in results.values()):
        shutil.rmtree(run_dir, ignore_errors=True)  # else keep the logs to read
    return _report(lab, root, found, results, skipped, config, started)


def _feedback(root: Path, lab: str, results: list[Result]) -> None:
    """nbgrader's feedback for every graded student; a held page or a missing one changes
    the student's status and the instructor's note."""
    by_student = {r.student: r for r in results}
    graded = [r.student for r in results if r.status not in ("error", "interrupted")
              and (root / LOCAL / "autograded" / r.student / lab / f"{lab}.ipynb").is_file()]
    for student, (status, problem) in write_feedback(root, lab, graded).items():
        result = by_student[student]
        if result.status in ("ok", "review"):
            result.status, result.detail = status, problem
        elif status == "withheld":
            result.detail = f"{result.detail}; {problem}" if result.detail else problem
        _merge_note(root, lab, result)
        _keep_cleared(root, lab, result)


class _Report(Exception):
    """Carries the partial report of an interrupted run to the command line."""

    def __init__(self, report: GradeReport) -> None:
        super().__init__("partial report")
        self.report = report


def _report(lab, root, found, results, skipped, config, started) -> GradeReport:
    report = GradeReport(lab, [results[s] for s in found], _max_points(root, lab),
                         confinement="NONE (--unconfined)" if config.unconfined else "bubblewrap",
                         skipped=skipped)
    report.seconds = time.monotonic() - started
    return report


def _run(workers, queue, found, results, done, root, lab, run_dir, settings, config,
         per_student, interrupt, progress) -> None:
    """Hand students to free workers, merge each result as it arrives."""
    selector = selectors.DefaultSelector()
    for worker in workers:
        selector.register(worker.process.stdout, selectors.EVENT_READ, worker)
    next_index = len(workers)

    def finish(worker: Worker, student: str, out: dict) -> None:
        result = results[student]
        result.status = out.get("status", "error")
        result.detail = out.get("detail", "")
        result.review = list(out.get("review", []))
        result.seconds = float(out.get("seconds", 0.0))
        folder = Path(out["folder"]) if out.get("folder") else None
        db = folder / "gradebook.db" if folder else None
        if db is not None and db.is_file():
            result.points = _read_scores(f"sqlite:///{db}", lab, student)
        _merge(_db_url(root), db, lab, result)
        if folder is not None and result.status not in ("error",):
            _install_graded(folder, root, lab, student, settings["student_files"])
        if folder is not None and result.status == "ok":
            shutil.rmtree(folder, ignore_errors=True)
        done.add(student)
        if progress:
            progress(1)

    def replace(worker: Worker) -> Worker | None:
        nonlocal next_index
        selector.unregister(worker.process.stdout)
        worker.kill()
        workers.remove(worker)
        if not queue:
            return None
        fresh = _start_worker(run_dir, next_index, settings, config)
        next_index += 1
        workers.append(fresh)
        selector.register(fresh.process.stdout, selectors.EVENT_READ, fresh)
        return fresh

    while (queue or any(w.student for w in workers)) and workers and not interrupt.hit:
        for key, _ in selector.select(timeout=0.25):
            worker: Worker = key.data
            lines = _read_lines(worker)
            if lines is None:  # the worker died on its own
                if worker.student:
                    student = worker.student
                    finish(worker, student, {"status": "error", "detail": "the grading worker died "
                                             f"(see {worker.log.name})"})
                replace(worker)
                continue
            for out in lines:
                if out.get("ready"):
                    worker.ready = True
                elif out.get("student") == worker.student:
                    student, worker.student = worker.student, None
                    finish(worker, student, out)
            if worker.ready and worker.student is None and queue and not interrupt.hit:
                student = queue.pop(0)
                _send(worker, student, found[student], time.monotonic() + per_student)
        now = time.monotonic()
        for worker in list(workers):
            if worker.student and now > worker.deadline:
                student = worker.student
                worker.student = None
                finish(worker, student, {"status": "timeout",
                                         "detail": f"still running after {per_student} s: stopped"})
                replace(worker)


# ---------------------------------------------------------------- the CSV


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


# ---------------------------------------------------------------- command line


def _print_report(console, report: GradeReport) -> None:
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


def cli_grade(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from agentcourse.labs import find_lab

    console = Console()
    lab = find_lab(args.lab, REPO_ROOT / "solutions")
    config = GradeConfig(jobs=args.jobs, cell_timeout=args.timeout,
                         unconfined=getattr(args, "unconfined", False),
                         students=tuple(getattr(args, "student", None) or ()))
    if getattr(args, "memory", None) is not None:
        config.memory_mb = args.memory
    if getattr(args, "no_feedback", False):
        config.feedback = False
    config.check()
    submissions = Path(args.submissions)
    found, _ = select_students(*find_submissions(submissions, lab), config.students)
    csv_path = Path(args.csv) if args.csv else REPO_ROOT / LOCAL / f"{lab}-grades.csv"
    mode = "UNCONFINED" if config.unconfined else "confined"
    try:
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as bar:
            task = bar.add_task(f"grading {lab} with {config.jobs} workers ({mode})", total=len(found))
            report = grade(lab, submissions, config, progress=lambda n: bar.advance(task, n))
    except GradingInterrupted as err:
        partial = err.__cause__.report if isinstance(err.__cause__, _Report) else None
        if partial is not None:
            write_csv(partial, csv_path)
            _print_report(console, partial)
        raise
    write_csv(report, csv_path)
    _print_report(console, report)
    from rich.markup import escape

    console.print(f"points per test cell: {escape(str(report.csv_path))}")
    bad = [r for r in report.results if r.status != "ok"]
    named = [n for n in report.skipped if not n.startswith(".")]
    if bad or named:
        raise GradingIncomplete(
            f"{len(bad) + len(named)} submission(s) could not be graded cleanly: "
            + ", ".join([f"{r.student} ({r.status})" for r in bad] + [f"{n} (skipped)" for n in named])
            + ". They are flagged for manual grading in the gradebook.")
    return 0
