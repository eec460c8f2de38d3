"""Recognising the Lecture 5.3 prompt rules in the words students write.

    explain(system, tools) -> list[RuleFinding]   # per rule: found?, where, which sentence, why
    missing(system, tools) -> dict[str, bool]     # failure-mode id -> True when its rule is absent

A real model reads the system prompt and every tool's description and parameter
descriptions, so a rule counts wherever it is written. How a prompt is read, in steps
that each have their own module:

1. Places (prompt_text.py): the system prompt (a string or text blocks), then each tool's
   description and each parameter's description. A tool description's "this tool" / "use
   it" stands for the tool's own action (a read tool's "use this before editing" is a
   read-first rule), and the edit tool's old-text parameter carries "old_str" implicitly.
2. Sentences (prompt_text.py): markup goes (Markdown emphasis, headings, bullets, XML tags,
   JSON-like lists of quoted rules), wrapped lines are joined, then the text is cut into
   sentences. Each keeps the heading it stands under (a Markdown heading, a "Label:" line,
   an XML tag's name): a short item is read with it ("## Code style / - concise"), and a
   heading that forbids ("DON'T:") governs every item.
   "Q: ...? A: No, ..." is read as one statement.
3. Words (clauses.py, with the data of rule_languages.py and lexicon.py): a sentence is
   lower-cased; in French, Spanish or German it is put into English words and order
   (rule_languages.py: "Ne supprime jamais de fichiers." -> "never delete files"); keyboard
   slips of rule words are mended (ANCHORS: "befor", "emtpy"), contractions are expanded,
   multi-word phrases become one canonical word (PHRASES: "under no circumstances" ->
   never, "prior to" -> before), and each word gets its kinds from the LEXICON (NEG, PERM,
   DEL, READ, ...).
4. Polarity (clauses.py): a word is governed by the nearest marker before it in its clause
   (governor): a negation forbids it, a permission permits it, "do not hesitate/forget to"
   turns a negation into encouragement, "no need to" makes it optional, "not forbidden"
   permits; subordinators ("before", "if", "that", ";", "but") end a marker's reach, and so
   does the comma that closes an "if"/"when" clause. A word nothing governs is read from
   what follows it ("Deleting files is forbidden", "Deleting files? Never.").
5. Rules: one row per rule in rule_table.py (the words that state it, how they must be
   meant, what they act on, its exceptions), read by rule_reader.read(), whose steps ask
   the questions of clues.py (through rule_checks.py and ask_checks.py). A rule named only
   to be withdrawn ("the rule 'read before you edit' is obsolete") is not stated, nor is one reported from the past ("we
   used to read every file first") or meant for another agent ("the cleanup bot (not you)
   must never delete files"): binding.py's for_model(). A rule that names files and no
   others ("Never delete main.py.") covers those files only (rule_scope.py;
   RuleFinding.files, limited_to: the tutor acts as if the rule were missing for any other
   file); one about another object ("the user's notes in your reply") or another kind of
   file ("Python files") is not the rule.

No model, no network; the same prompt always gives the same answer, and answers are
cached by prompt. Honest doubt: this reads rules, it does not understand them. Pronouns
across sentences, irony, and rules spread over several sentences are mostly missed
(one exception: "1. Read the file. 2. Only then edit it." / "3. Edit it."). Measured on
wording written blind, it judged 85-95% right on first contact, and 75% on a batch a third of
which was French, Spanish and German, before those languages had tables
(docs/TUTOR-SCRIPT.md).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from agentcourse.tutor.understand import rule_table
from agentcourse.tutor.understand.binding import for_model, withdrawn
from agentcourse.tutor.understand.clauses import Word, has, words
from agentcourse.tutor.understand.clues import previous_read
from agentcourse.tutor.understand.prompt_text import Place, headed, in_context, places
from agentcourse.tutor.understand.rule_reader import Verdict, read
from agentcourse.tutor.understand.rule_scope import bans_changes, named_files

RULES = rule_table.RULES
NO_QUESTIONS = rule_table.NO_QUESTIONS
ONLY_UNCLEAR = rule_table.ONLY_UNCLEAR
EMPTY_INSTEAD = rule_table.EMPTY_INSTEAD
# An order that takes a rule back even after another sentence stated it.
VETOES = {row["mode"]: row["veto"] for row in RULES if row.get("veto")}

# ============================================================================ results


@dataclass(frozen=True)
class Mention:
    """A sentence that was looked at for a rule, and how it was read."""

    where: (
        str  # "system prompt", "tool edit_file (description)", "tool edit_file, parameter old_str"
    )
    sentence: str  # the sentence as written (markup removed)
    why: str  # how it was read, in a few words


@dataclass(frozen=True)
class RuleFinding:
    """Whether one failure mode's rule is in the prompt, and the evidence."""

    mode: str  # failure-mode id (agentcourse.tutor.understand.failure_modes.FAILURE_MODES)
    found: bool  # True: the rule is stated, the failure does not appear
    where: str = ""  # where the deciding sentence is ("" when nothing decided it)
    sentence: str = ""  # the sentence that states the rule (or, when missing, the one at fault)
    why: str = ""  # one line a student can act on
    ignored: tuple[Mention, ...] = field(default_factory=tuple)  # look-alikes that did not count
    files: tuple[str, ...] = ()  # the files a rule that names them covers; () = every file


