"""agent.py (checkpoint 06): the agent manages its own context window.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 06`. Or against Claude, from inside the folder it may touch,
with context.py beside this file:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/06-context/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.
Settings as in checkpoint 05 (AGENT_TRACE, AGENT_MAX_STEPS, AGENT_MAX_COST,
AGENT_MAX_SECONDS); the context policy is POLICY below, explained field by field in
context.py.

= checkpoint 05 + these additions (the functions live in context.py; the lines marked
  "NEW in 06" below are where they plug in):
- every tool result is capped and says what was cut; an output that cannot be paged is
  saved under .agent/outputs/ and replaced by its path and first lines
- once the window is big, old tool results become one-line stubs saying how to get them
- at a boundary (a new request, a saved note) or past a hard limit, the model summarises
  the history; the messages list stays valid
- a memory file, NOTES.md: the save_note tool writes it, each turn's prompt shows it
- research(question): a sub-agent answers in its own window, with path:line citations
"""

import codecs
import functools
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import asdict, dataclass, field

import anthropic

import context  # NEW in 06: context.py, beside this file

# --- FROM 05 (unchanged): model and token limit ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")
MAX_TOKENS = 4096


# --- FROM 05 (unchanged): limits that keep one turn, and one tool result, bounded ---
SEARCH_MAX_MATCHES = 50  # matching lines returned by one search_file call
READ_LINES_MAX = 200  # lines returned by one read_lines call
LINE_MAX_CHARS = 2000  # a longer line (minified code, data) is cut, with a marker


# --- FROM 05 (unchanged): prices, limits and the trace file ---
# US dollars per million tokens (Anthropic's pricing page). Prices change, so they live
# here and nowhere else. Cache writes cost 1.25x the input price for 5-minute entries (the
# default) and 2x for 1-hour ones; cache reads cost 0.1x. A long conversation is cheap
# only if its prefix is cached.
PRICES = {  # model: (input, output)
    "claude-sonnet-4-6": (3.00, 15.00),
    "claude-opus-4-6": (5.00, 25.00),
    "claude-haiku-4-5": (1.00, 5.00),
}
CACHE_WRITE_MULTIPLIER = 1.25  # 5-minute cache entries
CACHE_WRITE_1H_MULTIPLIER = 2.00  # 1-hour cache entries
CACHE_READ_MULTIPLIER = 0.10

# Limits, checked before every API call; 0 switches one off. Steps and seconds are
# per turn (a stuck turn gives the keyboard back); dollars are per session (a budget).
MAX_STEPS = int(os.environ.get("AGENT_MAX_STEPS", "25"))
MAX_COST_USD = float(os.environ.get("AGENT_MAX_COST", "1.00"))
MAX_SECONDS = float(os.environ.get("AGENT_MAX_SECONDS", "300"))

# The trace goes into the project under a hidden name, so search_file (which skips hidden
# files) never finds its own trace. AGENT_TRACE is read at each write, not at import.
DEFAULT_TRACE = ".agent.trace.jsonl"


# --- NEW in 06: the context policy, and what the agent knows about its window ---
# One object holds every setting (context.py comments each field). Change one with
# dataclasses.replace, e.g. POLICY = replace(POLICY, keep_recent_steps=4).
POLICY = context.ContextPolicy()
WINDOW = context.Window()  # the last prompt's size, turns, stubs and compactions so far
RESEARCH_TOOLS = ("search_file", "read_lines")  # what the research sub-agent may use


# --- FROM 05: the system prompt ---
# CHANGED in 06: two tools in "## Available Tools", and a new section, "## Context and Memory".
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
**save_note(note)**: Append one line to NOTES.md, your memory file.
**research(question)**: Ask a research sub-agent a narrow question about the code.

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


# --- FROM 05 (unchanged): the tool schemas ---
# Every parameter is required; each is its description (a string) or a (JSON type, description).
def schema(name, description, **params):
    pairs = {key: p if isinstance(p, tuple) else ("string", p) for key, p in params.items()}
    properties = {key: {"type": t, "description": d} for key, (t, d) in pairs.items()}
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": list(params)}}


