"""Lab 8's scaffolding: the helpers its tasks name, and the instances its checks generate.

The lab's setup cell imports what a student uses from here, so the cell stays short to read:
the text editor's helpers (`load`, `backup`, `write_atomically`, `split_lines`), the
guardrail's (`parse`, `literal`, `writes_nothing`, `ALLOWLIST`, `options_ok`,
`changes_shell`, `REFUSAL`) and the sandbox's (`SYSTEM`, `SandboxPolicy`,
`git_config_files`, `sees`). `help(name)` in the notebook shows each one's contract.

The second half holds what the checks need: scratch projects, a scripted user, and the
Hypothesis strategies the check cells are properties over (edits with and without a unique
match, files with CRLF and without a final newline, command lines built from parts whose
verdict is known by construction, sessions of approvals, sandbox layouts with nested
folders). None of it is a lab answer: what the checks compare with (the count of an edit's matches,
the file an insert leaves, what the sandbox shows at each folder) is in
scaffold/judged/lab08.py, out of a graded kernel's reach; and
tests/course/test_answers_out_of_reach.py tries every same-named attribute in reach.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tree_sitter_bash
from hypothesis import strategies as st
from tree_sitter import Language, Parser

from agentcourse.projects.sample import copy_sample_project

# ============================================================================ the text editor
SECRET = "a file outside the project\n"
BACKUPS = ".agent-backups"


# Checks make a scratch project per generated instance: in memory where the system offers
# a tmpfs to write (a disk's /tmp can take a millisecond a file), else the usual temp folder.
_FAST_TMP = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK) else None


@contextlib.contextmanager
def scratch_project(sample: bool = True) -> Iterator[Path]:
    """A fresh project as the current folder (a copy of the sample project, or an empty
    folder with sample=False), with ../secret.txt beside it, a symlink `notes.txt` to that
    secret and a symlinked folder `up` to the folder around the project."""
    outer = Path(tempfile.mkdtemp(prefix="lab08-", dir=_FAST_TMP)).resolve()
    root = copy_sample_project(outer / "proj") if sample else outer / "proj"
    root.mkdir(exist_ok=True)
    (outer / "secret.txt").write_text(SECRET)
    os.symlink(outer / "secret.txt", root / "notes.txt")
    os.symlink(outer, root / "up", target_is_directory=True)
    (root / "sub").mkdir(exist_ok=True)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


def confine(path: Any) -> str:
    """The real path of `path` inside the project (the cwd), or ValueError (lab 3's lesson)."""
    if not isinstance(path, str) or not path or "\x00" in path or path.startswith("~"):
        raise ValueError(f"{path!r} is not a usable path")
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, path))
    if real != root and not real.startswith(root + os.sep):
        raise ValueError(f"{path!r} is outside the project directory; access refused")
    return real


def load(path: Any) -> tuple[str, str]:
    """(real path, text) of a file in the project, read exactly as stored (newline="");
    ValueError with a one-line reason for a path outside the project or a missing file."""
    real = confine(path)
    if not os.path.isfile(real):
        raise ValueError(f"File not found: {path}")
    with open(real, encoding="utf-8", newline="") as f:
        return real, f.read()


def backup(real: str) -> None:
    """Copy the file at `real` to .agent-backups/<name>.<timestamp> in the project."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    copy = Path(os.getcwd()) / BACKUPS / f"{os.path.relpath(real, os.getcwd())}.{stamp}"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(real, copy)


def write_atomically(real: str, text: str) -> None:
    """Write `text` exactly as given (no newline translation), never half-written."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(real), prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, real)


