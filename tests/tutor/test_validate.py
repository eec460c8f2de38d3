"""The tutor rejects what the real API rejects, with the API's status, error type and wording.

Every rule in validate.py (and in message_rules.py, block_rules.py and tool_rules.py,
which it calls) has a case below that breaks it (REFUSED) and, where the rule has an edge,
a case just inside it (ACCEPTED), so deleting or weakening any check fails a test. Each
case runs twice: against check_request directly, and through the real SDK, where the
answer must become the SDK's exception class with the API's body. The expected text
includes the field path, so a check that blames the wrong message or block fails too.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

import anthropic
import pytest
from anthropic.types import Message

from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.speak import thinking, tool_rules, validate, vocabulary
from agentcourse.tutor.speak.validate import (
    LATEST,
    check_messages_request,
    check_request,
    newer_values,
)

OLD = "2023-06-01"  # the API version that still takes temperature / top_p / top_k
MODEL = "claude-sonnet-4-6"
READ_TOOL = {
    "name": "read_file",
    "description": "Read a file.",
    "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}},
}


def _tool_use(tool_id: str) -> dict:
    return {"type": "tool_use", "id": tool_id, "name": "read_file", "input": {"filename": "a"}}


def _result(tool_id: str, content: object = "text of a") -> dict:
    return {"type": "tool_result", "tool_use_id": tool_id, "content": content}


def _valid() -> dict:
    return {
        "model": MODEL,
        "max_tokens": 2000,
        "tools": [copy.deepcopy(READ_TOOL)],
        "messages": [
            {"role": "user", "content": "Read a"},
            {"role": "assistant", "content": [{"type": "text", "text": "ok"}, _tool_use("t1")]},
            {"role": "user", "content": [_result("t1")]},
        ],
    }


def _signed(text: str = "I should read a first.") -> dict:
    return {"type": "thinking", "thinking": text, "signature": thinking.sign(text)}


def _thinking_loop() -> dict:
    """A valid tool loop with thinking on: the assistant turn opens with its thinking."""
    body = _valid()
    body["thinking"] = {"type": "enabled", "budget_tokens": 1024}
    body["messages"][1]["content"].insert(0, _signed())
    return body


# ----------------------------------------------------------------------------- helpers to break a body


def _path(body: dict, dotted: str) -> tuple[object, object]:
    parts = [int(p) if p.isdigit() else p for p in dotted.split(".")]
    node = body
    for part in parts[:-1]:
        node = node[part]
    return node, parts[-1]


def put(dotted: str, value: object) -> Callable[[dict], None]:
    def change(body: dict) -> None:
        node, key = _path(body, dotted)
        node[key] = copy.deepcopy(value)

    return change


def drop(dotted: str) -> Callable[[dict], None]:
    def change(body: dict) -> None:
        node, key = _path(body, dotted)
        del node[key]

    return change


def both(*changes: Callable[[dict], None]) -> Callable[[dict], None]:
    def change(body: dict) -> None:
        for one in changes:
            one(body)

    return change


def message(index: int, content: object, role: str = "user") -> Callable[[dict], None]:
    return put(f"messages.{index}", {"role": role, "content": content})


def only_user(content: object) -> Callable[[dict], None]:
    """Replace the conversation with one user message holding `content`."""
    return put("messages", [{"role": "user", "content": content}])


def cached(ttl: str | None = None) -> dict:
    control = {"type": "ephemeral"}
    if ttl:
        control["ttl"] = ttl
    return control


@dataclass
class Case:
    name: str
    change: Callable[[dict], None]
    expected: str = ""  # a fragment of the message (for refusals), with the field path
    status: int = 400
    error_type: str = "invalid_request_error"
    version: str = LATEST
    count_only: bool = False  # POST /v1/messages/count_tokens
    beta: bool = False  # the beta endpoint (?beta=true)
    base: Callable[[], dict] = _valid


def IMAGE(media_type: str) -> dict:  # noqa: N802 - reads as a block constructor in the tables
    return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": "iVBORw0KGgo="}}


def tool_loop_texts(*texts: str) -> Callable[[dict], None]:
    return put("messages", [
        {"role": "user", "content": "Read a"},
        {"role": "assistant", "content": [{"type": "text", "text": t} for t in texts] + [_tool_use("t1")]},
        {"role": "user", "content": [_result("t1")]},
    ])


REFUSED = [
    # --- model, max_tokens, fields
    Case("missing model", drop("model"), "model: Field required"),
    Case("empty model", put("model", ""), "model: Field required"),
    Case("model not a string", put("model", 7), "model: Field required"),
    Case("missing max_tokens", drop("max_tokens"), "max_tokens: Field required"),
    Case("zero max_tokens", put("max_tokens", 0), "max_tokens: Input should be greater than or equal to 1"),
    Case("float max_tokens", put("max_tokens", 10.5), "max_tokens: Input should be a valid integer"),
    Case("boolean max_tokens", put("max_tokens", True), "max_tokens: Input should be a valid integer"),
    Case("string max_tokens", put("max_tokens", "100"), "max_tokens: Input should be a valid integer"),
    Case("misspelt field", put("temprature", 0.5), "temprature: Extra inputs are not permitted"),
    Case("beta field on the stable endpoint", put("context_management", {}),
         "context_management: Extra inputs are not permitted"),
    Case("temperature in 2026-10-21", put("temperature", 1.0), "temperature: Extra inputs are not permitted"),
    Case("top_p in 2026-10-21", put("top_p", 0.9), "top_p: Extra inputs are not permitted"),
    Case("top_k in 2026-10-21", put("top_k", 5), "top_k: Extra inputs are not permitted"),
    Case("stream as a string", put("stream", "false"), "stream: Input should be a valid boolean"),
    Case("stream as a number", put("stream", 0), "stream: Input should be a valid boolean"),
    # --- sampling (2023-06-01 only)
    Case("temperature above 1", put("temperature", 1.5), "temperature: Input should be less than or equal to 1", version=OLD),
    Case("temperature below 0", put("temperature", -0.1), "temperature: Input should be greater than or equal to 0", version=OLD),
    Case("temperature as a string", put("temperature", "0.5"), "temperature: Input should be a valid number", version=OLD),
    Case("temperature as a boolean", put("temperature", True), "temperature: Input should be a valid number", version=OLD),
    Case("top_p above 1", put("top_p", 1.01), "top_p: Input should be less than or equal to 1", version=OLD),
    Case("top_p below 0", put("top_p", -1), "top_p: Input should be greater than or equal to 0", version=OLD),
    Case("top_k not an integer", put("top_k", 2.5), "top_k: Input should be a valid integer", version=OLD),
    Case("top_k negative", put("top_k", -1), "top_k: Input should be greater than or equal to 0", version=OLD),
    # --- metadata, service_tier
    Case("metadata not an object", put("metadata", "student-1"), "metadata: Input should be a valid dictionary"),
    Case("unknown metadata key", put("metadata", {"user_id": "u1", "session": "s"}),
         "metadata.session: Extra inputs are not permitted"),
    Case("metadata user_id not a string", put("metadata", {"user_id": 42}),
         "metadata.user_id: Input should be a valid string"),
    Case("metadata user_id too long", put("metadata", {"user_id": "u" * 257}),
         "metadata.user_id: String should have at most 256 characters"),
    Case("bogus service_tier", put("service_tier", "priority"), "service_tier: Input should be 'auto' or 'standard_only'"),
    # --- system
    Case("system not text", put("system", 42), "system: Input should be a valid string or a list of text blocks"),
    Case("system block not text", put("system", [{"type": "image"}]),
         "system.0: Input tag 'image' does not match the expected tag 'text'"),
    Case("system second block not text", put("system", [{"type": "text", "text": "a"}, "b"]),
         "system.1: Input tag '<not an object>'"),
    Case("system block without text", put("system", [{"type": "text"}]), "system.0.text: Field required"),
    # --- stop_sequences
    Case("stop_sequences not a list", put("stop_sequences", "STOP"), "stop_sequences: Input should be a list of non-empty strings"),
    Case("empty stop sequence", put("stop_sequences", ["ok", ""]), "stop_sequences: Input should be a list of non-empty strings"),
    Case("stop sequence not a string", put("stop_sequences", [3]), "stop_sequences: Input should be a list of non-empty strings"),
    # --- tools
    Case("tools not a list", put("tools", READ_TOOL), "tools: Input should be a valid list"),
    Case("tool not an object", put("tools", [READ_TOOL, "bash"]), "tools.1: Input should be a valid dictionary"),
    Case("tool without name", put("tools", [{"description": "d", "input_schema": {"type": "object"}}]),
         "tools.0.custom.name: Field required"),
    Case("tool name with a space", put("tools.0.name", "read file"),
         "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"),
    Case("tool name too long", put("tools.0.name", "r" * 129), "tools.0.custom.name: String should match pattern"),
    Case("tool without input_schema", drop("tools.0.input_schema"), "tools.0.custom.input_schema: Field required"),
    Case("input_schema not an object schema", put("tools.0.input_schema", {"type": "string"}),
         "tools.0.custom.input_schema.type: Input should be 'object'"),
    Case("input_schema not a dictionary", put("tools.0.input_schema", "object"),
         "tools.0.custom.input_schema.type: Input should be 'object'"),
    Case("properties not a dictionary", put("tools.0.input_schema.properties", ["filename"]),
         "tools.0.custom.input_schema.properties: Input should be a valid dictionary"),
    Case("unknown tool type", put("tools", [{"type": "web_browser", "name": "b"}]),
         "tools.0: Input tag 'web_browser' found using 'type' does not match any of the expected tags"),
    Case("duplicate tool names", put("tools", [READ_TOOL, READ_TOOL]), "tools: Tool names must be unique (duplicate 'read_file')"),
    Case("typed tool with the wrong name", put("tools", [READ_TOOL, {"type": "bash_20250124", "name": "shell"}]),
         "tools.1.bash_20250124.name: Input should be 'bash'"),
    # --- tool_choice
    Case("tool_choice not an object", put("tool_choice", "auto"),
         "tool_choice: Input should be an object with type 'auto', 'any', 'tool' or 'none'"),
    Case("tool_choice unknown type", put("tool_choice", {"type": "required"}), "tool_choice: Input should be an object with type"),
    Case("tool_choice extra key", put("tool_choice", {"type": "auto", "parallel": False}),
         "tool_choice.auto.parallel: Extra inputs are not permitted"),
    Case("tool_choice none with a flag", put("tool_choice", {"type": "none", "disable_parallel_tool_use": True}),
         "tool_choice.none.disable_parallel_tool_use: Extra inputs are not permitted"),
    Case("disable_parallel_tool_use not a boolean", put("tool_choice", {"type": "any", "disable_parallel_tool_use": "yes"}),
         "tool_choice.any.disable_parallel_tool_use: Input should be a valid boolean"),
    Case("tool_choice tool without name", put("tool_choice", {"type": "tool"}), "tool_choice.tool.name: Field required"),
    Case("tool_choice naming an unknown tool", put("tool_choice", {"type": "tool", "name": "delete_everything"}),
         "tool_choice: Tool 'delete_everything' not found in tools"),
    Case("tool_choice any without tools", both(drop("tools"), put("tool_choice", {"type": "any"}), only_user("hi")),
         "tool_choice: tool_choice may only be specified while providing tools"),
    # --- thinking
    Case("thinking unknown type", put("thinking", {"type": "on"}), "thinking: Input tag 'on' found using 'type'"),
    Case("thinking not an object", put("thinking", True), "thinking: Input tag '<not an object>'"),
    Case("thinking extra key", put("thinking", {"type": "disabled", "budget_tokens": 2000}),
         "thinking.disabled.budget_tokens: Extra inputs are not permitted"),
    Case("thinking display not a string", put("thinking", {"type": "adaptive", "display": 5}),
         "thinking.adaptive.display: Input should be 'summarized' or 'omitted'"),
    Case("thinking without budget", put("thinking", {"type": "enabled"}), "thinking.enabled.budget_tokens: Field required"),
    Case("thinking budget not an integer", put("thinking", {"type": "enabled", "budget_tokens": "2000"}),
         "thinking.enabled.budget_tokens: Input should be a valid integer"),
    Case("thinking budget below 1024", put("thinking", {"type": "enabled", "budget_tokens": 1023}),
         "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"),
    Case("thinking budget equal to max_tokens", put("thinking", {"type": "enabled", "budget_tokens": 2000}),
         "`max_tokens` must be greater than `thinking.budget_tokens`"),
    Case("thinking budget above max_tokens", put("thinking", {"type": "enabled", "budget_tokens": 4000}),
         "`max_tokens` must be greater than `thinking.budget_tokens`"),
    Case("thinking with temperature below 1", put("temperature", 0.7),
         "`temperature` may only be set to 1 when thinking is enabled", version=OLD, base=_thinking_loop),
    Case("thinking with top_k", put("top_k", 40), "`top_k` must be unset when thinking is enabled",
         version=OLD, base=_thinking_loop),
    Case("thinking with top_p below 0.95", put("top_p", 0.9), "`top_p` must be unset or between 0.95 and 1",
         version=OLD, base=_thinking_loop),
    Case("thinking with forced tool use (any)", put("tool_choice", {"type": "any"}),
         "Thinking may not be enabled when tool_choice forces tool use.", base=_thinking_loop),
    Case("thinking with forced tool use (tool)", put("tool_choice", {"type": "tool", "name": "read_file"}),
         "Thinking may not be enabled when tool_choice forces tool use.", base=_thinking_loop),
    Case("adaptive thinking with forced tool use", both(put("thinking", {"type": "adaptive"}), put("tool_choice", {"type": "any"})),
         "Thinking may not be enabled when tool_choice forces tool use.", base=_thinking_loop),
    # --- messages, as a whole
    Case("missing messages", drop("messages"), "messages: Field required"),
    Case("messages not a list", put("messages", {"role": "user", "content": "hi"}), "messages: Input should be a valid list"),
    Case("empty messages", put("messages", []), "messages: at least one message is required"),
    Case("message not an object", put("messages", [{"role": "user", "content": "hi"}, "hello"]),
         "messages.1: Input should be a valid dictionary"),
    Case("bad role", message(0, "x", role="tool"), "messages.0.role: Input should be 'user' or 'assistant'"),
    Case("a system message with a tool result", put("messages", [
        {"role": "system", "content": [_result("t1")]}, {"role": "user", "content": "hi"}]),
         "messages.0.content.0: Input tag 'tool_result' does not match the expected tag 'text'"),
    Case("only a system message", put("messages", [{"role": "system", "content": "Be brief."}]),
         "messages: at least one user message is required"),
    Case("content missing", put("messages.2", {"role": "user"}), "messages.2.content: Field required"),
    Case("content a number", put("messages.2.content", 5), "messages.2.content: Field required"),
    Case("empty middle message", put("messages.1.content", []),
         "messages.1: all messages must have non-empty content except for the optional final assistant message"),
    Case("empty user string", only_user(""),
         "messages.0: all messages must have non-empty content except for the optional final assistant message"),
    Case("empty final user message", put("messages.2.content", []),
         "messages.2: all messages must have non-empty content except for the optional final assistant message"),
    Case("whitespace-only string content", only_user("  \n\t "), "messages: text content blocks must contain non-whitespace text"),
    Case("final assistant ending in whitespace", put("messages", [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": "Sure, "}]),
        "messages: final assistant content cannot end with trailing whitespace"),
    Case("final assistant block ending in whitespace", put("messages", [
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": [{"type": "text", "text": "Sure\n"}]}]),
        "messages: final assistant content cannot end with trailing whitespace"),
    # --- content blocks
    Case("block not an object", message(0, ["Read a"]), "messages.0.content.0: Input should be a valid dictionary"),
    Case("unknown content block type", message(0, [{"type": "video", "text": "x"}]),
         "messages.0.content.0: Input tag 'video' found using 'type' does not match any of the expected tags"),
    Case("text block without text", message(0, [{"type": "text", "text": "a"}, {"type": "text"}]),
         "messages.0.content.1.text: Field required"),
    Case("empty text block", message(0, [{"type": "text", "text": ""}]), "messages: text content blocks must be non-empty"),
    Case("cache_control on an empty text block", message(0, [{"type": "text", "text": "Read a"}, {"type": "text", "text": "", "cache_control": cached()}]),
         "messages.0.content.1.text: cache_control cannot be set for empty text blocks"),
    Case("cache_control on an empty tool result text", put("messages.2.content.0.content", [{"type": "text", "text": "", "cache_control": cached()}]),
         "messages.2.content.0.content.0.text: cache_control cannot be set for empty text blocks"),
    Case("cache_control on a tool result's first of two blocks", put("messages.2.content.0.content", [
        {"type": "text", "text": "x", "cache_control": cached()}, {"type": "text", "text": "y"}]),
         "messages.2.content.0.content.0.cache_control: inside a tool_result's content only the last block may carry cache_control"),
    Case("an empty system block", put("system", [{"type": "text", "text": "Be brief."}, {"type": "text", "text": ""}]),
         "system: text content blocks must be non-empty"),
    Case("cache_control on an empty system block", put("system", [{"type": "text", "text": "", "cache_control": cached()}]),
         "system.0.text: cache_control cannot be set for empty text blocks"),
    Case("an image of a media type the API does not take", message(0, [IMAGE("image/bmp"), {"type": "text", "text": "What is this?"}]),
         "messages.0.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"),
    Case("a screenshot of a bad media type in a tool result", put("messages.2.content.0.content", [IMAGE("image/heic")]),
         "messages.2.content.0.tool_result.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', "
         "'image/gif' or 'image/webp'"),
    Case("an image without a source", message(0, [{"type": "image"}]), "messages.0.content.0.image.source: Field required"),
    Case("an image with a local path", message(0, [{"type": "image", "source": {"type": "path", "path": "a.png"}}]),
         "messages.0.content.0.image.source: Input tag 'path' found using 'type' does not match any of the expected tags: "
         "'base64', 'url', 'file'"),
    Case("an image without its data", message(0, [{"type": "image", "source": {"type": "base64", "media_type": "image/png"}}]),
         "messages.0.content.0.image.source.base64.data: Field required"),
    Case("a base64 document that is not a PDF", message(0, [{"type": "document", "source": {
        "type": "base64", "media_type": "audio/ogg", "data": "AAAA"}}, {"type": "text", "text": "Transcribe"}]),
         "messages.0.content.0.document.source.base64.media_type: Input should be 'application/pdf'"),
    Case("whitespace-only text block", message(0, [{"type": "text", "text": " \n "}]),
         "messages: text content blocks must contain non-whitespace text"),
    Case("tool_use without id", drop("messages.1.content.1.id"), "messages.1.content.1.id: Field required"),
    Case("tool_use without name", drop("messages.1.content.1.name"), "messages.1.content.1.name: Field required"),
    Case("tool_use input not an object", put("messages.1.content.1.input", "a"),
         "messages.1.content.1.input: Input should be a valid dictionary"),
    Case("tool_use id breaking the pattern", both(put("messages.1.content.1.id", "call 1"), put("messages.2.content.0.tool_use_id", "call 1")),
         "messages.1.content.1.id: String should match pattern '^[a-zA-Z0-9_-]+$'"),
    Case("tool_use id with a dot", both(put("messages.1.content.1.id", "toolu.1"), put("messages.2.content.0.tool_use_id", "toolu.1")),
         "messages.1.content.1.id: String should match pattern"),
    Case("tool_result without tool_use_id", drop("messages.2.content.0.tool_use_id"), "messages.2.content.0.tool_use_id: Field required"),
    Case("tool_use_id breaking the pattern", put("messages.2.content.0.tool_use_id", "t 1"),
         "messages.2.content.0.tool_use_id: String should match pattern"),
    Case("tool_result content of a bad type", put("messages.2.content.0.content", [{"type": "tool_use"}]),
         "messages.2.content.0.content.0: Input tag 'tool_use' does not match the expected tags"),
    Case("tool_result content part not an object", put("messages.2.content.0.content", ["text of a"]),
         "messages.2.content.0.content.0: Input tag '<not an object>'"),
    Case("tool_result content neither string nor list", put("messages.2.content.0.content", 42),
         "messages.2.content.0.content: Input should be a valid string or a list of blocks"),
    Case("tool_result text part without text", put("messages.2.content.0.content", [{"type": "text"}]),
         "messages.2.content.0.content.0.text: Field required"),
    Case("tool_result text part empty", put("messages.2.content.0.content", [{"type": "text", "text": ""}]),
         "messages: text content blocks must be non-empty"),
    Case("tool_result text part whitespace", put("messages.2.content.0.content", [{"type": "text", "text": "  "}]),
         "messages: text content blocks must contain non-whitespace text"),
    Case("is_error not a boolean", put("messages.2.content.0.is_error", "true"),
         "messages.2.content.0.is_error: Input should be a valid boolean"),
    Case("thinking block without signature", put("messages.1.content", [{"type": "thinking", "thinking": "x"}, _tool_use("t1")]),
         "messages.1.content.0.signature: Field required"),
    Case("thinking block without thinking", put("messages.1.content", [{"type": "thinking", "signature": "s"}, _tool_use("t1")]),
         "messages.1.content.0.thinking: Field required"),
    Case("redacted_thinking without data", put("messages.1.content", [{"type": "redacted_thinking"}, _tool_use("t1")]),
         "messages.1.content.0.data: Field required"),
    # --- API version 2026-10-21
    Case("document block in an assistant message", put("messages.1.content", [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}}, _tool_use("t1")]),
        "messages.1.content.0: document blocks cannot be sent in assistant messages"),
    Case("document block after text in an assistant message", put("messages.1.content", [
        {"type": "text", "text": "ok"}, {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}},
        _tool_use("t1")]), "messages.1.content.1: document blocks cannot be sent in assistant messages"),
    Case("citations on user text", message(0, [{"type": "text", "text": "Read a", "citations": [{"type": "char_location"}]}]),
         "messages.0.content.0: text blocks in user messages cannot carry citations"),
    Case("citations inside a search result", message(0, [{"type": "search_result", "source": "s", "title": "t", "content": [
        {"type": "text", "text": "x", "citations": [{"type": "char_location"}]}]}]),
        "messages.0.content.0: text blocks in user messages cannot carry citations"),
    # --- prompt caching
    Case("top-level cache_control of an unknown type", put("cache_control", {"type": "persistent"}),
         "cache_control.type: Input should be 'ephemeral'"),
    Case("cache_control not an object", put("tools.0.cache_control", "ephemeral"), "tools.0.cache_control: Input should be a valid dictionary"),
    Case("unknown cache type on a block", put("messages.2.content.0.cache_control", {"type": "persistent"}),
         "messages.2.content.0.cache_control.type: Input should be 'ephemeral'"),
    Case("unknown cache ttl", put("system", [{"type": "text", "text": "s", "cache_control": cached("10m")}]),
         "system.0.cache_control.ttl: Input should be '5m' or '1h'"),
    Case("cache_control extra key", put("tools.0.cache_control", {"type": "ephemeral", "scope": "global"}),
         "tools.0.cache_control.scope: Extra inputs are not permitted"),
    Case("five cache breakpoints", both(
        put("tools.0.cache_control", cached()),
        put("system", [{"type": "text", "text": "a", "cache_control": cached()}, {"type": "text", "text": "b", "cache_control": cached()}]),
        put("messages.0.content", [{"type": "text", "text": "Read a", "cache_control": cached()}]),
        put("messages.2.content.0.content", [{"type": "text", "text": "x", "cache_control": cached()}])),
        "A maximum of 4 blocks with cache_control may be provided. Found 5."),
    Case("1-hour breakpoint after a 5-minute one", both(
        put("tools.0.cache_control", cached()),
        put("messages.2.content.0.cache_control", cached("1h"))),
        "messages.2.content.0.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block"),
    Case("1-hour system breakpoint after a default tool breakpoint", both(
        put("tools.0.cache_control", {"type": "ephemeral"}),
        put("system", [{"type": "text", "text": "s", "cache_control": cached("1h")}])),
        "system.0.cache_control.ttl: a ttl='1h' cache_control block must not come after"),
    # --- the tool protocol
    Case("tool_result with unknown id", message(2, [_result("t1"), _result("t9")]),
         "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: t9"),
    Case("tool_use left unanswered", message(2, "what now?"),
         "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: t1"),
    Case("text before the tool_result", message(2, [{"type": "text", "text": "here"}, _result("t1")]),
         "messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message"),
    Case("one of two calls unanswered", both(put("messages.1.content", [_tool_use("t1"), _tool_use("t2")]), message(2, [_result("t1")])),
         "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: t2"),
    Case("text between two results", both(put("messages.1.content", [_tool_use("t1"), _tool_use("t2")]),
                                          message(2, [_result("t1"), {"type": "text", "text": "and"}, _result("t2")])),
         "messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message"),
    Case("a tool_use in a user message", put("messages", [{"role": "user", "content": [{"type": "text", "text": "x"}, _tool_use("t0")]}]),
         "messages.0: `tool_use` blocks can only be in `assistant` messages"),
    Case("a tool_result in an assistant message", lambda body: body["messages"].append(
        {"role": "assistant", "content": [_result("t1")]}), "messages.3: `tool_result` blocks can only be in `user` messages"),
    Case("tool results sent as the assistant", put("messages.2.role", "assistant"),
         "messages.2: `tool_result` blocks can only be in `user` messages"),
    Case("two calls with one id", both(put("messages.1.content", [_tool_use("t1"), _tool_use("t1")]), message(2, [_result("t1")])),
         "messages.1.content.1: `tool_use` ids must be unique"),
    Case("an id used again in a later turn", lambda body: body["messages"].extend([
        {"role": "assistant", "content": [_tool_use("t1")]}, {"role": "user", "content": [_result("t1")]}]),
         "messages.3.content.0: `tool_use` ids must be unique"),
    Case("a result for a call two turns back", lambda body: body["messages"].extend([
        {"role": "assistant", "content": [_tool_use("t2")]}, {"role": "user", "content": [_result("t1")]}]),
         "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: t1"),
    Case("trailing assistant tool_use", drop("messages.2"),
         "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: t1"),
    # --- the thinking protocol
    Case("tool loop that drops the thinking block", drop("messages.1.content.0"),
         "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is enabled, "
         "a final `assistant` message must start with a thinking block", base=_thinking_loop),
    Case("tool loop whose thinking was altered", put("messages.1.content.0.thinking", "I should delete a."),
         "messages.1.content.0: Invalid `signature` in `thinking` block", base=_thinking_loop),
    Case("thinking with a forged signature", put("messages.1.content.0.signature", "tutor1.abc.def"),
         "messages.1.content.0: Invalid `signature` in `thinking` block", base=_thinking_loop),
    Case("thinking after text in an assistant message", put("messages.1.content", [{"type": "text", "text": "ok"}, _signed(), _tool_use("t1")]),
         "messages.1.content.1: If an assistant message contains any thinking blocks, the first block must be thinking or "
         "redacted_thinking. Found text.", base=_thinking_loop),
    Case("thinking after a text and a call", put("messages.1.content", [{"type": "text", "text": "ok"}, _tool_use("t1"), _signed()]),
         "messages.1.content.2: If an assistant message contains any thinking blocks, the first block must be thinking or "
         "redacted_thinking. Found text.", base=_thinking_loop),
    Case("a loop continued with results and text drops its thinking", both(
        put("messages.2.content", [_result("t1"), {"type": "text", "text": "also read b"}]),
        lambda body: body["messages"].extend([{"role": "assistant", "content": [_tool_use("t2")]},
                                              {"role": "user", "content": [_result("t2")]}]),
        drop("messages.1.content.0")),
        "messages.1.content.0.type: Expected `thinking`", base=_thinking_loop),
    Case("prefill with thinking while thinking is off", put("messages", [{"role": "user", "content": "hi"},
                                                                         {"role": "assistant", "content": [_signed(), {"type": "text", "text": "Sure"}]}]),
         "messages.1.content.0: When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`"),
    Case("final assistant message ending in thinking", put("messages", [{"role": "user", "content": "hi"},
                                                                       {"role": "assistant", "content": [_signed()]}]),
         "messages.1: The final block in an assistant message cannot be `thinking`.", base=_thinking_loop),
    # --- count_tokens
    Case("count_tokens with max_tokens", lambda body: None, "max_tokens: Extra inputs are not permitted", count_only=True),
    Case("count_tokens with stream", both(drop("max_tokens"), put("stream", False)), "stream: Extra inputs are not permitted", count_only=True),
    Case("count_tokens with temperature", both(drop("max_tokens"), put("temperature", 1)), "temperature: Extra inputs are not permitted",
         count_only=True, version=OLD),
    Case("count_tokens validates the messages", both(drop("max_tokens"), put("messages", [])), "messages: at least one message is required",
         count_only=True),
    # --- the model
    Case("misspelt model", put("model", "claude-sonet-4-6"), "model: claude-sonet-4-6", status=404, error_type="not_found_error"),
    Case("unknown model for count_tokens", both(drop("max_tokens"), put("model", "gpt-4o")), "model: gpt-4o",
         status=404, error_type="not_found_error", count_only=True),
    Case("the tutor's own model name", put("model", "tutor:claude-sonnet-4-6"), "model: tutor:claude-sonnet-4-6",
         status=404, error_type="not_found_error"),
]

ACCEPTED = [
    Case("the base tool loop", lambda body: None),
    # Newer than the docs (and than some SDKs): Claude Code sends both; the tutor accepts them.
    Case("a thinking display newer than the SDK", both(put("thinking", {"type": "adaptive", "display": "highlights"}),
                                                      put("messages", [{"role": "user", "content": "hi"}]))),
    Case("a system message before the first user message", put("messages", [
        {"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}])),
    Case("max_tokens of 1", put("max_tokens", 1)),
    Case("stream false", put("stream", False)),
    Case("stream null", put("stream", None)),
    Case("temperature 0 and top_p 1 in 2023-06-01", both(put("temperature", 0), put("top_p", 1), put("top_k", 0)), version=OLD),
    Case("temperature 1 in 2023-06-01", put("temperature", 1), version=OLD),
    Case("metadata with a user_id of 256 characters", put("metadata", {"user_id": "u" * 256})),
    Case("metadata with a null user_id", put("metadata", {"user_id": None})),
    Case("a tool name of 128 characters", put("tools.0.name", "r" * 128)),
    Case("service tier auto", put("service_tier", "auto")),
    Case("service tier standard_only", put("service_tier", "standard_only")),
    Case("system as text blocks", put("system", [{"type": "text", "text": "Be brief."}])),
    Case("system as a string", put("system", "Be brief.")),
    Case("temperature 0.5 with thinking disabled in 2023-06-01", both(put("temperature", 0.5), put("top_k", 3),
                                                                       put("thinking", {"type": "disabled"})), version=OLD),
    Case("a user message ending in whitespace", message(2, [_result("t1"), {"type": "text", "text": "go on\n"}])),
    Case("citations on assistant text", put("messages.1.content.0", {"type": "text", "text": "ok", "citations": [{"type": "char_location"}]})),
    Case("results without cache_control beside four breakpoints", both(
        put("tools.0.cache_control", cached()),
        put("system", [{"type": "text", "text": "a", "cache_control": cached()}]),
        put("messages.0.content", [{"type": "text", "text": "Read a", "cache_control": cached()}]),
        put("messages.2.content.0", {**_result("t1", [{"type": "text", "text": "x"}, {"type": "text", "text": "y"}]),
                                     "cache_control": cached()}))),
    Case("an empty final assistant message with thinking on", put("messages", [{"role": "user", "content": "hi"},
                                                                              {"role": "assistant", "content": []}]),
         base=_thinking_loop),
    Case("tool_choice auto with the flag", put("tool_choice", {"type": "auto", "disable_parallel_tool_use": True})),
    Case("tool_choice none without tools", both(drop("tools"), put("tool_choice", {"type": "none"}), only_user("hi"))),
    Case("tool_choice tool", put("tool_choice", {"type": "tool", "name": "read_file", "disable_parallel_tool_use": False})),
    Case("typed client tools", put("tools", [
        {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}, {"type": "bash_20250124", "name": "bash"},
        {**READ_TOOL, "name": "read_file"}])),
    Case("a schema without properties", put("tools.0.input_schema", {"type": "object"})),
    Case("thinking budget of 1024", put("thinking", {"type": "enabled", "budget_tokens": 1024}), base=_thinking_loop),
    Case("thinking budget just below max_tokens", put("thinking", {"type": "enabled", "budget_tokens": 1999}), base=_thinking_loop),
    Case("thinking disabled with a plain loop", put("thinking", {"type": "disabled"})),
    Case("thinking with temperature 1 and top_p 0.95", both(put("temperature", 1), put("top_p", 0.95)), version=OLD, base=_thinking_loop),
    Case("thinking with tool_choice auto", put("tool_choice", {"type": "auto"}), base=_thinking_loop),
    Case("redacted thinking opening the loop", put("messages.1.content.0", {"type": "redacted_thinking", "data": "EmwKAhgB..."}),
         base=_thinking_loop),
    Case("omitted thinking text kept with its signature", put("messages.1.content.0", _signed("")), base=_thinking_loop),
    Case("thinking not needed after a new user turn", both(
        put("messages", [{"role": "user", "content": "Read a"},
                         {"role": "assistant", "content": "Done."},
                         {"role": "user", "content": "Thanks, now summarize."}]),
        put("thinking", {"type": "enabled", "budget_tokens": 1024}))),
    Case("older thinking blocks kept in history", both(
        put("messages", [{"role": "user", "content": "hi"},
                         {"role": "assistant", "content": [_signed(), {"type": "text", "text": "Hello."}]},
                         {"role": "user", "content": "Read a"}]))),
    Case("empty final assistant message", put("messages", [{"role": "user", "content": "hi"}, {"role": "assistant", "content": ""}])),
    # The API reference for 2026-10-21 documents no rule about the first message's role.
    Case("an assistant message first", put("messages", [
        {"role": "assistant", "content": "Hello! What shall we work on?"}, {"role": "user", "content": "Read a"}])),
    Case("only an assistant message (a prefill)", put("messages", [{"role": "assistant", "content": "Sure"}])),
    Case("prefill", put("messages", [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Sure"}])),
    Case("images of every media type the API takes, and by URL", message(0, [
        *(IMAGE(t) for t in ("image/jpeg", "image/png", "image/gif", "image/webp")),
        {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}, {"type": "text", "text": "Compare"}])),
    Case("cache_control on a tool result's last block", put("messages.2.content.0.content", [
        {"type": "text", "text": "x"}, {"type": "text", "text": "y", "cache_control": cached()}])),
    Case("a screenshot in a tool result", put("messages.2.content.0.content", [IMAGE("image/png"), {"type": "text", "text": "ok"}])),
    # Since 27 February 2025 the API takes tool_use / tool_result blocks without `tools`.
    Case("a tool loop without tools", drop("tools")),
    Case("a tool loop with an empty tools list", put("tools", [])),
    Case("a tool loop without tools and tool_choice none", both(drop("tools"), put("tool_choice", {"type": "none"}))),
    Case("a PDF document", message(0, [{"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0="}},
                                       {"type": "text", "text": "Summarize"}])),
    Case("document in a user message", message(0, [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}},
                                                   {"type": "text", "text": "Summarize"}])),
    Case("document in an assistant message in 2023-06-01", put("messages.1.content", [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "x"}}, _tool_use("t1")]), version=OLD),
    Case("citations on user text in 2023-06-01", message(0, [{"type": "text", "text": "Read a", "citations": [{"type": "char_location"}]}]),
         version=OLD),
    Case("empty citations on user text", message(0, [{"type": "text", "text": "Read a", "citations": []}])),
    Case("four cache breakpoints", both(
        put("tools.0.cache_control", cached("1h")),
        put("system", [{"type": "text", "text": "a", "cache_control": cached("1h")}]),
        put("messages.0.content", [{"type": "text", "text": "Read a", "cache_control": cached()}]),
        put("messages.2.content.0.content", [{"type": "text", "text": "x", "cache_control": cached("5m")}]))),
    Case("top-level automatic caching", put("cache_control", {"type": "ephemeral", "ttl": "1h"})),
    Case("beta fields on the beta endpoint", put("context_management", {"edits": []}), beta=True),
    Case("structured outputs' older field", put("output_format", {"type": "json_schema", "schema": {"type": "object"}})),
    Case("count_tokens without max_tokens", drop("max_tokens"), count_only=True),
    Case("a dated model id", put("model", "claude-haiku-4-5-20251001")),
    Case("API version 2023-01-01", put("metadata", {"user_id": "u"}), version="2023-01-01"),
    Case("a model alias", put("model", "claude-sonnet-4-5")),
]


def _apply(case: Case) -> dict:
    body = case.base()
    case.change(body)
    if case.count_only and "max_tokens" in body and "count_tokens with max_tokens" not in case.name:
        del body["max_tokens"]
    return body


@pytest.mark.parametrize("case", REFUSED, ids=[c.name for c in REFUSED])
def test_rule_refuses_with_the_api_status_type_and_message(case):
    problem = check_request(_apply(case), count_only=case.count_only, beta=case.beta, version=case.version)
    assert problem is not None, f"{case.name}: accepted"
    assert (problem.status, problem.error_type) == (case.status, case.error_type)
    assert case.expected in problem.message


@pytest.mark.parametrize("case", ACCEPTED, ids=[c.name for c in ACCEPTED])
def test_valid_edge_is_accepted(case):
    assert check_request(_apply(case), count_only=case.count_only, beta=case.beta, version=case.version) is None


def test_any_model_skips_only_the_model_check():
    body = _valid()
    body["model"] = "my-local-model"
    assert check_request(body, any_model=True) is None
    body["max_tokens"] = 0
    assert check_request(body, any_model=True).message == "max_tokens: Input should be greater than or equal to 1"


def test_check_messages_request_returns_the_400_message_only():
    body = _valid()
    body["model"] = "not-a-model"
    assert check_messages_request(body) is None  # the 404 is check_request's
    del body["messages"]
    assert check_messages_request(body) == "messages: Field required"


# ----------------------------------------------------------------------------- through the SDK


@pytest.fixture(scope="module")
def sdk():
    reply = {"content": [{"type": "text", "text": "fine"}], "stop_reason": "end_turn"}
    with serve(TutorConfig(respond=lambda request: reply)) as url:
        yield anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0)


def _send(client: anthropic.Anthropic, case: Case, body: dict) -> object:
    path = "/v1/messages/count_tokens" if case.count_only else "/v1/messages"
    options = {"headers": {"anthropic-version": case.version}}
    if case.beta:
        options["params"] = {"beta": "true"}
    return client.post(path, body=body, cast_to=object if case.count_only else Message, options=options)


ERRORS = {400: anthropic.BadRequestError, 404: anthropic.NotFoundError}


@pytest.mark.parametrize("case", REFUSED, ids=[c.name for c in REFUSED])
def test_sdk_gets_the_api_error_for_each_rule(sdk, case):
    with pytest.raises(ERRORS[case.status]) as caught:
        _send(sdk, case, _apply(case))
    body = caught.value.body
    assert caught.value.status_code == case.status and body["type"] == "error"
    assert body["error"]["type"] == case.error_type
    assert case.expected in body["error"]["message"]
    assert body["request_id"].startswith("req_tutor_")


@pytest.mark.parametrize("case", ACCEPTED, ids=[c.name for c in ACCEPTED])
def test_sdk_gets_an_answer_for_each_valid_edge(sdk, case):
    answer = _send(sdk, case, _apply(case))
    assert answer["input_tokens"] > 0 if case.count_only else answer.type == "message"


def test_consecutive_user_messages_are_merged_like_the_api(sdk):
    body = _valid()
    body["messages"][2:] = [
        {"role": "user", "content": [_result("t1")]},
        {"role": "user", "content": "and now summarize"},
    ]
    assert check_messages_request(body) is None
    assert sdk.post("/v1/messages", body=body, cast_to=Message).stop_reason == "end_turn"


def test_parallel_results_in_any_order_are_accepted():
    body = _valid()
    body["messages"][1]["content"].append(_tool_use("t2"))
    body["messages"][2]["content"] = [_result("t2"), _result("t1")]
    assert check_messages_request(body) is None


def test_text_after_the_results_is_accepted():
    body = _valid()
    body["messages"][2]["content"].append({"type": "text", "text": "keep going"})
    assert check_messages_request(body) is None


def test_each_result_in_its_own_user_message_is_merged_and_accepted():
    body = _valid()
    body["messages"][1]["content"].append(_tool_use("t2"))
    body["messages"][2:] = [
        {"role": "user", "content": [_result("t1")]},
        {"role": "user", "content": [_result("t2")]},
    ]
    assert check_messages_request(body) is None


def test_the_later_of_two_tool_turns_is_blamed():
    body = _valid()
    body["messages"] += [
        {"role": "assistant", "content": [_tool_use("t2")]},
        {"role": "user", "content": "no results this time"},
    ]
    assert check_messages_request(body).startswith("messages.3: `tool_use` ids were found without")


def test_thinking_required_only_at_the_start_of_the_turn():
    """Within one tool loop, only the first assistant message must open with thinking."""
    body = _thinking_loop()
    body["messages"] += [
        {"role": "assistant", "content": [_tool_use("t2")]},
        {"role": "user", "content": [_result("t2")]},
    ]
    assert check_messages_request(body) is None
    del body["messages"][1]["content"][0]
    assert check_messages_request(body).startswith("messages.1.content.0.type: Expected `thinking`")


def test_fields_the_sdk_and_course_send_are_accepted(sdk):
    body = _valid()
    body["messages"][0] = {
        "role": "user",
        "content": [{"type": "text", "text": "Read a", "cache_control": {"type": "ephemeral"}}],
    }
    body["messages"][2]["content"] = [
        {
            "type": "tool_result",
            "tool_use_id": "t1",
            "content": [{"type": "text", "text": "Error: no such file"}],
            "is_error": True,
        }
    ]
    body.update(
        system=[{"type": "text", "text": "You are a coding agent.", "cache_control": {"type": "ephemeral"}}],
        metadata={"user_id": "student-1"},
        tool_choice={"type": "auto"},
        thinking={"type": "disabled"},
        stop_sequences=["\nHuman:"],
        service_tier="auto",
    )
    assert check_messages_request(copy.deepcopy(body)) is None
    assert sdk.post("/v1/messages", body=body, cast_to=Message).content[0].text == "fine"


def test_count_tokens_does_not_need_max_tokens(sdk):
    count = sdk.messages.count_tokens(model=MODEL, messages=[{"role": "user", "content": "hello"}])
    assert count.input_tokens > 0


def test_count_tokens_validates_too(sdk):
    with pytest.raises(anthropic.BadRequestError, match="at least one message"):
        sdk.messages.count_tokens(model=MODEL, messages=[])


def test_a_tool_history_without_tools_gets_a_reply_from_the_brain():
    """The API takes tool blocks without `tools` since 27 February 2025 (a summary call that
    drops the tools keeps working); the tutor's brain then answers without calling one."""
    body = _valid()
    del body["tools"]
    body["messages"].append({"role": "assistant", "content": "a says hello"})
    body["messages"].append({"role": "user", "content": "Summarise the conversation so far."})
    with serve() as url:
        client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0)
        reply = client.messages.create(**body)
    assert reply.stop_reason == "end_turn"
    assert [b.type for b in reply.content] == ["text"] and reply.content[0].text.strip()


