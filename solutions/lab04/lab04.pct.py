# ---
# jupyter:
#   agentcourse:
#     lab: lab04
#     title: 'search_file and read_lines: read less, pay less'
#     time_box_minutes: 40
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['03']            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: 'search_file: matching lines, capped, with a notice'
#       tests: [test_search_visible, test_search_hidden]
#       hint: >-
#         Count every matching line but keep only the first SEARCH_MAX_MATCHES, across all files; if
#         total > shown, add one [...] line saying how many were shown of how many. Search each line's
#         text without its line end. Compile the pattern inside try/except re.error.
#     - number: 2
#       title: 'read_lines: numbered, capped, streamed'
#       tests: [test_read_lines_visible, test_read_lines_hidden]
#       hint: >-
#         enumerate(f, start=1) numbers lines from 1; break as soon as you pass the last line you
#         need, so the rest of the file is never read. Work out the two notes from the line the file
#         ended on and the line the cap stopped at.
#     - number: 3
#       title: The tools section of the system prompt
#       tests: [test_tools_section_visible, test_tools_section_hidden]
#       hint: >-
#         Drop read_file entirely; describe search_file and read_lines with their parameters and what
#         they return (1-based, inclusive, numbered); say to search instead of reading whole files, to
#         copy old_str without the line numbers, and how edit_file creates a file (an empty old_str).
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
# The checks are properties: each rule of a task is tried on files, folders and requests the
# checks generate (nested folders, CRLF line ends, Unicode, bad bytes, sizes around every cap).
# `agentcourse lab check 4` runs a few of each from a terminal; grading runs more. A failure names
# the smallest example that breaks the rule. Run the setup cell first.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the tutor model, Lab 3's resolve_in_root, the limits and the helpers. Do not change it."""
import contextlib
import os
import re

import anthropic

from agentcourse.course import nbtools
from agentcourse.course.scaffold import lab04 as scaffold  # the loop, the checks' files
from agentcourse.course.scaffold.lab04 import call_tool, is_error, scratch_project
from agentcourse.paths import load_checkpoint
from agentcourse.projects.sample import write_config_module
from agentcourse.tutor import TutorConfig

STACK = contextlib.ExitStack()  # closed by the last cell
SENT = []  # every request the tutor model receives, as it was sent
TUTOR_URL = STACK.enter_context(nbtools.tutor(TutorConfig(ledger=SENT.append)))
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

LAB3 = load_checkpoint("03").tools  # checkpoint 03's tools.py: Lab 3's resolve_in_root and ToolError
ToolError = LAB3.ToolError  # what resolve_in_root raises for a path outside the project
SEARCH_MAX_MATCHES = scaffold.SEARCH_MAX_MATCHES  # 50 matching lines per search_file call
READ_LINES_MAX = scaffold.READ_LINES_MAX  # 200 lines per read_lines call
LINE_MAX_CHARS = scaffold.LINE_MAX_CHARS  # a longer line is cut to this many characters (2000)
STANDARD_TASK = scaffold.STANDARD_TASK


def resolve_in_root(path):
    """The real path of `path` if it is inside the project (the cwd); else ToolError (Lab 3)."""
    return LAB3.resolve_in_root(path)


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


def run_task(prompt, config_lines=500):
    """Run `prompt` through checkpoint 03's loop with YOUR search_file, read_lines and
    system_prompt() (Task 3), and tool schemas of a few plain words, in a scratch project
    with a config_loader.py of `config_lines` lines. Returns the run: .messages, .files (the
    project's files after the turn) and .sent (the requests the tutor model received)."""
    tools = {"search_file": search_file, "read_lines": read_lines}
    return scaffold.run_task(prompt, client, tools, system_prompt(), SENT, config_lines)


try:  # and what the checks compare with, the tasks' answers: when graded, only the checks can
    # import these (your kernel sees their folder empty), so no answer can call them
    from agentcourse.course.scaffold.judged.lab04 import (  # noqa: F401
        search_problem_any,
        search_reading,
        window_problem_any,
    )
except ImportError:
    pass

print("setup ok: tutor model at", TUTOR_URL)


