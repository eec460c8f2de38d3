# ---
# jupyter:
#   agentcourse:
#     lab: lab09
#     title: 'The agent a person works with: a stream assembled, a plan, a hook, an undo'
#     time_box_minutes: 60
#     time_box_basis: >-
#       The sum of the task minutes plus 5 to read (solutions/CONVENTIONS.md): the introduction
#       and the setup cell, whose helpers live in agentcourse/course/scaffold/lab09.py. Task
#       minutes follow each task's lines of solution code (blank lines and comments left out:
#       27, 17, 9, 11 and 4), at about 0.65 minutes per line, rounded up, the pace of labs 3, 4
#       and 8; Tasks 1 and 3 get 4 minutes more each, to read what each event kind carries and the
#       hook's contract. Task 5 (the shell's two modes) is here and not in Lab 8, whose five tasks
#       fill its 60 minutes: with it this lab is 60 minutes too.
#     release_baseline: 0
#     student_files: []
#     checkpoints: []            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: 'assemble_message: a stream of events back into the reply'
#       tests: [test_stream_text, test_stream_tool_input, test_stream_thinking, test_stream_usage, test_stream_cut]
#       hint: >-
#         Copy message_start's message; append each content_block_start's block; add each delta
#         to the block its index names (signature_delta sets the signature); keep each tool
#         block's partial_json pieces aside and json.loads them joined at the end, if any; let
#         message_delta set stop_reason, stop_sequence and every usage count it carries that is
#         not None. No message_stop: return None.
#     - number: 2
#       title: "update_plan: the plan tool's three actions, one step in progress"
#       tests: [test_plan_add, test_plan_start_finish, test_plan_refusals]
#       hint: >-
#         Check everything before changing anything: add needs a string with something other
#         than whitespace and fewer than MAX_STEPS steps; start and finish need an int (not a
#         bool) from 1 to len(plan). start puts every other "doing" step back to "todo".
#     - number: 3
#       title: 'hook_matches and before_tool: what a PreToolUse hook decides'
#       tests: [test_hook_matchers, test_hook_refuses, test_hook_environment]
#       hint: >-
#         "" and "*" match every tool; anything else with re.fullmatch. Run the PreToolUse hooks
#         that match, in order; the first to exit with BLOCK (2) refuses the call and the ones
#         after it never run; every other status lets the next one run.
#     - number: 4
#       title: 'turn_changes and undo_turn: take a turn back, and only what is still the turn''s'
#       tests: [test_undo_changes, test_undo_restores, test_undo_left_alone]
#       hint: >-
#         A path absent from a snapshot is None, and an empty file is b"", not None. Undo a
#         change only if the file is now exactly what the turn left (now.get(path) == after).
#     - number: 5
#       title: 'decide: the shell''s two modes, fenced and strict'
#       tests: [test_modes_fenced_runs, test_modes_cross_once, test_modes_strict]
#       hint: >-
#         Unless mode is FENCED and there is a sandbox, return strict(command). Otherwise
#         blocked.pop(command, None) says what stopped this exact command (None: nothing): "run"
#         for nothing, "network" for NETWORK, "outside" for anything else.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 9: The agent a person works with: a stream assembled, a plan, a hook, an undo
#
# **Time box: 60 minutes**
#
# Five tasks, 39 points. Stop when the time is up and submit what you have: every check cell is
# graded on its own, so a half-done task still earns the cells it passes.
#
# Checkpoint 09 makes the agent one a person can sit beside (Lecture 7.4). You write, as small
# functions over plain data, the four ideas under its new modules, and one it carries from
# checkpoint 08:
#
# 1. `assemble_message(events)`: a streamed reply arrives as events; put them back together into
#    the message `create` would have returned, and drop a reply whose stream was cut;
# 2. `update_plan(plan, action, task, number)`: the plan tool's state, with **one step in progress
#    at a time**;
# 3. `hook_matches(matcher, tool)` and `before_tool(hooks, tool, tool_input, run)`: a
#    `PreToolUse` hook's contract: **exit status 2 refuses the call**, and its output is what the
#    model reads;
# 4. `turn_changes(before, after)` and `undo_turn(turn, now)`: what a turn changed, and taking it
#    back **without losing work done since**;
# 5. `decide(mode, sandbox, command, blocked, strict)`: the shell's two modes (Lecture 7.3):
#    **fenced**, where commands run in the sandbox unasked and you are asked only to cross the
#    fence, once, for the exact command it stopped; and **strict**, where the guardrail asks.
#    (This task belongs to checkpoint 08's lesson; it is here because Lab 8's five tasks fill
#    its 60 minutes.)
#
# Nothing here calls the API or touches a file: every function takes and returns plain values
# (lists, dicts, strings, bytes), and the checks compare what it returns.
#
# How to work: run the setup cell once, then fill in each answer cell (keep the name, signature
# and docstring) and run the check cells under it. `agentcourse lab check 9` runs every visible
# check from a terminal. Each check cell states its rule and tries it on instances it generates
# (streams cut at any place, runs of plan actions good and bad, hook files, turns that change
# files, runs of shell commands the fence stops): the cell tries a few, grading many more of the
# same kinds, and a failure names the smallest instance it found.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the names the tasks use (help(name) shows each one). Run it first; do not change it."""
import json  # noqa: F401, I001 - json and re for the answers
import re  # noqa: F401

from hypothesis import strategies as st

from agentcourse.course.props import holds
from agentcourse.course.scaffold.lab09 import (  # noqa: F401
    MARKS,  # Task 2: {"todo": "[ ]", "doing": "[>]", "done": "[x]"}, how a step's state is shown
    MAX_STEPS,  # Task 2: 12, the most steps a plan holds
    MAX_CHARS,  # Task 2: 120, the most characters a step's text keeps
    BLOCK,  # Task 3: 2, the exit status with which a PreToolUse hook refuses the call
    ScriptedShell,  # Task 3: ScriptedShell({command: (status, output)}), a shell for hooks; .ran lists its calls
    FENCED, STRICT,  # Task 5: the two modes, "fenced" and "strict"
    NETWORK, READ_ONLY,  # Task 5: what the fence stopped a command by, "the network" or "a read-only place"
    Strict,  # Task 5: Strict({command: verdict}), the guardrail as one function: "run", "ask" or "refuse"
    # for the check cells: the instances they generate
    streams, cut_streams, normalized, difference, brief, short, plan_runs, MATCHERS, TOOL_NAMES, hook_cases,
    turns, mode_runs,
)

