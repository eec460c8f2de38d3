"""docs/ARCHITECTURE.md names every module of the support library, and only modules that exist."""

from __future__ import annotations

import re

from agentcourse.paths import PACKAGE_DIR, REPO_ROOT


def _table_modules() -> set[str]:
    text = (REPO_ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("### The support library", 1)[1].split("\n#", 1)[0]
    return {name for row in re.findall(r"^\| (`[\w/]+\.py`(?:, `[\w/]+\.py`)*) \|", table, re.M)
            for name in re.findall(r"`([\w/]+\.py)`", row)}


def test_module_table_matches_the_package():
    on_disk = {
        str(p.relative_to(PACKAGE_DIR))
        for p in PACKAGE_DIR.rglob("*.py")
        if not p.name.startswith("_") and "sample_project" not in p.parts
    }
    listed = _table_modules()
    assert on_disk - listed == set(), "modules missing from docs/ARCHITECTURE.md"
    assert listed - on_disk == set(), "docs/ARCHITECTURE.md lists modules that do not exist"
