# ---
# jupyter:
#   agentcourse:
#     lab: lab06
#     title: 'Context engineering: caps, stubs and compaction that keep the protocol'
#     time_box_minutes: 40
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['05']            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: 'cap_result: cut at a line end, and say what was cut'
#       tests: [test_cap_visible, test_cap_hidden]
#       hint: >-
#         Cut text[:limit] back to its last "\n" (without it), or keep it whole if it has none;
#         the notice is one more line. re.findall(r"^(\d+): ", head, re.M) finds the line numbers of
#         a numbered read; when it finds none, the notice has no start=.
#     - number: 2
#       title: 'stub_old_results: old, big results become stubs'
#       tests: [test_stubs_visible, test_stubs_hidden]
#       hint: >-
#         The steps are the user messages that hold tool results (not the requests); leave the last
#         keep_recent of them alone, and look at every result of a step (parallel calls), its tool
#         found by its tool_use_id. Change only block["content"]: every tool_use and every
#         tool_use_id stays as it is. Start every stub the same way, so you can tell one later.
#     - number: 3
#       title: 'cut_point and compact: a summary, and a list the API still accepts'
#       tests: [test_compact_visible, test_compact_hidden]
#       hint: >-
#         Keep the tail from the last assistant message on: its tool_use blocks are answered by the
#         message after it. The summary call is the agent's own (model, system prompt, tools: the
#         cache reads them as they are) with tool_choice none and max_tokens=2000, and it sends every
#         message, the last one as a new dict with the instruction after its results. The new first
#         message is one string: messages[0]'s words, a line break, then the summary.
#     - number: 4
#       title: 'save_note: a memory file that keeps its newest lines'
#       tests: [test_notes_visible, test_notes_hidden]
#       hint: >-
#         Read the lines there are (splitlines copes with \r\n, \r and a last line that has no
#         newline), append one (" ".join(note.split()) turns every line break into a space), keep
#         the last max_lines, write them back, return a line that says so.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 6: Context engineering: caps, stubs and compaction that keep the protocol
#
# **Time box: 40 minutes**
#
# Four tasks, 20 points. Every task is graded on its own; stop when the time is up and submit.
#
# Every call of an agent loop resends the whole conversation, so a long task pays for its first
# file read on every later call (Lecture 7.1). Checkpoint `06-context` keeps each call's window
# small; in this lab you write the core of its `context.py`:
#
# 1. `cap_result(text, limit)`: cut a long result at a line end and say what was cut.
# 2. `stub_old_results(messages, keep_recent, ...)`: old, big tool results become one-line stubs.
# 3. `cut_point(messages)` and `compact(client, messages)`: the history replaced by the tutor
#    model's summary, the list still valid.
# 4. `save_note(note, path, max_lines)`: a memory file that keeps its newest lines.
#
# Every function that rewrites the messages list must leave a list the API accepts, in the shape
# the course's loops keep: the first message from the user, roles alternating, and every
# `tool_use` answered by a `tool_result` in the very next message. The tests check that with
# `protocol_errors` (the API's tool-use rules, plus alternating roles, which the API itself does
# not demand: it merges two same-role turns).
#
# The checks are properties: each rule of a task is tried on instances the checks generate
# (texts in any script, conversations of several requests with parallel calls, memory files
# with CRLF line ends and blank lines, sizes around every limit) as well as on a real run of the
# tutor model. `agentcourse lab check 6` runs a few of each from a terminal; grading runs more. A
# failure names the smallest example that breaks the rule. Run the setup cell first.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, checkpoint 05's prompt and tools, and the helpers. Do not change it."""
import contextlib
import copy
import json
import os
import re
import tempfile
from pathlib import Path

import anthropic

from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course import nbtools
from agentcourse.course.scaffold import lab06 as scaffold  # the checks' instances
from agentcourse.paths import load_checkpoint
from agentcourse.projects import longtask
from agentcourse.tutor import TutorConfig

STACK = contextlib.ExitStack()  # closed by the last cell
SENT = []  # every request the tutor model receives, as it was sent, with its reply
TUTOR_URL = STACK.enter_context(nbtools.tutor(TutorConfig(ledger=SENT.append)))
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

AGENT = load_checkpoint("05")  # its system prompt, tool schemas and tools
MODEL = "claude-sonnet-4-6"  # kept: the compaction checks read histories without thinking blocks

