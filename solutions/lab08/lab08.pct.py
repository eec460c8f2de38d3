# ---
# jupyter:
#   agentcourse:
#     lab: lab08
#     title: 'Edits that leave nothing behind, and a shell that denies by default'
#     time_box_minutes: 60
#     time_box_basis: >-
#       The sum of the task minutes plus 5 to read (solutions/CONVENTIONS.md). Task minutes
#       follow each task's lines of solution code (blank lines and comments left out: 15, 13,
#       25, 13 and 9), at about 0.65 minutes per line, rounded up: the pace the trial runs of
#       labs 3 and 4 showed (75 lines in 45-60 minutes, 77 lines in about 40) for a student who
#       had read the lecture. Task 5 gets 5 minutes more than its 9 lines, to read how bwrap's
#       mounts stack up and try sees(). tests/course/test_lab_texts.py recounts the lines.
#     release_baseline: 0
#     student_files: []
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
#         it unasked). Otherwise ask with [], where "a" counts as "y". Record changes_shell(command)
#         after any command that runs.
#     - number: 5
#       title: 'sandbox_argv: the project read-write, the system read-only, the rest hidden'
#       tests: [test_sandbox_visible, test_sandbox_hidden, test_sandbox_namespaces, test_sandbox_policy]
#       hint: >-
#         Make a list of (option, folder), sort it by depth (folder.count("/")), so a folder is
#         mounted before anything inside it, and write each as --tmpfs F or --bind/--ro-bind F F;
#         then --chdir project, --, and the command.
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
# check from a terminal. Grading runs more instances of exactly the kinds of case you see.

# %% nbgrader="locked" grade_id="setup"
"""Setup: helpers for the text editor, the guardrail and the sandbox. Run it first; do not change it."""
import contextlib
import datetime
import hashlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import tree_sitter_bash
from tree_sitter import Language, Parser

from agentcourse.projects.sample import copy_sample_project

SECRET = "a file outside the project\n"
BACKUPS = ".agent-backups"


# ---- the text editor (Tasks 1 and 2)
@contextlib.contextmanager
def scratch_project():
    """A fresh copy of the sample project as the current folder, with ../secret.txt beside it."""
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


def split_lines(text):
    """The lines of `text`, each with its own "\\n" (the last one may have none)."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def every_file(root=None):
    """{path: sha256} of every file in the project's folder and the folder around it
    (hidden ones too): what a refused edit must leave exactly as it was."""
    outer = Path(root or os.getcwd()).parent
    return {str(p.relative_to(outer)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(outer.rglob("*")) if p.is_file()}


def backups():
    """The backup files under .agent-backups, oldest name first."""
    folder = Path(os.getcwd()) / BACKUPS
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


# ---- the guardrail (Tasks 3 and 4)
BASH = Parser(Language(tree_sitter_bash.language()))


def parse(command):
    """bash's syntax tree for `command` (its root node), or None when the guardrail cannot be
    sure it reads the command the way bash will: not text, over 10,000 characters, a
    character outside printable ASCII, a syntax error, or text the parser skipped."""
    if not isinstance(command, str) or len(command) > 10_000 or re.search(r"[^ -~\n\t]", command):
        return None
    source = command.encode()
    root = BASH.parse(source).root_node
    if root.has_error:
        return None
    stack = [root]
    while stack:  # only blanks between a node's children, or bash reads something the tree does not show
        node = stack.pop()
        edges = [node.start_byte, *(b for c in node.children for b in (c.start_byte, c.end_byte)), node.end_byte]
        if node.children and any(not re.fullmatch(rb"[ \t\n]*", source[a:b]) for a, b in zip(edges[::2], edges[1::2])):
            return None
        stack.extend(node.children)
    return root


def show(node, depth=0):
    """Print a syntax tree, one node per line: try show(parse("ls -l | wc -l > /dev/null"))."""
    print("  " * depth + f"{node.type}  {node.text.decode()!r}")
    for child in node.children:
        show(child, depth + 1)


PLAIN_WORD = r"""(?:[A-Za-z0-9_./,:=+@%-]|'[^'\n]*'|"[^"$`\\\n]*")+"""


