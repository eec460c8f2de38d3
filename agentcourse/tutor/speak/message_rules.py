"""The Messages API's rules for `messages`, as the tutor enforces them.

validate.py calls these in order: `check_messages` (roles, non-empty content, each block
by block_rules.py, no trailing whitespace at the end), `check_version_rules` (what API
version 2026-10-21 refuses), `check_roles_of_blocks` (tool_use only from the assistant,
tool_result only from the user, ids unique), then `check_tool_protocol` on the `merged_turns`
(consecutive same-role messages merged, as the API combines them): every tool_use
answered by the next turn's leading tool_results. Each returns the API's error message,
or None.
"""

from __future__ import annotations

from typing import Any

from agentcourse.tutor.speak.block_rules import check_block, check_text, check_text_field

ROLES = ("user", "assistant")


def check_messages(messages: Any) -> str | None:
    """`messages`: a non-empty list of user and assistant (or system) messages, each
    with content, every block well formed, the final assistant text not ending in spaces."""
    if messages is None:
        return "messages: Field required"
    if not isinstance(messages, list):
        return "messages: Input should be a valid list"
    if not messages:
        return "messages: at least one message is required"
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict):
            return f"messages.{i}: Input should be a valid dictionary"
    conversation = [i for i, msg in enumerate(messages) if msg.get("role") != "system"]
    if not conversation:
        return "messages: at least one user message is required"
    last = conversation[-1]
    for i, msg in enumerate(messages):
        problem = _check_message(msg, i, i == last)
        if problem:
            return problem
    final = messages[last]
    if final["role"] == "assistant" and final["content"]:
        content = final["content"]
        tail = content if isinstance(content, str) else content[-1].get("text") if content[-1].get("type") == "text" else None
        if isinstance(tail, str) and tail != tail.rstrip():
            return "messages: final assistant content cannot end with trailing whitespace"
    # No rule about the first message's role: the Messages API reference for the version
    # the SDK sends (2026-10-21) documents none, and says consecutive turns of one role are
    # combined. The course's own protocol_errors still asks loops to start with the user.
    return None


def _check_message(msg: dict, i: int, last: bool) -> str | None:
    """Message `i` (`last`: the final one of the conversation): its role and content."""
    role = msg.get("role")
    if role == "system":  # a mid-conversation system turn: text only (newer_values reports it)
        return check_text_field(msg.get("content"), f"messages.{i}.content")
    if role not in ROLES:
        return f"messages.{i}.role: Input should be 'user' or 'assistant'"
    content = msg.get("content")
    if not isinstance(content, str | list):
        return f"messages.{i}.content: Field required"
    if not content and not (role == "assistant" and last):
        return (
            f"messages.{i}: all messages must have non-empty content except for the "
            "optional final assistant message"
        )
    if isinstance(content, str):
        return check_text(content) if content else None
    for j, block in enumerate(content):
        problem = check_block(block, f"messages.{i}.content.{j}")
        if problem:
            return problem
    return None


def check_version_rules(messages: list[dict]) -> str | None:
    """What 2026-10-21 refuses: document blocks in assistant messages, citations in user text."""
    for i, message in enumerate(messages):
        content = message["content"]
        for j, block in enumerate(content if isinstance(content, list) else []):
            kind = block.get("type")
            if message["role"] == "assistant" and kind == "document":
                return (
                    f"messages.{i}.content.{j}: document blocks cannot be sent in assistant messages "
                    "(API version 2026-10-21); send the document in a user message"
                )
            if message["role"] != "user":
                continue
            texts = [block] if kind == "text" else block.get("content") if kind == "search_result" else []
            for part in texts if isinstance(texts, list) else []:
                if isinstance(part, dict) and part.get("type") == "text" and part.get("citations"):
                    return (
                        f"messages.{i}.content.{j}: text blocks in user messages cannot carry "
                        "citations (API version 2026-10-21); remove them"
                    )
    return None


def check_roles_of_blocks(messages: list[dict]) -> str | None:
    """tool_use only in assistant messages, tool_result only in user messages, and every
    tool_use id used once in the request."""
    seen: set[str] = set()
    for i, message in enumerate(messages):
        content = message["content"]
        for j, block in enumerate(content if isinstance(content, list) else []):
            kind = block.get("type")
            if kind == "tool_result" and message["role"] != "user":
                return f"messages.{i}: `tool_result` blocks can only be in `user` messages"
            if kind == "tool_use" and message["role"] != "assistant":
                return f"messages.{i}: `tool_use` blocks can only be in `assistant` messages"
            if kind == "tool_use":
                if block["id"] in seen:
                    return f"messages.{i}.content.{j}: `tool_use` ids must be unique"
                seen.add(block["id"])
    return None


def merged_turns(messages: list[dict]) -> list[tuple[str, list[tuple[int, int, dict]]]]:
    """Merge consecutive same-role messages: [(role, [(msg index, block index, block)])].
    A `system` message between them is left out: it is an instruction, not a turn."""
    turns: list[tuple[str, list[tuple[int, int, dict]]]] = []
    for i, msg in enumerate(messages):
        if msg["role"] == "system":
            continue
        content = msg["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        entries = [(i, j, block) for j, block in enumerate(blocks)]
        if turns and turns[-1][0] == msg["role"]:
            turns[-1][1].extend(entries)
        else:
            turns.append((msg["role"], entries))
    return turns


def check_tool_protocol(turns: list[tuple[str, list[tuple[int, int, dict]]]]) -> str | None:
    """Every tool_use answered right after; every tool_result answers the turn before."""
    for t, (role, entries) in enumerate(turns):
        if role != "user":
            continue
        previous = turns[t - 1][1] if t else []
        asked = [b["id"] for _, _, b in previous if b.get("type") == "tool_use"]
        for i, j, block in entries:
            if block.get("type") == "tool_result" and block["tool_use_id"] not in asked:
                return (
                    f"messages.{i}.content.{j}: unexpected `tool_use_id` found in `tool_result` "
                    f"blocks: {block['tool_use_id']}. Each `tool_result` block must have a "
                    "corresponding `tool_use` block in the previous message."
                )
        answered = {b["tool_use_id"] for _, _, b in entries if b.get("type") == "tool_result"}
        missing = [tool_id for tool_id in asked if tool_id not in answered]
        if missing:
            where = [i for i, _, b in previous if b.get("type") == "tool_use"][-1]
            return (
                f"messages.{where}: `tool_use` ids were found without `tool_result` blocks "
                f"immediately after: {', '.join(missing)}. Each `tool_use` block must have a "
                "corresponding `tool_result` block in the next message."
            )
        leading = 0
        for _, _, block in entries:
            if block.get("type") != "tool_result":
                break
            leading += 1
        if leading < len(asked):
            return (
                f"messages.{entries[0][0]}: Did not find {len(asked)} `tool_result` block(s) at the "
                "beginning of this message. Messages following `tool_use` blocks must begin with "
                "a matching number of `tool_result` blocks."
            )
    # A tool_use in the final assistant turn has nobody to answer it yet.
    if turns and turns[-1][0] == "assistant":
        uses = [(i, b["id"]) for i, _, b in turns[-1][1] if b.get("type") == "tool_use"]
        if uses:
            where, dangling = uses[-1][0], [tool_id for _, tool_id in uses]
            return (
                f"messages.{where}: `tool_use` ids were found without `tool_result` blocks "
                f"immediately after: {', '.join(dangling)}. Each `tool_use` block must have a "
                "corresponding `tool_result` block in the next message."
            )
    return None
