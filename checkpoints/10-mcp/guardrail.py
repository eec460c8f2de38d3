"""guardrail.py (checkpoint 08): the user decides what the agent's shell runs; it denies by default.

Try it from the repository root:

    python -c "import sys; sys.path.insert(0, 'checkpoints/08-anthropic-tools'); \\
from guardrail import assess; print(assess('grep -rn TODO src | head')); print(assess('rm x'))"

The first may be approved "always": it runs only programs on a short allowlist, with
options that neither run other code nor write a file, in words bash passes on unchanged.
The second asks, and will ask again: `rm`, like everything off the list, is approved one
exact command at a time. Why: a command line can start programs in more ways than anyone
can list (wrappers, options that run a string, arithmetic on variables, functions defined
earlier); the guardrail that tried to list them kept being bypassed by corpora written
blind. What an approved command does is fenced by the sandbox around the
shell; with no sandbox (`fenced=False`) every command asks. Without tree-sitter-bash every
command asks, and `missing()` says why.

Doubts, stated: approving `cat` lets the agent read whatever the shell may read (the
sandbox's job to limit); `sort` may write temporary files in $TMPDIR for large input.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import display  # NEW: what the user is shown: nothing hidden, every program named

try:  # optional: a learner who installed only anthropic still gets a guardrail that asks
    import tree_sitter_bash
    from tree_sitter import Language, Parser

    PARSER: Parser | None = Parser(Language(tree_sitter_bash.language()))
except (ImportError, ValueError):  # ValueError: a parser built for another tree-sitter
    PARSER = None


@dataclass(frozen=True)
class Options:
    """The options of one allowlisted program that cannot make it run code or write a file."""

    short: str = ""  # a letter is a flag (-l); followed by = it takes a value (-n 5, -n5); # allows -5
    long: frozenset[str] = frozenset()  # allowed as written (--all, --color=never); --lines= takes a value
    operands: int | None = None  # at most this many operands (uniq writes its second one)


def safe(short: str = "", long: str = "", operands: int | None = None) -> Options:
    """Options from the table's compact form: long names are written without their --."""
    return Options(short, frozenset(f"--{name}" for name in long.split()), operands)


# Each reads files or text and prints; with the options listed, none runs another program
# or writes a file. Long options match only in full: GNU programs also take any unambiguous
# abbreviation (`sort --compress-prog=sh`), so an abbreviation asks. Left out on purpose:
# sort -o -T --compress-program --files0-from --random-source (write, run, or read a file
# an option names); tail -f (never ends); diff -l (runs pr); file -z -Z (may run
# decompressors), -C (writes), -m (magic from the agent's file), -p (resets access times).
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

# Every builtin of bash 5.2 (`compgen -b`; a test compares this with the bash it runs on).
BASH_BUILTINS = frozenset(
    ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare "
    "dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill "
    "let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt "
    "source suspend test times trap true type typeset ulimit umask unalias unset wait".split())


@dataclass(frozen=True)
class GuardPolicy:
    """What "always" can approve; every other command asks, one exact command at a time.
    A program belongs in `programs` only if, given just its listed options, it can neither
    run other code nor write a file. Only builtins (and syntax) can change what a later
    command's names mean: a program bash starts cannot touch the shell that started it."""

    programs: Mapping[str, Options] = field(default_factory=lambda: dict(ALLOWLIST))  # see above
    builtins: frozenset[str] = BASH_BUILTINS  # the names bash runs inside itself
    inert: frozenset[str] = frozenset({"cd", "echo", "false", "pwd", "true"})  # change no name
    max_length: int = 10_000  # longer is refused unasked: nobody reviews pages of shell
    # A plain word, which bash passes on unchanged: bare characters, '...', "..." without $ ` \
    plain: str = r"""(?:[A-Za-z0-9_./,:=+@%*?-]|'[^'\n]*'|"[^"$`\\\n]*")+"""  # glued; * ? only


POLICY = GuardPolicy()


@dataclass(frozen=True)
class Assessment:
    """What a command may be approved as, from its text alone."""

    programs: tuple[str, ...] | None  # the allowlisted programs "always" approves; None: only this command
    reason: str  # when programs is None, why: one line the user reads
    changes_shell: bool = True  # running it may change what later names mean in the session


