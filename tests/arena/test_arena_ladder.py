"""The ladder: every checkpoint from 03 on, on a fixed slice, a CSV and a figure that agree with the run."""

from __future__ import annotations

from agentcourse.arena.ladder import RUNGS, costlier, run_ladder
from agentcourse.arena.report import TOTAL, read_csv, tokens
from agentcourse.arena.runner import ArenaConfig
from agentcourse.arena.sets import tasks

SLICE = ["change-default", "list-todos"]


def test_the_ladder_slice_writes_a_csv_and_a_png_that_agree_with_the_run(tmp_path):
    rows = run_ladder(tasks("practice", SLICE), ArenaConfig(jobs=2), tmp_path)
    png = tmp_path / "ladder.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    written = read_csv(tmp_path / "ladder.csv")
    per_task = [r for r in written if r["task"] != TOTAL]
    assert len(per_task) == len(RUNGS) * len(SLICE)
    run = {(r["entrant"], r["task"]): r for r in rows}
    for r in per_task:
        assert r["solved"] == str(run[r["entrant"], r["task"]]["solved"])
        assert tokens(r) == tokens(run[r["entrant"], r["task"]])
    totals = {r["entrant"]: int(r["solved"]) for r in written if r["task"] == TOTAL}
    assert totals == {e: sum(1 for r in rows if r["entrant"] == e and r["solved"]) for e in totals}
    assert [r["entrant"] for r in per_task] == sorted(r["entrant"] for r in per_task)  # stable order


def test_a_later_checkpoint_that_spends_more_on_a_family_both_solve_is_listed():
    def row(entrant, family, spent, solved=True):
        return {"entrant": entrant, "family": family, "solved": solved, "input_tokens": spent,
                "output_tokens": 0, "cache_write_tokens": 0, "cache_read_tokens": 0}

    rows = [row("03-a", "f", 100), row("05-b", "f", 150), row("06-c", "f", 90, solved=False),
            row("03-a", "g", 100), row("05-b", "g", 80)]
    assert [(c["family"], c["earlier"], c["later"], c["ratio"]) for c in costlier(rows)] == [("f", "03-a", "05-b", 1.5)]


def test_the_tracked_ladder_is_current_on_the_slice(tmp_path):
    """docs/figures/arena/ladder.csv (what the capstone lecture quotes, `make arena` writes)
    holds, for the slice, exactly the rows a run gives now: the tutor is deterministic."""
    from agentcourse.paths import REPO_ROOT

    run_ladder(tasks("practice", SLICE), ArenaConfig(jobs=2), tmp_path)
    now = [r for r in read_csv(tmp_path / "ladder.csv") if r["task"] != TOTAL]
    tracked = {(r["entrant"], r["task"]): r for r in read_csv(REPO_ROOT / "docs/figures/arena/ladder.csv")}
    for row in now:
        assert tracked.get((row["entrant"], row["task"])) == row, (
            f"{row['entrant']} {row['task']} changed: run `make arena` and check the lecture")


def test_the_tutor_and_claude_are_compared_per_checkpoint_with_the_families_they_disagree_on():
    from agentcourse.arena.ladder import compare, print_comparison

    def row(entrant, family, spent, solved=True):
        return {"entrant": entrant, "task": f"{family}/1", "family": family, "solved": str(solved),
                "input_tokens": spent, "output_tokens": 0, "cache_write_tokens": 0, "cache_read_tokens": 0}

    tutor = [row("03-a", "f", 100), row("03-a", "g", 300, solved=False), row("08-b", "f", 50),
             {"entrant": "03-a", "task": TOTAL, "family": "", "solved": "1"}]
    live = [row("03-a", "f", 200), row("03-a", "g", 400), row("03-a", "h", 10)]
    found = compare(tutor, live)
    assert found == [{"entrant": "03-a", "tasks": 2, "disagree": ["g"], "tutor_solved": 1,
                      "tutor_per_solved": 100, "live_solved": 2, "live_per_solved": 300}]
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    print_comparison(found, Console(file=out, width=200))
    assert "03-a" in out.getvalue() and "g" in out.getvalue()


def test_the_rungs_are_the_checkpoints_from_03_on_that_follow_the_run_turn_contract(tmp_path, monkeypatch):
    from agentcourse.arena import ladder
    from agentcourse.paths import checkpoint_dirs

    assert ladder.RUNGS[0] == "03" and "09" in ladder.RUNGS and ladder.span() == f"03-{ladder.RUNGS[-1]}"
    assert ladder.RUNGS == tuple(d.name[:2] for d in checkpoint_dirs() if d.name[:2] >= "03")
    # a new folder joins by itself when its agent.py defines run_turn, and not otherwise
    for name, source in (("10-next", "def run_turn(client, messages):\n    pass\n"), ("11-draft", "x = 1\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "agent.py").write_text(source, encoding="utf-8")
    (tmp_path / "02-stubs").mkdir()
    (tmp_path / "02-stubs" / "agent.py").write_text("def run_turn(client, messages):\n    pass\n", encoding="utf-8")
    monkeypatch.setattr(ladder, "checkpoint_dirs", lambda: [*checkpoint_dirs(), *sorted(tmp_path.iterdir())])
    assert ladder.rungs() == (*ladder.RUNGS, "10")
