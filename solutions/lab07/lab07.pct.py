# ---
# jupyter:
#   agentcourse:
#     lab: lab07
#     title: 'Prompt assembly: layers, fingerprints and cache breakpoints'
#     time_box_minutes: 35
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'tool_contracts: manuals for the registered tools only'
#       tests: [test_contracts_visible, test_contracts_hidden]
#       hint: Walk the tools, not the contracts; skip a tool that has no contract.
#     - number: 2
#       title: 'fingerprints and changed_layers'
#       tests: [test_fingerprints_visible, test_fingerprints_hidden]
#       hint: >-
#         hashlib.sha256(text.encode("utf-8")).hexdigest() of the text exactly as it is (whitespace
#         too). Go through ORDER; a name missing from a dict counts as the fingerprint of "". With no
#         previous call, a layer counts as changed when it is present (its text is not empty).
#     - number: 3
#       title: 'assemble: stable layers first, and two breakpoints'
#       tests: [test_assemble_visible, test_assemble_hidden]
#       hint: >-
#         Go through ORDER, not through the dict. Mark the last block whose layer is in STABLE (if
#         any is present), and the last block.
#     - number: 4
#       title: 'mark_newest, and a session the cache serves'
#       tests: [test_session_visible, test_session_hidden]
#       hint: >-
#         Build a new list whose last message is a new dict with a new content list, whose last block
#         is a new dict; a string content becomes one text block.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 7: Prompt assembly: layers, fingerprints and cache breakpoints
#
# **Time box: 35 minutes**
#
# Four tasks, 18 points. Every task is graded on its own; stop when the time is up and submit.
#
# Checkpoint `07-prompt-layers` builds its system prompt from five layers, sent in the order of how
# rarely they change (Lecture 7.2):
#
# | layer | source | changes |
# |---|---|---|
# | `constitution` | who the agent is, how it works | never, in a session |
# | `tool_contracts` | one short manual per registered tool | when a tool is added or removed |
# | `project_rules` | the project's `AGENTS.md` | when someone edits it |
# | `runtime_signals` | what the harness must tell the model | on events |
# | `session_memory` | the agent's notes (`NOTES.md`) | after a note |
#
# In this lab a prompt's layers are a dict, layer name -> text; a layer whose text is `""` is absent.
# You write:
#
# 1. `tool_contracts(tools, contracts)`: the manuals of the registered tools only.
# 2. `fingerprints(layers)` and `changed_layers(previous, current)`: SHA-256 per layer, and which
#    layers changed since the previous call.
# 3. `assemble(layers, cache)`: the system blocks, stable layers first, with cache breakpoints.
# 4. `mark_newest(messages)`: a cache breakpoint on the newest message, in a copy. The tests then
#    run a session against the tutor model, whose prompt cache works as the API's does: every call
#    after the first must read from it.
#
# Run the setup cell first. `agentcourse lab check 7` runs the visible checks from a terminal;
# grading adds hidden ones.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, checkpoint 07's texts and tools, and the test helpers. Do not change it."""
import contextlib
import copy
import hashlib
import json
import random
from pathlib import Path

import anthropic

from agentcourse.course import nbtools
from agentcourse.paths import load_checkpoint
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())

AGENT = load_checkpoint("07")  # CONSTITUTION, TOOL_CONTRACTS, TOOLS and the tools themselves
MODEL = "claude-sonnet-4-6"
ORDER = ("constitution", "tool_contracts", "project_rules", "runtime_signals", "session_memory")
STABLE = ("constitution", "tool_contracts", "project_rules")  # the same on every call of a project
MAX_BREAKPOINTS = 4  # the API refuses a request with more blocks marked cache_control


def marks(blocks):
    """The texts of the blocks that carry cache_control."""
    return [b["text"] for b in blocks if "cache_control" in b]


