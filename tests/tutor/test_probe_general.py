"""The probe batches of prompt rules (rule_corpus_probe_general*.txt) against the bars.

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

The third batch (185 cases, 75 not in English) was written in styles none of the earlier
batches holds: rules inside long prompts among a persona, an output format and safety, rules
stated positively ("Only modify a file after viewing it"), with an exception or a reason in
the same sentence, as questions and checklists ("Before every edit: have you read the
file?"), in tool descriptions and naming the tools; look-alikes about the user, one kind of
file, a past event, a condition, a permission. Its writer had read the reader; it was
committed before the reader ran on it. First contact: 158 of 185 (85.4%; English 94 of 110,
French 22 of 25, Spanish 20 of 25, German 22 of 25: not English 64 of 75, 85.3%). Its misses
led to: a word before "files" naming a kind unless it leaves every file in ("migration
files"), one test for deletes and reads; the subject ending at a subordinate clause; a read
in an "if" clause before a forbidden edit; a question as a condition ("Have you read it? If
not, ...") and a bare yes or no answering a question; a step that opens with an edit after a
step that reads; "only when" after the read; a named file read before editing something else;
brevity as "the result only" and "leave out the steps you took"; "outside what you may do";
French inverted questions and a pronoun before its infinitive, Spanish indicative second
persons and pronouns before the verb, German compounds of "Datei". After: 184 of 185 (every
case not in English); "Call read_file on a path before you call edit_file on it" is missed,
since "double-check the path first" must not read as a read-first rule.

The fourth batch (125 cases, 60 not in English) was written after those fixes, in the same
styles, in sentences of its own, by the same writer, and committed before the reader ran on
it. The reader before the third batch's fixes judged it 104 of 125 (83.2%; not English 49 of
60); with them, on first contact, 113 of 125 (90.4%; English 59 of 65, French 17 of 20,
Spanish 19 of 20, German 18 of 20: not English 54 of 60, 90.0%). So the fixes mended 9 of
the 21 cases missed there. Its misses led to: "is something you do not do", "too short" as
asking for more words, "a description of how you got there" as narration, "after" in the
edit tool's description as a precondition, French "ne ... qu'après l'avoir lu", German
negation after the verb of a statement ("du löschst niemals"). After: every case.

The fifth batch (157 cases, 63 not in English) was written for a round of fixes that was
taken out, since it read three of Lab 1's wrong read-first answers as rules; it is kept as a
training set, not a probe: its writer had read the reader, and its misses were fixed here.
The reader before this round judged it 133 of 157 (84.7%; not English 55 of 63); after, 141
of 157 (89.8%; not English 60 of 63). It is held to that figure, not to the bars.

The sixth batch (158 cases, 75 not in English) was written in styles none of the earlier
ones holds: rules inside prompts of several paragraphs, as numbered workflows, with
"unless", "except", "sauf", "salvo", "außer" (an exception that covers the common edit is no
rule, "never edit a file unless you have read it" is one), "when needed", "si besoin", "si
hace falta", "bei Bedarf" hedges (no rule), rules for one file or kind, look-alikes about the
user, a past event, a permission or another text. Its writer had read the reader; it was
committed before the reader ran on it. First contact: 139 of 158 (88.0%; English 74 of 83,
French 21 of 25, Spanish 21 of 25, German 23 of 25: not English 65 of 75, 86.7%). Its misses
and the fifth batch's led to: a "when needed" hedge as no rule (each language's put into
English as "if necessary"), "X, not how you went about it" as brevity, "unless you have read
it, do not edit it" and "leave it unedited", an exception to brevity where narration goes
("be brief, except when explaining what you did"), "ask unless the request is clear", "or
any other files" after a kind, Spanish imperatives with their pronoun ("edítalo"), French
"lecture", "vous ne supprimez aucun", "ajouter" and Spanish "añadir". After: 154 of 158
(97.5%; not English 74 of 75).

The seventh batch (83 cases, 41 not in English) is smaller and asks one question: does a
hedge ("when needed", "if necessary", "where possible", "si besoin", "si hace falta", "bei
Bedarf") reach only its own clause? A firm rule joined by ";" or ", and" to a hedged
instruction about something else is still a rule. It was committed before the reader ran
on it. First contact: 67 of 83 (80.7%; English 36 of 42, French 11 of 15, Spanish 10 of 13,
German 10 of 13: not English 31 of 41, 75.6%): the reader read a hedge anywhere in the
sentence. Now a hedge counts only in the clause of the rule's word (clauses.clause_of: a
";", or a comma before "and", "but", "then" or "or", ends a clause), and "try not to" in
French, Spanish and German ("essaie de ne pas", "intenta no", "versuche, keine") is a hedge
as in English. After: every case; no other batch changed.

The eighth batch (96 cases, 87 in French, Spanish or German) asks whether the reader knows
the verb forms a rule takes besides the imperative and the present: the future as a command
("Tu ne supprimeras point de fichier.", "No borrarás ningún archivo.", "Sie werden keine
Dateien löschen."), the conditional of advice ("Vous ne devriez jamais ...") and the
infinitive of a written instruction ("Ne jamais supprimer de fichiers.", "Keine Dateien
löschen."), with look-alikes about the user, a script or another text in the same forms.
Committed before the reader ran on it. First contact: 76 of 96 (79.2%; English 8 of 9,
French 24 of 31, Spanish 21 of 29, German 23 of 27: not English 68 of 87, 78.2%). Its
misses were French and Spanish futures of the rules' verbs (and "ne ... point"), the German
future with "werden" (also the passive's verb: only an infinitive of a rule's verb at the
clause's end makes it a future) and German "um Bestätigung bitten" at the end of its clause:
the language tables now put those into the present (data only; the reader's code did not
change). After: 93 of 96 (96.9%; not English 85 of 87); missed then: three brevity
look-alikes whose subject is the user or a report ("El usuario responderá brevemente."),
read as the model's brevity; the ninth batch's change took two of them (95 of 96, every case
not in English). Still missed: "The report will be short."

The ninth batch (30 cases of the brevity rule, 18 not in English) asks whether a sentence
whose subject is someone else answering ("The user answers briefly.", "Los revisores
responden brevemente.") is told from one that names the user as the replies' reader or as
wanting them short ("Give the user short answers.", "Users prefer short answers."). It was
committed before the reader ran on it. First contact: 22 of 30 (73.3%; English 7 of 12,
French 6 of 6, Spanish 4 of 6, German 5 of 6: not English 15 of 18). Now a clause that opens
with a person, then (past "will", "usually" and their like) a reply verb, is someone else's
reply (rule_checks.others_reply). After: every case; no other batch lost one.
"""

