"""Blind corpus of lab 09: wrong ideas and honest answers written from the task texts alone, before any was run against the checks.

Each WRONG case is one misconception a student could hold after reading the task, the rest of
its answer correct; each RIGHT case follows the text in a style unlike the worked solution.

First contact (tests/grading/corpus_figures.py lab09, seed 20270101): 46 of 48 wrong answers
failed a visible check, 45 of 48 lost points when graded; 10 of 10 honest answers got full marks.
Through: `stream-thinking-without-signature` (no mistake after all: every thinking block's
signature_delta sets the signature again, so it moved to NO_MISTAKE), `plan-cut-before-collapsing`
(the long tasks generated were too short for a cut to fall after a run of whitespace) and,
in grading only, `hook-matcher-anchored-by-hand` (`"^" + m + "$"` misreads `bash|plan` only
against `bash_output`, one pair in 108, which the sampled pairs missed).

Tuned (the lab changed, no case): long tasks of 25 to 45 words and a visible case of one with
runs of spaces; every matcher tried against every tool name, visibly. 47 of 47 wrong answers
fail a visible check and lose points when graded (seeds 20270101, 7, 99 and 31), 10 of 10 honest
answers get full marks.

Task 5 (decide, the shell's two modes) came later, with its own cases (`modes-*`), written from
its text and committed before its checks existed. First contact (seed 20270101): 18 of 18 wrong
answers failed a visible check and lost points when graded; 4 of 4 honest answers got full
marks. The same author wrote the cases and then the checks, so the checks' fixed examples were
not blind to them; the generated properties alone, with the public 12 examples each, also fail
all 18.
"""

# ---------------------------------------------------------------- Task 1: assemble_message

_ASSEMBLE = '''def assemble_message(events):
    """The message a list of stream events makes (a dict), or None if the stream was cut."""
{check}    message, pieces = None, {{}}
    for event in events:
        kind = event["type"]
        if kind == "message_start":
            message = json.loads(json.dumps(event["message"]))
        elif kind == "content_block_start":
{start}        elif kind == "content_block_delta":
            block, delta = message["content"][event["index"]], event["delta"]
            if delta["type"] == "text_delta":
                block["text"] += delta["text"]
            elif delta["type"] == "thinking_delta":
                block["thinking"] += delta["thinking"]
            elif delta["type"] == "signature_delta":
                block["signature"] = delta["signature"]
            elif delta["type"] == "input_json_delta":
{piece}        elif kind == "message_delta":
{usage}{other}    for index, text in pieces.items():
{finish}    return message
'''
_CHECK = '''    if not any(event["type"] == "message_stop" for event in events):
        return None
'''
_START = '''            message["content"].append(dict(event["content_block"]))
'''
_PIECE = '''                pieces[event["index"]] = pieces.get(event["index"], "") + delta["partial_json"]
'''
_USAGE = '''            message["stop_reason"] = event["delta"]["stop_reason"]
            message["stop_sequence"] = event["delta"].get("stop_sequence")
            message["usage"].update({k: v for k, v in event.get("usage", {}).items() if v is not None})
'''
_FINISH = '''        if text:
            message["content"][index]["input"] = json.loads(text)
'''


def assemble(check=_CHECK, start=_START, piece=_PIECE, usage=_USAGE, other="", finish=_FINISH):
    return {"assemble_message": _ASSEMBLE.format(check=check, start=start, piece=piece, usage=usage,
                                                 other=other, finish=finish)}


