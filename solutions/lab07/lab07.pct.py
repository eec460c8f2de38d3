# ---
# jupyter:
#   agentcourse:
#     lab: lab07
#     title: 'Prompt assembly: layers, fingerprints and cache breakpoints'
#     time_box_minutes: 35
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['06']            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
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
#    run sessions against the tutor model, whose prompt cache works as the API's does: every call
#    after the first must read from it.
#
# Run the setup cell first. `agentcourse lab check 7` runs the visible checks from a terminal;
# grading adds hidden ones.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, checkpoint 06's tools, checkpoint 07's layer texts and the check helpers. Do not change it."""
import contextlib
import copy
import hashlib
import itertools
import json

from hypothesis import strategies as st

from agentcourse.course import nbtools
from agentcourse.course.props import holds
from agentcourse.course.scaffold import lab07 as scaffold
from agentcourse.paths import load_checkpoint

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(nbtools.tutor())

AGENT = load_checkpoint("06")  # TOOLS (six tool schemas, the same as 07's) and dispatch_tool
CONSTITUTION = scaffold.CONSTITUTION  # checkpoint 07's first layer: who the agent is
TOOL_CONTRACTS = scaffold.TOOL_CONTRACTS  # checkpoint 07's manuals: tool name -> contract
ORDER = ("constitution", "tool_contracts", "project_rules", "runtime_signals", "session_memory")
STABLE = ("constitution", "tool_contracts", "project_rules")  # the same on every call of a project
MAX_BREAKPOINTS = 4  # the API refuses a request with more blocks marked cache_control

# The checks' helpers: breakpoints(system, messages) counts a request's marks; session(...)
# runs a conversation with your functions, nothing of it cached yet, and returns each request
# as the tutor received it, with its usage.
breakpoints, session = scaffold.breakpoints, scaffold.session

try:  # and what the checks compare with, the tasks' answers: when graded, only the checks can
    # import these (your kernel sees their folder empty), so no answer can call them
    from agentcourse.course.scaffold.judged.lab07 import changed_between  # noqa: F401
except ImportError:
    pass

print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `tool_contracts` (5 minutes)
#
# The schema says what arguments a tool takes; its contract says how to use it well. Return one
# text with the contract of every tool in `tools` (a list of tool schemas; only their `"name"`
# matters) that has one in `contracts` (tool name -> contract text), **in the order of `tools`**
# (whatever the dict's order), each contract's text as it is, under its tool's name: the name
# comes after the contract before and before its own (a heading such as `### list_files` is a
# good choice; the words around them are yours).
#
# - A contract whose tool is not in `tools` is left out, its name too: the manual must not
#   describe a tool the model cannot call.
# - A tool without a contract is skipped: its name does not appear either.
# - When no tool has a contract, return `""` (the layer is absent).
#
# The checks try any tools in any order, contracts for some of them and for tools that are not
# registered, manuals over several lines and in any script, and checkpoint 07's own six.
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
text = tool_contracts([{"name": "read_lines"}, {"name": "list_files"}, {"name": "no_manual"}],
                      {"list_files": "Lists one folder.", "read_lines": "Reads a range.", "delete_file": "Deletes a file."})
assert "Deletes a file." not in text and "delete_file" not in text, "delete_file is not registered: leave its contract out"
assert "no_manual" not in text, "no_manual has no contract: skip it, its name too"
assert text.index("read_lines") < text.index("Reads a range.") < text.index("list_files") < text.index("Lists one folder."), (
    "each contract after its tool's name, in the order of the tools")


