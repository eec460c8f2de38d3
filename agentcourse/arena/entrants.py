"""Who enters the arena: a program that follows the checkpoint contract, or a command line.

    entrant("08")                                   # a checkpoint by number or name
    entrant("students/ada")                         # a folder whose agent.py defines run_turn
    command_entrant("python3 my_agent.py")          # run once per task, the request last

A folder is checked without importing it (its code may be hostile): agent.py must exist
and define run_turn at the top level. A command entrant is run with the scratch project as
its working folder and ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY set, so any CLI that speaks
the Messages API (Claude Code among them) can enter.
"""

from __future__ import annotations

import ast
import functools
import shlex
from dataclasses import dataclass
from pathlib import Path

from agentcourse.errors import BadEntrant, UnknownCheckpoint
from agentcourse.paths import find_checkpoint


@dataclass(frozen=True)
class Entrant:
    """One contestant: a name for the tables and how to start it."""

    name: str  # shown in tables, CSV rows and the figure
    folder: Path | None = None  # a checkpoint-contract program: the folder holding agent.py
    command: tuple[str, ...] = ()  # or a command line; the request is appended as its last argument

    @property
    def kind(self) -> str:
        return "program" if self.folder is not None else "command"


def defines_run_turn(source: str) -> bool:
    """Does the module define run_turn at its top level (a def, or a name bound to it)?"""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "run_turn":
            return True
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "run_turn" for t in targets):
            return True
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == "run_turn" for a in node.names):
            return True
    return False


# What an entrant supports beyond the contract, told by its own source (never imported):
# capability -> the text a module of its folder holds when it has it.
CAPABILITIES = {"mcp": ".mcp.json"}  # an MCP client: it reads the project's MCP servers


@functools.cache
def capabilities(folder: Path) -> frozenset[str]:
    """The capabilities a checkpoint-contract folder's modules show (CAPABILITIES)."""
    sources = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(Path(folder).glob("*.py"))]
    return frozenset(c for c, mark in CAPABILITIES.items() if any(mark in s for s in sources))


def can_take(who: Entrant, requires: tuple[str, ...]) -> bool:
    """Is a task that `requires` these capabilities given to `who`? A command line is given
    every task (its program cannot be read); a folder, those its modules support."""
    return who.folder is None or set(requires) <= capabilities(who.folder)


def program_entrant(folder: Path, name: str | None = None) -> Entrant:
    """An entrant from a folder; BadEntrant when it cannot follow the contract."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BadEntrant(f"entrant {str(folder)!r}: no such folder (give a folder holding agent.py, "
                         "or a checkpoint number such as 08)")
    agent = folder / "agent.py"
    if not agent.is_file():
        raise BadEntrant(f"entrant {folder.name!r}: there is no agent.py in {folder}")
    if not defines_run_turn(agent.read_text(encoding="utf-8", errors="replace")):
        raise BadEntrant(f"entrant {folder.name!r}: agent.py does not define run_turn(client, messages)")
    return Entrant(name or folder.name, folder=folder.resolve())


def entrant(spec: str) -> Entrant:
    """A checkpoint by number or name (its folder name), else a folder path."""
    if not Path(spec).exists():
        try:
            folder = find_checkpoint(spec)
        except UnknownCheckpoint:
            folder = None
        if folder is not None:
            return program_entrant(folder, folder.name)
    return program_entrant(Path(spec))


def command_entrant(command: str) -> Entrant:
    """An entrant that is a command line (`--command`)."""
    argv = tuple(shlex.split(command))
    if not argv:
        raise BadEntrant("--command is empty")
    name = " ".join([Path(argv[0]).name, *argv[1:]])  # the program's name, not the folder it lives in
    return Entrant(name if len(name) <= 40 else name[:37] + "...", command=argv)