# The instruction the summary call ends with (checkpoint 06's, shortened).
COMPACT_PROMPT = (
    "Summarise the conversation so far for whoever continues the work: your summary will "
    "replace everything above it. Use the headings ## Decisions, ## Paths, ## Facts, "
    "## Open questions and ## Next step. Leave out raw tool output. At most 500 words."
)


def use(id_, name="read_lines", **args):
    """A tool_use block."""
    return {"type": "tool_use", "id": id_, "name": name, "input": args}


def result(id_, text):
    """A tool_result block."""
    return {"type": "tool_result", "tool_use_id": id_, "content": text}


def calls_by_id(messages):
    """tool_use id -> (tool name, input), for every tool call in the conversation."""
    return {b["id"]: (b["name"], b["input"]) for m in messages if m["role"] == "assistant"
            for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_use"}


def numbered(n, start=1, width=60):
    """n numbered lines, as read_lines returns them: "1: xxx", "2: xxx", ..."""
    return "\n".join(f"{i}: " + "x" * width for i in range(start, start + n))


try:  # and the checks' judges, which know the tasks' answers: when graded, only the checks
    # can import these (your kernel sees their folder empty), so no answer can call them
    from agentcourse.course.scaffold.judged.lab06 import (  # noqa: F401
        cap_problem,
        compact_problem,
        note_problem,
        stub_problem,
    )
except ImportError:
    pass

print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `cap_result` (6 minutes)
#
# A tool result longer than `limit` characters is cut, and the cut must say so: a head that looks
# complete is a lie the model believes. Return the text unchanged if it fits (`len(text) <= limit`:
# the limit and every count here are in characters, as `len` counts them, not in bytes). Otherwise
# return its head followed by `"\n"` and **one notice line** that says how many characters were
# cut: `len(text) - len(head)`, everything after the head. The head is Lecture 7.1's:
# `text[:limit]` cut back to its last line break, `"\n"` (the break itself goes too), or
# `text[:limit]` whole when it holds no line break. A line that ends exactly at the limit goes
# too: its line break is character `limit + 1`. When the lines are numbered the way `read_lines`
# numbers them (each starts with its number and `": "`, as in `"12: text"`), and only then, the
# notice also says which line to ask for next, as `start=N`: the number after the last line kept.
# A `search_file` result (`"f.py:12: text"`) is not numbered that way.
#
#     cap_result(numbered(5), 150)   ->   "1: xxx...\n2: xxx...\n[cut: 192 more characters; call read_lines with start=3 for the rest]"
#
# (`numbered(5)` is five lines of 63 characters, 319 with the line breaks; the head keeps two
# lines, 127 characters.) The notice's words are yours; the checks read its numbers.
#
# **Expected:** `Task 1 visible checks passed`.

# %% nbgrader="solution" grade_id="cap_result"
def cap_result(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its head, cut at a line end, then one
    notice line with how many characters were cut and, for numbered lines, start=N."""
    ### BEGIN SOLUTION
    if len(text) <= limit:
        return text
    head = text[:limit]
    if "\n" in head:
        head = head[: head.rfind("\n")]
    gone = len(text) - len(head)
    numbers = re.findall(r"^(\d+): ", head, re.M)
    more = f"; call read_lines with start={int(numbers[-1]) + 1} for the rest" if numbers else ""
    return f"{head}\n[cut: {gone:,} more characters{more}]"
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_cap_visible" points=2
"""Check that cap_result keeps whole lines within the limit and says what was cut and where to go on."""
from agentcourse.course.props import holds  # noqa: E402 - a property, tried on generated examples


def check_cap(text, limit, numbered_lines=False):
    problem = cap_problem(text, limit, cap_result(text, limit), numbered_lines)
    assert not problem, problem


check_cap("short result", 100)
check_cap(numbered(50), 1000, numbered_lines=True)
check_cap("z" * 3000, 1000)  # one long line: cut at the limit
check_cap("ab\ncd\nef", 5)  # "cd" ends at the limit: its line break is the 6th character, so it goes
check_cap("x" * 200, 200)  # exactly the limit: it fits
check_cap(numbered(30, start=57), 700, numbered_lines=True)  # a read that started at line 57
check_cap("f.py:12: x = 1\nf.py:40: y = 2\n" * 40, 100)  # search results are not numbered lines: no start=
check_cap("é" * 300 + "\n" + "漢" * 300, 400)  # 601 characters (1,502 bytes): the limit counts characters


# Any text: numbered from any line or not, in any script, short lines or long ones, the limit at
# every line end and around it.
@holds(scaffold.cap_cases())
def _(case):
    check_cap(case.text, case.limit, case.numbered)


print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_cap_hidden" points=2
"""Check that cap_result is right at the edges: exactly at the limit, numbering that starts late, no numbers."""
check_cap("a\nb", 3)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
assert cap_result("x" * 500, 500) == "x" * 500, "a text of exactly the limit fits: unchanged"
assert cap_result("x" * 501, 500).startswith("x" * 500 + "\n"), "no line break: keep all 500 characters"
assert cap_result("q" * 64 + "\n" + "r" * 10, 64).startswith("q" * 64 + "\n"), "the break right after the limit: keep the line"
assert "start=" not in cap_result("\n".join(f"row {i}" for i in range(1000)), 777).replace(" ", "")
check_cap(numbered(40, start=120, width=30), 400, numbered_lines=True)
check_cap("\n".join(f"row {i}" for i in range(1000)), 777)
check_cap(numbered(3) + "\n" + "y" * 5000, 200, numbered_lines=True)
check_cap("", 10)
check_cap("abc\ndef\nghi", 7)
check_cap(numbered(12, start=301, width=5) + "\n", 50, numbered_lines=True)
check_cap(numbered(2000, start=998_001, width=40), 20_000, numbered_lines=True)
check_cap("😀" * 5000 + "\n" + "ok", 4999)


@holds(scaffold.cap_cases(most_lines=300))
def _(case):
    check_cap(case.text, case.limit, case.numbered)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `stub_old_results` (12 minutes)
#
# Once the model has acted on a tool result, its text rarely matters again, but it is resent on
# every later call. Write `stub_old_results(messages, keep_recent, min_chars, never_stub)`, which
# changes the list **in place** and returns how many results it replaced:
#
# - the *steps* are the user messages that hold `tool_result` blocks (a request, a plain string,
#   is not a step, and the assistant's messages are not steps); the last `keep_recent` steps are
#   left alone (the model has not acted on them yet), `keep_recent=0` leaves none alone, and a
#   `keep_recent` larger than the number of steps leaves them all alone;
# - in every older step, **each** `tool_result` (a step holds several when the model called tools
#   in parallel, in any order: find each one's tool by its `tool_use_id`) whose `content` is a
#   string of at least `min_chars` characters, from a tool not in `never_stub`, gets as its new
#   content one short line (under 300 characters, no line break) that names the tool (and its
#   input, if you like) and says to call it again for the text; a result whose content is not a
#   string (a list of blocks) stays as it is;
# - nothing else changes: every `tool_use` keeps its id and input, every result its
#   `tool_use_id`, and a result that is already a stub is not stubbed again, however small
#   `min_chars` is: a second run over the same list replaces nothing.
#
# `calls_by_id(messages)` (setup) maps each tool_use id to its tool's name and input.
#
# **Expected:** `Task 2 visible checks passed`.

# %% nbgrader="solution" grade_id="stub_old_results"
def stub_old_results(messages: list, keep_recent: int, min_chars: int = 1000,
                     never_stub: tuple = ("research",)) -> int:
    """Replace old, big tool results by one-line stubs, in place; how many were replaced."""
    ### BEGIN SOLUTION
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
            block["content"] = f"[stub: {name} {json.dumps(args)} gave {len(text):,} characters; call it again to see them]"
            count += 1
    return count
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_stubs_visible" points=3
"""Check that old, big results become stubs and everything else (recent steps, small results, protected tools, tool calls) stays."""
from agentcourse.course.props import holds  # noqa: E402 - a test cell's own import


def check_stubs(case):
    """Stub a copy of case.messages, then run again, then again with keep_recent=0."""
    messages, rules = copy.deepcopy(case.messages), (case.min_chars, case.never_stub)
    count = stub_old_results(messages, case.keep_recent, *rules)
    problem, stubbed = stub_problem(case.messages, messages, count, case.keep_recent, *rules)
    assert not problem, problem
    again = copy.deepcopy(messages)
    count = stub_old_results(again, case.keep_recent, *rules)
    problem, _ = stub_problem(messages, again, count, case.keep_recent, *rules, stubbed)
    assert not problem, f"the same call a second time, over its own stubs: {problem}"
    count = stub_old_results(again, 0, *rules)
    problem, _ = stub_problem(messages, again, count, 0, *rules, stubbed)
    assert not problem, f"then with keep_recent=0: {problem}"


messages = scaffold.conversation([5000, 300, 5000, 5000, 5000, 5000], ["read_lines"] * 2 + ["research"] + ["search_file"] * 3)
before = copy.deepcopy(messages)
count = stub_old_results(messages, keep_recent=2, min_chars=1000, never_stub=("research",))
assert protocol_errors(messages) == [], protocol_errors(messages)
for i, (old, new) in enumerate(zip(before, messages, strict=True)):
    if old["role"] == "assistant" or isinstance(old["content"], str):
        assert new == old, f"messages[{i}] changed, but only tool results may: {new}"
    else:
        assert new["content"][0]["tool_use_id"] == old["content"][0]["tool_use_id"], "keep every tool_use_id"
results = [m["content"][0]["content"] for m in messages[2::2]]
assert results[4:] == ["y" * 5000] * 2, "the last keep_recent=2 steps must stay whole"
assert results[1] == "y" * 300, "a result shorter than min_chars must stay"
assert results[2] == "y" * 5000, "research is in never_stub: its result must stay"
for k in (0, 3):
    stub = results[k]
    assert len(stub) < 300 and ("read_lines" if k == 0 else "search_file") in stub, (
        f"result {k} must be a short stub that names its tool, got {stub[:120]!r}")
assert count == 2, f"2 results were replaced, the function returned {count}"
assert stub_old_results(messages, keep_recent=2) == 0, "a stub is not stubbed again: the second run replaces nothing"
# Parallel calls: one step, two results; a request after the last step is no step.
messages = [{"role": "user", "content": "Do the task."},
            {"role": "assistant", "content": [use("a1", path="a.py"), use("a2", "search_file", pattern="x")]},
            {"role": "user", "content": [result("a1", "y" * 1000), result("a2", "y" * 4000)]},
            {"role": "assistant", "content": [use("b1", path="b.py")]},
            {"role": "user", "content": [result("b1", "y" * 4000)]},
            {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
            {"role": "user", "content": "Now the next request."}]
count = stub_old_results(messages, keep_recent=1, min_chars=1000)
assert [len(b["content"]) < 300 for b in messages[2]["content"]] == [True, True], (
    "every result of an old step is stubbed, and one of exactly min_chars characters too")
assert messages[4]["content"][0]["content"] == "y" * 4000, "the request after the last step is no step: b1 is recent"
assert count == 2 and protocol_errors(messages) == [], f"2 results were replaced, the function returned {count}"
messages = scaffold.conversation([5000] * 2)
assert stub_old_results(messages, keep_recent=0) == 2, "keep_recent=0: every step is old"
messages = scaffold.conversation([5000] * 2)
assert stub_old_results(messages, keep_recent=3) == 0, "keep_recent larger than the steps: every step is recent"
messages = scaffold.conversation([5000] * 2)
assert stub_old_results(messages, 0, min_chars=10) == 2 and stub_old_results(messages, 0, min_chars=10) == 0, (
    "a stub is not stubbed again, even when it is longer than min_chars")


# Any conversation: several requests, parallel calls with results in any order, results that are
# not strings, sizes around min_chars and far past it, keep_recent from 0 to past the last step.
@holds(scaffold.stub_cases())
def _(case):
    check_stubs(case)


print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_stubs_hidden" points=3
"""Check that stubbing keeps conversations of any shape valid, and stubs exactly what it should."""
stub_old_results(scaffold.conversation([10]), keep_recent=1)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
messages = scaffold.conversation([5000] * 3)
assert stub_old_results(messages, keep_recent=0) == 3 and protocol_errors(messages) == []
messages = scaffold.conversation([5000] * 3)
assert stub_old_results(messages, keep_recent=5) == 0, "keep_recent larger than the steps: nothing to stub"
messages = scaffold.conversation([999, 1000, 1001, 5000])
assert stub_old_results(messages, keep_recent=1, min_chars=1000) == 2, "1000 and 1001 characters: at least min_chars"
messages = [{"role": "user", "content": "First."}, {"role": "assistant", "content": [use("a", path="a.py")]},
            {"role": "user", "content": [result("a", "y" * 3000)]}, {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
            {"role": "user", "content": "Second."}, {"role": "assistant", "content": [use("b", path="b.py")]},
            {"role": "user", "content": [result("b", "y" * 3000)]}]
assert stub_old_results(messages, keep_recent=1) == 1, "two requests, two steps: keep_recent=1 keeps the second step only"


@holds(scaffold.stub_cases(most_requests=5, most_steps=7), most=40)
def _(case):
    check_stubs(case)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: `cut_point` and `compact` (12 minutes)
#
# Stubs shrink results but not the rest of the history. Compaction replaces the history with a
# summary written by the model. The cut decides whether the list stays valid:
#
# 1. `cut_point(messages)` returns the index of the **last assistant message**. Everything from
#    there on is kept: its `tool_use` blocks are answered by the message after it.
# 2. `compact(client, messages)` is called while a turn is under way: `messages` ends with a user
#    message of tool results (never with a request), and before that it may hold earlier requests,
#    each with its steps and the assistant's answer. `messages[0]`'s content is a string: the
#    first request (or, after an earlier compaction, the summary message, which begins with it).
#    `compact` makes one API call, for a summary, and returns a **new** list:
#    `[one user message: the request's words + the summary] + messages[cut_point(messages):]`.
#    - The summary call is the agent's own call, so its prefix can come from the prompt cache:
#      `model=MODEL`, `system=AGENT.SYSTEM_PROMPT`, `tools=AGENT.TOOLS` (the API accepts tool
#      blocks without tools since February 2025, but the same tools and system prompt as every
#      other call keep that part of the prompt cached), and `tool_choice={"type": "none"}` (so
#      the model writes instead of calling a tool), with `max_tokens=2000`; its messages are
#      all of `messages`, the earlier requests too (everything before the cut is summarised),
#      with `COMPACT_PROMPT` as a text block **after** the results in the last message.
#    - The summary message's content is one string that **begins** with the request's words
#      (the text of `messages[0]`), as its own first paragraph (a line break after them), and
#      the summary (the text of the reply) follows: the request's message is about to go, and
#      the model reads what it was asked first.
#    - Leave `messages` itself unchanged: not one of its messages or blocks.
#
# The checks read the summary call as the tutor model received it (`SENT`, in the setup).
#
# **Expected:** `Task 3 visible checks passed`. The check compacts generated conversations, and a
# real run of the long task of Lecture 7.1 after 4 calls, then lets the tutor model finish the
# task from your compacted list: SUMMARY.md must come out right.

# %% nbgrader="solution" grade_id="compact"
def cut_point(messages: list) -> int:
    """The index of the last assistant message: the kept tail starts there."""
    ### BEGIN SOLUTION
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")
    ### END SOLUTION


def compact(client, messages: list) -> list:
    """A new messages list: the request and the model's summary, then the tail from cut_point."""
    ### BEGIN SOLUTION
    last = messages[-1]
    asked = messages[:-1] + [{"role": "user", "content": list(last["content"]) + [
        {"type": "text", "text": COMPACT_PROMPT}]}]
    response = client.messages.create(model=MODEL, max_tokens=2000, system=AGENT.SYSTEM_PROMPT,
                                      tools=AGENT.TOOLS, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text")
    request = messages[0]["content"]
    request = request if isinstance(request, str) else json.dumps(request)
    first = {"role": "user", "content": f"{request}\n\n[Compacted: the work so far, summarised]\n\n{summary}"}
    return [first] + messages[cut_point(messages):]
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_compact_visible" points=3
"""Check that compaction cuts at the last assistant message, keeps the request, sends a valid summary call, and the task can go on."""
from agentcourse.course.props import holds  # noqa: E402 - a test cell's own import

TOOL_NAMES = tuple(tool["name"] for tool in AGENT.TOOLS)


def check_compact(messages):
    """compact(client, messages), judged by what it returned and the call the tutor received."""
    before, start = to_plain(copy.deepcopy(messages)), len(SENT)
    new = compact(client, messages)
    problem = compact_problem(messages, before, new, SENT[start:], model=MODEL, system=AGENT.SYSTEM_PROMPT,
                                       tools=AGENT.TOOLS, instruction=COMPACT_PROMPT)
    assert not problem, problem
    return new


assert cut_point(scaffold.conversation([10, 10, 10])) == 5


# Any conversation: a turn under way, or a new request after an answered one.
@holds(scaffold.cut_cases())
def _(case):
    last = max(i for i, m in enumerate(case.messages) if m["role"] == "assistant")
    got = cut_point(copy.deepcopy(case.messages))
    assert got == last, f"the last assistant message is messages[{last}]; cut_point returned {got!r}"


# A turn under way after earlier requests, with parallel calls; its first message a request or a summary.
@holds(scaffold.compact_cases(TOOL_NAMES), most=15)
def _(case):
    check_compact(case.messages)


with nbtools.project() as root:
    longtask.write_package(root, modules=4)
    history = scaffold.partial_run(client, AGENT, MODEL, longtask.TASK, calls=4)
    new = check_compact(history)
    assert "## Next step" in new[0]["content"], "the summary message must hold the model's summary"
    reply = scaffold.finish(client, AGENT, MODEL, new)
    assert longtask.summary_problems(root) == [], longtask.summary_problems(root)
print("Task 3 visible checks passed:", reply)

# %% nbgrader="tests" grade_id="test_compact_hidden" points=3
"""Check that compaction works at any point of a run, twice in a row, and on conversations of any shape."""
scaffold.conversation([1])  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
messages = [{"role": "user", "content": "First request."}, {"role": "assistant", "content": [use("a", path="a.py")]},
            {"role": "user", "content": [result("a", "y" * 300)]}, {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
            {"role": "user", "content": "Second request."}, {"role": "assistant", "content": [use("b", path="b.py"), use("c", path="c.py")]},
            {"role": "user", "content": [result("c", "z" * 300), result("b", "y" * 300)]}]
cut = cut_point(messages)
assert cut == 5, "the last assistant message, after two requests"
start = len(SENT)
new = compact(client, messages)
assert len(SENT) == start + 1 and len(SENT[start]["request"]["messages"]) == 7, "send every message, both requests"
assert new[1:] == messages[cut:] and new[0]["content"].startswith("First request.")


@holds(scaffold.compact_cases(TOOL_NAMES, most_requests=5, most_steps=5), most=10)
def _(case):
    new = check_compact(case.messages)
    new.append({"role": "assistant", "content": [use("toolu_again", "read_lines", path="x.py")]})
    new.append({"role": "user", "content": [result("toolu_again", "x" * 200)]})
    check_compact(new)  # compacted again: its first message is the summary, which begins with the request


for calls in (1, 3):
    with nbtools.project() as root:
        longtask.write_package(root, modules=5)
        new = check_compact(scaffold.partial_run(client, AGENT, MODEL, longtask.TASK, calls))
        if calls == 3:  # compact the compacted list again, two calls later
            for _ in range(2):
                scaffold.step(client, AGENT, MODEL, new)
            new = check_compact(new)
        scaffold.finish(client, AGENT, MODEL, new)
        assert longtask.summary_problems(root) == [], f"after {calls} calls: {longtask.summary_problems(root)}"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `save_note` (5 minutes)
#
# Compaction can throw the transcript away because what matters was written down. Write
# `save_note(note, path, max_lines)`: append the note to the memory file at `path` (created if
# there is none) as **one line**, keep only the newest `max_lines` lines (`max_lines` is at least
# 1), and return a short confirmation (a non-empty string: it is the tool's result).
#
# - The file's lines are what `str.splitlines()` finds in it: a line may end with `\n`, `\r\n`
#   or `\r`, blank lines are lines too (keep them), and the last line may have no line break: the
#   note still goes on a line of its own.
# - Every line break inside the note becomes a space: all the ones `str.splitlines()` knows
#   (`\n`, `\r\n`, `\r`, `\u2028` and the rest), so that the note reads back as one line.
# - An empty note, or one of whitespace alone (spaces, tabs, line breaks: `note.strip()` is
#   empty), raises `ValueError` and leaves the file as it was.
#
# **Expected:** `Task 4 visible checks passed`.

# %% nbgrader="solution" grade_id="save_note"
def save_note(note: str, path: str = "NOTES.md", max_lines: int = 60) -> str:
    """Append `note` as one line to the file at `path`, keeping its newest `max_lines` lines."""
    ### BEGIN SOLUTION
    if not note.strip():
        raise ValueError("a note must say something")
    lines = Path(path).read_text(encoding="utf-8").splitlines() if Path(path).exists() else []
    lines = (lines + [" ".join(note.split())])[-max_lines:]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f"Saved to {path} ({len(lines)} lines)"
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_notes_visible" points=2
"""Check that each note is one line and the file keeps its newest max_lines lines."""
from agentcourse.course.props import holds  # noqa: E402 - a test cell's own import


def check_notes(case):
    """Write case.file (if any) into a fresh folder, then save each of case.notes in turn."""
    with tempfile.TemporaryDirectory() as tmp:
        notes = Path(tmp) / "NOTES.md"
        if case.file is not None:
            notes.write_bytes(case.file.encode("utf-8"))
        for note in case.notes:
            before = notes.read_bytes().decode("utf-8") if notes.exists() else None
            answer = raised = None
            try:
                answer = save_note(note, str(notes), case.max_lines)
            except Exception as err:  # noqa: BLE001 - the judge says which error was due
                raised = err
            after = notes.read_bytes().decode("utf-8") if notes.exists() else None
            problem = note_problem(before, after, note, answer, raised, case.max_lines)
            assert not problem, problem


with tempfile.TemporaryDirectory() as tmp:
    notes = os.path.join(tmp, "NOTES.md")
    save_note("utils.py:1 defines slugify", notes, max_lines=3)
    save_note("tests.py tests slugify\nwith one case", notes, max_lines=3)
    assert Path(notes).read_text().splitlines()[-1].split() == "tests.py tests slugify with one case".split(), (
        "a note with a line break must become one line")
    for k in range(3):
        save_note(f"note {k}", notes, max_lines=3)
    kept = [line.split() for line in Path(notes).read_text().splitlines()]
    assert kept == [["note", "0"], ["note", "1"], ["note", "2"]], f"keep the newest 3 lines, in order: {kept}"
    try:
        save_note("   ", notes)
    except ValueError:
        pass
    else:
        raise AssertionError("an empty note must raise ValueError")
    open_file = os.path.join(tmp, "OPEN.md")
    Path(open_file).write_text("- first")  # no line break at the end
    answer = save_note("second", open_file)
    assert [line.split() for line in Path(open_file).read_text().splitlines()] == [["-", "first"], ["second"]], (
        "the note goes on a line of its own")
    assert isinstance(answer, str) and answer.strip(), f"return a short confirmation, not {answer!r}"
    Path(open_file).write_bytes(b"- a\r\n\r\n- b\r\n")  # CRLF line ends, a blank line among them
    save_note("c\r\nd\u2028e", open_file, max_lines=3)
    assert [line.split() for line in Path(open_file).read_text().splitlines()] == [[], ["-", "b"], ["c", "d", "e"]], (
        "three lines: the blank one, '- b' and the note, its \\r\\n and \\u2028 turned into spaces")


# Any memory file (none, CRLF, CR, blank lines, no final line break) around max_lines lines, then
# notes with every kind of line break in them, or of whitespace alone.
@holds(scaffold.note_cases())
def _(case):
    check_notes(case)


print("Task 4 visible checks passed")

# %% nbgrader="tests" grade_id="test_notes_hidden" points=2
"""Check that save_note keeps order and size on longer runs and with a file that has no final newline."""
with tempfile.TemporaryDirectory() as tmp:  # the rest of this cell is hidden until grading
    save_note("x", os.path.join(tmp, "N.md"))
### BEGIN HIDDEN TESTS
with tempfile.TemporaryDirectory() as tmp:
    notes = os.path.join(tmp, "N.md")
    Path(notes).write_text("- old one\n- old two")  # no newline at the end
    save_note("new\r\nline", notes, max_lines=5)
    lines = Path(notes).read_text().splitlines()
    assert [line.split() for line in lines] == [["-", "old", "one"], ["-", "old", "two"], ["new", "line"]], lines
    for k in range(100):
        save_note(f"n{k}", notes, max_lines=7)
    lines = [line.split()[-1] for line in Path(notes).read_text().splitlines()]
    assert lines == [f"n{k}" for k in range(93, 100)], lines
    assert isinstance(save_note("only", notes, max_lines=1), str)
    assert [line.split() for line in Path(notes).read_text().splitlines()] == [["only"]]
    for empty in ("", "\n\n", " \t ", "\u2028"):
        try:
            save_note(empty, notes)
        except ValueError:
            continue
        raise AssertionError(f"{empty!r} must raise ValueError")
    assert Path(notes).read_text().splitlines() == ["only"], "a refused note leaves the file as it was"


@holds(scaffold.note_cases(most_notes=12, most_lines=30), most=40)
def _(case):
    check_notes(case)
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
