"""bench/arena_speed.py on a slice: the sequential and parallel runs agree, and both finish."""

from __future__ import annotations


def test_arena_speed_runs_the_slice_both_ways_with_the_same_rows(capsys):
    from bench import arena_speed

    speedup = arena_speed.main(["list-todos", "change-default"])
    out = capsys.readouterr().out
    assert "sequential (--jobs 1)" in out and "speed-up" in out
    assert speedup > 0
