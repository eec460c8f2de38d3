"""One family task played by the tutor with one of the tool sets of tests/tutor/agents.py.

    result = play(client, "s01", task, tmp_path)             # an Outcome, ready for the judge
    result = play(client, "s02", task, tmp_path, rules="")   # a prompt without the course's rules
    task, result = play_seed(client, "s01", "ambiguous", 3, tmp_path)
"""

from __future__ import annotations

import sys
from pathlib import Path

from agentcourse.api.outcome import Outcome, outcome
from agentcourse.arena.families import Instance, instance
from agentcourse.arena.families.judging import snapshot, write_project

sys.path.insert(0, str(Path(__file__).parents[2] / "tutor"))
from agents import drive  # noqa: E402

RULES = ("Read a file before editing it. Never delete files. Be concise. When in doubt, ask, "
         "but only if the request is truly ambiguous.")


def play(client, kind: str, task: Instance, workdir: Path, rules: str = RULES,
         files: dict | None = None) -> Outcome:
    """Run the tutor on `task` (or on `files` in its place) with tool set `kind`."""
    root = write_project(workdir / "project", files or task.files)
    before = snapshot(root)
    turn = drive(client, kind, root, task.request, extra=rules, max_calls=60)
    return outcome(turn.messages, 0, before, snapshot(root))


def play_seed(client, kind: str, name: str, seed: int, workdir: Path,
              rules: str = RULES) -> tuple[Instance, Outcome]:
    """Family `name`'s instance for `seed`, and its Outcome when played with tool set `kind`."""
    task = instance(name, seed)
    return task, play(client, kind, task, workdir, rules)
