"""Lab 8's references: what its checks compare a student's answer with (the count of an
edit's matches, the file an insert leaves, what the sandbox shows at each folder). The judge
imports them; a graded student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

from typing import Any

from agentcourse.course.scaffold.lab08 import SYSTEM, git_config_files


def occurrences(text: str, old: str) -> int:
    """Where old starts in text, overlaps counted, as the task text defines a match."""
    return sum(text[i : i + len(old)] == old for i in range(len(text) - len(old) + 1)) if old else 0


def inserted(lines: list[str], n: int, text: str) -> str:
    """The file an insert of `text` after line `n` of `lines` leaves, by the task's rules:
    whole lines, and a file whose last line has no "\\n" keeps none."""
    new = text if text.endswith("\n") else text + "\n"
    if n == len(lines) and lines and not lines[-1].endswith("\n"):
        return "".join(lines) + "\n" + new[:-1]
    return "".join(lines[:n]) + new + "".join(lines[n:])


def mounts_of(policy: Any, project: str, home: str, python_roots: list[str]) -> dict[str, str]:
    """Every folder Task 5's text names, with what the sandbox shows there."""
    named = {"/tmp": "private", home: "private", "/proc": "proc", "/dev": "devices"}
    for folder in (*SYSTEM, *python_roots, *policy.readable, *(git_config_files(home) if policy.git_config else ())):
        named[folder] = "read-only"
    for folder in (*policy.writable, project):
        named[folder] = "read-write"
    return named


def expected_view(named: dict[str, str], path: str) -> tuple[str, str]:
    """(what a command inside finds at `path`, the folder that decides it): the deepest named
    folder at or above `path` wins; nothing named there is "absent"."""
    holders = [f for f in named if path == f or path.startswith(f.rstrip("/") + "/")]
    if not holders:
        return "absent", ""
    deepest = max(holders, key=lambda f: f.rstrip("/").count("/"))
    return named[deepest], deepest
