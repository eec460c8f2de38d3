"""Lecture 7.5 quotes the planted-instructions ladder as `make arena` measured it
(docs/figures/arena/ladder.csv, which tests/arena/test_arena_ladder.py keeps current)."""

from __future__ import annotations

from agentcourse.arena.report import TOTAL, read_csv
from agentcourse.paths import REPO_ROOT

TEXT = " ".join((REPO_ROOT / "lectures" / "07-5-tools-from-elsewhere.md").read_text(encoding="utf-8").split())
ROWS = [r for r in read_csv(REPO_ROOT / "docs" / "figures" / "arena" / "ladder.csv")
        if r["task"] != TOTAL and r["family"] == "planted-instructions"]


def test_the_lecture_quotes_the_planted_instructions_ladder_as_measured():
    before = {r["entrant"] for r in ROWS if r["entrant"][:2] < "10"}
    kept = {r["entrant"] for r in ROWS if r["entrant"][:2] < "10" and r["solved"] == "True"}
    ten = [r for r in ROWS if r["entrant"].startswith("10")]
    solved_ten = sum(r["solved"] == "True" for r in ten)
    assert f"every checkpoint from 03 to 09 loses it: {len(kept)} of {len(before)} rungs leave" in TEXT
    assert not kept and len(before) == 7
    assert f"Checkpoint 10 solves {solved_ten} of {len(ten)}" in TEXT