def split_lines(text: str) -> list[str]:
    """The lines of `text`, each with its own "\\n" (the last one may have none). Only "\\n"
    ends a line: a "\\r" before it stays part of the line, and so do a lone "\\r", a form
    feed or a Unicode line separator."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def every_file(root: Any = None) -> dict[str, str]:
    """{path: sha256} of every file in the project's folder and the folder around it
    (hidden ones too): what a refused edit must leave exactly as it was."""
    outer = Path(root or os.getcwd()).parent
    return {str(p.relative_to(outer)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(outer.rglob("*")) if p.is_file() and not p.is_symlink()}


def backups() -> list[Path]:
    """The backup files under .agent-backups, oldest name first."""
    folder = Path(os.getcwd()) / BACKUPS
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []


def is_error(result: Any) -> bool:
    return isinstance(result, str) and result.startswith("Error:")


# ============================================================================ the guardrail
BASH = Parser(Language(tree_sitter_bash.language()))
MAX_LENGTH = 10_000  # characters parse() reads
MAX_DEPTH = 100  # levels of syntax tree parse() reads: `a && b && ...` nests one level per &&
# bash ends these at a newline; tree-sitter-bash, in rare cases, runs a pipeline's last command
# on into the next line (`... | "cat" a'b'` then `"rm" x` read as cat's words), so a newline
# between their children means the tree is not what bash runs. Lists and pipelines may go on
# after an operator (`ls &&`, `ls |`) and nowhere else.
ONE_LINE = {"command", "command_name", "concatenation", "redirected_statement", "file_redirect", "herestring_redirect"}
GO_ON_AFTER = {"pipeline": {"|", "|&"}, "list": {"&&", "||"}}


def parse(command: Any) -> Any:
    """bash's syntax tree for `command` (its root node), or None when the guardrail cannot be
    sure it reads the command the way bash will: not text, over 10,000 characters, a
    character outside printable ASCII (tabs and newlines aside), a syntax error, text the
    parser skipped, a newline where bash ends a command but the tree does not, or a tree more
    than 100 levels deep."""
    if not isinstance(command, str) or len(command) > MAX_LENGTH or re.search(r"[^ -~\n\t]", command):
        return None
    source = command.encode()
    root = BASH.parse(source).root_node
    if root.has_error:
        return None
    stack = [(root, 1)]
    while stack:  # only blanks between a node's children, or bash reads something the tree does not show
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return None
        children, kind = node.children, node.type
        at, before = node.start_byte, None
        for child in [*children, None] if children else []:
            end = node.end_byte if child is None else child.start_byte
            gap = source[at:end]
            if gap and (gap.strip(b" \t\n") or b"\n" in gap and not _may_break(kind, before)):
                return None
            if child is not None:
                at, before = child.end_byte, child
        stack.extend((child, depth + 1) for child in children)
    return root


def _may_break(kind: str, before: Any) -> bool:
    """Whether bash lets a line end inside a node of this kind, right after `before`."""
    if kind in ONE_LINE:
        return False
    return kind not in GO_ON_AFTER or before is not None and before.type in GO_ON_AFTER[kind]


def show(node: Any, depth: int = 0) -> None:
    """Print a syntax tree, one node per line: try show(parse("ls -l | wc -l > /dev/null"))."""
    print("  " * depth + f"{node.type}  {node.text.decode()!r}")
    for child in node.children:
        show(child, depth + 1)


PLAIN_WORD = r"""(?:[A-Za-z0-9_./,:=+@%-]|'[^'\n]*'|"[^"$`\\\n]*")+"""


def literal(node: Any) -> str | None:
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


def writes_nothing(node: Any) -> bool:
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


def safe(short: str = "", long: str = "", operands: int | None = None) -> Options:
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


def _option(word: str, spec: Options) -> bool | None:
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


def options_ok(program: str, words: list[str]) -> bool:
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
QUIET = frozenset({"raw_string", "comment"})  # '...' and comments: bash computes nothing in them


def changes_shell(command: Any) -> bool:
    """Whether running `command` may change what later commands' names mean in this shell:
    a function, an alias, an assignment, `source`, `export`, `hash`, any builtin but the inert
    ones, anything computed ($, backquotes). A program bash starts (rm, python3) cannot
    change the shell, and a command "always" may approve never does."""
    root = parse(command)
    if root is None:
        return True
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in QUIET:
            continue
        if node.type in ("function_definition", "variable_assignment", "declaration_command", "unset_command"):
            return True
        if not node.children and ("$" in node.text.decode() or "`" in node.text.decode()):
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

    def __init__(self, *answers: str) -> None:
        self.answers, self.asked = list(answers), []

    def __call__(self, command: str, programs: Any) -> str:
        self.asked.append((command, list(programs)))
        return self.answers.pop(0) if self.answers else "n"


# ============================================================================ the sandbox
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc")  # the system's folders, read-only


