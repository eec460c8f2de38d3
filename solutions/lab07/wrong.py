"""Known answers to lab 7, run by tests/labs/test_integrity.py.

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other words and other shapes; each must score full marks, because
the checks judge what the functions do, not how they are written.
"""

from agentcourse.nbtools import swap

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