def literal(node):
    """The word bash passes on for `node` (a syntax-tree node, or its text), or None when bash
    could change it as it runs: anything but plain characters, '...' and "..." without $ ` \\
    (so $x, $(...), `...`, globs * ?, braces, ~ and backslashes all give None)."""
    text = node if isinstance(node, str) else node.text.decode()
    if not re.fullmatch(PLAIN_WORD, text):
        return None
    return "".join("".join(part) for part in re.findall(r"'([^']*)'|\"([^\"]*)\"|([^'\"]+)", text))


# The node types a plain command line is made of: the whole program, lists (&& || ;),
# pipelines, a statement with redirections, comments, and the operators themselves.
STRUCTURE = {"program", "list", "pipeline", "redirected_statement", "comment", ";", "&&", "||", "|"}
REDIRECTS = {"file_redirect", "heredoc_redirect", "herestring_redirect"}


def writes_nothing(node):
    """Whether a redirection node is one "always" may approve: 2>&1, >/dev/null, or reading a
    plain file with <. Writing a file, a here-document, a device: False."""
    text = node.text.decode()
    if node.type != "file_redirect":
        return False
    if re.fullmatch(r"[0-9]?>&[0-9]", text):
        return True
    to_file = re.fullmatch(r"[0-9]?(>>?|&>>?|<)[ \t]*(.*)", text, re.S)
    path = literal(to_file[2]) if to_file else None
    if path is None:
        return False
    if to_file[1] == "<":
        return path == "/dev/null" or "dev/" not in path
    return path == "/dev/null"


@dataclass(frozen=True)
class Options:
    """An allowlisted program's safe options: `short` letters (a letter followed by = takes a
    value; # allows -5), `long` options in full (--lines= takes a value), at most `operands`."""

    short: str = ""
    long: frozenset = frozenset()
    operands: int | None = None


def safe(short="", long="", operands=None):
    return Options(short, frozenset(f"--{name}" for name in long.split()), operands)


# Each reads files or text and prints; with the options listed, none runs another program or
# writes a file. Left out on purpose, among others: sort -o (writes), sort --compress-program
# and grep --pre... (run a program), tail -f (never ends), diff -l (runs pr).
ALLOWLIST = {
    "ls": safe("aAlhRtrSdFi1pnsC", "all almost-all human-readable recursive reverse directory "
               "classify color=never group-directories-first"),
    "cat": safe("nbAEsTv", "number number-nonblank show-all show-ends squeeze-blank"),
    "grep": safe("rRnilLcvwxEFohHqsIe=f=A=B=C=m=", "recursive line-number ignore-case count "
                 "files-with-matches invert-match word-regexp extended-regexp fixed-strings "
                 "only-matching no-filename with-filename quiet color=never include= exclude= "
                 "exclude-dir= regexp= max-count="),
    "wc": safe("lwcmL", "lines words bytes chars max-line-length"),
    "head": safe("qvn=c=#", "quiet silent verbose lines= bytes="),
    "tail": safe("qvn=c=#", "quiet silent verbose lines= bytes="),
    "sort": safe("bdfgiMhnRrVsuck=t=", "reverse numeric-sort human-numeric-sort unique stable "
                 "general-numeric-sort ignore-case version-sort check key= field-separator="),
    "uniq": safe("cduiDf=s=w=", "count repeated unique ignore-case", operands=1),  # 2nd: output
    "cut": safe("sb=c=d=f=", "complement only-delimited bytes= characters= delimiter= fields= "
                "output-delimiter="),
    "tr": safe("cCdst", "complement delete squeeze-repeats truncate-set1"),
    "diff": safe("uqrNaiwbBstyU=C=", "unified brief recursive new-file text ignore-case "
                 "ignore-all-space ignore-space-change ignore-blank-lines strip-trailing-cr"),
    "file": safe("bLhikNE", "brief mime mime-type mime-encoding dereference"),
    "stat": safe("Ltc=", "dereference terse format= printf="), "dirname": safe("z", "zero"),
    "du": safe("shackmbxLd=", "summarize human-readable all total apparent-size max-depth="),
    "basename": safe("azs=", "multiple zero suffix="),
    "realpath": safe("emsqzLP", "canonicalize-existing canonicalize-missing no-symlinks quiet "
                     "zero relative-to= relative-base="),
    "pwd": safe("LP"), "echo": safe("neE"), "true": safe(), "cd": safe("LP", operands=1),
}


