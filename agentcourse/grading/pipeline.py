"""Grade a class's submissions of one lab with nbgrader, in parallel: `agentcourse grade`.

nbgrader stays the engine (its sanitizing, cell restoring, execution and scoring, so the
gradebook, formgrader and `nbgrader export` keep working). Around it:

  confinement  every kernel runs in a bubblewrap sandbox (agentcourse.grading.sandbox): it sees
               the Python environment and its own submission, writes only its scratch
               folder, has a private loopback and a process limit, and nothing it starts
               outlives it. Where no sandbox can be made, grading refuses unless
               --unconfined is passed; that choice is printed and written in the CSV.
  isolation    `--jobs` worker processes (pool.py; worker.py is the other end) each import
               nbgrader once and grade one student at a time in a fresh scratch course of
               its own (gradebook copy, regular-file copy of the submission, only the files
               the lab declares). Students are handed out as workers free up.
  one writer   only this process writes the main gradebook (records.py): it merges each
               student's grades as they arrive, one at a time, so a worker killed mid-way or
               a Ctrl-C (interrupt.py) leaves it consistent.
  judged only  a lab is graded only when its source says `"judge": true` (its test cells run
               in the judge, agentcourse.grading.judge); any other stops with LabNotJudged
               before anyone is graded.
  honesty      a hang, a dead kernel, running out of memory or a structure finding is a
               status of its own (results.STATUSES), not a zero: the CSV says so, the
               gradebook flags the submission for manual grading, and the command exits
               with GradingIncomplete.
  feedback     nbgrader's generate_feedback (feedback.py), whose pipeline (nbgrader_config.py)
               removes hidden tests and withholds any page showing secret text
               (agentcourse.grading.integrity.leaks).

This module is the class loop: who is graded, which worker grades whom, each result merged
as it arrives; and the command line around it (the table and CSV: summary.py).
"""

from __future__ import annotations

import argparse
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.clock import FairDeadline
from agentcourse.course import nbfile
from agentcourse.course.nbfile import answer_names
from agentcourse.errors import GradingIncomplete, GradingInterrupted, LabNotJudged
from agentcourse.grading import seeds, unchanged
from agentcourse.grading.feedback import give_feedback
from agentcourse.grading.flags import graded_by_hand, hand_cleared, notebook_sha, remember_flags
from agentcourse.grading.interrupt import CtrlC, PartialReport
from agentcourse.grading.nbgrader_io import LOCAL, db_url, ensure_assignment, snapshot_gradebook
from agentcourse.grading.pool import Pool, Worker
from agentcourse.grading.records import install_graded, merge_result, read_scores, record_ungraded
from agentcourse.grading.results import GradeConfig, GradeReport, Result
from agentcourse.grading.sandbox.bwrap import require_confinement
from agentcourse.grading.sandbox.kernel_manager import remove_orphaned_dirs
from agentcourse.grading.submissions import Submission, find_submissions, select_students
from agentcourse.grading.summary import needs_a_person, print_report, write_csv
from agentcourse.paths import REPO_ROOT

# ---------------------------------------------------------------- the lab, from its source


def _solution(course_root: Path, lab: str):
    return nbfile.read_notebook(course_root / "solutions" / lab / f"{lab}.ipynb")


def max_points(course_root: Path, lab: str) -> dict[str, float]:
    """Test cell grade_id -> its points, from the lab's source notebook."""
    return {c.grade_id: c.points for c in nbfile.grade_cells(_solution(course_root, lab))}


def _settings(root: Path, lab: str, run_dir: Path, config: GradeConfig) -> dict:
    """What every worker of the run is told once, on its first line."""
    meta = nbfile.lab_meta(_solution(root, lab))
    return {
        "course_root": str(root), "lab": lab, "run_dir": str(run_dir),
        "template_db": str(run_dir / "template.db"), "solutions": str(root / "solutions"),
        "cell_timeout": config.cell_timeout, "unconfined": config.unconfined,
        "limits": {"memory_mb": config.memory_mb, "processes": config.processes},
        "output_chars": config.output_chars,
        "property_secret": seeds.grading_secret(root), "property_examples": config.property_examples,
        "student_files": list(meta.get("student_files", [])),
        "support_files": list(meta.get("support_files", [])),
        "checkpoints": [str(name) for name in meta.get("checkpoints", [])],
        # its test cells run in the judge (require_judged): the names its answer cells define
        "judged": answer_names(_solution(root, lab)),
    }


