"""The class report's figures keep all their text inside the picture, however long the lab's
title and task names are: every text matplotlib draws is measured with the figure's renderer
and must lie within the figure's bounding box."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pytest
from matplotlib.text import Text

from agentcourse.grading.report import figures

LONG_TITLE = "lab04: " + "pass rates per task, then per test cell, of a lab named at length; " * 4
LONG_WORD = "test_" + "the_failing_tool_call_is_flagged_" * 6  # no space for textwrap to break at
RATES = {
    "Task 1: " + "Read the transcript and find the tool call that failed first " * 3: 0.5,
    "Task 2: Fix": 1.0,
    LONG_WORD: 0.25,
    "t1": 0.0,
}
# Names as long as a real lab's: enough on their own to push the centred title off the figure.
TYPICAL_RATES = {"Task 1: Read the transcript and find the failing tool": 0.5,
                 "test_failed_tool_is_flagged": 1.0, "test_raising_tool_is_reported": 0.0}


def _drawn_texts(fig, monkeypatch) -> list[tuple[str, object]]:
    """(text, window extent) of each non-empty text drawn when the figure is rendered. Recorded
    as they are drawn, because the axes also hold tick labels they never draw (outside the view)."""
    drawn = []
    draw = Text.draw

    def record(self, renderer):
        draw(self, renderer)
        if self.get_visible() and self.get_text():
            drawn.append((self.get_text(), self.get_window_extent(renderer)))

    monkeypatch.setattr(Text, "draw", record)
    fig.canvas.draw()
    return drawn


def _outside(fig, monkeypatch) -> list[str]:
    texts = _drawn_texts(fig, monkeypatch)
    assert texts, "nothing was drawn"
    box = fig.bbox
    return [text for text, extent in texts
            if extent.x0 < box.x0 or extent.y0 < box.y0 or extent.x1 > box.x1 or extent.y1 > box.y1]


@pytest.mark.parametrize("title", ["lab04: pass rates per task, then per test cell", LONG_TITLE])
@pytest.mark.parametrize("rates", [TYPICAL_RATES, RATES], ids=["typical-names", "long-names"])
def test_pass_rates_text_stays_inside(monkeypatch, title, rates):
    fig = figures.pass_rates_figure(rates, title)
    try:
        assert _outside(fig, monkeypatch) == []
    finally:
        plt.close(fig)


@pytest.mark.parametrize("lab", ["lab04", LONG_TITLE, LONG_WORD])
@pytest.mark.parametrize("max_score", [10, 100])
def test_score_histogram_text_stays_inside(monkeypatch, lab, max_score):
    fig = figures.score_histogram_figure([0, 2.5, max_score / 2, max_score], max_score, lab)
    try:
        assert _outside(fig, monkeypatch) == []
    finally:
        plt.close(fig)


def test_the_saved_figures_are_pngs(tmp_path):
    histogram = figures.score_histogram([1, 2], 10, LONG_TITLE, tmp_path / "scores.png")
    rates = figures.pass_rates(RATES, LONG_TITLE, tmp_path / "rates" / "pass-rates.png")
    for path in (histogram, rates):
        assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
