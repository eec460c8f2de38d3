"""Checkpoint 08's guardrail against the second attack corpus (guardrail_corpus_blind.py),
written from bash's rules for the guardrail before this one.

That corpus names, for each command, every program bash may run. The allowlist guardrail
is judged by what it lets through with every visible program approved "always" (shells and
interpreters too): a command may run unasked only if everything bash may run for it is on
the allowlist; every other command asks for its exact text, or is refused unasked. What runs
unasked is run under real bash with logging stubs, and must start only allowlisted
programs and write nothing.
"""

from __future__ import annotations

import pytest
from guardrail_corpus_blind import ASK, BLIND, Runs
from guardrail_harness import outcome

from agentcourse import paths

guardrail = paths.load_program(paths.find_checkpoint("08") / "guardrail.py", "guardrail")
ALLOWLIST = set(guardrail.POLICY.programs)
IDS = [repr(c)[:60] for c, _ in BLIND]
# The plain, read-only commands of the corpus: these three run unasked once approved.
RUN_UNASKED = {"ls # ; rm x", "ls #x; rm x", "echo '$(rm x)'"}


@pytest.fixture(autouse=True)
def plain_path(monkeypatch):
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    monkeypatch.delenv("BASH_ENV", raising=False)


def test_blind_corpus_is_broad():
    assert len(BLIND) >= 150 and len({c for c, _ in BLIND}) == len(BLIND)
    assert sum(e is ASK for _, e in BLIND) >= 40


@pytest.mark.parametrize(("command", "expectation"), BLIND, ids=IDS)
def test_a_command_runs_unasked_only_if_all_bash_may_run_is_allowlisted(command, expectation):
    got = outcome(guardrail, command)
    assert got in ("allow", "ask_once")
    if got == "allow":
        assert isinstance(expectation, Runs) and set(expectation.names) <= ALLOWLIST


def test_its_plain_read_only_commands_run_unasked():
    assert {c for c, _ in BLIND if outcome(guardrail, c) == "allow"} == RUN_UNASKED