# %% [markdown]
# ## Task 1: `search_file` (12 minutes)
#
# `search_file(pattern, path)` finds the lines matching the regular expression `pattern` in the
# file `path`, or in every file under the folder `path`, subfolders included. `files_to_search(real)`
# in the setup cell gives you those files, in order; it leaves out hidden files and folders (names
# starting with `.`) and files whose real location is outside the project. Each match is one line:
#
#     config_loader.py:240: def parse_config(path, timeout=30, retries=3, strict=False):
#
# that is `relative(file)` (the path from the project root, whatever folder was searched), `:`, the
# line number (the first line of a file is 1), `: `, then the line's text cut to its first
# `LINE_MAX_CHARS` characters. Rules:
#
# - **A line** ends at `\n`; a `\r` just before it belongs to the line end (Windows files), and
#   neither is part of the line's text. Nothing else ends a line: a form feed or a `\u2028` stays
#   inside its line (`str.splitlines()` would split there: don't use it). Iterating over an open
#   file gives you exactly these lines. A lone `\r` (old Mac files) may end a line or not, as you
#   like (text mode ends a line there, binary mode does not), as long as `read_lines` counts lines
#   the same way.
# - **A match** is `re.search(pattern, text)` on a line's whole text, without its line end (a match
#   past the cut counts). A line with several matches is one matching line.
# - Show at most `SEARCH_MAX_MATCHES` matching lines **in all**, not per file: the first ones, in the
#   order of `files_to_search` and then of the lines. If there were more, add **one last line** in
#   square brackets that says how many were shown and how many there were in all, e.g. `[50 of 137
#   matching lines shown; narrow the pattern or the path]`. With `SEARCH_MAX_MATCHES` or fewer,
#   nothing follows the matches. A cap that does not say so makes the model believe it saw
#   everything.
# - No match at all is not an error: return `No lines match '<pattern>' in <path>`.
# - An invalid pattern (`"def ("`) is an error string, not an exception. So is an empty pattern,
#   a path outside the project, or a path that is neither a file nor a folder (a FIFO, say).
# - A stray byte must not hide the matches: decode with `encoding="utf-8", errors="replace"` (a
#   bad byte shows as `\ufffd`).
#
# The checks generate files and folders along each rule: nested folders, hidden files, a link out
# of the project, totals just under, at and over the cap, CRLF and mixed line ends, form feeds,
# Unicode, bad bytes, lines far longer than the cut.
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
            # text mode: "\r\n" (and a lone "\r") come back as "\n", so one rstrip removes the line end
            with open(file, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, start=1):
                    text = line.rstrip("\n")
                    if regex.search(text):
                        total += 1  # keep counting past the cap: the notice needs the total
                        if len(shown) < SEARCH_MAX_MATCHES:
                            shown.append(f"{relative(file)}:{number}: {text[:LINE_MAX_CHARS]}")
    except OSError as err:
        return f"Error: cannot search {path}: {err.strerror}"
    if not shown:
        return f"No lines match {pattern!r} in {path}"
    if total > len(shown):
        shown.append(f"[{len(shown)} of {total} matching lines shown; narrow the pattern or the path]")
    return "\n".join(shown)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_search_visible" points=3
"""Check that search_file numbers matches from 1, searches nested folders, caps the total with a notice, cuts long lines and turns failures into errors."""
import warnings  # noqa: E402 - a test cell's own imports

from hypothesis import example  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from agentcourse.course.props import holds  # noqa: E402 - a property, tried on generated examples


def searched(path):
    """The files a search of `path` covers, by the names a result gives them."""
    return [relative(file) for file in files_to_search(resolve_in_root(path))]


with nbtools.project() as root:
    write_config_module(root)
    result = call_tool(search_file, "def parse_config", "config_loader.py")
    assert re.fullmatch(r"config_loader\.py:\d+: def parse_config\(.*", result), result
    number = int(result.split(":")[1])
    line = (root / "config_loader.py").read_text().splitlines()[number - 1]
    assert line.startswith("def parse_config("), f"line {number} is not the def: the numbers must be 1-based"
    assert call_tool(search_file, "def add", "math_utils.py") == "math_utils.py:4: def add(a, b):"


