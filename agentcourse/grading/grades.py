"""One grade record: the nbgrader gradebook, read back at the time asked (`agentcourse
grades export`, export.py; the class report, report/class_report.py).

Nothing here keeps grades of its own. Every figure comes from `.grading/gradebook.db` when
the command runs, so a grade changed by hand in formgrader, or a student re-graded with
`nbgrader autograde --force`, is in the next export. What `agentcourse grade` decided about
a submission is read from where it wrote it in the gradebook:

  status, reason  the instructor's note (leaks.REVIEW_NOTE) in the auto comment of the
                  submission's first answer cell: "status: S (detail) | review findings: ...".
                  No note means `ok`; no note on a submission flagged for manual grading (plain
                  `nbgrader autograde`'s FlagForReview) reads as `review`.
  score           nbgrader's own: each cell's manual score if a person gave one, else its
                  auto score, plus extra credit; minus the late penalty, never below 0
                  (as `nbgrader export` computes it).
  late, penalty   nbgrader's seconds past the due date (extensions included) and its penalty.
"""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.course import nbfile
from agentcourse.errors import NotGraded
from agentcourse.grading.integrity.leaks import REVIEW_NOTE
from agentcourse.grading.nbgrader_io import LOCAL, gradebook
from agentcourse.grading.results import STATUSES
from agentcourse.paths import REPO_ROOT

EXPORT_COLUMNS = ("student", "score", "max_score", "status", "reason", "late", "penalty",
                  "raw_score", "needs_manual_grade")


@dataclass
class StudentGrade:
    """One student's submission of a lab, as the gradebook holds it now."""

    student: str
    raw_score: float  # manual score where a person gave one, else auto, plus extra credit
    max_score: float
    status: str  # what `agentcourse grade` recorded (results.STATUSES)
    reason: str  # its detail and review findings
    late: float = 0.0  # seconds past the due date
    penalty: float = 0.0  # nbgrader's late penalty, in points
    needs_manual_grade: bool = False  # still waiting for a person in formgrader
    cells: dict[str, float] = field(default_factory=dict)  # test cell -> points now

    @property
    def score(self) -> float:
        return max(0.0, self.raw_score - self.penalty)


@dataclass
class LabGrades:
    """Every submission of one lab, and the lab's test cells with their points."""

    lab: str
    max_score: float
    cell_max: dict[str, float]  # test cell -> its points, in the notebook's order
    students: list[StudentGrade]

    def by_student(self) -> dict[str, StudentGrade]:
        return {s.student: s for s in self.students}


def gradebook_path(root: Path) -> Path:
    return root / LOCAL / "gradebook.db"


def parse_note(note: str) -> tuple[str, str]:
    """(status, reason) from the text `records.review_note` wrote after REVIEW_NOTE."""
    text = note.split(REVIEW_NOTE, 1)[-1].strip().removeprefix("status:").strip()
    status = max((s for s in STATUSES if text.startswith(s)), key=len, default="review")
    rest = text[len(status):].strip() if text.startswith(status) else text
    detail, _, findings = rest.partition(" | review findings: ")
    if detail.startswith("(") and detail.endswith(")"):
        detail = detail[1:-1]
    elif detail.startswith("| review findings: "):  # findings without a detail
        detail, findings = "", detail.removeprefix("| review findings: ")
    parts = [detail.strip()] + ([f"review findings: {findings.strip()}"] if findings else [])
    return status, "; ".join(p for p in parts if p)


def recorded_status(comments: list[str | None], flagged: bool) -> tuple[str, str]:
    """What `agentcourse grade` recorded for a submission, from its gradebook comments."""
    for comment in comments:
        if comment and REVIEW_NOTE in comment:
            return parse_note(comment)
    if flagged:
        return "review", "flagged for manual grading, without a note from agentcourse grade"
    return "ok", ""


def _cell_order(root: Path, lab: str, names: set[str]) -> list[str]:
    """Test cells in the notebook's order where the source is at hand, else by name."""
    source = root / "solutions" / lab / f"{lab}.ipynb"
    order = [c.grade_id for c in nbfile.grade_cells(nbfile.read_notebook(source))] if source.is_file() else []
    return [n for n in order if n in names] + sorted(names - set(order))