def require_judged(root: Path, lab: str) -> None:
    """Only a judged lab is graded (its source says `"judge": true`): else LabNotJudged,
    before anything is read of the class or written to the gradebook."""
    if not nbfile.lab_meta(_solution(root, lab)).get("judge"):
        raise LabNotJudged(lab)


def _seconds_per_student(root: Path, lab: str, config: GradeConfig) -> int:
    """Every cell may use its timeout; a test cell once per part, since the judge gives its
    visible checks and each hidden region the cell's time (judge/execute.py)."""
    from agentcourse.grading.judge.execute import parts

    runs = sum(max(1, len(parts(c.source))) if nbfile.grade_id(c) and c.metadata.get("nbgrader", {}).get("grade")
               and not c.metadata.get("nbgrader", {}).get("solution") else 1
               for c in _solution(root, lab).cells if c.cell_type == "code")
    return runs * (config.cell_timeout or 60) + 60


# ---------------------------------------------------------------- the class loop


@dataclass
class ClassRun:
    """One run over a class: its students, their results, and what is merged as they come."""

    root: Path
    lab: str
    found: dict[str, Submission]  # student -> their lab folder and the notebook graded in it
    results: dict[str, Result]
    settings: dict
    per_student: int  # seconds a worker may spend on one student, on the fair clock (agentcourse/clock.py)
    interrupt: CtrlC
    progress: Callable[[int], None] | None = None
    done: set[str] = field(default_factory=set)  # graded and merged
    keys: dict[str, str] = field(default_factory=dict)  # student -> their submission's key (unchanged.py)
    release: str = ""  # the lab's release key this run grades under (unchanged.py)

    def finish(self, student: str, out: dict) -> None:
        """A worker's answer for `student`: its status and points merged into the main
        gradebook, its graded files installed; this process is the gradebook's one writer."""
        result = self.results[student]
        result.status = out.get("status", "error")
        result.detail = out.get("detail", "")
        result.review = list(out.get("review", []))
        result.seconds = float(out.get("seconds", 0.0))
        folder = Path(out["folder"]) if out.get("folder") else None
        db = folder / "gradebook.db" if folder else None
        if db is not None and db.is_file():
            result.points, result.late, result.penalty = read_scores(f"sqlite:///{db}", self.lab, student)
        merge_result(db_url(self.root), db, self.lab, result)
        if folder is not None and result.status not in ("error",):
            install_graded(folder, self.root, self.lab, student, self.settings["student_files"])
        if folder is not None and result.status == "ok":
            shutil.rmtree(folder, ignore_errors=True)
        self.done.add(student)
        if self.progress:
            self.progress(1)

    def loop(self, pool: Pool, queue: list[str]) -> None:
        """Hand students to free workers, merge each result as it arrives, until every
        student is graded or Ctrl-C is pressed."""
        while ((queue or any(w.student for w in pool.workers)) and pool.workers
               and not self.interrupt.hit):
            for worker in pool.readable(timeout=0.25):
                self._answer(pool, worker, queue)
            for worker in list(pool.workers):
                if worker.student and worker.deadline is not None and worker.deadline.left() <= 0:
                    student = worker.student
                    worker.student = None
                    self.finish(student, {"status": "timeout",
                                          "detail": f"still running after {self.per_student} s: stopped"})
                    pool.retire(worker, replace=bool(queue))

    def _answer(self, pool: Pool, worker: Worker, queue: list[str]) -> None:
        """What one worker wrote: ready, a student's result, or its death; then, if it is
        free, the next student."""
        lines = worker.read_lines()
        if lines is None:  # the worker died on its own
            if worker.student:
                self.finish(worker.student, {"status": "error", "detail": "the grading worker died "
                                             f"(see {worker.log.name})"})
            pool.retire(worker, replace=bool(queue))
            return
        for out in lines:
            if out.get("ready"):
                worker.ready = True
            elif out.get("student") == worker.student:
                student, worker.student = worker.student, None
                self.finish(student, out)
        if worker.ready and worker.student is None and queue and not self.interrupt.hit:
            student = queue.pop(0)
            sub = self.found[student]
            worker.send(student, sub.folder, sub.notebook, FairDeadline(self.per_student))


