"""One task, one agent, one scratch project: the turn's Outcome, ready for the judge.

    outcome = play_module(task, agent, client, workdir)

`agent` is a program that follows the checkpoint contract: `run_turn(client, messages)`
runs one user turn to its end in the current working directory (the project root). The
project is written fresh from the task, the turn runs with the directory changed to it,
and the Outcome holds the files before and after, the reply, and every call's
arguments and result.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from types import ModuleType

from agentcourse.api.outcome import Outcome, outcome
from agentcourse.arena.families import Instance
from agentcourse.arena.families.judging import snapshot, write_project


@contextlib.contextmanager
def inside(root: Path):
    """The working directory is `root` for the block (the checkpoints' project root)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(here)


def play_module(task: Instance, agent: ModuleType, client, workdir: Path) -> tuple[Outcome, list]:
    """Run `agent` on `task` in a fresh project under `workdir`; (Outcome, messages)."""
    root = write_project(Path(workdir), task.files)
    before = snapshot(root)
    messages = [{"role": "user", "content": task.request}]
    with inside(root), contextlib.redirect_stdout(io.StringIO()):
        try:
            agent.run_turn(client, messages)
        finally:
            bash = getattr(agent, "BASH", None)
            if bash is not None:
                bash.close()
    return outcome(messages, 0, before, snapshot(root)), messages
