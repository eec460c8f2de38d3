"""`arena grade --scheduler`: the capstone graded on a real Dask cluster (a scheduler and two
workers, each a process with its own folder, on loopback) scores as `arena grade` does locally."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from agentcourse.arena import cluster  # noqa: E402
from agentcourse.arena.entrants import entrant  # noqa: E402
from agentcourse.arena.grade import grade  # noqa: E402
from agentcourse.arena.runner import ArenaConfig  # noqa: E402
from agentcourse.grading.cluster.local import LoopbackCluster  # noqa: E402
from agentcourse.grading.sandbox.bwrap import confinement_problem  # noqa: E402

FAMILY = ["list-todos"]


@pytest.mark.slow
@pytest.mark.skipif(confinement_problem() is not None, reason=f"no sandbox: {confinement_problem()}")
def test_the_capstone_on_the_cluster_scores_as_locally(tmp_path):
    hidden = tmp_path / "secret" / "hidden.json"
    hidden.parent.mkdir()
    hidden.write_text(json.dumps({"salt": "test-salt", "seeds": {"list-todos": [424242421, 737373731]},
                                  "per_family": 2}))
    subs = tmp_path / "subs"
    shutil.copytree(entrant("08").folder, subs / "ada")
    shutil.copytree(entrant("03").folder, subs / "bo")
    local = grade(subs, tmp_path / "local", ArenaConfig(jobs=2, timeout_s=60), FAMILY, hidden)
    with LoopbackCluster(tmp_path / "cluster", workers=2) as dask:
        remote = grade(subs, tmp_path / "remote", ArenaConfig(jobs=2, timeout_s=60), FAMILY, hidden,
                       scheduler=dask.address)
    assert [(r["student"], r["score"]) for r in remote] == [(r["student"], r["score"]) for r in local]

    def tasks(out: Path) -> list[tuple]:
        with (out / "capstone-tasks.csv").open() as f:
            return [(r["entrant"], r["task"], r["solved"], r["api_calls"], r["exit"]) for r in csv.DictReader(f)]

    assert tasks(tmp_path / "remote") == tasks(tmp_path / "local")


def test_an_agent_folder_is_sent_as_its_regular_files(tmp_path):
    (tmp_path / "agent" / "pkg").mkdir(parents=True)
    (tmp_path / "agent" / "agent.py").write_text("def run_turn(client, messages): pass\n")
    (tmp_path / "agent" / "pkg" / "tools.py").write_text("X = 1\n")
    (tmp_path / "agent" / "leak").symlink_to("/etc/passwd")
    (tmp_path / "agent" / "up").symlink_to(tmp_path, target_is_directory=True)
    assert cluster.entrant_files(tmp_path / "agent") == {"agent.py": b"def run_turn(client, messages): pass\n",
                                                         "pkg/tools.py": b"X = 1\n"}
