"""Every lab in solutions/ is sound: it builds, it is released in sync, it leaks nothing,
its solution scores full marks, its untouched release scores its baseline, and each of its
known-wrong implementations loses points.

Real nbgrader runs once per lab (generate_assignment + autograde of two students: the source
and the untouched release) through its Python API, because a run costs seconds. The known-wrong variants
(5+ per lab) run in-process with nbrun.run_cells: a fresh namespace per variant, no
kernel start-up, and the test cells above a variant's first change taken from the solution's run. A test cell scores iff it raises, both ways, so the verdicts agree.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from agentcourse.course import nbbuild, nbfile, nbrun, props
from agentcourse.paths import REPO_ROOT

SOLUTIONS = REPO_ROOT / "solutions"
LABS = REPO_ROOT / "labs"
ALL_LABS = sorted(p.name for p in SOLUTIONS.iterdir() if (p / f"{p.name}.ipynb").is_file())


def source(lab: str) -> Path:
    return SOLUTIONS / lab / f"{lab}.ipynb"


def _corpus(lab: str, stem: str):
    path = SOLUTIONS / lab / f"{stem}.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"{stem}_{lab}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases(lab: str, name: str = "WRONG"):
    """WRONG (known-wrong answers), RIGHT (correct answers in other shapes), ZERO (wrong
    answers that must score nothing) or FAILS (case -> the visible checks it must fail)
    from solutions/labNN/wrong.py, with the WRONG and RIGHT cases of the lab's blind corpus
    (solutions/labNN/blind.py, written from the task texts before any was run) as
    "blind-<name>"."""
    found = _corpus(lab, "wrong")
    value = getattr(found, name, None) if found else None
    value = value if value is not None else ({} if name != "ZERO" else ())
    blind = _corpus(lab, "blind") if name in ("WRONG", "RIGHT") else None
    if blind is not None:
        value = {**value, **{f"blind-{case}": change for case, change in getattr(blind, name, {}).items()}}
    return value


def wrong_cases(lab: str) -> dict:
    return cases(lab, "WRONG")


WRONG_PARAMS = [pytest.param(lab, case, id=f"{lab}-{case}") for lab in ALL_LABS for case in wrong_cases(lab)]
RIGHT_PARAMS = [pytest.param(lab, case, id=f"{lab}-{case}") for lab in ALL_LABS for case in cases(lab, "RIGHT")]


def total(results: dict) -> float:
    return sum(r.points for r in results.values())


def full_marks(lab: str) -> float:
    return sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(source(lab))))


# ---------------------------------------------------------------- fast, no nbgrader


@pytest.mark.parametrize("lab", ALL_LABS)
def test_notebook_is_built_from_its_percent_source(lab):
    text = SOLUTIONS / lab / f"{lab}{nbbuild.SOURCE_SUFFIX}"
    assert text.is_file(), f"solutions/{lab} has no {lab}{nbbuild.SOURCE_SUFFIX} to build from"
    built = nbbuild.build_notebook(text.read_text(encoding="utf-8"))
    assert json.loads(nbformat.writes(built)) == json.load(source(lab).open()), (
        f"stale: python -m agentcourse.course.nbbuild build solutions/{lab}/{lab}{nbbuild.SOURCE_SUFFIX}")


@pytest.mark.parametrize("lab", ALL_LABS)
def test_lab_declares_time_box_tasks_and_points(lab):
    nb = nbfile.read_notebook(source(lab))
    meta = nbfile.lab_meta(nb)
    assert meta.get("lab") == lab and meta.get("time_box_minutes", 0) > 0 and meta.get("tasks")
    assert f"Time box: {meta['time_box_minutes']} minutes" in nb.cells[0].source
    graded = {c.grade_id: c for c in nbfile.grade_cells(nb)}
    tested = [t for task in meta["tasks"] for t in task["tests"]]
    assert sorted(tested) == sorted(graded), "every test cell belongs to exactly one task"
    for cell in graded.values():
        assert cell.points > 0, f"{cell.grade_id} has no points"
        assert cell.check.startswith("Check that"), f"{cell.grade_id} needs a 'Check that ...' docstring"


@pytest.mark.parametrize("lab", ALL_LABS)
def test_release_contains_no_solution_or_hidden_test_text(lab):
    nb = nbfile.read_notebook(source(lab))
    # Lines that also appear outside the secret regions (e.g. a call the visible test makes
    # too) are not secrets; short lines (brackets) say nothing.
    visible = set()
    secrets = set()
    for cell in nb.cells:
        regions = (nbfile.region_lines(cell.source, nbfile.BEGIN_SOLUTION, nbfile.END_SOLUTION)
                   + nbfile.region_lines(cell.source, nbfile.BEGIN_HIDDEN, nbfile.END_HIDDEN))
        secrets.update(line.strip() for line in regions if len(line.strip()) >= 12)
        visible.update(line.strip() for line in nbfile.outside_regions(cell.source))
    secrets -= visible
    assert secrets, "a lab with no solution text?"
    released = []
    for path in sorted((LABS / lab).rglob("*")):
        if path.suffix == ".ipynb":
            released += [c.source for c in nbfile.read_notebook(path).cells]
        elif path.is_file():
            released.append(path.read_text(encoding="utf-8", errors="replace"))
    lines = {line.strip() for text in released for line in text.splitlines()}
    leaks = sorted(secrets & lines)
    assert not leaks, f"labs/{lab} shows solution or hidden-test lines: {leaks[:3]}"
    names = {p.name for p in (LABS / lab).rglob("*")}
    assert not names & {"WALKTHROUGH.md", "wrong.py", "blind.py", f"{lab}{nbbuild.SOURCE_SUFFIX}"}
    assert not [n for n in names if n.endswith(".py")], "nbgrader releases .py files unstripped"


@pytest.mark.parametrize("lab", ALL_LABS)
def test_solution_scores_full_marks_in_process(lab):
    results = nbrun.run_cells(nbfile.read_notebook(source(lab)))
    failed = {k: r.error for k, r in results.items() if r.error}
    assert not failed
    assert total(results) == full_marks(lab)


@pytest.mark.parametrize("lab", ALL_LABS)
def test_lab_declares_at_least_five_wrong_implementations(lab):
    assert len(wrong_cases(lab)) >= 5, f"solutions/{lab}/wrong.py needs 5+ known-wrong cases"


@pytest.mark.parametrize(("lab", "case"), WRONG_PARAMS)
def test_wrong_implementation_fails_a_visible_test_and_loses_points(lab, case, monkeypatch):
    """A student who passes every visible test cannot hold this wrong idea: `lab check`
    shows it (a visible test fails), and grading takes points for it: a test cell whose
    visible part fails fails whole, so the visible failure is a lost point too. Only the
    visible parts run, and only up to the first failing check (and the checks `FAILS`
    names): lab check's view, at a fraction of a whole run's cost. Test cells above the
    first changed cell are the solution's (test_solution_scores_full_marks_in_process runs
    them) and are not run again."""
    must = set(cases(lab, "FAILS").get(case, ()))
    monkeypatch.setenv(props.ENV_SHRINK, "0")  # which checks fail, not their smallest examples

    def shown(results):
        return any(r.visible_error for r in results.values()) and must <= set(results)

    results = nbrun.run_cells(nbfile.read_notebook(source(lab)), wrong_cases(lab)[case],
                                visible=True, whole=False, stop_after=shown, solution_prefix=True)
    assert [k for k, r in results.items() if r.visible_error], f"{case} passes every visible test"
    for grade_id in must:  # the checks of the idea this case lacks
        assert results[grade_id].visible_error, f"{case} passes {grade_id}, the check of its idea"
    if case in cases(lab, "ZERO"):
        total_points = total(nbrun.run_cells(nbfile.read_notebook(source(lab)), wrong_cases(lab)[case]))
        assert total_points == 0, f"{case} must score nothing: {total_points} points"


@pytest.mark.parametrize(("lab", "case"), RIGHT_PARAMS)
def test_right_answer_in_other_words_scores_full_marks(lab, case):
    """The checks judge behaviour: a correct answer shaped or worded differently passes."""
    results = nbrun.run_cells(nbfile.read_notebook(source(lab)), cases(lab, "RIGHT")[case], solution_prefix=True)
    failed = {k: r.error for k, r in results.items() if r.error}
    assert not failed and total(results) == full_marks(lab)


# ---------------------------------------------------------------- real nbgrader, once per lab


def scratch_course(tmp: Path) -> Path:
    """A course folder that shares solutions/ but keeps every output in `tmp`."""
    tmp.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO_ROOT / "nbgrader_config.py", tmp / "nbgrader_config.py")
    os.symlink(SOLUTIONS, tmp / "solutions")
    return tmp


def nbgrader_api(course: Path):
    """nbgrader's own Python API (what its commands run), configured by the course's
    nbgrader_config.py. In-process: saves a Python start-up per command."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]  # alembic
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.release_directory = "release"
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def normalized(path: Path) -> dict:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell.pop("execution_count", None)
        cell.pop("outputs", None)
    return nb


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:Object of type")  # SQLAlchemy, inside nbgrader's add_submission
@pytest.mark.parametrize("lab", ALL_LABS)
def test_nbgrader_release_in_sync_source_full_marks_untouched_baseline(lab, tmp_path):
    """nbgrader's generate_assignment and autograde per lab: the release is in sync, the
    source scores full marks, the untouched release its baseline, a known-wrong answer loses
    points and an honest answer in other words scores full marks; nothing but the wrong
    answer may raise a review finding.

    Kept in one test so that pytest-xdist never runs a lab's nbgrader twice."""
    from agentcourse.grading.nbgrader_io import gradebook

    course = scratch_course(tmp_path / "course")
    api = nbgrader_api(course)
    done = api.generate_assignment(lab, force=True)
    assert done["success"], done.get("error", "")[-2000:]

    release = course / "release" / lab
    fresh = sorted(p.relative_to(release) for p in release.rglob("*"))
    committed = sorted(p.relative_to(LABS / lab) for p in (LABS / lab).rglob("*"))
    assert fresh == committed, f"labs/{lab} is stale: nbgrader generate_assignment {lab} --force"
    for rel in fresh:
        if rel.suffix == ".ipynb":
            assert normalized(release / rel) == normalized(LABS / lab / rel), (
                f"labs/{lab}/{rel} is stale: nbgrader generate_assignment {lab} --force")

    # Two more students, one of each kind from wrong.py (a sample: tests/grading/test_wrong_graded.py
    # says how to grade them all): a known-wrong answer and an honest one in other words.
    from test_wrong_graded import pick, submission

    wrong, right = pick(lab, "WRONG", 1), pick(lab, "RIGHT", 1)
    students = {"solution": source(lab), "untouched": release / f"{lab}.ipynb"}
    for kind, chosen in (("wrong", wrong), ("honest", right)):
        for case in chosen:
            students[f"{kind}-{case}"] = tmp_path / f"{kind}-{case}.ipynb"
            nbfile.write_notebook(submission(lab, cases(lab, kind == "wrong" and "WRONG" or "RIGHT")[case]),
                                   students[f"{kind}-{case}"])
    # The solution is graded as a class is, at the graded example count: it must hold at
    # every graded instance. The sampled cases take two examples per property: whether they
    # lose or keep their points is decided by the in-process tests above, at the public count.
    sampled = nbgrader_api(course)
    sampled.config.ConfinedExecute.property_examples = 2
    logs = {}
    for student, nb in students.items():
        dest = course / ".grading" / "submitted" / student / lab
        dest.mkdir(parents=True)
        shutil.copy(nb, dest / f"{lab}.ipynb")
        done = (api if student == "solution" else sampled).autograde(lab, student, force=True, create=True)
        assert done["success"], done.get("error", "")[-2000:]
        logs[student] = done.get("log") or ""
        if not student.startswith("wrong-"):
            review = [line for line in logs[student].splitlines() if "REVIEW:" in line]
            assert not review, (student, review[:3])
    with gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        scores = {s: gb.find_submission(lab, s).score for s in students}
    baseline = nbfile.lab_meta(nbfile.read_notebook(source(lab))).get("release_baseline", 0)
    assert {s: scores[s] for s in ("solution", "untouched")} == {"solution": full_marks(lab), "untouched": baseline}
    for student, score in scores.items():
        if student.startswith("wrong-"):
            assert score < full_marks(lab), f"{student} kept full marks in grading"
        elif student.startswith("honest-"):
            assert score == full_marks(lab), f"{student}: {score:g} points"


