# ---
# jupyter:
#   agentcourse:
#     lab: lab08
#     title: 'Edits that leave nothing behind, and a shell that denies by default'
#     time_box_minutes: 60
#     time_box_basis: >-
#       The sum of the task minutes plus 5 to read (solutions/CONVENTIONS.md): the introduction
#       and the setup cell, whose helpers live in agentcourse/course/scaffold/lab08/. Task
#       minutes follow each task's lines of solution code (blank lines and comments left out:
#       15, 13, 25, 13 and 9), at about 0.65 minutes per line, rounded up: the pace the trial
#       runs of labs 3 and 4 showed (75 lines in 45-60 minutes, 77 lines in about 40) for a
#       student who had read the lecture. Task 5 gets 5 minutes more than its 9 lines, to read
#       how bwrap's mounts stack up and try sees(). tests/course/test_lab_texts.py recounts the
#       lines.
#     release_baseline: 0
#     student_files: []
#     checkpoints: []            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: 'str_replace: count every match, check everything, then back up and write'
#       tests: [test_replace_once, test_replace_counts, test_replace_refused_leaves_nothing, test_replace_bytes]
#       hint: >-
#         load, then count the places where old_str starts, overlaps included (text.count skips
#         overlaps: "aa" is in "aaa" twice), then return any error, and only then backup and
#         write_atomically.
#     - number: 2
#       title: 'insert: after a line, and no final newline where there was none'
#       tests: [test_insert_positions, test_insert_final_newline, test_insert_refused_leaves_nothing]
#       hint: >-
#         split_lines(text), check 0 <= insert_line <= len(lines), add a newline to insert_text if
#         it has none. Inserting after a last line that has no newline: give that line one, and
#         take it off the inserted text, so the file still ends without one.
#     - number: 3
#       title: 'assess: what "always" may approve, and nothing else'
#       tests: [test_assess_plain, test_assess_off_the_list, test_assess_words, test_assess_options, test_assess_structure]
#       hint: >-
#         Walk every node of parse(command). A "command" node: literal() of every child (a
#         redirection goes to writes_nothing instead); its first word must be in ALLOWLIST and
#         options_ok(name, the rest). A node in STRUCTURE: walk its children. Any other node, or
#         any None on the way: return None.
#     - number: 4
#       title: 'Guardrail.check: "always" for programs, once for the exact command'
#       tests: [test_guardrail_always, test_guardrail_exact_once, test_guardrail_changed_shell, test_guardrail_unfenced]
#       hint: >-
#         programs = assess(command). Offer "always" only when programs is not None, the shell is
#         fenced and unchanged, and then only for the programs not approved yet (none left: run
#         it unasked). Otherwise ask with [], where "a" counts as "y". After any command that
#         runs, record changes_shell(command).
#     - number: 5
#       title: 'sandbox_argv: the project read-write, the system read-only, the rest hidden'
#       tests: [test_sandbox_visible, test_sandbox_hidden, test_sandbox_namespaces, test_sandbox_policy]
#       hint: >-
#         Make a list of (option, folder), sort it by depth (folder.count("/")), so a folder is
#         mounted before anything inside it and the deeper folder wins, and write each as
#         --tmpfs F or --bind/--ro-bind F F; then --chdir project, --, and the command.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 8: Edits that leave nothing behind, and a shell that denies by default
#
# **Time box: 60 minutes**
#
# Five tasks, 43 points. Stop when the time is up and submit what you have: every check cell is
# graded on its own, one kind of case each, so a half-done task still earns the cells it passes.
#
# Checkpoint 08 gives the agent Anthropic's text editor and a bash shell (Lecture 7.3). You write
# the parts where a small mistake costs the most:
#
# 1. `str_replace` and 2. `insert`, the text editor's two edits: confine the path, read the file
#    and check the whole request, and only then back up and write, so a refused call leaves
#    nothing behind, anywhere; a replacement counts its matches with overlaps; a file keeps its
#    line endings, and a file without a final newline keeps none;
# 3. `assess(command)`: what answering "always" may approve. The guardrail **denies by default**:
#    only programs on a short allowlist, with options that can neither run code nor write a
#    file, in plain commands whose every word is literal. Everything else asks, every time;
# 4. `Guardrail.check`: "always" for allowlisted programs, and otherwise approval of the
#    **exact command**, once;
# 5. `sandbox_argv`: the bubblewrap command line that fences the shell: what it may write, what
#    it may only read, what it cannot see, and no network.
#
# The tool contract is checkpoint 03's: the project root is the current working directory, and a
# tool never raises; every failure is a string that starts with `Error:`.
#
# How to work: run the setup cell once, then fill in each answer cell (keep the name, signature
# and docstring) and run the check cells under it. `agentcourse lab check 8` runs every visible
# check from a terminal. Each check cell states its rule and tries it on instances it generates
# (files with `\r\n` and without a final newline, command lines built from parts, sessions of
# answers, folders inside folders): the cell tries a few, grading many more of the same kinds,
# and a failure names the smallest instance it found.

# %% nbgrader="locked" grade_id="setup"
"""Setup: the helpers the tasks name (help(name) shows each one). Run it first; do not change it."""
import os  # noqa: F401, I001 - os, re and Path for the answers; the imports below grouped by task
import re
from pathlib import Path  # noqa: F401 - for the answers

from hypothesis import strategies as st

from agentcourse.course.props import holds
from agentcourse.course.scaffold.lab08 import (  # noqa: F401
    # Tasks 1 and 2, the text editor: the project is the current folder
    load,  # load(path) -> (real path, text exactly as stored); ValueError: outside, or no such file
    confine,  # confine(path) -> the real path inside the project, or ValueError (lab 3's lesson)
    backup,  # backup(real): a copy of the file as it is now, under .agent-backups/ in the project
    write_atomically,  # write_atomically(real, text): all of text, byte for byte, or nothing
    split_lines,  # split_lines(text) -> its lines, each with its "\n" (the last may have none)
    # Tasks 3 and 4, the guardrail
    parse,  # parse(command) -> bash's syntax tree (its root node), or None: cannot read it for sure
    show,  # show(node): print a syntax tree, one node per line
    literal,  # literal(node) -> the word bash passes on, or None: bash computes it as it runs
    STRUCTURE,  # the node types of plain lists and pipelines: program, list, pipeline, ;, &&, ...
    REDIRECTS,  # the node types of redirections
    writes_nothing,  # writes_nothing(node): a redirection "always" may approve (2>&1, >/dev/null, < file)
    ALLOWLIST,  # {program: its safe options}: what "always" may ever approve
    options_ok,  # options_ok(program, words): only safe options, values where needed, few operands
    changes_shell,  # changes_shell(command): running it may change what later names mean
    REFUSAL,  # what the model reads when the user says no (it starts with "Error:")
    # Task 5, the sandbox
    SYSTEM,  # the system's folders: /usr, /bin, /sbin, /lib, /lib64, /etc
    SandboxPolicy,  # SandboxPolicy(network, writable, readable, git_config): the openings
    git_config_files,  # git_config_files(home) -> where git reads the user's configuration
    sees,  # sees(argv, path) -> what a command inside finds at path: "read-write", "absent", ...
    bwrap_options,  # bwrap_options(argv) -> ([(option, its values)], the command after --)
    # for the check cells: scratch projects, a scripted user, and the instances they generate
    scratch_project, every_file, backups, is_error, Asker,
    REFUSED_PATHS, TEXT, bad_lines, computed_word_commands, counted_edits,
    file_lines, insert_cases, insert_texts, off_the_list_commands, plain_commands, probes,
    sandbox_layouts, sessions, structured_commands, unique_edits, unsafe_option_commands,
)

