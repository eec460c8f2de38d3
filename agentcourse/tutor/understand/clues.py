"""The questions the rule table's steps (through rule_checks.py and ask_checks.py) ask of a
sentence's words beyond polarity, and the word sets they use: what a delete acts on
(object_of), who the subject is (someone_else), on what condition or exception a
prohibition holds (on_condition, unless_asked), how a read and an edit are ordered
(read_then_edit), and whether two negations make asking a demand (demanded).

Each takes a clause as clauses.words() gives it and the position of the word in question;
the rule reader (rule_reader.py) turns the answers into a verdict and the reason a student
reads.
"""

from __future__ import annotations

import itertools
import re

from agentcourse.tutor.understand.clauses import (
    AUXILIARY,
    SUBORDINATORS,
    Word,
    first_marker,
    governed,
    governor,
    has,
    kinds,
    polarity,
)
from agentcourse.tutor.understand.lexicon import FOLDER_NAMES, REPLY_PLACES, WORD_SETS

# ---------------------------------------------------------------------------- never delete

# How far (in words) a subject or object is looked for from the word it belongs to.
OBJECT_WINDOW = 6


def object_of(ws: tuple[Word, ...], i: int) -> str:
    """'file', 'other', 'outside', 'some' (in one folder), 'kind' (of file) or '' for what
    word i acts on: the words after it, or
    for a participle or noun ("files must never be deleted", "file deletion") before it."""
    after = clause_after(ws, i)[:OBJECT_WINDOW]
    if any(w == "outside" for w, _ in after):
        return "outside"
    if REPLY_TEXT.search(" ".join(w for w, _ in after)):
        return "other"  # "Never delete the user's notes in your reply": text of the reply
    every = re.search(r"\b(?:or|and) (?:any|every|all) other files?\b", " ".join(w for w, _ in ws[i:]))
    for j, (_, k) in enumerate(after[1:], 1):  # "Never delete Python files": some files only
        if "FILE" in k and names_kind(after[j - 1]) and not every:
            return "kind"
    if in_one_folder(after):
        return "some"
    if any(w.endswith(("'s", "s'")) and not (k | n) & {"FILE", "BOUNDARY"} for (w, k), (_, n) in zip(after, after[1:], strict=False)):
        return "other"  # "a failing test's assertions": the owner is not the object
    for _, k in after:
        if "FILE" in k:
            return "file"
        if "NONFILE" in k or "DIR" in k:
            return "other"
    if re.search(r"(?:ed|ion|ions|al|als|ing)$", ws[i][0]) or i and ws[i - 1][0] in ("be", "been"):
        before = ws[max(0, i - OBJECT_WINDOW - 3) : i]  # the subject: "Files in src/ must be read"
        subject = before[max((j + 1 for j, (_, k) in enumerate(before) if "BOUNDARY" in k), default=0) :]
        if has(subject, "FILE") and in_one_folder(subject):
            return "some"
        for _, k in reversed(ws[max(0, i - OBJECT_WINDOW) : i]):
            if "BOUNDARY" in k:
                break
            if "FILE" in k:
                return "file"
            if "NONFILE" in k or "DIR" in k:
                return "other"
    return ""


def clause_after(ws: tuple[Word, ...], i: int) -> list[Word]:
    """The words after word i to the end of its clause (a boundary or a comma); a relative
    clause of a file is the file's ("files that you have not read")."""
    def goes_on(j: int) -> bool:
        w, k = ws[j]
        return w != "," and ("BOUNDARY" not in k or w in ("that", "which") and "FILE" in ws[j - 1][1])
    return [ws[j] for j in itertools.takewhile(goes_on, range(i + 1, len(ws)))]


def in_one_folder(ws: tuple[Word, ...] | list[Word]) -> bool:
    """'files in the .git directory', 'files in node_modules', not 'in the project folder'."""
    for j, (w, _) in enumerate(ws):
        where = ws[j + 1 : j + 4]
        named = [x for x, _ in where if x not in ("the", "your", "a")][:1]
        folder = has(where, "DIR") or bool(named) and ("_" in named[0] or "/" in named[0] or named[0] in FOLDERS)
        if w in ("in", "inside", "within", "under", "from", "of") and folder and not WHOLE & {x for x, _ in where}:
            return True
    return False


