"""Lab 7's scaffolding: checkpoint 07's layer texts, a session driver that records what
each request sent, and the instances lab 7's checks are properties over.

Lab 7 is about the functions of checkpoint 07's layers.py (tool_contracts, fingerprints,
changed_layers, assemble and the message breakpoint). A graded kernel cannot load
checkpoint 07, whose modules hold those answers, so the lab loads checkpoint 06 (the same
tools) and takes from here what 07 adds that is not an answer: the constitution and the
tool contracts, as texts. No module attribute here is named like an answer, and none
computes one (tests/course/test_answers_out_of_reach.py): which layers changed between two
calls, what the checks compare changed_layers with, is in judged/lab07.py.

    run = session(["What files are in this project?"], assemble, mark_newest,
                  changes={1: {"session_memory": "- a note"}})
    run.calls[k].request, run.calls[k].usage, run.calls[k].layers, run.messages

`session` runs one conversation with checkpoint 06's tools, as on a fresh tutor (a prompt
no earlier session sent, so nothing of it is cached), in a fresh copy of the sample
project, and reads each request as the tutor received it (TutorConfig's ledger), not as
the caller built it. The strategies at the end
generate the instances: tool lists with and without contracts, layer dicts with absent,
empty and missing layers in any key order, turns where one layer changes, conversations
with string and block content, and session plans where notes, signals or rules change.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import functools
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

MODEL = "claude-sonnet-4-6"  # kept: the ledger checks read requests and replies without thinking blocks
ORDER = ("constitution", "tool_contracts", "project_rules", "runtime_signals", "session_memory")
STABLE = ("constitution", "tool_contracts", "project_rules")  # the same on every call of a project
MAX_BREAKPOINTS = 4  # the API refuses a request with more blocks marked cache_control
EPHEMERAL = {"type": "ephemeral"}

# ----------------------------------------------------------------------------- checkpoint 07's texts
# Copies of checkpoints/07-prompt-layers/agent.py's CONSTITUTION and TOOL_CONTRACTS: the
# texts of the first two layers. Texts only: how they are put together is the lab.

CONSTITUTION = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

## How to Work
- Search, then read, then edit: find the place with search_file, read the lines \
around it with read_lines, then change them with edit_file.
- Read before editing. Never change lines you have not read with read_lines in this \
conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls search_file(pattern="def add", path="math_utils.py")]
[gets `math_utils.py:4: def add(a, b):`]
[calls read_lines(path="math_utils.py", start=4, end=5)]
[calls edit_file(path="math_utils.py", old_str="def add(a, b):", \
new_str="def add(a, b):\\n    \\"\\"\\"Return the sum of a and b.\\"\\"\\"")]
Added a one-line docstring to add() on line 4 of math_utils.py.

## Context and Memory
- Old tool results may be replaced by a one-line [stub: ...]. If you need one again, \
call the tool again.
- NOTES.md is your memory: it is shown to you at the start of every turn. When you \
finish a sub-task (a file read and understood, a change made), call save_note with one \
line of what you will need later: paths, names, line numbers, decisions. Never save \
raw file contents.
- When answering means searching or reading more than two files (where is X defined, \
who calls Y), call research(question) instead: a sub-agent reads them in its own \
window and answers with path:line citations.

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files. If the user asks you to delete something, say that you cannot \
and suggest an alternative.
- Do not run code. You can read and write files, but not execute them.
"""

TOOL_CONTRACTS = {
    "list_files": "Lists the entries of one folder, each marked [file] or [dir]; it does not "
    "look inside subfolders. Use it first when you do not know the project yet.",
    "search_file": "Finds the lines matching a regular expression (Python syntax) in a file, "
    "or in every file under a folder, as `path:line: text`, at most 50. Search before you "
    "read: find the place, then read a few lines around it. Hidden files are skipped.",
    "read_lines": "Returns lines start to end of a file (1-based, inclusive), each prefixed "
    "with its number, at most 200 per call. Read the lines you need, not the whole file.",
    "edit_file": "Creates or changes a file by exact replacement. To create a file, set "
    "old_str to an empty string and put the whole file in new_str. To change one, copy "
    "old_str exactly from read_lines, without the line numbers; it must appear once. You "
    "must read the file first.",
    "save_note": "Appends one line to NOTES.md, your memory, shown to you at the start of "
    "every turn. Call it after each sub-task with what you will need later: paths, names, "
    "line numbers, decisions. Never raw file contents.",
    "research": "Asks a sub-agent one narrow question about the code (where is X defined, "
    "who calls Y); it searches and reads in its own window and answers with path:line "
    "citations. Use it when answering would mean reading more than two files.",
}

