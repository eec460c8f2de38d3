"""The JupyterHub exchange path, end to end, with real nbgrader: the instructor releases
lab 1 into a temporary exchange, two students (each with a home of their own) fetch it,
answer and submit, the instructor collects, grades with `agentcourse grade`, generates
and releases feedback, and each student fetches their own page.

One student answers with the worked solution; the other leaves the answers untouched and
prints another lab's solution at grading time, so they are `withheld` and get no page:
plain `nbgrader generate_feedback --force` must write the class's other pages, none for
them, and exit 0; `nbgrader release_feedback` releases the pages there are and the held
student fetches none. Then the first student alone is graded again (`--student`): the
other's grades and CSV row stay as they were; and flags the instructor cleared on the
held submission stay cleared when it is graded again unchanged."""

from __future__ import annotations

import base64
import csv
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, results, summary
from agentcourse.grading import pipeline as grading
from agentcourse.grading.integrity import leaks
from agentcourse.paths import REPO_ROOT
from tests.budget import within
from tests.grading.test_integrity import scratch_course

LAB = "lab01"
COURSE_ID = "agentcourse"  # c.CourseDirectory.course_id in nbgrader_config.py
SOURCE = REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb"
FULL = sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(SOURCE)))


def instructor_api(course: Path, exchange: Path):
    """nbgrader's API (what its commands run) on the course, with the exchange root."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.Exchange.root = str(exchange)
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def as_student(exchange_class, home: Path, exchange: Path, student: str | None = None) -> None:
    """One exchange step run as a student whose notebooks and nbgrader cache are in `home`."""
    from nbgrader.auth import Authenticator
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    config = Config()
    config.Exchange.root = str(exchange)
    config.Exchange.cache = str(home / ".nbgrader_cache")
    config.Exchange.assignment_dir = str(home)
    config.CourseDirectory.course_id = COURSE_ID
    config.CourseDirectory.assignment_id = LAB
    if student:
        config.CourseDirectory.student_id = student
    exchange_class(coursedir=CourseDirectory(config=config), authenticator=Authenticator(config=config),
                   config=config).start()


def nbgrader_cli(course: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=nbgrader_io.nbgrader_env(),
                          capture_output=True, text=True, timeout=300)


def answer(home: Path, leak: bool) -> None:
    """Fill the fetched notebook: the worked solution's answers, or (leak) the untouched
    release plus a line that prints another lab's solution when it runs."""
    path = home / LAB / f"{LAB}.ipynb"
    nb = nbfile.read_notebook(path)
    solution = {nbfile.grade_id(c): c.source for c in nbfile.read_notebook(SOURCE).cells}
    for cell in nb.cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            if leak and nbfile.grade_id(cell) == "tools":
                other = leaks.notebook_regions(REPO_ROOT / "solutions" / "lab03" / "lab03.ipynb")[0]
                packed = base64.b64encode(zlib.compress("\n".join(other).encode())).decode()
                cell.source = (f'import base64, zlib\nprint(zlib.decompress(base64.b64decode("{packed}")).decode())\n'
                               + cell.source)  # before the release's `raise NotImplementedError()`
            elif not leak:
                cell.source = solution[nbfile.grade_id(cell)]
    nbfile.write_notebook(nb, path)


def fetched_page(home: Path) -> str:
    pages = sorted((home / LAB / "feedback").glob(f"*/{LAB}.html"))
    assert len(pages) == 1, pages
    return leaks.html_text(pages[0].read_text(encoding="utf-8"))


def flags(course: Path, student: str) -> dict[str, tuple[float, bool]]:
    with nbgrader_io.gradebook(f"sqlite:///{course / '.grading' / 'gradebook.db'}") as gb:
        sub = gb.find_submission(LAB, student)
        return {g.name: (g.score, g.needs_manual_grade) for nb in sub.notebooks for g in nb.grades}


def release_and_collect(tmp_path: Path, course: Path) -> dict:
    """Lab 1 released into a temporary exchange, fetched and submitted by two students
    (stu1 with the worked solution, stu2 leaking), and collected into the course."""
    from nbgrader.exchange.default import ExchangeFetchAssignment, ExchangeSubmit

    exchange = tmp_path / "exchange"
    exchange.mkdir()
    homes = {"stu1": tmp_path / "home-stu1", "stu2": tmp_path / "home-stu2"}
    api = instructor_api(course, exchange)
    assert api.generate_assignment(LAB)["success"]
    assert api.release_assignment(LAB)["success"]
    for student, home in homes.items():
        home.mkdir()
        as_student(ExchangeFetchAssignment, home, exchange)
        answer(home, leak=student == "stu2")
        as_student(ExchangeSubmit, home, exchange, student)
    assert api.collect(LAB)["success"]
    submitted = course / ".grading" / "submitted"
    assert sorted(p.name for p in submitted.iterdir()) == ["stu1", "stu2"]
    return {"course": course, "exchange": exchange, "homes": homes, "submitted": submitted,
            "config": results.GradeConfig(jobs=2, cell_timeout=int(within(30)), property_examples=12, course_root=course),
            "csv": course / ".grading" / f"{LAB}-grades.csv"}


