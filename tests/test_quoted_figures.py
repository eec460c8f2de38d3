"""Figures quoted in prose equal what the course measures.

tests/test_notebooks.py holds the figures the notebooks record (notebooks/figures/*.json);
this file holds the rest: the small tasks of Lecture 6.3, figures one lecture borrows from
another's recorded output, the orientation page's hours, and the deterministic benchmarks
(the tutor model counts the same tokens and questions on every run), which the slow tests
run again and compare with every page that quotes them.
"""

from __future__ import annotations

import json
import re

import pytest

from agentcourse.course import nbfile
from agentcourse.paths import REPO_ROOT


def _text(path: str) -> str:
    """The page as one line, so a figure split across two lines is still found."""
    return " ".join((REPO_ROOT / path).read_text(encoding="utf-8").split())


def _notebook_numbers(name: str) -> dict:
    return json.loads((REPO_ROOT / "notebooks" / "figures" / f"{name}.json").read_text(encoding="utf-8"))


def test_lecture_6_3_quotes_the_small_tasks_as_measured():
    numbers = _notebook_numbers("tool-design-cost")
    text = _text("lectures/06-3-search-and-read-lines.md")
    doc3, doc4 = numbers["03/docstring"], numbers["04/docstring"]
    mul3, mul4 = numbers["03/multiply"], numbers["04/multiply"]
    assert (f"({doc4['result_tokens']} tokens against {doc3['result_tokens']} on the docstring task, "
            f"{mul4['result_tokens']} against {mul3['result_tokens']} on the multiply task)") in text
    assert doc4["api_calls"] == mul4["api_calls"] and doc3["api_calls"] == mul3["api_calls"]
    assert f"{doc4['api_calls']} API calls against {doc3['api_calls']} on both tasks" in text


def test_lecture_6_4_borrows_the_tool_result_share_lecture_7_1_records():
    # the long task's session summary, recomputed by tests/lectures (its 30 calls)
    recorded = re.findall(r"\(last 10 of 30\)[^\]]*\| tool results (\d+)% of the input",
                          _text("lectures/07-1-context-engineering.md"))
    assert recorded and len(set(recorded)) == 1, recorded
    assert (f"tool results are still {recorded[0]}% of checkpoint 06's input"
            in _text("lectures/06-4-instrumentation.md"))


def test_the_orientation_page_adds_up_the_labs_time_boxes():
    boxes = []
    for lab in sorted((REPO_ROOT / "labs").iterdir()):
        notebook = lab / f"{lab.name}.ipynb"
        if notebook.is_file():
            boxes.append(nbfile.lab_meta(nbfile.read_notebook(notebook))["time_box_minutes"])
    hours, minutes = divmod(sum(boxes), 60)
    text = _text("docs/ORIENTATION.md")
    assert f"add up to {hours} hours {minutes} minutes" in text
    listed = ", ".join(str(b) for b in boxes[:-1]) + f" and {boxes[-1]} minutes"
    assert f"({listed})" in text


# ------------------------------------------------------------------ the benchmarks, run again

TOKEN_COST_PAGES = ["docs/BENCHMARKS.md", "checkpoints/04-search-read-lines/README.md",
                    "lectures/06-3-search-and-read-lines.md"]


@pytest.mark.slow
def test_token_cost_figures_are_what_the_benchmark_measures():
    from bench import token_cost

    whole, search = token_cost.compare()
    assert whole.edited and search.edited
    ratio = f"{whole.result_tokens / max(1, search.result_tokens):.1f}x"
    for page in TOKEN_COST_PAGES:
        text = _text(page)
        assert f"{whole.result_tokens:,}" in text and f"{search.result_tokens:,}" in text, page
        assert ratio in text, (page, ratio)
    assert f"{whole.result_tokens:,} vs {search.result_tokens:,} tokens: {ratio} fewer" in _text("docs/BENCHMARKS.md")


@pytest.mark.slow
def test_context_savings_figures_are_what_the_benchmark_measures():
    from bench import context_savings

    before, after = context_savings.compare()
    assert before.problems == [] and after.problems == []
    quoted = (f"{before.input_tokens:,} vs {after.input_tokens:,} tokens: 06 sends "
              f"{after.input_tokens / before.input_tokens:.1%} of 05's")
    assert quoted in _text("docs/BENCHMARKS.md")
    lecture = _text("lectures/07-1-context-engineering.md")
    assert f"**{before.input_tokens:,}** in all" in lecture and f"**{after.input_tokens:,}** in all" in lecture


@pytest.mark.slow
def test_whole_agent_figures_are_what_the_benchmark_measures():
    from bench import whole_agent

    plain, managed = whole_agent.compare()
    assert plain.problems == [] and managed.problems == []
    tokens = f"{managed.input_tokens / plain.input_tokens:.1%}"
    dollars = f"{managed.cost_usd / plain.cost_usd:.1%}"
    for page in ("checkpoints/08-anthropic-tools/README.md", "docs/BENCHMARKS.md"):
        assert f"sends {tokens} of the input tokens it sends with it off, for {dollars} of the dollars" in _text(page)


@pytest.mark.slow
def test_guardrail_asks_figures_are_what_the_benchmark_measures():
    from bench import guardrail_asks

    tallies = guardrail_asks.measure()
    if not all(tally.fenced for tally in tallies.values()):
        pytest.skip("no bubblewrap here: every command asks, and the quoted figures are a fenced shell's")
    for page in ("checkpoints/08-anthropic-tools/README.md", "docs/BENCHMARKS.md"):
        for mode, tally in tallies.items():  # "fenced, 0 of 27 shell commands asked"
            assert f"{mode}, {tally.asked} of {tally.commands} shell commands asked" in _text(page)


TOOL_SEARCH_PAGES = ["docs/BENCHMARKS.md", "checkpoints/10-mcp/README.md"]


def test_tool_search_figures_are_what_the_benchmark_prints(capsys):
    from bench import tool_search_tokens

    tool_search_tokens.main()
    printed = capsys.readouterr().out.strip().splitlines()
    assert [line.split(" tools:")[0] for line in printed] == ["10", "50", "200"]
    for page in TOOL_SEARCH_PAGES:
        text = _text(page)
        for line in printed:
            assert line in text, (page, line)
    without, with_search = printed[-1].split(": ", 1)[1].split(" input tokens")[0], printed[-1].split(", ")[1].split(" with")[0]
    assert f"{without} vs {with_search} input tokens per call with 200 tools" in _text("README.md")
    lecture = _text("lectures/07-5-tools-from-elsewhere.md")
    for line in printed:  # the lecture's table: tools offered | without | with
        count, rest = line.split(" tools: ")
        without, with_search = rest.split(" input tokens")[0], rest.split(", ")[1].split(" with")[0]
        assert f"| {count} | {without} | {with_search} |" in lecture, line
