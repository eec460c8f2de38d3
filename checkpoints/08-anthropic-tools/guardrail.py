"""guardrail.py (checkpoint 08): the user approves every program the agent's shell would run.

A bash tool hands the model the whole machine, so nothing runs until the user says yes.
Approval is per executable: approving `ls` once, or always, never approves
`ls && rm -rf x`, because the guardrail reads the command with a real bash parser
(tree-sitter-bash) and finds every program the shell would start, wherever it hides:
pipes, `;` `&&` `||`, `$( )` and backticks, subshells and `{ }` groups, process
substitution, function bodies, loops and `case`, assignments and redirections, and
wrappers that run another command (`sudo`, `env`, `xargs`, `bash -c '...'`, `eval`,
`find -exec`, `ssh host cmd`, `uv run` ...) or a string given in an option or a variable
(`su -c`, `tar --to-command`, `PAGER=...`). What it cannot read, it asks about: a name
computed at run time, a value bash evaluates as arithmetic (`a[$(id)]` in it runs id),
git configuration, a sed script with `e`, and settings that change later names (PATH).

    commands_in("ls && rm -rf x")          -> ["ls", "rm"]
    commands_in("sudo -u bob 'r'm x")      -> ["sudo", "rm"]
    commands_in("$tool --version")         -> raises Unanalysable: only running it would tell

Doubts, stated: an approved program can do anything it is able to (`find -delete`,
`git` hooks, `make`, `python`): per-executable approval is a speed bump on a machine the
agent can use, not a sandbox. Shells and interpreters therefore ask every time. A program
that daemonizes, a file the agent edited that a program later obeys (`.git/config`, a
Makefile, `conftest.py`), or a variable an earlier command declared as an integer, can hide
work that no reading of the text reveals; run the agent in a container when that matters.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import tree_sitter_bash
from tree_sitter import Language, Parser

PARSER = Parser(Language(tree_sitter_bash.language()))


class Unanalysable(ValueError):
    """Which programs the command runs cannot be known from its text; the user must decide."""


# --- the policy: which names are special (data, so a course can extend it) ---
SYSTEM_DIRS = {"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin",
               "/opt/homebrew/bin"}  # /bin/rm is rm; ./rm or /tmp/rm is some other program
SHELLS = {"bash", "sh", "zsh", "dash", "ksh", "mksh", "fish", "busybox"}
ALWAYS_ASK = SHELLS | {  # each can run any code at all: approving it "always" would approve everything
    "python", "python3", "pypy", "perl", "ruby", "node", "php", "lua", "awk", "gawk", "source", ".",
    "eval", "exec", "sudo", "su", "doas", "ssh", "xargs", "env", "alias", "hash", "enable", "trap",
    "runuser", "pkexec", "flock", "script", "tmux", "screen", "parallel", "at", "expect", "let",
    "unshare", "nsenter", "systemd-run", "chrt", "prlimit", "numactl", "valgrind", "ltrace", "perf",
    "fakeroot", "faketime", "eatmydata", "firejail", "bwrap", "torsocks", "proxychains", "sg", "fc",
    "setpriv", "xvfb-run", "docker", "podman", "vi", "vim", "nvim", "emacs", "ed", "ex", "gdb",
    "toybox", "crontab", "batch", "entr", "dc", "m4", "mawk", "nawk", "Rscript", "julia", "deno"}
RISKY_VARIABLES = {  # setting one changes what later names mean, or runs code by itself
    "PATH", "BASH_ENV", "ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES",
    "PROMPT_COMMAND", "IFS", "SHELLOPTS", "BASHOPTS", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF",
    "PS0", "PS1", "PS2", "PS4", "LD_AUDIT", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
    "GIT_CONFIG", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_EXEC_PATH", "GCONV_PATH",
    "EXECIGNORE", "BASH_CMDS", "BASH_ALIASES", "BASH_LOADABLES_PATH"}
COMMAND_VARIABLES = {  # a program runs their value as a shell command: it is read like one
    "PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND", "BROWSER",
    "LESSOPEN", "LESSCLOSE"}
SUBCOMMANDS = {  # `uv run pytest`, `npx tsc`: the words after the subcommand are a command
    "uv": {"run"}, "uvx": {""}, "poetry": {"run"}, "pipenv": {"run"}, "pdm": {"run"},
    "hatch": {"run"}, "rye": {"run"}, "pixi": {"run"}, "pipx": {"run"}, "conda": {"run"},
    "mamba": {"run"}, "micromamba": {"run"}, "bundle": {"exec"}, "npm": {"exec", "x"},
    "npx": {""}, "pnpm": {"exec", "dlx"}, "yarn": {"exec", "dlx"}, "direnv": {"exec"}}
GIT_SAFE_CONFIG = ("user.", "color.", "advice.", "init.defaultbranch", "core.autocrlf",
                   "core.quotepath", "commit.gpgsign", "tag.gpgsign", "safe.directory")
SAFE_TARGETS = {"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"}  # redirections that write nothing
WRITE_OPERATORS = {">", ">>", ">|", "&>", "&>>", "<>"}


@dataclass(frozen=True)
class Wrapper:
    """How a program that runs another program finds it in its arguments."""

    flags: str = ""  # options that take no value ("-n --quiet"); any option not listed here
    valued: str = ""  # ...or here ("-u --user": they take the next word) makes the command ask
    skip: int = 0  # operands before the command (timeout's duration, chroot's new root)
    mode: str = "argv"  # argv: the rest is the command; joined: the rest is one shell string


WRAPPERS = {
    "sudo": Wrapper("-A -b -E -H -i -K -k -l -n -P -S -s -V -v -B -N --login --shell --stdin "
                    "--preserve-env --non-interactive --background --set-home --list --validate",
                    "-u -g -C -D -h -p -r -t -T -U -R --user --group --chdir --host --prompt "
                    "--role --type --other-user --close-from --command-timeout --chroot"),
    "doas": Wrapper("-n -s -L", "-u -C"),
    "env": Wrapper("-i -0 -v - --ignore-environment --null --debug", "-u -C --unset --chdir"),
    "nohup": Wrapper(), "setsid": Wrapper("-c -f -w --ctty --fork --wait"), "builtin": Wrapper(),
    "nice": Wrapper("", "-n --adjustment"), "ionice": Wrapper("-t", "-c -n --class --classdata"),
    "timeout": Wrapper("-v --verbose --preserve-status --foreground", "-s -k --signal --kill-after",
                       skip=1),
    "time": Wrapper("-p -v -q -a --portability --verbose --quiet --append",
                    "-f -o --format --output"),
    "command": Wrapper("-p"), "exec": Wrapper("-c -l", "-a"), "coproc": Wrapper(),
    "stdbuf": Wrapper("", "-i -o -e --input --output --error"),
    "chroot": Wrapper("--skip-chdir", "--userspec --groups", skip=1),
    "taskset": Wrapper("-a -c --all-tasks --cpu-list", "", skip=1),
    "strace": Wrapper("-f -ff -F -c -C -T -t -tt -ttt -r -q -qq -v -y -yy -k -w -x -xx",
                      "-e -o -p -s -u -E -P -a -b -I -O -S -X"),
    "xargs": Wrapper("-0 -r -t -p -x -o --null --no-run-if-empty --verbose --interactive "
                     "--exit --open-tty", "-a -d -E -I -L -n -P -s --arg-file --delimiter "
                     "--max-args --max-procs --max-chars --max-lines --replace --eof "
                     "--process-slot-var"),
    "watch": Wrapper("-d -t -b -e -g -c -p -w --differences --no-title --beep --errexit "
                     "--chgexit --color --precise --no-wrap", "-n -q --interval --equexit",
                     mode="joined"),
    "ssh": Wrapper("-4 -6 -A -a -C -f -G -g -K -k -M -N -n -q -s -T -t -V -v -X -x -Y -y",
                   "-B -b -c -D -E -e -F -I -i -J -L -l -m -O -o -P -p -Q -R -S -W -w",
                   skip=1, mode="joined"),
    "eval": Wrapper(mode="joined"),
    "unbuffer": Wrapper("-p"), "pkexec": Wrapper("--disable-internal-agent", "--user"),
    "runuser": Wrapper("-l -m -p -f --login --preserve-environment", "-u -g -G -s -w -c --user "
                       "--group --supp-group --shell --command --whitelist-environment"),
}
# Programs that run a shell string given with an option, wherever it appears (su bob -c '...').
STRING_OPTIONS = {"su": {"-c", "--command"}, "runuser": {"-c", "--command"},
                  "flock": {"-c", "--command"}, "script": {"-c", "--command"},
                  "mapfile": {"-C"}, "readarray": {"-C"}, "compgen": {"-C"}, "complete": {"-C"},
                  "man": {"-P", "--pager"}, "rsync": {"-e", "--rsh", "--rsync-path"},
                  "tar": {"-I", "-F", "--use-compress-program", "--to-command", "--info-script",
                          "--new-volume-script", "--rsh-command", "--checkpoint-action"},
                  "zip": {"-TT", "--unzip-command"}, "scp": {"-S"}, "sftp": {"-S"}}
SHELL_FLAGS = set("abefhkmnptuvxBCEHPTilrsD")  # single-letter options of bash/sh/zsh; -o and -O take a value
SHELL_LONG = {"--norc", "--noprofile", "--posix", "--login", "--noediting", "--restricted",
              "--verbose", "--version", "--debugger", "--pretty-print", "--dump-strings"}
MAX_DEPTH = 8  # `bash -c "bash -c '...'"`: deeper nesting than this is not read, it asks


# --- reading words: what the shell sees once quotes and backslashes are gone ---
def literal(node) -> str | None:
    """The text a word stands for, or None if it depends on expansion (`$x`, `$(...)`)."""
    text = node.text.decode()
    if node.type == "command_name":
        return literal(node.named_children[0]) if node.named_child_count == 1 else None
    if node.type in ("word", "number"):
        return re.sub(r"\\(.)", r"\1", text.replace("\\\n", ""), flags=re.S)
    if node.type == "raw_string":
        return text[1:-1]
    if node.type == "ansi_c_string":  # $'\x72m' is rm
        if re.search(r"\\[cCeE]", text):
            return None  # escapes Python does not decode the way bash does
        try:
            text = text[2:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
            return text.split("\x00")[0]  # bash ends the string at a NUL: $'rm\x00x' is rm
        except UnicodeDecodeError:
            return None
    if node.type in ("string", "translated_string"):
        if any(c.type != "string_content" for c in node.named_children):
            return None
        inner = text[text.index('"') + 1 : -1].replace("\\\n", "")
        return re.sub(r'\\([$`"\\])', r"\1", inner)
    if node.type == "concatenation":
        parts = [literal(c) for c in node.children]
        return None if None in parts else "".join(parts)
    return None


def program_name(word: str) -> str:
    """The approval key of a command word: /usr/bin/rm is rm; ./rm stays ./rm."""
    version = re.fullmatch(r"(python|pypy|perl|ruby|node|php|lua)(\d*)[\d.]*", word)
    if version and word not in ALWAYS_ASK:  # python3.12 is python3, an interpreter: always asks
        return "python3" if word.startswith("python3") else version[1]
    if "/" not in word or word.startswith("~"):
        return word
    path = posixpath.normpath(word)
    if word.startswith("/"):
        return posixpath.basename(path) if posixpath.dirname(path) in SYSTEM_DIRS else path
    return path if path.startswith("../") else "./" + path


def _gaps_are_blank(node) -> bool:
    """tree-sitter recovers from odd input silently; make sure it skipped nothing but blanks."""
    pos, source = node.start_byte, node.text
    for child in node.children:
        gap = source[pos - node.start_byte : child.start_byte - node.start_byte]
        if re.sub(rb"[ \t\n]|\\\n", b"", gap):  # not \r: to bash, ls\r is a name
            return False
        if pos > node.start_byte and re.fullmatch(rb"(\\\n)+", gap):
            return False  # r\<newline>m is one word, rm, to bash
        pos = child.end_byte
    return True


# --- finding every program the shell would start ---
@dataclass
class Analysis:
    """What one command would do, as far as its text tells."""

    programs: list[str] = field(default_factory=list)  # every executable, first use first
    defines: set[str] = field(default_factory=set)  # names it (re)defines as functions or aliases
    writes: list[str] = field(default_factory=list)  # files its redirections write


def analyse(command: str, depth: int = 0, out: Analysis | None = None) -> Analysis:
    """Parse `command` as bash and collect what it runs; Unanalysable if that is unknowable."""
    out = out if out is not None else Analysis()
    if depth > MAX_DEPTH:
        raise Unanalysable("commands nested too deeply to read")
    if "\x00" in command:
        raise Unanalysable("the command contains a NUL byte")
    tree = PARSER.parse(command.encode())
    outside = command.encode()[: tree.root_node.start_byte] + command.encode()[tree.root_node.end_byte :]
    if re.sub(rb"[ \t\n]|\\\n", b"", outside):  # \v or \r around it: part of a name to bash
        raise Unanalysable("part of the text is not covered by the parse")
    try:
        _visit(tree.root_node, out, depth)
    except RecursionError:  # `true && true && ...` thousands deep
        raise Unanalysable("commands nested too deeply to read") from None
    return out


def commands_in(command: str) -> list[str]:
    """Every executable `command` would run, each once, in order of first appearance."""
    return analyse(command).programs


def _visit(node, out: Analysis, depth: int) -> None:
    if node.has_error or node.is_missing:
        raise Unanalysable("bash could not parse it (or this parser cannot)")
    if node.type not in CONTENT_NODES and not _gaps_are_blank(node):
        raise Unanalysable("part of the text is not covered by the parse")
    if node.type in ("word", "number") and "\n" in re.sub(r"\\.", "", node.text.decode(), flags=re.S):
        raise Unanalysable("the parser read a line break as part of a word")  # ls<newline>\rm
    if any(n.type in VARIABLES or n.type == "word" and re.fullmatch(rb"[A-Za-z_]\w*", n.text)
           for part in _arithmetic(node) for n in _all(part)):  # $((x)), ${a[x]}, $(($(cat f)))
        raise Unanalysable("bash evaluates a value as arithmetic, and a[$(...)] in it runs code")
    _hidden_code(node, out, depth)
    if node.type == "command_substitution" and node.text.startswith(b"`"):
        inner = node.text.decode()[1:-1]
        if "`" in re.sub(r"\\.", "", inner, flags=re.S):  # bash ends `...` at the first `
            raise Unanalysable("the parser read two `...` substitutions as one")
        analyse(re.sub(r"\\([`$\\])", r"\1", inner), depth + 1, out)  # `a \`b\``: b runs too
    if node.type == "heredoc_body" and b"`" in node.text and not _quoted_heredoc(node.parent):
        raise Unanalysable("backticks in a here-document run commands this parser does not read")
    if node.type == "variable_assignment":
        value = node.child_by_field_name("value")
        _check_variable(node.child_by_field_name("name").text.decode(),
                        literal(value) if value is not None else "", out, depth)
    if node.type in ("for_statement", "select_statement") and node.child_by_field_name("variable"):
        _check_variable(node.child_by_field_name("variable").text.decode())  # for PATH in ...
    if node.type == "function_definition":
        out.defines.add(node.child_by_field_name("name").text.decode())
    if node.type in ("declaration_command", "unset_command"):
        _add(out, node.children[0].text.decode())  # export, local, declare, unset: builtins
    if node.type == "file_redirect" and _operator(node) in WRITE_OPERATORS | {">&"}:
        target = node.child_by_field_name("destination")
        text = literal(target) if target is not None else None
        duplicate = _operator(node) == ">&" and re.fullmatch(r"\d+-?|-", text or "")  # 2>&1
        if text not in SAFE_TARGETS and not duplicate:
            out.writes.append(text if text is not None else target.text.decode())
    if node.type == "command":
        _command(node, out, depth)
    for child in node.children:
        _visit(child, out, depth)


CONTENT_NODES = {"heredoc_body", "string", "translated_string"}  # their gaps are text, not syntax
VARIABLES = {"variable_name", "simple_expansion", "expansion", "command_substitution"}
ARITHMETIC_TESTS = {"-eq", "-ne", "-lt", "-le", "-gt", "-ge"}


def _all(node):
    yield node
    for child in node.children:
        yield from _all(child)


def _arithmetic(node) -> list:
    """The parts of `node` bash evaluates as arithmetic: $(( )), (( )), a[i], [[ a -eq b ]]."""
    if node.type in ("arithmetic_expansion", "c_style_for_statement") or (
        node.type == "compound_statement" and node.children[0].type == "(("
    ):
        return [node]
    if node.type == "subscript":
        kinds = [c.type for c in node.children]
        return node.children[kinds.index("[") + 1 : -1] if "[" in kinds else []
    if node.type == "binary_expression" and any(
        c.type == "test_operator" and c.text.decode() in ARITHMETIC_TESTS for c in node.children
    ):
        return [node]
    return []


def _check_variable(name: str, value: str | None = None, out=None, depth: int = 0) -> None:
    if name.split("[")[0] in RISKY_VARIABLES or name.startswith("BASH_FUNC_"):
        raise Unanalysable(f"it sets {name}, which changes what the shell runs")
    if name in COMMAND_VARIABLES:  # PAGER='rm x' git log: git runs it
        analyse(_known(value), depth + 1, out if out is not None else Analysis())


SUBSCRIPT_CODE = re.compile(r"\[.*(\$\(|`)", re.S)  # 'a[$(id)]': unset, read, test -v run the $(id)
LITERAL_LEAVES = {"raw_string", "ansi_c_string", "comment", "heredoc_start", "heredoc_end"}


def _hidden_code(node, out: Analysis, depth: int) -> None:
    """Code in places the parser reads as plain text, or that bash evaluates from a value."""
    text = node.text.decode(errors="replace")
    in_quotes = node.type == "raw_string" and _inside(node, ("string", "heredoc_body"))  # "${x:-'$(id)'}"
    if (node.is_named and node.child_count == 0 and (node.type not in LITERAL_LEAVES or in_quotes)
            and re.search(r"\$\(|`", re.sub(r"\\.", "", text, flags=re.S))):
        if node.type.startswith("heredoc") or in_quotes:  # a <<- body: read it as "..."
            if not in_quotes and _quoted_heredoc(node.parent if node.type == "heredoc_body"
                                                 else node.parent.parent):
                return
            text = '"' + text.replace('"', '\\"') + '"'
        inner = analyse(": " + text, depth + 1)  # ${x:-`id`}, ${x#$(id)}: one token to the parser
        for name in inner.programs[1:]:
            _add(out, name)
        out.writes += inner.writes
    if node.type in ("word", "raw_string", "string", "ansi_c_string", "concatenation") and (
            node.parent is None or node.parent.type != "concatenation"):
        if SUBSCRIPT_CODE.search(literal(node) or ""):
            raise Unanalysable("bash may read it as an array subscript, and run the code inside")
    if node.type == "expansion" and (text.endswith("@P}") or node.children[1].type == "!"
                                     and not re.search(r"(\[[@*]\]|[@*])}$", text)):
        raise Unanalysable("${x@P} and ${!x} evaluate a value that can hold code")
    for word in node.children if node.type == "declaration_command" else []:
        value = literal(word) if word.type in ("word", "raw_string", "string", "concatenation") else ""
        if value is None or re.fullmatch(r"-\w*[ni]\w*", value):  # declare "$v=..." or -n, -i
            raise Unanalysable("declare can set any variable here, or evaluate values as arithmetic")
        if "=" in value:
            _check_variable(*value.split("=", 1), out, depth)  # export 'PATH=./bin'
    if node.type in ("file_redirect", "heredoc_redirect") and _extra_words(node):
        owner = node.parent
        if owner.type == "redirected_statement":
            owner = owner.child_by_field_name("body")
        if owner is None or owner.type != "command":
            raise Unanalysable("words after a redirection that belong to no command")


def _inside(node, kinds: tuple) -> bool:
    while node.parent is not None:
        node = node.parent
        if node.type in kinds:
            return True
    return False


def _extra_words(redirect) -> list:
    """Words the parser hangs on a redirection (nice 2>/dev/null rm x): bash's arguments."""
    if redirect.type == "file_redirect":
        return redirect.children_by_field_name("destination")[1:]
    return redirect.children_by_field_name("argument") if redirect.type == "heredoc_redirect" else []


