# ---
# jupyter:
#   agentcourse:
#     lab: lab04
#     title: 'search_file and read_lines: read less, pay less'
#     time_box_minutes: 40
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'search_file: matching lines, capped, with a notice'
#       tests: [test_search_visible, test_search_hidden]
#       hint: Count every match but keep only the first SEARCH_MAX_MATCHES lines; if total > shown, add one [...]
#         line saying how many were cut. Compile the pattern inside try/except re.error.
#     - number: 2
#       title: 'read_lines: numbered, capped, streamed'
#       tests: [test_read_lines_visible, test_read_lines_hidden]
#       hint: enumerate(f, start=1) numbers lines from 1; break as soon as you pass the last line you need,
#         so the rest of the file is never read.
#     - number: 3
#       title: The tools section of the system prompt
#       tests: [test_tools_section_visible, test_tools_section_hidden]
#       hint: Drop read_file entirely; describe search_file and read_lines with their parameters and
#         what they return; keep edit_file's rule for creating a file (an empty old_str), in your own
#         words. The checks send plain tool schemas, so your section is where the model learns it.
#     - number: 4
#       title: The token budget of the standard task
#       tests: [test_budget_visible, test_budget_hidden]
#       hint: 'No new code: if the budget is blown, look for an uncapped result or a read of the whole file.'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 4: `search_file` and `read_lines`: read less, pay less
#
# **Time box: 40 minutes**
#
# Four tasks, 25 points. Every task is graded on its own; stop when the time is up and submit.
#
# The standard task of this lab is *"In config_loader.py, change the default timeout of
# parse_config from 30 to 60."* on a generated 500-line module. With `read_file`, the agent pulls
# the whole module into the conversation: thousands of tokens, and they stay there, resent on every
# later call of the session. The change touches one line. This lab replaces `read_file` with two
# tools that fetch only what is needed:
#
# 1. `search_file(pattern, path)`: the lines that match a regular expression, with their numbers.
# 2. `read_lines(path, start, end)`: a numbered window of a file.
# 3. The system prompt's tool section, rewritten for the new tools (a prompt that describes a tool
#    the agent no longer has invites calls to it).
# 4. A measurement: the standard task driven through the tutor model with your tools, its tool
#    results counted with the tutor's token estimator, against a budget.
#
# Two rules carry over from Lab 3: paths go through `resolve_in_root` (given below, raising
# `ToolError`), and a tool never raises: failures are strings starting `Error:`.
#
# Run the setup cell first. `agentcourse lab check 4` runs the visible checks from a terminal.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, checkpoint 04's parts, constants and test helpers. Do not change it."""
import contextlib
import io
import os
import re
import threading

import anthropic

from agentcourse.course import nbtools
from agentcourse.paths import load_checkpoint
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.projects.sample import write_config_module
from agentcourse.tutor import serve
from agentcourse.tutor.speak.tokens import count_text

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

AGENT = load_checkpoint("04")  # its loop, list_files, edit_file and tool schemas

# The same caps, names and error type as checkpoint 04, so your tools can replace its own.
SEARCH_MAX_MATCHES = AGENT.tools.SEARCH_MAX_MATCHES  # 50 matching lines per search_file call
READ_LINES_MAX = AGENT.tools.READ_LINES_MAX  # 200 lines per read_lines call
LINE_MAX_CHARS = AGENT.tools.LINE_MAX_CHARS  # a longer line is cut to this many characters (2000)
ToolError = AGENT.tools.ToolError  # what resolve_in_root raises for a path outside the project
STANDARD_TASK = "In config_loader.py, change the default timeout of parse_config from 30 to 60."


def resolve_in_root(path):
    """The real path of `path` if it is inside the project (the cwd); else ToolError (Lab 3)."""
    return AGENT.tools.resolve_in_root(path)


def files_to_search(real):
    """The regular files a search of `real` covers, sorted: the file itself, or every
    non-hidden regular file under the folder whose real location stays in the project."""
    if not os.path.isdir(real):
        if os.path.isfile(real):
            yield real
        return
    root = os.path.realpath(os.getcwd())
    for folder, dirs, files in os.walk(real):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = os.path.realpath(os.path.join(folder, name))
            if not name.startswith(".") and path.startswith(root + os.sep) and os.path.isfile(path):
                yield path


