"""The checks the rule table's steps name for the rules to read first, to create a file
with an empty old_str, and to limit clarifying questions (rule_checks.py has the others and
the Context they take), and the questions about asking only they ask: who asks
(person_asks), and whether asking is tied to unclear requests (when_unclear).
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand.clauses import Word, find, governed, has, kinds, polarity
from agentcourse.tutor.understand.clues import (
    COPULA,
    EXISTS,
    OBJECT_WINDOW,
    PRECONDITION,
    first_word,
    how_many,
    names_kind,
    read_then_edit,
)
from agentcourse.tutor.understand.lexicon import WORD_SETS
from agentcourse.tutor.understand.rule_checks import Check, Context
from agentcourse.tutor.understand.rule_scope import EXAMPLE, FILENAME, PRONOUNS

# ============================================================================ read first


def blind_edit(c: Context, i: int) -> bool:
    """'no blind edits', 'never edit from memory'."""
    blind = any(w in ("blind", "blindly") for w, _ in c.ws)
    return blind and any(polarity(c.ws, m) == "neg" for m in find(c.ws, "MOD"))


def read_object(c: Context, r: int) -> list[Word]:
    """What is read: up to the verb of the clause ("a file you have not read is ...")."""
    def compute() -> list[Word]:
        obj = []
        for w, k in c.ws[r + 1 : r + OBJECT_WINDOW]:
            if w in COPULA or "BOUNDARY" in k:  # "read the README before editing anything"
                break
            obj.append((w, k))
        return obj

    return c.once(("read_object", r), compute)


def reads_other_thing(c: Context, r: int) -> bool:
    """'Read the docs before editing', 'Read CONTRIBUTING.md before editing anything': the
    file it names is not the one changed (no edit acts on it or on a pronoun for it)."""
    obj = read_object(c, r)
    named = {w for w, _ in obj if FILENAME.fullmatch(w)}
    changed = {w for m in find(c.ws, "MOD") for w, _ in c.ws[m + 1 : m + 4]}  # "edit it", not "anything in this"
    pronoun = {w for m in find(c.ws, "MOD") for w, _ in c.ws[m + 1 : m + 2]} & PRONOUNS
    return has(obj, "NOTFILE_READ") and not (has(obj, "FILE") or has(obj, "DIR")) or bool(
        named and not (changed & named or pronoun) and not EXAMPLE.search(c.sentence))


def checks_a_fact(c: Context, r: int) -> bool:
    """'Check that the file exists before editing it': a fact, not the contents."""
    ws = c.ws
    return ws[r][0] in ("check", "checking", "see") and bool(
        ws[r + 1 : r + 2] and ws[r + 1][0] in ("that", "whether", "if")
        or EXISTS & {w for w, _ in ws[r + 1 : r + 5]}
    )


def file_kind(c: Context, r: int) -> str:
    """The kind of file read, or (for "read it") the kind of file changed ("Before editing
    any config file, read it first"), or a qualifier that leads the clause ("For long
    files, read the file first"): the others are edited unread."""
    ws = c.ws
    edited = [ws[m + 1 : m + 1 + OBJECT_WINDOW] for m in find(ws, "MOD")]
    kind = [
        w
        for o in [read_object(c, r), *edited]
        for j, (w, _) in enumerate(o[:-1])
        if "FILE" in o[j + 1][1] and names_kind(o[j])
    ]
    start = max([j + 1 for j, (w, k) in enumerate(ws[:r]) if w == ";" or "BOUNDARY" in k], default=0)
    them = ws[r + 1 : r + 2] and ws[r + 1][0] in ("them", "it") or ws[r - 1][0] in COPULA  # "read them", "must be read"
    kind += [
        w for j, (w, k) in enumerate(ws[0 if them else start:r]) if ("FILEKIND" in k or them and names_kind((w, k)))
        and "FILE" in ws[(0 if them else start) + j + 1][1]
        and (them or {"for", "on", "with", "in"} & {x for x, _ in ws[start:start + j]})
    ]
    return kind[0] if kind else ""


def read_first(c: Context, r: int) -> bool:
    """'read the file first', 'your first tool call on a file must be a read'."""
    ws, mods = c.ws, find(c.ws, "MOD")
    first = "first" in [w for w, _ in ws[max(0, r - 1) : r + OBJECT_WINDOW + 2]]
    if r > 1 and ws[r - 1][0] in ("a", "an") and ws[r - 2][0] in COPULA and mods:
        first = first or "first" in [w for w, _ in ws[max(0, r - 12) : r - 2]]
    return first and not any(polarity(ws, m) == "neg" for m in mods if m > r)


def exception_edited_blind(c: Context, i: int) -> bool:
    """'Read a file before editing it, except for small changes' lets it edit those blind;
    an exception that is itself a read ("unless you have read it") or a new file is none."""
    ws = c.ws
    cut = next((j for j, (w, _) in enumerate(ws) if w in ("except", "unless")), None)
    return cut is not None and not (
        has(ws[cut:], "READ") or has(ws[cut:], "CREATE") or EXISTS & {w for w, _ in ws[cut:]}
    )


READ: dict[str, Check] = {
    "reads_or_blind": lambda c, i: has(c.ws, "READ") or blind_edit(c, i),
    "blind_edit": blind_edit,
    "reads_other_thing": reads_other_thing,
    "purpose_of_a_read": lambda c, r: r > 1 and (c.ws[r - 1][0] == "to" or "so" in [w for w, _ in c.ws[r - 3 : r]])
    and (has(c.ws[: r - 1], "READ") or c.ws[r][0] in PURPOSE),
    "checks_a_fact": checks_a_fact,
    "some_files": file_kind,
    # "only read it when it is long", "read them first only when they are long": some cases
    "only_when": lambda c, r: r > 0 and c.ws[r - 1][0] == "only" and bool(WHEN & {w for w, _ in c.ws[r + 1 :]})
    or any(w == "only" and c.ws[j + 1][0] in WHEN for j, (w, _) in enumerate(c.ws[:-1]) if j > r),
    # "do not edit a file you have not read", "if you have not read it, do not edit it"
    "edit_negated_before": lambda c, r: any(polarity(c.ws, m) == "neg" for m in find(c.ws, "MOD")
                                            if m < r or c.ws[0][0] == "if"),
    "read_then_edit": lambda c, r: next((why for m in find(c.ws, "MOD") if (why := read_then_edit(c.ws, r, m))), ""),
    "read_first": read_first,
    # "Call it only after reading the file"; not "After this tool runs, read the snippet"
    "edit_tool_precondition": lambda c, r: c.place.this == "edit" and not has(c.ws, "MOD") and any(
        w in PRECONDITION and not (w == "after" and any(k >= {"TOOLSUBJ"} and "READ" not in k for _, k in c.ws[j + 1 : j + 3]))
        for j, (w, _) in enumerate(c.ws)),
    "exception_edited_blind": exception_edited_blind,
    # "...; all other files can be edited directly": those are edited unread
    "others_edited_directly": lambda c, r: any(c.pol(m) == "perm" and bool(DIRECT & {w for w, _ in c.ws[m + 1 : m + 4]})
                                               for m in find(c.ws, "MOD")),
}

# ============================================================================ empty old_str


def creation_negated(c: Context, i: int) -> bool:
    """The creation word nearest an empty, in the empty's own clause ("Create files by
    editing them with old_str empty; there is no separate create tool"), else anywhere, is
    negated: "an empty old_str does not create a file"."""
    ws, empties, creates = c.ws, find(c.ws, "EMPTY"), find(c.ws, "CREATE")
    clause = [
        n for n in creates
        if any(";" not in [w for w, _ in ws[min(n, e) : max(n, e)]] for e in empties)
    ]
    nearest = min(clause or creates, key=lambda n: min(abs(n - e) for e in empties))
    names_tool = nearest + 1 < len(ws) and ws[nearest + 1][0] in ("tool", "tools", "command", "function")
    return governed(ws, nearest) == "neg" and not names_tool  # "don't look for a create tool": not the act


CREATE: dict[str, Check] = {
    "old_text": lambda c, i: has(c.ws, "OLD") or c.place.implied_old,
    "creation_negated": creation_negated,
    "empty_not_negated": lambda c, i: any(polarity(c.ws, e) != "neg" for e in find(c.ws, "EMPTY")),
}

# ============================================================================ a limit on asking

ONLY = kinds("only")
POSE = frozenset(WORD_SETS["pose"].split())
# An example dialogue whose model turn asks for permission: 'User: "fix the typo" -> You:
# "Which typo, and should I fix it now?"'.
SHOWN_ASKING = re.compile(
    r"\buser : .*\b(?:you|assistant|agent|model|claude|bot) : (?:(?!\buser :).)*\b(?:should i"
    r"|shall i|may i|can i|do you want me to|would you like me to|is it (?:ok|okay|fine) (?:if|to)"
    r"|want me to)\b"
)


def when_unclear(ws: tuple[Word, ...], i: int) -> bool:
    """Whether the ask at i is only for unclear requests: its clause ties it to an unclear
    request ("if the request is ambiguous, ask", "ask when the instructions are vague",
    "clarify ambiguous requests", "ambiguous request -> ask") and to nothing else ("when in
    doubt", "if needed", "especially when ambiguous", "if anything is unclear")."""
    lo = max([j + 1 for j in range(i) if ws[j][0] == ";"], default=0)
    hi = next((j for j in range(i, len(ws)) if ws[j][0] == ";"), len(ws))
    clause = [w for w, _ in ws[lo:hi]]
    at = i - lo
    if BROADER & set(clause):
        return False
    tied = False
    for u, w in enumerate(clause):
        if w in CONDITION and not UNCLEAR & set(clause[u + 1 : u + 7]):
            if u and clause[u - 1] in ("not", "never"):
                continue  # "..., not when they are clear"
            return False  # a condition of another kind: "when in doubt", "if needed"
        if w not in UNCLEAR or polarity(ws[lo:hi], u) == "neg":
            continue
        if u < at and REASONS & set(clause[u:at]) and not CONDITION & set(clause[:u]):
            continue  # a reason, not a condition: "Requests are often ambiguous, so always ask"
        if u < at:  # the condition first: "if ... ambiguous, ask", "ambiguous request -> ask"
            tied = (
                tied
                or bool({",", "then", ":"} & set(clause[u:at]))
                or bool(CONDITION & set(clause[:u]))
            )
        else:  # "ask when ... vague", "clarify ambiguous requests"
            tied = tied or u - at <= 2 or bool(CONDITION & set(clause[at:u]))
    return tied


CONDITION = frozenset("if when whenever where for about".split())
WHEN = frozenset("when if where".split())
REASONS = frozenset("so therefore hence thus consequently".split())
BROADER = frozenset(WORD_SETS["broader"].split())
PURPOSE = frozenset(WORD_SETS["purpose"].split())
DIRECT = frozenset("directly straight immediately freely blind blindly right".split())

UNCLEAR = frozenset(WORD_SETS["unclear"].split())
CLEAR = frozenset(WORD_SETS["clear"].split())
GO = frozenset(WORD_SETS["go"].split())


def person_asks(ws: tuple[Word, ...], i: int) -> bool:
    """'the user asks', 'if asked', 'was asked': someone else asks, not the model."""
    if ws[i][0] in ("asks", "asked"):  # not "The assistant asks the user ..."
        return not (ws[i][0] == "asks" and has(ws[max(0, i - 2) : i], "AGENT"))
    before = ws[max(0, i - 3) : i]
    if any(w == "i" for w, _ in before):  # "if I ask you to delete a file": the user writing
        return True
    people = [j for j in range(max(0, i - 3), i) if "PERSON" in ws[j][1]  # "show it to the user and ask": not theirs
              and not {"to", "with", "for", "from"} & {w for w, _ in ws[max(0, j - 2) : j]}]
    return bool(people) and not has(before, "AGENT")


PERMISSION = re.compile(r"permission|confirm|approv|consent|go[- ]ahead|green light|sign[- ]off", re.I)
NOT_A_BAN = CLEAR | UNCLEAR | frozenset(WORD_SETS["not_a_ban"].split())


def asks(c: Context) -> list[int]:
    """The model's own asking words (not "the user asks", "if asked")."""
    return c.once("asks", lambda: [i for i in find(c.ws, "ASK") if not person_asks(c.ws, i)])


def questions(c: Context) -> list[int]:
    return asks(c) or [i for i, (w, _) in enumerate(c.ws) if w in ("question", "questions")]


def negated(c: Context) -> list[int]:
    """The asks a negation governs; "Don't ask only when it's ambiguous" negates the limit."""
    return [i for i in questions(c) if c.pol(i) == "neg" and c.ws[i + 1 : i + 2] != (("only", ONLY),)]



def ban_without_limit(c: Context, i: int) -> bool:
    """'Never ask questions; if ambiguous, guess', 'never ask, even when unsure': a ban on
    questions with nothing narrowing it in its clause."""
    ws, at = c.ws, negated(c)[0]
    lo = max([j + 1 for j, (w, _) in enumerate(ws[:at]) if w in (";", ":")], default=0)
    hi = next((j for j in range(at, len(ws)) if ws[j][0] in (";", ":")), len(ws))
    clause = {w for w, _ in ws[lo:hi]}
    unlimited = "even" in clause or not (NOT_A_BAN & clause or CONDITION & clause or has(ws[lo:hi], "ONLY"))
    return unlimited and not PERMISSION.search(c.sentence)


def only_if_unclear(c: Context, j: int) -> bool:
    """'only if unclear', 'only in ambiguous cases'; not 'only in English'."""
    ws = c.ws
    ahead = [x for x, _ in ws[j + 1 : j + 9]]
    return "ONLY" in ws[j][1] and governed(ws, j) != "neg" and bool(
        {"if", "when", "where"} & set(ahead)
        or has(ws[j + 1 : j + 5], "DOUBT")
        or has(ws[j + 1 : j + 9], "DOUBT") and {"in", "as", "for", "about", "on", "with"} & set(ahead)
        or ahead[:1] == ["then"] and has(ws[:j], "DOUBT")  # "when unclear, and only then"
        or has(ws[j + 1 : j + 2], "ASK") and {"cannot", "unable"} & set(ahead)
    )


def otherwise_act(c: Context, j: int) -> bool:
    """'if the request is unclear, ask; otherwise act' (not "when in doubt": a model is
    nearly always in some doubt, which is the lecture's point)."""
    ws = c.ws
    return ws[j][0] in ("otherwise", "else") and bool(
        GO & {x for x, _ in ws[j + 1 : j + 4]} or has(ws[j + 1 : j + 4], "MOD")
    ) and bool(UNCLEAR & {x for x, _ in ws[:j]})


def otherwise_ask(c: Context, j: int) -> bool:
    """'if the request is clear, act; otherwise, ask'."""
    ws = c.ws
    return ws[j][0] in ("otherwise", "else") and has(ws[j + 1 : j + 4], "ASK") and any(
        x in CLEAR and governed(ws, n) != "neg" and CONDITION & {y for y, _ in ws[:n]}
        for n, (x, _) in enumerate(ws[:j])
    )


ASK: dict[str, Check] = {
    "shows_asking": lambda c, i: bool(SHOWN_ASKING.search(c.text())),
    "questions": lambda c, i: bool(questions(c)),
    "asks": lambda c, i: bool(asks(c)),
    "negated_asks": lambda c, i: bool(negated(c)),
    "counts_questions": lambda c, i: all(how_many(c.ws, n) for n in negated(c)),
    # "New files can be created without asking": nothing about a change to a file
    "creates_without_asking": lambda c, i: has(c.ws, "CREATE") and not has(c.ws, "MOD")
    and not (CLEAR | UNCLEAR) & {w for w, _ in c.ws},
    "ban_without_limit": ban_without_limit,
    "only_if_unclear": only_if_unclear,
    "otherwise_act": otherwise_act,
    "otherwise_ask": otherwise_ask,
    # "Ask clarifying questions unless the request is clear"
    "unless_clear": lambda c, j: c.ws[j][0] == "unless" and bool(CLEAR & {x for x, _ in c.ws[j + 1 : j + 5]})
    and not has(c.ws[j + 1 : j + 5], "NEG") and any(c.pol(n) == "pos" for n in asks(c) if n < j),
    "truly_unclear": lambda c, i: bool(re.search(
        r"\b(?:truly|genuinely|really|actually) (?:ambiguous|unclear|vague|uncertain)", c.text())),
    # "If the request is ambiguous, ask": no reason to ask about a clear request, but no
    # limit on another rule that gives one ("When in doubt, ask")
    "all_when_unclear": lambda c, i: all(when_unclear(c.ws, n) for n in asks(c) if c.pol(n) in ("pos", "perm")),
    "tells_to_ask": lambda c, i: any(c.pol(n) in ("pos", "perm") for n in asks(c)),
    "poses_questions": lambda c, i: any(  # "Always end your reply with a question"
        c.pol(n) == "pos" and POSE & {w for w, _ in c.ws[max(0, n - 5) : n]} for n in questions(c)
    ),
}

CHECKS: dict[str, Check] = {**READ, **CREATE, **ASK}

FILLS = {
    "notfile": lambda c, r: first_word(read_object(c, r), "NOTFILE_READ"),
    "kind": file_kind,
}
