"""A folder's documentation, as the course's MCP server serves it: list, search, read.

    shelf = Shelf("/path/to/project")
    shelf.names()                  # ["README.md", "docs/usage.md", ...]
    shelf.search("install")        # "README.md:3: Install with pip ..." lines, best first
    shelf.read("README.md")        # the text, numbered, 200 lines from `start`

Plain Python with no protocol in it, so the tests and the server share one behaviour.
Documentation is what a coding agent asks a project for before it reads the code: Markdown,
reStructuredText and text files, outside hidden folders and virtual environments. Every
answer is bounded (hits, lines, characters), and no path leaves the root: a name with
"..", an absolute path, or a link that points out is refused with a sentence saying why.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

SUFFIXES = (".md", ".markdown", ".rst", ".txt")  # what counts as documentation
SKIPPED = {"node_modules", "__pycache__", "venv", "site-packages"}  # besides hidden folders
MAX_FILES = 500  # files listed; a bigger tree is cut, and says so
MAX_HITS = 20  # lines a search returns
LINE_CHARS = 200  # a longer line is cut in a search hit
READ_LINES = 200  # lines a read returns
FILE_BYTES = 1_000_000  # a bigger file is not read (generated, not written for people)


@dataclass
class Shelf:
    """The documentation under one folder."""

    root: str  # the folder served; nothing outside it is listed or read

    def __post_init__(self) -> None:
        self.root = os.path.realpath(self.root)

    def names(self) -> list[str]:
        """Documentation files under the root, relative, sorted; at most MAX_FILES."""
        found = []
        for folder, dirs, files in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED
                             and not os.path.islink(os.path.join(folder, d)))
            for name in sorted(files):
                path = os.path.join(folder, name)
                if name.lower().endswith(SUFFIXES) and not os.path.islink(path):
                    found.append(os.path.relpath(path, self.root))
                    if len(found) >= MAX_FILES:
                        return found
        return found

    def _path(self, name: str) -> str:
        """The real path of a documentation file named relative to the root; ValueError why not."""
        if not isinstance(name, str) or not name.strip():
            raise ValueError("name must be a file name, such as README.md")
        if os.path.isabs(name) or ".." in name.replace("\\", "/").split("/"):
            raise ValueError(f"{name}: give a name relative to the documentation's folder, without ..")
        path = os.path.realpath(os.path.join(self.root, name))
        if not path.startswith(self.root + os.sep):
            raise ValueError(f"{name}: it leads outside the documentation's folder")
        if not os.path.isfile(path):
            listed = ", ".join(self.names()[:10]) or "none"
            raise ValueError(f"{name}: no such file; documentation files: {listed}")
        if not name.lower().endswith(SUFFIXES):
            raise ValueError(f"{name}: not a documentation file ({', '.join(SUFFIXES)})")
        if os.path.getsize(path) > FILE_BYTES:
            raise ValueError(f"{name}: over {FILE_BYTES:,} bytes, not read")
        return path

    def _lines(self, name: str) -> list[str]:
        with open(self._path(name), encoding="utf-8", errors="replace") as file:
            return file.read().splitlines()

    def search(self, query: str) -> str:
        """Lines holding the query's words, those with the most words first, as
        "name:line: text"; the query's words are matched whole-insensitively, any order."""
        words = [w for w in re.findall(r"\w+", str(query).lower()) if len(w) > 1]
        if not words:
            return "Error: the query has no word to search for"
        hits = []
        for name in self.names():
            try:
                lines = self._lines(name)
            except (OSError, ValueError):
                continue
            for number, line in enumerate(lines, 1):
                lowered = line.lower()
                score = sum(w in lowered for w in words)
                if score:
                    text = line.strip()
                    text = text if len(text) <= LINE_CHARS else text[:LINE_CHARS] + " [...]"
                    hits.append((-score, name, number, text))
        if not hits:
            return f"No documentation line mentions {' or '.join(words)}."
        hits.sort()
        shown = [f"{name}:{number}: {text}" for _, name, number, text in hits[:MAX_HITS]]
        more = f"\n[{len(hits) - MAX_HITS} more lines match; search with more words]" if len(hits) > MAX_HITS else ""
        return "\n".join(shown) + more

    def read(self, name: str, start: int = 1) -> str:
        """READ_LINES lines of one file from line `start`, numbered; says where it stops."""
        lines = self._lines(name)
        start = max(1, int(start))
        chunk = lines[start - 1 : start - 1 + READ_LINES]
        if not chunk:
            return f"{name} has {len(lines)} lines; nothing from line {start}."
        body = "\n".join(f"{start + i}: {line}" for i, line in enumerate(chunk))
        end = start + len(chunk) - 1
        rest = f"\n[lines {end + 1}-{len(lines)} not shown: read_doc with start={end + 1}]" if end < len(lines) else ""
        return f"{name} (lines {start}-{end} of {len(lines)}):\n{body}{rest}"
