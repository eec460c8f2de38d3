"""Reading what Lab 4's tools returned: a file's line count, the numbers in a text, whether a
text shows a line (cut lines allowed), and a text shortened for a message.
"""

from __future__ import annotations

import re

from agentcourse.course.scaffold.lab04.checkpoint import LINE_MAX_CHARS, MARKER_SLACK

# ----------------------------------------------------------------------------- what a line is


def line_count(data: bytes) -> int:
    """How many lines a file's bytes hold, a lone \\r ending one: the size the generators
    draw windows around (the lines themselves are the references', judged/lab04.py)."""
    ends = len(re.findall(rb"\r\n|\r|\n", data))
    return ends + (not data.endswith((b"\n", b"\r")) and data != b"")


def numbers_in(text: str) -> set[int]:
    """The whole numbers a text mentions ("1,370" is one number)."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+", text)}


def shows(got: str, prefix: str, text: str) -> bool:
    """`got` is `prefix` and then the line `text` as a tool shows it: whole, or cut to
    LINE_MAX_CHARS characters (a short marker may follow the cut)."""
    if not got.startswith(prefix):
        return False
    rest = got[len(prefix):]
    if len(text) <= LINE_MAX_CHARS:
        return rest == text
    return rest.startswith(text[:LINE_MAX_CHARS]) and len(rest) <= LINE_MAX_CHARS + MARKER_SLACK


def short(text: str, limit: int = 160) -> str:
    """A result's text for a message: its repr, shortened in the middle."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit // 2] + " ... " + shown[-limit // 2:]
