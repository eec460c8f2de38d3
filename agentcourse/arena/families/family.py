"""What a task family is: a seeded task (Instance) and the parts that make and judge it (Family).

    task = FAMILIES["list-todos"].generate(3)     # an Instance: files, request, facts
    FAMILIES["list-todos"].judge(task, outcome)   # None = solved, else why not
    FAMILIES["list-todos"].move                   # the tutor's move for it, or None

Each family module (arena/families/<name>.py) defines FAMILY = Family(...). What the
tutor does with the family's requests is not here: it is the family's move in the tutor
(agentcourse/tutor/act/families/<name>.py), found by the family's name; `patterns`, `act`
and `match` read it, and are empty for a family one of the brain's own tasks does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.api.outcome import Outcome
from agentcourse.tutor.act.families import FamilyMove, move_for
from agentcourse.tutor.act.turn import Action, Turn


@dataclass(frozen=True)
class Instance:
    """One task of a family, generated from a seed."""

    family: str  # the family's name
    seed: int  # the seed it was generated from
    request: str  # exactly what the user types
    files: dict[str, str | bytes]  # the scratch project: relative path -> text (bytes: not UTF-8)
    facts: dict = field(default_factory=dict)  # what the judge needs; never shown to the agent
    requires: tuple[str, ...] = ()  # what an entrant must support to be given it ("mcp": it reads
    #                                 .mcp.json); an entrant without it skips the task (entrants.can_take)

    @property
    def id(self) -> str:
        return f"{self.family}/{self.seed}"


@dataclass(frozen=True)
class Family:
    """A kind of task: how to make one and how to judge it; the tutor's move, by name."""

    name: str  # short id, used in tables and on the command line
    probes: str  # what the family asks of an agent, in words
    rewards: str  # the design choice that scores well on it (search, asking, refusing, ...)
    generate: Callable[[int], Instance]  # seed -> instance, deterministic
    judge: Callable[[Instance, Outcome], str | None]  # None = solved, else the reason
    reference: Callable[[Instance], Outcome]  # what a correct turn does
    broken: Callable[[Instance], list[Outcome]]  # wrong turns, each a wrong idea the judge catches
    needs: tuple[str, ...] = ()  # operations it cannot be solved without: "run", "list", "replace"
    rule: str = ""  # a failure mode (failure_modes.ALL_MODES) whose rule the entrant's prompt needs:
    #                 without it the tutor shows the failure, and the family is lost
    practice: tuple[int, ...] = ()  # seeds the practice set holds besides sets.PRACTICE_SEED: a
    #                 variant the ladder must score (one only an MCP client is given, say)

    @property
    def move(self) -> FamilyMove | None:
        """The tutor's move for this family (tutor/act/families/), or None: a brain task."""
        return move_for(self.name)

    @property
    def patterns(self) -> tuple[str, ...]:
        """The regexes (case-insensitive) the tutor's move takes requests by; () = a brain task."""
        return self.move.patterns if self.move else ()

    @property
    def act(self) -> Callable[[Turn, dict], Action | None] | None:
        """The tutor's next move for a request this family takes, or None: a brain task."""
        return self.move.act if self.move else None

    def match(self, request: str) -> re.Match | None:
        """The match of the first of the tutor's patterns that finds `request`, or None."""
        return self.move.match(request) if self.move else None
