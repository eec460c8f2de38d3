"""Blind corpus of lab 06: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # a text of exactly `limit` characters is at the limit, so it is already too long and gets cut
    "cap-exact-length-is-cut": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it is under `limit`; else its head, cut at a line end, then one notice line."""
    if len(text) < limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # the line break belongs to the line it ends, so the head keeps it (and the notice goes on a new line)
    "cap-keeps-the-line-break": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its whole lines within the limit, then one notice line."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n") + 1]  # up to and including the last line break
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # a line that ends exactly at the limit is complete, so look one character further for its break
    "cap-keeps-line-ending-at-limit": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its head, cut at a line end, then one notice line."""
    if len(text) <= limit:
        return text
    window = text[: limit + 1]  # the break of a line that fills the limit is the next character
    if "\n" in window:
        head = window[: window.rfind("\n")]
    else:
        head = text[:limit]
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # what was cut is what lies beyond the limit; the partial line dropped before it does not count
    "cap-counts-beyond-limit": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its head, cut at a line end, then one notice line."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(text) - limit
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # a result's size is its size on the wire, so the limit is in UTF-8 bytes
    "cap-limit-in-bytes": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` bytes; else its head, cut at a line end, then one notice line."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    head = data[:limit].decode("utf-8", errors="ignore")
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(data) - len(head.encode("utf-8"))
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # half a line is worse than none: with no line break inside the limit, keep nothing
    "cap-no-break-keeps-nothing": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its whole lines within the limit, then one notice line."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    head = head[: head.rfind("\n")] if "\n" in head else ""
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # a numbered read starts at line 1, so the next line is the number of lines kept plus one
    "cap-start-from-line-count": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its head, cut at a line end, then one notice line."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(text) - len(head)
    more = ""
    if re.match(r"\d+: ", head):
        kept_lines = head.count("\n") + 1
        more = f"; call read_lines with start={kept_lines + 1} for the rest"
    return f"{head}\n[cut: {gone:,} more characters{more}]"
'''},
    # every cut result can be resumed by line, so the notice always gives start=N (numbered or not)
    "cap-start-always": {"cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits; else its head, cut at a line end, then one notice line with start=N."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    next_line = int(numbers[-1]) + 1 if numbers else head.count("\n") + 2
    return f"{head}\n[cut: {gone:,} more characters; call read_lines with start={next_line} for the rest]"
'''},
    # a step is any user message: the request counts among the last keep_recent too
    "stub-steps-are-all-user-messages": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user"]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        if isinstance(message["content"], str):
            continue
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub or text.startswith("[stub"):
                continue
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
'''},
    # steps[:-keep_recent] is "all but the last keep_recent" for every keep_recent
    "stub-negative-slice": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[:-keep_recent]:
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub or text.startswith("[stub"):
                continue
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
'''},
    # a step holds one tool result: the first block of the message
    "stub-first-result-only": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        block = message["content"][0]
        text = block.get("content")
        if block.get("type") != "tool_result" or not isinstance(text, str):
            continue
        name, args = calls.get(block["tool_use_id"], ("the tool", {}))
        if len(text) < min_chars or name in never_stub or text.startswith("[stub"):
            continue
        block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
        count += 1
    return count
'''},
    # "at least min_chars" is read as "more than min_chars": a result of exactly min_chars is small
    "stub-min-chars-exclusive": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) <= min_chars or name in never_stub or text.startswith("[stub"):
                continue
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
'''},
    # keep_recent counts messages: the last keep_recent messages stay, every older result may go
    "stub-keep-recent-counts-messages": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    count = 0
    for message in messages[: max(0, len(messages) - keep_recent)]:
        if message["role"] != "user" or not isinstance(message["content"], list):
            continue
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub or text.startswith("[stub"):
                continue
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
'''},
    # a stub is far shorter than min_chars, so it can never be picked again: no need to recognise one
    "stub-restub-by-size": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub:
                continue
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
'''},
    # a useful stub shows the start of what it replaces, so the model knows what it was
    "stub-with-preview": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by stubs that keep a preview, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        for block in message["content"]:
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub or text.startswith("[stub"):
                continue
            preview = text[:400].replace("\n", " ")
            block["content"] = f"[stub: {name} gave {len(text):,} characters, starting: {preview} ... call it again to see them]"
            count += 1
    return count
'''},
    # a stub is a note in the conversation, so the old result block is replaced by a text block
    "stub-as-text-block": {"stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if m["role"] == "user" and isinstance(m["content"], list)
             and any(b.get("type") == "tool_result" for b in m["content"])]
    count = 0
    for message in steps[: max(0, len(steps) - keep_recent)]:
        for i, block in enumerate(message["content"]):
            text = block.get("content")
            if block.get("type") != "tool_result" or not isinstance(text, str):
                continue
            name, args = calls.get(block["tool_use_id"], ("the tool", {}))
            if len(text) < min_chars or name in never_stub:
                continue
            message["content"][i] = {"type": "text", "text": f"[stub: {name} {json.dumps(args)} gave "
                                     f"{len(text):,} characters; call it again to see them]"}
            count += 1
    return count
'''},
    # the last assistant message is history too: it goes into the summary, only its results are kept
    "compact-tail-after-last-assistant": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the newest results."""
    last = messages[-1]
    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages) + 1:]
