"""The messages array in the lectures' notation, and per-call token tables.

    [0] role: user       "Create hello.py with a hello world function."
    [1] role: assistant  [tool_use: edit_file(path="hello.py", old_str="", new_str="def hello():\\n…")]
    [2] role: user       [tool_result id=toolu_tutor_5f0c…: "Created hello.py"]
    [3] role: assistant  [text: "Created hello.py with a hello() function."]

Works on plain dicts and on the SDK's block objects (what a loop appends from
`response.content`). Long strings are shortened with an ellipsis; newlines and
quotes are shown escaped, so every block stays on one line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.table import Table

from agentcourse.api.protocol import to_plain

ELLIPSIS = "…"
MIN_STR = 20  # strings are never cut below this (paths stay whole), even if a line overflows
ROLE_WIDTH = len("assistant")  # pads the role column so the blocks line up


def _escape(text: str) -> list[str]:
    """Each character of `text` as it appears inside double quotes (one token per char)."""
    special = {"\n": "\\n", "\t": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
    return [special.get(ch, ch) for ch in text]


def quote(text: str, limit: int) -> str:
    """`text` in double quotes, escaped, cut to about `limit` characters with an ellipsis."""
    tokens = _escape(text)
    out, used = [], 0
    for token in tokens:
        if used + len(token) > limit:  # never cut an escape like \n in half
            return '"' + "".join(out) + ELLIPSIS + '"'
        out.append(token)
        used += len(token)
    return '"' + "".join(out) + '"'


def _value(value: Any, limit: int) -> str:
    if isinstance(value, str):
        return quote(value, limit)
    return repr(value)


def _result_text(content: Any) -> str:
    """A tool_result's content (a string or a list of blocks) as one string."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text", f"[{b.get('type')}]") for b in content if isinstance(b, dict)]
        return "".join(parts)
    return "" if content is None else str(content)


def render_block(block: Mapping[str, Any], limit: int) -> str:
    """One content block as a bracketed one-liner."""
    kind = block.get("type")
    if kind == "text":
        return f"[text: {quote(block.get('text', ''), limit)}]"
    if kind == "tool_use":
        args = ", ".join(f"{k}={_value(v, limit)}" for k, v in (block.get("input") or {}).items())
        return f"[tool_use: {block.get('name')}({args})]"
    if kind == "tool_result":
        flag = " (error)" if block.get("is_error") else ""
        text = quote(_result_text(block.get("content")), limit)
        return f"[tool_result id={block.get('tool_use_id')}{flag}: {text}]"
    return f"[{kind}]"  # thinking, images, server tools: named, not shown


def _fit(render: Callable[[int], str], width: int, max_str: int) -> str:
    """Render with the longest string limit (down to MIN_STR) that keeps the line in `width`."""
    limit = max_str
    line = render(limit)
    while len(line) > width and limit > MIN_STR:
        limit = max(MIN_STR, limit - 4)
        line = render(limit)
    return line


def render_messages(messages: Iterable[Any], width: int = 100, max_str: int = 60) -> str:
    """The messages list, one line per block, in the lectures' [i] role: ... notation.

    `width` is the line width aimed at; `max_str` caps every string before that."""
    plain = to_plain(list(messages))
    digits = len(str(max(len(plain) - 1, 0)))  # [9] and [10] line up
    lines = []
    for i, message in enumerate(plain):
        head = f"{f'[{i}]':<{digits + 2}} role: {message.get('role', '?'):<{ROLE_WIDTH}}  "
        indent = " " * len(head)
        room = width - len(head)
        content = message.get("content")
        if isinstance(content, str):  # a typed user message is shown bare, as in the lectures
            lines.append(head + _fit(lambda n, c=content: quote(c, n), room, max_str))
            continue
        blocks = [b for b in content or [] if isinstance(b, dict)]
        if not blocks:
            lines.append(head + "[]")
        for j, block in enumerate(blocks):
            comma = "," if j < len(blocks) - 1 else ""
            text = _fit(lambda n, b=block: render_block(b, n), room - len(comma), max_str)
            lines.append((head if j == 0 else indent) + text + comma)
    return "\n".join(lines)


@dataclass
class UsageRow:
    """Token counts of one API call, as the usage table shows them."""

    label: str  # what the call was for, e.g. "turn 1, call 2"
    input_tokens: int  # tokens sent (system prompt + tools + messages)
    output_tokens: int  # tokens the model generated
    cache_read: int = 0  # input tokens served from the prompt cache
    cache_write: int = 0  # input tokens written to the prompt cache


def usage_row(label: str, usage: Any) -> UsageRow:
    """A UsageRow from an SDK `response.usage` object or a plain dict."""
    get = usage.get if isinstance(usage, Mapping) else lambda k: getattr(usage, k, None)
    return UsageRow(
        label,
        int(get("input_tokens") or 0),
        int(get("output_tokens") or 0),
        int(get("cache_read_input_tokens") or 0),
        int(get("cache_creation_input_tokens") or 0),
    )


def render_usage_table(rows: Iterable[UsageRow], title: str = "Tokens per API call") -> Table:
    """A rich Table: one line per API call and a total. Cache columns appear only if used."""
    rows = list(rows)
    cached = any(r.cache_read or r.cache_write for r in rows)
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("call")
    table.add_column("input", justify="right")
    table.add_column("output", justify="right")
    if cached:
        table.add_column("cache read", justify="right")
        table.add_column("cache write", justify="right")
    for n, r in enumerate(rows, 1):
        extra = [str(r.cache_read), str(r.cache_write)] if cached else []
        table.add_row(str(n), r.label, str(r.input_tokens), str(r.output_tokens), *extra)
    totals = [sum(r.input_tokens for r in rows), sum(r.output_tokens for r in rows)]
    extra = [str(sum(r.cache_read for r in rows)), str(sum(r.cache_write for r in rows))]
    table.add_section()
    table.add_row("", "total", *(str(t) for t in totals), *(extra if cached else []))
    return table
