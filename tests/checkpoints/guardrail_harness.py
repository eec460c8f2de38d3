"""How the guardrail's tests judge a command: what it asks with everything visible approved,
and what it really does under bash when it runs unasked.

`outcome` plays a user who has approved "always" every program visible in a session (shells
and interpreters too) and answers "y" to every earlier command: what does the last command
get? `Bash` runs what the guardrail lets through: every name on PATH is a stub that logs its own name; the allowlisted programs log and then
run the real program (so a write by `sort -o`, had it been let through, would show). The
command runs in a scratch project; "no file was written" means the project, HOME and TMPDIR
hold the same names, kinds, modes and contents afterwards.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

# Approved "always" in every judged session, beside every name visible in it: approving
# these must never let anything but the allowlisted programs run unasked.
TRUSTED = {"bash", "sh", "python", "python3", "rm", "git", "find", "env", "sudo", "sed", "awk",
           "xargs", "make", "timeout", "nice", "eval", "source", "command", "builtin", "exec"}


def commands_of(session) -> tuple:
    return (session,) if isinstance(session, str) else tuple(session)


def outcome(guardrail, session) -> str:
    """"allow" (ran unasked), "ask_once" (asked for the exact command only, or refused without
    asking) or "ask_always" (asked, offering "always"), for the session's last command."""
    commands = commands_of(session)
    visible = {w for c in commands for w in re.findall(r"[\w./+-]+", c)}
    asked = []
    g = guardrail.Guardrail(ask=lambda c, p, r: "y",
                            approved=set(guardrail.POLICY.programs) | TRUSTED | visible)
    for command in commands[:-1]:
        g.check(command)
    g.ask = lambda c, p, r: asked.append(list(p)) or "n"
    refusal = g.check(commands[-1])
    if refusal is None:
        return "allow" if not asked else "asked, yet ran"
    return "ask_always" if asked and asked[0] else "ask_once"

STUB = '#!/bin/sh\nprintf "%s\\n" "${0##*/}" >> "$STUB_LOG"\n'
WRAPPER = STUB + 'exec "REAL" "$@"\n'
FILES = {  # a small project, so that the commands have something to read
    "a": "b\na\nb\n", "b": "a\n", "x": "x\n", "y": "y\n", "README.md": "# demo\n",
    "main.py": "import os\n\n\ndef main():\n    pass\n", "log.txt": "ok\nerror\n",
    "data.csv": "1,2,3\n4,5,6\n", "names.txt": "bo\nal\n", "counts.txt": "3 a\n10 b\n",
    "notes.txt": "note\n", "config": "# c\nk=v\n", "data": "x1 y\n", "old.py": "a = 1\n",
    "new.py": "a = 2\n", "patterns.txt": "def\n", "src/main.py": "def main():\n    pass\n",
    "src/a.py": "TODO\n", "tests/test_a.py": "def test():\n    pass\n", "backup/main.py": "\n",
}


def names_in(commands) -> set[str]:
    """Every word of the commands that could name a program on PATH."""
    return {w for c in commands for w in re.findall(r"[A-Za-z0-9_.+-]+", c)
            if not w.startswith("-") and w not in (".", "..")}


def snapshot(root: Path) -> dict[str, tuple]:
    """Names, kinds, modes and contents of everything under `root`."""
    seen = {}
    for path in sorted(root.rglob("*")):
        kind = "link" if path.is_symlink() else "dir" if path.is_dir() else "file"
        data = path.read_bytes() if kind == "file" else None
        seen[str(path.relative_to(root))] = (kind, path.lstat().st_mode, data)
    return seen


class Bash:
    """A PATH of stubs in `tmp`, and a fresh scratch project for each run."""

    def __init__(self, tmp: Path, names: set[str], allowlist, builtins):
        self.tmp, self.bin, self.runs = tmp, tmp / "bin", 0
        self.bin.mkdir()
        self.real = {}
        for name in names | set(allowlist):
            real = shutil.which(name)
            if name in allowlist and name not in builtins and real:
                self.real[name] = real
                (self.bin / name).write_text(WRAPPER.replace("REAL", real))
            else:
                (self.bin / name).write_text(STUB)
            (self.bin / name).chmod(0o755)
        self.fresh = snapshot(self._scratch())  # a scratch project as made, before any run

    def _scratch(self) -> Path:
        self.runs += 1
        root = self.tmp / f"run{self.runs}"
        for relative, text in FILES.items():
            (root / "project" / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / "project" / relative).write_text(text)
        (root / "home").mkdir()
        (root / "tmp").mkdir()
        return root

    def _run(self, commands: tuple[str, ...], with_last: bool) -> tuple[set[str], dict]:
        root = self._scratch()
        log = self.tmp / f"log{self.runs}"
        log.write_text("")
        script = "".join(f"{c}\n" for c in commands[:-1])
        if with_last:
            script += f"STUB_LOG={log}\n{commands[-1]}\n"
        env = {"PATH": str(self.bin), "STUB_LOG": "/dev/null", "HOME": str(root / "home"),
               "TMPDIR": str(root / "tmp"), "LC_ALL": "C"}
        try:
            subprocess.run([shutil.which("bash"), "--norc", "--noprofile", "-c", script],
                           cwd=root / "project", env=env, timeout=10, capture_output=True,
                           stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            pass
        return set(log.read_text().split()), snapshot(root)

    def run(self, session: str | tuple[str, ...]) -> tuple[set[str], list[str]]:
        """The programs bash started for the session's last command, and the paths it
        changed (earlier commands, approved before, ran first in the same shell)."""
        commands = commands_of(session)
        if len(commands) > 1:  # what the earlier commands did is not the last one's doing
            _, before = self._run(commands, with_last=False)
        ran, after = self._run(commands, with_last=True)
        if len(commands) == 1:
            before = self.fresh

        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        return ran, changed