try:  # and what the checks compare with, the tasks' answers: when graded, only the checks can
    # import these (your kernel sees their folder empty), so no answer can call them
    from agentcourse.course.scaffold.judged.lab08 import (  # noqa: F401
        check_session,
        expected_view,
        inserted,
        mounts_of,
        occurrences,
    )
except ImportError:
    pass

print("setup ok")

# %% [markdown]
# ## Task 1: `str_replace` (10 minutes)
#
# `str_replace(path, old_str, new_str)` replaces the one occurrence of `old_str` in the file.
# Use the words Anthropic's text editor documentation suggests:
#
# - no occurrence: `Error: No match found for replacement. Please check your text and try again.`
# - several: `Error: Found 3 matches for replacement text. Please provide more context to make a
#   unique match.` (with the real count)
# - success: `Successfully replaced text at exactly one location.`
#
# **Matches count with overlaps** (Lecture 7.3): `"aa"` occurs twice in `"aaa"`, at 0 and at 1, so
# replacing it is ambiguous, not a lucky first hit. An empty `old_str` is an error too, whatever
# the file holds.
#
# The order is the point of this task: **confine, read, count, and only then back up and write**.
# `load(path)` (given) confines and reads, or raises `ValueError` with the reason; `backup(real)`
# and `write_atomically(real, text)` are given too. A path outside the project (`..`, an absolute
# path, a symlink out of it), a missing file or an edit that does not apply returns its `Error:`
# *before* the backup, so a refused call leaves every file, in the project and around it, exactly
# as it was: back up first, and a refused edit of `../secret.txt` copies the secret into the
# project. A successful call makes one backup, of the file as it was.
#
# `old_str` and `new_str` are used exactly as given, and the file keeps every other byte: a
# `\r\n` file stays `\r\n` (and a lone `\r` stays), a file without a final newline stays without
# one, and any Unicode text stays as it was.
#
# **Hint:** `load`, count the places where `old_str` starts (`text.startswith(old_str, i)` for
# every `i`; `text.count` skips overlaps), return any error, then `backup` and `write_atomically`.
#
# **Expected:** four cells print `str_replace ok`.

# %% nbgrader="solution" grade_id="str_replace"
def str_replace(path, old_str, new_str):
    """Replace the only occurrence of old_str; errors as strings; a backup only before a real write."""
    ### BEGIN SOLUTION
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    if not isinstance(old_str, str) or not old_str:
        return "Error: old_str must be the exact, non-empty text to replace"
    starts = [i for i in range(len(text)) if text.startswith(old_str, i)]
    if not starts:
        return "Error: No match found for replacement. Please check your text and try again."
    if len(starts) > 1:
        return (f"Error: Found {len(starts)} matches for replacement text. "
                "Please provide more context to make a unique match.")
    backup(real)
    write_atomically(real, text[: starts[0]] + new_str + text[starts[0] + len(old_str) :])
    return "Successfully replaced text at exactly one location."
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_replace_once" points=1
"""Check that str_replace changes the one occurrence and says so."""
with scratch_project() as root:
    assert str_replace("math_utils.py", "return a + b", "return b + a") == (
        "Successfully replaced text at exactly one location.")
    text = (root / "math_utils.py").read_text()
    assert "return b + a" in text and "return a + b" not in text and "def subtract" in text
    (root / "x.txt").write_text("one two two2\n")
    assert str_replace("x.txt", "two2", "three").startswith("Successfully")
    assert (root / "x.txt").read_text() == "one two three\n"

    # the property: old_str occurs once in before + old_str + after, so the file becomes
    # before + new_str + after, whatever the text around it holds (CRLF, a lone CR, Unicode)
    @holds(unique_edits())
    def _(case):
        before, old, after, new = case
        (root / "f.txt").write_bytes((before + old + after).encode())
        result = str_replace("f.txt", old, new)
        assert result == "Successfully replaced text at exactly one location.", (
            f"{old!r} occurs once in {before + old + after!r}: the success message, not {result!r}")
        got = (root / "f.txt").read_bytes().decode()
        assert got == before + new + after, f"the file should be {before + new + after!r}, not {got!r}"
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "y.txt").write_text("alpha beta gamma\n")
    assert str_replace("y.txt", "alpha beta", "").startswith("Successfully")
    assert (root / "y.txt").read_text() == " gamma\n"
    big = "ab\r\n" * 20_000
    (root / "big.txt").write_bytes((big + "needle" + big).encode())
    assert str_replace("big.txt", "needle", "pin") == "Successfully replaced text at exactly one location."
    assert (root / "big.txt").read_bytes() == (big + "pin" + big).encode()
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_counts" points=2
"""Check that no match and several matches (overlaps counted) give the documented errors."""
NO_MATCH = "Error: No match found for replacement. Please check your text and try again."
SEVERAL = "Error: Found {} matches for replacement text. Please provide more context to make a unique match."
with scratch_project() as root:
    (root / "dup.py").write_text("x = 1\ny = 2\nx = 1\n")
    assert str_replace("dup.py", "z = 3", "z = 4") == NO_MATCH
    assert str_replace("dup.py", "x = 1", "x = 9") == SEVERAL.format(2)
    (root / "aaa.txt").write_text("aaa\n")
    assert str_replace("aaa.txt", "aa", "b") == SEVERAL.format(2), "'aa' starts at 0 and at 1 in 'aaa': count overlapping matches"
    (root / "one.txt").write_text("a")
    assert is_error(str_replace("dup.py", "", "z")) and is_error(str_replace("one.txt", "", "z")), (
        "an empty old_str is refused")
    assert (root / "dup.py").read_text() == "x = 1\ny = 2\nx = 1\n" and (root / "aaa.txt").read_text() == "aaa\n"
    assert (root / "one.txt").read_text() == "a"

    # the property: count where old_str starts, overlaps included; anything but one is refused
    @holds(counted_edits())
    def _(case):
        text, old = case
        (root / "c.txt").write_bytes(text.encode())
        count, result = occurrences(text, old), str_replace("c.txt", old, "X")
        if count == 1:
            assert result.startswith("Successfully"), f"{old!r} starts once in {text!r}: replace it, not {result!r}"
            return
        expected = NO_MATCH if count == 0 else SEVERAL.format(count)
        assert result == expected, f"{old!r} starts at {count} places in {text!r}: expected {expected!r}, not {result!r}"
        assert (root / "c.txt").read_bytes() == text.encode(), "a refused edit leaves the file as it was"

    # and an empty old_str is refused, whatever the file holds (even one character, or nothing)
    @holds(st.text(TEXT, max_size=3))
    def _(text):
        (root / "e.txt").write_bytes(text.encode())
        result = str_replace("e.txt", "", "z")
        assert is_error(result), f"an empty old_str is an error, also in a file holding {text!r}: not {result!r}"
        assert (root / "e.txt").read_bytes() == text.encode(), "a refused edit leaves the file as it was"
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "many.py").write_text("pass\n" * 5)
    assert str_replace("many.py", "pass", "return") == SEVERAL.format(5)
    (root / "long.txt").write_text("a" * 5000)
    assert str_replace("long.txt", "aa", "b") == SEVERAL.format(4999), "overlaps, in a long file too"
    assert (root / "many.py").read_text() == "pass\n" * 5 and (root / "long.txt").read_text() == "a" * 5000
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_refused_leaves_nothing" points=3
"""Check that a refused call changes no file anywhere, and a write is backed up first."""
with scratch_project() as root:
    before, original = every_file(), (root / "math_utils.py").read_bytes()
    for path, old in [("math_utils.py", "no such text"), ("math_utils.py", "    return a"),
                      ("../secret.txt", "outside"), ("missing.py", "x")]:
        assert is_error(str_replace(path, old, "new")), (path, old)
    changed = sorted(set(every_file()) ^ set(before)) or sorted(k for k in before if every_file()[k] != before[k])
    assert every_file() == before, f"a refused call changed or left files behind: {changed}"
    str_replace("math_utils.py", "return a + b", "return b + a")
    made = backups()
    assert len(made) == 1 and made[0].read_bytes() == original, "one backup, holding the file as it was"

