"""The requested model's row (model_table.py), applied to one request.

    problem = check(body)          # the row's 400s: thinking types, budgets, forced
                                   # tool use, prefill, the output limit, bound blocks
    body = readable(body)          # thinking blocks the model cannot read, dropped
    shape = shape_of(body)         # the thinking in force: type, display, effort, binding
    block = opening(request, content, shape)   # the thinking block a reply opens with

Only rows marked `simulated` are applied; for every other model each function answers as
if the table did not exist (None, the body unchanged), which keeps the tutor's behaviour
of before it.

The wording of the refusals is the API's where its pages quote it (thinking types on the
always-adaptive models, a block bound to another conversation, prefill, the output
limit); elsewhere it is the tutor's, in the same `field: problem` shape (docs/TUTOR.md
says which). Thinking blocks carry their binding in the signature (thinking.py): a block
another model wrote is dropped without an error, as the preserved-thinking page says
("If the current model can't read a block, the API drops it from that request"); a block
whose prefix (system, tools and the messages before it) changed is refused, or dropped
with `thinking.block_binding.prefix_mismatch_behavior: "drop_block"`.

Effort changes what thinking costs: a thinking block is billed as the tokens of the
tutor's plan times EFFORT_FACTOR, whatever the display shows. That factor is the tutor's
estimate, not a documented figure: the effort page says only that lower effort spends
fewer tokens.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from agentcourse.tutor.speak import thinking, tokens
from agentcourse.tutor.speak.model_table import (
    DISPLAYS,
    NOTES_DISPLAYS,
    UP_FRONT_DISPLAYS,
    Row,
    applied,
)

EFFORT_FACTOR = {"low": 1, "medium": 2, "high": 4, "xhigh": 6, "max": 8}
THINKING_ON = ("enabled", "adaptive", "between_tools")
# Quoted by the Opus 5.5 page ("Thinking can't be disabled").
NOT_FOR_THIS_MODEL = ('"thinking.type.{kind}" is not supported for this model. Use "thinking.type.adaptive" '
                      'and "output_config.effort" to control thinking behavior.')
# The Sonnet 5.5 page says the message points to between_tools; the words are the tutor's.
USE_BETWEEN_TOOLS = ('"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" '
                     'to turn off up-front thinking, or "thinking.type.adaptive" and "output_config.effort" '
                     'to control thinking behavior.')
BETWEEN_TOOLS_EFFORT = ('"thinking.type.between_tools" is not supported at effort "{effort}". Use "thinking.type.'
                        'adaptive" (or omit `thinking`) to run at xhigh or max.')  # the tutor's words
FORCED = ("tool_choice: forced tool use (`{kind}`) is not supported for this model. Use `auto` or `none`, "
          "and check in your code which tool was called.")  # the tutor's words
# The API's message on the 4.6 models and later, as clients report it.
PREFILL = "This model does not support assistant message prefill. The conversation must end with a user message."
OUTPUT_LIMIT = "max_tokens: {asked} > {limit}, which is the maximum allowed number of output tokens for {model}"
# Quoted by the preserved-thinking pages ("The block is bound to a different conversation").
BOUND = ("messages.{i}.content.{j}: Invalid `signature` in `thinking` block. The block is bound to a different "
         "conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "
         '"drop_block".')


@dataclass(frozen=True)
class Shape:
    """The thinking a reply does under its model's row."""

    kind: str  # "adaptive", "enabled" or "between_tools"
    display: str  # the display in force (the row's default when the request names none)
    factor: int  # thinking tokens per token of the tutor's plan (EFFORT_FACTOR)
    binding: tuple[str, str] | None  # (model, prefix digest) its blocks are bound to


def effort(body: dict, row: Row) -> str:
    """The effort in force: output_config.effort, else the row's default."""
    config = body.get("output_config")
    asked = config.get("effort") if isinstance(config, dict) else None
    return asked if isinstance(asked, str) else row.effort_default or "high"


def _thinking_problem(body: dict, row: Row) -> str | None:
    config = body.get("thinking")
    kind = config.get("type") if isinstance(config, dict) else None
    if kind is not None and kind not in row.thinking_types:
        if kind == "disabled" and "between_tools" in row.thinking_types:
            return USE_BETWEEN_TOOLS
        return NOT_FOR_THIS_MODEL.format(kind=kind)
    if kind == "between_tools" and effort(body, row) in ("xhigh", "max"):
        return BETWEEN_TOOLS_EFFORT.format(effort=effort(body, row))
    return None


def check(body: dict) -> str | None:
    """The first rule of the requested model's row the (otherwise valid) request breaks."""
    row = applied(body.get("model", ""))
    if row is None:
        return None
    choice = body.get("tool_choice")
    messages = body.get("messages") or []
    if isinstance(body.get("max_tokens"), int) and row.max_output and body["max_tokens"] > row.max_output:
        return OUTPUT_LIMIT.format(asked=body["max_tokens"], limit=row.max_output, model=body["model"])
    problem = _thinking_problem(body, row)
    if problem:
        return problem
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool") and not row.forced_tool_use:
        return FORCED.format(kind=choice["type"])
    if messages and messages[-1].get("role") == "assistant" and not row.prefill and not paused(messages[-1], row):
        return PREFILL
    return check_bound(body, row)


def paused(message: dict, row: Row) -> bool:
    """Is this final assistant message a paused turn sent back, not a prefill?

    The stop-reasons page says to continue after `pause_turn` by sending the assistant
    content back, and on a model that always thinks that content opens with the thinking
    block the model signed; a prefill a program wrote cannot carry one."""
    content = message.get("content")
    first = content[0] if isinstance(content, list) and content else None
    if not isinstance(first, dict) or first.get("type") != "thinking":
        return False
    bound = thinking.binding_of(first)
    return bound is not None and bound[0] == row.model


