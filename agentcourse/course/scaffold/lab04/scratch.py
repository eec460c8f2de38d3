"""Lab 4's scratch projects: a project's files (links included) written where a property can
make hundreds quickly, with a secret beside it that no tool may reach, and a FIFO.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from agentcourse.course.scaffold.lab04.calls import judged

# ----------------------------------------------------------------------------- scratch projects


@dataclass(frozen=True)
class Link:
    """A symbolic link to write at a path (relative to the link's folder)."""

    target: str


OUTSIDE_SECRET = "secret.py"  # beside the project, in ../outside/: never searched, never read
# A property writes hundreds of small projects: in memory where the system offers it (on a disk,
# removing a folder can cost milliseconds), else in the usual temporary folder.
# In the judge, the usual temporary folder: the one it shares with the kernel, where the tools run.
SCRATCH_DIR = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) and not judged() else None


@contextlib.contextmanager
def scratch_project(files: dict[str, bytes | str | Link] | None = None) -> Iterator[Path]:
    """A small project holding `files` (path -> bytes, text written byte for byte, or a Link)
    as the working directory, with a folder outside it (`../outside/secret.py`, matching
    every pattern the checks use); the folder before it afterwards."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab04-", dir=SCRATCH_DIR) as tmp:
        outer = Path(os.path.realpath(tmp))
        (outer / "outside").mkdir()
        (outer / "outside" / OUTSIDE_SECRET).write_bytes(b"needle = 'outside the project'\n" * 3)
        root = outer / "project"
        root.mkdir()
        write_files(root, files or {})
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


def write_files(root: Path, files: dict[str, bytes | str | Link]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Link):  # written with its absolute target (the same link)
            path.symlink_to(os.path.normpath(os.path.join(path.parent, content.target)))
        else:
            path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)


@contextlib.contextmanager
def fifo(path: Path) -> Iterator[Path]:
    """A FIFO at `path`; afterwards a reader stuck on it, if any, is woken (it gets end of file)."""
    os.mkfifo(path)
    try:
        yield path
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