'''},
    # the cut must keep a tool_use with its result, so it goes back to the last assistant message that called a tool
    "compact-cut-at-last-tool-call": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message that calls a tool."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant"
               and any(isinstance(b, dict) and b.get("type") == "tool_use" for b in m["content"]))


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    last = messages[-1]
    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
'''},
    # the instruction is a message of its own, sent after the conversation
    "compact-instruction-own-message": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    asked = messages + [{"role": "user", "content": COMPACT_PROMPT}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
'''},
    # a copy of the list is a copy of the messages: adding the instruction to the copy's last message is safe
    "compact-shallow-copy": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    asked = list(messages)  # a copy, so `messages` stays as it was
    asked[-1]["content"].append({"type": "text", "text": COMPACT_PROMPT})
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
'''},
    # only the request under way needs summarising: the summary call starts at the latest request
    "compact-summarises-latest-request-only": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    start = max(i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], str))
    last = messages[-1]
    asked = messages[start:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
'''},
    # the summary is the point of the message; the request follows it as a reminder
    "compact-summary-before-request": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the model's summary and the request, then the tail from cut_point."""
    last = messages[-1]
    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{summary}\n\nThe request was: {request}"}
    return [first] + messages[cut_point(messages):]
'''},
    # a summary call needs no tools: leaving them out is what stops the model from calling one
    "compact-summary-call-without-tools": {"compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    last = messages[-1]
    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
'''},
    # a line break is "\n": replacing it is enough to make the note one line
    "note-only-backslash-n": {"save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("a note must say something")
    lines = Path(path).read_text(encoding="utf-8").splitlines() if Path(path).exists() else []
    lines = (lines + [note.replace("\n", " ")])[-max_lines:]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
'''},
    # appending is what append mode is for: every write ends with a newline, so the file always does too
    "note-append-mode": {"save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("a note must say something")
    with open(path, "a", encoding="utf-8") as f:
        f.write(" ".join(note.split()) + "\n")
    lines = Path(path).read_text(encoding="utf-8").splitlines()[-max_lines:]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
'''},
    # the file's lines are text.split("\n")
    "note-split-on-newline": {"save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("a note must say something")
    lines = Path(path).read_text(encoding="utf-8").split("\n") if Path(path).exists() else []
    lines = (lines + [" ".join(note.split())])[-max_lines:]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
'''},
    # trim the file to max_lines first, then add the new note
    "note-trim-then-append": {"save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("a note must say something")
    lines = Path(path).read_text(encoding="utf-8").splitlines() if Path(path).exists() else []
    lines = lines[-max_lines:] + [" ".join(note.split())]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
'''},
    # an empty note is the empty string; spaces are still something
    "note-empty-means-no-characters": {"save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note:
        raise ValueError("a note must say something")
    lines = Path(path).read_text(encoding="utf-8").splitlines() if Path(path).exists() else []
    lines = (lines + [" ".join(note.split())])[-max_lines:]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
'''},
}

