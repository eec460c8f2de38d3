"""The rule recogniser (agentcourse/tutor/understand/rules.py) against a corpus of phrasings.

tests/tutor/rule_corpus.txt holds the words students write for the five Lecture 5.3
rules and look-alikes that must not count, in many styles. Part of it is held out: it was
written before the recogniser and never used to tune it, so its score is an estimate of
how the recogniser does on phrasings nobody here wrote. tests/tutor/rule_corpus_blind.txt
holds two batches written blind, tests/tutor/rule_corpus_blind3.txt a third,
tests/tutor/rule_corpus_blind4.txt a fourth, tests/tutor/rule_corpus_blind5.txt a fifth and
tests/tutor/rule_corpus_blind6.txt a sixth and tests/tutor/rule_corpus_blind7.txt a seventh (a
third of it in French, Spanish and German, its cases' language marked), each measured on first contact (the figures are
in docs/TUTOR-SCRIPT.md); the recogniser was fixed after that, so they are tuned cases now.
tests/tutor/rule_corpus_languages.txt holds more rules in those three languages, and
tests/tutor/rule_corpus_probes.txt more in English about what a rule covers, both written
after the seventh batch by someone who had read the recogniser (tuned, not blind). The third
to seventh batches' cases, the languages' and the probes' are whole prompts: their asks-when-it-shouldnt cases are
judged as they stand (a prompt that never tells the model to ask has no failure), not
against an added unlimited clarification rule.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from tutor_sim import tools_read

from agentcourse.paths import REPO_ROOT
from agentcourse.tutor.understand import failure_modes, rule_languages, rule_table, rules

CORPUS = Path(__file__).with_name("rule_corpus.txt")
BLIND = Path(__file__).with_name("rule_corpus_blind.txt")
BLIND3 = Path(__file__).with_name("rule_corpus_blind3.txt")
BLIND4 = Path(__file__).with_name("rule_corpus_blind4.txt")
BLIND5 = Path(__file__).with_name("rule_corpus_blind5.txt")
BLIND6 = Path(__file__).with_name("rule_corpus_blind6.txt")
BLIND7 = Path(__file__).with_name("rule_corpus_blind7.txt")
LANGUAGES = Path(__file__).with_name("rule_corpus_languages.txt")
PROBES = Path(__file__).with_name("rule_corpus_probes.txt")
# Written after the rules became tables, by a writer who read neither, and never tuned on:
# held at its first-contact figures (docs/TUTOR-SCRIPT.md), overall and in the tables' languages.
BLIND8 = Path(__file__).with_name("rule_corpus_blind8.txt")
BLIND8_FIRST_CONTACT, BLIND8_TABLED_LANGUAGES = 251 / 279, 98 / 105  # 90.0%, 93.3%
# The ninth batch (a third and more in French, Spanish and German, 26 cases in Italian and
# Portuguese), written from the documented behaviour and saved before anything ran on it.
# First contact, judged as judged_right judges (a rule found for the files it names only is
# missing for any other file): 224 of 248 (90.3%); French, Spanish and German 103 of 106,
# every language but English 114 of 132 (86.4%), Italian and Portuguese 11 of 26 (judged by
# rules.missing alone, as the earlier batches were: 215 of 248, 86.7%; 98 of 106; 109 of 132).
# Tuned on (Italian and Portuguese rule tables, the files a rule's subject names, "other
# than", "Delete no files", file extensions as kinds, slips): held at its tuned figures.
BLIND9 = Path(__file__).with_name("rule_corpus_blind9.txt")
BLIND9_TUNED, BLIND9_NOT_ENGLISH = 247 / 248, 131 / 132  # 99.6%, 99.2%
TABLED_FIRST = ("fr", "es", "de")  # the languages that had rule tables when batch 8 was measured

# Judged inside a neutral prompt that states none of the rules.
BASE = "You are a coding assistant. You help the user with the code files in one project.\n\n"
# asks-when-it-shouldnt cases are limits: they are judged against an unlimited rule.
UNLIMITED_ASK = "- When in doubt, ask a clarifying question before acting.\n"
TUNED_TARGET, HELD_OUT_TARGET = 0.95, 0.90


@dataclass(frozen=True)
class Case:
    mode: str
    counts: bool
    place: str  # "system", "edit", "old" or "read"
    text: str
    held_out: bool
    line: int
    batch: str = ""  # the corpus section's tag: "", "held-out", "blind-1" ... "blind-7"
    source: str = CORPUS.name  # the corpus file
    whole: bool = False  # a whole prompt: no unlimited clarification rule is added to it
    lang: str = "en"  # "en", "fr", "es", "de" or "mixed" (a "#: fr" line in the corpus)

    def __str__(self) -> str:
        where = "" if self.place == "system" else f"@{self.place} "
        return (
            f"{'+' if self.counts else '-'}{where}{self.text!r} ({self.source}, line {self.line})"
        )


def load_corpus(path: Path = CORPUS, whole: bool = False) -> list[Case]:
    cases: list[Case] = []
    mode, batch, lang = "", "", "en"
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line, number = lines[i], i + 1
        i += 1
        if line.startswith("#: "):
            lang = line[3:].strip()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            head = line.strip("[] ").split()
            mode, batch, lang = head[0], " ".join(head[1:]), "en"
            assert mode in failure_modes.FAILURE_IDS, f"line {number}: unknown mode {mode}"
            continue
        sign, _, rest = line.partition(" ")
        place = "system"
        if "@" in sign:
            sign, place = sign.split("@")
        assert sign in "+-" and place in ("system", "edit", "old", "read"), f"line {number}"
        if rest.strip() == "<<":
            block = []
            while lines[i] != ">>":
                block.append(lines[i])
                i += 1
            i += 1
            rest = "\n".join(block)
        held = batch == "held-out"
        cases.append(
            Case(mode, sign == "+", place, rest, held, number, batch, path.name, whole, lang)
        )
    return cases


CASES = (
    load_corpus()
    + load_corpus(BLIND)
    + load_corpus(BLIND3, whole=True)
    + load_corpus(BLIND4, whole=True)
    + load_corpus(BLIND5, whole=True)
    + load_corpus(BLIND6, whole=True)
    + load_corpus(BLIND7, whole=True)
    + load_corpus(LANGUAGES, whole=True)
    + load_corpus(PROBES, whole=True)
)
BATCHES = ("blind-1", "blind-2", "blind-3", "blind-4", "blind-5", "blind-6", "blind-7")


def prompt_for(case: Case) -> tuple[str, list[dict]]:
    """The case placed in a neutral prompt and neutral tools (no rule stated anywhere)."""
    limit = case.mode == "asks-when-it-shouldnt" and not case.whole
    system = BASE + (UNLIMITED_ASK if limit else "")
    tools = copy.deepcopy(tools_read(without=("create", "read")))
    edit, read = tools[2], tools[1]
    if case.place == "system":
        system += "\n" + case.text + "\n"
    elif case.place == "edit":
        edit["description"] += " " + case.text
    elif case.place == "old":
        edit["input_schema"]["properties"]["old_str"]["description"] = case.text
    else:
        read["description"] += " " + case.text
    return system, tools


@functools.cache  # several tests judge the same cases
def judged_right(case: Case) -> bool:
    """The rule counts when the prompt states it for every file: a rule the reader finds for
    the files it names only ("Never delete README.md.") is missing for any other file
    (rules.limited_to; the tutor acts so), which is what a "-" for "a rule that covers only
    some files" means."""
    system, tools = prompt_for(case)
    finding = next(f for f in rules.explain(system, tools) if f.mode == case.mode)
    return (finding.found and not finding.files) is case.counts


