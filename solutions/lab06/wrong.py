"""Known answers to lab 6, run by tests/grading/test_integrity.py.

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other words and other shapes; each must score full marks, because
the checks judge what the functions do, not how they are written.
"""

from agentcourse.course.nbrun import chain, swap

WRONG = {
    # Cut at the limit, in the middle of a line: the model gets half a line it may misread.
    "cap-cuts-mid-line": {
        "cap_result": swap('''    if "\\n" in head:
        head = head[: head.rfind("\\n")]
''', ""),
    },
    # A silent cut: the head looks like the whole result.
    "cap-says-nothing": {
        "cap_result": swap('''    return f"{head}\\n[cut: {gone:,} more characters{more}]"''', '''    return head + "\\n"'''),
    },
    # The next range starts at the last line shown: one line is read twice, forever if it is long.
    "cap-next-line-is-the-last-shown": {
        "cap_result": swap("start={int(numbers[-1]) + 1}", "start={int(numbers[-1])}"),
    },
    # keep_recent ignored: the result the model is about to act on becomes a stub.
    "stub-ignores-keep-recent": {
        "stub_old_results": swap("steps[: max(0, len(steps) - keep_recent)]", "steps"),
    },
    # The old pairs are deleted instead of shortened: the list no longer alternates.
    "stub-deletes-old-steps": {
        "stub_old_results": '''\
def stub_old_results(messages, keep_recent, min_chars=1000, never_stub=("research",)):
    steps = [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], list)]
    old = steps[: max(0, len(steps) - keep_recent)]
    for i in reversed(old):
        del messages[i]
    return len(old)
''',
    },
    # never_stub ignored: the research answer, expensive to get again, is thrown away.
    "stub-ignores-never-stub": {
        "stub_old_results": swap(" or name in never_stub", ""),
    },
    # min_chars ignored: short results become stubs that save nothing and cost a re-read.
    "stub-ignores-min-chars": {
        "stub_old_results": swap("len(text) < min_chars or ", ""),
    },
    # The tail kept from the last user message: its tool results answer a tool_use that is gone.
    "compact-cuts-at-the-last-user-message": {
        "compact": swap('''    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")''',
                        '''    return max(i for i, m in enumerate(messages) if m["role"] == "user")'''),
    },
    # The summary without the request: the model no longer knows what it was asked.
    "compact-forgets-the-request": {
        "compact": swap('''f"{request}\\n\\n[Compacted: the work so far, summarised]\\n\\n{summary}"''',
                        '''f"[Compacted: the work so far, summarised]\\n\\n{summary}"'''),
    },
    # The request after the summary: what the model reads first is the summary, not the task.
    "compact-request-last": {
        "compact": swap('''f"{request}\\n\\n[Compacted: the work so far, summarised]\\n\\n{summary}"''',
                        '''f"[Compacted: the work so far, summarised]\\n\\n{summary}\\n\\nThe request: {request}"'''),
    },
    # The summary call without tools: the API accepts it, but the cached prefix (tools first)
    # no longer matches every other call's.
    "compact-call-without-tools": {
        "compact": swap("                                      tools=AGENT.TOOLS, tool_choice={\"type\": \"none\"},\n",
                        ""),
    },
    # The instruction as a separate user message: two user messages in a row.
    "compact-instruction-as-its-own-message": {
        "compact": swap('''    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]''',
                        '''    asked = messages + [{"role": "user", "content": COMPACT_PROMPT}]'''),
    },
    # The oldest notes kept instead of the newest.
    "note-keeps-the-oldest": {
        "save_note": swap("[-max_lines:]", "[:max_lines]"),
    },
    # A note with a line break becomes two lines.
    "note-keeps-line-breaks": {
        "save_note": swap('" ".join(note.split())', "note.strip()"),
    },
}

