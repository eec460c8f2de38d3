"""The tutor's token estimate and its prompt-cache simulation.

One estimator for everything (usage, count_tokens, max_tokens cuts, caching):

    tokens(text)  = ceil(characters / 4)
    tokens(block) = ceil(characters of its canonical JSON / 4)   (tool results: their text)

A request is cut into pieces in the order the API processes it (tools, then
system, then messages): one piece per tool definition, per system text block and
per message content block, plus a small fixed cost per message (its role) and a
fixed overhead when tools are present (the hidden tool-use system prompt). The
`cache_control` markers are left out of the serialization, so marking a
breakpoint never changes a count. docs/TUTOR.md states how far this is from the
real tokenizer.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentcourse.tutor.speak import model_table

CHARS_PER_TOKEN = 4  # the usual rule of thumb for English text and code
MESSAGE_OVERHEAD = 3  # role marker and turn separators, per message
REQUEST_OVERHEAD = 4  # start and end of the prompt, once per request
# The hidden tool-use system prompt the API adds when `tools` is given, per model:
# (tool_choice auto or none, tool_choice any or tool). From the table in Anthropic's tool
# use docs ("Tool use with Claude", Pricing: "Tool use system prompt token count").
TOOL_PROMPT_TOKENS = {
    "claude-opus-4-8": (290, 410),
    "claude-opus-4-7": (675, 804),
    "claude-opus-4-6": (497, 589),
    "claude-opus-4-5": (496, 588),
    "claude-opus-4-1": (313, 315),
    "claude-opus-4": (313, 315),
    "claude-sonnet-5": (354, 474),
    "claude-sonnet-4-6": (497, 589),
    "claude-sonnet-4-5": (496, 588),
    "claude-sonnet-4": (313, 315),
    "claude-haiku-4-5": (496, 588),
    "claude-3-5-haiku": (264, 355),
}
# Models the table does not list (the docs are silent): the course model's figures.
DEFAULT_TOOL_PROMPT = TOOL_PROMPT_TOKENS["claude-sonnet-4-6"]
TYPED_TOOL_TOKENS = {  # input tokens an Anthropic-schema client tool adds, per the tools' docs
    # bash tool docs, Pricing: 244 input tokens for Claude 4.6 models and earlier; Claude Opus
    # 4.7 and later models: 325 (typed_tool_tokens picks by model)
    "bash_20250124": 244,
    # text editor docs, "Pricing and token usage": 700 for text_editor_20250429 (Claude 4.x)
    # and text_editor_20250124; 20250728 is the same tool for Claude 4.x, not listed apart
    "text_editor_20250728": 700,
    "text_editor_20250429": 700,
    "text_editor_20250124": 700,
}
LATER_TOOL_TOKENS = {"bash_20250124": 325}  # the same tools for Opus 4.7 and later models
# Models released with or after Claude Opus 4.7 (the tokenizer of Claude 4.7 and later).
LATER_MODELS = re.compile(r"claude-(?:opus-4-[78]|(?:opus|sonnet|haiku|fable|mythos)-5)\b")
# The shortest prefix the API caches, per model (prompt caching docs, "Cache limitations").
# A model not listed here gets the largest documented minimum: the tutor would rather miss
# a cache hit the API gives than show one it does not.
MIN_CACHEABLE = {
    **dict.fromkeys(("claude-opus-4-7", "claude-opus-4-6", "claude-opus-4-5", "claude-haiku-4-5"), 4096),
    **dict.fromkeys(("claude-opus-4-8", "claude-sonnet-4-6", "claude-sonnet-4-5", "claude-opus-4-1",
                     "claude-opus-4", "claude-sonnet-4"), 1024),
}
UNKNOWN_MIN_CACHEABLE = 4096
CACHE_TTL = {"5m": 300.0, "1h": 3600.0}  # lifetime of a cache entry, refreshed on each hit
# Block boundaries checked for a hit at each breakpoint, the breakpoint's own counted as the
# first (prompt caching docs): the breakpoint and the 19 before it. Only entries earlier
# requests wrote are found: a request's own writes come after its reads.
LOOKBACK = 20


def count_text(text: str) -> int:
    """Tokens in a string: ceil(len/4); the empty string costs nothing."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def canonical(value: Any) -> str:
    """The JSON serialization every estimate is taken over (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _strip_cache_control(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_cache_control(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [_strip_cache_control(v) for v in value]
    return value


@dataclass
class Piece:
    """One unit of the prompt, in API order."""

    key: str  # canonical JSON of the piece (what a cache prefix is made of)
    tokens: int  # its estimated tokens
    breakpoint: dict | None = None  # the piece's cache_control, if it ends a cacheable prefix


def typed_tool_tokens(tool_type: str, model: str = "") -> int:
    """The input tokens an Anthropic-schema client tool adds for `model`."""
    if LATER_MODELS.search(str(model).lower()) and tool_type in LATER_TOOL_TOKENS:
        return LATER_TOOL_TOKENS[tool_type]
    return TYPED_TOOL_TOKENS.get(tool_type, 0)


def _block_piece(block: Any, prefix: str = "", model: str = "") -> Piece:
    if isinstance(block, str):
        block = {"type": "text", "text": block}
    cache = block.get("cache_control") if isinstance(block, dict) else None
    body = _strip_cache_control(block)
    # Text is counted by its characters alone (JSON quoting would inflate prose);
    # structured blocks (tool_use, tool_result, tools) by their canonical JSON.
    if isinstance(body, dict) and set(body) == {"type", "text"}:
        tokens = count_text(str(body["text"]))
    elif isinstance(body, dict) and body.get("type") == "tool_result":
        # A tool result's text (file contents, command output) is counted as text;
        # only its wrapper (id, is_error, non-text parts) as JSON.
        content = body.get("content", "")
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content
        texts = [p["text"] for p in parts if isinstance(p, dict) and set(p) == {"type", "text"}]
        others = [p for p in parts if not (isinstance(p, dict) and set(p) == {"type", "text"})]
        wrapper = {**body, "content": others}
        tokens = count_text("".join(texts)) + count_text(canonical(wrapper))
    else:
        tokens = count_text(canonical(body))
    if prefix == "tool:" and isinstance(body, dict):
        tokens += typed_tool_tokens(str(body.get("type")), model)
    return Piece(key=prefix + canonical(body), tokens=tokens, breakpoint=cache)


def pieces(request: dict) -> list[Piece]:
    """The request's prompt as pieces, in the order tools -> system -> messages."""
    out: list[Piece] = []
    # A deferred tool is not in the prompt until a search loads it; then its definition
    # counts where the tool_reference stands (the tool search tool's docs).
    deferred = {t.get("name"): t for t in request.get("tools") or [] if isinstance(t, dict) and t.get("defer_loading")}
    for tool in request.get("tools") or []:
        if tool.get("name") not in deferred:
            out.append(_block_piece(tool, "tool:", str(request.get("model", ""))))
    system = request.get("system")
    if isinstance(system, str) and system:
        out.append(_block_piece(system, "system:"))
    elif isinstance(system, list):
        out.extend(_block_piece(block, "system:") for block in system)
    for message in request.get("messages") or []:
        role = message.get("role", "")
        out.append(Piece(key=f"role:{role}", tokens=MESSAGE_OVERHEAD))
        content = message.get("content")
        blocks = [content] if isinstance(content, str) else content or []
        out.extend(_block_piece(block, f"{role}:") for block in blocks)
        out.extend(_block_piece(deferred[name], "tool:") for block in blocks
                   for name in _references(block) if name in deferred)
    return out


