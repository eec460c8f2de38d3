"""limits.py (checkpoint 08): how much memory, disk and processes a fenced command may use.

Try it from any folder: it prints the limits a session starts with, and what stays unbounded.

    python path/to/checkpoints/08-anthropic-tools/limits.py

The sandbox stops a command reaching what it should not; these stop it taking too much of
what it may reach. Set on the sandbox's first process, before bwrap runs, and inherited
by everything it starts:

  memory      RLIMIT_AS: the address space of each process (a process asking for more
              gets an allocation error, MemoryError in Python)
  file_size   RLIMIT_FSIZE: the biggest file any process may write (it gets SIGXFSZ)
  processes   a pids cgroup where one can be made (root, or a delegated cgroup), and
              RLIMIT_NPROC, set inside the sandbox (`ulimit -u`, see wrap()): set there,
              the kernel counts only the sandbox's processes, not all of yours. It never
              applies to root, hence the cgroup
  tmp_size,   the size of the sandbox's own /tmp and home folder (tmpfs size=); a write
  home_size   past it fails with "No space left on device"

When a command's output shows it met one, notes() says which, in words the model reads.
Unbounded: the project's total growth (many files each under file_size fill the disk
the project is on), CPU time (the command's timeout ends it), and memory summed over
many processes (a cgroup's memory controller would bound that; this does not use one).
"""

from __future__ import annotations

import itertools
import os
import re
import time
from dataclasses import dataclass

try:  # POSIX only; elsewhere there is no sandbox to limit (sandbox.why_no_sandbox says so)
    import resource
except ImportError:
    resource = None

MB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """What one fenced session may use; 0 switches a limit off."""

    memory: int = 4096 * MB  # bytes of address space per process; some runtimes reserve a lot
    processes: int = 512  # processes and threads in the sandbox at once (a fork bomb stops here)
    file_size: int = 1024 * MB  # the biggest file a command may write, in the project or anywhere
    tmp_size: int = 512 * MB  # the sandbox's private /tmp; it lives in memory, so it is memory too
    home_size: int = 128 * MB  # the sandbox's private home folder, also in memory


PIDS_CGROUPS = itertools.count()


def pids_cgroup(limit: int) -> str | None:
    """A new pids cgroup below this process's own, holding at most `limit` tasks, or None
    where none can be made (no pids controller, or no right to make one)."""
    try:
        with open("/proc/self/cgroup", encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "pids" in controllers.split(","):
            base = f"/sys/fs/cgroup/pids{path}"
        elif controllers == "":
            base = f"/sys/fs/cgroup{path}"
            if not _has_pids(base):
                continue
        else:
            continue
        _sweep(base)
        group = os.path.join(base, f"agentcourse-{os.getpid()}-{next(PIDS_CGROUPS)}")
        try:
            os.mkdir(group)
            with open(os.path.join(group, "pids.max"), "w", encoding="utf-8") as f:
                f.write(str(limit))
            return group
        except OSError:
            release(group)
    return None


def _sweep(base: str) -> None:
    """Remove the empty cgroups of agents that ended without closing their session."""
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        owner = name.split("-")[1] if name.startswith("agentcourse-") and name.count("-") == 2 else ""
        if owner.isdigit() and not os.path.exists(f"/proc/{owner}"):
            release(os.path.join(base, name))


def _has_pids(base: str) -> bool:
    try:
        with open(os.path.join(base, "cgroup.subtree_control"), encoding="utf-8") as f:
            return "pids" in f.read().split()
    except OSError:
        return False


def release(group: str | None) -> None:
    """Remove a cgroup made by pids_cgroup, once nothing is left in it."""
    for _ in range(50) if group else ():  # its killed processes take a moment to leave
        try:
            os.rmdir(group)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)


def apply(limits: Limits, group: str | None) -> None:
    """Run in the child before bwrap starts (preexec_fn): the rlimits, and the cgroup."""
    for which, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_FSIZE, limits.file_size)):
        hard = resource.getrlimit(which)[1]
        if value:  # soft and hard alike: nothing inside can raise it again
            value = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(which, (value, value))
    try:
        if group:
            with open(os.path.join(group, "cgroup.procs"), "w", encoding="utf-8") as f:
                f.write(str(os.getpid()))
    except OSError:
        pass  # the cgroup went away: ulimit -u inside still counts processes


def wrap(limits: Limits, command: list[str]) -> list[str]:
    """`command`, run after `ulimit -u` inside the sandbox (see the docstring for why there)."""
    if not limits.processes:
        return command
    count = int(limits.processes)  # dash calls it -p, bash and most others -u
    return ["/bin/sh", "-c", f'ulimit -u {count} 2>/dev/null || ulimit -p {count} 2>/dev/null; exec "$@"',
            "sh", *command]


# What a limit looks like in a command's output: the programs' own words for it.
SIGNS = (
    (r"MemoryError|Cannot allocate memory|out of memory|bad_alloc|memory exhausted", "memory",
     "a process asked for more memory than the sandbox's limit of {memory} per process"),
    (r"File size limit exceeded|exit status 153\]", "file_size",
     "a file reached the sandbox's limit of {file_size} per file, and the writer was stopped"),
    (r"No space left on device", "tmp_size",
     "a folder filled up: the sandbox's /tmp holds {tmp_size} and its home folder {home_size} "
     "(or the disk the project is on is full)"),
    (r"fork: (retry: )?Resource temporarily unavailable|can't start new thread|"
     r"Resource temporarily unavailable", "processes",
     "the sandbox's limit of {processes} processes and threads was reached"),
)


def size(value: int) -> str:
    return f"{value // MB:,} MB" if value else "no limit"


def notes(output: str, limits: Limits) -> list[str]:
    """The limits `output` shows a command met, each said once."""
    values = {name: size(getattr(limits, name)) for name in
              ("memory", "file_size", "tmp_size", "home_size")}
    values["processes"] = f"{limits.processes:,}" if limits.processes else "no"
    return [f"[limit] {text.format(**values)}" for pattern, _, text in SIGNS
            if re.search(pattern, output)]


if __name__ == "__main__":
    print(Limits())
    print("unbounded: the project's total growth, CPU time (the timeout ends a command), and "
          "memory summed over processes")
