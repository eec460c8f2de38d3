"""How often Claude finds the right deferred tool with tool search (needs ANTHROPIC_API_KEY).

Offline, the tutor's search is a documented stand-in (docs/TUTOR-SCRIPT.md); whether the
model writes a search that finds the tool a request needs is the model's. Checkpoint 10's
first request with 200 tools (bench/tool_search_tokens.py's made-up servers), every server
tool deferred: for each request, the first tool it calls after searching is compared with
the one the request names by its job. The rate is printed (run with -s to see it).
"""

from __future__ import annotations

import anthropic
import pytest

from agentcourse import paths

pytestmark = pytest.mark.live
CASES = {
    "Open a Jira item titled 'Login page broken' with the body 'Since the last release.'": "mcp__jira__create_item",
    "Close the Sentry item 4512: it was fixed by the last deploy.": "mcp__sentry__close_item",
    "Export the open Linear items as CSV with the title and status columns.": "mcp__linear__export",
    "Add a comment 'Deployed to staging' to GitHub item 88.": "mcp__github__comment",
    "Who are the members of the design team in Figma?": "mcp__figma__list_people",
}


def test_claude_finds_the_deferred_tool_a_request_needs_most_of_the_time():
    from bench import tool_search_tokens

    agent = paths.load_checkpoint("10")
    own = [dict(t) for t in agent.TOOLS]
    tools = own + tool_search_tokens.server_tools(200 - len(own))
    agent.session.tool_search.arrange(tools, keep=len(own), mode="on")
    client = anthropic.Anthropic()
    found = {}
    for request, wanted in CASES.items():
        reply = client.messages.create(model=agent.MODEL, max_tokens=2048, system=agent.system_prompt(),
                                       tools=tools, messages=[{"role": "user", "content": request}])
        called = [b.name for b in reply.content if b.type == "tool_use"]
        found[request] = called[:1] == [wanted]
    rate = sum(found.values()) / len(found)
    print(f"\ndeferred tool found and called first: {sum(found.values())} of {len(found)} ({rate:.0%})")
    assert rate >= 0.6, found
