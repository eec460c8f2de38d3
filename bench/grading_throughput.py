"""Grading throughput: `agentcourse grade --jobs 2` against plain sequential `nbgrader autograde`.

Twenty submissions of lab 2, a realistic class mix: correct loops, wrong loops (each a
known-wrong implementation from solutions/lab02/wrong.py), loops that never end and
notebooks whose kernel dies. Both sides grade the same twenty in their own scratch course
with the same small per-cell timeout (so the hanging ones cost seconds, not minutes), and
the scores must agree student by student before any time is printed.

The baseline is nbgrader as it comes: its own autograde preprocessors (Execute in the
grader's environment, no sandbox, the test cells in the student's kernel). `agentcourse
grade` pays for everything the course adds (nbgrader_config.py's pipeline): every kernel
confined (bubblewrap), lab 2's test cells run by the judge in a sandbox of its own, the
outputs capped and made text, the tampering scan; and every student gets a fresh scratch
course of their own (a copy of the gradebook, a regular-file copy of the submission) inside
workers that import nbgrader once, so the isolation costs no nbgrader start-up per student.

    python -m bench grading_throughput
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, results
from agentcourse.grading import pipeline as grading
from agentcourse.paths import REPO_ROOT

LAB = "lab02"
CELL_TIMEOUT = 20  # seconds; small, so the two hanging submissions do not dominate
JOBS = 2
TARGET = 1.6  # the speed-up on two cores we aim for


def _answer_sources() -> dict[str, str]:
    """student -> source of their run_turn cell."""
    src = nbfile.read_notebook(REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb")
    good = next(c.source for c in src.cells if nbfile.grade_id(c) == "run_turn")
    spec = importlib.util.spec_from_file_location("wrong_lab02", REPO_ROOT / "solutions" / LAB / "wrong.py")
    wrong = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wrong)
    answers = {f"correct{i:02d}": good for i in range(10)}
    for i, (case, replacement) in enumerate(list(wrong.WRONG.items())[:6]):
        answers[f"wrong{i:02d}-{case}"] = replacement["run_turn"](good)
    answers["hangs00"] = answers["hangs01"] = "while True:\n    pass"
    answers["crashes00"] = "import os\nos._exit(1)"
    answers["crashes01"] = "import ctypes\nctypes.string_at(0)"  # a segfault
    return answers


def full_marks() -> float:
    """The lab's total: the points of every graded cell of its source notebook."""
    src = nbfile.read_notebook(REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb")
    return float(sum(cell.points for cell in nbfile.grade_cells(src)))


def _write_submissions(folder: Path) -> list[str]:
    release = nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb")
    for student, source in _answer_sources().items():
        nb = nbformat.from_dict(release)
        for cell in nb.cells:
            if nbfile.grade_id(cell) == "run_turn":
                cell.source = source
        (folder / student).mkdir(parents=True)
        nbfile.write_notebook(nb, folder / student / f"{LAB}.ipynb")
    return sorted(p.name for p in folder.iterdir())


# nbgrader's own autograde pipeline (nbgrader/converters/autograde.py), for the baseline.
STOCK = """
c.Autograde.autograde_preprocessors = [
    "nbgrader.preprocessors.Execute", "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor", "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades", "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
"""


def _course(folder: Path, stock: bool = False) -> Path:
    folder.mkdir(parents=True)
    config = (REPO_ROOT / "nbgrader_config.py").read_text(encoding="utf-8")
    (folder / "nbgrader_config.py").write_text(config + (STOCK if stock else ""), encoding="utf-8")
    os.symlink(REPO_ROOT / "solutions", folder / "solutions")
    done = nbgrader_io.run_nbgrader(folder, "generate_assignment", LAB, "--force",
                                "--CourseDirectory.release_directory=.grading/release")
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    return folder


def _scores(course: Path, students: list[str]) -> dict[str, float]:
    from nbgrader.api import MissingEntry

    out = {}
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        for student in students:
            try:
                out[student] = float(gb.find_submission(LAB, student).score or 0)
            except MissingEntry:
                out[student] = 0.0
    return out


def sequential(submissions: Path, course: Path, students: list[str]) -> tuple[float, dict[str, float]]:
    """Plain nbgrader (its own preprocessors): copy into submitted/, one `nbgrader autograde`
    for the class."""
    from agentcourse.grading import seeds

    for student in students:
        shutil.copytree(submissions / student, course / ".grading" / "submitted" / student / LAB)
    # The graded property seed and example count, as the course's side gives its kernels.
    os.environ.update(seeds.kernel_environment(seeds.grading_secret(course), LAB))
    started = time.perf_counter()
    nbgrader_io.run_nbgrader(course, "autograde", LAB, "--force", "--Autograde.create_student=True",
                         f"--Execute.timeout={CELL_TIMEOUT}", f"--ExecutePreprocessor.timeout={CELL_TIMEOUT}",
                         timeout=3600)
    # nbgrader exits 1 when a kernel died; the gradebook holds what it graded.
    return time.perf_counter() - started, _scores(course, students)


def parallel(submissions: Path, course: Path, students: list[str]) -> tuple[float, dict[str, float]]:
    config = results.GradeConfig(jobs=JOBS, cell_timeout=CELL_TIMEOUT, feedback=False, course_root=course)
    started = time.perf_counter()
    report = grading.grade(LAB, submissions, config)
    elapsed = time.perf_counter() - started
    statuses = {r.student: r.status for r in report.results}
    assert all(statuses[s] != "ok" for s in students if s.startswith(("hangs", "crashes"))), statuses
    assert all(statuses[s] == "ok" for s in students if s.startswith(("correct", "wrong"))), statuses
    return elapsed, _scores(course, students)


def main() -> None:
    from agentcourse.grading.sandbox.bwrap import require_confinement

    require_confinement()  # the comparison is only meaningful with confinement on
    from agentcourse.grading import seeds

    os.environ[seeds.ENV_SECRET] = "bench-grading-throughput"  # one secret, so both sides draw the same cases
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as tmp:
        root = Path(tmp)
        students = _write_submissions(root / "submissions")
        seq_course, par_course = _course(root / "sequential", stock=True), _course(root / "parallel")
        seq_time, seq_scores = sequential(root / "submissions", seq_course, students)
        par_time, par_scores = parallel(root / "submissions", par_course, students)
    assert seq_scores == par_scores, {s: (seq_scores[s], par_scores[s]) for s in students
                                      if seq_scores[s] != par_scores[s]}
    total = full_marks()
    short = {s: par_scores[s] for s in students if s.startswith("correct") and par_scores[s] != total}
    assert not short, f"correct submissions below the lab's {total:g} points: {short}"
    full = sum(1 for s in students if par_scores[s] == total)
    print(f"{len(students)} submissions of {LAB} (10 correct, 6 wrong, 2 hanging, 2 crashing), "
          f"{CELL_TIMEOUT} s per-cell timeout; the course's side confined (bubblewrap) and judged; "
          f"scores identical on both sides ({full} at full marks, {total:g} points)")
    print(f"sequential nbgrader autograde (stock): {seq_time:6.1f} s")
    print(f"agentcourse grade --jobs {JOBS}:           {par_time:6.1f} s")
    verdict = "meets" if seq_time / par_time >= TARGET else "BELOW"
    print(f"speed-up = {seq_time / par_time:.2f}x ({verdict} the {TARGET}x target on {os.cpu_count()} cores)")


if __name__ == "__main__":
    sys.exit(main())
