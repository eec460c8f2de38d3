"""One graded task inside bubblewrap, the tutor outside it: the arena's sandbox.

Used by `agentcourse arena grade` (grade.py) through ArenaConfig.confined. The student's
agent runs as the driver (drive.py) in a sandbox built from bwrap.py's pieces (the same
namespaces, limits and identity as a graded notebook's kernel), and sees:

  read only   the Python environment (interpreter, standard library, site-packages), a
              few files of /etc, the driver, and its own submission at /submission;
  writable    its scratch project (/home/student/project, the only thing the score reads),
              a capped tmpfs home and /tmp, which vanish with it;
  nothing of  solutions/ (the hidden seeds), the repository (this package and the tutor
              included: the driver needs neither), other students' folders, the gradebook;
  network     a private namespace, loopback only; the one way out is the tutor's unix
              socket, bound in read-only, carrying at most CONNECTIONS at once and
              REQUEST_MB towards the tutor in all. The
              driver's relay listens on the sandbox's 127.0.0.1 and carries each
              connection to it;
  processes   a PID namespace, --die-with-parent, RLIMIT_NPROC / AS / FSIZE / NOFILE set
              by the driver before the student's code is imported, and the time limit;
  disk        the project lives on the grader's disk (it is read back after the sandbox
              is gone), so the runner measures it twice a second and stops the sandbox
              past ArenaConfig.project_mb / project_files.

On the host, each task's socket leads to a tutor of its own (one per task, in the arena's
worker), so a sandbox can neither reach another student's accounting nor the tutor's
process: it only sends HTTP requests, and every request it sends is counted against it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import threading
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from agentcourse.grading.sandbox import bwrap
from agentcourse.grading.sandbox.bwrap import (
    SANDBOX_HOME,
    SandboxLimits,
    check_roots_hide,
    kernel_uid,
    mount_parents,
    outermost,
    system_argv,
    write_identity,
)

PROJECT = f"{SANDBOX_HOME}/project"  # the scratch project's path inside the sandbox
SOCKET = "/arena/tutor.sock"  # the tutor's socket inside the sandbox
DRIVER = "/arena/drive.py"


def python_roots() -> list[Path]:
    """What the driver and a student's agent need to run: the interpreter, its standard
    library and site-packages. Not this package or the checkpoints (environment_roots
    adds them for notebooks; an arena entrant needs neither)."""
    return outermost(bwrap.python_roots())


CONNECTIONS = 8  # a sandbox's connections to its tutor at once; more wait their turn
REQUEST_MB = 128  # what a sandbox may send its tutor in all: the tutor's records keep every request


class Budget:
    """Bytes a sandbox may still send its tutor (thread-safe: every connection spends it)."""

    def __init__(self, mb: int):
        self.left, self.lock = mb << 20, threading.Lock()

    def spend(self, n: int) -> bool:
        """False, once `n` more bytes would overdraw it."""
        with self.lock:
            self.left -= n
            return self.left >= 0


def pipe(src: socket.socket, dest: socket.socket, budget: Budget | None = None) -> None:
    """Copy one side of a connection to the other until it closes or `budget` runs out."""
    try:
        while data := src.recv(65536):
            if budget is not None and not budget.spend(len(data)):
                break
            dest.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dest):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


@contextmanager
def socket_to(url: str, path: Path, connections: int = CONNECTIONS, request_mb: int = REQUEST_MB):
    """A unix socket at `path` whose connections are carried to the tutor at `url`, at most
    `connections` at once and `request_mb` towards the tutor in all: the tutor runs in the
    grader's process, holds a whole request body (up to 32 MB) for each connection and
    records every request, so a sandbox holding hundreds open, or sending request after
    request, would otherwise fill the grader's memory. An SDK client needs one or two
    connections; an honest turn sends a few MB."""
    target = urlparse(url)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    os.chmod(path, 0o777)  # the sandbox's unprivileged uid must connect
    server.listen(64)
    stop, slots, budget = threading.Event(), threading.BoundedSemaphore(connections), Budget(request_mb)

    def serve() -> None:
        while not stop.is_set():
            slots.acquire()
            try:
                client, _ = server.accept()
                upstream = socket.create_connection((target.hostname, target.port))
            except OSError:
                slots.release()
                if stop.is_set():
                    return
                continue
            threading.Thread(target=_carry, args=(client, upstream, slots, budget), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield path
    finally:
        stop.set()
        server.close()


def _carry(client: socket.socket, upstream: socket.socket, slots: threading.BoundedSemaphore,
           budget: Budget) -> None:
    """Both directions of one connection; its slot is free again once both have closed."""
    back = threading.Thread(target=pipe, args=(upstream, client), daemon=True)
    back.start()
    pipe(client, upstream, budget)
    back.join()
    for s in (client, upstream):
        s.close()
    slots.release()


@dataclass
class Confinement:
    """How each graded task is confined (ArenaConfig.confined)."""

    limits: SandboxLimits = field(default_factory=lambda: SandboxLimits(memory_mb=2048, processes=64))
    secrets: tuple[Path, ...] = ()  # folders no root may contain (solutions/, submissions, gradebook)

    def check(self) -> None:
        """ConfinementUnavailable when a Python root would show a secret folder."""
        check_roots_hide(python_roots(), list(self.secrets))

    def argv(self, submission: Path, task_dir: Path, request: str, uid: int | None) -> list[str]:
        """bwrap, its mounts, then the driver (uid: the sandbox's own, when run as root)."""
        env = {"AGENT_TRACE": "off", "ANTHROPIC_API_KEY": "arena-sandbox"}
        argv = system_argv(env, task_dir, self.limits)
        made: set[str] = set()
        for root in python_roots():
            argv += mount_parents(root, made) + ["--ro-bind", str(root), str(root)]
        argv += ["--perms", "0755", "--dir", "/arena",  # searchable by the sandbox's uid
                 "--bind", str(task_dir / "project"), PROJECT,
                 "--ro-bind", str(submission), "/submission",
                 "--ro-bind", str(task_dir / "drive.py"), DRIVER,
                 "--ro-bind", str(task_dir / "tutor.sock"), SOCKET, "--chdir", PROJECT]
        launch = [sys.executable, "-I", DRIVER, "/submission", request, "--relay", SOCKET,
                  "--limits", json.dumps(asdict(self.limits))]
        return [*argv, "--", *launch, *(["--uid", str(uid)] if uid is not None else [])]

    def run(self, entrant, task, root: Path, task_dir: Path, ledger, config) -> str:
        """Run `entrant` on `task` confined; its own tutor outside. The exit column."""
        from agentcourse.arena.runner import DRIVER as HOST_DRIVER
        from agentcourse.arena.runner import run_process
        from agentcourse.tutor import TutorConfig, serve

        uid = kernel_uid()
        write_identity(task_dir, uid)
        shutil.copyfile(HOST_DRIVER, task_dir / "drive.py")
        if uid is not None:  # the sandbox's uid writes the project, and only it
            for path in [root, *root.rglob("*")]:
                os.chown(path, uid, uid, follow_symlinks=False)
        with serve(TutorConfig(ledger=ledger.add, any_model=True)) as url, \
                socket_to(url, task_dir / "tutor.sock"):
            argv = self.argv(entrant.folder, task_dir, task.request, uid)
            return run_process(argv, task_dir, {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, config, watch=root)

