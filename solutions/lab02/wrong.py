"""Known-wrong and known-right answers to lab 2 (tests/grading/test_integrity.py).

WRONG: one per key idea of the lab; each must fail a visible test and lose points. Every
case is a transform of the `run_turn` answer cell (the grading benchmark applies the first
six to the solution). ZERO: these must score nothing. RIGHT: correct answers in another
shape; each must score full marks.
"""

from agentcourse.course.nbrun import drop, swap


def _all(*transforms):
    """Apply several transforms to one cell, in order."""

    def apply(source):
        for transform in transforms:
            source = transform(source)
        return source

    return apply


def _whole(source):
    """A transform that replaces the whole cell."""
    return lambda _: source


_CUT = 'if response.stop_reason == "max_tokens" and content and content[-1].type == "tool_use":'
_KI_HANDLER = '''                messages.append({"role": "user", "content": results})
                raise
'''
_RERAISE = '''        close_turn(messages, f"[This turn was {what}; the request above was not finished.]")
        raise
'''

# Lecture 6.1's loop, as the lab hands it out: it handles none of the faults.
LECTURE_LOOP = '''def run_turn(client, messages):
    while True:
        response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS,
                                          system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "".join(block.text for block in response.content if block.type == "text")
        results = []
        for block in response.content:
            if block.type == "tool_use":
                output = dispatch_tool(block.name, block.input)
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})
        messages.append({"role": "user", "content": results})
'''

WRONG = {
    # Task 1: the error goes back as text only, without is_error.
    "error-sent-as-text-only": {"run_turn": drop('''    if str(output).startswith("Error"):
        result["is_error"] = True
''')},
    # Task 2: the cut response is kept as it is: a half-written tool_use nobody answers.
    "cut-tool-call-kept-unanswered": {"run_turn": swap(_CUT, "if False:")},
    # Task 3: pause_turn treated as the end of the turn: half an answer.
    "pause-turn-ignored": {"run_turn": drop('''            if response.stop_reason == "pause_turn":
                continue  # the API paused a long turn: sending it back continues it
''')},
    # Task 4: the API error swallowed; the turn returns as if it had finished.
    "api-error-swallowed": {"run_turn": swap(_RERAISE, _RERAISE.replace(
        "        raise\n", "        if isinstance(err, KeyboardInterrupt):\n            raise\n        return ''\n"))},
    # Task 5: Ctrl-C inside a tool leaves its tool_use (and the rest of the batch) unanswered.
    "ctrl-c-leaves-tool-use-unanswered": {"run_turn": _all(
        swap(_KI_HANDLER, "                raise\n"),
        swap("    if pending:\n", "    if False:\n"))},
    # All tasks: the loop from the lecture, unchanged.
    "lecture-loop": {"run_turn": _whole(LECTURE_LOOP)},
    # Task 1: a tool that raises ends the whole turn.
    "raising-tool-ends-the-turn": {"run_turn": swap('''    try:
        output = dispatch_tool(block.name, block.input)
    except Exception as err:  # a broken tool must not end the turn; Ctrl-C is not an Exception
        output = f"Error: {block.name} raised {type(err).__name__}: {err}"
''', "    output = dispatch_tool(block.name, block.input)\n")},
    # Task 2: the cut tool_use dropped, and the turn ended as if it were done.
    "cut-tool-call-dropped": {"run_turn": swap(
        "                max_tokens *= 2\n                continue\n",
        "                content = content[:-1]\n")},
    # Task 2: the cut call run as if it were complete.
    "cut-tool-call-run": {"run_turn": _all(
        swap(_CUT, "if False:"),
        swap('if response.stop_reason != "tool_use":', 'if response.stop_reason not in ("tool_use", "max_tokens"):'))},
    # Task 3: the continuation of a paused turn appended as a second assistant message.
    "pause-continued-in-a-second-message": {"run_turn": swap(
        '    if messages[-1]["role"] == "assistant":\n', "    if False:\n")},
    # Task 4: the user's message dropped when the first call fails (they must type it again).
    "users-message-dropped": {"run_turn": swap(
        "    except (anthropic.APIError, KeyboardInterrupt) as err:\n",
        "    except (anthropic.APIError, KeyboardInterrupt) as err:\n"
        "        if len(messages) == 1:\n            messages.pop()\n            raise\n")},
    # Tasks 4-5: the closing note sent as a user message: the next user message makes two.
    "closing-note-as-user-message": {"run_turn": swap(
        '    add_to_assistant_turn(messages, [{"type": "text", "text": note}])',
        '    messages.append({"role": "user", "content": note})')},
    # Task 5: a catch-all in the tool runner turns Ctrl-C into a tool error; the turn goes on.
    "ctrl-c-swallowed-by-a-catch-all": {"run_turn": swap(
        "    except Exception as err:  # a broken tool", "    except BaseException as err:  # a broken tool")},
    # Task 5: the tools that finished are reported as not run (the model would redo them).
    "ctrl-c-forgets-finished-results": {"run_turn": swap(
        'done = {result["tool_use_id"] for result in results}', "done, results = set(), []")},
    # Task 5: a user note sent before the results: merged into one message, text comes first (400).
    "ctrl-c-note-before-results": {"run_turn": swap(
        _KI_HANDLER,
        '                messages.append({"role": "user", "content": "[Ctrl-C: tools stopped]"})\n' + _KI_HANDLER)},
}

