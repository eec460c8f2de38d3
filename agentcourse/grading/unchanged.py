"""Grade only what changed: `agentcourse grade` run again on a class grades a student
again only when their submission, or the lab as released, differs from the last run.

    release = release_key(root, lab, settings)        # the lab, the code its checks run, the settings
    keys = submission_keys(root, lab, {student: folder, ...})   # each one's lab folder, extension
    last = still_graded(root, lab, student, keys[student], release)   # Result | None
    needs_page(root, lab, last)                        # kept, but its feedback page is missing
    remember(root, lab, results, keys, release)        # after the run, for the next one
    forget(root, lab)                                  # `--regrade`: grade everyone again

A student is skipped only when all of these hold; anything else is graded again (the
default is to grade):
  - their submission key is the one graded last time: the SHA-256 of every regular file in
    their lab folder (the notebook, timestamp.txt, the files the lab asks for; a link is
    named, never followed) and the extension the gradebook gives them;
  - the release key is the one graded under: the lab's source folder, the code its checks
    run (the scaffold, the judge, the checkpoints the lab names), nbgrader_config.py, the
    due date, and every setting that changes a final grade (examples per property, the
    property seed, memory and process limits, confinement);
  - the last result was final: `ok`, `review` or `withheld` depend on the submission and
    the release alone, while a timeout, a dead kernel or an error may depend on the
    machine, so they are graded again;
  - the gradebook still holds the submission and its graded notebook is in place.
A student kept whose feedback page is missing (the last run was stopped before feedback,
or asked for none) gets the page now, without being graded again.

The records live in `.grading/graded.json` (lab -> student -> {submission, release,
status}), written whole (a temp file, then renamed). A skipped student's points,
lateness and flags are read back from the gradebook, so a person's manual grades stand.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from agentcourse.grading.feedback import feedback_page
from agentcourse.grading.nbgrader_io import LOCAL, db_url, gradebook, read_record, write_record
from agentcourse.grading.records import read_scores
from agentcourse.grading.release import RELEASED
from agentcourse.grading.results import Result

RECORDS_FILE = "graded.json"  # in .grading/: lab -> student -> {submission, release, status}
FINAL = ("ok", "review", "withheld")  # statuses that depend on the submission and the release only
UNCHANGED = "unchanged since it was last graded: not graded again (--regrade grades it)"

# What a grade depends on besides the lab's own folder: the code its checks run.
_CODE = ("agentcourse/course", "agentcourse/grading/judge")
# Settings (pipeline._settings) that change a final grade. Not the paths, nor the time per
# cell: a cell that runs out of time makes a `timeout`, never final, so it is graded again.
_SETTINGS = ("unconfined", "limits", "output_chars", "property_secret",
             "property_examples", "student_files", "support_files", "checkpoints", "judged")


def _digest_tree(digest, folder: Path, base: Path, suffixes: tuple[str, ...] = ()) -> None:
    """Feed every regular file under `folder` (its name and bytes, in name order) into
    `digest`; a link is named, never followed; hidden files and caches are left out."""
    if not folder.is_dir() or folder.is_symlink():
        digest.update(f"absent:{folder.relative_to(base)}\0".encode())
        return
    for top, dirs, files in os.walk(folder):  # links to folders are listed in `dirs`, never entered
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files + [d for d in dirs if os.path.islink(os.path.join(top, d))]):
            path = Path(top, name)
            rel = path.relative_to(base)
            if name.startswith("."):
                continue
            if path.is_symlink():
                digest.update(f"link:{rel}->{os.readlink(path)}\0".encode())
            elif path.is_file() and (not suffixes or path.suffix in suffixes):
                digest.update(f"file:{rel}\0".encode())
                with path.open("rb") as f:
                    digest.update(hashlib.file_digest(f, "sha256").digest())


def _due_date(root: Path, lab: str) -> str:
    from nbgrader.api import MissingEntry

    with gradebook(db_url(root)) as gb:
        try:
            return str(gb.find_assignment(lab).duedate)
        except MissingEntry:
            return "none"


def release_key(root: Path, lab: str, settings: dict) -> str:
    """The SHA-256 of everything the lab's grades depend on besides the submission."""
    digest = hashlib.sha256()
    chosen = {name: settings.get(name) for name in _SETTINGS}
    digest.update(json.dumps(chosen, sort_keys=True, default=str).encode())
    digest.update(f"due:{_due_date(root, lab)}\0".encode())
    _digest_tree(digest, root / "solutions" / lab, root)
    config = root / "nbgrader_config.py"
    digest.update(config.read_bytes() if config.is_file() else b"no nbgrader_config.py")
    code_root = Path(__file__).resolve().parents[2]  # the checkout whose code grades
    for part in _CODE:
        _digest_tree(digest, code_root / part, code_root, (".py",))
    for name in settings.get("checkpoints", []):
        _digest_tree(digest, code_root / "checkpoints" / name, code_root, (".py",))
    return digest.hexdigest()