FOLDERS = frozenset(FOLDER_NAMES.split())
ANY_FILE = frozenset(WORD_SETS["any_file"].split())


def names_kind(w: Word) -> bool:
    """A word before "files" that names a kind of file: "Python", "migration", "fixture"."""
    return "FILEKIND" in w[1] or not w[1] and len(w[0]) > 3 and w[0].isalpha() and w[0] not in ANY_FILE
REPLY_TEXT = re.compile(rf"\b(?:in|from|of) (?:the |your )?(?:{REPLY_PLACES})\b")
WHOLE = frozenset(WORD_SETS["whole"].split())


def someone_else(ws: tuple[Word, ...]) -> bool:
    """'Users cannot delete files': the sentence is about what other people do. Not 'Even
    if the user asks, refuse to delete files': after a clause about the user, the main
    clause opens with an order to the model."""
    at = first_marker(ws)
    head = ws[: min([at] + [j for j, (w, _) in enumerate(ws) if j and w in SUBORDINATORS])]
    commas = [j for j, (w, _) in enumerate(head) if w == ","]
    if commas and at < len(ws) and ws[at][0] not in SUBJECT_MODALS:
        if {w for w, _ in ws[commas[-1] + 1 : at]} <= {"do", "please", "just", "then", "so"}:
            return False
    return has(head, "PERSON") and not has(head, "AGENT") and not has(ws[:1], "BOUNDARY")


SUBJECT_MODALS = frozenset(WORD_SETS["subject_modals"].split())


def commands(ws: tuple[Word, ...], i: int) -> bool:
    """'...; remove them one at a time': a delete verb that opens a clause of its own, with
    nothing governing it, is an order to delete."""
    if re.search(r"(?:ing|ion|ions|al|ed|s)$", ws[i][0]):
        return False  # "Deleting files is forbidden": a subject, not an order
    opens = i == 0 or ws[i - 1][0] in (";", ":", "then", "and")
    nxt = ws[i + 1][0] if i + 1 < len(ws) else ""
    thing = nxt in DETERMINERS or "FILE" in kinds(nxt)
    return opens and thing and governed(ws, i) == "pos" and not has(ws[:i], "PERSON")


DETERMINERS = frozenset("them it the a an any all those these each every its".split())


def unless_asked(ws: tuple[Word, ...], i: int) -> bool:
    """'Never delete files unless the user asks': the exception is the request itself."""
    words_ = [w for w, _ in ws[i + 1 :]]
    for j, w in enumerate(words_):
        if w in ("unless", "except"):
            return bool(ASKED & set(words_[j + 1 : j + 6]))
    return False


def no_means(ws: tuple[Word, ...], i: int) -> bool:
    """'There is no tool to delete files', 'you have no way to delete files': the negation
    denies a means, not the action (unless a modal makes it a rule)."""
    _, at = governor(ws, i)
    return (
        at >= 0
        and ws[at][0] == "no"
        and at + 1 < i
        and ws[at + 1][0] in MEANS
        and not has(ws, "MODAL")
    )


MEANS = frozenset("tool tools way ways command commands function means option ability".split())


def on_condition(ws: tuple[Word, ...], i: int) -> bool:
    """'Never delete files without a backup', '... a file you have not read', '... without
    asking': allowed once the condition is met (a request to delete is the user's leave)."""
    own = clause_after(ws, i)
    after, kinds_ = [w for w, _ in own], [k for _, k in own]
    if any(  # "Never delete a file you have not read": reading it meets the condition
        after[j] in AUXILIARY and "NEG" in kinds_[j + 1] and kinds_[j + 2] & {"READ", "CREATE"}
        for j in range(len(after) - 2)
    ):
        return True
    rest = [w for w, _ in ws[i + 1 :]]
    # "Avoid deleting files unless it is necessary": the model judges the need, and a request
    # makes one; "unless you made a backup first": the model can make one
    for j, w in enumerate(rest):  # "except the ones you created", "except temporary files": some files
        if w in ("unless", "except"):
            return w == "except" or bool((NEEDED | BACKUP) & set(rest[j + 1 : j + 6]))
    pre = [w for w, _ in ws[: max(0, i - 1)]]  # "Ohne Rückfrage keine Dateien löschen": the condition first
    if "without" not in after:
        return "without" in pre and not {"exception", "fail"} & set(pre[pre.index("without") + 1 :][:4])
    return not {"exception", "fail"} & set(after[after.index("without") + 1 :][:4])


