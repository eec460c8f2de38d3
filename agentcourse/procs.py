"""A process's tree and how much of it is running, read from /proc (Linux only).

    descendants(kernel_pid)             # every process started under it, children first
    running_threads([pid, *tree])       # of those, the threads runnable now

The arena stops a task's whole tree with the first (arena/reap.py); the fair clock
(clock.py) leaves a limit's own work out of the machine's load with both. Where /proc
cannot be read, the tree is empty and nothing is running.
"""

from __future__ import annotations

import os
from collections.abc import Iterable


def _stat_fields(path: str) -> list[bytes] | None:
    """The fields of a /proc stat file after the command name (state first), or None."""
    try:
        with open(path, "rb") as file:
            stat = file.read()
        return stat[stat.rindex(b")") + 2:].split()
    except (OSError, ValueError):
        return None  # it ended while we looked


def children() -> dict[int, list[int]]:
    """parent pid -> its children's pids, as /proc says now."""
    found: dict[int, list[int]] = {}
    try:
        entries = [e.name for e in os.scandir("/proc") if e.name.isdigit()]
    except OSError:
        return found
    for name in entries:
        fields = _stat_fields(f"/proc/{name}/stat")
        if fields and len(fields) > 1 and fields[1].isdigit():
            found.setdefault(int(fields[1]), []).append(int(name))
    return found


def descendants(pid: int) -> list[int]:
    """Every process started under `pid`, children first."""
    tree, found, todo = children(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running_threads(pids: Iterable[int]) -> int:
    """How many threads of these processes are runnable now (state R), as the load's count
    of runnable tasks counts them."""
    count = 0
    for pid in pids:
        try:
            tasks = [e.name for e in os.scandir(f"/proc/{pid}/task")]
        except OSError:
            continue
        for task in tasks:
            fields = _stat_fields(f"/proc/{pid}/task/{task}/stat")
            count += bool(fields) and fields[0] == b"R"
    return count
