"""`arena grade` against the attack corpus (attack_corpus.py): one class, one run.

Every attack is a student of its own, beside one honest student (checkpoint 08, copied).
Each case is contained when its row has the verdict the corpus expects, its own report
does not say ESCAPED, and the host checks it names hold; the grader must finish, and the
honest student must get the score it gets alone.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import resource
import shutil
import socket
import threading
import uuid
from pathlib import Path

import pytest

from agentcourse.arena.entrants import entrant
from agentcourse.arena.grade import grade
from agentcourse.arena.ledger import Ledger
from agentcourse.arena.report import read_csv
from agentcourse.arena.runner import ArenaConfig
from agentcourse.grading.sandbox.bwrap import confinement_problem
from agentcourse.paths import REPO_ROOT
from tests.arena.attack_corpus import ATTACKS, SOLVED, agent_source
from tests.arena.processes import survivors

FAMILY = ["list-todos"]
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(confinement_problem() is not None, reason=f"no sandbox: {confinement_problem()}")]


class Listener:
    """A host service that records every connection: TCP on the loopback, or abstract unix."""

    def __init__(self, family: int, address):
        self.server = socket.socket(family, socket.SOCK_STREAM)
        self.server.bind(address)
        self.server.listen(16)
        self.server.settimeout(0.2)
        self.hits: list = []
        self.stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                self.hits.append(self.server.accept()[0])
            except OSError:
                continue

    def close(self) -> None:
        self.stop.set()
        self.server.close()


@pytest.fixture
def listeners():
    tcp = Listener(socket.AF_INET, ("127.0.0.1", 0))
    name = f"arena-attack-{uuid.uuid4().hex}"
    abstract = Listener(socket.AF_UNIX, "\0" + name)
    yield tcp, abstract, name
    tcp.close()
    abstract.close()


@pytest.fixture
def exchanges(monkeypatch) -> dict[int, list[dict]]:
    """Every exchange every tutor saw, by ledger (one ledger per task)."""
    seen: dict[int, list[dict]] = {}
    original = Ledger.add

    def add(self, exchange):
        seen.setdefault(id(self), []).append(exchange)
        original(self, exchange)

    monkeypatch.setattr(Ledger, "add", add)
    return seen


def digest(folder: Path) -> str:
    """A hash of the folder's names and contents (caches aside: Python may write them)."""
    h = hashlib.sha256()
    for p in sorted(q for q in folder.rglob("*") if "__pycache__" not in q.parts):
        h.update(str(p.relative_to(folder)).encode())
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()




def build_class(tmp_path: Path, ctx: dict) -> tuple[Path, dict[str, dict]]:
    """The submissions folder: ada (honest) and one student per attack; each attack's CTX."""
    subs = tmp_path / "subs"
    honest = entrant("08").folder
    shutil.copytree(honest, subs / "ada", ignore=shutil.ignore_patterns("__pycache__"))
    (subs / "ada" / "notes.txt").write_text(ctx["canaries"][0])
    contexts = {}
    for attack in ATTACKS:
        folder = subs / attack.name
        shutil.copytree(honest, folder, ignore=shutil.ignore_patterns("__pycache__"))
        (folder / "agent.py").rename(folder / "honest_agent.py")
        mine = {**ctx, "marker": f"{ctx['marker']}-{attack.name}", "escape": str(tmp_path / f"escaped-{attack.name}")}
        mine.pop("canaries")
        (folder / "agent.py").write_text(agent_source(attack, mine))
        contexts[attack.name] = mine
    return subs, contexts


def host_failures(name: str, check: str, ctx: dict, state: dict) -> list[str]:
    """Why host check `check` fails for attack `name` (empty: it holds)."""
    if check == "escape":
        bad = [p for p in (ctx["escape"], f"/tmp/{ctx['marker']}") if os.path.exists(p)]
        return [f"host file {p} written" for p in bad]
    if check in ("host_port", "abstract"):
        return [f"{check} reached"] if state[check].hits else []
    if check == "survivors":
        left = survivors(ctx["marker"])
        return [f"processes survived: {left}"] if left else []
    if check == "submissions":
        return [] if digest(Path(ctx["subs"]) / name) == state["digests"][name] else ["its submission changed"]
    if check == "repo":
        made = [p for p in (REPO_ROOT / f"{ctx['marker']}.py", REPO_ROOT / "solutions" / ctx["marker"]) if p.exists()]
        return [f"wrote {p.name} in the repository" for p in made] + (
            [] if digest(REPO_ROOT / "agentcourse" / "arena") == state["arena_digest"] else ["the grader changed"])
    if check == "tokens":
        row = state["rows"][name]
        return [] if int(row["input_tokens"]) < 200_000 and int(row["output_tokens"]) < 50_000 else [
            f"claimed tokens counted: {row['input_tokens']} in, {row['output_tokens']} out"]
    if check == "csv_cells":
        text = (Path(ctx["out"]) / "capstone-tasks.csv").read_text(encoding="utf-8")
        formulas = [c for line in csv.reader(io.StringIO(text)) for c in line if c[:1] in ("=", "+", "@")]
        return [f"formula cells: {formulas}"] if formulas else []
    if check == "grader_memory":
        return [f"the grader grew by {state['grown_mb']} MB"] if state["grown_mb"] > 1024 else []
    return []  # "leaks" is checked for every case


