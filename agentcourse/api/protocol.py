"""The Messages API's conversation rules, checked on a plain messages list.

An agent loop appends the SDK's own block objects (`response.content`) to its
messages list, so two helpers live here:

    to_plain(messages)        -> the same conversation as plain JSON-shaped dicts
    protocol_errors(messages) -> how it breaks the course's conversation rules ([] = fine)

Those rules are the API's tool-use protocol plus two of the course's own: the list starts
with the user's message, and roles alternate. The API documents neither (its reference
says consecutive turns of one role are combined into one); the course's loops always
start from a request and never send two messages of one role, so the check flags both.
Tests call `protocol_errors` after every turn of every checkpoint; the tutor model's
request validation (agentcourse/tutor/speak/validate.py) enforces the API's rules alone.
"""

from __future__ import annotations

from typing import Any


def _plain(value: Any) -> Any:
    """One value -> JSON-shaped Python: SDK models dumped, containers walked."""
    if hasattr(value, "model_dump"):
        # exclude_none drops the SDK's optional fields (citations=None, caller=None...)
        # that the API never needs back; mode="json" turns enums and the like into strings.
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def to_plain(messages: list[Any]) -> list[dict]:
    """SDK block objects (anywhere inside the messages) -> plain dicts; strings stay strings."""
    return [_plain(message) for message in messages]


def _blocks(content: Any) -> list[dict]:
    """A message's content as a block list (a plain string is one text block)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [block for block in content if isinstance(block, dict)]
    return []


def _tool_result_errors(i: int, blocks: list[dict], asked: list) -> list[str]:
    """A user message's tool_results against the tool_use ids the assistant message before
    it left open: each answers one of them, none is missing, and they come first."""
    problems = []
    results = [b for b in blocks if b.get("type") == "tool_result"]
    answered = {b.get("tool_use_id") for b in results}
    for block in results:
        if block.get("tool_use_id") not in asked:
            problems.append(
                f"messages.{i}: tool_result for {block.get('tool_use_id')!r} answers no "
                "tool_use in the previous assistant message"
            )
    missing = [tool_id for tool_id in asked if tool_id not in answered]
    if missing:
        problems.append(
            f"messages.{i}: tool_use ids {missing} have no tool_result in this message"
        )
    seen_other = False
    for block in blocks:
        if block.get("type") != "tool_result":
            seen_other = True
        elif seen_other:
            problems.append(
                f"messages.{i}: tool_result blocks must come first; something precedes them"
            )
            break
    return problems


def _message_errors(i: int, msg: dict, previous: dict) -> list[str]:
    """How message `i` breaks the rules, given the message before it ({} for the first)."""
    role = msg.get("role")
    if role not in ("user", "assistant"):
        return [f"messages.{i}: role must be 'user' or 'assistant', not {role!r}"]
    problems = []
    if i and previous.get("role") == role:
        problems.append(f"messages.{i}: two {role} messages in a row (roles must alternate)")
    blocks = _blocks(msg.get("content"))
    # Which tool_use ids does the previous assistant message leave open?
    asked = [
        b.get("id")
        for b in _blocks(previous.get("content"))
        if previous.get("role") == "assistant" and b.get("type") == "tool_use"
    ]
    if role == "assistant" and any(b.get("type") == "tool_result" for b in blocks):
        problems.append(f"messages.{i}: tool_result blocks belong in a user message")
    if role == "user":
        problems += _tool_result_errors(i, blocks, asked)
    return problems


def protocol_errors(messages: list[Any]) -> list[str]:
    """Every way the conversation breaks the course's rules; [] when it is sound.

    The API's rules it checks: the list is not empty; every role is user or assistant;
    every tool_use in an assistant message is answered by a tool_result with its id in the
    very next message, a user message, where the tool_results come first; each
    tool_result answers a tool_use of the assistant message right before it; and the list
    does not end on an unanswered tool_use.

    Two rules are stricter than the API: the first message must be the user's, and two
    messages of the same role in a row are flagged, where the API would merge them into
    one turn (Messages API reference, `messages`). The course's loops start from a request
    and alternate roles, so either is a loop's mistake.
    """
    msgs = to_plain(messages)
    if not msgs:
        return ["messages: the list is empty (the API needs at least one user message)"]
    problems: list[str] = []
    if msgs[0].get("role") != "user":
        problems.append(f"messages.0: the first message is {msgs[0].get('role')!r}; the course's loops "
                        "start with the user's message")
    for i, msg in enumerate(msgs):
        problems += _message_errors(i, msg, msgs[i - 1] if i else {})
    last = msgs[-1]
    if last.get("role") == "assistant":
        dangling = [b.get("id") for b in _blocks(last.get("content")) if b.get("type") == "tool_use"]
        if dangling:
            problems.append(
                f"messages.{len(msgs) - 1}: tool_use ids {dangling} are never answered by a tool_result"
            )
    return problems