try:  # and what they compare with: each task's answer, as checkpoint 09 computes it. When graded,
    # only the checks can import these (your kernel sees their folder empty): no answer calls them
    from agentcourse.course.scaffold.judged.lab09 import (  # noqa: F401
        expected_message, check_plan_run, reference_matches, reference_before, reference_changes, reference_undo,
        check_modes_run)
except ImportError:
    pass

print("setup ok")

# %% [markdown]
# ## Task 1: `assemble_message`: a stream of events back into the reply (22 minutes)
#
# With `stream=True` the Messages API sends a reply as it is written, as a list of events
# (each one a dict, as `json.loads` reads it from the stream). Checkpoint 09 shows them as they
# come, then needs the whole message, the one `create` would have returned, to go on with the
# loop. `assemble_message(events)` builds it:
#
# - `{"type": "message_start", "message": {...}}` comes first: the message so far (`id`,
#   `model`, `role`, `content: []`, `usage`, ...). Start from a copy of it.
# - `{"type": "content_block_start", "index": i, "content_block": {...}}`: a new block, as
#   given: `{"type": "text", "text": ""}`, `{"type": "thinking", "thinking": "", "signature": ""}`,
#   `{"type": "tool_use", "id": ..., "name": ..., "input": {}}`, or a `redacted_thinking` block,
#   which arrives whole (`data`) and gets no delta.
# - `{"type": "content_block_delta", "index": i, "delta": {...}}` adds to block `i`:
#   `text_delta` adds its `text`, `thinking_delta` its `thinking`; `signature_delta` **sets** the
#   block's `signature` (it comes once, whole, at the end of a thinking block);
#   `input_json_delta` carries a piece of the tool's input as JSON text, in `partial_json`.
#   **The pieces are cut anywhere** (inside a string, a number, a `\u00e9` escape), so no piece is
#   JSON by itself: join a block's pieces, and the tool's `input` is `json.loads` of the whole,
#   once all have arrived. A block with no piece, or only empty ones, keeps `"input": {}`.
# - `content_block_stop`: block `i` is complete. `ping`: nothing, it keeps the connection open.
# - `{"type": "message_delta", "delta": {"stop_reason": ..., "stop_sequence": ...}, "usage":
#   {...}}`: set both `delta` fields on the message; each count in its `usage` that is not `None`
#   **replaces** the message's count of that name. `output_tokens` there is the reply's running
#   total, not an increment: `message_start` says 1, `message_delta` says 42, the reply cost 42.
# - `message_stop`: the end. **A list of events with no `message_stop` returns `None`**: the
#   stream was cut (a Ctrl-C, a dropped connection), and checkpoint 09 drops the cut reply whole.
#
# Return the message as a dict: the keys `message_start` gave, with `content` the list of
# blocks, each holding only the keys its `content_block_start` gave (keep a tool block's JSON
# pieces outside the block). The checks compare it with what the anthropic SDK's own stream
# helper assembles from the same events (`client.messages.stream(...).get_final_message()`); a
# key whose value is `None` counts as absent. Write it yourself: the point is to know what that
# helper does.
#
# **Hint:** a dict from block index to the JSON text received so far.
#
# **Expected:** five cells print `stream ok`.

# %% nbgrader="solution" grade_id="assemble_message"
def assemble_message(events):
    """The message a list of stream events makes (a dict), or None if the stream was cut."""
    ### BEGIN SOLUTION
    if not any(event["type"] == "message_stop" for event in events):
        return None
    message, pieces = None, {}
    for event in events:
        kind = event["type"]
        if kind == "message_start":
            message = json.loads(json.dumps(event["message"]))
        elif kind == "content_block_start":
            message["content"].append(dict(event["content_block"]))
        elif kind == "content_block_delta":
            block, delta = message["content"][event["index"]], event["delta"]
            if delta["type"] == "text_delta":
                block["text"] += delta["text"]
            elif delta["type"] == "thinking_delta":
                block["thinking"] += delta["thinking"]
            elif delta["type"] == "signature_delta":
                block["signature"] = delta["signature"]
            elif delta["type"] == "input_json_delta":
                pieces[event["index"]] = pieces.get(event["index"], "") + delta["partial_json"]
        elif kind == "message_delta":
            message["stop_reason"] = event["delta"]["stop_reason"]
            message["stop_sequence"] = event["delta"].get("stop_sequence")
            message["usage"].update({k: v for k, v in event.get("usage", {}).items() if v is not None})
    for index, text in pieces.items():
        if text:
            message["content"][index]["input"] = json.loads(text)
    return message
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_stream_text" points=2
"""Check that text deltas are joined into their blocks, in order, pings aside."""
START = {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
         "model": "claude-sonnet-4-6", "content": [], "stop_reason": None, "stop_sequence": None,
         "usage": {"input_tokens": 25, "output_tokens": 1}}}
END = [{"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None}, "usage": {"output_tokens": 6}},
       {"type": "message_stop"}]
events = [START, {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hel"}},
          {"type": "ping"},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "lo, café"}},
          {"type": "content_block_stop", "index": 0}, *END]
got = assemble_message(events)
assert isinstance(got, dict) and got["content"] == [{"type": "text", "text": "Hello, café"}], short(got, 400)
assert got["id"] == "msg_1" and got["stop_reason"] == "end_turn", f"message_start's id, message_delta's stop_reason: {short(got, 400)}"
assert got["usage"] == {"input_tokens": 25, "output_tokens": 6}, f"message_delta's output_tokens 6 replaces 1: {got['usage']}"


# the property: streams of text blocks (Unicode, empty pieces, pings anywhere) give the message
# the SDK assembles
@holds(streams(kinds=("text",)))
def _(events):
    want, got = expected_message(events), assemble_message(events)
    assert normalized(got) == want, f"{difference(normalized(got), want)}\nthe events:\n{brief(events)}"
