"""tool_choice and structured output, applied to the brain's reply as the API documents them.

The brain decides what the tutor wants to do; this module makes the reply obey the
request's constraints on *how* it may answer (Anthropic's tool-use docs, "Forcing tool
use" and "Parallel tool use"):

    auto   the brain's reply as it is
    any    tool_use blocks only, no text before them; at least one call
    tool   tool_use blocks of the named tool only, no text; at least one call
    none   no tool_use blocks at all
    disable_parallel_tool_use: true   at most one tool_use (exactly one with any/tool)

When the brain's own decision does not call a tool that `any` / `tool` requires, a call
is synthesised with an input that conforms to the tool's `input_schema` (required
fields, types, enums, nested objects and arrays, $refs). That is what structured-output
helpers rely on (langchain's `with_structured_output`, pydantic-ai's `output_type`): they
force one "output" tool and read its input. The same generator fills
`output_config.format` (JSON-schema structured outputs) with a JSON text reply.

The tutor cannot compute real answers for arbitrary schemas, so it says so inside the
values it makes up: the main text field carries the brain's own words, other strings
are marked "(offline tutor)".
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from agentcourse.tutor.understand.tool_types import UNUSED_TOOLS

MARK = "(offline tutor)"
# Input for the Anthropic-schema client tools, which carry no input_schema.
TYPED_TOOL_INPUT = {
    "bash": {"command": "ls"},
    "str_replace_based_edit_tool": {"command": "view", "path": "."},
    "str_replace_editor": {"command": "view", "path": "."},
}
# Property names that usually hold the answer itself; they get the brain's text.
ANSWER_NAMES = ("answer", "response", "text", "content", "result", "output", "message", "summary", "reply")
FORMATS = {
    "date": "2024-01-01",
    "date-time": "2024-01-01T00:00:00Z",
    "time": "00:00:00",
    "email": "tutor@example.com",
    "uri": "https://example.com/",
    "url": "https://example.com/",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "ipv4": "127.0.0.1",
    "hostname": "localhost",
}
MAX_DEPTH = 8  # recursive schemas ($ref cycles) stop here


def _text_of(content: list[dict]) -> str:
    return " ".join(b.get("text", "") for b in content if b.get("type") == "text").strip()


def _pick_tool(tools: list[dict], name: str | None) -> dict | None:
    if name is not None:
        return next((t for t in tools if t.get("name") == name), None)
    # For "any": prefer a tool that looks like the final-answer tool of an output helper.
    for tool in tools:
        if any(word in str(tool.get("name", "")).lower() for word in ("result", "output", "answer", "respond")):
            return tool
    return tools[0] if tools else None


def _call_for(request: dict, tool: dict, hint: str) -> dict:
    name = str(tool.get("name"))
    if "input_schema" in tool:
        tool_input = synthesize(tool["input_schema"], hint)
    else:
        tool_input = dict(TYPED_TOOL_INPUT.get(name, {}))
    # Deterministic, and unique within a conversation: a hash of where it stands.
    messages = request.get("messages") or []
    key = f"{len(messages)}|{name}|{json.dumps(messages[-1:], sort_keys=True, default=str)}"
    tool_id = "toolu_tutor_" + hashlib.sha256(key.encode()).hexdigest()[:16]
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def apply(request: dict, content: list[dict], stop_reason: str) -> tuple[list[dict], str]:
    """The reply obeying tool_choice, disable_parallel_tool_use and output_config.format."""
    choice = request.get("tool_choice") or {"type": "auto"}
    kind = choice.get("type", "auto")
    # Server tools (and memory) are never called offline: a forced choice falls on the others.
    tools = [t for t in request.get("tools") or [] if isinstance(t, dict) and t.get("type") not in UNUSED_TOOLS]
    calls = [b for b in content if b.get("type") == "tool_use"]
    hint = _text_of(content)
    # Without tools, the brain never calls one; a canned reply (TutorConfig.respond) that
    # does is left alone, so tests can script any reply.
    if kind == "none":
        kept = [b for b in content if b.get("type") != "tool_use"]
        if calls:
            if not any(b.get("type") == "text" for b in kept):
                kept.append({"type": "text", "text": f"{MARK} I would call {calls[0].get('name')} next, "
                             "but tool_choice does not allow tool calls in this request."})
            stop_reason = "end_turn"
        content = kept
    elif kind in ("any", "tool"):
        wanted = choice.get("name") if kind == "tool" else None
        chosen = [b for b in calls if wanted is None or b.get("name") == wanted]
        if not chosen:
            tool = _pick_tool(tools, wanted)
            chosen = [_call_for(request, tool, hint)] if tool else []
        if chosen:  # with only server tools to force, the brain's reply stays as it is
            content = [b for b in content if b.get("type") == "thinking"] + chosen
            stop_reason = "tool_use"
    if choice.get("disable_parallel_tool_use") is True:
        first = next((i for i, b in enumerate(content) if b.get("type") == "tool_use"), None)
        if first is not None:
            content = content[: first + 1]  # the first call, and what came before it
    content, stop_reason = _structured_output(request, content, stop_reason)
    return content, stop_reason


def _structured_output(request: dict, content: list[dict], stop_reason: str) -> tuple[list[dict], str]:
    """With output_config.format json_schema, a final answer is JSON that fits the schema."""
    output = request.get("output_config") or {}
    spec = output.get("format") if isinstance(output, dict) else None
    spec = spec or request.get("output_format")  # the older top-level field
    if not isinstance(spec, dict) or spec.get("type") != "json_schema":
        return content, stop_reason
    if any(b.get("type") == "tool_use" for b in content):
        return content, stop_reason
    schema = spec.get("schema") or {}
    if _fits(_text_of(content), schema):  # the brain answered in that shape already (side.py)
        return content, stop_reason
    value = synthesize(schema, _text_of(content))
    kept = [b for b in content if b.get("type") == "thinking"]
    return [*kept, {"type": "text", "text": json.dumps(value)}], stop_reason


def _fits(text: str, schema: Any) -> bool:
    """Is the text a JSON object with exactly the schema's properties, strings where it
    asks for strings? (Enough for the brain's own JSON answers; anything else is rebuilt.)"""
    props = schema.get("properties") if isinstance(schema, dict) else None
    try:
        value = json.loads(text)
    except ValueError:
        return False
    if not isinstance(value, dict) or not isinstance(props, dict) or set(value) != set(props):
        return False
    return all(not (isinstance(spec, dict) and spec.get("type") == "string") or isinstance(value[k], str)
               for k, spec in props.items())


# ----------------------------------------------------------------------------- schemas


def synthesize(schema: Any, hint: str = "", *, root: Any = None, name: str = "", depth: int = 0) -> Any:
    """A value that conforms to the JSON schema; `hint` fills the main text field."""
    root = schema if root is None else root
    if not isinstance(schema, dict):
        return hint or MARK  # `true` or a non-schema: anything goes
    if "$ref" in schema:
        target = _resolve(root, schema["$ref"])
        if target is None or depth >= MAX_DEPTH:
            return None if depth >= MAX_DEPTH else {}
        return synthesize(target, hint, root=root, name=name, depth=depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            options = schema[key]
            chosen = next((o for o in options if not _is_null(o)), options[0])
            merged = {k: v for k, v in schema.items() if k != key}
            return synthesize({**merged, **chosen} if isinstance(chosen, dict) else chosen,
                              hint, root=root, name=name, depth=depth + 1)
    if isinstance(schema.get("allOf"), list):
        merged = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = _resolve(root, part["$ref"]) if isinstance(part, dict) and "$ref" in part else part
            if isinstance(part, dict):
                merged = _merge(merged, part)
        return synthesize(merged, hint, root=root, name=name, depth=depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        return _object(schema, hint, root, depth)
    if kind == "array":
        return _array(schema, hint, root, name, depth)
    if kind in ("integer", "number"):
        return _number(schema, kind == "integer")
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    return _string(schema, hint, name)


def _is_null(option: Any) -> bool:
    return isinstance(option, dict) and option.get("type") == "null"


def _resolve(root: Any, ref: str) -> Any:
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    node = root
    for part in [p for p in ref[1:].split("/") if p]:
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _merge(a: dict, b: dict) -> dict:
    merged = {**a, **b}
    if "properties" in a or "properties" in b:
        merged["properties"] = {**a.get("properties", {}), **b.get("properties", {})}
    if "required" in a or "required" in b:
        merged["required"] = list(dict.fromkeys([*a.get("required", []), *b.get("required", [])]))
    return merged


def _object(schema: dict, hint: str, root: Any, depth: int) -> dict:
    properties = schema.get("properties") or {}
    required = schema.get("required")
    names = list(required) if isinstance(required, list) else list(properties)
    answer = next((n for n in names if str(n).lower() in ANSWER_NAMES), None)
    result = {}
    for key in names:
        sub = properties.get(key, {})
        result[key] = synthesize(sub, hint if key == answer else "", root=root, name=str(key), depth=depth + 1)
    minimum = schema.get("minProperties", 0)
    extra = schema.get("additionalProperties")
    for n in range(len(result), minimum if isinstance(minimum, int) else 0):
        result[f"key{n}"] = synthesize(extra if isinstance(extra, dict) else {}, "", root=root, depth=depth + 1)
    return result


def _main_type(schema: Any) -> str | None:
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind is None:
        for key in ("anyOf", "oneOf"):
            for option in schema.get(key) or []:
                if isinstance(option, dict) and option.get("type") not in (None, "null"):
                    return option.get("type")
    return kind


def _array(schema: dict, hint: str, root: Any, name: str, depth: int) -> list:
    items = schema.get("items", {})
    prefix = schema.get("prefixItems") or []
    count = max(schema.get("minItems", 0) or 0, len(prefix), 1)
    if isinstance(schema.get("maxItems"), int):
        count = min(count, schema["maxItems"])
    if depth >= MAX_DEPTH:
        count = min(count, schema.get("minItems", 0) or 0)
    values = []
    for n in range(count):
        sub = prefix[n] if n < len(prefix) else items
        value = synthesize(sub, hint if n == 0 else "", root=root, name=name, depth=depth + 1)
        if schema.get("uniqueItems") and value in values:
            value = _vary(value, n)
        values.append(value)
    return values


def _vary(value: Any, n: int) -> Any:
    """The n-th variant of a value, for uniqueItems (the first leaf is what changes)."""
    if isinstance(value, str):
        return f"{value} {n}"
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + n
    if isinstance(value, list) and value:
        return [_vary(value[0], n), *value[1:]]
    if isinstance(value, dict) and value:
        first = next(iter(value))
        return {**value, first: _vary(value[first], n)}
    return value


def _number(schema: dict, integer: bool) -> int | float:
    low = schema.get("minimum")
    high = schema.get("maximum")
    if isinstance(schema.get("exclusiveMinimum"), int | float):
        low = schema["exclusiveMinimum"] + (1 if integer else 0.5)
    if isinstance(schema.get("exclusiveMaximum"), int | float):
        high = schema["exclusiveMaximum"] - (1 if integer else 0.5)
    value: float = 0
    if isinstance(low, int | float):
        value = max(value, low)
    if isinstance(high, int | float):
        value = min(value, high)
    step = schema.get("multipleOf")
    if isinstance(step, int | float) and step > 0:
        value = (-(-value // step)) * step
    if integer:
        value = int(-(-value // 1))
    return value


def _string(schema: dict, hint: str, name: str) -> str:
    fmt = schema.get("format")
    if fmt in FORMATS:
        value = FORMATS[fmt]
    else:
        value = " ".join(hint.split()) or f"{MARK} {name}".strip()
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and not matches(pattern, value):
        value = next((c for c in (value, "a", "A", "0", "a1", "abc", "tutor", "x-1") if matches(pattern, c)), value)
    low, high = schema.get("minLength"), schema.get("maxLength")
    if isinstance(high, int) and len(value) > high:
        value = value[:high]
    if isinstance(low, int) and len(value) < low:
        value = value + "." * (low - len(value))
    return value


def matches(pattern: str, value: str) -> bool:
    """Does `value` meet a schema's `pattern` (searched, as JSON Schema does)? A pattern
    Python cannot compile constrains nothing the tutor can check: True."""
    try:
        return re.search(pattern, value) is not None
    except re.error:
        return True
