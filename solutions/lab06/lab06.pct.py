# ---
# jupyter:
#   agentcourse:
#     lab: lab06
#     title: 'Context engineering: caps, stubs and compaction that keep the protocol'
#     time_box_minutes: 40
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'cap_result: cut at a line end, and say what was cut'
#       tests: [test_cap_visible, test_cap_hidden]
#       hint: >-
#         Cut text[:limit] back to its last newline (without it), or keep it whole if it has none;
#         the notice is one more line. re.findall(r"^(\d+): ", head, re.M) finds the line numbers of
#         a numbered read.
#     - number: 2
#       title: 'stub_old_results: old, big results become stubs'
#       tests: [test_stubs_visible, test_stubs_hidden]
#       hint: >-
#         The steps are the user messages that hold tool results (not the requests); leave the last
#         keep_recent of them alone, and look at every result of a step (parallel calls). Change only
#         block["content"]: every tool_use and every tool_use_id stays as it is.
#     - number: 3
#       title: 'cut_point and compact: a summary, and a list the API still accepts'
#       tests: [test_compact_visible, test_compact_hidden]
#       hint: >-
#         Keep the tail from the last assistant message on: its tool_use blocks are answered by the
#         message after it. The summary call is the agent's own (model, system prompt, tools: the
#         cache reads them as they are) with tool_choice none and max_tokens=2000. The new first
#         message begins with the request's words, then the summary.
#     - number: 4
#       title: 'save_note: a memory file that keeps its newest lines'
#       tests: [test_notes_visible, test_notes_hidden]
#       hint: >-
#         Read the lines there are (splitlines copes with a last line that has no newline), append one
#         (its newlines turned into spaces), keep the last max_lines, write them back, return a line
#         that says so.
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
# not demand: it merges two same-role turns) on hand-built conversations, on real ones from the
# tutor model, and (when grading) on conversations built at random.
#
# Run the setup cell first. `agentcourse lab check 6` runs the visible checks from a terminal;
# grading adds hidden ones.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, checkpoint 05's prompt and tools, and the test helpers. Do not change it."""
import contextlib
import copy
import json
import os
import random
import re
import tempfile
from pathlib import Path

import anthropic

from agentcourse.projects import longtask
from agentcourse.course import nbtools
from agentcourse.paths import load_checkpoint
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

AGENT = load_checkpoint("05")  # its system prompt, tool schemas and tools
MODEL = "claude-sonnet-4-6"

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


def conversation(sizes, names=None):
    """A valid conversation: a request, then one tool call per step with a result of sizes[k]."""
    names = names or ["read_lines"] * len(sizes)
    messages = [{"role": "user", "content": "Do the task."}]
    for k, (size, name) in enumerate(zip(sizes, names)):
        messages.append({"role": "assistant", "content": [use(f"t{k}", name, path=f"f{k}.py")]})
        messages.append({"role": "user", "content": [result(f"t{k}", "y" * size)]})
    return messages


def random_conversation(seed):
    """A valid conversation of a random shape: turns, parallel calls, text blocks, results."""
    rng, messages, n = random.Random(seed), [], 0
    turns = rng.randint(1, 3)
    for turn in range(turns):
        messages.append({"role": "user", "content": f"Request {turn}."})
        for _ in range(rng.randint(1, 5)):
            calls = []
            for _ in range(rng.randint(1, 3)):
                n += 1
                calls.append(use(f"toolu_{n}", rng.choice(["read_lines", "search_file", "research"]),
                                 path=f"p{n}.py"))
            thinking = [{"type": "text", "text": "Next."}] if rng.random() < 0.3 else []
            messages.append({"role": "assistant", "content": thinking + calls})
            messages.append({"role": "user", "content": [
                result(c["id"], "r" * rng.randint(10, 6000)) for c in calls]})
        if turn < turns - 1 or rng.random() < 0.3:  # an answered turn (then a new request)
            messages.append({"role": "assistant", "content": [{"type": "text", "text": "Answer."}]})
    if messages[-1]["role"] == "assistant":
        messages.append({"role": "user", "content": "One more request."})
    return messages


def calls_by_id(messages):
    """tool_use id -> (tool name, input), for every tool call in the conversation."""
    return {b["id"]: (b["name"], b["input"]) for m in messages if m["role"] == "assistant"
            for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_use"}


def numbers_in(text):
    """Every whole number in `text`, thousands separators allowed: "1,234 and 7" -> [1234, 7]."""
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text)]


def numbered(n, start=1, width=60):
    """n numbered lines, as read_lines returns them: "1: xxx", "2: xxx", ..."""
    return "\n".join(f"{i}: " + "x" * width for i in range(start, start + n))


