"""Feedback that must never reach a student: hidden tests, solutions and walkthroughs.

HideHiddenTests, in nbgrader_config.py's feedback pipeline, removes the hidden tests from
the test cells, cuts the tracebacks of test cells to their error line (a traceback quotes
the source), and drops the grader's review notes from the comments; what else a page may
show is agentcourse.grading.release's allowlist. Before it writes any page, `agentcourse
grade` (agentcourse.grading.feedback) searches each graded notebook for secret text the
student could not have written (page_problem): if it finds any, or its search reaches a
limit, the student gets no page, their status is `withheld` and the submission is flagged
for manual grading. WithholdLeaks is the same search as a feedback preprocessor that puts a
short "held" page in place of the page; the course's pipeline no longer uses it.

The secret text is derived from the course itself, for every lab present, so a new lab
is covered without changes here:

  - every hidden-test line of every lab's source notebook (solutions/labNN/labNN.ipynb,
    between `### BEGIN HIDDEN TESTS` and `### END HIDDEN TESTS`);
  - every solution line (between `### BEGIN SOLUTION` and `### END SOLUTION`) of every
    *other* lab (the graded lab's own solution is what a good answer looks like);
  - every line of every lab's WALKTHROUGH.md, except the graded lab's solution lines;

minus any line that is public anyway: in a released lab (labs/), a checkpoint, a lecture,
the support library, or this lab's visible cells. Lines shorter than MIN_CHARS say nothing.

On each page, a secret line that the student's own submitted text holds (their answer
cells, their markdown, whatever cell is theirs rather than the lab's locked cells) is no
secret: feedback that repeats it, in their cells or quoted in a traceback, shows them
nothing they did not have. The student's own cells are not searched; every output is.

What a page shows is read the way a person reads it, through compatibility forms,
invisible characters, look-alike letters, escapes and the standard library's encodings,
compressed or not, up to a stated depth, within a budget of work per page
(agentcourse.grading.integrity.disguises says exactly which, and what is out of reach).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse.course import nbfile
from agentcourse.grading.integrity.disguises import SearchLimit, alnum, find, matches, normalise
from agentcourse.grading.integrity.disguises import compact as compact
from agentcourse.paths import REPO_ROOT

MIN_CHARS = 14  # a secret line shorter than this (after squeezing spaces) is too common to judge

_SPACE = re.compile(r"\s+")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_TAG = re.compile(r"<[^>]+>")
# The grader's review notes in a gradebook comment start here (agentcourse.grading.records writes
# them for formgrader); feedback drops everything from it on.
REVIEW_NOTE = "[agentcourse grade, for the instructor]"
# student -> why their page was held, for `agentcourse grade` (it runs feedback in-process).
HELD: dict[tuple[str, str], str] = {}


def html_text(page: str) -> str:
    """The visible text of an HTML page: scripts and styles dropped, tags removed, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return html.unescape(_TAG.sub("", page))


# ---------------------------------------------------------------- the secrets


def _lines(text: str) -> list[str]:
    return [_SPACE.sub(" ", line).strip() for line in text.splitlines()]


def notebook_regions(path: Path) -> tuple[list[str], list[str], list[str]]:
    """(solution lines, hidden-test lines, every other line) of a source notebook."""
    nb = nbfile.read_notebook(path)
    solution, hidden, visible = [], [], []
    for cell in nb.cells:
        solution += _lines("\n".join(nbfile.region_lines(cell.source, nbfile.BEGIN_SOLUTION,
                                                          nbfile.END_SOLUTION)))
        hidden += _lines("\n".join(nbfile.region_lines(cell.source, nbfile.BEGIN_HIDDEN,
                                                        nbfile.END_HIDDEN)))
        visible += _lines("\n".join(nbfile.outside_regions(cell.source)))
    return solution, hidden, visible


def lab_sources(solutions: Path) -> dict[str, Path]:
    """Every lab's nbgrader source notebook, by lab name."""
    if not solutions.is_dir():
        return {}
    return {p.name: p / f"{p.name}.ipynb" for p in sorted(solutions.iterdir())
            if (p / f"{p.name}.ipynb").is_file()}


