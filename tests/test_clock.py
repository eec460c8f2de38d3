"""The fair clock: a limit stretches while the machine is loaded, within a cap."""

from __future__ import annotations

import time

from agentcourse import clock


def test_an_unloaded_machine_counts_wall_seconds():
    deadline = clock.FairDeadline(10.0, load=lambda: 1.0)
    deadline.last -= 4.0  # four wall seconds ago
    assert 5.9 < deadline.left() <= 6.0


def test_a_machine_twice_as_busy_counts_half_as_fast():
    deadline = clock.FairDeadline(10.0, load=lambda: 2.0)
    deadline.last -= 4.0
    assert 7.9 < deadline.left() <= 8.0


def test_runnable_tasks_beyond_the_cores_slow_the_clock_up_to_the_cap():
    assert clock.slowdown(lambda: 1, cores=2) == 1.0  # fewer runnable tasks than cores: full speed
    assert clock.slowdown(lambda: 6, cores=2) == 3.0
    assert clock.slowdown(lambda: 10_000, cores=2) == clock.MAX_SLOWDOWN
    assert clock.slowdown(lambda: None, cores=2) == 1.0  # no count: a plain wall clock


def test_the_kernels_count_is_read_where_there_is_one():
    count = clock.runnable_tasks()
    assert count is None or count >= 0
    assert 1.0 <= clock.slowdown() <= clock.MAX_SLOWDOWN


def test_a_deadline_ends_even_on_a_stuck_machine():
    deadline = clock.FairDeadline(0.05, load=lambda: clock.MAX_SLOWDOWN)
    started = time.monotonic()
    while deadline.left() > 0:
        time.sleep(0.01)
    assert time.monotonic() - started >= 0.05 * clock.MAX_SLOWDOWN * 0.9


def test_the_instructors_guide_states_the_clocks_cap():
    from agentcourse.paths import REPO_ROOT

    guide = (REPO_ROOT / "docs" / "INSTRUCTORS.md").read_text(encoding="utf-8")
    assert f"at most {clock.MAX_SLOWDOWN:g} times (`MAX_SLOWDOWN`)" in guide


def test_a_limits_own_tree_is_left_out_of_the_load(tmp_path, monkeypatch):
    """Twelve runnable tasks, eight of them the work's own: its limit sees three others (the
    reader left out), and the machine's load as a whole sees eleven."""
    loadavg = tmp_path / "loadavg"
    loadavg.write_text("0.50 0.40 0.30 12/300 4242\n")
    monkeypatch.setattr(clock, "LOADAVG", str(loadavg))
    monkeypatch.setattr(clock, "descendants", lambda pid: [pid + 1, pid + 2])
    seen = []
    monkeypatch.setattr(clock, "running_threads", lambda pids: seen.append(list(pids)) or 8)
    assert clock.runnable_tasks() == 11 and seen == []
    assert clock.runnable_tasks(besides=100) == 3 and seen == [[100, 101, 102]]
    assert clock.load_besides(100)() == clock.slowdown(lambda: 3)
    monkeypatch.setattr(clock, "running_threads", lambda pids: 50)
    assert clock.runnable_tasks(besides=100) == 0  # never below none


def test_the_load_is_read_at_most_every_half_second():
    reads = []
    deadline = clock.FairDeadline(10.0, load=lambda: reads.append(1) or 2.0)
    for _ in range(1000):
        deadline.left()
        deadline.wall_left()
    assert len(reads) == 1
    deadline._read_at -= clock.READ_EVERY
    deadline.left()
    assert len(reads) == 2
