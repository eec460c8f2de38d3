"""bench/guardrail_asks.py on a short session, in each mode: it counts every shell command
and every question; fenced, nothing asks; strict, "always" keeps an allowlisted command
from asking twice."""

from __future__ import annotations

import pytest

from agentcourse import paths

NO_SANDBOX = paths.load_program(paths.find_checkpoint("08") / "sandbox.py", "sandbox").why_no_sandbox()


def test_the_ask_count_covers_every_command_in_strict_mode(monkeypatch):
    from bench import guardrail_asks

    monkeypatch.setattr(guardrail_asks, "REQUESTS", ("Run the tests and tell me if they pass.",))
    monkeypatch.setattr(guardrail_asks, "COMMANDS", ("ls", "ls", "git status"))
    tally = guardrail_asks.measure(("strict",))["strict"]
    # the request runs ls -1p (asks, 'always' offered) and python3 -m pytest (asks, once only);
    # then ls runs unasked after the 'always', twice, and git status asks
    assert (tally.commands, tally.asked, tally.offered_always, tally.mode) == (5, 3, 1, "strict")


@pytest.mark.skipif(NO_SANDBOX is not None, reason=f"no sandbox here: {NO_SANDBOX}")
def test_the_ordinary_session_asks_at_most_twice_in_the_default_mode():
    from bench import guardrail_asks

    tally = guardrail_asks.measure(("fenced",))["fenced"]
    assert tally.mode == "fenced" and tally.commands >= len(guardrail_asks.COMMANDS)
    assert tally.asked <= 2 and tally.failed == 0
    names = " ".join(guardrail_asks.COMMANDS)
    for word in ("pytest", "git add", "commit", "pip --version", "> ", "find", "sed -n", "awk", "nl ",
                 "which", "*.txt"):
        assert word in names, word
