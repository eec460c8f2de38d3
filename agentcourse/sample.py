"""The sample project the checkpoints work on, and generated files for benchmarks."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from agentcourse.errors import SampleProjectMissing
from agentcourse.paths import SAMPLE_PROJECT_DIR


def copy_sample_project(dest: Path | None = None) -> Path:
    """Copy the sample project into `dest` (default: a fresh temporary folder) and return it."""
    if not (SAMPLE_PROJECT_DIR / "math_utils.py").is_file():
        raise SampleProjectMissing(
            f"the sample project is missing ({SAMPLE_PROJECT_DIR.name}/math_utils.py); "
            "reinstall with `make setup` or restore it with `git checkout agentcourse/sample_project`"
        )
    if dest is None:
        dest = Path(tempfile.mkdtemp(prefix="agentcourse-project-"))
    dest.mkdir(parents=True, exist_ok=True)
    for item in SAMPLE_PROJECT_DIR.iterdir():
        if item.name == "__pycache__":
            continue
        target = dest / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy2(item, target)
    return dest
