"""What a released feedback page and a graded notebook may show: an allowlist, not a search.

AllowlistOutputs (nbgrader_config.py's feedback pipeline) rebuilds every cell of a page: a
test cell shows passed or failed, its points and the first line of its docstring, read from
the lab's SOURCE notebook, and, when it failed and the judge ran it (cell metadata
`"agentcourse": {"judged": true}`), the failure's `ename: evalue` (ERROR_CHARS at most:
a visible check's own message, a hidden check's allowlisted sentence naming the check and
never its case, agentcourse/grading/judge/process.py); nothing it printed. An answer cell and a cell the student added or ran show their source
and their text outputs as escaped text, CELL_CHARS per cell at most; a PNG or JPEG stays,
any other output becomes a line naming its type; their markdown is escaped text. A locked
cell shows the source's text, without outputs; unmarked markdown renders only when it is
the course's own, word for word. From the first test cell with hidden tests on, a student
cell shows no outputs: a hidden check passed its instances to the student's functions, and a
later cell could print them back. FeedbackExporter adds a Content-Security-Policy that lets
no script run, removes script elements, and writes no page for a student whose recorded
status (agentcourse.grading.grades) is not RELEASED; drop_held_pages removes their folder.

TextOnlyOutputs (autograde, in textonly.py) leaves formgrader no student HTML, JavaScript or
widget.
"""
from __future__ import annotations

import html
import re
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import nbformat
from nbconvert.exporters import HTMLExporter
from nbformat import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool

from agentcourse.course import nbfile
from agentcourse.paths import REPO_ROOT

RELEASED = ("ok", "timeout", "out of memory", "kernel died")  # statuses that get a page
CELL_CHARS = 4_000  # characters of a student cell's text outputs shown on a page
ERROR_CHARS = 600  # characters of a judged failure's `ename: evalue`
SAFE_IMAGES = ("image/png", "image/jpeg")  # raster images cannot run a script
CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; "
       "base-uri 'none'; form-action 'none'")
CSP_META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
NOT_RELEASED = ("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Feedback</title>\n"
                "</head>\n<body><p>This feedback is not released.</p></body>\n</html>\n")
AS_TEXT = "as_text"  # cell metadata mark: TextOnlyOutputs indented this student's text
AFTER_HIDDEN = "[outputs not shown: this cell ran after a hidden check]\n"

_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_UNSAFE_ID = re.compile(r"[^A-Za-z0-9_-]")
_SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.S | re.I)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)
# Folders of pages written for a student whose page is not released, for drop_held_pages.
HELD_PAGES: set[Path] = set()
HELD_EXCHANGE: set[Path] = set()  # the exchange's feedback folders, for drop_held_pages


# ---------------------------------------------------------------- the course's own text


@dataclass(frozen=True)
class LabText:
    """What the lab's source notebook says, for telling the course's cells from the student's."""

    tests: dict[str, tuple[str, float]]  # test cell grade_id -> (docstring's first line, points)
    answers: frozenset[str]  # grade_ids of answer cells
    locked: dict[str, str]  # grade_id of a locked cell -> its source, as released
    markdown: frozenset[str]  # the source of every unmarked markdown cell
    hidden: frozenset[str] = frozenset()  # grade_ids of test cells with hidden tests


@cache
def _lab_text(path: Path, stamp: float) -> LabText:
    tests, answers, locked, markdown, hidden = {}, set(), {}, set(), set()
    for cell in nbfile.read_notebook(path).cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        gid, released = meta.get("grade_id"), "\n".join(nbfile.outside_regions(cell.source))
        if gid and meta.get("grade") and not meta.get("solution"):
            tests[gid] = (nbfile.docstring(cell.source), float(meta.get("points", 0)))
            if "BEGIN HIDDEN TESTS" in cell.source:
                hidden.add(gid)
        elif gid and meta.get("solution"):
            answers.add(gid)
        elif gid and meta.get("locked"):
            locked[gid] = released
        elif cell.cell_type == "markdown" and not gid:
            markdown.add(cell.source)
    return LabText(tests, frozenset(answers), locked, frozenset(markdown), frozenset(hidden))