def test_values_newer_than_the_sdk_are_reported_not_refused():
    body = {"model": "claude-sonnet-4-6", "max_tokens": 100,
            "thinking": {"type": "adaptive", "display": "highlights"},
            "messages": [{"role": "user", "content": "hi"}, {"role": "system", "content": "Be brief."}]}
    assert check_request(body) is None
    assert newer_values(body) == ["thinking.display 'highlights'"]  # this SDK knows role "system"


def test_the_installed_sdks_vocabulary_is_the_floor():
    # Every value the SDK's request types allow is accepted: an SDK upgrade needs no change here.
    floor = vocabulary.floor()
    assert {"summarized", "omitted"} <= floor["display"] and {"user", "assistant"} <= floor["roles"]
    for display in floor["display"]:
        body = {"model": "claude-sonnet-4-6", "max_tokens": 100, "thinking": {"type": "adaptive", "display": display},
                "messages": [{"role": "user", "content": "hi"}]}
        assert check_request(body) is None and newer_values(body) == []
    for kind, name in tool_rules.sdk_tools().items():
        tool = {"type": kind, "name": name or "a_tool"}
        assert check_request({"model": "claude-sonnet-4-6", "max_tokens": 100, "tools": [tool],
                              "messages": [{"role": "user", "content": "hi"}]}, beta=True) is None, kind
    fields = floor["fields"] - {"stream"}
    assert fields and fields <= validate.KNOWN_FIELDS | floor["fields"]
    assert floor["version"] in validate.versions()
