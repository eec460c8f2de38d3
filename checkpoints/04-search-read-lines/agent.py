"""agent.py (checkpoint 04): search, then read only the lines you need.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 04`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/04-search-read-lines/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.

= checkpoint 03 + these changes:
- read_file is gone. search_file(pattern, path) returns matching lines as `path:line: text`
  (in one file, or in every file under a folder), at most 50, saying how many were cut
- read_lines(path, start, end) returns just those lines, numbered, at most 200 per call
- both stream files: a huge file costs only the lines they return, never the whole file
- the system prompt is rewritten for the new tools (a prompt for other tools misleads)
"""

import codecs
import functools
import json
import os
import re
import stat
import tempfile

import anthropic

# --- FROM 03 (unchanged): model and token limit ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")
MAX_TOKENS = 4096

# --- FROM 03: limits that keep one turn, and one tool result, bounded ---
# CHANGED in 04: READ_MAX_LINES and READ_MAX_BYTES left with read_file; the new tools are
# capped in lines instead.
MAX_TOOL_ROUNDS = 25
SEARCH_MAX_MATCHES = 50  # matching lines returned by one search_file call
READ_LINES_MAX = 200  # lines returned by one read_lines call
LINE_MAX_CHARS = 2000  # a longer line (minified code, data) is cut, with a marker

# --- CHANGED in 04: the system prompt, rewritten for the new tools ---
# Same four sections. The tool section describes search_file and read_lines; the
# read-first rule names read_lines; a new guideline teaches search -> read -> edit;
# and the worked example shows that sequence, since one example outweighs ten rules.
SYSTEM_PROMPT = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