WRONG = {
    # whatever arrived is the reply: a cut stream still gives what it has
    "stream-keeps-a-cut-reply": assemble(check="    if not events:\n        return None\n"),
    # the message is complete once message_delta has said why it stopped
    "stream-done-at-message-delta": assemble(
        check='''    if not any(event["type"] in ("message_delta", "message_stop") for event in events):
        return None
'''),
    # each input_json_delta is a piece of JSON: parse it and merge it into the input
    "stream-parses-each-piece": assemble(piece='''                try:
                    block["input"].update(json.loads(delta["partial_json"]))
                except ValueError:
                    pass
'''),
    # the tool's input is the text the model wrote
    "stream-input-left-as-text": assemble(finish='''        message["content"][index]["input"] = text
'''),
    # no piece of JSON: the input is null
    "stream-empty-input-is-null": assemble(finish='''        message["content"][index]["input"] = json.loads(text or "null")
'''),
    # output tokens add up: message_start's plus message_delta's
    "stream-output-tokens-added": assemble(usage='''            message["stop_reason"] = event["delta"]["stop_reason"]
            message["stop_sequence"] = event["delta"].get("stop_sequence")
            for k, v in event.get("usage", {}).items():
                if v is None:
                    continue
                if k == "output_tokens":
                    message["usage"][k] = message["usage"].get(k, 0) + v
                else:
                    message["usage"][k] = v
'''),
    # message_delta only brings the output tokens
    "stream-only-output-tokens": assemble(usage='''            message["stop_reason"] = event["delta"]["stop_reason"]
            message["stop_sequence"] = event["delta"].get("stop_sequence")
            message["usage"]["output_tokens"] = event["usage"]["output_tokens"]
'''),
    # message_delta's usage is the final usage: take it as it is
    "stream-usage-none-overwrites": assemble(usage='''            message["stop_reason"] = event["delta"]["stop_reason"]
            message["stop_sequence"] = event["delta"].get("stop_sequence")
            message["usage"].update(event.get("usage", {}))
'''),
    # only the stop reason matters to the loop
    "stream-stop-sequence-forgotten": assemble(usage='''            message["stop_reason"] = event["delta"]["stop_reason"]
            message["usage"].update({k: v for k, v in event.get("usage", {}).items() if v is not None})
'''),
    # the blocks the loop uses are text, thinking and tool_use; others are skipped
    "stream-redacted-thinking-dropped": assemble(start='''            block = dict(event["content_block"])
            if block["type"] in ("text", "thinking", "tool_use"):
                message["content"].append(block)
            else:
                message["content"].append(None)
'''),
    # keep the JSON text in the block itself while it arrives
    "stream-json-kept-in-the-block": assemble(piece='''                block["partial_json"] = block.get("partial_json", "") + delta["partial_json"]
                pieces[event["index"]] = block["partial_json"]
'''),
    # an event the function does not know is a protocol error
    "stream-unknown-event-raises": assemble(other='''        elif kind not in ("content_block_stop", "message_stop"):
            raise ValueError(f"unexpected event {kind}")
'''),
}

# Cases that turned out to be no mistake: the behaviour they change cannot differ here. Kept as
# written, out of WRONG (solutions/CONVENTIONS.md).
NO_MISTAKE = {
    # the signature arrives in pieces like the thinking: dropping the start's empty signature
    # changes nothing, since every thinking block's signature_delta sets it again
    "stream-thinking-without-signature": assemble(start='''            block = dict(event["content_block"])
            if block["type"] == "thinking":
                block.pop("signature", None)
            message["content"].append(block)
'''),
}

# ---------------------------------------------------------------- Task 2: update_plan

_PLAN = '''def update_plan(plan, action, task=None, number=None):
    """Apply one action of the plan tool to `plan` (in place); the plan's text, or "Error: ..."."""
    if action == "add":
{add}    elif action in ("start", "finish"):
{number}        if action == "start":
{start}        {set_state}
    else:
        return "Error: unknown action"
    return "\\n".join(f"{{n}}. {{MARKS[s['state']]}} {{s['task']}}" for n, s in enumerate(plan, {first}))
'''
_ADD = '''        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task"
        if len(plan) >= MAX_STEPS:
            return "Error: the plan is full"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
'''
_NUMBER = '''        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(plan):
            return "Error: no such step"
'''
_START_ONE = '''            for step in plan:
                if step["state"] == "doing":
                    step["state"] = "todo"
'''
_SET = 'plan[number - 1]["state"] = "doing" if action == "start" else "done"'


def plan(add=_ADD, number=_NUMBER, start=_START_ONE, set_state=_SET, first=1):
    return {"update_plan": _PLAN.format(add=add, number=number, start=start, set_state=set_state, first=first)}


