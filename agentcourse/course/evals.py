"""`agentcourse eval prompt-matrix`: the prompt test matrix, K trials per row, as pass rates.

A real model passes a row most of the time, not every time; one run proves little.
This runs checkpoint 01's loop on every row K times, each trial in a fresh copy of the
sample project, against Claude when ANTHROPIC_API_KEY is set or the offline tutor model
with --offline (which is deterministic: 0% or 100%). The prompt and schemas are
checkpoint 01's, or yours: `--notebook work/lab01/lab01.ipynb` takes SYSTEM_PROMPT and
TOOLS from your lab 1 notebook, `--prompt FILE` takes the system prompt from a text file.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from agentcourse.course import nbfile, nbtools
from agentcourse.course.matrix import ROWS, Row
from agentcourse.errors import UsageError


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


def prompt_from_notebook(path: Path) -> tuple[str, list]:
    """SYSTEM_PROMPT and TOOLS as a lab 1 notebook defines them: its setup cell and its two
    answer cells (grade ids `system_prompt` and `tools`) are run in a fresh namespace."""
    try:
        nb = nbfile.read_notebook(path)
    except Exception as err:  # missing file, not JSON, not a notebook
        raise UsageError(f"{path}: cannot read the notebook ({type(err).__name__}: {err})") from None
    wanted = ("setup", "system_prompt", "tools")
    cells = {nbfile.grade_id(c): c.source for c in nb.cells if nbfile.grade_id(c) in wanted}
    if set(cells) != set(wanted):
        raise UsageError(f"{path} is not a lab 1 notebook (no system_prompt / tools answer cells)")
    namespace: dict = {"__name__": "__lab01__"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for name in wanted:
                exec(compile(cells[name], f"<{path.name}: {name}>", "exec"), namespace)
    except Exception as err:
        raise UsageError(f"{path}: the {name} cell raised {type(err).__name__}: {err}") from None
    finally:
        stack = namespace.get("STACK")
        if isinstance(stack, contextlib.ExitStack):
            stack.close()  # the setup cell's tutor
    prompt, tools = namespace.get("SYSTEM_PROMPT"), namespace.get("TOOLS")
    if not isinstance(prompt, str) or not isinstance(tools, list):
        raise UsageError(f"{path}: SYSTEM_PROMPT must be a string and TOOLS a list")
    return prompt, tools


def chosen_prompt(args: argparse.Namespace) -> tuple[str, list, str]:
    """(system prompt, tools, where they came from) for the command's options."""
    agent = nbtools.reference_agent()
    if getattr(args, "notebook", None):
        prompt, tools = prompt_from_notebook(Path(args.notebook))
        return prompt, tools, args.notebook
    if getattr(args, "prompt", None):
        try:
            text = Path(args.prompt).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"{args.prompt}: cannot read the prompt ({err})") from None
        return text, agent.TOOLS, f"{args.prompt} with checkpoint 01's tools"
    return agent.SYSTEM_PROMPT, agent.TOOLS, "checkpoint 01's prompt and tools"


def run_matrix(client: Any, trials: int, system_prompt: str | None = None,
               tools: list | None = None, advance: Callable[[], Any] | None = None) -> list[RowResult]:
    """Every row `trials` times, with the given prompt and schemas (default: checkpoint 01's);
    `advance()`, if given, is called after each trial (a progress bar)."""
    agent = nbtools.reference_agent()
    system_prompt = agent.SYSTEM_PROMPT if system_prompt is None else system_prompt
    tools = agent.TOOLS if tools is None else tools
    results = []
    for row in ROWS:
        result = RowResult(row)
        for _ in range(trials):
            reason = nbtools.run_matrix_row(row, system_prompt, tools, client)
            if reason is None:
                result.passes += 1
            else:
                result.failures.append(reason)
            if advance:
                advance()
        results.append(result)
    return results


def matrix_table(results: list[RowResult], title: str) -> Table:
    """Pass rates per row, with one failure's reason each, as a rich table."""
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
    """`agentcourse eval prompt-matrix`: every row run `--trials` times; the pass rates."""
    import anthropic

    console = Console()
    config = EvalConfig(trials=max(1, args.trials), offline=args.offline)
    if not config.offline and not os.environ.get("ANTHROPIC_API_KEY"):
        # Like the live tests, which skip without a key: explain, run nothing, exit 0.
        console.print(NO_KEY_HELP)
        return 0
    prompt, tools, source = chosen_prompt(args)
    console.print(f"Prompt and tools: {source}")
    turns = len(ROWS) * config.trials
    with Progress(*Progress.get_default_columns(), console=console, transient=True) as bar:
        if config.offline:
            from agentcourse.tutor import serve

            task = bar.add_task(f"{turns} turns against the tutor model", total=turns)
            with serve() as url:
                client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0,
                                             timeout=30)
                results = run_matrix(client, config.trials, prompt, tools,
                                     lambda: bar.advance(task))
            title = f"Prompt matrix against the tutor model, {config.trials} trial(s) per row"
        else:
            if os.environ.get("ANTHROPIC_BASE_URL"):  # a leftover tutor URL would silently win
                console.print(f"note: ANTHROPIC_BASE_URL is set, so requests go to "
                              f"{os.environ['ANTHROPIC_BASE_URL']}")
            client = anthropic.Anthropic(max_retries=2, timeout=120)
            task = bar.add_task(f"{turns} turns against Claude", total=turns)
            results = run_matrix(client, config.trials, prompt, tools, lambda: bar.advance(task))
            title = (f"Prompt matrix against {nbtools.reference_agent().MODEL}, "
                     f"{config.trials} trial(s) per row")
    console.print(matrix_table(results, title))
    return 0
