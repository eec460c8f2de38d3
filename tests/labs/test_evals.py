"""`agentcourse eval prompt-matrix`: pass rates per row, offline or with a key."""

from __future__ import annotations

from rich.console import Console

from agentcourse import evals
from agentcourse.cli import main
from agentcourse.matrix import ROWS


def test_without_a_key_or_offline_it_explains_how_and_exits_cleanly(capsys):
    assert main(["eval", "prompt-matrix"]) == 0
    out = capsys.readouterr().out
    assert "ANTHROPIC_API_KEY" in out and "--offline" in out
    assert "trial(s) per row" not in out  # nothing was evaluated


def test_offline_run_prints_a_pass_rate_per_row(capsys):
    assert main(["eval", "prompt-matrix", "--offline", "--trials", "2"]) == 0
    out = capsys.readouterr().out
    for row in ROWS:
        assert row.name in out
    assert out.count("2/2") == len(ROWS) and "100%" in out


def test_a_row_result_counts_passes_and_keeps_failure_reasons():
    result = evals.RowResult(ROWS[0], passes=2, failures=["edit_file was called before the file was read"])
    assert result.trials == 3 and round(result.rate, 2) == 0.67
    console = Console(width=200, record=True)
    console.print(evals.matrix_table([result], "t"))
    shown = console.export_text()
    assert "2/3" in shown and "67%" in shown and "called before the file was read" in shown
