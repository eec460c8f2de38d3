"""How the grader runs a judged lab: course cells in the judge and the kernel, answer cells
in the kernel, test cells in the judge only (process.py), while the kernel serves the
channel (serve.py). Used by ConfinedExecute (sandbox/confine.py) for a lab whose source
metadata says `"judge": true`.

A test cell runs in parts: its visible checks, then (if they pass) its hidden ones, each
with the kernel serving one `serve(...)` call. Its outputs in the graded notebook are the
judge's: what the course's checks printed, the student's own prints while the visible part
ran, and the judge's error, so nbgrader scores the cell as the judge decided.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agentcourse.clock import FairDeadline
from agentcourse.course import nbtools
from agentcourse.course.nbfile import BEGIN_HIDDEN, END_HIDDEN
from agentcourse.grading.judge import wire
from agentcourse.grading.judge.tables import HYPOTHESIS_HOME, unicode_tables

GRACE = 3.0  # seconds the judge may take to answer after the kernel's part ended
# The judge's environment: the student's kernel's address-space limit in MB, when it has one
# (a check that must see a read the kernel could not hold in memory: Lab 4's streaming check,
# agentcourse.course.scaffold.lab04.KERNEL_MEMORY, which reads it).
KERNEL_MEMORY = "AGENTCOURSE_KERNEL_MEMORY_MB"


def parts(source: str) -> list[tuple[bool, str]]:
    """A test cell's regions in order, (hidden?, source): visible checks, hidden ones, ...
    Each region keeps its lines' numbers (the others become blank lines)."""
    lines, regions, hidden = source.splitlines(keepends=True), [], False
    current: list[str] = []
    for line in lines:
        marker = line.strip()
        if marker in (BEGIN_HIDDEN, END_HIDDEN) and (marker == BEGIN_HIDDEN) != hidden:
            regions.append((hidden, current))
            hidden, current = marker == BEGIN_HIDDEN, []
        current.append("\n" if marker in (BEGIN_HIDDEN, END_HIDDEN) else line)
    regions.append((hidden, current))
    out, before = [], 0
    for is_hidden, chunk in regions:
        if "".join(chunk).strip():
            out.append((is_hidden, "\n" * before + "".join(chunk)))
        before += len(chunk)
    return out


def kernel_environment(folder: Path) -> dict[str, str]:
    """What the student's kernel is told: it is graded by the judge, and where the tutor is."""
    return {nbtools.ROLE: "kernel", nbtools.TUTOR_SOCKET: str(folder / "tutor.sock")}


class JudgeRun:
    """One notebook's judge process and its channel."""

    def __init__(self, folder: Path, names: list[str], uid: int | None = None, sandbox: Any = None,
                 kernel_memory_mb: int | None = None) -> None:
        """`folder`: made here, shared with the kernel (its sockets and scratch projects).
        `sandbox(env) -> argv`: the judge's own sandbox (bwrap.judge_argv), as the kernel's
        `uid`; None runs it as a plain process (grading without confinement).
        `kernel_memory_mb`: the kernel's address-space limit, if it has one."""
        folder.mkdir(mode=0o700)
        if uid is not None:
            os.chown(folder, uid, uid)
        self.folder, self.channel = folder, str(folder / "judge.sock")
        # Read-only in the judge's sandbox (bwrap.judge_argv binds it). A judge without one
        # runs as the grader's user, and Hypothesis rewrites a table it read as a private file.
        tables = unicode_tables() if sandbox is not None else None
        env = {nbtools.ROLE: "judge", nbtools.TUTOR_SOCKET: str(folder / "tutor.sock"),
               **{k: v for k, v in os.environ.items() if k.startswith("AGENTCOURSE_PROPERTY_")},
               **({KERNEL_MEMORY: str(int(kernel_memory_mb))} if kernel_memory_mb else {}),
               **({HYPOTHESIS_HOME: str(tables)} if tables else {})}
        if sandbox is None:
            outer = {k: v for k, v in os.environ.items() if k != KERNEL_MEMORY}  # only the grader says it
            argv, env, cwd = [sys.executable, "-m", "agentcourse.grading.judge.process"], {**outer, **env}, folder
        else:
            argv, env, cwd = sandbox(env), {}, None
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True, cwd=cwd)
        self.part = 0
        self._ask({"op": "start", "channel": self.channel, "names": names}, 60)

    def course(self, source: str) -> dict:
        """A locked course cell (setup, checks, teardown), run in the judge too."""
        return self._ask({"op": "run", "source": source, "test": False}, 120)

    def test(self, source: str, seconds: float, serve: Callable[[str], list]) -> tuple[list[dict], list]:
        """Run a test cell: [(judge's answer) per part run], and the kernel's outputs of the
        visible part. `serve(code)` runs code in the kernel and returns its outputs."""
        answers, shown = [], []
        for hidden, piece in parts(source):
            self.part += 1
            self._send({"op": "run", "source": piece, "test": True, "seconds": seconds, "part": self.part,
                        "hidden": hidden})
            outputs = serve(f"from agentcourse.grading.judge.serve import serve\nserve({self.channel!r}, {self.part})")
            answer = self._read(GRACE)
            if answer is None:
                self._abort()
                answer = self._read(seconds + GRACE) or {"stdout": "", "error": {
                    "ename": "TimeoutError", "evalue": "the judge did not answer", "traceback": [], "timeout": True}}
            if hidden:  # nothing printed while a hidden check ran is kept
                answer = {**answer, "stdout": ""}
            else:
                shown += [o for o in outputs if o.get("output_type") == "stream"]
            answers.append(answer)
            if answer.get("error"):
                break
        return answers, shown

    def close(self) -> None:
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()

    # ------------------------------------------------------------ the pipe to the judge

    def _abort(self) -> None:
        """The kernel's part ended and it never connected: tell the judge so."""
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(2)
            sock.connect(self.channel)
            wire.send(sock, {"op": "abort", "part": self.part})
            sock.close()
        except OSError:
            pass

    def _send(self, request: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()

    def _ask(self, request: dict, seconds: float) -> dict:
        self._send(request)
        answer = self._read(seconds)
        if answer is None:
            raise RuntimeError("the judge did not answer")
        return answer

    def _read(self, seconds: float) -> dict | None:
        """The judge's next answer, waited for `seconds` on the fair clock (the judge counts
        its own limits on it); None when none came."""
        assert self.proc.stdout is not None
        limit = FairDeadline(seconds)
        while (left := limit.left()) > 0:
            ready, _, _ = select.select([self.proc.stdout], [], [], min(left, 0.5))
            if ready:
                line = self.proc.stdout.readline()
                return json.loads(line) if line else None
        return None


def timed_out(answers: list[dict]) -> bool:
    """Whether the cell's time ran out in the judge (the kernel never answered within it):
    the grader's knowledge, like a timeout of an unjudged cell, never a failed check."""
    return any((a.get("error") or {}).get("timeout") is True for a in answers)


def cell_outputs(answers: list[dict], shown: list) -> list[dict]:
    """The test cell's outputs: one stream of what was printed, then the judge's error."""
    text = "".join(str(o.get("text", "")) for o in shown) + "".join(a.get("stdout", "") for a in answers)
    outputs: list[dict[str, Any]] = []
    if text:
        outputs.append({"output_type": "stream", "name": "stdout", "text": text[-20_000:]})
    error = next((a["error"] for a in answers if a.get("error")), None)
    if error:
        outputs.append({"output_type": "error", "ename": str(error.get("ename", "Error")),
                        "evalue": str(error.get("evalue", "")),
                        "traceback": [str(line) for line in error.get("traceback") or []]})
    return outputs
