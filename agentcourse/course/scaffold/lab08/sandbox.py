"""Lab 8's sandbox helpers: the system's folders, the policy (`SandboxPolicy`), where git
reads its configuration, and what a bwrap command line mounts where (`bwrap_options`,
`sees`).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

# ============================================================================ the sandbox
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc")  # the system's folders, read-only


@dataclass(frozen=True)
class SandboxPolicy:
    """What the shell may reach besides the project folder; every opening is one field."""

    network: bool = False  # True: commands reach the network (and this machine's loopback)
    writable: tuple = ()  # more folders commands may change
    readable: tuple = ()  # more folders commands may read
    git_config: bool = True  # ~/.gitconfig and ~/.config/git, read-only, so commits carry a name


def git_config_files(home: str) -> list[str]:
    """Where git looks for the user's configuration."""
    return [os.path.join(home, ".gitconfig"), os.path.join(home, ".config", "git")]


_TAKES = {"--bind": 2, "--ro-bind": 2, "--dev-bind": 2, "--bind-try": 2, "--ro-bind-try": 2,
          "--dev-bind-try": 2, "--symlink": 2, "--setenv": 2, "--tmpfs": 1, "--proc": 1, "--dev": 1,
          "--dir": 1, "--chdir": 1, "--remount-ro": 1, "--unsetenv": 1, "--cap-drop": 1,
          "--cap-add": 1, "--uid": 1, "--gid": 1, "--hostname": 1, "--info-fd": 1, "--perms": 1}
_KIND = {"--bind": "read-write", "--bind-try": "read-write", "--dev-bind": "read-write",
         "--dev-bind-try": "read-write", "--ro-bind": "read-only", "--ro-bind-try": "read-only",
         "--tmpfs": "private", "--proc": "proc", "--dev": "devices"}


def bwrap_options(argv: list[str]) -> tuple[list[tuple[str, tuple]], list[str]]:
    """bwrap's options in `argv` as (option, its values) up to `--`, and the command after it."""
    if not argv or os.path.basename(argv[0]) != "bwrap":
        raise ValueError(f"a bwrap command line starts with bwrap, not {argv[:1]}")
    options, i = [], 1
    while i < len(argv) and argv[i] != "--":
        option = argv[i]
        if not option.startswith("--"):
            raise ValueError(f"bwrap would run {option!r} as the command: put -- before the command")
        n = _TAKES.get(option, 0)
        options.append((option, tuple(argv[i + 1 : i + 1 + n])))
        i += 1 + n
    return options, argv[i + 1 :]


def sees(argv: list[str], path: str) -> str:
    """What a command inside the sandbox finds at the host's `path`: "read-write" or
    "read-only" (the host's file), "private" (an empty folder of the sandbox's own: the host's
    file is not there), "proc", "devices", or "absent" (nothing is mounted there). Like bwrap,
    the last mount at `path` or at a folder holding it wins."""
    try:
        mounts = _mounts(tuple(argv))
    except TypeError:  # something in argv that is no string: read it the long way
        mounts = _mounts.__wrapped__(tuple(argv))
    found = "absent"
    for kind, where in mounts:
        if path == where or path.startswith(where.rstrip("/") + "/"):
            found = kind
    return found


@functools.lru_cache(maxsize=16)  # the checks ask about many paths of one command line
def _mounts(argv: tuple) -> list[tuple[str, str]]:
    """(what it shows, where) of each mount in `argv`, in bwrap's order."""
    return [(_KIND[option], values[-1].rstrip("/") or "/") for option, values in bwrap_options(list(argv))[0]
            if option in _KIND]
