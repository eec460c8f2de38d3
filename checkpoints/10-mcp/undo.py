"""undo.py (checkpoint 09): what a turn changed in the project's files, and /undo to put it back.

Try it: in `agentcourse run 09`, ask for a change, then type /undo.

    You: Add a multiply function to math_utils.py.
    You: /undo
      [undo] math_utils.py restored (changed by turn 1)

The text editor keeps a backup of every file it changes (.agent-backups/, checkpoint 08),
but a command changes files too (`sed -i`, a formatter, a test that writes a cache), and
no backup sees those. So the project is copied before every turn: every regular file up
to MAX_FILE bytes, MAX_TOTAL bytes in all; a bigger file is known by its size and time,
enough to say it changed but not to restore it. After the turn, the files that differ
are its changes: each with its content before (None: it did not exist) and after.

/undo takes back the last turn's changes, then the one before, up to MAX_TURNS: a file
is written back as it was, a file the turn made is removed. A file changed again since
(by you, in your editor) is left alone and named: undo never loses work done after the
turn. The copies live in the agent's own memory, which nothing in the sandbox can reach
or change; .git, caches and the agent's own files (.agent*: its trace, backups, outputs
and hooks) are never copied nor restored.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_FILE = 1_000_000  # bytes: a bigger file is noticed when it changes, never restored
MAX_TOTAL = 50_000_000  # bytes copied per turn: beyond this, files are known by size and time
MAX_TURNS = 10  # turns /undo can go back
SKIP = frozenset((".git", "__pycache__", ".pytest_cache", ".venv", "node_modules",
                  ".mypy_cache", ".ruff_cache"))  # folders never copied, besides the agent's own
OWN = ".agent"  # the agent's own files and folders start so: its trace, backups, outputs, hooks


@dataclass(frozen=True)
class TooBig:
    """A file not copied (over MAX_FILE, or past MAX_TOTAL): known by its size and time."""

    size: int  # bytes
    mtime: int  # nanoseconds


@dataclass
class Change:
    """One file a turn changed."""

    path: str  # relative to the project
    before: bytes | TooBig | None  # its content before the turn; None: it did not exist
    after: bytes | TooBig | None  # its content after; None: the turn removed it


def snapshot(project: str) -> dict[str, bytes | TooBig]:
    """Every regular file of the project (no link followed) by its relative path."""
    files, total = {}, 0
    for folder, dirs, names in os.walk(project):
        dirs[:] = sorted(d for d in dirs if d not in SKIP and not d.startswith(OWN))
        for name in sorted(n for n in names if not n.startswith(OWN)):
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
                if not os.path.isfile(path) or os.path.islink(path):
                    continue
                if info.st_size > MAX_FILE or total + info.st_size > MAX_TOTAL:
                    files[os.path.relpath(path, project)] = TooBig(info.st_size, info.st_mtime_ns)
                    continue
                with open(path, "rb") as file:
                    data = file.read()
            except OSError:
                continue  # gone meanwhile, or unreadable: not ours to restore
            total += len(data)
            files[os.path.relpath(path, project)] = data
    return files


def changes(before: dict, after: dict) -> list[Change]:
    """The files that differ between two snapshots, sorted by path."""
    return [Change(path, before.get(path), after.get(path))
            for path in sorted(before.keys() | after.keys()) if before.get(path) != after.get(path)]


def _remove(project: str, path: str) -> None:
    """Remove a file the turn made (only a file inside the project, never through a link)."""
    full = os.path.join(project, path)
    real = os.path.join(os.path.realpath(os.path.dirname(full)), os.path.basename(full))
    if real != os.path.join(os.path.realpath(project), path) or not os.path.isfile(full) or os.path.islink(full):
        raise OSError(f"{path} is no longer a plain file inside the project")
    os.unlink(full)


@dataclass
class Undo:
    """The project's copy before the turn in progress, and the changes of the turns before."""

    write: Callable[[str, bytes], None]  # writes a file back (confined.write: no link followed)
    before: dict = field(default_factory=dict)  # the project as the turn in progress found it
    turns: list[tuple[int, list[Change]]] = field(default_factory=list)  # (turn, its changes)

    def begin(self, project: str) -> None:
        """Copy the project before a turn."""
        self.before = snapshot(project)

    def end(self, project: str, turn: int) -> list[Change]:
        """What the turn changed, kept for /undo (the oldest dropped past MAX_TURNS)."""
        found = changes(self.before, snapshot(project))
        if found:
            self.turns = [*self.turns, (turn, found)][-MAX_TURNS:]
            print(f"  [undo] {len(found)} file(s) changed: /undo takes them back")
        self.before = {}
        return found

    def undo(self, project: str) -> list[str]:
        """Take back the last turn's changes; a line per file for the user."""
        if not self.turns:
            return ["  [undo] nothing to undo: no turn changed a file (or the last ones were undone)"]
        turn, found = self.turns.pop()
        now, lines = snapshot(project), []
        for change in found:
            what = f"{change.path} (changed by turn {turn})"
            if now.get(change.path) != change.after:
                lines.append(f"  [undo] {what} left alone: it changed again since")
            elif isinstance(change.before, TooBig) or isinstance(change.after, TooBig):
                lines.append(f"  [undo] {what} left alone: too big to have been copied")
            else:
                try:
                    if change.before is None:
                        _remove(project, change.path)
                    else:
                        self.write(change.path, change.before)
                except (OSError, ValueError) as err:
                    lines.append(f"  [undo] {what} not restored: {err}")
                    continue
                lines.append(f"  [undo] {what} {'removed' if change.before is None else 'restored'}")
        return lines
