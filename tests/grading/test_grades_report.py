"""`agentcourse grades export` and `agentcourse report`: the gradebook read when asked, in
our CSV and in Canvas's, and the class report. The fast tests check each piece on data made
here; the slow one grades a small class of lab 2 for real with `agentcourse grade` (a correct
answer, a partial one, the untouched release, a copy of the first) and reads it back."""

from __future__ import annotations

import csv
import datetime
import json
import os

import pytest

from agentcourse.cli import main
from agentcourse.errors import BadRoster, NotGraded, UsageError
from agentcourse.grading import canvas, export, grades, nbgrader_io, records, results
from agentcourse.grading.report import class_report as report
from agentcourse.grading.report import graded_notebooks as gn
from agentcourse.grading.report import similarity
from agentcourse.paths import REPO_ROOT
from tests.budget import within

LAB = "lab02"
PNG = b"\x89PNG\r\n\x1a\n"


def _roster(path, rows, extra_column=None):
    """A roster shaped like Canvas's gradebook export: its points row and test student too."""
    header = list(canvas.COLUMNS) + ([extra_column] if extra_column else [])
    with open(path, "w", newline="", encoding="utf-8-sig") as f:
        out = csv.writer(f)
        out.writerow(header)
        out.writerow(["    Points Possible", "", "", "", ""] + (["20"] if extra_column else []))
        for name, canvas_id, login in rows:
            out.writerow([name, canvas_id, f"SIS{canvas_id}", login, "Section A"] + ([""] if extra_column else []))
        out.writerow(["Student, Test", "999", "", "", "Section A"] + ([""] if extra_column else []))
    return path


def _lab_grades(*students: tuple[str, float]) -> grades.LabGrades:
    rows = [grades.StudentGrade(s, score, 20.0, "ok", "") for s, score in students]
    return grades.LabGrades(LAB, 20.0, {"test_a": 20.0}, rows)


def _course(tmp_path, monkeypatch):
    """A scratch course the command line works in: the repository's labs, no gradebook."""
    course = tmp_path / "course"
    course.mkdir()
    for name in ("solutions", "labs"):
        os.symlink(REPO_ROOT / name, course / name)
    monkeypatch.setattr(export, "REPO_ROOT", course)
    monkeypatch.setattr(report, "REPO_ROOT", course)
    return course


# ---------------------------------------------------------------- statuses from the gradebook


@pytest.mark.parametrize("status", [s for s in results.STATUSES if s != "ok"])
def test_the_graders_note_in_the_gradebook_gives_back_its_status_and_reason(status):
    result = results.Result("ann", status, "cell timed out: test_a (after 60 s)", review=["import gc"])
    comment = "my own comment\n\n" + records.review_note(result)
    assert grades.recorded_status([None, comment], flagged=True) == (
        status, "cell timed out: test_a (after 60 s); review findings: import gc")


def test_a_note_with_findings_only_and_no_note_at_all_read_as_what_they_are():
    findings = records.review_note(results.Result("ann", "ok", review=["locked cells moved out of their order"]))
    assert grades.recorded_status([findings], flagged=False) == (
        "ok", "review findings: locked cells moved out of their order")
    assert grades.recorded_status(["No response."], flagged=False) == ("ok", "")
    assert grades.recorded_status([None], flagged=True)[0] == "review"


# ---------------------------------------------------------------- Canvas


def test_canvas_rows_follow_the_roster_and_students_it_lacks_are_returned(tmp_path):
    roster = canvas.read_roster(_roster(tmp_path / "r.csv", [("Lee, Ann", "101", "ann"), ("Roe, Bob", "102", "bob")],
                                        extra_column="lab02 (4242)"))
    assert list(roster.students) == ["ann", "bob"] and roster.without_id == ["Student, Test"]
    out = tmp_path / "canvas.csv"
    unmatched = canvas.write_canvas(_lab_grades(("bob", 12.5), ("zed", 3)), roster, out, LAB)
    assert unmatched == ["zed"]
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "lab02 (4242)"]
    assert rows[1] == ["Points Possible", "", "", "", "", "20"]
    assert rows[2:] == [["Lee, Ann", "101", "SIS101", "ann", "Section A", ""],
                        ["Roe, Bob", "102", "SIS102", "bob", "Section A", "12.5"]]


