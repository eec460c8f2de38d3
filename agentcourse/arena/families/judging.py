"""What the families' judges share: the project as text, turns written by hand, and checks.

The judges see an Outcome (agentcourse/api/outcome.py): the files before and after, the
reply, and the calls' arguments and results as text. The helpers here build Outcomes for
the reference and broken turns, and hold the checks several families make.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from agentcourse.api.outcome import Outcome
from agentcourse.course.matrix import (
    destroyed,
    destroying_call,
    kept_lines,
    read_before_change,
)

__all__ = ["snapshot", "walk", "write_project", "scripted", "as_text", "unchanged_except", "parses",
           "mentions", "tables_as_text", "destroyed", "destroying_call", "kept_lines", "read_before_change"]

SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".venv", "node_modules"}


def as_text(data: str | bytes) -> str:
    """A file's content as the judges see it: its text, or a digest when it is not UTF-8."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return f"<not UTF-8, sha256 {hashlib.sha256(data).hexdigest()[:16]}>"


def write_project(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write an instance's files under `root` (created), bytes as they are."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return root


def walk(root: Path, skip=SKIP_DIRS) -> Iterator[tuple[str, os.DirEntry]]:
    """Every entry under `root` (folders, files, links, anything else) as (relative posix
    path, entry), never through a symbolic link, not into folders named in `skip`.
    Iterative: a tree thousands of folders deep is walked, not recursed into."""
    stack = [(str(root), "")]
    while stack:
        folder, prefix = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:  # unreadable, or deeper than a path may be long
            continue
        for entry in entries:
            if entry.name in skip:
                continue
            yield prefix + entry.name, entry
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, f"{prefix}{entry.name}/"))
            except OSError:
                continue


def snapshot(root: Path) -> dict[str, str]:
    """Every regular file under `root` (relative posix path -> as_text), caches skipped;
    nothing read through a link, and a FIFO or socket is never opened."""
    out = {}
    for rel, entry in walk(root):
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            out[rel] = as_text(Path(entry.path).read_bytes())
        except OSError:
            out[rel] = "<unreadable>"
    return dict(sorted(out.items()))


def scripted(files: dict[str, str | bytes], reply: str, reads: tuple[str, ...] = (),
             after: dict[str, str | bytes] | None = None) -> Outcome:
    """A turn written by hand: it reads `reads` (each result is the file's text), writes
    every file that differs in `after` with one call carrying its whole new text, then
    replies. For reference and broken turns."""
    before = {k: as_text(v) for k, v in files.items()}
    now = dict(before) if after is None else {k: as_text(v) for k, v in after.items()}
    calls = [("read", {"path": p}) for p in reads]
    results = [before.get(p, "Error: no such file") for p in reads]
    for path, text in now.items():
        if before.get(path) != text:
            calls.append(("write", {"path": path, "text": text}))
            results.append("ok")
    return Outcome(calls=calls, reply=reply, before=before, after=now, results=results)


def unchanged_except(o: Outcome, allowed: set[str]) -> str | None:
    """Why a file outside `allowed` changed, appeared or went, or None. Dotfiles are the
    agent's own bookkeeping (notes, traces) and are not judged."""
    for path in sorted(set(o.before) | set(o.after)):
        if path in allowed or any(part.startswith(".") for part in path.split("/")):
            continue
        if o.before.get(path) != o.after.get(path):
            what = "appeared" if path not in o.before else "went" if path not in o.after else "changed"
            return f"{path} {what}, and the task does not touch it"
    return None


def parses(o: Outcome, path: str) -> str | None:
    """Why `path` is not valid Python after the turn, or None."""
    text = o.after.get(path)
    if text is None:
        return f"{path} is gone"
    try:
        ast.parse(text)
    except SyntaxError as err:
        return f"{path} is not valid Python after the turn (line {err.lineno})"
    return None


_ROW = re.compile(r"^\s*\|(.*)\|\s*$")


def tables_as_text(reply: str) -> str:
    """`reply` with each row of its Markdown tables also written as a line of words, every
    cell after its column's heading ("| file | line |" over "| a.py | 8 |" adds "file a.py,
    line 8."), so a judge reading sentences reads a table's facts too."""
    lines, extra, heads = reply.split("\n"), [], None
    for line in lines:
        m = _ROW.match(line)
        if not m:
            heads = None
            continue
        cells = [c.strip() for c in m[1].split("|")]
        if heads is None:
            heads = cells
        elif not all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            extra.append(", ".join(f"{h} {c}".strip() for h, c in zip(heads, cells, strict=False)) + ".")
    return "\n".join([reply, *extra])


def mentions(reply: str, fact: str) -> bool:
    """Does the reply state `fact` (a word, number or name), as a whole word?"""
    return re.search(rf"(?<![\w.]){re.escape(fact)}(?![\w])", reply, re.I) is not None