def breakpoints(system, messages):
    """How many blocks of a request carry cache_control."""
    blocks = list(system)
    for m in messages:
        if isinstance(m["content"], list):
            blocks += [b for b in to_plain(m["content"]) if isinstance(b, dict)]
    return sum("cache_control" in b for b in blocks)


def check_assembled(layers, cache=True):
    """assemble(layers, cache) must send the present layers in ORDER, marked where they should be."""
    blocks = assemble(copy.deepcopy(layers), cache)
    present = [name for name in ORDER if layers.get(name)]
    assert [b.get("type") for b in blocks] == ["text"] * len(present), f"one text block per present layer: {blocks}"
    assert [b["text"] for b in blocks] == [layers[n] for n in present], (
        f"the present layers, in ORDER: expected {present}, got {[b['text'][:20] for b in blocks]}")
    if not cache or not blocks:
        assert marks(blocks) == [], "cache=False: no cache_control at all"
        return blocks
    stable = [layers[n] for n in present if n in STABLE]
    wanted = list(dict.fromkeys(([stable[-1]] if stable else []) + [blocks[-1]["text"]]))
    assert marks(blocks) == wanted, f"breakpoints after the last stable layer and after the last: {marks(blocks)}"
    assert all(b["cache_control"] == {"type": "ephemeral"} for b in blocks if "cache_control" in b)
    return blocks


def run_session(prompts, rules_between=None, cache=True):
    """A session with checkpoint 07's tools on a fresh tutor (an empty cache), your assemble and
    your mark_newest. Returns (usages, requests, messages). With `rules_between`, AGENTS.md's
    text changes to it before the second request."""
    usages, requests, messages = [], [], []
    rules = "# Rules\n- Keep lines under 100 characters."
    with serve() as url, nbtools.project():
        sdk = nbtools.limited(anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0,
                                                  timeout=10), 30)
        for k, prompt in enumerate(prompts):
            if k == 1 and rules_between is not None:
                rules = rules_between
            layers = {"constitution": AGENT.CONSTITUTION,
                      "tool_contracts": tool_contracts(AGENT.TOOLS, AGENT.TOOL_CONTRACTS),
                      "project_rules": rules, "runtime_signals": "", "session_memory": ""}
            messages.append({"role": "user", "content": prompt})
            for _ in range(10):
                system, sent = assemble(layers, cache), (mark_newest(messages) if cache else messages)
                requests.append({"system": copy.deepcopy(system), "messages": copy.deepcopy(to_plain(sent))})
                response = sdk.messages.create(model=MODEL, max_tokens=1024, system=system,
                                               tools=AGENT.TOOLS, messages=sent)
                usages.append(response.usage)
                messages.append({"role": "assistant", "content": to_plain(response.content)})
                if response.stop_reason != "tool_use":
                    break
                messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": b.id,
                     "content": AGENT.dispatch_tool(b.name, b.input)}
                    for b in response.content if b.type == "tool_use"]})
    return usages, requests, messages


PROMPTS = ["What files are in this project?",
           "Add a docstring to the add function in math_utils.py.",
           "Read utils.py and tests.py."]
print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `tool_contracts` (5 minutes)
#
# The schema says what arguments a tool takes; its contract says how to use it well. Return one
# text with the contract of every tool in `tools` (a list of tool schemas, each with a `"name"`),
# **in the order of `tools`**, each preceded by its tool's name (a heading such as `### list_files`
# is a good choice). A contract for a tool that is not in `tools` is left out: the manual must not
# describe a tool the model cannot call. A tool without a contract is skipped. When no tool has a
# contract, return `""` (the layer is absent).
#
# **Expected:** `Task 1 visible checks passed`.