def _option(word, spec):
    """False: a safe option; True: safe, and its value is the next word; None: not safe."""
    if word in spec.long:
        return False
    if word.startswith("--"):
        option, equals, _ = word.partition("=")
        return None if option + "=" not in spec.long else not equals
    if "#" in spec.short and word[1:].isdigit():
        return False
    for at, letter in enumerate(word[1:], start=2):
        if letter in "=#" or letter not in spec.short:
            return None
        where = spec.short.index(letter)
        if spec.short[where + 1 : where + 2] == "=":
            return at >= len(word)  # -n5 carries its value; -n takes the next word
    return False


def options_ok(program, words):
    """Whether `words` (literal arguments) are a safe use of the allowlisted `program`: every
    word starting with - up to `--` is one of its safe options (long ones only in full: GNU
    programs also take abbreviations), a value follows where one is needed, and it gets no
    more operands than its safe form takes."""
    spec, operands, ended, i = ALLOWLIST[program], 0, False, 0
    while i < len(words):
        word, i = words[i], i + 1
        if ended or word == "-" or not word.startswith("-"):
            operands += 1
        elif word == "--":
            ended = True
        else:
            takes = _option(word, spec)
            if takes is None:
                return False
            if takes:
                if i == len(words) or words[i].startswith("-"):
                    return False
                i += 1
    return spec.operands is None or operands <= spec.operands


# Every builtin of bash 5.2 (`compgen -b`), and those that change no name the shell knows.
BUILTINS = frozenset(
    ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare "
    "dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill "
    "let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt "
    "source suspend test times trap true type typeset ulimit umask unalias unset wait".split())
INERT = frozenset({"cd", "echo", "false", "pwd", "true"})


def changes_shell(command):
    """Whether running `command` may change what later commands' names mean in this shell:
    a function, an alias, an assignment, `source`, `export`, `hash`, any builtin but the inert
    ones, anything computed. A program bash starts (rm, python3) cannot change the shell."""
    root = parse(command)
    if root is None:
        return True
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in ("function_definition", "variable_assignment", "declaration_command",
                         "unset_command") or "$" in node.text.decode() or "`" in node.text.decode():
            return True
        if node.type == "command":
            name_node = node.child_by_field_name("name")
            name = literal(name_node) if name_node is not None else None
            if name is None or (name in BUILTINS and name not in INERT):
                return True
        stack.extend(node.children)
    return False


REFUSAL = ("Error: the user did not approve this command, so it was not run. Do not try to get "
           "the same result another way; ask the user how they want to proceed.")


class Asker:
    """A scripted user for the checks: answers in turn, and remembers each question."""

    def __init__(self, *answers):
        self.answers, self.asked = list(answers), []

    def __call__(self, command, programs):
        self.asked.append((command, list(programs)))
        return self.answers.pop(0) if self.answers else "n"


# ---- the sandbox (Task 5)
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc")  # the system's folders, read-only


@dataclass(frozen=True)
class SandboxPolicy:
    """What the shell may reach besides the project folder; every opening is one field."""

    network: bool = False  # True: commands reach the network (and this machine's loopback)
    writable: tuple = ()  # more folders commands may change
    readable: tuple = ()  # more folders commands may read
    git_config: bool = True  # ~/.gitconfig and ~/.config/git, read-only, so commits carry a name


def git_config_files(home):
    """Where git looks for the user's configuration."""
    return [os.path.join(home, ".gitconfig"), os.path.join(home, ".config", "git")]


_TAKES = {"--bind": 2, "--ro-bind": 2, "--dev-bind": 2, "--bind-try": 2, "--ro-bind-try": 2,
          "--dev-bind-try": 2, "--symlink": 2, "--setenv": 2, "--tmpfs": 1, "--proc": 1, "--dev": 1,
          "--dir": 1, "--chdir": 1, "--remount-ro": 1, "--unsetenv": 1, "--cap-drop": 1,
          "--cap-add": 1, "--uid": 1, "--gid": 1, "--hostname": 1, "--info-fd": 1, "--perms": 1}
