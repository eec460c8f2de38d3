"""bench/guardrail_asks.py on a short session: it counts every shell command and every
question, and "always" keeps an allowlisted command from asking twice."""

from __future__ import annotations


def test_the_ask_count_covers_every_command(monkeypatch):
    from bench import guardrail_asks

    monkeypatch.setattr(guardrail_asks, "REQUESTS", ("Run the tests and tell me if they pass.",))
    monkeypatch.setattr(guardrail_asks, "COMMANDS", ("ls", "ls", "git status"))
    tally = guardrail_asks.measure()
    # the request runs ls -1p (asks, 'always' offered) and python3 -m pytest (asks, once only);
    # then ls runs unasked after the 'always', twice, and git status asks
    assert (tally.commands, tally.asked, tally.offered_always) == (5, 3, 1)
