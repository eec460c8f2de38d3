"""Entrants x tasks, each task in its own process with its own tutor: the arena's runner.

    rows = run_all([entrant("08")], tasks("practice"), ArenaConfig(jobs=2))

A pool of `jobs` worker threads takes the (entrant, task) pairs. For each, the worker
writes a fresh scratch project, starts a tutor of its own (a thread; so the prompt cache
and the accounting of one task never mix with another's), and starts the entrant as a
process of its own in the project: for a checkpoint-contract program, a child forked by a
warm driver (warm.py, drive.py), which saves each task Python's start and the SDK's
import; for a command entrant, its command line; when grading, the driver in bubblewrap
(confined.py). The subprocess has a time limit and its own process group, killed when the
task ends. Its stdin answers every approval question with `answer` ("y"; "" leaves stdin
empty, for a CLI that reads it into its request): nobody is at the keyboard, and the fence is the throwaway scratch project (and, when grading, the sandbox),
as in the benchmarks. Nothing it prints is read.

With --live the tutor's place is taken by a recording proxy to the API (proxy.py), so
Claude's rows are counted the same way. The row is measured on the tutor's side (ledger.py) and judged from the project's files
before and after plus the conversation the tutor saw, by the family's judge. Protocol
errors are the requests the tutor refused (400) for every entrant, plus, for a
checkpoint-contract program, protocol.protocol_errors on its last conversation: the
course's own rules (roles alternate, no `system` turns), which a foreign CLI never
promised to keep (Claude Code sends `system` messages the API accepts).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from agentcourse.api.outcome import outcome
from agentcourse.arena.entrants import Entrant, can_take
from agentcourse.arena.families import FAMILIES, Instance
from agentcourse.arena.families.judging import snapshot, walk, write_project
from agentcourse.arena.ledger import Ledger
from agentcourse.arena.reap import stop_tree
from agentcourse.arena.warm import Warm
from agentcourse.clock import FairDeadline, load_besides
from agentcourse.paths import find_checkpoint, load_program

DRIVER = Path(__file__).with_name("drive.py")
TUTOR_MODEL = "tutor"  # the `model` column of rows measured against the tutor
COLUMNS = ("entrant", "model", "task", "family", "seed", "solved", "reason", "input_tokens",
           "output_tokens", "cache_write_tokens", "cache_read_tokens", "dollars", "api_calls",
           "tool_errors", "protocol_errors", "wall_s", "exit")


@dataclass
class ArenaConfig:
    """How the arena runs its tasks."""

    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)  # tasks run at once (each entrant in a process of its own)
    timeout_s: float = 120.0  # time limit of one task, in an unloaded machine's seconds (agentcourse/clock.py); killed past it
    answer: str = "y"  # the line fed to every approval question on stdin (nobody is at the keyboard); "": none
    live: bool = False  # against Claude (ANTHROPIC_API_KEY, through a recording proxy) instead of the tutor
    model: str = ""  # ANTHROPIC_MODEL for live runs ("" : each entrant's own default)
    upstream: str = "https://api.anthropic.com"  # where live runs' recording proxy forwards
    confined: object | None = None  # a confined.Confinement when grading: bubblewrap around each task
    project_mb: int = 256  # a project grown past this is not read back (nor judged): the grader's memory
    project_files: int = 20_000  # likewise for the number of files it holds


@cache
def _usage_module():
    """Checkpoint 08's usage.py: its PRICES and cost_of are the arena's list prices."""
    return load_program(find_checkpoint("08") / "usage.py", "arena_checkpoint_usage")


def _environment(url: str, key: str, config: ArenaConfig) -> dict[str, str]:
    """The caller's environment without its Anthropic settings, then the task's endpoint and key."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    env.update({"AGENT_TRACE": "off", "PYTHONDONTWRITEBYTECODE": "1", "ANTHROPIC_BASE_URL": url,
                "ANTHROPIC_API_KEY": key})
    if config.live and config.model:
        env["ANTHROPIC_MODEL"] = config.model
    return env