def check_cap(text, limit, numbered_lines=False):
    """cap_result(text, limit) must keep whole lines within the limit and say what was cut
    (and, for numbered lines, which line comes next)."""
    got = cap_result(text, limit)
    if len(text) <= limit:
        assert got == text, f"a text of {len(text)} characters fits in {limit}: return it unchanged"
        return
    assert "\n" in got, "the cut text must end with one notice line"
    head, notice = got.rsplit("\n", 1)
    assert len(head) <= limit, f"the kept part has {len(head)} characters, more than the limit {limit}"
    assert text.startswith(head), "the kept part must be the start of the text, unchanged"
    if "\n" in text[:limit]:
        assert text[len(head)] == "\n", "cut at the end of a line, not in the middle of one"
        assert "\n" not in text[len(head) + 1 : limit], (
            f"cut text[:{limit}] back to its LAST line break: the head stops {len(head)} characters in")
        assert len(head) < limit or text[limit] != "\n", "a line that ends at the limit goes too: its break is beyond it"
    else:
        assert head == text[:limit], f"no line break in the first {limit} characters: keep all {limit}"
    gone = len(text) - len(head)
    assert any(abs(n - gone) <= 1 for n in numbers_in(notice)), (
        f"the notice must say how many characters were cut ({gone}): {notice!r}")
    if numbered_lines:
        next_line = int(re.findall(r"^(\d+): ", head, re.M)[-1]) + 1
        assert f"start={next_line}" in notice.replace(" ", ""), (
            f"the notice must say which line to read next (start={next_line}): {notice!r}")