def _operator(node) -> str:
    return next((c.type for c in node.children if not c.is_named), "")


def _add(out: Analysis, name: str) -> None:
    if name not in out.programs:
        out.programs.append(name)


def _command(node, out: Analysis, depth: int) -> None:
    """One simple command: its name, then whatever it runs in turn."""
    name = node.child_by_field_name("name")
    if name is None:
        return  # only assignments (X=1): their substitutions were visited already
    words = []  # in bash's order, with the words the parser hangs on redirections
    parent = [node.parent] if node.parent.type == "redirected_statement" else []
    for holder in [node, *parent]:
        for i, child in enumerate(holder.children):
            if holder is node and holder.field_name_for_child(i) in ("name", "argument"):
                words.append(child)
            words += _extra_words(child)
    argv = [literal(w) for w in words]
    if argv[0] is None:
        raise Unanalysable(f"the program's name is computed when it runs: {name.text.decode()}")
    _run(argv, out, depth, stdin=_stdin_text(node))


def _stdin_text(node) -> str | None:
    """The literal text a here-document or here-string feeds this command, if any."""
    redirects = node.children_by_field_name("redirect")
    if node.parent is not None and node.parent.type == "redirected_statement":
        redirects += node.parent.children_by_field_name("redirect")
    for r in redirects:
        if r.type == "herestring_redirect":
            return literal(r.named_children[-1])
        if r.type == "heredoc_redirect":
            body = next((c for c in r.named_children if c.type == "heredoc_body"), None)
            if body is None:
                return ""
            if any(c.type != "heredoc_content" for c in body.named_children):
                return None  # $x or $(...) inside: the text is only known when it runs
            text = body.text.decode()
            return text if _quoted_heredoc(r) else re.sub(r"\\([$`\\])", r"\1", text.replace("\\\n", ""))
    return None