@pytest.mark.parametrize("content, message", [
    (None, "cannot read the roster"),
    ("Name,Email\nAnn,a@x\n", "has no column 'Student', 'ID', 'SIS Login ID'"),
    ("Student,ID,SIS Login ID\nAnn,1,ann\nAnn B,2,ann\n", "names 'ann' twice"),
])
def test_a_roster_that_cannot_be_used_is_refused_with_what_is_wrong(tmp_path, content, message):
    path = tmp_path / "roster.csv"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BadRoster, match=message):
        canvas.read_roster(path)


def test_bad_input_on_the_command_line_gets_a_clear_message_and_no_gradebook_is_made(tmp_path, monkeypatch, capsys):
    course = _course(tmp_path, monkeypatch)
    assert main(["grades", "export", "2"]) == NotGraded.exit_status
    assert "no gradebook" in capsys.readouterr().err
    assert main(["report", "2"]) == NotGraded.exit_status
    assert "agentcourse grade 02" in capsys.readouterr().err
    assert not (course / ".grading" / "gradebook.db").exists()
    assert main(["grades", "export", "42"]) == UsageError.exit_status
    assert "unknown lab '42'" in capsys.readouterr().err
    assert main(["grades", "export", "2", "--format", "canvas"]) == UsageError.exit_status
    assert "needs --roster" in capsys.readouterr().err
    (tmp_path / "r.csv").write_text("Name\nAnn\n")
    assert main(["grades", "export", "2", "--format", "canvas", "--roster", str(tmp_path / "r.csv")]) == 2
    assert "has no column" in capsys.readouterr().err
    assert main(["report", "2", "--threshold", "0"]) == UsageError.exit_status


# ---------------------------------------------------------------- graded notebooks and similarity


def test_a_failure_is_read_as_the_assertion_that_failed_or_the_error_raised():
    plain = {"ename": "AssertionError", "evalue": "", "traceback": [
        "Traceback (most recent call last):", "\x1b[36m  Cell In[6], line 8\x1b[39m",
        "\x1b[31m    assert len(results) == 1\x1b[39m", "AssertionError"]}
    assert gn.first_failure(plain) == "assert len(results) == 1"
    said = dict(plain, evalue="the raised error goes back with is_error")
    assert gn.first_failure(said) == "AssertionError: the raised error goes back with is_error"
    assert gn.first_failure({"ename": "NotImplementedError", "evalue": "", "traceback": []}) == "NotImplementedError"
    assert gn.first_failure({"ename": "KeyError", "evalue": "'id'", "traceback": []}) == "KeyError: 'id'"


def test_a_graded_notebook_gives_its_answers_the_answer_cells_that_raise_and_each_tests_failure(tmp_path):
    def cell(grade_id, source, error=None, **meta):
        outputs = [{"output_type": "error", "ename": error[0], "evalue": error[1], "traceback": []}] if error else []
        return {"cell_type": "code", "source": source, "outputs": outputs,
                "metadata": {"nbgrader": {"grade_id": grade_id, **meta}}}
    path = tmp_path / "lab.ipynb"
    path.write_text(json.dumps({"cells": [
        cell("prompt", "PROMPT = 1 / 0", ("ZeroDivisionError", "division by zero"), solution=True),
        cell("test_a", "assert PROMPT", ("NameError", "name 'PROMPT' is not defined"), grade=True, points=2),
        cell("test_b", "assert True", grade=True, points=1)]}))
    got = gn.read_graded(path, "ann", {"prompt"})
    assert got.answers == {"prompt": "PROMPT = 1 / 0"}
    assert got.raising == {"prompt": "ZeroDivisionError: division by zero"}
    assert got.failures == {"test_a": "NameError: name 'PROMPT' is not defined"}