def test_a_stale_wrong_case_fails_loudly_instead_of_becoming_the_solution():
    with pytest.raises(ValueError, match="stale"):
        nbrun.drop("text that is not in the cell")("def run_turn(client, messages): ...")
    with pytest.raises(ValueError, match="no cell with grade_id"):
        nbrun.apply_replacements(nbfile.read_notebook(source(ALL_LABS[0])), {"no_such_cell": "x"})


HEADER = '# ---\n# jupyter:\n#   agentcourse:\n#     lab: lab99\n# ---\n\n'


def test_a_percent_source_expands_the_short_nbgrader_form():
    nb = nbbuild.build_notebook(HEADER + '# %% [markdown]\n# # Title\n\n'
                                '# %% nbgrader="solution" grade_id="answer"\nx = 1\n\n'
                                '# %% nbgrader="tests" grade_id="test_x" points=2\n"""Check that x"""\n')
    assert nb.metadata["agentcourse"] == {"lab": "lab99"} and "jupytext" not in nb.metadata
    title, answer, test = nb.cells
    assert title.cell_type == "markdown" and title.source == "# Title" and "nbgrader" not in title.metadata
    assert answer.metadata["nbgrader"] == {"grade": False, "grade_id": "answer", "locked": False,
                                           "schema_version": 3, "solution": True, "task": False}
    assert test.metadata == {"nbgrader": {"grade": True, "grade_id": "test_x", "locked": True, "points": 2,
                                          "schema_version": 3, "solution": False, "task": False}}
    assert [c.id for c in nb.cells] == ["cell-00", "answer", "test_x"]


@pytest.mark.parametrize(("cell", "complaint"), [
    ('# %% nbgrader="tests" grade_id="test_x"\nassert True', "points"),
    ('# %% nbgrader="tests" grade_id="test_x" points=1.5\nassert True', "whole number"),
    ('# %% nbgrader="solution"\nx = 1', "grade_id"),
    ('# %% nbgrader="graded" grade_id="x"\nx = 1', "unknown nbgrader cell kind"),
    ('# %% grade_id="x"\nx = 1', "without nbgrader"),
])
def test_a_percent_source_without_ids_or_points_is_refused(cell, complaint):
    from agentcourse.errors import UsageError

    with pytest.raises(UsageError, match=complaint):
        nbbuild.build_notebook(HEADER + cell)


def test_a_percent_source_without_lab_metadata_is_refused():
    from agentcourse.errors import UsageError

    with pytest.raises(UsageError, match="agentcourse"):
        nbbuild.build_notebook('# %%\nx = 1\n')
