"""`agentcourse lab list/start/check`: what a student sees, checked on the real labs."""

from __future__ import annotations

import json

import nbformat
import pytest

from agentcourse.cli import main
from agentcourse.course import lab_check, lab_cli, labs, nbfile, nbtools
from agentcourse.errors import UnknownLab
from agentcourse.paths import REPO_ROOT


def answer(lab: str, grade_id: str) -> str:
    nb = nbfile.read_notebook(REPO_ROOT / "solutions" / lab / f"{lab}.ipynb")
    return next(c.source for c in nb.cells if nbfile.grade_id(c) == grade_id)


def put_answer(path, grade_id: str, source: str) -> None:
    nb = nbfile.read_notebook(path)
    for cell in nb.cells:
        if nbfile.grade_id(cell) == grade_id:
            cell.source = source
    nbfile.write_notebook(nb, path)


def test_find_lab_accepts_numbers_and_names():
    assert labs.find_lab("1") == labs.find_lab("01") == labs.find_lab("lab01") == "lab01"


def test_unknown_lab_names_the_valid_ones(capsys):
    with pytest.raises(UnknownLab, match="lab01, lab02"):
        labs.find_lab("99")
    assert main(["lab", "start", "99"]) == 2
    assert "valid labs: lab01" in capsys.readouterr().err


def test_lab_list_shows_time_boxes_and_task_titles(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["lab", "list"]) == 0
    out = capsys.readouterr().out
    assert "lab01" in out and "30 min" in out and "Task 1: Run the matrix" in out
    assert "lab02" in out and "45 min" in out and "Task 5: Ctrl-C in the middle of a turn" in out


def test_lab_start_copies_the_release_and_records_the_start(tmp_path, capsys):
    assert main(["lab", "start", "2", "--dir", str(tmp_path)]) == 0
    folder = tmp_path / "lab02"
    assert (folder / "lab02.ipynb").read_bytes() == (REPO_ROOT / "labs/lab02/lab02.ipynb").read_bytes()
    assert json.loads((folder / labs.START_FILE).read_text())["lab"] == "lab02"
    assert "Time box: 45 minutes" in capsys.readouterr().out


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
    monkeypatch.setattr(lab_cli, "check_notebook", lambda path, release, run=None: lab_check.CheckReport("lab01"))
    assert main(["lab", "check", "1"]) == 0
    assert "Running the visible tests of lab01.ipynb" in capsys.readouterr().out


