"""Blind corpus of lab 10: wrong ideas and honest answers written from the task texts alone, before any was run against the checks.

First contact (the checks as they were when this corpus was committed): 3 of the 34 wrong answers
passed every visible check (servers-ignore-type, servers-only-http-refused,
tools-truncate-long-names), and the last of them kept full marks when graded; all 8 honest
answers kept full marks. Tuned (the lab changed, not this corpus): 34 of 34 fail a visible check
and lose points when graded; 8 of 8 honest answers keep full marks.

Task 4's cases (9 wrong, 2 honest) were written after that, from its text alone, and
committed before they were run. First contact: 9 of 9 failed a visible check and lost points
when graded; 2 of 2 honest answers kept full marks. The whole corpus now: 43 of 43 wrong
answers fail a visible check and lose points when graded; 10 of 10 honest ones keep full marks.
"""

_RS = '''def read_servers(text):
    """(the stdio servers a .mcp.json names, in order, as name/command/args/env; notes for the user)."""
'''
_MT = '''def mcp_tools(servers):
    """(API tool definitions named mcp__<server>__<tool>, {name: (server, tool)}) for the tools the API takes."""
'''
_TS = '''def with_tool_search(tools, threshold, keep):
    """The tools to send: as given at or below threshold, else deferred but for keep, with the search tool."""
'''


def rs(body: str) -> dict:
    return {"read_servers": _RS + body}


def mt(body: str) -> dict:
    return {"mcp_tools": _MT + body}


def ts(body: str) -> dict:
    return {"with_tool_search": _TS + body}


WRONG = {
    # the whole entry is the server: unknown keys ride along (alwaysAllow reaches the agent)
    "servers-keep-the-whole-entry": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        if isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"] \\
                and isinstance(entry.get("args", []), list) and all(isinstance(a, str) for a in entry.get("args", [])) \\
                and isinstance(entry.get("env", {}), dict) and all(isinstance(v, str) for v in entry.get("env", {}).values()):
            servers.append({"name": key, **entry, "args": entry.get("args", []), "env": entry.get("env", {})})
        else:
            notes.append(f"skipped {key}")
    return servers, notes
'''),
    # no default for args and env: a server without them gets None
    "servers-missing-args-as-none": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        if not isinstance(entry, dict) or entry.get("type", "stdio") != "stdio" or not isinstance(entry.get("command"), str) or not entry["command"]:
            notes.append(f"skipped {key}")
            continue
        args, env = entry.get("args"), entry.get("env")
        if args is not None and not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
            notes.append(f"skipped {key}")
            continue
        if env is not None and not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
            notes.append(f"skipped {key}")
            continue
        servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
    return servers, notes
'''),
    # the type is not looked at: an http server with a command starts
    "servers-ignore-type": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # args checked to be a list, its items never looked at
    "servers-args-items-unchecked": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        if not isinstance(entry, dict) or entry.get("type", "stdio") != "stdio":
            notes.append(f"{key}: not a stdio server")
            continue
        command, args, env = entry.get("command"), entry.get("args", []), entry.get("env", {})
        if not isinstance(command, str) or not command or not isinstance(args, list) or not isinstance(env, dict) \\
                or not all(isinstance(v, str) for v in env.values()):
            notes.append(f"{key}: bad entry")
            continue
        servers.append({"name": key, "command": command, "args": args, "env": env})
    return servers, notes
'''),
    # env checked to be a dict, its values never looked at
    "servers-env-values-unchecked": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        if not isinstance(entry, dict) or entry.get("type", "stdio") != "stdio":
            notes.append(f"{key}: not a stdio server")
            continue
        command, args, env = entry.get("command"), entry.get("args", []), entry.get("env", {})
        if not isinstance(command, str) or not command or not isinstance(args, list) \\
                or not all(isinstance(a, str) for a in args) or not isinstance(env, dict):
            notes.append(f"{key}: bad entry")
            continue
        servers.append({"name": key, "command": command, "args": args, "env": env})
    return servers, notes
'''),
    # "command" only needs to be there: an empty string or a list passes
    "servers-command-presence-only": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        if not isinstance(entry, dict) or entry.get("type", "stdio") != "stdio" or "command" not in entry:
            notes.append(f"{key}: skipped")
            continue
        args, env = entry.get("args", []), entry.get("env", {})
        if not (isinstance(args, list) and all(isinstance(a, str) for a in args)) or not (
                isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
            notes.append(f"{key}: skipped")
            continue
        servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
    return servers, notes
'''),
    # one bad entry and the whole file is refused
    "servers-one-bad-entry-refuses-all": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers = []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if not ok:
            return [], [f"{key} is bad: no server starts"]
        servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
    return servers, []
'''),
    # bad entries are dropped silently: no note
    "servers-no-notes": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers = []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
    return servers, []