RIGHT = {
    # Another notice, in other words, with the line to read next stated as "start=N".
    "cap-other-words": {
        "cap_result": swap('''    return f"{head}\\n[cut: {gone:,} more characters{more}]"''',
                           '''    return f"{head}\\n... {gone} characters not shown{more.replace('; call read_lines with', ' (use').replace(' for the rest', ')')}"'''),
    },
    # Line by line instead of slicing.
    "cap-line-by-line": {
        "cap_result": '''\
def cap_result(text, limit):
    if len(text) <= limit:
        return text
    kept, size = [], 0
    for line in text.split("\\n"):
        if size + len(line) >= limit:  # its line break would be past the limit
            break
        kept.append(line)
        size += len(line) + 1
    head = "\\n".join(kept) if kept else text[:limit]
    last = re.match(r"(\\d+): ", kept[-1]) if kept else None
    where = f" Next: start={int(last.group(1)) + 1}." if last else ""
    return head + f"\\n[{len(text) - len(head)} characters cut.{where}]"
''',
    },
    # A stub in other words, with the tool's name, and recognised by its own first words (a
    # stub is never stubbed again, however small min_chars is).
    "stub-other-words": {
        "stub_old_results": chain(
            swap('f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"',
                 'f"(elided {name} output of {len(text)} chars; rerun {name} to see it)"'),
            swap('text.startswith("[stub")', 'text.startswith("(elided ")')),
    },
    # A different header for the summary message.
    "compact-other-header": {
        "compact": swap('''f"{request}\\n\\n[Compacted: the work so far, summarised]\\n\\n{summary}"''',
                        '''f"{request}\\n\\nWhat happened so far, in short:\\n{summary}"'''),
    },
}



# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
_CUT_BACK = '''    head = text[:limit]
    if "\\n" in head:
        head = head[: head.rfind("\\n")]
'''
_STEPS = '''    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
'''
_CALL = '''    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)'''