WRONG |= {
    # starting a step does not touch the others
    "plan-start-leaves-others-doing": plan(start="            pass\n"),
    # steps are numbered like a Python list
    "plan-numbers-from-zero": plan(number='''        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(plan):
            return "Error: no such step"
        number += 1
'''),
    # True is an int in Python
    "plan-bool-is-a-number": plan(number='''        if not isinstance(number, int) or not 1 <= number <= len(plan):
            return "Error: no such step"
'''),
    # the model may send the number as text: be lenient
    "plan-number-from-text": plan(number='''        try:
            number = int(number)
        except (TypeError, ValueError):
            return "Error: no such step"
        if not 1 <= number <= len(plan):
            return "Error: no such step"
'''),
    # twelve is a guideline
    "plan-no-step-limit": plan(add='''        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
'''),
    # cut first, tidy after
    "plan-cut-before-collapsing": plan(add='''        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task"
        if len(plan) >= MAX_STEPS:
            return "Error: the plan is full"
        plan.append({"task": " ".join(task[:MAX_CHARS].split()), "state": "todo"})
'''),
    # one line: newlines become spaces
    "plan-only-newlines-replaced": plan(add='''        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task"
        if len(plan) >= MAX_STEPS:
            return "Error: the plan is full"
        plan.append({"task": task.replace("\\n", " ").strip()[:MAX_CHARS], "state": "todo"})
'''),
    # an empty task is refused; a space is some text
    "plan-blank-task-accepted": plan(add='''        if not isinstance(task, str) or not task:
            return "Error: add needs a task"
        if len(plan) >= MAX_STEPS:
            return "Error: the plan is full"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
'''),
    # add first, then see whether the plan grew too long
    "plan-full-checked-after-adding": plan(add='''        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
        if len(plan) > MAX_STEPS:
            return "Error: the plan is full"
'''),
    # a finished step is finished
    "plan-done-step-cannot-restart": plan(start='''            if plan[number - 1]["state"] == "done":
                return "Error: that step is done"
''' + _START_ONE),
    # a number is in range when it is not past the end
    "plan-number-zero-wraps": plan(number='''        if isinstance(number, bool) or not isinstance(number, int) or number > len(plan):
            return "Error: no such step"
'''),
    # the text numbers steps as the list does
    "plan-text-from-zero": plan(first=0),
}

# ---------------------------------------------------------------- Task 3: hooks

_BEFORE = '''def before_tool(hooks, tool, tool_input, run):
    """Run the PreToolUse hooks that pick `tool`; the refusal the model reads, or None."""
    environment = {env}
    {refusal}
    for hook in hooks:
        if {pick}:
            continue
        status, output = run(hook["command"], environment)
        if {refuses}:
{on_refuse}
    return {end}
'''
_ENV = '{"TOOL_NAME": tool, "TOOL_PATH": tool_input.get("path", ""), "TOOL_INPUT": json.dumps(tool_input)}'
_PICK = 'hook["event"] != "PreToolUse" or not hook_matches(hook["matcher"], tool)'
_ON_REFUSE = '''            return f"Error: refused by a hook ({hook['command']}): {output}"'''


def before(env=_ENV, refusal="", pick=_PICK, refuses="status == BLOCK", on_refuse=_ON_REFUSE, end="None"):
    return {"before_tool": _BEFORE.format(env=env, refusal=refusal, pick=pick, refuses=refuses,
                                          on_refuse=on_refuse, end=end)}


def matches(body):
    return {"hook_matches": f'''def hook_matches(matcher, tool):
    """Does a hook's matcher pick the tool named `tool`?"""
{body}'''}


