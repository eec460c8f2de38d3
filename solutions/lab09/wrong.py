"""Lab 9's known answers (tests/grading/test_integrity.py).

WRONG: each must fail a visible check and lose points.
RIGHT: correct answers in other shapes; each must score full marks, because the checks
judge behaviour, not the shape of the code.
"""

from agentcourse.course.nbrun import drop, swap


def chain(*steps):
    """Several swap()/drop() steps on one cell; each still fails loudly if its text is gone."""
    def apply(source):
        for step in steps:
            source = step(source)
        return source
    return apply

WRONG = {
    # Task 1. The tool's input parsed piece by piece: a piece cut inside a string is not JSON.
    "stream-input-per-piece": {
        "assemble_message": swap(
            '                pieces[event["index"]] = pieces.get(event["index"], "") + delta["partial_json"]\n',
            '                try:\n'
            '                    block["input"] = json.loads(delta["partial_json"])\n'
            '                except ValueError:\n'
            '                    pass\n'),
    },
    # output_tokens added up instead of replaced: message_delta's count is a running total.
    "stream-output-tokens-summed": {
        "assemble_message": swap(
            '            message["usage"].update({k: v for k, v in event.get("usage", {}).items() if v is not None})\n',
            '            for k, v in event.get("usage", {}).items():\n'
            '                if v is not None:\n'
            '                    message["usage"][k] = message["usage"].get(k, 0) + v if k == "output_tokens" else v\n'),
    },
    # A None in message_delta's usage wipes what message_start said.
    "stream-usage-none-replaces": {
        "assemble_message": swap('{k: v for k, v in event.get("usage", {}).items() if v is not None}',
                                 'event.get("usage", {})'),
    },
    # A cut stream kept: whatever arrived is returned.
    "stream-cut-kept": {
        "assemble_message": drop('    if not any(event["type"] == "message_stop" for event in events):\n'
                                 '        return None\n'),
    },
    # The tool's input left as the JSON text the pieces make, not the value it holds.
    "stream-input-as-text": {
        "assemble_message": swap('            message["content"][index]["input"] = json.loads(text)',
                                 '            message["content"][index]["input"] = text'),
    },
    # Task 2. Start does not put the step in progress back: two steps in progress.
    "plan-two-in-progress": {
        "update_plan": swap('            for step in plan:\n'
                            '                if step["state"] == "doing":\n'
                            '                    step["state"] = "todo"\n', '            pass\n'),
    },
    # True is 1 to isinstance(number, int).
    "plan-bool-accepted": {
        "update_plan": swap("if isinstance(number, bool) or not isinstance(number, int)", "if not isinstance(number, int)"),
    },
    # No limit on the number of steps.
    "plan-unbounded": {
        "update_plan": drop('        if len(plan) >= MAX_STEPS:\n'
                            '            return f"Error: the plan already has {MAX_STEPS} steps"\n'),
    },
    # Whitespace only stripped at the ends: a task with a newline inside is two lines.
    "plan-whitespace-kept": {
        "update_plan": swap('" ".join(task.split())[:MAX_CHARS]', 'task.strip()[:MAX_CHARS]'),
    },
    # Task 3. Searched, not matched whole: "edit" picks str_replace_based_edit_tool.
    "hook-matcher-search": {
        "hook_matches": swap("re.fullmatch(matcher, tool)", "re.search(matcher, tool)"),
    },
    # Any failing hook refuses the call, not only exit status 2.
    "hook-nonzero-refuses": {
        "before_tool": swap("if status == BLOCK:", "if status != 0:"),
    },
    # The event ignored: a PostToolUse or Stop hook runs before the tool too.
    "hook-any-event": {
        "before_tool": swap('if hook["event"] != "PreToolUse" or not hook_matches', 'if not hook_matches'),
    },
    # The model is told it was refused, not what the hook said.
    "hook-output-hidden": {
        "before_tool": swap("): {output or 'no reason given'}\"", ")\""),
    },
    # Task 4. An empty file taken for no file.
    "undo-empty-is-absent": {
        "turn_changes": swap("(path, before.get(path), after.get(path))",
                             "(path, before.get(path) or None, after.get(path) or None)"),
    },
    # Everything the turn changed is put back, even a file changed since.
    "undo-overwrites-later-work": {
        "undo_turn": swap("        if now.get(path) != new:\n            left_alone.append(path)\n        elif old is None:",
                          "        if old is None:"),
    },
    # Task 5. The sandbox alone chooses the mode: the strict mode, with a sandbox, runs unasked.
    "modes-mode-ignored": {
        "decide": swap("    if mode != FENCED or not sandbox:\n", "    if not sandbox:\n"),
    },
    # The crossing forgotten only when the network stopped it: a read-only place asks every time.
    "modes-read-only-crossing-kept": {
        "decide": swap("    stopped = blocked.pop(command, None)\n",
                       "    stopped = blocked.get(command)\n"
                       "    if stopped == NETWORK:\n"
                       "        del blocked[command]\n"),
    },
    # The guardrail's "ask" kept in the fenced mode for commands it would ask about.
    "modes-fenced-guardrail-asks": {
        "decide": swap("    stopped = blocked.pop(command, None)\n",
                       "    if strict(command) == \"ask\" and command not in blocked:\n"
                       "        return \"ask\"\n"
                       "    stopped = blocked.pop(command, None)\n"),
    },
}

RIGHT = {
    # A tool's pieces kept in a list of their own per block, joined at the end.
    "stream-list-of-pieces": {
        "assemble_message": chain(
            swap('                pieces[event["index"]] = pieces.get(event["index"], "") + delta["partial_json"]\n',
                 '                pieces.setdefault(event["index"], []).append(delta["partial_json"])\n'),
            swap('    for index, text in pieces.items():\n        if text:',
                 '    for index, parts in pieces.items():\n        text = "".join(parts)\n        if text:')),
    },
    # The plan's text built with a loop and str.format, names that shadow nothing of the setup's.
    "plan-format-loop": {
        "update_plan": swap(
            "    return \"\\n\".join(f\"{n}. {MARKS[step['state']]} {step['task']}\" for n, step in enumerate(plan, 1))",
            "    lines = []\n"
            "    for position, step in enumerate(plan):\n"
            "        lines.append(\"{}. {} {}\".format(position + 1, MARKS[step[\"state\"]], step[\"task\"]))\n"
            "    return \"\\n\".join(lines)"),
    },
    # A matcher made whole by wrapping it in a group and anchoring the end.
    "hook-group-anchored": {
        "hook_matches": swap("re.fullmatch(matcher, tool) is not None",
                             "re.match(\"(?:\" + matcher + \")$\", tool) is not None and not tool.endswith(\"\\n\")"),
    },
    # Task 5 in one expression per mode, the crossing looked up in a dict.
    "modes-one-expression": {
        "decide": swap(
            "    stopped = blocked.pop(command, None)\n"
            "    return \"run\" if stopped is None else \"network\" if stopped == NETWORK else \"outside\"\n",
            "    return {None: \"run\", NETWORK: \"network\", READ_ONLY: \"outside\"}[blocked.pop(command, None)]\n"),
    },
}
