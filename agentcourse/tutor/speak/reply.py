"""From the brain's decision to the API's message: constraints, thinking, cuts, events.

    content, stop = compose(request, respond)          # tool_choice, prefill, thinking
    message = build_message(request, content, stop, usage, fault)   # cuts, usage, ids
    for name, data in stream_events(message, chunk, fault): ...     # server-sent events

The order follows the API: the reply obeys tool_choice and structured output
(forced.py), opens with a signed thinking block when thinking is on (thinking.py), and
is then cut by stop sequences and max_tokens, or by an injected fault:

    "max_tokens"              cut at half the reply's tokens (wherever that lands)
    "max_tokens_in_tool_use"  cut inside the last tool_use block: its input is the part
                              of its JSON that arrived, as the SDK's stream parser reads it
    "pause_turn"              stop before the first tool call (or halfway through a reply
                              that is only text), with stop_reason "pause_turn"; sending the
                              content back as the last message continues the turn
    "stream_error"            a streamed reply breaks off with an `event: error`
                              (overloaded_error) after its first content events
"""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from agentcourse.tutor.act import forced
from agentcourse.tutor.speak import model_rules, thinking, tokens

CUT_FAULTS = ("max_tokens", "max_tokens_in_tool_use", "pause_turn")


def new_id(prefix: str) -> str:
    """A fresh id with `prefix` ("msg_tutor_", "req_tutor_", ...)."""
    return prefix + uuid.uuid4().hex[:24]


def _raw(reply: Any) -> tuple[list[dict], str]:
    if isinstance(reply, dict):
        return copy.deepcopy(reply["content"]), reply.get("stop_reason", "end_turn")
    return copy.deepcopy(reply.content), reply.stop_reason


def _blocks(message: dict) -> list[dict]:
    content = message.get("content")
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])


def _same(a: dict, b: dict) -> bool:
    keys = ("type", "text", "id", "name", "input")
    return all(a.get(k) == b.get(k) for k in keys)


def continue_after(prefix: list[dict], content: list[dict]) -> list[dict]:
    """What is left of `content` once the assistant's `prefix` (prefill, or a paused turn
    sent back) is taken off its front; all of it when the prefix is not its start.

    A turn paused more than once comes back in pieces: one text block of the reply may be
    the prefix's several text blocks in a row ("The fi" + "le has" + ...), so the match
    walks the reply's blocks and a position inside the current text block."""
    prefix = [b for b in prefix if b.get("type") not in thinking.THINKING_TYPES]
    rest = [b for b in content if b.get("type") not in thinking.THINKING_TYPES]
    n, used = 0, 0  # the reply's block being matched, and how much of its text is matched
    for block in prefix:
        if n >= len(rest):
            return []
        current = rest[n]
        if block.get("type") == current.get("type") == "text":
            left = current["text"][used:]
            if not left.startswith(block["text"]):
                break
            used += len(block["text"])
            if used == len(current["text"]):
                n, used = n + 1, 0
        elif used == 0 and _same(block, current):
            n += 1
        else:
            break
    else:
        return _remainder(rest, n, used)
    return content if n == 0 and used == 0 else _remainder(rest, n, used)


def _remainder(rest: list[dict], n: int, used: int) -> list[dict]:
    """The reply from block `n` on, the first of them without its first `used` characters."""
    if used == 0:
        return rest[n:]
    return [{**rest[n], "text": rest[n]["text"][used:]}, *rest[n + 1 :]]


def compose(request: dict, respond: Callable[[dict], Any], shape: model_rules.Shape | None = None
            ) -> tuple[list[dict], str]:
    """Ask the brain, then shape its reply as the request requires; `shape` is the thinking
    the model's row puts in force (model_rules.py), None for the tutor's thinking of before."""
    messages = request["messages"]
    tail = len(messages)
    while tail > 0 and messages[tail - 1]["role"] == "assistant":
        tail -= 1
    prefix = [b for m in messages[tail:] for b in _blocks(m)]
    if prefix:
        # A final assistant message: the brain answers the conversation before it, and
        # the reply continues from where that message ends.
        content, stop_reason = _raw(respond({**request, "messages": messages[:tail]}))
        content = continue_after(prefix, content)
        if not content:
            content, stop_reason = [], "end_turn"
    else:
        content, stop_reason = _raw(respond(request))
    content, stop_reason = forced.apply(request, content, stop_reason)
    opened = bool(prefix) and prefix[0].get("type") in thinking.THINKING_TYPES
    if shape is not None and not opened:
        block = model_rules.opening(request, content, shape)
        content = [block, *content] if block else content
    elif shape is None and thinking.mode(request) and not opened:
        content = [thinking.thinking_block(request, content), *content]
    return content, stop_reason


