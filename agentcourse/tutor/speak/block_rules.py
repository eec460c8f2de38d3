"""The Messages API's rules for content blocks, as the tutor enforces them.

validate.py calls these for every block of every message (and for `system`): a block's
type and required fields, image and document sources, the parts of a tool_result, text
that must not be empty, and the prompt cache's breakpoints (`cache_control`: where it may
go, how many, in which ttl order). Each check returns the API's error message, worded as
the API words it (`messages.3.content.0: ...`), or None when the block is fine.
"""

from __future__ import annotations

import re
from typing import Any

from agentcourse.tutor.speak import vocabulary

TOOL_USE_ID = re.compile(r"^[a-zA-Z0-9_-]+$")
# The API's schema takes the same block types in either role; which role may hold a
# tool_use or a tool_result is checked afterwards, with the tool protocol.
BLOCK_TYPES = {
    "text", "image", "document", "search_result", "tool_use", "tool_result",
    "thinking", "redacted_thinking",
    # a server tool's call and the tool search tool's result, passed back as they came
    # (the SDK's ServerToolUseBlockParam, ToolSearchToolResultBlockParam)
    "server_tool_use", "tool_search_tool_result",
}
SEARCH_RESULTS = {"tool_search_tool_search_result", "tool_search_tool_result_error"}
TOOL_RESULT_BLOCKS = {"text", "image", "document", "search_result", "tool_reference"}
# The sources an image or document block may name, and the fields and media types each
# requires (the SDK's ImageBlockParam / DocumentBlockParam; the vision docs list the
# four image formats, the PDF docs application/pdf).
SOURCES = {
    "image": {
        "base64": {"data": None, "media_type": ("image/jpeg", "image/png", "image/gif", "image/webp")},
        "url": {"url": None},
        "file": {"file_id": None},
    },
    "document": {
        "base64": {"data": None, "media_type": ("application/pdf",)},
        "text": {"data": None, "media_type": ("text/plain",)},
        "content": {"content": None},
        "url": {"url": None},
        "file": {"file_id": None},
    },
}
MAX_BREAKPOINTS = 4
CACHE_TTLS = ("5m", "1h")


def tag(block: Any) -> str:
    """A block's `type` as the API's errors quote it ("'text'"), for any value."""
    return repr(block.get("type")) if isinstance(block, dict) else "'<not an object>'"


def check_text_field(value: Any, path: str) -> str | None:
    """system: a string or a list of text blocks."""
    if isinstance(value, str):
        return None
    if not isinstance(value, list):
        return f"{path}: Input should be a valid string or a list of text blocks"
    for j, block in enumerate(value):
        if not isinstance(block, dict) or block.get("type") != "text":
            return f"{path}.{j}: Input tag {tag(block)} does not match the expected tag 'text'"
        if not isinstance(block.get("text"), str):
            return f"{path}.{j}.text: Field required"
        if not block["text"]:
            if "cache_control" in block:
                return f"{path}.{j}.text: cache_control cannot be set for empty text blocks"
            return f"{path}: text content blocks must be non-empty"
    return None


def check_text(text: str, block: dict | None = None, path: str = "") -> str | None:
    """A text block's (or a message string's) text: not empty, not only whitespace."""
    if not text and block is not None and "cache_control" in block:
        return f"{path}.text: cache_control cannot be set for empty text blocks"
    if not text:
        return "messages: text content blocks must be non-empty"
    if not text.strip():
        return "messages: text content blocks must contain non-whitespace text"
    return None


def check_block(block: Any, path: str) -> str | None:
    """One content block of a message: a known type, with the fields that type requires."""
    if not isinstance(block, dict):
        return f"{path}: Input should be a valid dictionary"
    kind = block.get("type")
    if kind not in BLOCK_TYPES:
        expected = ", ".join(repr(k) for k in sorted(BLOCK_TYPES))
        return f"{path}: Input tag {kind!r} found using 'type' does not match any of the expected tags: {expected}"
    if kind == "text":
        if not isinstance(block.get("text"), str):
            return f"{path}.text: Field required"
        return check_text(block["text"], block, path)
    if kind in SOURCES:
        return check_source(block, f"{path}.{kind}", kind)
    if kind == "tool_use":
        return _check_tool_use(block, path)
    if kind == "tool_result":
        return _check_tool_result(block, path)
    if kind == "server_tool_use":
        return _check_tool_use(block, path)
    if kind == "tool_search_tool_result":
        return _check_search_result(block, path)
    if kind == "thinking":
        for key in ("thinking", "signature"):
            if not isinstance(block.get(key), str):
                return f"{path}.{key}: Field required"
    if kind == "redacted_thinking" and not isinstance(block.get("data"), str):
        return f"{path}.data: Field required"
    return None


def _check_tool_use(block: dict, path: str) -> str | None:
    for key in ("id", "name"):
        if not isinstance(block.get(key), str):
            return f"{path}.{key}: Field required"
    if not TOOL_USE_ID.match(block["id"]):
        return f"{path}.id: String should match pattern '{TOOL_USE_ID.pattern}'"
    if not isinstance(block.get("input"), dict):
        return f"{path}.input: Input should be a valid dictionary"
    return None


def _check_search_result(block: dict, path: str) -> str | None:
    if not isinstance(block.get("tool_use_id"), str):
        return f"{path}.tool_use_id: Field required"
    content = block.get("content")
    if not isinstance(content, dict) or content.get("type") not in SEARCH_RESULTS:
        expected = ", ".join(repr(k) for k in sorted(SEARCH_RESULTS))
        return f"{path}.content: Input tag {tag(content)} found using 'type' does not match any of the expected tags: {expected}"
    refs = content.get("tool_references", [])
    if content["type"] == "tool_search_tool_search_result" and not (
            isinstance(refs, list) and all(isinstance(r, dict) and isinstance(r.get("tool_name"), str) for r in refs)):
        return f"{path}.content.tool_references: Input should be a valid list of tool_reference blocks"
    return None