@cache
def public_lines(root: Path = REPO_ROOT) -> frozenset[str]:
    """Lines anyone can read: released labs, checkpoints, lectures, the support library."""
    texts: list[str] = []
    for path in sorted((root / "labs").rglob("*.ipynb")) if (root / "labs").is_dir() else []:
        texts += [c.source for c in nbfile.read_notebook(path).cells]
    for folder, pattern in (("checkpoints", "*"), ("lectures", "*.md"), ("agentcourse", "*.py"),
                            ("notebooks", "*.ipynb"), ("docs", "*.md")):
        base = root / folder
        for path in sorted(base.rglob(pattern)) if base.is_dir() else []:
            if path.is_file() and path.suffix in (".py", ".md", ".ipynb", ".txt"):
                texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return frozenset(normalise(line) for text in texts for line in text.splitlines())


@cache
def secret_lines(solutions: Path, lab: str, root: Path = REPO_ROOT) -> tuple[str, ...]:
    """Every line that feedback for `lab` must not show (see the module docstring)."""
    public = set(public_lines(root))
    own_solution: set[str] = set()
    secrets: list[str] = []
    sources = lab_sources(solutions)
    if lab in sources:
        own_solution_lines, _, own_visible = notebook_regions(sources[lab])
        own_solution = {normalise(x) for x in own_solution_lines}
        public |= {normalise(x) for x in own_visible}
    for name, path in sources.items():
        solution, hidden, _ = notebook_regions(path)
        secrets += hidden
        if name != lab:
            secrets += solution
        walkthrough = path.parent / "WALKTHROUGH.md"
        if walkthrough.is_file():
            secrets += _lines(walkthrough.read_text(encoding="utf-8", errors="replace"))
    candidates = []
    for line in secrets:
        key = normalise(line)
        if len(key) < MIN_CHARS or key.startswith("```") or (key.startswith("#") and len(key) < 30) \
                or key in public or key in own_solution:
            continue
        if not re.search(r"[a-z]{3}", key):  # punctuation and numbers only: not a secret
            continue
        candidates.append(key)
    # A secret that is part of a public line (a hidden `assert f(x) == []` inside a visible
    # `assert f(x) == [], f(x)`) is public too.
    within = _within_any(sorted(public | own_solution))
    return tuple(key for key in dict.fromkeys(candidates) if not within(key))


_WORD = re.compile(r"\w+")


def _within_any(lines: list[str]) -> Callable[[str], bool]:
    """`within(text)`: whether `text` is part of one of `lines`, as `text in "\n".join(lines)`
    says for a text without a newline, found without searching every line: a word of `text`
    with a word on each side of it is a whole word of any line that holds `text`, so only
    the lines with its rarest such word are searched (seconds saved per lab and process)."""
    postings: dict[str, list[int]] = {}
    for number, line in enumerate(lines):
        for word in set(_WORD.findall(line)):
            postings.setdefault(word, []).append(number)
    joined = "\n".join(lines)

    def within(text: str) -> bool:
        inner = _WORD.findall(text)[1:-1]
        if not inner or "\n" in text:
            return text in joined
        rarest = min((postings.get(word, []) for word in inner), key=len)
        return any(text in lines[number] for number in rarest)

    return within


# ---------------------------------------------------------------- the texts of a page


@cache
def lab_cell_ids(solutions: Path, lab: str) -> frozenset[str]:
    """grade_ids of the lab's locked and graded cells: nbgrader restores their source, so
    they are the lab's text. Any other cell of a graded notebook is the student's own."""
    path = lab_sources(solutions).get(lab)
    if path is None:
        return frozenset()
    ids = set()
    for cell in nbfile.read_notebook(path).cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if nbfile.grade_id(cell) and (meta.get("locked") or (meta.get("grade") and not meta.get("solution"))):
            ids.add(nbfile.grade_id(cell))
    return frozenset(ids)


def own_cells(nb, lab_ids: frozenset[str]) -> set[int]:
    """Indexes of the cells the student wrote (answer cells, their own code and markdown)."""
    return {i for i, cell in enumerate(nb.cells) if nbfile.grade_id(cell) not in lab_ids}


