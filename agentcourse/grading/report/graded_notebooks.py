"""What the graded notebooks of a class show, for the class report (agentcourse.grading.report.class_report).

nbgrader keeps each student's graded notebook in `.grading/autograded/STUDENT/LAB/`: their
answer cells as they wrote them, the test cells as the grader restored them, and every
cell's outputs from the graded run. Read here as plain JSON (no validation: sixty notebooks
in well under a second), compared with the release the students started from.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.errors import NotGraded
from agentcourse.grading.nbgrader_io import LOCAL

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_FRAME = re.compile(r"^\s*(?:-*>\s*)?(?:\d+\s+)?")  # "----> 8 " or "    " before a source line
# Code that leaves an answer as blank as the release's stub.
STUB_LINES = {"pass", "...", "raise NotImplementedError()", "raise NotImplementedError"}


@dataclass
class GradedNotebook:
    """One student's graded notebook, as the report needs it."""

    student: str
    answers: dict[str, str]  # answer cell grade_id -> the student's source
    raising: dict[str, str] = field(default_factory=dict)  # answer cell -> "Error: message"
    failures: dict[str, str] = field(default_factory=dict)  # test cell -> its first failure


def release_path(root: Path, lab: str) -> Path:
    """The release the students started from: labs/ (committed), else the one grading made."""
    for path in (root / "labs" / lab / f"{lab}.ipynb", root / LOCAL / "release" / lab / f"{lab}.ipynb"):
        if path.is_file():
            return path
    raise NotGraded(f"no release of {lab} (labs/{lab}/ or {LOCAL}/release/{lab}/): "
                    f"run nbgrader generate_assignment {lab}")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8")).get("cells", [])


def lab_meta(path: Path) -> dict:
    """The lab's `agentcourse` metadata (title, tasks and their test cells), kept in the release."""
    return dict(json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("agentcourse", {}))


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _meta(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def release_answers(path: Path) -> dict[str, str]:
    """Answer cell grade_id -> the release's source (the stub every student starts from)."""
    return {_meta(c)["grade_id"]: _source(c) for c in _cells(path)
            if _meta(c).get("solution") and _meta(c).get("grade_id")}


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def first_failure(error: dict) -> str:
    """How a test cell failed, in one line: the assertion that failed (with its message),
    or the error the student's code raised."""
    ename, evalue = _text(error.get("ename")), _text(error.get("evalue")).strip()
    lines = _ANSI.sub("", "\n".join(_text(t) for t in error.get("traceback", []))).splitlines()
    if ename == "AssertionError":
        asserts = [_FRAME.sub("", line).strip() for line in lines if _FRAME.sub("", line).lstrip().startswith("assert")]
        if asserts and not evalue:
            return asserts[-1][:200]
        if evalue:
            return f"AssertionError: {evalue}"[:200]
    return f"{ename}: {evalue}"[:200] if evalue else ename


def read_graded(path: Path, student: str, answer_ids: set[str]) -> GradedNotebook:
    """The answers, the answer cells that raised and each test cell's first failure."""
    notebook = GradedNotebook(student, {})
    for cell in _cells(path):
        meta, name = _meta(cell), _meta(cell).get("grade_id")
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if name in answer_ids:
            notebook.answers[name] = _source(cell)
            if errors:
                notebook.raising[name] = first_failure(errors[0])
        elif meta.get("grade") and name and errors:
            notebook.failures[name] = first_failure(errors[0])
    return notebook


def read_class(root: Path, lab: str, students: list[str], answer_ids: set[str]) -> dict[str, GradedNotebook]:
    """student -> their graded notebook, for every student who has one."""
    out = {}
    for student in students:
        path = root / LOCAL / "autograded" / student / lab / f"{lab}.ipynb"
        if path.is_file():
            out[student] = read_graded(path, student, answer_ids)
    return out


def _code(source: str) -> set[str]:
    """The lines of a cell that do something, comments cut off (roughly: a "#" in a string
    cuts it too, which still leaves code)."""
    return {line.split("#", 1)[0].strip() for line in source.splitlines()} - {""}


def is_unchanged(answers: dict[str, str], release: dict[str, str]) -> bool:
    """Every answer cell exactly as released."""
    return all(answers.get(name, "").strip() == source.strip() for name, source in release.items())


def is_blank(answers: dict[str, str], release: dict[str, str]) -> bool:
    """No answer cell holds code beyond the release's stub (emptied, or only comments)."""
    return all(not (_code(answers.get(name, "")) - _code(source) - STUB_LINES)
               for name, source in release.items())
