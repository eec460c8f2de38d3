"""`agentcourse eval prompt-matrix`: the prompt test matrix, K trials per row, as pass rates.

A real model passes a row most of the time, not every time; one run proves little.
This runs checkpoint 01's prompt, tools and loop on every row K times, each trial in a
fresh copy of the sample project, against Claude when ANTHROPIC_API_KEY is set or the
offline tutor model with --offline (which is deterministic: 0% or 100%).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from agentcourse import nbtools
from agentcourse.matrix import ROWS, Row


@dataclass
class EvalConfig:
    """One run of the matrix."""

    trials: int = 3  # trials per row
    offline: bool = False  # use the tutor model instead of Claude


@dataclass
class RowResult:
    """How one row fared over its trials."""

    row: Row
    passes: int = 0
    failures: list[str] = field(default_factory=list)  # the judge's reasons, one per failed trial

    @property
    def trials(self) -> int:
        return self.passes + len(self.failures)

    @property
    def rate(self) -> float:
        return self.passes / self.trials if self.trials else 0.0


def run_matrix(client, trials: int) -> list[RowResult]:
    """Every row `trials` times with checkpoint 01's prompt and tools."""
    agent = nbtools.reference_agent()
    results = []
    for row in ROWS:
        result = RowResult(row)
        for _ in range(trials):
            reason = nbtools.run_matrix_row(row, agent.SYSTEM_PROMPT, agent.TOOLS, client)
            if reason is None:
                result.passes += 1
            else:
                result.failures.append(reason)
        results.append(result)
    return results


def matrix_table(results: list[RowResult], title: str) -> Table:
    table = Table(title=title)
    for column in ("row", "prompt", "passed", "rate", "a failure"):
        table.add_column(column)
    for r in results:
        colour = "green" if r.rate == 1 else "yellow" if r.rate >= 0.5 else "red"
        table.add_row(r.row.name, r.row.prompt, f"{r.passes}/{r.trials}",
                      f"[{colour}]{r.rate:.0%}[/]", r.failures[0] if r.failures else "")
    return table


NO_KEY_HELP = """\
No ANTHROPIC_API_KEY is set, so there is no Claude to evaluate.
  - Get a key at https://console.anthropic.com/ (Settings > API keys), then
      export ANTHROPIC_API_KEY=sk-ant-...
  - Or run the same matrix against the offline tutor model (no key, no network):
      agentcourse eval prompt-matrix --offline"""


def cli_prompt_matrix(args: argparse.Namespace) -> int:
    import anthropic

    console = Console()
    config = EvalConfig(trials=max(1, args.trials), offline=args.offline)
    if not config.offline and not os.environ.get("ANTHROPIC_API_KEY"):
        # Like the live tests, which skip without a key: explain, run nothing, exit 0.
        console.print(NO_KEY_HELP)
        return 0
    if config.offline:
        from agentcourse.tutor import serve

        with serve() as url:
            client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0, timeout=30)
            results = run_matrix(client, config.trials)
        title = f"Prompt matrix against the tutor model, {config.trials} trial(s) per row"
    else:
        client = anthropic.Anthropic(max_retries=2, timeout=120)
        console.print(f"Running {len(ROWS) * config.trials} turns against Claude ...")
        results = run_matrix(client, config.trials)
        title = f"Prompt matrix against {nbtools.reference_agent().MODEL}, {config.trials} trial(s) per row"
    console.print(matrix_table(results, title))
    return 0