def test_a_task_passes_when_all_its_test_cells_do_and_a_task_without_tests_has_no_rate():
    rows = [grades.StudentGrade("ann", 3, 3, "ok", "", cells={"t1": 1, "t2": 2}),
            grades.StudentGrade("bob", 2, 3, "ok", "", cells={"t1": 0, "t2": 2}),
            grades.StudentGrade("cat", 0, 3, "missing", "", cells={"t1": 0, "t2": 0})]
    lab = grades.LabGrades(LAB, 3, {"t1": 1, "t2": 2}, rows)
    tasks = [{"number": 1, "title": "Read", "tests": []}, {"number": 2, "title": "Fix", "tests": ["t1", "t2"]}]
    assert report.task_pass_rates(tasks, lab, ["ann", "bob"]) == {"Task 1: Read": None, "Task 2: Fix": 0.5}
    assert report.cell_pass_rates(lab, ["ann", "bob"]) == {"t1": 0.5, "t2": 1.0}


def test_unchanged_and_emptied_answers_are_told_apart_from_written_ones():
    release = {"run_turn": 'def run_turn(client, messages):\n    """Doc."""\n    # YOUR CODE HERE\n'
                           "    raise NotImplementedError()"}
    assert gn.is_unchanged(dict(release), release)
    emptied = {"run_turn": 'def run_turn(client, messages):\n    """Doc."""\n    pass  # later'}
    assert not gn.is_unchanged(emptied, release) and gn.is_blank(emptied, release)
    written = {"run_turn": 'def run_turn(client, messages):\n    """Doc."""\n    return "hi"'}
    assert not gn.is_blank(written, release)


def test_a_copy_with_renamed_names_is_similar_and_code_everyone_was_given_is_not():
    release = "def run_turn(client, messages):\n    # YOUR CODE HERE\n    raise NotImplementedError()\n"
    answer = ("def run_turn(client, messages):\n    total = 0\n    for message in messages:\n"
              "        if message['role'] == 'user':\n            total += len(message['content'])\n"
              "        elif message['role'] == 'assistant':\n            total -= 1\n    return total * 2 + 7\n")
    renamed = answer.replace("total", "count").replace("message", "m")
    other = ("def run_turn(client, messages):\n    reply = client.messages.create(model='m', max_tokens=9,"
             " messages=messages)\n    return ''.join(b.text for b in reply.content)\n")
    pairs = similarity.similar_pairs({"ann": answer, "bob": renamed, "cat": other, "dan": release,
                                      "eve": release}, release, 0.6)
    assert [(p.a, p.b) for p in pairs] == [("ann", "bob")]
    assert pairs[0].share == 1.0 and "for message in messages:" in pairs[0].excerpt


def test_students_linked_by_similar_pairs_form_one_group():
    pair = lambda a, b: similarity.Pair(a, b, 0.9, 0.9, 100, "")  # noqa: E731
    found = similarity.groups([pair("ann", "bob"), pair("cat", "dan"), pair("bob", "eve")])
    assert found == [["ann", "bob", "eve"], ["cat", "dan"]]


# ---------------------------------------------------------------- a class graded for real


def _set_manual_grade(course, student, cell, score):
    """What formgrader does when a person grades a cell by hand."""
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        grade = gb.find_grade(cell, LAB, LAB, student)
        grade.manual_score = score
        grade.needs_manual_grade = False
        gb.db.commit()


def _set_due_date(course, due):
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        gb.update_or_create_assignment(LAB, duedate=due)