def accuracy(cases: list[Case]) -> tuple[float, list[Case]]:
    wrong = [c for c in cases if not judged_right(c)]
    return (1 - len(wrong) / len(cases) if cases else 1.0), wrong


def report(cases: list[Case]) -> str:
    lines = []
    for mode in failure_modes.FAILURE_IDS:
        mine = [c for c in cases if c.mode == mode]
        score, wrong = accuracy(mine)
        lines.append(f"{mode}: {score:.1%} of {len(mine)}")
        lines += [f"    misjudged {c}" for c in wrong]
    return "\n".join(lines)


def test_the_corpus_is_large_varied_and_has_look_alikes():
    assert len(CASES) >= 150
    look_alikes = [c for c in CASES if not c.counts]
    assert len(look_alikes) >= len(CASES) / 3
    for mode in failure_modes.FAILURE_IDS:
        mine = [c for c in CASES if c.mode == mode]
        assert len(mine) >= 25 and any(not c.counts for c in mine), mode
        assert any(c.held_out for c in mine) and any(c.place != "system" for c in mine), mode
        assert any("\n" in c.text for c in mine), f"{mode}: no multi-line case"
    # the third batch's whole prompts are judged once for each rule
    assert len({(c.mode, c.text) for c in CASES}) > 0.9 * len(CASES)


@pytest.mark.parametrize("lang", ["fr", "es", "de"])
def test_each_language_is_judged_right_on_the_tuned_corpus(lang):
    """Rules in French, Spanish and German (rule_languages.py) are read as their English is."""
    mine = [c for c in CASES if c.lang == lang and not c.held_out]
    assert len(mine) >= 60, lang
    score, wrong = accuracy(mine)
    assert score >= TUNED_TARGET, f"{lang}: {score:.1%}\n" + "\n".join(map(str, wrong))


