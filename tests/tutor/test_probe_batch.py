"""The probe batch (request_corpus_probe_general.py) against the bars, and the general rules it
led to (understand/reshape.py, understand/inflect.py), each checked on requests of its own.

    .venv/bin/python -m pytest -q -s tests/tutor/test_probe_batch.py -n 0   # prints the figures

The batch was written in styles the earlier batches lack and committed before the tutor ran
on it. First contact: 96 of 169 phrasings routed to their task (56.8%; not English 51 of 93,
54.8%), 4 of 60 near misses routed to a task (6.7%). Its misses were of a few kinds, each fixed
as a rule rather than a row: the passive with a modal ("The tests should be run", "Could
old.py be deleted?"), German verbs at the end of the sentence and in the Sie form, Spanish
usted forms and French vous forms (the lexicon listed the informal imperative only), accents
left out, a list item's "- ", "it" for a file named earlier, context before the request, a
French space before "?", a request that opens in another language, and near misses: a how-to
question about a question row's own verb ("How do you list all files ...?"), an intention
given up ("We were going to add ... but decided against it"). Words the lexicon lacked
(participles such as "definida", "verwendet"; "podría", "rédige") were added as words. After:
AFTER below.
"""

from __future__ import annotations

import pytest
import request_corpus_probe_general as probe
import request_corpus_probe_holdout as holdout
from request_blind_score import score

from agentcourse.tutor.act.turn import request_text
from agentcourse.tutor.understand import inflect, intents, request_lexicon, reshape

FIRST_CONTACT = {"phrasings": (96, 169), "non_english": (51, 93), "near_misses_routed": (4, 60)}
AFTER = {"phrasings": (168, 169), "non_english": (93, 93), "near_misses_routed": (1, 60)}
# The held-out probe (request_corpus_probe_holdout.py), written after the rules and never tuned
# on. Its misses: a subject set off by commas ("These two files, a.py and b.py, should be
# opened"), "auflisten" (a separable verb whose particle the lexicon lacks), "Lesen Sie" (an
# irregular imperative, "lies").
HOLDOUT_FIRST_CONTACT = {"phrasings": (33, 36), "non_english": (19, 21), "near_misses_routed": (0, 20)}


def _routes(request: str) -> list[str]:
    return [i.name for form in intents.forms(request) for i, _ in intents.ranked(form)]


def test_the_probe_batch_is_large_a_third_not_in_english_with_near_misses():
    cases = probe.CASES
    assert len(cases) >= 150 and len({c.text for c in cases}) == len(cases)
    assert sum(c.lang in ("fr", "es", "de") for c in cases) >= 0.3 * len(cases)
    assert sum(c.route is None for c in cases) >= 50


def test_the_probe_batch_is_routed_above_the_bars(capsys):
    found = score(probe.CASES)
    with capsys.disabled():
        print(f"\nprobe batch: first contact {FIRST_CONTACT}\n             now {found}")
    right, of = found["phrasings"]
    foreign, foreign_of = found["non_english"]
    routed, near = found["near_misses_routed"]
    assert right >= 0.9 * of and foreign >= 0.9 * foreign_of and routed <= 0.05 * near, found
    assert right >= AFTER["phrasings"][0] and foreign >= AFTER["non_english"][0], found
    assert routed <= AFTER["near_misses_routed"][0], found


def test_the_held_out_probe_routes_as_on_first_contact(capsys):
    found = score(holdout.CASES)
    with capsys.disabled():
        print(f"\nheld-out probe: first contact {HOLDOUT_FIRST_CONTACT}\n                now {found}")
    assert found["phrasings"][0] >= HOLDOUT_FIRST_CONTACT["phrasings"][0], found
    assert found["non_english"][0] >= HOLDOUT_FIRST_CONTACT["non_english"][0], found
    assert found["near_misses_routed"][0] <= HOLDOUT_FIRST_CONTACT["near_misses_routed"][0], found


@pytest.mark.parametrize(("request_", "order"), [
    ("The tests should be run now.", "run the tests now."),
    ("Could old.py be deleted?", "delete old.py."),
    ("In a.py, the default port of serve should be changed to 80.", "In a.py, change the default port of serve to 80."),
    ("It would help if each file were summarised.", "summarise each file."),
    ("The default timeout should be 20, not 10.", "set the default timeout to 20, not 10."),
    ("Would you mind running the tests?", "Would you run the tests?"),
])
def test_a_passive_or_a_wish_is_read_as_the_order_it_gives(request_, order):
    assert reshape.reshaped(request_) == order


def test_a_past_passive_or_a_question_about_when_stays_as_it_is():
    for text in ("The function parse in io.py was documented last week.", "When should a test be deleted?"):
        assert reshape.reshaped(text) == text
        assert _routes(text) == [], text


def test_it_stands_for_the_one_name_before_it_and_not_for_one_of_two():
    assert reshape.reshaped("old.py is dead, delete it.") == "old.py is dead, delete old.py."
    assert reshape.reshaped("The name getData is bad, rename it to get_data.") == \
        "The name getData is bad, rename getData to get_data."
    assert reshape.reshaped("parse() in io.py is long, explain it.") == "parse() in io.py is long, explain it."


def test_context_before_the_request_is_dropped_only_up_to_a_task_verb():
    assert reshape.context_free("old.py is dead, delete old.py.") == "delete old.py."
    assert reshape.context_free("I think so, but leave it.") == "but leave it."
    assert reshape.context_free("Please run the tests, then stop.") == "Please run the tests, then stop."


def test_a_german_verb_at_the_end_is_read_first():
    assert intents.english("Bitte die Tests ausführen.") == "please the tests run."
    assert reshape.reshaped("please the tests run.", verb_last=True) == "please run the tests."
    assert "run-tests" in _routes("Könnten Sie bitte die Tests ausführen?")


@pytest.mark.parametrize(("language", "form", "english"), [
    (request_lexicon.GERMAN, "löschen sie", "delete"),
    (request_lexicon.GERMAN, "hinzufügen", "add"),
    (request_lexicon.GERMAN, "fassen sie {x} zusammen", "summarize {x}"),
    (request_lexicon.SPANISH, "borre", "delete"),
    (request_lexicon.SPANISH, "escriba", "write"),
    (request_lexicon.SPANISH, "busque", "find"),
    (request_lexicon.FRENCH, "montrez", "show"),
    (request_lexicon.FRENCH, "effacer", "delete"),
    (request_lexicon.FRENCH, "m'expliquer", "explain"),
])
def test_a_verbs_formal_and_infinitive_forms_follow_from_its_listed_one(language, form, english):
    assert (form, english) in inflect.derived(language)


def test_accents_may_be_left_out_but_a_listed_word_without_one_is_not_another():
    assert intents.english("Podria resumir todos los archivos?") == intents.english("Podría resumir todos los archivos?")
    assert intents.english("¿Dónde está definida la función f?").startswith("where is defined")


def test_a_slip_in_a_short_task_word_is_mended_but_a_word_of_its_own_is_not():
    assert reshape.reshaped("run the tets") == "run the tests"
    assert reshape.reshaped("run the test") == "run the test"


def test_a_list_item_mark_is_not_part_of_the_request():
    assert request_text("- run the test suite") == "run the test suite"
    assert request_text("1. Delete old.py.") == "Delete old.py."
    assert request_text("-1 is the answer") == "-1 is the answer"


def test_a_how_to_question_about_a_rows_own_verb_is_not_that_row():
    assert "list" in _routes("What files are in this project?")
    assert _routes("How do you list all files in a directory with Python?") == []
