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
3. Words (clauses.py, with the data of lexicon.py): a sentence is lower-cased, keyboard
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
5. Rules (here): one small function per rule over the words of a sentence (RECOGNISERS),
   asking the questions of clues.py. A rule named only to be withdrawn ("the rule 'read
   before you edit' is obsolete") is not stated, nor is one reported from the past ("we
   used to read every file first") or meant for another agent ("the cleanup bot (not you)
   must never delete files"): binding.py's for_model(). A rule that names files and no
   others ("Never delete main.py.") covers those files only (RuleFinding.files, limited_to:
   the tutor acts as if the rule were missing for any other file).

No model, no network; the same prompt always gives the same answer, and answers are
cached by prompt. Honest doubt: this reads rules, it does not understand them. Pronouns
across sentences, irony, and rules spread over several sentences are mostly missed
(one exception: "1. Read the file. 2. Only then edit it." / "3. Edit it."). Measured on
wording written blind, it judged 85-95% right on first contact (docs/TUTOR-SCRIPT.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.tutor.understand.binding import for_model, withdrawn
from agentcourse.tutor.understand.clauses import (
    Word,
    described,
    find,
    first_marker,
    governed,
    has,
    polarity,
    words,
)
from agentcourse.tutor.understand.clues import (
    ANY,
    CLEAR,
    CODE_NOUNS,
    CONDITION,
    COPULA,
    EXISTS,
    GO,
    LEAD_VERBS,
    OBJECT_WINDOW,
    ONLY,
    POSE,
    PRECONDITION,
    REPLY_NOUNS,
    SHOWN_ASKING,
    SOME_FILES,
    SPEECH,
    TOOL_DOES,
    UNCLEAR,
    WORDING,
    WRITTEN_NOUNS,
    commands,
    demanded,
    first_word,
    how_many,
    negated_after,
    no_means,
    noun_near,
    object_of,
    on_condition,
    only_allowed,
    only_on_request,
    person_asks,
    previous_read,
    read_then_edit,
    refused_request,
    someone_else,
    unless_asked,
    when_unclear,
)
from agentcourse.tutor.understand.prompt_text import Place, headed, in_context, places

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


# ============================================================================ the rules

Verdict = tuple[bool | None, str]  # (counts, how it was read); None: neither (see rule_ask)


# A prohibition the model may weigh against a request: "try to avoid", "where possible".
HEDGED = re.compile(
    r"\b(?:try|tries|trying) (?:not to|to avoid)\b|\bprefer(?:ably)? not\b|\bideally\b|"
    r"\b(?:if|where|when|whenever) (?:it is )?(?:possible|practical|feasible|you can)\b|"
    r"\bas (?:far|much) as (?:it is )?possible\b|\bif (?:it|that) can be avoided\b"
)
# Asked to delete a file, the model empties it instead: an order that takes back any rule
# against deleting ("If you are asked to delete a file, empty it instead").
EMPTY_INSTEAD = "it tells the model to empty a file it is asked to delete"
VETOES = {"deletes-by-emptying": EMPTY_INSTEAD}


def empties_instead(ws: tuple[Word, ...]) -> bool:
    """'If asked to delete a file, empty it (replace its text with an empty string)'."""
    text = " ".join(w for w, _ in ws)
    asked = re.search(r"\b(?:if|when|whenever)\b[^;]*?\b(?:ask|asks|asked|request|requests|wants|tells|told)\b"
                      r"[^;]*?\b(?:delete|remove|erase)\b", text)
    if not asked:
        return False
    rest = text[asked.end():]
    order = re.search(r"(?:^|[,;:] |\b(?:then|instead|just) )(?:empty|clear|blank|truncate) (?:it|them|the file)\b|"
                      r"\breplac\w* (?:all of )?(?:its|the file's|the) (?:whole |entire )?(?:text|content|contents)"
                      r" with (?:nothing|an empty|empty)", rest)
    return bool(order) and not re.search(r"\b(?:never|not|no|cannot|refuse)\b[^,;]*$", rest[: order.start()])


def rule_delete(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """A prohibition of deleting files: a negation, a prohibitive word or a refusal that
    governs a delete word whose object is a file or unstated."""
    hits = find(ws, "DEL")
    if not hits:
        return None
    if empties_instead(ws):
        return False, EMPTY_INSTEAD
    permitted = False  # "Deleting files is allowed; emptying them is not."
    for i in hits:
        if ws[i][0] == "emptying" or object_of(ws, i) not in ("file", ""):
            continue
        after = [w for w, _ in ws[i + 1 : i + 5]]  # "may be deleted only by the user"
        by_someone = "by" in after and has(ws[i + 1 : i + 6], "PERSON")
        if polarity(ws, i) == "perm" and not only_allowed(ws, i) and not by_someone:
            permitted = permitted or not someone_else(ws)
        if commands(ws, i):  # "Do not delete files in bulk; remove them one at a time."
            return False, "it tells the model to delete files"
    reason = ""
    for i in hits:
        if permitted and ws[i][0] == "emptying":
            reason = "it permits deleting files and only forbids emptying them"
            continue
        obj = object_of(ws, i)
        if obj == "other":
            reason = f"it is about deleting {noun_near(ws, i)}, not files"
            continue
        if obj == "outside":
            reason = "it only forbids deleting files outside the project"
            continue
        if obj == "some":
            reason = "it only forbids deleting the files in one folder"
            continue
        pol = polarity(ws, i)
        if pol == "neg":
            if described(ws, first_marker(ws)):
                reason = "it describes a tool, it is not a rule for the model"
                continue
            if how_many(ws, i):
                reason = "it limits how many files, it does not forbid deleting"
                continue
            if someone_else(ws):
                reason = "it is about what someone else may do"
                continue
            if unless_asked(ws, i):
                reason = "it allows deleting when the user asks, which a delete request does"
                continue
            if no_means(ws, i):
                reason = "it says there is no way to delete, it is not a rule for the model"
                continue
            if on_condition(ws, i):
                reason = "it only forbids deleting on a condition the model can meet"
                continue
            if HEDGED.search(" ".join(w for w, _ in ws)):  # "try to avoid deleting files where you can"
                reason = "it only discourages deleting where it can be avoided; a request to delete is such a case"
                continue
            return True, "forbids deleting files"
        encouraged = has(ws[:i], "INVERT") and has(ws[:i], "NEG")  # "do not hesitate to"
        reason = {
            "perm": "it permits deleting",
            "opt": "it makes deleting optional, not forbidden",
        }.get(
            pol, "it encourages deleting" if encouraged else reason or "it does not forbid deleting"
        )
        if pol == "pos" and governed(ws, i) == "pos" and refused_request(ws, i):
            return True, "answers a request to delete with a refusal"
    return False, reason


def rule_concise(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Brevity asked of the replies: a brevity word or a length limit, not negated, about
    answers (or about nothing in particular: "Be brief."), or a negated verbosity word
    ("no rambling", "do not narrate your steps")."""
    brief, verbose = find(ws, "BRIEF"), find(ws, "VERBOSE")
    if not brief and not verbose:
        return None
    reason = ""
    for i in verbose:
        pol = polarity(ws, i)
        if pol == "neg" and not described(ws, first_marker(ws)):
            return True, "forbids narration or padding"
        if pol == "pos" and any(w in ("minimum", "minimal", "few") for w, _ in ws[i + 1 :]):
            return True, "keeps explanations to a minimum"
        reason = "it asks for (or allows) more words, not fewer"
    # "Explain the changes in a few short sentences": what the model says is its reply
    about_replies = has(ws, "ANSWER") or ws[0][0] in SPEECH
    userside = has(ws, "USERSIDE") and not about_replies
    code = (
        (
            any("NONFILE" in k and w not in WORDING for w, k in ws)
            or has(ws, "OLD")
            or has(ws, "ARG")
        )
        and not about_replies
        or any(w == "codething" for w, _ in ws)
        and not REPLY_NOUNS & {w for w, _ in ws}  # "Keep commit messages and replies short"
    )  # "Keep old_str short": an argument, not a reply
    for i in brief:
        pol = polarity(ws, i)
        if (
            ws[i][0] == "brief"
            and i + 1 < len(ws)
            and ws[i + 1][0] in ("the", "them", "him", "her", "everyone")
        ):
            reason = "'brief' is a verb here (to inform), not a length"
            continue
        addressed = (
            about_replies
            or has(ws, "AGENT")
            or i == 0
            or ws[i - 1][0] == ":"  # "Tone: brief", "## Style / - concise"
            or ws[i][0] in ("brevity", "concision", "lengthlimit")
            or any(w in LEAD_VERBS for w, _ in ws[max(0, i - 2) : i])
        )
        if not addressed:
            reason = "it says something is short, but not that the replies should be"
            continue
        if pol == "pos" and only_on_request(ws, i):  # the later brevity word is the request's
            return False, "it asks for brevity only when the user asks for it"
        if pol != "pos" or negated_after(ws, i):
            reason = (
                "it is negated or made optional" if pol != "perm" else "it only permits brevity"
            )
            continue
        if userside:
            reason = "it describes the user's messages, not the replies"
            continue
        scope = [w for w, _ in ws[i + 1 : i + 4] if w not in ("the", "your", "all", "any", "a")]
        if scope[:1] in (["in"], ["for"], ["with"], ["when"]) and len(scope) > 1:
            scope = scope[1:]  # "concise in code", "brief for commit messages"
        if code or scope[:1] and scope[0] in CODE_NOUNS | WRITTEN_NOUNS:
            # "in short comments", "be concise in code, verbose in explanations"
            reason = f"it is about {noun_near(ws, i)}, not about the replies"
            continue
        if place.where != "system prompt" and (
            re.fullmatch(TOOL_DOES, ws[0][0])
            or {"output", "outputs", "result", "results"} & {w for w, _ in ws[:3]}
            and not has(ws, "AGENT")  # "Output is truncated to keep it short."
        ):
            reason = "it describes what the tool does, it is not a rule for the model"
            continue
        near = [w for w, k in ws[max(0, i - 2) : i + 3] if k & {"FILE", "DIR"} and w not in ANY]
        if near and not about_replies:
            reason = f"it is about {near[0]}, not about the replies"  # "Keep files short"
            continue
        if described(ws, i):
            reason = "it describes a tool, it is not a rule for the model"
            continue
        return True, "asks for short replies"
    return False, reason


def rule_read_first(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Reading a file required before changing it (read_first), and with no exception the
    model can meet: "Read a file before editing it, except for small changes" lets it edit
    those blind (an exception that is itself a read, "unless you have read it", is none)."""
    verdict = read_first(sentence, ws, place)
    cut = next((j for j, (w, _) in enumerate(ws) if w in ("except", "unless")), None)
    if verdict and verdict[0] and cut is not None and not (
        has(ws[cut:], "READ") or has(ws[cut:], "CREATE") or EXISTS & {w for w, _ in ws[cut:]}
    ):  # not "..., except when creating a new file": nothing to read there
        return False, "it asks to read first except in some cases, which are then edited blind"
    return verdict


def read_first(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Reading a file required before changing it: read ... before ... edit; before
    editing, read; edit only after reading; never edit without reading / a file you have
    not read; read first; read, then edit; no blind edits."""
    reads, mods = find(ws, "READ"), find(ws, "MOD")
    blind = any(w in ("blind", "blindly") for w, _ in ws)
    if blind and any(polarity(ws, m) == "neg" for m in mods):
        return True, "forbids blind edits"  # "no blind edits", "never edit from memory"
    if not reads:
        return None
    reason = "it asks to read, but not before editing"
    for r in reads:
        obj = []  # what is read: up to the verb of the clause ("a file you have not read is ...")
        for w, k in ws[r + 1 : r + OBJECT_WINDOW]:
            if w in COPULA or "BOUNDARY" in k:  # "read the README before editing anything"
                break
            obj.append((w, k))
        if has(obj, "NOTFILE_READ") and not (has(obj, "FILE") or has(obj, "DIR")):
            reason = (
                f"it is about reading {first_word(obj, 'NOTFILE_READ')}, not the file to change"
            )
            continue
        if ws[r][0] in ("check", "checking", "see") and (
            ws[r + 1 : r + 2]
            and ws[r + 1][0] in ("that", "whether", "if")
            or EXISTS & {w for w, _ in ws[r + 1 : r + 5]}
        ):  # "Check that the file exists before editing it": a fact, not the contents
            reason = "it is about checking a fact, not reading the file's contents"
            continue
        # the kind of file read, or (for "read it") the kind of file changed: "Before
        # editing any config file, read it first"
        edited = [ws[m + 1 : m + 1 + OBJECT_WINDOW] for m in find(ws, "MOD")]
        kind = [
            w
            for o in [obj, *edited]
            for j, (w, _) in enumerate(o[:-1])
            if "FILE" in o[j + 1][1] and w in SOME_FILES
        ]
        start = max([j + 1 for j, (w, k) in enumerate(ws[:r]) if w == ";" or "BOUNDARY" in k], default=0)
        kind += [  # "For long files, read the file first": a qualifier that leads the clause
            w for j, (w, k) in enumerate(ws[start:r]) if w in SOME_FILES
            and "FILE" in ws[start + j + 1][1] and {"for", "on", "with", "in"} & {x for x, _ in ws[start:start + j]}
        ]
        if kind:  # "Read large files before editing them": the others are edited unread
            reason = f"it asks to read first only for {kind[0]} files"
            continue
        if r and ws[r - 1][0] == "only" and {"when", "if", "where"} & {w for w, _ in ws[r + 1 :]}:
            reason = "it asks to read first only in some cases"  # "only read it when it is long"
            continue
        pol = polarity(ws, r)
        if pol == "perm" and only_allowed(ws, r):
            pol = "pos"  # "changes are only allowed on files you have read": a restriction
        if pol == "neg" and any(polarity(ws, m) == "neg" for m in mods if m < r):
            return True, "forbids editing what has not been read"  # "never edit ... not read"
        if pol != "pos":
            reason = {
                "neg": "it tells the model not to read first",
                "opt": "it makes reading first optional",
                "perm": "it only permits reading first",
            }[pol]
            continue
        if described(ws, r):
            reason = "it describes a tool, it is not a rule for the model"
            continue
        if someone_else(ws):
            reason = "it is about what someone else does"
            continue
        why = next((why for m in mods if (why := read_then_edit(ws, r, m))), None)
        if why:
            return True, why
        first = "first" in [w for w, _ in ws[max(0, r - 1) : r + OBJECT_WINDOW + 2]]
        if r > 1 and ws[r - 1][0] in ("a", "an") and ws[r - 2][0] in COPULA and mods:
            # "your first tool call on a file must be a read"
            first = first or "first" in [w for w, _ in ws[max(0, r - 12) : r - 2]]
        if first and not any(polarity(ws, m) == "neg" for m in mods if m > r):
            return True, "asks to read first"
        if place.this == "edit" and not mods and any(w in PRECONDITION for w, _ in ws):
            return True, "makes a read a precondition of this edit tool"
    return False, reason


def rule_create(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """How to create a file with the edit tool: an empty old-text argument for a new file
    ("to create a file, set old_str to an empty string"; an example with old_str="")."""
    empties = find(ws, "EMPTY")
    old = has(ws, "OLD") or place.implied_old
    if not empties or not old:
        return None
    if not has(ws, "CREATE"):
        return False, "it mentions an empty old text but not creating a file"
    if has(ws, "ERROR"):
        return False, "it says an empty old text is an error"
    creates = find(ws, "CREATE")
    # the nearest creation word in an empty's own clause ("Create files by editing them
    # with old_str empty; there is no separate create tool"), else anywhere
    clause = [
        c
        for c in creates
        if any(";" not in [w for w, _ in ws[min(c, e) : max(c, e)]] for e in empties)
    ]
    nearest = min(clause or creates, key=lambda c: min(abs(c - e) for e in empties))
    if governed(ws, nearest) == "neg":
        return False, "it says an empty old text does not create a file"
    for i in empties:
        if polarity(ws, i) != "neg":
            return True, "says a new file takes an empty old text"
    return False, "it says old text must not be empty"


# A ban on questions with no limit: the model then guesses even when a request is ambiguous
# (act/families/ambiguous.py). Words that make a ban something narrower: about permission,
# about clear or needless questions, with a condition.
NO_QUESTIONS = "forbids questions altogether: it acts on a guess even when a request is ambiguous"
ONLY_UNCLEAR = "asks only about unclear requests"  # neither a rule nor a limit, but it asks then
PERMISSION = re.compile(r"permission|confirm|approv|consent|go[- ]ahead|green light|sign[- ]off", re.I)
NOT_A_BAN = CLEAR | UNCLEAR | frozenset(
    "permission confirmation approval unnecessary needless obvious simple trivial routine doubt unless"
    " except instead yourself could can already".split())


def no_limit(ws: tuple[Word, ...], i: int) -> bool:
    """Is the negated ask at i a ban with nothing narrowing it in its clause ("Never ask
    questions; if ambiguous, guess", "never ask, even when unsure")?"""
    lo = max([j + 1 for j, (w, _) in enumerate(ws[:i]) if w in (";", ":")], default=0)
    hi = next((j for j in range(i, len(ws)) if ws[j][0] in (";", ":")), len(ws))
    clause = {w for w, _ in ws[lo:hi]}
    return "even" in clause or not (NOT_A_BAN & clause or CONDITION & clause or has(ws[lo:hi], "ONLY"))


def rule_ask(sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """Two readings: a clarification rule (the model asks questions), and a limit on it
    (only when the request is unclear; never about clear requests; as a last resort). A
    rule to ask only about unclear requests is neither (verdict None): it gives no reason
    to ask about a clear request, and takes none away."""
    if SHOWN_ASKING.search(" ".join(w for w, _ in ws)):
        return False, "an example reply asks the user for permission"
    asks = [i for i in find(ws, "ASK") if not person_asks(ws, i)]
    text = [w for w, _ in ws]
    questions = asks or [i for i, (w, _) in enumerate(ws) if w in ("question", "questions")]
    if not questions:
        return None
    pol = {i: "pos" if demanded(ws, i) else polarity(ws, i) for i in questions}
    # "Don't ask only when it's ambiguous": the negation is on the limit, not on asking
    negated = [i for i in questions if pol[i] == "neg" and ws[i + 1 : i + 2] != (("only", ONLY),)]
    if negated and all(how_many(ws, i) for i in negated):
        return False, "it limits how many questions, not when to ask"
    if negated and has(ws, "CREATE") and not has(ws, "MOD") and not (CLEAR | UNCLEAR) & set(text):
        # "New files can be created without asking": nothing about a change to a file
        return None, "it lets the model create files without asking, and says nothing of other requests"
    if negated and no_limit(ws, negated[0]) and not PERMISSION.search(sentence):
        return True, NO_QUESTIONS  # "Never ask the user a question."
    if negated:
        return True, "limits questions: it says when not to ask"
    for j, (w, k) in enumerate(ws):
        ahead = [x for x, _ in ws[j + 1 : j + 9]]
        if (
            "ONLY" in k
            and governed(ws, j) != "neg"
            and (
                {"if", "when", "where"} & set(ahead)
                or has(ws[j + 1 : j + 5], "DOUBT")
                or has(ws[j + 1 : j + 9], "DOUBT")
                and {"in", "as"} & set(ahead)
                or ahead[:1] == ["then"]
                and has(ws[:j], "DOUBT")  # "when unclear, and only then"
                or has(ws[j + 1 : j + 2], "ASK")
                and {"cannot", "unable"} & set(ahead)
            )
        ):  # "only if unclear", "only in ambiguous cases"; not "only in English"
            return True, "limits questions to unclear requests"
        if (
            w in ("otherwise", "else")
            and (GO & set(ahead[:3]) or has(ws[j + 1 : j + 4], "MOD"))
            and UNCLEAR & {x for x, _ in ws[:j]}
        ):  # "if the request is unclear, ask; otherwise act" (not "when in doubt": a model
            # is nearly always in some doubt, which is the lecture's point)
            return True, "limits questions: when the request is clear, it acts"
        if (
            w in ("otherwise", "else")
            and has(ws[j + 1 : j + 4], "ASK")
            and any(
                x in CLEAR and governed(ws, n) != "neg" and CONDITION & {y for y, _ in ws[:n]}
                for n, (x, _) in enumerate(ws[:j])
            )
        ):  # "if the request is clear, act; otherwise, ask"
            return True, "limits questions: it asks only when the request is not clear"
    if has(ws, "RESTRICT"):
        return True, "limits questions"
    if asks and re.search(
        r"\b(?:truly|genuinely|really|actually) (?:ambiguous|unclear|vague|uncertain)",
        " ".join(w for w, _ in ws),
    ):
        return True, "limits questions to requests that are truly unclear"
    if asks and all(when_unclear(ws, i) for i in asks if pol[i] in ("pos", "perm")):
        # "If the request is ambiguous, ask": no reason to ask about a clear request, but
        # no limit on another rule that gives one ("When in doubt, ask")
        return None, ONLY_UNCLEAR
    if asks and any(pol[i] in ("pos", "perm") for i in asks):
        return False, "a clarification rule with no limit"
    if (
        not asks
        and any(  # "Always end your reply with a question"
            pol[i] == "pos" and POSE & {w for w, _ in ws[max(0, i - 5) : i]} for i in questions
        )
    ):
        return False, "it tells the model to put questions to the user"
    return None


@dataclass(frozen=True)
class Recogniser:
    """One rule's reader, and how its verdicts combine."""

    mode: str  # the failure mode this rule prevents
    read: Callable[[str, tuple[Word, ...], Place], Verdict | None]  # None: not about this rule
    absent: str  # what a student reads when the rule is missing


RECOGNISERS: tuple[Recogniser, ...] = (
    Recogniser(
        "edits-without-reading", rule_read_first, "no rule says to read a file before changing it"
    ),
    Recogniser("deletes-by-emptying", rule_delete, "no rule forbids deleting files"),
    Recogniser("verbose-narration", rule_concise, "no rule asks for short replies"),
    Recogniser(
        "wrong-argument-format", rule_create, "nothing says that an empty old_str creates a file"
    ),
    Recogniser("asks-when-it-shouldnt", rule_ask, "no limit on clarifying questions"),
)


# ============================================================================ what a rule covers

# A file a rule names: "main.py", "src/app.js" (a name with an extension).
FILENAME = re.compile(r"[\w./-]*\w\.[A-Za-z]\w{0,5}")
# The word kinds whose object is the file a rule is about, per failure mode.
ACTS_ON = {"deletes-by-emptying": {"DEL"}, "edits-without-reading": {"READ", "MOD"},
           "wrong-argument-format": {"CREATE"}}
# A sentence that shows an example of a rule: the file it names stands for any file.
EXAMPLE = re.compile(r"\b(?:examples?|e\.g\.|for instance|such as|like)\b", re.I)
PRONOUNS = frozenset("it them one this that these those".split())


def named_files(mode: str, ws: tuple[Word, ...], heading: str, sentence: str) -> tuple[str, ...]:
    """The files a rule covers when it names them and nothing wider: "Never delete main.py"
    covers main.py only; "Never delete files", and an example that names a file, cover
    every file (). The object of each of the rule's verbs is looked at, after the verb (or,
    for "main.py must never be deleted", before it)."""
    acts = ACTS_ON.get(mode)
    if not acts or EXAMPLE.search(f"{heading} {sentence}"):
        return ()
    objects = []
    for i, (w, k) in enumerate(ws):
        if not k & acts or "TOOLSUBJ" in k:  # a tool's name (read_file) is not the verb
            continue
        sides = [ws[i + 1 : i + 1 + OBJECT_WINDOW]]
        if re.search(r"(?:ed|ion|ions|ing)$", w):  # "main.py must never be deleted"
            sides.append(tuple(reversed(ws[max(0, i - OBJECT_WINDOW) : i])))
        for side in sides:
            obj = _object(side)
            if obj:
                objects.append(obj)
                break
    if not objects or not all(FILENAME.fullmatch(o) for o in objects):
        return ()
    return tuple(dict.fromkeys(objects))


def _object(side: tuple[Word, ...]) -> str:
    """The first file or folder word of a verb's side, up to a clause's end or a pronoun."""
    for w, k in side:
        if "BOUNDARY" in k or w in (",", ";", ":") or w in PRONOUNS:
            return ""
        if k & {"FILE", "DIR"}:
            return w
    return ""


# ============================================================================ public API


@functools.lru_cache(maxsize=256)
def _analyse(key: tuple[Place, ...]) -> tuple[RuleFinding, ...]:
    found: dict[str, tuple[str, str, str]] = {}
    ignored: dict[str, list[Mention]] = {r.mode: [] for r in RECOGNISERS}
    unlimited: tuple[str, str] | None = None  # the first clarification rule without a limit
    named: dict[str, tuple[str, str, str, tuple[str, ...]]] = {}  # rules for named files only
    vetoed: dict[str, tuple[str, str, str]] = {}  # an order that takes a rule back (VETOES)
    for place in key:
        prev_read = False
        for heading, sentence in headed(place.text):
            kept = for_model(sentence)
            if kept is None:  # a report, or a rule for someone else: it binds no one here
                ws = words(in_context(heading, sentence), place.this)
                for r in RECOGNISERS:
                    if r.mode not in found and r.read(sentence, ws, place) is not None:
                        why = "it reports the past or is meant for someone else"
                        ignored[r.mode].append(Mention(place.where, sentence, why))
                prev_read = False
                continue
            sentence = kept
            ws = words(in_context(heading, sentence), place.this)
            own = words(sentence, place.this)  # without its heading, for a list of steps
            for r in RECOGNISERS:
                if r.mode in found and r.mode not in VETOES:
                    continue
                verdict = r.read(sentence, ws, place)
                if r.mode in VETOES and verdict == (False, VETOES[r.mode]):
                    vetoed.setdefault(r.mode, (place.where, sentence, verdict[1]))
                if r.mode in found:
                    continue
                if verdict is None and r.mode == "edits-without-reading" and prev_read:
                    # "1. Read the relevant file. 2. Only then edit it." / "3. Edit it."
                    if (
                        own
                        and (
                            own[0][0] in ("then", "after", "next", "finally") or own[0][0] == "only"
                        )
                        and has(own, "MOD")
                    ):
                        verdict = (True, "asks to read, then edit")
                    elif len(own) > 1 and "MOD" in own[0][1] and own[1][0] in ("it", "them"):
                        verdict = (True, "asks to read a file, then edit it")
                if verdict is not None and withdrawn(sentence):
                    why = "it names the rule only to withdraw it"
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                    continue
                if verdict is None:
                    continue
                counts, why = verdict
                files = named_files(r.mode, ws, heading, sentence) if counts else ()
                if files:  # it covers the files it names: look on for a rule that covers every file
                    earlier = named.get(r.mode, (place.where, sentence, why, ()))
                    named[r.mode] = (*earlier[:3], tuple(dict.fromkeys(earlier[3] + files)))
                elif counts:
                    found[r.mode] = (place.where, sentence, why)
                elif counts is None:  # neither a rule nor a look-alike of one
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                else:
                    ignored[r.mode].append(Mention(place.where, sentence, why))
                    if r.mode == "asks-when-it-shouldnt" and unlimited is None:
                        unlimited = (place.where, sentence)
            prev_read = previous_read(own)
    out = []
    for r in RECOGNISERS:
        seen = tuple(ignored[r.mode])
        if r.mode in vetoed:
            where, sentence, why = vetoed[r.mode]
            out.append(RuleFinding(r.mode, False, where, sentence, why, seen))
        elif r.mode in found:
            where, sentence, why = found[r.mode]
            out.append(RuleFinding(r.mode, True, where, sentence, why, seen))
        elif r.mode in named:
            where, sentence, why, files = named[r.mode]
            why = f"{why}, for {', '.join(files)} only: for any other file the rule is missing"
            out.append(RuleFinding(r.mode, True, where, sentence, why, seen, files))
        elif r.mode == "asks-when-it-shouldnt" and unlimited is None:
            out.append(RuleFinding(r.mode, True, "", "", "no clarification rule: it acts", seen))
        elif r.mode == "asks-when-it-shouldnt":
            where, sentence = unlimited
            why = "a clarification rule with no limit: it asks even about clear requests"
            out.append(RuleFinding(r.mode, False, where, sentence, why, seen))
        else:
            out.append(RuleFinding(r.mode, False, "", "", r.absent, seen))
    return tuple(out)


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


# A ban on changing files with a way out the model can take: "a file you have not read",
# "outside the project", "unless asked", "without reading it", "in bulk".
WAY_OUT = frozenset("outside unless except until without before after bulk blind blindly memory".split())


def bans_changes(ws: tuple[Word, ...], place: Place) -> bool:
    """'Never change any file', 'Do not modify existing files', 'Use edit_file only to
    create new files', and in the edit tool's description 'Do not use it on files that
    already exist': no file may be changed at all (creating one still may)."""
    if has(ws, "READ") or WAY_OUT & {w for w, _ in ws} or someone_else(ws):
        return False
    for i, (_, k) in enumerate(ws):
        if "ONLY" in k and has(ws[max(0, i - 1) : i], "MOD") and has(ws[i + 1 : i + 4], "CREATE"):
            return True  # "Use edit_file only to create new files", "use it only to create files"
        if ws[i + 1 : i + 2] == (("to", frozenset()),) and (has(ws[i + 2 : i + 3], "DEL") or has(ws[i + 2 : i + 3], "EMPTY")):
            continue  # "Never use this tool to empty or delete a file": a rule against deleting
        if "MOD" in k and "TOOLSUBJ" not in k and polarity(ws, i) == "neg" and object_of(ws, i) == "file":
            at = next(j for j in range(i + 1, len(ws)) if "FILE" in ws[j][1])
            rest = " ".join(w for w, _ in ws[at + 1 :]).split(";")[0].split(":")[0].strip(" ,.")
            # every file: "any file", "existing files", "files that already exist", "files in
            # the project"; not "binary files", "file permissions", "files the user did not mention"
            between = {w for w, x in ws[i + 1 : at] if not x & {"MOD", "DEL", "EMPTY"}}
            return between <= EVERY_FILE_WORDS and bool(EVERY_FILE.fullmatch(rest))
    return False


EVERY_FILE_WORDS = frozenset("any a an the all existing or and on to your project's".split())
EVERY_FILE = re.compile(r"|(?:that|which) (?:already )?exists?|(?:in|of) (?:the|this|your) (?:project|folder|"
                        r"directory|repository|repo|workspace)")


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
