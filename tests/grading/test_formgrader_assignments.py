"""What formgrader lists as assignments, read from the source folder as nbgrader reads it:
the labs and nothing else (no folder of the arena's with a Generate button)."""

from __future__ import annotations

import os

from agentcourse.paths import REPO_ROOT


def test_formgrader_lists_only_the_labs_as_source_assignments(monkeypatch):
    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config.loader import PyFileConfigLoader

    monkeypatch.chdir(REPO_ROOT)
    config = PyFileConfigLoader("nbgrader_config.py", path=str(REPO_ROOT)).load_config()
    api = NbGraderAPI(coursedir=CourseDirectory(config=config), config=config)
    labs = {p.name for p in (REPO_ROOT / "solutions").iterdir() if p.is_dir() and p.name.startswith("lab")}
    assert labs and api.get_source_assignments() == labs
    assert all(os.path.isfile(REPO_ROOT / "solutions" / name / f"{name}.ipynb") for name in labs)
