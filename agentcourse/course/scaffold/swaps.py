"""How a file was replaced, seen from outside the process that replaced it.

Lab 3's write_atomically must write a temporary file in the target's own folder, close it,
then rename it onto the target in one step. `swaps(folder)` watches the folder while a
check calls the student's code and reports each rename onto a name in it as a `Swap`: where
its source came from, whether it was written and closed first, whether the old file stayed
until the rename, whether the new one was written again after.

On Linux the folder is watched with inotify, from the checking process: when a lab is
graded by the judge, the student's code runs in another process (the kernel), and what it
does to the folder is what the verdict rests on, never what that process says it did (it
may patch os.replace, rename through os.rename or a system call of its own). Elsewhere (a
student's own notebook on another system) os.replace and os.rename are watched in this
process instead; the judge never does that (`watch_in_process` refuses there).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

IN_MODIFY, IN_CLOSE_WRITE, IN_MOVED_FROM, IN_MOVED_TO = 0x2, 0x8, 0x40, 0x80
IN_CREATE, IN_DELETE, IN_Q_OVERFLOW, IN_ISDIR = 0x100, 0x200, 0x4000, 0x40000000
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, 0o2000000
WATCHED = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
HEADER = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len (then the name)


@dataclass(frozen=True)
class Swap:
    """One rename onto `target` (a name in the watched folder)."""

    target: str
    source: str | None  # the name it had in this folder (None: it came from another folder)
    made_here: bool  # the source was created in this folder while the block ran
    closed_first: bool  # written and closed before the rename, never written after its last close
    target_kept: bool  # what held the target's name was neither deleted nor moved away before
    rewritten: bool = False  # the target was written again after the rename


@dataclass(frozen=True)
class Event:
    mask: int
    name: str
    cookie: int


# ---------------------------------------------------------------- inotify, through libc


def _libc() -> Any:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.inotify_init1.argtypes = [ctypes.c_int]
    libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    return libc


def can_watch() -> bool:
    """Whether this system has inotify (Linux)."""
    try:
        return hasattr(_libc(), "inotify_init1")
    except (OSError, AttributeError):
        return False


def _open_watch(folder: Path) -> int:
    libc = _libc()
    fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "inotify_init1 failed")
    if libc.inotify_add_watch(fd, os.fsencode(folder), WATCHED) < 0:
        err = ctypes.get_errno()
        os.close(fd)
        raise OSError(err, f"cannot watch {folder}")
    return fd


def _drain(fd: int) -> list[Event]:
    """Every event queued on `fd` (the watched process's calls have returned: all are queued)."""
    events, data = [], b""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            break
        if not chunk:
            break
        data += chunk
    at = 0
    while at + HEADER.size <= len(data):
        _, mask, cookie, size = HEADER.unpack_from(data, at)
        raw = data[at + HEADER.size:at + HEADER.size + size].split(b"\0", 1)[0]
        events.append(Event(mask, os.fsdecode(raw), cookie))
        at += HEADER.size + size
    return events


def read_swaps(events: list[Event]) -> list[Swap]:
    """The renames onto names of the folder, from its events in order. A name's history
    (created here, closed after its last write) follows it through renames in the folder."""
    if any(e.mask & IN_Q_OVERFLOW for e in events):
        raise AssertionError("too many changes in the folder to follow: write the file in larger pieces")
    state: dict[str, dict[str, bool]] = {}
    leaving: dict[int, tuple[str, dict[str, bool]]] = {}  # cookie -> the name a rename left, its history
    gone: set[str] = set()  # names deleted or moved away while the block ran
    swaps: list[tuple[int, Swap]] = []
    files = [e for e in events if not e.mask & IN_ISDIR]  # a folder is never a file's temporary
    for index, event in enumerate(files):
        mine = state.setdefault(event.name, {"created": False, "closed": False, "dirty": False})
        if event.mask & IN_CREATE:
            mine.update(created=True, closed=False, dirty=False)
        if event.mask & IN_MODIFY:
            mine["dirty"] = True
        if event.mask & IN_CLOSE_WRITE:
            mine.update(closed=True, dirty=False)
        if event.mask & (IN_DELETE | IN_MOVED_FROM):
            gone.add(event.name)
            if event.mask & IN_MOVED_FROM:
                leaving[event.cookie] = (event.name, mine)
            state.pop(event.name, None)
        if event.mask & IN_MOVED_TO:
            source, came = leaving.pop(event.cookie, (None, {"created": False, "closed": False, "dirty": False}))
            swaps.append((index, Swap(event.name, source, came["created"], came["closed"] and not came["dirty"],
                                      event.name not in gone)))
            state[event.name] = {**came, "dirty": False}
            gone.discard(event.name)
    return [_rewritten(swap, files[index + 1:]) for index, swap in swaps]


def _rewritten(swap: Swap, later: list[Event]) -> Swap:
    """The swap, told whether its target was written after it (then it was not whole at the swap)."""
    after = any(e.name == swap.target and e.mask & IN_MODIFY for e in later)
    return Swap(swap.target, swap.source, swap.made_here, swap.closed_first, swap.target_kept, after)


# ---------------------------------------------------------------- the watch


@contextlib.contextmanager
def swaps(folder: Path | str, judged: bool = False) -> Iterator[list[Swap]]:
    """Every rename onto a name in `folder` made while the block runs, in order (the list
    is filled when the block ends). `judged`: the code watched runs in another process, so
    only inotify will do."""
    folder = Path(folder)
    if not can_watch():
        if judged:
            raise RuntimeError("the judge needs inotify (Linux) to see how files are replaced")
        with watch_in_process(folder) as seen:
            yield seen
        return
    seen: list[Swap] = []
    fd = _open_watch(folder)
    try:
        yield seen
        seen.extend(read_swaps(_drain(fd)))
    finally:
        os.close(fd)


def _held(path: str) -> bytes | None:
    """The bytes of a regular file (never opens a FIFO, which would wait for a writer)."""
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


@contextlib.contextmanager
def watch_in_process(folder: Path) -> Iterator[list[Swap]]:
    """Where there is no inotify, in a student's own notebook: os.replace and os.rename,
    watched in this process (Path.replace, Path.rename and shutil.move call them too). What
    the source held at the rename must be what the target holds at the end."""
    from agentcourse.course import nbtools

    if os.environ.get(nbtools.ROLE) == "judge":
        raise RuntimeError("the judge never watches renames in its own process")
    seen: list[Swap] = []
    held: list[bytes | None] = []
    originals = os.replace, os.rename

    def watching(real: Any) -> Any:
        def renaming(src: Any, dst: Any, *args: Any, **kwargs: Any) -> Any:
            source, target = os.path.abspath(os.fsdecode(src)), os.path.abspath(os.fsdecode(dst))
            if os.path.dirname(target) == os.path.abspath(folder):
                here = os.path.dirname(source) == os.path.abspath(folder)
                seen.append(Swap(os.path.basename(target), os.path.basename(source) if here else None,
                                 here, True, os.path.lexists(target)))
                held.append(_held(source))
            return real(src, dst, *args, **kwargs)
        return renaming

    os.replace, os.rename = watching(originals[0]), watching(originals[1])
    try:
        yield seen
    finally:
        os.replace, os.rename = originals
    for n, swap in enumerate(seen):  # the text the source held was the whole text kept
        seen[n] = Swap(swap.target, swap.source, swap.made_here,
                       held[n] is not None and held[n] == _held(str(folder / swap.target)), swap.target_kept)
