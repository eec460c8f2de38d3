"""`agentcourse arena`, `arena ladder`, `arena grade` and `grades export capstone`, run as a person would."""

from __future__ import annotations

import csv
import shutil

import pytest

from agentcourse import cli
from agentcourse.arena.entrants import entrant
from agentcourse.grading.sandbox.bwrap import confinement_problem


def test_arena_runs_two_entrants_and_writes_its_csv_and_figure(tmp_path, capsys):
    assert cli.main(["arena", "03", "08", "--families", "list-todos", "--jobs", "2", "--out", str(tmp_path)]) == 0
    with (tmp_path / "arena.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [(r["entrant"], r["task"]) for r in rows] == [
        ("03-real-tools", "list-todos/1"), ("08-anthropic-tools", "list-todos/1"),
        ("03-real-tools", "TOTAL"), ("08-anthropic-tools", "TOTAL")]
    assert (tmp_path / "arena.png").stat().st_size > 0
    assert "Arena results" in capsys.readouterr().out


def test_arena_ladder_prints_where_a_lesson_costs_more(tmp_path, capsys):
    assert cli.main(["arena", "ladder", "--families", "list-todos", "--out", str(tmp_path)]) == 0
    assert "costs more than it saves" in capsys.readouterr().out
    assert (tmp_path / "ladder.csv").is_file() and (tmp_path / "ladder.png").is_file()


@pytest.mark.parametrize("argv, message", [
    (["arena", "no-such-folder"], "no such folder"),
    (["arena", "08", "--families", "no-such-family"], "unknown task family"),
    (["arena"], "name at least one entrant"),
])
def test_arena_refuses_with_one_clear_line(argv, message, capsys):
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_arena_refuses_an_agent_without_run_turn(tmp_path, capsys):
    (tmp_path / "agent.py").write_text("def main():\n    pass\n")
    assert cli.main(["arena", str(tmp_path)]) == 2
    assert "does not define run_turn" in capsys.readouterr().err


@pytest.mark.skipif(confinement_problem() is not None, reason="no sandbox here")
def test_arena_grade_then_grades_export_capstone_for_canvas(tmp_path, capsys):
    subs = tmp_path / "subs"
    shutil.copytree(entrant("08").folder, subs / "ada")
    (subs / "bob").mkdir()  # handed in nothing usable
    out = tmp_path / "out"
    assert cli.main(["arena", "grade", str(subs), "--families", "list-todos", "--out", str(out)]) == 0
    with (out / "capstone.csv").open() as f:
        klass = {r["student"]: r for r in csv.DictReader(f)}
    assert klass["ada"]["score"] == klass["ada"]["max_score"] and klass["bob"]["status"] == "error"
    roster = tmp_path / "roster.csv"
    roster.write_text("Student,ID,SIS User ID,SIS Login ID,Section\nAda,1,1,ada,A\nBob,2,2,bob,A\n")
    canvas = tmp_path / "canvas.csv"
    assert cli.main(["grades", "export", "capstone", "--from", str(out / "capstone.csv"), "--format", "canvas",
                     "--roster", str(roster), "--out", str(canvas)]) == 0
    with canvas.open() as f:
        lines = list(csv.DictReader(f))
    assert [r["capstone"] for r in lines] == [klass["ada"]["max_score"], klass["ada"]["score"], "0"]


def test_a_live_run_without_a_key_is_refused(capsys):
    assert cli.main(["arena", "08", "--live", "--families", "list-todos"]) == 5
    assert "ANTHROPIC_API_KEY" in capsys.readouterr().err


def test_the_hidden_set_without_its_file_is_refused(tmp_path, monkeypatch, capsys):
    import agentcourse.arena.sets as sets

    monkeypatch.setattr(sets, "HIDDEN_FILE", tmp_path / "hidden.json")
    assert cli.main(["arena", "08", "--set", "hidden", "--families", "list-todos"]) == 2
    assert "for instructors" in capsys.readouterr().err
