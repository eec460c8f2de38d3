"""Build a lab notebook from its jupytext percent source (solutions/CONVENTIONS.md).

A lab is written as `solutions/labNN/labNN.pct.py`; this module turns it into the
notebook nbgrader works from (`labNN.ipynb` beside it), with nbgrader's cell metadata
expanded from the source's short form:

    python -m agentcourse.course.nbbuild build solutions/lab01/lab01.pct.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentcourse.course.nbfile import answer_names, grade_id, hidden_checks, write_notebook
from agentcourse.errors import UsageError

if TYPE_CHECKING:
    import nbformat

# A lab is written in jupytext's percent format (solutions/CONVENTIONS.md): `# %%` cell
# markers that editors and jupytext already understand, the lab's metadata in the YAML
# header, and nbgrader's cell metadata in a short form that `build_notebook` expands:
#
#   # %% nbgrader="locked" grade_id="setup"                 read-only cell
#   # %% nbgrader="solution" grade_id="run_turn"            answer cell (autograded answer)
#   # %% nbgrader="tests" grade_id="test_end_turn" points=2 autograder test cell
_KINDS = ("locked", "solution", "tests")

SOURCE_SUFFIX = ".pct.py"  # jupytext's own name for a percent script paired with a notebook


def _nbgrader_meta(kind: str, opts: dict[str, Any]) -> dict:
    """The nbgrader cell metadata (schema 3) for one short-form cell."""
    if kind not in _KINDS:
        raise UsageError(f"unknown nbgrader cell kind {kind!r}: use one of {', '.join(_KINDS)}")
    if not isinstance(opts.get("grade_id"), str) or not opts["grade_id"]:
        raise UsageError(f'a {kind} cell needs grade_id="NAME" (nbgrader\'s cell name)')
    meta = {
        "grade": kind == "tests",
        "grade_id": opts["grade_id"],
        "locked": kind != "solution",
        "schema_version": 3,
        "solution": kind == "solution",
        "task": False,
    }
    if kind == "tests":
        points = opts.get("points")
        if points is None:
            raise UsageError(f"test cell {opts['grade_id']} needs points=N")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise UsageError(f"test cell {opts['grade_id']}: points must be a whole number")
        meta["points"] = points
    return meta


def _built_cell(cell: Any) -> nbformat.NotebookNode:
    """One source cell as the notebook's cell, its short-form nbgrader options expanded."""
    import nbformat

    opts = dict(cell.metadata)
    if cell.cell_type == "markdown":
        new = nbformat.v4.new_markdown_cell(cell.source)
    elif cell.cell_type == "code":
        new = nbformat.v4.new_code_cell(cell.source)
    else:
        raise UsageError(f"a lab has markdown and code cells only, not {cell.cell_type}")
    new.pop("id", None)  # random cell ids would make every rebuild a diff
    kind = opts.get("nbgrader")
    if kind is not None:
        if cell.cell_type != "code":
            raise UsageError(f"nbgrader={kind!r} on a markdown cell: only code cells are graded")
        new.metadata["nbgrader"] = _nbgrader_meta(kind, opts)
        new["id"] = opts["grade_id"]
    elif "grade_id" in opts or "points" in opts:
        raise UsageError(f'grade_id/points without nbgrader="...": {cell.source[:60]!r}')
    return new


def build_notebook(text: str) -> nbformat.NotebookNode:
    """A lab notebook from its jupytext percent source (`labNN.pct.py`)."""
    import jupytext
    import nbformat

    try:
        source = jupytext.reads(text, fmt="py:percent")
    except Exception as err:  # jupytext raises YAML and JSON errors as they come
        raise UsageError(f"not a readable percent-format notebook: {err}") from None
    meta = source.metadata.get("agentcourse")
    if not isinstance(meta, dict):
        raise UsageError("a lab needs `agentcourse:` metadata (time box, tasks) in its "
                         "`# ---` / `# jupyter:` header")
    nb = nbformat.v4.new_notebook()
    nb.metadata["agentcourse"] = meta
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells.extend(_built_cell(cell) for cell in source.cells)
    _number_anonymous_cells(nb)
    # How many checks grading adds inside each visible test cell: the release keeps this
    # notebook metadata (never the hidden text), so `lab check` can say what it cannot run.
    counts = {grade_id(c): hidden_checks(c.source) for c in nb.cells
              if c.get("metadata", {}).get("nbgrader", {}).get("grade")}
    if any(counts.values()):
        nb.metadata["agentcourse"]["hidden_checks"] = {k: n for k, n in counts.items() if n}
    if meta.get("judge"):  # the names the judge calls the student's by, for `lab check` too
        nb.metadata["agentcourse"]["answers"] = answer_names(nb)
    return nb


def built_path(source: Path) -> Path:
    """solutions/labNN/labNN.pct.py -> solutions/labNN/labNN.ipynb"""
    if not source.name.endswith(SOURCE_SUFFIX):
        raise UsageError(f"{source}: a lab's source is named labNN{SOURCE_SUFFIX}")
    return source.with_name(source.name.removesuffix(SOURCE_SUFFIX) + ".ipynb")


def _number_anonymous_cells(nb: nbformat.NotebookNode) -> None:
    # nbformat 4.5 wants an id on every cell; number the rest so rebuilds are stable.
    for i, cell in enumerate(nb.cells):
        cell.setdefault("id", f"cell-{i:02d}")
    nb.nbformat, nb.nbformat_minor = 4, 5


def _main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "build":
        print(f"usage: python -m agentcourse.course.nbbuild build solutions/labNN/labNN{SOURCE_SUFFIX} ...",
              file=sys.stderr)
        return 2
    for arg in argv[1:]:
        src = Path(arg)
        try:
            out = built_path(src)
            nb = build_notebook(src.read_text(encoding="utf-8"))
        except (OSError, UsageError) as err:
            print(f"nbbuild: {src}: {err}", file=sys.stderr)
            return 2
        write_notebook(nb, out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
