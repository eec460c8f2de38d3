# ---
# jupyter:
#   agentcourse:
#     lab: lab08
#     title: The text editor's commands and the guardrail's eyes
#     time_box_minutes: 60
#     time_box_basis: >-
#       The sum of the task minutes plus 5 to read (solutions/CONVENTIONS.md). Task minutes
#       follow each task's share of the 81 lines of solution code, at about 0.65 minutes per
#       line: the pace the trial runs of labs 3 and 4 showed (75 lines in 45-60 minutes, 77
#       lines in about 40) for a student who had read the lecture.
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: 'view: numbered lines and a view_range'
#       tests: [test_view_numbers, test_view_range, test_view_errors]
#       hint: >-
#         load(path) gives the text as stored; split it with text.split("\n"); -1 as the end means
#         len(lines); check 1 <= start <= end <= len(lines) before numbering lines[start - 1:end].
#     - number: 2
#       title: 'str_replace: exactly once, checks before the backup'
#       tests: [test_replace_once, test_replace_errors, test_replace_backup_order, test_replace_bytes]
#       hint: >-
#         load, count, and only then backup and write_atomically. text.count(old_str) gives the number
#         the "Found N matches" error needs.
#     - number: 3
#       title: 'insert: after a line, 0 for the top'
#       tests: [test_insert_positions, test_insert_errors]
#       hint: >-
#         Keep each line's ending (split("\n") and add it back, or splitlines(keepends=True) on text
#         without form feeds); insert_text without a final newline gets one.
#     - number: 4
#       title: 'commands_in: every command node, not the first word'
#       tests: [test_commands_chains, test_commands_nested, test_commands_quoted, test_commands_dynamic]
#       hint: >-
#         Walk every node of parse(command) recursively; each node of type "command" has a "name"
#         field and "argument" fields. word(node) gives the text bash sees, or None when it is computed.
#     - number: 5
#       title: Wrappers and shell strings
#       tests: [test_wrappers, test_shell_strings]
#       hint: >-
#         Write commands_in around a helper run(words) that records words[0] and, for a wrapper, calls
#         itself on the words after the options; for bash -c and eval, call commands_in on the string.
#     - number: 6
#       title: Approval per program
#       tests: [test_needs_approval]
#       hint: Every program of commands_in(command) that is not in approved; an Unanalysable command needs
#         approval as a whole.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 8: The text editor's commands and the guardrail's eyes
#
# **Time box: 60 minutes**
#
# Six tasks, 35 points. Stop when the time is up and submit what you have: every check cell is
# graded on its own, one kind of case each, so a half-done task still earns the cells it passes.
#
# Checkpoint 08 gives the agent the two tools Claude is trained on. You write the parts of them
# where a small mistake costs the most:
#
# 1. the text editor's `view`, `str_replace` and `insert`, with the errors Anthropic's text editor
#    documentation suggests, and the order of checks that keeps a refused edit from leaving a
#    backup behind;
# 2. the guardrail's `commands_in(command)`: every program a bash command would run, read with a
#    real bash parser, so that approving `ls` never approves `ls && rm -rf x`.
#
# The tool contract is checkpoint 03's: the project root is the current working directory, and a
# tool never raises, every failure is a string that starts with `Error:`.
#
# How to work: run the setup cell once, then fill in each answer cell (keep the name, signature
# and docstring) and run the check cells under it. `agentcourse lab check 8` runs every visible
# check from a terminal. Grading runs more instances of exactly the kinds of case you see.

# %% nbgrader="locked" grade_id="setup"
"""Setup: helpers for the text editor and the parser. Run it first; do not change it."""
import contextlib
import datetime
import os
import posixpath
import re
import shutil
import tempfile
from pathlib import Path

import tree_sitter_bash
from tree_sitter import Language, Parser

from agentcourse.sample import copy_sample_project

SECRET = "a file outside the project\n"
BACKUPS = ".agent-backups"


@contextlib.contextmanager
def scratch_project():
    """A fresh copy of the sample project as the current directory, a secret beside it."""
    outer = Path(tempfile.mkdtemp(prefix="lab08-")).resolve()
    root = copy_sample_project(outer / "proj")
    (outer / "secret.txt").write_text(SECRET)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


