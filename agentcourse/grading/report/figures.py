"""The class report's figures: PNGs drawn with matplotlib's Agg backend (no display).

Each figure has a function that builds it (`*_figure`, returning the laid-out Figure, which is
what the tests measure) and one that saves it as a PNG. Titles and task names come from the
lab, so their length is unknown: the builders wrap them to a measured width and grow the figure
to hold the extra lines, so that no text is drawn past the figure's edge."""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402 - after choosing the backend
from matplotlib.figure import Figure  # noqa: E402

WIDTH_IN = 7  # both figures are this wide; titles and labels wrap to fit it
EDGE_IN = 0.15  # room kept between the title and each side of the figure
LABEL_SHARE = 0.4  # the most of the figure's width the y-axis labels of `pass_rates` may take


def score_histogram_figure(scores: list[float], max_score: float, lab: str) -> Figure:
    """How many students got each score, from 0 to the lab's points."""
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 3.5))
    bins = [x - 0.5 for x in range(int(max_score) + 2)] if max_score <= 40 else 20
    ax.hist(scores, bins=bins, range=(0, max_score) if not isinstance(bins, list) else None,
            color="#4a7ab8", edgecolor="white")
    ax.set_xlabel(f"score (out of {max_score:g})")
    ax.set_ylabel("students")
    ax.yaxis.get_major_locator().set_params(integer=True)
    _title(fig, f"{lab}: scores of {len(scores)} submissions")
    fig.tight_layout()
    return fig


def score_histogram(scores: list[float], max_score: float, lab: str, path: Path) -> Path:
    """`score_histogram_figure`, saved as a PNG at `path`."""
    return _save(score_histogram_figure(scores, max_score, lab), path)


def pass_rates_figure(rates: dict[str, float], title: str) -> Figure:
    """One horizontal bar per task or test cell: the share of students who pass it."""
    names = list(rates)[::-1]
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 0.45 * len(names) + 1.2))
    # Long task names would push the axes right until the title or the bars leave the figure:
    # wrap each name to at most LABEL_SHARE of the width. Bars go at numeric positions, so two
    # names that wrap alike still get a bar each.
    label_font = {"fontsize": plt.rcParams["ytick.labelsize"]}
    labels = [_wrapped(fig, name, LABEL_SHARE * fig.bbox.width, **label_font) for name in names]
    positions = range(len(names))
    ax.barh(positions, [100 * rates[n] for n in names], color="#5a9e6f")
    ax.set_yticks(positions, labels)
    ax.set_ylim(-0.6, len(names) - 0.4)
    ax.set_xlim(0, 100)
    ax.set_xlabel("students who pass (%)")
    for y, name in enumerate(names):
        ax.text(min(100 * rates[name] + 1, 90), y, f"{100 * rates[name]:.0f}%", va="center", fontsize=8)
    # Each wrapped name takes its lines' height: make the rows tall enough to keep them apart.
    extra_lines = sum(label.count("\n") for label in labels)
    fig.set_size_inches(WIDTH_IN, fig.get_figheight() + 0.18 * extra_lines)
    _title(fig, title)
    fig.tight_layout()
    return fig


def pass_rates(rates: dict[str, float], title: str, path: Path) -> Path:
    """`pass_rates_figure`, saved as a PNG at `path`."""
    return _save(pass_rates_figure(rates, title), path)


def _title(fig: Figure, title: str) -> None:
    """Put `title` above the figure, centred on it (not on the axes, which long labels shift),
    wrapped to its width; the figure grows by the height of the wrapped lines so the axes keep
    their room. tight_layout then leaves space for it."""
    title_font = {"fontsize": plt.rcParams["figure.titlesize"],
                  "fontweight": plt.rcParams["figure.titleweight"]}
    text = _wrapped(fig, title, fig.bbox.width - 2 * EDGE_IN * fig.dpi, **title_font)
    suptitle = fig.suptitle(text)
    height_in = suptitle.get_window_extent(fig.canvas.get_renderer()).height / fig.dpi
    fig.set_size_inches(fig.get_figwidth(), fig.get_figheight() + height_in)


def _wrapped(fig: Figure, text: str, max_px: float, **font) -> str:
    """`text` wrapped (textwrap, breaking words too long for a line) at the most characters per
    line whose drawn width, measured with the figure's renderer in `font`, is at most `max_px`."""
    renderer = fig.canvas.get_renderer()
    probe = fig.text(0, 0, "", **font)
    try:
        for width in range(max(len(text), 1), 0, -1):
            lines = [textwrap.fill(part, width) or part for part in text.split("\n")]
            probe.set_text("\n".join(lines))
            if probe.get_window_extent(renderer).width <= max_px:
                break
        return probe.get_text()
    finally:
        probe.remove()


def _save(fig: Figure, path: Path) -> Path:
    """Write `fig` to `path` as a PNG and close it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
