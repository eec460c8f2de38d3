"""`agentcourse demo` (what `make demo` runs): checkpoint 01 on the prompt test matrix, offline.

One scripted session in a scratch copy of the sample project, against the in-process
tutor model: the three prompts of Lecture 5.3's matrix are typed one after another
into checkpoint 01's own `run_turn`. Then it shows what the session was made of: the
messages array in the lectures' notation, the tokens of every API call, and the
matrix's verdict on each turn.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anthropic
from rich.console import Console
from rich.table import Table
from rich.text import Text

from agentcourse import paths
from agentcourse.api.outcome import snapshot
from agentcourse.api.protocol import protocol_errors
from agentcourse.api.render import UsageRow, render_messages, render_usage_table, usage_row
from agentcourse.course import matrix
from agentcourse.course.clients import RecordingClient
from agentcourse.course.runner import OFFLINE_KEY
from agentcourse.errors import CourseError
from agentcourse.projects.sample import SCRATCH_KEEP, SCRATCH_ROOT, scratch_copy


@dataclass
class DemoConfig:
    """What the demo runs."""

    checkpoint: str = "01"  # whose run_turn drives the session
    rows: tuple[matrix.Row, ...] = matrix.ROWS  # the prompts typed, in order
    width: int = 110  # widest the messages view gets (narrower on a narrow terminal)


@dataclass
class Turn:
    """What one typed prompt led to."""

    row: matrix.Row  # the matrix row whose prompt was typed
    reply: str  # what run_turn returned
    verdict: str | None  # None = the row's judge passed it, else why not
    protocol: list[str]  # protocol_errors after the turn ([] = sound)
    calls: list[Any]  # the SDK responses of this turn's API calls


def run_session(
    agent: Any, client: Any, root: Path, config: DemoConfig, console: Console
) -> tuple[list[Any], list[Turn]]:
    """Type each prompt into agent.run_turn in `root`; the messages list and each turn."""
    recorder = RecordingClient(client)
    responses = recorder.responses
    messages: list[Any] = []
    turns = []
    home = os.getcwd()
    os.chdir(root)  # checkpoint tools work on the current directory, as they would for a learner
    try:
        for n, row in enumerate(config.rows, 1):
            console.rule(f"Turn {n}: {row.checks}", style="dim")
            console.print(Text(f"You: {row.prompt}", style="bold"))
            before, start, first = snapshot(root), len(messages), len(responses)
            messages.append({"role": "user", "content": row.prompt})
            reply = agent.run_turn(recorder, messages)
            verdict = matrix.judge_turn(row, messages, start, before, snapshot(root))
            turns.append(Turn(row, reply, verdict, protocol_errors(messages), responses[first:]))
    finally:
        os.chdir(home)
    return messages, turns


def verdict_table(turns: list[Turn]) -> Table:
    """One line per matrix row: pass or the judge's reason, and the protocol check."""
    table = Table(title="Prompt test matrix (Lecture 5.3)", title_justify="left")
    table.add_column("row")
    table.add_column("what it checks")
    table.add_column("API calls", justify="right")
    table.add_column("verdict")
    for t in turns:
        problems = [t.verdict] if t.verdict else []
        problems += [f"protocol: {p}" for p in t.protocol]
        verdict = (
            Text("PASS", style="green")
            if not problems
            else Text("FAIL: " + "; ".join(problems), style="red")
        )
        table.add_row(t.row.name, t.row.checks, str(len(t.calls)), verdict)
    return table


def usage_rows(turns: list[Turn]) -> list[UsageRow]:
    """One token-table row per API call of the session, numbered by turn and call."""
    rows = []
    for n, turn in enumerate(turns, 1):
        for k, response in enumerate(turn.calls, 1):
            rows.append(usage_row(f"turn {n}, call {k} -> {response.stop_reason}", response.usage))
    return rows


def run_demo(config: DemoConfig, console: Console) -> int:
    """The whole demo; 0 when every matrix row passes and the protocol holds, else 1."""
    from agentcourse.tutor import serve

    agent = paths.load_checkpoint(config.checkpoint)
    root = scratch_copy()  # the same kept-newest-few folder as `agentcourse run`
    console.print(
        f"[bold]Checkpoint {config.checkpoint}[/bold] on the prompt test matrix, offline "
        "against the tutor model (a local simulator of the Messages API)."
    )
    kept = f"the {SCRATCH_KEEP} newest are kept" if root.parent == SCRATCH_ROOT else "delete it when done"
    console.print(f"Scratch project: {root} ({kept})\n")
    with serve() as base_url:
        client = anthropic.Anthropic(base_url=base_url, api_key=OFFLINE_KEY, max_retries=0)
        try:
            messages, turns = run_session(agent, client, root, config, console)
        except anthropic.APIError as err:
            raise CourseError(f"demo stopped: an API call failed: {err}") from err

    width = min(config.width, console.width)
    console.rule("The messages array", style="dim")
    console.print(Text(render_messages(messages, width=width)), soft_wrap=True)
    console.print()
    console.print(render_usage_table(usage_rows(turns)))
    console.print("Every call sends the whole array again, so input tokens grow with each step.\n")
    console.print(verdict_table(turns))
    console.print("\nThe same session against Claude (then type the three prompts above):")
    console.print("  export ANTHROPIC_API_KEY=sk-ant-...")
    console.print(f"  agentcourse run {config.checkpoint}")
    failed = [t for t in turns if t.verdict or t.protocol]
    return 1 if failed else 0


def cli_demo(args: argparse.Namespace) -> int:
    """Entry point of `agentcourse demo`."""
    return run_demo(DemoConfig(), Console(highlight=False))