WRONG |= {
    # a regular expression finds the tool's name
    "hook-matcher-searched": matches('''    return matcher in ("", "*") or re.search(matcher, tool) is not None
'''),
    # re.match anchors the expression
    "hook-matcher-from-the-start": matches('''    return matcher in ("", "*") or re.match(matcher, tool) is not None
'''),
    # anchor both ends by hand
    "hook-matcher-anchored-by-hand": matches('''    return matcher in ("", "*") or re.match("^" + matcher + "$", tool) is not None
'''),
    # "*" is a glob, which a regular expression spells ".*"
    "hook-star-as-an-expression": matches('''    return matcher == "" or re.fullmatch(matcher, tool) is not None
'''),
    # tool names are case-blind
    "hook-matcher-ignores-case": matches('''    return matcher in ("", "*") or re.fullmatch(matcher, tool, re.IGNORECASE) is not None
'''),
    # a matcher names part of a tool
    "hook-matcher-as-substring": matches('''    return matcher in ("", "*") or matcher in tool
'''),
    # a command that fails says no
    "hook-any-failure-refuses": before(refuses="status != 0"),
    # every hook should run, and the first refusal wins
    "hook-later-hooks-still-run": before(refusal="refused = None", refuses="status == BLOCK and refused is None",
                                         on_refuse='''            refused = f"Error: refused by a hook ({hook['command']}): {output}"''',
                                         end="refused"),
    # a hook in the file runs before every tool call
    "hook-events-ignored": before(pick='not hook_matches(hook["matcher"], tool)'),
    # the call may go on: nothing to say
    "hook-allow-is-empty-text": before(end='""'),
    # no path: no TOOL_PATH
    "hook-path-none": before(env='{"TOOL_NAME": tool, "TOOL_PATH": tool_input.get("path"), "TOOL_INPUT": json.dumps(tool_input)}'),
    # the input as Python shows it
    "hook-input-as-repr": before(env='{"TOOL_NAME": tool, "TOOL_PATH": tool_input.get("path", ""), "TOOL_INPUT": str(tool_input)}'),
    # the model needs to know it was refused, not the hook's chatter
    "hook-output-not-given": before(on_refuse='''            return f"Error: refused by a hook ({hook['command']})"'''),
    # a status of 2 or more is a refusal
    "hook-two-or-more-refuses": before(refuses="status >= BLOCK"),
}

# ---------------------------------------------------------------- Task 4: undo


def changes(body):
    return {"turn_changes": f'''def turn_changes(before, after):
    """The (path, before, after) of every file that differs, sorted by path; None: no such file."""
{body}'''}


def undo(body):
    return {"undo_turn": f'''def undo_turn(turn, now):
    """The project after taking `turn` back, and the paths left alone because they changed since."""
{body}'''}


WRONG |= {
    # an empty file holds nothing: no content
    "undo-empty-file-is-none": changes('''    out = []
    for path in sorted(set(before) | set(after)):
        old, new = before.get(path) or None, after.get(path) or None
        if old != new:
            out.append((path, old, new))
    return out
'''),
    # the snapshots list the files in the project's order
    "undo-changes-unsorted": changes('''    out = []
    for path in list(before) + [p for p in after if p not in before]:
        if before.get(path) != after.get(path):
            out.append((path, before.get(path), after.get(path)))
    return out
'''),
    # a change is a file that was there and is different now
    "undo-changes-miss-new-files": changes('''    return [(p, before[p], after.get(p)) for p in sorted(before) if before[p] != after.get(p)]
'''),
    # undo puts every file of the turn back
    "undo-restores-everything": undo('''    project = dict(now)
    for path, old, new in turn:
        if old is None:
            project.pop(path, None)
        else:
            project[path] = old
    return project, []
'''),
    # a file the turn made is emptied
    "undo-made-file-emptied": undo('''    project, left = dict(now), []
    for path, old, new in turn:
        if now.get(path) != new:
            left.append(path)
        else:
            project[path] = old if old is not None else b""
    return project, sorted(left)
'''),
    # a file changed since is one whose content is now different; a missing file has none
    "undo-deleted-since-restored": undo('''    project, left = dict(now), []
    for path, old, new in turn:
        if path in now and now[path] != new:
            left.append(path)
        elif old is None:
            project.pop(path, None)
        else:
            project[path] = old
    return project, sorted(left)
'''),
    # the undo is what it writes: the files it restored
    "undo-returns-only-restored": undo('''    project, left = {}, []
    for path, old, new in turn:
        if now.get(path) != new:
            left.append(path)
        elif old is not None:
            project[path] = old
    return project, sorted(left)
'''),
    # changed since means: different from before the turn
    "undo-compares-with-before": undo('''    project, left = dict(now), []
    for path, old, new in turn:
        if now.get(path) not in (old, new):
            left.append(path)
        elif old is None:
            project.pop(path, None)
        else:
            project[path] = old
    return project, sorted(left)
'''),
    # truthiness for "exists"
    "undo-empty-now-is-missing": undo('''    project, left = dict(now), []
    for path, old, new in turn:
        current = now.get(path) or None
        if current != (new or None):
            left.append(path)
        elif not old:
            project.pop(path, None)
        else:
            project[path] = old
    return project, sorted(left)
'''),
}

