"""The grade record: what `agentcourse grade` writes where an instructor looks, one student
at a time, from this process only. Their grades merged from a worker's scratch gradebook
into the main one, with the cells that need a person flagged (a cell a person cleared by
hand on the same notebook, flags.py, left clear); the grader's note in the comment
formgrader shows; the graded notebook and submission installed in nbgrader's layout, with
what the exchange's release_feedback reads.

The class loop (pipeline.py) calls merge_result and install_graded as each student's result
arrives; `grades merge` (shards.py) reads a shard's rows with scratch_rows and copies its
folders with install_file."""

from __future__ import annotations

import os
import secrets
import shutil
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from agentcourse.grading.integrity import leaks
from agentcourse.grading.nbgrader_io import LOCAL, db_url, gradebook
from agentcourse.grading.results import Result
from agentcourse.grading.worker import EXCHANGE_FILES


class Scores(NamedTuple):
    """What nbgrader made of one submission: the points and the lateness."""

    points: dict[str, float]  # test cell -> points (a person's score where they gave one)
    late: float = 0.0  # seconds past the due date (extensions included)
    penalty: float = 0.0  # the late policy's penalty, in points


def read_scores(url: str, lab: str, student: str) -> Scores:
    """One student's submission in the gradebook at `url` (empty Scores when it holds none)."""
    from nbgrader.api import MissingEntry

    with gradebook(url) as gb:
        try:
            sub = gb.find_submission(lab, student)
        except MissingEntry:
            return Scores({})
        return Scores({g.name: float(g.score or 0) for nb in sub.notebooks for g in nb.grades},
                      float(sub.total_seconds_late or 0), float(sub.late_submission_penalty or 0))


# Statuses under which no score of the submission can be taken on trust, so every cell is
# flagged. Under the other statuses that are not ok (a timeout, a dead kernel, running out
# of memory) the cells that passed are sound: only those that failed or timed out need a person.
DOUBT_EVERY_CELL = ("review", "withheld", "error", "interrupted", "missing")


def needs_person(status: str, nbgrader_says: bool, auto: float | None, max_score: float) -> bool:
    """Whether formgrader should list this cell for manual grading."""
    if nbgrader_says or status in DOUBT_EVERY_CELL:
        return True
    if status == "ok":
        return False
    return auto is None or auto < max_score  # failed, or timed out (nbgrader scores it 0)


def scratch_rows(student_db: Path | None, lab: str, student: str) -> tuple[list, object]:
    """(one row per notebook: name, late penalty, grades, comments; the submission's
    timestamp) from a student's scratch gradebook; ([], None) when it holds no submission."""
    from nbgrader.api import MissingEntry

    if student_db is None or not student_db.is_file():
        return [], None
    with gradebook(f"sqlite:///{student_db}") as wgb:
        try:
            wsub = wgb.find_submission(lab, student)
        except MissingEntry:
            return [], None
        rows = [(wnb.name, wnb.late_submission_penalty,
                 [(g.name, g.auto_score, g.manual_score, g.extra_credit, g.needs_manual_grade,
                   g.max_score) for g in wnb.grades],
                 [(c.name, c.auto_comment, c.manual_comment) for c in wnb.comments])
                for wnb in wsub.notebooks]
        return rows, wsub.timestamp


def _flag_status(status: str, rows: list) -> str:
    """The status a submission's cells are flagged under: one that is not ok but failed no
    graded cell (a teardown that timed out) flags every cell, or formgrader would list none."""
    if status == "ok" or any(needs_person(status, needs, auto, top) for _, _, grades, _ in rows
                             for _, auto, _, _, needs, top in grades):
        return status
    return "error"


