"""Labs for students: `agentcourse lab list`, `lab start N`, `lab check N`.

The released notebooks in labs/ are the only input: a lab's time box, tasks, hints and
visible tests all come from the notebook itself (its `agentcourse` metadata and its
test cells), so what `lab check` reports is exactly what the notebook says.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import nbformat
from rich.console import Console
from rich.table import Table

from agentcourse import nbtools
from agentcourse.errors import UnknownLab, UsageError
from agentcourse.paths import REPO_ROOT

LABS_DIR = REPO_ROOT / "labs"
SOLUTIONS_DIR = REPO_ROOT / "solutions"
START_FILE = ".lab-started.json"  # written by `lab start` beside the student's notebook


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
        return not self.problem and all(o.passed for o in self.outcomes)


def lab_names(root: Path = LABS_DIR) -> list[str]:
    """Every released lab, in order (lab01, lab02, ...)."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / f"{p.name}.ipynb").is_file())


def find_lab(name: str, root: Path = LABS_DIR) -> str:
    """'1', '01', 'lab1' or 'lab01' -> 'lab01'; UnknownLab names the valid ones."""
    names = lab_names(root)
    digits = name.lower().removeprefix("lab")
    for lab in names:
        if name == lab or (digits.isdigit() and int(digits) == int(lab.removeprefix("lab"))):
            return lab
    valid = ", ".join(names) or "(none released)"
    raise UnknownLab(f"unknown lab {name!r}; valid labs: {valid}")


def released_notebook(lab: str, root: Path = LABS_DIR) -> Path:
    return root / lab / f"{lab}.ipynb"


def _task_lines(meta: dict) -> list[str]:
    return [f"Task {t['number']}: {t['title']}" for t in meta.get("tasks", [])]


def cli_list(args: argparse.Namespace) -> int:
    console = Console()
    table = Table(title="Labs")
    for column in ("lab", "title", "time box", "tasks"):
        table.add_column(column)
    for lab in lab_names():
        meta = nbtools.lab_meta(nbtools.read_notebook(released_notebook(lab)))
        table.add_row(lab, meta.get("title", ""), f"{meta.get('time_box_minutes', '?')} min",
                      "\n".join(_task_lines(meta)))
    console.print(table)
    console.print("Start one with: agentcourse lab start N")
    return 0


