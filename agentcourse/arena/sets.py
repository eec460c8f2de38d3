"""The arena's task sets: the public practice set and the instructors' hidden set.

    from agentcourse.arena.sets import tasks
    tasks("practice")                       # one instance per family (and its `practice` seeds), the same for everyone
    tasks("hidden", families=["list-todos"])   # instructors only: reads solutions/arena-hidden.json

Both sets are computed from the family registry (agentcourse/families), so a new family
joins them without an edit here. The practice set uses PRACTICE_SEED for every family:
students may study it, and an entrant may even memorise it. The hidden set's seeds live in
solutions/arena-hidden.json, which is never released (a family may add seeds to the
practice set, Family.practice, for a variant the ladder must see): `seeds` lists two or three large
seeds per family; a family it does not list gets `per_family` seeds derived from the
file's secret `salt` (derived_seeds), so a new family is covered the day it is merged and
its seeds are as secret as the salt.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from agentcourse.arena.families import FAMILIES, Instance, instance
from agentcourse.errors import UnknownFamily, UsageError
from agentcourse.paths import REPO_ROOT

PRACTICE_SEED = 1  # the practice set's seed for every family (public)
HIDDEN_FILE = REPO_ROOT / "solutions" / "arena-hidden.json"  # instructors only
SETS = ("practice", "hidden")


def family_names(families: Iterable[str] | None = None) -> list[str]:
    """The families asked for (all, sorted, when None); UnknownFamily for a name not in the registry."""
    if families is None:
        return sorted(FAMILIES)
    names = [f.strip() for f in families if f.strip()]
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise UnknownFamily(f"unknown task family {unknown[0]!r}; the families are: {', '.join(sorted(FAMILIES))}")
    return names


def derived_seeds(salt: str, family: str, count: int) -> list[int]:
    """`count` seeds for `family` from the secret salt: large, stable, unguessable without it."""
    out = []
    for i in range(count):
        digest = hashlib.sha256(f"{salt}:{family}:{i}".encode()).digest()
        out.append(10**8 + int.from_bytes(digest[:8], "big") % (9 * 10**8))
    return out


def hidden_seeds(family: str, path: Path | None = None) -> list[int]:
    """The hidden set's seeds for `family` (listed, or derived from the salt); the file is
    HIDDEN_FILE unless `path` says otherwise."""
    path = path or HIDDEN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise UsageError(f"the hidden set is for instructors: cannot read {path.name} ({err})") from None
    listed = data.get("seeds", {}).get(family)
    return [int(s) for s in listed] if listed else derived_seeds(data["salt"], family, int(data.get("per_family", 3)))


def tasks(which: str = "practice", families: Iterable[str] | None = None,
          hidden_file: Path | None = None) -> list[Instance]:
    """The instances of set `which`, family by family in the order asked."""
    if which not in SETS:
        raise UsageError(f"unknown task set {which!r}; use one of {', '.join(SETS)}")
    out = []
    for name in family_names(families):
        seeds = [PRACTICE_SEED, *FAMILIES[name].practice] if which == "practice" else hidden_seeds(name, hidden_file)
        out += [instance(name, seed) for seed in seeds]
    return out
