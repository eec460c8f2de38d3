"""agent.py (checkpoint 03): real tools, confined to the project, and a loop that survives.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 03`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/03-real-tools/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.

= checkpoint 02 + these additions:
- real list_files / read_file / edit_file; every path is resolved (symlinks included) and
  refused unless it stays inside the project root (the cwd); failures are "Error: ..." strings
- edit_file never overwrites on create, writes atomically, keeps CRLF and a byte-order mark;
  read_file refuses binary and non-UTF-8 files and caps huge ones, saying what was cut
- the inner loop has an iteration limit, handles every stop_reason, reports API errors
  and Ctrl-C, and always leaves the messages list valid for the next turn
"""

import codecs
import functools
import json
import os
import stat
import tempfile

import anthropic

# --- FROM 02 (unchanged): model and token limit ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")
MAX_TOKENS = 4096

# --- NEW in 03: limits that keep one turn, and one tool result, bounded ---
# 25 rounds is generous for three tools: a model that needs more is usually stuck in a loop.
MAX_TOOL_ROUNDS = 25
READ_MAX_LINES = 2000  # read_file returns at most this many lines...
READ_MAX_BYTES = 100_000  # ...and at most this much text, whichever comes first

# --- FROM 02 (unchanged): the system prompt, four sections ---
SYSTEM_PROMPT = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

## Available Tools
**list_files(path)**: List the files and folders at a path. Use it first when you do \
not yet know what the project contains.
**read_file(filename)**: Return the complete text of a file. Use it to understand code \
before you change it.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once) and \
new_str to its replacement.
You must read the file first, so that old_str is copied exactly from its current text.

## How to Work
- Read before editing. Never change a file you have not read in this conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls read_file(filename="math_utils.py")]
[finds `def add(a, b):` on line 4]
[calls edit_file(path="math_utils.py", old_str="def add(a, b):", \
new_str="def add(a, b):\\n    \\"\\"\\"Return the sum of a and b.\\"\\"\\"")]
Added a one-line docstring to add() on line 4 of math_utils.py.

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files. If the user asks you to delete something, say that you cannot \
and suggest an alternative.
- Do not run code. You can read and write files, but not execute them.
"""

# --- FROM 02: the tool schemas ---
# CHANGED in 03: the same three schemas (same descriptions), built by a small helper. Every
# parameter is required; each is its description (a string) or a (JSON type, description) pair.
def schema(name, description, **params):
    pairs = {key: p if isinstance(p, tuple) else ("string", p) for key, p in params.items()}
    properties = {key: {"type": t, "description": d} for key, (t, d) in pairs.items()}
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": list(params)}}


TOOLS = [
    schema("list_files",
           "List the files and directories at a path, one per line, each marked "
           "[file] or [dir]. Use this to discover the project before reading files.",
           path="Directory to list, relative to the project. Use '.' for the project root."),
    schema("read_file",
           "Read the complete contents of a text file. Use this before editing a file, "
           "so you know its exact text.",
           filename="Path of the file, relative to the project root."),
    schema("edit_file",
           "Create or edit a file by exact string replacement. "
           "To create a file, set old_str to an empty string and new_str to the full contents. "
           "To edit, set old_str to text that appears exactly once in the file and new_str to "
           "its replacement. You must read the file first to know the exact text for old_str.",
           path="Path of the file, relative to the project root.",
           old_str="Exact text to replace; an empty string creates the file.",
           new_str="Replacement text, or the whole file when creating it."),
]

# --- NEW in 03: directory safety ---
# The model chooses every path, so every path is hostile until proven otherwise. The rule
# is one comparison: resolve the path as the OS will (following symlinks, folding "..") and
# accept it only if the result is the root or inside it. A check of the raw string for ".."
# misses symlinks, which is how most escapes happen. Left open: a file swapped for a symlink
# between our check and our open(), a race only a hostile local process could win.
class ToolError(Exception):
    """A failure the model should read about; its message becomes "Error: ..."."""


def tool(function):
    """Make a tool total: ToolError and OS failures come back as "Error: ..." strings."""
    @functools.wraps(function)
    def safe(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except ToolError as err:
            return f"Error: {err}"
        except (OSError, ValueError) as err:  # permissions, full disk, odd names...
            return f"Error: {function.__name__} failed: {getattr(err, 'strerror', None) or err}"
    return safe


def resolve_in_root(path):
    """The real path `path` names, if it stays inside the project root; else ToolError."""
    if not isinstance(path, str) or not path.strip():
        raise ToolError("path must be a non-empty string, relative to the project root")
    if "\x00" in path:
        raise ToolError("path contains a NUL byte")
    if path.startswith("~") or os.path.isabs(path):
        raise ToolError(f"{path!r}: use a path relative to the project root")
    root = os.path.realpath(os.getcwd())  # the root is the cwd *now*, not at import time
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ToolError(f"{path!r} is outside the project directory; access refused")
    return real


def regular_file(path):
    """The resolved path of an existing regular file: no folders, devices or fifos."""
    real = resolve_in_root(path)
    if not os.path.isfile(real):  # false for folders, fifos and devices as well
        raise ToolError(f"{path} is not a regular file" if os.path.exists(real) else
                        f"{path} does not exist")
    return real


def read_text(path):
    """(real path, text, has_bom) of a whole UTF-8 text file; binary files are errors too."""
    real = regular_file(path)
    with open(real, "rb") as f:
        data = f.read()
    if b"\x00" in data[:8192]:
        raise ToolError(f"{path} looks like a binary file; only text files can be read")
    try:
        return real, data.decode("utf-8-sig"), data.startswith(codecs.BOM_UTF8)
    except UnicodeDecodeError:
        raise ToolError(f"{path} is not UTF-8 text; only UTF-8 files can be read") from None


def write_atomically(real, data):
    """Write a temp file beside the target, then rename it over: never half-written."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(real), prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, stat.S_IMODE(os.stat(real).st_mode) if os.path.exists(real) else 0o644)
        os.replace(tmp, real)  # atomic: readers see the old file or the new, never half
    except BaseException:
        os.unlink(tmp)
        raise


