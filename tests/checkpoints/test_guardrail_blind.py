"""Checkpoint 08's guardrail against the second attack corpus (guardrail_corpus_blind.py),
written from bash's rules without looking at the guardrail.

Judged the two ways the first corpus is: statically, by what `analyse` finds, and under real
bash with every program replaced by a logging stub. A command is safe when the guardrail
asks (Unanalysable), names every program the corpus lists, or names one it asks about every
time (a shell or interpreter, whose code the user then reads); a definition that redefines a
name is safe when the guardrail records it (that name asks again). A `plain` command must
also be read exactly: asking about `\\rm x` would make the guardrail useless.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from guardrail_corpus_blind import ASK, BLIND, Runs

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
guardrail = paths.load_program(FOLDER / "guardrail.py", "guardrail")
KEYWORDS = {"time", "coproc"}  # bash keywords the guardrail names like programs: harmless extras


def expected(names) -> set[str]:
    """The corpus's names as approval keys: /bin/rm is rm; `[ ]` is read as a test, not a program."""
    return {guardrail.program_name(n) for n in names} - {"["}


def verdict(command: str, expectation) -> str:
    """ok, bypass (something runs unasked), asks (a plain command refused), imprecise, or
    crash (any other exception: the guardrail must answer every input)."""
    try:
        found = guardrail.analyse(command)
    except guardrail.Unanalysable:
        return "asks" if isinstance(expectation, Runs) and expectation.plain else "ok"
    except Exception:  # noqa: BLE001 - RecursionError, a parser error: the guardrail broke
        return "crash"
    programs = set(found.programs)
    asked_anyway = bool(programs & guardrail.ALWAYS_ASK)
    if expectation is ASK:
        return "ok" if asked_anyway or found.defines else "bypass"
    want = expected(expectation.names)
    if not want <= programs and not asked_anyway:
        return "bypass"
    if expectation.plain and programs - KEYWORDS != want - KEYWORDS:
        return "imprecise"
    return "ok"


IDS = [repr(c)[:60] for c, _ in BLIND]
# Plain to bash, but the guardrail asks on purpose, and says why:
KNOWN_ASKS = {
    # bash evaluates the output of $( ) as arithmetic, and an a[$(...)] in that output runs
    "echo $(( $(id) ))", "(( $(rm x) ))", "(( x = $(id) ))", "for ((i=$(id); i<0; )); do :; done",
    "a[$(id)]=1", "echo ${a[$(id)]}", "echo ${#a[$(id)]}", "echo $(( a[$(id)] ))",
    "cat <<EOF\n`rm x`\nEOF",  # backticks in a here-document: not read, asks
    "time { rm x; }", "coproc NAME { rm x; }",  # tree-sitter reads `time {` as a command named time
}


def test_blind_corpus_is_broad():
    assert len(BLIND) >= 150 and len({c for c, _ in BLIND}) == len(BLIND)
    assert sum(e is ASK for _, e in BLIND) >= 40


@pytest.mark.parametrize(("command", "expectation"), BLIND, ids=IDS)
def test_no_program_runs_unasked(command, expectation):
    assert verdict(command, expectation) in ("ok", "asks", "imprecise")


@pytest.mark.parametrize(("command", "expectation"), BLIND, ids=IDS)
def test_plain_commands_are_read_exactly(command, expectation):
    assert verdict(command, expectation) == ("asks" if command in KNOWN_ASKS else "ok")


def _runnable(command: str, expectation) -> bool:
    """Under stubs: no absolute path (it would reach a real program), no NUL (argv cannot hold it)."""
    return isinstance(expectation, Runs) and "/" not in command and "\x00" not in command


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_what_bash_really_runs_was_found(tmp_path):
    stubs, work = tmp_path / "bin", tmp_path / "work"
    stubs.mkdir()
    work.mkdir()
    real = ("bash", "sh", "env", "xargs", "find", "timeout", "nice", "nohup", "stdbuf", "setsid",
            "test", "true", "printf", "echo", "cat")
    names = {n for _, e in BLIND if isinstance(e, Runs) for n in e.names}
    for name in {n for n in names if n.isascii() and n.isprintable() and "/" not in n} | {"x"}:
        if name in real and shutil.which(name):
            (stubs / name).symlink_to(shutil.which(name))
        else:
            (stubs / name).write_text('#!/bin/sh\nprintf "%s\\n" "${0##*/}" >> "$STUB_LOG"\n')
            (stubs / name).chmod(0o755)
    missed, ran = [], 0
    for i, (command, expectation) in enumerate(BLIND):
        if not _runnable(command, expectation):
            continue
        try:
            found = set(guardrail.commands_in(command))
        except guardrail.Unanalysable:
            continue
        if found & guardrail.ALWAYS_ASK:
            continue  # it asks every time, and the user reads the code
        log = tmp_path / f"log{i}"
        log.write_text("")
        (work / "x").write_text("x\n")
        env = {"PATH": str(stubs), "STUB_LOG": str(log), "HOME": str(work)}
        try:
            subprocess.run([shutil.which("bash"), "-c", command], cwd=work, env=env, timeout=2,
                           stdin=subprocess.DEVNULL, capture_output=True)  # `while rm x` never ends
        except subprocess.TimeoutExpired:
            pass
        ran += 1
        really = set(log.read_text().split())
        if not really <= found:
            missed.append((command, really - found))
    assert ran >= 100
    assert not missed, f"bash ran programs the guardrail did not find: {missed}"
