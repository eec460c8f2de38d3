"""One grading worker: autogrades students one at a time with nbgrader's Python API.

Started by agentcourse.grading.pool (`agentcourse grade`), one per --jobs, as

    python -m agentcourse.grading.worker

It reads a JSON settings line on stdin, then one job line per student, and answers each
job with one JSON result line on stdout. nbgrader is imported once per worker; each
student is graded in a fresh scratch course of its own:

    RUN/STUDENT/
      gradebook.db                      a copy of the gradebook taken when the run started
      source/LAB/                       only the files the lab declares (`support_files`)
      submitted/STUDENT/LAB/            regular files only: the notebook (as LAB.ipynb,
                                        whatever its name), timestamp.txt,
                                        submission_secret.txt and the lab's `student_files`;
                                        nothing else is copied
      autograded/STUDENT/LAB/LAB.ipynb  nbgrader's result

so nothing written while grading one student (by nbgrader or, through a symlink, by anyone)
is seen while grading the next. The kernel itself is confined (agentcourse.grading.sandbox.confine) and
sees only a read-only copy of the autograded folder.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import time
from pathlib import Path

MAX_NOTEBOOK_MB = 20  # a submitted notebook larger than this is refused (it is not an answer)
MAX_EXTRA_MB = 5  # a declared student file larger than this is refused
# What nbgrader's exchange writes beside a submitted notebook (`nbgrader submit`, then
# `collect`): when it was submitted, and the secret that names the student's feedback
# page in the exchange (`release_feedback`, `fetch_feedback`). Copied as data, never run.
EXCHANGE_FILES = ("timestamp.txt", "submission_secret.txt")


def copy_regular(src: Path, dest: Path, limit_mb: int) -> str | None:
    """Copy one regular file without following links; None, or why it was refused."""
    try:
        info = os.lstat(src)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return f"{src.name} is not a regular file (a link or a device): not graded"
    if info.st_size > limit_mb << 20:
        return f"{src.name} is larger than {limit_mb} MB: not graded"
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as fin, open(dest, "wb") as fout:
        shutil.copyfileobj(fin, fout)
    return None


def prepare(job: dict, settings: dict) -> tuple[Path, list[str], str | None]:
    """The student's fresh scratch course; (folder, notes, refusal)."""
    lab, student = settings["lab"], job["student"]
    folder = Path(settings["run_dir"]) / f"s-{student}"
    shutil.rmtree(folder, ignore_errors=True)
    submitted = folder / "submitted" / student / lab
    submitted.mkdir(parents=True)
    source = folder / "source" / lab
    source.mkdir(parents=True)
    shutil.copyfile(settings["template_db"], folder / "gradebook.db")
    for name in settings.get("support_files", []):
        copy_regular(Path(settings["solutions"]) / lab / name, source / name, MAX_EXTRA_MB)

    src = Path(job["source"])
    # The notebook chosen (submissions.read_submission), whatever its name, is graded as
    # LAB.ipynb: the name nbgrader looks for.
    notebook = Path(job.get("notebook") or f"{lab}.ipynb").name  # a name in src, never a path
    refusal = copy_regular(src / notebook, submitted / f"{lab}.ipynb", MAX_NOTEBOOK_MB)
    for name in EXCHANGE_FILES:
        copy_regular(src / name, submitted / name, 1)
    for name in settings.get("student_files", []):
        copy_regular(src / name, submitted / name, MAX_EXTRA_MB)
    kept = {notebook, *EXCHANGE_FILES, *settings.get("student_files", [])}
    notes = []
    extra = sorted(p.name for p in src.iterdir() if p.name not in kept and p.name != ".ipynb_checkpoints")
    if extra:
        planted = [n for n in extra if n.endswith((".py", ".pth", ".pyc", ".so")) or (src / n).is_dir()]
        shown = ", ".join(extra[:5]) + (" ..." if len(extra) > 5 else "")
        if planted:
            notes.append(f"REVIEW: the submission ships code the lab does not declare, not used: {shown}")
        else:
            notes.append(f"files the lab does not declare were not used: {shown}")
    return folder, notes, refusal


