"""The Messages API's request rules, as the tutor enforces them.

`check_request(body)` returns the first problem as a `Problem` (status, error type,
message worded as the API words it), or None when the request is fine;
`check_messages_request(body)` is the same returning only the message. Field paths
follow the API's style: `messages.3.content.0: ...`. The rules and their wording are
listed in docs/TUTOR.md; where the API's wording is not known, the tutor's own words
keep the same `field.path: problem` shape.

Consecutive messages with the same role are merged before the tool rules are
checked, as the API documents ("consecutive user or assistant turns in your
request will be combined into a single turn").

The installed `anthropic` SDK's request types are the floor of what is accepted
(vocabulary.py): a value its types allow is never refused, so an SDK upgrade brings the
API's new values with it. A few values newer than both the tutor's lists and the SDK,
which Anthropic's own clients send (Claude Code's `thinking.display: "updates"`,
`role: "system"` messages inside `messages`), are accepted and reported by
`newer_values(body)`, which the server logs, rather than refused.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from agentcourse.tutor import models, thinking, vocabulary

# https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools ("Must match the
# regex ^[a-zA-Z0-9_-]{1,128}$"); the API once allowed 64 characters.
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
TOOL_USE_ID = re.compile(r"^[a-zA-Z0-9_-]+$")
# Anthropic-defined client tools: no input_schema, a fixed name per type.
TYPED_TOOLS = {
    "text_editor_20250728": "str_replace_based_edit_tool",
    "text_editor_20250429": "str_replace_based_edit_tool",
    "text_editor_20250124": "str_replace_editor",
    "bash_20250124": "bash",
}
# Tools the tutor accepts and never calls (docs: "Tool reference"): the server tools,
# which run on Anthropic's side (web search, web fetch, code execution, tool search), and
# the memory client tool. A model may always decide not to use a tool; offline, the
# tutor cannot search or run code, so it never does. Type -> the fixed name.
UNUSED_TOOLS = {
    **dict.fromkeys(("web_search_20250305", "web_search_20260209", "web_search_20260318"), "web_search"),
    **dict.fromkeys(
        ("web_fetch_20250910", "web_fetch_20260209", "web_fetch_20260309", "web_fetch_20260318"), "web_fetch"
    ),
    **dict.fromkeys(
        ("code_execution_20250522", "code_execution_20250825", "code_execution_20260120",
         "code_execution_20260521"),
        "code_execution",
    ),
    "tool_search_tool_regex_20251119": "tool_search_tool_regex",
    "tool_search_tool_bm25_20251119": "tool_search_tool_bm25",
    "memory_20250818": "memory",
}
# The API's schema takes the same block types in either role; which role may hold a
# tool_use or a tool_result is checked afterwards, with the tool protocol.
BLOCK_TYPES = {
    "text", "image", "document", "search_result", "tool_use", "tool_result",
    "thinking", "redacted_thinking",
}
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
# API versions (the `anthropic-version` header). 2026-10-21 removed the sampling
# parameters and refuses document blocks in assistant messages and citations in user
# text ("Migrating to API version 2026-10-21"); the anthropic SDK 2.x sends it.
VERSIONS = ("2026-10-21", "2023-06-01", "2023-01-01")
LATEST = VERSIONS[0]
SAMPLING_REMOVED = "2026-10-21"  # the first version without the sampling parameters


def versions() -> tuple[str, ...]:
    """The versions understood: the tutor's, and the one the installed SDK sends."""
    sent = vocabulary.floor()["version"]
    return VERSIONS if not isinstance(sent, str) or sent in VERSIONS else (sent, *VERSIONS)


def _modern(version: str) -> bool:
    """Does this version follow 2026-10-21's rules (no sampling parameters, ...)?"""
    return version >= SAMPLING_REMOVED
