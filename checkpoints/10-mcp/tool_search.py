"""tool_search.py (checkpoint 10): when tools are many, send their names' worth, not their schemas.

Try it: with ten servers' worth of tools (or AGENT_TOOL_SEARCH=on), the agent's start-up
says "[tools] N deferred behind tool search", and the first call of a deferred tool is
preceded, in the same reply, by a server_tool_use block (the search) and a
tool_search_tool_result block naming what it found.

Every tool definition is sent on every call. Anthropic's tool search tool lets a request
mark definitions `defer_loading: true`: the API leaves them out of the prompt, and the
model searches them (names, descriptions, argument names and descriptions) with the tool
search tool, a server tool that runs on Anthropic's side; a search returns
`tool_reference` blocks, and the tools it names are loaded for the rest of the
conversation. Docs: https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool

When: the Agent SDK's tool search page says loading everything is typically faster
with fewer than about ten tools, and that selection accuracy degrades past 30-50 loaded
at once (https://code.claude.com/docs/en/agent-sdk/tool-search). So THRESHOLD is ten:
from ten tools on, every tool after the agent's own (the first `keep`, which every task
uses) is deferred. The API refuses a request whose tools are all deferred, and the search
tool itself must never be deferred; keeping the agent's own tools loaded satisfies both.

The trade-off: one more step, the search, the first time a deferred tool is needed, and
a search can miss; in exchange every call sends a few hundred tokens instead of every
schema. bench/tool_search_tokens.py measures the tokens offline; how often the model
finds the right tool is the model's, measured live (tests/checkpoints/test_live_mcp.py).
"""

from __future__ import annotations

import os

THRESHOLD = 10  # tools at which deferral starts (the docs' "about ten")
MODE = os.environ.get("AGENT_TOOL_SEARCH", "auto")  # "auto" (THRESHOLD), "on" or "off"
# The regex variant: the model writes a Python regular expression, which a coding agent's
# model writes well (names like mcp__docs__search_docs); tool_search_tool_bm25_20251119
# takes words instead. Both return the same blocks.
SEARCH_TOOL = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}


def wanted(count: int, mode: str = MODE) -> bool:
    """Whether `count` tools call for tool search under `mode`."""
    return mode == "on" or (mode == "auto" and count >= THRESHOLD)


def arrange(tools: list[dict], keep: int, mode: str = MODE) -> int:
    """Defer every custom tool after the first `keep` and add the search tool, in place
    (the loop sends this very list), when tool search is wanted; how many were deferred."""
    if not wanted(len(tools), mode) or any(t.get("name") == SEARCH_TOOL["name"] for t in tools):
        return 0
    deferred = 0
    for tool in tools[keep:]:
        if "input_schema" in tool:  # a custom tool; Anthropic's typed tools stay as they are
            tool["defer_loading"] = True
            deferred += 1
    if deferred:
        tools.append(dict(SEARCH_TOOL))
    return deferred


def found(messages: list) -> set[str]:
    """The deferred tools a search has loaded so far: each tool_reference in a
    tool_search_tool_result block of the history (what /compact or a stub could drop)."""
    names = set()
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            block = block if isinstance(block, dict) else getattr(block, "model_dump", lambda: {})()
            if block.get("type") == "tool_search_tool_result":
                result = block.get("content") or {}
                names |= {r.get("tool_name") for r in result.get("tool_references") or []}
    return names