# --- FROM 05: the tool list ---
# CHANGED in 06: two tools appended, save_note(note) and research(question).
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
    schema("save_note",
           "Append one line to NOTES.md, your memory file, which is shown to you at the start "
           "of every turn. Call it when you finish a sub-task, with what you will need later: "
           f"paths, names, line numbers, decisions. It keeps only the newest "
           f"{POLICY.memory_max_lines} lines.",
           note="One line of what you learned or decided, with paths and line numbers."),
    schema("research",
           "Delegate a narrow question about the code (where is X defined, which files call Y) "
           "to a research sub-agent that searches and reads in its own context window. Use it "
           "when answering would mean reading more than two files. Returns a short answer with "
           "path:line citations, not file contents.",
           question="The question, specific enough to answer with a few citations."),
]


# --- FROM 05 (unchanged): directory safety (paths resolved, symlinks included, confined) ---
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


# --- FROM 05 (unchanged): list_files and edit_file ---
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


# --- FROM 05 (unchanged): search_file and read_lines ---
# Search for the line, then read a few around it: about a hundred tokens where a whole
# file costs thousands. Both tools stream, so a huge file costs what the answer costs.
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


# --- NEW in 06: save_note and research ---
@tool
def save_note(note):
    return context.save_note(note, POLICY)


def research(question, client=None, count=None):
    """The research tool: a sub-agent answers `question` in its own window.

    It calls the API itself, so run_tools hands it the client (dispatch_tool cannot), and
    `count(response)`, told of each of its calls so that run_turn can add them up."""
    if client is None:
        return "Error: research runs a sub-agent and needs the API client; run_tools passes it"
    if not isinstance(question, str) or not question.strip():
        return "Error: question must be a non-empty string"
    tools = [t for t in TOOLS if t["name"] in RESEARCH_TOOLS]
    return context.research(client, question, model=MODEL, tools=tools, run_tool=dispatch_tool,
                            policy=POLICY, count=count)


# --- FROM 05: the tool table ---
# CHANGED in 06: save_note and research added.
TOOL_FUNCTIONS = {"list_files": list_files, "search_file": search_file,
                  "read_lines": read_lines, "edit_file": edit_file,
                  "save_note": save_note, "research": research}


# --- FROM 05 (unchanged): dispatch, which never raises ---
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


# --- FROM 05: running the tools of one response ---
# CHANGED in 06: "output = dispatch_tool(...)" is now capped by context.shrink, and research
# gets the client it needs.
def run_tools(content, client=None, count=None):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    results = []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            if block.name == "research":  # NEW in 06: a sub-agent, with its own API calls
                output = research(block.input.get("question"), client, count)
            else:
                output = dispatch_tool(block.name, block.input)
            output = context.shrink(block.name, block.input, output, POLICY, WINDOW)  # NEW in 06
            result = {"type": "tool_result", "tool_use_id": block.id, "content": output}
            if output.startswith("Error:"):
                result["is_error"] = True  # the API's own flag for a failed call
            results.append(result)
    return results


# --- FROM 05 (unchanged): keeping the messages list valid, whatever happens ---
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


# --- FROM 05 (unchanged): accounting and the trace ---
# The API reports what each call used in response.usage; adding it up is the whole trick.
# input_tokens counts only the uncached part of the prompt, so the prompt's real size is
# input + cache writes + cache reads.
def cost_of(usage):
    """The price in dollars of one call's usage (unknown models are priced as Sonnet)."""
    price_in, price_out = PRICES.get(MODEL, PRICES["claude-sonnet-4-6"])
    written = usage.cache_creation_input_tokens or 0
    # usage.cache_creation splits the writes by lifetime; 1-hour entries cost more.
    hour = getattr(usage.cache_creation, "ephemeral_1h_input_tokens", None) or 0
    read = usage.cache_read_input_tokens or 0
    prompt = (usage.input_tokens + (written - hour) * CACHE_WRITE_MULTIPLIER
              + hour * CACHE_WRITE_1H_MULTIPLIER + read * CACHE_READ_MULTIPLIER)
    return (prompt * price_in + usage.output_tokens * price_out) / 1_000_000