# ---------------------------------------------------------------- one run


def _start_results(root: Path, lab: str, found: dict[str, Submission]) -> dict[str, Result]:
    """One result per student before grading. A lab folder with nothing to grade is
    recorded for a person (every cell flagged); a student with no lab folder submitted
    nothing and is not recorded at all. For the others, the notebook's hash and the cells a
    person cleared on this same notebook (read before any merge changes the gradebook)."""
    results = {}
    for student, sub in found.items():
        if sub.status != "ok" or sub.folder is None or sub.notebook is None:
            results[student] = Result(student, sub.status, sub.detail, submitted=sub.folder is not None)
            if sub.folder is not None:
                record_ungraded(root, lab, results[student])
            continue
        sha = notebook_sha(sub.folder / sub.notebook)
        results[student] = Result(student, sha256=sha, kept_clear=hand_cleared(root, lab, student, sha))
    return results


def _fresh_run_dir(root: Path) -> Path:
    """`.grading/run/`, emptied, holding the gradebook's copy every scratch course starts from."""
    run_dir = root / LOCAL / "run"
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    snapshot_gradebook(root, run_dir / "template.db")
    return run_dir


def _report(run: ClassRun, skipped: dict[str, str], config: GradeConfig, started: float) -> GradeReport:
    report = GradeReport(run.lab, [run.results[s] for s in run.found], max_points(run.root, run.lab),
                         confinement="NONE (--unconfined)" if config.unconfined else "bubblewrap",
                         skipped=skipped,
                         property_seed=seeds.lab_seed(seeds.grading_secret(run.root), run.lab))
    report.seconds = time.monotonic() - started
    return report


def _stop(run: ClassRun, todo: list[str]) -> str:
    """After Ctrl-C: the flags of the students merged remembered, the others marked
    `interrupted`; what the error says."""
    left = [s for s in todo if s not in run.done]
    remember_flags(run.root, run.lab, [run.results[s] for s in todo if s in run.done])
    unchanged.remember(run.root, run.lab, [run.results[s] for s in todo if s in run.done], run.keys, run.release)
    for student in left:
        run.results[student] = Result(student, "interrupted", "grading was stopped (Ctrl-C)")
    return (f"interrupted: {len(run.done)} of {len(todo)} graded and merged ("
            + (", ".join(sorted(run.done)) or "none") + "); not graded: " + ", ".join(left)
            + ". The gradebook is consistent; run the same command again to grade the class.")


def _grade_class(run: ClassRun, todo: list[str], config: GradeConfig) -> None:
    """The students in `todo` graded by `--jobs` local workers, or on the Dask cluster at
    `config.scheduler` (cluster/dispatch.py), each result merged here as it arrives."""
    if config.scheduler:
        from agentcourse.grading.cluster.dispatch import ClusterConfig, grade_on_cluster

        grade_on_cluster(run, todo, ClusterConfig(config.scheduler, worker_memory_mb=config.worker_memory_mb))
        return
    with Pool(Path(run.settings["run_dir"]), run.settings, config) as pool:
        for _ in range(min(config.jobs, len(todo))):
            pool.start()
        run.loop(pool, list(todo))


def _keep_unchanged(run: ClassRun, todo: list[str], config: GradeConfig) -> list[str]:
    """The students of `todo` graded last time on this very submission and release, with a
    final status (unchanged.py): their results read back, kept out of `todo`. None with
    --regrade. Returns the students kept."""
    if config.regrade:
        unchanged.forget(run.root, run.lab, todo)
    kept = []
    for student in list(todo):
        last = unchanged.still_graded(run.root, run.lab, student, run.keys[student], run.release)
        if last is None:
            continue
        last.sha256, last.kept_clear = run.results[student].sha256, run.results[student].kept_clear
        run.results[student] = last
        todo.remove(student)
        kept.append(student)
    if run.progress and kept:
        run.progress(len(kept))
    return kept


