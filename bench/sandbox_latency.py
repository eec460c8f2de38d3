"""How much does the sandbox add to each command the agent's shell runs?

Two bash sessions of checkpoint 08 side by side, in the same small git project:

    plain   BashSession(BashPolicy(sandbox=None)): bash with your permissions
    fenced  BashSession(BashPolicy()): the same bash inside bubblewrap (sandbox.py)

The same commands (`true`, `echo hi`, `ls`, `python3 -c pass`, `git status`) run through
BashSession.run, sentinel and read included, alternating between the two sessions and
switching which goes first each round, so both see the same machine load. Each figure is
the median of ROUNDS runs, in milliseconds. The sandbox is made once per session, so a
second figure is the cost of starting one: a new session's first `true`.

Target: the sandbox adds at most 20 ms per command.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from agentcourse import paths
from bench import progress

COMMANDS = ("true", "echo hi", "ls", "python3 -c pass", "git status --short")
ROUNDS = 30  # runs of each command per side (after one warm-up each)
STARTS = 10  # sessions started per side
TARGET_MS = 20.0
GIT_ENV = {"GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.com",
           "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.com"}


def load_session_module():
    return paths.load_program(paths.find_checkpoint("08") / "bash_session.py", "bench_bash_session")


@contextmanager
def small_project():
    """A scratch git project with a few files, made the current folder; python3 on PATH is
    this Python (as in an activated virtual environment)."""
    old_cwd, old_env = os.getcwd(), dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="agentcourse-bench-sandbox-") as tmp:
        root = Path(tmp) / "project"
        (root / "pkg").mkdir(parents=True)
        for name in ("README.md", "pkg/__init__.py", "pkg/core.py", "test_core.py"):
            (root / name).write_text(f"# {name}\n")
        os.environ.update(GIT_ENV, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
        subprocess.run("git init -q && git add -A && git commit -qm start", shell=True, cwd=root, check=True)
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(old_cwd)
            os.environ.clear()
            os.environ.update(old_env)


def _timed(session, command: str) -> float:
    started = time.perf_counter()
    output = session.run(command)
    elapsed = (time.perf_counter() - started) * 1000
    if output.startswith("Error:") or "[exit status" in output:
        raise RuntimeError(f"{command!r} failed in a {'fenced' if session.fenced else 'plain'} session: {output}")
    return elapsed


def measure(rounds: int = ROUNDS, starts: int = STARTS, commands: tuple[str, ...] = COMMANDS) -> dict:
    """{"commands": {command: {"plain": ms, "fenced": ms}}, "start": {"plain": ms, "fenced": ms}}:
    medians, measured side by side. Raises RuntimeError where no sandbox can be made."""
    module = load_session_module()
    why = module.sandbox.why_no_sandbox()
    if why:
        raise RuntimeError(f"no sandbox can be made here: {why}")
    with small_project():
        sessions = {"plain": module.BashSession(module.BashPolicy(sandbox=None)),
                    "fenced": module.BashSession(module.BashPolicy())}
        times: dict[str, dict[str, list[float]]] = {c: {"plain": [], "fenced": []} for c in commands}
        starting: dict[str, list[float]] = {"plain": [], "fenced": []}
        try:
            with progress() as bar:
                task = bar.add_task("commands, plain and fenced", total=2 * len(commands) * (rounds + 1) + 2 * starts)
                for round_ in range(rounds + 1):  # round 0 is the warm-up
                    sides = list(sessions.items())[:: 1 if round_ % 2 else -1]
                    for command in commands:
                        for side, session in sides:
                            elapsed = _timed(session, command)
                            if round_:
                                times[command][side].append(elapsed)
                            bar.advance(task)
                for round_ in range(starts):
                    for side, session in list(sessions.items())[:: 1 if round_ % 2 else -1]:
                        session.close()
                        starting[side].append(_timed(session, "true"))
                        bar.advance(task)
        finally:
            for session in sessions.values():
                session.close()
    return {"commands": {c: {s: statistics.median(v) for s, v in sides.items()} for c, sides in times.items()},
            "start": {s: statistics.median(v) for s, v in starting.items()}}


def main() -> None:
    try:
        result = measure()
    except RuntimeError as err:
        print(f"skipped: {err}")
        return
    print(f"per side: {len(COMMANDS)} commands x {ROUNDS} rounds (after one warm-up each), "
          "through BashSession.run, in a small git project")
    for command, ms in result["commands"].items():
        plain, fenced = ms["plain"], ms["fenced"]
        print(f"  {command:<20} plain {plain:7.2f} ms   fenced {fenced:7.2f} ms   "
              f"{fenced - plain:+6.2f} ms ({fenced / plain:.2f}x)")
    plain = statistics.mean(ms["plain"] for ms in result["commands"].values())
    fenced = statistics.mean(ms["fenced"] for ms in result["commands"].values())
    worst = max(ms["fenced"] - ms["plain"] for ms in result["commands"].values())
    label = f"mean of the {len(result['commands'])}"
    print(f"  {label:<20} plain {plain:7.2f} ms   fenced {fenced:7.2f} ms   "
          f"{fenced - plain:+6.2f} ms ({fenced / plain:.2f}x)")
    start = result["start"]
    print(f"starting a session (its first `true`, median of {STARTS}): plain {start['plain']:.2f} ms, "
          f"fenced {start['fenced']:.2f} ms ({start['fenced'] - start['plain']:+.2f} ms, once per session)")
    verdict = "within" if worst <= TARGET_MS else "OVER"
    print(f"fenced/plain = {fenced / plain:.2f}x; the sandbox adds {fenced - plain:+.2f} ms per command "
          f"on average, {worst:+.2f} ms at most ({verdict} the {TARGET_MS:.0f} ms target)")


if __name__ == "__main__":
    main()