# One file, anywhere: line ends, form feeds, Unicode, bad bytes, long lines, what a match is.
@holds(scaffold.files())
@example(scaffold.file_case(b"alpha\r\nx = needle\r\n", "needle$"))  # CRLF: the \r is part of the line end
@example(scaffold.file_case("a\fb\u2028c\nneedle\n".encode()))  # a form feed and U+2028 end no line
@example(scaffold.file_case(b"caf\xe9 needle\n"))  # a stray byte
@example(scaffold.file_case(b"x" * 2500 + b" needle\n"))  # a long line, the match past the cut
@example(scaffold.file_case(b"needle, needle\n" * 2, path="."))  # one matching line each
@example(scaffold.file_case(b"trailing \nnone\n", r"\s$", "pkg/f.py", "pkg"))  # the text without its line end
def _(case):
    with scratch_project({case.name: case.data}):
        got = call_tool(search_file, case.pattern, case.path)
        order = searched(case.path)
    call = f"search_file({case.pattern!r}, {case.path!r})"
    problem = search_problem_any(got, {case.name: case.data}, order, case.pattern, call)
    assert not problem, problem


# Folders: nested ones searched, hidden files and a link out of the project not; the cap is on
# the total, and the notice comes only when it cut something.
@holds(scaffold.trees())
@example(scaffold.tree_of({"src/a.py": 20, "src/x/b.py": 20, "src/x/y/c.py": 20}))  # 60 in all, 20 per file
@example(scaffold.tree_of({"src/a.py": 25, "src/x/y/b.py": 25}))  # exactly the cap: no notice
@example(scaffold.tree_of({"src/d/e/a.py": 51}, path="./src/", endings="\r\n"))  # one over
def _(tree):
    with scratch_project(tree.files):
        got = call_tool(search_file, "needle", tree.path)
        order = searched(tree.path)
    problem = search_problem_any(got, tree.files, order, "needle", f"search_file('needle', {tree.path!r})")
    assert not problem, problem


# An invalid pattern is an error; a valid one is not.
with scratch_project({"f.py": b"ab\n(a)\n[b]\n"}), warnings.catch_warnings():
    warnings.simplefilter("ignore")  # re's FutureWarning about nested sets

    @holds(st.text(alphabet="ab()[]{}*+?|^$.\\", max_size=6))
    def _(pattern):
        try:
            valid = bool(re.compile(pattern).pattern)
        except re.error:
            valid = False
        got = call_tool(search_file, pattern, "f.py")
        assert is_error(got) != valid, (f"search_file({pattern!r}, 'f.py'): the pattern is "
                                        f"{'valid' if valid else 'not a valid, non-empty regular expression'}, "
                                        f"so the answer is {'not ' if valid else ''}an error: {got[:100]!r}")


with scratch_project({"f.py": b"needle\n", "pkg/g.py": b"x\n"}) as root:
    for path in ["../outside/secret.py", "pkg/../../outside", "/etc/passwd", "missing.py", "pkg/missing/"]:
        assert is_error(call_tool(search_file, "needle", path)), f"search_file('needle', {path!r}) should be an error"
    with scaffold.fifo(root / "pipe"):
        got = call_tool(search_file, "x", "pipe", timeout=1.0)
        assert is_error(got), f"a FIFO is neither a file nor a folder: an error, got {got!r}"
    with scaffold.fifo(root / "pkg" / "pipe"):
        got = call_tool(search_file, "x", "pkg", timeout=1.0)
        assert got == "pkg/g.py:1: x", f"a folder search reads the files files_to_search gives, never a FIFO: {got!r}"
print("Task 1 visible checks passed")

# %% nbgrader="tests" grade_id="test_search_hidden" points=4
"""Check that search_file handles the same kinds of case on other files, patterns and paths."""
with nbtools.project():
    call_tool(search_file, "def", "main.py")  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
# Larger folders: many files with a few matches each, deeper nesting.
@holds(scaffold.trees(most_files=25, most_matches=6), most=25)
def _(tree):
    with scratch_project(tree.files):
        got = call_tool(search_file, "needle", tree.path)
        order = searched(tree.path)
    problem = search_problem_any(got, tree.files, order, "needle", f"search_file('needle', {tree.path!r})")
    assert not problem, problem


