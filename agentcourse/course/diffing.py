"""`agentcourse diff A B`: what changed between two checkpoints' programs.

    agentcourse diff 03 04
    agentcourse diff 02-stub-agent 05

A unified diff of the two checkpoint folders (found by number or folder name), as
`diff -ru` would print it, coloured when printed to a terminal, then one summary line:
"+N/-M lines" and which files changed. The programs are diffed with each other; each
module beside them (tools.py, usage.py, context.py...) with the module of the same name
in the other folder, or with nothing when it is new or gone. From checkpoint 03 on, a
module a checkpoint carries is a byte-for-byte copy, so it does not show: the diff is
exactly the lesson.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from agentcourse.paths import REPO_ROOT, checkpoint_modules, checkpoint_program, find_checkpoint

CONTEXT_LINES = 3  # unchanged lines shown around each change, as in `diff -u`
STYLES = {"+": "green", "-": "red", "@": "cyan"}


@dataclass
class ProgramDiff:
    """The diff between two checkpoint programs."""

    old_name: str  # e.g. "checkpoints/03-real-tools/agent.py"
    new_name: str
    lines: list[str]  # unified diff lines, without trailing newlines
    added: int  # lines only in the new program
    removed: int  # lines only in the old program
    modules: list[str] = field(default_factory=list)  # modules beside the programs that were diffed
    changed: list[str] = field(default_factory=list)  # files that differ: "agent.py", "tools.py (new)"


def _lines(path: Path | None) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path else []


def _label(path: Path | None) -> str:
    return str(path.relative_to(REPO_ROOT)) if path else "/dev/null"  # as diff -u names "no file"


def diff_checkpoints(a: str, b: str, context: int = CONTEXT_LINES) -> ProgramDiff:
    """Diff the programs of checkpoints `a` and `b`, and the modules beside them
    (UnknownCheckpoint if either is unknown)."""
    old_dir, new_dir = (find_checkpoint(name) for name in (a, b))
    old, new = checkpoint_program(old_dir), checkpoint_program(new_dir)
    old_name, new_name = (str(p.relative_to(REPO_ROOT)) for p in (old, new))
    pairs = [(old, new, old_name, new_name)]
    old_mods = {p.name: p for p in checkpoint_modules(old_dir)}
    new_mods = {p.name: p for p in checkpoint_modules(new_dir)}
    names = sorted(set(old_mods) | set(new_mods))
    for name in names:
        before, after = old_mods.get(name), new_mods.get(name)
        pairs.append((before, after, _label(before), _label(after)))
    lines: list[str] = []
    changed: list[str] = []
    for before, after, label_a, label_b in pairs:
        hunk = list(difflib.unified_diff(_lines(before), _lines(after), label_a, label_b,
                                         n=context, lineterm=""))
        if hunk:
            name = (after or before).name
            changed.append(f"{name} (new)" if before is None else
                           f"{name} (gone)" if after is None else name)
        lines += hunk
    body = [line for line in lines if not line.startswith(("+++", "---"))]
    added = sum(1 for line in body if line.startswith("+"))
    removed = sum(1 for line in body if line.startswith("-"))
    return ProgramDiff(old_name, new_name, lines, added, removed, names, changed)


def summary(diff: ProgramDiff) -> str:
    """One line: '+N/-M lines (old -> new)', or that the two are identical."""
    if not diff.lines:
        return f"no differences ({diff.old_name} and {diff.new_name} are identical)"
    files = f": {', '.join(diff.changed)}" if diff.changed else ""
    old, new = (name.rsplit("/", 1)[0] for name in (diff.old_name, diff.new_name))
    return f"+{diff.added}/-{diff.removed} lines ({old} -> {new}{files})"


def print_diff(diff: ProgramDiff, console: Console) -> None:
    """The diff, coloured by line kind when the console is a terminal, then the summary."""
    for line in diff.lines:
        style = "bold" if line.startswith(("+++", "---")) else STYLES.get(line[:1])
        console.print(Text(line, style=style or ""), soft_wrap=True)
    console.print(Text(summary(diff), style="bold"), soft_wrap=True)


def cli_diff(args: Any) -> int:
    """`agentcourse diff A B`."""
    # Colour only for a person at a terminal; a pipe or file gets the plain diff.
    console = Console(no_color=not sys.stdout.isatty(), highlight=False)
    print_diff(diff_checkpoints(args.a, args.b), console)
    return 0