# %% nbgrader="solution" grade_id="tool_contracts"
def tool_contracts(tools: list, contracts: dict) -> str:
    """The contracts of the registered tools, in their order, each after its tool's name."""
    ### BEGIN SOLUTION
    docs = [f"### {t['name']}\n{contracts[t['name']]}" for t in tools if t["name"] in contracts]
    return "## Tool Contracts\n" + "\n\n".join(docs) if docs else ""
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_contracts_visible" points=2
"""Check that only registered tools' contracts are sent, in the order of the tools, after their names."""
tools = [{"name": "read_lines"}, {"name": "list_files"}, {"name": "no_manual"}]
contracts = {"list_files": "Lists one folder.", "read_lines": "Reads a range.", "delete_file": "Deletes a file."}
text = tool_contracts(tools, contracts)
assert "Deletes a file." not in text and "delete_file" not in text, "delete_file is not registered: leave its contract out"
assert text.index("Reads a range.") < text.index("Lists one folder."), "in the order of the tools"
assert text.index("read_lines") < text.index("Reads a range.") < text.index("list_files") < text.index("Lists one folder."), (
    "each contract after its tool's name")
assert tool_contracts([{"name": "no_manual"}], contracts) == "", "no contract for any tool: return an empty string"
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_contracts_hidden" points=2
"""Check that tool_contracts works with checkpoint 07's own tools, and with tools taken out."""
tool_contracts(AGENT.TOOLS, AGENT.TOOL_CONTRACTS)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
full = tool_contracts(AGENT.TOOLS, AGENT.TOOL_CONTRACTS)
positions = [full.index(AGENT.TOOL_CONTRACTS[t["name"]]) for t in AGENT.TOOLS]
assert positions == sorted(positions), "every contract, in the order of TOOLS"
fewer = [t for t in AGENT.TOOLS if t["name"] not in ("research", "edit_file")]
text = tool_contracts(fewer, AGENT.TOOL_CONTRACTS)
assert AGENT.TOOL_CONTRACTS["research"] not in text and AGENT.TOOL_CONTRACTS["edit_file"] not in text
assert all(AGENT.TOOL_CONTRACTS[t["name"]] in text for t in fewer)
reversed_tools = list(reversed(AGENT.TOOLS))
text = tool_contracts(reversed_tools, AGENT.TOOL_CONTRACTS)
positions = [text.index(AGENT.TOOL_CONTRACTS[t["name"]]) for t in reversed_tools]
assert positions == sorted(positions), "the order of the tools given, whatever it is"
assert tool_contracts([], AGENT.TOOL_CONTRACTS) == ""
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `fingerprints` and `changed_layers` (6 minutes)
#
# "Why did the model act differently?" starts with "what changed in its prompt?". Write:
#
# - `fingerprints(layers)`: layer name -> the SHA-256 of its text exactly as it is (encoded as
#   UTF-8; a space or a line break more is another fingerprint), as a hex string, for every name
#   in the dict, an empty text included;
# - `changed_layers(previous, current)`: the names of the layers, **in ORDER** (whatever the
#   dicts' order), whose fingerprint in `current` differs from `previous`. A layer is absent when
#   its text is `""` or when its name is not in the dict at all: both count as the fingerprint of
#   `""`, so a layer that appears or disappears has changed. With no previous call (`previous` is
#   `{}`), the layers that are present count as changed.
#
# **Expected:** `Task 2 visible checks passed`.

# %% nbgrader="solution" grade_id="fingerprints"
def fingerprints(layers: dict) -> dict:
    """Layer name -> SHA-256 hex digest of its UTF-8 text."""
    ### BEGIN SOLUTION
    return {name: hashlib.sha256(text.encode("utf-8")).hexdigest() for name, text in layers.items()}
    ### END SOLUTION


def changed_layers(previous: dict, current: dict) -> list:
    """The layers, in ORDER, whose fingerprint changed since `previous` (all present ones if none)."""
    ### BEGIN SOLUTION
    empty = hashlib.sha256(b"").hexdigest()
    if not previous:
        return [name for name in ORDER if current.get(name, empty) != empty]
    return [name for name in ORDER if current.get(name, empty) != previous.get(name, empty)]
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_fingerprints_visible" points=2
"""Check that each layer's fingerprint is its SHA-256, and that changed_layers names what changed, in order."""
first = {"constitution": "Be helpful.", "tool_contracts": "### x\nDoes x.", "project_rules": "",
         "runtime_signals": "", "session_memory": ""}
