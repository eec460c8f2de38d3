"""The API's tool search tool, as the tutor simulates it: deferred tools, found, then called.

    loaded(body)                     # deferred tools a search has loaded in this conversation
    visible(body)                    # the tools the model sees: not deferred, or loaded
    search(tool, query, body)        # the names a search finds, or an error code
    blocks(tool, query, found, key)  # the server_tool_use and tool_search_tool_result blocks

Docs: https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool. A
request marks tools `defer_loading: true`; the model sees only the others, and a tool
search tool (`tool_search_tool_regex_20251119` or `tool_search_tool_bm25_20251119`) that
it calls like a server tool: in the same response, a `server_tool_use` block (its input
`{"query": ...}`), then a `tool_search_tool_result` block whose content is a
`tool_search_tool_search_result` with one `tool_reference` per tool found, after which the
model may call what was found. A tool a search (or a client's own search tool, returning
`tool_reference` blocks in a tool_result) has loaded stays loaded for the conversation.

The searches, as the docs describe them: the regex variant runs the query through Python's
`re.search` over each deferred tool's name, description, argument names and argument
descriptions (a pattern over 200 characters, or one that does not compile, is
`invalid_tool_input`); the BM25 variant ranks the same text by the query's words. Either
returns at most MAX_FOUND tools (the docs: "the 3-5 tools Claude actually needs"). The
real search is Anthropic's and its ranking is its own; the tutor's is a documented
stand-in (docs/TUTOR-SCRIPT.md), the same on every run.
"""

from __future__ import annotations

import hashlib
import math
import re
from typing import Any

SEARCH_TYPES = {  # the type -> the variant (the SDK also takes the unversioned types)
    "tool_search_tool_regex_20251119": "regex", "tool_search_tool_regex": "regex",
    "tool_search_tool_bm25_20251119": "bm25", "tool_search_tool_bm25": "bm25",
}
MAX_FOUND = 5  # tools one search returns at most
PATTERN_MAX = 200  # characters of a regex query (the docs' limit)


def offered(body: dict) -> dict | None:
    """The request's tool search tool, if it offers one (never deferred: the API refuses that)."""
    return next((t for t in body.get("tools") or [] if isinstance(t, dict)
                 and t.get("type") in SEARCH_TYPES), None)


def _as_dict(block: Any) -> dict:
    return block if isinstance(block, dict) else {}


def loaded(body: dict) -> set[str]:
    """The deferred tools loaded so far: tool_reference blocks in a tool_search_tool_result
    (the server's search) or in a tool_result (a client's own search tool)."""
    names = set()
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            block = _as_dict(block)
            if block.get("type") == "tool_search_tool_result":
                refs = _as_dict(block.get("content")).get("tool_references") or []
            elif block.get("type") == "tool_result" and isinstance(block.get("content"), list):
                refs = block["content"]
            else:
                continue
            names |= {str(r.get("tool_name")) for r in refs
                      if isinstance(r, dict) and r.get("type") == "tool_reference"}
    return names


def visible(body: dict) -> list[dict]:
    """The request's tools the model can see and call: every tool not deferred, and the
    deferred ones loaded by a search."""
    found = loaded(body)
    return [t for t in body.get("tools") or [] if not (isinstance(t, dict) and t.get("defer_loading"))
            or t.get("name") in found]


def searched_this_turn(body: dict) -> bool:
    """Whether a search already ran in the current turn: after the last user message that
    is not only tool results."""
    messages = body.get("messages") or []
    start = max((i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "user"
                 and not (isinstance(m.get("content"), list) and m["content"]
                          and all(_as_dict(b).get("type") == "tool_result" for b in m["content"]))),
                default=0)
    for message in messages[start:]:
        content = message.get("content") if isinstance(message, dict) else None
        if any(_as_dict(b).get("type") == "server_tool_use" for b in content if isinstance(content, list)):
            return True
    return False


def catalogue_text(tool: dict) -> str:
    """What a search reads of a tool: its name, description, argument names and descriptions."""
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    args = [f"{k} {v.get('description', '')}" if isinstance(v, dict) else str(k) for k, v in props.items()]
    return "\n".join([str(tool.get("name", "")), str(tool.get("description", "")), *args])


def search(tool: dict, query: str, body: dict) -> list[str] | str:
    """The deferred tools a search of `query` finds (at most MAX_FOUND), or the error code
    the API answers a bad query with."""
    deferred = [t for t in body.get("tools") or [] if isinstance(t, dict) and t.get("defer_loading")]
    if not isinstance(query, str) or not query.strip():
        return "invalid_tool_input"
    if SEARCH_TYPES[tool["type"]] == "regex":
        if len(query) > PATTERN_MAX:
            return "invalid_tool_input"
        try:
            pattern = re.compile(query)
        except re.error:
            return "invalid_tool_input"
        return [t["name"] for t in deferred if pattern.search(catalogue_text(t))][:MAX_FOUND]
    words = set(re.findall(r"[a-z0-9]+", query.lower()))
    texts = {t["name"]: re.findall(r"[a-z0-9]+", catalogue_text(t).replace("_", " ").lower()) for t in deferred}
    n = max(1, len(texts))

    def score(name: str) -> float:  # BM25's idea: rare words count more, repeats less
        return sum(math.log(1 + n / (1 + sum(w in ws for ws in texts.values())))
                   * texts[name].count(w) / (texts[name].count(w) + 1.2) for w in words)

    ranked = sorted((-score(name), i, name) for i, name in enumerate(texts) if score(name) > 0)
    return [name for _, _, name in ranked[:MAX_FOUND]]


def blocks(tool: dict, query: str, found: list[str] | str, key: str) -> list[dict]:
    """The two blocks a search adds to the response: the call, and its result."""
    use_id = "srvtoolu_tutor_" + hashlib.sha256(f"{key}|{query}".encode()).hexdigest()[:16]
    if isinstance(found, str):
        content: dict = {"type": "tool_search_tool_result_error", "error_code": found}
    else:
        content = {"type": "tool_search_tool_search_result",
                   "tool_references": [{"type": "tool_reference", "tool_name": n} for n in found]}
    return [{"type": "server_tool_use", "id": use_id, "name": tool["name"], "input": {"query": query}},
            {"type": "tool_search_tool_result", "tool_use_id": use_id, "content": content}]


def query_for(tool: dict, wanted: dict, word: str) -> str:
    """What the tutor searches for a tool it wants: a word of its name, as a regular
    expression (case-insensitive) or as words."""
    if SEARCH_TYPES[tool["type"]] == "regex":
        return f"(?i){re.escape(word)}"
    return word
