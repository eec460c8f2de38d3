"""The installed `anthropic` SDK's own request vocabulary, read at run time.

The tutor's validator (validate.py) lists the values the API takes. The SDK's request
types list them too, as `Literal[...]`s in its TypedDicts (`ThinkingConfigAdaptiveParam`'s
`display`, `MessageParam`'s roles, `ToolUnionParam`'s tool types, ...), and a new SDK
release brings the API's new values with it. So the SDK is the floor: whatever its
types allow, the tutor accepts, and upgrading the SDK needs no change here.

Everything is read once, on first use; if the SDK's layout ever changes so that a type
cannot be found, that part of the floor is empty and the tutor's own lists still apply.
"""

from __future__ import annotations

import functools
import importlib
import typing
from typing import Any

# Keys of MessageCreateParams that the SDK sends as headers, never in the body.
HEADER_PARAMS = {"betas", "user_profile_id", "workspace_id"}
# Keys of MessageCreateParams that are the SDK's own (stream is a body field; these are not).
CLIENT_PARAMS = {"extra_headers", "extra_query", "extra_body", "timeout"}


def _load(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def _strip(annotation: Any) -> Any:
    """Required[X] / NotRequired[X] / Annotated[X, ...] -> X."""
    while typing.get_origin(annotation) in (typing.Annotated,) or getattr(annotation, "__origin__", None) in (
        typing.Required, typing.NotRequired,
    ) or str(typing.get_origin(annotation)).endswith(("Required", "NotRequired")):
        args = typing.get_args(annotation)
        if not args:
            break
        annotation = args[0]
    return annotation


def literals(annotation: Any) -> set:
    """Every literal value an annotation allows (through Optional, Union, Required, List)."""
    annotation = _strip(annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Literal or str(origin).endswith("Literal"):
        return set(typing.get_args(annotation))
    found: set = set()
    for arg in typing.get_args(annotation):
        if arg is not type(None):
            found |= literals(arg)
    return found


def _hints(cls: Any) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls, include_extras=True)
    except Exception:  # a forward reference the SDK resolves lazily
        return dict(getattr(cls, "__annotations__", {}))


def members(union: Any) -> list[Any]:
    """The TypedDicts of a union alias (ToolChoiceParam -> [ToolChoiceAutoParam, ...])."""
    args = typing.get_args(_strip(union))
    return [a for a in args if isinstance(a, type)] or ([union] if isinstance(union, type) else [])


def field_literals(cls: Any, field: str) -> set:
    """The literal values a TypedDict's `field` allows (empty without the class)."""
    return literals(_hints(cls).get(field)) if cls is not None else set()


def _tagged(union: Any) -> dict[str, set[str]]:
    """type literal -> the keys its TypedDict allows, for each member of a tagged union."""
    out: dict[str, set[str]] = {}
    for cls in members(union) if union is not None else []:
        hints = _hints(cls)
        for tag in literals(hints.get("type")):
            out.setdefault(str(tag), set()).update(hints)
    return out


@functools.cache
def floor() -> dict[str, Any]:
    """The SDK's vocabulary, as plain sets and dicts (empty where it cannot be read)."""
    t, b = "anthropic.types", "anthropic.types.beta"
    thinking = {**_tagged(_load(t, "ThinkingConfigParam")), **_tagged(_load(b, "BetaThinkingConfigParam"))}
    display: set = set()
    for module, names in ((t, ("ThinkingConfigEnabledParam", "ThinkingConfigAdaptiveParam")),
                          (b, ("BetaThinkingConfigEnabledParam", "BetaThinkingConfigAdaptiveParam"))):
        for name in names:
            display |= field_literals(_load(module, name), "display")
    roles: set = set()
    for union in (_load(t, "MessageParam"), _load(b, "BetaMessageParam")):
        for cls in members(union) if union is not None else []:
            roles |= field_literals(cls, "role")
    tools: dict[str, str | None] = {}
    for union in (_load(t, "ToolUnionParam"), _load(b, "BetaToolUnionParam")):
        for cls in members(union) if union is not None else []:
            hints = _hints(cls)
            names = literals(hints.get("name"))
            for tag in literals(hints.get("type")):
                tools[str(tag)] = str(next(iter(names))) if len(names) == 1 else None
    fields: set = set()
    beta_fields: set = set()
    for module, target in ((t + ".message_create_params", fields), (b + ".message_create_params", beta_fields)):
        cls = _load(module, "MessageCreateParamsBase")
        target |= set(_hints(cls)) - HEADER_PARAMS - CLIENT_PARAMS if cls is not None else set()
        if target:
            target.add("stream")
    create = _load(t + ".message_create_params", "MessageCreateParamsBase")
    hints = _hints(create) if create is not None else {}
    return {
        "thinking": thinking,  # "adaptive" -> {"type", "display"}
        "display": {str(v) for v in display},
        "roles": {str(v) for v in roles},
        "tool_choice": {**_tagged(_load(t, "ToolChoiceParam")), **_tagged(_load(b, "BetaToolChoiceParam"))},
        "tools": tools,  # tool type -> its fixed name (None: none fixed)
        "service_tier": {str(v) for v in literals(hints.get("service_tier"))},
        "cache_ttl": {str(v) for v in field_literals(_load(t, "CacheControlEphemeralParam"), "ttl")},
        "fields": fields,
        "beta_fields": beta_fields - fields,
        "version": _load("anthropic._constants", "ANTHROPIC_API_VERSION"),
    }