@dataclass
class Stats:
    """What a span of API calls used: one turn, or (SESSION) the whole session."""

    calls: int = 0
    input_tokens: int = 0  # uncached prompt tokens
    cache_creation_input_tokens: int = 0  # prompt tokens written to the cache
    cache_read_input_tokens: int = 0  # prompt tokens read from the cache
    output_tokens: int = 0
    cost_usd: float = 0.0
    step_tokens: list = field(default_factory=list)  # whole prompt size, call by call
    prompt_chars: int = 0  # characters of the prompt (system, tools, messages), summed...
    result_chars: int = 0  # ...and how many of them were tool results
    reads: dict = field(default_factory=dict)  # path -> how many read_lines calls

    def add(self, response, sent):
        """Count one call: its usage, its read_lines calls, and `sent` from chars_sent."""
        usage, self.calls = response.usage, self.calls + 1
        for name in ("input_tokens", "cache_creation_input_tokens",
                     "cache_read_input_tokens", "output_tokens"):
            setattr(self, name, getattr(self, name) + (getattr(usage, name) or 0))
        self.cost_usd += cost_of(usage)
        self.step_tokens.append(usage.input_tokens + (usage.cache_creation_input_tokens or 0)
                                + (usage.cache_read_input_tokens or 0))
        self.prompt_chars += sent[0]
        self.result_chars += sent[1]
        for b in response.content:
            if b.type == "tool_use" and b.name == "read_lines":
                path = os.path.normpath(str(b.input.get("path")))
                self.reads[path] = self.reads.get(path, 0) + 1

    def summary(self, label):
        share = self.result_chars / self.prompt_chars if self.prompt_chars else 0.0
        shown = self.step_tokens[-10:]  # a long run would flood the line: the last 10 steps
        steps = ", ".join(f"{n:,}" for n in shown) or "-"
        which = f" (last {len(shown)} of {self.calls})" if len(shown) < self.calls else ""
        again = ", ".join(f"{p} x{n}" for p, n in self.reads.items() if n > 1) or "none"
        return (f"[{label}: {self.calls} API calls, {sum(self.step_tokens):,} input tokens "
                f"({self.cache_read_input_tokens:,} from cache), {self.output_tokens:,} output, "
                f"${self.cost_usd:.4f}]\n[  input per step{which}: {steps} | tool results "
                f"{share:.0%} of the input (by characters) | files read more than once: {again}]")


SESSION = Stats()  # the whole session; the cost limit reads it


def to_json(value):
    """JSON text of anything in the messages list, the SDK's block objects included."""
    return json.dumps(value, default=lambda b: b.model_dump(mode="json", exclude_none=True))


def chars_sent(messages):
    """(characters of the whole prompt, characters inside tool results) for one call."""
    # Characters stand in for tokens: close enough to tell a lean turn from one drowning
    # in file contents, and no tokenizer is needed.
    results = [b["content"] for m in messages if isinstance(m["content"], list)
               for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]
    return (len(SYSTEM_PROMPT) + len(to_json(TOOLS)) + len(to_json(messages)),
            len(to_json(results)))


def trace(record):
    """Append one JSON record to the trace file; a trace that cannot be written is skipped."""
    path = os.environ.get("AGENT_TRACE", DEFAULT_TRACE)
    if path.lower() in ("", "off", "0"):
        return
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(to_json({"time": round(time.time(), 3), **record}) + "\n")
    except OSError as err:
        print(f"  [trace] not written: {err}")


def over_limit(turn, started):
    """Why the next call must not happen, or None. Checked before every call."""
    if MAX_STEPS and turn.calls >= MAX_STEPS:
        return f"Stopped: this turn reached the limit of {MAX_STEPS} steps (AGENT_MAX_STEPS)."
    if MAX_COST_USD and SESSION.cost_usd >= MAX_COST_USD:
        return (f"Stopped: this session has cost ${SESSION.cost_usd:.4f}, the limit is "
                f"${MAX_COST_USD:.2f} (AGENT_MAX_COST).")
    if MAX_SECONDS and time.monotonic() - started >= MAX_SECONDS:
        return f"Stopped: this turn ran for {MAX_SECONDS:g} seconds (AGENT_MAX_SECONDS)."
    return None


