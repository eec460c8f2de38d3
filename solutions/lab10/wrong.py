"""Lab 10's known answers (tests/grading/test_integrity.py).

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other shapes; each must score full marks, because the checks
judge behaviour, not the shape of the code.
"""

from agentcourse.course.nbrun import swap


def chain(*steps):
    """Several swap()/drop() steps on one cell; each still fails loudly if its text is gone."""
    def apply(source):
        for step in steps:
            source = step(source)
        return source
    return apply


def every(old, new):
    """Replace every occurrence of old (there must be one at least)."""
    def apply(source):
        assert old in source, f"{old!r} is not in the cell"
        return source.replace(old, new)
    return apply


_TYPE = """        if entry.get("type", "stdio") != "stdio":
            notes.append(f"{key}: skipped, only stdio servers (a command) are started here")
        elif"""
_SERVER = """servers.append({"name": key, "command": command, "args": list(args), "env": dict(env)})"""
_TAKEN = "            if not NAME_PATTERN.fullmatch(name) or name in routes:\n"
_KEEP = 'tool if tool["name"] in keep or "type" in tool else {**tool, "defer_loading": True}'

WRONG = {
    # Deny by default forgotten: the entry is copied whole, so "alwaysAllow" and "startup" ride along.
    "servers-copy-the-entry": {"read_servers": swap(_SERVER, 'servers.append({**entry, "name": key, "args": list(args), "env": dict(env)})')},
    # A remote server (type http or sse) is started if it happens to have a command.
    "servers-type-not-read": {"read_servers": swap(_TYPE, "        if")},
    # An empty command is a command.
    "servers-empty-command": {"read_servers": swap("not isinstance(command, str) or not command", "not isinstance(command, str)")},
    # args must be a list; what is in it is not looked at ([1] reaches the program's argv).
    "servers-args-items-unchecked": {"read_servers": swap(" and all(isinstance(a, str) for a in args)", "")},
    # env values of any kind: {"TOKEN": 1} reaches the environment.
    "servers-env-values-unchecked": {"read_servers": swap(" and all(isinstance(v, str) for v in env.values())", "")},
    # A bad entry is dropped without a word: the user never learns why a server is missing.
    "servers-silent-skip": {"read_servers": every('notes.append(f"{key}: skipped', 'pass  # ("{key}: skipped')},
    # Only a JSON error is caught: a file that is a list, or has no mcpServers, raises.
    "servers-raise-on-shape": {"read_servers": chain(swap("json.loads(text).get(\"mcpServers\")", "json.loads(text)[\"mcpServers\"]"),
                                                     swap("(ValueError, AttributeError)", "ValueError"),
                                                     swap("    if not isinstance(table, dict):\n        return [], ['.mcp.json has no \"mcpServers\" object; no MCP server starts']\n", ""))},
    # The name's pattern is not checked: "mcp__my.server__search" reaches the API, which refuses the request.
    "tools-no-pattern": {"mcp_tools": swap(_TAKEN, "            if name in routes:\n")},
    # A name twice: the later tool overwrites the route, and the definition is sent twice.
    "tools-no-duplicate-check": {"mcp_tools": swap(_TAKEN, "            if not NAME_PATTERN.fullmatch(name):\n")},
    # The route is split back out of the name: a__b's c and a's b__c cannot be told apart.
    "tools-route-by-split": {"mcp_tools": swap("            routes[name] = (server, tool[\"name\"])",
                                               "            routes[name] = tuple(name.split('__', 2)[1:])")},
    # The schema under MCP's own key: the API wants input_schema.
    "tools-mcp-schema-key": {"mcp_tools": swap('"input_schema": tool.get("inputSchema") or {"type": "object"}',
                                               '"inputSchema": tool.get("inputSchema") or {"type": "object"}')},
    # The threshold counted from below: exactly threshold tools are deferred already.
    "search-at-threshold": {"with_tool_search": swap("if len(tools) <= threshold:", "if len(tools) < threshold:")},
    # keep ignored: the agent's own tools must be found by search before every first use.
    "search-keep-ignored": {"with_tool_search": swap(_KEEP, 'tool if "type" in tool else {**tool, "defer_loading": True}')},
    # Anthropic's typed tools deferred like the rest.
    "search-typed-deferred": {"with_tool_search": swap(_KEEP, 'tool if tool["name"] in keep else {**tool, "defer_loading": True}')},
    # The search tool always added, even when nothing is deferred.
    "search-tool-always": {"with_tool_search": swap("    if any(tool.get(\"defer_loading\") for tool in sent):\n        sent.append",
                                                    "    if True:\n        sent.append")},
    # The search tool deferred too: nothing could ever find a deferred tool.
    "search-tool-deferred": {"with_tool_search": swap("sent.append(dict(SEARCH_TOOL))",
                                                      'sent.append({**SEARCH_TOOL, "defer_loading": True})')},
}