def _check_tool_result(block: dict, path: str) -> str | None:
    if not isinstance(block.get("tool_use_id"), str):
        return f"{path}.tool_use_id: Field required"
    if not TOOL_USE_ID.match(block["tool_use_id"]):
        return f"{path}.tool_use_id: String should match pattern '{TOOL_USE_ID.pattern}'"
    content = block.get("content", "")
    if isinstance(content, list):
        for k, part in enumerate(content):
            problem = _check_result_part(part, k, k == len(content) - 1, path)
            if problem:
                return problem
    elif not isinstance(content, str):
        return f"{path}.content: Input should be a valid string or a list of blocks"
    if "is_error" in block and not isinstance(block["is_error"], bool):
        return f"{path}.is_error: Input should be a valid boolean"
    return None


def _check_result_part(part: Any, k: int, last: bool, path: str) -> str | None:
    """Block `k` of a tool_result's content (`last`: the content's final block)."""
    if not isinstance(part, dict) or part.get("type") not in TOOL_RESULT_BLOCKS:
        return f"{path}.content.{k}: Input tag {tag(part)} does not match the expected tags"
    # Release notes, 1 May 2025: a breakpoint on the last block of a tool
    # result's content moves to the tool_result; on any other, an error.
    if "cache_control" in part and not last:
        return (
            f"{path}.content.{k}.cache_control: inside a tool_result's content only "
            "the last block may carry cache_control; set it on the tool_result block"
        )
    if part["type"] == "text":
        if not isinstance(part.get("text"), str):
            return f"{path}.content.{k}.text: Field required"
        problem = check_text(part["text"], part, f"{path}.content.{k}")
        if problem:
            return problem
    if part["type"] == "tool_reference" and not isinstance(part.get("tool_name"), str):
        return f"{path}.content.{k}.tool_name: Field required"
    if part["type"] in SOURCES:
        where = f"{path}.tool_result.content.{k}.{part['type']}"
        return check_source(part, where, part["type"])
    return None


def check_source(block: dict, path: str, kind: str) -> str | None:
    """An image or document block's `source`: a known type with its fields, and for base64
    (and plain text) a media type the API takes, worded as the API words the refusal
    ("...image.source.base64.media_type: Input should be 'image/jpeg', ...")."""
    source = block.get("source")
    if not isinstance(source, dict):
        return f"{path}.source: Field required"
    allowed = SOURCES[kind]
    if source.get("type") not in allowed:
        expected = ", ".join(repr(t) for t in allowed)
        return (
            f"{path}.source: Input tag {tag(source)} found using 'type' does not match any of "
            f"the expected tags: {expected}"
        )
    where = f"{path}.source.{source['type']}"
    for key, choices in allowed[source["type"]].items():
        value = source.get(key)
        if value is None:
            return f"{where}.{key}: Field required"
        if choices and value not in choices:
            quoted = [repr(c) for c in choices]
            listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
            return f"{where}.{key}: Input should be {listed}"
    return None


def _check_cache_control(value: Any, path: str) -> str | None:
    if not isinstance(value, dict):
        return f"{path}: Input should be a valid dictionary"
    if value.get("type") != "ephemeral":
        return f"{path}.type: Input should be 'ephemeral'"
    for key in value:
        if key not in ("type", "ttl"):
            return f"{path}.{key}: Extra inputs are not permitted"
    if "ttl" in value and value["ttl"] not in {*CACHE_TTLS, *vocabulary.floor()["cache_ttl"]}:
        return f"{path}.ttl: Input should be '5m' or '1h'"
    return None


def _breakpoints(body: dict) -> list[tuple[str, Any]]:
    """Every block-level cache_control in the order the API processes the prompt."""
    found: list[tuple[str, Any]] = []
    for i, tool in enumerate(body.get("tools") or []):
        if "cache_control" in tool:
            found.append((f"tools.{i}.cache_control", tool["cache_control"]))
    system = body.get("system")
    for j, block in enumerate(system if isinstance(system, list) else []):
        if "cache_control" in block:
            found.append((f"system.{j}.cache_control", block["cache_control"]))
    for i, message in enumerate(body["messages"]):  # checked before: dicts with valid blocks
        content = message["content"]
        for j, block in enumerate(content if isinstance(content, list) else []):
            if "cache_control" in block:
                found.append((f"messages.{i}.content.{j}.cache_control", block["cache_control"]))
            inner = block.get("content") if block.get("type") == "tool_result" else None
            for k, part in enumerate(inner if isinstance(inner, list) else []):
                if "cache_control" in part:
                    found.append((f"messages.{i}.content.{j}.content.{k}.cache_control", part["cache_control"]))
    return found


def check_caching(body: dict) -> str | None:
    """The request's cache_control: each well formed, at most MAX_BREAKPOINTS of them, and
    no 1-hour breakpoint after a 5-minute one (tools, then system, then messages)."""
    top = body.get("cache_control")
    if top is not None:
        problem = _check_cache_control(top, "cache_control")
        if problem:
            return problem
    found = _breakpoints(body)
    for path, value in found:
        problem = _check_cache_control(value, path)
        if problem:
            return problem
    if len(found) > MAX_BREAKPOINTS:
        return f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. Found {len(found)}."
    seen_short = False
    for path, value in found:
        ttl = value.get("ttl", "5m")
        if ttl == "1h" and seen_short:
            return (
                f"{path}.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' "
                "cache_control block. Note that blocks are processed in the following order: "
                "`tools`, `system`, `messages`."
            )
        seen_short = seen_short or ttl == "5m"
    return None