ZERO = ("lecture-loop",)

_BOUNDED_LOOP = {"run_turn": _whole('''def run_turn(client, messages):
    """Run one user turn and return the model's final text."""
    turn = []          # the assistant's blocks of the current response, paused parts included
    budget = MAX_TOKENS
    finished = False
    try:
        for _ in range(50):
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages + ([{"role": "assistant", "content": turn}] if turn else []))
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                budget = budget * 4
                continue
            turn += blocks
            if response.stop_reason == "pause_turn":
                continue
            messages.append({"role": "assistant", "content": turn})
            turn = []
            calls = [b for b in messages[-1]["content"] if b.type == "tool_use"]
            if response.stop_reason != "tool_use":
                finished = True
                return "".join(b.text for b in messages[-1]["content"] if b.type == "text")
            answers = {}
            try:
                for call in calls:
                    try:
                        out = str(dispatch_tool(call.name, call.input))
                    except Exception as exc:
                        out = f"Error: {exc!r}"
                    answers[call.id] = out
            finally:
                messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": c.id,
                     "content": answers.get(c.id, "Error: interrupted before it ran"),
                     "is_error": c.id not in answers or answers[c.id].startswith("Error")}
                    for c in calls]})
        raise RuntimeError("too many rounds")
    finally:
        if not finished:
            if turn:
                messages.append({"role": "assistant", "content": turn})
            note = {"type": "text", "text": "(turn stopped before it finished)"}
            if messages[-1]["role"] == "assistant":
                messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + [note]}
            else:
                messages.append({"role": "assistant", "content": [note]})
''')}

RIGHT = {
    # Another shape: a bounded loop, the closing done in one place with `finally`, the
    # paused turn kept in a local list, the cut call retried with four times the budget up
    # to a ceiling of 64 times (three retries), then given up (closed by the `finally`).
    "bounded-loop-with-finally": {"run_turn": _all(_BOUNDED_LOOP["run_turn"], swap(
        "                budget = budget * 4\n",
        "                if budget >= 64 * MAX_TOKENS:\n"
        "                    raise RuntimeError(f\"the reply did not fit in max_tokens={budget}\")\n"
        "                budget = budget * 4\n"))},
}

# The visible checks each case must fail: the check of its own task, so that no task is
# passed by what an earlier one taught (each case is the solution minus one idea).
_ALL = ["test_failed_tool_is_flagged", "test_raising_tool_is_reported", "test_cut_tool_call_is_retried",
        "test_paused_turn_is_continued", "test_api_error_before_any_work", "test_api_error_mid_turn",
        "test_ctrl_c_in_a_tool", "test_ctrl_c_while_waiting"]