NEEDED = frozenset(WORD_SETS["needed"].split())
BACKUP = frozenset(WORD_SETS["backup"].split())
ASKED = frozenset(WORD_SETS["asked"].split())


def refused_request(ws: tuple[Word, ...], i: int) -> bool:
    """'If the user asks you to delete a file, decline / say that you cannot.'"""
    before = [w for w, _ in ws[:i]]
    asked = any(w in ("if", "when", "whenever") for w in before) and bool(ASKED & set(before))
    # "Deletion requests: say no", "any request to delete a file: decline"
    near = [w for w, _ in ws[max(0, i - 3) : i + 2]]
    asked = asked or bool({"request", "requests"} & set(near))
    return asked and bool(REFUSING & {w for w, _ in ws[i + 1 :]})


REFUSING = frozenset("decline declines refuse cannot unable not no forbidden".split())


def noun_near(ws: tuple[Word, ...], i: int) -> str:
    """The thing other than a file that word i is about ("lines", "comments"), for a reason."""
    near = ws[max(0, i - OBJECT_WINDOW) : i] + ws[i + 1 : i + OBJECT_WINDOW + 1]
    found = next((w for w, k in near if "NONFILE" in k), "something else")
    return "code or its output" if found == "codething" else found  # PHRASES' word for them


# ---------------------------------------------------------------------------- concise replies

ANY = frozenset("anything something everything".split())
WORDING = frozenset(WORD_SETS["wording"].split())
SPEECH = frozenset(WORD_SETS["speech"].split())
CODE_NOUNS = frozenset(WORD_SETS["code"].split())
REPLY_NOUNS = frozenset("replies answers responses".split())
WRITTEN_NOUNS = frozenset(WORD_SETS["written"].split())
# A tool description that starts "Returns ...", "Shows ...": what the tool does.
TOOL_DOES = r"(?:return|read|list|show|print|give|output|write|create|replace|perform|make|fetch"
TOOL_DOES += r"|display|produce|send|find|search|load|open)s"

LEAD_VERBS = frozenset(WORD_SETS["lead"].split())


def only_on_request(ws: tuple[Word, ...], i: int) -> bool:
    """'Be brief only when the user asks for a short answer', 'If the user asks for a summary,
    keep it brief': brevity on request only."""
    head = {w for w, _ in ws[:i]}  # "If the user asks for a summary, ...", "When the user is in a hurry, ..."
    if ws[0][0] in ("if", "when", "whenever") and (ASKED & head and SUMMARY & head or has(ws[1:3], "PERSON")
                                                   and not {"question", "questions"} & head and not otherwise_brief(ws)):
        return True
    after = [w for w, _ in ws[i + 1 :]]
    for j, w in enumerate(after):
        if w == "only" and after[j + 1 : j + 2] in (["when"], ["if"], ["whenever"]):
            return bool(ASKED & set(after[j + 2 : j + 6]))
        if w in ("when", "if", "whenever") and after[j - 1 : j] != ["even"]:  # "... when the user asks for it"
            about_user = ASKED & set(after[j + 1 : j + 5]) or any("PERSON" in kinds(x) for x in after[j + 1 : j + 3])
            return bool(about_user) and not {"question", "questions"} & set(after[j:])  # "when the user is in a hurry"
        if w not in (",", "but", "and") and "ANSWER" not in kinds(w) and w not in REPLY_NOUNS:
            return False  # "Be brief; expand only when the user asks": another clause's
    return False


