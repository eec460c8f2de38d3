"""How Lab 6's checks show an instance and read a message: a string as Python with runs
written as multiplications (`short`, `brief`), a conversation on one line (`show`), the
whole numbers in a text, and a message's words.
"""

from __future__ import annotations

import re
from typing import Any

from agentcourse.api.protocol import to_plain


# ----------------------------------------------------------------------------- showing an instance
def short(text: str) -> str:
    """A string as Python, runs of one character written as multiplications: '1: ' + 'x' * 60."""
    parts = [m.group(0) for m in re.finditer(r"(.)\1*", text, re.S)]
    out, plain = [], ""
    for part in parts:
        if len(part) >= 8:
            if plain:
                out.append(repr(plain))
                plain = ""
            out.append(f"{part[0]!r} * {len(part)}")
        else:
            plain += part
    if plain or not out:
        out.append(repr(plain))
    return " + ".join(out)


def brief(text: str, most: int = 240) -> str:
    """short(text), or its start and the text's length when that is long."""
    shown = short(text)
    return shown if len(shown) <= most else f"{shown[:most]}... ({len(text):,} characters in all)"


def _show_text(text: str) -> str:
    return short(text) if len(text) <= 60 else short(text[:50]) + " + ..."


def _show_content(content: Any) -> str:
    if isinstance(content, str):
        return _show_text(content)
    blocks = []
    for b in content:
        kind = b.get("type") if isinstance(b, dict) else None
        if kind == "tool_use":
            blocks.append(f"use({b['id']!r}, {b['name']!r})")
        elif kind == "tool_result":
            blocks.append(f"result({b['tool_use_id']!r}, {_show_content(b['content'])})")
        elif kind == "text":
            blocks.append(f"text({_show_text(b['text'])})")
        else:
            blocks.append(repr(b)[:80])
    return "[" + ", ".join(blocks) + "]"


def show(messages: list) -> str:
    """A conversation on one line, each message as index: role content."""
    return "[" + "; ".join(f"{i}: {m['role']} {_show_content(m['content'])}" for i, m in enumerate(messages)) + "]"


# ----------------------------------------------------------------------------- helpers of the checks
def numbers_in(text: str) -> list[int]:
    """Every whole number in `text`, thousands separators allowed: "1,234 and 7" -> [1234, 7]."""
    return [int(n.replace(",", "")) for n in re.findall(r"[0-9][0-9,]*", text)]


def text_of(content: Any) -> str:
    """A message's words: a string as it is, the text blocks of a list joined by blank lines."""
    if isinstance(content, str):
        return content
    return "\n\n".join(b.get("text", "") for b in to_plain(content) if isinstance(b, dict) and b.get("type") == "text")