def relative(real):
    """How a result names a file: relative to the project root, with '/' separators."""
    return os.path.relpath(real, os.path.realpath(os.getcwd())).replace(os.sep, "/")


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


def call_tool(function, *args, timeout=2.0):
    """Call a tool in a helper thread and return its string; fail the check clearly if it
    raises, returns a non-string, or takes longer than `timeout` seconds."""
    box = {}

    def run():
        try:
            box["value"] = function(*args)
        except BaseException as err:  # reported below, as a failed check
            box["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise AssertionError(f"{function.__name__}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(f"{function.__name__}{args!r} raised {type(err).__name__}: {err} "
                             "(return an 'Error: ...' string instead)")
    value = box["value"]
    assert isinstance(value, str), f"{function.__name__} returned {type(value).__name__}, not str"
    return value


def plain_schemas(tools):
    """Checkpoint 04's tool schemas with every description reduced to a few words, so the
    only rules the model gets about the tools are the ones your TOOLS_SECTION states."""
    words = {"list_files": "List a folder.", "search_file": "Search files.",
             "read_lines": "Read lines of a file.", "edit_file": "Create or edit a file."}
    plain = []
    for tool in tools:
        properties = {name: dict(spec, description=name.replace("_", " "))
                      for name, spec in tool["input_schema"]["properties"].items()}
        plain.append({**tool, "description": words[tool["name"]],
                      "input_schema": {**tool["input_schema"], "properties": properties}})
    return plain


def run_task(prompt, config_lines=500):
    """Run `prompt` through checkpoint 04's loop with YOUR tools and prompt, in a scratch
    project that has config_loader.py. The tool schemas are plain (plain_schemas): your
    section is where the model learns how to use the tools. Returns (messages, project
    files after the turn)."""
    agent = load_checkpoint("04")
    agent.TOOL_FUNCTIONS.update(search_file=search_file, read_lines=read_lines)
    agent.SYSTEM_PROMPT = system_prompt()
    agent.TOOLS = plain_schemas(agent.TOOLS)
    with nbtools.project() as root:
        write_config_module(root, lines=config_lines)
        messages = [{"role": "user", "content": prompt}]
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run_turn(nbtools.limited(client, 10), messages)
        files = {p.name: p.read_text() for p in root.iterdir() if p.is_file()}
    return messages, files


def assert_reads_before_editing(messages):
    """The agent's first edit_file comes after a search_file or read_lines call."""
    from agentcourse.api.outcome import tool_calls

    names = [name for name, _ in tool_calls(messages)]
    assert "edit_file" in names, f"the agent never edited: {names}"
    first_edit = names.index("edit_file")
    assert {"read_lines", "search_file"} & set(names[:first_edit]), f"edit_file came before any read: {names}"


def tool_results(messages):
    """Every tool_result's text, in order."""
    return [str(block.get("content")) for m in to_plain(messages) if m["role"] == "user"
            and isinstance(m["content"], list) for block in m["content"]
            if block.get("type") == "tool_result"]


print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `search_file` (12 minutes)
#
# `search_file(pattern, path)` finds the lines matching the regular expression `pattern` (Python's
# `re.search`, line by line) in the file `path`, or in every file under the folder `path`
# (`files_to_search(real)` in the setup cell gives you those files). Each match is one line:
#
#     config_loader.py:240: def parse_config(path, timeout=30, retries=3, strict=False):
#
# that is `relative(file)`, `:`, the 1-based line number, `: `, then the line without its newline,
# cut to `LINE_MAX_CHARS` characters. Rules:
#
# - Show at most `SEARCH_MAX_MATCHES` matches. If there were more, add **one last line** in square brackets
#   that says how many were shown and how many there were in all, e.g. `[50 of 137 matching lines
#   shown; narrow the pattern or the path]`. A cap that does not say so makes the model believe it
#   saw everything.
# - No match at all is not an error: return `No lines match '<pattern>' in <path>`.
# - An invalid pattern (`"def ("`) is an error string, not an exception. So is an empty pattern,
#   a path outside the project, or a path that is neither a file nor a folder.
# - Open files with `encoding="utf-8", errors="replace"`: a stray byte should not hide the matches.
#
# **Expected:** `Task 1 visible checks passed`.

# %% nbgrader="solution" grade_id="search_file"
def search_file(pattern: str, path: str) -> str:
    """Matching lines as 'file:line: text', at most SEARCH_MAX_MATCHES, with a notice when cut."""
    ### BEGIN SOLUTION
    if not isinstance(pattern, str) or not pattern:
        return "Error: pattern must be a non-empty regular expression"
    try:
        regex = re.compile(pattern)
    except re.error as err:
        return f"Error: bad regular expression {pattern!r}: {err}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isdir(real) and not os.path.isfile(real):
        return f"Error: {path} is not a file or a folder in the project"
    shown, total = [], 0
    try:
        for file in files_to_search(real):
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    if regex.search(line):
                        total += 1  # keep counting past the cap: the notice needs the total
                        if len(shown) < SEARCH_MAX_MATCHES:
                            text = line.rstrip("\n")[:LINE_MAX_CHARS]
                            shown.append(f"{relative(file)}:{number}: {text}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_search_visible" points=3
"""Check that search_file reports numbered matches, caps them with a notice, searches folders and turns failures into errors."""
with nbtools.project() as root:
    write_config_module(root)
    result = call_tool(search_file, "def parse_config", "config_loader.py")
    assert re.fullmatch(r"config_loader\.py:\d+: def parse_config\(.*", result), result
    number = int(result.split(":")[1])
    line = (root / "config_loader.py").read_text().splitlines()[number - 1]
    assert line.startswith("def parse_config("), f"line {number} is not the def: the numbers must be 1-based"
    assert call_tool(search_file, "def add", "math_utils.py") == "math_utils.py:4: def add(a, b):"
    # the cap, and a notice that says how many were shown of how many
    text = (root / "config_loader.py").read_text().splitlines()
    expected = [f"config_loader.py:{n}: {line}" for n, line in enumerate(text, start=1) if "get" in line]
    lines = call_tool(search_file, "get", "config_loader.py").splitlines()
    assert len(lines) == SEARCH_MAX_MATCHES + 1, f"expected {SEARCH_MAX_MATCHES} matches and a notice, got {len(lines)} lines"
    assert lines[:-1] == expected[:SEARCH_MAX_MATCHES], "the first matches, in file order, with 1-based numbers"
    notice = lines[-1]
    assert notice.startswith("[") and notice.endswith("]"), f"the notice is one [...] line: {notice!r}"
    assert str(SEARCH_MAX_MATCHES) in notice and str(len(expected)) in notice, f"say shown and total: {notice!r}"
    # a folder, long lines, stray bytes, no match
    everywhere = call_tool(search_file, r"^def (add|slugify)\b", ".")
    assert everywhere.splitlines() == ["math_utils.py:4: def add(a, b):", "utils.py:1: def slugify(text):"], everywhere
    (root / "pkg").mkdir()
    (root / "pkg" / "wide.py").write_text("x = '" + "y" * 5000 + "'\n")
    wide = call_tool(search_file, "x = ", "pkg")
    assert wide.startswith("pkg/wide.py:1: x = '") and len(wide) <= len("pkg/wide.py:1: ") + LINE_MAX_CHARS + 40, "cut long lines"
    (root / "latin1.py").write_bytes(b"name = '\xe9t\xe9'\nmatch_me = 1\n")
    assert "latin1.py:2: match_me = 1" in call_tool(search_file, "match_me", "latin1.py")
    assert call_tool(search_file, "no_such_name", "math_utils.py").startswith("No lines match")
    # failures are error strings
    for args in [("def (", "math_utils.py"), ("", "math_utils.py"), ("x", "../outside.py"), ("x", "missing.py")]:
        assert is_error(call_tool(search_file, *args)), f"search_file{args!r} should be an error"
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_search_hidden" points=4
"""Check that search_file handles the same kinds of case on other files, patterns and paths."""
with nbtools.project():
    call_tool(search_file, "def", "main.py")  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    write_config_module(root, lines=800)
    (root / "pkg").mkdir()
    os.replace(root / "config_loader.py", root / "pkg" / "loader.py")
    text = (root / "pkg" / "loader.py").read_text().splitlines()
    expected = [f"pkg/loader.py:{n}: {line}" for n, line in enumerate(text, start=1) if re.search(r"\breturn\b", line)]
    assert len(expected) > SEARCH_MAX_MATCHES + 5
    lines = call_tool(search_file, r"\breturn\b", "pkg").splitlines()
    assert lines[:-1] == expected[:SEARCH_MAX_MATCHES], "the first matches of a folder search, in order"
    assert str(SEARCH_MAX_MATCHES) in lines[-1] and str(len(expected)) in lines[-1], lines[-1]
    assert call_tool(search_file, "def subtract", "math_utils.py").count("\n") == 0, "no notice without a cut"
    (root / "pkg" / "min.js").write_text("var a=1;" * 2000 + "\n")
    wide = call_tool(search_file, "var a", "pkg/min.js")
    assert len(wide) <= len("pkg/min.js:1: ") + LINE_MAX_CHARS + 40, "cut long lines"
    (root / "cp1252.txt").write_bytes(b"caf\xe9\nfind me here\n")
    assert call_tool(search_file, "find me", "cp1252.txt") == "cp1252.txt:2: find me here"
    assert call_tool(search_file, "zzz_nothing", ".").startswith("No lines match")
    for args in [("[unclosed", "."), ("*", "math_utils.py"), ("x", "/etc/passwd"), ("x", "pkg/missing.py")]:
        assert is_error(call_tool(search_file, *args)), f"search_file{args!r} should be an error"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `read_lines` (12 minutes)
#
# `read_lines(path, start, end)` returns lines `start` to `end` of a text file, **1-based and
# inclusive**, each prefixed with its number and `: ` (`240: def parse_config(...)`), without the
# newline, cut to `LINE_MAX_CHARS`. The numbers are how the model finds its way back to the line,
# and they match the numbers `search_file` printed. Rules:
#
# - `start` and `end` must be whole numbers (`int(...)` them: some clients send `"12"`) with
#   `1 <= start <= end`; anything else is an error. A `start` past the end of the file is an error
#   that says how many lines the file has.
# - Show at most `READ_LINES_MAX` lines. When the request was cut, end with one `[...]` line that names
#   the line to continue from, e.g. `[showing at most 200 lines; call read_lines(path, 241, 500) for
#   the rest]`. When `end` is past the end of the file, end with `[end of file: <path> has N lines]`.
# - **Stream.** Read the file line by line and stop as soon as you have the last line you need:
#   lines 1 to 5 of a 2 GB log should cost five lines. The hidden checks give `read_lines` a file
#   that is valid UTF-8 only in its first part, and ask for lines from that part.
# - A missing file, a folder, a path outside the project, a file that is not UTF-8 in the lines you
#   read: error strings.
#
# **Expected:** `Task 2 visible checks passed`.

# %% nbgrader="solution" grade_id="read_lines"
def read_lines(path: str, start: int, end: int) -> str:
    """Lines start..end (1-based, inclusive) as 'N: text', at most READ_LINES_MAX, with notes."""
    ### BEGIN SOLUTION
    try:
        start, end = int(start), int(end)
    except (TypeError, ValueError):
        return "Error: start and end must be whole line numbers (1-based)"
    if start < 1 or end < start:
        return f"Error: need 1 <= start <= end, got start={start}, end={end}"
    try:
        real = resolve_in_root(path)
    except ToolError as err:
        return f"Error: {err}"
    if not os.path.isfile(real):
        return f"Error: {path} is not a regular file in the project"
    stop = min(end, start + READ_LINES_MAX - 1)
    shown, last = [], 0
    try:
        with open(real, encoding="utf-8") as f:
            for last, line in enumerate(f, start=1):
                if last >= start:
                    shown.append(f"{last}: {line.rstrip(chr(10))[:LINE_MAX_CHARS]}")
                if last >= stop:
                    break  # everything after this line is never read
    except UnicodeDecodeError:
        return f"Error: {path} is not UTF-8 text"
    except OSError as err:
        return f"Error: cannot read {path}: {err.strerror}"
    if not shown:
        return f"Error: {path} has {last} lines; start={start} is past the end"
    if last < stop:  # the file ended first
        shown.append(f"[end of file: {path} has {last} lines]")
    elif stop < end:  # the cap cut the request: say where to go on
        shown.append(f"[showing at most {READ_LINES_MAX} lines; call read_lines({path}, {stop + 1}, {end}) for the rest]")
    return "\n".join(shown)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_read_lines_visible" points=3
"""Check that read_lines numbers from 1, includes both ends, caps with a notice, notes the end of file, streams, and reports errors as strings."""
with nbtools.project() as root:
    got = call_tool(read_lines, "math_utils.py", 4, 5)
    assert got == "4: def add(a, b):\n5:     return a + b", f"lines 4 to 5 of math_utils.py, got:\n{got}"
    got = call_tool(read_lines, "math_utils.py", 1, 1)
    assert got == '1: """Small arithmetic helpers used by main.py."""', f"line 1 of math_utils.py, got:\n{got}"
    assert call_tool(read_lines, "math_utils.py", "4", "4") == "4: def add(a, b):", "accept '4' as 4"
    write_config_module(root)
    text = (root / "config_loader.py").read_text().splitlines()
    # the cap, and where to continue
    lines = call_tool(read_lines, "config_loader.py", 41, 400).splitlines()
    assert len(lines) == READ_LINES_MAX + 1, f"expected {READ_LINES_MAX} lines and a notice, got {len(lines)}"
    assert lines[:-1] == [f"{n}: {text[n - 1]}" for n in range(41, 41 + READ_LINES_MAX)], "lines 41 on, numbered from 1"
    assert lines[-1].startswith("[") and str(41 + READ_LINES_MAX) in lines[-1], f"say where to continue: {lines[-1]!r}"
    # the end of the file, and past it
    tail = call_tool(read_lines, "config_loader.py", 498, 600).splitlines()
    assert tail[:3] == [f"{n}: {text[n - 1]}" for n in (498, 499, 500)], f"the last three lines, got {tail[:3]}"
    assert len(tail) == 4 and tail[-1].startswith("[") and "500" in tail[-1], f"say where the file ends: {tail[-1]!r}"
    past = call_tool(read_lines, "config_loader.py", 501, 510)
    assert is_error(past) and "500" in past, f"say how long the file is: {past!r}"
    # streaming: this file is not UTF-8 after line 3,000, and lines 2-3 are all that is asked for
    with open(root / "big.log", "wb") as f:
        f.write(b"".join(b"line %05d: all is well\n" % n for n in range(1, 3001)))
        f.write(b"\xff\xfe broken tail\n" * 1000)
    assert call_tool(read_lines, "big.log", 2, 3) == "2: line 00002: all is well\n3: line 00003: all is well", \
        "read_lines must stop reading at `end` (this file is not UTF-8 further down)"
    # errors; a FIFO is not a regular file (opening one for reading waits forever)
    for args in [("math_utils.py", 0, 3), ("math_utils.py", 5, 4), ("missing.py", 1, 3), ("../outside.py", 1, 3),
                 ("math_utils.py", "one", 2), ("big.log", 2999, 3001)]:  # line 3,001 is not UTF-8
        assert is_error(call_tool(read_lines, *args)), f"read_lines{args!r} should be an error"
    (root / "docs").mkdir()
    assert is_error(call_tool(read_lines, "docs", 1, 2)), "a folder is not a file to read"
    os.mkfifo(root / "pipe")
    try:
        assert is_error(call_tool(read_lines, "pipe", 1, 2, timeout=1.0)), "a FIFO is not a regular file"
    finally:
        with contextlib.suppress(OSError):  # wake a reader stuck on the FIFO, if there is one
            os.close(os.open(root / "pipe", os.O_WRONLY | os.O_NONBLOCK))
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_read_lines_hidden" points=4
"""Check that read_lines handles the same kinds of case on other files and ranges."""
with nbtools.project():
    call_tool(read_lines, "main.py", 1, 2)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    write_config_module(root, lines=900)
    text = (root / "config_loader.py").read_text().splitlines()
    lines = call_tool(read_lines, "config_loader.py", 300, 899).splitlines()
    assert lines[:-1] == [f"{n}: {text[n - 1]}" for n in range(300, 300 + READ_LINES_MAX)]
    assert lines[-1].startswith("[") and str(300 + READ_LINES_MAX) in lines[-1], lines[-1]
    tail = call_tool(read_lines, "config_loader.py", 899, 5000).splitlines()
    assert tail[:2] == [f"899: {text[898]}", f"900: {text[899]}"] and "900" in tail[-1] and len(tail) == 3, tail
    assert "900" in call_tool(read_lines, "config_loader.py", 950, 960)
    assert call_tool(read_lines, "math_utils.py", "8", 8).startswith("8: ")
    (root / "wide.py").write_text("x = '" + "y" * 9000 + "'\n")
    assert len(call_tool(read_lines, "wide.py", 1, 1)) <= len("1: ") + LINE_MAX_CHARS + 40, "cut long lines"
    with open(root / "huge.log", "wb") as f:
        f.write(b"".join(b"ok %06d\n" % n for n in range(1, 8001)))
        f.write(b"\x80\x81\x82 not utf-8\n" * 500)
    assert call_tool(read_lines, "huge.log", 1000, 1001) == "1000: ok 001000\n1001: ok 001001"
    (root / "pkg").mkdir()
    for args in [("pkg", 1, 2), ("/etc/passwd", 1, 2), ("math_utils.py", -3, 2), ("huge.log", 7999, 8002)]:
        assert is_error(call_tool(read_lines, *args)), f"read_lines{args!r} should be an error"
    os.mkfifo(root / "pipe")
    try:
        assert is_error(call_tool(search_file, "x", "pipe", timeout=1.0)), "a FIFO is not a file to search"
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(root / "pipe", os.O_WRONLY | os.O_NONBLOCK))
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: The tools section of the system prompt (8 minutes)
#
# The tools changed, so the prompt must change with them. Assign `TOOLS_SECTION`: the
# `## Available Tools` part of the system prompt, one entry per tool the agent now has:
# `list_files(path)`, `search_file(pattern, path)`, `read_lines(path, start, end)` and
# `edit_file(path, old_str, new_str)`. `system_prompt()` (below, given) puts it between checkpoint
# 04's identity and its `## How to Work` section. Rules:
#
# - `read_file` must not appear at all: a prompt that describes a tool the agent no longer has
#   invites the model to call it.
# - Say what `search_file` returns (`path:line: text`) and when to use it (to find code instead of
#   reading whole files); say that `read_lines` is 1-based and inclusive and numbers its lines.
# - Keep the rule `edit_file` needs, in your own words: how a file is created (an empty
#   `old_str` and the whole file in `new_str`). The `## How to Work` section after yours already
#   says to read before editing; a good section also says to copy `old_str` from `read_lines`
#   without the line numbers it adds (Claude needs that; the tutor model does not test it).
#
# The checks run requests through checkpoint 04's loop with your section in the prompt, your
# tools, and tool schemas whose descriptions are a few plain words (`plain_schemas` in the setup
# cell), so your section is where the model learns how to use the tools. They look at what the
# agent does: it must search or read before its first edit, the edit must land, and a new file
# must be created without an error. Grading runs two more requests of those kinds.
#
# **Expected:** `Task 3 visible checks passed`.

# %% nbgrader="solution" grade_id="tools_section"
# TOOLS_SECTION: the "## Available Tools" section for list_files, search_file, read_lines, edit_file.
### BEGIN SOLUTION
TOOLS_SECTION = """\
## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir]. \
Use it when you do not yet know what the project contains.
**search_file(pattern, path)**: Find the lines that match a regular expression in a file, \
or in every file under a folder. Returns one `path:line: text` line per match, at most \
50. Use it to locate code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number. Read only the lines you need, usually \
a few around a search match.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once) and \
new_str to its replacement.
You must read the file first: read the lines you will change with read_lines, and copy \
old_str from them without the line numbers.
"""
### END SOLUTION

# %% nbgrader="locked" grade_id="assemble"
def system_prompt():
    """Checkpoint 04's prompt with its tool section replaced by TOOLS_SECTION."""
    before, rest = AGENT.SYSTEM_PROMPT.split("## Available Tools", 1)
    after = rest[rest.index("## How to Work"):]
    return before + TOOLS_SECTION.strip() + "\n\n" + after


print(system_prompt())

# %% nbgrader="tests" grade_id="test_tools_section_visible" points=2
"""Check that the section describes the four tools, not read_file, and that the agent still reads before it edits."""
assert isinstance(TOOLS_SECTION, str) and TOOLS_SECTION.strip().startswith("## Available Tools")
for signature in ["list_files(path)", "search_file(pattern, path)", "read_lines(path, start, end)",
                  "edit_file(path, old_str, new_str)"]:
    assert signature in TOOLS_SECTION, f"describe {signature}"
assert "read_file" not in system_prompt(), "read_file is gone: do not mention it"
assert "## How to Work" not in TOOLS_SECTION, "TOOLS_SECTION is only the tools section"
messages, files = run_task("Add a docstring to the add function in math_utils.py.")
assert_reads_before_editing(messages)
assert '"""' in files["math_utils.py"].split("def add(a, b):")[1].split("def subtract")[0], "add() got no docstring"
messages, files = run_task("Create hello.py with a hello world function.")
failed = [r for r in tool_results(messages) if r.startswith("Error")]
assert "hello.py" in files and not failed, f"hello.py was not created cleanly: {failed or 'no file'}"
print("Task 3 visible checks passed")

# %% nbgrader="tests" grade_id="test_tools_section_hidden" points=2
"""Check that the agent reads before it edits and creates files correctly on other requests."""
assert isinstance(TOOLS_SECTION, str)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
messages, files = run_task("Add a multiply function to math_utils.py.")
assert_reads_before_editing(messages)
assert "def multiply" in files["math_utils.py"]
messages, files = run_task("Write a JavaScript hello world and put it in hello.js.")
assert "hello.js" in files and not [r for r in tool_results(messages) if r.startswith("Error")], tool_results(messages)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: The token budget of the standard task (3 minutes, no code)
#
# Time to measure. The next cell runs the standard task twice, each in a fresh scratch project with
# the 500-line `config_loader.py`: once with checkpoint 03 (`read_file`), once with checkpoint 04's
# loop carrying **your** `search_file`, `read_lines` and tool section. It counts the tokens of every
# tool result with the tutor model's estimator (`count_text`: characters / 4), the same estimate the
# tutor reports in `usage`.
#
# **Expected:** the `read_file` run spends about 4,000 tokens on tool results (the whole module);
# your run spends under 300 (a search line, six numbered lines and a one-line edit confirmation),
# and `parse_config`'s default timeout becomes 60. The test cell checks the budget: fewer than 300
# tool-result tokens, and the edit made.

# %%
# The comparison (not graded). The read_file run uses checkpoint 03 unchanged.
old = load_checkpoint("03")
with nbtools.project() as root:
    write_config_module(root)
    old_messages = [{"role": "user", "content": STANDARD_TASK}]
    with contextlib.redirect_stdout(io.StringIO()):
        old.run_turn(nbtools.limited(client, 10), old_messages)
new_messages, _ = run_task(STANDARD_TASK)
for name, msgs in [("read_file (checkpoint 03)", old_messages), ("search_file + read_lines (yours)", new_messages)]:
    results = tool_results(msgs)
    print(f"{name:34} {len(results)} tool results, {sum(count_text(r) for r in results):5} tokens")

# %% nbgrader="tests" grade_id="test_budget_visible" points=4
"""Check that the standard task succeeds with your tools in under 300 tool-result tokens."""
messages, files = run_task(STANDARD_TASK)
assert protocol_errors(messages) == [], protocol_errors(messages)
results = tool_results(messages)
errors = [r for r in results if r.startswith("Error:")]
assert not errors, f"a tool failed: {errors[0][:200]}"
assert "def parse_config(path, timeout=60," in files["config_loader.py"], "the default timeout was not changed to 60"
spent = sum(count_text(r) for r in results)
assert spent < 300, f"tool results cost {spent} tokens; the budget is 300 (did something read the whole file?)"
print(f"Task 4 passed: {spent} tool-result tokens")

# %% nbgrader="tests" grade_id="test_budget_hidden" points=3
"""Check that the cost stays flat on a ten times bigger file, and a second task works with your tools."""
with nbtools.project():  # the rest of this cell is hidden until grading
    call_tool(search_file, "def", "main.py")
    call_tool(read_lines, "main.py", 1, 2)
### BEGIN HIDDEN TESTS
messages, files = run_task(STANDARD_TASK, config_lines=5000)
assert "def parse_config(path, timeout=60," in files["config_loader.py"]
spent = sum(count_text(r) for r in tool_results(messages))
assert spent < 300, f"a 5,000-line file cost {spent} tool-result tokens"
messages, files = run_task("Add a docstring to the add function in math_utils.py.")
assert protocol_errors(messages) == []
assert not any(r.startswith("Error:") for r in tool_results(messages)), tool_results(messages)
assert '"""' in files["math_utils.py"].split("def add(a, b):")[1].split("def subtract")[0], files["math_utils.py"]
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