def _partial_json(tool_input: Any, chars: int) -> tuple[str, dict]:
    """The first `chars` characters of the input's JSON, and what a partial parser makes of them."""
    raw = json.dumps(tool_input)[: max(0, chars)]
    try:
        from jiter import from_json  # the parser the anthropic SDK uses for streamed tool input

        parsed = from_json(raw.encode(), partial_mode=True) if raw else {}
    except (ImportError, ValueError):
        parsed = {}
    return raw, parsed if isinstance(parsed, dict) else {}


def _cut_block(block: dict, room: int, cost: int) -> dict | None:
    """A block of `cost` tokens that ran out after `room` of them; None when nothing came out."""
    if room <= 0:
        return None
    kind = block.get("type")
    if kind == "text":
        return {**block, "text": block["text"][: room * tokens.CHARS_PER_TOKEN]}
    if kind == "thinking":
        cut = {**block, "thinking": block["thinking"][: room * tokens.CHARS_PER_TOKEN]}
        if "_tokens" in block:  # billed thinking (model_rules.py): what came out before the cut
            cut["_tokens"] = room
        return thinking.resign(cut, thinking.binding_of(block))
    if kind == "tool_use":
        # The same share of the input's JSON as of the block's tokens.
        chars = len(json.dumps(block.get("input"))) * room // max(1, cost)
        raw, parsed = _partial_json(block.get("input"), chars)
        return {**block, "input": parsed, "_partial_json": raw}
    return None