from __future__ import annotations

from pathlib import Path

from test_rules import accuracy, load_corpus, report

PROBES = {
    "probe-general": Path(__file__).with_name("rule_corpus_probe_general.txt"),
    "probe-general-2": Path(__file__).with_name("rule_corpus_probe_general2.txt"),
    "probe-general-3": Path(__file__).with_name("rule_corpus_probe_general3.txt"),
    "probe-general-4": Path(__file__).with_name("rule_corpus_probe_general4.txt"),
    "probe-general-6": Path(__file__).with_name("rule_corpus_probe_general6.txt"),
}
# Read for fixes before it was measured on: held to its figure after them, not to the bars.
TRAINING = {"probe-general-5": Path(__file__).with_name("rule_corpus_probe_general5.txt")}
# One question, asked in fewer cases (the hedges' reach): held to the bars, not to the sizes.
FOCUSED = {"probe-general-7": Path(__file__).with_name("rule_corpus_probe_general7.txt"),
           "probe-general-8": Path(__file__).with_name("rule_corpus_probe_general8.txt"),
           "probe-general-9": Path(__file__).with_name("rule_corpus_probe_general9.txt")}
LANGUAGES = ("en", "fr", "es", "de")

# (right, of): overall and not in English, on first contact and now.
FIRST_CONTACT = {"probe-general": ((210, 230), (109, 126)), "probe-general-2": ((130, 145), (81, 92)),
                 "probe-general-3": ((158, 185), (64, 75)), "probe-general-4": ((113, 125), (54, 60)),
                 "probe-general-5": ((133, 157), (55, 63)), "probe-general-6": ((139, 158), (65, 75)),
                 "probe-general-7": ((67, 83), (31, 41)), "probe-general-8": ((76, 96), (68, 87)),
                 "probe-general-9": ((22, 30), (15, 18))}
AFTER = {"probe-general": ((230, 230), (126, 126)), "probe-general-2": ((145, 145), (92, 92)),
         "probe-general-3": ((184, 185), (75, 75)), "probe-general-4": ((125, 125), (60, 60)),
         "probe-general-5": ((141, 157), (60, 63)), "probe-general-6": ((154, 158), (74, 75)),
         "probe-general-7": ((83, 83), (41, 41)), "probe-general-8": ((95, 96), (87, 87)),
         "probe-general-9": ((30, 30), (18, 18))}


def test_the_probe_batches_are_large_balanced_and_over_a_third_not_in_english():
    for name, path in {**PROBES, **TRAINING}.items():
        cases = load_corpus(path, whole=True)
        assert len(cases) >= 120 and len({(c.mode, c.text) for c in cases}) == len(cases), name
        assert {c.lang for c in cases} == set(LANGUAGES), name
        assert sum(c.lang != "en" for c in cases) >= 0.35 * len(cases), name
        assert all(sum(c.lang == lang for c in cases) >= 15 for lang in LANGUAGES), name
        for counts in (True, False):
            assert sum(c.counts is counts for c in cases) >= 0.4 * len(cases), name
        assert {c.mode for c in cases} == {c.mode for c in load_corpus(PROBES["probe-general"], whole=True)}


def test_the_probe_rules_are_judged_above_the_bars_and_as_after_their_fixes(capsys):
    for name, path in {**PROBES, **TRAINING, **FOCUSED}.items():
        cases = load_corpus(path, whole=True)
        foreign = [c for c in cases if c.lang != "en"]
        score, _ = accuracy(cases)
        foreign_score, _ = accuracy(foreign)
        with capsys.disabled():
            print(f"\n{name}: first contact {FIRST_CONTACT[name]}, now {score:.1%} of {len(cases)},"
                  f" not English {foreign_score:.1%} of {len(foreign)}")
        assert name in TRAINING or score >= 0.95 and foreign_score >= 0.90, report(cases)
        (right, of), (foreign_right, foreign_of) = AFTER[name]
        assert score >= right / of - 1e-9, report(cases)
        assert foreign_score >= foreign_right / foreign_of - 1e-9, report(foreign)
