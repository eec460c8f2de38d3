"""The ladder as the arena's baseline: every checkpoint from 03 on, on the same tasks.

    agentcourse arena ladder [--families a,b] [--out DIR]      (make arena: the whole practice set)
    agentcourse arena ladder --live                            (the same against Claude, compared)

Writes ladder.csv (the arena's CSV without the wall time: every checkpoint x task, then the totals) and
ladder.png (for each checkpoint, tasks solved and tokens per solved task), and prints
"where a lesson costs more than it saves": for each family, each checkpoint that spent
more tokens on it than the nearest earlier checkpoint that also solves it.

With --live the same tasks run against Claude into ladder-live.csv / ladder-live.png, and
`compare` sets each checkpoint's tutor score beside its score on Claude (the tutor's from
the tracked docs/figures/arena/ladder.csv), with the families on which the two disagree:
what a tutor score predicted, and what it did not.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from agentcourse.arena.entrants import Entrant, defines_run_turn, entrant
from agentcourse.arena.report import tokens, wide_console
from agentcourse.arena.runner import COLUMNS
from agentcourse.paths import REPO_ROOT, checkpoint_dirs

FIRST_RUNG = 3  # 00-02 do no work (one call, the first loop, stub tools); from 03 on, real tools


def rungs() -> tuple[str, ...]:
    """The checkpoints on the ladder: every folder from FIRST_RUNG on whose agent.py follows
    the run_turn contract (checked without importing it), so a new checkpoint joins by itself."""
    found = []
    for folder in checkpoint_dirs():
        agent = folder / "agent.py"
        if int(folder.name[:2]) >= FIRST_RUNG and agent.is_file() and defines_run_turn(
                agent.read_text(encoding="utf-8")):
            found.append(folder.name[:2])
    return tuple(found)


RUNGS = rungs()


def span(rungs: tuple[str, ...] = RUNGS) -> str:
    """The ladder's span in words: "03-09"."""
    return f"{rungs[0]}-{rungs[-1]}"

# ladder.csv leaves out the wall time, so a regenerated file changes only when a count does
# (the tutor is deterministic) and the lectures can quote it.
LADDER_COLUMNS = tuple(c for c in COLUMNS if c != "wall_s")
TRACKED = REPO_ROOT / "docs" / "figures" / "arena" / "ladder.csv"  # what make arena writes


def ladder_entrants(rungs: tuple[str, ...] = RUNGS) -> list[Entrant]:
    return [entrant(r) for r in rungs]


def costlier(rows: list[dict]) -> list[dict]:
    """Per family, each lesson that made it dearer: a checkpoint that solves the family and
    spent more tokens on it than the nearest earlier checkpoint that also solves it. Sorted
    by family, then checkpoint."""
    solved: dict[str, dict[str, int]] = {}
    for r in rows:
        if str(r["solved"]) in ("True", "1"):
            fam = solved.setdefault(r["family"], {})
            fam[r["entrant"]] = fam.get(r["entrant"], 0) + tokens(r)
    out = []
    for family in sorted(solved):
        names = sorted(solved[family])
        for earlier, later in itertools.pairwise(names):
            a, b = solved[family][earlier], solved[family][later]
            if b > a:
                out.append({"family": family, "earlier": earlier, "later": later,
                            "earlier_tokens": a, "later_tokens": b, "ratio": round(b / a, 2)})
    return out


def print_costlier(found: list[dict], console=None) -> None:
    from rich.table import Table

    table = Table(title="Where a lesson costs more than it saves (both solve the family; tokens)")
    for name in ("family", "earlier", "later", "earlier tokens", "later tokens", "later/earlier"):
        table.add_column(name, justify="right" if "tokens" in name or "/" in name else "left")
    for f in found:
        table.add_row(f["family"], f["earlier"], f["later"], f"{f['earlier_tokens']:,}",
                      f"{f['later_tokens']:,}", f"{f['ratio']:.2f}")
    if not found:
        table.add_row("(none)", "", "", "", "", "")
    (console or wide_console()).print(table)


def run_ladder(todo: list, config, out: Path, done=None) -> list[dict]:
    """The ladder's checkpoints (RUNGS) on `todo`; writes ladder.csv and ladder.png under `out` (live:
    ladder-live.*). The rows."""
    from agentcourse.arena.runner import run_all

    rows = run_all(ladder_entrants(), todo, config, done)
    write_ladder(rows, out, "ladder-live" if getattr(config, "live", False) else "ladder")
    return rows


def write_ladder(rows: list[dict], out: Path, name: str = "ladder") -> tuple[Path, Path]:
    """NAME.csv (LADDER_COLUMNS) and NAME.png under `out`."""
    from agentcourse.arena.report import leaderboard, write_csv

    return (write_csv(rows, Path(out) / f"{name}.csv", LADDER_COLUMNS),
            leaderboard(rows, Path(out) / f"{name}.png", title=f"The ladder: checkpoints {span()}"))


def _solved(rows: list[dict]) -> dict[str, dict[str, int | None]]:
    """entrant -> family -> tokens spent when solved, None when not (TOTAL rows skipped)."""
    out: dict[str, dict[str, int | None]] = {}
    for r in rows:
        if r.get("task") != "TOTAL":
            ok = str(r["solved"]) in ("True", "1")
            out.setdefault(r["entrant"], {})[r["family"]] = tokens(r) if ok else None
    return out


def compare(tutor: list[dict], live: list[dict]) -> list[dict]:
    """Per checkpoint run on both: solved and tokens per solved task on the tutor and on
    Claude, over the families both runs hold, and the families whose verdicts differ."""
    a, b = _solved(tutor), _solved(live)
    out = []
    for name in sorted(set(a) & set(b)):
        families = sorted(set(a[name]) & set(b[name]))
        row = {"entrant": name, "tasks": len(families),
               "disagree": [f for f in families if (a[name][f] is None) != (b[name][f] is None)]}
        for side, got in (("tutor", a[name]), ("live", b[name])):
            spent = [got[f] for f in families if got[f] is not None]
            row[f"{side}_solved"] = len(spent)
            row[f"{side}_per_solved"] = round(sum(spent) / len(spent)) if spent else 0
        out.append(row)
    return out


def print_comparison(found: list[dict], console=None) -> None:
    from rich.table import Table

    table = Table(title="The same tasks on the tutor and on Claude (what a tutor score predicted)")
    for name in ("checkpoint", "tasks", "solved: tutor", "solved: Claude", "tokens/solved: tutor",
                 "tokens/solved: Claude", "verdicts differ on"):
        table.add_column(name)
    for r in found:
        table.add_row(r["entrant"], str(r["tasks"]), str(r["tutor_solved"]), str(r["live_solved"]),
                      f"{r['tutor_per_solved']:,}", f"{r['live_per_solved']:,}", ", ".join(r["disagree"]) or "-")
    (console or wide_console()).print(table)
