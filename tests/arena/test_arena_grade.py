"""`arena grade`: students' agents on the hidden set inside bubblewrap, scored from outside.

A hostile entrant tries every way out and fails at each; an honest one (checkpoint 08,
copied) gets the score it gets unconfined; a memorising one gains nothing on the hidden set.
"""

from __future__ import annotations

import csv
import json
import shutil
import socket
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from agentcourse.arena.confined import Confinement
from agentcourse.arena.entrants import entrant, program_entrant
from agentcourse.arena.families import FAMILIES
from agentcourse.arena.families.judging import write_project
from agentcourse.arena.grade import grade
from agentcourse.arena.ledger import Ledger
from agentcourse.arena.runner import ArenaConfig, run_all
from agentcourse.arena.sets import HIDDEN_FILE, tasks
from agentcourse.errors import ConfinementUnavailable
from agentcourse.grading.grades import EXPORT_COLUMNS
from agentcourse.grading.sandbox.bwrap import confinement_problem
from agentcourse.paths import REPO_ROOT
from tests.arena.processes import survivors
from tests.budget import within

HERE = Path(__file__).parent
FAMILY = ["list-todos"]
needs_bwrap = pytest.mark.skipif(confinement_problem() is not None, reason=f"no sandbox: {confinement_problem()}")


@pytest.fixture
def hidden(tmp_path) -> Path:
    path = tmp_path / "secret" / "hidden.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"salt": "test-salt", "seeds": {"list-todos": [424242421, 737373731]},
                                "per_family": 2}))
    return path


