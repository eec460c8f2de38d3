"""The grader's side of its worker processes: start them, hand one a student, read its
answers, kill it and whatever it started.

`agentcourse grade` (pipeline.py) runs a Pool of `--jobs` workers (worker.py, the other
end of the pipe), each in its own process group under memory and file-size limits; one
that dies or overruns its time is killed and replaced while students are left.
"""

from __future__ import annotations

import json
import os
import resource
import selectors
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from agentcourse.clock import FairDeadline
from agentcourse.grading.nbgrader_io import nbgrader_env
from agentcourse.grading.results import GradeConfig
from agentcourse.grading.sandbox.bwrap import judge_file_mb


def worker_limits(memory_mb: int, file_mb: int = 512) -> Callable[[], None]:
    """What a worker's child runs before exec: its address space and file sizes capped."""
    def apply() -> None:  # runs in the child before exec
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_mb << 20, file_mb << 20))
    return apply


@dataclass
class Worker:
    """One worker process and the student it is grading."""

    process: subprocess.Popen
    log: Path
    buffer: bytes = b""
    ready: bool = False
    student: str | None = None
    deadline: FairDeadline | None = None  # the student's time, on the fair clock

    def send(self, student: str, source: Path, notebook: str, deadline: FairDeadline) -> None:
        """Hand it one student's lab folder and the notebook in it to grade, by `deadline`."""
        self.student, self.deadline = student, deadline
        job = {"student": student, "source": str(source), "notebook": notebook}
        self.process.stdin.write((json.dumps(job) + "\n").encode())
        self.process.stdin.flush()

    def read_lines(self) -> list[dict] | None:
        """Complete JSON lines the worker wrote; None when it has exited."""
        try:
            chunk = self.process.stdout.read()
        except (OSError, ValueError):
            chunk = b""
        if chunk == b"" and self.process.poll() is not None:
            return None
        self.buffer += chunk or b""
        *lines, self.buffer = self.buffer.split(b"\n")
        out = []
        for line in lines:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def kill(self) -> None:
        """The worker and everything under it (its kernel's sandbox dies with it)."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
        self.process.wait()
        from agentcourse.grading.sandbox.kernel_manager import remove_stale_dirs

        remove_stale_dirs(self.process.pid)  # its kernel's socket folder, if it was killed mid-way
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


def start_worker(run_dir: Path, index: int, settings: dict, config: GradeConfig) -> Worker:
    """A worker process, sent the run's settings; its stderr goes to RUN/worker-INDEX.log."""
    log = run_dir / f"worker-{index}.log"
    with open(log, "ab") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "agentcourse.grading.worker"], cwd=settings["course_root"],
            env=nbgrader_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
            start_new_session=True,  # its own group: Ctrl-C reaches only us, we stop it
            # files as large as its judges may need (bwrap.judge_file_mb), else 512 MB
            preexec_fn=worker_limits(config.worker_memory_mb, max(512, judge_file_mb(config.memory_mb))))
    process.stdin.write((json.dumps(settings) + "\n").encode())
    process.stdin.flush()
    os.set_blocking(process.stdout.fileno(), False)
    return Worker(process, log)


class Pool:
    """The worker processes of one run, watched together; leaving the block kills them all."""

    def __init__(self, run_dir: Path, settings: dict, config: GradeConfig) -> None:
        self.run_dir, self.settings, self.config = run_dir, settings, config
        self.workers: list[Worker] = []
        self.selector = selectors.DefaultSelector()
        self.started = 0  # workers started so far: each gets a log of its own

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc) -> None:
        for worker in self.workers:
            worker.kill()
        self.selector.close()

    def start(self) -> Worker:
        """One more worker, watched for its answers."""
        worker = start_worker(self.run_dir, self.started, self.settings, self.config)
        self.started += 1
        self.workers.append(worker)
        self.selector.register(worker.process.stdout, selectors.EVENT_READ, worker)
        return worker

    def retire(self, worker: Worker, replace: bool) -> None:
        """Kill `worker` (dead, or stuck on a student); start a fresh one if `replace`."""
        self.selector.unregister(worker.process.stdout)
        worker.kill()
        self.workers.remove(worker)
        if replace:
            self.start()

    def readable(self, timeout: float) -> list[Worker]:
        """The workers that wrote something (or exited) within `timeout` seconds."""
        return [key.data for key, _ in self.selector.select(timeout=timeout)]
