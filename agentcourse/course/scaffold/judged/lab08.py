"""Lab 8's references: what its checks compare a student's answer with (the count of an
edit's matches, the file an insert leaves, what the sandbox shows at each folder) and the
judge of a guardrail's session, whose messages name what each step should have done. The judge
imports them; a graded student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

from typing import Any

from agentcourse.course.scaffold.lab08 import (
    REFUSAL,
    SYSTEM,
    Asker,
    changes_shell,
    git_config_files,
)


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


def _replies(steps: list[tuple], fenced: bool) -> list[str]:
    """The answers a scripted user gives, in order: one per step that must ask."""
    approved: set[str] = set()
    changed, replies = False, []
    for command, programs, reply in steps:
        if programs is not None and fenced and not changed:
            pending = set(programs) - approved
            if not pending:
                continue
            approved |= pending if reply == "a" else set()
        replies.append(reply)
        changed = changed or (reply in ("y", "a") and changes_shell(command))
    return replies


def check_session(make_guardrail: Any, steps: list[tuple], fenced: bool = True) -> None:
    """Run `steps` through a fresh Guardrail(user, fenced), `user` a scripted Asker, and
    assert Task 4's rules at every step: who is asked what, what runs, what "always"
    approves. Messages name the step."""
    user = Asker(*_replies(steps, fenced))
    guard = make_guardrail(user, fenced=fenced)
    approved: set[str] = set()
    changed = False
    history: list[str] = []
    for command, programs, reply in steps:
        before = len(user.asked)
        where = f"after {history or 'nothing'}, " if history else ""
        result = guard.check(command)
        questions = [(asked, sorted(offered)) for asked, offered in user.asked[before:]]
        if programs is not None and fenced and not changed:
            pending = set(programs) - approved
            if not pending:
                assert questions == [] and result is None, (
                    f"{where}check({command!r}): every program is approved already, so it runs unasked "
                    f"(asked {questions}, returned {result!r})")
                history.append(f"{command!r} (unasked)")
                continue
            assert len(questions) == 1 and questions[0][0] == command and set(questions[0][1]) == pending, (
                f"{where}check({command!r}) should ask once, offering the programs not approved yet "
                f"{sorted(pending)} (in any order); it asked {questions}")
            if reply == "a":
                approved |= pending
        else:
            why = ("there is no sandbox" if not fenced else "an earlier command may have changed the shell"
                   if changed and programs is not None else "\"always\" cannot cover it")
            assert questions == [(command, [])], (
                f"{where}check({command!r}) should ask once for this exact command, with programs=[] ({why}); "
                f"it asked {questions}")
        runs = reply in ("y", "a")
        assert result == (None if runs else REFUSAL), (
            f"{where}check({command!r}) with the answer {reply!r} should return "
            f"{'None' if runs else 'REFUSAL'}, not {result!r}")
        changed = changed or (runs and changes_shell(command))
        assert changed or set(guard.approved) == approved, (  # once changed, approvals no longer matter
            f"{where}check({command!r}) answered {reply!r}: approved should be {sorted(approved)}, "
            f"not {sorted(guard.approved)} (\"a\" approves the programs offered; \"y\" and an exact "
            "command approve nothing for later)")
        history.append(f"{command!r} {reply}")