RIGHT = {
    # helpers and str.rpartition; a deque keeps the newest notes
    "helpers-rpartition-deque": {
        "cap_result": r'''LINE_NUMBER = re.compile(r"^(\d+): ", re.MULTILINE)


def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its head, then one notice line."""
    if len(text) <= limit:
        return text
    window = text[:limit]
    before, sep, _ = window.rpartition("\n")
    head = before if sep else window
    notice = f"[truncated: {len(text) - len(head)} characters not shown"
    numbers = LINE_NUMBER.findall(head)
    if numbers:
        notice += f"; read_lines with start={int(numbers[-1]) + 1} gives the rest"
    return head + "\n" + notice + "]"
''',
        "stub_old_results": r'''STUB_MARK = "[stub]"


def _is_step(message) -> bool:
    return (message["role"] == "user" and isinstance(message["content"], list)
            and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in message["content"]))


def _stub_text(name, args, size) -> str:
    shown = json.dumps(args)
    if len(shown) > 120:
        shown = shown[:117] + "..."
    return f"{STUB_MARK} {name} {shown}: {size} characters removed; call {name} again to see them"


def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    calls = calls_by_id(messages)
    steps = [m for m in messages if _is_step(m)]
    old = steps[: max(0, len(steps) - keep_recent)]
    replaced = 0
    for message in old:
        for block in message["content"]:
            if not isinstance(block, dict) or block.get("type") != "tool_result":
                continue
            text = block.get("content")
            if not isinstance(text, str) or len(text) < min_chars or text.startswith(STUB_MARK):
                continue
            name, args = calls.get(block.get("tool_use_id"), ("unknown_tool", {}))
            if name in never_stub:
                continue
            block["content"] = _stub_text(name, args, len(text))
            replaced += 1
    return replaced
''',
        "compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i]["role"] == "assistant":
            return i
    raise ValueError("no assistant message to cut at")


def _as_blocks(content) -> list:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


def _request_words(content) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    instruction = {"type": "text", "text": COMPACT_PROMPT}
    last = messages[-1]
    if last["role"] == "user":
        asked = messages[:-1] + [{"role": "user", "content": _as_blocks(last["content"]) + [instruction]}]
    else:
        asked = messages + [{"role": "user", "content": [instruction]}]
    response = client.messages.create(
        model=MODEL, system=AGENT.SYSTEM_PROMPT, tools=AGENT.TOOLS,
        tool_choice={"type": "none"}, max_tokens=2000, messages=asked,
    )
    summary = "\n".join(block.text for block in response.content if block.type == "text")
    opening = {"role": "user", "content": _request_words(messages[0]["content"]) + "\n\n" + summary}
    return [opening, *messages[cut_point(messages):]]
''',
        "save_note": r'''from collections import deque


def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("empty note")
    line = " ".join(note.splitlines())
    file = Path(path)
    kept = deque(file.read_text(encoding="utf-8").splitlines() if file.is_file() else [], maxlen=max_lines)
    kept.append(line)
    file.write_text("".join(entry + "\n" for entry in kept), encoding="utf-8")
    return f"noted in {path}: {len(kept)} of at most {max_lines} lines"
''',
    },
    # imperative index walking: scan backwards by hand, count steps from the end, pop the oldest lines
    "imperative-index-walking": {
        "cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its head, then one notice line."""
    if len(text) <= limit:
        return text
    end = limit
    i = limit - 1
    while i >= 0 and text[i] != "\n":
        i -= 1
    if i >= 0:
        end = i
    head = text[:end]
    last_number = None
    for line in head.split("\n"):
        match = re.match(r"(\d+): ", line)
        if match:
            last_number = int(match.group(1))
    notice = "[" + str(len(text) - end) + " characters were cut"
    if last_number is not None:
        notice += ", ask read_lines for start=" + str(last_number + 1)
    notice += "]"
    return head + "\n" + notice
''',
        "stub_old_results": r'''def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    tool_of = {}
    for message in messages:
        if message["role"] == "assistant" and isinstance(message["content"], list):
            for block in message["content"]:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    tool_of[block["id"]] = (block["name"], block.get("input", {}))
    replaced = 0
    steps_seen = 0
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message["role"] != "user" or isinstance(message["content"], str):
            continue
        results = [b for b in message["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
        if not results:
            continue
        steps_seen += 1
        if steps_seen <= keep_recent:
            continue
        for block in results:
            text = block.get("content")
            if not isinstance(text, str) or len(text) < min_chars:
                continue
            if text.startswith("(old result removed"):
                continue
            name, args = tool_of.get(block["tool_use_id"], ("?", {}))
            if name in never_stub:
                continue
            where = args.get("path", "") if isinstance(args, dict) else ""
            block["content"] = ("(old result removed: " + name + " " + str(where)[:80] + " returned "
                                + str(len(text)) + " characters; call " + name + " again to see them)")
            replaced += 1
    return replaced
''',
        "compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    index = len(messages) - 1
    while messages[index]["role"] != "assistant":
        index -= 1
        if index < 0:
            raise ValueError("no assistant message")
    return index


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    request = copy.deepcopy(messages)
    last = request[-1]
    if last["role"] == "user":
        if isinstance(last["content"], str):
            last["content"] = [{"type": "text", "text": last["content"]}]
        last["content"].append({"type": "text", "text": COMPACT_PROMPT})
    else:
        request.append({"role": "user", "content": [{"type": "text", "text": COMPACT_PROMPT}]})
    answer = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                    tools=AGENT.TOOLS, tool_choice={"type": "none"}, messages=request)
    pieces = []
    for block in answer.content:
        if block.type == "text":
            pieces.append(block.text)
    asked_for = messages[0]["content"]
    if not isinstance(asked_for, str):
        asked_for = " ".join(b.get("text", "") for b in asked_for if isinstance(b, dict))
    new_first = {"role": "user", "content": asked_for + "\n\nSummary of the work so far:\n" + "\n".join(pieces)}
    result_list = [new_first]
    for message in messages[cut_point(messages):]:
        result_list.append(message)
    return result_list
''',
        "save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if note is None or note.strip() == "":
        raise ValueError("refusing to save an empty note")
    one_line = re.sub(r"[\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029]+", " ", note)
    lines = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    lines.append(one_line)
    while len(lines) > max_lines:
        lines.pop(0)
    with open(path, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
    return "saved note (" + str(len(lines)) + " lines in " + path + ")"
''',
    },
    # functional: str.rfind with bounds, comprehensions and unpacking, no loop bodies that mutate lists
    "functional-comprehensions": {
        "cap_result": r'''def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its head, then one notice line."""
    if len(text) <= limit:
        return text
    brk = text.rfind("\n", 0, limit)
    head = text[:brk] if brk != -1 else text[:limit]
    numbers = [int(n) for n in re.findall(r"^(\d+): ", head, flags=re.MULTILINE)]
    where = f", continue with read_lines start={numbers[-1] + 1}" if numbers else ""
    return "\n".join([head, f"[{len(text) - len(head):,} characters cut{where}]"])
''',
        "stub_old_results": r'''STUB = "[stub"


def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    tools = calls_by_id(messages)

    def is_result(block):
        return isinstance(block, dict) and block.get("type") == "tool_result"

    steps = [m for m in messages
             if m["role"] == "user" and not isinstance(m["content"], str) and any(map(is_result, m["content"]))]
    old = steps[: max(len(steps) - keep_recent, 0)]
    due = [b for m in old for b in m["content"]
           if is_result(b) and isinstance(b.get("content"), str)
           and len(b["content"]) >= min_chars and not b["content"].startswith(STUB)
           and tools.get(b["tool_use_id"], ("?", {}))[0] not in never_stub]
    for b in due:
        name, args = tools.get(b["tool_use_id"], ("?", {}))
        b["content"] = f"{STUB}: {name} result, {len(b['content'])} chars, dropped; call {name} {json.dumps(args)[:150]} again for the text]"
    return len(due)
''',
        "compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    return len(messages) - 1 - next(i for i, m in enumerate(reversed(messages)) if m["role"] == "assistant")


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    *earlier, last = messages
    prompt = {"type": "text", "text": COMPACT_PROMPT}
    content = last["content"]
    closing = ([{**last, "content": [*([{"type": "text", "text": content}] if isinstance(content, str) else content), prompt]}]
               if last["role"] == "user" else [last, {"role": "user", "content": [prompt]}])
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=[*earlier, *closing])
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    first = messages[0]["content"]
    words = first if isinstance(first, str) else "\n".join(
        b.get("text", "") for b in first if isinstance(b, dict) and b.get("type") == "text")
    return [{"role": "user", "content": f"{words}\n\n{summary}"}, *messages[cut_point(messages):]]
