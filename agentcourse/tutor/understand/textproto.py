"""Tool calls replayed as text: the history some agents send back instead of tool blocks.

smolagents' ToolCallingAgent gets tool calls from the API as `tool_use` blocks, but sends
its history back as plain text: the assistant's calls as

    Calling tools:
    [{'id': 'toolu_01', 'type': 'function', 'function': {'name': 'read_file', 'arguments': {...}}}]

(a Python literal), and their results as a user message `Observation:\\n<output>`, or
`Call id: toolu_01\\nError:\\n<message>` for a failure; the task itself comes as
`New task:\\n<request>`. Read as it stands, every observation would look like a new user
request. `replayed(body)` gives the brain the same conversation with those messages as
the `tool_use` / `tool_result` blocks they stand for, so the tutor follows its own calls
and their real results. A request without such messages is returned unchanged.
"""

from __future__ import annotations

import ast
import json
import re

_CALLING = re.compile(r"Calling tools:\s*\n(?P<calls>\[.*\])\s*$", re.S)
_OBSERVATION = re.compile(r"^\s*Observation:\s*\n?", re.S)
_ERROR = re.compile(r"^\s*Call id:\s*(?P<id>\S+)\s*\n\s*Error:\s*\n?", re.S)
_NEW_TASK = re.compile(r"^\s*New task:\s*\n")
_ID = re.compile(r"[^a-zA-Z0-9_-]")


def _text(content: object) -> str | None:
    """The message's text when it holds nothing but text, else None."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content and all(
            isinstance(b, dict) and b.get("type") == "text" for b in content):
        return "\n".join(b.get("text", "") for b in content)
    return None


def _calls(literal: str) -> list[tuple[str, str, dict]] | None:
    """(id, name, input) of each call in a replayed list, or None if it is not one."""
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if not isinstance(value, list):
        return None
    calls = []
    for n, item in enumerate(value):
        function = item.get("function") if isinstance(item, dict) else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            return None
        arguments = function.get("arguments")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except json.JSONDecodeError:
                arguments = {}
        tool_id = _ID.sub("_", str(item.get("id") or f"replayed_{n}")) or f"replayed_{n}"
        calls.append((tool_id, function["name"], arguments if isinstance(arguments, dict) else {}))
    return calls


def replayed(body: dict) -> dict:
    """The request with replayed calls and observations as tool blocks (see the module)."""
    messages = body.get("messages") or []
    if not any(_CALLING.search(_text(m.get("content")) or "") if m.get("role") == "assistant"
               else _NEW_TASK.match(_text(m.get("content")) or "") for m in messages if isinstance(m, dict)):
        return body
    out: list[dict] = []
    pending: list[str] = []
    for message in messages:
        text = _text(message.get("content"))
        role = message.get("role")
        found = _CALLING.search(text) if role == "assistant" and text is not None else None
        calls = _calls(found["calls"]) if found else None
        if calls:
            before = text[: found.start()].strip()
            blocks = [{"type": "text", "text": before}] if before else []
            blocks += [{"type": "tool_use", "id": i, "name": name, "input": args} for i, name, args in calls]
            out.append({"role": "assistant", "content": blocks})
            pending = [i for i, _, _ in calls]
            continue
        if role == "user" and pending and text is not None and (_OBSERVATION.match(text) or _ERROR.match(text)):
            error = _ERROR.match(text)
            result = text[(error or _OBSERVATION.match(text)).end():]
            out.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": i, "content": result, **({"is_error": True} if error else {})}
                for i in pending]})
            pending = []
            continue
        if role == "user" and text is not None and _NEW_TASK.match(text):
            message = {**message, "content": _NEW_TASK.sub("", text, count=1)}
        out.append(message)
    return {**body, "messages": out}