@dataclass(frozen=True)
class SandboxPolicy:
    """What the shell may reach besides the project folder; every opening is one field."""

    network: bool = False  # True: commands reach the network (and this machine's loopback)
    writable: tuple = ()  # more folders commands may change
    readable: tuple = ()  # more folders commands may read
    git_config: bool = True  # ~/.gitconfig and ~/.config/git, read-only, so commits carry a name


def git_config_files(home: str) -> list[str]:
    """Where git looks for the user's configuration."""
    return [os.path.join(home, ".gitconfig"), os.path.join(home, ".config", "git")]


_TAKES = {"--bind": 2, "--ro-bind": 2, "--dev-bind": 2, "--bind-try": 2, "--ro-bind-try": 2,
          "--dev-bind-try": 2, "--symlink": 2, "--setenv": 2, "--tmpfs": 1, "--proc": 1, "--dev": 1,
          "--dir": 1, "--chdir": 1, "--remount-ro": 1, "--unsetenv": 1, "--cap-drop": 1,
          "--cap-add": 1, "--uid": 1, "--gid": 1, "--hostname": 1, "--info-fd": 1, "--perms": 1}
_KIND = {"--bind": "read-write", "--bind-try": "read-write", "--dev-bind": "read-write",
         "--dev-bind-try": "read-write", "--ro-bind": "read-only", "--ro-bind-try": "read-only",
         "--tmpfs": "private", "--proc": "proc", "--dev": "devices"}


def bwrap_options(argv: list[str]) -> tuple[list[tuple[str, tuple]], list[str]]:
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


def sees(argv: list[str], path: str) -> str:
    """What a command inside the sandbox finds at the host's `path`: "read-write" or
    "read-only" (the host's file), "private" (an empty folder of the sandbox's own: the host's
    file is not there), "proc", "devices", or "absent" (nothing is mounted there). Like bwrap,
    the last mount at `path` or at a folder holding it wins."""
    try:
        mounts = _mounts(tuple(argv))
    except TypeError:  # something in argv that is no string: read it the long way
        mounts = _mounts.__wrapped__(tuple(argv))
    found = "absent"
    for kind, where in mounts:
        if path == where or path.startswith(where.rstrip("/") + "/"):
            found = kind
    return found


@functools.lru_cache(maxsize=16)  # the checks ask about many paths of one command line
def _mounts(argv: tuple) -> list[tuple[str, str]]:
    """(what it shows, where) of each mount in `argv`, in bwrap's order."""
    return [(_KIND[option], values[-1].rstrip("/") or "/") for option, values in bwrap_options(list(argv))[0]
            if option in _KIND]


# ============================================================================ what the checks generate
# Strategies for the check cells' properties (agentcourse.course.props.holds). Each builds
# its instance from parts, so what a right answer must do follows from how it was built,
# never from running an answer.

TEXT = "ab x\n\r\t.*+(\\$é☃😀"  # file text: CRLF, a lone CR, regex signs, characters of 2, 3 and 4 bytes
MARKS = "§#€"  # never in TEXT: an old_str holding one occurs exactly once
IN_LINE = "ab x\r\t\x0c\u2028\x85é☃😀"  # inside a line: none of these ends one, only "\n" does


def unique_edits() -> Any:
    """(before, old, after, new): old occurs exactly once in before + old + after."""
    text = st.text(TEXT, max_size=30)
    side = st.text(TEXT, max_size=4)
    old = st.builds(lambda left, mark, right: left + mark + right, side, st.sampled_from(MARKS), side)
    return st.tuples(text, old, text, st.text(TEXT + MARKS, max_size=12))


def counted_edits() -> Any:
    """(text, old): a small alphabet, so old_str often occurs several times, overlapping."""
    return st.tuples(st.text("ab\n", max_size=16), st.text("ab\n", min_size=1, max_size=3))


def file_lines(min_size: int = 0, max_size: int = 8, open_end: bool | None = None) -> Any:
    """A file as its list of lines: each ends with "\\n" or "\\r\\n", the last one maybe with
    none (open_end True: never; False: always), and CR, form feeds and Unicode line
    separators inside lines."""
    ending = st.sampled_from(["\n", "\r\n"])
    line = st.builds(lambda text, end: text + end, st.text(IN_LINE, max_size=8), ending)
    last = st.text(IN_LINE, min_size=1, max_size=8)

    def finish(lines: list[str], open_last: str | None) -> list[str]:
        return lines + [open_last] if open_last is not None else lines

    if open_end is True:
        return st.builds(lambda lines, end: lines + [end], st.lists(line, max_size=max(max_size - 1, 0)), last)
    if open_end is False:
        return st.lists(line, min_size=min_size, max_size=max_size)
    return st.builds(finish, st.lists(line, min_size=min_size, max_size=max_size), st.none() | last).filter(
        lambda lines: len(lines) >= min_size)


