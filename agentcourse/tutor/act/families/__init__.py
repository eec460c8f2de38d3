"""The tutor's moves for the arena's task families: the requests each takes, and its next move.

    move_for("rename").match("Rename f to g")   # a family's move, and the regex match of a request
    move_for("rename").act(turn, groups)        # its next move

A task family has two sides. Its arena side (agentcourse/arena/families/<name>.py) makes
the seeded task and judges it; its tutor side, here (<name>.py), holds `act(turn, groups)`:
a small state machine of the turn primitives that reads the real tool results. The
requests a family takes are its row of understand/intent_table.py (verbs, objects, slots,
patterns); the brain ranks every row that reads a request (understand/intents.py) and asks
each one's move or task in turn. Nothing here imports the arena: the arena finds a
family's move by its name (`move_for`). A family without a move is done by one of the
brain's own tasks.
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
from agentcourse.tutor.understand.intent_table import INTENTS


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


# Each family's act, by name; the requests each takes are its row of intent_table.INTENTS.
_ACTS: dict[str, Callable[[Turn, dict], Action | None]] = {
    "add-parameter": add_parameter.act,
    "ambiguous": ambiguous.act,
    "big-module-value": big_module_value.act,
    "copy-value": copy_value.act,
    "create-readme": create_readme.act,
    "explain-function": explain_function.act,
    "fix-failing-test": fix_failing_test.act,
    "list-todos": list_todos.act,
    "refuse-empty": refuse_empty.act,
    "rename": rename.act,
}
MOVES: tuple[FamilyMove, ...] = tuple(
    FamilyMove(i.name, i.patterns, _ACTS[i.name]) for i in INTENTS if i.kind == "family"
)


def move_for(name: str) -> FamilyMove | None:
    """The move of the family called `name`, or None when one of the brain's tasks does it."""
    return next((move for move in MOVES if move.name == name), None)