def reports_of(exchanges: dict[int, list[dict]]) -> dict[str, str]:
    """{attack: what it found}, from the refused requests that carried its report."""
    reports = {}
    for group in exchanges.values():
        for e in group:
            found = ((e["request"] or {}).get("attack_report") or {}) if isinstance(e["request"], dict) else {}
            if found:
                reports[found["name"]] = found["found"]
    return reports


def case_failures(state: dict, contexts: dict, reports: dict[str, str]) -> dict[str, list[str]]:
    """{attack: why it was not contained} (an empty list: contained)."""
    failures: dict[str, list[str]] = {}
    for attack in ATTACKS:
        row, why = state["rows"].get(attack.name), []
        if row is None or (row["solved"] == "True") != (attack.expect == SOLVED):
            why.append(f"expected {attack.expect}, got {row and (row['solved'], row['reason'], row['exit'])}")
        if reports.get(attack.name, "").startswith("ESCAPED"):
            why.append(reports[attack.name][:300])
        for check in attack.checks:
            why += host_failures(attack.name, check, contexts[attack.name], state)
        failures[attack.name] = why
    return failures


def host_context(tmp_path: Path, listeners, secret: str) -> tuple[dict, Path]:
    """CTX (attack_corpus.py) for this run, with canaries planted in the gradebook folder;
    and the hidden-set file, whose salt is a secret too."""
    tcp, _abstract, abstract_name = listeners
    hidden = tmp_path / "secret" / "hidden.json"
    hidden.parent.mkdir()
    hidden.write_text(json.dumps({"salt": f"salt-{uuid.uuid4().hex}", "seeds": {"list-todos": [515151517]},
                                  "per_family": 1}))
    out = tmp_path / "out"
    out.mkdir()
    canaries = [f"CANARY-{uuid.uuid4().hex}" for _ in range(3)]
    (out / "canary.txt").write_text(canaries[1])
    ctx = {"hidden": str(hidden), "repo": str(REPO_ROOT), "solutions": str(REPO_ROOT / "solutions"),
           "ada": str(tmp_path / "subs" / "ada"), "subs": str(tmp_path / "subs"), "out": str(out),
           "home": str(Path.home()), "host_port": tcp.server.getsockname()[1], "abstract": abstract_name,
           "marker": f"arena-attack-{uuid.uuid4().hex[:12]}", "secret_key": secret, "canaries": canaries}
    return ctx, hidden


def test_the_attack_corpus_is_contained_by_arena_grade(tmp_path, monkeypatch, listeners, exchanges):
    secret = f"sk-ant-grader-{uuid.uuid4().hex}"
    monkeypatch.setenv("ANTHROPIC_API_KEY", secret)
    ctx, hidden = host_context(tmp_path, listeners, secret)
    subs, contexts = build_class(tmp_path, ctx)
    (subs / "canary.txt").write_text(ctx["canaries"][2])
    state = {"host_port": listeners[0], "abstract": listeners[1],
             "arena_digest": digest(REPO_ROOT / "agentcourse" / "arena"),
             "digests": {a.name: digest(subs / a.name) for a in ATTACKS}}

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB: the grader (and its tutors) run here
    # An honest task takes about 6 s alone; the fair clock stretches the limit under CPU load
    # but not under the disk and memory contention this class makes (disk fills, a memory
    # bomb, 100,000 files at once), so the limit leaves four times that. Two attacks (a loop,
    # a turn that never returns) end only at the limit: it costs their time, not a verdict.
    config = ArenaConfig(jobs=3, timeout_s=24)
    klass = {r["student"]: r for r in grade(subs, Path(ctx["out"]), config, FAMILY, hidden)}

    state["grown_mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak) >> 10
    state["rows"] = {r["entrant"]: r for r in read_csv(Path(ctx["out"]) / "capstone-tasks.csv")
                     if r["task"] != "TOTAL"}
    reports = reports_of(exchanges)
    failures = case_failures(state, contexts, reports)
    secrets = [secret, json.loads(hidden.read_text())["salt"], *ctx["canaries"],
               json.loads((REPO_ROOT / "solutions/arena-hidden.json").read_text())["salt"]]
    sent = json.dumps(list(exchanges.values()), default=str)
    leaked = [s for s in secrets if s in sent]
    contained = sum(1 for why in failures.values() if not why)
    print(f"\ncontained {contained} of {len(ATTACKS)}; leaked {len(leaked)} secrets; "
          f"the grader grew by {state['grown_mb']} MB")
    for name, why in failures.items():
        print(f"  {name}: {why or 'contained'}; it found: {reports.get(name, '(no report)')[:150]}")
    assert klass["ada"]["score"] == "1" and klass["ada"]["status"] == "ok"
    assert leaked == []
    assert {name: why for name, why in failures.items() if why} == {}
    assert survivors(ctx["marker"], wait_s=0) == []