def merge_result(main_url: str, student_db: Path | None, lab: str, result: Result) -> None:
    """Copy one student's grades from their scratch gradebook into the main one (or, with
    no scratch gradebook, record the submission with every cell flagged). A cell an
    instructor cleared by hand on this same notebook (result.kept_clear) stays cleared."""
    rows, timestamp = scratch_rows(student_db, lab, result.student)
    with gradebook(main_url) as gb, warnings.catch_warnings():
        # nbgrader's add_submission walks a new row before adding it to the session;
        # SQLAlchemy warns about that inside nbgrader's own autograde too.
        warnings.simplefilter("ignore")
        gb.update_or_create_student(result.student)
        sub = gb.update_or_create_submission(lab, result.student, timestamp=timestamp)
        status = _flag_status(result.status, rows)  # an error is not a zero: a person looks
        for nb_name, penalty, grades, comments in rows:
            subnb = gb.find_submission_notebook(nb_name, lab, result.student)
            subnb.late_submission_penalty = penalty
            for name, auto, manual, extra, needs, max_score in grades:
                grade = gb.find_grade(name, nb_name, lab, result.student)
                grade.auto_score, grade.manual_score, grade.extra_credit = auto, manual, extra
                grade.needs_manual_grade = (name not in result.kept_clear
                                            and needs_person(status, needs, auto, max_score))
            for name, auto, manual in comments:
                comment = gb.find_comment(name, nb_name, lab, result.student)
                comment.auto_comment, comment.manual_comment = auto, manual
        if not rows:  # nbgrader never got as far as a submission: flag every cell
            for subnb in sub.notebooks:
                for grade in subnb.grades:
                    grade.needs_manual_grade = grade.name not in result.kept_clear
        _note_for_instructor(sub, result)
        gb.db.commit()


def review_note(result: Result) -> str:
    """What formgrader shows the instructor about a submission that is not simply ok."""
    parts = [f"status: {result.status}" + (f" ({result.detail})" if result.detail else "")]
    if result.review:
        parts.append("review findings: " + "; ".join(result.review))
    return f"{leaks.REVIEW_NOTE} " + " | ".join(parts)[:4000]


def _note_for_instructor(sub, result: Result) -> None:
    """Put the status and the review findings in the first comment of the submission (its
    first answer cell's), where formgrader shows them; feedback drops them (HideHiddenTests)."""
    comments = [c for nb in sub.notebooks for c in nb.comments]
    if not comments:
        return
    comment = comments[0]
    own = (comment.auto_comment or "").split(leaks.REVIEW_NOTE, 1)[0].strip()
    if result.status == "ok" and not result.review:
        comment.auto_comment = own or None
        return
    comment.auto_comment = (own + "\n\n" if own else "") + review_note(result)


def merge_note(root: Path, lab: str, result: Result) -> None:
    """Update the instructor's note of one submission (after its feedback was held)."""
    from nbgrader.api import MissingEntry

    with gradebook(db_url(root)) as gb:
        try:
            sub = gb.find_submission(lab, result.student)
        except MissingEntry:
            return
        _note_for_instructor(sub, result)
        gb.db.commit()


def install_file(src: Path, dest: Path) -> None:
    """Copy one regular file into place atomically (temp file + rename); never a link."""
    if not src.is_file() or src.is_symlink():
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".incoming")
    shutil.copyfile(src, tmp, follow_symlinks=False)
    os.replace(tmp, dest)


def install_graded(folder: Path, root: Path, lab: str, student: str, keep: list[str]) -> None:
    """The graded notebook into .grading/autograded/, the submission that was graded into
    .grading/submitted/: nbgrader's own layout, for formgrader and feedback. Only the files
    grading uses are copied (feedback would release anything else), with the exchange's
    timestamp.txt and submission_secret.txt, which `nbgrader release_feedback` reads."""
    for kind in ("autograded", "submitted"):
        src = folder / kind / student / lab
        dest = root / LOCAL / kind / student / lab
        if not (src / f"{lab}.ipynb").is_file():
            continue
        if dest.is_symlink() or (dest.exists() and not dest.is_dir()):
            dest.unlink()
        if dest.is_dir() and dest.resolve() != src.resolve():
            shutil.rmtree(dest)
        for name in [f"{lab}.ipynb", *EXCHANGE_FILES, *keep]:
            install_file(src / name, dest / name)
    _complete_for_exchange(root / LOCAL / "autograded" / student / lab)


def _complete_for_exchange(graded: Path) -> None:
    """Give a graded folder what `nbgrader release_feedback` reads from its feedback copy
    (generate_feedback copies them there), when the submission did not come through the
    exchange: the time it was graded, and a fresh secret. Feedback released under a fresh
    secret is named so that nobody can fetch it; hand those students their page yourself.
    Written here, not in submitted/: there a timestamp would count for late penalties."""
    if not graded.is_dir():
        return
    stamp = graded / "timestamp.txt"
    if not stamp.is_file():
        stamp.write_text(datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC"), encoding="utf-8")
    secret = graded / "submission_secret.txt"
    if not secret.is_file():
        secret.write_text(secrets.token_hex(64), encoding="utf-8")


def record_ungraded(root: Path, lab: str, result: Result) -> None:
    """Record a student whose lab folder gave nothing to grade (no notebook, several, a
    link): a submission with every cell flagged, for a person."""
    merge_result(db_url(root), None, lab, result)
