"""Blind corpus of lab 07: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # the manual is the whole contracts dict: registration only matters for the schemas
    "contracts-every-known-contract": {"tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    if not tools:
        return ""
    return "\\n\\n".join(f"### {name}\\n{text}" for name, text in contracts.items())
'''},
    # filtering out unregistered tools is all there is to it; the order comes from the contracts
    "contracts-in-contracts-order": {"tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    registered = {tool["name"] for tool in tools}
    docs = [f"### {name}\\n{text}" for name, text in contracts.items() if name in registered]
    return "\\n\\n".join(docs)
'''},
    # a tool with no contract still gets its heading, so the model sees every tool it may call
    "contracts-heading-for-every-tool": {"tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    docs = [f"### {t['name']}\\n{contracts.get(t['name'], '')}".rstrip() for t in tools]
    return "\\n\\n".join(docs)
'''},
    # the layer always carries its title; a title with nothing under it still counts as empty
    "contracts-title-when-empty": {"tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    docs = [f"### {t['name']}\\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]
    return "## Tool Contracts\\n" + "\\n\\n".join(docs)
'''},
    # whitespace means nothing to the model, so a fingerprint should ignore it
    "fingerprints-stripped-text": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {name: hashlib.sha256(text.strip().encode("utf-8")).hexdigest() for name, text in layers.items()}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]
'''},
    # an absent layer has no fingerprint at all: only present layers get one
    "fingerprints-skip-absent": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items() if text}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]
'''},
    # like the cache, a layer's fingerprint covers the prompt up to it (a running hash in dict order)
    "fingerprints-running-prefix": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    running = hashlib.sha256()
    prints = {}
    for name, text in layers.items():
        running.update(text.encode("utf-8"))
        prints[name] = running.copy().hexdigest()
    return prints


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]
'''},
    # the dicts are always built in ORDER, so walking their keys gives ORDER
    "changed-in-dict-order": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    empty = hashlib.sha256(b"").hexdigest()
    names = list(dict.fromkeys([*current, *previous]))
    return [name for name in names if current.get(name, empty) != previous.get(name, empty)]
'''},
    # a name missing from the dict is not the same as an empty layer: compare what the dicts hold
    "changed-missing-is-not-empty": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    return [name for name in ORDER if current.get(name) != previous.get(name)]
'''},
    # with no previous call every layer is new, present or not
    "changed-first-call-all-layers": {"fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    if not previous:
        return list(ORDER)
    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]
'''},
    # the layers dict is built in ORDER anyway, so its own order is the prompt's order
    "assemble-dict-order": {"assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    present = [name for name, text in layers.items() if text]
    blocks = [{"type": "text", "text": layers[name]} for name in present]
    if cache and blocks:
        stable = [i for i, name in enumerate(present) if name in STABLE]
        for i in {stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}:
            blocks[i]["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # more breakpoints cache more: mark every block
    "assemble-mark-every-block": {"assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    blocks = [{"type": "text", "text": layers[name]} for name in ORDER if layers.get(name)]
    if cache:
        for block in blocks:
            block["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # the stable breakpoint belongs to project_rules, the last name in STABLE
    "assemble-mark-project-rules-by-name": {"assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    blocks = []
    for name in ORDER:
        if layers.get(name):
            block = {"type": "text", "text": layers[name]}
            if cache and name == STABLE[-1]:
                block["cache_control"] = {"type": "ephemeral"}
            blocks.append(block)
    if cache and blocks:
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # the stable layers are always the first len(STABLE) blocks, whichever layers are present
    "assemble-stable-by-position": {"assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    blocks = [{"type": "text", "text": layers[name]} for name in ORDER if layers.get(name)]
    if cache and blocks:
        blocks[min(len(STABLE), len(blocks)) - 1]["cache_control"] = {"type": "ephemeral"}
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # an absent layer is sent as an empty block so the positions (and the cache) stay the same
    "assemble-keep-absent-as-empty": {"assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    blocks = [{"type": "text", "text": layers.get(name, "")} for name in ORDER]
    if cache:
        blocks[ORDER.index(STABLE[-1])]["cache_control"] = {"type": "ephemeral"}
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # list(messages) is a copy, so marking its last message leaves the original alone
    "newest-shallow-list-copy": {"mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    sent = list(messages)
    last = sent[-1]
    if isinstance(last["content"], str):
        last["content"] = [{"type": "text", "text": last["content"]}]
    last["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return sent
'''},
    # a new message dict and a new content list are a copy; the block dicts can be shared
    "newest-shared-last-block": {"mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    last = messages[-1]
    content = last["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return messages[:-1] + [{**last, "content": blocks}]
'''},
    # only a list of blocks can carry cache_control; a plain-string message is sent unmarked
    "newest-string-left-unmarked": {"mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    last = messages[-1]
    if isinstance(last["content"], str):
        return list(messages)
    blocks = [dict(b) for b in last["content"]]
    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
    return messages[:-1] + [{**last, "content": blocks}]
'''},
    # a mark on a message's first block caches the whole message
    "newest-marks-first-block": {"mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    last = messages[-1]
    content = last["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]
    blocks[0] = {**blocks[0], "cache_control": {"type": "ephemeral"}}
    return messages[:-1] + [{**last, "content": blocks}]
'''},
    # every message should be cached, so every message of the copy gets a mark
    "newest-marks-every-message": {"mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    sent = []
    for message in messages:
        content = message["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]
        blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
        sent.append({**message, "content": blocks})
    return sent
'''},
}

RIGHT = {
    # imperative loops and small helpers, plain "name:" headings, no title line
    "loops-and-helpers": {
        "tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    sections = []
    for tool in tools:
        name = tool["name"]
        if name not in contracts:
            continue
        sections.append("Tool " + name + ":\\n" + contracts[name])
    if len(sections) == 0:
        return ""
    return "\\n\\n".join(sections)
''',
        "fingerprints": '''def _sha(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    result = {}
    for name in layers:
        result[name] = _sha(layers[name])
    return result


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    absent = _sha("")
    changed = []
    for name in ORDER:
        before = previous[name] if name in previous else absent
        now = current[name] if name in current else absent
        if before != now:
            changed.append(name)
    return changed
''',
        "assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    blocks = []
    last_stable = None
    for name in ORDER:
        text = layers.get(name, "")
        if text == "":
            continue
        if name in STABLE:
            last_stable = len(blocks)
        blocks.append({"type": "text", "text": text})
    if not cache or not blocks:
        return blocks
    to_mark = [len(blocks) - 1]
    if last_stable is not None and last_stable != len(blocks) - 1:
        to_mark.append(last_stable)
    for index in to_mark:
        blocks[index]["cache_control"] = {"type": "ephemeral"}
    return blocks
''',
        "mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    newest = messages[-1]
    if isinstance(newest["content"], str):
        content = [{"type": "text", "text": newest["content"]}]
    else:
        content = []
        for block in newest["content"]:
            content.append(dict(block))
    last_block = dict(content[-1])
    last_block["cache_control"] = {"type": "ephemeral"}
    content[-1] = last_block
    copy_of_newest = dict(newest)
    copy_of_newest["content"] = content
    result = list(messages[:-1])
    result.append(copy_of_newest)
    return result
''',
    },
    # functional: comprehensions, filter/map, next() and sets, no mutation after creation
    "functional": {
        "tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    names = [t["name"] for t in tools]
    return "\\n\\n".join(map(lambda n: f"## {n}\\n\\n{contracts[n]}", filter(contracts.__contains__, names)))
''',
        "fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return dict(zip(layers, (hashlib.new("sha256", t.encode("utf-8")).hexdigest() for t in layers.values())))


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    blank = fingerprints({"": ""})[""]
    return list(filter(lambda n: previous.get(n, blank) != current.get(n, blank), ORDER))
''',
        "assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    names = tuple(n for n in ORDER if layers.get(n))
    stable_at = next((i for i in reversed(range(len(names))) if names[i] in STABLE), None)
    marked = {stable_at, len(names) - 1} - {None} if cache and names else set()
    return [{"type": "text", "text": layers[n], **({"cache_control": {"type": "ephemeral"}} if i in marked else {})}
            for i, n in enumerate(names)]
''',
        "mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    *older, newest = messages
    content = newest["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    marked = [*blocks[:-1], {**blocks[-1], "cache_control": {"type": "ephemeral"}}]
    return [*older, {**newest, "content": marked}]
''',
    },
    # deep copies: copy everything first, then change only the copy
    "deepcopy-then-change": {
        "tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    text = ""
    for tool in tools:
        if tool["name"] in contracts:
            text += f"<tool name=\\"{tool['name']}\\">\\n{contracts[tool['name']]}\\n</tool>\\n"
    return text
''',
        "fingerprints": '''def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    prints = {}
    for name, text in layers.items():
        digest = hashlib.sha256()
        digest.update(bytes(text, "utf-8"))
        prints[name] = digest.hexdigest()
    return prints


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    full_prev = {**fingerprints({name: "" for name in ORDER}), **previous}
    full_curr = {**fingerprints({name: "" for name in ORDER}), **current}
    return [name for name in ORDER if full_prev[name] != full_curr[name]]
''',
        "assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    present = [(name, layers[name]) for name in ORDER if name in layers and layers[name] != ""]
    blocks = [{"type": "text", "text": text} for _, text in present]
    if cache and blocks:
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
        for position in range(len(present) - 1, -1, -1):
            if present[position][0] in STABLE:
                blocks[position]["cache_control"] = {"type": "ephemeral"}
                break
    return blocks
''',
        "mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    sent = copy.deepcopy(messages)
    newest = sent[-1]
    if isinstance(newest["content"], str):
        newest["content"] = [{"type": "text", "text": newest["content"]}]
    newest["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return sent
''',
    },
    # index arithmetic: positions found with max() and list.index, messages rebuilt by slicing
    "index-arithmetic": {
        "tool_contracts": '''def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    parts = []
    for i in range(len(tools)):
        name = tools[i]["name"]
        manual = contracts.get(name)
        if manual is not None:
            parts += ["### " + name, manual, ""]
    return "\\n".join(parts).rstrip("\\n") if parts else ""
''',
        "fingerprints": '''import hashlib as _hashlib

EMPTY_PRINT = _hashlib.sha256("".encode("utf-8")).hexdigest()


def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    return {k: _hashlib.sha256(layers[k].encode("utf-8")).hexdigest() for k in list(layers)}


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    out = []
    for i in range(len(ORDER)):
        if previous.get(ORDER[i], EMPTY_PRINT) != current.get(ORDER[i], EMPTY_PRINT):
            out.append(ORDER[i])
    return out
''',
        "assemble": '''def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    names = [n for n in ORDER if layers.get(n)]
    blocks = [{"type": "text", "text": layers[n]} for n in names]
    if cache and len(blocks) > 0:
        stable_positions = [names.index(n) for n in STABLE if n in names]
        if stable_positions:
            blocks[max(stable_positions)]["cache_control"] = {"type": "ephemeral"}
        blocks[len(blocks) - 1]["cache_control"] = {"type": "ephemeral"}
    return blocks
''',
        "mark_newest": '''def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    n = len(messages)
    newest = messages[n - 1]
    body = newest["content"]
    if type(body) is str:
        body = [{"type": "text", "text": body}]
    last = len(body) - 1
    new_body = [body[i] if i < last else dict(body[i], cache_control={"type": "ephemeral"}) for i in range(len(body))]
    return [messages[i] for i in range(n - 1)] + [dict(newest, content=new_body)]
''',
    },
}
