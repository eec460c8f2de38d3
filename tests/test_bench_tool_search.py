"""bench/tool_search_tokens.py: with tool search, a call's input tokens stay the same however
many servers' tools are offered; without it, they grow with every definition."""

from __future__ import annotations


def test_deferred_tools_cost_nothing_until_found_and_loaded_ones_grow():
    from bench import tool_search_tokens

    rows = tool_search_tokens.measure()
    assert [count for count, _, _ in rows] == list(tool_search_tokens.COUNTS)
    withs = {with_search for _, _, with_search in rows}
    assert len(withs) == 1  # deferred definitions are not in the prompt
    withouts = [without for _, without, _ in rows]
    assert withouts == sorted(withouts) and withouts[0] > withs.pop()
    assert len({t["name"] for t in tool_search_tokens.server_tools(195)}) == 195