def wrong_answer(lab: str, *cases: str) -> str:
    """The solution's answer cell with known-wrong cases from solutions/labNN/wrong.py applied."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"wrong_{lab}", REPO_ROOT / "solutions" / lab / "wrong.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    source = answer(lab, "run_turn")
    for case in cases:
        source = module.WRONG[case]["run_turn"](source)
    return source


@pytest.mark.slow
@pytest.mark.parametrize("where", ["where lab start ran", "the lab folder"])
def test_lab_check_as_the_students_guide_says_runs_every_visible_check(tmp_path, monkeypatch, capsys, where):
    """docs/STUDENTS.md: `lab start 1`, then `lab check 1` from the same folder (or from inside
    the lab's). The notebook is then found by a relative path; the kernel must still start
    (confined where the machine can: the sandbox starts in a folder of its own, where a relative
    path names nothing) and every visible check of the untouched release run and fail."""
    monkeypatch.chdir(tmp_path)
    folder, _ = labs.start_lab("lab01", tmp_path / "work")
    monkeypatch.chdir(folder if where == "the lab folder" else tmp_path)
    assert main(["lab", "check", "1"]) == 1
    out = capsys.readouterr().out
    assert "did not run" not in out and "did not finish" not in out, out[-1500:]
    assert "0/4 visible checks pass" in out


def test_lab_check_reports_each_task_with_hints_api_messages_and_elapsed_time(tmp_path, capfd, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")  # one table row per line, so the test can read it
    folder, _ = labs.start_lab("lab02", tmp_path)
    notebook = folder / "lab02.ipynb"
    # Task 3 fails (half an answer); task 5's first check fails with the API's own 400.
    put_answer(notebook, "run_turn", wrong_answer("lab02", "pause-turn-ignored", "ctrl-c-note-before-results"))
    # A student who edited one test to pass and deleted another gets both back.
    put_answer(notebook, "test_raising_tool_is_reported", "pass")
    nb = nbfile.read_notebook(notebook)
    nb.cells = [c for c in nb.cells if nbfile.grade_id(c) != "test_failed_tool_is_flagged"]
    nbfile.write_notebook(nb, notebook)
    assert main(["lab", "check", "2", "--dir", str(tmp_path)]) == 1
    captured = capfd.readouterr()
    out = captured.out
    assert out.count("PASS") == 6 and out.count("FAIL") == 2, out
    assert "6/8 visible checks pass" in out and "put back" in out and "test_failed_tool_is_flagged" in out
    assert "BadRequestError 400: messages.2: Did not find" in out, "the API's message, not the SDK's wrapping"
    assert "Error code: 400" not in out
    assert "Hint Task 3" in out and "Hint Task 5" in out and "Hint Task 1" not in out
    assert "more checks hidden inside them" in out and "Elapsed since start" in out
    assert "without encryption" not in captured.out + captured.err, "the kernel's transport warning is noise"


@pytest.mark.slow
def test_an_emptied_notebook_fails_every_visible_test(tmp_path, capsys):
    folder, _ = labs.start_lab("lab02", tmp_path)
    empty = nbformat.v4.new_notebook()
    nbfile.write_notebook(empty, folder / "lab02.ipynb")
    assert main(["lab", "check", "2", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "0/8 visible checks pass" in out and "'run_turn' (your answer) is missing" in out


@pytest.mark.slow
def test_lab_check_survives_a_cell_that_never_ends(tmp_path, monkeypatch):
    # nbclient's verdict decides, not the cell's clock: on a loaded machine the kernel may
    # start the cell late, so the run time it records can be below the timeout
    monkeypatch.setattr(lab_check, "ran_seconds", lambda cell: 0.0)
    folder, _ = labs.start_lab("lab02", tmp_path)
    # Only the answer cell, and it never ends: one cell to time out, then every test put
    # back fails at once (the setup cell is gone), so the run stays short.
    nb = nbfile.read_notebook(folder / "lab02.ipynb")
    nb.cells = [c for c in nb.cells if nbfile.grade_id(c) == "run_turn"]
    nb.cells[0].source = "while True:\n    pass"
    nbfile.write_notebook(nb, folder / "lab02.ipynb")
    release = REPO_ROOT / "labs/lab02/lab02.ipynb"
    report = lab_check.check_notebook(folder / "lab02.ipynb", release, lab_check.CheckConfig(cell_timeout=3))
    assert not report.passed and len(report.outcomes) == len(nbfile.grade_cells(nbfile.read_notebook(release)))
    assert all(not o.passed for o in report.outcomes)
    assert any("answer cell 'run_turn' failed: CellTimeoutError" in n for n in report.notes), report.notes


def test_a_broken_answer_cell_is_named_before_the_tests_it_breaks():
    def ran(grade_id, solution, ename="", evalue=""):
        cell = nbformat.v4.new_code_cell("x", metadata={"nbgrader": {
            "grade_id": grade_id, "solution": solution, "grade": False, "locked": not solution}})
        if ename:
            cell.outputs = [nbformat.v4.new_output("error", ename=ename, evalue=evalue, traceback=[])]
        return cell
    nb = nbformat.v4.new_notebook(cells=[
        ran("setup", False), ran("search_file", True, "SyntaxError", "expected ':' (x.py, line 1)"),
        ran("read_lines", True), ran("tools_section", True, "NotImplementedError", ""),
        ran("prompt", True, "NotImplementedError", ""), ran("assemble", False, "NameError", "TOOLS")])
    notes = lab_check.cell_failures(nb)
    assert notes[0].endswith("NotImplementedError): tools_section, prompt")
    assert "'search_file' failed: SyntaxError: expected ':'" in notes[1]
    assert "'assemble' failed: NameError" in notes[2] and len(notes) == 3


def test_a_notebook_setup_cell_does_not_pay_for_nbformat():
    # Every setup cell imports nbtools in a fresh kernel (per `lab check`, per graded
    # submission); nbformat's import chain alone costs seconds there.
    import subprocess
    import sys

    code = "import sys, agentcourse.course.nbtools; print(sorted({'nbformat', 'jsonschema'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# ---------------------------------------------------------------- lab check tells the truth


@pytest.mark.parametrize(("content", "says"), [
    (b'{"cells": [', "broken JSON at line 1, column 12"),
    (b"my work", "broken JSON at line 1, column 1"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[]", "no list of cells"),
    (b'{"cells": [{"cell_type": "video", "source": ""}]}', "unknown type"),
])
def test_a_notebook_jupyter_cannot_open_gets_one_clear_line(tmp_path, capsys, content, says):
    folder, _ = labs.start_lab("lab01", tmp_path)
    (folder / "lab01.ipynb").write_bytes(content)
    assert main(["lab", "check", "1", "--dir", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert says in captured.err and "Traceback" not in captured.err + captured.out
    assert len(captured.err.strip().splitlines()) == 1 and "Running the visible tests" not in captured.out


def test_a_broken_notebook_points_to_jupyters_checkpoint(tmp_path, capsys):
    folder, _ = labs.start_lab("lab01", tmp_path)
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / "lab01-checkpoint.ipynb").write_text("{}")
    (folder / "lab01.ipynb").write_text("{")
    assert main(["lab", "check", "1", "--dir", str(tmp_path)]) == 2
    assert "lab01-checkpoint.ipynb" in capsys.readouterr().err


def _ids(nb) -> list:
    return [nbfile.grade_id(c) for c in nb.cells if nbfile.grade_id(c)]


def test_deleted_and_edited_test_cells_come_back_where_the_release_has_them():
    release = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    student = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    tests = [c.grade_id for c in nbfile.grade_cells(release)]
    first, second = tests[0], tests[1]
    student.cells = [c for c in student.cells if nbfile.grade_id(c) != second]
    for cell in student.cells:
        if nbfile.grade_id(cell) == first:
            cell.source = "pass  # edited to pass"
        if nbfile.grade_id(cell) == "run_turn":
            cell.source = "def run_turn(client, messages):\n    return 'mine'"
    student.cells.append(nbformat.v4.new_code_cell("print('my scratch cell')"))
    notes = lab_check.restore_released_cells(student, release)
    assert _ids(student) == _ids(release), "the released order of graded cells"
    by_id = {nbfile.grade_id(c): c for c in student.cells if nbfile.grade_id(c)}
    released = {nbfile.grade_id(c): c for c in release.cells if nbfile.grade_id(c)}
    assert by_id[first].source == released[first].source and by_id[second].source == released[second].source
    assert by_id["run_turn"].source.endswith("return 'mine'"), "the student's answer is kept"
    assert student.cells[-1].source == "print('my scratch cell')"
    assert any(second in note for note in notes)


def test_an_emptied_notebook_gets_every_test_back_and_says_what_is_missing():
    release = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    student = nbformat.v4.new_notebook()
    notes = lab_check.restore_released_cells(student, release)
    assert [nbfile.grade_id(c) for c in student.cells] == [c.grade_id for c in nbfile.grade_cells(release)]
    assert any("'run_turn' (your answer) is missing" in note for note in notes)
    assert any("'setup'" in note for note in notes)


def test_a_copied_test_cell_counts_once():
    release = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    student = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    copy = nbformat.from_dict(next(c for c in student.cells if nbfile.grade_id(c) and c.metadata["nbgrader"]["grade"]))
    copy.source = "assert True"
    student.cells.append(copy)
    lab_check.restore_released_cells(student, release)
    assert student.cells[-1].source == "assert True" and "nbgrader" not in student.cells[-1].metadata
    assert len(nbfile.grade_cells(student)) == len(nbfile.grade_cells(release))


def test_an_api_error_shows_the_apis_own_message():
    evalue = ("Error code: 400 - {'type': 'error', 'error': {'type': 'invalid_request_error', 'message': "
              "'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1.'}, "
              "'request_id': 'req_1'}")
    assert nbtools.api_error_text("BadRequestError", evalue) == (
        "BadRequestError 400: messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1.")
    newer = "400 messages.2: Did not find 1 `tool_result` (request_id: req_1, path: /v1/messages, type: x)"
    assert nbtools.api_error_text("BadRequestError", newer) == (
        "BadRequestError 400: messages.2: Did not find 1 `tool_result`")  # the SDK's newer wording
    assert nbtools.api_error_text("AssertionError", "one line\nsecond") == "AssertionError: one line"
    assert nbtools.api_error_text("RateLimitError", "Error code: 429 - not a dict") == "RateLimitError: Error code: 429 - not a dict"


def test_the_release_says_how_many_checks_grading_adds_and_never_what_they_are():
    source = '"""Check that x"""\nassert a\n### BEGIN HIDDEN TESTS\nassert b\npasses(row)\nx = 1\n### END HIDDEN TESTS\n'
    assert nbfile.hidden_checks(source) == 2
    assert nbfile.hidden_checks('"""Check that x"""\nassert a\n') == 0
    for lab in labs.lab_names():
        source_nb = nbfile.read_notebook(REPO_ROOT / "solutions" / lab / f"{lab}.ipynb")
        release = nbfile.read_notebook(labs.released_notebook(lab))
        counts = nbfile.lab_meta(release).get("hidden_checks", {})
        assert counts == {c.grade_id: nbfile.hidden_checks(c.source)
                          for c in nbfile.grade_cells(source_nb) if nbfile.hidden_checks(c.source)}
        assert sum(counts.values()) > 0, f"{lab}: grading runs no hidden checks?"


def test_a_failing_rows_report_says_how_the_tutor_read_the_prompts_rules():
    notes = nbtools.rule_notes("refuse-delete", "You help with code. Do not hesitate to delete files.", [])
    assert notes and notes[0].startswith("missing deletes-by-emptying")
    notes = nbtools.rule_notes("read-first", "When in doubt, ask. Read a file when you need to know it.", [])
    assert any(n.startswith("missing asks-when-it-shouldnt") and "When in doubt, ask." in n for n in notes)
    assert any("did not count" in n and "Read a file when you need to know it." in n for n in notes)
    found = nbtools.rule_notes("refuse-delete", "Never delete files; say you cannot and suggest another way.", [])
    assert found[0].startswith("found deletes-by-emptying: system prompt")
    assert nbtools.rule_notes("no-such-row", "anything", []) == []
    assert isinstance(nbtools.rule_notes("create", object(), "not a tool list"), list), "notes never crash a report"


def test_a_cell_nbclient_stopped_is_named_a_timeout_whatever_its_clock_says():
    cell = nbformat.v4.new_code_cell("while True: pass", metadata={lab_check.TIMED_OUT: True})
    cell.outputs = [nbformat.v4.new_output("error", ename="KeyboardInterrupt", evalue="", traceback=[])]
    assert lab_check.first_error(cell, 3) == "CellTimeoutError: the cell ran longer than 3 s and was stopped"
    assert lab_check.first_error(cell) == "CellTimeoutError: the cell ran past its time limit and was stopped"
    del cell.metadata[lab_check.TIMED_OUT]  # a student's own Ctrl-C, quickly: not a timeout
    assert lab_check.first_error(cell, 3).startswith("KeyboardInterrupt")


# ---------------------------------------------------------------- from any folder a student has


def _fetched(tmp_path, lab="lab05"):
    """A lab folder as nbgrader's exchange fetches it: labNN/labNN.ipynb, no start stamp."""
    folder = tmp_path / lab
    folder.mkdir()
    (folder / f"{lab}.ipynb").write_bytes((REPO_ROOT / "labs" / lab / f"{lab}.ipynb").read_bytes())
    return folder


@pytest.mark.parametrize("where", ["lab folder", "its parent", "--dir parent", "--dir lab folder",
                                   "work folder"])
def test_lab_check_finds_the_notebook_from_any_folder_a_student_has(tmp_path, monkeypatch, capsys, where):
    if where == "work folder":
        folder, _ = labs.start_lab("lab05", tmp_path / "work")
        cwd, extra = tmp_path, []
    else:
        folder = _fetched(tmp_path)
        cwd = folder if where == "lab folder" else tmp_path
        extra = {"--dir parent": ["--dir", str(tmp_path)], "--dir lab folder": ["--dir", str(folder)]}.get(where, [])
    monkeypatch.chdir(cwd)
    seen = []
    monkeypatch.setattr(lab_cli, "check_notebook", lambda path, release, run=None: seen.append(path) or lab_check.CheckReport("lab05"))
    assert main(["lab", "check", "5", *extra]) == 0
    assert seen and seen[0].resolve() == (folder / "lab05.ipynb").resolve()


def test_lab_check_in_a_folder_without_the_lab_names_where_it_looked(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["lab", "check", "5"]) == 2
    err = capsys.readouterr().err
    assert "lab05.ipynb not found" in err and "agentcourse lab start lab05" in err


# ---------------------------------------------------------------- what grading would send to review


def test_lab_check_warns_about_what_grading_would_send_to_review():
    """Only the notebook's structure: what the student's code does decides nothing (its test
    cells run in the judge), judged or not (Lab 3 with its flag taken out)."""
    release = nbfile.read_notebook(REPO_ROOT / "labs/lab03/lab03.ipynb")
    student = nbfile.read_notebook(REPO_ROOT / "solutions/lab03/lab03.ipynb")
    release.metadata["agentcourse"].pop("judge")
    for cell in student.cells:
        if nbfile.grade_id(cell) == "resolve_in_root":
            cell.source += "\nimport inspect\nToolError = Exception\n"
    assert lab_check.review_findings(student, release) == []
    judged_release = nbfile.read_notebook(REPO_ROOT / "labs/lab02/lab02.ipynb")
    judged = nbfile.read_notebook(REPO_ROOT / "solutions/lab02/lab02.ipynb")
    for cell in judged.cells:
        if nbfile.grade_id(cell) == "run_turn":
            cell.source += "\nimport inspect\nto_plain = lambda m: m\n"
    assert lab_check.review_findings(judged, judged_release) == []
    judged.cells = [c for c in judged.cells if nbfile.grade_id(c) != "setup"]
    assert "locked cell(s) deleted: setup" in lab_check.review_findings(judged, judged_release)


def test_lab_check_prints_what_grading_would_send_to_review(tmp_path, monkeypatch, capsys):
    """A lab whose metadata does not say it is judged (Lab 3, its flag taken out) still runs
    in `lab check`; what the student's code imports is no finding, a deleted locked cell is,
    and `lab check` prints it."""
    def unjudged(path):
        nb = nbfile.read_notebook(path)
        nb.metadata.get("agentcourse", {}).pop("judge", None)
        return nb

    monkeypatch.setattr(lab_cli, "read_notebook", unjudged)
    monkeypatch.setenv("COLUMNS", "300")
    folder, _ = labs.start_lab("lab03", tmp_path)
    put_answer(folder / "lab03.ipynb", "resolve_in_root", answer("lab03", "resolve_in_root") + "\nimport inspect\n")
    monkeypatch.setattr(lab_cli, "check_notebook", lambda path, release, run=None: lab_check.CheckReport("lab03"))
    assert main(["lab", "check", "3", "--dir", str(tmp_path)]) == 0
    assert "for review" not in capsys.readouterr().out
    nb = nbfile.read_notebook(folder / "lab03.ipynb")
    nb.cells = [c for c in nb.cells if nbfile.grade_id(c) != "setup"]
    nbfile.write_notebook(nb, folder / "lab03.ipynb")
    assert main(["lab", "check", "3", "--dir", str(tmp_path)]) == 0
    assert "grading would send this notebook to a person for review: locked cell(s) deleted: setup" in \
        capsys.readouterr().out
