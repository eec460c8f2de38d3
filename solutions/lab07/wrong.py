"""Known answers to lab 7, run by tests/grading/test_integrity.py.

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other words and other shapes; each must score full marks, because
the checks judge what the functions do, not how they are written.
"""

from agentcourse.course.nbrun import swap

WRONG = {
    # Every contract there is, registered or not: the manual describes a tool the model cannot call.
    "contracts-for-every-tool": {
        "tool_contracts": swap(
            '''docs = [f"### {t['name']}\\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]''',
            '''docs = [f"### {name}\\n{text}" for name, text in contracts.items()]'''),
    },
    # In the contracts' order instead of the tools'.
    "contracts-in-dict-order": {
        "tool_contracts": swap(
            '''docs = [f"### {t['name']}\\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]''',
            '''names = {t["name"] for t in tools}
    docs = [f"### {n}\\n{c}" for n, c in contracts.items() if n in names]'''),
    },
    # Python's hash() is salted per process: the fingerprints of one prompt differ between runs.
    "fingerprint-with-hash": {
        "fingerprints": swap('hashlib.sha256(text.encode("utf-8")).hexdigest()', "format(hash(text), 'x')"),
    },
    # The first call reports nothing as changed: the trace never shows what the prompt started as.
    "nothing-changed-on-the-first-call": {
        "fingerprints": swap("        return [name for name in ORDER if current.get(name, empty) != empty]",
                             "        return []"),
    },
    # Empty layers sent as empty text blocks: the API refuses them.
    "assemble-sends-empty-layers": {
        "assemble": swap("present = [name for name in ORDER if layers.get(name)]",
                         "present = [name for name in ORDER if name in layers]"),
    },
    # The dict's order instead of ORDER: a mutable layer can land before the stable ones.
    "assemble-in-dict-order": {
        "assemble": swap("present = [name for name in ORDER if layers.get(name)]",
                         "present = [name for name in layers if layers.get(name)]"),
    },
    # Only the last block marked: every change of memory or signals misses the stable layers too.
    "assemble-marks-only-the-end": {
        "assemble": swap("{stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}",
                         "{len(blocks) - 1}"),
    },
    # A mark on every block: five layers and the newest message make six, and the API refuses.
    "assemble-marks-every-block": {
        "assemble": swap("{stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}",
                         "range(len(blocks))"),
    },
    # The mark written into the messages list itself: old marks pile up past four.
    "mark-newest-in-place": {
        "mark_newest": '''\
def mark_newest(messages):
    last = messages[-1]
    if isinstance(last["content"], str):
        last["content"] = [{"type": "text", "text": last["content"]}]
    last["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return messages
''',
    },
    # The first message marked instead of the newest: the conversation is never cached.
    "mark-the-first-message": {
        "mark_newest": '''\
def mark_newest(messages):
    first = messages[0]
    content = first["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]
    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
    return [{**first, "content": blocks}] + messages[1:]
''',
    },
}

RIGHT = {
    # Other headings, other words around the contracts.
    "contracts-other-headings": {
        "tool_contracts": swap(
            '''docs = [f"### {t['name']}\\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]''',
            '''docs = [f"{t['name']}: {contracts[t['name']]}" for t in tools if contracts.get(t["name"])]'''),
    },
    # hashlib.new and an explicit loop.
    "fingerprints-hashlib-new": {
        "fingerprints": swap(
            '''    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}''',
            '''    out = {}
    for name in layers:
        h = hashlib.new("sha256")
        h.update(layers[name].encode("utf-8"))
        out[name] = h.hexdigest()
    return out'''),
    },
    # Marks added in a second pass.
    "assemble-two-passes": {
        "assemble": '''\
def assemble(layers, cache=True):
    blocks = []
    for name in ORDER:
        if layers.get(name):
            blocks.append({"type": "text", "text": layers[name], "layer": name})
    if cache and blocks:
        stable = [b for b in blocks if b["layer"] in STABLE]
        targets = [stable[-1]] if stable else []
        if blocks[-1] not in targets:
            targets.append(blocks[-1])
        for b in targets:
            b["cache_control"] = {"type": "ephemeral"}
    for b in blocks:
        del b["layer"]
    return blocks
''',
    },
    # copy.deepcopy, then mark.
    "mark-with-deepcopy": {
        "mark_newest": '''\
def mark_newest(messages):
    sent = copy.deepcopy(messages)
    if isinstance(sent[-1]["content"], str):
        sent[-1]["content"] = [{"type": "text", "text": sent[-1]["content"]}]
    sent[-1]["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return sent
''',
    },
}



# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
_DOCS = '''docs = [f"### {t['name']}\\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]'''
_SHA = 'hashlib.sha256(text.encode("utf-8")).hexdigest()'
_CHANGED = '''    empty = hashlib.sha256(b"").hexdigest()
    if not previous:
        return [name for name in ORDER if current.get(name, empty) != empty]
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]'''
_MARKS = "{stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}"

WRONG.update({
    # Sorted by name, "for a stable order".
    "contracts-sorted-by-name": {
        "tool_contracts": swap(_DOCS, _DOCS.replace("for t in tools", "for t in sorted(tools, key=lambda t: t['name'])")),
    },
    # The contracts without the tools' names.
    "contracts-without-names": {"tool_contracts": swap(_DOCS, _DOCS.replace('### {t[\'name\']}\\n', ""))},
    # A heading even when there is nothing under it: the layer is never absent.
    "contracts-heading-when-empty": {
        "tool_contracts": swap('    return "## Tool Contracts\\n" + "\\n\\n".join(docs) if docs else ""',
                               '    return "## Tool Contracts\\n" + "\\n\\n".join(docs)'),
    },
    # Every tool assumed to have a contract.
    "contracts-every-tool-has-one": {"tool_contracts": swap(_DOCS, _DOCS.replace(' if t["name"] in contracts', ""))},
    # The fingerprint of the stripped text: a change in whitespace goes unseen.
    "fingerprint-of-stripped-text": {"fingerprints": swap(_SHA, 'hashlib.sha256(text.strip().encode("utf-8")).hexdigest()')},
    # MD5, "a hash is a hash".
    "fingerprint-md5": {"fingerprints": swap(_SHA, 'hashlib.md5(text.encode("utf-8")).hexdigest()')},
    # The raw digest, not its hex.
    "fingerprint-raw-digest": {"fingerprints": swap(_SHA, 'hashlib.sha256(text.encode("utf-8")).digest()')},
    # Latin-1: fine for English, an error (or another hash) for anything else.
    "fingerprint-latin-1": {"fingerprints": swap(_SHA, 'hashlib.sha256(text.encode("latin-1", "replace")).hexdigest()')},
    # Only present layers fingerprinted: an empty layer has no entry.
    "fingerprints-of-present-layers-only": {
        "fingerprints": swap("for name, text in layers.items()}", "for name, text in layers.items() if text}"),
    },
    # First call: every layer of ORDER, present or not.
    "changed-first-call-every-layer": {
        "fingerprints": swap("        return [name for name in ORDER if current.get(name, empty) != empty]",
                             "        return list(ORDER)"),
    },
    # In the order of the dict given, not ORDER.
    "changed-in-dict-order": {
        "fingerprints": swap(_CHANGED, '''    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in current if current[name] != previous.get(name, empty)]'''),
    },
    # Only the layers present now are compared: one that disappears is not a change.
    "changed-ignores-layers-that-go": {
        "fingerprints": swap(_CHANGED, '''    empty = hashlib.sha256(b"").hexdigest()
    return [name for name in ORDER if current.get(name, empty) != empty and current[name] != previous.get(name)]'''),
    },
    # A layer missing from the dict is an error, not the empty text.
    "changed-missing-key-raises": {
        "fingerprints": swap(_CHANGED, '''    empty = hashlib.sha256(b"").hexdigest()
    if not previous:
        return [name for name in ORDER if current[name] != empty]
    return [name for name in ORDER if current[name] != previous[name]]'''),
    },
    # The first stable layer marked, not the last.
    "assemble-marks-the-first-stable-layer": {"assemble": swap(_MARKS, "{stable[0] if stable else len(blocks) - 1, len(blocks) - 1}")},
    # cache=False ignored.
    "assemble-cache-flag-ignored": {"assemble": swap("    if cache and blocks:", "    if blocks:")},
    # No stable layer present: stable[-1] is an IndexError.
    "assemble-assumes-a-stable-layer": {"assemble": swap(_MARKS, "{stable[-1], len(blocks) - 1}")},
    # The last stable layer of STABLE, whether present or not.
    "assemble-marks-project-rules-only": {
        "assemble": swap("        stable = [i for i, name in enumerate(present) if name in STABLE]\n"
                         "        for i in " + _MARKS + ":",
                         "        stable = [i for i, name in enumerate(present) if name == STABLE[-1]]\n"
                         "        for i in {*stable, len(blocks) - 1}:"),
    },
    # A shallow copy: the newest message's blocks are the caller's, and get the mark.
    "mark-newest-shallow-copy": {
        "mark_newest": '''\
def mark_newest(messages):
    sent = list(messages)
    last = dict(sent[-1])
    if isinstance(last["content"], str):
        last["content"] = [{"type": "text", "text": last["content"]}]
    last["content"][-1]["cache_control"] = {"type": "ephemeral"}
    sent[-1] = last
    return sent
''',
    },
    # The first block of the newest message marked, not its last.
    "mark-newest-first-block": {
        "mark_newest": swap('    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}',
                            '    blocks[0] = {**blocks[0], "cache_control": {"type": "ephemeral"}}'),
    },
    # The newest message reduced to its marked last block.
    "mark-newest-keeps-only-the-last-block": {
        "mark_newest": swap('    return messages[:-1] + [{**last, "content": blocks}]',
                            '    return messages[:-1] + [{**last, "content": blocks[-1:]}]'),
    },
    # The last two messages marked, "to be safe".
    "mark-the-last-two-messages": {
        "mark_newest": swap('    return messages[:-1] + [{**last, "content": blocks}]', '''    sent = messages[:-1] + [{**last, "content": blocks}]
    if len(sent) > 1 and isinstance(sent[-2]["content"], list):
        sent[-2] = {**sent[-2], "content": [*sent[-2]["content"][:-1], {**sent[-2]["content"][-1], "cache_control": {"type": "ephemeral"}}]}
    return sent'''),
    },
    # A string content left as a string: nothing to hang the mark on, so nothing is marked.
    "mark-newest-skips-strings": {
        "mark_newest": swap('''    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]''',
                            '''    if isinstance(content, str):
        return list(messages)
    blocks = [dict(b) for b in content]'''),
    },
})