def _coursedir(configurable: object):
    """nbgrader's CourseDirectory of the converter running this exporter or preprocessor."""
    while configurable is not None:
        if getattr(configurable, "coursedir", None) is not None:
            return configurable.coursedir
        configurable = getattr(configurable, "parent", None)
    return None


def lab_text(configurable: object, lab: str, notebook: str) -> LabText | None:
    """The source notebook's LabText: from the course's source folder, else the
    repository's solutions/ (a grading worker's scratch course holds no source notebook)."""
    folders = [Path.cwd() / "solutions", REPO_ROOT / "solutions"]
    coursedir = _coursedir(configurable)
    if coursedir is not None:
        folders.insert(0, Path(coursedir.root) / coursedir.source_directory)
    for folder in folders:
        path = folder / lab / f"{notebook or lab}.ipynb"
        if lab and path.is_file():
            return _lab_text(path.resolve(), path.stat().st_mtime)
    return None


# ---------------------------------------------------------------- pieces of a page


def _text(value) -> str:
    return "".join(map(str, value)) if isinstance(value, list) else str(value)


def _stream(text: str):
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def escaped_block(text: str) -> str:
    """Markdown that renders `text` as itself: one line of HTML (no blank line can end the
    block), every character escaped, line breaks as character references."""
    return '<pre class="agentcourse-text">' + html.escape(text).replace("\n", "&#10;") + "</pre>"


def _image(data: dict):
    for mime in SAFE_IMAGES:
        value = data.get(mime)
        if isinstance(value, str) and _BASE64.fullmatch(value):
            return nbformat.v4.new_output("display_data", data={mime: re.sub(r"\s", "", value)})
    return None


def _shown(output) -> tuple[list[str], object]:
    """The texts one output may show on a page, and its image (or None)."""
    kind = output.get("output_type")
    if kind == "stream":
        return [_text(output.get("text", ""))], None
    if kind == "error":
        return [_ANSI.sub("", f"{output.get('ename')}: {output.get('evalue')}")], None
    if kind not in ("display_data", "execute_result"):
        return [f"[output of type {kind} not shown]"], None
    mark = output.get("metadata", {}).get("agentcourse", {}) if isinstance(output.get("metadata"), dict) else {}
    if isinstance(mark, dict) and isinstance(mark.get(AS_TEXT), list):  # TextOnlyOutputs' copy
        return [f"[output of type {', '.join(map(str, mark[AS_TEXT]))} not shown]"], None
    data = output.get("data", {}) if isinstance(output.get("data"), dict) else {}
    image = _image(data)
    rich = [str(m) for m in data if m != "text/plain" and not (image and m in SAFE_IMAGES)]
    texts = [f"[output of type {', '.join(rich)} not shown]"] if rich else []
    if "text/plain" in data and image is None:
        texts.append(_text(data["text/plain"]))
    return texts, image


def released_outputs(outputs: list) -> list:
    """A student cell's outputs as a page shows them: text as text, within CELL_CHARS."""
    kept, room, cut = [], CELL_CHARS, 0
    for output in outputs:
        texts, image = _shown(output)
        if image is not None:
            kept.append(image)
        for text in texts:
            if text.startswith("[output of type "):
                kept.append(_stream(text + "\n"))
                continue
            if room > 0 and text:
                kept.append(_stream(text[:room]))
            cut += max(0, len(text) - room)
            room = max(0, room - len(text))
    if cut:
        kept.append(_stream(f"\n[cut: {cut:,} more characters]\n"))
    return kept


def _grade_meta(meta: dict, **fixed) -> dict:
    """The nbgrader metadata the feedback template reads, rebuilt from known fields only."""
    out = {"grade_id": _UNSAFE_ID.sub("_", str(meta.get("grade_id", ""))), "points": _number(meta.get("points")),
           "score": _number(meta.get("score")), "grade": bool(meta.get("grade")),
           "solution": bool(meta.get("solution")), "locked": bool(meta.get("locked")), **fixed}
    if isinstance(meta.get("comment"), str):
        out["comment"] = meta["comment"]
    return out


