"""Mutation testing of the code that protects learners: `make mutate` (docs/MUTATION.md).

For each target below, cosmic-ray makes every mutant of the chosen functions (one small
change each: a flipped comparison, a dropped guard, a near-miss call, a changed number...),
and each mutant is run against only the tests that cover that code. A mutant the tests
fail on is killed; one they pass with has survived, and shows what no test checks.

cosmic-ray does the mutating and keeps the results (its operators, its work database and
its mutate-and-test step); this script chooses the targets, the operators and the tests,
runs the mutants on several cores, and prints one score per target as its last lines.

Why cosmic-ray and not mutmut: mutmut matches a mutant to the module it lives in by the
module's import name, which it derives from the file path; `checkpoints/03-real-tools/
agent.py` has no import name (the folder name has a hyphen) and the course loads it by
path under another name, so mutmut's mutants would never switch on. cosmic-ray edits the
file on disk and runs a test command, which works for any file. Because it edits files in
place, every worker runs in its own scratch copy of the repository, never in the work tree.

    python -m mutation                 # all targets, 2 workers
    python -m mutation --only 03 -j 1  # targets whose name contains "03", one worker
    python -m mutation --list          # the mutants, without running anything
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import multiprocessing
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import cosmic_ray.plugins
from cosmic_ray.commands.init import init
from cosmic_ray.mutating import mutate_code, use_mutation
from cosmic_ray.operators.provider import OperatorProvider
from cosmic_ray.testing import run_tests
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkResult
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from mutation.equivalent import EQUIVALENT
from mutation.operators import CourseOperators
from mutation.targets import CORE_OPERATORS, TARGET_SCORE, TARGETS, Target

REPO = Path(__file__).resolve().parent.parent

class _Chosen:
    """An operator provider that offers only the chosen operators of another provider."""

    def __init__(self, provider, names):
        self.provider, self.names = provider, tuple(names)

    def __iter__(self):
        return iter(self.names)

    def __getitem__(self, name):
        return self.provider[name]


# Registered at import, so that the worker processes (forked from this one) have them too.
cosmic_ray.plugins.OPERATOR_PROVIDERS.clear()
cosmic_ray.plugins.OPERATOR_PROVIDERS.update(
    core=_Chosen(OperatorProvider(), CORE_OPERATORS), course=CourseOperators()
)


@dataclass
class Mutant:
    """One mutant: where it is, what it changes, and (after the run) what happened."""

    job_id: str
    target: Target
    function: str  # the top-level definition it is in
    operator: str
    line: int
    before: str  # the changed source line(s), as they were...
    after: str  # ...and as the mutant has them
    equivalent: str = ""  # why it cannot be killed (mutation/equivalent.py), if it cannot
    outcome: str = ""  # "killed", "survived", "timeout" or "error"
    seconds: float = 0.0

    def describe(self) -> str:
        return (f"{self.target.path}:{self.line} {self.function} [{self.operator}]\n"
                f"      - {self.before}\n      + {self.after}")


@dataclass
class Run:
    """The mutants of one target and the command that tests them."""

    target: Target
    mutants: list[Mutant] = field(default_factory=list)
    baseline_seconds: float = 0.0

    def score(self) -> tuple[int, int]:
        counted = [m for m in self.mutants if not m.equivalent]
        return sum(m.outcome in ("killed", "timeout") for m in counted), len(counted)


# --- choosing the mutants ------------------------------------------------------------------


def _span(node) -> tuple[int, int]:
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return first, node.end_lineno


def definitions(source: str) -> dict[str, tuple[int, int]]:
    """Top-level name -> (first line, last line), decorators included; a class's methods
    also as "Class.method", so that a target can choose some methods of a class."""
    spans = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        else:
            continue
        for name in names:
            spans[name] = _span(node)
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    spans[f"{node.name}.{item.name}"] = _span(item)
    return spans


def docstring_lines(source: str) -> set[int]:
    """Lines of docstrings: a mutant there changes nothing that runs."""
    lines = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if ast.get_docstring(node, clean=False) is not None:
                doc = node.body[0]
                lines.update(range(doc.lineno, doc.end_lineno + 1))
    return lines


def changed_lines(before: str, after: str) -> tuple[str, str]:
    """The lines a mutant changes, before and after, each joined into one string."""
    old, new = [], []
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
        if line.startswith("-") and not line.startswith("---"):
            old.append(line[1:].strip())
        elif line.startswith("+") and not line.startswith("+++"):
            new.append(line[1:].strip())
    return " / ".join(old), " / ".join(new)


def make_mutants(target: Target, session: Path) -> list[Mutant]:
    """Create the cosmic-ray session for `target` and describe each of its mutants."""
    source = (REPO / target.path).read_text(encoding="utf-8")
    spans = definitions(source)
    wanted = target.functions or tuple(spans)
    missing = [name for name in wanted if name not in spans]
    if missing:
        raise SystemExit(f"{target.path}: no top-level definition named {', '.join(missing)}")
    docs = docstring_lines(source)
    mutants, skipped = [], []
    with contextlib.chdir(REPO), use_db(str(session)) as db:
        init([Path(target.path)], db, {})
        for item in db.work_items:
            spec = item.mutations[0]
            line = spec.start_pos[0]
            owner = next((name for name in wanted if spans[name][0] <= line <= spans[name][1]), None)
            if owner is None or line in docs:
                skipped.append(item.job_id)
                continue
            operator = cosmic_ray.plugins.get_operator(spec.operator_name)()
            mutated = mutate_code(source, operator, spec.occurrence)
            if mutated is None:
                skipped.append(item.job_id)
                continue
            before, after = changed_lines(source, mutated)
            mutant = Mutant(item.job_id, target, owner, spec.operator_name.split("/")[1],
                            line, before, after)
            mutant.equivalent = EQUIVALENT.get((target.path, owner, before, after), "")
            mutants.append(mutant)
        skip = WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output="outside the target")
        db.set_multiple_results(skipped, skip)
        eq = [m.job_id for m in mutants if m.equivalent]
        db.set_multiple_results(eq, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                               output="equivalent"))
    stale = {key for key in EQUIVALENT if key[0] == target.path} - {
        (m.target.path, m.function, m.before, m.after) for m in mutants}
    for key in sorted(stale):
        print(f"  note: mutation/equivalent.py lists a mutant that no longer exists: {key}")
    return mutants


# --- running them ---------------------------------------------------------------------------


def scratch_copy(dest: Path) -> Path:
    """A copy of the repository's files (tracked and new, not ignored) in `dest`."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPO, capture_output=True, check=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file() and not source.is_symlink():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


