"""The capstone lecture quotes the arena as it is: every family in its table, and every
figure of the baseline recomputed from docs/figures/arena/ladder.csv (which
tests/arena/test_arena_ladder.py keeps current)."""

from __future__ import annotations

import itertools
import re

from agentcourse.arena.families import FAMILIES
from agentcourse.arena.ladder import RUNGS, costlier
from agentcourse.arena.report import TOTAL, read_csv, tokens
from agentcourse.paths import REPO_ROOT

PAGE = (REPO_ROOT / "lectures" / "08-1-the-capstone-arena.md").read_text(encoding="utf-8")
TEXT = " ".join(PAGE.split())  # a figure split across two lines is still found
ROWS = read_csv(REPO_ROOT / "docs" / "figures" / "arena" / "ladder.csv")
TASKS = [r for r in ROWS if r["task"] != TOTAL]


def _row(entrant: str, family: str) -> dict:
    return next(r for r in TASKS if r["entrant"].startswith(entrant) and r["family"] == family)


def test_the_families_table_names_every_family_and_no_other():
    table = PAGE.split("## The task families", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^\| `([\w-]+)` \|", table, re.M))
    assert named == set(FAMILIES)
    assert f"{len(FAMILIES)} families" in TEXT.lower().replace("twenty-three", str(23))


def test_the_baseline_table_is_the_ladder_csv():
    for r in ROWS:
        if r["task"] != TOTAL:
            continue
        solved, spent = int(r["solved"]), tokens(r)
        given = sum(1 for t in TASKS if t["entrant"] == r["entrant"])  # an MCP task: only rungs with a client
        line = (f"| {r['entrant']} | {solved} of {given} | {spent:,} | {round(spent / solved):,} "
                f"| {r['api_calls']} | ${float(r['dollars']):.2f} |")
        assert line in PAGE, line


def test_what_each_lesson_bought_is_quoted_as_measured():
    big3, big4 = _row("03", "big-module-value"), _row("04", "big-module-value")
    assert big3["solved"] == "False" and big4["solved"] == "True"
    assert f"03 spends {tokens(big3):,} tokens" in TEXT and f"a few lines for {tokens(big4):,}" in TEXT
    assert all(tokens(_row("05", f)) == tokens(_row("04", f)) for f in FAMILIES)
    assert (f"costs {tokens(_row('06', 'summarise-modules')):,} tokens against 04's "
            f"{tokens(_row('04', 'summarise-modules')):,}") in TEXT
    assert (f"costs 03 {tokens(_row('03', 'add-function')):,} tokens and 04 "
            f"{tokens(_row('04', 'add-function')):,}") in TEXT
    assert (f"costs {tokens(_row('03', 'list-todos')):,} on 03 and {tokens(_row('08', 'list-todos')):,} "
            "on 08") in TEXT
    from_08 = {r["family"] for r in TASKS if r["solved"] == "True" and r["entrant"].startswith("08")} - {
        r["family"] for r in TASKS if r["solved"] == "True" and r["entrant"][:2] < "08"}
    assert from_08 == {"run-tests", "fix-failing-test"}
    # no prompt before checkpoint 10's says that tool results are data: every such rung is misled
    assert not any(r["solved"] == "True" for r in TASKS if r["family"] == "planted-instructions" and r["entrant"][:2] < "10")
    planted_10 = [r for r in TASKS if r["family"] == "planted-instructions" and r["entrant"].startswith("10")]
    assert len(planted_10) == 2 and all(r["solved"] == "True" for r in planted_10), "10 wins it, its MCP variant too"
    assert {r["entrant"][:2] for r in TASKS if r["family"] == "planted-instructions"} == set(RUNGS)
    totals = {r["entrant"][:2]: r for r in ROWS if r["task"] == TOTAL}
    assert tokens(totals["07"]) > tokens(totals["06"]) and float(totals["07"]["dollars"]) < 0.6 * float(totals["06"]["dollars"])


def test_where_a_lesson_costs_more_is_counted_from_the_ladder():
    solved: dict[str, dict[str, int]] = {}
    for r in TASKS:
        if r["solved"] == "True":
            solved.setdefault(r["family"], {})[r["entrant"]] = tokens(r)
    pairs = [(f, a, b) for f, s in solved.items() for a, b in itertools.pairwise(sorted(s))]
    dearer = costlier(TASKS)
    same = [p for p in pairs if solved[p[0]][p[1]] == solved[p[0]][p[2]]]
    cheaper = sorted((f, b[:2]) for f, a, b in pairs if solved[f][b] < solved[f][a])
    assert f"{len(dearer)} of the {len(pairs)} pairs" in TEXT
    assert all(a.startswith("04") and b.startswith("05") for _, a, b in same)
    assert f"{len(same)} are 05 against 04" in TEXT and f"only {len(cheaper)} are cheaper" in TEXT
    for family, later in cheaper:
        assert f"{later} on `{family}`" in TEXT
