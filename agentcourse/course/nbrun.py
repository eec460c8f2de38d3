"""Run a lab notebook's cells in this process, to score known-wrong variants fast.

The integrity tests take a lab's solution notebook, change named cells with the
wrong-implementation transforms (solutions/labNN/wrong.py: `drop`, `swap`, `chain`) and
score every test cell the way nbgrader's autograde would, without starting a kernel:

    results = run_cells(nb, {"run_turn": swap("end_turn", "tool_use")})

Only for notebooks the course wrote: the cells run with this process's permissions.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agentcourse.course.nbfile import BEGIN_HIDDEN, grade_id, strip_hidden

if TYPE_CHECKING:
    import nbformat


@dataclass
class CellResult:
    """How one test cell fared in `run_cells`."""

    points: float  # what it scored: all its points or none
    max_points: float
    error: str  # "" when it passed, else "ExcType: message"
    visible_error: str = ""  # with visible=True: how its visible part alone failed ("" = passed)


Replacement = str | Callable[[str], str]


def drop(text: str) -> Callable[[str], str]:
    """A wrong-implementation transform: remove `text` from the cell (it must be there)."""
    return swap(text, "")


def swap(old: str, new: str) -> Callable[[str], str]:
    """A wrong-implementation transform: replace `old` once (it must be there)."""

    def transform(source: str) -> str:
        if old not in source:
            raise ValueError(f"known-wrong case is stale: {old!r} is not in the cell")
        return source.replace(old, new, 1)

    return transform


def chain(*steps: Callable[[str], str]) -> Callable[[str], str]:
    """A wrong-implementation transform made of several swap()/drop() steps on one cell, in
    order; each still fails loudly if its text is gone."""

    def transform(source: str) -> str:
        for step in steps:
            source = step(source)
        return source

    return transform


def apply_replacements(nb: nbformat.NotebookNode, replace: dict[str, Replacement]) -> nbformat.NotebookNode:
    """A copy of `nb` with the named cells' sources replaced (string) or transformed."""
    import nbformat

    nb = nbformat.from_dict(nb)
    found = set()
    for cell in nb.cells:
        gid = grade_id(cell)
        if gid in replace:
            new = replace[gid]
            cell.source = new(cell.source) if callable(new) else new
            found.add(gid)
    missing = set(replace) - found
    if missing:
        raise ValueError(f"no cell with grade_id {sorted(missing)}")
    return nb


def _first_replaced(nb: nbformat.NotebookNode, replace: dict[str, Replacement]) -> int:
    """The index of the first cell `replace` names (the whole notebook's length if none).

    With `run_cells(..., solution_prefix=True)`, the test cells above it are not run but
    scored as passed: up to there the notebook is the solution, whose every test cell
    passes (the integrity tests check that first), and a test cell is there to check,
    not to set up what later cells use. Setup and answer cells above it still run."""
    return next((n for n, cell in enumerate(nb.cells) if grade_id(cell) in replace), len(nb.cells))


def _exec(source: str, name: str, namespace: dict) -> str:
    """Run one cell's source; "" when it raised nothing, else "ExcType: message"."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, name, "exec"), namespace)
    except BaseException as err:  # noqa: BLE001 - a notebook cell may raise anything
        if isinstance(err, KeyboardInterrupt):
            raise
        return f"{type(err).__name__}: {err}"
    return ""


def run_cells(nb: nbformat.NotebookNode, replace: dict[str, Replacement] | None = None,
              visible: bool = False, stop_after: Callable[[dict[str, CellResult]], bool] | None = None,
              whole: bool = True, solution_prefix: bool = False) -> dict[str, CellResult]:
    """Execute the notebook's code cells in one fresh namespace, in this process.

    Like nbgrader's autograde, errors do not stop the run, and a test cell scores its
    points iff it raises nothing. No kernel start-up, so a case costs milliseconds; the
    price is trust: only run notebooks you wrote (the known-wrong cases), never student
    code. The working directory and any ExitStack the notebook opened are restored.

    With `visible=True`, a test cell with hidden tests first runs without them, as the
    student's `lab check` runs it (`visible_error`), and then whole, as grading does. A cell
    whose visible part fails fails whole too (its hidden region only adds checks), so it is
    not run again. With `whole=False` as well, only the visible parts run (what `lab check`
    runs; a cell's `error` is then its visible error). `stop_after(results)`, asked after
    each test cell, ends the run early when it returns True: a known-wrong case has shown
    what it must, and the cells after it are not needed. `solution_prefix`: see _first_replaced."""
    first = _first_replaced(nb, replace or {}) if solution_prefix else 0
    nb = apply_replacements(nb, replace or {})
    namespace: dict[str, Any] = {"__name__": "__main__"}
    results: dict[str, CellResult] = {}
    cwd = os.getcwd()
    try:
        for n, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if meta.get("grade") and n < first:  # the solution's own test cell: it passes
                results[meta["grade_id"]] = CellResult(*[float(meta.get("points", 0))] * 2, "", "")
                continue
            name = f"<cell {grade_id(cell) or n}>"
            split = visible and meta.get("grade") and BEGIN_HIDDEN in cell.source
            seen = _exec(strip_hidden(cell.source), name, namespace) if split else ""
            error = seen if split and not whole else seen or _exec(cell.source, name, namespace)
            if meta.get("grade"):
                pts = float(meta.get("points", 0))
                shown = (seen if split else error) if visible else ""
                results[meta["grade_id"]] = CellResult(0.0 if error else pts, pts, error, shown)
                if stop_after is not None and stop_after(results):
                    break
    finally:
        os.chdir(cwd)
        for value in list(namespace.values()):
            if isinstance(value, contextlib.ExitStack):
                value.close()
    return results