def check_summary(cell: NotebookNode, docstring: str, points: float) -> NotebookNode:
    """A test cell: its docstring's first line, passed or failed, its points; a judged
    failure's `ename: evalue`."""
    meta = cell.metadata.get("nbgrader", {})
    top = _number(meta.get("points"))
    top = points if top is None else top
    score = _number(meta.get("score"))
    errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    failed = bool(errors) or (score is not None and score < top)
    line = f"{'failed' if failed else 'passed'} ({score or 0:g} of {top:g} points)"
    judged = cell.metadata.get("agentcourse", {}).get("judged") is True
    if failed and judged and errors:
        why = _ANSI.sub("", f"{errors[0].get('ename')}: {errors[0].get('evalue')}")
        line += ": " + why[:ERROR_CHARS] + (" [cut]" if len(why) > ERROR_CHARS else "")
    page = nbformat.v4.new_code_cell('"""' + docstring.replace('"""', "'''") + '"""' if docstring else "")
    page.metadata = {"nbgrader": _grade_meta(meta, grade=True, solution=False, locked=True, points=top)}
    page.outputs = [_stream(line + "\n")]
    return page


def own_cell(cell: NotebookNode, meta: dict | None = None, after_hidden: bool = False) -> NotebookNode:
    """A cell of the student's: code with its outputs as text (none once a hidden check has
    run: AFTER_HIDDEN), anything else as escaped text."""
    if cell.cell_type == "code":
        page = nbformat.v4.new_code_cell(_text(cell.source))
        outputs = cell.get("outputs", [])
        page.outputs = [_stream(AFTER_HIDDEN)] if after_hidden and outputs else released_outputs(outputs)
        page.execution_count = _count(cell.get("execution_count"))
    else:
        text = _text(cell.source)
        if cell.get("metadata", {}).get("agentcourse", {}).get(AS_TEXT) is True:
            text = "\n".join(line.removeprefix("    ") for line in text.split("\n"))
        page = nbformat.v4.new_markdown_cell(escaped_block(text))
    if meta is not None:
        page.metadata = {"nbgrader": meta}
    return page


