"""Time limits in tests that scale with how busy the machine is, so a test never fails
because the machine is loaded; and CPU time where a test measures work of its own.

    assert time.monotonic() - start < within(1.5)

`within(s)` is `s` times how much slower this machine is than the one the limits were
written on, never below 1 and capped at the fair clock's MAX_SLOWDOWN (agentcourse/clock.py): the larger of its load
over the last minute per core (with two busy programs on two cores it doubles) and its
cores' own speed (`slowness`: a fixed piece of Python timed once per process, as a slow or
throttled machine is slow with no load at all). A limit here says "did not hang", never "is
fast".
"""

from __future__ import annotations

import functools
import os
import time

from agentcourse.clock import MAX_SLOWDOWN


def load_factor() -> float:
    """The last minute's load average per core, between 1 and MAX_SLOWDOWN."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not available on this system: take the machine as idle
        return 1.0
    return min(max(load / (os.cpu_count() or 1), 1.0), MAX_SLOWDOWN)


# CPU seconds the loop below takes on one idle core the limits hold on as written: an
# estimate for CPython 3.11 on a recent x86 core (about 25 ns an iteration); a core that takes
# twice as long stretches every limit twice.
REFERENCE_SECONDS = 0.025


@functools.cache
def slowness() -> float:
    """How many times slower than REFERENCE_SECONDS this machine's core runs a fixed loop
    (the best of three, so a moment's preemption does not count), between 1 and MAX_SLOWDOWN."""
    best = float("inf")
    for _ in range(3):
        start, total = time.process_time(), 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return min(max(best / REFERENCE_SECONDS, 1.0), MAX_SLOWDOWN)


def within(seconds: float) -> float:
    """A limit of `seconds` on an idle machine of the reference's speed, stretched by the load
    measured now or by a slower core, whichever is more."""
    return seconds * min(max(load_factor(), slowness()), MAX_SLOWDOWN)