def otherwise_brief(ws: tuple[Word, ...]) -> bool:
    """'...; otherwise just give the result, briefly': brevity in the other case too."""
    return any(w == "otherwise" and has(ws[j:], "BRIEF") for j, (w, _) in enumerate(ws))


SUMMARY = frozenset(WORD_SETS["summary"].split())


def negated_after(ws: tuple[Word, ...], i: int) -> bool:
    """'Briefly is not ...': a copula and a negation right after the word."""
    nxt = [w for w, _ in ws[i + 1 : i + 3]]
    return len(nxt) == 2 and nxt[0] in ("is", "are", "was") and nxt[1] in ("not", "never")


# ---------------------------------------------------------------------------- read first

COPULA = frozenset("is are was were be".split())
EXISTS = frozenset(WORD_SETS["exists"].split())

def only_allowed(ws: tuple[Word, ...], i: int) -> bool:
    """'only allowed / may only': the permission that governs word i is a restriction."""
    state, at = governor(ws, i)
    return state == "perm" and "only" in [w for w, _ in ws[max(0, at - 2) : at + 2]]


PRECONDITION = frozenset(WORD_SETS["precondition"].split())


def read_then_edit(ws: tuple[Word, ...], r: int, m: int) -> str | None:
    """How the read at r and the change at m are ordered, if the sentence orders them."""
    words_ = [w for w, _ in ws]
    if m > r:  # read ... before/then ... edit
        between = words_[r + 1 : m]
        if "unless" in words_[max(0, r - 4) : r] and polarity(ws, m) == "neg":
            return "forbids editing unless the file was read"  # "unless you have read it, do not edit it"
        return "asks to read before editing" if {"before", "then"} & set(between) else None
    gap, head = words_[m + 1 : r], words_[:m]
    if polarity(ws, m) == "neg" and {"until", "unless", "before"} & set(gap):
        return "forbids editing before reading"  # "do not change a file until you have read it"
    once = any(w == "once" and gap[j + 1 : j + 2] in (["you"], ["the"], ["it"], ["they"], ["a"], ["an"], ["we"])
               for j, w in enumerate(gap))
    if ("after" in gap or once) and "after" not in head:  # "once the agent has read it", not "appear once"
        return "allows editing only after reading"  # "edit only after reading"
    if "before" in head:
        return "asks to read before editing"  # "before you edit a file, read it"
    only = "only" in gap or "only" in words_[max(0, m - 2) : m]
    if only and {"have", "already", "previously"} & set(gap):
        return "allows editing only what has been read"  # "(only) edit (only) files you have read"
    need = [j for j in range(m + 1, r) if words_[j] in ("require", "requires", "required")]
    if need and r - need[-1] <= 4:
        return "makes editing require a read"  # "every edit requires a prior read"
    return None


def first_word(ws: tuple[Word, ...], kind: str) -> str:
    """The first word of kind `kind` ("something else" when there is none), for a reason."""
    return next((w for w, k in ws if kind in k), "something else")


def previous_read(ws: tuple[Word, ...]) -> bool:
    """Whether a step asks to read a file, so that the next step's "Only then edit it." or
    "Edit it." makes a read-first rule of the two."""
    return has(ws, "READ") and not has(ws, "NEG") and not has(ws, "NOTFILE_READ") and not any(  # not "Read README.md."
        re.fullmatch(r"[\w./-]*\w\.[A-Za-z]\w{0,5}", w) for w, _ in ws)


# ---------------------------------------------------------------------------- a limit on asking

def demanded(ws: tuple[Word, ...], i: int) -> bool:
    """'Never proceed without asking', 'do nothing without the user's confirmation': two
    negations make asking a demand."""
    return any(ws[j][0] == "without" and governed(ws, j) == "neg" for j in range(max(0, i - 2), i))


def how_many(ws: tuple[Word, ...], i: int) -> bool:
    """'Never ask more than one question': a limit on how many questions, not on when."""
    after = [w for w, _ in ws[i + 1 : i + 5]]
    return bool(
        {"more", "multiple", "several", "many", "over", "bulk", "batch", "batches"} & set(after)
    )