SAMPLING = {"temperature", "top_p", "top_k"}
# Top-level fields of POST /v1/messages (what the SDK's create() sends); anything else
# is a typo the API refuses, e.g. "max_token". Before 2026-10-21, SAMPLING as well.
KNOWN_FIELDS = {
    "model", "messages", "max_tokens", "system", "tools", "tool_choice", "stream",
    "stop_sequences", "metadata", "thinking", "service_tier", "cache_control", "container",
    "diagnostics", "inference_geo", "output_config", "speed",
    "output_format",  # structured outputs' older field, still accepted "for a transition period"
}
# Fields only the beta endpoint (`?beta=true`, what client.beta.messages sends) knows.
BETA_FIELDS = {
    "context_management", "mcp_servers", "thread", "compaction", "fallbacks",
    "fallback_credit_token", "billing_policy",
}
# POST /v1/messages/count_tokens takes the prompt, never the generation settings.
COUNT_FIELDS = {
    "model", "messages", "system", "tools", "tool_choice", "thinking", "cache_control",
    "output_config", "speed",
}
SERVICE_TIERS = ("auto", "standard_only")
TOOL_CHOICE_KEYS = {
    "auto": {"type", "disable_parallel_tool_use"},
    "any": {"type", "disable_parallel_tool_use"},
    "tool": {"type", "name", "disable_parallel_tool_use"},
    "none": {"type"},
}
THINKING_KEYS = {
    "enabled": {"type", "budget_tokens", "display"},
    "adaptive": {"type", "display"},
    "disabled": {"type"},
    "between_tools": {"type"},
}
DISPLAYS = ("summarized", "omitted")
ROLES = ("user", "assistant")
MAX_BREAKPOINTS = 4
CACHE_TTLS = ("5m", "1h")
THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"


@dataclass
class Problem:
    """One refused request: what the server answers."""

    message: str  # the error message, worded as the API words it
    status: int = 400  # HTTP status
    error_type: str = "invalid_request_error"  # error.type in the body
    details: dict = field(default_factory=dict)  # error.details (e.g. {"error_code": ...}), if any


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _tag(block: Any) -> str:
    return repr(block.get("type")) if isinstance(block, dict) else "'<not an object>'"


def _check_text_field(value: Any, path: str) -> str | None:
    """system: a string or a list of text blocks."""
    if isinstance(value, str):
        return None
    if not isinstance(value, list):
        return f"{path}: Input should be a valid string or a list of text blocks"
    for j, block in enumerate(value):
        if not isinstance(block, dict) or block.get("type") != "text":
            return f"{path}.{j}: Input tag {_tag(block)} does not match the expected tag 'text'"
        if not isinstance(block.get("text"), str):
            return f"{path}.{j}.text: Field required"
        if not block["text"]:
            if "cache_control" in block:
                return f"{path}.{j}.text: cache_control cannot be set for empty text blocks"
            return f"{path}: text content blocks must be non-empty"
    return None


def _check_range(body: dict, key: str, low: float, high: float) -> str | None:
    if key not in body or body[key] is None:
        return None
    value = body[key]
    if not _is_number(value):
        return f"{key}: Input should be a valid number"
    if value < low:
        return f"{key}: Input should be greater than or equal to {low:g}"
    if value > high:
        return f"{key}: Input should be less than or equal to {high:g}"
    return None


def _check_sampling(body: dict) -> str | None:
    for key in ("temperature", "top_p"):
        problem = _check_range(body, key, 0, 1)
        if problem:
            return problem
    if body.get("top_k") is not None:
        if not _is_int(body["top_k"]):
            return "top_k: Input should be a valid integer"
        if body["top_k"] < 0:
            return "top_k: Input should be greater than or equal to 0"
    return None


def _check_metadata(metadata: Any) -> str | None:
    if metadata is None:
        return None
    if not isinstance(metadata, dict):
        return "metadata: Input should be a valid dictionary"
    for key in metadata:
        if key != "user_id":
            return f"metadata.{key}: Extra inputs are not permitted"
    user = metadata.get("user_id")
    if user is not None and not isinstance(user, str):
        return "metadata.user_id: Input should be a valid string"
    if isinstance(user, str) and len(user) > 256:
        return "metadata.user_id: String should have at most 256 characters"
    return None


def _check_tools(tools: Any) -> str | None:
    if not isinstance(tools, list):
        return "tools: Input should be a valid list"
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            return f"tools.{i}: Input should be a valid dictionary"
        kind = tool.get("type", "custom")
        name = tool.get("name")
        fixed = TYPED_TOOLS.get(kind) or UNUSED_TOOLS.get(kind) or sdk_tools().get(kind)
        if fixed is None and kind != "custom" and kind in sdk_tools():
            if not isinstance(name, str) or not name:  # a tool type of the SDK's with no fixed name
                return f"tools.{i}.{kind}.name: Field required"
        elif fixed is not None:
            if name != fixed:
                return f"tools.{i}.{kind}.name: Input should be '{fixed}'"
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
            known = dict.fromkeys(("custom", *TYPED_TOOLS, *UNUSED_TOOLS, *sdk_tools()))
            expected = ", ".join(repr(t) for t in known)
            return f"tools.{i}: Input tag {kind!r} found using 'type' does not match any of the expected tags: {expected}"
        if name in seen:
            return f"tools: Tool names must be unique (duplicate {name!r})"
        seen.add(name)
    return None