'''),
    # json errors are caught, but a file that is a list or has no mcpServers raises
    "servers-only-json-errors-caught": rs('''    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return [], ["not JSON"]
    table = data["mcpServers"]
    servers, notes = [], []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # an entry that is not an object crashes on .get
    "servers-entry-assumed-object": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        command, args, env = entry.get("command"), entry.get("args", []), entry.get("env", {})
        ok = entry.get("type", "stdio") == "stdio" and isinstance(command, str) and command
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": command, "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # a note for a bad entry, but it says what was wrong without naming the entry
    "servers-notes-without-the-key": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append("an entry was skipped: it is not a stdio server with a command")
    return servers, notes
'''),
    # servers in sorted order, not the file's
    "servers-sorted-by-name": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key in sorted(table):
        entry = table[key]
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # a file without mcpServers is fine and silent: no note
    "servers-missing-table-silent": rs('''    try:
        data = json.loads(text)
    except ValueError:
        return [], ["not JSON"]
    table = data.get("mcpServers", {}) if isinstance(data, dict) else {}
    if not isinstance(table, dict):
        table = {}
    servers, notes = [], []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type", "stdio") == "stdio" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # only "http" is taken for a remote server: an "sse" entry with a command starts
    "servers-only-http-refused": rs('''    try:
        table = json.loads(text)["mcpServers"]
        assert isinstance(table, dict)
    except Exception:
        return [], ["cannot read .mcp.json"]
    servers, notes = [], []
    for key, entry in table.items():
        ok = isinstance(entry, dict) and entry.get("type") != "http" and isinstance(entry.get("command"), str) and entry["command"]
        args, env = (entry.get("args", []), entry.get("env", {})) if ok else ([], {})
        ok = ok and isinstance(args, list) and all(isinstance(a, str) for a in args)
        ok = ok and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        if ok:
            servers.append({"name": key, "command": entry["command"], "args": args, "env": env})
        else:
            notes.append(f"{key} skipped")
    return servers, notes
'''),
    # prefixes with one underscore each
    "tools-single-underscores": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp_{server}_{tool['name']}"
            if NAME_PATTERN.fullmatch(name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # the last tool giving a name wins (a dict keyed by name, overwritten)
    "tools-last-duplicate-wins": mt('''    table = {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name):
                table[name] = (server, tool)
    definitions = [{"name": n, "description": t.get("description", ""), "input_schema": t.get("inputSchema", {"type": "object"})}
                   for n, (s, t) in table.items()]
    return definitions, {n: (s, t["name"]) for n, (s, t) in table.items()}
'''),
    # duplicates are not looked for at all
    "tools-duplicates-sent-twice": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name):
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes.setdefault(name, (server, tool["name"]))
    return definitions, routes
'''),
    # the route is rebuilt by splitting the name on "__"
    "tools-route-by-splitting": mt('''    definitions, seen = [], set()
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name) and name not in seen:
                seen.add(name)
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
    routes = {}
    for d in definitions:
        _, server, tool = d["name"].split("__", 2)
        routes[d["name"]] = (server, tool)
    return definitions, routes