def _references(block: Any) -> list[str]:
    """The tools a block loads: tool_reference parts of a tool search's result, or of a
    client search tool's tool_result."""
    if not isinstance(block, dict):
        return []
    if block.get("type") == "tool_search_tool_result" and isinstance(block.get("content"), dict):
        parts = block["content"].get("tool_references") or []
    elif block.get("type") == "tool_result" and isinstance(block.get("content"), list):
        parts = block["content"]
    else:
        return []
    return [p.get("tool_name") for p in parts if isinstance(p, dict) and p.get("type") == "tool_reference"]


def tool_prompt_tokens(model: str, forced: bool = False) -> int:
    """The tool-use system prompt's tokens for a model (its id, alias or dated id)."""
    name = str(model).lower()
    for family, figures in TOOL_PROMPT_TOKENS.items():
        if re.fullmatch(rf"{re.escape(family)}(?:-\d{{8}})?", name):
            return figures[forced]
    return DEFAULT_TOOL_PROMPT[forced]


def fixed_overhead(request: dict) -> int:
    """The tokens every request pays before its first piece: prompt framing and tool use."""
    if not request.get("tools"):
        return REQUEST_OVERHEAD  # no tools: no tool-use prompt, whatever tool_choice says
    forced = (request.get("tool_choice") or {}).get("type") in ("any", "tool")
    return REQUEST_OVERHEAD + tool_prompt_tokens(str(request.get("model", "")), forced)


def input_tokens(request: dict) -> int:
    """Estimated input tokens of a request (what count_tokens returns)."""
    return fixed_overhead(request) + sum(piece.tokens for piece in pieces(request))


def output_tokens(block: dict) -> int:
    """Estimated tokens of one generated content block."""
    if block.get("type") == "text":
        return count_text(block.get("text", ""))
    if block.get("type") == "tool_use":
        return count_text(canonical({"name": block.get("name"), "input": block.get("input")}))
    if block.get("type") == "thinking":
        if isinstance(block.get("_tokens"), int):  # billed whatever the display shows (model_rules.py)
            return block["_tokens"]
        return count_text(block.get("thinking", ""))  # the signature is not generated text
    return count_text(canonical(block))


