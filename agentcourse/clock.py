"""A time limit counted in the seconds an unloaded machine would take: the course's fair clock,
for the arena's task limits and the grader's cell timeouts.

    limit = FairDeadline(120.0)
    while (left := limit.left()) > 0:
        ...  # wait min(0.5, left) seconds for the task, then look again

A wall-clock limit punishes whoever is graded while the machine is busy: under a class of
jobs, or two other programs spinning on two cores, an honest entrant that takes 10 s alone
takes 25 s, and a 12 s limit marks it unsolved; an honest notebook's cell times out the
same way. This clock reads how busy the machine is each time it is read, from the number of
runnable tasks the operating system reports (`/proc/loadavg`'s fourth field): with more
runnable tasks than cores, each gets a share, and the deadline's seconds pass that much
slower. The slowdown is capped (`MAX_SLOWDOWN`),
so a machine that is simply stuck still ends the task, at most that many times later.
Where the count cannot be read (not Linux), it is a plain wall clock.

The count is the whole system's: in a container that shares its host's kernel it includes
the host's other work. The cap bounds what that can cost; a short readable estimate was
preferred over a probe of our own CPU share, which the scheduler's favour to threads that
just woke hides (a short probe nearly always runs at full speed).

The limit of one piece of work (a grading kernel, an arena task) leaves that work's own
runnable threads out of the count (`load_besides`): what it runs itself must not stretch its
own limit, or a submission that starts eight busy processes would get up to MAX_SLOWDOWN
times its time. The load is read at most every READ_EVERY seconds (a judge reads its clock
at each of thousands of calls); a tree's count costs a look at every process in /proc.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from agentcourse.procs import descendants, running_threads

MAX_SLOWDOWN = 6.0  # past this, the machine is taken as stuck: limits stretch no further
READ_EVERY = 0.5  # seconds a reading of the load stands for
LOADAVG = "/proc/loadavg"  # its fourth field: runnable tasks / all tasks


def runnable_tasks(besides: int | None = None) -> int | None:
    """Tasks runnable now, the reader itself left out, and the threads of `besides` and its
    descendants (the work the limit is for); None where the kernel does not say."""
    try:
        with open(LOADAVG, encoding="ascii") as f:
            running = int(f.read().split()[3].split("/")[0]) - 1
    except (OSError, IndexError, ValueError):
        return None
    if besides is not None:
        running -= running_threads([besides, *descendants(besides)])
    return max(running, 0)


def slowdown(runnable: Callable[[], int | None] = runnable_tasks, cores: int | None = None) -> float:
    """How many wall seconds one second of an unloaded machine takes now (1.0: not loaded)."""
    count, cores = runnable(), cores or os.cpu_count() or 1
    if count is None:
        return 1.0
    return min(max(count / cores, 1.0), MAX_SLOWDOWN)


def load_besides(pid: int) -> Callable[[], float]:
    """The slowdown the machine puts on the work under `pid`: its own threads left out."""
    return lambda: slowdown(lambda: runnable_tasks(besides=pid))


class FairDeadline:
    """`seconds` of an unloaded machine's time, counted from now; read it often (<= 1 s apart)."""

    def __init__(self, seconds: float, load: Callable[[], float] = slowdown) -> None:
        self.seconds, self.used, self.load = seconds, 0.0, load
        self.last = time.monotonic()
        self._read_at, self._slowdown = float("-inf"), 1.0

    def slowdown(self) -> float:
        """The load's slowdown, read again once the last reading is READ_EVERY seconds old."""
        now = time.monotonic()
        if now - self._read_at >= READ_EVERY:
            self._read_at, self._slowdown = now, self.load()
        return self._slowdown

    def left(self) -> float:
        """Fair seconds still left (<= 0: expired): each reading adds the wall time since the
        last one, divided by how loaded the machine is now."""
        now = time.monotonic()
        self.used += (now - self.last) / self.slowdown()
        self.last = now
        return self.seconds - self.used

    def wall_left(self) -> float:
        """Wall seconds the fair seconds left would take at the load now (<= 0: expired): how
        long one wait may last where the clock cannot be read during it (a blocking socket)."""
        left = self.left()
        return left * self.slowdown() if left > 0 else left
