"""What checkpoint 08's guardrail lets run unasked, run for real under bash.

For every command of the three corpora, and for random ones, that runs unasked with every
visible program approved "always", bash runs it in a scratch project with every name on
PATH a logging stub (the allowlisted programs log, then run for real): it must start only
allowlisted programs and write no file. This is what makes "allow" trustworthy; the
static tests beside this file say what is allowed, this one what allowing it does.
"""

from __future__ import annotations

import random
import shutil

import pytest
from guardrail_corpus import CORPUS
from guardrail_corpus_blind import BLIND
from guardrail_corpus_blind2 import BLIND2
from guardrail_harness import Bash, commands_of, names_in, outcome

from agentcourse import paths

guardrail = paths.load_program(paths.find_checkpoint("08") / "guardrail.py", "guardrail")
ALLOWLIST = set(guardrail.POLICY.programs)
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


@pytest.fixture(autouse=True)
def plain_path(monkeypatch):
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    monkeypatch.delenv("BASH_ENV", raising=False)


def wrong_runs(tmp_path, sessions) -> tuple[int, list]:
    """How many of `sessions` run unasked, and those that start a program off the allowlist
    or change a file when bash runs them."""
    allowed = [s for s in sessions if outcome(guardrail, s) == "allow"]
    names = names_in(c for s in allowed for c in commands_of(s))
    bash = Bash(tmp_path, names, guardrail.POLICY.programs, guardrail.POLICY.builtins)
    assert len(bash.real) >= 10  # real programs ran, not only stubs
    runs = [(s, *bash.run(s)) for s in allowed]
    return len(allowed), [(s, ran, changed) for s, ran, changed in runs
                          if not ran <= ALLOWLIST or changed]


def test_what_the_new_corpus_runs_unasked_starts_only_allowlisted_programs(tmp_path):
    allowed, wrong = wrong_runs(tmp_path, [s for s, _ in BLIND2])
    assert allowed >= 150 and not wrong


def test_what_the_first_corpus_runs_unasked_starts_only_allowlisted_programs(tmp_path):
    allowed, wrong = wrong_runs(tmp_path, [c for c, _ in CORPUS])
    assert allowed >= 15 and not wrong


def test_what_the_blind_corpus_runs_unasked_starts_only_allowlisted_programs(tmp_path):
    allowed, wrong = wrong_runs(tmp_path, [c for c, _ in BLIND])
    assert allowed >= 3 and not wrong


class RandomCommands:
    """Commands nobody wrote by hand: allowlisted programs and others, with safe and unsafe
    options, quoting, patterns, redirections and expansions mixed at random (seeded)."""

    NAMES = ("ls", "cat", "sort", "head", "echo", "uniq", "cut", "rm", "bash", "'ls'", "l's'",
             "\\ls", "/bin/ls")
    WORDS = ("x", "a", "-r", "-n", "-n5", "-5", "-o", "out", "'q r'", '"$(rm x)"', "`rm x`",
             "*", "./*", "{a,b}", "--compress-program=rm", "--comp=rm", "-k2", "--", "~",
             "-\\\nrm", "$'x'", "2>/dev/null", "> out", "2>&1", "< a", ">/dev/null", "'*'",
             "x*", "--output=o", "-u", "-d,", "-f1", "'-o'", '"-o"', "-ro", "{PATH}>/dev/null")
    JOINS = (" | ", " && ", "; ", "\n", " || ", " & ")

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)

    def simple(self) -> str:
        words = [self.rnd.choice(self.WORDS) for _ in range(self.rnd.randrange(4))]
        return " ".join([self.rnd.choice(self.NAMES), *words])

    def command(self) -> str:
        parts = [self.simple() for _ in range(self.rnd.randrange(1, 4))]
        return "".join(p + self.rnd.choice(self.JOINS) for p in parts[:-1]) + parts[-1]


def test_random_commands_that_run_unasked_start_only_allowlisted_programs(tmp_path):
    commands = [c for seed in (1, 2) for c in (RandomCommands(seed).command() for _ in range(400))]
    allowed, wrong = wrong_runs(tmp_path, commands)
    assert allowed >= 40 and not wrong