def sdk_tools() -> dict[str, str | None]:
    """Tool types the installed SDK knows -> their fixed name (None: any name)."""
    return {k: v for k, v in vocabulary.floor()["tools"].items() if k != "custom"}


def _merged(own: dict[str, set[str]], sdk: dict[str, set[str]]) -> dict[str, set[str]]:
    return {kind: set(own.get(kind, ())) | set(sdk.get(kind, ())) for kind in {*own, *sdk}}


def _check_tool_choice(choice: Any, tools: list) -> str | None:
    keys = _merged(TOOL_CHOICE_KEYS, vocabulary.floor()["tool_choice"])
    if not isinstance(choice, dict) or choice.get("type") not in keys:
        return "tool_choice: Input should be an object with type 'auto', 'any', 'tool' or 'none'"
    kind = choice["type"]
    for key in choice:
        if key not in keys[kind]:
            return f"tool_choice.{kind}.{key}: Extra inputs are not permitted"
    parallel = choice.get("disable_parallel_tool_use")
    if parallel is not None and not isinstance(parallel, bool):
        return f"tool_choice.{kind}.disable_parallel_tool_use: Input should be a valid boolean"
    if kind == "tool":
        if not isinstance(choice.get("name"), str):
            return "tool_choice.tool.name: Field required"
        names = {t.get("name") for t in tools if isinstance(t, dict)}
        if choice["name"] not in names:
            return f"tool_choice: Tool {choice['name']!r} not found in tools"
    if kind in ("any", "tool") and not tools:
        return "tool_choice: tool_choice may only be specified while providing tools"
    return None


def _check_thinking(body: dict, count_only: bool) -> str | None:
    config = body.get("thinking")
    if config is None:
        return None
    keys = _merged(THINKING_KEYS, vocabulary.floor()["thinking"])
    if not isinstance(config, dict) or config.get("type") not in keys:
        expected = ", ".join(repr(k) for k in keys)
        return f"thinking: Input tag {_tag(config)} found using 'type' does not match any of the expected tags: {expected}"
    kind = config["type"]
    for key in config:
        if key not in keys[kind]:
            return f"thinking.{kind}.{key}: Extra inputs are not permitted"
    # A display value newer than the SDK (Claude Code sends "updates", "highlights") is
    # accepted and reported by newer_values(); only a value that is not a string is refused.
    if "display" in config and config["display"] is not None and not isinstance(config["display"], str):
        shown = " or ".join(repr(d) for d in displays())
        return f"thinking.{kind}.display: Input should be {shown}"
    if kind == "enabled":
        budget = config.get("budget_tokens")
        if budget is None:
            return "thinking.enabled.budget_tokens: Field required"
        if not _is_int(budget):
            return "thinking.enabled.budget_tokens: Input should be a valid integer"
        if budget < 1024:
            return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
        if not count_only and budget >= body["max_tokens"]:
            return (
                "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
                f"documentation at {THINKING_DOCS}#max-tokens-and-context-window-size"
            )
    if thinking.mode(body) is None:
        return None
    see = f"Please consult our documentation at {THINKING_DOCS}#important-considerations-when-using-extended-thinking"
    if body.get("temperature") is not None and body["temperature"] != 1:
        return f"`temperature` may only be set to 1 when thinking is enabled. {see}"
    if body.get("top_k") is not None:
        return f"`top_k` must be unset when thinking is enabled. {see}"
    if body.get("top_p") is not None and body["top_p"] < 0.95:
        return f"`top_p` must be unset or between 0.95 and 1 when thinking is enabled. {see}"
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        return "Thinking may not be enabled when tool_choice forces tool use."
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


def _check_caching(body: dict) -> str | None:
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