def _quoted_heredoc(redirect) -> bool:
    """<<'EOF' (or "EOF", or \\EOF): the body is taken literally, nothing in it runs."""
    start = next((c for c in redirect.named_children if c.type == "heredoc_start"), None)
    return start is not None and re.search(r"['\"\\]", start.text.decode()) is not None


def _run(argv: list[str | None], out: Analysis, depth: int, stdin: str | None = None) -> None:
    """Record argv[0] and follow it into any command it runs itself."""
    if not argv or argv[0] is None:
        raise Unanalysable("a wrapped program's name is computed when it runs")
    if re.search(r"[*?\[\]{}]", argv[0]):  # /bin/r? or {rm,-rf,x}: the shell expands it
        raise Unanalysable(f"the program's name is a pattern: {argv[0]}")
    name, rest = program_name(argv[0]), argv[1:]
    _add(out, name)
    _check_arguments(name, rest)
    if name in SHELLS:
        _shell(name, rest, out, depth, stdin)
    elif name == "find":
        _find(rest, out, depth)
    elif name in ("trap", "alias"):
        _strings(name, rest, out, depth)
    elif name in STRING_OPTIONS and name not in WRAPPERS:
        _string_options(name, rest, out, depth)
    elif name in SUBCOMMANDS:
        _subcommand(name, rest, out, depth)
    elif name == "command" and rest[:1] in (["-v"], ["-V"]):
        pass  # `command -v rm` only looks rm up
    elif name in WRAPPERS and not _string_options(name, rest, out, depth):  # runuser -c '...'
        wrapper = WRAPPERS[name]
        operands = _operands(name, wrapper, rest)
        while name == "env" and operands and operands[0] is not None and "=" in operands[0]:
            _check_variable(operands.pop(0).split("=")[0])  # env NAME=value ... cmd
        operands = operands[wrapper.skip :]
        if wrapper.mode == "joined" and operands:  # eval, watch, ssh host: one shell string
            analyse(" ".join(_known(w) for w in operands), depth + 1, out)
        elif operands:
            _run(operands, out, depth)
        elif name == "xargs":
            _add(out, "echo")  # xargs with no command runs echo


