"""The course's nbgrader config read as JupyterHub reads it: from the home folder, through the
instructor's ~/.jupyter/nbgrader_config.py as docs/INSTRUCTORS.md writes it, with the
course-local settings of local/nbgrader_config.py; and without that file, the trap it fixes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from agentcourse.paths import REPO_ROOT

# What nbgrader's own apps see after loading their config files, as formgrader does.
PROBE = """
import json
from nbgrader.apps.api import NbGraderAPI
from nbgrader.apps.nbgraderapp import NbGraderApp
from nbgrader.coursedir import CourseDirectory
app = NbGraderApp()
app.initialize([])
coursedir = CourseDirectory(config=app.config)
api = NbGraderAPI(coursedir=coursedir, config=app.config)
print(json.dumps({"root": coursedir.root, "course_id": coursedir.course_id,
                  "source": sorted(api.get_source_assignments()),
                  "exchange": str(app.config.Exchange.root),
                  "late": str(app.config.LateSubmissionPlugin.penalty_method)}))
"""


def user_config_from_the_guide(course: Path) -> str:
    """The ~/.jupyter/nbgrader_config.py block of docs/INSTRUCTORS.md, for this course's path."""
    guide = (REPO_ROOT / "docs" / "INSTRUCTORS.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(# ~/\.jupyter/nbgrader_config\.py.*?)```", guide, re.S)
    assert block, "INSTRUCTORS.md shows no ~/.jupyter/nbgrader_config.py"
    text = block.group(1)
    assert "/home/instructor/agentcourse/nbgrader_config.py" in text
    return text.replace("/home/instructor/agentcourse", str(course))


def a_course(tmp_path: Path) -> Path:
    """A clone-like course folder: the committed config, the labs, a local config of its own."""
    course = tmp_path / "agentcourse"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course)
    for folder in ("solutions", "labs"):
        os.symlink(REPO_ROOT / folder, course / folder)
    (course / "local").mkdir()
    example = (REPO_ROOT / "local" / "nbgrader_config.example.py").read_text(encoding="utf-8")
    local = example.replace('"/srv/nbgrader/exchange"', repr(str(tmp_path / "exchange")))
    (course / "local" / "nbgrader_config.py").write_text(local.replace('"none"', '"zero"'))
    return course


def probe(home: Path, cwd: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "ANTHROPIC_"))}
    env["HOME"] = str(home)
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_formgrader_started_in_the_home_folder_finds_the_course_through_the_user_config(tmp_path):
    course, home = a_course(tmp_path), tmp_path / "home"
    (home / ".jupyter").mkdir(parents=True)
    (home / ".jupyter" / "nbgrader_config.py").write_text(user_config_from_the_guide(course))
    seen = probe(home, cwd=home)  # the hub starts the server in the home folder
    labs = sorted(p.name for p in (REPO_ROOT / "solutions").iterdir() if p.is_dir())
    assert seen["root"] == str(course) and seen["course_id"] == "agentcourse"
    assert seen["source"] == labs  # formgrader lists the labs
    assert seen["exchange"] == str(tmp_path / "exchange") and seen["late"] == "zero"  # local/
    assert not (home / "gradebook.db").exists()  # the course's gradebook, not one in home


def test_without_the_user_config_the_home_folder_sees_no_course(tmp_path):
    a_course(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    seen = probe(home, cwd=home)
    assert seen["root"] == str(home) and seen["source"] == []  # the trap the guide's line fixes
