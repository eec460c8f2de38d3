"""Warm drivers: one zygote per worker thread that forks each task's process (drive.py --zygote).

    with Warm() as warm:
        status = warm.run(folder, request, cwd, env, answers, timeout_s)

A checkpoint-contract entrant outside the sandbox spends most of a short task starting
Python and importing the SDK. A zygote does both once and forks a child per task: the
child still has a process, a session, a working folder, an environment and a stdin of its
own, and the time limit kills its whole session. Only for unconfined runs: when grading,
each task starts a fresh interpreter inside its own sandbox (confined.py).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from agentcourse.clock import FairDeadline, load_besides

DRIVER = Path(__file__).with_name("drive.py")


class Zygote:
    """One warm driver process and the line protocol to it (one task at a time)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-I", str(DRIVER), "--zygote"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.buffer, self.eof = b"", False

    def line(self, deadline: float) -> dict | None:
        """The next JSON line, or None at the deadline or if the zygote died."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                self.eof = True
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def run(self, job: dict, timeout_s: float) -> str:
        """Fork the task's child; its exit column ("ok", "exit N", "timeout")."""
        self.proc.stdin.write((json.dumps(job) + "\n").encode())
        started = self.line(time.monotonic() + 30)
        if started is None:
            raise RuntimeError("the warm driver did not start the task")
        pid = started["pid"]
        # A busy machine stretches it (agentcourse/clock.py); the task's own processes do not.
        deadline, ended = FairDeadline(timeout_s, load_besides(pid)), None
        while ended is None and not self.eof and (left := deadline.left()) > 0:
            ended = self.line(time.monotonic() + min(0.5, left))
        status = "timeout" if ended is None else "ok" if ended["status"] == 0 else f"exit {ended['status']}"
        try:
            os.killpg(pid, signal.SIGKILL)  # whatever it left running in its session goes too
        except (ProcessLookupError, PermissionError):
            pass
        if ended is None and self.line(time.monotonic() + 10) is None:
            raise RuntimeError("the warm driver did not reap a killed task")
        return status

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Warm:
    """A zygote per thread, started on first use; all closed when the block ends."""

    def __init__(self) -> None:
        self.local, self.all, self.lock = threading.local(), [], threading.Lock()

    def __enter__(self) -> Warm:
        return self

    def __exit__(self, *exc) -> None:
        for zygote in self.all:
            zygote.close()

    def run(self, folder: Path, request: str, cwd: Path, env: dict, answers: Path, timeout_s: float) -> str:
        zygote = getattr(self.local, "zygote", None)
        if zygote is None or zygote.proc.poll() is not None:
            zygote = self.local.zygote = Zygote()
            with self.lock:
                self.all.append(zygote)
        job = {"folder": str(folder), "request": request, "cwd": str(cwd), "env": env, "stdin": str(answers)}
        try:
            return zygote.run(job, timeout_s)
        except (RuntimeError, OSError, ValueError):
            zygote.close()
            self.local.zygote = None
            return "error: the warm driver failed"