def check_grading_keeps_the_exchanges_files(run: dict) -> None:
    report = grading.grade(LAB, run["submitted"], run["config"])
    summary.write_csv(report, run["csv"])
    got = {r.student: (r.status, r.total) for r in report.results}
    assert got == {"stu1": ("ok", FULL), "stu2": ("withheld", 0)}
    for student in run["homes"]:  # as regular files
        kinds = ("submitted", "autograded", "feedback") if student == "stu1" else ("submitted", "autograded")
        for kind in kinds:
            secret = run["course"] / ".grading" / kind / student / LAB / "submission_secret.txt"
            assert secret.is_file() and not secret.is_symlink(), (kind, student)
    assert not (run["course"] / ".grading" / "feedback" / "stu2" / LAB).exists(), "no page for a held student"


def check_plain_feedback_writes_no_page_for_a_withheld_student_and_exits_0(run: dict) -> None:
    done = nbgrader_cli(run["course"], "generate_feedback", LAB, "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "feedback of stu2 for lab01 not released: status withheld" in done.stderr
    assert "Traceback" not in done.stderr
    assert (run["course"] / ".grading" / "feedback" / "stu1" / LAB / f"{LAB}.html").is_file()
    assert not (run["course"] / ".grading" / "feedback" / "stu2" / LAB / f"{LAB}.html").exists()


def check_each_student_fetches_their_own_released_page(run: dict) -> None:
    from nbgrader.exchange.default import ExchangeFetchFeedback

    done = nbgrader_cli(run["course"], "release_feedback", LAB, f"--Exchange.root={run['exchange']}")
    assert done.returncode == 0, done.stderr[-3000:]
    assert len(list((run["exchange"] / COURSE_ID / "feedback").glob("*.html"))) == 1
    for home in run["homes"].values():
        as_student(ExchangeFetchFeedback, home, run["exchange"])
    mine = fetched_page(run["homes"]["stu1"])
    assert f"Score: {FULL:.1f} / {FULL:.1f}" in mine
    assert not list((run["homes"]["stu2"] / LAB / "feedback").glob(f"*/{LAB}.html")), "nothing to fetch"


def check_grading_one_student_leaves_the_other_as_it_was(run: dict) -> None:
    before = flags(run["course"], "stu2")
    rows_before = [r for r in csv.DictReader(run["csv"].open()) if r["student"] == "stu2"]
    run["config"].students = ("stu1",)
    again = grading.grade(LAB, run["submitted"], run["config"])
    summary.write_csv(again, run["csv"])
    assert [(r.student, r.status, r.total) for r in again.results] == [("stu1", "ok", FULL)]
    assert flags(run["course"], "stu2") == before and all(needs for _, needs in before.values())
    assert [r for r in csv.DictReader(run["csv"].open()) if r["student"] == "stu2"] == rows_before


def check_flags_cleared_on_a_held_submission_stay_cleared_when_it_is_unchanged(run: dict) -> None:
    """The instructor reviews the held submission and gives its cells scores in formgrader:
    graded again, the same notebook is held again, and the flags stay as they were left."""
    with nbgrader_io.gradebook(f"sqlite:///{run['course'] / '.grading' / 'gradebook.db'}") as gb:
        for grade in [g for nb in gb.find_submission(LAB, "stu2").notebooks for g in nb.grades]:
            grade.manual_score, grade.needs_manual_grade = 0.0, False
        gb.db.commit()
    run["config"].students = ("stu2",)
    third = grading.grade(LAB, run["submitted"], run["config"])
    assert [(r.student, r.status) for r in third.results] == [("stu2", "withheld")]
    assert not any(needs for _, needs in flags(run["course"], "stu2").values())


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:Object of type")  # SQLAlchemy, inside nbgrader's add_submission
def test_release_submit_collect_grade_and_feedback_through_the_exchange(tmp_path, monkeypatch):
    """One class through the whole path (a fixture would run once per xdist worker)."""
    course = scratch_course(tmp_path / "course")
    monkeypatch.chdir(course)  # nbgrader runs from the course root
    run = release_and_collect(tmp_path, course)
    check_grading_keeps_the_exchanges_files(run)
    check_plain_feedback_writes_no_page_for_a_withheld_student_and_exits_0(run)
    check_each_student_fetches_their_own_released_page(run)
    check_grading_one_student_leaves_the_other_as_it_was(run)
    check_flags_cleared_on_a_held_submission_stay_cleared_when_it_is_unchanged(run)
