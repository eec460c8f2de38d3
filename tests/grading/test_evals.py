"""`agentcourse eval prompt-matrix`: pass rates per row, offline or with a key."""

from __future__ import annotations

from rich.console import Console

from agentcourse.cli import main
from agentcourse.course import evals
from agentcourse.course.matrix import ROWS
from agentcourse.paths import REPO_ROOT


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


def test_offline_run_takes_the_students_prompt_and_tools_from_their_notebook(capsys):
    solution = str(REPO_ROOT / "solutions/lab01/lab01.ipynb")
    assert main(["eval", "prompt-matrix", "--offline", "--trials", "1", "--notebook", solution]) == 0
    out = capsys.readouterr().out
    assert "lab01.ipynb" in out and out.count("1/1") == len(ROWS)


def test_a_notebook_whose_answer_cells_still_raise_is_a_clear_error(capsys):
    release = str(REPO_ROOT / "labs/lab01/lab01.ipynb")
    assert main(["eval", "prompt-matrix", "--offline", "--notebook", release]) == 2
    err = capsys.readouterr().err
    assert "system_prompt cell raised NotImplementedError" in err and "Traceback" not in err


def test_a_prompt_file_without_the_delete_rule_fails_that_row(tmp_path, capsys):
    prompt = evals.nbtools.reference_agent().SYSTEM_PROMPT
    rule = next(line for line in prompt.splitlines() if "Never delete" in line)
    (tmp_path / "prompt.txt").write_text(prompt.replace(rule, ""))
    assert main(["eval", "prompt-matrix", "--offline", "--trials", "1", "--prompt", str(tmp_path / "prompt.txt")]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "refuse-delete" in line)
    assert "0/1" in row