_KIND = {"--bind": "read-write", "--bind-try": "read-write", "--dev-bind": "read-write",
         "--dev-bind-try": "read-write", "--ro-bind": "read-only", "--ro-bind-try": "read-only",
         "--tmpfs": "private", "--proc": "proc", "--dev": "devices"}


def bwrap_options(argv):
    """bwrap's options in `argv` as (option, its values) up to `--`, and the command after it."""
    if not argv or os.path.basename(argv[0]) != "bwrap":
        raise ValueError(f"a bwrap command line starts with bwrap, not {argv[:1]}")
    options, i = [], 1
    while i < len(argv) and argv[i] != "--":
        option = argv[i]
        if not option.startswith("--"):
            raise ValueError(f"bwrap would run {option!r} as the command: put -- before the command")
        n = _TAKES.get(option, 0)
        options.append((option, tuple(argv[i + 1 : i + 1 + n])))
        i += 1 + n
    return options, argv[i + 1 :]


def sees(argv, path):
    """What a command inside the sandbox finds at the host's `path`: "read-write" or
    "read-only" (the host's file), "private" (an empty folder of the sandbox's own: the host's
    file is not there), "proc", "devices", or "absent" (nothing is mounted there). Like bwrap,
    the last mount at `path` or at a folder holding it wins."""
    found = "absent"
    for option, values in bwrap_options(argv)[0]:
        if option in _KIND:
            where = values[-1].rstrip("/") or "/"
            if path == where or path.startswith(where.rstrip("/") + "/"):
                found = _KIND[option]
    return found


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
# replacing it is ambiguous, not a lucky first hit. An empty `old_str` is an error too.
#
# The order is the point of this task: **confine, read, count, and only then back up and write**.
# `load(path)` (given) confines and reads, or raises `ValueError` with the reason; `backup(real)`
# and `write_atomically(real, text)` are given too. A path outside the project, a missing file or
# an edit that does not apply returns its `Error:` *before* the backup, so a refused call leaves
# every file, in the project and around it, exactly as it was: back up first, and a refused edit
# of `../secret.txt` copies the secret into the project. The file keeps every other byte: a
# `\r\n` file stays `\r\n`, a file without a final newline stays without one.
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "y.txt").write_text("alpha beta gamma\n")
    assert str_replace("y.txt", "beta", "B").startswith("Successfully")
    assert (root / "y.txt").read_text() == "alpha B gamma\n"
    assert str_replace("y.txt", "alpha B", "").startswith("Successfully")
    assert (root / "y.txt").read_text() == " gamma\n"
### END HIDDEN TESTS
print("str_replace ok")

