"""One reader for every row of the rule table (rule_table.RULES): a sentence's words in,
a verdict out.

    read(row, sentence, ws, place) -> (counts, why) | None

counts is True (the sentence states the rule), False (a look-alike: why says what it is)
or None (neither: it says something about the rule that decides nothing); None for the
whole verdict: the sentence is not about the rule. rule_table.py's docstring says how a
row is read; the checks its steps name are rule_checks.py's and ask_checks.py's.
"""

from __future__ import annotations

import functools
import string

from agentcourse.tutor.understand import ask_checks, rule_checks
from agentcourse.tutor.understand.clauses import Word, find
from agentcourse.tutor.understand.prompt_text import Place
from agentcourse.tutor.understand.rule_checks import Check, Context

Verdict = tuple[bool | None, str]  # (counts, how it was read); None: neither

CHECKS: dict[str, Check] = {**rule_checks.CHECKS, **ask_checks.CHECKS}
FILLS = {**rule_checks.FILLS, **ask_checks.FILLS}
DECIDES = {"count": True, "reject": False, "neither": None}


@functools.cache
def check(condition: str) -> tuple[Check, bool]:
    """The check a condition names, and whether it is negated ("not X")."""
    name = condition.removeprefix("not ")
    found = CHECKS.get(name) or rule_checks.generic(name)
    if found is None:
        raise KeyError(f"rule table: no check named {name!r}")
    return found, condition.startswith("not ")


def holds(conditions: tuple[str, ...], c: Context, i: int) -> object:
    """Whether every condition holds for word i; the last one's value when it does."""
    value: object = True
    for condition in conditions:
        test, negated = check(condition)
        value = test(c, i)
        if bool(value) == negated:
            return False
    return value or True


def reason(template: str, c: Context, i: int, value: object) -> str:
    """A step's reason with its "{...}" filled in from the sentence."""
    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    if not names:
        return template
    values = {n: value if n == "found" else FILLS[n](c, i) for n in names}
    return template.format(**values)


def positions(kind: str, ws: tuple[Word, ...]) -> list[int]:
    if kind == "":
        return [-1]
    return list(range(len(ws))) if kind == "*" else find(ws, kind)


def read(row: dict, sentence: str, ws: tuple[Word, ...], place: Place) -> Verdict | None:
    """The row's verdict on one sentence (see the module's docstring)."""
    c = Context(sentence, ws, place, row["polarity"])
    if not holds(row["about"], c, -1):
        return None
    why = row["start"]
    for kind, steps in row["stages"]:
        for i in positions(kind, ws):
            for conditions, action, text in steps:
                value = holds(conditions, c, i)
                if not value:
                    continue
                if action == "none":
                    return None
                if action in DECIDES:
                    verdict = (DECIDES[action], reason(text, c, i, value))
                    return after(row, c, verdict)
                if action == "note" or action == "keep" and not why:
                    why = reason(text, c, i, value)
                break  # note, keep, next: on to the next word
    return None if row["end"] == "none" else (False, why)


def after(row: dict, c: Context, verdict: Verdict) -> Verdict:
    """A verdict that counts, unless one of the row's exceptions takes it back."""
    if verdict[0]:
        for conditions, _, text in row["after"]:
            if holds(conditions, c, -1):
                return False, text
    return verdict