# the property: in any run of calls, a refused one (a path outside or missing, no match, several,
# an empty old_str) changes no file anywhere, and each successful one leaves one more backup,
# holding the file as it was before that call
CALLS = st.tuples(st.sampled_from([path for path, _ in REFUSED_PATHS] + ["a.txt"] * 4),
                  st.sampled_from(["one", "two", "three", "zzz", "", "outside", "a file", "\r\n"]))


@holds(st.lists(CALLS, min_size=1, max_size=6))
def _(calls):
    with scratch_project(sample=False) as root:
        (root / "a.txt").write_bytes(b"one\r\ntwo\none\r\nthree")
        for given, old in calls:
            path = given.format(outer=root.parent)
            text, before, copies = (root / "a.txt").read_bytes().decode(), every_file(), backups()
            result = str_replace(path, old, old.upper() + "!")
            if path != "a.txt" or text.count(old) != 1 or not old:
                why = dict(REFUSED_PATHS).get(given, "not exactly one match")
                assert is_error(result), f"str_replace({path!r}, {old!r}, ...) ({why}) is refused: not {result!r}"
                assert every_file() == before, f"the refused str_replace({path!r}, {old!r}, ...) changed or left files"
            else:
                made = [p for p in backups() if p not in copies]
                assert len(made) == 1 and made[0].read_bytes() == text.encode(), (
                    f"str_replace({path!r}, {old!r}, ...) made {len(made)} backups: one, holding the file as it was")
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "dup.py").write_text("a\na\n")
    before = every_file()
    for path, old in [("dup.py", "a"), ("notes.txt", "outside"), (str(root.parent / "secret.txt"), "outside"),
                      ("up/secret.txt", "outside"), ("dup.py", "")]:
        assert is_error(str_replace(path, old, "in")), (path, old)
    assert every_file() == before, "a refused call changed or left files behind"
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

    # the property: lines ending in \n or \r\n (a lone \r inside), the last maybe with none,
    # and an old_str that may span a line ending: every byte but the replaced ones stays
    @holds(file_lines(max_size=4), st.sampled_from(["§", "§\r\n", "x§\r", "\n€", "☃😀§", "§\n"]),
           file_lines(max_size=4), st.text(TEXT, max_size=6))
    def _(head, old, tail, new):
        text = "".join(head) + old + "".join(tail)
        (root / "b.txt").write_bytes(text.encode())
        str_replace("b.txt", old, new)
        want = ("".join(head) + new + "".join(tail)).encode()
        got = (root / "b.txt").read_bytes()
        assert got == want, f"replacing {old!r} by {new!r} in {text!r}: the file should hold {want!r}, not {got!r}"
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "mixed.txt").write_bytes(b"x\r\ny\nz\r\n")
    str_replace("mixed.txt", "y", "Y")
    assert (root / "mixed.txt").read_bytes() == b"x\r\nY\nz\r\n"
    (root / "utf.txt").write_bytes("café\r\nend".encode())
    str_replace("utf.txt", "café", "thé")
    assert (root / "utf.txt").read_bytes() == "thé\r\nend".encode()
### END HIDDEN TESTS
print("str_replace ok")

# %% [markdown]
# ## Task 2: `insert` (9 minutes)
#
# `insert(path, insert_line, insert_text)` puts `insert_text` after line `insert_line`: `0` means
# before the first line, and the number of lines means after the last. Any other number (a
# negative one too) is an `Error:` that says how many lines the file has (`... has 3 lines`).
# The same road as Task 1: confine and read, check, and only then back up and write; a refused
# call changes no file, and a successful one makes one backup. Success: `Inserted after line N.`
#
# A line ends at `\n`, and only there, as `split_lines` (given) cuts them: a `\r` before it stays
# part of the line, and a lone `\r`, a form feed or a Unicode line separator inside a line does
# not end it. An empty file has no lines.
#
# The inserted text is whole lines: without a final `\n` it gets one, so it never runs into the
# next line. One exception, the final-newline rule (Lecture 7.3): **a file whose last line has no
# final newline keeps none**. Inserting after a last line that has no `\n` gives that line one,
# and the inserted text then ends the file without one:
# `"x\ny"` with `"z"` after line 2 is `"x\ny\nz"`. (An empty file has no last line: inserting
# `"z"` into `""` gives `"z\n"`.)
#
# **Hint:** `split_lines(text)` (given) keeps each line's ending; then
# `lines[:n] + [new] + lines[n:]`.
#
# **Expected:** three cells print `insert ok`.

# %% nbgrader="solution" grade_id="insert"
def insert(path, insert_line, insert_text):
    """Insert insert_text after line insert_line (0: at the top); errors as strings."""
    ### BEGIN SOLUTION
    try:
        real, text = load(path)
    except ValueError as err:
        return f"Error: {err}"
    lines = split_lines(text)
    if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
        return f"Error: insert_line {insert_line} is out of bounds: {path} has {len(lines)} lines"
    new = insert_text if insert_text.endswith("\n") else insert_text + "\n"
    if insert_line == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1], new = lines[-1] + "\n", new[:-1]
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

    # the property: a file as its lines (\n or \r\n, CR, form feeds and Unicode separators
    # inside lines, the last line maybe open), any line number from 0 to the last, text of
    # one or more lines: the file is the lines before, the text as whole lines, the rest
    @holds(insert_cases())
    def _(case):
        lines, n, text = case
        (root / "f.txt").write_bytes("".join(lines).encode())
        copies = backups()
        result = insert("f.txt", n, text)
        assert isinstance(result, str) and result.startswith("Inserted"), (
            f"line {n} of a file of {len(lines)} lines is in bounds: not {result!r}")
        want, got = inserted(lines, n, text), (root / "f.txt").read_bytes().decode()
        assert got == want, f"{text!r} after line {n} of {''.join(lines)!r}: the file should be {want!r}, not {got!r}"
        made = [p for p in backups() if p not in copies]
        assert len(made) == 1 and made[0].read_bytes() == "".join(lines).encode(), (
            f"an insert makes one backup, holding the file as it was: it made {len(made)}")
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "two.txt").write_text("1\n2\n")
    insert("two.txt", 1, "m1\nm2")
    assert (root / "two.txt").read_text() == "1\nm1\nm2\n2\n"
    insert("two.txt", 4, "z\n")
    assert (root / "two.txt").read_text() == "1\nm1\nm2\n2\nz\n"
    assert len(backups()) == 2
    (root / "big.txt").write_bytes(b"x\r\n" * 30_000)
    insert("big.txt", 20_000, "mid")
    assert (root / "big.txt").read_bytes() == b"x\r\n" * 20_000 + b"mid\n" + b"x\r\n" * 10_000
### END HIDDEN TESTS
print("insert ok")