RIGHT.update({
    # Locals named like the setup's helpers (marks, breakpoints, copy): they rebind nothing.
    "assemble-with-local-names-like-helpers": {
        "assemble": '''\
def assemble(layers, cache=True):
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    marks = [(name, layers[name]) for name in ORDER if layers.get(name, "") != ""]
    breakpoints = set()
    if cache and marks:
        breakpoints.add(len(marks) - 1)
        for i, (name, _) in enumerate(marks):
            if name in STABLE:
                last_stable = i
        if any(name in STABLE for name, _ in marks):
            breakpoints.add(last_stable)
    out = []
    for i, (name, text) in enumerate(marks):
        block = {"type": "text", "text": text}
        if i in breakpoints:
            block["cache_control"] = {"type": "ephemeral"}
        out.append(block)
    return out
''',
    },
    "fingerprints-in-a-loop-with-a-local-named-copy": {
        "fingerprints": '''\
def fingerprints(layers):
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    copy = {}
    for name, text in layers.items():
        copy[name] = hashlib.sha256(bytes(text, "utf-8")).hexdigest()
    return copy


def changed_layers(previous, current):
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    nothing = fingerprints({"x": ""})["x"]
    before = previous or {}
    return [name for name in ORDER
            if current.get(name, nothing) != (before.get(name, nothing))]
''',
    },
    "mark-newest-by-json-round-trip": {
        "mark_newest": '''\
def mark_newest(messages):
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    json_copy = json.loads(json.dumps(messages))
    newest = json_copy[-1]
    if isinstance(newest["content"], str):
        newest["content"] = [{"type": "text", "text": newest["content"]}]
    newest["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return json_copy
''',
    },
})


# ---------------------------------------------------------------- written with the properties
# Mistakes along the axes the properties generate (the name under its contract, every name of
# the dict and no other, the text as it is, one call after another, the newest message whatever
# its role), tried against the checks when they became properties. The checks before them
# missed four of these entirely and caught one only when graded (WALKTHROUGH.md).
_BLOCKS_LINE = 'blocks = [{"type": "text", "text": layers[name]} for name in present]'