def check_the_export_has_one_row_per_student_with_score_status_and_lateness(course, capsys):
    assert main(["grades", "export", "2"]) == 0
    rows = {r["student"]: r for r in csv.DictReader((course / ".grading" / "lab02-export.csv").open())}
    assert list(next(csv.reader((course / ".grading" / "lab02-export.csv").open()))) == list(grades.EXPORT_COLUMNS)
    got = {s: (r["score"], r["max_score"], r["status"], r["late"]) for s, r in rows.items()}
    assert got == {"ann": ("20", "20", "ok", "0"), "bob": ("16", "20", "timeout", "0"), "cat": ("0", "20", "ok", "0"),
                   "dan": ("20", "20", "ok", "0"), "eve": ("16", "20", "timeout", "7200")}
    assert rows["bob"]["reason"] == "cell timed out: test_ctrl_c_while_waiting"
    assert rows["bob"]["needs_manual_grade"] == "yes" and "still flagged" in capsys.readouterr().out
    return rows


def check_a_manual_grade_shows_up_in_the_next_export(course):
    _set_manual_grade(course, "cat", "test_failed_tool_is_flagged", 2.0)
    assert main(["grades", "export", "2", "--out", str(course / "again.csv")]) == 0
    rows = {r["student"]: r for r in csv.DictReader((course / "again.csv").open())}
    assert rows["cat"]["score"] == "2" and rows["cat"]["raw_score"] == "2"


def check_canvas_gets_its_columns_and_students_missing_from_the_roster_are_reported(course, tmp_path, capsys):
    roster = _roster(tmp_path / "roster.csv", [("Lee, Ann", "101", "ann"), ("Roe, Bob", "102", "bob"),
                                                ("Cox, Cat", "103", "cat"), ("Fay, Fin", "106", "fin")])
    assert main(["grades", "export", "2", "--format", "canvas", "--roster", str(roster),
                 "--assignment", "Lab 2"]) == 0
    out = capsys.readouterr().out
    assert "not in the roster" in out and "dan" in out and "eve" in out
    rows = list(csv.reader((course / ".grading" / "lab02-canvas.csv").open()))
    assert rows[0] == [*canvas.COLUMNS, "Lab 2"] and rows[1][0] == "Points Possible" and rows[1][-1] == "20"
    assert [(r[3], r[-1]) for r in rows[2:]] == [("ann", "20"), ("bob", "16"), ("cat", "2"), ("fin", "")]


def check_the_report_says_what_the_class_did(course, capsys):
    assert main(["report", "2"]) == 0
    folder = course / ".grading" / "report-lab02"
    text = (folder / "README.md").read_text(encoding="utf-8")
    assert "| ann | dan | 100% | 100% |" in text, "the identical copy is flagged"
    assert "- 4 students: ann, bob, dan, eve" in text, "bob and eve are near-copies of ann's answer"
    pairs = list(csv.DictReader((folder / "similar-pairs.csv").open()))
    assert (pairs[0]["student_a"], pairs[0]["student_b"], pairs[0]["share_a"]) == ("ann", "dan", "1.000")
    assert not any("cat" in line for line in text.split("## Similar answers")[1].splitlines() if "|" in line)
    assert "- unchanged (blank: answer cells exactly as released): cat" in text
    assert "| Task 1: A tool fails | test_failed_tool_is_flagged, test_raising_tool_is_reported | 40% |" in text
    assert "| Task 2: A reply cut off inside a tool call | test_cut_tool_call_is_retried | 80% |" in text
    assert "| test_failed_tool_is_flagged | 2 | 60% |" in text, "cat's manual grade counts"
    failures = text.split("### test_raising_tool_is_reported (3 failing)")[1].split("###")[0]
    assert 'AssertionError: the raised error goes back with is_error | 2: bob, eve |' in failures
    assert "| NotImplementedError | 1: cat |" in failures
    assert "| eve | 2:00:00 | 0 |" in text and "| bob | timeout | 16 | yes |" in text
    for figure in ("scores.png", "pass-rates.png"):
        assert (folder / figure).read_bytes().startswith(PNG) and f"]({figure})" in text
    assert not any("report" in p.name for p in (course / ".grading" / "feedback").rglob("*"))


