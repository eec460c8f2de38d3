"""The places Lab 3's checks work in: a copy of the sample project beside bait
(`scratch_project`), a small project with symlinks of every kind under a symlinked parent
(`maze`), an empty project (`fresh_root`), what a folder holds (`snapshot`, `changes`),
every rename onto a file of a folder while a tool runs (`swaps`), and files made of a kind
(`make`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentcourse.course.scaffold.lab03.calls import judged

SECRET = "TOP SECRET: a file outside the project"


# ---------------------------------------------------------------- where the checks work


@contextlib.contextmanager
def scratch_project():
    """A fresh copy of the sample project as the current directory, with bait beside it.

        <tmp>/proj/          the project: math_utils.py, main.py, utils.py, tests.py, README.md
        <tmp>/secret.txt     must never be read or written through a tool
        <tmp>/proj-evil/     a sibling folder whose name starts with "proj"
    """
    from agentcourse.projects.sample import copy_sample_project

    outer = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    root = copy_sample_project(outer / "proj")
    (outer / "secret.txt").write_text(SECRET)
    (outer / "proj-evil").mkdir()
    (outer / "proj-evil" / "secret.txt").write_text(SECRET)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


@contextlib.contextmanager
def fresh_root():
    """An empty project folder as the current directory (cheap: one folder per example,
    in the system's temporary folder, which is outside it)."""
    root = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(root, ignore_errors=True)


# The maze: a project whose paths lead everywhere a model's path can lead.
#
#   <tmp>/alias -> real            the same folders through a symlinked parent
#   <tmp>/real/secret.txt          outside
#   <tmp>/real/proj-evil/          a look-alike sibling (secret.txt inside)
#   <tmp>/real/proj/               the project: main.py README.md pkg/mod.py pkg/sub/ données/été.txt
#       in-link -> pkg             links that stay inside (relative, to a file, absolute
#       file-link -> main.py       through the symlinked parent, dangling)
#       abs-in -> <tmp>/alias/proj/pkg/sub
#       dangling-in -> nowhere.txt
#       out-link -> ..             links that lead out (to the folder above, the look-alike,
#       evil -> ../proj-evil       a secret file, absolute, dangling, from a subfolder)
#       secret-link -> ../secret.txt
#       abs-out -> <tmp>/alias/secret.txt
#       dangling-out -> ../planted.txt
#       pkg/up -> ../..
#       loop -> loop, ping -> pong -> ping    loops: no real location
MAZE_FILES = {"main.py": "print('hi')\n", "README.md": "# proj\r\n", "pkg/mod.py": "x = 1\n",
              "données/été.txt": "été\n"}
MAZE_LINKS = {"in-link": "pkg", "file-link": "main.py", "abs-in": "{alias}/proj/pkg/sub",
              "dangling-in": "nowhere.txt", "out-link": "..", "evil": "../proj-evil",
              "secret-link": "../secret.txt", "abs-out": "{alias}/secret.txt",
              "dangling-out": "../planted.txt", "pkg/up": "../..", "loop": "loop", "ping": "pong",
              "pong": "ping"}
LINK_NAMES = {Path(name).name for name in MAZE_LINKS}
INSIDE = ["main.py", "README.md", "pkg", "mod.py", "sub", "données", "été.txt", "new.py", "neu",
          "日本語.md", "a b.txt", "notes~", "x~y", "v..2.txt", ".hidden", "in-link", "file-link", "abs-in",
          "dangling-in"]
REAL_DIRS = ["pkg", "sub", "données", "neu", "new.py", "main.py", "été.txt", "日本語.md"]
LOOPS = ["loop", "ping"]
ESCAPES = ["out-link", "evil", "secret-link", "abs-out", "dangling-out", "up"]
OUTSIDE_NAMES = ["proj", "proj-evil", "secret.txt", "planted.txt"]


@dataclass(frozen=True)
class Maze:
    root: Path  # the project (resolved), the working directory while the checks run
    outer: Path  # the folder around it, resolved
    alias: Path  # a symlink to `outer`: the same project through a symlinked parent


def build_maze(base: Path) -> Maze:
    """The maze above, built in the empty folder `base`."""
    outer = base / "real"
    root = outer / "proj"
    (root / "pkg" / "sub").mkdir(parents=True)
    (root / "données").mkdir()
    for name, text in MAZE_FILES.items():
        (root / name).write_text(text, encoding="utf-8", newline="")
    (outer / "secret.txt").write_text(SECRET)
    (outer / "proj-evil").mkdir()
    (outer / "proj-evil" / "secret.txt").write_text(SECRET)
    alias = base / "alias"
    _link("real", alias)
    for name, target in MAZE_LINKS.items():
        _link(target.format(alias=alias), root / name)
    return Maze(root, outer, alias)


def _link(target: str, at: Path) -> None:
    """os.symlink(target, at), made from the link's own folder: a relative target then names
    the same place from the working directory too (the grading sandbox judges it from there)."""
    before = os.getcwd()
    os.chdir(at.parent)
    try:
        os.symlink(target, at.name)
    finally:
        os.chdir(before)


@contextlib.contextmanager
def maze(through_alias: bool = False):
    """A fresh maze, its project the working directory (entered through the symlinked
    parent when `through_alias`: os.getcwd() still answers with the real folder)."""
    base = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    made = build_maze(base)
    before = os.getcwd()
    os.chdir(made.alias / "proj" if through_alias else made.root)
    try:
        yield made
    finally:
        os.chdir(before)
        shutil.rmtree(base, ignore_errors=True)


def snapshot(folder: Path, skip: Path | None = None) -> dict[str, Any]:
    """Everything under `folder` (links not followed): path -> bytes, link target or kind."""
    seen: dict[str, Any] = {}

    def walk(here: Path) -> None:
        for entry in sorted(os.scandir(here), key=lambda e: e.name):
            path = Path(entry.path)
            key = str(path.relative_to(folder))
            if skip is not None and path == skip:
                continue
            if entry.is_symlink():
                seen[key] = ("link", os.readlink(path))
            elif entry.is_dir():
                seen[key] = ("dir",)
                walk(path)
            elif entry.is_file():
                seen[key] = ("file", path.read_bytes(), stat.S_IMODE(entry.stat().st_mode))
            else:
                seen[key] = ("other", stat.S_IFMT(entry.stat(follow_symlinks=False).st_mode))

    walk(folder)
    return seen


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The paths two snapshots disagree on: added, removed or changed."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def swaps(folder: Path | str):
    """Every rename onto a name in `folder` made while the block runs (scaffold.swaps.Swap):
    where its temporary file was made, whether it was whole and closed first, whether the old
    file stayed until the rename. Seen from this process (inotify on Linux), so that in the
    judge the verdict rests on what the student's code did to the folder, not on anything in
    the student's process."""
    from agentcourse.course.scaffold import swaps as watch

    return watch.swaps(folder, judged=judged())


def wake_fifo(path: Path) -> None:
    """Release a reader stuck on a FIFO, if there is one."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


# What can sit at a path: list_files labels each, read_file and edit_file refuse all but
# the regular files, and creating over any of them is refused.
KINDS = ["file", "empty file", "folder", "link to a file", "link to a folder", "link outside",
         "dangling link", "loop", "fifo"]


def make(path: Path, kind: str) -> None:
    """Put a thing of `kind` at `path` (a link to a file points at `<name>~target`, made
    beside it; a link to a folder points at the folder it is in; a link outside, at the
    folder above the working directory)."""
    if kind == "file":
        path.write_text(f"text of {path.name}\n", encoding="utf-8")
    elif kind == "empty file":
        path.write_bytes(b"")
    elif kind == "folder":
        path.mkdir()
    elif kind == "link to a file":
        path.with_name(path.name + "~target").write_text("the link's target\n")
        _link(path.name + "~target", path)
    elif kind == "link to a folder":
        _link(".", path)
    elif kind == "link outside":
        _link(os.path.dirname(os.path.realpath(os.getcwd())), path)
    elif kind == "dangling link":
        _link(path.name + "~missing", path)
    elif kind == "loop":
        _link(path.name, path)
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        raise ValueError(kind)
