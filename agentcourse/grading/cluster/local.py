"""A Dask cluster on this machine's loopback, as separate machines would be: a scheduler
and workers, each a process of its own (`dask scheduler`, `dask worker`), each worker with
its own working folder. For the tests, the benchmark and trying `--scheduler` on one machine:

    with LoopbackCluster(tmp / "cluster", workers=2) as cluster:
        grade(lab, submissions, GradeConfig(scheduler=cluster.address))

Real clusters are started by hand or by a deployment tool (docs/INSTRUCTORS.md, "Grading
on a Dask cluster").
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class LoopbackCluster:
    """A scheduler and `workers` workers on 127.0.0.1; leaving the block stops them all."""

    folder: Path  # the scheduler's file, the logs and one working folder per worker
    workers: int = 2  # worker processes, one grading thread each
    start_seconds: float = 60.0  # how long the scheduler and workers may take to come up
    address: str = ""  # the scheduler's tcp:// address, once started
    processes: list[subprocess.Popen] = field(default_factory=list)  # scheduler first, then workers

    def __enter__(self) -> LoopbackCluster:
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            self._start_scheduler()
            for index in range(self.workers):
                self.start_worker(index)
            self.wait_for_workers(self.workers)
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _spawn(self, argv: list[str], log_name: str) -> subprocess.Popen:
        with open(self.folder / log_name, "ab") as log:
            process = subprocess.Popen([sys.executable, "-m", *argv], stdout=log, stderr=log,
                                       stdin=subprocess.DEVNULL, start_new_session=True)
        self.processes.append(process)
        return process

    def _start_scheduler(self) -> None:
        file = self.folder / "scheduler.json"
        file.unlink(missing_ok=True)
        self._spawn(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(file)], "scheduler.log")
        until = time.monotonic() + self.start_seconds
        while not file.is_file() or not file.read_text(encoding="utf-8").strip():
            if time.monotonic() > until or self.processes[0].poll() is not None:
                raise RuntimeError(f"the Dask scheduler did not start (see {self.folder / 'scheduler.log'})")
            time.sleep(0.1)
        time.sleep(0.1)  # the file is written whole, but give it its last bytes
        self.address = json.loads(file.read_text(encoding="utf-8"))["address"]

    def worker_folder(self, index: int) -> Path:
        """Worker `index`'s working folder (Dask's local directory)."""
        return self.folder / f"worker-{index}"

    def start_worker(self, index: int) -> subprocess.Popen:
        """Worker `index`, named w`index`, in a folder of its own, no nanny (a killed one stays dead)."""
        self.worker_folder(index).mkdir(parents=True, exist_ok=True)
        return self._spawn(["distributed.cli.dask_worker", self.address, "--nthreads", "1",
                            "--no-nanny", "--name", f"w{index}", "--host", "127.0.0.1",
                            "--no-dashboard", "--local-directory", str(self.worker_folder(index)),
                            "--death-timeout", str(int(self.start_seconds))], f"worker-{index}.log")

    def wait_for_workers(self, count: int) -> None:
        """Return once `count` workers are registered with the scheduler."""
        from distributed import Client

        with Client(self.address, timeout=self.start_seconds, set_as_default=False) as client:
            client.wait_for_workers(count, timeout=self.start_seconds)

    def kill_worker(self, index: int) -> None:
        """Worker `index` and everything it started, at once (SIGKILL): a machine lost."""
        process = self.processes[1 + index]
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()

    def stop(self) -> None:
        """Every process of the cluster, workers first."""
        for process in reversed(self.processes):
            for sig in (signal.SIGTERM, signal.SIGKILL):
                if process.poll() is not None:
                    break
                try:
                    os.killpg(process.pid, sig)
                    process.wait(timeout=5)
                except ProcessLookupError:
                    break
                except subprocess.TimeoutExpired:
                    continue