def _check_text(text: str, block: dict | None = None, path: str = "") -> str | None:
    if not text and block is not None and "cache_control" in block:
        return f"{path}.text: cache_control cannot be set for empty text blocks"
    if not text:
        return "messages: text content blocks must be non-empty"
    if not text.strip():
        return "messages: text content blocks must contain non-whitespace text"
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
        return _check_text(block["text"], block, path)
    if kind in SOURCES:
        return _check_source(block, f"{path}.{kind}", kind)
    if kind == "tool_use":
        for key in ("id", "name"):
            if not isinstance(block.get(key), str):
                return f"{path}.{key}: Field required"
        if not TOOL_USE_ID.match(block["id"]):
            return f"{path}.id: String should match pattern '{TOOL_USE_ID.pattern}'"
        if not isinstance(block.get("input"), dict):
            return f"{path}.input: Input should be a valid dictionary"
    if kind == "tool_result":
        if not isinstance(block.get("tool_use_id"), str):
            return f"{path}.tool_use_id: Field required"
        if not TOOL_USE_ID.match(block["tool_use_id"]):
            return f"{path}.tool_use_id: String should match pattern '{TOOL_USE_ID.pattern}'"
        content = block.get("content", "")
        if isinstance(content, list):
            for k, part in enumerate(content):
                if not isinstance(part, dict) or part.get("type") not in TOOL_RESULT_BLOCKS:
                    return f"{path}.content.{k}: Input tag {_tag(part)} does not match the expected tags"
                # Release notes, 1 May 2025: a breakpoint on the last block of a tool
                # result's content moves to the tool_result; on any other, an error.
                if "cache_control" in part and k != len(content) - 1:
                    return (
                        f"{path}.content.{k}.cache_control: inside a tool_result's content only "
                        "the last block may carry cache_control; set it on the tool_result block"
                    )
                if part["type"] == "text":
                    if not isinstance(part.get("text"), str):
                        return f"{path}.content.{k}.text: Field required"
                    problem = _check_text(part["text"], part, f"{path}.content.{k}")
                    if problem:
                        return problem
                if part["type"] == "tool_reference" and not isinstance(part.get("tool_name"), str):
                    return f"{path}.content.{k}.tool_name: Field required"
                if part["type"] in SOURCES:
                    where = f"{path}.tool_result.content.{k}.{part['type']}"
                    problem = _check_source(part, where, part["type"])
                    if problem:
                        return problem
        elif not isinstance(content, str):
            return f"{path}.content: Input should be a valid string or a list of blocks"
        if "is_error" in block and not isinstance(block["is_error"], bool):
            return f"{path}.is_error: Input should be a valid boolean"
    if kind == "thinking":
        for key in ("thinking", "signature"):
            if not isinstance(block.get(key), str):
                return f"{path}.{key}: Field required"
    if kind == "redacted_thinking" and not isinstance(block.get("data"), str):
        return f"{path}.data: Field required"
    return None


def _check_source(block: dict, path: str, kind: str) -> str | None:
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
            f"{path}.source: Input tag {_tag(source)} found using 'type' does not match any of "
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


def _check_roles_of_blocks(messages: list[dict]) -> str | None:
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


def _turns(messages: list[dict]) -> list[tuple[str, list[tuple[int, int, dict]]]]:
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


def _check_tool_protocol(turns: list[tuple[str, list[tuple[int, int, dict]]]]) -> str | None:
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


def _check_messages(messages: Any) -> str | None:
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
        role = msg.get("role")
        if role == "system":  # a mid-conversation system turn: text only (newer_values reports it)
            problem = _check_text_field(msg.get("content"), f"messages.{i}.content")
            if problem:
                return problem
            continue
        if role not in ROLES:
            return f"messages.{i}.role: Input should be 'user' or 'assistant'"
        content = msg.get("content")
        if not isinstance(content, str | list):
            return f"messages.{i}.content: Field required"
        if not content and not (role == "assistant" and i == last):
            return (
                f"messages.{i}: all messages must have non-empty content except for the "
                "optional final assistant message"
            )
        if isinstance(content, str):
            problem = _check_text(content) if content else None
            if problem:
                return problem
            continue
        for j, block in enumerate(content):
            problem = _check_block(block, f"messages.{i}.content.{j}")
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


def displays() -> tuple[str, ...]:
    return tuple(dict.fromkeys((*DISPLAYS, *sorted(vocabulary.floor()["display"]))))


