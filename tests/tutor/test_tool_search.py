"""The tutor's tool search tool, as the docs describe it, through the real SDK.

https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool: deferred
tools (`defer_loading: true`) are out of the prompt and out of the model's reach until a
search loads them; a search is a server tool, so its `server_tool_use` block, its
`tool_search_tool_result` block and the call of the tool it found come in one response.
"""

from __future__ import annotations

import pytest

from agentcourse.tutor.act import tool_search

MODEL = "claude-sonnet-5"
CORE = [{"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
        {"type": "bash_20250124", "name": "bash"}]
REGEX = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
BM25 = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}


def server_tools(count: int, deferred: bool = True) -> list[dict]:
    """`count` made-up tools of MCP servers, then the course's docs server's search."""
    made = [{"name": f"mcp__svc{i}__frobnicate_{i}", "description": f"Frobnicate widget number {i}.",
             "input_schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}
            for i in range(count)]
    made.append({"name": "mcp__docs__search_docs",
                 "description": "Search the project's documentation for lines with the query's words.",
                 "input_schema": {"type": "object", "properties": {"query": {"type": "string"}},
                                  "required": ["query"]}})
    return [{**t, "defer_loading": True} if deferred else t for t in made]


ASK = [{"role": "user", "content": "Search the docs for tests"}]


@pytest.mark.parametrize("search", [REGEX, BM25], ids=["regex", "bm25"])
def test_a_deferred_tool_is_searched_for_then_called_in_one_response(client, search):
    reply = client.messages.create(model=MODEL, max_tokens=2000, messages=ASK,
                                   tools=[*CORE, *server_tools(20), search])
    kinds = [b.type for b in reply.content]
    assert kinds[:2] == ["server_tool_use", "tool_search_tool_result"] and kinds[-1] == "tool_use"
    used, result, call = reply.content[0], reply.content[1], reply.content[-1]
    assert used.name == search["name"] and isinstance(used.input["query"], str)
    assert result.tool_use_id == used.id
    assert "mcp__docs__search_docs" in [r.tool_name for r in result.content.tool_references]
    assert call.name == "mcp__docs__search_docs" and reply.stop_reason == "tool_use"


def test_the_found_tool_stays_loaded_and_its_result_is_passed_on(client):
    tools = [*CORE, *server_tools(20), REGEX]
    first = client.messages.create(model=MODEL, max_tokens=2000, messages=ASK, tools=tools)
    call = first.content[-1]
    history = [*ASK, {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in first.content]},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                             "content": "README.md:5: `tests.py` tests it."}]}]
    assert tool_search.loaded({"messages": history}) == {"mcp__docs__search_docs"}
    with client.messages.stream(model=MODEL, max_tokens=2000, messages=history, tools=tools) as stream:
        second = stream.get_final_message()  # the history's server blocks, streamed back too
    assert second.stop_reason == "end_turn" and "tests.py" in second.content[0].text


def test_a_deferred_tool_is_never_called_without_a_search(client):
    reply = client.messages.create(model=MODEL, max_tokens=2000, messages=ASK,
                                   tools=[*CORE, *server_tools(3)])
    assert "tool_use" not in [b.type for b in reply.content]


def test_loaded_tools_are_called_directly_with_no_search(client):
    reply = client.messages.create(model=MODEL, max_tokens=2000, messages=ASK,
                                   tools=[*CORE, *server_tools(3, deferred=False), REGEX])
    assert [b.type for b in reply.content][-1] == "tool_use" and reply.content[-1].name == "mcp__docs__search_docs"
    assert "server_tool_use" not in [b.type for b in reply.content]


def test_deferred_definitions_are_not_counted_until_a_search_loads_them(client):
    loaded = client.messages.count_tokens(model=MODEL, messages=ASK, tools=[*CORE, *server_tools(50, deferred=False)])
    deferred = client.messages.count_tokens(model=MODEL, messages=ASK, tools=[*CORE, *server_tools(50), REGEX])
    core = client.messages.count_tokens(model=MODEL, messages=ASK, tools=CORE)
    assert core.input_tokens < deferred.input_tokens < core.input_tokens + 100  # the search tool's own
    assert loaded.input_tokens > core.input_tokens + 1_000  # 51 definitions


def test_a_request_with_every_tool_deferred_is_refused(client):
    import anthropic

    with pytest.raises(anthropic.BadRequestError, match="At least one tool must be non-deferred"):
        client.messages.create(model=MODEL, max_tokens=100, messages=ASK, tools=server_tools(2))


def test_a_bad_regex_is_the_apis_invalid_tool_input():
    body = {"tools": server_tools(2)}
    assert tool_search.search(REGEX, "(unclosed", body) == "invalid_tool_input"
    assert tool_search.search(REGEX, "x" * 201, body) == "invalid_tool_input"
    assert tool_search.search(REGEX, "search_docs", body) == ["mcp__docs__search_docs"]
    assert tool_search.search(BM25, "documentation search", body)[0] == "mcp__docs__search_docs"
    assert len(tool_search.search(REGEX, "frobnicate", {"tools": server_tools(20)})) == tool_search.MAX_FOUND