def pytest_args(target: Target) -> list[str]:
    """The pytest run for one mutant: stop at the first failure, only the covering tests."""
    return ["-x", "-q", "-p", "no:cacheprovider", "-m", "not live and not slow", *target.tests]


def test_command(target: Target) -> str:
    """The same run as a shell command (for the baseline, in a fresh interpreter)."""
    return shlex.join([sys.executable, "-m", "pytest", *pytest_args(target)])


def _run_pytest_forked(args: list[str], timeout: float) -> tuple[TestOutcome, str]:
    """pytest in a child forked from this warm worker: the libraries are already imported,
    the course's own modules are not, so the child reads the mutated file from disk."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the tests, report the exit status, never return
        os.close(read)
        os.setpgid(0, 0)  # its own process group, so a timeout can end everything it started
        with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink), \
                contextlib.redirect_stderr(sink):
            try:
                import pytest

                status = int(pytest.main(args))
            except BaseException:  # noqa: BLE001 - any crash is a failed run
                status = 99
        os.write(write, str(status).encode())
        os._exit(0)
    os.close(write)
    deadline = time.monotonic() + timeout
    while True:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, 9)
            os.waitpid(pid, 0)
            os.close(read)
            return TestOutcome.KILLED, "timeout"
        time.sleep(0.02)
    status = os.read(read, 16).decode() or "98"
    os.close(read)
    outcome = TestOutcome.SURVIVED if status == "0" else TestOutcome.KILLED
    return outcome, f"pytest exit status {status}"


def _worker(copy: Path, jobs, results, args: list[str], timeout: float) -> None:
    """Run mutants from `jobs` in `copy` until a None arrives; report on `results`.

    cosmic-ray applies each mutation to the copy's file and puts the file back afterwards
    (its use_mutation); the tests run in a forked child, which saves starting Python and
    importing pytest, the SDK and hypothesis for every mutant.
    """
    os.chdir(copy)
    sys.path.insert(0, str(copy))
    os.environ["PYTHONPATH"] = str(copy)  # the copy's agentcourse, not the installed one
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    sys.dont_write_bytecode = True
    for name in [m for m in sys.modules if m == "agentcourse" or m.startswith("agentcourse.")]:
        del sys.modules[name]  # the children must import the (mutated) copy afresh
    import anthropic  # noqa: F401 - warm imports, shared by every forked test run
    import hypothesis  # noqa: F401
    import jupyter_client.manager  # noqa: F401 - the sandbox's kernel manager
    import nbformat  # noqa: F401
    import nbgrader.preprocessors  # noqa: F401 - leaks.py and confine.py build on it
    import pytest  # noqa: F401
    import tree_sitter_bash  # noqa: F401 - the guardrail's parser

    while (job := jobs.get()) is not None:
        job_id, spec = job
        started = time.monotonic()
        operator = cosmic_ray.plugins.get_operator(spec.operator_name)(**spec.operator_args)
        try:
            with use_mutation(spec.module_path, operator, spec.occurrence) as (before, after):
                if after is None:
                    result = WorkResult(worker_outcome=WorkerOutcome.NO_TEST)
                else:
                    outcome, output = _run_pytest_forked(args, timeout)
                    result = WorkResult(worker_outcome=WorkerOutcome.NORMAL, test_outcome=outcome,
                                        output=output, diff="\n".join(difflib.unified_diff(
                                            before.splitlines(), after.splitlines(), lineterm="")))
        except Exception as err:  # noqa: BLE001 - reported as an error mutant
            result = WorkResult(worker_outcome=WorkerOutcome.EXCEPTION, output=repr(err),
                                test_outcome=TestOutcome.INCOMPETENT)
        results.put((job_id, result, time.monotonic() - started))


def baseline(copy: Path, command: str) -> float:
    """Seconds the unmutated tests take in `copy`; they must pass, or the run is void."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    started = time.monotonic()
    with contextlib.chdir(copy):
        saved = os.environ.copy()
        os.environ.update(env)
        try:
            outcome, output = run_tests(command, timeout=900)
        finally:
            os.environ.clear()
            os.environ.update(saved)
    if outcome != TestOutcome.SURVIVED:
        raise SystemExit(f"the unmutated tests fail, so no mutant can be judged:\n{output[-3000:]}")
    return time.monotonic() - started