def _argv(entrant: Entrant, task: Instance) -> list[str]:
    if entrant.folder is None:
        return [*entrant.command, task.request]
    return [sys.executable, "-I", str(DRIVER), str(entrant.folder), task.request]


def run_process(argv: list[str], cwd: Path, env: dict, config: ArenaConfig,
                watch: Path | None = None) -> str:
    """Run one task's process (the entrant itself, or bwrap around it for arena.confined) to
    the end, the time limit, or (watching the project `watch`) past the project's size caps;
    then its whole process group goes. The exit column."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as answers:
        answers.write((config.answer + "\n") * 2000 if config.answer else "")  # "": stdin is empty
        answers.seek(0)
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=answers, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        status = _wait(proc, config, watch)
    stop_tree(proc)  # every process it started, gone before the project is read or removed
    return status


def _wait(proc: subprocess.Popen, config: ArenaConfig, watch: Path | None) -> str:
    """Its exit, checking the project's size twice a second: a flood of writes is stopped
    within about half a second, before it fills the grader's disk."""
    # A busy machine stretches it (agentcourse/clock.py); the task's own processes do not.
    deadline = FairDeadline(config.timeout_s, load_besides(proc.pid))
    while (left := deadline.left()) > 0:
        try:
            code = proc.wait(timeout=min(0.5, left))
            return "ok" if code == 0 else f"exit {code}"
        except subprocess.TimeoutExpired:
            if watch is not None and _oversize(watch, config):
                return "oversize"
    return "timeout"


def _oversize(root: Path, config: ArenaConfig) -> str | None:
    """Why the project is too big to read back, or None (sizes by lstat: nothing is opened).
    Every entry counts against the file cap, folders and links included, caches too: a
    million empty folders cost the grader's disk as much as a million files."""
    size = count = 0
    for _rel, entry in walk(root, skip=()):
        count += 1
        try:
            size += entry.stat(follow_symlinks=False).st_size if entry.is_file(follow_symlinks=False) else 0
        except OSError:
            continue
        if count > config.project_files or size > config.project_mb << 20:
            return (f"the project grew past {config.project_files} files or {config.project_mb} MB; "
                    "it was not judged")
    return None


def _judge(task: Instance, ledger: Ledger, before: dict, after: dict) -> str | None:
    turn = outcome(ledger.conversation(task.request), 0, before, after)
    try:
        return FAMILIES[task.family].judge(task, turn)
    except Exception as err:  # noqa: BLE001 - a judge tripping over odd output is a failed task
        return f"the judge could not read the outcome ({type(err).__name__}: {err})"


def plain(text: str) -> str:
    """Text an entrant shaped (the judge's reason quotes its files' names) made safe to
    write and open: a name that is not UTF-8 and control characters escaped, and a
    leading = + - @ quoted, so no spreadsheet reads the cell as a formula."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def row(entrant: Entrant, task: Instance, ledger: Ledger, before: dict, after: dict,
        wall: float, status: str, model: str) -> dict:
    """One CSV row (COLUMNS): solved, the judge's reason, what the tutor counted."""
    reason = _judge(task, ledger, before, after)
    reason = plain(reason) if reason is not None else None
    if status == "timeout":  # unfinished is unsolved, whatever the files say by then
        reason = "timed out" + (f"; {reason}" if reason else " (the files were right by then)")
    usage = ledger.usage()
    return {"entrant": entrant.name, "model": model, "task": task.id, "family": task.family,
            "seed": task.seed, "solved": reason is None, "reason": reason or "",
            "input_tokens": usage["input_tokens"], "output_tokens": usage["output_tokens"],
            "cache_write_tokens": usage["cache_creation_input_tokens"],
            "cache_read_tokens": usage["cache_read_input_tokens"],
            "dollars": round(ledger.dollars(_usage_module().cost_of), 6), "api_calls": ledger.calls,
            "tool_errors": ledger.tool_errors(),
            "protocol_errors": ledger.rejected + (len(ledger.protocol_problems()) if entrant.folder else 0),
            "wall_s": round(wall, 2), "exit": status}