prints = fingerprints(first)
assert prints["constitution"] == hashlib.sha256(b"Be helpful.").hexdigest(), "SHA-256 of the UTF-8 text, as hex"
assert prints["project_rules"] == hashlib.sha256(b"").hexdigest()
assert changed_layers({}, prints) == ["constitution", "tool_contracts"], "first call: the present layers"
assert changed_layers(prints, fingerprints(dict(first))) == [], "nothing changed"
later = {**first, "session_memory": "- a note", "constitution": "Be helpful!"}
assert changed_layers(prints, fingerprints(later)) == ["constitution", "session_memory"], "what changed, in ORDER"
spaced = {**first, "constitution": "Be helpful.\n"}
assert fingerprints(spaced)["constitution"] == hashlib.sha256(b"Be helpful.\n").hexdigest(), "the text exactly as it is"
assert changed_layers(prints, fingerprints(spaced)) == ["constitution"], "a line break more is a change"
assert fingerprints({"session_memory": "café"})["session_memory"] == hashlib.sha256("café".encode("utf-8")).hexdigest()
backwards = dict(reversed(list(later.items())))
assert changed_layers(prints, fingerprints(backwards)) == ["constitution", "session_memory"], "in ORDER, not the dict's"
assert changed_layers(fingerprints(later), fingerprints({**later, "session_memory": ""})) == ["session_memory"], (
    "a layer that disappears has changed")
short = fingerprints({"constitution": "Be helpful.", "tool_contracts": "### x\nDoes x."})  # three names missing
assert changed_layers({}, short) == ["constitution", "tool_contracts"] and changed_layers(prints, short) == [], (
    "a name missing from the dict is an absent layer: the fingerprint of \"\"")
