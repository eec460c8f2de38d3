"""The class report's figures: PNGs drawn with matplotlib's Agg backend (no display)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 - after choosing the backend


def score_histogram(scores: list[float], max_score: float, lab: str, path: Path) -> Path:
    """How many students got each score, from 0 to the lab's points."""
    fig, ax = plt.subplots(figsize=(7, 3.5))
    bins = [x - 0.5 for x in range(int(max_score) + 2)] if max_score <= 40 else 20
    ax.hist(scores, bins=bins, range=(0, max_score) if not isinstance(bins, list) else None,
            color="#4a7ab8", edgecolor="white")
    ax.set_xlabel(f"score (out of {max_score:g})")
    ax.set_ylabel("students")
    ax.set_title(f"{lab}: scores of {len(scores)} submissions")
    ax.yaxis.get_major_locator().set_params(integer=True)
    return _save(fig, path)


def pass_rates(rates: dict[str, float], title: str, path: Path) -> Path:
    """One horizontal bar per task or test cell: the share of students who pass it."""
    names = list(rates)[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(names) + 1.2))
    ax.barh(names, [100 * rates[n] for n in names], color="#5a9e6f")
    ax.set_xlim(0, 100)
    ax.set_xlabel("students who pass (%)")
    ax.set_title(title)
    for y, name in enumerate(names):
        ax.text(min(100 * rates[name] + 1, 90), y, f"{100 * rates[name]:.0f}%", va="center", fontsize=8)
    return _save(fig, path)


def _save(fig, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
