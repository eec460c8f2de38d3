"""Feedback that must never reach a student: hidden tests, solutions and walkthroughs.

nbgrader's feedback page is the graded notebook rendered to HTML: the student's cells,
their outputs and the test cells. Two preprocessors in nbgrader_config.py's feedback
pipeline run on every page, whoever generates it (`agentcourse grade` or a plain
`nbgrader generate_feedback --force`):

  HideHiddenTests  removes the hidden tests from the test cells, and cuts the tracebacks
                   of test cells to their error line (a traceback quotes the source);
  WithholdLeaks    then searches what is left for secret text and, if it finds any,
                   refuses the page (nbgrader writes none for that student) and flags
                   the submission for manual grading in the gradebook.

The secret text is derived from the course itself, for every lab present, so a new lab
is covered without changes here:

  - every hidden-test line of every lab's source notebook (solutions/labNN/labNN.ipynb,
    between `### BEGIN HIDDEN TESTS` and `### END HIDDEN TESTS`);
  - every solution line (between `### BEGIN SOLUTION` and `### END SOLUTION`) of every
    *other* lab (the graded lab's own solution is what a good answer looks like);
  - every line of every lab's WALKTHROUGH.md, except the graded lab's solution lines;

minus any line that is public anyway: in a released lab (labs/), a checkpoint, a lecture,
the support library, or this lab's visible cells. Lines shorter than MIN_CHARS say nothing.

A student who prints a secret may disguise it. The search also tries, on every text of
the page (cell sources, stream and display outputs, errors): HTML entities and tags,
backslash escapes (repr, JSON), URL escapes, rot13, reversal, letters spread out with
spaces, a different case; and it decodes base64 (standard, URL-safe, wrapped), base32,
hexadecimal and lists of byte values, each also tried through zlib, gzip, bz2 and lzma.
A secret encrypted with a key, or cut into pieces below MIN_CHARS, is not found.
"""

from __future__ import annotations

import base64
import binascii
import bz2
import codecs
import html
import json
import lzma
import re
import urllib.parse
import zlib
from functools import cache
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor

from agentcourse import nbtools
from agentcourse.paths import REPO_ROOT

MIN_CHARS = 14  # a secret line shorter than this (after squeezing spaces) is too common to judge
MAX_TEXT = 8_000_000  # characters of decoded variants searched per page (a bound on the work)

_SPACE = re.compile(r"\s+")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_TAG = re.compile(r"<[^>]+>")
# base64, possibly wrapped over lines (base64.encodebytes wraps at 76 characters)
_B64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}(?:[ \t]*\r?\n[ \t]*[A-Za-z0-9+/_-]{4,}={0,2})*")
_B32 = re.compile(r"[A-Z2-7]{16,}=*")
_HEX = re.compile(r"(?:[0-9a-fA-F]{2}[\s:,]?){12,}")
_BYTES = re.compile(r"(?:\b\d{1,3}\b\s*,\s*){12,}\b\d{1,3}\b")


