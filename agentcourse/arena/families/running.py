"""Running the code a turn left behind, for the judges: functions called, files run.

    calls = call_functions(source, [("square", (3,)), ("greet", ())])
    calls[0].value, calls[1].printed     # what it returned, what it printed
    code, out = run_file(files, "reports.py")   # `python reports.py` in a scratch copy

The code comes from an agent's turn, so it never runs in the judge's own process: each
check is one fresh interpreter in a scratch folder, with a timeout, and whatever goes
wrong there (an exception, a loop, a syntax error) comes back as a reason, not a crash.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

TIMEOUT = 10  # seconds: the families' functions are tiny; a turn's loop must not hang a judge

# Runs in the fresh interpreter: the module's own prints (top-level code) are kept apart
# from each call's, so "the function prints TEXT" is about the function.
_RUNNER = r"""
import contextlib, io, json, sys
job = json.load(sys.stdin)
space, out = {"__name__": "judged"}, io.StringIO()
with contextlib.redirect_stdout(out):
    exec(compile(job["source"], "judged.py", "exec"), space)
results = []
for name, args in job["calls"]:
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            value = space[name](*args)
        results.append({"value": repr(value), "printed": buf.getvalue()})
    except BaseException as err:
        results.append({"error": f"{type(err).__name__}: {err}", "printed": buf.getvalue()})
print(json.dumps(results))
"""


@dataclass(frozen=True)
class Called:
    """One function call's outcome: its return value's repr, what it printed, or an error."""

    value: str | None
    printed: str
    error: str | None


def call_functions(source: str, calls: list[tuple[str, tuple]]) -> list[Called] | str:
    """Call each (name, args) on `source` loaded as a module; the results, or why it would
    not load (a syntax error, a top-level exception, a timeout)."""
    job = json.dumps({"source": source, "calls": [[n, list(a)] for n, a in calls]})
    with tempfile.TemporaryDirectory() as scratch:
        try:
            done = subprocess.run([sys.executable, "-c", _RUNNER], input=job, text=True,
                                  capture_output=True, timeout=TIMEOUT, cwd=scratch)
        except subprocess.TimeoutExpired:
            return f"it did not finish within {TIMEOUT} seconds"
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["it failed to load"]
        return lines[-1]
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    return [Called(r.get("value"), r["printed"], r.get("error")) for r in rows]


def run_file(files: dict[str, str], path: str) -> tuple[int, str]:
    """(exit code, stdout + stderr) of `python path` in a scratch copy of `files`."""
    with tempfile.TemporaryDirectory() as scratch:
        for rel, text in files.items():
            target = Path(scratch) / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        try:
            done = subprocess.run([sys.executable, path], capture_output=True, text=True,
                                  timeout=TIMEOUT, cwd=scratch)
        except subprocess.TimeoutExpired:
            return -1, f"it did not finish within {TIMEOUT} seconds"
    return done.returncode, done.stdout + done.stderr