@dataclass
class _Findings:
    """What the walk over one command found."""

    programs: list[str] = field(default_factory=list)  # allowlisted programs, in order
    reasons: list[str] = field(default_factory=list)  # why "always" cannot be offered
    changes: bool = False  # whether it may change what later names mean

    def refuse(self, reason: str, changes: bool = False) -> None:
        self.reasons.append(reason)
        self.changes = self.changes or changes


def missing() -> str | None:
    """Why the guardrail cannot read commands at all, or None when it can."""
    return None if PARSER is not None else ("tree-sitter-bash is not installed, so the guardrail "
                                            "cannot read commands (pip install tree-sitter-bash)")


def assess(command: object, policy: GuardPolicy = POLICY) -> Assessment:
    """What running `command` can be approved as, from its text alone; it asks nobody."""
    problem = _unreadable(command, policy)
    if problem:
        return Assessment(None, problem)
    source, found = command.encode(), _Findings()
    root = PARSER.parse(source).root_node
    if root.has_error or not _gaps_blank(root, source, 0, len(source)):
        found.refuse("bash may not read it the way the guardrail's parser does", True)
    else:
        _walk(root, policy, found, source)
    if found.reasons:
        return Assessment(None, found.reasons[0], found.changes)
    return Assessment(tuple(dict.fromkeys(found.programs)), "", False)


def _unreadable(command: object, policy: GuardPolicy) -> str | None:
    """Why `command` is not even parsed: not text, too long, odd characters, no parser."""
    if not isinstance(command, str):
        return "the command is not text"
    if len(command) > policy.max_length:
        return f"it is {len(command):,} characters long, over the limit of {policy.max_length:,}"
    odd = re.search(r"[^ -~\n\t]", command)
    if odd:
        return f"it contains {ascii(odd[0])}, outside printable ASCII: it can hide part of a command"
    return missing()


def _gaps_blank(node, source: bytes, start: int, end: int) -> bool:
    """Only blanks between the children: tree-sitter skips some text bash reads (a \\-newline)."""
    edges = [start, *(b for c in node.children for b in (c.start_byte, c.end_byte)), end]
    pairs = zip(edges[::2], edges[1::2], strict=True)
    return all(re.fullmatch(rb"[ \t\n]*", source[a:b]) for a, b in pairs)


STRUCTURE = frozenset({"program", "list", "pipeline", "redirected_statement", ";", "&&", "||",
                       "|", "comment"})  # what a plain command line may be made of
REDIRECTS = frozenset({"file_redirect", "heredoc_redirect", "herestring_redirect"})
SUBSHELLED = frozenset({"subshell", "&", "|&"})  # run in a child shell: this one is unchanged


def _walk(root, policy: GuardPolicy, found: _Findings, source: bytes) -> None:
    """Every node of the command: plain structure and simple commands, or a reason to ask."""
    stack = [root]
    while stack:  # a stack, not recursion: `ls && ls && ...` nests a thousand deep
        node = stack.pop()
        if node.type == "command" and b"\n" in source[node.start_byte:node.end_byte]:
            # tree-sitter may run a pipeline's last command on into the next line, which bash
            # runs as a command of its own: a line break inside one command is never plain
            found.refuse("a line break inside one command: bash may run the next line on its own", True)
        elif node.type == "command":
            _command(node, policy, found)
        elif node.type in REDIRECTS:
            _redirect(node, policy, found)
        elif node.type in STRUCTURE:
            stack.extend(reversed(node.children))  # programs are listed in the order they appear
        else:
            kind = node.type.replace("_", " ")
            found.refuse(f"it uses {kind}, which the guardrail leaves unread", node.type not in SUBSHELLED)
        if node.children and not _gaps_blank(node, source, node.start_byte, node.end_byte):
            found.refuse("bash may not read it the way the guardrail's parser does", True)


def _plain(text: str, policy: GuardPolicy) -> tuple[str, bool] | None:
    """The word bash passes on for `text`, and whether an unquoted * or ? makes it a
    pattern; None if bash could change it in any other way."""
    if not re.fullmatch(policy.plain, text):
        return None
    parts = re.findall(r"'([^']*)'|\"([^\"]*)\"|([^'\"]+)", text)
    return "".join(map("".join, parts)), any(re.search(r"[*?]", bare) for _, _, bare in parts)


