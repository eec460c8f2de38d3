"""environment.py (checkpoint 08): what the shell inherits, by allowlist, and the PATH it searches.

Try it from a project folder: it prints the names of the variables the fenced shell
would get, and its PATH.

    python path/to/checkpoints/08-anthropic-tools/environment.py

Variables. A deny-list of names that look like keys (`*TOKEN*`, `*_API_KEY`) lets through
every secret named otherwise: MYSQL_PWD, DATABASE_URL, STRIPE_KEY, a lower-case
github_token. So the shell gets only what ALLOWED names (the locale, the terminal, who
you are, the Python environment, git's identity) plus what you name in
BashPolicy(env_pass=...); nothing else. Codex CLI's shell_environment_policy
(codex-rs, config_types.rs) builds the environment in five steps: start from `inherit`
("all" by default, "core", or "none"); unless `ignore_default_excludes` (true by default
in current releases), drop names matching *KEY*, *SECRET* or *TOKEN*; drop `exclude`
patterns; add `set` values; if `include_only` is given, keep only what it matches. Its
default therefore passes everything, and its "core" keeps HOME, LOGNAME, PATH, SHELL,
USER, USERNAME, TMPDIR, TEMP and TMP. This one is always an allowlist, "core" plus the
locale, the terminal, the Python environment and git's identity (TMPDIR is left out: the
sandbox has a /tmp of its own), and a name you add is matched as written, case and all:
a new secret in your environment reaches no command until you name it.

PATH. "Always" approves a program by name, and a name means the first file of that name
on PATH. Inside the sandbox, the home folder and the project are writable: a command
approved once could plant `~/.local/bin/stat`, and the next `stat`, approved "always",
would run it. So the fenced shell's PATH keeps only your PATH's folders the sandbox
keeps read-only (the system's, the Python environment's), in your order; a folder the
session can write (under the project, the home folder, /tmp, a writable opening) is
left out, so nothing planted is ever found by name. A project's virtual environment,
activated (VIRTUAL_ENV), is part of the Python environment: the sandbox binds it
read-only, so it stays on PATH and nothing can be planted in it; an inactive one is
reached by its path (`.venv/bin/python -m pytest`), which the user sees and approves.
"""

from __future__ import annotations

import fnmatch
import os

import sandbox
from sandbox import SandboxPolicy

ALLOWED = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TERM", "TZ",
           "COLORTERM", "NO_COLOR",
           "VIRTUAL_ENV", "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "PYTHONPATH", "PYTHONHOME",
           "PYTHONUTF8", "PYTHONIOENCODING", "PYTHONDONTWRITEBYTECODE", "PYENV_VERSION", "PYENV_ROOT",
           "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL")


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def shell_path(policy: SandboxPolicy | None, project: str | None = None, search: str | None = None) -> str:
    """The PATH the shell searches: unfenced (policy None), yours as it is; fenced, only
    its folders that are read-only inside the sandbox, in your order."""
    search = os.environ.get("PATH", "") if search is None else search
    if policy is None:
        return search
    project = os.path.realpath(project or os.getcwd())
    home = os.path.realpath(os.path.expanduser("~"))
    read_only = [*sandbox.SYSTEM, *sandbox.python_roots(), *policy.readable]
    writable = [project, home, "/tmp", *policy.writable]
    kept = []
    for entry in search.split(os.pathsep):
        if not os.path.isabs(entry) or not os.path.isdir(entry):
            continue
        real = os.path.realpath(entry)
        # the deepest folder that holds it decides (a read-only venv inside the writable project)
        holders = [(len(f), f in read_only) for f in (*read_only, *writable) if _within(real, os.path.realpath(f))]
        if holders and max(holders)[1] and entry not in kept:
            kept.append(entry)
    return os.pathsep.join(kept) or "/usr/bin:/bin"


def shell_env(allowed: tuple[str, ...], passed: tuple[str, ...], policy: SandboxPolicy | None) -> dict[str, str]:
    """The shell's environment: the variables `allowed` and `passed` name (shell-style
    patterns, matched exactly as written), with PATH as shell_path() makes it."""
    names = (*allowed, *passed)
    env = {k: v for k, v in os.environ.items() if any(fnmatch.fnmatchcase(k, n) for n in names)}
    env["PATH"] = shell_path(policy)
    return env


if __name__ == "__main__":
    fenced = SandboxPolicy() if sandbox.why_no_sandbox() is None else None
    env = shell_env(ALLOWED, (), fenced)
    print("variables:", ", ".join(sorted(env)))
    print("PATH:", env["PATH"])
