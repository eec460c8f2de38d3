"""A lab notebook as a file: read and write it, its lab metadata and graded cells, and the
solution and hidden-test regions inside a cell's source.

What `agentcourse lab`, grading, the integrity checks, the site and the tests read from a
notebook, in one place:

    nb = read_notebook(path)
    lab_meta(nb)["tasks"]; [c.grade_id for c in grade_cells(nb)]
    region_lines(cell.source, BEGIN_HIDDEN, END_HIDDEN)

nbformat is imported where used: every lab notebook's setup cell imports
agentcourse.course.nbtools, and nbformat's import (jsonschema and its grammars) costs seconds.
"""

from __future__ import annotations

import ast
import os
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import nbformat

BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"


@dataclass
class GradeCell:
    """One autograder test cell: what it checks and what it is worth."""

    grade_id: str  # nbgrader's cell name
    points: float  # points it scores when it raises nothing
    check: str  # its one-line "Check that ..." docstring
    source: str  # its source (with hidden tests, in the instructor version)


def read_notebook(path: Path) -> nbformat.NotebookNode:
    """The notebook at `path`, as nbformat version 4."""
    import nbformat

    return nbformat.read(str(path), as_version=4)


def write_notebook(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write a notebook atomically (temp file + os.replace)."""
    import nbformat

    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def lab_meta(nb: nbformat.NotebookNode) -> dict:
    """The lab's `agentcourse` metadata: title, time box, tasks (solutions/CONVENTIONS.md)."""
    return dict(nb.metadata.get("agentcourse", {}))


def grade_id(cell: Any) -> str | None:
    """nbgrader's name for the cell, or None for a cell nbgrader does not know."""
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def grade_cells(nb: nbformat.NotebookNode) -> list[GradeCell]:
    """The notebook's test cells, in order."""
    out = []
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and meta.get("grade"):
            out.append(GradeCell(meta["grade_id"], float(meta.get("points", 0)),
                                 docstring(cell.source), cell.source))
    return out


def docstring(source: str) -> str:
    """The first line of a cell's leading docstring ("Check that ...")."""
    m = re.match(r'\s*[rRuU]?("""|\'\'\')\s*(.*?)\s*(?:\1|$)', source, re.S)
    return m.group(2).splitlines()[0].strip() if m and m.group(2) else ""


def region_lines(source: str, begin: str, end: str) -> list[str]:
    """The lines between `begin` and `end` markers (solution text or hidden tests)."""
    inside, out = False, []
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside:
            out.append(line)
    return out


def outside_regions(source: str) -> list[str]:
    """The lines outside every solution and hidden-test region: what a release shows."""
    inside, out = False, []
    for line in source.splitlines():
        if BEGIN_SOLUTION in line or BEGIN_HIDDEN in line:
            inside = True
        elif END_SOLUTION in line or END_HIDDEN in line:
            inside = False
        elif not inside:
            out.append(line)
    return out


def hidden_checks(source: str) -> int:
    """How many checks a test cell's hidden region makes: its `assert` statements and its
    bare calls (a helper such as `passes(row)` asserts inside). 0 without a hidden region."""
    lines = region_lines(source, BEGIN_HIDDEN, END_HIDDEN)
    if not lines:
        return 0
    try:
        tree = ast.parse(textwrap.dedent("\n".join(lines)))
    except SyntaxError:  # two regions at different depths: count the assert lines
        return sum(line.strip().startswith("assert") for line in lines)
    return sum(isinstance(node, ast.Assert)
               or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))
               for node in ast.walk(tree))


def strip_hidden(source: str) -> str:
    """A test cell's source without its hidden-test region."""
    hidden = False
    kept = []
    for line in source.splitlines():
        if BEGIN_HIDDEN in line:
            hidden = True
        elif END_HIDDEN in line:
            hidden = False
        elif not hidden:
            kept.append(line)
    return "\n".join(kept)


def answer_names(nb: Any) -> list[str]:
    """The names the lab's answer cells bind at the top level (from the source notebook):
    in the judge, these are the student's. A judged lab's release keeps them in its
    metadata (`answers`), so `lab check` knows them without the source."""
    names: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "code" or not cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names += [t.id for t in targets if isinstance(t, ast.Name)]
    return list(dict.fromkeys(names))