@holds(scaffold.tool_sets())
def _(case):
    """Any tools, in any order; contracts for some of them and for tools not registered."""
    tools, contracts = case
    text = tool_contracts(copy.deepcopy(tools), dict(contracts))
    names = [t["name"] for t in tools]
    manuals = [name for name in names if name in contracts]
    assert isinstance(text, str), f"return one text, not {type(text).__name__}"
    if not manuals:
        assert text == "", f"no tool in tools has a contract: return \"\" (the layer is absent), not {text!r}"
    end = 0  # where the contract before ends
    for name in manuals:
        at = text.find(contracts[name])
        assert at >= 0 and text.count(contracts[name]) == 1, f"{name}'s contract once, as it is: {contracts[name]!r}"
        assert at >= end, f"the contracts in the order of tools, {manuals}: {name}'s comes too early"
        assert name in text[end:at], f"{name}'s name before its contract (and after the contract before it)"
        end = at + len(contracts[name])
    for name in contracts:
        if name not in names:
            assert contracts[name] not in text and name not in text, f"{name} is not in tools: leave out its contract and its name"
    for name in names:
        if name not in contracts:
            assert name not in text, f"{name} has no contract: skip it, its name too"


### BEGIN HIDDEN TESTS
text = tool_contracts([{"name": "write_file"}, {"name": "edit_file"}], {"edit_file": "Ändert\r\nDateien.", "x": "y"})
assert text.index("edit_file") < text.index("Ändert\r\nDateien.") and "write_file" not in text
### END HIDDEN TESTS
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_contracts_hidden" points=2
"""Check that tool_contracts works with checkpoint 07's own tools, with tools taken out, and with hundreds of tools."""
tool_contracts(AGENT.TOOLS, TOOL_CONTRACTS)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
full = tool_contracts(AGENT.TOOLS, TOOL_CONTRACTS)
positions = [full.index(TOOL_CONTRACTS[t["name"]]) for t in AGENT.TOOLS]
assert positions == sorted(positions), "every contract, in the order of TOOLS"
fewer = [t for t in AGENT.TOOLS if t["name"] not in ("research", "edit_file")]
text = tool_contracts(fewer, TOOL_CONTRACTS)
assert TOOL_CONTRACTS["research"] not in text and TOOL_CONTRACTS["edit_file"] not in text
assert all(TOOL_CONTRACTS[t["name"]] in text for t in fewer)
reversed_tools = list(reversed(AGENT.TOOLS))
text = tool_contracts(reversed_tools, TOOL_CONTRACTS)
positions = [text.index(TOOL_CONTRACTS[t["name"]]) for t in reversed_tools]
assert positions == sorted(positions), "the order of the tools given, whatever it is"
assert tool_contracts([], TOOL_CONTRACTS) == "" and tool_contracts(AGENT.TOOLS, {}) == ""
many = [{"name": f"tool_{k:03d}", "input_schema": {"type": "object"}} for k in range(300)][::-1]
manuals = {f"tool_{k:03d}": f"«{k}» Manual\nline {k}" for k in range(0, 400, 3)}  # 34 of them for no tool
text = tool_contracts(many, dict(reversed(list(manuals.items()))))
kept = [t["name"] for t in many if t["name"] in manuals]
positions = [text.index(manuals[name]) for name in kept]
assert len(kept) == 100 and positions == sorted(positions), "300 tools: their 100 contracts, in the order of the tools"
assert all(manuals[f"tool_{k:03d}"] not in text for k in range(300, 400, 3)), "contracts of unregistered tools left out"
assert "tool_001" not in text and "tool_297" in text
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `fingerprints` and `changed_layers` (6 minutes)
#
# "Why did the model act differently?" starts with "what changed in its prompt?". Write:
#
# - `fingerprints(layers)`: a dict with one entry for every name in `layers` (an empty text
#   included, and no other name): the SHA-256 of its text **exactly as it is**, encoded as
#   UTF-8, as `hexdigest()` writes it (64 lowercase hex digits). A space or a line break more,
#   `\r\n` instead of `\n`, another accent: another fingerprint.
# - `changed_layers(previous, current)`: given two dicts as `fingerprints` returns them (the
#   previous call's and this one's), the names of ORDER, **in ORDER** (whatever the dicts'
#   order), whose fingerprint in `current` differs from `previous`. A layer is absent when its
#   text is `""` or when its name is not in the dict at all: both count as the fingerprint of
#   `""`, so a layer that appears or disappears has changed, and one that is `""` in a dict and
#   missing from the other has not. With no previous call (`previous` is `{}`), the layers that
#   are present count as changed.
#
# The checks try any text (Unicode, whitespace, every kind of line end), dicts with names
# missing, in any order, and pairs of calls whose layers differ in one character or not at all.
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
assert changed_layers({}, prints) == ["constitution", "tool_contracts"], "first call: the present layers"
later = {**first, "session_memory": "- a note", "constitution": "Be helpful!"}
assert changed_layers(prints, fingerprints(later)) == ["constitution", "session_memory"], "what changed, in ORDER"


