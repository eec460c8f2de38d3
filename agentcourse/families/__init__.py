"""The arena's task families: seeded tasks, how each is judged, and how the tutor does it.

    from agentcourse.families import FAMILIES, instance
    task = instance("list-todos", seed=3)   # a project, a request, and the facts to judge by
    FAMILIES["list-todos"].judge(task, outcome)   # None = solved, else why not

One module per family, each defining FAMILY. A family is data and small functions:

- generate(seed) -> Instance: the scratch project's files, the request the user types,
  and the facts the judge needs. Names, values and the project's shape come from the
  seed, so a hidden instance cannot be memorised from a practice one.
- judge(instance, outcome) -> None or a reason: the outcome only (files after, the
  reply's content, the calls' arguments and results as text), never tool names; the
  matrix's judging (agentcourse/matrix.py), widened.
- reference(instance) / broken(instance): a correct turn and wrong ones, as Outcomes;
  the tests hold that the first is solved and every other is not.
- patterns + act(turn, groups): what the tutor does with the request, a small state
  machine of the turn primitives (agentcourse/tutor/turn.py), reading the real tool
  results. A family without patterns is done by one of the tutor's own tasks
  (tutor/brain.py). Families never import the brain; the brain calls `dispatch`.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.matrix import Outcome
from agentcourse.tutor.turn import Action, Turn


@dataclass(frozen=True)
class Instance:
    """One task of a family, generated from a seed."""

    family: str  # the family's name
    seed: int  # the seed it was generated from
    request: str  # exactly what the user types
    files: dict[str, str | bytes]  # the scratch project: relative path -> text (bytes: not UTF-8)
    facts: dict = field(default_factory=dict)  # what the judge needs; never shown to the agent

    @property
    def id(self) -> str:
        return f"{self.family}/{self.seed}"


@dataclass(frozen=True)
class Family:
    """A kind of task: how to make one, how to judge it, and how the tutor does it."""

    name: str  # short id, used in tables and on the command line
    probes: str  # what the family asks of an agent, in words
    rewards: str  # the design choice that scores well on it (search, asking, refusing, ...)
    generate: Callable[[int], Instance]  # seed -> instance, deterministic
    judge: Callable[[Instance, Outcome], str | None]  # None = solved, else the reason
    reference: Callable[[Instance], Outcome]  # what a correct turn does
    broken: Callable[[Instance], list[Outcome]]  # wrong turns, each a wrong idea the judge catches
    patterns: tuple[str, ...] = ()  # regexes (case-insensitive) on the request; () = a brain task
    act: Callable[[Turn, dict], Action | None] | None = None  # the tutor's next move
    needs: tuple[str, ...] = ()  # operations it cannot be solved without: "run", "list", "replace"

    def match(self, request: str) -> re.Match | None:
        for pattern in self.patterns:
            m = re.search(pattern, request, re.IGNORECASE)
            if m:
                return m
        return None


def _discover() -> dict[str, Family]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.name in ("judging", "words"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        family = getattr(module, "FAMILY", None)
        if isinstance(family, Family):
            found[family.name] = family
    return found


FAMILIES: dict[str, Family] = _discover()


def instance(name: str, seed: int) -> Instance:
    """The instance of family `name` for `seed` (KeyError for an unknown family)."""
    return FAMILIES[name].generate(seed)


def dispatch(turn: Turn, request: str | None = None) -> Action | None:
    """The next move of the first family whose pattern matches the request (or `request`,
    the same in other words), or None."""
    for family in FAMILIES.values():
        if family.act is None:
            continue
        m = family.match(turn.request if request is None else request)
        if m:
            groups = {k: (v or "").rstrip(".") for k, v in m.groupdict().items()}
            action = family.act(turn, groups)
            if action is not None:
                return action
    return None
