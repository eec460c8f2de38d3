"""What one user turn did (an Outcome), gathered from the messages list and the project folder.

Every judge in the course reads an Outcome: the prompt matrix's rows
(agentcourse/course/matrix.py), the arena's families and the tests. Take a snapshot of
the project before and after the turn, then build the Outcome from the messages:

    before = snapshot(root)
    ...run the turn...
    done = outcome(messages, start, before, snapshot(root))

The helpers work on plain dicts and on the SDK's block objects alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentcourse.api.protocol import to_plain


@dataclass
class Outcome:
    """What one user turn did, gathered from the messages list and the project folder."""

    calls: list[tuple[str, dict]] = field(default_factory=list)  # (tool name, input) in order
    reply: str = ""  # the text of the final assistant message
    before: dict[str, str] = field(default_factory=dict)  # file name -> text, before the turn
    after: dict[str, str] = field(default_factory=dict)  # file name -> text, after the turn
    results: list[str] = field(default_factory=list)  # each call's tool_result text ("" if none)


def snapshot(root: Path) -> dict[str, str]:
    """Text of every regular file directly under `root` (the sample project is flat)."""
    out = {}
    for p in sorted(Path(root).iterdir()):
        if p.is_file():
            try:
                out[p.name] = p.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                out[p.name] = "<unreadable>"
    return out


def tool_calls(messages: Iterable[Any], start: int = 0) -> list[tuple[str, dict]]:
    """Every tool_use (name, input) in assistant messages from index `start` on.

    Works on dict blocks and on the SDK's block objects alike."""
    calls = []
    for msg in to_plain(list(messages)[start:]):
        if msg.get("role") == "assistant" and isinstance(msg.get("content"), list):
            calls += [
                (b["name"], dict(b.get("input") or {}))
                for b in msg["content"]
                if b.get("type") == "tool_use"
            ]
    return calls


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
    return ""


def tool_results(messages: Iterable[Any], start: int = 0) -> list[str]:
    """The result text of every tool_use from index `start` on, in the order of
    tool_calls ("" for a call that got no result)."""
    plain = to_plain(list(messages)[start:])
    ids = [
        b.get("id")
        for m in plain
        if m.get("role") == "assistant" and isinstance(m.get("content"), list)
        for b in m["content"]
        if b.get("type") == "tool_use"
    ]
    results = {
        b.get("tool_use_id"): _text(b.get("content"))
        for m in plain
        if m.get("role") == "user" and isinstance(m.get("content"), list)
        for b in m["content"]
        if isinstance(b, dict) and b.get("type") == "tool_result"
    }
    return [results.get(i, "") for i in ids]


def final_text(messages: list[Any]) -> str:
    """The text of the last assistant message."""
    for msg in reversed(to_plain(messages)):
        if msg.get("role") == "assistant":
            content = msg.get("content") or []
            if isinstance(content, str):
                return content
            return "".join(b.get("text", "") for b in content if b.get("type") == "text")
    return ""


def outcome(messages: list[Any], start: int, before: dict, after: dict) -> Outcome:
    """The Outcome of the turn whose messages begin at index `start` (the user prompt)."""
    return Outcome(
        tool_calls(messages, start),
        final_text(messages[start:]),
        before,
        after,
        tool_results(messages, start),
    )