# %% nbgrader="tests" grade_id="test_insert_final_newline" points=2
"""Check that a file without a final newline keeps none after an insert at its end."""
with scratch_project() as root:
    (root / "open.txt").write_text("x\ny")
    assert insert("open.txt", 2, "z").startswith("Inserted")
    assert (root / "open.txt").read_text() == "x\ny\nz", repr((root / "open.txt").read_text())
    (root / "open2.txt").write_text("x\ny")
    insert("open2.txt", 1, "m")
    assert (root / "open2.txt").read_text() == "x\nm\ny", "only an insert at the end touches the last line"
    (root / "empty.txt").write_text("")
    insert("empty.txt", 0, "z")
    assert (root / "empty.txt").read_text() == "z\n", "an empty file has no last line: the text is a whole line"

    # the property: files whose last line has no "\n", inserts anywhere: only an insert after
    # that last line touches it, and then the file still ends without a newline
    @holds(insert_cases(open_end=True))
    def _(case):
        lines, n, text = case
        (root / "o.txt").write_bytes("".join(lines).encode())
        insert("o.txt", n, text)
        want, got = inserted(lines, n, text), (root / "o.txt").read_bytes().decode()
        assert got == want, f"{text!r} after line {n} of {''.join(lines)!r}: the file should be {want!r}, not {got!r}"
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "one.txt").write_text("only")
    insert("one.txt", 1, "a\nb\n")
    assert (root / "one.txt").read_text() == "only\na\nb"
    (root / "one2.txt").write_text("only")
    insert("one2.txt", 0, "top")
    assert (root / "one2.txt").read_text() == "top\nonly"
    (root / "closed.txt").write_text("k\n")
    insert("closed.txt", 1, "end")
    assert (root / "closed.txt").read_text() == "k\nend\n"
### END HIDDEN TESTS
print("insert ok")

# %% nbgrader="tests" grade_id="test_insert_refused_leaves_nothing" points=2
"""Check that a line number out of bounds is an Error string, and a refused call changes no file."""
with scratch_project() as root:
    (root / "abc.txt").write_text("a\nb\nc\n")
    before = every_file()
    for bad in (4, -1, 99):
        result = insert("abc.txt", bad, "x")
        assert is_error(result) and "3 lines" in result, f"insert_line {bad}: {result!r}"
    assert is_error(insert("../secret.txt", 0, "x")) and is_error(insert("missing.txt", 0, "x"))
    assert every_file() == before, "a refused call changed or left files behind"

    # the property: a line number below 0 or past the last line is refused, says how many lines
    # the file has, and changes no file
    @holds(bad_lines())
    def _(case):
        lines, n = case
        (root / "r.txt").write_bytes("".join(lines).encode())
        before = every_file()
        result = insert("r.txt", n, "x")
        assert is_error(result) and re.search(rf"\b{len(lines)} lines?\b", result), (
            f"insert_line {n} in a file of {len(lines)} lines: an Error: that says {len(lines)} lines, not {result!r}")
        assert every_file() == before, f"the refused insert_line {n} changed or left files behind"

    # and a path outside the project or missing is refused before anything is written
    @holds(st.sampled_from(REFUSED_PATHS), st.integers(0, 1), insert_texts())
    def _(refused, n, text):
        (path, why), before = refused, every_file()
        result = insert(path.format(outer=root.parent), n, text)
        assert is_error(result), f"insert({path!r}, ...) ({why}) is refused: not {result!r}"
        assert every_file() == before, f"the refused insert({path!r}, ...) changed or left files behind"
### BEGIN HIDDEN TESTS
with scratch_project(sample=False) as root:
    (root / "one.txt").write_text("only\n")
    before = every_file()
    for bad in (2, -2, 10**6):
        result = insert("one.txt", bad, "x")
        assert is_error(result) and re.search(r"\b1 lines?\b", result), result
    assert is_error(insert("notes.txt", 0, "x")) and is_error(insert(str(root.parent / "secret.txt"), 1, "x"))
    assert every_file() == before, "a refused call changed or left files behind"
### END HIDDEN TESTS
print("insert ok")

# %% [markdown]
# ## Task 3: `assess`: what "always" may approve (16 minutes)
#
# When the agent wants to run a command, the user can answer `y` (once), `n`, or `a` (always).
# "Always" is dangerous: it approves commands nobody will see. A guardrail that tries to list
# what is dangerous (`rm`, `sudo`, `bash -c '...'`, `$(...)`, `> file`, `find -exec`, `sort -o`,
# `grep --pre=...`, `LD_PRELOAD=...`, a function named `ls` ...) is always one trick short:
# a command line can start programs in more ways than anyone can list (Lecture 7.3). So the
# guardrail **denies by default**: "always" may approve only what it reads completely.
#
# `assess(command)` returns the tuple of programs "always" may approve for `command` (their order
# and repeats do not matter), or `None`: only this exact command can be approved, once. It returns the
# tuple only when **all** of these hold:
#
# - `parse(command)` (given) is not `None` (it is `None` for text over 10,000 characters, outside
#   printable ASCII, with a syntax error, nested more than 100 levels deep, or a tree that runs a
#   command on past the newline where bash ends it);
# - every node of the tree is either of a type in `STRUCTURE` (given: the program, lists with
#   `&&` `||` `;` or newlines, pipelines with `|`, statements with redirections, comments, the
#   operators), a redirection that `writes_nothing` (given: `2>&1`, `>/dev/null`, `< file`), or
#   a `command`;
# - in each `command` node, every child but its redirections is a literal word (`literal(child)`,
#   given, is not `None`: no `$`, `` ` ``, glob, brace, `~` or backslash outside quotes), the first
#   word is a key of `ALLOWLIST` (given) as it stands (quotes aside: `'ls'` is `ls`, but
#   `/bin/ls` and `./ls` are not keys), and `options_ok(program, the other words)` (given): no
#   option that runs code or writes a file (`sort -o`, `grep --pre=`), abbreviations included.
#
# Anything else, anything unknown, returns `None`, wherever in the line it stands: a subshell
# `( )`, `$( )`, a function, `&`, `|&`, a here-document, `bash -c`, `sudo`, `env`, an assignment
# such as `X=1 ls`. Try `show(parse("ls -l | wc -l 2>/dev/null"))` to see a tree.
#
# **Hint:** a stack (or a recursive helper) over `node.children`, starting at the root; for a
# `command` node, look at its children yourself instead of walking into them.
#
# **Expected:** five cells print `assess ok`.

# %% nbgrader="solution" grade_id="assess"
def assess(command):
    """The allowlisted programs "always" may approve for `command`, or None: ask for this exact command."""
    ### BEGIN SOLUTION
    root = parse(command)
    if root is None:
        return None
    programs, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            words = []
            for child in node.children:
                if child.type in REDIRECTS:
                    if not writes_nothing(child):
                        return None
                else:
                    words.append(literal(child))
            if not words or None in words or words[0] not in ALLOWLIST or not options_ok(words[0], words[1:]):
                return None
            programs.append(words[0])
        elif node.type in REDIRECTS:
            if not writes_nothing(node):
                return None
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))
        else:
            return None
    return tuple(programs)
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_assess_plain" points=2
"""Check that plain commands of allowlisted programs are approved, program by program."""
for command, expected in [
    ("ls", {"ls"}),
    ("ls -la src", {"ls"}),
    ("grep -rn TODO . | head -n 5", {"grep", "head"}),
    ("cat a.txt && wc -l b.txt; echo done || true", {"cat", "wc", "echo", "true"}),
    ("grep -c 'def ' main.py 2>/dev/null", {"grep"}),
    ("sort < names.txt | uniq -c", {"sort", "uniq"}),
    ("ls\npwd", {"ls", "pwd"}),
    ('echo "a; rm x" # a comment', {"echo"}),
]:
    got = assess(command)
    assert got is not None and set(got) == expected, f"assess({command!r}) = {got}, expected the programs {expected}"


