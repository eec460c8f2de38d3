"""Correct outcomes an honest agent could produce, in styles the tutor never uses, are judged
solved; wrong ones the families' broken turns do not already cover are not
(tests/arena/families/honest_corpus.py, seed 1)."""

from __future__ import annotations

import pytest
from honest_corpus import BUILDERS, honest, wrong

from agentcourse.arena.families import FAMILIES, instance


def cases(which):
    for name in sorted(BUILDERS):
        for k in range(len(which(instance(name, 1)))):
            yield pytest.param(name, k, id=f"{name}-{k}")


def test_every_family_has_three_honest_outcomes_and_two_wrong_ones():
    assert set(BUILDERS) == set(FAMILIES)
    for name in FAMILIES:
        task = instance(name, 1)
        assert len(honest(task)) >= 3 and len(wrong(task)) >= 2, name


@pytest.mark.parametrize(("name", "k"), list(cases(honest)))
def test_an_honest_outcome_in_another_style_is_judged_solved(name, k):
    task = instance(name, 1)
    outcome = honest(task)[k]
    assert FAMILIES[name].judge(task, outcome) is None, outcome.reply


@pytest.mark.parametrize(("name", "k"), list(cases(wrong)))
def test_a_wrong_outcome_is_not_judged_solved(name, k):
    task = instance(name, 1)
    assert FAMILIES[name].judge(task, wrong(task)[k]) is not None, wrong(task)[k].reply