def _string_options(name: str, words: list, out: Analysis, depth: int) -> bool:
    """su bob -c 'rm x', flock lock -c '...': read every string such an option carries."""
    options, found = STRING_OPTIONS.get(name, set()), False
    for i, word in enumerate(words):
        option, equals, value = (word or "").partition("=")
        letter = next((f"-{c}" for c in (word or "")[1:] if f"-{c}" in options), None)
        if word in options or equals and option in options:
            string = value if equals else words[i + 1] if i + 1 < len(words) else None
        elif (word or "")[:1] == "-" and word[1:2] != "-" and letter:  # -C'cmd', -tC 'cmd'
            string = word.partition(letter[1])[2] or (words[i + 1] if i + 1 < len(words) else None)
        else:
            continue
        string = _known(string)
        analyse(string[5:] if string.startswith("exec=") else string, depth + 1, out)  # tar
        found = True
    return found


SED_RUNS = re.compile(  # GNU sed's `e command` and `s/x/y/e` run a shell command
    r"(?:^|[;\n{}])\s*(?:[\d$]+|/(?:[^/\\]|\\.)*/)?(?:,(?:[\d$]+|/(?:[^/\\]|\\.)*/))?\s*!?\s*e\b"
    r"|\bs(.)(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[gpiImM\d]*e", re.S)