### BEGIN HIDDEN TESTS
many = [START] + [e for n in range(300) for e in (
    {"type": "content_block_start", "index": n, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": n, "delta": {"type": "text_delta", "text": f"{n}\u00e9 "}},
    {"type": "content_block_delta", "index": n, "delta": {"type": "text_delta", "text": "😀"}},
    {"type": "content_block_stop", "index": n})] + END
assert normalized(assemble_message(many)) == expected_message(many)
### END HIDDEN TESTS
print("stream ok")

# %% nbgrader="tests" grade_id="test_stream_tool_input" points=3
"""Check that a tool's input is the JSON of all its pieces joined, cut anywhere, and {} without any."""
events = [START, {"type": "content_block_start", "index": 0, "content_block": {
              "type": "tool_use", "id": "toolu_1", "name": "str_replace_based_edit_tool", "input": {}}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ""}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '{"path": "caf\\u0'}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": '0e9.py", "n": 1'}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "2}"}},
          {"type": "content_block_stop", "index": 0},
          {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_2", "name": "plan", "input": {}}},
          {"type": "content_block_stop", "index": 1}, *END]
got = assemble_message(events)
assert got["content"][0] == {"type": "tool_use", "id": "toolu_1", "name": "str_replace_based_edit_tool",
                             "input": {"path": "café.py", "n": 12}}, short(got["content"][0], 300)
assert got["content"][1]["input"] == {}, "a tool call with no piece of input keeps {}"


# the property: tool calls whose JSON (nested values, escapes or not) is cut at any places,
# with empty pieces, beside text blocks: each input is the JSON of its pieces joined
@holds(streams(kinds=("tool_use", "tool_use", "text"), min_blocks=1))
def _(events):
    want, got = expected_message(events), assemble_message(events)
    assert normalized(got) == want, f"{difference(normalized(got), want)}\nthe events:\n{brief(events)}"
### BEGIN HIDDEN TESTS
value = {"command": "create", "path": "big.txt", "file_text": "línea\n" * 3000, "n": [1, 2.5, None, True]}
text = json.dumps(value)
many = [START, {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "toolu_9",
        "name": "str_replace_based_edit_tool", "input": {}}}]
many += [{"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": text[i:i + 7]}}
         for i in range(0, len(text), 7)]
many += [{"type": "content_block_stop", "index": 0}, *END]
assert assemble_message(many)["content"][0]["input"] == value
### END HIDDEN TESTS
print("stream ok")

