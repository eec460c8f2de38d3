"""How many tool-result tokens does one small edit put into the context: read_file vs search?

The same tutor model, the same task, the same generated 500-line config_loader.py:

    "In config_loader.py, change the default timeout of parse_config from 30 to 60."

    checkpoint 03  read_file(filename) returns the whole module
    checkpoint 04  search_file(pattern, path) + read_lines(path, start, end) return a few lines

Both runs must make the edit (timeout=60 in the file afterwards), or the comparison is
void. Tool-result tokens are the course's one measure (agentcourse.course.clients.result_tokens,
also used by notebooks/tool-design-cost.ipynb and quoted by Lectures 5.3 and 6.3): the
text of every tool result, each counted with the count_tokens endpoint. Offline that is
the tutor's estimate (about four characters per token), not Claude's tokenizer.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import anthropic

from agentcourse.api.protocol import to_plain
from agentcourse.course.clients import RecordingClient, result_tokens
from agentcourse.paths import load_checkpoint
from agentcourse.projects.sample import copy_sample_project, write_config_module
from agentcourse.tutor import serve
from bench import traces_off

TASK = "In config_loader.py, change the default timeout of parse_config from 30 to 60."
TARGET_RATIO = 15.0


@dataclass
class Run:
    """What one checkpoint's turn put into the context."""

    checkpoint: str  # "03" or "04"
    calls: list[str]  # tool names in call order
    result_tokens: int  # tokens of the text of every tool result of the turn
    input_tokens: int  # usage.input_tokens summed over the turn's API calls
    edited: bool  # did the file end up with timeout=60?


def measure(checkpoint: str, base_url: str, workdir: Path) -> Run:
    """Run TASK once with `checkpoint` in a fresh project under `workdir`."""
    project = copy_sample_project(workdir / f"project-{checkpoint}")
    path = write_config_module(project)
    agent = load_checkpoint(checkpoint)
    client = RecordingClient(anthropic.Anthropic(base_url=base_url, api_key="tutor-offline"))
    messages = [{"role": "user", "content": TASK}]
    here = os.getcwd()
    os.chdir(project)  # the checkpoints' project root is the working directory
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run_turn(client, messages)
    finally:
        os.chdir(here)
    calls = [b["name"] for m in to_plain(messages) if m["role"] == "assistant"
             for b in m["content"] if b.get("type") == "tool_use"]
    edited = "timeout=60" in path.read_text(encoding="utf-8")
    input_tokens = sum(usage.input_tokens for usage in client.usages)
    tokens = result_tokens(client.inner, agent.MODEL, messages)
    return Run(checkpoint, calls, tokens, input_tokens, edited)


def compare() -> tuple[Run, Run]:
    """Both runs, side by side against one tutor."""
    with traces_off():
        with serve() as url, tempfile.TemporaryDirectory(prefix="bench-token-") as tmp:
            return measure("03", url, Path(tmp)), measure("04", url, Path(tmp))


def main() -> float:
    whole, search = compare()
    for run in (whole, search):
        status = "edit made" if run.edited else "EDIT NOT MADE"
        print(
            f"checkpoint {run.checkpoint}: {run.result_tokens:>5,} tool-result tokens, "
            f"{run.input_tokens:>6,} input tokens over the turn  "
            f"({' -> '.join(run.calls)}; {status})"
        )
    if not (whole.edited and search.edited):
        raise RuntimeError("a run did not make the edit; the token comparison is void")
    ratio = whole.result_tokens / max(1, search.result_tokens)
    verdict = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(
        f"tool-result tokens, read_file / search_file+read_lines: {ratio:.1f}x fewer "
        f"({verdict} the {TARGET_RATIO:.0f}x target)"
    )
    return ratio


if __name__ == "__main__":
    main()
