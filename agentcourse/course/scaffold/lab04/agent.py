"""Lab 4's task run through checkpoint 03's loop with the student's tools and prompt, and
what the run's messages show (the tool results, that it read before it edited).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agentcourse.api.protocol import to_plain
from agentcourse.course.scaffold.lab04.checkpoint import PLAIN_TOOLS

# ----------------------------------------------------------------------------- the agent


def tool_results(messages: list) -> list[str]:
    """Every tool_result's text, in order."""
    return [str(block.get("content")) for m in to_plain(messages) if m["role"] == "user"
            and isinstance(m["content"], list) for block in m["content"]
            if block.get("type") == "tool_result"]


def sent_results(request: dict) -> list[str]:
    """The text of every tool_result a request sent, in order."""
    out = []
    for message in request.get("messages", []):
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                inner = block.get("content")
                out.append(inner if isinstance(inner, str) else
                           "".join(b.get("text", "") for b in inner or [] if isinstance(b, dict)))
    return out


def assert_reads_before_editing(messages: list) -> None:
    """The agent's first edit_file comes after a search_file or read_lines call."""
    from agentcourse.api.outcome import tool_calls

    names = [name for name, _ in tool_calls(messages)]
    assert "edit_file" in names, f"the agent never edited: {names}"
    first_edit = names.index("edit_file")
    assert {"read_lines", "search_file"} & set(names[:first_edit]), f"edit_file came before any read: {names}"


@dataclass
class TaskRun:
    """One request run through the loop: the history, the project's files after it, and the
    requests the tutor received (as sent)."""

    messages: list
    files: dict[str, str]
    sent: list[dict]


def run_task(prompt: str, client: Any, tools: dict[str, Callable[..., str]], system: str,
             sent: list[dict], config_lines: int = 500, calls: int = 10) -> TaskRun:
    """Run `prompt` through checkpoint 03's loop with `tools` (search_file and read_lines),
    the system prompt `system` and PLAIN_TOOLS, in a scratch copy of the sample project with
    a config_loader.py of `config_lines` lines. `sent` is the tutor's ledger (a list of its
    records); the run's own records are returned."""
    from agentcourse.course import nbtools
    from agentcourse.paths import load_checkpoint
    from agentcourse.projects.sample import write_config_module

    agent = load_checkpoint("03")
    agent.MODEL = nbtools.LAB_MODEL  # the lab's model, not the checkpoint's default (nbtools says why)
    agent.TOOL_FUNCTIONS = {"list_files": agent.tools.list_files, **tools, "edit_file": agent.tools.edit_file}
    agent.SYSTEM_PROMPT = system
    agent.TOOLS = PLAIN_TOOLS
    first = len(sent)
    with nbtools.project() as root:
        write_config_module(root, lines=config_lines)
        messages = [{"role": "user", "content": prompt}]
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run_turn(nbtools.limited(client, calls), messages)
        files = {p.name: p.read_text() for p in root.iterdir() if p.is_file()}
    return TaskRun(messages, files, [record["request"] for record in sent[first:] if record.get("request")])
