"""The arena's results: a rich table, a CSV and a leaderboard figure (PNG).

    write_csv(rows, out / "arena.csv"); leaderboard(rows, out / "arena.png"); print_table(rows)

The CSV has one row per entrant x task (runner.COLUMNS), rows sorted by entrant then task,
then a totals row per entrant (task "TOTAL": solved tasks, summed tokens, dollars, calls,
errors and wall time), so it is stable from run to run and can be quoted. "Tokens" are all
four counts together (input, output, cache writes, cache reads): what the prompt and the
reply weighed, whatever the cache made of it.
"""

from __future__ import annotations

import csv
from pathlib import Path

from agentcourse.arena.runner import COLUMNS

TOTAL = "TOTAL"
SUMMED = ("input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens", "dollars",
          "api_calls", "tool_errors", "protocol_errors", "wall_s")


def tokens(row: dict) -> int:
    return sum(int(row[k]) for k in ("input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens"))


def totals(rows: list[dict]) -> list[dict]:
    """One TOTAL row per entrant, in the order entrants first appear."""
    out: dict[str, dict] = {}
    for r in rows:
        t = out.setdefault(r["entrant"], {**dict.fromkeys(COLUMNS, ""), "entrant": r["entrant"],
                                          "model": r["model"], "task": TOTAL, "solved": 0,
                                          **dict.fromkeys(SUMMED, 0), "tasks": 0})
        t["solved"] += bool(r["solved"])
        t["tasks"] += 1
        for k in SUMMED:
            t[k] = round(t[k] + float(r[k]), 6) if k in ("dollars", "wall_s") else t[k] + int(r[k])
    for t in out.values():
        t["reason"] = f"{t['solved']} of {t.pop('tasks')} solved"
    return list(out.values())


def per_solved(total: dict) -> float:
    """Tokens per solved task (0 when none was solved)."""
    return tokens(total) / total["solved"] if total["solved"] else 0.0


def write_csv(rows: list[dict], path: Path, columns: tuple[str, ...] = COLUMNS) -> Path:
    """Rows sorted by entrant and task, then the totals; fixed columns (COLUMNS)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    ordered = sorted(rows, key=lambda r: (r["entrant"], r["family"], int(r["seed"])))
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(ordered + totals(ordered))
    return path


def read_csv(path: Path) -> list[dict]:
    with Path(path).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def leaderboard(rows: list[dict], path: Path, title: str = "Arena") -> Path:
    """Two panels: solved tasks per entrant, and tokens per solved task."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    board = totals(rows)
    names = [t["entrant"] for t in board]
    fig, (left, right) = plt.subplots(1, 2, figsize=(max(8, 1.3 * len(names) + 4), 4.2))
    left.bar(names, [t["solved"] for t in board], color="#4c72b0")
    left.set_title("tasks solved")
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    right.bar(names, [per_solved(t) for t in board], color="#dd8452")
    right.set_title("tokens per solved task")
    for ax in (left, right):
        ax.tick_params(axis="x", labelrotation=30)
        for label in ax.get_xticklabels():
            label.set_horizontalalignment("right")
    fig.suptitle(f"{title} ({len({r['task'] for r in rows})} tasks, model: {rows[0]['model'] if rows else '-'})")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def wide_console():
    """A console for the arena's tables: the terminal's width, or, when the output is piped
    (to a file, `less`, a CI log), wide enough that no column is cut to an ellipsis."""
    import sys

    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 240)


def print_table(rows: list[dict], console=None) -> None:
    """Per entrant: solved, tokens, tokens per solved task, dollars, calls, errors, wall time."""
    from rich.table import Table

    table = Table(title="Arena results")
    for name in ("entrant", "model", "solved", "tokens", "tokens/solved", "dollars", "calls",
                 "tool errors", "protocol errors", "wall s"):
        table.add_column(name, justify="left" if name in ("entrant", "model") else "right")
    for t in totals(rows):
        tasks = sum(1 for r in rows if r["entrant"] == t["entrant"])
        table.add_row(t["entrant"], t["model"], f"{t['solved']}/{tasks}", f"{tokens(t):,}",
                      f"{per_solved(t):,.0f}", f"{t['dollars']:.4f}", str(t["api_calls"]),
                      str(t["tool_errors"]), str(t["protocol_errors"]), f"{t['wall_s']:.1f}")
    (console or wide_console()).print(table)
