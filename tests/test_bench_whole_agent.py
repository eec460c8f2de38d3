"""bench/whole_agent.py at a small size: checkpoint 08 finishes the long task with its
context management on and off, and on sends fewer input tokens (make bench runs all 26)."""

from __future__ import annotations


def test_whole_agent_bench_shows_both_runs_correct_and_management_cheaper():
    from bench import whole_agent

    plain, managed = whole_agent.compare(modules=8)
    assert plain.problems == [] and managed.problems == []
    assert plain.valid and managed.valid
    assert managed.stubbed > 0 and plain.stubbed == 0 and plain.compactions == 0
    assert managed.input_tokens < plain.input_tokens
    assert 0.0 <= whole_agent.hit_rate(managed) <= 1.0
