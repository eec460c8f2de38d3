"""Lab 8's command-line strategies: commands built from parts whose verdict is known by
construction (plain ones, programs off the list, computed words, unsafe options, and
structures the guardrail must refuse).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab08.draws import between, pick
from agentcourse.course.scaffold.lab08.guardrail import ALLOWLIST, options_ok, parse

# ---- command lines, built from parts whose verdict is known

OPERANDS = ["src", "a.txt", "./src/main.py", "../notes.md", "/etc/hosts", "a b", "x;y", "it's", "$HOME", "*.py",
            "a|b", "{a,b}", "~", "TODO", "x=1", "100%", "user@host:dir", "-file", "--", "> out"]
BARE = r"[A-Za-z0-9_./,:=+@%-]+"  # characters a bare literal word may hold
VALUES = ["5", "x", "a.txt", "%s", ",", "1,2", "TODO", "a b"]  # an option's value


def _quote(draw: Any, value: str) -> str:
    """`value` written as one literal word bash passes on unchanged, in a style drawn:
    bare, '...', "...", or bare and quoted parts run together."""
    styles = ["bare"] if re.fullmatch(BARE, value) else []
    styles += ["single", "mixed"] if "'" not in value else []
    styles += ["double"] if not re.search(r"[\"$`\\]", value) else []
    style = pick(draw, styles)
    if style == "bare":
        return value
    if style == "double":
        return f'"{value}"'
    if style == "single" or len(value) < 2:
        return f"'{value}'"
    cut = draw(between(1, len(value) - 1))
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
    for _ in range(draw(between(0, 3)) if kinds else 0):
        kind = pick(draw, kinds)
        if kind == "flags":
            words.append("-" + "".join(pick(draw, parts["flags"]) for _ in range(draw(between(1, 3)))))
        elif kind == "valued":
            letter, value = pick(draw, parts["valued"]), pick(draw, VALUES)
            words += [f"-{letter}{value}"] if draw(between(0, 1)) else [f"-{letter}", value]
        elif kind == "long":
            words.append(pick(draw, parts["long"]))
        elif kind == "long_valued":
            option, value = pick(draw, parts["long_valued"]), pick(draw, VALUES)
            words += [option + value] if draw(between(0, 1)) else [option[:-1], value]
        else:
            words.append(f"-{draw(between(1, 99))}")
    return words


QUIET_REDIRECTS = ["2>&1", ">/dev/null", "2>/dev/null", "2> /dev/null", "< a.txt", "<notes.md", "&>/dev/null",
                   ">>/dev/null", "1>&2", "</dev/null"]  # redirections that write nothing
PROGRAMS = sorted(ALLOWLIST)


def _words(draw: Any) -> tuple[list[str], list[str], str]:
    """(words, redirections, program): an allowlisted program, safe options and literal
    operands, each word in a quoting style drawn, and redirections that write nothing."""
    program = pick(draw, PROGRAMS)
    spec = ALLOWLIST[program]
    values = _option_words(draw, program)
    most = 3 if spec.operands is None else spec.operands
    operands = [pick(draw, OPERANDS) for _ in range(draw(between(0, most)))]
    if operands and (any(o.startswith("-") for o in operands) or draw(between(0, 1))):
        values.append("--")
    values += operands
    words = [_quote(draw, program) if draw(between(0, 1)) else program] + [_quote(draw, v) for v in values]
    return words, [pick(draw, QUIET_REDIRECTS) for _ in range(draw(between(0, 2)))], program


def _simple(draw: Any) -> tuple[str, str]:
    words, quiet, program = _words(draw)
    # bash reads `2>&1 ls` too; only ones that cannot run into the operator before them (|&, ;&)
    lead = [quiet.pop()] if quiet and quiet[-1][0] in "0123456789<" and not draw(between(0, 3)) else []
    return " ".join(lead + words + quiet), program


JOINERS = [" && ", " || ", "; ", " ;", ";", "\n", " | ", "|", "&&", "\t|\t"]
STARTS = ["", " ", "\n"]
ENDS = ["", "", ";", "\n", " # a comment; rm -rf $(x) `y` > out", "  "]


def _line(draw: Any, parts: list[str]) -> str:
    """The parts joined into one command line by list and pipeline operators."""
    text = parts[0]
    for part in parts[1:]:
        text += pick(draw, JOINERS) + part
    return pick(draw, STARTS) + text + pick(draw, ENDS)


def _among_plain(draw: Any, part: str, max_commands: int) -> str:
    """A plain command line with `part` at a place drawn among up to max_commands - 1 others."""
    others = [_simple(draw)[0] for _ in range(draw(between(0, max_commands - 1)))]
    others.insert(draw(between(0, len(others))), part)
    return _line(draw, others)


def plain_commands(max_commands: int = 5) -> Any:
    """(command line, programs): allowlisted programs with safe options and literal words,
    in lists (&& || ; newline) and pipelines, with redirections that write nothing."""

    @st.composite
    def build(draw: Any) -> tuple[str, frozenset]:
        simples = [_simple(draw) for _ in range(draw(between(1, max_commands)))]
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
        if draw(between(0, 2)):
            part = pick(draw, OFF_THE_LIST)
        else:
            part = pick(draw, PROGRAM_PATHS) + pick(draw, PROGRAMS) + pick(draw, ["", " a.txt", " -l"])
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
        word = pick(draw, COMPUTED)
        words, quiet, _ = _words(draw)
        words.insert(draw(between(0, len(words))), word)
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
    way = pick(draw, ways)
    if way == "letter":
        letter = pick(draw, [c for c in LETTERS if c not in spec.short])
        flags = "".join(pick(draw, parts["flags"]) for _ in range(draw(between(0, 2)))) if parts["flags"] else ""
        return ["-" + flags + letter]
    if way == "long":
        return [pick(draw, DANGEROUS_LONG)]
    if way == "abbreviation":
        full = pick(draw, sorted(spec.long))
        stem = full.split("=")[0]
        cut = draw(between(min(4, len(stem) - 1), len(stem) - 1))
        return [stem[:cut] + ("=x" if full.endswith("=") else "")]
    if way == "missing":
        return [pick(draw, sorted(valued))]  # the last word: its value never comes
    if way == "flag_value":
        return [pick(draw, parts["long"]).split("=")[0] + "=1"]
    return ["a"] * (spec.operands + 1)


def unsafe_option_commands(max_commands: int = 4) -> Any:
    """(command line, the command with the unsafe option): a plain command line where one
    command has an option off its program's safe list (another letter, another long option,
    an abbreviation, a value missing, a value on an option that takes none) or one operand
    more than its safe form takes."""

    @st.composite
    def build(draw: Any) -> tuple[str, str]:
        program = pick(draw, [p for p in PROGRAMS if p != "true"])
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
        shape = pick(draw, STRUCTURES)
        return _among_plain(draw, shape.format(c=_simple(draw)[0]), max_commands), shape

    return build()