def html_text(page: str) -> str:
    """The visible text of an HTML page: scripts and styles dropped, tags removed, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return html.unescape(_TAG.sub("", page))


def compact(text: str) -> str:
    """What comparisons use: no whitespace at all, case folded."""
    return _SPACE.sub("", text).casefold()


# ---------------------------------------------------------------- the secrets


def _lines(text: str) -> list[str]:
    return [_SPACE.sub(" ", line).strip() for line in text.splitlines()]


def _notebook_regions(path: Path) -> tuple[list[str], list[str], list[str]]:
    """(solution lines, hidden-test lines, every other line) of a source notebook."""
    nb = nbtools.read_notebook(path)
    solution, hidden, visible = [], [], []
    for cell in nb.cells:
        solution += _lines("\n".join(nbtools.region_lines(cell.source, nbtools.BEGIN_SOLUTION,
                                                          nbtools.END_SOLUTION)))
        hidden += _lines("\n".join(nbtools.region_lines(cell.source, nbtools.BEGIN_HIDDEN,
                                                        nbtools.END_HIDDEN)))
        visible += _lines("\n".join(nbtools.outside_regions(cell.source)))
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
        texts += [c.source for c in nbtools.read_notebook(path).cells]
    for folder, pattern in (("checkpoints", "*"), ("lectures", "*.md"), ("agentcourse", "*.py"),
                            ("notebooks", "*.ipynb"), ("docs", "*.md")):
        base = root / folder
        for path in sorted(base.rglob(pattern)) if base.is_dir() else []:
            if path.is_file() and path.suffix in (".py", ".md", ".ipynb", ".txt"):
                texts.append(path.read_text(encoding="utf-8", errors="replace"))
    return frozenset(compact(line) for text in texts for line in text.splitlines())


@cache
def secret_lines(solutions: Path, lab: str, root: Path = REPO_ROOT) -> tuple[str, ...]:
    """Every line that feedback for `lab` must not show (see the module docstring)."""
    public = set(public_lines(root))
    own_solution: set[str] = set()
    secrets: list[str] = []
    sources = lab_sources(solutions)
    if lab in sources:
        own_solution_lines, _, own_visible = _notebook_regions(sources[lab])
        own_solution = {compact(x) for x in own_solution_lines}
        public |= {compact(x) for x in own_visible}
    for name, path in sources.items():
        solution, hidden, _ = _notebook_regions(path)
        secrets += hidden
        if name != lab:
            secrets += solution
        walkthrough = path.parent / "WALKTHROUGH.md"
        if walkthrough.is_file():
            secrets += _lines(walkthrough.read_text(encoding="utf-8", errors="replace"))
    candidates = []
    for line in secrets:
        key = compact(line)
        if len(key) < MIN_CHARS or key.startswith("```") or (key.startswith("#") and len(key) < 30) \
                or key in public or key in own_solution:
            continue
        if not re.search(r"[a-z]{3}", key):  # punctuation and numbers only: not a secret
            continue
        candidates.append(key)
    # A secret that is part of a public line (a hidden `assert f(x) == []` inside a visible
    # `assert f(x) == [], f(x)`) is public too.
    known = "\n".join(sorted(public | own_solution))
    return tuple(key for key in dict.fromkeys(candidates) if key not in known)


# ---------------------------------------------------------------- the texts of a page


def notebook_texts(nb) -> list[str]:
    """Every text a feedback page renders: sources, outputs, errors."""
    texts = []
    for cell in nb.cells:
        texts.append(cell.get("source", ""))
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
        for name, attachment in cell.get("attachments", {}).items():
            texts.append(name)
            texts += [v for k, v in attachment.items() if k.startswith("text/")]
    return texts


def _unescape(text: str) -> str:
    text = text.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\'", "'")
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
    text = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), text)
    return text.replace("\\\\", "\\")


def _inflate(data: bytes) -> list[bytes]:
    """The data, and what it decompresses to (zlib, gzip, raw deflate, bz2, lzma); trailing
    bytes after a compressed stream are ignored."""
    out = [data]
    makers = (lambda: zlib.decompressobj(47), lambda: zlib.decompressobj(-15),
              bz2.BZ2Decompressor, lzma.LZMADecompressor)
    for make in makers:
        try:
            out.append(make().decompress(data, 4 << 20))
        except Exception:  # noqa: BLE001 - not that format
            pass
    return out


def _decoded(text: str) -> list[str]:
    """Texts hidden in base64, base32, hex or byte lists inside `text`."""
    blobs: list[bytes] = []
    for match in _B64.finditer(text):
        lines = match.group().split("\n")
        for run in {_SPACE.sub("", match.group()), lines[0].strip()} if len(lines) > 1 else {lines[0]}:
            run = run.replace("=", "")
            for start in range(4):
                part = run[start:]
                # A last group of 2 or 3 characters lost its "=" padding (put it back: cut
                # off, the secret's last bytes would go); one of 1 cannot end a group.
                part = part[:-1] if len(part) % 4 == 1 else part + "=" * (-len(part) % 4)
                for decode in (base64.b64decode, base64.urlsafe_b64decode):
                    try:
                        blobs.append(decode(part))
                    except (binascii.Error, ValueError):
                        pass
    for match in _B32.finditer(text):
        run = match.group().rstrip("=")
        # Likewise: a last group of 2, 4, 5 or 7 characters lost its padding; others cannot end one.
        run = run + "=" * (-len(run) % 8) if len(run) % 8 in (2, 4, 5, 7) else run[: len(run) - len(run) % 8]
        try:
            blobs.append(base64.b32decode(run))
        except (binascii.Error, ValueError):
            pass
    for match in _HEX.finditer(text):
        run = re.sub(r"[\s:,]", "", match.group())
        for start in (0, 1):
            part = run[start:]
            try:
                blobs.append(bytes.fromhex(part[: len(part) - len(part) % 2]))
            except ValueError:
                pass
    for match in _BYTES.finditer(text):
        values = [int(v) for v in re.findall(r"\d+", match.group())]
        if all(v < 256 for v in values):
            blobs.append(bytes(values))
    texts = []
    for blob in blobs:
        for data in _inflate(blob):
            texts.append(data.decode("utf-8", errors="ignore"))
    return [t for t in texts if re.search(r"[A-Za-z]{4}", t)]


def variants(text: str) -> list[str]:
    """The text as written, and the ways a student might have disguised a secret in it."""
    base = [text, html.unescape(_TAG.sub(" ", text)), _unescape(text), urllib.parse.unquote(text)]
    decoded = []
    for t in (text, _unescape(text)):
        decoded += _decoded(t)
    # one level more: a decoded text may itself be escaped or encoded (base64 of a repr)
    for t in list(decoded):
        decoded += [_unescape(t)] + _decoded(t)[:20]
    out = base + decoded
    out += [codecs.encode(t, "rot13") for t in base] + [t[::-1] for t in base]
    return out


def find_leaks(texts: list[str], secrets: tuple[str, ...]) -> list[str]:
    """The secret lines found in `texts` (compared without whitespace or case)."""
    if not secrets:
        return []
    pieces: list[str] = []
    budget = MAX_TEXT
    for text in texts:
        if not text or not text.strip():
            continue
        for variant in variants(text):
            budget -= len(variant)
            if budget < 0:
                return ["(the page is too large to search; withheld)"]
            pieces.append(compact(variant))
    # Compacted texts hold no whitespace, so a newline between them keeps them apart.
    haystack = "\n".join(pieces)
    return [s for s in secrets if s in haystack]


# ---------------------------------------------------------------- nbgrader preprocessors


class HideHiddenTests(NbGraderPreprocessor):
    """Feedback: remove hidden tests from test cells, and shorten their tracebacks to
    the error line (a traceback quotes the failing source line)."""

    def preprocess_cell(self, cell, resources, index):
        is_test = cell.get("metadata", {}).get("nbgrader", {}).get("grade", False)
        if cell.cell_type == "code" and (nbtools.BEGIN_HIDDEN in cell.source or is_test):
            if nbtools.BEGIN_HIDDEN in cell.source:
                cell.source = nbtools.strip_hidden(cell.source) + "\n# (more tests ran here when grading)"
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename')}: {output.get('evalue')}"]
        return cell, resources


class LeakWithheld(Exception):
    """A feedback page showed secret text; nbgrader writes no page for that student."""


class WithholdLeaks(NbGraderPreprocessor):
    """Feedback: refuse any page that still shows a hidden test, another lab's solution or a
    walkthrough (in any of the disguises `variants` knows), and flag the submission."""

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        lab, student = info.get("assignment", ""), info.get("student", "")
        solutions = Path.cwd() / "solutions"  # nbgrader runs converters from the course root
        if not solutions.is_dir():
            solutions = REPO_ROOT / "solutions"
        leaks = find_leaks(notebook_texts(nb), secret_lines(solutions.resolve(), lab))
        if leaks:
            flag_submission(info.get("db_url"), lab, student, info.get("notebook", lab))
            self.log.error("WITHHELD feedback of %s for %s: it shows secret text %r (flagged for "
                           "manual grading)", student, lab, leaks[0][:80])
            raise LeakWithheld(f"feedback of {student} for {lab} withheld: it shows secret text")
        return nb, resources


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