# ---------------------------------------------------------------- honest answers, other styles

RIGHT = {
    # a dispatch table of small handlers, a class for the state, deepcopy
    "stream-handlers-class": {"assemble_message": '''import copy


class _Builder:
    def __init__(self):
        self.message, self.json_text, self.stopped = None, {}, False

    def message_start(self, e):
        self.message = copy.deepcopy(e["message"])

    def content_block_start(self, e):
        self.message["content"].append(copy.deepcopy(e["content_block"]))

    def content_block_delta(self, e):
        block, d = self.message["content"][e["index"]], e["delta"]
        if d["type"] == "input_json_delta":
            self.json_text.setdefault(e["index"], []).append(d["partial_json"])
        elif d["type"] == "signature_delta":
            block["signature"] = d["signature"]
        else:
            field = {"text_delta": "text", "thinking_delta": "thinking"}[d["type"]]
            block[field] = block[field] + d[field]

    def message_delta(self, e):
        self.message["stop_reason"] = e["delta"].get("stop_reason")
        self.message["stop_sequence"] = e["delta"].get("stop_sequence")
        for name, count in (e.get("usage") or {}).items():
            if count is not None:
                self.message["usage"][name] = count

    def message_stop(self, e):
        self.stopped = True


def assemble_message(events):
    """The message a list of stream events makes (a dict), or None if the stream was cut."""
    builder = _Builder()
    for e in events:
        handler = getattr(builder, e["type"], None)
        if handler is not None:
            handler(e)
    if not builder.stopped:
        return None
    for index, parts in builder.json_text.items():
        joined = "".join(parts)
        if joined:
            builder.message["content"][index]["input"] = json.loads(joined)
    return builder.message
'''},
    # match statements, and the stream must end on message_stop
    "stream-match-statement": {"assemble_message": '''def assemble_message(events):
    """The message a list of stream events makes (a dict), or None if the stream was cut."""
    if not events or events[-1].get("type") != "message_stop":
        return None
    msg = None
    raw = {}
    for ev in events:
        match ev:
            case {"type": "message_start", "message": m}:
                msg = {**m, "content": list(m.get("content", [])), "usage": dict(m.get("usage") or {})}
            case {"type": "content_block_start", "content_block": b}:
                msg["content"].append({**b})
            case {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": t}}:
                msg["content"][i]["text"] += t
            case {"type": "content_block_delta", "index": i, "delta": {"type": "thinking_delta", "thinking": t}}:
                msg["content"][i]["thinking"] += t
            case {"type": "content_block_delta", "index": i, "delta": {"type": "signature_delta", "signature": s}}:
                msg["content"][i]["signature"] = s
            case {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": p}}:
                raw[i] = raw.get(i, "") + p
            case {"type": "message_delta", "delta": d}:
                msg["stop_reason"], msg["stop_sequence"] = d.get("stop_reason"), d.get("stop_sequence")
                msg["usage"].update((k, v) for k, v in ev.get("usage", {}).items() if v is not None)
            case _:
                pass
    for i, text in raw.items():
        msg["content"][i]["input"] = json.loads(text) if text else msg["content"][i]["input"]
    return msg
'''},
    # the new list built first, then swapped in; regular expressions for the whitespace
    "plan-build-then-swap": {"update_plan": '''def update_plan(plan, action, task=None, number=None):
    """Apply one action of the plan tool to `plan` (in place); the plan's text, or "Error: ..."."""
    steps = [dict(s) for s in plan]
    if action == "add":
        text = re.sub(r"\\s+", " ", task).strip() if isinstance(task, str) else ""
        if not text:
            return "Error: a step needs some text"
        if len(steps) == MAX_STEPS:
            return "Error: too many steps"
        steps.append({"task": text[:MAX_CHARS], "state": "todo"})
    elif action == "start" or action == "finish":
        if type(number) is not int or number < 1 or number > len(steps):
            return "Error: number out of range"
        for i, s in enumerate(steps, start=1):
            if i == number:
                s["state"] = "doing" if action == "start" else "done"
            elif action == "start" and s["state"] == "doing":
                s["state"] = "todo"
    else:
        return "Error: action must be add, start or finish"
    plan[:] = steps
    lines = []
    for i, s in enumerate(plan, start=1):
        lines.append(str(i) + ". " + MARKS[s["state"]] + " " + s["task"])
    return "\\n".join(lines)
'''},
    # guard clauses with a helper of its own
    "plan-guard-clauses": {"update_plan": '''def _valid(number, plan):
    return type(number) is int and 0 < number <= len(plan)


def update_plan(plan, action, task=None, number=None):
    """Apply one action of the plan tool to `plan` (in place); the plan's text, or "Error: ..."."""
    if action not in {"add", "start", "finish"}:
        return f"Error: unknown action {action!r}"
    if action == "add" and (type(task) is not str or task.isspace() or task == ""):
        return "Error: add needs a task"
    if action == "add" and len(plan) >= MAX_STEPS:
        return "Error: at most %d steps" % MAX_STEPS
    if action != "add" and not _valid(number, plan):
        return "Error: bad step number"
    if action == "add":
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
    elif action == "start":
        for step in plan:
            step["state"] = "todo" if step["state"] == "doing" else step["state"]
        plan[number - 1]["state"] = "doing"
    else:
        plan[number - 1]["state"] = "done"
    return "\\n".join("%d. %s %s" % (n, MARKS[s["state"]], s["task"]) for n, s in enumerate(plan, 1))
'''},
    # a compiled expression with \\Z, and a generator for the hooks to run
    "hooks-compiled-and-generator": {
        "hook_matches": '''def hook_matches(matcher, tool):
    """Does a hook's matcher pick the tool named `tool`?"""
    if matcher == "" or matcher == "*":
        return True
    return bool(re.compile("(?:" + matcher + r")\\Z").match(tool))
''',
        "before_tool": '''def before_tool(hooks, tool, tool_input, run):
    """Run the PreToolUse hooks that pick `tool`; the refusal the model reads, or None."""
    env = dict(TOOL_NAME=tool, TOOL_PATH=str(tool_input.get("path", "")),
               TOOL_INPUT=json.dumps(tool_input, ensure_ascii=False), HOOK_EVENT="PreToolUse")
    wanted = (h for h in hooks if h.get("event") == "PreToolUse" and hook_matches(h.get("matcher", ""), tool))
    for hook in wanted:
        code, said = run(hook["command"], env)
        if code == 2:
            return "Error: the hook `%s` refused this call. It said:\\n%s" % (hook["command"], said)
''',
    },
    # a while loop over indices
    "hooks-index-loop": {"before_tool": '''def before_tool(hooks, tool, tool_input, run):
    """Run the PreToolUse hooks that pick `tool`; the refusal the model reads, or None."""
    i = 0
    while i < len(hooks):
        h = hooks[i]
        i += 1
        if h["event"] == "PreToolUse" and hook_matches(h["matcher"], tool):
            path = tool_input["path"] if "path" in tool_input else ""
            status, out = run(h["command"], {"TOOL_INPUT": json.dumps(tool_input), "TOOL_NAME": tool, "TOOL_PATH": path})
            if status == BLOCK:
                return "Error: " + h["command"] + " blocked the call: " + out
    return None
'''},
    # sets and a sentinel for "no file"
    "undo-sentinel": {
        "turn_changes": '''def turn_changes(before, after):
    """The (path, before, after) of every file that differs, sorted by path; None: no such file."""
    result = []
    for path in sorted(set(before).union(after)):
        a, b = before.get(path), after.get(path)
        if (path in before) != (path in after) or a != b:
            result.append((path, a, b))
    return result
''',
        "undo_turn": '''_GONE = object()


def undo_turn(turn, now):
    """The project after taking `turn` back, and the paths left alone because they changed since."""
    project = {**now}
    skipped = []
    for path, old, new in turn:
        current = now.get(path, _GONE)
        expected = _GONE if new is None else new
        if current is not expected and current != expected:
            skipped.append(path)
            continue
        if old is None:
            project.pop(path)
        else:
            project[path] = old
    skipped.sort()
    return project, skipped
''',
    },
    # comprehensions, lists instead of tuples
    "undo-comprehensions": {
        "turn_changes": '''def turn_changes(before, after):
    """The (path, before, after) of every file that differs, sorted by path; None: no such file."""
    paths = sorted({*before, *after})
    return [[p, before.get(p), after.get(p)] for p in paths if before.get(p) != after.get(p)]
''',
        "undo_turn": '''def undo_turn(turn, now):
    """The project after taking `turn` back, and the paths left alone because they changed since."""
    untouched = {path for path, _, new in turn if now.get(path) != new}
    restore = {path: old for path, old, new in turn if path not in untouched}
    project = {p: c for p, c in now.items() if p not in restore}
    project.update({p: old for p, old in restore.items() if old is not None})
    return project, sorted(untouched)
''',
    },
    # os-free pathlib-minded naming, a for/else
    "hooks-for-else": {"hook_matches": '''def hook_matches(matcher, tool):
    """Does a hook's matcher pick the tool named `tool`?"""
    if matcher in {"", "*"}:
        return True
    found = re.fullmatch(matcher, tool)
    return found is not None and found.group(0) == tool
'''},
    # json round trip kept for later, plain loops
    "stream-plain-loops": {"assemble_message": '''def assemble_message(events):
    """The message a list of stream events makes (a dict), or None if the stream was cut."""
    types = [e["type"] for e in events]
    if "message_stop" not in types:
        return None
    result = None
    buffers = {}
    for e in events:
        t = e["type"]
        if t == "message_start":
            result = json.loads(json.dumps(e["message"]))
            continue
        if t == "content_block_start":
            result["content"].append(json.loads(json.dumps(e["content_block"])))
            continue
        if t == "content_block_delta":
            d = e["delta"]
            b = result["content"][e["index"]]
            if d["type"] == "text_delta":
                b["text"] = b["text"] + d["text"]
            if d["type"] == "thinking_delta":
                b["thinking"] = b["thinking"] + d["thinking"]
            if d["type"] == "signature_delta":
                b["signature"] = d["signature"]
            if d["type"] == "input_json_delta":
                buffers[e["index"]] = buffers.get(e["index"], "") + d["partial_json"]
            continue
        if t == "message_delta":
            for key in ("stop_reason", "stop_sequence"):
                result[key] = e["delta"].get(key)
            for key in e["usage"]:
                if e["usage"][key] is not None:
                    result["usage"][key] = e["usage"][key]
    for i in buffers:
        if buffers[i] != "":
            result["content"][i]["input"] = json.loads(buffers[i])
    return result
'''},
}

