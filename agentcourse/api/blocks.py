"""Builders for the Messages API's content blocks and messages, as plain dicts.

Tiny and shared: the tutor model writes its replies with them, and the labs and the tests
write conversations by hand with them:

    messages = [user("Read a.py"), assistant([tool_use("toolu_1", "read_file", {...})]),
                user([tool_result("toolu_1", "print('hi')")])]
"""

from __future__ import annotations


def text(s: str) -> dict:
    """A text content block."""
    return {"type": "text", "text": s}


def tool_use(id: str, name: str, input: dict) -> dict:
    """A tool_use content block."""
    return {"type": "tool_use", "id": id, "name": name, "input": input}


def tool_result(tool_use_id: str, content: str, is_error: bool = False) -> dict:
    """A tool_result content block (goes in a user message)."""
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    if is_error:
        block["is_error"] = True
    return block


def user(content: str | list[dict]) -> dict:
    """A user message: a prompt string or a list of blocks (e.g. tool results)."""
    return {"role": "user", "content": content}


def assistant(content: str | list[dict]) -> dict:
    """An assistant message."""
    return {"role": "assistant", "content": content}