@pytest.mark.slow
def test_a_graded_class_is_exported_and_reported_from_the_gradebook_as_it_is_now(tmp_path, monkeypatch, capsys):
    """One real grading run for every check (a fixture would grade once per xdist worker)."""
    from bench.report_speed import _answers, clone_student, grade_small_class

    good, partial = _answers()
    course = grade_small_class(tmp_path / "class", partial, good, examples=2)  # reports, not depth, are tested
    monkeypatch.setattr(export, "REPO_ROOT", course)
    monkeypatch.setattr(report, "REPO_ROOT", course)
    records.merge_note(course, LAB, results.Result("bob", "timeout", "cell timed out: test_ctrl_c_while_waiting"))
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        for grade in gb.find_submission(LAB, "bob").notebooks[0].grades:
            grade.needs_manual_grade = True  # as the grader flags a timeout
        gb.db.commit()
        due = gb.find_submission(LAB, "ann").timestamp or datetime.datetime(2026, 1, 1)
    _set_due_date(course, due + datetime.timedelta(days=1))
    clone_student(course, "bob", "eve", "# eve's own line", timestamp=due + datetime.timedelta(days=1, hours=2))
    check_the_export_has_one_row_per_student_with_score_status_and_lateness(course, capsys)
    check_a_manual_grade_shows_up_in_the_next_export(course)
    check_canvas_gets_its_columns_and_students_missing_from_the_roster_are_reported(course, tmp_path, capsys)
    check_the_report_says_what_the_class_did(course, capsys)


@pytest.mark.slow
def test_a_late_submission_shows_its_penalty_in_the_table_and_csv_as_the_export_does(tmp_path, monkeypatch, capsys):
    """Under the `zero` late policy, a correct notebook 4 s late scores 0 in `agentcourse
    grade`'s table and CSV, as in the gradebook and `grades export`; one on time keeps its points."""
    import shutil

    from agentcourse.grading import pipeline
    from tests.grading.test_grading import FULL, answered

    course = _course(tmp_path, monkeypatch)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    (course / "local").mkdir()
    (course / "local" / "nbgrader_config.py").write_text(
        'c = get_config()  # noqa: F821\nc.LateSubmissionPlugin.penalty_method = "zero"\n')
    (course / ".grading").mkdir()
    _set_due_date(course, datetime.datetime(2026, 12, 1, 10, 0, 0))
    for student, stamp in (("ann", "10:00:04"), ("bob", "09:00:00")):
        answered(tmp_path / "subs" / student / f"{LAB}.ipynb")
        (tmp_path / "subs" / student / "timestamp.txt").write_text(f"2026-12-01 {stamp}.000000 UTC")
    monkeypatch.setattr(pipeline, "REPO_ROOT", course)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["grade", "2", str(tmp_path / "subs"), "--timeout", str(int(within(30))), "--examples", "2"]) == 0
    table = capsys.readouterr().out
    assert f"0/{FULL:g} (late 4 s, -{FULL:g})" in table and f"{FULL:g}/{FULL:g} " in table
    path = course / ".grading" / f"{LAB}-grades.csv"
    assert next(csv.reader(path.open()))[:6] == ["student", "status", "total", "max", "late", "penalty"]
    ours = {r["student"]: (r["status"], r["total"], r["late"], r["penalty"]) for r in csv.DictReader(path.open())}
    assert ours == {"ann": ("ok", "0", "4", f"{FULL:g}"), "bob": ("ok", f"{FULL:g}", "0", "0")}
    assert main(["grades", "export", "2"]) == 0
    exported = {r["student"]: (r["status"], r["score"], r["late"], r["penalty"])
                for r in csv.DictReader((course / ".grading" / f"{LAB}-export.csv").open())}
    assert exported == ours
