"""The two probe batches of prompt rules (rule_corpus_probe_general*.txt) against the bars.

    .venv/bin/python -m pytest -q -s tests/tutor/test_probe_general.py -n 0   # prints the figures

The first batch (230 cases, 126 in French, Spanish or German) was written in styles the
earlier batches lack (policy prose, tags, bullets under headings, "You MUST", rules with
reasons or stated as what to do instead, missing accents, formal address, German verb-final
clauses and separable verbs, "ne ... plus", "jamás", "aucun", look-alikes of another scope)
and committed before the reader ran on it. First contact: 210 of 230 (91.3%; English 101 of
104, French 36 of 42, Spanish 37 of 41, German 36 of 43: not English 109 of 126, 86.5%).

Its misses were sorted by cause and each cause fixed in general, not one sentence at a time:
negation forms ("ne ... plus", "ne ... aucun" after its verb, "ne dois modifier aucun"),
compound tenses with their negation ("que tu n'as pas ouvert", "que no hayas abierto"),
participles and third persons the tables lacked, "does not exist yet" in each language,
German separable verbs put together ("Sieh dir ... an"), a subject after its modal, an
object put first with its relative clause, a dummy-subject passive, an object between an
imperative and its negation, compound nouns read by their head ("Fehlermeldung"), every form
of the verbs that forbid ("prohibits"), a possessive's owner that is not the object ("a
failing test's assertions"), a create word that names a tool, Spanish "haz al menos una
pregunta", "a menos que ... autorice".

The second batch (145 cases, 92 not in English) was then written in the same styles, in
sentences of its own, by the same writer, who had read the reader by then (so it is not
blind), and committed before the reader ran on it. On the reader as it was before either
batch it scores 124 of 145 (85.5%; not English 75 of 92, 81.5%); with the first batch's
fixes, on first contact, 130 of 145 (89.7%; English 49 of 53, French 25 of 31, Spanish 29 of
30, German 27 of 31: not English 81 of 92, 88.0%). (Three of its tool-description cases were
written "+ @edit", so they were first run in the system prompt: 129 of 145 then; the file
now places them as meant.) So the general fixes carried part of the way to unseen text, not
to the bars. Its misses led to: a short heading that says when its items apply ("## Before
editing", "<new_files>") opening each item as a clause, French modal negations, "do not
ever", other people as reviewers in the three languages, German "erst ..., wenn" and a
clause opened by its verb as a condition, "von dir" as the model, "Do not write more than
three sentences" and "the minimum length" as brevity. After: both batches every case.
"""

from __future__ import annotations

from pathlib import Path

from test_rules import accuracy, load_corpus, report

PROBES = {
    "probe-general": Path(__file__).with_name("rule_corpus_probe_general.txt"),
    "probe-general-2": Path(__file__).with_name("rule_corpus_probe_general2.txt"),
}
LANGUAGES = ("en", "fr", "es", "de")

# (right, of): overall and not in English, on first contact and now.
FIRST_CONTACT = {"probe-general": ((210, 230), (109, 126)), "probe-general-2": ((130, 145), (81, 92))}
AFTER = {"probe-general": ((230, 230), (126, 126)), "probe-general-2": ((145, 145), (92, 92))}


def test_the_probe_batches_are_large_balanced_and_over_a_third_not_in_english():
    for name, path in PROBES.items():
        cases = load_corpus(path, whole=True)
        assert len(cases) >= 140 and len({(c.mode, c.text) for c in cases}) == len(cases), name
        assert {c.lang for c in cases} == set(LANGUAGES), name
        assert sum(c.lang != "en" for c in cases) >= 0.35 * len(cases), name
        assert all(sum(c.lang == lang for c in cases) >= 15 for lang in LANGUAGES), name
        for counts in (True, False):
            assert sum(c.counts is counts for c in cases) >= 0.4 * len(cases), name
        assert {c.mode for c in cases} == {c.mode for c in load_corpus(PROBES["probe-general"], whole=True)}


def test_the_probe_rules_are_judged_above_the_bars_and_as_after_their_fixes(capsys):
    for name, path in PROBES.items():
        cases = load_corpus(path, whole=True)
        foreign = [c for c in cases if c.lang != "en"]
        score, _ = accuracy(cases)
        foreign_score, _ = accuracy(foreign)
        with capsys.disabled():
            print(f"\n{name}: first contact {FIRST_CONTACT[name]}, now {score:.1%} of {len(cases)},"
                  f" not English {foreign_score:.1%} of {len(foreign)}")
        assert score >= 0.95 and foreign_score >= 0.90, report(cases)
        (right, of), (foreign_right, foreign_of) = AFTER[name]
        assert score >= right / of - 1e-9, report(cases)
        assert foreign_score >= foreign_right / foreign_of - 1e-9, report(foreign)
