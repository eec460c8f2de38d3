"""Lab 5's references: what Task 6's checks compare a student's answer with (what a run at
one effort level cost, exactly, and which levels are the cheapest that solved the task).
The judge imports them; a graded student's kernel cannot, since its sandbox shows this
folder empty (agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer can call them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from agentcourse.course.scaffold.lab05 import EFFORT_LEVELS

# Two costs closer than this, relatively, may come out in either order in floating point
# (a sum of the same calls in another order): either level is then accepted.
NEAR = Fraction(1, 10**9)


def exact_dollars(run: Any, price: Any) -> Fraction:
    """A run's dollars in exact arithmetic: each response's four counts at the row's prices,
    per million tokens; output_tokens counts the thinking, whatever the block's text."""
    total = Fraction(0)
    for response in run.responses:
        usage = response.usage
        total += (usage.input_tokens * Fraction(price.input)
                  + (usage.cache_creation_input_tokens or 0) * Fraction(price.cache_write)
                  + (usage.cache_read_input_tokens or 0) * Fraction(price.cache_read)
                  + usage.output_tokens * Fraction(price.output))
    return total / 1_000_000


def cheapest_levels(runs: dict, price: Any) -> tuple[tuple[str, ...], Fraction] | None:
    """The levels an answer may name as the cheapest that solved the task, and its cost; None
    if no run solved it. Of levels that cost exactly the same, only the lowest; of levels
    whose costs differ by less than NEAR, any."""
    costs = {level: exact_dollars(run, price) for level, run in runs.items() if run.solved}
    if not costs:
        return None
    best = min(costs.values())
    near = [level for level in EFFORT_LEVELS if level in costs and costs[level] - best <= best * NEAR]
    exact = [level for level in near if costs[level] == best]
    return (exact[0],) if near == exact else tuple(near), best
