"""The Messages API's rules for `tools` and `tool_choice`, as the tutor enforces them.

validate.py calls `check_tools` and `check_tool_choice` for a request that sends them. A
tool is a custom tool (a name the API's pattern allows and an object input schema) or one
of the typed tools: the tutor's own list (understand/tool_types.py) and whatever the
installed SDK's types add (`sdk_tools`), each with its fixed name. Each check returns the
API's error message, or None when the tools are fine.
"""

from __future__ import annotations

import re
from typing import Any

from agentcourse.tutor.speak import vocabulary
from agentcourse.tutor.understand.tool_types import SEARCH_TOOLS, TYPED_TOOLS, UNUSED_TOOLS

# https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools ("Must match the
# regex ^[a-zA-Z0-9_-]{1,128}$"); the API once allowed 64 characters.
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
TOOL_CHOICE_KEYS = {
    "auto": {"type", "disable_parallel_tool_use"},
    "any": {"type", "disable_parallel_tool_use"},
    "tool": {"type", "name", "disable_parallel_tool_use"},
    "none": {"type"},
}


def check_tools(tools: Any) -> str | None:
    """`tools`: a list of custom or typed tools, each typed tool under its fixed name, and
    no name twice."""
    if not isinstance(tools, list):
        return "tools: Input should be a valid list"
    seen: set[str] = set()
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict):
            return f"tools.{i}: Input should be a valid dictionary"
        kind = tool.get("type", "custom")
        name = tool.get("name")
        fixed = TYPED_TOOLS.get(kind) or UNUSED_TOOLS.get(kind) or SEARCH_TOOLS.get(kind) or sdk_tools().get(kind)
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
            known = dict.fromkeys(("custom", *TYPED_TOOLS, *UNUSED_TOOLS, *SEARCH_TOOLS, *sdk_tools()))
            expected = ", ".join(repr(t) for t in known)
            return f"tools.{i}: Input tag {kind!r} found using 'type' does not match any of the expected tags: {expected}"
        if name in seen:
            return f"tools: Tool names must be unique (duplicate {name!r})"
        seen.add(name)
    # The tool search tool's docs: deferring every tool leaves the model nothing to start
    # from, and the API refuses it (the search tool itself is never deferred).
    if tools and all(isinstance(t, dict) and t.get("defer_loading") for t in tools):
        return "tools: All tools have defer_loading set. At least one tool must be non-deferred."
    return None


def sdk_tools() -> dict[str, str | None]:
    """Tool types the installed SDK knows -> their fixed name (None: any name)."""
    return {k: v for k, v in vocabulary.floor()["tools"].items() if k != "custom"}


def with_sdk(own: dict[str, set[str]], sdk: dict[str, set[str]]) -> dict[str, set[str]]:
    """The keys each type allows: the tutor's list joined with the installed SDK's."""
    return {kind: set(own.get(kind, ())) | set(sdk.get(kind, ())) for kind in {*own, *sdk}}


def check_tool_choice(choice: Any, tools: list) -> str | None:
    """`tool_choice`: a known type with only its keys, naming a tool the request sends."""
    keys = with_sdk(TOOL_CHOICE_KEYS, vocabulary.floor()["tool_choice"])
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