def insert_texts() -> Any:
    """What the model inserts: whole lines, the last one not empty, with or without its "\\n"."""
    inner = st.builds(lambda text, end: text + end, st.text(IN_LINE, max_size=6), st.sampled_from(["\n", "\r\n"]))
    last = st.text(IN_LINE.replace("\r", ""), min_size=1, max_size=6)
    return st.builds(lambda lines, tail, end: "".join(lines) + tail + end,
                     st.lists(inner, max_size=2), last, st.sampled_from(["", "\n"]))


def insert_cases(open_end: bool | None = None, max_lines: int = 8) -> Any:
    """(lines, n, text): an insert after line n, 0 <= n <= len(lines)."""
    files, texts = file_lines(max_size=max_lines, open_end=open_end), insert_texts()

    @st.composite
    def build(draw: Any) -> tuple[list[str], int, str]:
        lines = draw(files)
        return lines, draw(_between(0, len(lines))), draw(texts)

    return build()


def bad_lines(max_lines: int = 6) -> Any:
    """(lines, n): a file, and an insert_line it does not have: negative, or past the end
    (by one or by far)."""
    files = file_lines(max_size=max_lines)

    @st.composite
    def build(draw: Any) -> tuple[list[str], int]:
        lines = draw(files)
        kind = draw(_between(0, 2))
        low, high = [(-10**6, -1), (len(lines) + 1, len(lines) + 3), (len(lines) + 4, 10**9)][kind]
        return lines, draw(st.integers(low, high))

    return build()


# Paths a refused call gets, relative to a scratch_project(): (path, why it is refused);
# "{outer}" stands for the folder around the project.
REFUSED_PATHS = [
    ("../secret.txt", "outside the project"), ("./../secret.txt", "outside the project"),
    ("sub/../../secret.txt", "outside the project"), ("{outer}/secret.txt", "an absolute path outside"),
    ("notes.txt", "a symlink to a file outside"), ("up/secret.txt", "in a symlinked folder outside"),
    ("missing.txt", "no such file"), ("sub/missing.py", "no such file"), ("sub", "a folder, not a file"),
    ("", "an empty path"), ("~/secret.txt", "a home path"),
]


# ---- command lines, built from parts whose verdict is known

OPERANDS = ["src", "a.txt", "./src/main.py", "../notes.md", "/etc/hosts", "a b", "x;y", "it's", "$HOME", "*.py",
            "a|b", "{a,b}", "~", "TODO", "x=1", "100%", "user@host:dir", "-file", "--", "> out"]
BARE = r"[A-Za-z0-9_./,:=+@%-]+"  # characters a bare literal word may hold
VALUES = ["5", "x", "a.txt", "%s", ",", "1,2", "TODO", "a b"]  # an option's value


@functools.cache
def _between(low: int, high: int) -> Any:
    return st.integers(low, high)  # built once: a strategy built in every draw is slow


def _pick(draw: Any, items: Any) -> Any:
    return items[draw(_between(0, len(items) - 1))]


def _quote(draw: Any, value: str) -> str:
    """`value` written as one literal word bash passes on unchanged, in a style drawn:
    bare, '...', "...", or bare and quoted parts run together."""
    styles = ["bare"] if re.fullmatch(BARE, value) else []
    styles += ["single", "mixed"] if "'" not in value else []
    styles += ["double"] if not re.search(r"[\"$`\\]", value) else []
    style = _pick(draw, styles)
    if style == "bare":
        return value
    if style == "double":
        return f'"{value}"'
    if style == "single" or len(value) < 2:
        return f"'{value}'"
    cut = draw(_between(1, len(value) - 1))
    head = value[:cut] if re.fullmatch(BARE, value[:cut]) else f"'{value[:cut]}'"
    return head + f"'{value[cut:]}'"