FAILS = {
    "error-sent-as-text-only": ["test_failed_tool_is_flagged"],
    "cut-tool-call-kept-unanswered": ["test_cut_tool_call_is_retried"],
    "pause-turn-ignored": ["test_paused_turn_is_continued"],
    "api-error-swallowed": ["test_api_error_before_any_work", "test_api_error_mid_turn"],
    "ctrl-c-leaves-tool-use-unanswered": ["test_ctrl_c_in_a_tool"],
    "lecture-loop": _ALL,
    "raising-tool-ends-the-turn": ["test_raising_tool_is_reported"],
    "cut-tool-call-dropped": ["test_cut_tool_call_is_retried"],
    "cut-tool-call-run": ["test_cut_tool_call_is_retried"],
    "pause-continued-in-a-second-message": ["test_paused_turn_is_continued"],
    "users-message-dropped": ["test_api_error_before_any_work"],
    "closing-note-as-user-message": ["test_api_error_before_any_work", "test_api_error_mid_turn",
                                     "test_ctrl_c_in_a_tool", "test_ctrl_c_while_waiting"],
    "ctrl-c-swallowed-by-a-catch-all": ["test_ctrl_c_in_a_tool"],
    "ctrl-c-forgets-finished-results": ["test_ctrl_c_in_a_tool"],
    "ctrl-c-note-before-results": ["test_ctrl_c_in_a_tool"],
}


# ---------------------------------------------------------------- a student's mistakes
# Written after the checks above, from the task texts alone, one plausible mistake each; the
# checks were not designed for them. First contact: see WALKTHROUGH.md.
_TOOL_LOOP = '''            try:
                for block in content:
                    if block.type == "tool_use":
                        results.append(run_tool(block))
            except KeyboardInterrupt:'''

WRONG.update({
    # The try/except Exception around the whole batch: one raising tool, and the rest of the
    # batch is never run or answered.
    "raise-ends-the-batch": {"run_turn": _all(
        swap('''    try:
        output = dispatch_tool(block.name, block.input)
    except Exception as err:  # a broken tool must not end the turn; Ctrl-C is not an Exception
        output = f"Error: {block.name} raised {type(err).__name__}: {err}"''', '''    output = dispatch_tool(block.name, block.input)'''),
        swap(_TOOL_LOOP, '''            try:
                for block in content:
                    if block.type == "tool_use":
                        results.append(run_tool(block))
            except Exception as err:
                failed = next(b for b in content if b.type == "tool_use" and b.id not in {r["tool_use_id"] for r in results})
                results.append({"type": "tool_result", "tool_use_id": failed.id, "is_error": True,
                                "content": f"Error: {err}"})
            except KeyboardInterrupt:'''))},
    # Every result flagged, "to be safe".
    "is-error-on-every-result": {"run_turn": swap('    if str(output).startswith("Error"):\n        result["is_error"] = True',
                                                  '    result["is_error"] = True')},
    # Only a raised exception is flagged; an "Error:" string goes back unflagged.
    "is-error-only-when-raised": {"run_turn": _all(
        swap('    if str(output).startswith("Error"):\n        result["is_error"] = True\n', ""),
        swap('        output = f"Error: {block.name} raised {type(err).__name__}: {err}"',
             '        return {"type": "tool_result", "tool_use_id": block.id, "is_error": True,\n'
             '                "content": f"Error: {block.name} raised {type(err).__name__}: {err}"}'))},
    # The raised exception reported without its message.
    "raised-error-without-its-message": {"run_turn": swap('f"Error: {block.name} raised {type(err).__name__}: {err}"',
                                                          'f"Error: {block.name} failed"')},
    # The cut call retried with the same max_tokens.
    "cut-retried-with-the-same-budget": {"run_turn": swap("                max_tokens *= 2\n", "")},
    # A paused turn continued with a "Continue." user message.
    "pause-continued-by-a-user-message": {"run_turn": swap('''            if response.stop_reason == "pause_turn":
                continue''', '''            if response.stop_reason == "pause_turn":
                messages.append({"role": "user", "content": "Continue."})
                continue''')},
    # The reply is the last response's text only: the paused first half is lost.
    "pause-reply-is-the-last-part": {"run_turn": swap('''                last = messages[-1]["content"] if messages[-1]["role"] == "assistant" else []
                return "".join(block.text for block in last if block.type == "text")''',
                                                      '''                return "".join(block.text for block in content if block.type == "text")''')},
    # On an API error, the turn's work is dropped back to the user's message.
    "api-error-drops-the-work": {"run_turn": swap(_RERAISE, '''        first = next(i for i, m in enumerate(messages) if m["role"] == "user")
        del messages[first + 1:]
''' + _RERAISE)},
    # Retrying the API error until it works: the client stops it after 12 calls.
    "api-error-retried-for-ever": {"run_turn": swap('''            response = client.messages.create(model=MODEL, max_tokens=max_tokens,
                                              system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)''', '''            try:
                response = client.messages.create(model=MODEL, max_tokens=max_tokens,
                                                  system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
            except (anthropic.RateLimitError, anthropic.InternalServerError):
                continue''')},
    # Ctrl-C: the finished results in one message, the not-run ones in another.
    "ctrl-c-two-result-messages": {"run_turn": swap('''                results += [{"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"}
                            for block in content if block.type == "tool_use" and block.id not in done]
                messages.append({"role": "user", "content": results})''', '''                messages.append({"role": "user", "content": results})
                messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                     "content": "Error: not run: the user pressed Ctrl-C"}
                    for block in content if block.type == "tool_use" and block.id not in done]})''')},
    # Ctrl-C: only the interrupted tool answered; the ones after it in the batch are forgotten.
    "ctrl-c-answers-only-the-interrupted-tool": {"run_turn": swap('''                results += [{"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"}
                            for block in content if block.type == "tool_use" and block.id not in done]''', '''                stopped = next(block for block in content if block.type == "tool_use" and block.id not in done)
                results.append({"type": "tool_result", "tool_use_id": stopped.id, "is_error": True,
                                "content": "Error: not run: the user pressed Ctrl-C"})''')},
    # Ctrl-C inside a tool: the loop goes on and asks the model what to do.
    "ctrl-c-asks-the-model": {"run_turn": swap(_KI_HANDLER, '''                messages.append({"role": "user", "content": results})
                continue
''')},
    # Ctrl-C while waiting for the model lets the KeyboardInterrupt through unclosed.
    "ctrl-c-while-waiting-not-closed": {"run_turn": swap("    except (anthropic.APIError, KeyboardInterrupt) as err:",
                                                         "    except anthropic.APIError as err:")},
    # The closing note with no text in it.
    "closing-note-empty": {"run_turn": swap('''        close_turn(messages, f"[This turn was {what}; the request above was not finished.]")''',
                                            '''        close_turn(messages, "")''')},
})

