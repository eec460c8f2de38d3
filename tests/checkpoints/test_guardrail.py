"""Checkpoint 08's guardrail: every program a command would run is found, and approval is
per program, so approving `ls` never approves `ls && rm -rf x`.

The corpus (guardrail_corpus.py) is checked two ways: statically against the expected
programs, and dynamically, by running each command under real bash with every program
replaced by a stub that logs its name: what bash ran must be among what was found.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess

import pytest
from guardrail_corpus import ASK, CORPUS, HIDDEN_CODE, REAL_IN_SANDBOX

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
guardrail = paths.load_program(FOLDER / "guardrail.py", "guardrail")


def found(command: str):
    try:
        return set(guardrail.commands_in(command))
    except guardrail.Unanalysable:
        return ASK


@pytest.mark.parametrize(("command", "expected"), CORPUS, ids=[repr(c)[:60] for c, _ in CORPUS])
def test_commands_in_finds_every_program(command, expected):
    assert found(command) == expected


@pytest.mark.parametrize(("command", "says"), [
    ("/bin/r? x", "the program's name is a pattern: /bin/r?"),
    ("$tool x", "the program's name is computed when it runs: $tool"),
    ("PATH=/tmp ls", "it sets PATH, which changes what the shell runs"),
    ("ssh -oProxyCommand=rm host", "ssh -o ...Command runs a command on this machine"),
])
def test_an_unanalysable_command_says_why(command, says):
    with pytest.raises(guardrail.Unanalysable) as caught:
        guardrail.analyse(command)
    assert str(caught.value) == says


def test_corpus_is_broad():
    assert len(CORPUS) >= 200
    assert sum(expected is ASK for _, expected in CORPUS) >= 40


def test_hidden_code_runners_always_ask():
    for command in HIDDEN_CODE:
        assert found(command) & guardrail.ALWAYS_ASK, command


def _sandbox(tmp_path):
    """A PATH of logging stubs (and a few real programs that run what they are given)."""
    stubs, work = tmp_path / "bin", tmp_path / "work"
    stubs.mkdir()
    work.mkdir()
    names = {n for _, want in CORPUS if want for n in want if "/" not in n and n not in ".:"}
    for name in names | set(REAL_IN_SANDBOX):
        real = shutil.which(name)
        if name in REAL_IN_SANDBOX and real:
            (stubs / name).symlink_to(real)
        else:
            (stubs / name).write_text('#!/bin/sh\nprintf "%s\\n" "${0##*/}" >> "$STUB_LOG"\n')
            (stubs / name).chmod(0o755)
    return stubs, work


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_what_bash_really_runs_was_found(tmp_path):
    stubs, work = _sandbox(tmp_path)
    bash = shutil.which("bash")
    missed, ran = [], 0
    for i, (command, expected) in enumerate(CORPUS):
        if expected is ASK or command in HIDDEN_CODE or "/" in command:
            continue  # unanalysable, hidden by design, or a path the sandbox cannot stub
        log = tmp_path / f"log{i}"  # one log per command: late background jobs go to theirs
        log.write_text("")
        for name in ("a", "b", "list", "x", "y", "script.sh"):
            (work / name).write_text("x\n")
        env = {"PATH": str(stubs), "STUB_LOG": str(log), "HOME": str(work)}
        try:
            subprocess.run([bash, "-c", command], cwd=work, env=env, timeout=5,
                           stdin=subprocess.DEVNULL, capture_output=True)
        except subprocess.TimeoutExpired:
            pass
        ran += 1
        really = set(log.read_text().split())
        if not really <= expected:
            missed.append((command, really - expected))
    assert ran >= 180
    assert not missed, f"bash ran programs the guardrail did not find: {missed}"


class RandomCommands:
    """Commands nobody wrote by hand: nesting, quoting, wrappers and shell strings mixed at
    random (seeded), so the parser meets combinations the corpus does not list."""

    NAMES = ("aa", "bb", "cc", "dd")

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)

    def name(self) -> str:
        n = self.rnd.choice(self.NAMES)
        return self.rnd.choice([n, n, n, f"'{n}'", f"{n[0]}\\{n[1:]}", f'"{n[0]}"{n[1:]}',
                                f"\\{n}", f"$'{n}'"])

    def simple(self, d: int) -> str:
        r = self.rnd
        args = [r.choice(["x", "-y", "'q r'", f'"$({self.cmd(d + 1)})"' if d < 3 else "z",
                          f"`{self.simple(d + 1)}`" if d < 2 else "v"]) for _ in range(r.randrange(3))]
        words = [self.name(), *args]
        if r.random() < 0.2 and d < 3:
            words.insert(0, f"X=$({self.cmd(d + 1)})")
        if r.random() < 0.2:
            words.append(r.choice(["> /dev/null", "2>&1", f"< <({self.simple(d + 1)})" if d < 3 else ""]))
        wrap = r.randrange(10)
        if wrap < 3:
            words = [["env", "A=1"], ["timeout", "5"], ["nice", "-n", "2"]][wrap] + words
        elif wrap < 6 and d < 3:
            inner = self.cmd(d + 1).replace("'", "'\\''")
            return ["bash -c", "sh -c", "eval"][wrap - 3] + f" '{inner}'"
        return " ".join(words)

    def cmd(self, d: int = 0) -> str:
        r, k = self.rnd, self.rnd.randrange(11)
        if k < 4 or d > 3:
            return self.simple(d)
        a, b = self.cmd(d + 1), self.cmd(d + 1)
        return [f"{a}{r.choice([' && ', ' || ', '; ', ' | ', chr(10), ' & '])}{b}", f"( {a} )",
                f"{{ {a}; }}", f"if {a}; then {b}; fi", f"for i in 1; do {a}; done",
                f"g() {{ {a}; }}; g", f"cat <<EOF\nx $({a})\nEOF\n{b}",
                f"case x in x) {a};; *) {b};; esac"][k - 4]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_random_commands_run_under_bash_only_what_was_found(tmp_path):
    stubs, work = tmp_path / "bin", tmp_path / "work"
    stubs.mkdir()
    work.mkdir()
    for name in (*RandomCommands.NAMES, "g", "cat"):
        (stubs / name).write_text('#!/bin/sh\nprintf "%s\\n" "${0##*/}" >> "$STUB_LOG"\n')
        (stubs / name).chmod(0o755)
    for real in ("bash", "sh", "env", "timeout", "nice"):
        (stubs / real).symlink_to(shutil.which(real))
    missed, analysed = [], 0
    for seed in (1, 2):  # about 200 commands analysed, each run under bash
        commands = RandomCommands(seed)
        for i in range(100):
            command = commands.cmd()
            if found(command) is ASK:
                continue
            analysed += 1
            log = tmp_path / f"log-{seed}-{i}"
            log.write_text("")
            try:
                subprocess.run(["bash", "-c", command], cwd=work, timeout=5, capture_output=True,
                               stdin=subprocess.DEVNULL, env={"PATH": str(stubs), "STUB_LOG": str(log)})
            except subprocess.TimeoutExpired:
                pass
            if not set(log.read_text().split()) <= found(command):
                missed.append(command)
    assert analysed >= 120 and not missed, missed


def _escaped(text: str) -> str:
    """One shell word that stands for `text`: every special character backslash-escaped."""
    return re.sub(r"([\\\s'\"`$;&|()<>{}*?#~=])", r"\\\1", text)


NESTINGS = {  # each wraps a command in one more level that the guardrail reads
    "backticks": lambda cmd, n: "echo `" + re.sub(r"([\\`$])", r"\\\1", cmd) + "`",
    "eval": lambda cmd, n: f"eval {cmd}",
    "bash -c": lambda cmd, n: f"bash -c {_escaped(cmd)}",
    "su -c": lambda cmd, n: f"su -c {_escaped(cmd)}",
    "trap": lambda cmd, n: f"trap {_escaped(cmd)} EXIT",
    "alias": lambda cmd, n: f"alias a{n}={_escaped(cmd)}",
    "here-document": lambda cmd, n: f"bash <<'END{n}'\n{cmd}\nEND{n}",
}


@pytest.mark.parametrize("way", NESTINGS)
def test_nesting_is_read_to_max_depth_and_asks_beyond_it(way):
    command = "rm x"
    for n in range(guardrail.MAX_DEPTH):
        command = NESTINGS[way](command, n)
    assert "rm" in found(command)
    assert found(NESTINGS[way](command, guardrail.MAX_DEPTH)) is ASK


# --- approval ---
class Answers:
    """A scripted user: answers in order, and records what it was asked."""

    def __init__(self, *answers):
        self.answers, self.asked = list(answers), []

    def __call__(self, command, pending, reason):
        self.asked.append((command, list(pending), reason))
        return self.answers.pop(0)


def test_approving_ls_always_never_approves_ls_and_rm():
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    assert g.check("ls -la") is None
    assert g.check("ls") is None and len(user.asked) == 1  # approved: not asked again
    refusal = g.check("ls && rm -rf x")
    assert refusal.startswith("Error:") and "not run" in refusal
    assert user.asked[-1][1] == ["rm"]  # only the new program needs approval


@pytest.mark.parametrize("command", [
    "ls; rm x", "ls | rm x", "ls $(rm x)", "ls `rm x`", "(ls; rm x)", "{ ls; rm x; }",
    "ls <(rm x)", "X=$(rm x) ls", "ls && sudo rm x", "ls || bash -c 'rm x'",
    "ls; eval 'rm x'", "find . -exec rm {} \\;", "ls | xargs rm", "ls\nrm x", "ls; r\\m x",
    "ls; 'r'm x", "ls; /bin/rm x", "ls; command rm x", "ls > $(rm x)", "f() { rm x; }; ls",
])
def test_approved_program_does_not_carry_another(command):
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    assert g.check(command) is not None
    assert "rm" in user.asked[-1][1]


def test_shells_and_interpreters_ask_every_time():
    user = Answers("a", "a", "a")
    g = guardrail.Guardrail(ask=user)
    for command in ("bash -c 'ls'", "bash -c 'ls'", "python3 -c 'print(1)'"):
        assert g.check(command) is None
    assert len(user.asked) == 3 and "bash" not in g.approved and "ls" in g.approved


def test_unanalysable_commands_ask_and_cannot_be_approved_always():
    user = Answers("a", "y", "y")
    g = guardrail.Guardrail(ask=user)
    assert g.check("$tool --version") is not None  # "always" is not an answer here: refused
    assert g.check("$tool --version") is None  # "y": once
    assert g.check("$tool --version") is None
    assert len(user.asked) == 3 and "cannot tell" in user.asked[0][2]


def test_a_redefined_name_asks_again():
    user = Answers("a", "y", "y")
    g = guardrail.Guardrail(ask=user)
    g.check("ls")
    g.check("ls() { rm -rf x; }")  # the user approved rm once, seeing the body
    assert g.check("ls") is None and len(user.asked) == 3  # ls now means the function: asked


def test_redirections_that_write_files_ask_even_for_approved_programs():
    user = Answers("a", "n")
    g = guardrail.Guardrail(ask=user)
    g.check("cat a")
    assert g.check("cat a > main.py") is not None
    assert user.asked[-1][1] == ["> main.py"]
    assert g.check("cat a 2>/dev/null") is None  # /dev/null writes nothing
    assert g.check("cat a 2>&1") is None  # a duplicated descriptor writes no file
    user.answers.append("n")
    assert g.check("cat a >& log.txt") is not None and user.asked[-1][1] == ["> log.txt"]


def test_only_redirections_that_write_a_file_are_writes():
    assert guardrail.analyse("cat < a 2>&1 > b 2>/dev/null").writes == ["b"]
    user = Answers("a")
    g = guardrail.Guardrail(ask=user)
    g.check("cat a")
    assert g.check("cat < a") is None and len(user.asked) == 1  # reading asks nothing more


def test_the_terminal_prompt_shows_what_needs_approval_and_takes_the_first_letter(monkeypatch,
                                                                                    capsys):
    answers = iter(["  Yes please", "A", "", "no"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert guardrail.ask_in_terminal("rm x > y", ["rm", "> y"], "") == "y"
    assert "Needs your approval: rm, > y" in capsys.readouterr().out
    assert guardrail.ask_in_terminal("$x", ["$x"], "The guardrail cannot tell") == "a"
    out = capsys.readouterr().out
    assert "The guardrail cannot tell" in out and "Needs your approval" not in out
    assert guardrail.ask_in_terminal("rm x", ["rm"], "") == "n"  # just Enter: no
    assert guardrail.ask_in_terminal("rm x", ["rm"], "") == "n"


def test_always_approves_the_program_never_the_file_it_writes():
    user = Answers("a", "y")
    g = guardrail.Guardrail(ask=user)
    assert g.check("cat a > main.py") is None and g.approved == {"cat"}
    assert g.check("cat a > main.py") is None and user.asked[-1][1] == ["> main.py"]


def test_empty_command_runs_nothing_and_asks_nothing():
    g = guardrail.Guardrail(ask=Answers())
    assert g.check("") is None and g.check("# note") is None


def test_terminal_prompt_without_a_terminal_refuses(monkeypatch, capsys):
    def no_terminal(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", no_terminal)
    g = guardrail.Guardrail()
    assert g.check("rm -rf x").startswith("Error:")
    assert "rm -rf x" in capsys.readouterr().out


def test_analysis_is_fast_enough_to_run_on_every_command():
    import time

    start = time.perf_counter()
    for command, _ in CORPUS:
        found(command)
    assert (time.perf_counter() - start) / len(CORPUS) < 0.005  # seconds per command
    assert os.environ.get("PATH")  # the corpus run above touched nothing global


@pytest.mark.parametrize("command, writes", [
    ("echo hi > out.txt", ["out.txt"]),
    ("echo hi >> 'log file'", ["log file"]),
    ('echo hi > "$f"', ['"$f"']),
    ("echo hi 2>/dev/null", []),
    ("ls 2>&1 | cat", []),
    ("cat a > b; cat b >| c", ["b", "c"]),
])
def test_the_files_a_command_writes_are_named_as_written(command, writes):
    assert guardrail.analyse(command).writes == writes
