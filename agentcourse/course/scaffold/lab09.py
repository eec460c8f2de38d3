"""Lab 9's scaffolding: the constants its tasks name, and the instances its checks generate.

The lab's setup cell imports what a student uses from here (the plan's marks and limits, the
hook events, a scripted shell for the hooks to run in). The rest is what the checks need:
the Hypothesis strategies the check cells are properties over (streams of the Messages API's
events, cut anywhere; runs of plan actions, good and bad; hook files and the statuses their
commands exit with; turns that change files, and changes made after them) and the reference
each property compares with. For Task 1 the reference is the anthropic SDK's own stream
accumulator, the code behind `client.messages.stream(...).get_final_message()`.

None of it is a lab answer: the references the checks compare with (each task's answer,
as checkpoint 09 computes it) are in scaffold/judged/lab09.py, which a graded kernel
cannot import (grading/sandbox/bwrap.py hides that folder from it); and
tests/course/test_answers_out_of_reach.py tries every same-named attribute in reach.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

# ============================================================================ Task 1: streams
MODELS = ("claude-sonnet-4-6", "claude-opus-4-6", "claude-haiku-4-5")
STOP_REASONS = ("end_turn", "tool_use", "max_tokens", "stop_sequence", "pause_turn", "refusal")
TOOL_NAMES = ("bash", "str_replace_based_edit_tool", "plan", "read_file", "bash_output", "web_search")
CHUNK = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6) | st.sampled_from(
    ["", " ", "\n", "é", "😀", "\\u00e9", '"', "{", "}"])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False, width=32),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8)


def _cut(draw: Any, text: str, empty: bool = True) -> list[str]:
    """`text` in pieces cut at any places (inside a word, an escape, a character's bytes
    never: a str is characters), with empty pieces now and then."""
    points = sorted(draw(st.lists(st.integers(0, len(text)), max_size=5)))
    pieces = [text[a:b] for a, b in zip([0, *points], [*points, len(text)], strict=True)]
    return [p for p in pieces if p or empty]


def _block(draw: Any, index: int, kind: str) -> list[dict]:
    """The events of one content block of `kind`, at `index`."""
    def delta(body: dict) -> dict:
        return {"type": "content_block_delta", "index": index, "delta": body}

    if kind == "text":
        start, deltas = {"type": "text", "text": ""}, [
            delta({"type": "text_delta", "text": c}) for c in draw(st.lists(CHUNK, max_size=5))]
    elif kind == "thinking":
        start = {"type": "thinking", "thinking": "", "signature": ""}
        deltas = [delta({"type": "thinking_delta", "thinking": c}) for c in draw(st.lists(CHUNK, max_size=4))]
        deltas.append(delta({"type": "signature_delta", "signature": draw(st.from_regex(r"[A-Za-z0-9+/]{8,40}=?", fullmatch=True))}))
    elif kind == "redacted_thinking":
        start, deltas = {"type": "redacted_thinking", "data": draw(st.from_regex(r"[A-Za-z0-9+/]{4,30}", fullmatch=True))}, []
    else:
        value = draw(st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=4))
        text = json.dumps(value, ensure_ascii=draw(st.booleans()), separators=draw(st.sampled_from([None, (",", ":")])))
        pieces = [] if not value and draw(st.booleans()) else _cut(draw, text)
        start = {"type": "tool_use", "id": "toolu_" + draw(st.from_regex(r"[A-Za-z0-9]{6,12}", fullmatch=True)),
                 "name": draw(st.sampled_from(TOOL_NAMES)), "input": {}}
        deltas = [delta({"type": "input_json_delta", "partial_json": p}) for p in
                  ([""] if draw(st.booleans()) else []) + pieces]
    return [{"type": "content_block_start", "index": index, "content_block": start}, *deltas,
            {"type": "content_block_stop", "index": index}]


def _message_start(draw: Any) -> dict:
    maybe = st.none() | st.integers(0, 50_000)
    usage = {"input_tokens": draw(st.integers(1, 200_000)), "output_tokens": draw(st.integers(1, 5)),
             "cache_creation_input_tokens": draw(maybe), "cache_read_input_tokens": draw(maybe)}
    return {"type": "message_start", "message": {
        "id": "msg_" + draw(st.from_regex(r"[A-Za-z0-9]{8,16}", fullmatch=True)), "type": "message",
        "role": "assistant", "model": draw(st.sampled_from(MODELS)), "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": usage}}


def _message_delta(draw: Any) -> dict:
    reason = draw(st.sampled_from(STOP_REASONS))
    usage: dict[str, Any] = {"output_tokens": draw(st.integers(1, 64_000))}
    for key in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"):
        choice = draw(st.sampled_from(["absent", "none", "value"]))
        if choice != "absent":
            usage[key] = draw(st.integers(0, 200_000)) if choice == "value" else None
    return {"type": "message_delta", "usage": usage, "delta": {
        "stop_reason": reason, "stop_sequence": "\n\nHuman:" if reason == "stop_sequence" else None}}


@st.composite
def streams(draw: Any, kinds: tuple = ("text", "thinking", "tool_use", "redacted_thinking"),
            min_blocks: int = 0, max_blocks: int = 4) -> list[dict]:
    """A whole stream: message_start, blocks of the kinds given, message_delta, message_stop,
    with ping events anywhere after the start."""
    blocks = draw(st.lists(st.sampled_from(kinds), min_size=min_blocks, max_size=max_blocks))
    events = [_message_start(draw)]
    for index, kind in enumerate(blocks):
        events += _block(draw, index, kind)
    events += [_message_delta(draw), {"type": "message_stop"}]
    for _ in range(draw(st.integers(0, 3))):
        events.insert(draw(st.integers(1, len(events) - 1)), {"type": "ping"})
    return events


@st.composite
def cut_streams(draw: Any) -> list[dict]:
    """A stream that stops before its message_stop: a Ctrl-C, or a connection that drops."""
    events = draw(streams())
    return events[: draw(st.integers(0, len(events) - 1))]


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def normalized(message: Any) -> Any:
    """A message as data, keys whose value is None left out (in the message, its usage and
    each block; a tool's input is compared whole)."""
    message = _plain(message)
    if not isinstance(message, dict):
        return message
    out = {k: v for k, v in message.items() if v is not None}
    if isinstance(out.get("usage"), dict):
        out["usage"] = {k: v for k, v in out["usage"].items() if v is not None}
    if isinstance(out.get("content"), list):
        out["content"] = [{k: v for k, v in b.items() if v is not None} if isinstance(b, dict) else b
                          for b in out["content"]]
    return out


def difference(got: Any, want: Any, where: str = "message") -> str:
    """Where two messages (as data) first differ, for a failure message."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in sorted(set(got) | set(want), key=str):
            if key not in got or key not in want:
                return f"{where}[{key!r}]: {'missing' if key not in got else 'not expected'} (expected {short(want.get(key))})"
            if got[key] != want[key]:
                return difference(got[key], want[key], f"{where}[{key!r}]")
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for n, (a, b) in enumerate(zip(got, want, strict=True)):
            if a != b:
                return difference(a, b, f"{where}[{n}]")
    if isinstance(got, list) and isinstance(want, list):
        return f"{where}: {len(got)} items, expected {len(want)}: {short(want)}"
    return f"{where} is {short(got)}, expected {short(want)}"


def short(value: Any, size: int = 160) -> str:
    """repr(value), cut to `size` characters."""
    text = repr(value)
    return text if len(text) <= size else text[: size - 5] + " ...)"


def brief(events: list[dict]) -> str:
    """A stream, one short line per event, for a failure message."""
    lines = []
    for e in events:
        body = e.get("delta") or e.get("content_block") or e.get("usage") or {}
        lines.append(f"  {e['type']}{' ' + str(e['index']) if 'index' in e else ''} {json.dumps(body)[:90]}")
    return "\n".join(lines)


# ============================================================================ Task 2: the plan
MAX_STEPS = 12  # a plan is short; more than this is a project, not a turn
MAX_CHARS = 120  # one line per step
MARKS = {"todo": "[ ]", "doing": "[>]", "done": "[x]"}

WORDS = st.sampled_from(["read", "utils.py", "add", "a", "test", "run", "pytest", "fix", "ünïcode", "日本", "x" * 30])
SPACE = st.sampled_from([" ", "  ", "\t", "\n", " \r\n ", "\u00a0", "\t \t"])


@st.composite
def step_texts(draw: Any) -> Any:
    """A task for `add`: words with runs of whitespace, long ones, blank ones, or no string."""
    kind = draw(st.sampled_from(["words"] * 6 + ["long", "blank", "other"]))
    if kind == "blank":
        return draw(st.sampled_from(["", " ", "\n\t", "\u00a0 "]))
    if kind == "other":
        return draw(st.sampled_from([None, 7, ["a step"]]))
    words = draw(st.lists(WORDS, min_size=25, max_size=45) if kind == "long" else st.lists(WORDS, min_size=1, max_size=4))
    text = words[0]
    for word in words[1:]:
        text += draw(SPACE) + word
    text = draw(st.sampled_from(["", " ", "\n"])) + text + draw(st.sampled_from(["", " ", "\t\n"]))
    collapsed = " ".join(text.split())
    if len(collapsed) > MAX_CHARS and collapsed[MAX_CHARS - 1] == " ":
        return collapsed[: MAX_CHARS - 1] + "s" + text  # never a space where the cut falls
    return text


NUMBERS = st.integers(-2, 15) | st.sampled_from([True, False, "1", 1.0, None])
ACTIONS = st.sampled_from(["add"] * 5 + ["start"] * 3 + ["finish"] * 3 + ["remove", "Add", "", None])


@st.composite
def plan_runs(draw: Any, adds: int = 0) -> list[tuple]:
    """Actions in turn: (action, task, number); `adds` good adds first."""
    first = [("add", f"step {n}", None) for n in range(1, adds + 1)]
    return first + draw(st.lists(st.tuples(ACTIONS, step_texts(), NUMBERS), min_size=1, max_size=16))


def plan_text(plan: list[dict]) -> str:
    """The plan as the model reads it."""
    return "\n".join(f"{n}. {MARKS[s['state']]} {s['task']}" for n, s in enumerate(plan, 1))


# ============================================================================ Task 3: hooks
EVENTS = ("PreToolUse", "PostToolUse", "Stop")
BLOCK = 2  # the exit status with which a PreToolUse hook refuses the call
MATCHERS = ("", "*", "bash", "Bash", "bas", "ash", "edit", ".*edit.*", "str_replace.*", "bash|plan",
            "plan|bash", "(read|write)_file", "^bash$", "bash.*", "read_file|bash", "b.sh", ".*", "web_search")


class ScriptedShell:
    """A shell for the hooks, scripted: run(command, environment) -> (exit status, output), as
    its table says ((0, "") for a command it does not know); `ran` keeps each call in order."""

    def __init__(self, table: dict | None = None) -> None:
        self.table = dict(table or {})  # command -> (status, output)
        self.ran: list[tuple[str, dict]] = []  # (command, environment) of every call

    def __call__(self, command: str, environment: dict) -> tuple[int, str]:
        self.ran.append((command, dict(environment)))
        status, output = self.table.get(command, (0, ""))
        return status, output


OUTPUTS = st.sampled_from(["", "ok", "refused: no pushes", "line 1\nline 2", "ß ✓ 😀", "Error: lint", "2"])
STATUSES = st.sampled_from([0, 0, 1, 2, 2, 127, 3, 255])


@st.composite
def hook_cases(draw: Any) -> tuple[list[dict], str, dict, dict]:
    """(hooks as the file lists them, the tool called, its input, command -> (status, output))."""
    hooks, table = [], {}
    for n in range(draw(st.integers(0, 5))):
        command = f"hook-{n} " + draw(st.sampled_from(["lint", "echo $TOOL_NAME", "./check.sh", "git diff"]))
        hooks.append({"event": draw(st.sampled_from(EVENTS + ("PreToolUse",) * 3)),
                      "matcher": draw(st.sampled_from(MATCHERS)), "command": command})
        table[command] = (draw(STATUSES), draw(OUTPUTS))
    tool = draw(st.sampled_from(TOOL_NAMES))
    tool_input = draw(st.dictionaries(st.sampled_from(["command", "old_str", "number", "action"]), JSON_VALUES, max_size=3))
    if draw(st.booleans()):
        tool_input["path"] = draw(st.sampled_from(["math_utils.py", "src/a b.py", "ü.txt", "'quoted'.py", ""]))
    return hooks, tool, tool_input, table


# ============================================================================ Task 4: undo
PATHS = ("a.py", "b.txt", "src/c.py", "src/d/e.md", "é.txt", "z", "tests/test_a.py", ".env")
CONTENTS = st.sampled_from([b"", b"x", b"x\n", b"y\r\n", b"\xff\x00", "é\n".encode(), b"x" * 300])


def _changed(draw: Any, files: dict, rate: int) -> dict:
    """`files` with some changed, removed or made (each path about one in `rate`)."""
    out = dict(files)
    for path in draw(st.permutations(PATHS)):
        what = draw(st.sampled_from(["same"] * rate + ["write", "remove"]))
        if what == "write":
            out[path] = draw(CONTENTS)
        elif what == "remove":
            out.pop(path, None)
    return out


@st.composite
def turns(draw: Any, since: int = 3) -> tuple[dict, dict, dict]:
    """(the project before a turn, after it, and now): `since` sets how rarely a file changed
    again after the turn (0: never). Paths come in any order."""
    before = draw(st.dictionaries(st.sampled_from(PATHS), CONTENTS, max_size=len(PATHS)))
    after = _changed(draw, before, 1)
    now = _changed(draw, after, since) if since else dict(after)
    keys = draw(st.permutations(sorted(now)))
    return before, after, {k: now[k] for k in keys}




# ============================================================================ Task 5: the shell's two modes
FENCED, STRICT = "fenced", "strict"  # fence.py's names for the two modes
NETWORK, READ_ONLY = "the network", "a read-only place"  # what the fence stopped a command by (fence.SIGNS)
ODD_MODES = ("Fenced", "FENCED", " fenced", "fenced ", "", None, "sandbox", "fence", "on", "auto")


class Strict:
    """Lab 8's guardrail as one function: `strict(command)` is "run" (every program in it was
    approved "always"), "ask" or "refuse" (too long to read); a command it was not told of asks."""

    def __init__(self, verdicts: dict | None = None) -> None:
        self.verdicts = dict(verdicts or {})

    def __call__(self, command: str) -> str:
        return self.verdicts.get(command, "ask")


# Commands of every kind a list of dangers would pick out, and ordinary ones; each base comes
# with near copies (other spaces, another argument, the same program) that are other commands.
BASES = ("touch /usr/local/planted", "pip install requests", "curl -sS https://pypi.org/simple/", "rm -rf build",
         "git push origin main", "sudo apt install jq", "echo x >> .git/config", "pytest -q", "ls -la",
         "dd if=/dev/zero of=big bs=1M count=1", "chmod 600 .git/config", "git status", "mkfs.ext4 /dev/sdb")


def near(command: str) -> tuple[str, ...]:
    """Other commands that look like `command`: spaces added, the last word changed, one word."""
    words = command.split()
    return (command + " ", command.replace(" ", "  ", 1), " ".join([*words[:-1], words[-1] + "2"]),
            words[0], " ".join([*words, "-v"]))


@st.composite
def mode_runs(draw: Any, kind: str = "fenced", stops: bool = True) -> tuple[Any, bool, dict, list[tuple]]:
    """(mode, sandbox, the guardrail's verdicts, steps): each step a command sent and what the
    fence stops it by if it runs in the sandbox (None: nothing). `kind` "fenced": FENCED with a
    sandbox; "strict": STRICT, another mode, or FENCED where no sandbox can be made."""
    bases = draw(st.lists(st.sampled_from(BASES), min_size=1, max_size=3, unique=True))
    pool = [*bases, *draw(st.lists(st.sampled_from([n for b in bases for n in near(b)]), max_size=3, unique=True))]
    verdicts = {command: draw(st.sampled_from(["run", "ask", "refuse"])) for command in pool}
    stop = st.sampled_from([NETWORK, READ_ONLY, None]) if stops else st.none()
    steps = draw(st.lists(st.tuples(st.sampled_from(pool), stop), min_size=1, max_size=14))
    if kind == "fenced":
        return FENCED, True, verdicts, steps
    mode, sandbox = draw(st.sampled_from([(STRICT, True), (STRICT, False), (FENCED, False)])
                         | st.tuples(st.sampled_from(ODD_MODES), st.booleans()))
    return mode, sandbox, verdicts, steps
