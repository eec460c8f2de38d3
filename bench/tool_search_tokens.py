"""How many input tokens does a call cost with 10, 50 and 200 tools, with tool search and without?

Checkpoint 10's first request as it sends it (its system prompt, its own five tools, one
user message), with MCP servers' tools added until the request offers 10, 50 or 200
tools, counted by the tutor's count_tokens route (its documented estimate: about four
characters a token, the tool-use prompt and the typed tools as the docs give them). "With
tool search" is tool_search.arrange as the agent applies it: every server tool deferred,
the regex tool search tool added; the API leaves deferred definitions out of the prompt
until a search loads one, and so does the tutor.

The servers' tools are made up but shaped like real ones: a service's operation with a
one-sentence description and two to four described parameters (about 100 tokens each,
the low end of the "10-20K tokens for 50 tools" the Agent SDK's tool search page gives).
A call after a search pays for the definitions it loaded too; this measures the first.
How often the model then finds the right tool is the model's: a live test measures it.
"""

from __future__ import annotations

import anthropic

from agentcourse.paths import load_checkpoint
from agentcourse.tutor import serve

COUNTS = (10, 50, 200)
REQUEST = "Which open issues mention the login page?"
SERVICES = ("github", "slack", "jira", "sentry", "grafana", "linear", "notion", "drive", "calendar",
            "postgres", "stripe", "pagerduty", "confluence", "figma", "datadog", "asana", "zendesk",
            "hubspot", "gitlab", "splunk")
OPERATIONS = (
    ("list_items", "List the {s} items that match a filter, newest first.",
     {"filter": "A search expression, such as status:open.", "limit": "How many to return, at most 100."}),
    ("get_item", "Fetch one {s} item by its identifier, with its fields and history.",
     {"id": "The item's identifier, as list_items returns it."}),
    ("create_item", "Create a {s} item with a title and a body; returns its identifier.",
     {"title": "A one-line title.", "body": "The text, in Markdown.", "labels": "Labels to add, comma-separated."}),
    ("update_item", "Change fields of an existing {s} item; fields not given stay as they are.",
     {"id": "The item's identifier.", "fields": "A JSON object of the fields to change."}),
    ("comment", "Add a comment to a {s} item, visible to everyone who can see it.",
     {"id": "The item's identifier.", "text": "The comment, in Markdown."}),
    ("search", "Search all of {s} for text; returns matching items with a snippet each.",
     {"query": "Words to search for.", "since": "Only items changed after this ISO date.",
      "limit": "How many to return, at most 50."}),
    ("list_people", "List the people of the {s} workspace with their roles.",
     {"team": "Only this team's members, if given."}),
    ("attach", "Attach a file from a URL to a {s} item.",
     {"id": "The item's identifier.", "url": "Where to fetch the file from."}),
    ("close_item", "Close a {s} item, with a reason the item's history records.",
     {"id": "The item's identifier.", "reason": "Why it is closed."}),
    ("export", "Export {s} items matching a filter as CSV.",
     {"filter": "A search expression.", "columns": "The fields to export, comma-separated."}),
)


def server_tools(count: int) -> list[dict]:
    """`count` tools of made-up MCP servers, named as checkpoint 10 names them."""
    made = []
    for service in SERVICES:
        for name, description, params in OPERATIONS:
            made.append({
                "name": f"mcp__{service}__{name}", "description": description.format(s=service.title()),
                "input_schema": {"type": "object", "required": [next(iter(params))], "properties": {
                    p: {"type": "string", "description": d} for p, d in params.items()}}})
    return made[:count]


def measure() -> list[tuple[int, int, int]]:
    """(tools offered, input tokens without tool search, with it) for each of COUNTS."""
    agent = load_checkpoint("10")
    own = [dict(t) for t in agent.TOOLS]
    rows = []
    with serve() as url:
        client = anthropic.Anthropic(base_url=url, api_key="tutor-offline")
        for count in COUNTS:
            tools = own + server_tools(count - len(own))
            searched = [dict(t) for t in tools]
            agent.session.tool_search.arrange(searched, keep=len(own), mode="on")
            sizes = [client.messages.count_tokens(
                model=agent.MODEL, system=agent.system_prompt(), tools=offered,
                messages=[{"role": "user", "content": REQUEST}]).input_tokens for offered in (tools, searched)]
            rows.append((count, *sizes))
    return rows


def main() -> float:
    rows = measure()
    for count, without, with_search in rows:
        print(f"{count} tools: {without:,} input tokens per call without tool search, "
              f"{with_search:,} with it ({without / with_search:.1f}x fewer)")
    return rows[-1][1] / rows[-1][2]


if __name__ == "__main__":
    main()
