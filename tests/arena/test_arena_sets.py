"""The task sets: the practice set follows the registry, the hidden set's seeds stay apart."""

from __future__ import annotations

import json

import pytest

from agentcourse.arena.families import FAMILIES
from agentcourse.arena.sets import PRACTICE_SEED, derived_seeds, hidden_seeds, tasks
from agentcourse.errors import UnknownFamily


def test_practice_set_holds_one_instance_of_every_registered_family_and_its_declared_variants():
    practice = tasks("practice")
    assert sorted((t.family, t.seed) for t in practice) == sorted(
        (name, seed) for name, family in FAMILIES.items() for seed in (PRACTICE_SEED, *family.practice))
    assert {t.seed for t in practice if t.family != "planted-instructions"} == {PRACTICE_SEED}
    planted = {t.seed: t.facts["place"] for t in practice if t.family == "planted-instructions"}
    assert planted[PRACTICE_SEED] != "mcp" and "mcp" in planted.values(), "the ladder sees the MCP variant"


def test_hidden_set_covers_every_family_with_large_seeds_unlike_the_practice_ones():
    hidden = tasks("hidden")
    assert {t.family for t in hidden} == set(FAMILIES)
    assert all(t.seed >= 10**8 for t in hidden)
    def shape(t):  # a task is its request and its project (a request may be a fixed phrase)
        return t.request, tuple(sorted((k, str(v)) for k, v in t.files.items()))

    practice = {shape(t) for t in tasks("practice")}
    assert not practice & {shape(t) for t in hidden}


def test_a_family_missing_from_the_hidden_file_gets_seeds_derived_from_its_salt(tmp_path):
    hidden = tmp_path / "hidden.json"
    hidden.write_text(json.dumps({"salt": "s3cret", "seeds": {}, "per_family": 2}))
    seeds = hidden_seeds("list-todos", hidden)
    assert seeds == derived_seeds("s3cret", "list-todos", 2)
    assert len(set(seeds)) == 2 and all(s >= 10**8 for s in seeds)
    assert derived_seeds("other", "list-todos", 2) != seeds


def test_an_unknown_family_is_a_usage_error_naming_the_known_ones():
    with pytest.raises(UnknownFamily, match="list-todos"):
        tasks("practice", ["no-such-family"])