def released_cell(cell: NotebookNode, text: LabText | None, after_hidden: bool = False) -> NotebookNode:
    """One cell as the page shows it (see the module docstring); `after_hidden`: a hidden
    check ran before it, so a student cell's outputs are not shown."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    meta = meta if isinstance(meta, dict) else {}
    gid = meta.get("grade_id") if isinstance(meta.get("grade_id"), str) else None
    if text is None:
        text = LabText({}, frozenset(), {}, frozenset())
    if gid in text.tests and cell.cell_type == "code" and meta.get("grade") and not meta.get("solution"):
        return check_summary(cell, *text.tests[gid])
    if gid in text.answers and meta.get("solution"):
        return own_cell(cell, _grade_meta(meta, solution=True, locked=False), after_hidden)
    if gid in text.locked and meta.get("locked"):
        if cell.cell_type == "markdown":
            return nbformat.v4.new_markdown_cell(text.locked[gid])
        return nbformat.v4.new_code_cell(text.locked[gid])
    if cell.cell_type == "markdown" and cell.source in text.markdown:
        return nbformat.v4.new_markdown_cell(cell.source)
    return own_cell(cell, after_hidden=after_hidden)


def released_cells(cells: list, text: LabText | None) -> list:
    """Every cell as the page shows it. A hidden check called the student's functions with
    its own instances, so anything a student cell prints after it may replay them: from the
    first test cell with hidden tests on, student cells show no outputs."""
    hidden = text.hidden if text is not None else frozenset()
    page, after_hidden = [], False
    for cell in cells:
        page.append(released_cell(cell, text, after_hidden))
        meta = cell.get("metadata", {}).get("nbgrader", {})
        gid = meta.get("grade_id") if isinstance(meta, dict) else None
        after_hidden = after_hidden or (cell.cell_type == "code" and gid in hidden)
    return page


# ---------------------------------------------------------------- feedback


class AllowlistOutputs(NbGraderPreprocessor):
    """Feedback: every cell rebuilt from what a page may show (see the module docstring),
    and the notebook's metadata from nothing (no widget state, no title of the student's)."""

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        text = lab_text(self, info.get("assignment", ""), info.get("notebook", ""))
        if text is None:
            self.log.warning("no source notebook for %s: every cell is shown as the student's",
                             info.get("assignment"))
        nb.cells = released_cells(nb.cells, text)
        nb.metadata = nbformat.from_dict({
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"}})
        return nb, resources


def with_csp(page: str) -> str:
    """The page without script elements, its Content-Security-Policy first in its head."""
    page = _SCRIPT.sub("", page)
    head = _HEAD.search(page)
    if head is None:
        return CSP_META + "\n" + page
    return page[: head.end()] + "\n" + CSP_META + page[head.end():]


def recorded_status(db_url: str | None, lab: str, student: str) -> str:
    """The status `agentcourse grade` recorded for a submission (`ok` with no gradebook entry)."""
    if not (db_url and lab and student):
        return "ok"
    from nbgrader.api import Gradebook, MissingEntry

    from agentcourse.grading.grades import recorded_status as from_comments

    with Gradebook(db_url) as gb:
        try:
            sub = gb.find_submission(lab, student)
        except MissingEntry:
            return "ok"
        comments = [c.auto_comment for nb in sub.notebooks for c in nb.comments]
        flagged = any(g.needs_manual_grade for nb in sub.notebooks for g in nb.grades)
        return from_comments(comments, flagged)[0]


class FeedbackExporter(HTMLExporter):
    """nbgrader's feedback page (its HTML exporter and template) with a Content-Security-
    Policy and no script; for a student whose status is not RELEASED, no page at all."""

    release_held = Bool(False, help="Write the pages of students whose status is review, withheld "
                        "or error too (after you have looked; use it with --student)").tag(config=True)

    def from_notebook_node(self, nb: NotebookNode, resources: dict | None = None, **kw: object) -> tuple[str, dict]:
        info = (resources or {}).get("nbgrader", {})
        lab, student = info.get("assignment", ""), info.get("student", "")
        status = recorded_status(info.get("db_url"), lab, student)
        if status not in RELEASED and not self.release_held:
            self.log.warning("feedback of %s for %s not released: status %s (after looking, "
                             "--FeedbackExporter.release_held=True --student %s writes it)",
                             student, lab, status, student)
            coursedir = _coursedir(self)
            if coursedir is not None:
                HELD_PAGES.add(Path(coursedir.format_path(coursedir.feedback_directory, student, lab)))
                HELD_EXCHANGE.add(_exchange_feedback(self.config, coursedir.course_id))
            resources = self._init_resources(resources)
            resources["output_extension"] = self.file_extension
            return with_csp(NOT_RELEASED), resources
        page, resources = super().from_notebook_node(nb, resources, **kw)
        return with_csp(page), resources


def _exchange_feedback(config: object, course_id: str) -> Path:
    """Where nbgrader's release_feedback puts pages (its Exchange.root, default or set)."""
    from nbgrader.exchange.default.exchange import Exchange

    return Path(Exchange(config=config).root) / course_id / "feedback"


def _withdraw(folder: Path) -> None:
    """Remove from the exchange the pages an earlier release_feedback published from
    `folder` (each named by nbgrader's notebook_hash of the submission's secret)."""
    from nbgrader.utils import notebook_hash

    try:
        secret = (folder / "submission_secret.txt").read_text(encoding="utf-8")
    except OSError:
        return  # never released from here
    for exchange in HELD_EXCHANGE:
        for page in folder.glob("*.html"):
            published = exchange / f"{notebook_hash(secret=secret, notebook_id=page.stem)}.html"
            if published.is_file():
                published.unlink()


def drop_held_pages(**_: object) -> None:
    """nbgrader's post-convert hook: remove what was written for students not released, and
    withdraw from the exchange what an earlier release published of it."""
    while HELD_PAGES:
        folder = HELD_PAGES.pop()
        _withdraw(folder)
        shutil.rmtree(folder, ignore_errors=True)
    HELD_EXCHANGE.clear()