# Written with the properties (the axes they generate along), one mistake each.
WRONG.update({
    # Task 1: only the exceptions the author thought of are caught; a RuntimeError ends the turn.
    "catch-only-some-exceptions": {"run_turn": swap(
        "    except Exception as err:  # a broken tool", "    except (OSError, ValueError) as err:  # a broken tool")},
    # Task 2: a ceiling that allows one retry: a second cut in a row gives up a turn that fits.
    "ceiling-allows-one-retry": {"run_turn": swap("if max_tokens >= 8 * MAX_TOKENS:", "if max_tokens >= 2 * MAX_TOKENS:")},
    # Task 4: the API error replaced by one of the loop's own: the caller cannot tell a 429 from a 400.
    "api-error-raised-as-another": {"run_turn": swap(_RERAISE, _RERAISE.replace(
        "        raise\n",
        "        if isinstance(err, KeyboardInterrupt):\n            raise\n"
        "        raise RuntimeError(\"the API failed\") from err\n"))},
})
FAILS.update({"catch-only-some-exceptions": ["test_raising_tool_is_reported"],
              "ceiling-allows-one-retry": ["test_cut_tool_call_is_retried"],
              "api-error-raised-as-another": ["test_api_error_before_any_work", "test_api_error_mid_turn"]})

# Once in RIGHT as "bounded-loop-with-finally": its only limit on a cut that never fits is the
# loop's 50 rounds, past the 12 calls with_faults allows, so a reply that never fits is retried
# until the client stops it. The task asks for a ceiling that stops it first (task 2); this
# answer has none, and is wrong by the text. RIGHT keeps the same shape with a ceiling.
WRONG["cut-ceiling-only-the-rounds-limit"] = _BOUNDED_LOOP
FAILS["cut-ceiling-only-the-rounds-limit"] = ["test_cut_tool_call_is_retried"]

# A local list named like the checks cell's `tool_results` helper, and a local `show`: locals
# rebind nothing, so the tampering scan has no finding.
RIGHT["locals-named-like-the-checks"] = {"run_turn": lambda source: __import__("re").sub(
    r"\bresults\b", "tool_results", source).replace("    max_tokens = MAX_TOKENS\n", "    max_tokens = MAX_TOKENS\n    show = print  # unused\n")}