# %% nbgrader="tests" grade_id="test_stream_thinking" points=2
"""Check that thinking keeps its text and its one signature, and redacted thinking arrives whole."""
events = [START, {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Read the "}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "file first."}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "EqQBCgIYAhIM"}},
          {"type": "content_block_stop", "index": 0},
          {"type": "content_block_start", "index": 1, "content_block": {"type": "redacted_thinking", "data": "EmwKAhgB"}},
          {"type": "content_block_stop", "index": 1}, *END]
got = assemble_message(events)
assert got["content"] == [{"type": "thinking", "thinking": "Read the file first.", "signature": "EqQBCgIYAhIM"},
                          {"type": "redacted_thinking", "data": "EmwKAhgB"}], short(got["content"], 300)


# the property: thinking, redacted thinking and tool calls in any order: the SDK's message
@holds(streams(kinds=("thinking", "redacted_thinking", "tool_use", "text"), min_blocks=1))
def _(events):
    want, got = expected_message(events), assemble_message(events)
    assert normalized(got) == want, f"{difference(normalized(got), want)}\nthe events:\n{brief(events)}"
### BEGIN HIDDEN TESTS
many = [START] + [e for n in range(0, 200, 2) for e in (
    {"type": "content_block_start", "index": n, "content_block": {"type": "thinking", "thinking": "", "signature": ""}},
    {"type": "content_block_delta", "index": n, "delta": {"type": "thinking_delta", "thinking": f"step {n}\n"}},
    {"type": "content_block_delta", "index": n, "delta": {"type": "signature_delta", "signature": f"sig{n}"}},
    {"type": "content_block_stop", "index": n},
    {"type": "content_block_start", "index": n + 1, "content_block": {"type": "redacted_thinking", "data": f"r{n}"}},
    {"type": "content_block_stop", "index": n + 1})] + END
assert normalized(assemble_message(many)) == expected_message(many)
### END HIDDEN TESTS
print("stream ok")

# %% nbgrader="tests" grade_id="test_stream_usage" points=2
"""Check that message_delta sets the stop reason and replaces each usage count it carries."""
start = json.loads(json.dumps(START))
start["message"]["usage"] = {"input_tokens": 25, "output_tokens": 1, "cache_read_input_tokens": 900}
events = [start, {"type": "message_delta", "delta": {"stop_reason": "stop_sequence", "stop_sequence": "END"},
                  "usage": {"output_tokens": 42, "cache_read_input_tokens": None}}, {"type": "message_stop"}]
got = assemble_message(events)
assert got["usage"]["output_tokens"] == 42, f"output_tokens is a running total: 42, not {got['usage']['output_tokens']}"
assert got["usage"]["input_tokens"] == 25 and got["usage"]["cache_read_input_tokens"] == 900, (
    f"counts message_delta does not carry (or carries as None) stay: {got['usage']}")
assert (got["stop_reason"], got["stop_sequence"]) == ("stop_sequence", "END")


# the property: whatever usage counts message_delta carries (present, None or absent), each
# one present and not None replaces the message's, the others stay as message_start said
@holds(streams(max_blocks=1))
def _(events):
    want, got = expected_message(events), normalized(assemble_message(events))
    for key in ("usage", "stop_reason", "stop_sequence"):
        assert got.get(key) == want.get(key), (
            f"{key}: {short(got.get(key))}, expected {short(want.get(key))}\nthe events:\n{brief(events)}")
### BEGIN HIDDEN TESTS
start["message"]["usage"] = {"input_tokens": 7, "output_tokens": 3, "cache_creation_input_tokens": 5}
events = [start, {"type": "message_delta", "delta": {"stop_reason": "max_tokens", "stop_sequence": None},
                  "usage": {"output_tokens": 3, "input_tokens": 9}}, {"type": "message_stop"}]
assert normalized(assemble_message(events))["usage"] == {"input_tokens": 9, "output_tokens": 3, "cache_creation_input_tokens": 5}
### END HIDDEN TESTS
print("stream ok")

# %% nbgrader="tests" grade_id="test_stream_cut" points=2
"""Check that a stream cut before message_stop gives None: the reply is dropped whole."""
events = [START, {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
          {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Half a rep"}},
          {"type": "content_block_stop", "index": 0}, *END]
assert assemble_message(events) is not None
assert assemble_message(events[:-1]) is None, "no message_stop: the stream was cut, return None"
assert assemble_message(events[:3]) is None and assemble_message([]) is None


# the property: a stream cut at any place before its message_stop (even right after its
# message_delta, or before anything arrived) gives None
@holds(cut_streams())
def _(events):
    got = assemble_message(events)
    assert got is None, f"a stream cut before message_stop gives None, not {short(got)}\nthe events:\n{brief(events)}"
### BEGIN HIDDEN TESTS
cut = [START, {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
       {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "x"}},
       {"type": "content_block_stop", "index": 0}, END[0], {"type": "ping"}]
assert assemble_message(cut) is None
### END HIDDEN TESTS
print("stream ok")

# %% [markdown]
# ## Task 2: `update_plan`: the plan tool's three actions (12 minutes)
#
# Checkpoint 09 gives the model a `plan` tool: it writes the steps of a long request down, then
# marks each one started and finished, and the user watches it move. The plan is a list of
# steps, each a dict `{"task": "read utils.py", "state": "todo"}`, where the state is `"todo"`,
# `"doing"` or `"done"`. `update_plan(plan, action, task=None, number=None)` applies one call of
# the tool **to `plan`, in place**, and returns what the model reads back:
#
# - `"add"`: a new step at the end, state `"todo"`. `task` must be a string with something other
#   than whitespace in it; its runs of whitespace (spaces, tabs, newlines) become one space, the
#   ends are stripped, and the result is cut to `MAX_CHARS` (120) characters. A plan holds at most
#   `MAX_STEPS` (12) steps.
# - `"start"`: step `number` (counted from 1) becomes `"doing"`. **One step is in progress at a
#   time**: a step that was `"doing"` goes back to `"todo"`. A finished step may be started again.
# - `"finish"`: step `number` becomes `"done"`.
# - `number` must be an `int` from 1 to the number of steps: not a bool, not `"1"`, not `1.0`.
#
# On success, return the plan's text: one line per step, `f"{n}. {MARKS[state]} {task}"`, joined
# by `"\n"`, so `"1. [x] read utils.py\n2. [>] add a test"`. Anything else (an unknown action, a
# blank or missing task, a 13th step, a bad number) returns a string that starts with `Error:`,
# and **the plan stays exactly as it was**. The `task` of `start` and `finish` and the `number`
# of `add` are not used.
#
# **Expected:** three cells print `plan ok`.

# %% nbgrader="solution" grade_id="update_plan"
def update_plan(plan, action, task=None, number=None):
    """Apply one action of the plan tool to `plan` (in place); the plan's text, or "Error: ..."."""
    ### BEGIN SOLUTION
    if action == "add":
        if not isinstance(task, str) or not task.strip():
            return "Error: add needs a task, one short line"
        if len(plan) >= MAX_STEPS:
            return f"Error: the plan already has {MAX_STEPS} steps"
        plan.append({"task": " ".join(task.split())[:MAX_CHARS], "state": "todo"})
    elif action in ("start", "finish"):
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(plan):
            return f"Error: number must be a step's number, 1 to {len(plan)}"
        if action == "start":
            for step in plan:
                if step["state"] == "doing":
                    step["state"] = "todo"
        plan[number - 1]["state"] = "doing" if action == "start" else "done"
    else:
        return "Error: action must be add, start or finish"
    return "\n".join(f"{n}. {MARKS[step['state']]} {step['task']}" for n, step in enumerate(plan, 1))
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_plan_add" points=2
"""Check that add appends a todo step, its whitespace made one line, and returns the plan's text."""
plan = []
assert update_plan(plan, "add", "read utils.py") == "1. [ ] read utils.py"
assert update_plan(plan, "add", "  add\ta   test\n") == "1. [ ] read utils.py\n2. [ ] add a test"
assert plan == [{"task": "read utils.py", "state": "todo"}, {"task": "add a test", "state": "todo"}], plan
assert update_plan(plan, "add", "x" * 200).endswith("3. [ ] " + "x" * 120)
update_plan(plan, "add", "refactor  " * 30)
assert plan[-1]["task"] == ("refactor " * 30)[:120], f"whitespace made one space first, then cut to 120: {plan[-1]['task']!r}"


# the property: runs of adds (blank tasks, tasks that are not strings, long ones, whitespace of
# every kind): each one appends what the rules say, or is refused and changes nothing
@holds(plan_runs().map(lambda run: [("add", task, number) for _, task, number in run]))
def _(run):
    check_plan_run(update_plan, run)
### BEGIN HIDDEN TESTS
plan = []
for n in range(12):
    update_plan(plan, "add", f"step\n\n{n}")
assert plan[-1] == {"task": "step 11", "state": "todo"} and len(plan) == 12
### END HIDDEN TESTS
print("plan ok")

# %% nbgrader="tests" grade_id="test_plan_start_finish" points=3
"""Check that start makes one step the only one in progress, and finish marks a step done."""
plan = []
for step in ("read", "edit", "test"):
    update_plan(plan, "add", step)
assert update_plan(plan, "start", None, 1) == "1. [>] read\n2. [ ] edit\n3. [ ] test"
assert update_plan(plan, "start", None, 2) == "1. [ ] read\n2. [>] edit\n3. [ ] test", "one step in progress at a time"
assert update_plan(plan, "finish", None, 2) == "1. [ ] read\n2. [x] edit\n3. [ ] test"
assert update_plan(plan, "finish", None, 1) == "1. [x] read\n2. [x] edit\n3. [ ] test"
assert update_plan(plan, "start", None, 2).startswith("1. [x] read\n2. [>] edit"), "a finished step may be started again"
assert [s["state"] for s in plan] == ["done", "doing", "todo"]


# the property: three steps, then any run of actions: after each, the plan and its text are
# what the rules say, with never more than one step in progress
@holds(plan_runs(adds=3))
def _(run):
    check_plan_run(update_plan, run)
### BEGIN HIDDEN TESTS
plan = []
for n in range(12):
    update_plan(plan, "add", f"s{n}")
for n in range(1, 13):
    update_plan(plan, "start", None, n)
assert [s["state"] for s in plan] == ["todo"] * 11 + ["doing"]
update_plan(plan, "finish", None, 12)
assert [s["state"] for s in plan] == ["todo"] * 11 + ["done"]
### END HIDDEN TESTS
print("plan ok")

# %% nbgrader="tests" grade_id="test_plan_refusals" points=2
"""Check that a bad action, task or number, or a 13th step, is an Error: and changes nothing."""
plan = [{"task": "read", "state": "doing"}, {"task": "edit", "state": "todo"}]
for args in [("start", None, 0), ("start", None, 3), ("finish", None, -1), ("start", None, True),
             ("finish", None, "1"), ("start", None, 1.0), ("start", None, None), ("remove", None, 1),
             ("add", "   \n", None), ("add", None, None)]:
    result = update_plan(plan, *args)
    assert isinstance(result, str) and result.startswith("Error:"), f"update_plan(plan, {args}): {result!r}"
    assert plan == [{"task": "read", "state": "doing"}, {"task": "edit", "state": "todo"}], f"{args} changed the plan"
full = [{"task": f"s{n}", "state": "todo"} for n in range(12)]
assert update_plan(full, "add", "one more").startswith("Error:") and len(full) == 12, "at most 12 steps"


# the property: twelve steps, then any run of actions (a 13th add, numbers out of range or of
# the wrong type, unknown actions): each refused one returns Error: and changes nothing
@holds(plan_runs(adds=12))
def _(run):
    check_plan_run(update_plan, run)
### BEGIN HIDDEN TESTS
plan = [{"task": "a", "state": "done"}]
for args in [("finish", None, 2), ("start", None, False), ("Start", None, 1), ("add", "", 1), ("add", 5, None)]:
    assert update_plan(plan, *args).startswith("Error:") and plan == [{"task": "a", "state": "done"}], args
### END HIDDEN TESTS
print("plan ok")

# %% [markdown]
# ## Task 3: what a `PreToolUse` hook decides (10 minutes)
#
# A hook is a command of the user's, from the project's `.agent/hooks.json`, that checkpoint 09
# runs around the agent's tools. Here the file is already read: `hooks` is a list of dicts
# `{"event": "PreToolUse", "matcher": "bash", "command": "./no-push.sh"}` in the file's order;
# the event is `"PreToolUse"`, `"PostToolUse"` or `"Stop"`.
#
# **`hook_matches(matcher, tool)`**: does a hook's matcher pick the tool named `tool`? `""` and
# `"*"` pick every tool. Anything else is a regular expression that must match **the whole
# name**, case and all: `"bash"` picks `bash` and not `bash_output`, `"edit"` does not pick
# `str_replace_based_edit_tool` but `".*edit.*"` does, and `"bash|plan"` picks both tools.
#
# **`before_tool(hooks, tool, tool_input, run)`**, before a tool runs: run, in the file's order,
# every hook whose event is `"PreToolUse"` and whose matcher picks the tool, by calling
# `run(command, environment)`, which returns `(exit status, output)`. The hook learns about the
# call from `environment`, a dict with three strings: `TOOL_NAME` (the tool's name), `TOOL_PATH`
# (`tool_input["path"]`, or `""` when the input has no path) and `TOOL_INPUT` (`tool_input` as
# JSON, `json.dumps`).
#
# - Exit status `BLOCK` (2) **refuses the call**: return what the model reads instead of the
#   tool's result, a string that starts with `Error:` and holds the hook's command and its output
#   as given, such as `"Error: refused by a hook (./no-push.sh): pushing is mine to do"`. The
#   hooks after it do not run.
# - **Any other status lets the call go on** (0, but also 1 or 127: a hook that fails is not a
#   refusal): the next hook runs. When none refused, return `None`: the tool runs.
#
# `ScriptedShell({command: (status, output)})` (given) is such a `run`: it answers from its
# table ((0, "") for a command it does not know) and keeps each call in `.ran`.
#
# **Expected:** three cells print `hooks ok`.

# %% nbgrader="solution" grade_id="hook_matches"
def hook_matches(matcher, tool):
    """Does a hook's matcher pick the tool named `tool`?"""
    ### BEGIN SOLUTION
    return matcher in ("", "*") or re.fullmatch(matcher, tool) is not None
    ### END SOLUTION


# %% nbgrader="solution" grade_id="before_tool"
def before_tool(hooks, tool, tool_input, run):
    """Run the PreToolUse hooks that pick `tool`; the refusal the model reads, or None."""
    ### BEGIN SOLUTION
    environment = {"TOOL_NAME": tool, "TOOL_PATH": tool_input.get("path", ""), "TOOL_INPUT": json.dumps(tool_input)}
    for hook in hooks:
        if hook["event"] != "PreToolUse" or not hook_matches(hook["matcher"], tool):
            continue
        status, output = run(hook["command"], environment)
        if status == BLOCK:
            return f"Error: refused by a hook ({hook['command']}): {output or 'no reason given'}"
    return None
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_hook_matchers" points=2
"""Check that "" and "*" pick every tool, and any other matcher must match the whole name."""
for matcher, tool, expected in [("", "bash", True), ("*", "plan", True), ("bash", "bash", True),
                                ("bash", "bash_output", False), ("edit", "str_replace_based_edit_tool", False),
                                (".*edit.*", "str_replace_based_edit_tool", True), ("bash|plan", "plan", True),
                                ("Bash", "bash", False)]:
    assert bool(hook_matches(matcher, tool)) == expected, f"hook_matches({matcher!r}, {tool!r}) is {expected}"


# and every matcher of a list (alternatives, anchors, prefixes, other cases) against every tool
# name, all of them: picked exactly when the whole name matches
for matcher in MATCHERS:
    for tool in TOOL_NAMES:
        got, want = hook_matches(matcher, tool), reference_matches(matcher, tool)
        assert bool(got) == want, f"hook_matches({matcher!r}, {tool!r}) is {want}, not {got!r}"
### BEGIN HIDDEN TESTS
for matcher, tool, expected in [("read_file|bash", "bash_output", False), ("b.sh", "bash", True),
                                ("(read|write)_file", "read_file", True), ("bas", "bash", False)]:
    assert bool(hook_matches(matcher, tool)) == expected, (matcher, tool)
### END HIDDEN TESTS
print("hooks ok")

# %% nbgrader="tests" grade_id="test_hook_refuses" points=3
"""Check that exit status 2 refuses with the hook's output, later hooks never run, other statuses let the call go on."""
hooks = [{"event": "PreToolUse", "matcher": "bash", "command": "./lint.sh"},
         {"event": "PostToolUse", "matcher": "", "command": "./after.sh"},
         {"event": "PreToolUse", "matcher": "*", "command": "./no-push.sh"},
         {"event": "PreToolUse", "matcher": "", "command": "./never.sh"}]
run = ScriptedShell({"./lint.sh": (1, "lint failed"), "./no-push.sh": (2, "pushing is mine to do")})
refusal = before_tool(hooks, "bash", {"command": "git push"}, run)
assert isinstance(refusal, str) and refusal.startswith("Error:"), f"status 2 refuses: {refusal!r}"
assert "pushing is mine to do" in refusal and "./no-push.sh" in refusal, f"the model reads the hook's output: {refusal!r}"
assert [command for command, _ in run.ran] == ["./lint.sh", "./no-push.sh"], (
    f"lint (status 1 does not refuse), then no-push, which refuses; after.sh is no PreToolUse hook: {run.ran}")
run = ScriptedShell({"./lint.sh": (127, "not found")})
assert before_tool(hooks, "plan", {"action": "add"}, run) is None, "no hook refused: None"


# the property: hook files of PreToolUse, PostToolUse and Stop hooks with matchers of every
# kind, exit statuses 0, 1, 2, 3, 127, 255: the right hooks run, in order, and the call is
# refused exactly when one exits 2, with its command and output in what the model reads
@holds(hook_cases())
def _(case):
    hooks, tool, tool_input, table = case
    run = ScriptedShell(table)
    got = before_tool(hooks, tool, tool_input, run)
    refuser, ran = reference_before(hooks, tool, tool_input, table)
    call = f"before_tool({short(hooks, 600)}, {tool!r}, ...) with {short(table, 400)}"
    assert [command for command, _ in run.ran] == ran, f"{call}: the hooks run are {ran}, not {[c for c, _ in run.ran]}"
    if refuser is None:
        assert got is None, f"{call}: no hook exits with 2, so None, not {short(got)}"
    else:
        output = table[refuser][1]
        assert isinstance(got, str) and got.startswith("Error:") and refuser in got and output in got, (
            f"{call}: {refuser} refuses: an Error: string with its command and its output {output!r}, not {short(got)}")
### BEGIN HIDDEN TESTS
hooks = [{"event": "PreToolUse", "matcher": "", "command": f"h{n}"} for n in range(50)]
run = ScriptedShell({f"h{n}": (1 if n % 2 else 0, "x") for n in range(50)} | {"h49": (2, "última")})
assert "última" in before_tool(hooks, "web_search", {}, run) and len(run.ran) == 50
### END HIDDEN TESTS
print("hooks ok")

# %% nbgrader="tests" grade_id="test_hook_environment" points=2
"""Check that each hook learns the call from TOOL_NAME, TOOL_PATH and TOOL_INPUT."""
run = ScriptedShell()
hooks = [{"event": "PreToolUse", "matcher": "", "command": "./check.sh"}]
assert before_tool(hooks, "str_replace_based_edit_tool", {"command": "view", "path": "src/a b.py"}, run) is None
[(command, environment)] = run.ran
assert environment["TOOL_NAME"] == "str_replace_based_edit_tool" and environment["TOOL_PATH"] == "src/a b.py", environment
assert json.loads(environment["TOOL_INPUT"]) == {"command": "view", "path": "src/a b.py"}, environment
before_tool(hooks, "bash", {"command": "ls"}, run)
assert run.ran[1][1]["TOOL_PATH"] == "", f"an input with no path gives TOOL_PATH {run.ran[1][1].get('TOOL_PATH')!r}, not ''"


# the property: any tool, any input (with or without a path; Unicode, nested values): every hook
# run gets the three strings
@holds(hook_cases())
def _(case):
    hooks, tool, tool_input, table = case
    run = ScriptedShell(table)
    before_tool(hooks, tool, tool_input, run)
    for command, environment in run.ran:
        where = f"{command} for {tool} with input {short(tool_input)}"
        assert environment.get("TOOL_NAME") == tool, f"{where}: TOOL_NAME {environment.get('TOOL_NAME')!r}"
        assert environment.get("TOOL_PATH") == tool_input.get("path", ""), f"{where}: TOOL_PATH {environment.get('TOOL_PATH')!r}"
        text = environment.get("TOOL_INPUT")
        assert isinstance(text, str) and json.loads(text) == tool_input, f"{where}: TOOL_INPUT {short(text)} is not its JSON"
### BEGIN HIDDEN TESTS
run = ScriptedShell()
before_tool([{"event": "PreToolUse", "matcher": "plan", "command": "p"}], "plan", {"task": "ñ\n\"q\"", "number": None}, run)
assert json.loads(run.ran[0][1]["TOOL_INPUT"]) == {"task": "ñ\n\"q\"", "number": None}
### END HIDDEN TESTS
print("hooks ok")

# %% [markdown]
# ## Task 4: undo: what a turn changed, and taking it back (8 minutes)
#
# Before each turn checkpoint 09 copies the project's files; after it, the files that differ are
# the turn's changes, and `/undo` puts them back. A snapshot here is a dict from a file's path to
# its content (`bytes`); a path that is not in it is a file that does not exist. An empty file
# (`b""`) is a file: it is not the same as no file.
#
# **`turn_changes(before, after)`**: the list of `(path, content before, content after)` tuples
# for every path whose content differs between the two snapshots, **sorted by path**; `None` for
# a side where the file does not exist (the turn made it, or removed it).
#
# **`undo_turn(turn, now)`**: `turn` is such a list, `now` the project's snapshot today. Return
# `(project, left_alone)`: the snapshot the project holds after the undo (a new dict) and the list
# of paths left alone, sorted. For each change of the turn:
#
# - if the file is now **exactly what the turn left** (`now`'s content is the change's content
#   after, absent for `None`), put it back as it was before: write the old content, or remove
#   the file if the turn made it;
# - otherwise the file **changed again since** (you edited it, or a later command did): leave it
#   alone and name it in `left_alone`. Undo never loses work done after the turn.
#
# Files the turn did not change stay as they are now.
#
# **Expected:** three cells print `undo ok`.

# %% nbgrader="solution" grade_id="turn_changes"
def turn_changes(before, after):
    """The (path, before, after) of every file that differs, sorted by path; None: no such file."""
    ### BEGIN SOLUTION
    return [(path, before.get(path), after.get(path)) for path in sorted(before.keys() | after.keys())
            if before.get(path) != after.get(path)]
    ### END SOLUTION


# %% nbgrader="solution" grade_id="undo_turn"
def undo_turn(turn, now):
    """The project after taking `turn` back, and the paths left alone because they changed since."""
    ### BEGIN SOLUTION
    project, left_alone = dict(now), []
    for path, old, new in turn:
        if now.get(path) != new:
            left_alone.append(path)
        elif old is None:
            del project[path]
        else:
            project[path] = old
    return project, sorted(left_alone)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_undo_changes" points=2
"""Check that turn_changes lists every file made, changed or removed, sorted by path, None for no file."""
before = {"b.py": b"x = 1\n", "a.py": b"", "notes.txt": b"keep"}
after = {"notes.txt": b"keep", "b.py": b"x = 2\n", "new.py": b"", "a.py": b"pass\n"}
got = [tuple(change) for change in turn_changes(before, after)]
assert got == [("a.py", b"", b"pass\n"), ("b.py", b"x = 1\n", b"x = 2\n"), ("new.py", None, b"")], got
assert [tuple(c) for c in turn_changes({"gone.txt": b""}, {})] == [("gone.txt", b"", None)], "an empty file is b'', not None"


# the property: snapshots of files (empty ones, binary ones, in any order), a turn that makes,
# changes and removes some: the changes are the reference's, sorted by path
@holds(turns(since=0))
def _(case):
    before, after, _ = case
    got, want = [tuple(change) for change in turn_changes(before, after)], reference_changes(before, after)
    assert got == want, f"turn_changes({short(before, 300)}, {short(after, 300)}):\n{short(want, 500)}\nnot {short(got, 500)}"
### BEGIN HIDDEN TESTS
before = {f"f{n:03}.py": bytes([n % 256]) for n in range(500)}
after = {k: (v if int(k[1:4]) % 3 else b"") for k, v in before.items() if k != "f007.py"}
assert [tuple(c) for c in turn_changes(before, after)] == reference_changes(before, after)
### END HIDDEN TESTS
print("undo ok")

# %% nbgrader="tests" grade_id="test_undo_restores" points=3
"""Check that undoing a turn nothing changed since puts every file back: written, made or removed."""
before = {"a.py": b"", "b.py": b"x = 1\n", "gone.txt": b"data"}
after = {"a.py": b"pass\n", "b.py": b"x = 1\n", "new.py": b""}
project, left = undo_turn(reference_changes(before, after), dict(after))
assert project == before, f"the project is as before the turn: {before}, not {project}"
assert list(left) == [], f"nothing changed since: {left}"


# the property: any turn, nothing changed since: undo gives the project back as it was before
@holds(turns(since=0))
def _(case):
    before, after, now = case
    turn = reference_changes(before, after)
    project, left = undo_turn(turn, now)
    assert project == before, f"undo of {short(turn, 500)}:\nthe project should be {short(before, 500)}\nnot {short(project, 500)}"
    assert list(left) == [], f"undo of {short(turn, 500)}: nothing changed since, so nothing is left alone: {left}"
### BEGIN HIDDEN TESTS
before = {f"f{n:03}.py": b"%d" % n for n in range(400)}
after = {k: v + b"!" for k, v in before.items() if k < "f200"}
project, left = undo_turn(reference_changes(before, after), dict(after))
assert project == before and list(left) == []
### END HIDDEN TESTS
print("undo ok")

# %% nbgrader="tests" grade_id="test_undo_left_alone" points=2
"""Check that a file changed again since the turn is left alone and named, and the rest is undone."""
before = {"a.py": b"old a", "b.py": b"old b"}
after = {"a.py": b"turn a", "b.py": b"turn b", "c.py": b"made"}
now = {"a.py": b"yours", "b.py": b"turn b", "c.py": b"made", "d.py": b"also yours"}
project, left = undo_turn(reference_changes(before, after), now)
assert sorted(left) == ["a.py"], f"a.py changed since the turn: left alone and named, not {left}"
assert project == {"a.py": b"yours", "b.py": b"old b", "d.py": b"also yours"}, project


# the property: a turn, then files changed again (written, removed, made again, even back to
# what they were before the turn) or not: the undo is the reference's, the names sorted
@holds(turns(since=2))
def _(case):
    before, after, now = case
    turn = reference_changes(before, after)
    project, left = undo_turn(turn, dict(now))
    want_project, want_left = reference_undo(turn, now)
    assert list(left) == want_left, f"undo of {short(turn, 400)} with {short(now, 400)}: left alone {want_left}, not {list(left)}"
    assert project == want_project, (
        f"undo of {short(turn, 400)} with {short(now, 400)}:\nthe project should be {short(want_project, 400)}\nnot {short(project, 400)}")
### BEGIN HIDDEN TESTS
before = {"x": b""}
after = {}
now = {"x": b""}
project, left = undo_turn(reference_changes(before, after), now)
assert project == {"x": b""} and list(left) == ["x"], "removed by the turn, made again (empty) since: left alone"
### END HIDDEN TESTS
print("undo ok")

# %% [markdown]
# ## Task 5: `decide`: the shell's two modes, fenced and strict (3 minutes)
#
# Checkpoint 09 carries checkpoint 08's shell and its two modes (Lecture 7.3, `fence.py`).
# `decide(mode, sandbox, command, blocked, strict)` says what becomes of one command the model
# sends, before anything runs. It returns one of:
#
# - `"run"`: it runs now, nobody asked (inside the sandbox, where there is one);
# - `"network"`: the user is asked about this exact command; a yes runs it once more in a fresh
#   sandbox with the network on;
# - `"outside"`: the user is asked about this exact command; a yes runs it once more outside the
#   sandbox, with all the user's permissions;
# - `"ask"`: strict mode's question before it runs; `"refuse"`: it does not run, nobody asked.
#
# The rules:
#
# - **Fenced needs a sandbox.** `mode` is `FENCED` (`"fenced"`) or `STRICT` (`"strict"`);
#   `sandbox` says whether a bubblewrap sandbox could be made here. The fenced mode is `FENCED`
#   with a sandbox. Anything else is the strict mode: `STRICT`, any other value of `mode`, and
#   `FENCED` where no sandbox can be made (no fence, no running unasked).
# - **Strict: the guardrail decides.** `strict(command)` (given: Lab 8's guardrail, as one
#   function) returns `"run"` (every program in it was approved "always"), `"ask"` or `"refuse"`
#   (too long for a person to read). In the strict mode that is the answer, whatever `blocked`
#   holds: the strict mode never crosses the fence, its question comes before the command runs.
# - **Fenced: run, and cross only where the fence stopped.** `blocked` is a dict: each command
#   the fence stopped, mapped to what stopped it, `NETWORK` (`"the network"`) or `READ_ONLY`
#   (`"a read-only place"`). The agent adds a command to it when its result shows the fence
#   stopped it (in either mode). In the fenced mode, a command that is in `blocked` with
#   **exactly** this text asks to cross: `"network"` if the network stopped it (the narrowest
#   way across: a sandbox that still hides your files), `"outside"` otherwise. It asks **once**:
#   take the command out of `blocked`, so that sent again it runs in the sandbox (and is added
#   again if the fence stops it again). Other commands in `blocked` keep their crossing.
# - **Nothing is decided from a list of dangerous commands.** In the fenced mode every other
#   command is `"run"`, whatever its words (`rm -rf`, `sudo`, `curl`, `git push`): the sandbox,
#   not a question, stands between a command and your machine, and a question at every command
#   teaches you to stop reading them.
#
# (The text editor is inside the same fence for the same reason: with commands unasked, a job
# left running in the sandbox can swap a folder for a symlink between the moment the editor
# checks a path and the moment it opens it by name. Lecture 7.3's question 5 is about that.)
#
# **Hint:** four lines. Unless `mode == FENCED and sandbox`, return `strict(command)`;
# otherwise `blocked.pop(command, None)` says what stopped this exact command, if anything.
#
# **Expected:** three cells print `modes ok`.

# %% nbgrader="solution" grade_id="decide"
def decide(mode, sandbox, command, blocked, strict):
    """What becomes of `command`: "run", "network", "outside", "ask" or "refuse"."""
    ### BEGIN SOLUTION
    if mode != FENCED or not sandbox:
        return strict(command)
    stopped = blocked.pop(command, None)
    return "run" if stopped is None else "network" if stopped == NETWORK else "outside"
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_modes_fenced_runs" points=2
"""Check that the fenced mode runs every command the fence has not stopped, unasked, whatever its words."""
guard = Strict({"ls -la": "run", "rm -rf build": "ask", "sudo apt install jq": "refuse"})
for command in ["ls -la", "rm -rf build", "sudo apt install jq", "curl -sS https://pypi.org/simple/",
                "git push origin main", "dd if=/dev/zero of=big bs=1M count=1", "chmod 600 .git/config"]:
    got = decide(FENCED, True, command, {}, guard)
    assert got == "run", f"decide(FENCED, True, {command!r}, {{}}, strict) = {got!r}: fenced, nothing stopped it, so it runs"


# the property: runs of commands of every kind, the guardrail's verdicts anything, nothing stopped
# by the fence: every command runs
@holds(mode_runs(stops=False))
def _(run):
    check_modes_run(decide, run)
### BEGIN HIDDEN TESTS
for command in ["mkfs.ext4 /dev/sdb", "echo x >> .git/config", "sudo rm -rf /", "x" * 20_000]:
    assert decide(FENCED, True, command, {"ls": NETWORK}, Strict({command: "refuse"})) == "run", command
### END HIDDEN TESTS
print("modes ok")

# %% nbgrader="tests" grade_id="test_modes_cross_once" points=3
"""Check that a command the fence stopped, sent again exactly, asks once to cross: with the network, or outside."""
blocked = {"touch /usr/local/planted": READ_ONLY, "pip install requests": NETWORK}
guard = Strict()
assert decide(FENCED, True, "touch /usr/local/planted ", blocked, guard) == "run", "another command: one more space"
assert decide(FENCED, True, "touch /usr/local/other", blocked, guard) == "run", "another command: touch, elsewhere"
assert decide(FENCED, True, "pip install requests", blocked, guard) == "network", "the network stopped it: a sandbox with the network"
assert decide(FENCED, True, "pip install requests", blocked, guard) == "run", "asked once: sent again, it runs in the sandbox"
assert decide(FENCED, True, "touch /usr/local/planted", blocked, guard) == "outside", "a read-only place stopped it, and it kept its crossing"
assert blocked == {}, f"each crossing asked once, nothing is left in blocked: {blocked}"


# the property: runs of commands and their near copies (other spaces, another argument, the same
# program), some stopped by the fence: each stopped one, sent again exactly, asks once to cross
@holds(mode_runs())
def _(run):
    check_modes_run(decide, run)
### BEGIN HIDDEN TESTS
blocked = {"curl -sS https://pypi.org/simple/": NETWORK, "echo x >> .git/config": READ_ONLY}
assert decide(FENCED, True, "curl", blocked, Strict()) == "run" and decide(FENCED, True, "echo x >> .git/config", blocked, Strict()) == "outside"
assert decide(FENCED, True, "echo x >> .git/config", blocked, Strict()) == "run" and blocked == {"curl -sS https://pypi.org/simple/": NETWORK}
### END HIDDEN TESTS
print("modes ok")

# %% nbgrader="tests" grade_id="test_modes_strict" points=2
"""Check that the strict mode, any other mode, and fenced with no sandbox all do what the guardrail says, and never cross."""
guard = Strict({"ls -la": "run", "rm -rf build": "ask", "x" * 20_000: "refuse"})
for mode, sandbox in [(STRICT, True), (STRICT, False), (FENCED, False), ("Fenced", True), (None, True)]:
    for command, verdict in [("ls -la", "run"), ("rm -rf build", "ask"), ("x" * 20_000, "refuse")]:
        got = decide(mode, sandbox, command, {command: NETWORK}, guard)
        assert got == verdict, (f"decide({mode!r}, {sandbox}, {command[:40]!r}, blocked, strict) = {got!r}: the strict mode, "
                                f"so the guardrail's {verdict!r}, even for a command the fence stopped")


# the property: runs in the strict mode, in a mode that is neither word, or fenced where no
# sandbox can be made, some commands stopped by the fence: each is the guardrail's verdict
@holds(mode_runs(kind="strict"))
def _(run):
    check_modes_run(decide, run)
### BEGIN HIDDEN TESTS
for mode in ["FENCED", "", "sandbox", "fence"]:
    assert decide(mode, True, "git push origin main", {"git push origin main": READ_ONLY}, Strict({"git push origin main": "ask"})) == "ask", mode
assert decide(STRICT, True, "ls -la", {}, Strict({"ls -la": "run"})) == "run"
### END HIDDEN TESTS
print("modes ok")