PROMPTS = ("What files are in this project?",
           "Add a docstring to the add function in math_utils.py.",
           "Read utils.py and tests.py.")
RULES = "# Rules\n- Keep lines under 100 characters."


# ----------------------------------------------------------------------------- reading a request
def marks(blocks: list) -> list[str]:
    """The texts of the blocks that carry cache_control."""
    return [b["text"] for b in blocks if isinstance(b, dict) and "cache_control" in b]


def _message_blocks(messages: list) -> list[dict]:
    return [b for m in messages if isinstance(m.get("content"), list) for b in m["content"] if isinstance(b, dict)]


def breakpoints(system: Any, messages: list) -> int:
    """How many blocks of a request carry cache_control (the API allows MAX_BREAKPOINTS)."""
    blocks = [b for b in system if isinstance(b, dict)] if isinstance(system, list) else []
    return sum("cache_control" in b for b in blocks + _message_blocks(messages))


def marked_places(messages: list) -> list[tuple[int, int]]:
    """(message index, block index) of every block of `messages` that carries cache_control."""
    return [(i, j) for i, m in enumerate(messages) if isinstance(m.get("content"), list)
            for j, b in enumerate(m["content"]) if isinstance(b, dict) and "cache_control" in b]


# ----------------------------------------------------------------------------- a recorded session
@dataclass
class Call:
    """One request of a session: its layers, as sent (the tutor's record) and its usage."""

    turn: int  # which prompt of the session it belongs to (0 = the first)
    layers: dict  # the layers the caller's assemble was given
    request: dict  # the request body the tutor received
    usage: dict  # the response's usage (input_tokens, cache_creation_input_tokens, ...)

    @property
    def read(self) -> int:
        return self.usage.get("cache_read_input_tokens") or 0

    @property
    def written(self) -> int:
        return self.usage.get("cache_creation_input_tokens") or 0

    @property
    def prompt(self) -> int:
        """Every input token of the call, cached or not."""
        return (self.usage.get("input_tokens") or 0) + self.written + self.read


@dataclass
class Session:
    calls: list[Call] = field(default_factory=list)
    messages: list = field(default_factory=list)  # the caller's list, as it is at the end


@functools.cache
def _tutor() -> tuple[Any, list[dict]]:
    """One tutor for every session of this process, with a ledger of what each request sent,
    and one SDK client pointed at it (starting a tutor or a client costs more than a whole
    session's calls). Every session's constitution ends on a line of its own, so no session
    finds another's prompts in the cache: each starts as on a fresh tutor."""
    import anthropic

    from agentcourse.tutor import TutorConfig, serve

    recorded: list[dict] = []
    stack = contextlib.ExitStack()
    url = stack.enter_context(serve(TutorConfig(ledger=recorded.append)))
    atexit.register(stack.close)
    client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0, timeout=10)
    return client, recorded


_SESSIONS = itertools.count(1)


@functools.cache
def _agent() -> Any:
    """Checkpoint 06: the tools of checkpoint 07 (the same six) and their dispatcher."""
    from agentcourse.paths import load_checkpoint

    return load_checkpoint("06")


def _contracts_layer(tools: list) -> str:
    # the session's own tool-contracts text: the checks of Task 1 judge the student's
    return "\n\n".join(f"### {t['name']}\n{TOOL_CONTRACTS[t['name']]}" for t in tools)