def sha(text):  # the fingerprint the checks compare with
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@holds(scaffold.layer_dicts(scaffold.texts()))
def _(layers):
    """Any texts, empty ones and names missing, in any key order."""
    got = fingerprints(dict(layers))
    assert isinstance(got, dict) and set(got) == set(layers), (
        f"one entry per name in the dict, an empty text included, no other: {sorted(layers)}, not {sorted(got)}")
    wrong = [name for name in layers if got[name] != sha(layers[name])]
    assert not wrong, f"{wrong[0]}: the SHA-256 hex of {layers[wrong[0]]!r} exactly as it is, UTF-8"


NEAR = scaffold.layer_dicts(st.sampled_from(scaffold.NEAR_TEXTS))  # texts one space, accent or line end apart


@holds(st.one_of(st.just({}), NEAR), NEAR)
def _(previous, current):
    """Two calls' layers (or no previous call), names missing, in any key order."""
    got = changed_layers({name: sha(text) for name, text in previous.items()},
                         {name: sha(text) for name, text in current.items()})
    want = [name for name in ORDER if previous.get(name, "") != current.get(name, "")]
    assert list(got) == want, (
        f"changed_layers: {want} changed (in ORDER; a missing name is \"\"), not {list(got)}")


### BEGIN HIDDEN TESTS
assert fingerprints({"session_memory": "a\r\n", "runtime_signals": ""}) == {"session_memory": sha("a\r\n"), "runtime_signals": sha("")}
assert list(changed_layers({}, {})) == [] and list(changed_layers({"session_memory": sha("x")}, {})) == ["session_memory"]
### END HIDDEN TESTS
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_fingerprints_hidden" points=2
"""Check that fingerprints and changed_layers are right for any text, layers that disappear, and dicts in any order."""
fingerprints({"constitution": "x"})  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
text = "Règles: ne jamais supprimer — 规则 𝄞"
assert fingerprints({"project_rules": text})["project_rules"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
shuffled = {name: f"text of {name}" for name in reversed(ORDER)}
assert changed_layers({}, fingerprints(shuffled)) == list(ORDER), "in ORDER, whatever the dict's order"
gone = {**shuffled, "project_rules": ""}
assert changed_layers(fingerprints(shuffled), fingerprints(gone)) == ["project_rules"], "a layer that disappears changed"
assert changed_layers(fingerprints(gone), fingerprints(shuffled)) == ["project_rules"], "a layer that appears changed"
assert changed_layers(fingerprints({"runtime_signals": "s"}), fingerprints({"session_memory": "m"})) == [
    "runtime_signals", "session_memory"]
assert changed_layers(fingerprints({"project_rules": "r\r\n"}), fingerprints({"project_rules": "r\n"})) == ["project_rules"]
assert changed_layers(fingerprints({"project_rules": ""}), fingerprints({})) == []
big = "line of the rules\r\n" * 60_000 + "é"
assert fingerprints({"project_rules": big, "session_memory": ""}) == {
    "project_rules": hashlib.sha256(big.encode("utf-8")).hexdigest(), "session_memory": hashlib.sha256(b"").hexdigest()}
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: `assemble` (10 minutes)
#
# Return the system prompt as a list of text blocks, one per **present** layer (absent: its text
# is `""` or its name is not in the dict; the API refuses empty text blocks), **in ORDER**,
# whatever the dict's order. Each block is `{"type": "text", "text": ...}` with the layer's text
# as it is, and no other field but, where a breakpoint goes, `cache_control`. With
# `cache=True`, mark two cache breakpoints, `"cache_control": {"type": "ephemeral"}`:
#
# - on the block of the **last stable layer** (`STABLE`) that is present: tools and stable
#   layers, cached for the whole project;
# - on the **last block**: the whole system prompt of this turn.
#
# When they are the same block (no mutable layer is present), that block carries one mark; with
# no stable layer present, the last block alone carries one. With `cache=False`, no block carries
# one. The agent calls `assemble` before every request, and a layer may change between two calls:
# each call's blocks depend on its own `layers` and `cache` only.
#
# The checks try every mix of present, empty and missing layers in any key order, several calls
# in a row with one layer changed, and sessions on the tutor model with your `assemble` (no mark
# on the messages yet): every call after the first whose stable layers are those of the call
# before must read them, and the tools, from the cache, also when the notes or the signals changed.
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
assert [(b["text"], "cache_control" in b) for b in assemble(all_five, True)] == [
    ("C", False), ("T", False), ("R", True), ("S", False), ("M", True)], "in ORDER; marks on R (last stable) and M (last)"


def check_assembled(layers, cache):
    """assemble(layers, cache) against the rules of Task 3."""
    blocks = assemble(dict(layers), cache)
    present = [name for name in ORDER if layers.get(name)]
    assert isinstance(blocks, list) and [b.get("text") for b in blocks] == [layers[n] for n in present], (
        f"one block per present layer, its text as it is, in ORDER: {present}")
    assert all(b.get("type") == "text" and set(b) <= {"type", "text", "cache_control"} for b in blocks), (
        f"text blocks with type, text and (where marked) cache_control only: {blocks}")
    stable = [i for i, name in enumerate(present) if name in STABLE]
    want = sorted({stable[-1], len(blocks) - 1} if stable else {len(blocks) - 1}) if cache and blocks else []
    got = [i for i, b in enumerate(blocks) if "cache_control" in b]
    assert cache or got == [], f"cache=False: no block carries cache_control, not blocks {got}"
    assert got == want, (f"present layers {present}: marks on blocks {want} (the last stable layer "
                         f"and the last block), not {got}")
    assert all(blocks[i]["cache_control"] == {"type": "ephemeral"} for i in got), 'the mark is {"type": "ephemeral"}'


@holds(scaffold.layer_turns())
def _(calls):
    """Calls in a row, each with one layer changed; layers present, empty or missing, any key order."""
    for layers in calls:
        check_assembled(layers, True)
        check_assembled(layers, False)


def check_stable_reads(run):
    """Every call whose stable layers are the call before's reads them from the cache."""
    for k in range(1, len(run.calls)):
        changed = changed_between(run.calls[k - 1].layers, run.calls[k].layers)
        if not changed & set(STABLE):
            assert run.calls[k].read > 0, (
                f"request {k + 1} read nothing from the cache after {sorted(changed) or 'no change'}: "
                "the mark on the last stable layer keeps the tools and stable layers cached")


# no message marks in these sessions: your system blocks alone
check_stable_reads(session(scaffold.PROMPTS, assemble, changes={1: {"session_memory": "## Notes\n- add() is on line 4."},
                                                                2: {"runtime_signals": "## Runtime Signals\n- Results stubbed."}}))


@holds(scaffold.session_plans(), most=2)
def _(plan):
    """A session on the tutor whose notes, signals or rules change between requests."""
    prompts, changes = plan
    check_stable_reads(session(prompts, assemble, changes=changes))


### BEGIN HIDDEN TESTS
assert assemble({"runtime_signals": "S", "tool_contracts": "T", "constitution": ""}, True) == [
    {"type": "text", "text": "T", "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "S", "cache_control": {"type": "ephemeral"}}]
### END HIDDEN TESTS
print("Task 3 visible checks passed")

# %% nbgrader="tests" grade_id="test_assemble_hidden" points=3
"""Check that assemble is right for every subset of present layers, in any order, and never marks more than the API allows."""
assemble({"constitution": "C"}, True)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
for size in range(0, len(ORDER) + 1):
    for names in itertools.combinations(ORDER, size):
        order = ORDER[::-1][size:] + ORDER[::-1][:size]  # the dict in another order for every size
        layers = {n: (f"text {n}" if n in names else "") for n in order}
        check_assembled(layers, True)
        check_assembled(layers, False)
        check_assembled({n: layers[n] for n in order if layers[n]}, True)
        assert breakpoints(assemble(layers, True), []) <= 2
assert assemble({}, True) == [] and assemble({"session_memory": ""}, True) == []
big = {"session_memory": "n" * 200_000, "constitution": "c\r\n" * 50_000}
assert [len(b["text"]) for b in assemble(big, True)] == [150_000, 200_000]
run = session(scaffold.PROMPTS, assemble, changes={1: {"project_rules": ""}, 2: {"session_memory": "## Notes\n- a note"}})
check_stable_reads(run)
after = next(k for k, call in enumerate(run.calls) if call.turn == 2)
assert run.calls[after].read > 0, "no rules file: the mark goes on the tool contracts, and they stay cached after a note"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: `mark_newest`, and a session the cache serves (9 minutes)
#
# The third breakpoint goes on the newest message, so each call's conversation is cached for the
# next one. But it must go on the copy that is **sent**, never into the messages list itself:
# marks left behind pile up, and a request with more than four is refused. Write
# `mark_newest(messages)`: a new list, as long as `messages` and equal to it except its last
# message: a new dict with the same keys, whose content is a new list of the same blocks in the
# same order (a string content becomes one text block, `{"type": "text", "text": ...}`), the
# last of them a new dict that also carries `"cache_control": {"type": "ephemeral"}`. No other
# block carries a mark. `messages`, its dicts, its blocks and everything inside them stay
# unchanged, however many times it is called as the conversation grows.
#
# The checks try conversations of text, `tool_use` and `tool_result` blocks and string content,
# marked before every call as they grow, and sessions of one to three requests on the tutor
# model with your `assemble` and `mark_newest`, the notes, signals or rules changing between
# requests. They read each request as the tutor received it: at most four breakpoints, one on the
# last block of the newest message and none on another message, and none left in your list
# afterwards. The first call writes the prompt to the cache; a later call, when no layer changed
# since the call before, reads at least that call's whole prompt from it.
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
"""Check that the newest block of a copy is marked, every call reads the call before from the cache, and the list keeps no mark."""
original = [{"role": "user", "content": "Hi."}, {"role": "assistant", "content": [{"type": "text", "text": "Hello."}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py [file]"},
                                         {"type": "text", "text": "Now read it."}]}]
before = copy.deepcopy(original)
sent = mark_newest(original)
assert original == before, "mark_newest must not change the list, its messages or their blocks"
assert sent[-1]["content"] == [before[-1]["content"][0], {**before[-1]["content"][1], "cache_control": {"type": "ephemeral"}}], (
    "every block stays; the LAST block of the newest message carries the mark")


def check_marked(messages):
    """mark_newest(messages) against the rules of Task 4."""
    before = copy.deepcopy(messages)
    sent = mark_newest(messages)
    assert messages == before, "mark_newest changed the list it was given, or a message or block inside it"
    assert isinstance(sent, list) and len(sent) == len(before) and sent[:-1] == before[:-1], (
        "a list as long as messages, every message but the newest unchanged and unmarked")
    newest = before[-1]
    blocks = [{"type": "text", "text": newest["content"]}] if isinstance(newest["content"], str) else newest["content"]
    want = {**newest, "content": [*blocks[:-1], {**blocks[-1], "cache_control": {"type": "ephemeral"}}]}
    assert sent[-1] == want, f"the newest message with its last block marked: {want!r}, not {sent[-1]!r}"
    return sent


@holds(scaffold.conversations())
def _(conversation):
    """A conversation marked before every call as it grows; string and block content."""
    growing = []
    for message in conversation:
        growing.append(message)
        check_marked(growing)


def check_session(run):
    """What each request of a session sent, and what the cache served."""
    for k, call in enumerate(run.calls, 1):
        sent = call.request["messages"]
        newest = (len(sent) - 1, len(sent[-1]["content"]) - 1) if isinstance(sent[-1]["content"], list) else None
        assert scaffold.marked_places(sent) == [newest], (
            f"request {k} marked the messages at {scaffold.marked_places(sent)} (message, block): "
            "one mark, on the last block of the newest message")
        assert breakpoints(call.request["system"], sent) <= MAX_BREAKPOINTS
    assert run.calls[0].written > 0, "the first call writes its prompt to the cache"
    for k in range(1, len(run.calls)):
        if not changed_between(run.calls[k - 1].layers, run.calls[k].layers):
            assert run.calls[k].read >= run.calls[k - 1].prompt, (
                f"request {k + 1} read {run.calls[k].read} tokens from the cache; the request before sent "
                f"{run.calls[k - 1].prompt} and no layer changed: it should read all of them")
    assert "cache_control" not in json.dumps(run.messages), "no mark may stay in the messages list"


run = session(scaffold.PROMPTS, assemble, mark_newest)
for k, call in enumerate(run.calls, 1):
    print(f"call {k}: wrote {call.written:>5}, read {call.read:>5}, fresh {call.prompt - call.written - call.read:>4}")
check_session(run)


@holds(scaffold.session_plans(), most=4)
def _(plan):
    """Sessions of one to three requests whose notes, signals or rules change between them."""
    prompts, changes = plan
    check_session(session(prompts, assemble, mark_newest, changes=changes))


### BEGIN HIDDEN TESTS
use = [{"role": "user", "content": "Go."}, {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "x", "input": {}}]}]
assert mark_newest(use)[-1]["content"] == [{"type": "tool_use", "id": "t", "name": "x", "input": {}, "cache_control": {"type": "ephemeral"}}]
### END HIDDEN TESTS
rate = sum(call.read for call in run.calls) / sum(call.prompt for call in run.calls)
print(f"Task 4 visible checks passed: {rate:.0%} of the input read from the cache")

# %% nbgrader="tests" grade_id="test_session_hidden" points=2
"""Check that mark_newest copies every kind of message, and that a session whose rules change half-way still uses the cache."""
mark_newest([{"role": "user", "content": [{"type": "text", "text": "x"}]}])  # hidden until grading
### BEGIN HIDDEN TESTS
results = [{"role": "user", "content": "Go."},
           {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "list_files", "input": {"path": "."}},
                                             {"type": "tool_use", "id": "t2", "name": "list_files", "input": {"path": "src"}}]},
           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a.py [file]"},
                                        {"type": "tool_result", "tool_use_id": "t2", "content": [{"type": "text", "text": "b"}]},
                                        {"type": "text", "text": "and then?"}]}]
sent = check_marked(results)
assert sent[-1]["content"][-1] == {"type": "text", "text": "and then?", "cache_control": {"type": "ephemeral"}}
assert breakpoints([], mark_newest(mark_newest(results))) == 1, "marking a fresh copy twice is still one mark"
check_marked([{"role": "user", "content": "Hello \r\n 规则"}])
long = [{"role": ("user", "assistant")[k % 2], "content": [{"type": "text", "text": f"message {k}"}]} for k in range(500)]
assert breakpoints([], check_marked(long)) == 1
run = session(scaffold.PROMPTS, assemble, mark_newest, changes={1: {"project_rules": "# Rules\n- Tabs, never spaces."}})
check_session(run)
changed = next(k for k, call in enumerate(run.calls) if call.turn == 1)
assert run.calls[changed].read < run.calls[changed - 1].read, (
    "a changed rules layer is a new prefix: the call after the change reads less from the cache")
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