WRONG.update({
    # "The longest start that ends at a line end": a line that ends exactly at the limit kept.
    "cap-longest-start": {
        "cap_result": swap(_CUT_BACK, '''    head = text[: limit + 1]
    if "\\n" in head:
        head = head[: head.rfind("\\n")]
    else:
        head = head[:limit]
'''),
    },
    # The line break kept at the end of the head: an empty line before the notice.
    "cap-keeps-the-line-break": {
        "cap_result": swap('        head = head[: head.rfind("\\n")]', '        head = head[: head.rfind("\\n") + 1]'),
    },
    # Room kept for the notice inside the limit: the head is shorter than it may be.
    "cap-limit-includes-the-notice": {
        "cap_result": swap("    head = text[:limit]\n", "    head = text[: limit - 60]\n"),
    },
    # The notice counts what was kept, not what was cut.
    "cap-counts-what-is-kept": {
        "cap_result": swap("    gone = len(text) - len(head)\n", "    gone = len(head)\n"),
    },
    # The next line counted from 1: the kept lines plus one, wherever the numbering started.
    "cap-next-line-by-count": {
        "cap_result": swap("start={int(numbers[-1]) + 1}", "start={len(numbers) + 1}"),
    },
    # A text exactly as long as the limit is cut anyway.
    "cap-cuts-at-exactly-the-limit": {"cap_result": swap("    if len(text) <= limit:", "    if len(text) < limit:")},
    # No line break in the head: rfind gives -1, and the head loses its last character.
    "cap-rfind-unchecked": {
        "cap_result": swap('''    if "\\n" in head:
        head = head[: head.rfind("\\n")]''', '''    head = head[: head.rfind("\\n")]'''),
    },
    # The next line read from the whole text: the line after the last one of the file.
    "cap-next-line-from-the-whole-text": {
        "cap_result": swap('numbers = re.findall(r"^(\\d+): ", head, re.M)', 'numbers = re.findall(r"^(\\d+): ", text, re.M)'),
    },
    # The notice glued to the last kept line.
    "cap-notice-on-the-last-line": {
        "cap_result": swap('return f"{head}\\n[cut:', 'return f"{head} [cut:'),
    },
    # Every user message is a step, the request and new requests too.
    "stub-every-user-message-is-a-step": {
        "stub_old_results": swap(_STEPS, '    steps = [m for m in messages if m["role"] == "user"]\n'),
    },
    # keep_recent counted in messages, not steps.
    "stub-keeps-recent-messages": {
        "stub_old_results": swap(_STEPS + "    count = 0\n    for message in steps[: max(0, len(steps) - keep_recent)]:",
                                 _STEPS + "    count = 0\n    recent = messages[len(messages) - keep_recent:] if keep_recent else []\n"
                                          "    for message in [s for s in steps if all(s is not r for r in recent)]:"),
    },
    # Only the first result of a step: parallel calls keep their other results whole.
    "stub-first-result-only": {
        "stub_old_results": swap('        for block in message["content"]:', '        for block in message["content"][:1]:'),
    },
    # The count of steps touched, not of results replaced.
    "stub-counts-steps": {
        "stub_old_results": chain(
            swap('            block["content"] = f"', '            touched = True\n            block["content"] = f"'),
            swap("            count += 1\n", ""),
            swap('        for block in message["content"]:', '        touched = False\n        for block in message["content"]:'),
            swap("    return count", "        count += touched\n    return count")),
    },
    # A step's whole content replaced by one stub block: parallel results lose their ids.
    "stub-one-block-per-step": {
        "stub_old_results": '''\
def stub_old_results(messages, keep_recent, min_chars=1000, never_stub=("research",)):
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        first = message["content"][0]
        text = first.get("content")
        name = calls.get(first["tool_use_id"], ("tool", {}))[0]
        if isinstance(text, str) and len(text) >= min_chars and name not in never_stub:
            message["content"] = [{"type": "tool_result", "tool_use_id": first["tool_use_id"],
                                   "content": f"[stub: {name}; call it again]"}]
            count += 1
    return count
''',
    },
    # A new list returned, the one given left as it was.
    "stub-not-in-place": {
        "stub_old_results": chain(swap("    calls = calls_by_id(messages)\n",
                                        "    calls = calls_by_id(messages)\n    messages = copy.deepcopy(messages)\n")),
    },
    # The stub names the call's id, not the tool.
    "stub-names-the-id": {
        "stub_old_results": swap('f"[stub: {name} {json.dumps(args)} gave', 'f"[stub: {block[\'tool_use_id\']} gave'),
    },
    # A result of exactly min_chars characters kept ("more than", not "at least").
    "stub-min-chars-exclusive": {"stub_old_results": swap("len(text) < min_chars", "len(text) <= min_chars")},
    # keep_recent larger than the number of steps: a negative slice stubs the oldest ones anyway.
    "stub-keep-recent-past-the-start": {
        "stub_old_results": swap("steps[: max(0, len(steps) - keep_recent)]", "steps[: len(steps) - keep_recent]"),
    },
    # keep_recent=0 read as "keep all": steps[:-0] is empty.
    "stub-keep-recent-zero": {
        "stub_old_results": swap("steps[: max(0, len(steps) - keep_recent)]", "steps[:-keep_recent]"),
    },
    # The summary call without the agent's system prompt.
    "compact-call-without-system": {
        "compact": swap(_CALL, _CALL.replace("system=AGENT.SYSTEM_PROMPT,\n                                      ", "")),
    },
    # Another max_tokens for the summary.
    "compact-call-other-max-tokens": {"compact": swap("max_tokens=2000, system=", "max_tokens=1024, system=")},
    # The instruction appended to the last message of the list given: the caller's list changed.
    "compact-changes-the-messages-given": {
        "compact": swap('''    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]''', '''    last["content"].append({"type": "text", "text": COMPACT_PROMPT})
    asked = messages'''),
    },
    # No tool_choice: the model may call a tool instead of writing the summary.
    "compact-call-without-tool-choice": {"compact": swap(' tool_choice={"type": "none"},', "")},
    # The instruction before the results: a tool_result must come first in its message.
    "compact-instruction-before-the-results": {
        "compact": swap('''list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]''', '''[{"type": "text", "text": COMPACT_PROMPT}] + list(last["content"])'''),
    },
    # The cut at the last message: the kept tail starts with tool results.
    "compact-cut-at-the-last-message": {
        "compact": swap('''    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")''',
                        '''    return len(messages) - 1'''),
    },
    # The cut at the first assistant message: almost nothing is summarised.
    "compact-cut-at-the-first-assistant-message": {
        "compact": swap('''    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")''',
                        '''    return min(i for i, m in enumerate(messages) if m["role"] == "assistant")'''),
    },
    # The summary sent as an assistant message.
    "compact-summary-as-assistant": {"compact": swap('first = {"role": "user", "content"', 'first = {"role": "assistant", "content"')},
    # tools=[] "because the summary needs no tools".
    "compact-call-with-no-tools": {"compact": swap("tools=AGENT.TOOLS, tool_choice", "tools=[], tool_choice")},
    # The summary only, as the whole new list: the tail with the turn's tool calls is gone.
    "compact-summary-only": {"compact": swap("    return [first] + messages[cut_point(messages):]", "    return [first]")},
    # The file rewritten with the new note only.
    "note-overwrites": {"save_note": swap("    lines = (lines + [", "    lines = ([] + [")},
    # The new note glued to a last line that has no newline.
    "note-appends-to-an-open-last-line": {
        "save_note": '''\
def save_note(note, path="NOTES.md", max_lines=60):
    if not note.strip():
        raise ValueError("a note must say something")
    with open(path, "a", encoding="utf-8") as f:
        f.write(" ".join(note.split()) + "\\n")
    lines = Path(path).read_text(encoding="utf-8").splitlines()[-max_lines:]
    Path(path).write_text("\\n".join(lines) + "\\n", encoding="utf-8")
    return f"Saved to {path}"
''',
    },
    # One line too many kept.
    "note-keeps-one-line-too-many": {"save_note": swap("[-max_lines:]", "[-max_lines - 1:]")},
    # Nothing returned: the tool result is None.
    "note-returns-nothing": {"save_note": swap('    return f"Saved to {path} ({len(lines)} lines)"', "    return None")},
    # Only an empty string refused: a note of spaces is saved as an empty line.
    "note-spaces-accepted": {"save_note": swap("    if not note.strip():", "    if not note:")},
    # The old lines trimmed first, then the new one added: max_lines + 1 lines.
    "note-trims-before-appending": {
        "save_note": swap('    lines = (lines + [" ".join(note.split())])[-max_lines:]',
                          '    lines = lines[-max_lines:] + [" ".join(note.split())]'),
    },
})

