"""The seed each lab's properties are graded with: secret, per lab, kept for re-grades.

`lab check` samples every property from a public seed (agentcourse.course.props.PUBLIC).
Grading uses a seed nobody can read in the repository (solutions/ is public): it is
derived from the course's grading secret and the lab's name, so every student of a lab is
graded on the same examples and a re-grade gives the same grade.

The secret is, in order: the environment variable AGENTCOURSE_PROPERTY_SECRET (to share
one secret between graders' machines), else `.grading/property-secret` in the course
folder, written with a fresh random value the first time a class is graded (.grading/ is
git-ignored, so it is never committed).
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

from agentcourse.course.props import ENV_EXAMPLES, ENV_SEED, GRADED_EXAMPLES

ENV_SECRET = "AGENTCOURSE_PROPERTY_SECRET"


def grading_secret(course_root: Path) -> str:
    """The course's grading secret (made and kept on first use)."""
    if os.environ.get(ENV_SECRET):
        return os.environ[ENV_SECRET]
    path = course_root / ".grading" / "property-secret"
    if path.is_file():
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = secrets.token_hex(16)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(fresh + "\n")
    return fresh


def lab_seed(secret: str, lab: str) -> int:
    """The seed of one lab's properties: the same for every student of the lab."""
    return int.from_bytes(hashlib.sha256(f"{secret}:{lab}".encode()).digest()[:4], "big")


def kernel_environment(secret: str, lab: str, examples: int = 0) -> dict[str, str]:
    """What a grading kernel's environment says to agentcourse.course.props (`examples`:
    per property, 0 = GRADED_EXAMPLES)."""
    return {ENV_SEED: str(lab_seed(secret, lab)), ENV_EXAMPLES: str(examples or GRADED_EXAMPLES)}