def newer_values(body: dict) -> list[str]:
    """Values the request uses that neither the tutor's lists nor the installed SDK's
    types know, accepted because Anthropic's own clients send them; the server logs them."""
    notes = []
    config = body.get("thinking")
    display = config.get("display") if isinstance(config, dict) else None
    if isinstance(display, str) and display not in displays():
        notes.append(f"thinking.display {display!r}")
    messages = body.get("messages") if isinstance(body.get("messages"), list) else []
    system_turns = [i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "system"]
    if system_turns and "system" not in vocabulary.floor()["roles"]:
        notes.append(f"role 'system' in messages {', '.join(map(str, system_turns))}")
    return notes


def check_request(
    body: dict, *, count_only: bool = False, beta: bool = False, any_model: bool = False,
    version: str = LATEST,
) -> Problem | None:
    """The first rule the request breaks, as the API answers it; None if valid.

    `count_only` is for /v1/messages/count_tokens (no generation settings); `beta` for
    the beta endpoint (`?beta=true`), which knows a few more fields; `any_model` skips
    the check that the model exists; `version` is the request's `anthropic-version`.
    """
    message = _first_problem(body, count_only, beta, version)
    if message:
        return Problem(message)
    if not any_model and models.find(body["model"]) is None:
        return Problem(f"model: {body['model']}", status=404, error_type="not_found_error")
    return None


def check_messages_request(
    body: dict, *, count_only: bool = False, beta: bool = False, version: str = LATEST
) -> str | None:
    """The message of the first 400 rule the request breaks (the model's existence aside)."""
    return _first_problem(body, count_only, beta, version)


def _first_problem(body: dict, count_only: bool, beta: bool, version: str) -> str | None:
    if not isinstance(body.get("model"), str) or not body.get("model"):
        return "model: Field required"
    if not count_only:
        if "max_tokens" not in body:
            return "max_tokens: Field required"
        if not _is_int(body["max_tokens"]):
            return "max_tokens: Input should be a valid integer"
        if body["max_tokens"] < 1:
            return "max_tokens: Input should be greater than or equal to 1"
    floor = vocabulary.floor()
    known, beta_known = KNOWN_FIELDS | floor["fields"], BETA_FIELDS | floor["beta_fields"]
    allowed = COUNT_FIELDS if count_only else known | (beta_known if beta else set())
    if not _modern(version) and not count_only:
        allowed = allowed | SAMPLING
    for key in body:
        if key not in allowed:
            return f"{key}: Extra inputs are not permitted"
    if body.get("stream") is not None and not isinstance(body["stream"], bool):
        return "stream: Input should be a valid boolean"
    checks = (
        lambda: _check_sampling(body),
        lambda: _check_metadata(body.get("metadata")),
        lambda: None if body.get("service_tier") in (None, *SERVICE_TIERS, *floor["service_tier"])
        else "service_tier: Input should be 'auto' or 'standard_only'",
        lambda: None if body.get("system") is None else _check_text_field(body["system"], "system"),
        lambda: _check_stop_sequences(body.get("stop_sequences")),
        lambda: None if body.get("tools") is None else _check_tools(body["tools"]),
        lambda: None if body.get("tool_choice") is None
        else _check_tool_choice(body["tool_choice"], body.get("tools") or []),
        lambda: _check_thinking(body, count_only),
        lambda: _check_messages(body.get("messages")),
        lambda: _check_version_rules(body["messages"]) if _modern(version) else None,
        lambda: _check_caching(body),
        lambda: _check_roles_of_blocks(body["messages"]),
        # No rule asks for `tools` when the messages hold tool blocks: the API used to
        # refuse that ("Requests which include `tool_use` or `tool_result` blocks must
        # define tools."), and its release notes of 27 February 2025 lifted the rule.
    )
    for check in checks:
        problem = check()
        if problem:
            return problem
    turns = _turns(body["messages"])
    return _check_tool_protocol(turns) or thinking.check(body, turns)


def _check_stop_sequences(stops: Any) -> str | None:
    if stops is not None and (
        not isinstance(stops, list) or not all(isinstance(s, str) and s for s in stops)
    ):
        return "stop_sequences: Input should be a list of non-empty strings"
    return None


def _check_version_rules(messages: list[dict]) -> str | None:
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