def partial_run(calls):
    """The long task with checkpoint 05's prompt and tools, stopped after `calls` API calls:
    the messages so far, ending with tool results (the turn is still under way)."""
    messages = [{"role": "user", "content": longtask.TASK}]
    for _ in range(calls):
        response = client.messages.create(model=MODEL, max_tokens=1024, system=AGENT.SYSTEM_PROMPT,
                                          tools=AGENT.TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": to_plain(response.content)})
        messages.append({"role": "user", "content": [
            result(b.id, AGENT.dispatch_tool(b.name, b.input)) for b in response.content
            if b.type == "tool_use"]})
    return messages


def finish(messages, calls=20):
    """Go on with the task from `messages` until the model answers; the final reply."""
    for _ in range(calls):
        response = client.messages.create(model=MODEL, max_tokens=1024, system=AGENT.SYSTEM_PROMPT,
                                          tools=AGENT.TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": to_plain(response.content)})
        if response.stop_reason != "tool_use":
            return response.content[0].text
        messages.append({"role": "user", "content": [
            result(b.id, AGENT.dispatch_tool(b.name, b.input)) for b in response.content
            if b.type == "tool_use"]})
    raise AssertionError("the task did not finish")


class Recording:
    """A client that keeps a copy of every request it forwards."""

    def __init__(self, inner):
        self.requests, self.inner, self.messages = [], inner, self

    def create(self, **request):
        self.requests.append(copy.deepcopy(request))
        return self.inner.messages.create(**request)


print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `cap_result` (6 minutes)
#
# A tool result longer than `limit` characters is cut, and the cut must say so: a head that looks
# complete is a lie the model believes. Return the text unchanged if it fits (`len(text) <= limit`).
# Otherwise return its head followed by **one notice line** that says how many characters were
# cut (everything after the head). The head is Lecture 7.1's: `text[:limit]` cut back to its last
# line break (the break itself goes too), or `text[:limit]` whole when it holds no line break. A
# line that ends exactly at the limit goes too: its line break is character `limit + 1`. When the
# lines are numbered the way `read_lines` numbers them (`"12: text"`), the notice also says which
# line to ask for next, as `start=N`: the number after the last line kept.
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
check_cap("short result", 100)
check_cap(numbered(50), 1000, numbered_lines=True)
check_cap(numbered(200, width=150), 5000, numbered_lines=True)
check_cap("z" * 3000, 1000)  # one long line: cut at the limit
check_cap("ab\ncd\nef", 5)  # "cd" ends at the limit: its line break is the 6th character, so it goes
check_cap("x" * 200, 200)  # exactly the limit: it fits
check_cap(numbered(30, start=57), 700, numbered_lines=True)  # a read that started at line 57
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_cap_hidden" points=2
"""Check that cap_result is right at the edges: exactly at the limit, numbering that starts late, no numbers."""
check_cap("a\nb", 3)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
check_cap("x" * 500, 500)
check_cap("x" * 501, 500)
check_cap(numbered(40, start=120, width=30), 400, numbered_lines=True)
check_cap("\n".join(f"row {i}" for i in range(1000)), 777)
check_cap(numbered(3) + "\n" + "y" * 5000, 200, numbered_lines=True)
check_cap("", 10)
check_cap("abc\ndef\nghi", 7)
check_cap("q" * 64 + "\n" + "r" * 10, 64)
check_cap(numbered(12, start=301, width=5) + "\n", 50, numbered_lines=True)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `stub_old_results` (12 minutes)
#
# Once the model has acted on a tool result, its text rarely matters again, but it is resent on
# every later call. Write `stub_old_results(messages, keep_recent, min_chars, never_stub)`, which
# changes the list **in place** and returns how many results it replaced:
#
# - the *steps* are the user messages that hold `tool_result` blocks (a request, a plain string,
#   is not a step); the last `keep_recent` steps are left alone (the model has not acted on them
#   yet), and `keep_recent=0` leaves none alone;
# - in every older step, **each** `tool_result` (a step holds several when the model called tools
#   in parallel) whose `content` is a string of at least `min_chars` characters, from a tool not in
#   `never_stub`, gets as its new content one short line (under 300 characters) that names the
#   tool (and its input, if you like) and says to call it again for the text;
# - nothing else changes: every `tool_use` keeps its id and input, every result its
#   `tool_use_id`, and a result that is already a stub is not stubbed again.
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
messages = conversation([5000, 300, 5000, 5000, 5000, 5000], ["read_lines"] * 2 + ["research"] + ["search_file"] * 3)
before = copy.deepcopy(messages)
count = stub_old_results(messages, keep_recent=2, min_chars=1000, never_stub=("research",))
assert protocol_errors(messages) == [], protocol_errors(messages)
for i, (old, new) in enumerate(zip(before, messages)):
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
messages = conversation([5000] * 2)
assert stub_old_results(messages, keep_recent=0) == 2, "keep_recent=0: every step is old"
messages = conversation([5000] * 2)
assert stub_old_results(messages, keep_recent=3) == 0, "keep_recent larger than the steps: every step is recent"
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_stubs_hidden" points=3
"""Check that stubbing keeps conversations of any shape valid, and stubs exactly what it should."""
stub_old_results(random_conversation(0), keep_recent=1)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
for seed in range(1, 40):
    messages = random_conversation(seed)
    keep, least = seed % 4, (seed * 37) % 3000 + 300
    before = copy.deepcopy(messages)
    count = stub_old_results(messages, keep, least, ("research",))
    assert protocol_errors(messages) == [], f"shape {seed}: {protocol_errors(messages)}"
    steps = [i for i, m in enumerate(before) if m["role"] == "user" and isinstance(m["content"], list)]
    recent = set(steps[len(steps) - keep:]) if keep else set()
    names, expected = calls_by_id(before), 0
    for i, (old, new) in enumerate(zip(before, messages)):
        if old["role"] == "assistant" or isinstance(old["content"], str) or i in recent:
            assert new == old, f"shape {seed}: messages[{i}] must not change"
            continue
        for a, b in zip(old["content"], new["content"]):
            assert b["tool_use_id"] == a["tool_use_id"]
            eligible = len(a["content"]) >= least and names[a["tool_use_id"]][0] != "research"
            expected += eligible
            assert (b["content"] != a["content"]) == eligible, f"shape {seed}: messages[{i}] stubbed wrongly"
            if eligible:
                assert len(b["content"]) < 300 and names[a["tool_use_id"]][0] in b["content"]
    assert count == expected, f"shape {seed}: {expected} stubbed, {count} returned"
messages = conversation([5000] * 3)
assert stub_old_results(messages, keep_recent=0) == 3 and protocol_errors(messages) == []
messages = conversation([5000] * 3)
assert stub_old_results(messages, keep_recent=5) == 0, "keep_recent larger than the steps: nothing to stub"
messages = conversation([5000] * 4)
assert stub_old_results(messages, keep_recent=9) == 0, "keep_recent larger than the steps: nothing to stub"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: `cut_point` and `compact` (12 minutes)
#
# Stubs shrink results but not the rest of the history. Compaction replaces the history with a
# summary written by the model. The cut decides whether the list stays valid:
#
# 1. `cut_point(messages)` returns the index of the **last assistant message**. Everything from
#    there on is kept: its `tool_use` blocks are answered by the message after it.
# 2. `compact(client, messages)` (called while a turn is under way: `messages` ends with tool
#    results) asks the model for a summary and returns a **new** list:
#    `[one user message: the request's words + the summary] + messages[cut_point(messages):]`.
#    - The summary call is the agent's own call, so its prefix can come from the prompt cache:
#      `model=MODEL`, `system=AGENT.SYSTEM_PROMPT`, `tools=AGENT.TOOLS` (the API accepts tool
#      blocks without tools since February 2025, but the same tools and system prompt as every
#      other call keep that part of the prompt cached), and `tool_choice={"type": "none"}` (so
#      the model writes instead of calling a tool), with `max_tokens=2000`; its messages are
#      `messages` with `COMPACT_PROMPT` as a text block **after** the results in the last message.
#    - The summary message **begins** with the request's words (the text of `messages[0]`), as
#      its own first paragraph, and the summary follows: the request's message is about to go,
#      and the model reads what it was asked first.
#    - Leave `messages` itself unchanged.
#
# **Expected:** `Task 3 visible checks passed`. The check compacts a real run of the long task of
# Lecture 7.1 after 4 calls, then lets the tutor model finish the task from your compacted list:
# SUMMARY.md must come out right.

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
assert cut_point(conversation([10, 10, 10])) == 5
with nbtools.project() as root:
    longtask.write_package(root, modules=4)
    history = partial_run(4)
    before = copy.deepcopy(history)
    recording = Recording(client)
    new = compact(recording, history)
    assert history == before, "compact must leave the messages it was given unchanged"
    assert protocol_errors(new) == [], f"the compacted list breaks the API's rules: {protocol_errors(new)}"
    assert new[1:] == history[cut_point(history):], "keep the tail from the last assistant message, as it is"
    first = new[0]["content"] if isinstance(new[0]["content"], str) else json.dumps(new[0]["content"])
    assert first.startswith(longtask.TASK), "the summary message must begin with the request's words"
    assert "## Next step" in first, "the summary message must hold the model's summary"
    (call,) = recording.requests
    assert call.get("tools") == AGENT.TOOLS and call.get("tool_choice") == {"type": "none"}, (
        "the summary call sends the agent's tools (as every other call does) and tool_choice none")
    assert (call.get("model"), call.get("system"), call.get("max_tokens")) == (MODEL, AGENT.SYSTEM_PROMPT, 2000), (
        "the summary call is the agent's own: model=MODEL, system=AGENT.SYSTEM_PROMPT, max_tokens=2000")
    assert call["messages"][:-1] == history[:-1] and to_plain(call["messages"][-1]["content"])[:-1] == history[-1]["content"], (
        "send the messages as they are, the instruction added after the last message's results")
    assert protocol_errors(call["messages"]) == [], "the summary call's messages must be valid too"
    assert COMPACT_PROMPT in json.dumps(to_plain(call["messages"][-1]["content"])), "end with the instruction"
    reply = finish(new)
    assert longtask.summary_problems(root) == [], longtask.summary_problems(root)
print("Task 3 visible checks passed:", reply)

# %% nbgrader="tests" grade_id="test_compact_hidden" points=3
"""Check that compaction works at any point of a run, twice in a row, and on conversations of any shape."""
random_conversation(0)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
for seed in range(40):
    messages = random_conversation(seed)
    cut = cut_point(messages)
    assert messages[cut]["role"] == "assistant" and all(
        m["role"] == "user" for m in messages[cut + 1:]), f"shape {seed}: not the last assistant message"
    assert protocol_errors([{"role": "user", "content": "summary"}] + messages[cut:]) == []
for calls in (1, 3):
    with nbtools.project() as root:
        longtask.write_package(root, modules=5)
        new = compact(client, partial_run(calls))
        assert protocol_errors(new) == [], protocol_errors(new)
        if calls == 3:  # compact the compacted list again, two calls later
            for _ in range(2):
                response = client.messages.create(model=MODEL, max_tokens=1024, system=AGENT.SYSTEM_PROMPT,
                                                  tools=AGENT.TOOLS, messages=new)
                new.append({"role": "assistant", "content": to_plain(response.content)})
                new.append({"role": "user", "content": [
                    result(b.id, AGENT.dispatch_tool(b.name, b.input)) for b in response.content
                    if b.type == "tool_use"]})
            new = compact(client, new)
            assert protocol_errors(new) == [] and longtask.TASK in json.dumps(new[0]["content"])
        finish(new)
        assert longtask.summary_problems(root) == [], f"after {calls} calls: {longtask.summary_problems(root)}"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `save_note` (5 minutes)
#
# Compaction can throw the transcript away because what matters was written down. Write
# `save_note(note, path, max_lines)`: append the note to the memory file at `path` as **one line**
# (any line breaks inside the note become spaces), keep only the newest `max_lines` lines, and
# return a short confirmation (a non-empty string: it is the tool's result). A file whose last
# line has no line break still gets the note on a line of its own. An empty note (or one that is
# only spaces) raises `ValueError`.
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
    for empty in ("", "\n\n", " \t "):
        try:
            save_note(empty, notes)
        except ValueError:
            continue
        raise AssertionError(f"{empty!r} must raise ValueError")
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