# --- CHANGED in 03: real tools instead of stubs ---
# "return f'(stub) reading {filename}'" and friends became real, confined operations.
# There is still no delete tool: the surest way to forbid an action is not to offer it.
@tool
def list_files(path="."):
    real = resolve_in_root(path)
    if not os.path.isdir(real):
        raise ToolError(f"{path} is not a directory")
    lines = [f"{e} [{'dir' if os.path.isdir(os.path.join(real, e)) else 'file'}]"
             for e in sorted(os.listdir(real))]
    return "\n".join(lines) or f"{path} is empty"


@tool
def read_file(filename):
    real = regular_file(filename)
    kept, size, total, cut = [], 0, 0, False
    with open(real, "rb") as f:
        if b"\x00" in f.read(8192):  # sniff first: a huge binary costs 8 KB, not all of it
            raise ToolError(f"{filename} looks like a binary file; only text files can be read")
        f.seek(0)
        # Stream: lines past the cap are counted, never decoded or kept, so a 2 GB log
        # costs the lines we return plus one pass to count the rest.
        for total, raw in enumerate(f, start=1):
            cut = cut or len(kept) == READ_MAX_LINES or size + len(raw) > READ_MAX_BYTES
            if not cut:
                try:
                    line = raw.decode("utf-8-sig" if total == 1 else "utf-8")  # -sig: drop a BOM
                except UnicodeDecodeError:
                    raise ToolError(f"{filename} line {total} is not UTF-8 text") from None
                kept.append(line.replace("\r\n", "\n"))  # the model sees "\n", as edit_file expects
                size += len(raw)
    text = "".join(kept)
    if cut:  # say what was cut, in numbers, so the model never mistakes a prefix for the file
        text += (f"\n[read_file shows at most {READ_MAX_LINES} lines / {READ_MAX_BYTES // 1000} KB:"
                 f" lines {len(kept) + 1}-{total} of {total} were cut. This tool cannot show them;"
                 " work with the part above or tell the user the file is too large to read whole.]")
    return text


