"""The checks the rule table's steps name (rule_table.RULES), for the rules against deleting
files and for short replies, and the ones every rule shares. Each takes the sentence being
read (a Context) and the position of the word in question (-1 for the whole sentence), and
returns whether it holds (a truthy string is a reason: rule_table's "{found}").

The questions themselves (what a delete acts on, who the subject is ...) are clues.py's;
here they are bound to the names the table uses. ask_checks.py has the other rules'.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.tutor.understand import clues
from agentcourse.tutor.understand.clauses import (
    Word,
    clause_of,
    described,
    find,
    first_marker,
    governed,
    has,
    polarity,
)
from agentcourse.tutor.understand.lexicon import ALONGSIDE, HEDGES
from agentcourse.tutor.understand.prompt_text import Place


@dataclass
class Context:
    """One sentence read for one rule: its words, where it stands, and what was worked out."""

    sentence: str
    ws: tuple[Word, ...]
    place: Place
    how: str = "plain"  # the row's polarity: "plain", "read" or "ask"
    memo: dict = field(default_factory=dict)

    def once(self, key: object, compute: Callable[[], object]) -> object:
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    def text(self) -> str:
        return self.once("text", lambda: " ".join(w for w, _ in self.ws))

    def pol(self, i: int) -> str:
        """Word i's polarity as the row reads it (rule_table's "polarity")."""
        return self.once(("pol", i), lambda: POLARITIES[self.how](self, i))


POLARITIES: dict[str, Callable[[Context, int], str]] = {
    "plain": lambda c, i: polarity(c.ws, i),
    # "changes are only allowed on files you have read": a restriction
    "read": lambda c, i: "pos" if polarity(c.ws, i) == "perm" and clues.only_allowed(c.ws, i) else polarity(c.ws, i),
    "ask": lambda c, i: "pos" if clues.demanded(c.ws, i) else polarity(c.ws, i),  # "never proceed without asking"
}

Check = Callable[[Context, int], object]

# ============================================================================ shared


def generic(name: str) -> Check | None:
    """The checks that take an argument: has:KIND, word:w, pol:X, governed:X, obj:X."""
    kind, _, arg = name.partition(":")
    if kind == "has":
        return lambda c, i: has(c.ws, arg)
    if kind == "word":
        return lambda c, i: c.ws[i][0] == arg
    if kind == "pol":
        return lambda c, i: c.pol(i) == arg
    if kind == "governed":
        return lambda c, i: governed(c.ws, i) == arg
    if kind == "obj":
        want = "" if arg == "none" else arg
        return lambda c, i: c.once(("obj", i), lambda: clues.object_of(c.ws, i)) == want
    return None


def hedged_in(kind: str) -> Check:
    """A hedge (HEDGES[kind]) in word i's clause; for -1, in the clause of the sentence's first read."""
    rx = re.compile(HEDGES[kind])

    def check(c: Context, i: int) -> bool:
        at = i if i >= 0 else (find(c.ws, "READ") or [-1])[0]
        return bool(rx.search(" ".join(w for w, _ in clause_of(c.ws, at))))

    return check


SHARED: dict[str, Check] = {
    "someone_else": lambda c, i: clues.someone_else(c.ws),
    "as_needed": hedged_in("as_needed"),  # "read the file when needed": no rule
    "described_marker": lambda c, i: described(c.ws, first_marker(c.ws)),
    "described_word": lambda c, i: described(c.ws, i),
}

# ============================================================================ never delete

def empties_instead(c: Context, i: int) -> bool:
    """'If asked to delete a file, empty it (replace its text with an empty string)'."""
    text = c.text()
    asked = re.search(r"\b(?:if|when|whenever)\b[^;]*?\b(?:ask|asks|asked|request|requests|wants|tells|told)\b"
                      r"[^;]*?\b(?:delete|remove|erase)\b", text)
    if not asked:
        return False
    rest = text[asked.end():]
    order = re.search(r"(?:^|[,;:] |\b(?:then|instead|just) )(?:empty|clear|blank|truncate) (?:it|them|the file)\b|"
                      r"\breplac\w* (?:all of )?(?:its|the file's|the) (?:whole |entire )?(?:text|content|contents)"
                      r" with (?:nothing|an empty|empty)", rest)
    return bool(order) and not re.search(r"\b(?:never|not|no|cannot|refuse)\b[^,;]*$", rest[: order.start()])


def permits_deleting(c: Context, i: int) -> bool:
    """'Deleting files is allowed; emptying them is not.': some delete word of the sentence,
    acting on files, is permitted (not only allowed, not by someone else)."""
    def compute() -> bool:
        ws = c.ws
        for j in find(ws, "DEL"):
            if ws[j][0] == "emptying" or clues.object_of(ws, j) not in ("file", ""):
                continue
            after = [w for w, _ in ws[j + 1 : j + 5]]  # "may be deleted only by the user"
            by_someone = "by" in after and has(ws[j + 1 : j + 6], "PERSON")
            if polarity(ws, j) == "perm" and not clues.only_allowed(ws, j) and not by_someone:
                return not clues.someone_else(ws)
        return False

    return bool(c.once("permits_deleting", compute))


DELETE: dict[str, Check] = {
    "empties_instead": empties_instead,
    "orders_delete": lambda c, i: clues.commands(c.ws, i),  # "...; remove them one at a time"
    "permits_deleting": permits_deleting,
    "how_many": lambda c, i: clues.how_many(c.ws, i),
    "unless_asked": lambda c, i: clues.unless_asked(c.ws, i),
    "no_means": lambda c, i: clues.no_means(c.ws, i),
    "on_condition": lambda c, i: clues.on_condition(c.ws, i),
    "hedged": hedged_in("hedged"),  # "try to avoid deleting files where you can"
    "refused_request": lambda c, i: clues.refused_request(c.ws, i),
    "encouraged": lambda c, i: has(c.ws[:i], "INVERT") and has(c.ws[:i], "NEG"),  # "do not hesitate to"
}

# ============================================================================ short replies


def about_replies(c: Context) -> bool:
    """'Explain the changes in a few short sentences': what the model says is its reply."""
    return bool(c.once("about_replies", lambda: has(c.ws, "ANSWER") or c.ws[0][0] in clues.SPEECH))


def code_sentence(c: Context) -> bool:
    """'Keep old_str short', 'Keep commit messages short': about code or an argument."""
    ws = c.ws
    return bool(
        (any("NONFILE" in k and w not in clues.WORDING for w, k in ws) or has(ws, "OLD") or has(ws, "ARG"))
        and not about_replies(c)
        or any(w == "codething" for w, _ in ws)
        and not clues.REPLY_NOUNS & {w for w, _ in ws}  # "Keep commit messages and replies short"
    )


def addressed(c: Context, i: int) -> bool:
    """The brevity word at i is said of the replies, of the model, or stands alone."""
    ws = c.ws
    return bool(
        about_replies(c)
        or has(ws, "AGENT")
        or i == 0
        or ws[i - 1][0] == ":"  # "Tone: brief", "## Style / - concise"
        or ws[i][0] in ("brevity", "concision", "lengthlimit")
        or any(w in clues.LEAD_VERBS for w, _ in ws[max(0, i - 2) : i])
        or ws[0][0] in clues.LEAD_VERBS and not any("BOUNDARY" in k for _, k in ws[1:i])  # "Be precise and brief"
    )


def about_code(c: Context, i: int) -> bool:
    """'in short comments', 'be concise in code, verbose in explanations'."""
    scope = [w for w, _ in c.ws[i + 1 : i + 4] if w not in ("the", "your", "all", "any", "a")]
    if scope[:1] in (["in"], ["for"], ["with"], ["when"]) and len(scope) > 1:
        scope = scope[1:]  # "concise in code", "brief for commit messages"
    return bool(code_sentence(c) or scope[:1] and scope[0] in clues.CODE_NOUNS | clues.WRITTEN_NOUNS)


def tool_does(c: Context, i: int) -> bool:
    """'Returns a short summary', 'Output is truncated to keep it short' in a tool's description."""
    ws = c.ws
    return c.place.where != "system prompt" and bool(
        re.fullmatch(clues.TOOL_DOES, ws[0][0])
        or {"output", "outputs", "result", "results"} & {w for w, _ in ws[:3]}
        and not has(ws, "AGENT")
    )