GIT_RUNS = {"rebase": ("-x", "--exec"), "difftool": ("-x", "--extcmd"), "bisect": ("run",),
            "submodule": ("foreach",), "filter-branch": ("",),
            "clone": ("-u", "--upload-pack"), "fetch": ("--upload-pack",), "pull": ("--upload-pack",),
            "ls-remote": ("--upload-pack",), "push": ("--receive-pack", "--exec"), "archive": ("--exec",)}


def _check_arguments(name: str, argv: list[str | None]) -> None:
    """Arguments that make an ordinary program run code: git's config, sed's `e`, read PATH."""
    names = argv[argv.index("-v") + 1 :][:1] if "-v" in argv else [] if name == "printf" else argv
    if name in ("read", "mapfile", "readarray", "printf", "getopts") and any(
            w is None or re.split(r"[=\[]", w)[0] in RISKY_VARIABLES | COMMAND_VARIABLES for w in names):
        raise Unanalysable(f"{name} sets a variable that may change what the shell runs")
    words = [w or "" for w in argv]
    if name == "set" and any(re.fullmatch(r"-\w*k\w*|keyword", w) for w in words):
        raise Unanalysable("set -k makes NAME=value arguments anywhere set variables")
    if name in ("scp", "sftp") and any("command" in w.lower() or w.startswith("-F") for w in words):
        raise Unanalysable(f"{name} -o ...Command or -F config runs a command on this machine")
    if name in ("sed", "gsed") and any(
            SED_RUNS.search(w) or re.fullmatch(r"-[a-zA-Z]*f|--file(=.*)?", w) for w in words):
        raise Unanalysable("a sed script that runs commands, or one read from a file")
    if name != "git":
        return
    i, keys = 0, []
    while i < len(words) and words[i].startswith("-"):  # git's own options, before the subcommand
        keys += [words[i + 1] if i + 1 < len(words) else ""] if words[i] in ("-c", "--config-env") else []
        keys += [""] if words[i].startswith(("--exec-path=", "--config-env=")) else []
        i += 2 if words[i] in ("-c", "-C", "--config-env", "--git-dir", "--work-tree") else 1
    sub, rest = (words[i], words[i + 1:]) if i < len(words) else ("", [])
    operands = [w for w in rest if not w.startswith("-")]
    if sub == "config" and len(operands) >= 2:
        keys.append(operands[0])  # git config KEY VALUE: a key git may run later
    elif sub != "config" and any(w.startswith(p) for p in GIT_RUNS.get(sub, ()) for w in rest + [""]):
        raise Unanalysable(f"git {sub} runs a command given in its arguments")
    if any(not k.lower().startswith(GIT_SAFE_CONFIG) for k in keys):
        raise Unanalysable("git configuration can name a command for git to run (core.pager, alias.x)")


