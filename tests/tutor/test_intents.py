"""The intent table and its one matcher: each row reads its example and not its near
misses, the ranking never depends on the table's order, English is read as typed, and the
matcher stays the same size as the tables grow."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from routing_record import request_texts

from agentcourse.tutor.act import brain, families
from agentcourse.tutor.understand import intent_table, intents, request_lexicon
from agentcourse.tutor.understand.intent_table import INTENTS

UNDERSTAND = Path(intents.__file__).parent
# The recognition code; the tables are data. It grew once, by rules rather than rows (a verb's
# other forms, the passive, German word order, "it", context: inflect.py and reshape.py), from
# 300 lines to the figure below (with clauses.py, shared with the rule reader: 584 lines, 384
# of code, to 874 and 557), and may not grow as the tables do.
MATCHER = ("intents.py", "slots.py", "wording.py", "inflect.py", "reshape.py")
MATCHER_LINES = 590


def _read_by(request: str) -> list[str]:
    return [i.name for form in intents.forms(request) for i, _ in intents.ranked(form)]


@pytest.mark.parametrize("intent", INTENTS, ids=lambda i: i.name)
def test_every_row_reads_its_example_first(intent):
    first = next(names[0] for form in intents.forms(intent.example)
                 if (names := [i.name for i, _ in intents.ranked(form)]))
    assert first == intent.name


@pytest.mark.parametrize("intent", INTENTS, ids=lambda i: i.name)
def test_no_row_reads_its_near_misses(intent):
    for near in intent.near_misses:
        assert intent.name not in _read_by(near), near


def test_every_row_has_a_handler_and_a_well_formed_reading():
    for intent in INTENTS:
        assert intent.kind in ("family", "task") and intent.mood in ("command", "question")
        handler = families.move_for(intent.name) if intent.kind == "family" else brain.TASK_HANDLERS.get(intent.name)
        assert handler is not None, intent.name
        assert intent.verbs and intent.patterns and intent.example
        for spec in intent.reads:
            assert "=" in spec, (intent.name, spec)
    assert len({i.name for i in INTENTS}) == len(INTENTS)


def test_the_ranking_never_depends_on_the_table_order():
    texts = request_texts()
    before = {t: [[i.name for i, _ in intents.ranked(f)][:1] for f in intents.forms(t)] for t in texts}
    with mock.patch.object(intents, "INTENTS", tuple(reversed(INTENTS))):
        after = {t: [[i.name for i, _ in intents.ranked(f)][:1] for f in intents.forms(t)] for t in texts}
    assert before == after


def test_english_is_read_as_typed():
    for text in request_texts():
        if text.isascii():
            assert intents.english(text) == text, text


@pytest.mark.parametrize(("request_", "english"), [
    ("Supprime main.py.", "delete main.py."),
    ("Füge math_utils.py eine Funktion square hinzu.", "add a square function to math_utils.py."),
    ("¿Qué hace la herramienta read_lines?", "what does the read_lines tool do?"),
    ("Ändere RETRY_LIMIT in big.py von 3 auf 5.", "change RETRY_LIMIT in big.py from 3 to 5."),
])
def test_other_languages_are_put_in_the_tables_english(request_, english):
    assert intents.english(request_) == english


def test_a_word_the_lexicon_lacks_is_left_and_gets_the_help_reply():
    assert intents.english("Efface-moi ça vite, s'il te plaît.").startswith("Efface-moi")
    assert _read_by("Raconte-moi une blague sur les tests.") == []


def test_the_lexicon_has_each_language_and_says_how_to_add_one():
    assert {lang.name for lang in request_lexicon.LANGUAGES} >= {"French", "Spanish", "German"}
    assert "To add a language" in (request_lexicon.__doc__ or "")
    for lang in request_lexicon.LANGUAGES:
        assert lang.markers and lang.phrases


def test_the_matcher_does_not_grow_with_the_tables():
    lines = sum(len((UNDERSTAND / name).read_text(encoding="utf-8").splitlines()) for name in MATCHER)
    assert lines <= MATCHER_LINES, lines
    assert intent_table.__doc__ and "decides\nnothing" in intent_table.__doc__