assert changed_layers(short, fingerprints(later)) == ["constitution", "session_memory"]
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_fingerprints_hidden" points=2
"""Check that fingerprints and changed_layers are right for any text, layers that disappear, and dicts in any order."""
fingerprints({"constitution": "x"})  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
text = "Règles: ne jamais supprimer — 规则"
assert fingerprints({"project_rules": text})["project_rules"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
shuffled = {name: f"text of {name}" for name in reversed(ORDER)}
assert changed_layers({}, fingerprints(shuffled)) == list(ORDER), "in ORDER, whatever the dict's order"
gone = {**shuffled, "project_rules": ""}
assert changed_layers(fingerprints(shuffled), fingerprints(gone)) == ["project_rules"], "a layer that disappears changed"
back = changed_layers(fingerprints(gone), fingerprints(shuffled))
assert back == ["project_rules"], back
assert changed_layers(fingerprints({"runtime_signals": "s"}), fingerprints({"session_memory": "m"})) == [
    "runtime_signals", "session_memory"]
assert changed_layers(fingerprints({"project_rules": "r "}), fingerprints({"project_rules": "r"})) == ["project_rules"]
assert fingerprints({"constitution": "ü\t"})["constitution"] == hashlib.sha256("ü\t".encode()).hexdigest()
rng = random.Random(7)
for _ in range(30):
    a = {n: rng.choice(["", "x", "y"]) for n in ORDER}
    b = {n: rng.choice(["", "x", "y"]) for n in ORDER}
    assert changed_layers(fingerprints(a), fingerprints(b)) == [n for n in ORDER if a[n] != b[n]], (a, b)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: `assemble` (10 minutes)
#
# Return the system prompt as a list of text blocks, `{"type": "text", "text": ...}`, one per
# **present** layer (the API refuses empty text blocks), **in ORDER**, whatever the dict's order.
# With `cache=True`, mark two cache breakpoints, `"cache_control": {"type": "ephemeral"}`:
#
# - on the block of the **last stable layer** (`STABLE`): tools and stable layers, cached for the
#   whole project;
# - on the **last block**: the whole system prompt of this turn.
#
# When they are the same block (no mutable layer is present), that block carries one mark. With
# `cache=False`, no block carries one.
#
# **Expected:** `Task 3 visible checks passed`.

# %% nbgrader="solution" grade_id="assemble"
def assemble(layers: dict, cache: bool = True) -> list:
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    ### BEGIN SOLUTION
    present = [name for name in ORDER if layers.get(name)]
    blocks = [{"type": "text", "text": layers[name]} for name in present]
    if cache and blocks:
        stable = [i for i, name in enumerate(present) if name in STABLE]
        for i in {stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}:
            blocks[i]["cache_control"] = {"type": "ephemeral"}
    return blocks
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_assemble_visible" points=3
"""Check that assemble sends the present layers in ORDER, with breakpoints after the stable layers and at the end."""
all_five = {"session_memory": "M", "project_rules": "R", "constitution": "C", "runtime_signals": "S",
            "tool_contracts": "T"}
blocks = check_assembled(all_five)
assert marks(blocks) == ["R", "M"]
check_assembled({"constitution": "C", "tool_contracts": "T", "project_rules": "", "runtime_signals": "",
                 "session_memory": ""})
check_assembled({"constitution": "C", "session_memory": "M"})
assert marks(check_assembled({"runtime_signals": "S", "session_memory": "M"})) == ["M"], (
    "no stable layer present: one breakpoint, at the end")
check_assembled(all_five, cache=False)
print("Task 3 visible checks passed")

# %% nbgrader="tests" grade_id="test_assemble_hidden" points=3
"""Check that assemble is right for every subset of present layers and never marks more than the API allows."""
check_assembled({"constitution": "C"})  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
import itertools
for size in range(0, len(ORDER) + 1):
    for names in itertools.combinations(ORDER, size):
        layers = {n: (f"text {n}" if n in names else "") for n in random.Random(size).sample(ORDER, len(ORDER))}
        blocks = check_assembled(layers)
        assert len(marks(blocks)) <= 2
        check_assembled(layers, cache=False)
layers = {"session_memory": "M2", "runtime_signals": "S2"}
assert marks(check_assembled(layers)) == ["M2"], "no stable layer: one breakpoint, at the end"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `mark_newest`, and a session the cache serves (9 minutes)
#
# The third breakpoint goes on the newest message, so each call's conversation is cached for the
# next one. But it must go on the copy that is **sent**, never into the messages list itself:
# marks left behind pile up, and a request with more than four is refused. Write
# `mark_newest(messages)`: a new list, equal to `messages` except that its last message is a new
# dict whose content's last block carries `"cache_control": {"type": "ephemeral"}` (a string
# content becomes one text block). `messages`, its dicts and its blocks stay unchanged.
#
# **Expected:** the first check prints a line per call of a three-request session: the first
# call writes the prompt to the cache, and every later call reads most of its prompt from it.

# %% nbgrader="solution" grade_id="mark_newest"
def mark_newest(messages: list) -> list:
    """A copy of `messages` whose newest block carries a cache breakpoint."""
    ### BEGIN SOLUTION
    last = messages[-1]
    content = last["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else [dict(b) for b in content]
    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
    return messages[:-1] + [{**last, "content": blocks}]
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_session_visible" points=2
"""Check that every call after the first reads from the cache, no request has more than four breakpoints, and the list keeps none."""
original = [{"role": "user", "content": "Hi."}, {"role": "assistant", "content": [{"type": "text", "text": "Hello."}]},
            {"role": "user", "content": "Bye."}]
before = copy.deepcopy(original)
sent = mark_newest(original)
assert original == before, "mark_newest must not change the list it is given"
assert sent[-1]["content"][-1].get("cache_control") == {"type": "ephemeral"}, "the newest block carries the mark"
assert breakpoints([], sent) == 1 and "cache_control" not in json.dumps(sent[:-1]), "one mark, on the newest message only"
blocks = [{"role": "user", "content": "Go."},
          {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "list_files", "input": {"path": "."}}]},
          {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py [file]"},
                                       {"type": "text", "text": "Now read it."}]}]