def _computed(text: str) -> bool:
    """Whether bash computes part of `text` as it runs it, which can assign variables
    (`${PATH:=x}`, `$((PATH=0))`): $ or ` outside single quotes, or a brace (`{PATH}>x` sets PATH)."""
    outside = re.findall(r"'[^']*'|(\"(?:\\.|[^\"\\])*\"|\\.|.)", text, re.S)  # '...' gives ""
    return any(part in ("{", "}") or re.search("[$`]", part) for part in outside)


def _command(node, policy: GuardPolicy, found: _Findings) -> None:
    """A simple command: a plain allowlisted name, plain words in its safe form, quiet
    redirections. Also whether it runs inside the shell, where it could change names."""
    name_node = node.child_by_field_name("name")
    written = name_node.text.decode() if name_node else ""
    plain = _plain(written, policy)
    name = plain[0] if plain and not plain[1] else None
    in_shell = name is None or name in policy.builtins
    if name is None:
        found.refuse(f"the program's name {written!r} is not a plain word", True)
    elif name not in policy.programs:
        found.refuse(f"{name} is not on the guardrail's allowlist", in_shell and name not in policy.inert)
    else:
        found.programs.append(name)
    words = []
    for child in node.children:
        text = child.text.decode()
        if child.type == "variable_assignment":
            found.refuse("it sets a variable for the command", in_shell or _computed(text))
        elif child.type in REDIRECTS:
            _redirect(child, policy, found)
        elif child.type != "command_name":
            if _computed(text):
                found.refuse("a word in it is computed as it runs ($, `, braces)", True)
            words.append(_plain(text, policy))
    if name in policy.programs:
        why = _arguments(name, words, policy.programs[name])
        if why:
            found.refuse(why)


DUPLICATE = re.compile(r"[0-9]?>&[0-9]")  # 2>&1: a copy of a descriptor writes no file
TO_FILE = re.compile(r"[0-9]?(>>?|&>>?|<)[ \t]*(.*)", re.S)  # an operator, then a file


def _redirect(node, policy: GuardPolicy, found: _Findings) -> None:
    """Redirections that write nothing: to /dev/null, a copied descriptor, or reading a file.
    A here-document or here-string is none of these (its text is no plain file name)."""
    text = node.text.decode()
    to_file = TO_FILE.fullmatch(text)
    path, pattern = (_plain(to_file[2], policy) or (None, None)) if to_file else (None, None)
    if _computed(text):
        found.refuse("a redirection in it is computed as it runs", True)
    elif DUPLICATE.fullmatch(text):
        pass
    elif path is None or pattern:
        found.refuse("it has a redirection the guardrail does not read (a here-document ...)")
    elif to_file[1] == "<" and "dev/" in path and path != "/dev/null":
        found.refuse(f"it reads {path}, a device bash may open specially (a network socket)")
    elif to_file[1] != "<" and path != "/dev/null":
        found.refuse(f"it writes to {path}")


def _option(word: str, spec: Options) -> bool | None:
    """False: a safe option in itself; True: safe, and its value is the next word; None: unsafe."""
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


def _arguments(name: str, words: list[tuple[str, bool] | None], spec: Options) -> str:
    """Why these words are not `name`'s safe form, or "" when they are. GNU programs take
    options anywhere, so every word starting with - is checked, up to `--`."""
    operands, patterns, ended, i = 0, False, False, 0
    while i < len(words):
        word, i = words[i], i + 1
        if word is None:
            return f"an argument of {name} is not a plain word"
        text, pattern = word
        if ended or text == "-" or not text.startswith("-"):
            operands, patterns = operands + 1, patterns or pattern
            if pattern and not ended and text[0] in "*?":  # a file named -x would match
                return f"{text} could expand to a file name that {name} reads as an option"
            continue
        if text == "--":
            ended = True
            continue
        takes = None if pattern else _option(text, spec)
        if takes is None:
            return f"{name} {text}: not one of the options \"always\" covers"
        if takes:  # a value that starts with - would reach the program as an option if misjudged
            if i == len(words) or words[i] is None or words[i][1] or words[i][0].startswith("-"):
                return f"{name} {text} needs a plain value that does not start with -"
            i += 1
    if spec.operands is not None and (operands > spec.operands or patterns):
        return f"{name} is given more operands than its safe form takes ({spec.operands})"
    return ""