@pytest.mark.parametrize("mode", failure_modes.FAILURE_IDS)
def test_each_rule_is_judged_right_on_the_tuned_corpus(mode):
    mine = [c for c in CASES if c.mode == mode and not c.held_out]
    score, wrong = accuracy(mine)
    assert score >= TUNED_TARGET, f"{mode}: {score:.1%}\n" + "\n".join(map(str, wrong))


def test_tuned_and_held_out_accuracy(capsys):
    tuned = [c for c in CASES if not c.held_out]
    held = [c for c in CASES if c.held_out]
    tuned_score, tuned_wrong = accuracy(tuned)
    held_score, held_wrong = accuracy(held)
    with capsys.disabled():
        print(
            f"\nrule recogniser: tuned {tuned_score:.1%} of {len(tuned)}, "
            f"held-out {held_score:.1%} of {len(held)}"
        )
    assert tuned_score >= TUNED_TARGET, report(tuned)
    assert held_score >= HELD_OUT_TARGET, report(held)


@pytest.mark.parametrize("mode", failure_modes.FAILURE_MODES, ids=lambda m: m.id)
def test_the_documented_examples_are_judged_as_documented(mode):
    for text in mode.counts + mode.look_alikes:
        case = Case(mode.id, text in mode.counts, "system", text, False, 0)
        assert judged_right(case), f"docs/TUTOR-SCRIPT.md says {case}"


def test_the_untuned_blind_batch_keeps_its_first_contact_figures(capsys):
    cases = load_corpus(BLIND8, whole=True)
    tabled = [c for c in cases if c.lang in TABLED_FIRST]
    score, wrong = accuracy(cases)
    tabled_score, _ = accuracy(tabled)
    with capsys.disabled():
        print(f"\nblind 8 (untuned): {score:.1%} of {len(cases)}, French/Spanish/German {tabled_score:.1%} "
              f"of {len(tabled)}")
    assert len(cases) >= 250 and len(tabled) >= 100
    assert score >= BLIND8_FIRST_CONTACT - 1e-9, report(cases)
    assert tabled_score >= BLIND8_TABLED_LANGUAGES - 1e-9, report(tabled)


def test_the_ninth_batch_keeps_its_tuned_figures(capsys):
    cases = load_corpus(BLIND9, whole=True)
    foreign = [c for c in cases if c.lang != "en"]
    score, wrong = accuracy(cases)
    foreign_score, _ = accuracy(foreign)
    with capsys.disabled():
        print(f"\nblind 9 (tuned): {score:.1%} of {len(cases)}, not English {foreign_score:.1%} of {len(foreign)}")
    assert len(cases) >= 150 and len(foreign) >= len(cases) / 3
    assert {"it", "pt"} <= {c.lang for c in cases} <= {"en", *rule_languages.LANGUAGES}
    assert score >= BLIND9_TUNED - 1e-9, report(cases)
    assert foreign_score >= BLIND9_NOT_ENGLISH - 1e-9, report(foreign)


def test_rules_for_other_failures_do_not_switch_on_asking():
    """A prompt without any clarification rule acts; no other rule's wording (such as
    "if the user asks you to delete ...") may read as one."""
    for case in CASES:
        if case.mode == "asks-when-it-shouldnt" or re.search(
            r"\bask|clarif|question|confirm|check (?:in )?with|demand|pregunt|\bpid|\bfrag|rückfrag|bestätig",
            case.text,
            re.I,
        ):
            continue
        system, tools = prompt_for(case)
        assert not rules.missing(system, tools)["asks-when-it-shouldnt"], str(case)


# The reader: every module of rule recognition with code (the tables, the lexicon and the
# languages are data). It may not grow as the tables and the corpora do: 1,677 lines (1,200
# of code) before the rules became rows, 1,872 (1,229) with the rows and three languages.
READER = ("rules.py", "rule_reader.py", "rule_checks.py", "ask_checks.py", "rule_scope.py",
          "clauses.py", "clues.py", "binding.py", "prompt_text.py")
READER_LINES = 1900


def _data_only(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _data_only(v) for k, v in value.items())
    if isinstance(value, tuple | list):
        return all(_data_only(v) for v in value)
    return isinstance(value, str | bool | int)