''',
        "save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    if not note.strip():
        raise ValueError("note is empty")
    file = Path(path)
    old = file.read_text(encoding="utf-8").splitlines() if file.exists() else []
    every = [*old, " ".join(note.splitlines())]
    kept = every[max(0, len(every) - max_lines):]
    file.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return f"Saved note {len(every)} (file keeps {len(kept)} lines)"
''',
    },
    # positions computed up front (accumulate, finditer), a generator of steps, a with-block for the file
    "positions-and-generators": {
        "cap_result": r'''import itertools


def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its head, then one notice line."""
    if len(text) <= limit:
        return text
    parts = text.split("\n")
    breaks = [end - 1 for end in itertools.accumulate(len(p) + 1 for p in parts[:-1])]
    inside = [b for b in breaks if b < limit]
    head = text[: inside[-1]] if inside else text[:limit]
    numbered = [m.group(1) for m in re.finditer(r"^(\d+): ", head, re.M)]
    follow = f" (read on with start={int(numbered[-1]) + 1})" if numbered else ""
    return f"{head}\n[... {len(text) - len(head)} characters cut{follow}]"
''',
        "stub_old_results": r'''def _steps(messages):
    """The user messages that hold tool results, oldest first."""
    for message in messages:
        content = message["content"]
        if message["role"] == "user" and isinstance(content, list) and any(
                isinstance(b, dict) and b.get("type") == "tool_result" for b in content):
            yield message


def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    steps = list(_steps(messages))
    n_old = len(steps) - keep_recent if keep_recent < len(steps) else 0
    calls = calls_by_id(messages)
    total = 0
    for step in steps[:n_old]:
        for block in step["content"]:
            if not (isinstance(block, dict) and block.get("type") == "tool_result"):
                continue
            body = block.get("content")
            tool, tool_input = calls.get(block.get("tool_use_id"), ("tool", {}))
            if (not isinstance(body, str) or len(body) < min_chars or tool in never_stub
                    or body.startswith("<stubbed")):
                continue
            block["content"] = f"<stubbed {tool} result ({len(body):,} chars); call {tool} again to see it>"
            total += 1
    return total
''',
        "compact": r'''def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    assistants = [i for i, m in enumerate(messages) if m.get("role") == "assistant"]
    if not assistants:
        raise ValueError("nothing to cut: no assistant message")
    return assistants[-1]


def _summary_request(messages: list) -> list:
    """`messages` with COMPACT_PROMPT after the last message's content (a new list)."""
    note = {"type": "text", "text": COMPACT_PROMPT}
    last = messages[-1]
    if last["role"] != "user":
        return [*messages, {"role": "user", "content": [note]}]
    blocks = last["content"] if isinstance(last["content"], list) else [{"type": "text", "text": last["content"]}]
    return [*messages[:-1], {"role": "user", "content": [*blocks, note]}]


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    response = client.messages.create(
        model=MODEL,
        max_tokens=2000,
        system=AGENT.SYSTEM_PROMPT,
        tools=AGENT.TOOLS,
        tool_choice={"type": "none"},
        messages=_summary_request(messages),
    )
    summary = "".join(getattr(b, "text", "") for b in response.content)
    asked = messages[0]["content"]
    if isinstance(asked, list):
        asked = "\n".join(b["text"] for b in asked if isinstance(b, dict) and b.get("type") == "text")
    head = {"role": "user", "content": "\n\n".join([asked, "(earlier work, summarised)", summary])}
    return [head] + messages[cut_point(messages):]
''',
        "save_note": r'''def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    flat = " ".join(part.strip() for part in note.splitlines())
    if not flat.strip():
        raise ValueError("save_note needs a non-empty note")
    try:
        with open(path, encoding="utf-8") as handle:
            existing = handle.read().splitlines()
    except FileNotFoundError:
        existing = []
    keep = (existing + [flat])[-max_lines:] if max_lines > 0 else []
    with open(path, "w", encoding="utf-8") as handle:
        handle.writelines(line + "\n" for line in keep)
    return f"note saved ({len(keep)} lines kept in {path})"
''',
    },
}
