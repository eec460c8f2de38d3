"""No test asserts a wall-clock figure as such: a limit on elapsed wall time goes through
tests/budget.py's `within()`, which stretches it by the load measured or a slow core, so a busy
or slow machine never fails a test; a test that measures its own work uses CPU time."""

from __future__ import annotations

import re

from agentcourse.paths import REPO_ROOT
from tests.budget import load_factor, within

# `<elapsed wall time> < <a bare figure>`: the shape every such limit had.
BARE = re.compile(r"(?:(?:monotonic|perf_counter|time)\(\)\s*-\s*\w+|\bwall_s\"?\]?|\.seconds)\s*<\s*(?!\s|within\()")


def test_every_wall_clock_limit_in_the_tests_scales_with_the_load():
    found = []
    for path in sorted((REPO_ROOT / "tests").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "assert" in line and BARE.search(line):
                found.append(f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_a_limit_is_never_shorter_than_written(monkeypatch):
    assert within(2.0) >= 2.0 and 1.0 <= load_factor()
    monkeypatch.setattr("os.getloadavg", lambda: (64.0, 0.0, 0.0))
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert within(2.0) == 2.0 * 6.0  # stretched, up to the cap


def test_a_slow_core_stretches_a_limit_as_load_does(monkeypatch):
    """A throttled machine is slow with no load: its limits stretch by its cores' speed."""
    import tests.budget as budget

    assert 1.0 <= budget.slowness() <= 6.0  # measured once, within its bounds

    monkeypatch.setattr("os.getloadavg", lambda: (0.0, 0.0, 0.0))
    monkeypatch.setattr(budget, "slowness", lambda: 2.5)
    assert within(2.0) == 5.0
    monkeypatch.setattr(budget, "slowness", lambda: 1.0)
    assert within(2.0) == 2.0