with nbtools.project() as root:
    write_config_module(root, lines=800)
    (root / "pkg").mkdir()
    os.replace(root / "config_loader.py", root / "pkg" / "loader.py")
    text = (root / "pkg" / "loader.py").read_text().splitlines()
    expected = [f"pkg/loader.py:{n}: {line}" for n, line in enumerate(text, start=1) if re.search(r"\breturn\b", line)]
    assert len(expected) > SEARCH_MAX_MATCHES + 5
    lines = call_tool(search_file, r"\breturn\b", "pkg").splitlines()
    assert lines[:-1] == expected[:SEARCH_MAX_MATCHES], "the first matches of a folder search, in order"
    assert {SEARCH_MAX_MATCHES, len(expected)} <= scaffold.numbers_in(lines[-1]), lines[-1]
    assert call_tool(search_file, "def subtract", "math_utils.py").count("\n") == 0, "no notice without a cut"
    (root / "pkg" / "min.js").write_text("var a=1;" * 2000 + "\n")
    wide = call_tool(search_file, "var a", "pkg/min.js")
    assert len(wide) <= len("pkg/min.js:1: ") + LINE_MAX_CHARS + scaffold.MARKER_SLACK, "cut long lines"
    (root / "cp1252.txt").write_bytes(b"caf\xe9\nfind me here\n")
    assert call_tool(search_file, "find me", "cp1252.txt") == "cp1252.txt:2: find me here"
    (root / "crlf.py").write_bytes(b"a = 1\r\nneedle = 2\r\n")
    assert call_tool(search_file, "needle = 2$", "crlf.py") == "crlf.py:2: needle = 2"
    assert call_tool(search_file, "zzz_nothing", ".").startswith("No lines match")
    for args in [("[unclosed", "."), ("*", "math_utils.py"), ("x", "/etc/passwd"), ("x", "pkg/missing.py")]:
        assert is_error(call_tool(search_file, *args)), f"search_file{args!r} should be an error"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: `read_lines` (12 minutes)
#
# `read_lines(path, start, end)` returns lines `start` to `end` of a text file, **1-based and
# inclusive**, each as its number, `: ` and its text (`240: def parse_config(...)`): the lines of
# Task 1 (no line end; a lone `\r` counted as your `search_file` counts it), cut to
# `LINE_MAX_CHARS` characters. The numbers are how the model finds its way back to the line, and
# they match the numbers `search_file` printed. Rules:
#
# - `start` and `end` must be whole numbers (`int(...)` them: some clients send `"12"`) with
#   `1 <= start <= end`; anything else is an error. A `start` past the end of the file is an error
#   that says how many lines the file has.
# - Show at most `READ_LINES_MAX` lines. Then, at most one more line, in square brackets:
#   - when the cap cut the request, one that names the line to continue from, e.g. `[showing at
#     most 200 lines; call read_lines(path, 241, 500) for the rest]`;
#   - when the file ended before `end` (and before the cap), `[end of file: <path> has N lines]`;
#   - when the last line shown is both the file's last and the cap's, either of the two;
#   - otherwise (every line asked for is shown) nothing.
# - **Stream.** Read the file line by line and stop as soon as you have the last line you need:
#   lines 1 to 5 of a 2 GB log should cost five lines. The checks read lines near the start of
#   files much larger than those lines: bytes that are not UTF-8 64 KB or more after the last
#   line asked for must not matter, and a read that goes on past `end` fails. In your notebook
#   the call may take at most 4 MB of memory (the check measures it); graded, the file runs on
#   past the memory your kernel may take, so only a read that stops at `end` returns.
# - **Decode strictly**: a line you return that is not UTF-8 makes the answer an error string
#   (replaced bytes would give the model text that is not in the file to copy into `old_str`).
#   Bad bytes in lines you skip, before `start` or just after the last line, may be an error or not.
# - A missing file, a folder, a FIFO, a path outside the project: error strings.
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
        with open(real, encoding="utf-8") as f:  # text mode, as search_file: the same lines
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
from hypothesis import example  # noqa: E402 - a test cell's own imports
from hypothesis import strategies as st  # noqa: E402

