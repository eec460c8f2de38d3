"""`agentcourse lab check`'s work: a student's notebook run as grading runs it, and what it
tells them.

The released test and locked cells are put back first (as nbgrader's autograde does), the
notebook runs in a fresh kernel with its visible tests only, and the report says per test
whether it passed, which answer cells failed on their own, and what grading's structure
check would send to a person:

    report = check_notebook(student_path, released_notebook(lab))
    notes = review_findings(student_nb, release_nb)
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import nbformat

from agentcourse.course import nbtools, tamper
from agentcourse.course.labs import read_student_notebook, started_at
from agentcourse.course.nbfile import docstring, grade_id, lab_meta, read_notebook


@dataclass
class CheckConfig:
    """How `lab check` runs a student's notebook."""

    cell_timeout: int = 60  # seconds before a cell is interrupted and counted as failed
    startup_timeout: int = 60  # seconds to wait for the kernel to start
    kernel: str = "python3"  # the venv's ipykernel
    # lab check shows only each error's line, and IPython's verbose tracebacks (source read
    # around every frame) were a third of a failing run's time (lab 3's release: 18 s -> 12 s)
    kernel_args: tuple[str, ...] = ("--InteractiveShell.xmode=Minimal",)


@dataclass
class TestOutcome:
    """One visible test cell after `lab check` ran it."""

    grade_id: str
    check: str  # the cell's "Check that ..." line
    points: float
    passed: bool
    error: str = ""  # first line of the error when it failed


@dataclass
class CheckReport:
    """Everything `lab check` prints, as data (tests use it)."""

    lab: str
    outcomes: list[TestOutcome] = field(default_factory=list)
    elapsed: float | None = None  # seconds since `lab start`, if it was used
    problem: str = ""  # the kernel died, or similar: the run itself did not finish
    notes: list[str] = field(default_factory=list)  # cells put back or missing, before the run

    @property
    def passed(self) -> bool:
        """True when the run finished and every visible test passed."""
        return not self.problem and all(o.passed for o in self.outcomes)


# ---------------------------------------------------------------- the cells as grading has them


