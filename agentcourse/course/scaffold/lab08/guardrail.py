"""Lab 8's guardrail helpers: a command line parsed with tree-sitter-bash (`parse`, `show`,
`literal`), what writes nothing, the allowlist and its option rules (`ALLOWLIST`,
`options_ok`), what changes the shell itself (`changes_shell`), the refusal's text, and a
scripted user for the checks (`Asker`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import tree_sitter_bash
from tree_sitter import Language, Parser

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