from agentcourse.course.props import holds  # noqa: E402

with nbtools.project() as root:
    got = call_tool(read_lines, "math_utils.py", 4, 5)
    assert got == "4: def add(a, b):\n5:     return a + b", f"lines 4 to 5 of math_utils.py, got:\n{got}"
    got = call_tool(read_lines, "math_utils.py", 1, 1)
    assert got == '1: """Small arithmetic helpers used by main.py."""', f"line 1 of math_utils.py, got:\n{got}"
    assert call_tool(read_lines, "math_utils.py", "4", "4") == "4: def add(a, b):", "accept '4' as 4"
    (root / "docs").mkdir()
    for args in [("missing.py", 1, 3), ("../outside.py", 1, 3), ("/etc/passwd", 1, 2), ("docs", 1, 2)]:
        assert is_error(call_tool(read_lines, *args)), f"read_lines{args!r} should be an error"
    with scaffold.fifo(root / "pipe"):  # opening a FIFO for reading waits forever
        assert is_error(call_tool(read_lines, "pipe", 1, 2, timeout=1.0)), "a FIFO is not a regular file"


# Windows of every size around every boundary: the first and last lines, one past the end,
# exactly READ_LINES_MAX lines and one more; start and end as numbers or strings.
@holds(scaffold.windows())
@example(scaffold.window_of(500, 41, 400))  # cut by the cap: continue from 241
@example(scaffold.window_of(300, 1, READ_LINES_MAX))  # exactly the cap, all there: nothing follows
@example(scaffold.window_of(300, 50, 50 + READ_LINES_MAX))  # one more than the cap: continue from 250
@example(scaffold.window_of(150, 140, 400))  # the file ends first: it has 150 lines
@example(scaffold.window_of(150, "151", "160"))  # past the end: an error naming 150
@example(scaffold.Window(scaffold.Data("a\r\nb\fc\u2028d\r\ne\r\n".encode()), 2, 3))  # CRLF, \f, U+2028
def _(window):
    with scratch_project({"d/f.txt": window.data}):
        got = call_tool(read_lines, "d/f.txt", window.start, window.end)
    call = f"read_lines('d/f.txt', {window.start!r}, {window.end!r})"
    problem = window_problem_any(got, window.data, int(window.start), int(window.end), call)
    assert not problem, problem


with scratch_project({"f.txt": scaffold.numbered(40)}) as root:
    # Anything but 1 <= start <= end, as whole numbers, is an error.
    @holds(st.one_of(st.tuples(st.integers(-3, 0), st.integers(-3, 5)),
                     st.integers(2, 30).flatmap(lambda s: st.tuples(st.just(s), st.integers(-2, s - 1))),
                     st.tuples(st.sampled_from(["one", "", "1.5", "2x", None]), st.just(3)),
                     st.tuples(st.just(2), st.sampled_from(["three", "4.5", None]))))
    def _(args):
        got = call_tool(read_lines, "f.txt", *args)
        assert is_error(got), f"read_lines('f.txt', {args[0]!r}, {args[1]!r}) should be an error, got {got[:80]!r}"

    # A line that is not UTF-8 among those asked for is an error; bad bytes far past them are not.
    @holds(scaffold.bad_windows())
    def _(case):
        window, bad = case
        (root / "bad.txt").write_bytes(window.data)
        got = call_tool(read_lines, "bad.txt", window.start, window.end)
        assert is_error(got), (f"read_lines('bad.txt', {window.start}, {window.end}): line {bad} is not UTF-8, "
                               f"so the answer is an error, got {got[:80]!r}")

    @holds(scaffold.far_bad_windows())
    def _(window):
        (root / "far.txt").write_bytes(window.data)
        got = call_tool(read_lines, "far.txt", window.start, window.end)
        call = f"read_lines('far.txt', {window.start}, {window.end}) (bytes that are not UTF-8 64 KB further on)"
        problem = window_problem_any(got, window.data, window.start, window.end, call)
        assert not problem, problem


