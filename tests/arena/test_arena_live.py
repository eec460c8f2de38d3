"""With a key, the same tasks against Claude, reported apart from the tutor's."""

from __future__ import annotations

import csv

import pytest

from agentcourse import cli

pytestmark = pytest.mark.live


def test_a_live_run_writes_its_own_csv_with_the_model_column(tmp_path):
    assert cli.main(["arena", "08", "--live", "--families", "list-todos", "--jobs", "1", "--out", str(tmp_path)]) == 0
    assert not (tmp_path / "arena.csv").exists() and (tmp_path / "arena-live.png").is_file()
    with (tmp_path / "arena-live.csv").open() as f:
        rows = [r for r in csv.DictReader(f) if r["task"] != "TOTAL"]
    assert rows and all(r["model"] != "tutor" for r in rows)
    assert int(rows[0]["api_calls"]) >= 1 and int(rows[0]["output_tokens"]) > 0


def test_the_live_ladder_writes_its_own_files_and_compares_with_the_tutor(tmp_path, capsys):
    assert cli.main(["arena", "ladder", "--live", "--families", "list-todos", "--jobs", "2",
                     "--out", str(tmp_path)]) == 0
    assert (tmp_path / "ladder-live.csv").is_file() and not (tmp_path / "ladder.csv").exists()
    assert "on the tutor and on Claude" in capsys.readouterr().out