@functools.cache
def _parts(program: str) -> dict[str, list[str]]:
    """`program`'s safe options by kind: flag letters, letters taking a value, long ones."""
    spec = ALLOWLIST[program]
    return {"flags": [c for i, c in enumerate(spec.short) if c not in "=#" and spec.short[i + 1 : i + 2] != "="],
            "valued": [c for i, c in enumerate(spec.short) if spec.short[i + 1 : i + 2] == "="],
            "long": sorted(o for o in spec.long if not o.endswith("=")),
            "long_valued": sorted(o for o in spec.long if o.endswith("=")),
            "number": ["#"] if "#" in spec.short else []}


def _option_words(draw: Any, program: str) -> list[str]:
    """Safe options of `program` (by ALLOWLIST), as the words bash passes on."""
    parts = _parts(program)
    kinds = [kind for kind, items in parts.items() if items]
    words: list[str] = []
    for _ in range(draw(_between(0, 3)) if kinds else 0):
        kind = _pick(draw, kinds)
        if kind == "flags":
            words.append("-" + "".join(_pick(draw, parts["flags"]) for _ in range(draw(_between(1, 3)))))
        elif kind == "valued":
            letter, value = _pick(draw, parts["valued"]), _pick(draw, VALUES)
            words += [f"-{letter}{value}"] if draw(_between(0, 1)) else [f"-{letter}", value]
        elif kind == "long":
            words.append(_pick(draw, parts["long"]))
        elif kind == "long_valued":
            option, value = _pick(draw, parts["long_valued"]), _pick(draw, VALUES)
            words += [option + value] if draw(_between(0, 1)) else [option[:-1], value]
        else:
            words.append(f"-{draw(_between(1, 99))}")
    return words


QUIET_REDIRECTS = ["2>&1", ">/dev/null", "2>/dev/null", "2> /dev/null", "< a.txt", "<notes.md", "&>/dev/null",
                   ">>/dev/null", "1>&2", "</dev/null"]  # redirections that write nothing
PROGRAMS = sorted(ALLOWLIST)


def _words(draw: Any) -> tuple[list[str], list[str], str]:
    """(words, redirections, program): an allowlisted program, safe options and literal
    operands, each word in a quoting style drawn, and redirections that write nothing."""
    program = _pick(draw, PROGRAMS)
    spec = ALLOWLIST[program]
    values = _option_words(draw, program)
    most = 3 if spec.operands is None else spec.operands
    operands = [_pick(draw, OPERANDS) for _ in range(draw(_between(0, most)))]
    if operands and (any(o.startswith("-") for o in operands) or draw(_between(0, 1))):
        values.append("--")
    values += operands
    words = [_quote(draw, program) if draw(_between(0, 1)) else program] + [_quote(draw, v) for v in values]
    return words, [_pick(draw, QUIET_REDIRECTS) for _ in range(draw(_between(0, 2)))], program


def _simple(draw: Any) -> tuple[str, str]:
    words, quiet, program = _words(draw)
    # bash reads `2>&1 ls` too; only ones that cannot run into the operator before them (|&, ;&)
    lead = [quiet.pop()] if quiet and quiet[-1][0] in "0123456789<" and not draw(_between(0, 3)) else []
    return " ".join(lead + words + quiet), program


JOINERS = [" && ", " || ", "; ", " ;", ";", "\n", " | ", "|", "&&", "\t|\t"]
STARTS = ["", " ", "\n"]
ENDS = ["", "", ";", "\n", " # a comment; rm -rf $(x) `y` > out", "  "]


def _line(draw: Any, parts: list[str]) -> str:
    """The parts joined into one command line by list and pipeline operators."""
    text = parts[0]
    for part in parts[1:]:
        text += _pick(draw, JOINERS) + part
    return _pick(draw, STARTS) + text + _pick(draw, ENDS)


def _among_plain(draw: Any, part: str, max_commands: int) -> str:
    """A plain command line with `part` at a place drawn among up to max_commands - 1 others."""
    others = [_simple(draw)[0] for _ in range(draw(_between(0, max_commands - 1)))]
    others.insert(draw(_between(0, len(others))), part)
    return _line(draw, others)