RIGHT = {
    # Rules as a table of (test, reason), and the server built from the three fields by name.
    "servers-rule-table": {"read_servers": '''def read_servers(text):
    """(the stdio servers a .mcp.json names, in order, as name/command/args/env; notes for the user)."""
    def strings(values):
        return all(isinstance(value, str) for value in values)

    rules = [
        (lambda e: isinstance(e, dict), "not an object"),
        (lambda e: e.get("type", "stdio") == "stdio", "not a stdio server"),
        (lambda e: isinstance(e.get("command"), str) and e["command"] != "", "no command"),
        (lambda e: isinstance(e.get("args", []), list) and strings(e.get("args", [])), "args: a list of strings"),
        (lambda e: isinstance(e.get("env", {}), dict) and strings(e.get("env", {}).values()), "env: strings"),
    ]
    try:
        servers_table = json.loads(text)["mcpServers"]
    except Exception:
        servers_table = None
    if type(servers_table) is not dict:
        return [], ["no server starts: .mcp.json has no readable mcpServers object"]
    servers, notes = [], []
    for name, entry in servers_table.items():
        broken = next((reason for test, reason in rules if not test(entry)), None)
        if broken:
            notes.append(f"{name}: {broken}")
            continue
        servers.append({field: entry.get(field, default) for field, default in
                        (("command", None), ("args", []), ("env", {}))} | {"name": name})
    return servers, notes
'''},
    # Names built with str.join, a seen-set, a default description that names the server.
    "tools-join": {"mcp_tools": '''def mcp_tools(servers):
    """(API tool definitions named mcp__<server>__<tool>, {name: (server, tool)}) for the tools the API takes."""
    seen, definitions, routes = set(), [], {}
    for server in servers:
        for tool in servers[server]:
            name = "__".join(["mcp", server, tool["name"]])
            if name in seen or re.fullmatch(r"[a-zA-Z0-9_-]+", name) is None or len(name) > NAME_MAX:
                continue
            seen.add(name)
            routes[name] = server, tool["name"]
            definitions.append(dict(name=name, description=tool.get("description", "from " + server),
                                    input_schema=tool.get("inputSchema", {"type": "object"})))
    return definitions, routes
'''},
    # An explicit loop and a counter.
    "search-loop": {"with_tool_search": '''def with_tool_search(tools, threshold, keep):
    """The tools to send: as given at or below threshold, else deferred but for keep, with the search tool."""
    if not len(tools) > threshold:
        return tools
    result, deferred = [], 0
    for tool in tools:
        if tool.get("type") or tool["name"] in keep:
            result.append(tool)
        else:
            result.append(dict(tool, defer_loading=True))
            deferred += 1
    return result + [dict(SEARCH_TOOL)] * (deferred > 0)
'''},
}

_AD_BODY = "*(QUOTE + line for line in text.splitlines())"
WRONG.update({
    # Split at "\n" only: "results\r[end of data]" ends the data early for a reader that breaks at "\r".
    "data-newline-only": {"as_data": swap("text.splitlines()", '(text.split("\\n") if text else [])')},
    # Nothing quoted: any line of the answer can be the end marker.
    "data-unquoted": {"as_data": swap(_AD_BODY, "*text.splitlines()")},
    # No end line: where the data stops is anyone's guess.
    "data-no-end": {"as_data": swap(", END_MARKER]", "]")},
    # The marker names the tool as the server and the server as the tool.
    "data-swapped-source": {"as_data": swap("server=server, tool=tool", "server=tool, tool=server")},
})

RIGHT.update({
    # Built up as one string.
    "data-string": {"as_data": '''def as_data(server, tool, text):
    """A server's answer between a marker line naming its source and an end line, every line quoted."""
    result = DATA_MARKER.format(tool=tool, server=server)
    for part in text.splitlines():
        result += "\\n" + QUOTE + part
    return result + "\\n" + END_MARKER
'''},
})
