"""The two sides of a family: its arena side (agentcourse/arena/families/) and the tutor's
move for it (agentcourse/tutor/act/families/), joined by the family's name."""

from __future__ import annotations

from agentcourse.arena.families import FAMILIES
from agentcourse.tutor.act import families as tutor_families
from agentcourse.tutor.act.families import MOVES, moves
from agentcourse.tutor.speak import tokens


def test_every_move_is_a_family_and_the_brain_tries_them_in_the_families_order():
    names = [move.name for move in MOVES]
    assert len(set(names)) == len(names)
    assert set(names) <= set(FAMILIES)
    assert names == [name for name in FAMILIES if name in names]  # FAMILIES: by module name


def test_a_family_reads_its_move_by_name_and_one_without_a_move_is_a_brain_task():
    for name, family in FAMILIES.items():
        move = tutor_families.move_for(name)
        assert family.move is move
        assert family.patterns == (move.patterns if move else ())
        assert family.act is (move.act if move else None)
    assert FAMILIES["rename"].match("Rename add to add_numbers everywhere.")["old"] == "add"
    assert FAMILIES["change-default"].match("Change the default of f to 3.") is None


def test_the_moves_token_estimate_is_the_servers():
    for text in ("", "a", "abcd", "abcde", "x" * 4001, "déjà vu\n" * 37):
        limit = tokens.count_text(text) + 200
        assert not moves.too_long(_turn(limit), text)
        assert moves.too_long(_turn(limit - 1), text)


def _turn(max_tokens: int):
    class Turn:  # too_long reads only the request's max_tokens
        body = {"max_tokens": max_tokens}
    return Turn()