def notebook_texts(nb, skip_sources: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """Every text a feedback page renders: sources (but those of `skip_sources`), outputs,
    errors, attachments of the cells whose sources are searched."""
    texts = []
    for index, cell in enumerate(nb.cells):
        if index not in skip_sources:
            texts.append(cell.get("source", ""))
            for name, attachment in cell.get("attachments", {}).items():
                texts.append(name)
                texts += [v for k, v in attachment.items() if k.startswith("text/")]
        for output in cell.get("outputs", []):
            if "text" in output:
                texts.append(str(output["text"]))
            for mime, value in output.get("data", {}).items():
                if mime.startswith("image/") and mime != "image/svg+xml":
                    continue
                texts.append(value if isinstance(value, str) else json.dumps(value))
            if output.get("output_type") == "error":
                texts.append(f"{output.get('ename')}: {output.get('evalue')}")
                texts.append(_ANSI.sub("", "\n".join(output.get("traceback", []))))
    return texts


def not_theirs(secrets: tuple[str, ...], own_text: str) -> tuple[str, ...]:
    """The secrets the student's own text does not hold (as a person reads both)."""
    if not own_text.strip():
        return secrets
    mine = normalise(own_text)
    held = matches(mine, secrets)
    letters = alnum(mine)
    return tuple(s for s in secrets if s not in held and not (len(alnum(s)) >= 16 and alnum(s) in letters))


def find_leaks(texts: list[str], secrets: tuple[str, ...]) -> list[str]:
    """The secret lines the texts show, in any disguise agentcourse.grading.integrity.disguises reads.
    Raises SearchLimit when the page's search reaches one of its limits."""
    return find(texts, secrets)


def page_problem(nb, lab: str, solutions: Path) -> str:
    """Why this feedback page must not reach its student, or ""."""
    own = own_cells(nb, lab_cell_ids(solutions, lab))
    own_text = "\n".join(nb.cells[i].get("source", "") for i in sorted(own))
    secrets = not_theirs(secret_lines(solutions, lab), own_text)
    try:
        found = find_leaks(notebook_texts(nb, own), secrets)
    except SearchLimit as err:
        return f"the leak search stopped at its limit: {err}"
    return f"it shows secret text {found[0][:80]!r}" if found else ""


def held_page(nb, lab: str):
    """What a student whose feedback is held sees: that it is held, and nothing else."""
    page = nbformat.v4.new_notebook(metadata=nb.metadata)
    page.cells = [nbformat.v4.new_markdown_cell(
        f"Your feedback for {lab} is held for your instructor's review. They will release it "
        "or tell you what happens next.")]
    return page


# ---------------------------------------------------------------- nbgrader preprocessors


class HideHiddenTests(NbGraderPreprocessor):
    """Feedback: remove hidden tests from test cells, shorten their tracebacks to the error
    line (a traceback quotes the failing source line), drop the grader's review notes."""

    def preprocess_cell(self, cell, resources, index):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        is_test = meta.get("grade", False)
        if cell.cell_type == "code" and (nbfile.BEGIN_HIDDEN in cell.source or is_test):
            if nbfile.BEGIN_HIDDEN in cell.source:
                cell.source = nbfile.strip_hidden(cell.source) + "\n# (more tests ran here when grading)"
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename')}: {output.get('evalue')}"]
        comment = meta.get("comment")
        if isinstance(comment, str) and REVIEW_NOTE in comment:
            kept = comment.split(REVIEW_NOTE, 1)[0].strip()
            meta["comment"] = kept or None
        return cell, resources


class WithholdLeaks(NbGraderPreprocessor):
    """Feedback: a page that shows a hidden test, another lab's solution or a walkthrough
    the student did not write themselves (in any disguise agentcourse.grading.integrity.disguises reads), or
    whose search reaches a limit, becomes a short page saying the feedback is held; the
    submission is flagged, and the reason goes to the log and to HELD."""

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        lab, student = info.get("assignment", ""), info.get("student", "")
        solutions = Path.cwd() / "solutions"  # nbgrader runs converters from the course root
        if not solutions.is_dir():
            solutions = REPO_ROOT / "solutions"
        problem = page_problem(nb, lab, solutions.resolve())
        if not problem:
            return nb, resources
        flag_submission(info.get("db_url"), lab, student, info.get("notebook", lab))
        HELD[(lab, student)] = problem
        self.log.error("WITHHELD feedback of %s for %s: %s (flagged for manual grading)", student, lab,
                       problem)
        return held_page(nb, lab), resources


def flag_submission(db_url: str | None, lab: str, student: str, notebook: str) -> None:
    """Mark every graded cell of one submission for a person to look at."""
    if not db_url:
        return
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url) as gb:
        try:
            sub = gb.find_submission_notebook(notebook, lab, student)
        except MissingEntry:
            return
        for grade in sub.grades:
            grade.needs_manual_grade = True
        gb.db.commit()