def session(prompts: Any, assemble: Callable, mark_newest: Callable | None = None, *,
            changes: dict | None = None, cache: bool = True, rules: str = RULES) -> Session:
    """Run `prompts`, one turn each, with `assemble` building every request's system blocks
    and `mark_newest` (None: none) the messages sent. `changes` maps a turn index to the
    layers that change before that turn, e.g. {1: {"session_memory": "- a note"}}."""
    from agentcourse.api.protocol import to_plain
    from agentcourse.course import nbtools

    agent = _agent()
    client, recorded = _tutor()
    constitution = f"{CONSTITUTION}\n(Check session {next(_SESSIONS)}.)"  # a prompt no other session sent
    layers = {"constitution": constitution, "tool_contracts": _contracts_layer(agent.TOOLS),
              "project_rules": rules, "runtime_signals": "", "session_memory": ""}
    run = Session()
    with nbtools.project():
        recorded.clear()
        sdk = nbtools.limited(client, 10 * len(prompts))
        for turn, prompt in enumerate(prompts):
            layers.update((changes or {}).get(turn, {}))
            run.messages.append({"role": "user", "content": prompt})
            for _ in range(10):
                given = dict(layers)
                system = assemble(dict(given), cache)
                sent = mark_newest(run.messages) if mark_newest is not None else run.messages
                response = sdk.messages.create(model=MODEL, max_tokens=1024, system=system,
                                               tools=agent.TOOLS, messages=sent)
                entry = recorded[-1]
                run.calls.append(Call(turn, given, copy.deepcopy(entry["request"]),
                                      dict((entry["message"] or {}).get("usage") or {})))
                run.messages.append({"role": "assistant", "content": to_plain(response.content)})
                if response.stop_reason != "tool_use":
                    break
                run.messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": b.id, "content": agent.dispatch_tool(b.name, b.input)}
                    for b in response.content if b.type == "tool_use"]})
    return run


# ----------------------------------------------------------------------------- the instances
# Tool names as the API allows them; none is part of another, and every one holds "_",
# which no generated text does, so a name found in a manual was put there for its tool.
TOOL_NAMES = ("list_files", "search_file", "read_lines", "edit_file", "save_note", "run_tests",
              "delete_file", "fetch_url", "git_diff", "write_file", "make_dir", "web_search",
              "ask_user", "move_file")
assert not any(a != b and a in b for a in TOOL_NAMES for b in TOOL_NAMES)

_ANY_CHAR = st.characters(blacklist_categories=("Cs",))  # any Unicode a str can encode as UTF-8
_ENDINGS = st.sampled_from(["\n", "\r\n", "\r", "\t", " ", "  \n"])


def texts() -> st.SearchStrategy[str]:
    """Any text, empty included: Unicode, whitespace, \\n, \\r\\n and lone \\r, inside and at the ends."""
    part = st.one_of(st.text(_ANY_CHAR, max_size=12), _ENDINGS, st.sampled_from(["café", "规则", "𝄞", "—"]))
    return st.lists(part, max_size=8).map("".join)


def layer_texts() -> st.SearchStrategy[str]:
    """A present layer's text: something visible, with whitespace and line ends around it."""
    return st.builds(lambda a, core, b: a + core + b, st.sampled_from(["", "\n", " ", "\r\n"]),
                     st.text(_ANY_CHAR, min_size=1, max_size=30).filter(str.strip),
                     st.sampled_from(["", "\n", "\r\n", " ", "\n\n"]))


def _manual(k: int, body: str) -> str:
    # «k» makes every manual unique and no manual part of another; the ends are not
    # whitespace, so a manual is found whether or not an answer strips it
    return f"«{k}» {body}".rstrip()


@st.composite
def tool_sets(draw: Any, most: int = len(TOOL_NAMES)) -> tuple[list, dict]:
    """(tools, contracts): tool schemas in any order, and contracts for some of them and for
    tools that are not registered, the dict in an order of its own. A manual may span lines."""
    registered = draw(st.lists(st.sampled_from(TOOL_NAMES), unique=True, max_size=most))
    tools = [{"name": n, "description": f"Tool number {i}.", "input_schema": {"type": "object", "properties": {}}}
             for i, n in enumerate(registered)]
    body = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="«»_\r"), max_size=50)
    described = draw(st.lists(st.sampled_from(TOOL_NAMES), unique=True, max_size=most))
    contracts = {n: _manual(k, draw(body)) for k, n in enumerate(described)}
    return tools, contracts