def start_lab(lab: str, work_dir: Path) -> tuple[Path, bool]:
    """Copy the released lab into work_dir/lab and record the start time.

    Returns (folder, fresh). A lab already started is left as it is: starting again
    never overwrites a student's work, and the clock keeps its first start time."""
    dest = work_dir / lab
    if (dest / f"{lab}.ipynb").exists():
        return dest, False
    tmp = work_dir / f".{lab}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(LABS_DIR / lab, tmp)
    stamp = {"lab": lab, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    (tmp / START_FILE).write_text(json.dumps(stamp) + "\n", encoding="utf-8")
    os.replace(tmp, dest)
    return dest, True


def cli_start(args: argparse.Namespace) -> int:
    console = Console()
    lab = find_lab(args.lab)
    dest, fresh = start_lab(lab, Path(args.dir))
    meta = nbtools.lab_meta(nbtools.read_notebook(released_notebook(lab)))
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


def started_at(folder: Path) -> float | None:
    """When `lab start` created this folder (a Unix time), or None."""
    try:
        stamp = json.loads((folder / START_FILE).read_text(encoding="utf-8"))
        return datetime.fromisoformat(stamp["started"]).timestamp()
    except (OSError, ValueError, KeyError):
        return None


def elapsed_text(start: float | None) -> str:
    if start is None:
        return "an unknown time"
    minutes, seconds = divmod(int(time.time() - start), 60)
    return f"{minutes} min {seconds:02d} s"


def read_student_notebook(path: Path) -> nbformat.NotebookNode:
    """The student's notebook, or a UsageError that says in one line why it cannot be read."""
    where = f"{path} is not a notebook Jupyter can open"
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(f"{where}: it is not UTF-8 text.{_checkpoint_hint(path)}") from None
    except json.JSONDecodeError as err:
        raise UsageError(f"{where}: broken JSON at line {err.lineno}, column {err.colno} "
                         f"({err.msg}).{_checkpoint_hint(path)}") from None
    except OSError as err:
        raise UsageError(f"{path} cannot be read: {err.strerror}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise UsageError(f"{where}: it has no list of cells.{_checkpoint_hint(path)}")
    try:
        nb = nbformat.from_dict(data)
        for cell in nb.cells:  # the fields the check reads, in the types it expects
            cell.source = "".join(cell.source) if isinstance(cell.source, list) else str(cell.source)
            if not isinstance(cell.get("metadata", {}), dict) or cell.get("cell_type") not in (
                    "code", "markdown", "raw"):
                raise ValueError("a cell with an unknown type or bad metadata")
    except (AttributeError, KeyError, TypeError, ValueError) as err:
        raise UsageError(f"{where}: {err}.{_checkpoint_hint(path)}") from None
    return nb


def _checkpoint_hint(path: Path) -> str:
    saved = path.parent / ".ipynb_checkpoints" / f"{path.stem}-checkpoint.ipynb"
    if saved.is_file():
        return f" Jupyter's last checkpoint is {saved} (in Jupyter: File > Revert to Checkpoint)."
    return " Undo the edit that broke it, or start afresh in another folder (lab start --dir)."


def _kind(cell: dict) -> str | None:
    """'tests', 'solution' or 'locked' for a cell nbgrader knows, else None."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    if not isinstance(meta, dict) or not meta.get("grade_id"):
        return None
    if meta.get("grade") and not meta.get("solution"):
        return "tests"
    return "solution" if meta.get("solution") else "locked"


def restore_released_cells(student: nbformat.NotebookNode,
                           release: nbformat.NotebookNode) -> list[str]:
    """Make `student` run the way grading runs it; returns notes for the student.

    Like nbgrader's autograde (with `add_missing_cells`, as nbgrader_config.py sets it):
    every released test and locked cell the student still has gets its released source
    back; a test cell the student deleted is put back after the released cell before it,
    so an emptied notebook fails instead of passing nothing; answer cells keep the
    student's code. A missing locked or answer cell is not invented (grading would not
    have it either): the notes say it is gone."""
    released = {}
    order = []
    for cell in release.cells:
        if _kind(cell):
            released[nbtools.grade_id(cell)] = cell
            order.append(nbtools.grade_id(cell))
    seen: set[str] = set()
    for cell in student.cells:
        gid = nbtools.grade_id(cell) if _kind(cell) else None
        if gid is None:
            continue
        if gid not in released or gid in seen:
            # a copy of a graded cell, or metadata the release never had: a plain cell,
            # as nbgrader's DeduplicateIds makes it
            cell.metadata.pop("nbgrader", None)
            continue
        seen.add(gid)
        original = released[gid]
        if _kind(original) == "solution":
            cell.cell_type, cell.metadata = "code", nbformat.from_dict(dict(original.metadata))
            cell.setdefault("outputs", [])
            cell.setdefault("execution_count", None)
        else:
            cell.clear()
            cell.update(nbformat.from_dict(original))
            cell.outputs, cell.execution_count = [], None
    notes = []
    put_back = []
    for i, gid in enumerate(order):
        if gid in seen:
            continue
        kind = _kind(released[gid])
        if kind != "tests":
            what = "your answer" if kind == "solution" else "a read-only cell the tests need"
            notes.append(f"cell {gid!r} ({what}) is missing from your notebook: copy it back "
                         "from the released lab; grading runs without it")
            continue
        before = next((g for g in reversed(order[:i]) if g in seen), None)
        at = next((n + 1 for n, c in enumerate(student.cells)
                   if before and _kind(c) and nbtools.grade_id(c) == before), 0)
        copy = nbformat.from_dict(released[gid])
        copy.outputs, copy.execution_count = [], None
        student.cells.insert(at, copy)
        seen.add(gid)
        put_back.append(gid)
    if put_back:
        notes.append(f"test cells put back as released (grading does the same): {', '.join(put_back)}")
    return notes


def _ran_seconds(cell: dict) -> float | None:
    """How long the cell ran, from the timestamps nbclient records in its metadata."""
    timing = cell.get("metadata", {}).get("execution", {})
    try:
        start = datetime.fromisoformat(timing["iopub.execute_input"].replace("Z", "+00:00"))
        end = datetime.fromisoformat(timing["shell.execute_reply"].replace("Z", "+00:00"))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return (end - start).total_seconds()


TIMED_OUT = "agentcourse_timed_out"  # cell metadata set while checking: nbclient stopped it


def _first_error(cell: dict, timeout: float | None = None) -> str:
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            ename = str(output.get("ename", ""))
            ran = _ran_seconds(cell)
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
        kind = _kind(cell) if cell.get("cell_type") == "code" else None
        error = _first_error(cell, timeout) if kind in ("solution", "locked") else ""
        if not error:
            continue
        gid = nbtools.grade_id(cell)
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


def _mark_timeout(cell: nbformat.NotebookNode, cell_index: int, execute_reply: dict) -> None:
    if (execute_reply or {}).get("content", {}).get("ename") == "CellTimeoutError":
        cell.metadata[TIMED_OUT] = True


def check_notebook(path: Path, release: Path, config: CheckConfig | None = None) -> CheckReport:
    """Run a student's notebook (its visible tests only) in a fresh kernel."""
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    config = config or CheckConfig()
    nb = read_student_notebook(path)
    released = nbtools.read_notebook(release)
    report = CheckReport(nbtools.lab_meta(released).get("lab", path.stem))
    report.notes = restore_released_cells(nb, released)
    client = NotebookClient(
        nb, timeout=config.cell_timeout, startup_timeout=config.startup_timeout,
        kernel_name=config.kernel, extra_arguments=list(config.kernel_args),
        allow_errors=True, interrupt_on_timeout=True,
        error_on_timeout={"ename": "CellTimeoutError",
                          "evalue": f"the cell ran longer than {config.cell_timeout} s",
                          "traceback": []},
        resources={"metadata": {"path": str(path.parent)}},
        # nbclient's own verdict, not the cell's clock: under load the kernel may start a
        # cell late, so its recorded run time can be shorter than the timeout that hit it
        on_cell_executed=_mark_timeout,
    )
    # The kernel's own stderr (ipykernel warns that loopback TCP is not encrypted) is kept
    # out of the student's terminal, and shown only if the kernel dies.
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as kernel_log:
        try:
            client.execute(stderr=kernel_log)
        except DeadKernelError:
            report.problem = "the kernel died (a crash, os._exit or running out of memory)"
        except Exception as err:  # a kernel that cannot start, a broken notebook...
            report.problem = f"{type(err).__name__}: {err}"
        if report.problem:
            kernel_log.seek(0)
            last = [line for line in kernel_log.read().splitlines()
                    if line.strip() and "without encryption" not in line]
            if last:
                report.problem += f"; the kernel's last words: {last[-1][:200]}"
    first = {}
    for cell in nb.cells:
        if cell.cell_type == "code" and _kind(cell) == "tests":
            first.setdefault(nbtools.grade_id(cell), cell)
    report.notes += cell_failures(nb, config.cell_timeout)
    for gid, cell in first.items():
        meta = cell.metadata["nbgrader"]
        error = _first_error(cell, config.cell_timeout)
        ran = cell.get("execution_count") is not None
        report.outcomes.append(TestOutcome(
            gid, nbtools.docstring(cell.source), float(meta.get("points", 0)),
            passed=ran and not error, error=error or ("" if ran else "did not run")))
    start = started_at(path.parent)
    report.elapsed = time.time() - start if start else None
    return report


def print_report(report: CheckReport, meta: dict, console: Console) -> None:
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


def find_student_notebook(lab: str, folder: Path | None = None) -> Path:
    """The student's labNN.ipynb, from any folder a student has: the work folder `lab start`
    made (`work/labNN`), a lab folder fetched with nbgrader (`labNN/`, no start stamp), the
    folder holding it, or the lab folder itself. With `folder` (--dir), only there: the
    folder holding labNN/, or labNN/ itself. UsageError names the places it looked."""
    name = f"{lab}.ipynb"
    if folder is not None:
        places = [folder / lab / name, folder / name]
    else:
        here = Path(".")
        places = [here / "work" / lab / name, here / name, here / lab / name]
    for place in places:
        if place.is_file():
            return place
    if folder is None:  # one folder down: a course folder nbgrader fetched into, say
        nested = sorted(Path(".").glob(f"*/{lab}/{name}"))
        if len(nested) == 1:
            return nested[0]
    looked = ", ".join(str(p) for p in dict.fromkeys(places))
    raise UsageError(f"{name} not found (looked for {looked}): run `agentcourse lab start {lab}` "
                     "first, or run this from your lab's folder or the folder that holds it "
                     "(or pass --dir)")


def review_findings(student: nbformat.NotebookNode, release: nbformat.NotebookNode) -> list[str]:
    """What grading's static tampering scan (agentcourse.tamper) would send to a person for
    review in this notebook: the same checks, on the cells as grading sees them (released
    test cells put back). The runtime findings need the confined kernel: only grading makes those."""
    from agentcourse import tamper

    student = nbformat.from_dict(student)
    restore_released_cells(student, release)  # as nbgrader's autograde does before it scans
    locked = {nbtools.grade_id(c): c.source for c in release.cells
              if c.get("cell_type") == "code" and _kind(c) in ("locked", "tests")}
    plain = {c.source for c in release.cells if c.get("cell_type") == "code" and not _kind(c)}
    cells = []
    for index, cell in enumerate(student.cells):
        if cell.get("cell_type") != "code":
            continue
        gid = nbtools.grade_id(cell) if _kind(cell) else None
        trusted = gid in locked and cell.source == locked[gid]
        cells.append(tamper.CellInfo(index, gid, cell.source, trusted, trusted and _kind(cell) == "tests",
                                     executed=False, released=not gid and cell.source in plain))
    return tamper.structure_findings(cells, list(locked)) + tamper.static_findings(cells)


def cli_check(args: argparse.Namespace) -> int:
    console = Console()
    lab = find_lab(args.lab)
    folder = Path(args.dir) if getattr(args, "dir", None) else None
    path = find_student_notebook(lab, folder)
    release = released_notebook(lab)
    student = read_student_notebook(path)  # a notebook that cannot be read ends here, in one line
    released = nbtools.read_notebook(release)
    console.print(f"Running the visible tests of {path} ...")
    report = check_notebook(path, release)
    for finding in review_findings(student, released):
        report.notes.append(f"grading would send this notebook to a person for review: {finding}")
    print_report(report, nbtools.lab_meta(released), console)
    return 0 if report.passed else 1