RIGHT.update({
    # Locals named like the setup's helpers (result, use, numbered): they rebind nothing.
    "stub-with-local-names-like-helpers": {
        "stub_old_results": '''\
def stub_old_results(messages, keep_recent, min_chars=1000, never_stub=("research",)):
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    use = calls_by_id(messages)
    steps = []
    for message in messages:
        if message["role"] == "user" and isinstance(message["content"], list):
            if any(block.get("type") == "tool_result" for block in message["content"]):
                steps.append(message)
    old = steps[: max(0, len(steps) - keep_recent)]
    numbered = 0
    for message in old:
        for result in message["content"]:
            if result.get("type") != "tool_result" or not isinstance(result.get("content"), str):
                continue
            name = use.get(result["tool_use_id"], ("a tool", {}))[0]
            if name in never_stub or len(result["content"]) < min_chars or result["content"].startswith("[removed: "):
                continue
            result["content"] = f"[removed: the {name} result, to save space; call {name} again for it]"
            numbered += 1
    return numbered
''',
    },
    "compact-with-a-local-named-result": {
        "compact": '''\
def cut_point(messages):
    """The index of the last assistant message: the kept tail starts there."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i]["role"] == "assistant":
            return i
    raise ValueError("no assistant message")


def compact(client, messages):
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    *head, last = messages
    content = [dict(block) for block in last["content"]]
    content.append({"type": "text", "text": COMPACT_PROMPT})
    result = client.messages.create(model=MODEL, system=AGENT.SYSTEM_PROMPT, tools=AGENT.TOOLS,
                                    tool_choice={"type": "none"}, max_tokens=2000,
                                    messages=head + [{"role": "user", "content": content}])
    summary = "".join(block.text for block in result.content if block.type == "text")
    request = messages[0]["content"]
    if not isinstance(request, str):
        request = " ".join(b.get("text", "") for b in request if isinstance(b, dict))
    return [{"role": "user", "content": request + "\\n\\n" + summary}, *messages[cut_point(messages):]]
''',
    },
    "note-with-open-and-readlines": {
        "save_note": '''\
def save_note(note, path="NOTES.md", max_lines=60):
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    result = " ".join(note.split())
    if result == "":
        raise ValueError("empty note")
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line.rstrip("\\n") for line in f.readlines()]
    except FileNotFoundError:
        lines = []
    lines.append(result)
    del lines[: max(0, len(lines) - max_lines)]
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(line + "\\n" for line in lines)
    return "noted"
''',
    },
})