def path_problem(programs: tuple[str, ...], policy: GuardPolicy = POLICY, search: str | None = None) -> str:
    """Why a name might not run the program the user approved; "" if it will. A relative
    PATH entry, shell functions passed in, or a program the project holds. Names resolve on
    `search`, the PATH the shell searches (None: this process's)."""
    search = os.environ.get("PATH", "") if search is None else search
    if not all(os.path.isabs(entry) for entry in search.split(os.pathsep)):
        return "PATH has a relative entry, so a file in the current folder could stand in for a program"
    if os.environ.get("BASH_ENV") or any(key.startswith("BASH_FUNC_") for key in os.environ):
        return "the environment gives the shell functions or a start-up file (BASH_FUNC_, BASH_ENV)"
    root = os.path.join(os.getcwd(), "")
    for name in programs:
        path = None if name in policy.builtins else shutil.which(name, path=search)
        places = (os.path.dirname(path), path) if path else ()  # its folder, or where it leads
        if any(os.path.join(os.path.realpath(p), "").startswith(root) for p in places):
            return f"{name} would run {path}, a file inside the project"
    return ""


def ask_in_terminal(command: str, programs: list[str], reason: str) -> str:
    """Show what will run (display.py: nothing hidden, every program named) and why it asks;
    return 'y' (once), 'a' (always) or 'n'. `programs` empty: "always" is not offered."""
    return display.ask(command, programs, reason, PARSER)


# What the model reads when a command did not run; the user never sees these.
REFUSAL = ("Error: the user did not approve this command, so it was not run. Do not try to "
           "get the same result another way; ask the user how they want to proceed.")
UNREVIEWABLE = ("Error: this command was not run, and the user was not asked, because {reason}. "
                "Send a command a person can read; put a long script in a file with the "
                "text editor, and run the file.")


@dataclass
class Guardrail:
    """Approval for one agent run. Session memory, the simple rule: once an approved command
    may have changed what later names mean (Assessment.changes_shell), every command asks
    for its exact text, until `new_shell()` says the shell was started afresh."""

    ask: Callable[[str, list[str], str], str] = ask_in_terminal  # asks the user: y / a / n
    approved: set[str] = field(default_factory=set)  # programs approved "always" in this run
    fenced: bool = True  # False: no sandbox around the shell, so every command asks
    policy: GuardPolicy = POLICY  # what "always" can approve
    changed: str = ""  # why the shell may no longer be the one programs were approved in
    search: str | None = None  # the PATH the shell searches (the sandbox's); None: this process's

    def check(self, command: str) -> str | None:
        """None if `command` may run now; otherwise the refusal to send back to the model."""
        verdict = assess(command, self.policy)
        if not isinstance(command, str) or len(command) > self.policy.max_length:
            return UNREVIEWABLE.format(reason=verdict.reason)
        pending, why = self._offer(verdict)
        if pending == []:
            return None
        reason = (f"Only this exact command can be approved: {why}." if pending is None else
                  f"'a' lets {', '.join(pending)} run unasked from now on, in plain read-only use.")
        answer = self.ask(command, pending or [], reason)  # with pending None, "a" is "y": once
        if answer not in ("y", "a"):
            return REFUSAL
        if answer == "a" and pending:
            self.approved.update(pending)
        if verdict.changes_shell and not self.changed:
            self.changed = "an earlier command may have changed what names mean in this shell"
        return None

    def _offer(self, verdict: Assessment) -> tuple[list[str] | None, str]:
        """The programs "a" would approve ([]: it runs), or None and why only this command can be."""
        why = (verdict.reason or ("" if self.fenced else "there is no sandbox around the shell")
               or self.changed or path_problem(verdict.programs, self.policy, self.search))
        if why:
            return None, why
        return [p for p in verdict.programs if p not in self.approved], ""

    def new_shell(self) -> None:
        """The shell was started afresh (restart, timeout): nothing in it was redefined."""
        self.changed = ""
