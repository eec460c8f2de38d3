"""Time limits in tests that scale with how busy the machine is, so a test never fails
because the machine is loaded; and CPU time where a test measures work of its own.

    assert time.monotonic() - start < within(1.5)

`within(s)` is `s` times the machine's load over the last minute per core (never below 1,
capped at the arena's MAX_SLOWDOWN): on an idle machine the limit is as written; with two
busy programs on two cores it doubles. A limit here says "did not hang", never "is fast".
"""

from __future__ import annotations

import os

from agentcourse.arena.clock import MAX_SLOWDOWN


def load_factor() -> float:
    """The last minute's load average per core, between 1 and MAX_SLOWDOWN."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # not available on this system: take the machine as idle
        return 1.0
    return min(max(load / (os.cpu_count() or 1), 1.0), MAX_SLOWDOWN)


def within(seconds: float) -> float:
    """A limit of `seconds` on an idle machine, stretched by the load measured now."""
    return seconds * load_factor()