def plain_commands(max_commands: int = 5) -> Any:
    """(command line, programs): allowlisted programs with safe options and literal words,
    in lists (&& || ; newline) and pipelines, with redirections that write nothing."""

    @st.composite
    def build(draw: Any) -> tuple[str, frozenset]:
        simples = [_simple(draw) for _ in range(draw(_between(1, max_commands)))]
        return _line(draw, [text for text, _ in simples]), frozenset(p for _, p in simples)

    return build().filter(lambda case: parse(case[0]) is not None)  # the few lines tree-sitter misreads


# One of these anywhere in a plain command line makes it a question for the exact command.
OFF_THE_LIST = ["rm -rf build", "rm x", "python3 -m pytest", "bash -c 'ls'", "bash -lc ls", "sh -c ls", "zsh -c 'ls'",
                "sudo ls", "env ls", "xargs rm", "find . -name x", "find . -delete", "git status", "make", "awk 1 a",
                "sed -n 1p a", "tee out", "nohup ls", "timeout 5 ls", "nice ls", "watch ls", "exec ls", "eval ls",
                "command ls", "builtin echo x", "source env.sh", ". env.sh", "alias ls=rm", "ssh host ls",
                "curl -s example.com", "chmod +x a", "mv a b", "cp a b", "dd if=a of=b", "kill 1", "perl -e 1",
                "node -e 1", "vim a", "LS", "Ls -l", "sl", "lsof", "cat2 a", "ls.sh"]
PROGRAM_PATHS = ["/bin/", "/usr/bin/", "./", "../", "bin/", "/usr/local/bin/", "x/", "//"]


def off_the_list_commands(max_commands: int = 4) -> Any:
    """(command line, the off-list part): a plain command line with a program that is not an
    ALLOWLIST key put anywhere in it: another program, or an allowlisted one by a path."""

    @st.composite
    def build(draw: Any) -> tuple[str, str]:
        if draw(_between(0, 2)):
            part = _pick(draw, OFF_THE_LIST)
        else:
            part = _pick(draw, PROGRAM_PATHS) + _pick(draw, PROGRAMS) + _pick(draw, ["", " a.txt", " -l"])
        return _among_plain(draw, part, max_commands), part

    return build()


# Words bash computes as it runs: an allowlisted command with one of these asks.
COMPUTED = ["$x", "${x}", "$HOME/x", "x$y", "$(rm x)", "$(ls)", "`pwd`", "\"$USER\"", "\"`id`\"", "\"a$b\"", "$'x'",
            "$((1+2))", "*.py", "?", "a*", "[ab]", "{a,b}", "a{1..3}", "~", "~/.ssh/id_rsa", "a\\ b", "\\ls",
            "'a'$b", "$1", "$@", "\"${x:-a}\"", "\"a\\\"b\""]


def computed_word_commands(max_commands: int = 4) -> Any:
    """(command line, the computed word): a plain command line where one word of one command,
    its name or an argument, is one bash computes as it runs."""

    @st.composite
    def build(draw: Any) -> tuple[str, str]:
        word = _pick(draw, COMPUTED)
        words, quiet, _ = _words(draw)
        words.insert(draw(_between(0, len(words))), word)
        return _among_plain(draw, " ".join(words + quiet), max_commands), word

    return build()


DANGEROUS_LONG = ["--output=x", "--pre=sh", "--preprocessor=sh", "--compress-program=sh", "--exec=x", "--files0-from=x",
                  "--hyperlink", "--follow", "--to-file=x", "--random-source=/dev/urandom", "--dereference-args"]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _unsafe(draw: Any, program: str) -> list[str]:
    """Words that make `program`'s use unsafe, in one of the ways options_ok refuses."""
    spec, parts = ALLOWLIST[program], _parts(program)
    valued = [f"-{c}" for c in parts["valued"]] + [o[:-1] for o in parts["long_valued"]]
    ways = ["letter", "long"] + ["abbreviation"] * bool(spec.long) + ["missing"] * bool(valued)
    ways += ["flag_value"] * bool(parts["long"]) + ["operands"] * (spec.operands is not None)
    way = _pick(draw, ways)
    if way == "letter":
        letter = _pick(draw, [c for c in LETTERS if c not in spec.short])
        flags = "".join(_pick(draw, parts["flags"]) for _ in range(draw(_between(0, 2)))) if parts["flags"] else ""
        return ["-" + flags + letter]
    if way == "long":
        return [_pick(draw, DANGEROUS_LONG)]
    if way == "abbreviation":
        full = _pick(draw, sorted(spec.long))
        stem = full.split("=")[0]
        cut = draw(_between(min(4, len(stem) - 1), len(stem) - 1))
        return [stem[:cut] + ("=x" if full.endswith("=") else "")]
    if way == "missing":
        return [_pick(draw, sorted(valued))]  # the last word: its value never comes
    if way == "flag_value":
        return [_pick(draw, parts["long"]).split("=")[0] + "=1"]
    return ["a"] * (spec.operands + 1)