# ============================================================================ reading a prompt

NOT_FOR_MODEL = "it reports the past or is meant for someone else"
WITHDRAWN = "it names the rule only to withdraw it"


def after_a_read(own: tuple[Word, ...]) -> Verdict | None:
    """A step after a step that reads: "1. Read the relevant file. 2. Only then edit it." /
    "3. Make the edit." / "edit_file it" (not a tool listed: "edit_file(path): ...")."""
    if own and own[0][0] in ("then", "after", "next", "finally", "only") and has(own, "MOD"):
        return True, "asks to read, then edit"
    edits = own and "MOD" in own[0][1] and ("TOOLSUBJ" not in own[0][1] or own[1:2] and own[1][0] in ("it", "them"))
    return (True, "asks to read a file, then edit it") if edits and not has(own, "NEG") else None


@dataclass
class Reading:
    """What the sentences of a prompt said of each rule, so far."""

    found: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    ignored: dict[str, list[Mention]] = field(default_factory=lambda: {r["mode"]: [] for r in RULES})
    first_rejected: dict[str, tuple[str, str]] = field(default_factory=dict)  # rule_table's decided_by
    named: dict[str, tuple[str, str, str, tuple[str, ...]]] = field(default_factory=dict)  # named files only
    vetoed: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # VETOES

    def not_binding(self, place: Place, heading: str, sentence: str) -> None:
        """A report, or a rule for someone else: it binds no one here."""
        ws = words(in_context(heading, sentence), place.this)
        for row in RULES:
            if row["mode"] not in self.found and read(row, sentence, ws, place) is not None:
                self.ignored[row["mode"]].append(Mention(place.where, sentence, NOT_FOR_MODEL))

    def sentence(self, place: Place, heading: str, sentence: str, prev_read: bool) -> None:
        """Every rule's verdict on one sentence that binds the model."""
        ws = words(in_context(heading, sentence), place.this)
        own = words(sentence, place.this)  # without its heading, for a list of steps
        for row in RULES:
            mode = row["mode"]
            if mode in self.found and mode not in VETOES:
                continue
            verdict = read(row, sentence, ws, place)
            if mode in VETOES and verdict == (False, VETOES[mode]):
                self.vetoed.setdefault(mode, (place.where, sentence, verdict[1]))
            if mode in self.found:
                continue
            if verdict is None and row.get("steps") and prev_read:
                verdict = after_a_read(own)
            if verdict is not None and withdrawn(sentence):
                self.ignored[mode].append(Mention(place.where, sentence, WITHDRAWN))
            elif verdict is not None:
                self.record(row, verdict, place, (heading, sentence, ws))

    def record(self, row: dict, verdict: Verdict, place: Place, said: tuple) -> None:
        heading, sentence, ws = said
        mode, (counts, why) = row["mode"], verdict
        files = named_files(mode, ws, heading, sentence) if counts else ()
        if files:  # it covers the files it names: look on for a rule that covers every file
            earlier = self.named.get(mode, (place.where, sentence, why, ()))
            self.named[mode] = (*earlier[:3], tuple(dict.fromkeys(earlier[3] + files)))
        elif counts:
            self.found[mode] = (place.where, sentence, why)
        else:  # a look-alike (False), or neither a rule nor a look-alike of one (None)
            self.ignored[mode].append(Mention(place.where, sentence, why))
            if counts is False and row.get("decided_by"):
                self.first_rejected.setdefault(mode, (place.where, sentence))

    def finding(self, row: dict) -> RuleFinding:
        mode = row["mode"]
        seen = tuple(self.ignored[mode])
        if mode in self.vetoed:
            return RuleFinding(mode, False, *self.vetoed[mode], seen)
        if mode in self.found:
            return RuleFinding(mode, True, *self.found[mode], seen)
        if mode in self.named:
            where, sentence, why, files = self.named[mode]
            why = f"{why}, for {', '.join(files)} only: for any other file the rule is missing"
            return RuleFinding(mode, True, where, sentence, why, seen, files)
        if mode in self.first_rejected:
            return RuleFinding(mode, False, *self.first_rejected[mode], row["decided_by"], seen)
        if row.get("unstated"):
            return RuleFinding(mode, True, "", "", row["unstated"], seen)
        return RuleFinding(mode, False, "", "", row["absent"], seen)


