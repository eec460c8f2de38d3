"""The draws Lab 8's strategies share: an integer strategy built once per range, and one
item of a list.
"""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st


@functools.cache
def between(low: int, high: int) -> Any:
    return st.integers(low, high)  # built once: a strategy built in every draw is slow


def pick(draw: Any, items: Any) -> Any:
    return items[draw(between(0, len(items) - 1))]
