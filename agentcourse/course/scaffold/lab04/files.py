"""Lab 4's generated files and folders: one file of varied lines, endings, bytes and sizes
(`files`, FileCase), and nested folders with hidden files, a link out and many matches
(`trees`, Tree).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab04.scratch import OUTSIDE_SECRET, Link

# ----------------------------------------------------------------------------- generated files


class Readable:
    """Shown in a failing example's message by its own repr (Hypothesis would list fields)."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


class Data(Readable, bytes):
    """A file's bytes whose repr stays readable: long runs are written as counts."""

    def __repr__(self) -> str:
        text = bytes.__repr__(self)
        text = re.sub(r"(.)\1{15,}", lambda m: f"{m.group(1)}<x{len(m.group(0))}>", text)
        return text if len(text) <= 400 else text[:300] + " ... " + text[-80:]


NEEDLE = b"needle"
# Pieces a line is made of: words, the needle, whitespace and separators that end no line,
# Unicode, bytes that are not UTF-8, a lone \r between two letters, a line far past the cut.
WORDS = [b"alpha", b"beta ", b"x = 1", b"def f():", b"  ", b"\t", "é".encode(), "日本".encode(),
         "😀".encode(), NEEDLE, NEEDLE + b"s", b" " + NEEDLE + b" ", b"NEEDLE"]
SEPARATORS = [b"\x0c", "\u2028".encode(), "\x85".encode(), b"\x0b", b"\x1c", "\u2029".encode()]
BAD_BYTES = [b"\xff", b"\xc3", b"\xe2\x80", b"\xed\xa0\x80", b"caf\xe9"]
LONE_CR = [b"a\rb"]
LONG = [b"x" * 2100, b"y" * 2600 + NEEDLE, b"z" * 1999 + b"\xc3\xa9" + NEEDLE]


def line_pieces(bad: bool = True, lone_cr: bool = True, long: bool = True) -> st.SearchStrategy[bytes]:
    pieces = WORDS + SEPARATORS + (BAD_BYTES if bad else []) + (LONE_CR if lone_cr else [])
    piece = st.sampled_from(pieces)
    if long:
        piece = st.one_of(piece, st.sampled_from(LONG))
    return st.lists(piece, max_size=5).map(b"".join)


@st.composite
def file_data(draw: Any, most_lines: int = 12, bad: bool = True, lone_cr: bool = True,
              long: bool = True) -> Data:
    """A file's bytes: lines of generated pieces, ended by \\n, \\r\\n or a mix, with or
    without a final line end."""
    lines = draw(st.lists(line_pieces(bad, lone_cr, long), max_size=most_lines))
    style = draw(st.sampled_from(["\n", "\r\n", "mixed"]))
    ends = [draw(st.sampled_from([b"\n", b"\r\n"])) if style == "mixed" else style.encode() for _ in lines]
    data = b"".join(line + end for line, end in zip(lines, ends, strict=True))
    if lines and draw(st.booleans()):
        data = data[: -len(ends[-1])]  # no line end after the last line
    return Data(data)


PATTERNS = ["needle", "^needle", "needle$", r"\bneedle\b", "ne+dle", "n.edle", r"needle\s*$", r"\s$",
            "^$", "é", "日本", "😀", r"[\x0c\u2028]", "alpha|beta", "x{2000}", "needles?$", "(?i)NEEDLE"]


@dataclass(frozen=True, repr=False)
class FileCase(Readable):
    """One file to search: where it is, what it holds, the pattern, and the path searched."""

    name: str
    data: Data
    pattern: str
    path: str

    def __repr__(self) -> str:
        return f"FileCase(file {self.name!r} holding {self.data!r}, pattern={self.pattern!r}, path={self.path!r})"


def file_case(data: bytes, pattern: str = "needle", name: str = "f.py", path: str | None = None) -> FileCase:
    """A FileCase written by hand (for an axis a check names)."""
    return FileCase(name, Data(data), pattern, name if path is None else path)


@st.composite
def files(draw: Any) -> FileCase:
    """A file of varied lines at some depth, a pattern, and the path searched (the file or
    a folder above it, spelled in one of several ways)."""
    folders = draw(st.lists(st.sampled_from(["src", "pkg", "a b", "é"]), max_size=3))
    name = "/".join([*folders, draw(st.sampled_from(["f.py", "notes.txt", "data.csv"]))])
    path = draw(st.sampled_from([name, "./" + name, *(["/".join(folders), "/".join(folders) + "/"]
                                                       if folders else []), "."]))
    return FileCase(name, draw(file_data()), draw(st.sampled_from(PATTERNS)), path)


@dataclass(repr=False)
class Tree(Readable):
    """Files under src/ (some nested, some hidden, one maybe a link out of the project) and
    one beside it, each with `count` matching lines among others; the path searched."""

    counts: dict[str, int]  # path -> matching lines it holds
    path: str  # the path searched
    files: dict[str, bytes | Link] = field(repr=False, default_factory=dict)
    endings: str = "\n"

    def __repr__(self) -> str:
        shown = {name: (f"link to {f.target}" if isinstance(f, Link) else f"{self.counts[name]} matching lines")
                 for name, f in self.files.items()}
        return f"Tree(path={self.path!r}, line ends={self.endings!r}, files={shown})"


def tree_files(counts: dict[str, int], endings: str, gap: int = 1) -> dict[str, bytes | Link]:
    """Files with `count` matching lines each (every other line, after `gap` others)."""
    out: dict[str, bytes | Link] = {}
    for name, count in counts.items():
        if name.endswith("leak.py"):
            out[name] = Link(os.path.relpath("outside/" + OUTSIDE_SECRET, "project/" + os.path.dirname(name)))
            continue
        lines = [f"other line {k}" for k in range(gap)]
        for k in range(count):
            lines += [f"needle {k} in {name}", "not this one"]
        out[name] = "".join(line + endings for line in lines).encode("utf-8")
    return out


DIRS = ["a", "b", "sub", "é"]


@st.composite
def trees(draw: Any, most_files: int = 6, most_matches: int = 30) -> Tree:
    """A folder of nested files with about SEARCH_MAX_MATCHES matching lines in all (often a
    few more or less), hidden files and a link out (never searched), and the path searched."""
    paths = draw(st.lists(
        st.tuples(st.lists(st.sampled_from(DIRS), max_size=3), st.sampled_from(["m.py", "n.txt", "z.md"])),
        min_size=1, max_size=most_files, unique_by=lambda p: "/".join([*p[0], p[1]])))
    counts = {}
    for folders, name in paths:
        count = draw(st.one_of(st.integers(0, most_matches), st.sampled_from([0, 1, 17, 25, 49, 50, 51])))
        counts["/".join(["src", *folders, name])] = count
    # never searched: hidden files and folders, a link out of the project
    for extra in draw(st.lists(st.sampled_from(["src/.hidden.py", "src/.git/config", "src/a/.env",
                                                "src/leak.py", "src/b/leak.py"]), unique=True, max_size=3)):
        counts[extra] = 0 if extra.endswith("leak.py") else draw(st.integers(1, 5))
    counts["beside.py"] = draw(st.integers(0, 3))  # outside src/: found only when "." is searched
    endings = draw(st.sampled_from(["\n", "\r\n"]))
    path = draw(st.sampled_from(["src", "./src", "src/", "src/../src", "."]))
    return Tree(counts, path, tree_files(counts, endings), endings)


def tree_of(counts: dict[str, int], path: str = "src", endings: str = "\n") -> Tree:
    """A Tree written by hand (for a boundary a check names)."""
    return Tree(counts, path, tree_files(counts, endings), endings)
