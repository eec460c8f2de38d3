"""ConfinedKernelManager: jupyter_client's kernel manager with every kernel started inside
the bubblewrap sandbox (bwrap.py), talking to the grader over IPC sockets.

confine.py's ConfinedExecute makes one per kernel it starts. TCP loopback would need the
host's network namespace, so the kernel binds ZeroMQ unix sockets in a folder shared with
the grader; before connecting, the grader hard-links each socket into a private folder the
kernel cannot see, so the kernel cannot swap a socket for a symlink to some other socket on
the host.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
import subprocess
import tempfile
import time
from pathlib import Path

import zmq
from jupyter_client.manager import AsyncKernelManager
from traitlets import Dict, List

from agentcourse.errors import ConfinementUnavailable
from agentcourse.grading.sandbox.bwrap import (
    SandboxLimits,
    check_roots_hide,
    environment_roots,
    kernel_uid,
    sandbox_argv,
    write_identity,
)

MAX_MESSAGE = 64 << 20  # bytes: the largest message the grader accepts from a kernel
SOCKETS = ("shell", "iopub", "stdin", "control", "hb")


class ConfinedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels run inside the sandbox, over IPC sockets."""

    limits = Dict({}, help="SandboxLimits fields, as a dict").tag(config=True)
    secret_paths = List([], help="paths the environment must not contain").tag(config=True)
    checkpoints = List([], help="the checkpoints the kernel may load (the lab's metadata)").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.transport = "ipc"
        # A message bigger than this (one huge line of output) drops the connection instead
        # of filling the grader's memory; the cell then fails and the student is flagged.
        self.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)
        # Named after this process, so whoever kills it can remove what it left (stale_dirs).
        self.kernel_dir = Path(tempfile.mkdtemp(prefix=f"ack-{os.getpid()}-", dir=socket_parent()))
        os.chmod(self.kernel_dir, 0o700)
        (self.kernel_dir / "run").mkdir()
        (self.kernel_dir / "links").mkdir()
        self.ip = str(self.kernel_dir / "run" / "k")
        self.connection_file = str(self.kernel_dir / "run" / "kernel.json")
        self.stderr_path = self.kernel_dir / "kernel.log"
        self._uid = kernel_uid()

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        if not any("ipykernel" in part for part in kernel_cmd):
            raise ConfinementUnavailable(f"only Python kernels can be confined, not {kernel_cmd[:3]}")
        launcher_args = kernel_cmd[kernel_cmd.index(next(p for p in kernel_cmd if "ipykernel" in p)) + 1:]
        # A signal to bwrap's process group would not reach the kernel (it has its own
        # session inside the sandbox) and would kill bwrap: interrupt over the control channel.
        self.kernel_spec.interrupt_mode = "message"
        limits = SandboxLimits(**self.limits)
        roots = environment_roots()
        check_roots_hide(roots, [Path(p) for p in self.secret_paths])
        # Absolute: bwrap starts in the kernel folder, where a relative path (`lab check 1`
        # finds work/lab01 from where the student stands) would name nothing.
        submission = Path(os.path.abspath(kw.pop("cwd", None) or os.getcwd()))
        uid = self._uid
        write_identity(self.kernel_dir, uid)
        if uid is not None:
            # The kernel may create its sockets here but not list the folder; once they are
            # bound, _link_sockets closes it (root owns it), so it cannot fill the host's disk.
            os.chmod(self.kernel_dir / "run", 0o1733)
            os.chown(self.connection_file, uid, uid)
        argv = sandbox_argv(self.kernel_dir, submission, submission.name or "work",
                            ["--", *launcher_args], limits, uid, checkpoints=list(self.checkpoints))
        kw["env"] = {}  # bwrap --clearenv sets the kernel's environment itself
        kw["cwd"] = str(self.kernel_dir)
        kw["stdout"] = subprocess.DEVNULL
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed at cleanup
        kw["stderr"] = self._stderr
        await super()._async_launch_kernel(argv, **kw)

    async def _async_post_start_kernel(self, **kw) -> None:
        await self._link_sockets()
        await super()._async_post_start_kernel(**kw)

    async def _link_sockets(self, timeout: float = 60.0) -> None:
        """Wait for the kernel to bind its sockets, then hard-link each into a folder only
        the grader sees and connect through the links."""
        run, links = self.kernel_dir / "run", self.kernel_dir / "links"
        ports = [getattr(self, f"{name}_port") for name in SOCKETS]
        deadline = time.monotonic() + timeout
        pending = set(ports)
        while pending:
            for port in list(pending):
                src, dst = run / f"k-{port}", links / f"k-{port}"
                try:
                    if stat.S_ISSOCK(os.lstat(src).st_mode):
                        os.link(src, dst, follow_symlinks=False)
                        if stat.S_ISSOCK(os.lstat(dst).st_mode):
                            pending.discard(port)
                        else:
                            os.unlink(dst)
                except FileNotFoundError:
                    pass
            if not pending:
                break
            if time.monotonic() > deadline or not await self._async_is_alive():
                return  # the client fails to connect and nbclient reports a dead kernel
            await asyncio.sleep(0.02)
        self.ip = str(links / "k")
        if self._uid is not None:
            os.chmod(run, 0o555)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        self.remove_folder()

    def remove_folder(self) -> None:
        """Close the kernel's log and remove its folder: at cleanup, and after a run whose
        kernel never started (bwrap refused it), which is never cleaned up."""
        if getattr(self, "_stderr", None):
            self._stderr.close()
        shutil.rmtree(self.kernel_dir, ignore_errors=True)

    def kernel_log(self) -> str:
        """The last lines bwrap or the launcher wrote (why a kernel did not start)."""
        try:
            return self.stderr_path.read_text(errors="replace")[-2000:]
        except OSError:
            return ""


def remove_stale_dirs(pid: int) -> None:
    """Remove the kernel folders of a process that was killed before it could clean up."""
    for path in Path(socket_parent()).glob(f"ack-{pid}-*"):
        shutil.rmtree(path, ignore_errors=True)


ORPHAN_SECONDS = 24 * 3600  # a kernel folder this old whose grader is gone is a leftover


def remove_orphaned_dirs(now: float | None = None) -> list[Path]:
    """Remove this user's kernel folders whose grader was killed outright (`kill -9`, a
    machine's OOM killer) before it could clean up: its pid is gone and the folder is a day
    old. The age spares a live grader in another pid namespace that shares /tmp (its pid
    looks gone from here); its folders are younger than its students' time. Returns the
    folders removed."""
    now, removed = time.time() if now is None else now, []
    for path in Path(socket_parent()).glob("ack-*-*"):
        try:
            pid, info = int(path.name.split("-")[1]), path.lstat()
        except (ValueError, OSError):
            continue
        if (info.st_uid != os.getuid() or not stat.S_ISDIR(info.st_mode) or now - info.st_mtime < ORPHAN_SECONDS
                or _alive(pid)):
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def socket_parent() -> str:
    """Where kernel folders are made: /tmp, as unix socket paths are limited to 107 bytes."""
    return "/tmp" if os.access("/tmp", os.W_OK) else tempfile.gettempdir()