'''),
    # bad characters replaced by "_" instead of the tool being skipped
    "tools-sanitize-instead-of-skip": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = re.sub(r"[^a-zA-Z0-9_-]", "_", f"mcp__{server}__{tool['name']}")
            if len(name) <= 64 and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # long names cut to 64 characters instead of skipped
    "tools-truncate-long-names": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"[:64]
            if NAME_PATTERN.fullmatch(name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # the length limit taken as 128 (today's API), not the 64 the task keeps to
    "tools-limit-128": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if re.fullmatch(r"[a-zA-Z0-9_-]{1,128}", name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # only the tool's own name is checked against the pattern, not the prefixed one
    "tools-check-tool-name-only": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(tool["name"]) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # inputSchema passed under its MCP name
    "tools-schema-under-mcp-name": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "inputSchema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # the route holds the prefixed name, not the server's own tool name
    "tools-route-to-prefixed-name": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {"type": "object"})})
                routes[name] = (server, name)
    return definitions, routes
'''),
    # a missing schema sent as an empty dict
    "tools-missing-schema-empty": mt('''    definitions, routes = [], {}
    for server, tools in servers.items():
        for tool in tools:
            name = f"mcp__{server}__{tool['name']}"
            if NAME_PATTERN.fullmatch(name) and name not in routes:
                definitions.append({"name": name, "description": tool.get("description", ""),
                                    "input_schema": tool.get("inputSchema", {})})
                routes[name] = (server, tool["name"])
    return definitions, routes
'''),
    # above OR AT the threshold: deferral starts at the threshold itself
    "search-at-threshold-defers": ts('''    if len(tools) < threshold:
        return list(tools)
    sent = [t if t["name"] in keep or "type" in t else {**t, "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.append(dict(SEARCH_TOOL))
    return sent
'''),
    # keep ignored: every custom tool deferred
    "search-keep-ignored": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if "type" in t else {**t, "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.append(dict(SEARCH_TOOL))
    return sent
'''),
    # Anthropic's typed tools deferred like the others
    "search-typed-tools-deferred": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if t["name"] in keep else {**t, "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.append(dict(SEARCH_TOOL))
    return sent
'''),
    # the search tool added always above the threshold, even when nothing is deferred
    "search-tool-always-added": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if t["name"] in keep or "type" in t else {**t, "defer_loading": True} for t in tools]
    return sent + [dict(SEARCH_TOOL)]
'''),
    # the search tool put first
    "search-tool-first": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if t["name"] in keep or "type" in t else {**t, "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.insert(0, dict(SEARCH_TOOL))
    return sent
'''),
    # the search tool deferred too ("all but the kept tools")
    "search-tool-deferred-too": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if t["name"] in keep or "type" in t else {**t, "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.append({**SEARCH_TOOL, "defer_loading": True})
    return sent
'''),
    # kept tools moved to the front, deferred ones after
    "search-kept-first": ts('''    if len(tools) <= threshold:
        return list(tools)
    kept = [t for t in tools if t["name"] in keep or "type" in t]
    deferred = [{**t, "defer_loading": True} for t in tools if not (t["name"] in keep or "type" in t)]
    return kept + deferred + ([dict(SEARCH_TOOL)] if deferred else [])
'''),
    # kept tools sent with "defer_loading": False, not as given
    "search-kept-marked-false": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [{**t, "defer_loading": not (t["name"] in keep or "type" in t)} for t in tools]
    if any(t["defer_loading"] for t in sent):
        sent.append(dict(SEARCH_TOOL))
    return sent
'''),
    # the deferred tools sent as a stub (name and flag only): the search has nothing to search
    "search-deferred-stripped": ts('''    if len(tools) <= threshold:
        return list(tools)
    sent = [t if t["name"] in keep or "type" in t else {"name": t["name"], "defer_loading": True} for t in tools]
    if any(t.get("defer_loading") for t in sent):
        sent.append(dict(SEARCH_TOOL))
    return sent
'''),
}