# Streaming: lines 2-3 of a file whose lines after 3,000 are not UTF-8 (16 MB of them). When
# graded, the file then goes on past the memory your kernel may take (a hole: no disk used).
with scratch_project() as root:
    scaffold.big_log(root / "big.log")
    with scaffold.peak_memory() as peak:  # in your notebook; graded, the file's size measures it
        try:
            got = call_tool(read_lines, "big.log", 2, 3, timeout=10)
        except AssertionError as err:
            raise AssertionError(f"read_lines must stop reading at `end`: {err}") from None
    assert got == "2: line 00002: all is well\n3: line 00003: all is well", \
        f"read_lines must stop reading at `end` (this file is not UTF-8 after line 3,000): {got[:100]!r}"
    assert peak[0] <= 4 * 2**20, f"read_lines('big.log', 2, 3) took {peak[0] / 2**20:.0f} MB: read only up to line 3"
    assert is_error(call_tool(read_lines, "big.log", 2999, 3001)), "line 3,001 is not UTF-8: an error"


# The same line numbers as search_file's, whichever way both count a lone \r.
@holds(scaffold.lone_cr_files())
def _(data):
    with scratch_project({"m.txt": data}):
        try:
            found = call_tool(search_file, "needle", "m.txt")
        except AssertionError:
            found = None  # Task 1 is not done yet: nothing to compare with
        if found and search_reading(found, {"m.txt": data}, ["m.txt"], "needle") is not None:
            for match in found.split("\n"):
                number, text = match.split(": ", 1)[0].split(":")[1], match.split(": ", 1)[1]
                got = call_tool(read_lines, "m.txt", int(number), int(number))
                assert got == f"{number}: {text}", (f"search_file found {match!r}, read_lines('m.txt', {number}, "
                                                    f"{number}) gave {got!r}: count lines as search_file does")
print("Task 2 visible checks passed")

# %% nbgrader="tests" grade_id="test_read_lines_hidden" points=4
"""Check that read_lines handles the same kinds of case on other files and ranges."""
with nbtools.project():
    call_tool(read_lines, "main.py", 1, 2)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
# Longer files, windows anywhere in them.
@holds(scaffold.windows(most_lines=3000), most=25)
def _(window):
    with scratch_project({"d/f.txt": window.data}):
        got = call_tool(read_lines, "d/f.txt", window.start, window.end)
    call = f"read_lines('d/f.txt', {window.start!r}, {window.end!r})"
    problem = window_problem_any(got, window.data, int(window.start), int(window.end), call)
    assert not problem, problem


with nbtools.project() as root:
    write_config_module(root, lines=900)
    text = (root / "config_loader.py").read_text().splitlines()
    lines = call_tool(read_lines, "config_loader.py", 300, 899).splitlines()
    assert lines[:-1] == [f"{n}: {text[n - 1]}" for n in range(300, 300 + READ_LINES_MAX)]
    assert 300 + READ_LINES_MAX in scaffold.numbers_in(lines[-1]), lines[-1]
    tail = call_tool(read_lines, "config_loader.py", 899, 5000).splitlines()
    assert tail[:2] == [f"899: {text[898]}", f"900: {text[899]}"] and len(tail) == 3, tail
    assert 900 in scaffold.numbers_in(call_tool(read_lines, "config_loader.py", 950, 960))
    assert call_tool(read_lines, "math_utils.py", "8", 8).startswith("8: ")
    (root / "crlf.py").write_bytes(b"a = 1\r\nb = 2\r\n")
    assert call_tool(read_lines, "crlf.py", 2, 2) == "2: b = 2"
    (root / "wide.py").write_text("x = '" + "y" * 9000 + "'\n")
    assert len(call_tool(read_lines, "wide.py", 1, 1)) <= len("1: ") + LINE_MAX_CHARS + scaffold.MARKER_SLACK
    with open(root / "huge.log", "wb") as f:
        f.write(b"".join(b"ok %06d\n" % n for n in range(1, 8001)))
        f.write(b"\x80\x81\x82 not utf-8\n" * 500)
    assert call_tool(read_lines, "huge.log", 1000, 1001) == "1000: ok 001000\n1001: ok 001001"
    (root / "pkg").mkdir()
    for args in [("pkg", 1, 2), ("math_utils.py", -3, 2), ("huge.log", 7999, 8002)]:
        assert is_error(call_tool(read_lines, *args)), f"read_lines{args!r} should be an error"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: The tools section of the system prompt (8 minutes)
