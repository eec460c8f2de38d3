"""Stop a task's process and everything it started, and return only once none can still write.

    stop_tree(proc)   # proc: the task's subprocess.Popen, started in a session of its own

Killing the task's process group is not enough. In bubblewrap (arena.confined) the entrant
runs in a pid namespace, in sessions of its own, and dies only after bubblewrap does, a
moment later: long enough for a flood of writes to add files to a project the grader is
already removing. So every descendant, found through /proc's parent links while the tree is
still whole, is killed first, and the call waits until each is gone or a zombie (a zombie
writes nothing). Linux only, like the sandbox; elsewhere only the group is killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

from agentcourse.procs import descendants

ROUNDS = 20  # kill what is found, look again: a fork bomb may add children while they go
SETTLE_S = 5.0  # how long to wait for the killed to be gone


def _alive(pid: int) -> bool:
    """Running or sleeping: not gone and not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            stat = file.read()
        return stat[stat.rindex(b")") + 2:stat.rindex(b")") + 3] != b"Z"
    except (OSError, ValueError):
        return False


def stop_tree(proc: subprocess.Popen) -> None:
    """Kill `proc`, its process group and every descendant; reap `proc`; wait until none of
    them can run (at most SETTLE_S)."""
    killed: set[int] = set()
    for _ in range(ROUNDS):
        found = [pid for pid in descendants(proc.pid) if pid not in killed or _alive(pid)]
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            killed.add(pid)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    deadline = time.monotonic() + SETTLE_S
    while any(_alive(pid) for pid in killed) and time.monotonic() < deadline:
        time.sleep(0.01)