RIGHT = {
    # a validation helper returning the reason, and a dict comprehension for the server
    "servers-reason-helper": rs('''    def problem(entry):
        if not isinstance(entry, dict):
            return "it is not an object"
        if entry.get("type", "stdio") != "stdio":
            return f"its type is {entry.get('type')!r}; only stdio servers start"
        if not isinstance(entry.get("command"), str) or entry["command"] == "":
            return "it has no command"
        args = entry.get("args", [])
        if not isinstance(args, list) or any(not isinstance(a, str) for a in args):
            return "args is not a list of strings"
        env = entry.get("env", {})
        if not isinstance(env, dict) or any(not isinstance(v, str) for v in env.values()):
            return "env does not map names to strings"
        return None

    try:
        document = json.loads(text)
    except Exception as error:
        return [], [f"could not parse .mcp.json: {error}"]
    table = document.get("mcpServers") if isinstance(document, dict) else None
    if not isinstance(table, dict):
        return [], ["no mcpServers object in .mcp.json"]
    servers, notes = [], []
    for name, entry in table.items():
        why = problem(entry)
        if why:
            notes.append(f"server {name!r} skipped: {why}")
        else:
            servers.append({"name": name, "command": entry["command"],
                            "args": [*entry.get("args", [])], "env": {**entry.get("env", {})}})
    return servers, notes
'''),
    # everything in one try, and notes for ignored keys too
    "servers-chatty-notes": rs('''    servers, notes = [], []
    try:
        data = json.loads(text)
        table = data["mcpServers"]
        if type(table) is not dict:
            raise TypeError("mcpServers is not an object")
    except Exception as e:
        return [], ["no MCP servers: " + repr(e)]
    for other in data:
        if other != "mcpServers":
            notes.append(f"ignored top-level key {other}")
    for key in table:
        entry = table[key]
        if type(entry) is not dict:
            notes.append(key + ": not an object, skipped"); continue
        if "type" in entry and entry["type"] != "stdio":
            notes.append(key + ": not stdio, skipped"); continue
        cmd = entry.get("command")
        if type(cmd) is not str or len(cmd) == 0:
            notes.append(key + ": no command, skipped"); continue
        a = entry["args"] if "args" in entry else []
        if type(a) is not list or not all(type(x) is str for x in a):
            notes.append(key + ": bad args, skipped"); continue
        e = entry["env"] if "env" in entry else {}
        if type(e) is not dict or not all(type(x) is str for x in e.values()):
            notes.append(key + ": bad env, skipped"); continue
        for extra in sorted(set(entry) - {"command", "args", "env", "type"}):
            notes.append(f"{key}: ignored key {extra}")
        servers.append(dict(name=key, command=cmd, args=a, env=e))
    return servers, notes
'''),
    # the route table first, definitions made from it
    "tools-routes-first": mt('''    routes, found = {}, {}
    for server in servers:
        for tool in servers[server]:
            full = "mcp__" + server + "__" + tool["name"]
            if full in routes or not NAME_PATTERN.fullmatch(full):
                continue
            routes[full] = (server, tool["name"])
            found[full] = tool
    definitions = []
    for full, tool in found.items():
        schema = tool["inputSchema"] if tool.get("inputSchema") else {"type": "object"}
        definitions.append({"name": full, "description": tool.get("description") or "", "input_schema": schema})
    return definitions, routes
'''),
    # re.match with its own pattern and an explicit length test, a generator
    "tools-explicit-rules": mt('''    def each():
        for server, listed in servers.items():
            for tool in listed:
                yield server, tool

    definitions, routes = [], {}
    for server, tool in each():
        name = "mcp__%s__%s" % (server, tool["name"])
        if len(name) > NAME_MAX or not re.match(r"[A-Za-z0-9_\\-]+\\Z", name):
            continue
        if name in routes:
            continue
        routes[name] = (server, tool["name"])
        definitions.append({
            "name": name,
            "description": tool.get("description", f"Tool {tool['name']} of MCP server {server}."),
            "input_schema": tool.get("inputSchema") or {"type": "object"},
        })
    return definitions, routes
'''),
    # a loop with an explicit copy, deferral counted
    "search-loop-counted": ts('''    if len(tools) <= threshold:
        return tools
    out, deferred = [], 0
    for tool in tools:
        if "type" in tool or tool["name"] in keep:
            out.append(tool)
        else:
            copy = dict(tool)
            copy["defer_loading"] = True
            out.append(copy)
            deferred += 1
    if deferred > 0:
        out.append({"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"})
    return out
'''),
    # helper predicate and deepcopy
    "search-deepcopy": ts('''    import copy

    def loaded(tool):
        return tool.get("type") is not None or tool.get("name") in set(keep)

    result = copy.deepcopy(list(tools))
    if len(result) > threshold:
        changed = False
        for tool in result:
            if not loaded(tool):
                tool["defer_loading"] = True
                changed = True
        if changed:
            result.append(copy.deepcopy(SEARCH_TOOL))
    return result
'''),
    # early returns on each case
    "search-early-returns": ts('''    count = len(tools)
    if count <= threshold:
        return [t for t in tools]
    to_defer = {t["name"] for t in tools if "type" not in t} - set(keep)
    if not to_defer:
        return [t for t in tools]
    return [({**t, "defer_loading": True} if t["name"] in to_defer else t) for t in tools] + [{**SEARCH_TOOL}]
'''),
    # the servers read with a small class holding the notes
    "servers-class": rs('''    class Reader:
        def __init__(self):
            self.notes = []

        def skip(self, key, why):
            self.notes.append(f"{key}: {why}")

        def strings(self, value):
            return isinstance(value, list) and all(isinstance(v, str) for v in value)

    reader = Reader()
    try:
        loaded = json.loads(text)
    except ValueError:
        return [], [".mcp.json is not JSON"]
    if not isinstance(loaded, dict) or not isinstance(loaded.get("mcpServers"), dict):
        return [], ["no mcpServers in .mcp.json"]
    servers = []
    for key, entry in loaded["mcpServers"].items():
        if not isinstance(entry, dict):
            reader.skip(key, "not an object")
        elif entry.get("type", "stdio") != "stdio":
            reader.skip(key, "remote server, not started")
        elif not isinstance(entry.get("command"), str) or not entry.get("command"):
            reader.skip(key, "no command")
        elif not reader.strings(entry.get("args", [])):
            reader.skip(key, "bad args")
        elif not isinstance(entry.get("env", {}), dict) or not reader.strings(list(entry.get("env", {}).values())):
            reader.skip(key, "bad env")
        else:
            servers.append({"name": key, "command": entry["command"], "args": list(entry.get("args", [])),
                            "env": dict(entry.get("env", {}))})
    return servers, reader.notes
'''),
}