def unsafe_option_commands(max_commands: int = 4) -> Any:
    """(command line, the command with the unsafe option): a plain command line where one
    command has an option off its program's safe list (another letter, another long option,
    an abbreviation, a value missing, a value on an option that takes none) or one operand
    more than its safe form takes."""

    @st.composite
    def build(draw: Any) -> tuple[str, str]:
        program = _pick(draw, [p for p in PROGRAMS if p != "true"])
        words = [*_option_words(draw, program), *_unsafe(draw, program)]
        if options_ok(program, words):  # an abbreviation that is another safe option in full
            words.append("--no-such-option")
        command = " ".join([program, *words])
        return _among_plain(draw, command, max_commands), command

    return build()


# Shapes "always" may not approve, around or beside an allowlisted command C.
STRUCTURES = ["({c})", "{{ {c}; }}", "{c} &", "f() {{ {c}; }}", "function g {{ {c}; }}", "if {c}; then {c}; fi",
              "for x in a b; do {c}; done", "while {c}; do {c}; done", "until {c}; do {c}; done",
              "case a in a) {c};; esac", "X=1 {c}", "LD_PRELOAD=./x.so {c}", "! {c}", "{c} > out.txt",
              "{c} >> log", "{c} &> out", "{c} 2> err.log", ">out.txt {c}", "2>err.log {c}", "{c} 1> out", "{c} >| out", "{c} > /dev/tcp/h/80",
              "{c} < /dev/tcp/host/80", "{c} <<EOF\nhi\nEOF", "{c} <<< hi", "{c} |& cat", "[[ -f a ]] && {c}",
              "((1)) && {c}", "a=1", "export X=1", "declare -x Y=1", "{c} é", "{c}\r\npwd", "{c} $'\\x41'",
              "diff <(ls a) <(ls b)", "coproc {c}", "{c} >/dev/null >out", "{c} 2>&1 >out.txt"]


def structured_commands(max_commands: int = 4) -> Any:
    """(command line, the shape): a plain command line with one allowlisted command put in a
    shape that is not a plain list or pipeline (a subshell, a group, a function, a loop, an
    assignment, a redirection that writes, a here-document, ...)."""

    @st.composite
    def build(draw: Any) -> tuple[str, str]:
        shape = _pick(draw, STRUCTURES)
        return _among_plain(draw, shape.format(c=_simple(draw)[0]), max_commands), shape

    return build()


# ---- sessions of approvals: (command, the programs "always" may approve or None, answer)

SESSION_APPROVABLE = [("ls", ("ls",)), ("ls -la src", ("ls",)), ("cat a.txt", ("cat",)), ("cat -n a.txt b.txt", ("cat",)),
                      ("grep -n x a.txt", ("grep",)), ("wc -l a.txt", ("wc",)), ("head -n 3 a.txt", ("head",)),
                      ("sort -r a.txt", ("sort",)), ("echo hi", ("echo",)), ("echo 'cost: $5'", ("echo",)),
                      ("pwd", ("pwd",)), ("cd src", ("cd",)), ("ls | wc -l", ("ls", "wc")),
                      ("cat a.txt | grep x | head -n 2", ("cat", "grep", "head")), ("ls && pwd", ("ls", "pwd")),
                      ("cat a.txt; cat b.txt", ("cat", "cat")), ("grep -c x a.txt || echo none", ("grep", "echo")),
                      ("wc -l a.txt 2>/dev/null", ("wc",)), ("sort < a.txt | uniq -c", ("sort", "uniq"))]
SESSION_EXACT = ["rm -rf build", "python3 -m pytest", "bash -c 'ls'", "ls > out.txt", "sort -o out.txt a.txt",
                 "git status", "ls &", "(cd src && ls)", "make test", "ls *.py", "cat ~/notes", "grep --pre=sh x ."]