def near_file(c: Context, i: int) -> str:
    """'Keep files short': a file or folder word beside the brevity word (not of the replies)."""
    near = [w for w, k in c.ws[max(0, i - 2) : i + 3] if k & {"FILE", "DIR"} and w not in clues.ANY]
    return near[0] if near and not about_replies(c) else ""


def others_reply(c: Context, i: int) -> bool:
    """'The user answers briefly', 'Reviewers will reply tersely': someone else's replies."""
    ws = c.ws
    j = 1 if ws and ws[0][0] in ("the", "a", "each", "every", "our", "your") else 0  # the subject
    k = next((n for n in range(j + 1, min(j + 4, len(ws))) if ws[n][0] not in ALONGSIDE), len(ws))  # its verb
    return k < len(ws) and "PERSON" in ws[j][1] and "ANSWER" in ws[k][1] and not has(ws, "AGENT")

CONCISE: dict[str, Check] = {
    "brief_or_verbose": lambda c, i: has(c.ws, "BRIEF") or has(c.ws, "VERBOSE"),
    "minimum_after": lambda c, i: any(w in ("minimum", "minimal", "few") or "BRIEF" in k for w, k in c.ws[i + 1 :]),
    "brief_is_a_verb": lambda c, i: c.ws[i][0] == "brief" and i + 1 < len(c.ws)
    and c.ws[i + 1][0] in ("the", "them", "him", "her", "everyone"),
    "addressed": addressed,
    "only_on_request": lambda c, i: clues.only_on_request(c.ws, i),  # the later brevity word is the request's
    "negated_after": lambda c, i: clues.negated_after(c.ws, i),
    "userside": lambda c, i: has(c.ws, "USERSIDE") and not about_replies(c),
    "others_reply": others_reply,
    "about_code": about_code,
    "tool_does": tool_does,
    "near_file": near_file,
    # "Be brief, except when explaining what you did": the exception is where narration goes
    "except_narration": lambda c, i: any(w in ("except", "unless") and has(c.ws[j + 1 : j + 5], "VERBOSE")
                                         and not has(c.ws[j:], "PERSON") for j, (w, _) in enumerate(c.ws) if j > i),
}

CHECKS: dict[str, Check] = {**SHARED, **DELETE, **CONCISE}

# What a reason's "{noun}", "{near}" stand for (ask_checks.FILLS adds the read rule's).
FILLS: dict[str, Callable[[Context, int], str]] = {
    "noun": lambda c, i: clues.noun_near(c.ws, i),
    "near": near_file,
}