def nbgrader_api(folder: Path, settings: dict, base_config):
    """nbgrader's API on one student's scratch course, configured like the real course."""
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    from agentcourse.grading.nbgrader_io import read_alembic_head_in_process

    read_alembic_head_in_process()  # every student's scratch course has a new gradebook
    config = Config(base_config)  # a copy: nothing of one student's run leaks into the next
    config.CourseDirectory.root = str(folder)
    config.CourseDirectory.source_directory = "source"
    config.CourseDirectory.submitted_directory = "submitted"
    config.CourseDirectory.autograded_directory = "autograded"
    config.CourseDirectory.db_url = f"sqlite:///{folder / 'gradebook.db'}"
    if settings.get("cell_timeout"):
        config.Execute.timeout = settings["cell_timeout"]
        config.ExecutePreprocessor.timeout = settings["cell_timeout"]
    config.ConfinedExecute.unconfined = bool(settings.get("unconfined"))
    config.ConfinedExecute.property_secret = settings.get("property_secret", "")
    if settings.get("property_examples"):
        config.ConfinedExecute.property_examples = int(settings["property_examples"])
    config.ConfinedExecute.checkpoints = list(settings.get("checkpoints", []))
    if settings.get("judged") is not None:  # else ConfinedExecute reads the lab's source
        config.ConfinedExecute.judged = list(settings["judged"])
    for key, value in settings.get("limits", {}).items():
        setattr(config.ConfinedExecute, key, value)
    config.CapOutputs.max_chars = settings.get("output_chars", 20_000)
    return NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)


def classify(result: dict, graded: Path, facts: dict) -> tuple[str, str]:
    """(status, detail) from what the grader saw (`facts`: confine.GRADED for this student)
    and the graded notebook. Never from nbgrader's log, which holds text the student's code
    chose: a home-made CellTimeoutError is not a timeout, a finding that says "Kernel died"
    is not a dead kernel."""
    outputs = []
    if graded.is_file():
        try:
            nb = json.loads(graded.read_text(encoding="utf-8"))
            outputs = [(c.get("metadata", {}).get("nbgrader", {}).get("grade_id") or f"cell {i}", o)
                       for i, c in enumerate(nb.get("cells", [])) for o in c.get("outputs", [])]
        except (OSError, ValueError):
            pass
    memory = [cell for cell, o in outputs if o.get("ename") == "MemoryError"]
    if facts.get("dead"):
        if memory:
            return "out of memory", "the kernel died after running out of memory"
        return "kernel died", "the kernel died (a crash, os._exit, or killed)"
    if memory:
        return "out of memory", "MemoryError at the memory limit in " + ", ".join(dict.fromkeys(memory))
    if facts.get("timeouts"):
        return "timeout", "cell timed out: " + ", ".join(dict.fromkeys(facts["timeouts"]))
    if not result.get("success"):
        log = (result.get("log") or "") + "\n" + (result.get("error") or "")
        lines = [ln for ln in log.splitlines() if re.search(r"Error|ERROR", ln)]
        return "error", (lines[-1] if lines else "nbgrader could not grade it")[-200:]
    if not graded.is_file():
        return "error", "nbgrader wrote no graded notebook"
    return "ok", ""


def grade_one(job: dict, settings: dict, base_config) -> dict:
    from agentcourse.grading.sandbox.confine import GRADED

    lab, student = settings["lab"], job["student"]
    started = time.monotonic()
    folder, notes, refusal = prepare(job, settings)
    notes += list(job.get("notes", []))  # what the grader's own prepare() noted (cluster/jobs.py)
    out = {"student": student, "folder": str(folder), "review": [], "notes": []}
    if refusal:
        out.update(status="error", detail=refusal)
        return out
    api = nbgrader_api(folder, settings, base_config)
    GRADED.pop((lab, student), None)
    result = api.autograde(lab, student, force=True, create=True)
    facts = GRADED.pop((lab, student), {})
    graded = folder / "autograded" / student / lab / f"{lab}.ipynb"
    status, detail = classify(result, graded, facts)
    review = list(facts.get("review", []))
    review += [n.split("REVIEW: ", 1)[1] for n in notes if n.startswith("REVIEW: ")]
    out["notes"] = [n for n in notes if not n.startswith("REVIEW: ")]
    (folder / "autograde.log").write_text((result.get("log") or "")[-200_000:], encoding="utf-8", errors="replace")
    if review and status == "ok":
        status, detail = "review", "; ".join(review)[:500]
    out.update(status=status, detail=detail, review=review, seconds=round(time.monotonic() - started, 2))
    return out


def main() -> None:
    settings = json.loads(sys.stdin.readline())
    os.chdir(settings["course_root"])
    from traitlets.config.loader import PyFileConfigLoader

    base_config = PyFileConfigLoader("nbgrader_config.py", path=settings["course_root"]).load_config()
    # The answers go out on a private copy of stdout; fd 1 itself now points at the log, so
    # nothing a kernel or nbgrader prints can pass for an answer.
    reply = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    print(json.dumps({"ready": True}), file=reply, flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        try:
            out = grade_one(job, settings, base_config)
        except Exception as err:  # noqa: BLE001 - one student's failure must not stop the rest
            out = {"student": job.get("student"), "status": "error",
                   "detail": f"{type(err).__name__}: {err}"[:300], "review": [], "notes": []}
        print(json.dumps(out), file=reply, flush=True)


if __name__ == "__main__":
    main()
