"""What formgrader renders of a graded notebook: text only, so no student HTML, JavaScript
or widget runs in the instructor's signed-in origin.

TextOnlyOutputs (nbgrader_config.py's autograde pipeline, after CapOutputs): rich outputs
become text/plain, a student's markdown or raw cell an indented block; what nbgrader scores
a cell by (errors, stderr, an execute_result's text/plain, their order) is untouched.
"""

from __future__ import annotations

import json
import re

import nbformat
from nbformat import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse.grading.release import AS_TEXT, SAFE_IMAGES, LabText, lab_text

_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")


def _text(value) -> str:
    return "".join(map(str, value)) if isinstance(value, list) else str(value)


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _as_text(value) -> str:
    return value if isinstance(value, str) else _text(value) if isinstance(value, list) else json.dumps(value)


def text_only(output: NotebookNode) -> list:
    """One output without rich data: that goes, as text/plain, into a display_data of its
    own that follows it, marked with the types it held. What nbgrader scores by (errors,
    streams, an execute_result's text/plain, their order) is left as it was."""
    kind = output.get("output_type")
    if kind == "error":
        return [output]
    if kind == "stream":
        output["name"] = output.get("name") if output.get("name") in ("stdout", "stderr") else "stdout"
        return [output]
    if kind not in ("display_data", "execute_result"):
        return [_as_text_output({str(kind): json.dumps(output, default=str)})]
    data = output.get("data", {}) if isinstance(output.get("data"), dict) else {}
    kept, rich = {}, {}
    for mime, value in data.items():
        safe = mime == "text/plain" or (mime in SAFE_IMAGES and isinstance(value, str) and _BASE64.fullmatch(value))
        (kept if safe else rich)[mime] = value
    output["data"], output["metadata"] = kept, {}
    if kind == "execute_result":  # its text/plain may be a partial grade: kept as it was
        output["execution_count"] = _count(output.get("execution_count"))
    return ([output] if kept or kind == "execute_result" else []) + ([_as_text_output(rich)] if rich else [])


def _as_text_output(rich: dict):
    text = "\n".join(f"[{mime}, shown as text]\n{_as_text(value)}" for mime, value in rich.items())
    return nbformat.v4.new_output("display_data", data={"text/plain": text},
                                  metadata={"agentcourse": {AS_TEXT: [str(m) for m in rich]}})


def _students_text(cell, text: LabText | None) -> bool:
    """A markdown or raw cell the student wrote or changed (a blank answer is the course's)."""
    from nbgrader.utils import compute_checksum

    meta = cell.get("metadata", {}).get("nbgrader", {})
    if meta.get("locked") or (text is not None and cell.cell_type == "markdown" and cell.source in text.markdown):
        return False
    return not ("checksum" in meta and meta["checksum"] == compute_checksum(cell))


class TextOnlyOutputs(NbGraderPreprocessor):
    """Autograde, after CapOutputs: no student HTML, JavaScript or widget in the graded
    notebook formgrader renders (see the module docstring); grades unchanged."""

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        text = lab_text(self, info.get("assignment", ""), info.get("notebook", ""))
        nb.metadata.pop("widgets", None)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.execution_count = _count(cell.get("execution_count"))
                cell.outputs = [kept for output in cell.get("outputs", []) for kept in text_only(output)]
            elif _students_text(cell, text):
                cell.source = "\n".join("    " + line for line in _text(cell.source).split("\n"))
                cell.pop("attachments", None)
                if cell.cell_type == "raw":
                    cell.cell_type = "markdown"
                    cell.metadata.pop("raw_mimetype", None)
                    cell.metadata.pop("format", None)
                cell.metadata.setdefault("agentcourse", {})[AS_TEXT] = True
        return nb, resources