# ---------------------------------------------------------------- Task 5: decide (the two modes)
# Written from Task 5's text alone, before its checks existed; its first contact is in the
# module's docstring and the walkthrough.

_DECIDE = '''def decide(mode, sandbox, command, blocked, strict):
    """What becomes of `command`: "run", "network", "outside", "ask" or "refuse"."""
{body}'''


def decide(body: str) -> dict:
    """An answer of Task 5 with `body` (indented four spaces) as decide's body."""
    return {"decide": _DECIDE.format(body=body)}


WRONG |= {
    # fenced mode, but the guardrail still asks about what it cannot approve "always"
    "modes-fenced-asks-the-guardrail": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    verdict = strict(command)
    if verdict != "run":
        return verdict
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # a stopped command sent again just runs in the sandbox again: the fence is never crossed
    "modes-blocked-ignored": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    return "run"
'''),
    # the crossing is asked for whatever command comes next once anything was stopped
    "modes-crosses-any-blocked-command": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    if blocked:
        key = next(iter(blocked))
        stopped = blocked.pop(key)
        return "network" if stopped == NETWORK else "outside"
    return "run"
'''),
    # the command stays in blocked: every later send asks to cross again
    "modes-crossing-never-forgotten": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.get(command)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # strict mode asks even for commands the guardrail approves "always"
    "modes-strict-asks-after-always": decide('''    if mode != FENCED or not sandbox:
        return "refuse" if strict(command) == "refuse" else "ask"
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # a list of dangerous words makes the fenced mode ask
    "modes-dangerous-words-ask": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    if any(word in command for word in ("rm ", "sudo", "curl", "dd ", "git push", "chmod", "mkfs")):
        return "ask"
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # the same list refuses outright, in both modes
    "modes-dangerous-words-refused": decide('''    if "rm -rf" in command or "sudo" in command:
        return "refuse"
    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # every crossing goes outside the sandbox, even when only the network stopped it
    "modes-network-goes-outside": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    return "run" if blocked.pop(command, None) is None else "outside"
'''),
    # the two crossings swapped
    "modes-crossings-swapped": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "outside" if stopped == NETWORK else "network"
'''),
    # fenced mode where no sandbox can be made: commands run unasked with no fence at all
    "modes-fenced-without-a-sandbox": decide('''    if mode != FENCED:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # a mode that is neither word counts as fenced
    "modes-unknown-mode-is-fenced": decide('''    if mode == STRICT or not sandbox:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # blocked is read before the mode: strict mode crosses too
    "modes-strict-crosses-blocked": decide('''    stopped = blocked.pop(command, None)
    if stopped is not None:
        return "network" if stopped == NETWORK else "outside"
    if mode != FENCED or not sandbox:
        return strict(command)
    return "run"
'''),
    # a refusal of the guardrail becomes a question
    "modes-refuse-becomes-ask": decide('''    if mode != FENCED or not sandbox:
        verdict = strict(command)
        return "ask" if verdict == "refuse" else verdict
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
    # the same words with other spaces count as the command that was stopped
    "modes-blocked-matched-by-words": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    for key in list(blocked):
        if key.split() == command.split():
            stopped = blocked.pop(key)
            return "network" if stopped == NETWORK else "outside"
    return "run"
'''),
    # one crossing clears every other stopped command
    "modes-crossing-clears-all": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.get(command)
    if stopped is None:
        return "run"
    blocked.clear()
    return "network" if stopped == NETWORK else "outside"
'''),
    # a stopped program, not a stopped command: any command of the same program crosses
    "modes-crosses-by-program": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    name = command.split()[0] if command.split() else ""
    for key in list(blocked):
        if (key.split() or [""])[0] == name:
            stopped = blocked.pop(key)
            return "network" if stopped == NETWORK else "outside"
    return "run"
'''),
    # the fence said no once, so the command is refused without asking
    "modes-blocked-is-refused": decide('''    if mode != FENCED or not sandbox:
        return strict(command)
    return "refuse" if blocked.pop(command, None) is not None else "run"
'''),
    # strict mode with a sandbox around the shell runs everything unasked
    "modes-strict-with-a-sandbox-runs": decide('''    if mode == FENCED and not sandbox:
        return strict(command)
    if mode != FENCED:
        return "run" if sandbox else strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
'''),
}