def _extensions(root: Path, lab: str, students: list[str]) -> dict[str, str]:
    """Student -> the extension the gradebook gives them ("none" before their first grading)."""
    from nbgrader.api import MissingEntry

    found = {}
    with gradebook(db_url(root)) as gb:
        for student in students:
            try:
                extension = gb.find_submission(lab, student).extension
            except MissingEntry:
                extension = None
            found[student] = str(extension or "none")
    return found


def submission_keys(root: Path, lab: str, folders: dict[str, Path]) -> dict[str, str]:
    """Student -> the SHA-256 of their lab folder (every regular file, by name) and the
    extension the gradebook gives them."""
    extensions = _extensions(root, lab, list(folders))
    keys = {}
    for student, folder in folders.items():
        digest = hashlib.sha256()
        _digest_tree(digest, folder, folder)
        digest.update(f"extension:{extensions[student]}\0".encode())
        keys[student] = digest.hexdigest()
    return keys


def load(root: Path) -> dict:
    """The course's records (lab -> student -> record); {} when none can be read."""
    return read_record(root, RECORDS_FILE)


def save(root: Path, data: dict) -> None:
    """Write the course's records whole."""
    write_record(root, RECORDS_FILE, data)


def _in_place(root: Path, lab: str, student: str) -> bool:
    """Whether the graded notebook the last run installed for the student is still there."""
    return (root / LOCAL / "autograded" / student / lab / f"{lab}.ipynb").is_file()


def still_graded(root: Path, lab: str, student: str, submission: str, release: str) -> Result | None:
    """The student's last result, read back from the gradebook, when nothing it depends on
    changed since (see the module's docstring); else None: grade them."""
    last = load(root).get(lab, {}).get(student)
    if not isinstance(last, dict) or last.get("submission") != submission or last.get("release") != release:
        return None
    status = last.get("status")
    if status not in FINAL or not _in_place(root, lab, student):
        return None
    scores = read_scores(db_url(root), lab, student)
    if not scores.points:
        return None
    return Result(student, status, UNCHANGED, points=scores.points, late=scores.late, penalty=scores.penalty)


def needs_page(root: Path, lab: str, result: Result) -> bool:
    """Whether a student kept from the last run still lacks the feedback page their status
    gets (that run was stopped before feedback, or asked for none)."""
    return result.status in RELEASED and not feedback_page(root, lab, result.student).is_file()


def remember(root: Path, lab: str, results: list[Result], keys: dict[str, str], release: str) -> None:
    """Record each graded student's submission key, the release key and the final status."""
    data = load(root)
    records = data.setdefault(lab, {})
    for result in results:
        if result.student in keys:
            records[result.student] = {"submission": keys[result.student], "release": release,
                                       "status": result.status}
    save(root, data)


def forget(root: Path, lab: str, students: list[str] | None = None) -> None:
    """Drop the records of `students` (all of the lab's when None): they are graded again."""
    data = load(root)
    if students is None:
        data.pop(lab, None)
    else:
        for student in students:
            data.get(lab, {}).pop(student, None)
    if (root / LOCAL).is_dir():
        save(root, data)
