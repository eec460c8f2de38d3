"""The measurement notebooks run offline, write their figures, and measure what the
lectures quote. Outputs are not committed (notebooks/README.md says why); the figures
and the numbers behind them are, and these tests keep them current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentcourse.paths import REPO_ROOT

NOTEBOOKS = REPO_ROOT / "notebooks"
FIGURES = NOTEBOOKS / "figures"
NAMES = ["context-growth", "tool-design-cost", "context-engineering", "thinking-effort"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
EXTRA_FIGURES = {"context-engineering": ("context-cache.png",)}  # figures beyond NAME.png


def _committed(name: str) -> dict:
    return json.loads((FIGURES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebook_is_stripped_and_its_figure_is_committed(name: str):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert not cell["outputs"] and cell["execution_count"] is None, "clear outputs first"
    assert (FIGURES / f"{name}.png").read_bytes().startswith(PNG_MAGIC)
    for extra in EXTRA_FIGURES.get(name, ()):
        assert (FIGURES / extra).read_bytes().startswith(PNG_MAGIC)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_offline_and_reproduces_its_numbers(name: str, tmp_path: Path, monkeypatch):
    import nbformat  # imported here: it is slow to import, and only this test needs it
    from nbclient import NotebookClient

    monkeypatch.setenv("AGENTCOURSE_FIGURES_DIR", str(tmp_path))
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    NotebookClient(  # per cell: context-engineering's runs take a few seconds each on 2 cores
        nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    ).execute()
    png = tmp_path / f"{name}.png"
    assert png.read_bytes().startswith(PNG_MAGIC) and png.stat().st_size > 20_000
    for extra in EXTRA_FIGURES.get(name, ()):
        assert (tmp_path / extra).read_bytes().startswith(PNG_MAGIC)
    produced = json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))
    assert produced == _committed(name), "re-run the notebook to refresh notebooks/figures/"


def test_lecture_6_3_quotes_the_measured_tool_costs():
    numbers = _committed("tool-design-cost")
    text = (REPO_ROOT / "lectures" / "06-3-search-and-read-lines.md").read_text(encoding="utf-8")
    assert f"{numbers['03/benchmark']['result_tokens']:,}" in text
    assert f"{numbers['04/benchmark']['result_tokens']:,}" in text
    assert f"{numbers['benchmark_ratio']}x" in text
    flat = " ".join(text.split())
    docstring, multiply = (numbers["small_task_extra_input_percent"][t] for t in ("docstring", "multiply"))
    assert f"**{docstring}%** more input tokens in all on the docstring task" in flat
    assert f"**{multiply}%** more on the multiply task" in flat


TOKEN_CLAIMS = [  # every place that quotes read_file against search_file + read_lines
    "lectures/05-3-system-prompt-and-first-agent.md",
    "lectures/06-3-search-and-read-lines.md",
    "docs/BENCHMARKS.md",
    "checkpoints/04-search-read-lines/README.md",
]


@pytest.mark.parametrize("path", TOKEN_CLAIMS)
def test_one_set_of_tool_cost_numbers_everywhere(path: str):
    """The same measured pair everywhere, never credited to Claude's tokenizer."""
    numbers = _committed("tool-design-cost")
    old, new = numbers["03/benchmark"]["result_tokens"], numbers["04/benchmark"]["result_tokens"]
    text = " ".join((REPO_ROOT / path).read_text(encoding="utf-8").split())
    assert f"{old:,}" in text and f"{new:,}" in text
    assert "not Claude's tokenizer" in text  # says how the numbers were counted
    for stale in ("4,386", "153 tokens", "28.7x", "with Claude's tokenizer", "(Claude's tokenizer)"):
        assert stale not in text, f"{path} still quotes {stale!r}"


def test_lecture_6_4_quotes_the_measured_context_growth():
    numbers = _committed("context-growth")
    text = (REPO_ROOT / "lectures" / "06-4-instrumentation.md").read_text(encoding="utf-8")
    assert f"{numbers['total_input_tokens']:,}" in text
    assert f"{numbers['fixed_tokens']:,}" in text
    assert f"about {numbers['growth_per_call']} tokens per call" in " ".join(text.split())
    assert "5,820,000" in text


def test_lecture_6_4_quotes_the_measured_dollars_and_the_price_date():
    numbers = _committed("context-growth")
    text = " ".join((REPO_ROOT / "lectures" / "06-4-instrumentation.md").read_text().split())
    assert f"**${numbers['dollars_no_caching']:.4f}** without caching" in text
    assert f"**${numbers['dollars_with_caching']:.4f}** with it" in text
    assert f"**${numbers['model_dollars_no_caching']:.2f}** of input without caching" in text
    assert f"**${numbers['model_dollars_with_caching']:.2f}** with it" in text
    assert numbers["dollars_with_caching"] < numbers["dollars_no_caching"]
    assert f"checked on {numbers['prices_checked']}" in text


def test_context_growth_prices_cite_the_pricing_page_and_its_date():
    """The notebook's price table names its source and when it was checked."""
    nb = json.loads((NOTEBOOKS / "context-growth.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "https://platform.claude.com/docs/en/about-claude/pricing" in code
    assert f'PRICES_CHECKED = "{_committed("context-growth")["prices_checked"]}"' in code
    assert "CACHE_WRITE_5M, CACHE_WRITE_1H, CACHE_READ = 1.25, 2.00, 0.05" in code


def test_lectures_7_quote_the_measured_context_numbers():
    numbers = _committed("context-engineering")
    first = (REPO_ROOT / "lectures" / "07-1-context-engineering.md").read_text(encoding="utf-8")
    for key in ("max_call_05", "max_call_06"):
        assert f"{numbers[key]:,}" in first
    for run in ("05", "06"):
        assert f"{numbers[run]['input_tokens']:,}" in first
    assert f"{numbers['share_06_of_05']:.1%}" in first
    second = (REPO_ROOT / "lectures" / "07-2-prompt-assembly.md").read_text(encoding="utf-8")
    for run in ("05_cached", "06_cached", "06_cached_batches", "07", "07_no_breakpoints"):
        row = numbers[run]
        assert f"{row['input_tokens']:,} | {row['hit_rate']:.0%} | ${row['cost_usd']:.2f} |" in second, run
    assert f"{numbers['07_session']['hit_rate']:.0%} for a" in " ".join(second.split())
    benchmarks = (REPO_ROOT / "docs" / "BENCHMARKS.md").read_text(encoding="utf-8")  # bench/context_savings.py's run
    assert f"{numbers['05']['input_tokens']:,} vs {numbers['06']['input_tokens']:,} tokens" in benchmarks


def test_lecture_6_4_quotes_the_measured_effort_levels():
    """The section on thinking and effort quotes what thinking-effort.ipynb measured."""
    numbers = _committed("thinking-effort")
    text = " ".join((REPO_ROOT / "lectures" / "06-4-instrumentation.md").read_text(encoding="utf-8").split())
    levels = numbers["levels"]
    for level in ("low", "high", "max"):
        assert f"**{levels[level]['output_tokens']:,}** at `{level}`" in text, level
    assert f"{numbers['max_over_low_output']} times `low`'s" in text
    assert f"**${levels['low']['cost_usd']:.4f}** at `low`" in text and f"**${levels['max']['cost_usd']:.4f}** at `max`" in text
    assert f"The {numbers['calls']} calls spend" in text
    assert numbers["omitted_output_tokens"] == levels["high"]["output_tokens"]
    assert f"`\"omitted\"` spends the same **{numbers['omitted_output_tokens']:,}**" in text