RIGHT |= {
    # the strict mode first, a membership test, then del
    "modes-membership-and-del": decide('''    fenced = mode == FENCED and bool(sandbox)
    if not fenced:
        return strict(command)
    if command not in blocked:
        return "run"
    what = blocked[command]
    del blocked[command]
    if what == NETWORK:
        return "network"
    return "outside"
'''),
    # a table of crossings, KeyError for a command the fence never stopped
    "modes-table-and-keyerror": decide('''    crossings = {NETWORK: "network", READ_ONLY: "outside"}
    if mode == FENCED and sandbox:
        try:
            stopped_by = blocked.pop(command)
        except KeyError:
            return "run"
        return crossings.get(stopped_by, "outside")
    return strict(command)
'''),
    # the guardrail's verdict computed up front (and ignored when fenced), a match statement
    "modes-verdict-first-match": decide('''    verdict = strict(command)
    match (mode, bool(sandbox)):
        case ("fenced", True):
            pass
        case _:
            return verdict
    reason = blocked.pop(command) if command in blocked else None
    match reason:
        case None:
            return "run"
        case "the network":
            return "network"
        case _:
            return "outside"
'''),
    # a helper for the crossing, names that shadow the setup's
    "modes-helper-function": decide('''    def crossing(stopped):
        return {None: "run", NETWORK: "network"}.get(stopped, "outside")

    if sandbox and mode == FENCED:
        return crossing(blocked.pop(command, None))
    return strict(command)
'''),
}