def _budget(content: list[dict], costs: list[int], max_tokens: int, fault: Any) -> int:
    total = sum(costs)
    if fault == "max_tokens":
        return min(max_tokens, max(1, total // 2))
    if fault == "max_tokens_in_tool_use":
        last = max((i for i, b in enumerate(content) if b.get("type") == "tool_use"), default=None)
        if last is None:
            return min(max_tokens, max(1, total // 2))
        return min(max_tokens, sum(costs[:last]) + max(1, costs[last] // 2))
    return max_tokens


def _pause(content: list[dict]) -> list[dict] | None:
    """The part of the reply before a pause; None when it has no place to pause.

    A pause never leaves a tool_use behind: the paused content goes back as the last
    message, where a tool_use would be unanswered. So it falls before the first call
    (or halfway through a reply that is one text).
    """
    calls = [i for i, b in enumerate(content) if b.get("type") == "tool_use"]
    before = content[: calls[0]] if calls else content
    texts = [i for i, b in enumerate(before) if b.get("type") == "text"]
    if calls and texts:
        return before
    if not calls and len(texts) >= 2:
        return content[: texts[-1]]
    if not calls and len(texts) == 1:
        words = content[texts[0]]["text"].split(" ")
        half = " ".join(words[: len(words) // 2])
        if len(words) >= 2 and half.strip():  # never an empty piece: the API refuses one sent back
            return [*content[: texts[0]], {**content[texts[0]], "text": half}]
    return None


def finish(request: dict, content: list[dict], stop_reason: str, fault: Any = None
           ) -> tuple[list[dict], str, str | None, int]:
    """Apply stop sequences, max_tokens and cut faults: (content, stop_reason, stop_sequence, output_tokens)."""
    content = copy.deepcopy(content)
    stop_sequence = None
    for index, block in enumerate(content):
        if block.get("type") != "text":
            continue
        hits = [(block["text"].find(s), s) for s in request.get("stop_sequences") or []]
        hits = [hit for hit in hits if hit[0] >= 0]
        if hits:
            position, stop_sequence = min(hits)
            block["text"] = block["text"][:position]
            content = content[: index + 1] if block["text"] else content[:index]
            stop_reason = "stop_sequence"
            break
    if fault == "pause_turn":
        paused = _pause(content)
        if paused is not None:
            content, stop_reason, stop_sequence = paused, "pause_turn", None
    costs = [tokens.output_tokens(block) for block in content]
    max_tokens = int(request.get("max_tokens") or 0) or sum(costs)
    budget = _budget(content, costs, max_tokens, fault)
    if sum(costs) <= budget:
        return content, stop_reason, stop_sequence, max(1, sum(costs))
    kept: list[dict] = []
    used = 0
    for block, cost in zip(content, costs, strict=True):
        if used + cost <= budget:
            kept.append(block)
            used += cost
            continue
        cut = _cut_block(block, budget - used, cost)
        if cut is not None:
            kept.append(cut)
        break
    return kept, "max_tokens", None, budget


def build_message(request: dict, content: list[dict], stop_reason: str,
                  usage: tokens.CacheUsage, fault: Any = None) -> dict:
    """The full Messages API response object for one validated request.

    A tool_use cut short carries its streamed JSON under "_partial_json" for
    stream_events; `public()` drops it before the message is sent.
    """
    content, stop_reason, stop_sequence, out_tokens = finish(request, content, stop_reason, fault)
    # The model asked for, exactly: clients compare it with their session's model (Claude
    # Code drops the thinking blocks of replies from "another" model). The tutor says it is
    # the tutor in the id, the request id, the x-tutor header and the signatures instead.
    model = str(request["model"])
    return {
        "id": new_id("msg_tutor_"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": stop_sequence,
        "usage": {
            "input_tokens": usage.input_tokens,
            "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            "cache_read_input_tokens": usage.cache_read_input_tokens,
            "cache_creation": {
                "ephemeral_5m_input_tokens": usage.ephemeral_5m_input_tokens,
                "ephemeral_1h_input_tokens": usage.ephemeral_1h_input_tokens,
            },
            "output_tokens": out_tokens,
            "service_tier": "standard",
        },
    }


def public(message: dict) -> dict:
    """The message as the API sends it (no tutor-internal keys)."""
    content = [{k: v for k, v in b.items() if not k.startswith("_")} for b in message["content"]]
    return {**message, "content": content}


def _pieces(text: str, chunk: int) -> list[str]:
    return [text[i : i + chunk] for i in range(0, len(text), chunk)]


def _block_events(block: dict, chunk: int) -> tuple[dict, list[dict]]:
    """A content block as its content_block_start payload and its deltas."""
    kind = block["type"]
    if kind == "text":
        return {"type": "text", "text": ""}, [
            {"type": "text_delta", "text": p} for p in _pieces(block["text"], chunk)
        ]
    if kind == "thinking":
        deltas = [{"type": "thinking_delta", "thinking": p} for p in _pieces(block["thinking"], chunk)]
        return {"type": "thinking", "thinking": "", "signature": ""}, [
            *deltas, {"type": "signature_delta", "signature": block["signature"]},
        ]
    if kind in ("tool_use", "server_tool_use"):  # a server tool's input streams the same way
        raw = block.get("_partial_json")
        if raw is None:
            raw = json.dumps(block["input"]) if block["input"] else ""
        opening = {k: v for k, v in block.items() if not k.startswith("_")}
        return {**opening, "input": {}}, [
            {"type": "input_json_delta", "partial_json": p} for p in ["", *_pieces(raw, chunk)]
        ]
    return block, []


def stream_events(message: dict, chunk: int, fault: Any = None) -> Iterator[tuple[str, dict]]:
    """The message as the API streams it: start, ping, blocks with deltas, delta, stop.

    message_delta's usage is cumulative, as the API documents: input and cache tokens as
    in message_start, output tokens for the whole reply. With the "stream_error" fault
    the stream ends with an `error` event after the first block's first delta.
    """
    usage = message["usage"]
    start = {**public(message), "content": [], "stop_reason": None, "stop_sequence": None}
    start["usage"] = {**usage, "output_tokens": 1}
    yield "message_start", {"type": "message_start", "message": start}
    yield "ping", {"type": "ping"}
    broken = {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded (injected by the tutor)."},
    }
    for index, block in enumerate(message["content"]):
        opening, deltas = _block_events(block, chunk)
        yield "content_block_start", {"type": "content_block_start", "index": index, "content_block": opening}
        for delta in deltas:
            yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
            if fault == "stream_error":
                yield "error", broken
                return
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    if fault == "stream_error":  # a reply with no deltas at all breaks off here
        yield "error", broken
        return
    yield "message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": message["stop_reason"], "stop_sequence": message["stop_sequence"]},
        "usage": {
            "input_tokens": usage["input_tokens"],
            "cache_creation_input_tokens": usage["cache_creation_input_tokens"],
            "cache_read_input_tokens": usage["cache_read_input_tokens"],
            "output_tokens": usage["output_tokens"],
        },
    }
    yield "message_stop", {"type": "message_stop"}