def grade(lab: str, submissions: Path, config: GradeConfig | None = None,
          progress: Callable[[int], None] | None = None) -> GradeReport:
    """Autograde every submission of `lab` in `submissions`; merge into the main gradebook.
    A student whose submission and lab release are those graded last time is not graded
    again (unchanged.py; `config.regrade` grades everyone).

    `progress(n)` is called as n more submissions finish."""
    config = config or GradeConfig()
    config.check()
    if not config.unconfined:
        require_confinement()
    root = config.course_root.resolve()
    require_judged(root, lab)
    remove_orphaned_dirs()  # kernel folders of a grader killed outright, a day ago or more
    started = time.monotonic()
    (root / LOCAL).mkdir(exist_ok=True)
    found, skipped = select_students(*find_submissions(submissions, lab), config.students)
    ensure_assignment(root, lab)
    results = _start_results(root, lab, found)
    todo = [s for s in found if results[s].status == "ok"]
    if progress and len(todo) < len(found):
        progress(len(found) - len(todo))
    run_dir = _fresh_run_dir(root)
    settings = _settings(root, lab, run_dir, config)
    with CtrlC() as interrupt:
        run = ClassRun(root, lab, found, results, settings, _seconds_per_student(root, lab, config),
                       interrupt, progress, release=unchanged.release_key(root, lab, settings),
                       keys=unchanged.submission_keys(root, lab, {s: found[s].folder for s in todo}))
        kept = _keep_unchanged(run, todo, config)
        _grade_class(run, todo, config)
        if interrupt.hit:
            message = _stop(run, todo)
            raise GradingInterrupted(message) from PartialReport(_report(run, skipped, config, started))
    paged = [results[s] for s in kept if config.feedback and unchanged.needs_page(root, lab, results[s])]
    if config.feedback:
        give_feedback(root, lab, [results[s] for s in todo] + paged)
    remember_flags(root, lab, [results[s] for s in todo])
    unchanged.remember(root, lab, [results[s] for s in todo] + paged, run.keys, run.release)
    for student in todo + kept:  # read once every merge, the feedback and its flags are done
        results[student].hand_graded = graded_by_hand(root, lab, results[student])
    if all(r.status == "ok" for r in results.values()):
        shutil.rmtree(run_dir, ignore_errors=True)  # else keep the logs to read
    return _report(run, skipped, config, started)


# ---------------------------------------------------------------- command line


def cli_grade(args: argparse.Namespace) -> int:
    """`agentcourse grade N SUBMISSIONS`: grade, print the table, write the CSV; exit
    GradingIncomplete when a submission still waits for a person (cells flagged in the
    gradebook after the run) or a folder was skipped."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from agentcourse.course.labs import find_lab

    console = Console()
    lab = find_lab(args.lab, REPO_ROOT / "solutions")
    config = GradeConfig(jobs=args.jobs, cell_timeout=args.timeout, course_root=REPO_ROOT,
                         unconfined=getattr(args, "unconfined", False),
                         students=tuple(getattr(args, "student", None) or ()),
                         scheduler=getattr(args, "scheduler", None),
                         regrade=getattr(args, "regrade", False))
    if getattr(args, "memory", None) is not None:
        config.memory_mb = args.memory
    if getattr(args, "examples", None) is not None:
        config.property_examples = args.examples
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
            where = f"on the cluster at {config.scheduler}" if config.scheduler else f"with {config.jobs} workers"
            task = bar.add_task(f"grading {lab} {where} ({mode})", total=len(found))
            report = grade(lab, submissions, config, progress=lambda n: bar.advance(task, n))
    except GradingInterrupted as err:
        partial = err.__cause__.report if isinstance(err.__cause__, PartialReport) else None
        if partial is not None:
            write_csv(partial, csv_path)
            print_report(console, partial)
        raise
    write_csv(report, csv_path)
    print_report(console, report)
    console.print(f"points per test cell: {escape(str(report.csv_path))}")
    unfinished = needs_a_person(console, report)
    if unfinished:
        raise GradingIncomplete(unfinished)
    return 0
