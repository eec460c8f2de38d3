"""Lab 8's setup helpers: scratch projects (in memory where the system offers a tmpfs),
the text editor's helpers (`load`, `backup`, `write_atomically`, `split_lines`), a folder's
files, and whether a tool's result is an error.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agentcourse.projects.sample import copy_sample_project

# ============================================================================ the text editor
SECRET = "a file outside the project\n"
BACKUPS = ".agent-backups"


# Checks make a scratch project per generated instance: in memory where the system offers
# a tmpfs to write (a disk's /tmp can take a millisecond a file), else the usual temp folder.
_FAST_TMP = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK) else None


@contextlib.contextmanager
def scratch_project(sample: bool = True) -> Iterator[Path]:
    """A fresh project as the current folder (a copy of the sample project, or an empty
    folder with sample=False), with ../secret.txt beside it, a symlink `notes.txt` to that
    secret and a symlinked folder `up` to the folder around the project."""
    outer = Path(tempfile.mkdtemp(prefix="lab08-", dir=_FAST_TMP)).resolve()
    root = copy_sample_project(outer / "proj") if sample else outer / "proj"
    root.mkdir(exist_ok=True)
    (outer / "secret.txt").write_text(SECRET)
    os.symlink(outer / "secret.txt", root / "notes.txt")
    os.symlink(outer, root / "up", target_is_directory=True)
    (root / "sub").mkdir(exist_ok=True)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


def confine(path: Any) -> str:
    """The real path of `path` inside the project (the cwd), or ValueError (lab 3's lesson)."""
    if not isinstance(path, str) or not path or "\x00" in path or path.startswith("~"):
        raise ValueError(f"{path!r} is not a usable path")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ValueError(f"{path!r} is outside the project directory; access refused")
    return real


def load(path: Any) -> tuple[str, str]:
    """(real path, text) of a file in the project, read exactly as stored (newline="");
    ValueError with a one-line reason for a path outside the project or a missing file."""
    real = confine(path)
    if not os.path.isfile(real):
        raise ValueError(f"File not found: {path}")
    with open(real, encoding="utf-8", newline="") as f:
        return real, f.read()


def backup(real: str) -> None:
    """Copy the file at `real` to .agent-backups/<name>.<timestamp> in the project."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    copy = Path(os.getcwd()) / BACKUPS / f"{os.path.relpath(real, os.getcwd())}.{stamp}"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(real, copy)


def write_atomically(real: str, text: str) -> None:
    """Write `text` exactly as given (no newline translation), never half-written."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(real), prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, real)


def split_lines(text: str) -> list[str]:
    """The lines of `text`, each with its own "\\n" (the last one may have none). Only "\\n"
    ends a line: a "\\r" before it stays part of the line, and so do a lone "\\r", a form
    feed or a Unicode line separator."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def every_file(root: Any = None) -> dict[str, str]:
    """{path: sha256} of every file in the project's folder and the folder around it
    (hidden ones too): what a refused edit must leave exactly as it was."""
    outer = Path(root or os.getcwd()).parent
    return {str(p.relative_to(outer)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(outer.rglob("*")) if p.is_file() and not p.is_symlink()}


def backups() -> list[Path]:
    """The backup files under .agent-backups, oldest name first."""
    folder = Path(os.getcwd()) / BACKUPS
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []


def is_error(result: Any) -> bool:
    return isinstance(result, str) and result.startswith("Error:")