# --- NEW in 06: counting the calls that are not the loop's own ---
# The summary call and the sub-agent's calls cost tokens too: they are added up and
# traced like the loop's calls, so the totals (and the cost limit) see everything.
def account(turn, number, response, kind):
    """Add one extra call to the turn's and the session's totals, and trace it."""
    for stats in (turn, SESSION):
        stats.add(response, (0, 0))
    trace({"type": "call", "turn": number, "step": turn.calls, "kind": kind, "model": MODEL,
           "stop_reason": response.stop_reason, **response.usage.model_dump(exclude_none=True),
           "cost_usd": round(cost_of(response.usage), 6),
           "tools": [b.name for b in response.content if b.type == "tool_use"],
           "tool_result_chars": 0, "elapsed_s": 0.0})


# --- FROM 05: the inner loop ---
# CHANGED in 06: before every call, "context.stub_old_results" and "context.should_compact"
# may shrink the history; the system prompt gains the memory file once per turn; the
# turn is numbered by WINDOW.turns, since compaction rewrites the earlier messages.
def run_turn(client, messages):
    """Run one user turn to completion. `messages` already ends with the user's message."""
    turn_start = len(messages) - 1
    turn, started = Stats(), time.monotonic()
    WINDOW.turns += 1
    number = WINDOW.turns
    system = SYSTEM_PROMPT + context.memory_section(POLICY)  # NEW in 06: NOTES.md, once per turn
    try:
        while not (reason := over_limit(turn, started)):
            # NEW in 06: manage the window before the call
            if stubbed := context.stub_old_results(messages, POLICY, WINDOW):
                print(f"  [context] {stubbed} old tool result(s) replaced by stubs")
            if why := context.should_compact(messages, POLICY, WINDOW):
                turn_start, summary = context.compact(client, messages, turn_start, WINDOW,
                                                      model=MODEL, system=system, tools=TOOLS,
                                                      policy=POLICY)
                if summary is not None:
                    account(turn, number, summary, "compact")
                    print(f"  [context] history compacted: {why}")
                continue  # the limits are checked again before the next call
            sent, t0 = chars_sent(messages), time.monotonic()
            response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS,
                                              system=system, tools=TOOLS, messages=messages)
            elapsed, stop = time.monotonic() - t0, response.stop_reason
            for stats in (turn, SESSION):
                stats.add(response, sent)
            step, WINDOW.tokens = turn.calls, turn.step_tokens[-1]
            results, research_calls = [], []
            if stop in ("tool_use", "pause_turn"):
                add_assistant(messages, response.content)
                if stop == "tool_use":
                    results = run_tools(response.content, client, research_calls.append)
                    messages.append({"role": "user", "content": results})
            trace({"type": "call", "turn": number, "step": step, "kind": "agent", "model": MODEL,
                   "stop_reason": stop, **response.usage.model_dump(exclude_none=True),
                   "cost_usd": round(cost_of(response.usage), 6),
                   "tools": [b.name for b in response.content if b.type == "tool_use"],
                   "tool_result_chars": sum(len(r["content"]) for r in results),
                   "elapsed_s": round(elapsed, 3)})
            for sub in research_calls:  # NEW in 06: the sub-agent's calls, after the one that asked
                account(turn, number, sub, "research")
            if stop in ("tool_use", "pause_turn"):
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
        return close_turn(messages, turn_start, reason)
    except anthropic.APIError as err:
        # The SDK already retried 429/5xx twice; what reaches us is the user's to decide.
        return close_turn(messages, turn_start, describe_api_error(err))
    except KeyboardInterrupt:
        return close_turn(messages, turn_start, "Interrupted (Ctrl-C).")
    finally:
        if turn.calls:
            print(turn.summary(f"turn {number}"))
        trace({"type": "turn", "turn": number, **asdict(turn),
               "seconds": round(time.monotonic() - started, 3), "messages": messages[turn_start:]})


# --- FROM 05 (unchanged): the outer loop (one iteration per user message) ---
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
            print(SESSION.summary("session"))
            trace({"type": "session", **asdict(SESSION)})
            print("Goodbye.")
            break
        messages.append({"role": "user", "content": user_input})
        run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
