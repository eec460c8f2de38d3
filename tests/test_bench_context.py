"""bench/context_savings.py at a small size: both checkpoints finish the long task, and
06 already sends far fewer input tokens than 05 (make bench runs the full 26 modules)."""

from __future__ import annotations


def test_context_savings_core_shows_both_runs_correct_and_06_cheaper():
    from bench import context_savings

    before, after = context_savings.compare(modules=6)
    assert before.problems == [] and after.problems == []
    assert before.valid and after.valid and (before.checkpoint, after.checkpoint) == ("05", "06")
    assert after.notes == 6 and before.notes == 0
    assert after.input_tokens < 0.6 * before.input_tokens