def confine(path):
    """The real path of `path` inside the project (the cwd), or ValueError (lab 3's lesson)."""
    if not isinstance(path, str) or not path or "\x00" in path or path.startswith("~"):
        raise ValueError(f"{path!r} is not a usable path")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ValueError(f"{path!r} is outside the project directory; access refused")
    return real


def load(path):
    """(real path, text) of a file in the project, read exactly as stored (newline="");
    ValueError with a one-line reason for a path outside the project or a missing file."""
    real = confine(path)
    if not os.path.isfile(real):
        raise ValueError(f"File not found: {path}")
    with open(real, encoding="utf-8", newline="") as f:
        return real, f.read()


def backup(real):
    """Copy the file at `real` to .agent-backups/<name>.<timestamp> in the project."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    copy = Path(os.getcwd()) / BACKUPS / f"{os.path.relpath(real, os.getcwd())}.{stamp}"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(real, copy)


def write_atomically(real, text):
    """Write `text` exactly as given (no newline translation), never half-written."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(real), prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, real)


def backups():
    """Every backup file made so far in this project, and in the folder around it."""
    root = Path(os.getcwd())
    made = list((root / BACKUPS).rglob("*")) if (root / BACKUPS).exists() else []
    return [p for p in made + list(root.parent.glob(f"{BACKUPS}/**/*")) if p.is_file()]


BASH = Parser(Language(tree_sitter_bash.language()))


class Unanalysable(ValueError):
    """What the command runs cannot be known from its text (the user must be asked)."""


def parse(command):
    """The root node of bash's syntax tree for `command` (tree-sitter-bash)."""
    return BASH.parse(command.encode()).root_node


def word(node):
    """The text bash sees for a word once quotes and backslashes are gone, or None when it
    depends on something computed at run time ($x, $(...))."""
    text = node.text.decode()
    if node.type == "command_name":
        return word(node.named_children[0])
    if node.type in ("word", "number"):
        return re.sub(r"\\(.)", r"\1", text)
    if node.type == "raw_string":
        return text[1:-1]
    if node.type == "string" and all(c.type == "string_content" for c in node.named_children):
        return re.sub(r'\\([$`"\\])', r"\1", text[1:-1])
    if node.type == "concatenation":
        parts = [word(c) for c in node.children]
        return None if None in parts else "".join(parts)
    return None


def show(node, depth=0):
    """Print a syntax tree, one node per line: try show(parse("ls | wc -l"))."""
    print("  " * depth + f"{node.type}  {node.text.decode()!r}")
    for child in node.named_children:
        show(child, depth + 1)


def read(path):
    return Path(path).read_bytes()


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


def shown(text):
    """view's output as a list of lines (a trailing newline or none: both fine)."""
    return text.rstrip("\n").split("\n") if isinstance(text, str) else text


def found(command):
    """commands_in as a set, or "ASK" when it raises Unanalysable."""
    try:
        return set(commands_in(command))
    except Unanalysable:
        return "ASK"


print("setup ok")

# %% [markdown]
# ## Task 1: `view` (8 minutes)
#
# `view(path, view_range=None)` returns the file's lines numbered from 1, as the documentation's
# example shows them: `"1: def add(a, b):"`, one per line, joined with `"\n"`. With `view_range`
# `[start, end]` it returns only those lines, both ends included; an end of `-1` means the last
# line. Return `Error: ...` (never raise) for: a path outside the project (`confine` raises
# `ValueError`), a file that does not exist, and a range out of bounds (`start < 1`, `end` past
# the last line, `start > end`); the range error must say how many lines the file has.
#
# **Hint:** `load(path)` (given) returns the real path and the text exactly as stored, or raises
# `ValueError` with the reason; `text.split("\n")` gives lines without their `\n` (drop the empty
# string after a final newline).
#
# **Expected:** the three check cells print `view ok`.

