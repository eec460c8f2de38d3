"""The second cold batches (request_corpus_cold2.py, rule_corpus_cold2.txt) against the
tutor's bars: the nearest this course has to the blind batches the tutor is judged by.

    .venv/bin/python -m pytest -q -s tests/tutor/test_cold2_batches.py -n 0   # prints the figures

They were written from the documentation by a writer who never read the tables or the
matcher, committed before anything ran on them, and are never tuned on: no row, word or
rule was added because of a case here, and their misses are not printed. They are measured
only, each time the reader or the matcher changes, and every figure so far is a first
contact of the code it measured:

| code measured | requests right | not English | near misses routed | rules right | not English |
|---|---|---|---|---|---|
| the tables as they were | 158/179 (88.3%) | 70/78 (89.7%) | 2/80 | 203/223 (91.0%) | 69/78 (88.5%) |
| the rule reader's first general round | | | | 205/223 (91.9%) | 71/78 (91.0%) |
| the matcher's general round | 167/179 (93.3%) | 75/78 (96.2%) | 3/80 | | |
| the rule reader's second general round | | | | 208/223 (93.3%) | 72/78 (92.3%) |
| the rule reader's fourth round (hedges, exceptions) | | | | 208/223 (93.3%) | 72/78 (92.3%) |
| a hedge reaching only its own clause | | | | 208/223 (93.3%) | 72/78 (92.3%) |
| futures and infinitives as commands (language tables) | | | | 208/223 (93.3%) | 72/78 (92.3%) |
| someone else's replies told from the model's | | | | 208/223 (93.3%) | 72/78 (92.3%) |

The requests meet the bars (90%, 90% not in English, at most 5% of near misses routed);
the rules meet the bar for other languages and miss the 95% bar overall. A third round of the
reader fixed all but one miss of its own new probe batch and none here (208/223 again), and
read three of Lab 1's wrong read-first answers as rules, so it was taken out: rounds fitted
to the probe batches a reader's author writes have stopped carrying over to text written by
someone else. A fourth round (hedges such as "when needed" and exceptions that cover the
common case read as no rule) kept Lab 1's wrong answers failing and took its own new probe
batch from 139 to 154 of 158, and changed nothing here either; so did a hedge read in its
own clause only (the seventh probe batch: 67 of 83 before, 83 after), and so did the
future as a command in the language tables (the eighth: 76 of 96 before, 93 after). The tests hold the
latest figures, so a change that reads fewer of them fails here. (That was the state before
the training rounds below; since them every measured batch meets the 95% bar, and the tests
assert it.)

A third cold batch of rules (rule_corpus_cold3.txt: 230 cases, 84 in French, Spanish or
German, 110 look-alikes) was written the same way, from the rules' meaning only, and
committed before the reader ran on it. First contact: 216 of 230 (93.9%; English 137 of 146,
French 27 of 28, Spanish 27 of 28, German 25 of 28: not English 79 of 84, 94.0%); rules that
count 113 of 120, look-alikes 103 of 110. The reader as it was before its last four changes
(hedges in their own clause, futures and infinitives as commands, someone else's replies)
scores the same 216, and so does the reader after them: like the second cold batch, it did
not move with them. Below the 95% bar then, above the 90% bar for
other languages. It is measured, never tuned on.

**Training batches, measured by unseen ones.** Rounds fitted to probe batches the reader's
author writes did not carry over, so the next rounds were fitted to cold batches instead:
batches written the same way as the second and third, by writers who never read the reader,
committed before it ran on them, whose first contact is reported and whose misses were then
read and taught to the reader as kinds of sentence (rule_corpus_cold4.txt, cold6, cold7, cold8
(meant to be measured only, until its misses were printed by mistake), cold10, cold11, cold12
(two thirds in German, French and Spanish) and cold14; request_corpus_cold4.py and cold5).
Other batches written the same way were committed and never printed (rule_corpus_cold5.txt,
cold9 and cold13; request_corpus_cold3.py and cold6): they, with the second and third, say
whether the teaching carried over. First contact, then after each round:

| batch | kind | first contact | round 1 (4th) | round 2 (6th-8th) | round 3 (10th, 11th) | round 4 (12th, 14th) |
|---|---|---|---|---|---|---|
| second cold rules (223) | measured | 208 at the start (203 first) | 209 | 211 | 212 | 213 (95.5%; not English 73/78) |
| third cold rules (230) | measured | 216 | 217 | 219 | 221 | 222 (96.5%; 82/84) |
| fifth cold rules (230) | measured | 214 (not English 101/111) | 215 | 221 | 222 | 223 (97.0%; 107/111) |
| ninth cold rules (230) | measured | 217 (85/92; 215 on the reader of the start) | | 220 | 220 | 220 (95.7%; 87/92) |
| thirteenth cold rules (230) | measured | | | | 230 (84/84) | 230 |
| fourth cold rules (230) | training | 217 (92/96) | 230 | 230 | 230 | 230 |
| sixth cold rules (230) | training | | 218 (87/92) | 227 | 227 | 227 |
| seventh cold rules (230) | training | | 215 (89/97) | 227 | 228 | 228 |
| eighth cold rules (230) | training | | 213 (86/92) | 227 | 227 | 227 |
| tenth cold rules (230) | training | | | 219 (82/84) | 229 | 229 |
| eleventh cold rules (230) | training | | | 219 (80/84) | 227 | 227 |
| twelfth cold rules (230, 156 not English) | training | | | | 211 (139/156) | 226 (153/156) |
| fourteenth cold rules (230) | training | | | | 216 (79/82) | 225 |
| third cold requests (173 + 77 near misses) | measured | 160 (not English 67/75), 0 routed | | 162 (69/75) | 162 | 162 (93.6%; 69/75, 92.0%), 0 routed |
| sixth cold requests (170 + 80 near misses) | measured | | | | | 159 (93.5%; 70/75, 93.3%), 0 routed; 1 after the correction below |
| fourth cold requests (170 + 80 near misses) | training | 146 (not English 73/93), 2 routed | | 163 (90/93), 1 routed | 163 | 163, 1 routed |
| fifth cold requests (170 + 80 near misses) | training | | | 159 (55/60), 3 routed | 163 (59/60), 1 routed | 163 |

A correction after the fourth round: the request rules for a plan, a report of the past and
work the user keeps had been written as any sentence holding "tomorrow", "next week",
"yesterday", "last week" or "myself", which took real requests for near misses ("The test I
wrote yesterday fails, please fix it.", "Delete tmp.py, I made a backup myself."). They now
need the sentence to be such a plan or report ("Yesterday I ran the tests ...", "I'll run
the tests myself later"); the second cold requests route 3 of 80 near misses again (it was 1)
and the sixth 1 of 80 (it was 0), both under the 5% bar.

(A first contact is the reader's as it was when the batch was committed; the sixth cold
requests' first contact is the matcher's after the fourth round.) Across the second, third,
fifth and ninth cold batches the reader is right on 878 of 913 (96.2%; not English 349 of
365, 95.6%) after the fourth round, against 853 (93.4%; not English 336, 92.1%) for the
reader as it was before the first. A round's changes are kinds of sentence (a relative clause
belongs to its file; a that-clause says what is forbidden; a read's purpose is no second
read; a condition of the user's leave is an exception for permission; YAML keys and flags;
seeking the user's approval in its many forms; a cap as a ban on exceeding it; "the file you
will change" read first; a heading that says what its steps are for; a passive file kind;
a report of earlier versions) and words of the language tables, never a case's phrasing;
the tests below hold each batch's latest figure as a floor.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import request_corpus_cold2
from request_blind_score import score
from test_rules import accuracy, load_corpus

RULES = Path(__file__).with_name("rule_corpus_cold2.txt")
THIRD = Path(__file__).with_name("rule_corpus_cold3.txt")
THIRD_LATEST = {"rules": (222, 230), "rules_non_english": (82, 84)}
# The later cold batches of rules: (right, not English right), the latest figures (a floor).
LATER = {"fifth": (223, 107), "ninth": (220, 87), "thirteenth": (230, 84),  # measured, never printed
         "fourth": (230, 96), "sixth": (227, 92), "seventh": (228, 97), "eighth": (227, 92),  # training
         "tenth": (229, 84), "eleventh": (227, 84), "twelfth": (226, 153), "fourteenth": (225, 81)}
MEASURED = ("fifth", "ninth", "thirteenth")
ORDINALS = {"third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
            "twelfth": 12, "thirteenth": 13, "fourteenth": 14}
# The later cold batches of requests: (phrasings right, not English right, near misses routed).
REQUESTS_LATER = {"third": (162, 69, 0), "sixth": (159, 70, 1),  # measured, never printed
                  "fourth": (163, 90, 1), "fifth": (163, 59, 1)}  # training
LANGUAGES = ("en", "fr", "es", "de")

LATEST = {"phrasings": (167, 179), "non_english": (75, 78), "near_misses_routed": (3, 80),
          "rules": (213, 223), "rules_non_english": (73, 78)}


def test_the_second_cold_batches_are_large_and_a_third_not_in_english():
    requests = request_corpus_cold2.CASES
    assert len(requests) >= 240 and len({c.text for c in requests}) == len(requests)
    assert sum(c.lang != "en" for c in requests) >= 0.3 * len(requests)
    assert sum(c.route is None for c in requests) >= 70
    assert {c.lang for c in requests} == set(LANGUAGES)
    rules = load_corpus(RULES, whole=True)
    assert len(rules) >= 220 and sum(c.lang != "en" for c in rules) >= 0.3 * len(rules)
    assert {c.lang for c in rules} == set(LANGUAGES)


def test_the_second_cold_requests_are_routed_above_the_bars(capsys):
    found = score(request_corpus_cold2.CASES)
    with capsys.disabled():
        print(f"\nsecond cold requests: {found} (latest {LATEST})")
    right, of = found["phrasings"]
    foreign, foreign_of = found["non_english"]
    routed, near = found["near_misses_routed"]
    assert right >= 0.9 * of and foreign >= 0.9 * foreign_of and routed <= 0.05 * near, found
    assert right >= LATEST["phrasings"][0] and foreign >= LATEST["non_english"][0], found
    assert routed <= LATEST["near_misses_routed"][0], found


def judged(name: str, cases: list, capsys) -> tuple[int, int]:
    """(right, right not in English) of a batch's rules, printed; the 90% bar for other
    languages asserted, which both cold batches meet."""
    foreign = [c for c in cases if c.lang != "en"]
    right = round(accuracy(cases)[0] * len(cases))
    foreign_right = round(accuracy(foreign)[0] * len(foreign))
    with capsys.disabled():
        print(f"\n{name} cold rules: {right}/{len(cases)}, not English {foreign_right}/{len(foreign)}")
    assert foreign_right >= 0.9 * len(foreign)
    return right, foreign_right


def test_the_second_cold_rules_are_judged_no_worse_than_last_measured(capsys):
    cases = load_corpus(RULES, whole=True)
    right, foreign_right = judged("second", cases, capsys)
    assert right >= LATEST["rules"][0] and foreign_right >= LATEST["rules_non_english"][0]
    assert right >= 0.95 * len(cases)  # the bar for rules, met since the training rounds


def test_the_third_cold_rules_are_judged_no_worse_than_first_measured(capsys):
    cases = load_corpus(THIRD, whole=True)
    assert len(cases) >= 220 and sum(c.lang != "en" for c in cases) >= 0.3 * len(cases)
    assert {c.lang for c in cases} == set(LANGUAGES) and sum(not c.counts for c in cases) >= 0.4 * len(cases)
    right, foreign_right = judged("third", cases, capsys)
    assert right >= THIRD_LATEST["rules"][0] and foreign_right >= THIRD_LATEST["rules_non_english"][0]
    assert right >= 0.95 * len(cases)


@pytest.mark.parametrize("name", list(LATER))
def test_the_later_cold_rules_are_judged_no_worse_than_last_measured(name, capsys):
    cases = load_corpus(Path(__file__).with_name(f"rule_corpus_cold{ORDINALS[name]}.txt"), whole=True)
    assert len(cases) >= 220 and sum(c.lang != "en" for c in cases) >= 0.3 * len(cases)
    assert {c.lang for c in cases} == set(LANGUAGES) and sum(not c.counts for c in cases) >= 0.4 * len(cases)
    right, foreign_right = judged(name, cases, capsys)
    assert right >= LATER[name][0] and foreign_right >= LATER[name][1], (right, foreign_right)
    if name in MEASURED:  # never printed: the 95% bar holds on them
        assert right >= 0.95 * len(cases), right


@pytest.mark.parametrize("name", list(REQUESTS_LATER))
def test_the_later_cold_requests_are_routed_no_worse_than_last_measured(name, capsys):
    cases = importlib.import_module(f"request_corpus_cold{ORDINALS[name]}").CASES
    assert len(cases) >= 240 and len({c.text for c in cases}) == len(cases) and sum(c.route is None for c in cases) >= 70
    found = score(cases)
    with capsys.disabled():
        print(f"\n{name} cold requests: {found}")
    right, foreign, routed = found["phrasings"][0], found["non_english"][0], found["near_misses_routed"][0]
    floor = REQUESTS_LATER[name]
    assert right >= floor[0] and foreign >= floor[1] and routed <= floor[2], found
    if name in ("third", "sixth"):  # measured, never printed: the bars hold on them
        of, foreign_of, near = found["phrasings"][1], found["non_english"][1], found["near_misses_routed"][1]
        assert right >= 0.9 * of and foreign >= 0.9 * foreign_of and routed <= 0.05 * near, found