def cell_kind(cell: dict) -> str | None:
    """'tests', 'solution' or 'locked' for a cell nbgrader knows, else None."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    if not isinstance(meta, dict) or not meta.get("grade_id"):
        return None
    if meta.get("grade") and not meta.get("solution"):
        return "tests"
    return "solution" if meta.get("solution") else "locked"


def _restore_kept_cells(student: nbformat.NotebookNode, released: dict) -> set[str]:
    """Give every graded cell the student still has its released source (answer cells keep
    the student's code); a copy, or a cell the release never had, loses its nbgrader
    metadata. Returns the grade ids the student has."""
    seen: set[str] = set()
    for cell in student.cells:
        gid = grade_id(cell) if cell_kind(cell) else None
        if gid is None:
            continue
        if gid not in released or gid in seen:
            # a copy of a graded cell, or metadata the release never had: a plain cell,
            # as nbgrader's DeduplicateIds makes it
            cell.metadata.pop("nbgrader", None)
            continue
        seen.add(gid)
        original = released[gid]
        if cell_kind(original) == "solution":
            cell.cell_type, cell.metadata = "code", nbformat.from_dict(dict(original.metadata))
            cell.setdefault("outputs", [])
            cell.setdefault("execution_count", None)
        else:
            cell.clear()
            cell.update(nbformat.from_dict(original))
            cell.outputs, cell.execution_count = [], None
    return seen


def restore_released_cells(student: nbformat.NotebookNode,
                           release: nbformat.NotebookNode) -> list[str]:
    """Make `student` run the way grading runs it; returns notes for the student.

    Like nbgrader's autograde (with `add_missing_cells`, as nbgrader_config.py sets it):
    every released test and locked cell the student still has gets its released source
    back; a test cell the student deleted is put back after the released cell before it,
    so an emptied notebook fails instead of passing nothing; answer cells keep the
    student's code. A missing locked or answer cell is not invented (grading would not
    have it either): the notes say it is gone."""
    released = {grade_id(cell): cell for cell in release.cells if cell_kind(cell)}
    order = list(released)
    seen = _restore_kept_cells(student, released)
    notes = []
    put_back = []
    for i, gid in enumerate(order):
        if gid in seen:
            continue
        kind = cell_kind(released[gid])
        if kind != "tests":
            what = "your answer" if kind == "solution" else "a read-only cell the tests need"
            notes.append(f"cell {gid!r} ({what}) is missing from your notebook: copy it back "
                         "from the released lab; grading runs without it")
            continue
        before = next((g for g in reversed(order[:i]) if g in seen), None)
        at = next((n + 1 for n, c in enumerate(student.cells)
                   if before and cell_kind(c) and grade_id(c) == before), 0)
        copy = nbformat.from_dict(released[gid])
        copy.outputs, copy.execution_count = [], None
        student.cells.insert(at, copy)
        seen.add(gid)
        put_back.append(gid)
    if put_back:
        notes.append(f"test cells put back as released (grading does the same): {', '.join(put_back)}")
    return notes


# ---------------------------------------------------------------- what the run showed


def ran_seconds(cell: dict) -> float | None:
    """How long the cell ran, from the timestamps nbclient records in its metadata."""
    timing = cell.get("metadata", {}).get("execution", {})
    try:
        start = datetime.fromisoformat(timing["iopub.execute_input"].replace("Z", "+00:00"))
        end = datetime.fromisoformat(timing["shell.execute_reply"].replace("Z", "+00:00"))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return (end - start).total_seconds()


TIMED_OUT = "agentcourse_timed_out"  # cell metadata set while checking: nbclient stopped it


def first_error(cell: dict, timeout: float | None = None) -> str:
    """The cell's first error as one line ("" when it raised nothing): a cell nbclient
    stopped is named a timeout, and an API error shows the API's own message."""
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            ename = str(output.get("ename", ""))
            ran = ran_seconds(cell)
            timed_out = cell.get("metadata", {}).get(TIMED_OUT) or (
                timeout and ran is not None and ran >= timeout)
            if ename == "KeyboardInterrupt" and timed_out:
                # nbclient stops a cell that runs too long by interrupting it
                limit = f"longer than {timeout:g} s" if timeout else "past its time limit"
                return f"CellTimeoutError: the cell ran {limit} and was stopped"
            text = nbtools.api_error_text(ename, str(output.get("evalue", "")))
            return text if len(text) <= 300 else text[:297] + "..."
    return ""


def cell_failures(nb: nbformat.NotebookNode, timeout: float | None = None) -> list[str]:
    """Notes on the answer and setup cells that failed when run: a test that fails with
    NameError because its answer cell has a SyntaxError should send the student to that
    cell, not to the test. Answers not written yet are named together in one note."""
    unwritten, notes = [], []
    for cell in nb.cells:
        kind = cell_kind(cell) if cell.get("cell_type") == "code" else None
        error = first_error(cell, timeout) if kind in ("solution", "locked") else ""
        if not error:
            continue
        gid = grade_id(cell)
        if error.startswith("NotImplementedError"):
            unwritten.append(gid)
        elif kind == "solution":
            notes.append(f"your answer cell {gid!r} failed: {error}; fix it first: "
                         "the tests that use what it defines fail with it")
        else:
            notes.append(f"the lab's own cell {gid!r} failed: {error} (usually an answer "
                         "above it is missing or broken)")
    if unwritten:
        notes.insert(0, f"answer cells not written yet (they raise NotImplementedError): "
                        f"{', '.join(unwritten)}")
    return notes


# ---------------------------------------------------------------- running it


def _mark_timeout(cell: nbformat.NotebookNode, cell_index: int, execute_reply: dict) -> None:
    if (execute_reply or {}).get("content", {}).get("ename") == "CellTimeoutError":
        cell.metadata[TIMED_OUT] = True