# %% nbgrader="solution" grade_id="view"
def view(path, view_range=None):
    """The file's lines as "N: text", all of them or view_range [start, end] (end -1: to the end)."""
    ### BEGIN SOLUTION
    try:
        _, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = text.removesuffix("\n").split("\n") if text else []
    start, end = view_range or (1, len(lines))
    end = len(lines) if end == -1 else end
    if not 1 <= start <= end <= len(lines):
        return f"Error: view_range {view_range} is out of bounds: {path} has {len(lines)} lines"
    return "\n".join(f"{n}: {lines[n - 1].rstrip(chr(13))}" for n in range(start, end + 1))
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_view_numbers" points=1
"""Check that view numbers every line from 1."""
with scratch_project() as root:
    lines, original = shown(view("math_utils.py")), (root / "math_utils.py").read_text().splitlines()
    assert lines[0] == "1: " + original[0], lines[0]
    assert lines[-1] == f"{len(original)}: {original[-1]}", "one output line per file line"
    (root / "two.txt").write_text("alpha\nbeta")  # no final newline: still two lines
    assert shown(view("two.txt")) == ["1: alpha", "2: beta"], view("two.txt")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "blank.txt").write_text("a\n\n\nb\n")
    assert shown(view("blank.txt")) == ["1: a", "2: ", "3: ", "4: b"], "blank lines are lines too"
    (root / "win.txt").write_bytes(b"x\r\ny\r\n")
    assert shown(view("win.txt")) == ["1: x", "2: y"]
    assert shown(view("main.py"))[0].startswith("1: ")
### END HIDDEN TESTS
print("view ok")

# %% nbgrader="tests" grade_id="test_view_range" points=2
"""Check that view_range is 1-based, includes both ends, and -1 means the last line."""
with scratch_project() as root:
    (root / "ten.txt").write_text("".join(f"line {n}\n" for n in range(1, 11)))
    assert shown(view("ten.txt", [2, 3])) == ["2: line 2", "3: line 3"], view("ten.txt", [2, 3])
    assert shown(view("ten.txt", [9, -1])) == ["9: line 9", "10: line 10"], view("ten.txt", [9, -1])
    assert shown(view("ten.txt", [1, 1])) == ["1: line 1"]
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "seven.txt").write_text("".join(f"v{n}\n" for n in range(1, 8)))
    assert shown(view("seven.txt", [7, 7])) == ["7: v7"]
    assert shown(view("seven.txt", [1, -1])) == shown(view("seven.txt"))
    assert shown(view("seven.txt", [3, 5])) == ["3: v3", "4: v4", "5: v5"]
    assert shown(view("seven.txt", [7, -1])) == ["7: v7"]
### END HIDDEN TESTS
print("view ok")

# %% nbgrader="tests" grade_id="test_view_errors" points=2
"""Check that a bad range, a missing file and a path outside are Error strings."""
with scratch_project() as root:
    (root / "ten.txt").write_text("".join(f"line {n}\n" for n in range(1, 11)))
    for bad in ([0, 2], [2, 11], [5, 4]):
        result = view("ten.txt", bad)
        assert is_error(result) and "10 lines" in result, f"view_range {bad}: {result!r}"
    assert is_error(view("missing.py"))
    assert is_error(view("../secret.txt"))
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "three.txt").write_text("a\nb\nc\n")
    for bad in ([-1, 2], [4, -1], [3, 2], [1, 4]):
        result = view("three.txt", bad)
        assert is_error(result) and "3 lines" in result, f"view_range {bad}: {result!r}"
    os.symlink(root.parent / "secret.txt", root / "notes.txt")
    for bad in ["notes.txt", str(root.parent / "secret.txt"), "", "sub/../../secret.txt"]:
        result = view(bad)
        assert is_error(result) and SECRET.strip() not in result, f"view({bad!r}) = {result!r}"
### END HIDDEN TESTS
print("view ok")

# %% [markdown]
# ## Task 2: `str_replace` (10 minutes)
#
# `str_replace(path, old_str, new_str)` replaces the one occurrence of `old_str` in the file.
# Use the wording Anthropic's text editor documentation suggests:
#
# - no occurrence: `Error: No match found for replacement. Please check your text and try again.`
# - several: `Error: Found 3 matches for replacement text. Please provide more context to make a
#   unique match.` (with the real count)
# - success: `Successfully replaced text at exactly one location.`
#
# Before the write, call `backup(real)` (given), then `write_atomically(real, text)` (given). The
# order is the point of this task: **confine, read, count, then back up, then write**. A path
# outside the project, or an edit that does not apply, must return its error *before* the backup,
# so that a refused call leaves no stray copy behind. The file keeps every other byte: a `\r\n`
# file stays `\r\n`, a file without a final newline stays without one.
#
# **Hint:** `load`, then `text.count(old_str)`, then `backup`, then `write_atomically`.
#
# **Expected:** four cells print `str_replace ok`.