before = copy.deepcopy(blocks)
sent = mark_newest(blocks)
assert blocks == before, "mark_newest must not change the list, its messages or their blocks"
assert sent[-1]["content"] == [before[-1]["content"][0], {**before[-1]["content"][1], "cache_control": {"type": "ephemeral"}}], (
    "every block stays; the LAST block of the newest message carries the mark")
usages, requests, messages = run_session(PROMPTS)
for k, u in enumerate(usages, 1):
    print(f"call {k}: wrote {u.cache_creation_input_tokens:>5}, read {u.cache_read_input_tokens:>5}, fresh {u.input_tokens:>4}")
assert usages[0].cache_read_input_tokens == 0 and all(u.cache_read_input_tokens > 0 for u in usages[1:]), (
    "every call after the first must read from the cache")
prompt = sum(u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens for u in usages)
rate = sum(u.cache_read_input_tokens for u in usages) / prompt
assert rate > 0.75, f"the cache served {rate:.0%} of the input; the stable layers and the conversation should give more"
assert all(breakpoints(r["system"], r["messages"]) <= MAX_BREAKPOINTS for r in requests)
assert "cache_control" not in json.dumps(to_plain(messages)), "no mark may stay in the messages list"
assert protocol_errors(messages) == []
print(f"Task 4 visible checks passed: {rate:.0%} of the input read from the cache")

# %% nbgrader="tests" grade_id="test_session_hidden" points=2
"""Check that mark_newest copies every kind of message, and that a session whose rules change half-way still uses the cache."""
mark_newest([{"role": "user", "content": [{"type": "text", "text": "x"}]}])  # hidden until grading
### BEGIN HIDDEN TESTS
results = [{"role": "user", "content": "Go."},
           {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "list_files", "input": {"path": "."}},
                                             {"type": "tool_use", "id": "t2", "name": "list_files", "input": {"path": "src"}}]},
           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py [file]"},
                                        {"type": "tool_result", "tool_use_id": "t2", "content": "b.py [file]"},
                                        {"type": "text", "text": "and then?"}]}]
before = copy.deepcopy(results)
sent = mark_newest(results)
assert results == before, "mark_newest must not change the list, its messages or its blocks"
assert sent[:-1] == results[:-1] and sent[-1]["content"][:-1] == results[-1]["content"][:-1]
assert sent[-1]["content"][-1] == {"type": "text", "text": "and then?", "cache_control": {"type": "ephemeral"}}
assert breakpoints([], mark_newest(mark_newest(results))) == 1, "marking a fresh copy twice is still one mark"
usages, requests, messages = run_session(PROMPTS, rules_between="# Rules\n- Tabs, never spaces.")
changed = next(i for i, r in enumerate(requests) if "Tabs" in json.dumps(r["system"]))
assert usages[changed].cache_read_input_tokens < usages[changed - 1].cache_read_input_tokens, (
    "a changed layer is a new prefix: the call after the change reads less from the cache")
assert all(u.cache_read_input_tokens > 0 for k, u in enumerate(usages) if k not in (0, changed)), (
    "every other call reads from the cache, the ones after the change included")
usages, requests, messages = run_session(PROMPTS[:2], cache=False)
assert all(u.cache_read_input_tokens == 0 and u.cache_creation_input_tokens == 0 for u in usages), (
    "cache=False: no breakpoint anywhere, so nothing is cached")
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