# the property: allowlisted programs with safe options and literal words in any quoting, joined
# by && || ; newlines and pipes, with redirections that write nothing: their programs, all of them
@holds(plain_commands())
def _(case):
    command, programs = case
    got = assess(command)
    assert got is not None and set(got) == programs, f"assess({command!r}) = {got}, expected the programs {set(programs)}"
### BEGIN HIDDEN TESTS
for command, expected in [
    ("wc -l main.py utils.py", {"wc"}), ("ls -1p . | sort -r", {"ls", "sort"}), ("cd src && ls", {"cd", "ls"}),
    ("head -n5 a | tail -n 2 | cut -d: -f1", {"head", "tail", "cut"}), ("diff -u a b 2>&1", {"diff"}),
    ("stat --format=%s main.py", {"stat"}), ("grep -e 'a b' -- -file", {"grep"}), ("du -sh .; pwd -P", {"du", "pwd"}),
]:
    got = assess(command)
    assert got is not None and set(got) == expected, f"assess({command!r}) = {got}, expected the programs {expected}"
long = "; ".join(["ls -la src", "cat a.txt | wc -l", "grep -rn TODO ."] * 200)
assert len(long) < 10_000 and set(assess(long) or ()) == {"ls", "cat", "wc", "grep"}, "a long plain line, flat"
chain = " && ".join(["ls"] * 90)
assert set(assess(chain) or ()) == {"ls"}, "90 commands joined by &&: the tree is 90 levels deep"
assert assess("ls;" * 3334) is None and assess(" && ".join(["ls"] * 120)) is None, (
    "over 10,000 characters, or more than 100 levels deep: parse gives None, so it asks")
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_off_the_list" points=3
"""Check that every program off the allowlist asks, wherever it stands: after ls, or run by another."""
for command in ["rm -rf build", "ls; rm x", "ls && rm x", "ls | xargs rm", "python3 -m pytest",
                "bash -c 'ls'", "bash -lc 'ls'", "sh -c ls", "sudo ls", "env ls", "timeout 5 ls",
                "nice ls", "exec ls", "command ls", "find . -name x", "ls\nrm x", "cat a | sh",
                "/bin/ls", "/usr/bin/cat a"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: only this exact command may be approved"


# the property: a plain line of allowlisted commands with one program off the list (or an
# allowlisted one by a path) put anywhere in it asks for the exact command
@holds(off_the_list_commands())
def _(case):
    command, part = case
    got = assess(command)
    assert got is None, f"assess({command!r}) = {got}: {part!r} is not on the allowlist, so only this exact command may be approved"
### BEGIN HIDDEN TESTS
for command in ["true || rm x", "echo a; echo b; shred x", "git status", "make", "awk 1 a", "sed -n 1p a",
                "zsh -c 'ls'", "bash --login -c ls", "dash -ec ls", "eval ls", "nohup ls", "xargs", "ls | tee out",
                "watch ls", "/bin/ls -la", "./ls", "/usr/local/bin/grep x a", "source env.sh", ". env.sh", "alias ls=rm", "ssh host ls"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: only this exact command may be approved"
assert assess(" | ".join(["cat a.txt"] * 400 + ["sh"])) is None, "the last of 401 commands is off the list"
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_words" points=2
"""Check that a word bash computes as it runs ($, backticks, globs, braces, ~, backslashes) asks."""
for command in ["ls $(rm x)", "ls $(ls)", "ls `pwd`", "echo $HOME", 'echo "$USER"', "ls *.py",
                "cat ~/.ssh/id_rsa", "ls {a,b}", "l\\s", "r\\m x", "ls ?", "$cmd"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: a computed word must ask"
assert set(assess("echo '$HOME' \"a b\"") or ()) == {"echo"}, "quoted text without $ is literal"


# the property: one computed word anywhere (a command's name or any argument, in any command of
# the line) makes the whole line ask; the same characters quoted are literal (test_assess_plain)
@holds(computed_word_commands())
def _(case):
    command, word = case
    got = assess(command)
    assert got is None, f"assess({command!r}) = {got}: bash computes {word!r} as it runs, so it must ask"
### BEGIN HIDDEN TESTS
for command in ["cat $(echo a)", "ls ${X}", "echo $((1+2))", "grep x [ab]", "ls ~", "cat a\\ b", 'echo "`id`"',
                "ls $'x'", "echo \"\\$x\"", "wc -l $(find . -name '*.py')"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: a computed word must ask"
assert set(assess("grep -rn 'a|b' src") or ()) == {"grep"}
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_options" points=2
"""Check that an option that can run code or write a file asks, and safe options do not."""
for command in ["sort -o out.txt names", "sort --output=x names", "grep --pre=sh x .", "sort --compress-program=sh a",
                "tail -f log", "diff -l a b", "uniq a out.txt", "grep --exclude-d=x y .", "ls --hyperlink",
                "ls | sort -o out.txt", "cat a && grep --pre=sh x ."]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: that option is not a safe one"
for command in ["sort -rn names", "grep -n --exclude-dir=.git x .", "head -n 3 a", "uniq -c a"]:
    assert assess(command) is not None, f"assess({command!r}) = None: those options are safe"


# the property: one command anywhere in the line with an option off its program's safe list (another
# letter, a long option, an abbreviation, a missing value, one operand too many) makes it ask
@holds(unsafe_option_commands())
def _(case):
    command, part = case
    got = assess(command)
    assert got is None, f"assess({command!r}) = {got}: {part!r} is not a safe use (options_ok says so), so it must ask"


# and safe options, any number of them, in every command, do not
@holds(plain_commands(max_commands=3))
def _(case):
    command, programs = case
    got = assess(command)
    assert got is not None and set(got) == programs, f"assess({command!r}) = {got}: every option in it is safe"
### BEGIN HIDDEN TESTS
for command in ["sort -T /tmp a", "sort -rno x a", "file -z a", "grep --pree=sh x", "cat --show-all=1 a",
                "head -n", "ls --color", "cut -f", "realpath --relative-to", "cd a b", "ls; tail -f log",
                "echo a | uniq - out"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: that option is not a safe one"
for command in ["tail -n5 log", "grep -A 2 x a", "ls --all --recursive", "wc -lw a", "cut -d , -f 2 a.csv"]:
    assert assess(command) is not None, f"assess({command!r}) = None: those options are safe"
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_structure" points=2
"""Check that anything but plain lists and pipelines asks: subshells, functions, assignments, writes."""
for command in ["(ls)", "{ ls; }", "ls &", "f() { ls; }", "if true; then ls; fi", "for f in a; do ls; done",
                "X=1 ls", "LD_PRELOAD=./x.so ls", "ls > out.txt", "ls >> log", "cat <<EOF\nhi\nEOF",
                "cat <<< hi", "! ls", "ls &&", "echo 'unterminated", "ls | ", "cat < /dev/tcp/host/80"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: not a plain command"
assert set(assess("ls 2>&1 | grep x > /dev/null") or ()) == {"ls", "grep"}, "these redirections write nothing"


# the property: an allowlisted command put in any other shape (a subshell, a group, a function, a
# loop, a condition, an assignment, a redirection that writes, a here-document, |&, ...), anywhere
# in a plain line, makes the whole line ask
@holds(structured_commands())
def _(case):
    command, shape = case
    got = assess(command)
    assert got is None, f"assess({command!r}) = {got}: {shape!r} is not a plain list or pipeline, so it must ask"
### BEGIN HIDDEN TESTS
for command in ["[[ -f a ]] && ls", "while true; do ls; done", "case a in a) ls;; esac", "ls | (cat)", "a=1",
                "export X=1", "ls 1> out", "ls &> out", "ls 2> err.log", "function g { ls; }", "ls; (pwd)",
                "diff <(ls a) <(ls b)", "ls >| x", "((1))", "ls é", "ls\x00"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: not a plain command"
assert assess("cat < a 2>/dev/null") is not None
### END HIDDEN TESTS
print("assess ok")

# %% [markdown]
# ## Task 4: `Guardrail.check`: approval of programs, or of the exact command (9 minutes)
#
# `Guardrail(ask, fenced)` holds one agent run's approvals. `check(command)` returns `None` when
# the command may run now, or `REFUSAL` (given; it starts with `Error:` and goes back to the model
# as the tool's result) when the user said no. `ask(command, programs)` shows the user the exact
# command and returns `"y"`, `"a"` or `"n"`; `programs` is what `"a"` would approve from now on.
# Ask at most once per check.
#
# - **"Always" for programs.** When `assess(command)` gives programs, the shell is fenced (the
#   sandbox of Task 5 is around it) and unchanged (below): if every program is approved already,
#   the command runs unasked. Otherwise ask, offering the programs not approved yet (in any
#   order); `"a"` adds them to `self.approved`, `"y"` runs the command this once.
# - **Once for the exact command.** Otherwise ask with `programs=[]`: only this exact command can
#   be approved, and `"a"` counts as `"y"`, this once. It approves nothing for later, not even
#   the same text.
# - **A changed shell.** The shell lives on between commands, so `ls() { rm -rf x; }` would make a
#   later `ls` run `rm`. Once a command that `changes_shell(command)` (given) has run (`check`
#   returned `None` for it), every later command asks for its exact text (`self.changed`). A
#   refused command has not run, and a program such as `rm` cannot change the shell.
# - **No fence, no "always".** With `fenced=False` every command asks for its exact text.
#
# **Expected:** four cells print `guardrail ok`.

# %% nbgrader="solution" grade_id="guardrail"
class Guardrail:
    """Approval for one agent run: "always" for allowlisted programs, else the exact command, once."""

    def __init__(self, ask, fenced=True):
        self.ask = ask  # ask(command, programs) -> "y", "a" or "n"; programs [] = only this command
        self.fenced = fenced  # False: no sandbox around the shell
        self.approved = set()  # programs the user approved "always"
        self.changed = False  # a command that may have changed the shell has run

    def check(self, command):
        """None if `command` may run now; otherwise REFUSAL, for the model."""
        ### BEGIN SOLUTION
        programs = assess(command)
        if programs is not None and self.fenced and not self.changed:
            pending = [p for p in dict.fromkeys(programs) if p not in self.approved]
            if pending:
                answer = self.ask(command, pending)
                if answer == "a":
                    self.approved.update(pending)
                if answer not in ("y", "a"):
                    return REFUSAL
        elif self.ask(command, []) not in ("y", "a"):
            return REFUSAL
        self.changed = self.changed or changes_shell(command)
        return None
        ### END SOLUTION


# %% nbgrader="tests" grade_id="test_guardrail_always" points=2
"""Check that "a" approves allowlisted programs for later, and asks only about new ones."""
user = Asker("a", "a", "n")
guard = Guardrail(user)
assert guard.check("ls -la") is None and user.asked == [("ls -la", ["ls"])]
assert guard.check("ls src") is None and len(user.asked) == 1, "ls was approved always: no question"
assert guard.check("ls | grep py") is None and user.asked[-1] == ("ls | grep py", ["grep"]), user.asked[-1]
assert guard.check("grep -c x a | ls") is None and len(user.asked) == 2
result = guard.check("ls | wc -l")
assert user.asked[-1] == ("ls | wc -l", ["wc"]) and result == REFUSAL, "a no is REFUSAL"
assert guard.approved == {"ls", "grep"}
user = Asker("y", "y")
guard = Guardrail(user)
assert guard.check("cat a") is None and guard.check("cat b") is None and len(user.asked) == 2, (
    "y approves this command only: cat asks again")
assert guard.approved == set()


# the property: any run of allowlisted commands and answers: asked once about the programs not
# approved yet (none: it runs unasked), "a" approves them for later, "y" this once, "n" is REFUSAL
@holds(sessions(exact=False, changes=False))
def _(steps):
    check_session(Guardrail, steps)
### BEGIN HIDDEN TESTS
user = Asker("y", "a")
guard = Guardrail(user)
assert guard.check("cat a") is None and guard.approved == set(), "y approves once"
assert guard.check("cat b") is None and len(user.asked) == 2 and guard.approved == {"cat"}
assert guard.check("cat c && cat d") is None and len(user.asked) == 2
assert is_error(guard.check("head a")) and user.asked[-1] == ("head a", ["head"])
### END HIDDEN TESTS
print("guardrail ok")

# %% nbgrader="tests" grade_id="test_guardrail_exact_once" points=2
"""Check that a command "always" cannot cover asks for its exact text, every time, and "a" counts once."""
user = Asker("a", "a", "y", "n")
guard = Guardrail(user)
assert guard.check("ls") is None
assert guard.check("ls; rm -rf build") is None and user.asked[-1] == ("ls; rm -rf build", []), user.asked[-1]
assert guard.check("ls; rm -rf build") is None and user.asked[-1] == ("ls; rm -rf build", []), "asked again"
assert guard.approved == {"ls"}, "an exact-command approval approves no program"
assert guard.check("ls -a") is None and len(user.asked) == 3, "rm is a program: it cannot change the shell, ls runs unasked"
assert guard.check("ls $(rm x)") == REFUSAL and user.asked[-1] == ("ls $(rm x)", [])


# the property: runs that mix allowlisted commands with commands only their exact text can
# approve: those ask with [] every time, "a" counts as "y" and approves nothing, and the
# programs approved before stay approved
@holds(sessions(changes=False))
def _(steps):
    check_session(Guardrail, steps)
### BEGIN HIDDEN TESTS
user = Asker("a", "a", "a", "n")
guard = Guardrail(user)
assert guard.check("python3 -m pytest") is None and guard.check("python3 -m pytest") is None
assert user.asked == [("python3 -m pytest", [])] * 2 and guard.approved == set()
assert guard.check("grep --pre=sh x .") is None and user.asked[-1][1] == []
assert guard.check("bash -lc 'ls'") == REFUSAL and len(user.asked) == 4
### END HIDDEN TESTS
print("guardrail ok")

# %% nbgrader="tests" grade_id="test_guardrail_changed_shell" points=2
"""Check that after a command that may change the shell has run, every command asks for its exact text."""
user = Asker("a", "y", "y", "n")
guard = Guardrail(user)
assert guard.check("ls") is None
assert guard.check("ls() { rm -rf x; }") is None
assert guard.check("ls") is None and user.asked[-1] == ("ls", []), "ls may not mean ls any more: ask, exactly"
assert guard.check("cat a") == REFUSAL and user.asked[-1] == ("cat a", [])
user = Asker("a", "n")
guard = Guardrail(user)
assert guard.check("cat a") is None and guard.check("alias cat=rm") == REFUSAL
assert guard.check("cat b") is None and len(user.asked) == 2, "a refused command changed nothing: cat runs unasked"


# the property: runs with commands that may change the shell: once one of them has run, every
# later command asks for its exact text, for good; one that was refused changed nothing
@holds(sessions())
def _(steps):
    check_session(Guardrail, steps)
### BEGIN HIDDEN TESTS
user = Asker("a", "n", "y")
guard = Guardrail(user)
assert guard.check("head a") is None
assert guard.check("head() { rm x; }") == REFUSAL, "a no"
assert guard.check("head b") is None and len(user.asked) == 2, "a refused command changed nothing"
assert guard.check("rm old.txt") is None and guard.check("head c") is None and len(user.asked) == 3, (
    "rm is a program: it cannot change the shell that started it")
user = Asker("y", "a")
guard = Guardrail(user)
assert guard.check("export PATH=.") is None and guard.check("ls") is None and user.asked[-1] == ("ls", [])
### END HIDDEN TESTS
print("guardrail ok")

# %% nbgrader="tests" grade_id="test_guardrail_unfenced" points=2
"""Check that with no sandbox around the shell, every command asks for its exact text."""
user = Asker("a", "a", "n")
guard = Guardrail(user, fenced=False)
assert guard.check("ls") is None and guard.check("ls") is None
assert user.asked == [("ls", []), ("ls", [])] and guard.approved == set()
assert guard.check("cat a") == REFUSAL


# the property: without a fence, every command of any run asks for its exact text
@holds(sessions())
def _(steps):
    check_session(Guardrail, steps, fenced=False)
### BEGIN HIDDEN TESTS
user = Asker("y", "a", "y")
guard = Guardrail(user, fenced=False)
assert guard.check("grep x a | head") is None and user.asked[-1] == ("grep x a | head", [])
assert guard.check("pwd") is None and guard.check("pwd") is None and len(user.asked) == 3
### END HIDDEN TESTS
print("guardrail ok")

# %% [markdown]
# ## Task 5: `sandbox_argv`: the fence around the shell (11 minutes)
#
# A yes to the guardrail hands a command everything you can do. So checkpoint 08 starts its one
# shell inside a sandbox made by bubblewrap (`bwrap`), which builds the shell's file tree from a
# list of mounts and gives it namespaces of its own. `sandbox_argv(policy, project, home,
# python_roots, command)` returns that command line (a list of strings):
#
# - `bwrap`, then `--unshare-all` (new namespaces: no network, its own process IDs) and
#   `--die-with-parent` (everything inside dies with the session); `--share-net` only when
#   `policy.network` is `True`;
# - **read-write**: the `project`, and each folder in `policy.writable`: `--bind F F`;
# - **read-only**: the system (`SYSTEM`, given), the `python_roots`, each folder in
#   `policy.readable`, and git's configuration (`git_config_files(home)`, given) when
#   `policy.git_config`: `--ro-bind F F`;
# - **private**: `/tmp` and the `home` folder, empty and the sandbox's own: `--tmpfs F`; and
#   `--proc /proc --dev /dev`;
# - **hidden**: everything else, by not naming it: the rest of the home folder (keys, tokens,
#   other projects), the host's `/tmp`, `/var`, `/mnt` ...;
# - then `--chdir project`, `--`, and the `command` words, exactly as given.
#
# **The deeper folder wins.** Where one folder named above lies inside another, what is inside
# the inner one follows the inner one's rule, whatever the two kinds: the project inside the
# home folder is read-write, Python inside the home folder or the project is read-only, a
# readable folder inside a writable one read-only, a writable folder inside a readable one (or
# inside `/tmp`) read-write. bwrap mounts in order, and a mount hides whatever an earlier one put
# at or under its folder: so mount each folder before anything inside it (the home's `--tmpfs`
# before the project). `sees(argv, path)` (given) tells what a command inside finds at a host
# path: `"read-write"`, `"read-only"`, `"private"`, `"proc"`, `"devices"` or `"absent"`.
#
# **Expected:** four cells print `sandbox ok`.

# %% nbgrader="solution" grade_id="sandbox_argv"
def sandbox_argv(policy, project, home, python_roots, command):
    """bwrap's command line that runs `command` in `project`, fenced as `policy` says."""
    ### BEGIN SOLUTION
    argv = ["bwrap", "--unshare-all", "--die-with-parent", *(["--share-net"] if policy.network else [])]
    mounts = [("--tmpfs", "/tmp"), ("--tmpfs", home)]
    mounts += [("--ro-bind", folder) for folder in (*SYSTEM, *python_roots, *policy.readable)]
    mounts += [("--ro-bind", path) for path in (git_config_files(home) if policy.git_config else [])]
    mounts += [("--bind", folder) for folder in (*policy.writable, project)]
    mounts.sort(key=lambda mount: mount[1].rstrip("/").count("/"))
    for option, folder in mounts:
        argv += [option, folder] if option == "--tmpfs" else [option, folder, folder]
    return [*argv, "--proc", "/proc", "--dev", "/dev", "--chdir", project, "--", *command]
    ### END SOLUTION


# %% nbgrader="tests" grade_id="test_sandbox_visible" points=3
"""Check that the project is read-write, and the system, Python and git's configuration read-only."""
HOME, PROJECT, PYTHON = "/home/ann", "/home/ann/code/shop", ["/home/ann/.pyenv/versions/3.12.4", "/usr/lib/python3.12"]
argv = sandbox_argv(SandboxPolicy(), PROJECT, HOME, PYTHON, ["bash", "--norc"])
assert argv[0] == "bwrap" and argv[-3:] == ["--", "bash", "--norc"], argv
for path, expected in [(PROJECT, "read-write"), (PROJECT + "/src/main.py", "read-write"),
                       ("/usr/bin/python3", "read-only"), ("/etc/passwd", "read-only"), ("/lib/x.so", "read-only"),
                       ("/home/ann/.pyenv/versions/3.12.4/bin/python", "read-only"),
                       ("/home/ann/.gitconfig", "read-only"), ("/home/ann/.config/git/config", "read-only"),
                       ("/proc/self", "proc"), ("/dev/null", "devices")]:
    assert sees(argv, path) == expected, f"{path}: {sees(argv, path)}, expected {expected}"
assert argv[argv.index("--chdir") + 1] == PROJECT, "the shell starts in the project"


# the property: any layout (a home under /home or elsewhere, the project inside it or not, Python
# inside the home or the project, policy folders nested in each other): every path the project,
# a writable folder, the system, Python, a readable folder or git's configuration holds is seen
# the way its deepest named folder says; and the command runs in the project, after --
@holds(sandbox_layouts(), st.lists(st.sampled_from(["bash", "--norc", "-c", "ls -la", "--share-net", "--"]),
                                   min_size=1, max_size=4))
def _(layout, command):
    policy, project, home, pythons = layout
    argv = sandbox_argv(policy, project, home, pythons, command)
    assert argv[0] == "bwrap" and bwrap_options(argv)[1] == command, f"the command after --: {command}, in {argv}"
    assert argv[argv.index("--chdir") + 1] == project, "the shell starts in the project: --chdir project"
    named = mounts_of(policy, project, home, pythons)
    for path in probes(named):
        want, why = expected_view(named, path)
        if want in ("read-write", "read-only", "proc", "devices"):
            got = sees(argv, path)
            assert got == want, f"{path}: {got}, expected {want} (the deepest folder named at or above it is {why})\n{argv}"
### BEGIN HIDDEN TESTS
argv = sandbox_argv(SandboxPolicy(), "/srv/apps/shop", "/var/lib/builder", ["/opt/py/3.13"], ["sh"])
for path, expected in [("/srv/apps/shop/x", "read-write"), ("/opt/py/3.13/lib/os.py", "read-only"),
                       ("/var/lib/builder/.gitconfig", "read-only"), ("/sbin/ip", "read-only"), ("/usr", "read-only")]:
    assert sees(argv, path) == expected, f"{path}: {sees(argv, path)}, expected {expected}"
assert argv[-2:] == ["--", "sh"] and argv[argv.index("--chdir") + 1] == "/srv/apps/shop"
### END HIDDEN TESTS
print("sandbox ok")

# %% nbgrader="tests" grade_id="test_sandbox_hidden" points=3
"""Check that the rest of the home folder, the host's /tmp and every folder not named are out of sight."""
HOME, PROJECT, PYTHON = "/home/ann", "/home/ann/code/shop", ["/home/ann/.pyenv/versions/3.12.4", "/usr/lib/python3.12"]
argv = sandbox_argv(SandboxPolicy(), PROJECT, HOME, PYTHON, ["bash"])
for path in ["/home/ann/.ssh/id_rsa", "/home/ann/.aws/credentials", "/home/ann/code/other/secret.py",
             "/home/ann/.config/gh/hosts.yml", "/home/ann", "/tmp/host.sock", "/tmp"]:
    assert sees(argv, path) == "private", f"{path}: {sees(argv, path)}, expected private (empty, the sandbox's own)"
for path in ["/var/lib/db", "/mnt/backup", "/home/bob/notes", "/run/user/1000/bus", "/opt/tools", "/media/usb"]:
    assert sees(argv, path) == "absent", f"{path}: {sees(argv, path)}, expected absent"


# the property: in any layout, what the home folder and /tmp hold (outside the folders named inside
# them) is private, and every path no named folder holds (a sibling, a parent, a name that
# only starts the same, /var, /mnt, other homes) is absent
@holds(sandbox_layouts())
def _(layout):
    policy, project, home, pythons = layout
    argv = sandbox_argv(policy, project, home, pythons, ["bash"])
    named = mounts_of(policy, project, home, pythons)
    for path in probes(named):
        want, why = expected_view(named, path)
        if want in ("private", "absent"):
            got = sees(argv, path)
            held = f"the deepest folder named at or above it is {why}" if why else "no folder named holds it"
            assert got == want, f"{path}: {got}, expected {want} ({held})\n{argv}"
### BEGIN HIDDEN TESTS
argv = sandbox_argv(SandboxPolicy(), "/home/zoe/p", "/home/zoe", ["/home/zoe/venv"], ["bash"])
for path in ["/home/zoe/.netrc", "/home/zoe/.docker/config.json", "/home/zoe/pp/x", "/home/zoe/.pyenv"]:
    assert sees(argv, path) == "private", f"{path}: {sees(argv, path)}"
for path in ["/home/zoz", "/srv", "/var/run/docker.sock", "/boot"]:
    assert sees(argv, path) == "absent", f"{path}: {sees(argv, path)}"
assert sees(argv, "/home/zoe/p/x") == "read-write" and sees(argv, "/home/zoe/venv/bin/python") == "read-only"
### END HIDDEN TESTS
print("sandbox ok")

# %% nbgrader="tests" grade_id="test_sandbox_namespaces" points=2
"""Check that the network is off unless the policy opens it, and the shell's processes die with the session."""
argv = sandbox_argv(SandboxPolicy(), "/home/ann/p", "/home/ann", [], ["bash"])
options = [option for option, _ in bwrap_options(argv)[0]]
assert "--unshare-all" in options and "--share-net" not in options, "no network by default"
assert "--die-with-parent" in options, "nothing inside outlives the session"
argv = sandbox_argv(SandboxPolicy(network=True), "/home/ann/p", "/home/ann", [], ["bash"])
assert "--share-net" in [option for option, _ in bwrap_options(argv)[0]], "policy.network opens it"


# the property: in any layout, --unshare-all and --die-with-parent always, --share-net exactly when
# policy.network, all before the --; a command's own words (even "--share-net") are its own
@holds(sandbox_layouts(), st.lists(st.sampled_from(["sh", "-c", "--share-net", "--unshare-all", "x"]), min_size=1, max_size=3))
def _(layout, command):
    policy, project, home, pythons = layout
    argv = sandbox_argv(policy, project, home, pythons, command)
    options, after = bwrap_options(argv)
    options = [option for option, _ in options]
    assert "--unshare-all" in options and "--die-with-parent" in options, f"--unshare-all and --die-with-parent, always: {argv}"
    assert ("--share-net" in options) == policy.network, f"--share-net exactly when policy.network ({policy.network}): {argv}"
    assert after == command, f"after --, the command as given: {command}, not {after}"
### BEGIN HIDDEN TESTS
argv = sandbox_argv(SandboxPolicy(writable=("/data",)), "/w/p", "/home/x", ["/py"], ["sh", "-c", "--share-net"])
options = [option for option, _ in bwrap_options(argv)[0]]
assert "--unshare-all" in options and "--share-net" not in options and "--die-with-parent" in options
assert bwrap_options(argv)[1] == ["sh", "-c", "--share-net"]
### END HIDDEN TESTS
print("sandbox ok")

# %% nbgrader="tests" grade_id="test_sandbox_policy" points=2
"""Check that each policy field opens exactly what it says: extra folders, and git's configuration."""
policy = SandboxPolicy(writable=("/data/cache",), readable=("/home/ann/datasets", "/data/cache/ref"), git_config=False)
argv = sandbox_argv(policy, "/home/ann/p", "/home/ann", [], ["bash"])
for path, expected in [("/data/cache/x", "read-write"), ("/home/ann/datasets/a.csv", "read-only"),
                       ("/data/cache/ref/r.txt", "read-only"), ("/home/ann/.gitconfig", "private"),
                       ("/home/ann/p/x", "read-write"), ("/data/other", "absent")]:
    assert sees(argv, path) == expected, f"{path}: {sees(argv, path)}, expected {expected}"


# the property: layouts whose policy opens folders (nested in each other, in the home folder, the
# project or /tmp) or keeps git's configuration out: every path is seen as its deepest named
# folder says, and nothing the policy does not name
@holds(sandbox_layouts().filter(lambda layout: layout[0].writable or layout[0].readable or not layout[0].git_config))
def _(layout):
    policy, project, home, pythons = layout
    argv = sandbox_argv(policy, project, home, pythons, ["bash"])
    named = mounts_of(policy, project, home, pythons)
    for path in probes(named):
        want, why = expected_view(named, path)
        got = sees(argv, path)
        held = f"the deepest folder named at or above it is {why}" if why else "no folder named holds it"
        assert got == want, f"{path}: {got}, expected {want} ({held}) with {policy}\n{argv}"
### BEGIN HIDDEN TESTS
policy = SandboxPolicy(readable=("/srv/ref",), writable=("/srv/ref/out", "/home/q/build"))
argv = sandbox_argv(policy, "/home/q/p", "/home/q", ["/home/q/env"], ["bash"])
for path, expected in [("/srv/ref/a", "read-only"), ("/srv/ref/out/b", "read-write"), ("/home/q/build/c", "read-write"),
                       ("/home/q/.config/git/config", "read-only"), ("/srv/other", "absent"), ("/home/q/env/x", "read-only")]:
    assert sees(argv, path) == expected, f"{path}: {sees(argv, path)}, expected {expected}"
### END HIDDEN TESTS
print("sandbox ok")