@tool
def edit_file(path, old_str, new_str):
    if not isinstance(old_str, str) or not isinstance(new_str, str):
        raise ToolError("old_str and new_str must be strings")
    real = resolve_in_root(path)
    if old_str == "":
        # Creating must never clobber work: a non-empty file gets edited, not replaced.
        if os.path.lexists(real) and not os.path.isfile(real):
            raise ToolError(f"{path} exists and is not a regular file")
        if os.path.isfile(real) and os.path.getsize(real) > 0:
            raise ToolError(f"{path} already exists and is not empty; read it and edit it with a "
                            "non-empty old_str instead of creating it again")
        os.makedirs(os.path.dirname(real), exist_ok=True)  # real is inside the root
        write_atomically(real, new_str.encode("utf-8"))
        return f"Created {path}"

    real, text, has_bom = read_text(path)
    # The model reads and writes "\n". A CRLF file must stay CRLF, so match in "\n" and
    # convert back; a file that mixes both is matched as it is, byte for byte.
    crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
    if crlf:
        text = text.replace("\r\n", "\n")
        old_str, new_str = old_str.replace("\r\n", "\n"), new_str.replace("\r\n", "\n")
    count = text.count(old_str)
    if count == 0:
        raise ToolError(f"old_str was not found in {path}; read the file again and copy the text "
                        "exactly, indentation and line breaks included")
    if count > 1:
        raise ToolError(f"old_str was found {count} times in {path}; include more of the "
                        "surrounding lines so that it matches exactly once")
    line = text[: text.index(old_str)].count("\n") + 1
    text = text.replace(old_str, new_str, 1)
    text = text.replace("\n", "\r\n") if crlf else text
    write_atomically(real, (codecs.BOM_UTF8 if has_bom else b"") + text.encode("utf-8"))
    return f"Edited {path} (at line {line})"


TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


# --- FROM 02: dispatch, which never raises ---
# CHANGED in 03: "except Exception as err" now follows a TypeError branch, because
# missing or unknown arguments are the model's mistake and it should hear it plainly.
def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}; the tools are {', '.join(TOOL_FUNCTIONS)}"
    try:
        return function(**tool_input)
    except TypeError as err:
        return f"Error: bad arguments for {name}: {err}"
    except Exception as err:
        return f"Error: {name} failed: {err}"


def run_tools(content):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    results = []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            output = dispatch_tool(block.name, block.input)
            result = {"type": "tool_result", "tool_use_id": block.id, "content": output}
            if output.startswith("Error:"):
                result["is_error"] = True  # the API's own flag for a failed call
            results.append(result)
    return results


# --- NEW in 03: keeping the messages list valid, whatever happens ---
# Every early exit (limit, API error, Ctrl-C) goes through close_turn, which restores the
# two invariants the next API call depends on: every tool_use has its tool_result, and roles
# alternate. Without it, one failed call would make every later call fail with a 400.
def add_assistant(messages, content):
    """Append an assistant turn, or extend the last one (a paused turn continues)."""
    if not content:
        return  # the API refuses empty assistant turns in the history
    if messages and messages[-1]["role"] == "assistant":
        messages[-1]["content"] = list(messages[-1]["content"]) + list(content)
    else:
        messages.append({"role": "assistant", "content": list(content)})


def close_turn(messages, turn_start, note):
    """End the turn early with `note`, leaving `messages` valid; returns the note."""
    if len(messages) == turn_start + 1:
        # Nothing happened yet: drop the user's message so they can simply send it again.
        messages.pop()
        note += " Your message was not kept; send it again when ready."
    else:
        # Answer every unanswered tool_use (only the API's blocks have .type; our dicts don't).
        pending = [b for b in messages[-1]["content"] if getattr(b, "type", None) == "tool_use"]
        if pending:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in pending]})
        add_assistant(messages, [{"type": "text", "text": f"[{note}]"}])
    print(f"\nAssistant: [{note}]\n")
    return note