def _student(sub, cell_max: dict[str, float]) -> StudentGrade:
    grades = [g for nb in sub.notebooks for g in nb.grades]
    comments = [c.auto_comment for nb in sub.notebooks for c in nb.comments]
    flagged = any(g.needs_manual_grade for g in grades)
    status, reason = recorded_status(comments, flagged)
    return StudentGrade(
        student=sub.student.id, raw_score=float(sum(g.score or 0 for g in grades)),
        max_score=sum(cell_max.values()), status=status, reason=reason,
        late=float(sub.total_seconds_late or 0), penalty=float(sub.late_submission_penalty or 0),
        needs_manual_grade=flagged,
        cells={g.name: float(g.score or 0) for g in grades if g.name in cell_max})


def read_grades(root: Path, lab: str) -> LabGrades:
    """Every submission of `lab` in the course's gradebook, as it is now."""
    from nbgrader.api import MissingEntry

    path = gradebook_path(root)
    if not path.is_file():  # nbgrader would create an empty one: say so instead
        raise NotGraded(f"no gradebook at {LOCAL}/gradebook.db: grade the lab first "
                        f"(agentcourse grade {lab.removeprefix('lab')} SUBMISSIONS)")
    with gradebook("sqlite:///" + str(path)) as gb:
        try:
            assignment = gb.find_assignment(lab)
        except MissingEntry:
            raise NotGraded(f"the gradebook has no {lab}: grade it first") from None
        points = {c.name: float(c.max_score) for nb in assignment.notebooks for c in nb.grade_cells}
        cell_max = {name: points[name] for name in _cell_order(root, lab, set(points))}
        students = sorted((_student(sub, cell_max) for sub in assignment.submissions),
                          key=lambda s: s.student)
    if not students:
        raise NotGraded(f"the gradebook has no submission of {lab}: grade it first")
    return LabGrades(lab, sum(cell_max.values()), cell_max, students)


CAPSTONE = "capstone"  # `grades export capstone`: the arena's grades (agentcourse arena grade)
CAPSTONE_CSV = REPO_ROOT / ".arena" / "grade" / "capstone.csv"  # where `arena grade` writes them


def read_capstone(path: Path = CAPSTONE_CSV) -> LabGrades:
    """The capstone's grades from the CSV `agentcourse arena grade` wrote (EXPORT_COLUMNS):
    the arena keeps no gradebook of its own, its CSV is the record."""
    if not path.is_file():
        raise NotGraded(f"no {path.name} at {path}: grade the capstone first (agentcourse arena grade SUBMISSIONS)")
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    students = [StudentGrade(student=r["student"], raw_score=float(r["raw_score"]), max_score=float(r["max_score"]),
                             status=r["status"], reason=r["reason"]) for r in rows]
    if not students:
        raise NotGraded(f"{path} holds no student")
    return LabGrades(CAPSTONE, max(s.max_score for s in students), {}, students)


def _points(value: float) -> str:
    return f"{value:g}"


def export_rows(grades: LabGrades) -> list[dict[str, str]]:
    """One row per student, EXPORT_COLUMNS."""
    return [{"student": s.student, "score": _points(s.score), "max_score": _points(s.max_score),
             "status": s.status, "reason": s.reason, "late": f"{s.late:.0f}",
             "penalty": _points(s.penalty), "raw_score": _points(s.raw_score),
             "needs_manual_grade": "yes" if s.needs_manual_grade else "no"}
            for s in grades.students]


def write_csv(path: Path, header: list[str] | tuple[str, ...], rows: list[dict[str, str]],
              extra_rows: list[dict[str, str]] = ()) -> Path:
    """A CSV written whole to a temporary file, then renamed into place."""
    buf = io.StringIO()
    out = csv.DictWriter(buf, fieldnames=list(header), extrasaction="ignore", restval="")
    out.writeheader()
    out.writerows([*extra_rows, *rows])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(buf.getvalue(), encoding="utf-8")
    os.replace(tmp, path)
    return path