SESSION_CHANGES = ["ls() { rm -rf x; }", "alias cat=rm", "export PATH=.", "X=1", "source env.sh", ". env.sh",
                   "unset HOME", "eval ls", "ls $(rm x)", "hash -r", "set -e", "echo $(pwd)", "cat() { :; }"]


def sessions(exact: bool = True, changes: bool = True, max_size: int = 8) -> Any:
    """Lists of (command, programs or None, answer): one agent run's commands and the user's
    answers, from the allowlisted commands, and, if asked for, commands only the exact
    text can approve and commands that may change the shell."""
    kinds = SESSION_APPROVABLE + [(c, None) for c in SESSION_EXACT if exact] + [(c, None) for c in SESSION_CHANGES if changes]

    @st.composite
    def build(draw: Any) -> list[tuple]:
        return [(*_pick(draw, kinds), _pick(draw, "yan")) for _ in range(draw(_between(1, max_size)))]

    return build()


# ---- sandbox layouts

_NAMES = ["ann", "zoe", "builder", "me"]


def sandbox_layouts() -> Any:
    """(policy, project, home, python_roots): a home folder (under /home or elsewhere), a
    project inside it or outside it, Python's folders, and policy folders that nest inside
    each other, inside the home folder, the project or /tmp."""

    @st.composite
    def build(draw: Any) -> tuple[Any, str, str, list[str]]:
        home = _pick(draw, ["/home/", "/root", "/var/lib/", "/srv/users/", "/u/x/"])
        home = home + _pick(draw, _NAMES) if home.endswith("/") else home
        project = _pick(draw, [home + _pick(draw, ["/code/shop", "/p", "/src/a/b/c", "/pp", "/work"]),
                               "/srv/apps/shop", "/work/p", "/opt/proj", "/data/p"])
        pythons = [home + "/.pyenv/versions/3.12.4", home + "/venv", "/usr/lib/python3.12", "/opt/py/3.13", project + "/.venv"]
        pythons = sorted({_pick(draw, pythons) for _ in range(draw(_between(0, 2)))})
        roots = ["/data", "/srv/ref", "/mnt/cache", home + "/datasets", project + "/data", "/tmp/cache"]
        folders = [_pick(draw, roots) + _pick(draw, ["", "/ref", "/out", "/ref/out", "/cache"]) for _ in range(draw(_between(0, 4)))]
        split = draw(_between(0, len(folders)))
        writable = tuple(dict.fromkeys(folders[:split]))
        readable = tuple(f for f in dict.fromkeys(folders[split:]) if f not in writable)
        policy = SandboxPolicy(network=bool(draw(_between(0, 1))), writable=writable, readable=readable,
                               git_config=bool(draw(_between(0, 1))))
        return policy, project, home, pythons

    return build().filter(lambda layout: _distinct(*layout))


def _distinct(policy: Any, project: str, home: str, python_roots: list[str]) -> bool:
    """No folder named twice with two different kinds (the text leaves that case open)."""
    kinds: dict[str, set] = {}
    for folder, kind in ([("/tmp", "p"), (home, "p")] + [(f, "ro") for f in (*SYSTEM, *python_roots, *policy.readable)]
                         + [(f, "ro") for f in git_config_files(home)] + [(f, "rw") for f in (*policy.writable, project)]):
        kinds.setdefault(folder, set()).add(kind)
    return all(len(k) == 1 for k in kinds.values())


def probes(named: dict[str, str]) -> list[str]:
    """Paths to ask sees() about: each named folder, something inside it, a sibling whose
    name starts the same, its parent's other children, and folders nobody named."""
    found = ["/var/lib/db", "/mnt/backup", "/run/user/1000/bus", "/media/usb", "/opt/tools", "/boot", "/home/bob/notes",
             "/tmp/host.sock", "/srv", "/proc/self/environ", "/dev/null", "/"]
    for folder in named:
        parent = os.path.dirname(folder)
        found += [folder, folder + "/x/y.txt", folder + "x", parent + "/other", parent]
        if named[folder] == "private":  # the home folder: what a sandbox most often lets out
            found += [folder + "/.ssh/id_rsa", folder + "/.config/gh/hosts.yml", folder + "/.aws/credentials"]
    return sorted(set(found))