def min_cacheable_tokens(model: str) -> int:
    """Shortest prefix the API caches for `model` (its id, alias or dated id)."""
    row = model_table.applied(str(model))
    if row is not None and row.cache_min:  # the documented minimum of a row the tutor applies
        return row.cache_min
    name = str(model).lower()
    for family, minimum in MIN_CACHEABLE.items():
        if re.fullmatch(rf"{re.escape(family)}(?:-\d{{8}})?", name):
            return minimum
    return UNKNOWN_MIN_CACHEABLE


@dataclass
class CacheUsage:
    """How one request's input tokens split between cache and fresh processing."""

    input_tokens: int  # tokens after the last cache breakpoint plus any uncached prefix
    cache_creation_input_tokens: int  # tokens written to the cache by this request
    cache_read_input_tokens: int  # tokens read from the cache by this request
    ephemeral_5m_input_tokens: int = 0  # of the written tokens, those with a 5-minute lifetime
    ephemeral_1h_input_tokens: int = 0  # of the written tokens, those with a 1-hour lifetime


@dataclass
class PromptCache:
    """Exact-prefix cache, one per server: prefix hash -> (expiry time, lifetime)."""

    min_tokens: int | None = None  # None: the per-model minimum of min_cacheable_tokens
    clock: Callable[[], float] = time.monotonic  # injectable, so tests can expire entries
    entries: dict[str, tuple[float, float]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def account(self, request: dict) -> CacheUsage:
        """Split the request's input tokens into read / written / fresh, updating the cache.

        Each breakpoint makes the prefix up to and including it a cache key. A hit is
        looked for at the breakpoint and the block boundaries before it, LOOKBACK in all with
        the breakpoint's own (so a breakpoint that moves forward each turn still finds last
        turn's entry); the longest live prefix found is read. Breakpoint prefixes past it that
        are long enough are written. Both are reported apart from `input_tokens`.
        """
        parts = pieces(request)
        automatic = request.get("cache_control")
        if isinstance(automatic, dict) and parts and parts[-1].breakpoint is None:
            parts[-1].breakpoint = automatic  # automatic caching: a breakpoint on the last block
        minimum = self.min_tokens or min_cacheable_tokens(str(request.get("model", "")))
        digest = hashlib.sha256(str(request.get("model", "")).encode())
        prefixes: list[tuple[str, int]] = []  # per piece: (hash of the prefix, its tokens)
        running = fixed_overhead(request)  # in every prefix
        for part in parts:
            digest.update(part.key.encode() + b"\x00")
            running += part.tokens
            prefixes.append((digest.hexdigest(), running))
        read, written_by_ttl = self._read_and_write(parts, prefixes, minimum)
        written = sum(written_by_ttl.values())
        return CacheUsage(
            input_tokens=running - read - written,
            cache_creation_input_tokens=written,
            cache_read_input_tokens=read,
            ephemeral_5m_input_tokens=written_by_ttl["5m"],
            ephemeral_1h_input_tokens=written_by_ttl["1h"],
        )

    def _read_and_write(self, parts: list[Piece], prefixes: list[tuple[str, int]],
                        minimum: int) -> tuple[int, dict[str, int]]:
        """(tokens read from the cache, tokens written by ttl), the entries brought up to date."""
        boundaries = [i for i, part in enumerate(parts) if not part.key.startswith("role:")]
        breakpoints = [i for i, part in enumerate(parts) if part.breakpoint is not None]
        read = written = 0
        written_by_ttl = {"5m": 0, "1h": 0}
        now = self.clock()
        with self.lock:
            for key, (expiry, _) in list(self.entries.items()):
                if expiry <= now:
                    del self.entries[key]
            for i in breakpoints:
                for j in reversed([b for b in boundaries if b <= i][-LOOKBACK:]):
                    key, size = prefixes[j]
                    if key in self.entries:
                        lifetime = self.entries[key][1]
                        self.entries[key] = (now + lifetime, lifetime)  # a hit restarts the clock
                        read = max(read, size)
                        break
            for i in breakpoints:
                key, size = prefixes[i]
                if size <= read or size < minimum or key in self.entries:
                    continue
                ttl = str(parts[i].breakpoint.get("ttl", "5m"))
                ttl = ttl if ttl in CACHE_TTL else "5m"
                self.entries[key] = (now + CACHE_TTL[ttl], CACHE_TTL[ttl])
                fresh = size - read - written
                written += fresh
                written_by_ttl[ttl] += fresh
        return read, written_by_ttl