# %% nbgrader="solution" grade_id="str_replace"
def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; backup only before a real write."""
    ### BEGIN SOLUTION
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    count = text.count(old_str) if old_str else 0
    if count == 0:
        return "Error: No match found for replacement. Please check your text and try again."
    if count > 1:
        return (f"Error: Found {count} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text.replace(old_str, new_str, 1))
    return "Successfully replaced text at exactly one location."
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_replace_once" points=1
"""Check that str_replace changes the one occurrence and says so."""
with scratch_project() as root:
    assert str_replace("math_utils.py", "return a + b", "return b + a") == (
        "Successfully replaced text at exactly one location.")
    text = (root / "math_utils.py").read_text()
    assert "return b + a" in text and "return a + b" not in text and "def subtract" in text
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "x.txt").write_text("one two three\n")
    assert str_replace("x.txt", "two", "2").startswith("Successfully")
    assert (root / "x.txt").read_text() == "one 2 three\n"
    assert str_replace("x.txt", "one 2", "").startswith("Successfully")
    assert (root / "x.txt").read_text() == " three\n"
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_errors" points=2
"""Check that no match and several matches give the documented errors, with the count."""
with scratch_project() as root:
    (root / "dup.py").write_text("x = 1\ny = 2\nx = 1\n")
    assert str_replace("dup.py", "z = 3", "z = 4") == (
        "Error: No match found for replacement. Please check your text and try again.")
    assert str_replace("dup.py", "x = 1", "x = 9") == (
        "Error: Found 2 matches for replacement text. Please provide more context to make a unique match.")
    assert (root / "dup.py").read_text() == "x = 1\ny = 2\nx = 1\n", "a refused edit changed the file"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "many.py").write_text("pass\n" * 5)
    assert str_replace("many.py", "pass", "return").startswith("Error: Found 5 matches for replacement text.")
    assert str_replace("many.py", "", "x").startswith("Error:"), "an empty old_str matches nothing useful"
    assert str_replace("missing.py", "a", "b").startswith("Error:")
    assert (root / "many.py").read_text() == "pass\n" * 5
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_backup_order" points=3
"""Check that a write is backed up first, and that a refused call leaves no backup at all."""
with scratch_project() as root:
    before = (root / "math_utils.py").read_bytes()
    assert is_error(str_replace("math_utils.py", "no such text", "x"))
    assert is_error(str_replace("../secret.txt", "outside", "inside"))
    assert backups() == [], f"a refused call left a backup: {backups()}"
    assert (root.parent / "secret.txt").read_text() == SECRET
    str_replace("math_utils.py", "return a + b", "return b + a")
    made = backups()
    assert len(made) == 1 and made[0].read_bytes() == before, "the backup holds the file as it was"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "dup.py").write_text("a\na\n")
    assert is_error(str_replace("dup.py", "a", "b"))
    os.symlink(root.parent / "secret.txt", root / "notes.txt")
    assert is_error(str_replace("notes.txt", "outside", "inside"))
    assert is_error(str_replace(str(root.parent / "secret.txt"), "outside", "in"))
    assert backups() == [], f"a refused call left a backup: {backups()}"
    str_replace("dup.py", "a\na", "b")
    str_replace("dup.py", "b", "c")
    assert sorted(p.read_text() for p in backups()) == ["a\na\n", "b\n"], "one backup per write"
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_bytes" points=2
"""Check that CRLF line endings and a missing final newline survive an edit."""
with scratch_project() as root:
    (root / "win.txt").write_bytes(b"first\r\nsecond\r\n")
    assert str_replace("win.txt", "second", "2nd").startswith("Successfully")
    assert (root / "win.txt").read_bytes() == b"first\r\n2nd\r\n", (root / "win.txt").read_bytes()
    (root / "open.txt").write_bytes(b"a\nb")
    str_replace("open.txt", "a", "A")
    assert (root / "open.txt").read_bytes() == b"A\nb"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "mixed.txt").write_bytes(b"x\r\ny\nz\r\n")
    str_replace("mixed.txt", "y", "Y")
    assert (root / "mixed.txt").read_bytes() == b"x\r\nY\nz\r\n"
    (root / "utf.txt").write_bytes("café\r\n".encode())
    str_replace("utf.txt", "café", "thé")
    assert (root / "utf.txt").read_bytes() == "thé\r\n".encode()
### END HIDDEN TESTS
print("str_replace ok")

# %% [markdown]
# ## Task 3: `insert` (7 minutes)
#
# `insert(path, insert_line, insert_text)` puts `insert_text` after line `insert_line`; `0` means
# before the first line, and the number of lines means after the last. Anything else is
# `Error: ...` that says how many lines the file has (and no backup). `insert_text` is whole
# lines: if it does not end with `\n`, add one, so it never runs into the next line. Same order as
# Task 2: confine, read, check, back up, write. Success: `Inserted after line N.`
#
# **Hint:** build `lines` with their endings kept, then `lines[:n] + [new] + lines[n:]`. If the
# file's last line has no `\n` and you insert after it, give that line one.
#
# **Expected:** two cells print `insert ok`.

# %% nbgrader="solution" grade_id="insert"
def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    ### BEGIN SOLUTION
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = text.split("\n")
    lines = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    if insert_line == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    new = insert_text if insert_text.endswith("\n") else insert_text + "\n"
    backup(real)
    write_atomically(real, "".join(lines[:insert_line] + [new] + lines[insert_line:]))
    return f"Inserted after line {insert_line}."
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_insert_positions" points=2
"""Check that insert puts whole lines after line N, 0 at the top, len(lines) at the end."""
with scratch_project() as root:
    (root / "abc.txt").write_text("a\nb\nc\n")
    assert insert("abc.txt", 0, "top").startswith("Inserted")
    assert (root / "abc.txt").read_text() == "top\na\nb\nc\n"
    insert("abc.txt", 2, "after a\n")
    assert (root / "abc.txt").read_text() == "top\na\nafter a\nb\nc\n"
    insert("abc.txt", 5, "end")
    assert (root / "abc.txt").read_text() == "top\na\nafter a\nb\nc\nend\n"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "open.txt").write_text("x\ny")
    insert("open.txt", 2, "z")
    assert (root / "open.txt").read_text().startswith("x\ny\nz"), "the last line was joined to the new one"
    (root / "two.txt").write_text("1\n2\n")
    insert("two.txt", 1, "m1\nm2")
    assert (root / "two.txt").read_text() == "1\nm1\nm2\n2\n"
    assert len(backups()) == 2
### END HIDDEN TESTS
print("insert ok")

# %% nbgrader="tests" grade_id="test_insert_errors" points=2
"""Check that a line number out of bounds is an Error string, with no backup and no change."""
with scratch_project() as root:
    (root / "abc.txt").write_text("a\nb\nc\n")
    for bad in (4, -1, 99):
        result = insert("abc.txt", bad, "x")
        assert is_error(result) and "3 lines" in result, f"insert_line {bad}: {result!r}"
    assert is_error(insert("../secret.txt", 0, "x"))
    assert (root / "abc.txt").read_text() == "a\nb\nc\n" and backups() == []
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "one.txt").write_text("only\n")
    for bad in (2, -2, 10**6):
        assert is_error(insert("one.txt", bad, "x")) and "1 lines" in insert("one.txt", bad, "x")
    assert is_error(insert("missing.txt", 0, "x"))
    assert (root / "one.txt").read_text() == "only\n" and backups() == []
### END HIDDEN TESTS
print("insert ok")

# %% [markdown]
# ## Task 4: `commands_in`, part 1: every command in the tree (13 minutes)
#
# `commands_in(command)` returns every program a bash command would run (a list; order does not
# matter, duplicates may be dropped). Splitting the string on `;` or `&&` misses most of them:
# `echo $(rm -rf x)`, `(cd a; rm b)`, `f() { rm x; }`, `if ls; then rm x; fi`, `X=$(rm y) ls`.
# So walk the syntax tree of `parse(command)` and collect, from **every** node of type
# `"command"` at any depth, its program: `word(node.child_by_field_name("name"))`. Try
# `show(parse("ls && echo $(rm x)"))` to see the tree.
#
# - A name bash computes at run time (`word` returns `None`: `$cmd`, `$(echo rm)`) cannot be
#   known: raise `Unanalysable` (given). So must a command that does not parse:
#   `parse(command).has_error` is `True`.
# - `word` already undoes quoting: `r\m`, `'r'm`, `"rm"` are all `rm`.
# - `/bin/rm` and `/usr/bin/rm` are `rm`: a name in one of the system folders `/bin`, `/usr/bin`,
#   `/usr/local/bin`, `/sbin`, `/usr/sbin` counts as its last part. Any other path stays as written.
#
# **Hint:** a recursive helper `visit(node)` that handles `node` and then calls itself on
# `node.children`.
#
# **Expected:** four cells print `commands ok`.

# %% [markdown]
# ## Task 5: wrappers and shell strings (14 minutes)
#
# Some programs run another one: `sudo rm x`, `env A=1 rm x`, `nice -n 5 rm x`, `nohup rm x`,
# `timeout 5 rm x`, `xargs rm`, `command rm x`, `exec rm x`. For those, record the wrapper **and**
# the program it runs: skip its options (the table `WRAPPERS` below lists, for each, the options
# that take a value, like `sudo -u bob`), then for `env` any `NAME=value` words, then for
# `timeout` its duration; what is left starts with the program. Shells run a string:
# `bash -c 'rm x'`, `sh -c "..."`: parse the string the same way (call `commands_in` on it).
# `eval rm x` runs its words joined by spaces.
#
# Write Tasks 4 and 5 in the one answer cell below.

# %% nbgrader="solution" grade_id="commands_in"
SYSTEM_DIRS = {"/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin"}
SHELLS = {"bash", "sh", "zsh", "dash"}
WRAPPERS = {  # wrapper -> its options that take a value (every other "-x" takes none)
    "sudo": {"-u", "-g", "-C", "-D", "-h", "-p"}, "env": {"-u", "-C"}, "nice": {"-n"},
    "nohup": set(), "timeout": {"-s", "-k"}, "command": set(), "exec": {"-a"},
    "xargs": {"-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s"},
}


def commands_in(command):
    """Every program `command` would run, or Unanalysable when that cannot be known."""
    ### BEGIN SOLUTION
    tree = parse(command)
    if tree.has_error:
        raise Unanalysable("bash cannot parse this command")
    programs = []

    def run(words):
        if not words or words[0] is None:
            raise Unanalysable("the program's name is computed when it runs")
        name = words[0]
        if posixpath.dirname(name) in SYSTEM_DIRS:
            name = posixpath.basename(name)
        programs.append(name)
        rest = words[1:]
        if name in SHELLS and "-c" in rest:
            string = rest[rest.index("-c") + 1] if rest.index("-c") + 1 < len(rest) else None
            if string is None:
                raise Unanalysable("a shell string computed when it runs")
            programs.extend(commands_in(string))
        elif name == "eval" and rest:
            if None in rest:
                raise Unanalysable("eval of a computed string")
            programs.extend(commands_in(" ".join(rest)))
        elif name in WRAPPERS:
            while rest and rest[0] is not None and rest[0].startswith("-"):
                rest = rest[2:] if rest[0] in WRAPPERS[name] else rest[1:]
            while name == "env" and rest and rest[0] is not None and "=" in rest[0]:
                rest = rest[1:]
            if name == "timeout":
                rest = rest[1:]
            if rest:
                run(rest)

    def visit(node):
        if node.type == "command":
            words = [node.child_by_field_name("name")] + node.children_by_field_name("argument")
            if words[0] is not None:
                run([word(w) for w in words])
        for child in node.children:
            visit(child)

    visit(tree)
    return programs
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_commands_chains" points=2
"""Check that commands_in sees every command of a pipeline or a list."""
for command, expected in [
    ("ls", {"ls"}),
    ("ls && rm -rf x", {"ls", "rm"}),
    ("ls; rm x", {"ls", "rm"}),
    ("ls || rm x", {"ls", "rm"}),
    ("cat a | grep b | wc -l", {"cat", "grep", "wc"}),
    ("ls\nrm x", {"ls", "rm"}),
    ("ls & rm x", {"ls", "rm"}),
    ("echo 'a; rm x'", {"echo"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("ls;rm x", {"ls", "rm"}), ("ls&&rm x", {"ls", "rm"}), ("a|b|c|d", {"a", "b", "c", "d"}),
    ("pytest -q && git add . && git commit -m 'ok'", {"pytest", "git"}), ("ls # ; rm x", {"ls"}),
    ('echo "x && rm y"', {"echo"}), ("! rm x", {"rm"}), ("ls |& tee log", {"ls", "tee"}),
    ("true\n\nfalse\n", {"true", "false"}), ("make test || echo failed", {"make", "echo"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### END HIDDEN TESTS
print("commands ok")

# %% nbgrader="tests" grade_id="test_commands_nested" points=3
"""Check that commands_in finds commands inside substitutions, groups, bodies and assignments."""
for command, expected in [
    ("echo $(rm -rf x)", {"echo", "rm"}),
    ("echo `rm x`", {"echo", "rm"}),
    ("(cd a; rm b)", {"cd", "rm"}),
    ("{ ls; rm x; }", {"ls", "rm"}),
    ("diff <(ls a) <(ls b)", {"diff", "ls"}),
    ("if ls; then rm x; fi", {"ls", "rm"}),
    ("for f in a b; do rm $f; done", {"rm"}),
    ("f() { rm x; }", {"rm"}),
    ("X=$(rm y) ls", {"ls", "rm"}),
    ("cat <<EOF\n$(rm x)\nEOF", {"cat", "rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("echo $(echo $(rm y))", {"echo", "rm"}), ('echo "$(rm y)"', {"echo", "rm"}),
    ("( ( rm x ) )", {"rm"}), ("while false; do rm x; done", {"false", "rm"}),
    ("case a in a) rm y;; esac", {"rm"}),
    ("ls > $(rm x)", {"ls", "rm"}), ("cat <<< $(rm x)", {"cat", "rm"}), ("tee >(rm x) < a", {"tee", "rm"}),
    ("until true; do ls; done", {"true", "ls"}), ("function g { rm x; }", {"rm"}),
    ("if [ -f a ]; then cat a; else rm b; fi", {"cat", "rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
assert "rm" in found("export X=$(rm y)")
### END HIDDEN TESTS
print("commands ok")

# %% nbgrader="tests" grade_id="test_commands_quoted" points=2
"""Check that quotes, backslashes and system paths do not hide a program."""
for command, expected in [
    ("r\\m x", {"rm"}),
    ("'r'm x", {"rm"}),
    ('"rm" x', {"rm"}),
    ("/bin/rm x", {"rm"}),
    ("/usr/bin/rm x", {"rm"}),
    ("./rm x", {"./rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("\\rm x", {"rm"}), ("r''m x", {"rm"}), ('r""m x', {"rm"}), ("'rm' x", {"rm"}),
    ("/usr/local/bin/rm x", {"rm"}), ("/sbin/rm x", {"rm"}), ("/tmp/rm x", {"/tmp/rm"}),
    ("ls; r\\m x", {"ls", "rm"}), ("echo rm", {"echo"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### END HIDDEN TESTS
print("commands ok")

# %% nbgrader="tests" grade_id="test_commands_dynamic" points=2
"""Check that a program name computed at run time, or a command that does not parse, raises."""
for command in ["$cmd x", "$(echo rm) x", '"$X" y', "echo 'unterminated", "ls &&"]:
    assert found(command) == "ASK", f"commands_in({command!r}) should raise Unanalysable, got {found(command)}"
assert found("echo $HOME") == {"echo"}, "a computed argument is fine: only the program's name matters"
### BEGIN HIDDEN TESTS
for command in ["${cmd} x", "`echo rm` x", "r$(echo m) x", "if true; then ls", "echo $(", "ls; $X",
                "echo ok && $(printf rm) -rf x"]:
    assert found(command) == "ASK", f"commands_in({command!r}) should raise Unanalysable, got {found(command)}"
assert found("ls $X $(pwd)") == {"ls", "pwd"}
### END HIDDEN TESTS
print("commands ok")

# %% nbgrader="tests" grade_id="test_wrappers" points=3
"""Check that a wrapper counts, and so does the program it runs."""
for command, expected in [
    ("sudo rm -rf x", {"sudo", "rm"}),
    ("sudo -u bob rm x", {"sudo", "rm"}),
    ("env A=1 B=2 rm x", {"env", "rm"}),
    ("timeout 5 rm x", {"timeout", "rm"}),
    ("nice -n 10 rm x", {"nice", "rm"}),
    ("ls | xargs rm", {"ls", "xargs", "rm"}),
    ("nohup sudo rm x &", {"nohup", "sudo", "rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("sudo -E -u root rm x", {"sudo", "rm"}), ("sudo -- rm x", {"sudo", "rm"}),
    ("env -i A=1 rm x", {"env", "rm"}), ("timeout -s KILL 5 rm x", {"timeout", "rm"}),
    ("command rm x", {"command", "rm"}), ("exec rm x", {"exec", "rm"}), ("xargs -n 1 rm < list", {"xargs", "rm"}),
    ("sudo env A=1 timeout 3 nice -n 2 rm x", {"sudo", "env", "timeout", "nice", "rm"}),
    ("sudo /bin/rm x", {"sudo", "rm"}), ("sudo -u rm ls", {"sudo", "ls"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
### END HIDDEN TESTS
print("commands ok")

# %% nbgrader="tests" grade_id="test_shell_strings" points=3
"""Check that bash -c, sh -c and eval strings are read as commands too."""
for command, expected in [
    ("bash -c 'rm x'", {"bash", "rm"}),
    ('sh -c "ls; rm x"', {"sh", "ls", "rm"}),
    ("eval 'rm x'", {"eval", "rm"}),
    ("bash -c 'sh -c \"rm x\"'", {"bash", "sh", "rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
assert found('bash -c "$X"') == "ASK", "a shell string computed at run time cannot be read"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("zsh -c 'rm x'", {"zsh", "rm"}), ("eval rm x", {"eval", "rm"}), ("dash -c 'a | b'", {"dash", "a", "b"}),
    ("sudo bash -c 'rm x'", {"sudo", "bash", "rm"}), ("timeout 5 sh -c 'echo $(rm y)'", {"timeout", "sh", "echo", "rm"}),
    ("bash -c 'r\\m x'", {"bash", "rm"}),
]:
    assert found(command) == expected, f"commands_in({command!r}) = {found(command)}, expected {expected}"
for command in ["eval $X", "sh -c $(cat cmd.txt)"]:
    assert found(command) == "ASK", command
### END HIDDEN TESTS
print("commands ok")

# %% [markdown]
# ## Task 6: approval per program (3 minutes)
#
# `needs_approval(command, approved)` returns the programs of `command` that are not in the set
# `approved` (the user said "always" for those). A command `commands_in` cannot analyse needs
# approval as a whole: return `[command]`. This is what makes approving `ls` safe: `ls && rm -rf x`
# still needs `rm`.
#
# **Expected:** the cell prints `approval ok`.

# %% nbgrader="solution" grade_id="needs_approval"
def needs_approval(command, approved):
    """The programs of `command` not yet approved; [command] if it cannot be analysed."""
    ### BEGIN SOLUTION
    try:
        programs = commands_in(command)
    except Unanalysable:
        return [command]
    return sorted({p for p in programs if p not in approved})
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_needs_approval" points=3
"""Check that approving one program never approves another one chained to it."""
assert set(needs_approval("ls -la", {"ls"})) == set()
assert set(needs_approval("ls && rm -rf x", {"ls"})) == {"rm"}
assert set(needs_approval("ls | grep py", set())) == {"grep", "ls"}
assert list(needs_approval("$cmd x", {"ls", "rm"})) == ["$cmd x"]
assert set(needs_approval("ls $(rm -rf x)", {"ls"})) == {"rm"}
### BEGIN HIDDEN TESTS
assert set(needs_approval("sudo rm x", {"sudo"})) == {"rm"}
assert set(needs_approval("cat a; r\\m b", {"cat"})) == {"rm"}
assert set(needs_approval("ls; /bin/rm x", {"ls", "rm"})) == set()
assert set(needs_approval("bash -c 'ls; rm x'", {"bash", "ls"})) == {"rm"}
assert list(needs_approval("ls &&", {"ls"})) == ["ls &&"]
### END HIDDEN TESTS
print("approval ok")