def test_the_rules_and_languages_are_tables_read_by_a_reader_that_does_not_grow():
    folder = Path(rules.__file__).parent
    lines = sum(len((folder / name).read_text(encoding="utf-8").splitlines()) for name in READER)
    assert lines <= READER_LINES, lines
    assert _data_only(rule_table.RULES) and _data_only(rule_languages.LANGUAGES)
    assert [row["mode"] for row in rule_table.RULES] == list(failure_modes.FAILURE_IDS)
    assert {"fr", "es", "de"} <= set(rule_languages.LANGUAGES)
    assert "To add a language" in (rule_languages.__doc__ or "")


def test_explain_says_where_and_which_sentence():
    tools = tools_read(without=("create", "read"))
    tools[2]["input_schema"]["properties"]["old_str"]["description"] = "Use '' to make a new file."
    system = [
        {"type": "text", "text": "You are a coding agent.\n\n- Never edit blind: look first."},
        {"type": "text", "text": "<rules>Do not hesitate to delete files.</rules>"},
    ]
    found = {f.mode: f for f in rules.explain(system, tools)}
    read = found["edits-without-reading"]
    assert read.found and read.where == "system prompt"
    assert read.sentence == "Never edit blind: look first."
    create = found["wrong-argument-format"]
    assert create.found and create.where == "tool edit_file, parameter old_str"
    delete = found["deletes-by-emptying"]
    assert not delete.found and delete.why == "no rule forbids deleting files"
    assert [m.sentence for m in delete.ignored] == ["Do not hesitate to delete files."]
    assert found["asks-when-it-shouldnt"].found  # no clarification rule: it acts
    assert not found["verbose-narration"].found and found["verbose-narration"].sentence == ""


def test_explain_names_the_unlimited_clarification_rule():
    ask = rules.explain("When in doubt, ask. Be concise.", [])[-1]
    assert ask.mode == "asks-when-it-shouldnt" and not ask.found
    assert ask.sentence == "When in doubt, ask." and "no limit" in ask.why


def test_the_brain_reads_the_same_rules_from_its_toolbox():
    from agentcourse.tutor.act import brain

    for case in CASES[::7]:
        system, tools = prompt_for(case)
        assert brain.missing_rules(system, brain.read_tools(tools)) == rules.missing(system, tools)


def test_recognition_is_deterministic_and_cached():
    system, tools = prompt_for(CASES[0])
    first = rules.explain(system, tools)
    assert rules.explain(system, copy.deepcopy(tools)) == first
    rules.clear_caches()
    assert rules.explain(system, tools) == first


def test_the_docs_show_real_output_and_the_corpus_figures():
    doc = (REPO_ROOT / "docs" / "TUTOR-SCRIPT.md").read_text(encoding="utf-8")
    example = doc.split("Why a rule does or does not count", 1)[1].split("```python\n", 1)[1]
    shown = example.split("```", 1)[0].split("\n")
    code = "\n".join(line[4:] for line in shown if line.startswith((">>> ", "... ")))
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(code, {})
    expected = [line for line in shown if line and not line.startswith((">>> ", "... "))]
    assert output.getvalue().splitlines() == expected
    tuned = [c for c in CASES if not c.held_out]
    held = [c for c in CASES if c.held_out]
    look_alikes = sum(not c.counts for c in CASES)
    right = len(held) - len(accuracy(held)[1])
    blind = [sum(c.batch == batch for c in CASES) for batch in BATCHES]
    for figure in (
        f"holds {len(CASES)} phrasings",
        "batches of " + ", ".join(map(str, blind[:-1])) + f" and {blind[-1]}",
        f"({look_alikes} of them look-alikes",
        f"on the {len(tuned)} the recogniser",
        f"90% on {len(held)} held out",
        f"({right} of {len(held)}",
    ):
        assert figure in " ".join(doc.split()), f"docs/TUTOR-SCRIPT.md: update {figure!r}"


if __name__ == "__main__":  # python tests/tutor/test_rules.py: the full report
    tuned = [c for c in CASES if not c.held_out]
    held = [c for c in CASES if c.held_out]
    print("TUNED\n" + report(tuned))
    print(f"overall {accuracy(tuned)[0]:.1%} of {len(tuned)}")
    import sys

    if "--held-out" in sys.argv:
        print("HELD-OUT\n" + report(held))
        print(f"overall {accuracy(held)[0]:.1%} of {len(held)}")
    for batch in BATCHES:
        mine = [c for c in CASES if c.batch == batch]
        print(f"{batch}: {accuracy(mine)[0]:.1%} of {len(mine)} (now tuned on)")
    start = time.perf_counter()
    for c in CASES:
        rules.clear_caches()
        system, tools = prompt_for(c)
        rules.missing(system, tools)
    print(f"{(time.perf_counter() - start) / len(CASES) * 1000:.2f} ms per uncached prompt")
