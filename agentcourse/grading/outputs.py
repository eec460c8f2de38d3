"""CapOutputs: the autograde preprocessor that keeps a graded notebook's outputs to a size
a person can open, without changing any grade.

Named in nbgrader_config.py's autograde pipeline (after nbgrader's LimitOutput), so
`nbgrader autograde` and `agentcourse grade` cut alike; `agentcourse grade --output-chars`
sets `max_chars` through the worker's config (worker.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Integer


@dataclass
class _Budget:
    """What one cell may still keep, and what was cut from it so far."""

    text: int  # characters of text outputs
    images: int  # characters of images
    cut: int = 0


class CapOutputs(NbGraderPreprocessor):
    """Autograde: keep at most `max_chars` characters of each cell's text outputs, all
    together (nbgrader's LimitOutput counts lines; one 10 MB line would pass it), without
    changing any grade: the outputs nbgrader scores a cell by (an error, anything on stderr,
    an execute_result) are always kept, cut short if need be, in their order. Images are
    kept up to `max_image_chars` per cell. What is cut is said in a stdout line, a real
    notebook output. However much a cell printed, it is only cut: every lab is judged, so
    what a cell prints decides nothing."""

    max_chars = Integer(20_000, help="characters kept of one cell's text outputs").tag(config=True)
    max_image_chars = Integer(4_000_000, help="characters of images kept per cell").tag(config=True)
    SHORT = 2_000  # what is kept of a scored output once the cell's budget is spent

    @staticmethod
    def _text(value) -> str:
        return "".join(value) if isinstance(value, list) else str(value)

    @staticmethod
    def _scored(output) -> bool:
        kind = output.get("output_type")
        return kind in ("error", "execute_result") or (kind == "stream" and output.get("name") == "stderr")

    @staticmethod
    def _image(mime: str, value) -> bool:
        """A raster image, counted against the image budget (SVG is text)."""
        return mime.startswith("image/") and mime != "image/svg+xml" and isinstance(value, str)

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
        images = sum(len(v) for o in outputs for m, v in o.get("data", {}).items() if self._image(m, v))
        if total <= self.max_chars and images <= self.max_image_chars:
            return cell, resources
        cell["outputs"] = self._cap(outputs)
        return cell, resources

    def _cap(self, outputs: list) -> list:
        """The outputs kept, in their order, each within what the cell has left."""
        budget, kept = _Budget(self.max_chars, self.max_image_chars), []
        decided = False  # the first scored output is what nbgrader grades the cell by
        for output in outputs:
            scored = self._scored(output)
            needed = output.get("output_type") == "error" or (scored and not decided)
            decided = decided or scored
            if budget.text <= 0 and not needed:
                budget.cut += self._size(output)
                continue
            self._trim(output, max(budget.text, self.SHORT) if needed else budget.text, budget)
            kept.append(output)
        if budget.cut:
            kept.append(nbformat.v4.new_output(
                "stream", name="stdout",
                text=f"... the grader cut {budget.cut:,} characters of this cell's output ...\n"))
        return kept

    def _trim(self, output, room: int, budget: _Budget) -> None:
        """Cut one output's text and data to `room` characters each, its images to what the
        image budget has left, an error's traceback to 50 short lines."""
        if "text" in output:
            text = self._text(output["text"])
            if len(text) > room:
                output["text"] = text[:room] + f"\n... {len(text) - room:,} characters cut ...\n"
                budget.cut += len(text) - room
            budget.text -= min(len(text), room)
        for mime, value in list(output.get("data", {}).items()):
            if self._image(mime, value):
                if len(value) > budget.images:
                    del output["data"][mime]
                    output["data"].setdefault("text/plain", f"[an image of {len(value):,} characters, cut]")
                    budget.cut += len(value)
                budget.images -= min(len(value), budget.images)
                continue
            value = value if isinstance(value, str) else json.dumps(value)
            if len(value) > room:
                output["data"][mime] = value[:room] + "\n... cut ..."
                budget.cut += len(value) - room
            budget.text -= min(len(value), room)
        if output.get("output_type") == "error":
            output["traceback"] = [str(line)[: self.SHORT] for line in output.get("traceback", [])[:50]]
            output["evalue"] = str(output.get("evalue", ""))[: self.SHORT]
