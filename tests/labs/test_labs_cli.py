"""`agentcourse lab list/start/check`: what a student sees, checked on the real labs."""

from __future__ import annotations

import json

import pytest

from agentcourse import labs, nbtools
from agentcourse.cli import main
from agentcourse.errors import UnknownLab
from agentcourse.paths import REPO_ROOT


def answer(lab: str, grade_id: str) -> str:
    nb = nbtools.read_notebook(REPO_ROOT / "solutions" / lab / f"{lab}.ipynb")
    return next(c.source for c in nb.cells if nbtools.grade_id(c) == grade_id)


def put_answer(path, grade_id: str, source: str) -> None:
    nb = nbtools.read_notebook(path)
    for cell in nb.cells:
        if nbtools.grade_id(cell) == grade_id:
            cell.source = source
    nbtools.write_notebook(nb, path)


def test_find_lab_accepts_numbers_and_names():
    assert labs.find_lab("1") == labs.find_lab("01") == labs.find_lab("lab01") == "lab01"


def test_unknown_lab_names_the_valid_ones(capsys):
    with pytest.raises(UnknownLab, match="lab01, lab02"):
        labs.find_lab("99")
    assert main(["lab", "start", "99"]) == 2
    assert "valid labs: lab01" in capsys.readouterr().err


def test_lab_list_shows_time_boxes_and_task_titles(capsys):
    assert main(["lab", "list"]) == 0
    out = capsys.readouterr().out
    assert "lab01" in out and "30 min" in out and "Task 1: Run the matrix" in out
    assert "lab02" in out and "30 min" in out


def test_lab_start_copies_the_release_and_records_the_start(tmp_path, capsys):
    assert main(["lab", "start", "2", "--dir", str(tmp_path)]) == 0
    folder = tmp_path / "lab02"
    assert (folder / "lab02.ipynb").read_bytes() == (REPO_ROOT / "labs/lab02/lab02.ipynb").read_bytes()
    assert json.loads((folder / labs.START_FILE).read_text())["lab"] == "lab02"
    assert "Time box: 30 minutes" in capsys.readouterr().out


def test_starting_again_never_overwrites_the_students_work(tmp_path):
    folder, fresh = labs.start_lab("lab01", tmp_path)
    (folder / "lab01.ipynb").write_text("my work")
    again, fresh_again = labs.start_lab("lab01", tmp_path)
    assert fresh and not fresh_again and (again / "lab01.ipynb").read_text() == "my work"


def test_lab_check_without_a_started_lab_says_how_to_start(tmp_path, capsys):
    assert main(["lab", "check", "1", "--dir", str(tmp_path)]) == 2
    assert "agentcourse lab start lab01" in capsys.readouterr().err


def test_lab_check_from_inside_the_started_lab_folder_finds_the_notebook(tmp_path, monkeypatch, capsys):
    folder, _ = labs.start_lab("lab01", tmp_path)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(labs, "check_notebook", lambda path, release: labs.CheckReport("lab01"))
    assert main(["lab", "check", "1"]) == 0
    assert "Running the visible tests of lab01.ipynb" in capsys.readouterr().out


@pytest.mark.slow
def test_lab_check_reports_each_task_with_hints_and_elapsed_time(tmp_path, capsys):
    folder, _ = labs.start_lab("lab02", tmp_path)
    # A loop that runs the tools but never calls the model again: task 1 passes, the rest fail.
    wrong = answer("lab02", "run_turn").replace(
        'messages.append({"role": "user", "content": results})',
        'messages.append({"role": "user", "content": results})\n        return ""')
    put_answer(folder / "lab02.ipynb", "run_turn", wrong)
    # A student who edited a visible test to pass gets the released test back.
    put_answer(folder / "lab02.ipynb", "test_single_tool", "pass")
    assert main(["lab", "check", "2", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.count("PASS") == 1 and out.count("FAIL") == 3
    assert "1/4 visible checks pass" in out
    assert "Hint Task 2" in out and "Hint Task 1" not in out
    assert "Elapsed since start" in out


@pytest.mark.slow
def test_lab_check_survives_a_cell_that_never_ends(tmp_path):
    folder, _ = labs.start_lab("lab02", tmp_path)
    put_answer(folder / "lab02.ipynb", "run_turn", "while True:\n    pass")
    report = labs.check_notebook(folder / "lab02.ipynb", REPO_ROOT / "labs/lab02/lab02.ipynb",
                                 labs.CheckConfig(cell_timeout=3))
    assert not report.passed and len(report.outcomes) == 4
    assert all(not o.passed for o in report.outcomes)


def test_a_notebook_setup_cell_does_not_pay_for_nbformat():
    # Every setup cell imports nbtools in a fresh kernel (per `lab check`, per graded
    # submission); nbformat's import chain alone costs seconds there.
    import subprocess
    import sys

    code = "import sys, agentcourse.nbtools; print(sorted({'nbformat', 'jsonschema'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