def _endpoint(ledger: Ledger, config: ArenaConfig):
    """What a task talks to, recording into `ledger`: a tutor of its own or, live, a
    recording proxy to the API (proxy.py)."""
    if config.live:
        from agentcourse.arena.proxy import recording_proxy

        return recording_proxy(config.upstream, os.environ.get("ANTHROPIC_API_KEY", ""), ledger.add)
    from agentcourse.tutor import TutorConfig, serve

    return serve(TutorConfig(ledger=ledger.add, any_model=True))


def _unconfined(entrant: Entrant, task: Instance, root: Path, ledger: Ledger, config: ArenaConfig,
                warm: Warm | None) -> str:
    """The entrant's process against the task's endpoint: a warm driver's child for a
    program, a fresh process for a command line."""
    with _endpoint(ledger, config) as url:
        env = _environment(url, f"arena-{entrant.name}-{task.id}", config)
        if warm is None or entrant.folder is None:
            return run_process(_argv(entrant, task), root, env, config, watch=root)
        answers = root.parent / "answers.txt"
        answers.write_text((config.answer + "\n") * 2000 if config.answer else "", encoding="utf-8")
        return warm.run(entrant.folder, task.request, root, env, answers, config.timeout_s)


@contextmanager
def _scratch():
    """A task's folder on the host, removed afterwards however the entrant left it."""
    tmp = tempfile.mkdtemp(prefix="arena-")
    try:
        yield tmp
    finally:
        _remove(Path(tmp))


def _remove(folder: Path) -> None:
    """Remove a task's folder: chmod and rm walk iteratively, where shutil.rmtree recurses
    and fails on a tree thousands of folders deep; folders the entrant closed to its owner
    are opened first (links are not followed by either)."""
    for argv in (["chmod", "-R", "u+rwX", "--", str(folder)], ["rm", "-rf", "--one-file-system", "--", str(folder)]):
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
    shutil.rmtree(folder, ignore_errors=True)  # where rm is missing


def run_task(entrant: Entrant, task: Instance, config: ArenaConfig, warm: Warm | None = None) -> dict:
    """One task for one entrant, start to row (runs in a worker thread; the entrant in its
    own process)."""
    ledger = Ledger()
    with _scratch() as tmp:
        root = write_project(Path(tmp) / "project", task.files)
        before = snapshot(root)
        started = time.perf_counter()
        if config.confined is not None:
            status = config.confined.run(entrant, task, root, Path(tmp), ledger, config)
        else:
            status = _unconfined(entrant, task, root, ledger, config, warm)
        wall = time.perf_counter() - started
        model = TUTOR_MODEL if not config.live else ledger.model() or config.model or "claude"
        oversize = _oversize(root, config)
        if oversize:
            return {**row(entrant, task, ledger, before, before, wall, status, model), "solved": False,
                    "reason": oversize}
        return row(entrant, task, ledger, before, snapshot(root), wall, status, model)


def _warm() -> None:
    """Each worker imports the tutor's brain and the price table once, before its first task."""
    from agentcourse.tutor.act import brain  # noqa: F401

    _usage_module()


def run_all(entrants: list[Entrant], tasks: list[Instance], config: ArenaConfig,
            done: Callable[[dict], None] | None = None) -> list[dict]:
    """Every entrant on every task it can take (entrants.can_take: a task that needs an MCP
    client skips an entrant without one), `config.jobs` at once; rows in entrant, task order."""
    pairs = [(e, t) for e in entrants for t in tasks if can_take(e, t.requires)]
    rows: dict[int, dict] = {}
    _warm()
    with Warm() as warm, ThreadPoolExecutor(max_workers=max(1, config.jobs)) as pool:
        futures = {pool.submit(run_task, e, t, config, warm): i for i, (e, t) in enumerate(pairs)}
        for future in as_completed(futures):
            rows[futures[future]] = future.result()
            if done is not None:
                done(rows[futures[future]])
    return [rows[i] for i in range(len(pairs))]