@st.composite
def layer_dicts(draw: Any, values: Any = None) -> dict:
    """A layers dict: each name of ORDER present, empty ("") or missing, in any key order."""
    value = values if values is not None else layer_texts()
    chosen = {}
    for name in ORDER:
        kind = draw(st.sampled_from(["text", "text", "empty", "missing"]))
        if kind != "missing":
            chosen[name] = draw(value) if kind == "text" else ""
    keys = draw(st.permutations(list(chosen)))
    return {k: chosen[k] for k in keys}


@st.composite
def layer_turns(draw: Any, most: int = 3) -> list[dict]:
    """The layers of one to `most` calls in a row: each call after the first changes one
    layer (new text, emptied or gone) and may come in another key order."""
    calls = [draw(layer_dicts())]
    for _ in range(draw(st.integers(0, most - 1))):
        layers = dict(calls[-1])
        name = draw(st.sampled_from(ORDER))
        how = draw(st.sampled_from(["text", "text", "empty", "missing"]))
        if how == "missing":
            layers.pop(name, None)
        else:
            layers[name] = draw(layer_texts()) if how == "text" else ""
        keys = draw(st.permutations(list(layers)))
        calls.append({k: layers[k] for k in keys})
    return calls


# Texts that differ only in what a careless fingerprint drops: case, spaces, line ends, accents.
NEAR_TEXTS = ("", "rules", "rules\n", "rules\r\n", " rules", "Rules", "règles", "rules\r")


@st.composite
def _blocks(draw: Any, role: str, k: int) -> list[dict]:
    kinds = ["text", "tool_use"] if role == "assistant" else ["text", "tool_result"]
    out = []
    for j in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(kinds))
        if kind == "text":
            out.append({"type": "text", "text": draw(layer_texts())})
        elif kind == "tool_use":
            out.append({"type": "tool_use", "id": f"toolu_{k}_{j}", "name": draw(st.sampled_from(TOOL_NAMES)),
                        "input": {"path": draw(st.sampled_from([".", "src", "a/b.py"]))}})
        else:
            content = draw(st.one_of(layer_texts(), st.lists(
                st.builds(lambda t: {"type": "text", "text": t}, layer_texts()), min_size=1, max_size=2)))
            out.append({"type": "tool_result", "tool_use_id": f"toolu_{k}_{j}", "content": content,
                        **({"is_error": True} if draw(st.booleans()) else {})})
    return out


@st.composite
def conversations(draw: Any, most: int = 6) -> list[dict]:
    """A messages list, user first, roles taking turns; each content a string or a list of
    text, tool_use and tool_result blocks (nested dicts and lists inside)."""
    out = []
    for k in range(draw(st.integers(1, most))):
        role = "user" if k % 2 == 0 else "assistant"
        content = draw(st.one_of(layer_texts(), _blocks(role, k)))
        out.append({"role": role, "content": content})
    return out


CHANGES = {
    "notes": ("session_memory", ["## Notes\n- math_utils.py: add() is on line 4.",
                                 "## Notes\n- math_utils.py: add() is on line 4.\n- utils.py read."]),
    "signals": ("runtime_signals", ["## Runtime Signals\n- Some older tool results are now stubs.",
                                    "## Runtime Signals\n- $0.60 of the $1.00 budget is spent."]),
    "rules": ("project_rules", ["# Rules\n- Tabs, never spaces.", RULES]),
}


@st.composite
def session_plans(draw: Any, most: int = 3) -> tuple[list[str], dict]:
    """(prompts, changes): one to `most` prompts; before each later one, nothing changes, or
    the notes, the signals or the project's rules do."""
    prompts = draw(st.lists(st.sampled_from(PROMPTS), min_size=1, max_size=most))
    changes: dict = {}
    for turn in range(1, len(prompts)):
        what = draw(st.sampled_from([None, "notes", "signals", "rules"]))
        if what:
            name, values = CHANGES[what]
            changes[turn] = {name: values[turn % 2]}
    return prompts, changes


def plain(value: Any) -> Any:
    """A JSON round trip: what a value is once sent."""
    return json.loads(json.dumps(value))