@pytest.fixture
def host_service():
    """A TCP service on the host's loopback that records every connection it gets."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    hits, stop = [], threading.Event()

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                hits.append(conn)
            except OSError:
                continue

    threading.Thread(target=serve, daemon=True).start()
    yield server.getsockname()[1], hits
    stop.set()
    server.close()


def hostile_folder(root: Path, secrets: list[Path], escape: Path, port: int, marker: str) -> Path:
    folder = root / "mallory"
    folder.mkdir(parents=True)
    source = (HERE / "hostile_agent.py.txt").read_text()
    for name, value in (("__SECRETS__", [str(p) for p in secrets]), ("__ESCAPE__", str(escape)),
                        ("__HOST_PORT__", port), ("__MARKER__", marker)):
        source = source.replace(name, repr(value))
    (folder / "agent.py").write_text(source)
    return folder




@needs_bwrap
def test_every_escape_of_a_hostile_entrant_fails_and_it_is_scored_honestly(tmp_path, hidden, host_service):
    port, hits = host_service
    subs, marker = tmp_path / "subs", f"arena-hostile-{uuid.uuid4().hex}"
    escape = tmp_path / "escaped.txt"
    secrets = [REPO_ROOT / "solutions", HIDDEN_FILE, hidden, REPO_ROOT / "agentcourse", subs / "ada"]
    folder = hostile_folder(subs, secrets, escape, port, marker)
    shutil.copytree(entrant("08").folder, subs / "ada")
    agent_before = (folder / "agent.py").read_text()
    ledger, task = Ledger(), tasks("hidden", FAMILY, hidden)[0]
    with tempfile.TemporaryDirectory() as tmp:
        root = write_project(Path(tmp) / "project", task.files)
        Confinement().run(program_entrant(folder), task, root, Path(tmp), ledger, ArenaConfig(timeout_s=60))
        assert (root / "results.csv").is_file()  # it ran, and wrote its fake results
    said = next(e for e in ledger.exchanges
                if e["request"] and "FINDINGS" in str(e["request"]["messages"][0]["content"]))
    assert said["status"] == 200  # the garbage it sent the tutor first did not stop it answering
    findings = json.loads(said["request"]["messages"][0]["content"].removeprefix("FINDINGS "))
    allowed = {"leave a process", "tamper tutor"}  # both may start; the checks below show they came to nothing
    assert [k for k, v in findings.items() if k not in allowed and v.startswith("DONE")] == []
    assert not escape.exists() and not hits
    assert (folder / "agent.py").read_text() == agent_before
    assert str(hidden.read_text()) not in json.dumps(ledger.exchanges)

    klass = {r["student"]: r for r in grade(subs, tmp_path / "out", ArenaConfig(jobs=2, timeout_s=60),
                                            FAMILY, hidden)}
    assert survivors(marker) == []  # the process it left was killed with its sandbox
    assert klass["mallory"]["score"] == "0" and klass["mallory"]["max_score"] == "2"
    assert klass["ada"]["score"] == "2"  # the honest student in the same run is unaffected


@needs_bwrap
def test_an_honest_student_grades_with_the_scores_it_gets_unconfined(tmp_path, hidden):
    subs = tmp_path / "subs"
    shutil.copytree(entrant("08").folder, subs / "ada")
    klass = grade(subs, tmp_path / "out", ArenaConfig(jobs=2, timeout_s=60), FAMILY, hidden)
    free = run_all([entrant("08")], tasks("hidden", FAMILY, hidden), ArenaConfig(jobs=2))
    assert klass[0]["student"] == "ada" and klass[0]["score"] == str(sum(r["solved"] for r in free))
    with (tmp_path / "out" / "capstone.csv").open() as f:
        assert tuple(csv.DictReader(f).fieldnames) == EXPORT_COLUMNS
    assert (tmp_path / "out" / "capstone.png").stat().st_size > 0
    with (tmp_path / "out" / "capstone-tasks.csv").open() as f:
        confined = [r for r in csv.DictReader(f) if r["task"] != "TOTAL"]
    assert [r["solved"] == "True" for r in confined] == [r["solved"] for r in free]
    assert [int(r["api_calls"]) for r in confined] == [r["api_calls"] for r in free]


def memoriser_folder(root: Path) -> Path:
    folder = root / "memo"
    shutil.copytree(entrant("03").folder, folder)
    (folder / "agent.py").rename(folder / "base_agent.py")
    known = {}
    for task in tasks("practice"):
        reference = FAMILIES[task.family].reference(task)
        known[task.request] = {p: t for p, t in reference.after.items() if reference.before.get(p) != t}
    source = (HERE / "memoriser_agent.py.txt").read_text().replace("__KNOWN__", repr(known))
    (folder / "agent.py").write_text(source)
    return folder


@needs_bwrap
def test_an_entrant_tuned_to_the_practice_set_gains_nothing_on_the_hidden_set(tmp_path, hidden):
    """It answers the practice set by heart (no API call); on the hidden set, where it must
    delegate, it scores what checkpoint 03 scores. (On these families its memorised
    answers are not credited even on the practice set: the judge reads the turn the tutor
    saw, and no read or reply of its own reached the tutor.)"""
    memo = program_entrant(memoriser_folder(tmp_path / "subs"))
    base = entrant("03")
    practice = run_all([base, memo], tasks("practice"), ArenaConfig(jobs=2))
    mine = [r for r in practice if r["entrant"] == "memo"]
    assert sum(r["api_calls"] for r in mine) == 0  # it answered the practice set by heart
    klass = grade(tmp_path / "subs", tmp_path / "out", ArenaConfig(jobs=2, timeout_s=60), FAMILY, hidden)
    unconfined = run_all([base], tasks("hidden", FAMILY, hidden), ArenaConfig(jobs=2))
    assert klass[0]["score"] == str(sum(r["solved"] for r in unconfined))


def test_grading_refuses_where_bubblewrap_cannot_run(tmp_path, hidden, monkeypatch):
    import agentcourse.grading.sandbox.bwrap

    monkeypatch.setattr(agentcourse.grading.sandbox.bwrap, "confinement_problem", lambda: "no user namespaces")
    (tmp_path / "subs" / "ada").mkdir(parents=True)
    with pytest.raises(ConfinementUnavailable, match="never run unconfined"):
        grade(tmp_path / "subs", tmp_path / "out", ArenaConfig(), FAMILY, hidden)


@needs_bwrap
def test_a_flood_of_writes_is_stopped_before_it_fills_the_graders_disk(tmp_path, hidden):
    folder = tmp_path / "subs" / "flood"
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(
        "def run_turn(client, messages):\n"
        "    i = 0\n"
        "    while True:\n"
        "        open(f'junk{i}.bin', 'wb').write(b'x' * (1 << 20))\n"
        "        i += 1\n")
    task = tasks("hidden", FAMILY, hidden)[0]
    config = ArenaConfig(timeout_s=60, project_mb=20)
    with tempfile.TemporaryDirectory() as tmp:
        root = write_project(Path(tmp) / "project", task.files)
        started = time.monotonic()
        status = Confinement().run(program_entrant(folder), task, root, Path(tmp), Ledger(), config)
        written = sum(p.stat().st_size for p in root.iterdir())
    assert status == "oversize" and time.monotonic() - started < within(30)
    assert written < 2_000 << 20  # stopped within about half a second of crossing 20 MB