# ----------------------------------------------------------------------------- bound blocks


def _plain(value: Any) -> Any:
    """A value as the prefix check compares it: no cache_control, no None, text as blocks."""
    if isinstance(value, dict):
        out = {k: _plain(v) for k, v in value.items() if k != "cache_control" and v is not None}
        if isinstance(out.get("content"), str):
            out["content"] = [{"type": "text", "text": out["content"]}]
        return out
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def prefix_key(body: dict, upto: int) -> str:
    """A digest of what comes before message `upto`: the system prompt, the tools and the
    messages before it (the preserved-thinking page's "prefix")."""
    system = body.get("system")
    system = [{"type": "text", "text": system}] if isinstance(system, str) and system else system or []
    prefix = {"system": _plain(system), "tools": _plain(body.get("tools") or []),
              "messages": _plain((body.get("messages") or [])[:upto])}
    return hashlib.sha256(json.dumps(prefix, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _thinking_blocks(body: dict) -> list[tuple[int, int, dict]]:
    return [(i, j, block) for i, message in enumerate(body.get("messages") or [])
            if isinstance(message, dict) and message.get("role") == "assistant"
            and isinstance(message.get("content"), list)
            for j, block in enumerate(message["content"])
            if isinstance(block, dict) and block.get("type") == "thinking"]


def _drops_mismatch(body: dict) -> bool:
    config = body.get("thinking")
    binding = config.get("block_binding") if isinstance(config, dict) else None
    return isinstance(binding, dict) and binding.get("prefix_mismatch_behavior") == "drop_block"


def _first_mismatch(body: dict, row: Row) -> tuple[int, int] | None:
    """Where the first of this model's blocks whose prefix changed sits, if any."""
    for i, j, block in _thinking_blocks(body):
        bound = thinking.binding_of(block)
        if bound is not None and bound[0] == row.model and bound[1] != prefix_key(body, i):
            return i, j
    return None


def check_bound(body: dict, row: Row) -> str | None:
    """A block of this model whose prefix changed is refused (unless the request drops it)."""
    if not row.bound_thinking or _drops_mismatch(body):
        return None
    found = _first_mismatch(body, row)
    return BOUND.format(i=found[0], j=found[1]) if found else None


def readable(body: dict) -> dict:
    """The request as the model reads it: thinking blocks another model wrote (or the
    tutor wrote unbound) dropped, and with `drop_block`, a changed prefix's block and every
    later thinking block. The request itself when nothing is dropped."""
    row = applied(body.get("model", ""))
    if row is None or not row.bound_thinking:
        return body
    mismatch = _first_mismatch(body, row) if _drops_mismatch(body) else None
    dropped = set()
    for i, j, block in _thinking_blocks(body):
        bound = thinking.binding_of(block)
        if bound is None or bound[0] != row.model or (mismatch is not None and (i, j) >= mismatch):
            dropped.add((i, j))
    if not dropped:
        return body
    messages = []
    for i, message in enumerate(body["messages"]):
        if isinstance(message, dict) and isinstance(message.get("content"), list):
            kept = [b for j, b in enumerate(message["content"]) if (i, j) not in dropped]
            if not kept:
                continue
            message = {**message, "content": kept}
        messages.append(message)
    return {**body, "messages": messages}


# ----------------------------------------------------------------------------- the reply's thinking


def shape_of(body: dict) -> Shape | None:
    """The thinking the model's row puts in force for this request; None when the row is
    not applied (the tutor's thinking of before the table decides) or thinking is off."""
    row = applied(body.get("model", ""))
    if row is None:
        return None
    config = body.get("thinking")
    choice = body.get("tool_choice")
    forced = isinstance(choice, dict) and choice.get("type") in ("any", "tool")
    if config is None and row.thinking_default and not forced:  # thinking never meets forced tool use
        config = {"type": row.thinking_default}
    if not isinstance(config, dict) or config.get("type") not in THINKING_ON:
        return None
    display = config.get("display") if isinstance(config.get("display"), str) else row.display_default
    binding = (row.model, prefix_key(body, len(body.get("messages") or []))) if row.bound_thinking else None
    return Shape(str(config["type"]), display, EFFORT_FACTOR.get(effort(body, row), 4), binding)


def _after_tool_results(messages: list[dict]) -> bool:
    last = messages[-1] if messages else {}
    content = last.get("content") if isinstance(last, dict) else None
    return isinstance(content, list) and any(isinstance(b, dict) and b.get("type") == "tool_result"
                                             for b in content)


def opening(request: dict, content: list[dict], shape: Shape) -> dict | None:
    """The thinking block a reply opens with under `shape`, or None when it has none.

    A reply that follows tool results opens with the note written between tool calls;
    the first reply of a turn with the thinking before it (none under between_tools, and
    under between_tools none either when the request offers no tools). The text shows
    under the displays that return it (model_table.py); a display the docs do not name
    shows it, as before. The block is billed at the plan's tokens times the effort factor.
    """
    between = _after_tool_results(request.get("messages") or [])
    if shape.kind == "between_tools" and not (between and request.get("tools")):
        return None
    full = thinking.progress(request, content) if between else thinking.plan(request, content)
    shows = NOTES_DISPLAYS if between else UP_FRONT_DISPLAYS
    shown = shape.kind == "between_tools" or shape.display not in DISPLAYS or shape.display in shows
    text = full if shown else ""
    billed = max(1, tokens.count_text(full) * shape.factor)
    return {"type": "thinking", "thinking": text, "signature": thinking.sign(text, shape.binding),
            "_tokens": billed}
