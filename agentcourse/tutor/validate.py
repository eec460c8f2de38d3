"""The Messages API's request rules, as the tutor enforces them.

`check_messages_request(body)` returns the first problem as the API would word it
(the server sends it back as a 400 `invalid_request_error`), or None when the
request is fine. Field paths follow the API's style: `messages.3.content.0: ...`.
The rules and their wording are listed in docs/TUTOR.md.

Consecutive messages with the same role are merged before the tool rules are
checked, as the API documents ("consecutive user or assistant turns in your
request will be combined into a single turn").
"""

from __future__ import annotations

import re
from typing import Any

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
# Anthropic-defined client tools: no input_schema, a fixed name per type.
TYPED_TOOLS = {
    "text_editor_20250728": "str_replace_based_edit_tool",
    "text_editor_20250429": "str_replace_based_edit_tool",
    "text_editor_20250124": "str_replace_editor",
    "bash_20250124": "bash",
}
# The API's schema takes the same block types in either role; which role may hold a
# tool_use or a tool_result is checked afterwards, with the tool protocol.
BLOCK_TYPES = {
    "text", "image", "document", "search_result", "tool_use", "tool_result",
    "thinking", "redacted_thinking",
}
TOOL_RESULT_BLOCKS = {"text", "image", "document", "search_result"}
# Top-level fields a Messages request may carry (the SDK's parameters plus the sampling
# ones); anything else is a typo the API refuses, e.g. "max_token".
KNOWN_FIELDS = {
    "model", "messages", "max_tokens", "system", "tools", "tool_choice", "stream",
    "stop_sequences", "temperature", "top_p", "top_k", "metadata", "thinking",
    "service_tier", "cache_control", "container", "context_management", "mcp_servers",
    "inference_geo", "output_config", "speed", "diagnostics", "user_profile_id", "workspace_id",
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_text_field(value: Any, path: str) -> str | None:
    """system / text content: a string or a list of text blocks."""
    if isinstance(value, str):
        return None
    if not isinstance(value, list):
        return f"{path}: Input should be a valid string or a list of text blocks"
    for j, block in enumerate(value):
        if not isinstance(block, dict) or block.get("type") != "text":
            return f"{path}.{j}: Input tag {_tag(block)} does not match the expected tag 'text'"
        if not isinstance(block.get("text"), str):
            return f"{path}.{j}.text: Field required"
    return None


def _tag(block: Any) -> str:
    return repr(block.get("type")) if isinstance(block, dict) else "'<not an object>'"


def _check_tools(tools: Any) -> str | None:
    if not isinstance(tools, list):
        return "tools: Input should be a valid list"
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            return f"tools.{i}: Input should be a valid dictionary"
        kind = tool.get("type", "custom")
        name = tool.get("name")
        if kind in TYPED_TOOLS:
            if name != TYPED_TOOLS[kind]:
                return f"tools.{i}.{kind}.name: Input should be '{TYPED_TOOLS[kind]}'"
        elif kind == "custom":
            if not isinstance(name, str):
                return f"tools.{i}.custom.name: Field required"
            if not TOOL_NAME.match(name):
                return f"tools.{i}.custom.name: String should match pattern '{TOOL_NAME.pattern}'"
            schema = tool.get("input_schema")
            if schema is None:
                return f"tools.{i}.custom.input_schema: Field required"
            if not isinstance(schema, dict) or schema.get("type") != "object":
                return f"tools.{i}.custom.input_schema.type: Input should be 'object'"
            if "properties" in schema and not isinstance(schema["properties"], dict):
                return f"tools.{i}.custom.input_schema.properties: Input should be a valid dictionary"
        else:
            return f"tools.{i}: Input tag {kind!r} found using 'type' does not match any of the expected tags: 'custom', {', '.join(repr(t) for t in TYPED_TOOLS)}"
        if name in seen:
            return f"tools: Tool names must be unique (duplicate {name!r})"
        seen.add(name)
    return None


def _check_tool_choice(choice: Any, tools: list) -> str | None:
    if not isinstance(choice, dict) or choice.get("type") not in ("auto", "any", "tool", "none"):
        return "tool_choice: Input should be an object with type 'auto', 'any', 'tool' or 'none'"
    if choice["type"] == "tool":
        names = {t.get("name") for t in tools if isinstance(t, dict)}
        if choice.get("name") not in names:
            return f"tool_choice: Tool {choice.get('name')!r} not found in tools"
    if choice["type"] in ("any", "tool") and not tools:
        return "tool_choice: tool_choice may only be specified while providing tools"
    return None


def _check_block(block: Any, path: str) -> str | None:
    if not isinstance(block, dict):
        return f"{path}: Input should be a valid dictionary"
    kind = block.get("type")
    if kind not in BLOCK_TYPES:
        expected = ", ".join(repr(k) for k in sorted(BLOCK_TYPES))
        return f"{path}: Input tag {kind!r} found using 'type' does not match any of the expected tags: {expected}"
    if kind == "text":
        if not isinstance(block.get("text"), str):
            return f"{path}.text: Field required"
        if not block["text"]:
            return "messages: text content blocks must be non-empty"
    if kind == "tool_use":
        for key in ("id", "name"):
            if not isinstance(block.get(key), str):
                return f"{path}.{key}: Field required"
        if not isinstance(block.get("input"), dict):
            return f"{path}.input: Input should be a valid dictionary"
    if kind == "tool_result":
        if not isinstance(block.get("tool_use_id"), str):
            return f"{path}.tool_use_id: Field required"
        content = block.get("content", "")
        if isinstance(content, list):
            for k, part in enumerate(content):
                if not isinstance(part, dict) or part.get("type") not in TOOL_RESULT_BLOCKS:
                    return f"{path}.content.{k}: Input tag {_tag(part)} does not match the expected tags"
        elif not isinstance(content, str):
            return f"{path}.content: Input should be a valid string or a list of blocks"
        if "is_error" in block and not isinstance(block["is_error"], bool):
            return f"{path}.is_error: Input should be a valid boolean"
    return None


def _turns(messages: list[dict]) -> list[tuple[str, list[tuple[int, int, dict]]]]:
    """Merge consecutive same-role messages: [(role, [(msg index, block index, block)])]."""
    turns: list[tuple[str, list[tuple[int, int, dict]]]] = []
    for i, msg in enumerate(messages):
        content = msg["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        entries = [(i, j, block) for j, block in enumerate(blocks)]
        if turns and turns[-1][0] == msg["role"]:
            turns[-1][1].extend(entries)
        else:
            turns.append((msg["role"], entries))
    return turns


def _check_tool_protocol(messages: list[dict]) -> str | None:
    """Every tool_use answered right after; every tool_result answers the turn before."""
    turns = _turns(messages)
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
        if not asked:
            continue
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
    # Protocol intact, yet a block sits in the wrong role's message.
    for role, entries in turns:
        wrong = "tool_result" if role == "assistant" else "tool_use"
        for i, j, block in entries:
            if block.get("type") == wrong:
                owner = "user" if wrong == "tool_result" else "assistant"
                return f"messages.{i}.content.{j}: `{wrong}` blocks can only be in {owner} messages"
    return None


def check_messages_request(body: dict, *, count_only: bool = False) -> str | None:
    """The first rule the request breaks, worded as the API words it; None if valid.

    `count_only` is for /v1/messages/count_tokens, which takes no max_tokens.
    """
    if not isinstance(body.get("model"), str) or not body.get("model"):
        return "model: Field required"
    if not count_only:
        if "max_tokens" not in body:
            return "max_tokens: Field required"
        if not _is_int(body["max_tokens"]):
            return "max_tokens: Input should be a valid integer"
        if body["max_tokens"] < 1:
            return "max_tokens: Input should be greater than or equal to 1"
    for key in body:
        if key not in KNOWN_FIELDS:
            return f"{key}: Extra inputs are not permitted"
    if "system" in body and body["system"] is not None:
        problem = _check_text_field(body["system"], "system")
        if problem:
            return problem
    stops = body.get("stop_sequences")
    if stops is not None and (
        not isinstance(stops, list) or not all(isinstance(s, str) and s for s in stops)
    ):
        return "stop_sequences: Input should be a list of non-empty strings"
    tools = body.get("tools")
    if tools is not None:
        problem = _check_tools(tools)
        if problem:
            return problem
    if body.get("tool_choice") is not None:
        problem = _check_tool_choice(body["tool_choice"], tools or [])
        if problem:
            return problem
    messages = body.get("messages")
    if messages is None:
        return "messages: Field required"
    if not isinstance(messages, list):
        return "messages: Input should be a valid list"
    if not messages:
        return "messages: at least one message is required"
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict):
            return f"messages.{i}: Input should be a valid dictionary"
        role = msg.get("role")
        if role not in ("user", "assistant"):
            return f"messages.{i}.role: Input should be 'user' or 'assistant'"
        content = msg.get("content")
        if not isinstance(content, str | list):
            return f"messages.{i}.content: Field required"
        if not content and not (role == "assistant" and i == len(messages) - 1):
            return (
                f"messages.{i}: all messages must have non-empty content except for the "
                "optional final assistant message"
            )
        if isinstance(content, str):
            continue
        for j, block in enumerate(content):
            problem = _check_block(block, f"messages.{i}.content.{j}")
            if problem:
                return problem
    if messages[0]["role"] != "user":
        return 'messages: first message must use the "user" role'
    return _check_tool_protocol(messages)