def _subcommand(name: str, words: list, out: Analysis, depth: int) -> None:
    """uv run CMD, npx CMD ...: an option before CMD could take a value, so it makes it ask."""
    subs = SUBCOMMANDS[name]
    i = next((k for k, w in enumerate(words) if not (w or "-").startswith("-")), len(words))
    if "" not in subs and (i == len(words) or words[i] not in subs):
        return  # npm install, uv sync: the program's own work
    command = words[i:] if "" in subs else words[i + 1 :]
    command = command[1:] if command[:1] == ["--"] else command
    if i > 0 or command and (command[0] or "-").startswith("-"):
        raise Unanalysable(f"{name}: options around the command this guardrail does not read")
    if command:
        _run(command, out, depth)


def _known(word: str | None) -> str:
    if word is None:
        raise Unanalysable("a command string is computed when it runs")
    return word


def _operands(name: str, wrapper: Wrapper, words: list[str | None]) -> list[str | None]:
    """The words after a wrapper's options; an option it does not know makes the command ask."""
    flags, valued = set(wrapper.flags.split()), set(wrapper.valued.split())
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            return words[i + 1 :]
        if word is None or not word.startswith("-") or (word == "-" and "-" not in flags):
            break
        option = word.split("=", 1)[0]
        if word.startswith("--") or word == "-":
            if option not in flags | valued:
                raise Unanalysable(f"{name} {word}: an option this guardrail does not know")
            i += 2 if option in valued and "=" not in word else 1
            continue
        if re.fullmatch(r"-\d+", word):  # nice -10
            i += 1
            continue
        for k, letter in enumerate(word[1:]):  # a cluster of short options: -lc, -uroot, -n5
            if f"-{letter}" in valued:
                value = word[k + 2 :] or (words[i + 1] if i + 1 < len(words) else "") or ""
                if name == "ssh" and letter == "o" and "command" in value.lower():
                    # -o ProxyCommand=..., -oLocalCommand=..., -vo ...: a shell on this machine
                    raise Unanalysable("ssh -o ...Command runs a command on this machine")
                i += 1 if k < len(word) - 2 else 2  # the value is attached, or the next word
                break
            if f"-{letter}" not in flags:
                raise Unanalysable(f"{name} {word}: an option this guardrail does not know")
        else:
            i += 1
    return words[i:]