WRONG.update({
    # The names in one list at the top, then the contracts: no contract is under its name.
    "contracts-names-listed-first": {"tool_contracts": '''\
def tool_contracts(tools, contracts):
    names = [t["name"] for t in tools if t["name"] in contracts]
    if not names:
        return ""
    return "Tools: " + ", ".join(names) + "\\n\\n" + "\\n\\n".join(contracts[n] for n in names)
'''},
    # Upper-case hex: a hex string, but not the fingerprint a trace compares.
    "fingerprints-upper-hex": {"fingerprints": swap(_SHA, _SHA + ".upper()")},
    # Every name of ORDER, whether the dict has it or not.
    "fingerprints-every-name-of-order": {"fingerprints": swap(
        '''    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}''',
        '''    return {name: hashlib.sha256(layers.get(name, "").encode("utf-8")).hexdigest() for name in ORDER}''')},
    # First call: every name the dict holds, an empty layer included.
    "changed-first-call-names-in-dict": {"fingerprints": swap(
        "        return [name for name in ORDER if current.get(name, empty) != empty]",
        "        return [name for name in ORDER if name in current]")},
    # The text stripped "to be tidy": the block is not the layer the fingerprints describe.
    "assemble-strips-text": {"assemble": swap(_BLOCKS_LINE, _BLOCKS_LINE.replace("layers[name]}", "layers[name].strip()}"))},
    # Blocks kept from call to call: a mark from an earlier call stays on a block that is no
    # longer where a breakpoint goes.
    "assemble-reuses-blocks": {"assemble": '''\
_BLOCKS = {}


def assemble(layers, cache=True):
    present = [n for n in ORDER if layers.get(n)]
    blocks = []
    for n in present:
        block = _BLOCKS.get(n)
        if block is None or block["text"] != layers[n]:
            block = _BLOCKS[n] = {"type": "text", "text": layers[n]}
        blocks.append(block)
    if cache and blocks:
        stable = [i for i, n in enumerate(present) if n in STABLE]
        for i in {stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}:
            blocks[i]["cache_control"] = {"type": "ephemeral"}
    return blocks
'''},
    # "No mark" written as cache_control: None on every other block.
    "assemble-cache-control-none": {"assemble": swap(_BLOCKS_LINE, _BLOCKS_LINE.replace('layers[name]}', 'layers[name], "cache_control": None}'))},
    # The layer's name kept in its block: a field the API refuses.
    "assemble-names-the-layer": {"assemble": swap(_BLOCKS_LINE, _BLOCKS_LINE.replace('layers[name]}', 'layers[name], "layer": name}'))},
    # The newest user message marked, not the newest message.
    "mark-newest-user-message": {"mark_newest": '''\
def mark_newest(messages):
    k = max(i for i, m in enumerate(messages) if m["role"] == "user")
    message = messages[k]
    content = message["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]
    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
    return messages[:k] + [{**message, "content": blocks}] + messages[k + 1:]
'''},
    # Every string content turned into blocks: the older messages are no longer as they were.
    "mark-newest-normalizes-every-string": {"mark_newest": '''\
def mark_newest(messages):
    sent = [{**m, "content": [{"type": "text", "text": m["content"]}] if isinstance(m["content"], str) else list(m["content"])}
            for m in messages]
    sent[-1]["content"][-1] = {**sent[-1]["content"][-1], "cache_control": {"type": "ephemeral"}}
    return sent
'''},
    # copy.copy of the list, of the message and of its content list: the blocks are still the caller's.
    "mark-newest-copy-copy": {"mark_newest": '''\
def mark_newest(messages):
    sent = copy.copy(messages)
    last = copy.copy(sent[-1])
    last["content"] = [{"type": "text", "text": last["content"]}] if isinstance(last["content"], str) else list(last["content"])
    last["content"][-1]["cache_control"] = {"type": "ephemeral"}
    sent[-1] = last
    return sent
'''},
})

RIGHT.update({
    # Stripped contracts under bold names; one mark dict shared by both marked blocks; the
    # newest message rebuilt key by key.
    "bold-names-shared-mark-rebuilt-message": {
        "tool_contracts": '''\
def tool_contracts(tools, contracts):
    lines = [f"**{tool['name']}**: {contracts[tool['name']].strip()}" for tool in tools if contracts.get(tool["name"])]
    return "\\n".join(lines)
''',
        "assemble": '''\
def assemble(layers, cache=True):
    mark = {"type": "ephemeral"}
    names = [name for name in ORDER if layers.get(name, "") != ""]
    out = [{"type": "text", "text": layers[name]} for name in names]
    targets = set()
    if cache and out:
        targets.add(len(out) - 1)
        targets.update(i for i, name in enumerate(names) if name in STABLE and not any(n in STABLE for n in names[i + 1:]))
    for i in targets:
        out[i]["cache_control"] = mark
    return out
''',
        "mark_newest": '''\
def mark_newest(messages):
    newest = messages[-1]
    body = newest["content"]
    parts = [{"type": "text", "text": body}] if isinstance(body, str) else [copy.deepcopy(b) for b in body]
    parts[-1]["cache_control"] = {"type": "ephemeral"}
    rebuilt = {key: value for key, value in newest.items() if key != "content"}
    rebuilt["content"] = parts
    return [*messages[:-1], rebuilt]
''',
    },
})
