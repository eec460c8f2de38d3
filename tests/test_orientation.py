"""docs/ORIENTATION.md tells the README's story: the same first command, every step, the capstone."""

from __future__ import annotations

import re

from agentcourse.paths import REPO_ROOT


def test_orientation_starts_from_the_readmes_commands_and_lists_every_lecture():
    text = (REPO_ROOT / "docs" / "ORIENTATION.md").read_text(encoding="utf-8")
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "make demo" in readme and "make demo" in text.split("## Where to start", 1)[1]
    assert "make setup" not in text  # one entry story: the README's two commands
    linked = set(re.findall(r"\(\.\./lectures/(\d\d-\d-[\w-]+\.md)\)", text))
    lectures = {p.name for p in (REPO_ROOT / "lectures").glob("[0-9][0-9]-*.md")}
    assert lectures <= linked, f"lectures missing from ORIENTATION.md: {sorted(lectures - linked)}"
