"""Known answers to lab 6, run by tests/labs/test_integrity.py.

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other words and other shapes; each must score full marks, because
the checks judge what the functions do, not how they are written.
"""

from agentcourse.nbtools import swap

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
    # The summary call without tools: the API refuses messages with tool blocks when no tools
    # are defined.
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
        if size + len(line) > limit:
            break
        kept.append(line)
        size += len(line) + 1
    head = "\\n".join(kept) if kept else text[:limit]
    last = re.match(r"(\\d+): ", kept[-1]) if kept else None
    where = f" Next: start={int(last.group(1)) + 1}." if last else ""
    return head + f"\\n[{len(text) - len(head)} characters cut.{where}]"
''',
    },
    # A stub in other words, with the tool's name.
    "stub-other-words": {
        "stub_old_results": swap(
            'f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"',
            'f"(elided {name} output of {len(text)} chars; rerun {name} to see it)"'),
    },
    # A different header for the summary message.
    "compact-other-header": {
        "compact": swap('''f"{request}\\n\\n[Compacted: the work so far, summarised]\\n\\n{summary}"''',
                        '''f"{request}\\n\\nWhat happened so far, in short:\\n{summary}"'''),
    },
}