#
# The tools changed, so the prompt must change with them. Assign `TOOLS_SECTION`: the
# `## Available Tools` part of the system prompt, one entry per tool the agent now has, each
# with its signature written as here: `list_files(path)`, `search_file(pattern, path)`,
# `read_lines(path, start, end)` and `edit_file(path, old_str, new_str)`. `system_prompt()` (below,
# given) puts it between checkpoint 04's identity and its `## How to Work` section, which already
# says to read before editing (leave that section out of yours). Say, in your own words:
#
# - what each tool returns; for `search_file`, that it is how to find code **instead of reading
#   whole files** (and nowhere ask for a whole file to be read);
# - that `read_lines` numbers lines **from 1** and includes **both** `start` and `end` (and nothing
#   that says otherwise: 0-based, `end` left out, like a Python slice);
# - that `old_str` is copied from `read_lines` **without the line numbers** it adds;
# - how `edit_file` creates a file: an empty `old_str` and the whole file in `new_str`.
#
# `read_file` must not appear at all: a prompt that describes a tool the agent no longer has
# invites the model to call it.
#
# The checks read your section for those points, in any words ("1-based" or "numbered from 1",
# "inclusive" or "both ends included", "without the line numbers", "instead of reading whole
# files"). Then they run requests through the loop with your section in the prompt, your tools,
# and tool schemas of a few plain words, so your section is where the model learns the tools:
# the prompt the tutor model receives must hold your section, the agent must search or read
# before its first edit, the edit must land, and a new file must be created without an error.
# Grading runs two more requests of those kinds.
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
    """Checkpoint 04's prompt with TOOLS_SECTION as its tools section."""
    return scaffold.PROMPT_HEAD + TOOLS_SECTION.strip() + "\n\n" + scaffold.PROMPT_TAIL


print(system_prompt())

# %% nbgrader="tests" grade_id="test_tools_section_visible" points=2
"""Check that the section describes the four tools as the task asks, not read_file, and that the agent still reads before it edits."""
import json  # noqa: E402 - a test cell's own import

assert isinstance(TOOLS_SECTION, str) and TOOLS_SECTION.strip().startswith("## Available Tools"), \
    "TOOLS_SECTION starts with its heading, ## Available Tools"
for signature in ["list_files(path)", "search_file(pattern, path)", "read_lines(path, start, end)",
                  "edit_file(path, old_str, new_str)"]:
    assert signature in TOOLS_SECTION, f"describe {signature}, written as that"
assert "read_file" not in system_prompt(), "read_file is gone: do not mention it"
assert "## How to Work" not in TOOLS_SECTION, "TOOLS_SECTION is only the tools section"
problems = scaffold.section_problems(TOOLS_SECTION)
assert not problems, "the section should " + "; ".join(problems)
run = run_task("Add a docstring to the add function in math_utils.py.")
sent = json.dumps([request.get("system") for request in run.sent])
assert run.sent and TOOLS_SECTION.strip() in run.sent[0].get("system", ""), "the prompt sent does not hold your section"
assert "read_file" not in sent, "the prompt the model received mentions read_file"
scaffold.assert_reads_before_editing(run.messages)
assert '"""' in run.files["math_utils.py"].split("def add(a, b):")[1].split("def subtract")[0], "add() got no docstring"
run = run_task("Create hello.py with a hello world function.")
failed = [r for r in scaffold.tool_results(run.messages) if r.startswith("Error")]
assert "hello.py" in run.files and not failed, f"hello.py was not created cleanly: {failed or 'no file'}"
print("Task 3 visible checks passed")

