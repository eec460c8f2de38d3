"""Flags cleared by hand: which cells a person cleared in formgrader stay cleared when the
same notebook is graded again.

`agentcourse grade` records, per student, the notebook's hash and the cells it flagged for
manual grading in `.grading/manual-flags.json` (remember_flags); on the next run, a cell
flagged then and cleared since, on the very same notebook, is kept clear (hand_cleared,
keep_cleared), and a submission whose every flag a person cleared is graded by hand
(graded_by_hand: `agentcourse grade` does not count it as unfinished). `grades merge`
(shards.py) carries a shard's records over with load_flags / save_flags.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from agentcourse.grading.nbgrader_io import db_url, gradebook, read_record, write_record
from agentcourse.grading.results import Result

FLAGS_FILE = "manual-flags.json"  # in .grading/: lab -> student -> {sha256, flagged}


def notebook_sha(path: Path) -> str | None:
    """The SHA-256 of a submitted notebook's bytes (a link is not followed: None)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def load_flags(root: Path) -> dict:
    """The course's flag records (lab -> student -> {sha256, flagged}); {} when there are
    none or the file cannot be read."""
    return read_record(root, FLAGS_FILE)


def save_flags(root: Path, data: dict) -> None:
    """Write the course's flag records whole."""
    write_record(root, FLAGS_FILE, data)


def flags_now(root: Path, lab: str, student: str) -> dict[str, bool]:
    """Cell name -> needs_manual_grade, as the main gradebook has it now."""
    from nbgrader.api import MissingEntry

    with gradebook(db_url(root)) as gb:
        try:
            sub = gb.find_submission(lab, student)
        except MissingEntry:
            return {}
        return {g.name: bool(g.needs_manual_grade) for nb in sub.notebooks for g in nb.grades}


def hand_cleared(root: Path, lab: str, student: str, sha: str | None) -> frozenset[str]:
    """The cells the grader flagged on the last run that a person has cleared since (in
    formgrader or the gradebook), if the notebook is the very one graded then; else none."""
    last = load_flags(root).get(lab, {}).get(student)
    if not isinstance(last, dict) or sha is None or last.get("sha256") != sha:
        return frozenset()
    now = flags_now(root, lab, student)
    return frozenset(cell for cell in last.get("flagged", []) if now.get(cell) is False)


def graded_by_hand(root: Path, lab: str, result: Result) -> bool:
    """Whether a person has already graded this submission: cells they cleared on this same
    notebook were kept clear (result.kept_clear), and the gradebook flags none now."""
    return bool(result.kept_clear) and not any(flags_now(root, lab, result.student).values())


def remember_flags(root: Path, lab: str, results: list[Result]) -> None:
    """Record, per student graded, the notebook's hash and the cells the grader flagged
    (those still flagged, and those kept cleared), for hand_cleared on the next run."""
    data = load_flags(root)
    for result in results:
        flagged = {c for c, needs in flags_now(root, lab, result.student).items() if needs}
        data.setdefault(lab, {})[result.student] = {
            "sha256": result.sha256, "flagged": sorted(flagged | result.kept_clear)}
    save_flags(root, data)


def keep_cleared(root: Path, lab: str, result: Result) -> None:
    """Clear again the cells a person cleared, after feedback flagged a held page."""
    if not result.kept_clear:
        return
    with gradebook(db_url(root)) as gb:
        for nb in gb.find_submission(lab, result.student).notebooks:
            for grade in nb.grades:
                if grade.name in result.kept_clear:
                    grade.needs_manual_grade = False
        gb.db.commit()
