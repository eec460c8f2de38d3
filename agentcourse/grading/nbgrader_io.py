"""nbgrader as grading uses it: its commands run in the course root (so nbgrader_config.py
applies), its gradebook opened with this environment's `alembic` on PATH, the lab made known
to it, and a consistent copy of the gradebook for a worker's scratch course."""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from agentcourse.errors import GradingIncomplete

LOCAL = ".grading"  # everything grading writes lives under the course root's .grading/


def nbgrader_command(*args: str) -> list[str]:
    """`nbgrader ARGS` with this interpreter, started through agentcourse (nbgrader_main.py)."""
    return [sys.executable, "-m", "agentcourse.grading.nbgrader_main", *args]


def nbgrader_env() -> dict[str, str]:
    # nbgrader shells out to `alembic`, which lives beside this interpreter.
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def run_nbgrader(course_root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """One nbgrader command in the course root (so nbgrader_config.py applies)."""
    return subprocess.run(nbgrader_command(*args), cwd=course_root, env=nbgrader_env(),
                          capture_output=True, text=True, timeout=timeout)


@functools.cache
def alembic_head() -> str:
    """The newest revision of nbgrader's gradebook schema, read in-process from nbgrader's own
    migration scripts: what nbgrader.api.get_alembic_version asks `alembic heads` for."""
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR

    return str(ScriptDirectory(ALEMBIC_DIR).get_current_head())


def read_alembic_head_in_process() -> None:
    """nbgrader stamps every new gradebook with the schema's revision, which it asks of a
    subprocess (`alembic heads`: a Python start-up, 1 to 3 s); grading makes a new gradebook
    for every student's scratch course. The same revision, read once per process instead."""
    import nbgrader.api

    nbgrader.api.get_alembic_version = alembic_head


def gradebook(db_url: str):
    """nbgrader's Gradebook; it shells out to `alembic`, so put this venv's bin on PATH."""
    from nbgrader.api import Gradebook

    read_alembic_head_in_process()

    bindir = os.path.dirname(sys.executable)
    if bindir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    return Gradebook(db_url)


def db_url(course_root: Path) -> str:
    """The SQLAlchemy URL of the course's main gradebook, `.grading/gradebook.db`."""
    return "sqlite:///" + str(course_root / LOCAL / "gradebook.db")


def ensure_assignment(course_root: Path, lab: str) -> None:
    """Make sure the main gradebook knows the lab's cells (generate_assignment does that).

    The release goes to .grading/release so the committed labs/ is never touched here."""
    from nbgrader.api import MissingEntry

    with gradebook(db_url(course_root)) as gb:
        try:
            if gb.find_assignment(lab).notebooks:
                return
        except MissingEntry:
            pass
    done = run_nbgrader(course_root, "generate_assignment", lab, "--force",
                        f"--CourseDirectory.release_directory={LOCAL}/release")
    if done.returncode != 0:
        raise GradingIncomplete(f"nbgrader generate_assignment {lab} failed:\n{done.stderr[-2000:]}")


def snapshot_gradebook(course_root: Path, dest: Path) -> None:
    """A consistent copy of the main gradebook (SQLite's backup API, not a file copy)."""
    src = sqlite3.connect(course_root / LOCAL / "gradebook.db")
    out = sqlite3.connect(dest)
    with out:
        src.backup(out)
    src.close()
    out.close()


def read_record(root: Path, name: str) -> dict:
    """A JSON record the grader keeps in `.grading/` (flags, what was graded); {} when there
    is none or it cannot be read: each reader then takes nothing on trust."""
    try:
        data = json.loads((root / LOCAL / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_record(root: Path, name: str, data: dict) -> None:
    """Write a record of `.grading/` whole: a temp file, then renamed into place."""
    path = root / LOCAL / name
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)