def describe_api_error(err):
    """One line a person can act on, for each way the API call can fail."""
    if isinstance(err, anthropic.RateLimitError):
        return "The API is rate-limiting this key (429). Wait a minute, then try again."
    if isinstance(err, anthropic.APIStatusError):
        if err.status_code == 529 or isinstance(err, anthropic.InternalServerError):
            return f"The API is overloaded or failing ({err.status_code}). Try again shortly."
        return f"The API rejected the request ({err.status_code}): {err.message}"
    if isinstance(err, anthropic.APITimeoutError):
        return "The API call timed out. Try again."
    return f"Could not reach the API: {err}"


# What a stop_reason other than tool_use, end_turn or stop_sequence means for the user.
# model_context_window_exceeded is a reply cut off because it filled the context window:
# truncated, like max_tokens. (A request too long to start with never gets a reply: the
# API refuses it with a 400, which describe_api_error reports.)
STOP_NOTES = {
    "max_tokens": "The reply hit the max_tokens limit and was cut off here.",
    "refusal": "The model declined to continue with this request.",
    "model_context_window_exceeded": "The reply filled the model's context window and was "
    "cut off here. Start a new session (empty line) and ask for smaller pieces.",
}


# --- CHANGED in 03: the inner loop ---
# "while True:" became a bounded loop, and "if response.stop_reason != 'tool_use'"
# became one branch per stop_reason. The happy path is the same as in 02.
def run_turn(client, messages):
    """Run one user turn to completion. `messages` already ends with the user's message."""
    turn_start = len(messages) - 1
    try:
        for _ in range(MAX_TOOL_ROUNDS):
            response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS,
                                              system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
            stop = response.stop_reason
            if stop in ("tool_use", "pause_turn"):
                add_assistant(messages, response.content)
                if stop == "tool_use":
                    messages.append({"role": "user", "content": run_tools(response.content)})
                continue  # after pause_turn (a long turn paused), calling again resumes it
            # A final answer. A cut-off reply may end in a half-written tool_use that
            # was never run: drop such blocks so nothing is left unanswered.
            content = [b for b in response.content if b.type != "tool_use"]
            text = "\n".join(b.text for b in content if b.type == "text")
            note = STOP_NOTES.get(stop, "" if stop in ("end_turn", "stop_sequence") else stop)
            if note:
                text = f"{text}\n[{note}]".strip()
                content.append({"type": "text", "text": f"[{note}]"})
            # (no reply) stands in for an empty answer: the API refuses empty assistant turns
            add_assistant(messages, content or [{"type": "text", "text": "(no reply)"}])
            print(f"\nAssistant: {text}\n")
            return text
        return close_turn(messages, turn_start,
                          f"Stopped after {MAX_TOOL_ROUNDS} tool rounds without an answer. "
                          "Say 'continue' to let it go on, or narrow the request.")
    except anthropic.APIError as err:
        # The SDK already retried 429/5xx twice; what reaches us is the user's to decide.
        return close_turn(messages, turn_start, describe_api_error(err))
    except KeyboardInterrupt:
        return close_turn(messages, turn_start, "Interrupted (Ctrl-C).")


# --- FROM 02: the outer loop (one iteration per user message) ---
# CHANGED in 03: the greeting says where the agent works, since that folder is now
# the only one it can touch.
def run_agent():
    client = anthropic.Anthropic()
    messages = []
    print(f"Coding agent working in {os.getcwd()}: type a request; an empty line quits.\n")
    while True:
        try:
            user_input = input("You: ").strip()
        except (EOFError, KeyboardInterrupt):
            user_input = ""
        if not user_input:
            print("Goodbye.")
            break
        messages.append({"role": "user", "content": user_input})
        run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
