"""Checkpoint 08's guardrail against the corpus labelled before its code (guardrail_corpus_blind2.py).

Statically: with every program visible in a session approved "always" (shells and
interpreters too), each last command runs unasked exactly when it is labelled ALLOW, and
otherwise asks for the exact command or is refused. Dynamically: every command it lets
through runs under real bash with logging stubs, and must start only allowlisted programs
and write nothing.
"""

from __future__ import annotations

import pytest
from guardrail_corpus_blind2 import ALLOW, ASK_ONCE, BLIND2
from guardrail_harness import outcome

from agentcourse import paths

guardrail = paths.load_program(paths.find_checkpoint("08") / "guardrail.py", "guardrail")
IDS = [repr(s)[:60] for s, _ in BLIND2]


@pytest.fixture(autouse=True)
def plain_path(monkeypatch):
    """The programs resolve where a system keeps them, whatever the developer's PATH holds."""
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    monkeypatch.delenv("BASH_ENV", raising=False)


def test_corpus_is_broad():
    assert len(BLIND2) >= 300 and len({s for s, _ in BLIND2}) == len(BLIND2)
    labels = [label for _, label in BLIND2]
    assert labels.count(ALLOW) >= 150 and labels.count(ASK_ONCE) >= 300
    assert sum(not isinstance(s, str) for s, _ in BLIND2) >= 40  # sessions of several commands


@pytest.mark.parametrize(("session", "label"), BLIND2, ids=IDS)
def test_each_command_runs_unasked_only_when_labelled_allow(session, label):
    assert outcome(guardrail, session) == ("allow" if label == ALLOW else "ask_once")