# %% nbgrader="tests" grade_id="test_replace_counts" points=2
"""Check that no match and several matches (overlaps counted) give the documented errors."""
with scratch_project() as root:
    (root / "dup.py").write_text("x = 1\ny = 2\nx = 1\n")
    assert str_replace("dup.py", "z = 3", "z = 4") == (
        "Error: No match found for replacement. Please check your text and try again.")
    assert str_replace("dup.py", "x = 1", "x = 9") == (
        "Error: Found 2 matches for replacement text. Please provide more context to make a unique match.")
    (root / "aaa.txt").write_text("aaa\n")
    assert str_replace("aaa.txt", "aa", "b") == (
        "Error: Found 2 matches for replacement text. Please provide more context to make a unique match."), (
        "'aa' starts at 0 and at 1 in 'aaa': count overlapping matches")
    (root / "one.txt").write_text("a")
    assert is_error(str_replace("dup.py", "", "z")) and is_error(str_replace("one.txt", "", "z")), (
        "an empty old_str is refused")
    assert (root / "dup.py").read_text() == "x = 1\ny = 2\nx = 1\n" and (root / "aaa.txt").read_text() == "aaa\n"
    assert (root / "one.txt").read_text() == "a"
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "many.py").write_text("pass\n" * 5)
    assert str_replace("many.py", "pass", "return").startswith("Error: Found 5 matches for replacement text.")
    (root / "ab.txt").write_text("ababa\n")
    assert str_replace("ab.txt", "aba", "x").startswith("Error: Found 2 matches for replacement text.")
    (root / "nl.txt").write_text("\n\n\n")
    assert str_replace("nl.txt", "\n\n", "x").startswith("Error: Found 2 matches for replacement text.")
    assert str_replace("many.py", "return", "x").startswith("Error: No match found")
    (root / "q.txt").write_text("q")
    assert is_error(str_replace("q.txt", "", "x")) and (root / "q.txt").read_text() == "q"
    assert (root / "many.py").read_text() == "pass\n" * 5 and (root / "ab.txt").read_text() == "ababa\n"
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "dup.py").write_text("a\na\n")
    os.symlink(root.parent / "secret.txt", root / "notes.txt")
    before = every_file()
    for path, old in [("dup.py", "a"), ("notes.txt", "outside"), (str(root.parent / "secret.txt"), "outside"),
                      ("sub/../../secret.txt", "outside"), ("dup.py", "")]:
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
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
# before the first line, and the number of lines means after the last. Any other number is an
# `Error:` that says how many lines the file has (`... has 3 lines`). The same road as Task 1:
# confine and read, check, and only then back up and write; a refused call changes no file.
# Success: `Inserted after line N.`
#
# The inserted text is whole lines: without a final `\n` it gets one, so it never runs into the
# next line. One exception, the final-newline rule (Lecture 7.3): **a file without a final
# newline keeps none**. Inserting after a last line that has no `\n` gives that line one, and the
# inserted text then ends the file without one: `"x\ny"` with `"z"` after line 2 is `"x\ny\nz"`.
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "two.txt").write_text("1\n2\n")
    insert("two.txt", 1, "m1\nm2")
    assert (root / "two.txt").read_text() == "1\nm1\nm2\n2\n"
    insert("two.txt", 4, "z\n")
    assert (root / "two.txt").read_text() == "1\nm1\nm2\n2\nz\n"
    assert len(backups()) == 2
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
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
### BEGIN HIDDEN TESTS
with scratch_project() as root:
    (root / "one.txt").write_text("only\n")
    os.symlink(root.parent / "secret.txt", root / "notes.txt")
    before = every_file()
    for bad in (2, -2, 10**6):
        assert is_error(insert("one.txt", bad, "x")) and "1 lines" in insert("one.txt", bad, "x")
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
# - `parse(command)` (given) is not `None`;
# - every node of the tree is either of a type in `STRUCTURE` (given: the program, lists with
#   `&&` `||` `;`, pipelines, statements with redirections, comments, the operators), a
#   redirection that `writes_nothing` (given: `2>&1`, `>/dev/null`, `< file`), or a `command`;
# - in each `command` node, every child but its redirections is a literal word (`literal(child)`,
#   given, is not `None`: no `$`, `` ` ``, glob, brace, `~` or backslash), the first word is a
#   program in `ALLOWLIST` (given), and `options_ok(program, the other words)` (given): no option
#   that runs code or writes a file (`sort -o`, `grep --pre=`), abbreviations included.
#
# Anything else, anything unknown, returns `None`: a subshell `( )`, `$( )`, a function, `&`, a
# here-document, `bash -c`, `sudo`, `env`, an assignment such as `X=1 ls`. Try
# `show(parse("ls -l | wc -l 2>/dev/null"))` to see a tree.
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
### BEGIN HIDDEN TESTS
for command, expected in [
    ("wc -l main.py utils.py", {"wc"}), ("ls -1p . | sort -r", {"ls", "sort"}), ("cd src && ls", {"cd", "ls"}),
    ("head -n5 a | tail -n 2 | cut -d: -f1", {"head", "tail", "cut"}), ("diff -u a b 2>&1", {"diff"}),
    ("stat --format=%s main.py", {"stat"}), ("grep -e 'a b' -- -file", {"grep"}), ("du -sh .; pwd -P", {"du", "pwd"}),
]:
    got = assess(command)
    assert got is not None and set(got) == expected, f"assess({command!r}) = {got}, expected the programs {expected}"
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_off_the_list" points=3
"""Check that every program off the allowlist asks, wherever it stands: after ls, or run by another."""
for command in ["rm -rf build", "ls; rm x", "ls && rm x", "ls | xargs rm", "python3 -m pytest",
                "bash -c 'ls'", "bash -lc 'ls'", "sh -c ls", "sudo ls", "env ls", "timeout 5 ls",
                "nice ls", "exec ls", "command ls", "find . -name x", "ls\nrm x", "cat a | sh",
                "/bin/ls", "/usr/bin/cat a"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: only this exact command may be approved"
### BEGIN HIDDEN TESTS
for command in ["true || rm x", "echo a; echo b; shred x", "git status", "make", "awk 1 a", "sed -n 1p a",
                "zsh -c 'ls'", "bash --login -c ls", "dash -ec ls", "eval ls", "nohup ls", "xargs", "ls | tee out",
                "watch ls", "/bin/ls -la", "./ls", "/usr/local/bin/grep x a", "source env.sh", ". env.sh", "alias ls=rm", "ssh host ls"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: only this exact command may be approved"
### END HIDDEN TESTS
print("assess ok")

# %% nbgrader="tests" grade_id="test_assess_words" points=2
"""Check that a word bash computes as it runs ($, backticks, globs, braces, ~, backslashes) asks."""
for command in ["ls $(rm x)", "ls $(ls)", "ls `pwd`", "echo $HOME", 'echo "$USER"', "ls *.py",
                "cat ~/.ssh/id_rsa", "ls {a,b}", "l\\s", "r\\m x", "ls ?", "$cmd"]:
    assert assess(command) is None, f"assess({command!r}) = {assess(command)}: a computed word must ask"
assert set(assess("echo '$HOME' \"a b\"") or ()) == {"echo"}, "quoted text without $ is literal"
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
#
# - **"Always" for programs.** When `assess(command)` gives programs, the shell is fenced (the
#   sandbox of Task 5 is around it) and unchanged (below): if every program is approved already,
#   the command runs unasked. Otherwise ask, offering the programs not approved yet; `"a"` adds
#   them to `self.approved`.
# - **Once for the exact command.** Otherwise ask with `programs=[]`: only this exact command can
#   be approved, and `"a"` counts as `"y"`, this once. It approves nothing for later.
# - **A changed shell.** The shell lives on between commands, so `ls() { rm -rf x; }` would make a
#   later `ls` run `rm`. Once a command that `changes_shell(command)` (given) has run, every
#   later command asks for its exact text (`self.changed`).
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
            if not pending:
                return None
            answer = self.ask(command, pending)
            if answer == "a":
                self.approved.update(pending)
            return None if answer in ("y", "a") else REFUSAL
        if self.ask(command, []) not in ("y", "a"):
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
### BEGIN HIDDEN TESTS
user = Asker("y", "a")
guard = Guardrail(user)
assert guard.check("wc a") is None and guard.approved == set(), "y approves once"
assert guard.check("cat a") is None and guard.approved == {"cat"} and len(user.asked) == 2
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
# - then `--chdir project`, `--`, and the `command` words.
#
# bwrap mounts in order, and a mount hides whatever an earlier one put at or under its folder:
# the project usually lives inside the home folder, so the home's `--tmpfs` must come first.
# `sees(argv, path)` (given) tells what a command inside finds at a host path: `"read-write"`,
# `"read-only"`, `"private"`, `"proc"`, `"devices"` or `"absent"`.
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
### BEGIN HIDDEN TESTS
policy = SandboxPolicy(readable=("/srv/ref",), writable=("/srv/ref/out", "/home/q/build"))
argv = sandbox_argv(policy, "/home/q/p", "/home/q", ["/home/q/env"], ["bash"])
for path, expected in [("/srv/ref/a", "read-only"), ("/srv/ref/out/b", "read-write"), ("/home/q/build/c", "read-write"),
                       ("/home/q/.config/git/config", "read-only"), ("/srv/other", "absent"), ("/home/q/env/x", "read-only")]:
    assert sees(argv, path) == expected, f"{path}: {sees(argv, path)}, expected {expected}"
### END HIDDEN TESTS
print("sandbox ok")