# %% nbgrader="tests" grade_id="test_tools_section_hidden" points=2
"""Check that the agent reads before it edits and creates files correctly on other requests."""
assert isinstance(TOOLS_SECTION, str)  # the rest of this cell is hidden until grading
### BEGIN HIDDEN TESTS
run = run_task("Add a multiply function to math_utils.py.")
scaffold.assert_reads_before_editing(run.messages)
assert "def multiply" in run.files["math_utils.py"]
run = run_task("Write a JavaScript hello world and put it in hello.js.")
assert "hello.js" in run.files
assert not [r for r in scaffold.tool_results(run.messages) if r.startswith("Error")], scaffold.tool_results(run.messages)
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: The token budget of the standard task (3 minutes, no code)
#
# Time to measure. The next cell runs the standard task twice, each in a fresh scratch project with
# the 500-line `config_loader.py`: once with checkpoint 03 as it is (`read_file`), once with
# checkpoint 03's loop carrying **your** `search_file`, `read_lines` and tool section. It counts the
# tokens of every tool result the model received with the tutor model's estimator (`count_text`:
# characters / 4), the same estimate the tutor reports in `usage`.
#
# **Expected:** the `read_file` run spends about 4,000 tokens on tool results (the whole module);
# your run spends under 300 (a search line, six numbered lines and a one-line edit confirmation),
# and `parse_config`'s default timeout becomes 60. The test cell checks the budget: fewer than 300
# tool-result tokens, and the edit made.

# %%
# The comparison (not graded). The read_file run uses checkpoint 03 unchanged.
import io  # noqa: E402

from agentcourse.tutor.speak.tokens import count_text  # noqa: E402

old = load_checkpoint("03")
with nbtools.project() as root:
    write_config_module(root)
    old_messages = [{"role": "user", "content": STANDARD_TASK}]
    with contextlib.redirect_stdout(io.StringIO()):
        old.run_turn(nbtools.limited(client, 10), old_messages)
new_messages = run_task(STANDARD_TASK).messages
for name, msgs in [("read_file (checkpoint 03)", old_messages), ("search_file + read_lines (yours)", new_messages)]:
    results = scaffold.tool_results(msgs)
    print(f"{name:34} {len(results)} tool results, {sum(count_text(r) for r in results):5} tokens")

# %% nbgrader="tests" grade_id="test_budget_visible" points=4
"""Check that the standard task succeeds with your tools in under 300 tool-result tokens."""
from agentcourse.api.protocol import protocol_errors  # noqa: E402 - a test cell's own imports
from agentcourse.tutor.speak.tokens import count_text  # noqa: E402

run = run_task(STANDARD_TASK)
assert protocol_errors(run.messages) == [], protocol_errors(run.messages)
results = scaffold.sent_results(run.sent[-1])  # every tool result, as the model last received them
errors = [r for r in results if r.startswith("Error:")]
assert not errors, f"a tool failed: {errors[0][:200]}"
assert "def parse_config(path, timeout=60," in run.files["config_loader.py"], "the default timeout was not changed to 60"
spent = sum(count_text(r) for r in results)
assert spent < 300, f"tool results cost {spent} tokens; the budget is 300 (did something read the whole file?)"
print(f"Task 4 passed: {spent} tool-result tokens")

# %% nbgrader="tests" grade_id="test_budget_hidden" points=3
"""Check that the cost stays flat on a ten times bigger file, and a second task works with your tools."""
with nbtools.project():  # the rest of this cell is hidden until grading
    call_tool(search_file, "def", "main.py")
    call_tool(read_lines, "main.py", 1, 2)
### BEGIN HIDDEN TESTS
run = run_task(STANDARD_TASK, config_lines=5000)
assert "def parse_config(path, timeout=60," in run.files["config_loader.py"]
spent = sum(count_text(r) for r in scaffold.sent_results(run.sent[-1]))
assert spent < 300, f"a 5,000-line file cost {spent} tool-result tokens"
run = run_task("Add a docstring to the add function in math_utils.py.")
assert protocol_errors(run.messages) == []
assert not any(r.startswith("Error:") for r in scaffold.tool_results(run.messages)), scaffold.tool_results(run.messages)
assert '"""' in run.files["math_utils.py"].split("def add(a, b):")[1].split("def subtract")[0], run.files["math_utils.py"]
### END HIDDEN TESTS

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stop the tutor model
print("done: save the notebook and submit it")