@functools.lru_cache(maxsize=256)
def _analyse(key: tuple[Place, ...]) -> tuple[RuleFinding, ...]:
    reading = Reading()
    for place in key:
        prev_read = False
        for heading, sentence in headed(place.text):
            kept = for_model(sentence)
            if kept is None:
                reading.not_binding(place, heading, sentence)
                prev_read = False
                continue
            reading.sentence(place, heading, kept, prev_read)
            prev_read = previous_read(words(kept, place.this))
    return tuple(reading.finding(row) for row in RULES)


# ============================================================================ public API


def as_definition(tool: object) -> dict:
    """A tool as the request defines it: the dict itself, or (for an object with name,
    description, properties and notes, like the brain's toolbox.Tool) a rebuilt one."""
    if isinstance(tool, dict):
        return tool
    names = list(getattr(tool, "properties", None) or [])
    notes = str(getattr(tool, "notes", "") or "").split("\n")
    if len(notes) != len(names):  # descriptions that do not line up: keep them together
        names, notes = ["parameters"], ["\n".join(notes)]
    return {
        "name": str(getattr(tool, "name", "")),
        "description": str(getattr(tool, "description", "") or ""),
        "input_schema": {
            "properties": {n: {"description": d} for n, d in zip(names, notes, strict=True)}
        },
    }


def explain(system: object, tools: list[dict] | None = None) -> list[RuleFinding]:
    """For each rule: whether the prompt states it, where, the sentence, and look-alikes
    that did not count (with why). `system` is a string or a list of text blocks; `tools`
    are the request's tool definitions."""
    return list(_analyse(tuple(places(system, tools))))


def missing(system: object, tools: list[dict] | None = None) -> dict[str, bool]:
    """Failure-mode id -> True when the rule that prevents it is absent."""
    return {f.mode: not f.found for f in explain(system, tools)}


@functools.lru_cache(maxsize=256)
def _ban(key: tuple[Place, ...]) -> str:
    for place in key:
        for heading, sentence in headed(place.text):
            kept = for_model(sentence)
            if kept is not None and bans_changes(words(in_context(heading, kept), place.this), place):
                return kept
    return ""


def forbids_changes(system: object, tools: list[dict] | None = None) -> str:
    """The sentence of the prompt that forbids changing any existing file, or "": an agent
    told so refuses every change to a file (it may still create one)."""
    return _ban(tuple(places(system, tools)))


def limited_to(system: object, tools: list[dict] | None = None) -> dict[str, tuple[str, ...]]:
    """Failure-mode id -> the files its rule names, for a rule stated only for them ("Never
    delete main.py."): for any other file the rule is missing."""
    return {f.mode: f.files for f in explain(system, tools) if f.found and f.files}


def covers(files: tuple[str, ...], path: str) -> bool:
    """Does a rule that names `files` cover `path`? () covers every file; a bare name
    ("main.py") also covers a file of that name in a folder."""
    path = path.strip().removeprefix("./").lower()  # the rule's words are read lower-cased
    return not files or any(path == f.removeprefix("./") or ("/" not in f and path.rsplit("/", 1)[-1] == f)
                            for f in files)


def clear_caches() -> None:
    """Forget every prompt read so far (the analyses and the clauses' words), so that the
    next explain() reads from scratch: for tests that check or time the cache."""
    _analyse.cache_clear()
    _ban.cache_clear()
    words.cache_clear()
