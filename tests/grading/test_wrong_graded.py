"""Known-wrong and honest answers through the real tools: `agentcourse lab check` (a kernel,
as a student runs it) and `agentcourse grade` (nbgrader in confined kernels, two workers, as an
instructor runs it).

test_integrity runs every case of solutions/labNN/wrong.py in-process, which is how each one
is shown to fail a visible check (and so to lose points) at a fraction of a kernel's cost,
and its per-lab nbgrader test grades one known-wrong and one honest answer of every lab. This
file checks, for one lab per run, that the in-process verdicts are the real tools' verdicts:
a known-wrong answer through `lab check` fails a visible check, and one `agentcourse grade`
class of known-wrong answers (each must lose points) and honest ones (each must grade `ok`
with full marks and no finding for a person) comes out that way.

Which lab and which cases: a sample fixed by AGENTCOURSE_GRADE_SEED (a number; the default
keeps the suite repeatable). AGENTCOURSE_GRADE_ALL=1 takes every case of every lab instead:
about 3 s of grading per case on two cores, so 15 to 25 minutes; run it when a lab's checks
or its cases change.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import shutil
from pathlib import Path

import pytest

from agentcourse.course import lab_check, labs, nbfile, nbrun
from agentcourse.grading import pipeline as grading
from agentcourse.grading import results
from agentcourse.paths import REPO_ROOT

SOLUTIONS = REPO_ROOT / "solutions"
ALL_LABS = sorted(p.name for p in SOLUTIONS.iterdir() if (p / f"{p.name}.ipynb").is_file())
SEED = int(os.environ.get("AGENTCOURSE_GRADE_SEED", "19"))
EVERY = os.environ.get("AGENTCOURSE_GRADE_ALL") == "1"
MARKERS = re.compile(r"^\s*### (BEGIN|END) SOLUTION\s*$\n?", re.M)


def source(lab: str) -> Path:
    return SOLUTIONS / lab / f"{lab}.ipynb"


def cases(lab: str, name: str) -> dict:
    """WRONG or RIGHT from solutions/labNN/wrong.py."""
    spec = importlib.util.spec_from_file_location(f"wrong_graded_{lab}", SOLUTIONS / lab / "wrong.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name, {})


def pick(lab: str, name: str, k: int) -> list[str]:
    """k cases of WRONG or RIGHT, chosen by the seed; all of them with AGENTCOURSE_GRADE_ALL=1."""
    names = sorted(cases(lab, name))
    return names if EVERY else random.Random(f"{SEED}-{lab}-{name}").sample(names, min(k, len(names)))


def full_marks(lab: str) -> float:
    return sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(source(lab))))


def submission(lab: str, replace: dict):
    """The released notebook with the answer cells a student would hand in: the source's
    answers with `replace` applied, the solution markers taken out."""
    answered = nbrun.apply_replacements(nbfile.read_notebook(source(lab)), replace)
    answers = {nbfile.grade_id(c): MARKERS.sub("", c.source) for c in answered.cells
               if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    nb = nbfile.read_notebook(labs.released_notebook(lab))
    for cell in nb.cells:
        if nbfile.grade_id(cell) in answers:
            cell.source = answers[nbfile.grade_id(cell)]
    return nb


GRADED = ALL_LABS if EVERY else [random.Random(SEED).choice(ALL_LABS)]


@pytest.mark.slow
@pytest.mark.parametrize("lab", GRADED)
def test_lab_check_and_agentcourse_grade_agree_with_the_in_process_verdicts(lab, tmp_path):
    wrong, right = cases(lab, "WRONG"), cases(lab, "RIGHT")
    graded_wrong, graded_right = pick(lab, "WRONG", 2), pick(lab, "RIGHT", 2)

    # lab check: a wrong implementation fails a visible check, in a kernel.
    for case in graded_wrong if EVERY else graded_wrong[:1]:
        folder = tmp_path / "work" / case / lab
        folder.mkdir(parents=True)
        nbfile.write_notebook(submission(lab, wrong[case]), folder / f"{lab}.ipynb")
        report = lab_check.check_notebook(folder / f"{lab}.ipynb", labs.released_notebook(lab))
        assert not report.problem, f"{case}: {report.problem}"
        assert [o.grade_id for o in report.outcomes if not o.passed], f"{case} passes every visible check in lab check"

    # agentcourse grade: one class, two workers, no feedback pages.
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(SOLUTIONS, course / "solutions")
    subs = tmp_path / "submissions"
    students = {}
    for kind, names, table in (("w", graded_wrong, wrong), ("r", graded_right, right)):
        for n, case in enumerate(names):
            student = f"{kind}{n:03d}"
            students[student] = (kind, case)
            (subs / student).mkdir(parents=True)
            nbfile.write_notebook(submission(lab, table[case]), subs / student / f"{lab}.ipynb")
    report = grading.grade(lab, subs, results.GradeConfig(jobs=2, course_root=course, feedback=False))
    maximum = full_marks(lab)
    assert len(report.results) == len(students)
    for result in report.results:
        kind, case = students[result.student]
        if kind == "w":
            assert result.total < maximum, f"{case} kept full marks in grading ({result.status}: {result.detail})"
        else:
            assert (result.status, result.total, result.review) == ("ok", maximum, []), (
                f"the honest answer {case} graded {result.status} with {result.total:g}/{maximum:g}: "
                f"{result.detail or result.review}")


@pytest.mark.parametrize("lab", ALL_LABS)
def test_honest_answers_raise_no_finding_for_review(lab):
    """Every RIGHT answer is an honest one: the static tampering scan (what `lab check` warns
    about, and what grading sends to a person) finds nothing in it. (test_integrity shows each
    scores full marks.)"""
    release = nbfile.read_notebook(labs.released_notebook(lab))
    for case, replace in cases(lab, "RIGHT").items():
        assert lab_check.review_findings(submission(lab, replace), release) == [], case


def test_a_submission_built_here_holds_no_solution_marker():
    nb = submission(ALL_LABS[0], {})
    assert not any(nbfile.BEGIN_SOLUTION in c.source for c in nb.cells)