def _shell(name: str, words: list, out: Analysis, depth: int, stdin: str | None) -> None:
    """bash -c 'string' runs the string; bash with no script reads its commands from stdin."""
    if name == "busybox":  # busybox rm x runs the rm applet
        return _run(words, out, depth) if words else None
    string_mode, i = False, 0
    while i < len(words) and words[i] is not None and words[i][:1] in ("-", "+"):
        word, i = words[i], i + 1
        if word in ("-", "--"):
            break
        if word.startswith("--"):
            if word in ("--rcfile", "--init-file"):
                i += 1
            elif word not in SHELL_LONG:
                raise Unanalysable(f"{name} {word}: an option this guardrail does not know")
            continue
        for letter in word[1:]:  # a cluster: bash reads every letter, even after an o
            if letter in "oO":  # -o pipefail, -O extglob, -oc pipefail: each takes the next word
                i += 1
                continue
            if letter not in SHELL_FLAGS | {"c"}:
                raise Unanalysable(f"{name} {word}: an option this guardrail does not know")
            string_mode |= letter == "c"
    operands = words[i:]
    if string_mode:  # the first operand is the script; the rest are $0, $1, ...
        analyse(_known(operands[0] if operands else None), depth + 1, out)
    elif not operands and stdin is not None:
        analyse(stdin, depth + 1, out)  # bash <<'EOF' ... EOF
    # Otherwise a script file, or commands piped in: unreadable here, so shells always ask.
    return None