## Available Tools
**list_files(path)**: List the files and folders at a path. Use it first when you do \
not yet know what the project contains.
**search_file(pattern, path)**: Find the lines matching a regular expression in a file, \
or in every file under a folder. Returns `path:line: text` for each match. Use it to \
locate code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number. Read only the lines you need.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once) and \
new_str to its replacement, without the line numbers that read_lines adds.
You must read the file first: read the lines you will change with read_lines, so that \
old_str is copied exactly from them.

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

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files. If the user asks you to delete something, say that you cannot \
and suggest an alternative.
- Do not run code. You can read and write files, but not execute them.
"""

# --- FROM 03: the tool schemas, built by the same helper ---
# CHANGED in 04: read_file's schema became search_file's and read_lines' (whose line
# numbers are integers); edit_file's description names read_lines in its read-first rule.
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
    schema("search_file",
           "Search for a regular expression (Python syntax) in a file, or in every text file "
           "under a folder. Returns matching lines as path:line: text, at most "
           f"{SEARCH_MAX_MATCHES}. Use this to find where something is before reading it.",
           pattern="Regular expression to look for, e.g. 'def parse_config' or 'timeout\\s*='.",
           path="File or folder to search, relative to the project root; '.' searches everything."),
    schema("read_lines",
           "Read lines start to end (1-based, inclusive) of a text file, each prefixed with "
           f"its number, at most {READ_LINES_MAX} per call. Use it on lines search_file found.",
           path="Path of the file, relative to the project root.",
           start=("integer", "First line to return (1-based)."),
           end=("integer", "Last line to return (inclusive).")),
    schema("edit_file",
           "Create or edit a file by exact string replacement. "
           "To create a file, set old_str to an empty string and new_str to the full contents. "
           "To edit, set old_str to text that appears exactly once in the file and new_str to "
           "its replacement. You must read the file first: read the lines with read_lines and "
           "copy old_str from them, without the line numbers.",
           path="Path of the file, relative to the project root.",
           old_str="Exact text to replace; an empty string creates the file.",
           new_str="Replacement text, or the whole file when creating it."),
]

# --- FROM 03 (unchanged): directory safety (paths resolved, symlinks included, confined) ---
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


# --- FROM 03 (unchanged): list_files and edit_file ---
@tool
def list_files(path="."):
    real = resolve_in_root(path)
    if not os.path.isdir(real):
        raise ToolError(f"{path} is not a directory")
    lines = [f"{e} [{'dir' if os.path.isdir(os.path.join(real, e)) else 'file'}]"
             for e in sorted(os.listdir(real))]
    return "\n".join(lines) or f"{path} is empty"


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


# --- NEW in 04: search_file and read_lines (read_file is gone) ---
# read_file put a whole file into the context: every line of a 500-line module, paid again
# on every later call. Searching for the line and reading a few around it costs a few
# percent of that (lecture 6.3 measures it). Both tools stream, so a multi-gigabyte log
# costs what the answer costs.
def clip(line):
    """One line as a tool shows it: no newline, and cut if it is absurdly long."""
    line = line.rstrip("\r\n")
    extra = len(line) - LINE_MAX_CHARS
    return line[:LINE_MAX_CHARS] + f" [... {extra} more characters]" if extra > 0 else line


def files_to_search(real, root):
    """Every regular file under the folder, sorted; hidden ones and links out skipped."""
    for folder, dirs, files in os.walk(real):  # os.walk never follows symlinked folders
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(f for f in files if not f.startswith(".")):
            path = os.path.join(folder, name)
            if os.path.islink(path):  # only a file symlink can lead out from here
                path = os.path.realpath(path)
            if path.startswith(root + os.sep) and os.path.isfile(path):  # a fifo would block
                yield path


def matching_lines(real, line_re, chunk_re):
    """(line number, line) for each line of the file that line_re matches; none if binary."""
    # A Python loop over every line would be several times slower than grep. So the C regex
    # engine scans 1 MB chunks of whole lines with chunk_re (the pattern in MULTILINE mode),
    # and only the lines it lands on are checked with line_re, which rejects any extras.
    with open(real, "rb") as f:
        chunk = f.read(1 << 20)
        if b"\x00" in chunk[:8192]:
            return  # binary: the same test as read_lines makes
        lineno = 0  # lines counted so far: all those before `pos`
        while chunk:
            if not chunk.endswith(b"\n"):
                chunk += f.readline()  # end the chunk at a line end
            text = chunk.decode("utf-8", errors="replace")
            if "\r" in text:  # count CRLF lines as read_lines does (a copy, so only if needed)
                text = text.replace("\r\n", "\n")
            pos = 0
            # The empty string after the chunk's last "\n" is not a line (a pattern like
            # ^$ would match it), so the search stops short of it.
            stop = len(text) - 1 if text.endswith("\n") else len(text)
            while pos < len(text) and (found := chunk_re.search(text, pos, stop)):
                start = text.rfind("\n", 0, found.start()) + 1
                end = text.find("\n", found.start())
                end = len(text) if end < 0 else end
                lineno += text.count("\n", pos, start) + 1
                if line_re.search(line := text[start:end]):
                    yield lineno, line
                pos = end + 1
            chunk = f.read(1 << 20)
            if chunk:  # more to come, numbered after this chunk's lines (else: skip the count)
                lineno += text.count("\n", pos)


@tool
def search_file(pattern, path="."):
    if not isinstance(pattern, str) or not pattern:
        raise ToolError("pattern must be a non-empty regular expression")
    try:
        line_re = re.compile(pattern)
        # \A and \Z mean "start/end of the line" to a line search but not to a chunk
        # search, so such patterns skip the chunk trick and check every line.
        chunk_re = re.compile(r"^" if re.search(r"\\[AZ]", pattern) else pattern, re.MULTILINE)
    except re.error as err:
        raise ToolError(f"bad regular expression {pattern!r}: {err}") from None
    root = os.path.realpath(os.getcwd())
    real = resolve_in_root(path)
    files = files_to_search(real, root) if os.path.isdir(real) else [regular_file(path)]
    shown, total = [], 0
    for file in files:
        for lineno, line in matching_lines(file, line_re, chunk_re):
            total += 1
            if len(shown) < SEARCH_MAX_MATCHES:
                name = os.path.relpath(file, root).replace(os.sep, "/")
                shown.append(f"{name}:{lineno}: {clip(line)}")
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; {total - len(shown)} more "
                     "were cut. Narrow the search: a more specific pattern, or a path to one "
                     "folder or file.]")
    return "\n".join(shown)


@tool
def read_lines(path, start, end):
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        raise ToolError("start and end must be line numbers (whole numbers, 1-based)") from None
    if start < 1 or end < start:
        raise ToolError(f"need 1 <= start <= end, got start={start}, end={end}")
    real = regular_file(path)
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    with open(real, "rb") as f:  # bytes: lines before `start` are counted, never decoded
        if b"\x00" in f.read(8192):  # a NUL in the first 8 KB: binary, as grep and git judge
            raise ToolError(f"{path} looks like a binary file; only text files can be read")
        f.seek(0)
        for last, raw in enumerate(f, start=1):
            if last >= start:
                try:
                    line = raw.decode("utf-8-sig" if last == 1 else "utf-8")  # -sig: drop a BOM
                except UnicodeDecodeError:
                    raise ToolError(f"{path} line {last} is not UTF-8 text") from None
                shown.append(f"{last}: {clip(line)}")
            if last >= stop:
                break  # stop reading here: what comes after costs nothing
    if not shown:
        raise ToolError(f"{path} has {last} lines; start={start} is past the end")
    if last < stop:
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:
        shown.append(f"[read_lines returns at most {READ_LINES_MAX} lines: stopped at line "
                     f"{stop}. Call read_lines(start={stop + 1}, end={end}) for the rest.]")
    return "\n".join(shown)


TOOL_FUNCTIONS = {"list_files": list_files, "search_file": search_file,
                  "read_lines": read_lines, "edit_file": edit_file}


# --- FROM 03 (unchanged): dispatch, which never raises ---
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


# --- FROM 03 (unchanged): keeping the messages list valid, whatever happens ---
# Every early exit goes through close_turn: each tool_use gets its tool_result, roles alternate.
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


# --- FROM 03 (unchanged): the inner loop ---
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


# --- FROM 03 (unchanged): the outer loop (one iteration per user message) ---
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
