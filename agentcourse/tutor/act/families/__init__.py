"""The tutor's moves for the arena's task families: the requests each takes, and its next move.

    action = dispatch(turn)                  # the first family move that takes the request, or None
    move_for("rename").match("Rename f to g")   # a family's move, and the regex match of a request

A task family has two sides. Its arena side (agentcourse/arena/families/<name>.py) makes
the seeded task and judges it; its tutor side, here (<name>.py), holds PATTERNS (regexes,
case-insensitive, on the request) and `act(turn, groups)`: a small state machine of the
turn primitives that reads the real tool results. The brain asks these moves first, in the
order of MOVES, then its own tasks (tasks.TASKS). Nothing here imports the arena: the
arena finds a family's move by its name (`move_for`). A family without a move is done by
one of the brain's own tasks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from agentcourse.tutor.act.families import (
    add_parameter,
    ambiguous,
    big_module_value,
    copy_value,
    create_readme,
    explain_function,
    fix_failing_test,
    list_todos,
    refuse_empty,
    rename,
)
from agentcourse.tutor.act.turn import Action, Turn


@dataclass(frozen=True)
class FamilyMove:
    """What the tutor does with one family's requests."""

    name: str  # the family's name, as the arena registers it
    patterns: tuple[str, ...]  # regexes (case-insensitive) on the request
    act: Callable[[Turn, dict], Action | None]  # the next move, from the match's named groups

    def match(self, request: str) -> re.Match | None:
        """The match of the first pattern that finds the request, or None."""
        for pattern in self.patterns:
            m = re.search(pattern, request, re.IGNORECASE)
            if m:
                return m
        return None


# In the order the brain tries them (the order of the arena families' file names): a
# request two families take goes to the first whose act answers it.
MOVES: tuple[FamilyMove, ...] = (
    FamilyMove("add-parameter", add_parameter.PATTERNS, add_parameter.act),
    FamilyMove("ambiguous", ambiguous.PATTERNS, ambiguous.act),
    FamilyMove("big-module-value", big_module_value.PATTERNS, big_module_value.act),
    FamilyMove("copy-value", copy_value.PATTERNS, copy_value.act),
    FamilyMove("create-readme", create_readme.PATTERNS, create_readme.act),
    FamilyMove("explain-function", explain_function.PATTERNS, explain_function.act),
    FamilyMove("fix-failing-test", fix_failing_test.PATTERNS, fix_failing_test.act),
    FamilyMove("list-todos", list_todos.PATTERNS, list_todos.act),
    FamilyMove("refuse-empty", refuse_empty.PATTERNS, refuse_empty.act),
    FamilyMove("rename", rename.PATTERNS, rename.act),
)


def move_for(name: str) -> FamilyMove | None:
    """The move of the family called `name`, or None when one of the brain's tasks does it."""
    return next((move for move in MOVES if move.name == name), None)


def dispatch(turn: Turn, request: str | None = None) -> Action | None:
    """The next move of the first family whose pattern matches the request (or `request`,
    the same in other words), or None."""
    for move in MOVES:
        m = move.match(turn.request if request is None else request)
        if m:
            groups = {k: (v or "").rstrip(".") for k, v in m.groupdict().items()}
            action = move.act(turn, groups)
            if action is not None:
                return action
    return None