def run_target(run: Run, session: Path, copies: list[Path], console: Console) -> None:
    """Test every non-equivalent mutant of `run.target`, one worker per copy."""
    command = test_command(run.target)
    run.baseline_seconds = baseline(copies[0], command)
    args = pytest_args(run.target)
    timeout = max(30.0, 4 * run.baseline_seconds)  # a mutant that hangs counts as killed
    todo = {m.job_id: m for m in run.mutants if not m.equivalent}
    with use_db(str(session), WorkDB.Mode.open) as db:
        specs = {item.job_id: item.mutations[0] for item in db.pending_work_items}
        context = multiprocessing.get_context("fork")
        jobs, results = context.Queue(), context.Queue()
        for job_id in todo:
            jobs.put((job_id, specs[job_id]))
        workers = [context.Process(target=_worker, args=(copy, jobs, results, args, timeout))
                   for copy in copies]
        for worker in workers:
            jobs.put(None)
            worker.start()
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("{task.fields[survived]} survived"))
        with Progress(*columns, console=console, transient=True) as progress:
            bar = progress.add_task(run.target.name, total=len(todo), survived=0)
            survived = 0
            for _ in range(len(todo)):
                job_id, result, seconds = results.get()
                db.set_result(job_id, result)
                mutant = todo[job_id]
                mutant.seconds = seconds
                if result.worker_outcome != WorkerOutcome.NORMAL:
                    mutant.outcome = "error"
                elif result.output == "timeout":
                    mutant.outcome = "timeout"
                else:
                    mutant.outcome = "killed" if result.is_killed else "survived"
                survived += mutant.outcome == "survived"
                if mutant.outcome in ("survived", "error"):  # at once: a long run's log shows them early
                    progress.console.print(f"  {mutant.outcome}: {mutant.describe()}", markup=False,
                                           highlight=False, soft_wrap=True)
                progress.update(bar, advance=1, survived=survived)
                done = progress.tasks[bar].completed
                if not console.is_terminal and (done % 20 == 0 or done == len(todo)):
                    console.print(f"  {done:.0f}/{len(todo)} tested, {survived} survived")  # logs
        for worker in workers:
            worker.join()