def _find(words: list, out: Analysis, depth: int) -> None:
    """find ... -exec CMD ARGS ; (also -execdir, -ok, -okdir), any number of times."""
    i = 0
    while i < len(words):
        if words[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            end = next((j for j in range(i + 1, len(words)) if words[j] in (";", "+")), len(words))
            _run(words[i + 1 : end], out, depth)
            i = end
        i += 1


def _strings(name: str, words: list, out: Analysis, depth: int) -> None:
    """trap 'CMD' SIGNAL and alias NAME='CMD' hold commands that run later: read them now."""
    words = [w for w in words if w is None or not w.startswith("-")]
    if name == "trap" and len(words) >= 2 and words[0] not in ("", "-"):
        analyse(_known(words[0]), depth + 1, out)
    for word in words if name == "alias" else []:
        alias, equals, value = _known(word).partition("=")
        if equals:
            out.defines.add(alias)
            analyse(value, depth + 1, out)


# --- asking the user ---
def ask_in_terminal(command: str, pending: list[str], reason: str) -> str:
    """Show the command and what it needs approved; return 'y' (once), 'a' (always) or 'n'."""
    print(f"\n  [guardrail] the agent wants to run:\n      {command}")
    print(f"  {reason or 'Needs your approval: ' + ', '.join(pending)}")
    try:
        answer = input("  Allow? [y] once, [a] always for these programs, [n] no: ")
    except (EOFError, OSError):  # nobody at a terminal to ask: the answer is no
        answer = "n"
    return answer.strip().lower()[:1] or "n"


REFUSAL = ("Error: the user did not approve this command, so it was not run. Do not try to "
           "get the same result another way; ask the user how they want to proceed.")


@dataclass
class Guardrail:
    """Per-executable approval for one agent run: the policy and what the user said so far."""

    ask: Callable[[str, list[str], str], str] = ask_in_terminal  # asks the user: y / a / n
    approved: set[str] = field(default_factory=set)  # programs approved "always" in this run
    always_ask: frozenset[str] = frozenset(ALWAYS_ASK)  # never approved "always": they run anything
    shadowed: set[str] = field(default_factory=set)  # names redefined in the session: ask again

    def check(self, command: str) -> str | None:
        """None if `command` may run now; otherwise the refusal to send back to the model."""
        try:
            found = analyse(command)
        except Unanalysable as err:
            reason = f"The guardrail cannot tell what this runs ({err}). Allow it only once, if at all."
            return None if self.ask(command, [command], reason) == "y" else REFUSAL
        again = self.always_ask | self.shadowed
        pending = [p for p in found.programs if p not in self.approved or p in again]
        pending += [f"> {target}" for target in found.writes]  # the shell writes these itself
        if not pending:
            return None
        answer = self.ask(command, pending, "")
        if answer not in ("y", "a"):
            return REFUSAL
        if answer == "a":
            self.approved |= {p for p in pending if not p.startswith("> ")} - again
        self.shadowed |= found.defines  # a function named ls is not the ls you approved
        return None