# Task 4, written from its text alone after Tasks 1 to 3 were tuned, and committed before it was run.
_AD = '''def as_data(server, tool, text):
    """A server's answer between a marker line naming its source and an end line, every line quoted."""
'''


def ad(body: str) -> dict:
    return {"as_data": _AD + body}


WRONG.update({
    # lines split at "\n" only: a "\r" or "\u2028" inside a line lets what follows it pass unquoted
    "data-split-on-newline-only": ad('''    body = [QUOTE + line for line in text.split("\\n")] if text else []
    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *body, END_MARKER])
'''),
    # the quote put in front of the text, and after each "\n"
    "data-replace-newlines": ad('''    body = QUOTE + text.replace("\\n", "\\n" + QUOTE)
    return DATA_MARKER.format(server=server, tool=tool) + "\\n" + body + "\\n" + END_MARKER
'''),
    # only the lines that look like a marker are quoted
    "data-quote-lookalikes-only": ad('''    body = [QUOTE + line if line.lstrip().startswith("[") else line for line in text.splitlines()]
    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *body, END_MARKER])
'''),
    # the end marker removed from the text instead of quoting the lines
    "data-strip-end-marker": ad('''    cleaned = text.replace(END_MARKER, "")
    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *cleaned.splitlines(), END_MARKER])
'''),
    # no end line: the marker in front is enough
    "data-no-end-marker": ad('''    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *(QUOTE + l for l in text.splitlines())])
'''),
    # the marker's fields swapped
    "data-server-tool-swapped": ad('''    lines = [QUOTE + line for line in text.splitlines()]
    return "\\n".join([DATA_MARKER.format(server=tool, tool=server), *lines, END_MARKER])
'''),
    # an empty text still gives one quoted empty line, and a final newline one more
    "data-split-keeps-empty-tail": ad('''    lines = re.split(r"\\r\\n|[\\n\\r\\x0b\\x0c\\x1c\\x1d\\x1e\\x85\\u2028\\u2029]", text)
    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *(QUOTE + l for l in lines), END_MARKER])
'''),
    # the lines joined with "\r\n", the text's own line ends kept after the quote
    "data-keepends": ad('''    lines = [QUOTE + line for line in text.splitlines(keepends=True)]
    return DATA_MARKER.format(server=server, tool=tool) + "\\n" + "".join(lines) + ("\\n" if text and not lines[-1].endswith(("\\n", "\\r")) else "") + END_MARKER
'''),
    # whitespace at the ends of each line trimmed
    "data-strip-lines": ad('''    lines = [QUOTE + line.strip() for line in text.splitlines()]
    return "\\n".join([DATA_MARKER.format(server=server, tool=tool), *lines, END_MARKER])
'''),
})

RIGHT.update({
    # a loop and a list
    "data-loop": ad('''    out = [DATA_MARKER.format(server=server, tool=tool)]
    for line in text.splitlines():
        out.append(f"{QUOTE}{line}")
    out.append(END_MARKER)
    return "\\n".join(out)
'''),
    # string building with a generator, the marker filled with % through a dict
    "data-join-generator": ad('''    head = DATA_MARKER.replace("{server}", server).replace("{tool}", tool)
    quoted = "".join("\\n" + QUOTE + line for line in text.splitlines())
    return head + quoted + "\\n" + END_MARKER
'''),
})