def run_in_kernel(nb: nbformat.NotebookNode, folder: Path, config: CheckConfig) -> str:
    """Run every cell of `nb` in a fresh kernel, errors allowed; "" when the run finished,
    else what stopped it (with the kernel's last words, if it died)."""
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    client = NotebookClient(
        nb, timeout=config.cell_timeout, startup_timeout=config.startup_timeout,
        kernel_name=config.kernel, extra_arguments=list(config.kernel_args),
        allow_errors=True, interrupt_on_timeout=True,
        error_on_timeout={"ename": "CellTimeoutError",
                          "evalue": f"the cell ran longer than {config.cell_timeout} s",
                          "traceback": []},
        resources={"metadata": {"path": str(folder)}},
        # nbclient's own verdict, not the cell's clock: under load the kernel may start a
        # cell late, so its recorded run time can be shorter than the timeout that hit it
        on_cell_executed=_mark_timeout,
    )
    problem = ""
    # The kernel's own stderr (ipykernel warns that loopback TCP is not encrypted) is kept
    # out of the student's terminal, and shown only if the kernel dies.
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as kernel_log:
        try:
            client.execute(stderr=kernel_log)
        except DeadKernelError:
            problem = "the kernel died (a crash, os._exit or running out of memory)"
        except Exception as err:  # a kernel that cannot start, a broken notebook...
            problem = f"{type(err).__name__}: {err}"
        if problem:
            kernel_log.seek(0)
            last = [line for line in kernel_log.read().splitlines()
                    if line.strip() and "without encryption" not in line]
            if last:
                problem += f"; the kernel's last words: {last[-1][:200]}"
    return problem


Runner = Callable[[nbformat.NotebookNode, Path, CheckConfig, dict], str]


def check_notebook(path: Path, release: Path, config: CheckConfig | None = None, run: Runner | None = None) -> CheckReport:
    """Run a student's notebook (its visible tests only) in a fresh kernel; `run(nb, folder,
    config, lab metadata)` runs it there ("" or what stopped it): by default every cell in
    one kernel; for a judged lab, the grader's judge (agentcourse.grading.labcheck)."""
    config = config or CheckConfig()
    nb = read_student_notebook(path)
    released = read_notebook(release)
    report = CheckReport(lab_meta(released).get("lab", path.stem))
    report.notes = restore_released_cells(nb, released)
    runner = run or (lambda n, f, c, m: run_in_kernel(n, f, c))
    report.problem = runner(nb, path.parent, config, lab_meta(released))
    first = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and cell_kind(cell) == "tests":
            first.setdefault(grade_id(cell), cell)
    report.notes += cell_failures(nb, config.cell_timeout)
    for gid, cell in first.items():
        meta = cell.metadata["nbgrader"]
        error = first_error(cell, config.cell_timeout)
        ran = cell.get("execution_count") is not None
        report.outcomes.append(TestOutcome(
            gid, docstring(cell.source), float(meta.get("points", 0)),
            passed=ran and not error, error=error or ("" if ran else "did not run")))
    start = started_at(path.parent)
    report.elapsed = time.time() - start if start else None
    return report


def review_findings(student: nbformat.NotebookNode, release: nbformat.NotebookNode) -> list[str]:
    """What grading's structure check (agentcourse.course.tamper) would send to a person for
    review in this notebook: the same check, on the cells as grading sees them (released
    test cells put back)."""
    student = nbformat.from_dict(student)
    restore_released_cells(student, release)  # as nbgrader's autograde does before it checks
    locked = {grade_id(c): c.source for c in release.cells
              if c.get("cell_type") == "code" and cell_kind(c) in ("locked", "tests")}
    cells = []
    for index, cell in enumerate(student.cells):
        if cell.get("cell_type") != "code":
            continue
        gid = grade_id(cell) if cell_kind(cell) else None
        trusted = gid in locked and cell.source == locked[gid]
        cells.append(tamper.CellInfo(index, gid, cell.source, trusted, trusted and cell_kind(cell) == "tests"))
    return tamper.structure_findings(cells, list(locked))
