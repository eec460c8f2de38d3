"""The blind request corpora (request_corpus_blind.py, request_corpus_blind2.py,
request_corpus_blind3.py, request_corpus_blind4.py, request_corpus_blind5.py): their shape, and
how the tutor routes them.

The figures are printed (`pytest -s`) and held: at least 90% of the requests, and of those
in French, Spanish and German, routed to their task; at most 5% of near misses routed to a
task; and never below the figures recorded in the corpus (LATEST) by more than one request.
"""

from __future__ import annotations

import request_corpus_blind2
import request_corpus_blind3
import request_corpus_blind4
import request_corpus_blind5
from request_blind_score import score
from request_corpus_blind import CASES, FIRST_CONTACT, LATEST


def test_the_corpus_has_requests_in_four_languages_and_near_misses():
    assert len(CASES) >= 200
    assert sum(c.lang != "en" for c in CASES) >= len(CASES) / 4
    assert {c.lang for c in CASES} == {"en", "fr", "es", "de"}
    assert sum(c.route is None for c in CASES) >= 40
    assert len({c.text for c in CASES}) == len(CASES)


def test_the_tutor_routes_the_blind_corpus():
    found = score()
    print(f"\nfirst contact {FIRST_CONTACT}\nnow           {found}")
    right, of = found["phrasings"]
    foreign, foreign_of = found["non_english"]
    routed, near = found["near_misses_routed"]
    assert right >= 0.9 * of and foreign >= 0.9 * foreign_of, found
    assert routed <= 0.05 * near, found
    assert right >= LATEST["phrasings"][0] - 1 and routed <= LATEST["near_misses_routed"][0] + 1, found


def test_the_second_batch_routes_as_when_first_measured():
    found, first = score(request_corpus_blind2.CASES), request_corpus_blind2.FIRST_CONTACT
    assert found["phrasings"][0] >= first["phrasings"][0], found
    assert found["near_misses_routed"][0] <= first["near_misses_routed"][0], found


# The third batch: written without seeing the tables, measured before any change (its
# header), then tuned on (its Italian and Portuguese requests led to those lexicons).
BLIND3_FIRST_CONTACT = {"phrasings": (95, 189), "non_english": (32, 79), "near_misses_routed": (0, 56)}
BLIND3_LATEST = {"phrasings": (187, 189), "non_english": (79, 79), "near_misses_routed": (0, 56)}


def test_the_third_batch_routes_as_when_last_measured():
    found = score(request_corpus_blind3.CASES)
    print(f"\nfirst contact {BLIND3_FIRST_CONTACT}\nnow           {found}")
    right, of = found["phrasings"]
    routed, near = found["near_misses_routed"]
    assert right >= 0.9 * of and routed <= 0.05 * near, found
    assert right >= BLIND3_LATEST["phrasings"][0], found
    assert found["non_english"][0] >= BLIND3_LATEST["non_english"][0], found
    assert routed <= BLIND3_LATEST["near_misses_routed"][0], found


# The fourth batch: written after the tuning on the third, without reading the tables, and
# never tuned on: held at its first-contact figures (its header, docs/TUTOR-SCRIPT.md).
BLIND4_FIRST_CONTACT = {"phrasings": (71, 79), "non_english": (23, 28), "near_misses_routed": (0, 28)}


def test_the_untuned_fourth_batch_routes_as_on_first_contact():
    found = score(request_corpus_blind4.CASES)
    print(f"\nfirst contact {BLIND4_FIRST_CONTACT}\nnow           {found}")
    assert found["phrasings"][0] >= BLIND4_FIRST_CONTACT["phrasings"][0], found
    assert found["non_english"][0] >= BLIND4_FIRST_CONTACT["non_english"][0], found
    assert found["near_misses_routed"][0] <= BLIND4_FIRST_CONTACT["near_misses_routed"][0], found


# The fifth batch: written from the documented behaviour (the task names, slots and near
# misses of docs/TUTOR-SCRIPT.md), saved before anything ran on it; more than half of it not
# in English (French, Spanish, German, Italian, Portuguese), 31 near misses. First contact:
# 139 of 159 phrasings (87.4%), not in English 92 of 106 (86.8%; French, Spanish and German
# 78 of 87), 1 near miss routed to a task ("Did you run the tests?" to run-tests). Tuned on
# (German, Italian, Spanish and French words, questions about the past, a code name before
# "in FILE", slips of a task's word in English): held at its tuned figures.
BLIND5_FIRST_CONTACT = {"phrasings": (139, 159), "non_english": (92, 106), "near_misses_routed": (1, 31)}
BLIND5_TUNED = {"phrasings": (158, 159), "non_english": (106, 106), "near_misses_routed": (0, 31)}


def test_the_fifth_batch_routes_as_when_tuned():
    cases = request_corpus_blind5.CASES
    assert len(cases) >= 150 and sum(c.lang != "en" for c in cases) >= len(cases) / 2
    assert sum(c.route is None for c in cases) >= 25 and len({c.text for c in cases}) == len(cases)
    found = score(cases)
    print(f"\nfirst contact {BLIND5_FIRST_CONTACT}\ntuned         {BLIND5_TUNED}\nnow           {found}")
    assert found["phrasings"][0] >= BLIND5_TUNED["phrasings"][0], found
    assert found["non_english"][0] >= BLIND5_TUNED["non_english"][0], found
    assert found["near_misses_routed"][0] <= BLIND5_TUNED["near_misses_routed"][0], found