# --- reporting ------------------------------------------------------------------------------


def report(runs: list[Run], console: Console, seconds: float) -> int:
    """Print survivors, equivalents, then one score line per target; the exit status."""
    failed = 0
    for run in runs:
        survivors = [m for m in run.mutants if m.outcome in ("survived", "error")]
        equivalent = [m for m in run.mutants if m.equivalent]
        console.rule(run.target.name)
        for m in survivors:
            console.print(f"  {m.outcome.upper()}: {m.describe()}", markup=False, highlight=False, soft_wrap=True)
        if equivalent:
            console.print(f"  {len(equivalent)} equivalent mutant(s), not counted "
                          "(mutation/equivalent.py says why)")
        timeouts = [m for m in run.mutants if m.outcome == "timeout"]
        for m in timeouts:
            console.print(f"  timed out (counted as killed): {m.describe()}", markup=False,
                          highlight=False, soft_wrap=True)
        unsafe = [m for m in survivors if m.function in run.target.path_safety]
        if unsafe:
            console.print(f"  {len(unsafe)} {run.target.safety_label} mutant(s) survived: the "
                          "target needs all of them killed")
    console.print(f"\nmake mutate: {sum(len(r.mutants) for r in runs)} mutants in "
                  f"{seconds / 60:.1f} minutes")
    for run in runs:
        killed, counted = run.score()
        share = killed / counted if counted else 1.0
        safety = [m for m in run.mutants if m.function in run.target.path_safety and not m.equivalent]
        safe_killed = sum(m.outcome in ("killed", "timeout") for m in safety)
        verdict = "ok" if share >= TARGET_SCORE and safe_killed == len(safety) else "BELOW TARGET"
        failed += verdict != "ok"
        extra = f"; {run.target.safety_label} {safe_killed}/{len(safety)}" if safety else ""
        console.print(f"mutation score, {run.target.name}: {share:.1%} ({killed} of {counted} "
                      f"killed, {len(run.mutants) - counted} equivalent{extra}) {verdict}",
                      highlight=False)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run the targets whose name contains this text "
                        "(several texts: separate them with commas)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # a log file shows each line as it comes
    console = Console()
    wanted = [w for w in (args.only or "").split(",") if w]
    targets = [t for t in TARGETS if not wanted or any(w in t.name for w in wanted)]
    if not targets:
        parser.error(f"no target matches {args.only!r}; targets: {[t.name for t in TARGETS]}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        tmp = Path(tmp)
        runs = []
        for n, target in enumerate(targets):
            run = Run(target, make_mutants(target, tmp / f"session-{n}.sqlite"))
            runs.append(run)
            if args.list:
                for m in run.mutants:
                    note = f"  (equivalent: {m.equivalent})" if m.equivalent else ""
                    console.print(f"{m.describe()}{note}", markup=False, highlight=False, soft_wrap=True)
        if args.list:
            return 0
        copies = [scratch_copy(tmp / f"worker-{k}") for k in range(max(1, args.jobs))]
        for n, run in enumerate(runs):
            console.print(f"{run.target.name}: {len(run.mutants)} mutants, tests: "
                          f"{' '.join(run.target.tests)}")
            begun = time.monotonic()
            run_target(run, tmp / f"session-{n}.sqlite", copies, console)
            killed, counted = run.score()
            console.print(f"  {run.target.name}: {killed} of {counted} killed in "
                          f"{(time.monotonic() - begun) / 60:.1f} minutes (the unmutated tests: "
                          f"{run.baseline_seconds:.1f} s)")
        return report(runs, console, time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main())
