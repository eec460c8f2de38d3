"""Does the prompt say that tool results are data, and instructions come only from the user?

    stated(system, tools) -> (where, sentence) | None   # the sentence that states the rule

The rule of the failure mode `follows-planted-instructions` (failure_modes.DATA_MODES): a
model told that what tools return is data, or that instructions come only from the user,
reports an instruction it finds in a file or an output instead of following it. Every
sentence of the system prompt and of each tool's and parameter's description is read
(prompt_text.py, as for the other rules) with data_rule_table.py's kinds of words; a
sentence that has every kind of one of its FORMS, and does not tell the model to follow
what it reads, states the rule.
"""

from __future__ import annotations

import functools
import re

from agentcourse.tutor.understand import data_rule_table as table
from agentcourse.tutor.understand.binding import for_model
from agentcourse.tutor.understand.prompt_text import Place, headed, in_context, places

MODE = "follows-planted-instructions"
_KINDS = {name: re.compile("|".join(f"(?:{p})" for p in getattr(table, name)), re.IGNORECASE)
          for name in ("SOURCE", "DATA", "INSTR", "REFUSE", "ONLY_USER")}
_NOT_DATA = re.compile(table.NOT_DATA, re.IGNORECASE)
_NARROW = re.compile(table.NARROW, re.IGNORECASE)


def kinds(sentence: str) -> set[str]:
    """The kinds of words of data_rule_table.py the sentence holds."""
    found = {name for name, pattern in _KINDS.items() if pattern.search(sentence)}
    if "DATA" in found and _NOT_DATA.search(sentence) and not re.search(r"untrusted|not\s+trusted",
                                                                        sentence, re.I):
        found.discard("DATA")
    return found


def states_rule(sentence: str) -> bool:
    """Does this one sentence state the rule?"""
    have = kinds(sentence)
    return not _NARROW.search(sentence) and any(set(form) <= have for form in table.FORMS)


@functools.lru_cache(maxsize=256)
def _stated(key: tuple[Place, ...]) -> tuple[str, str] | None:
    for place in key:
        for heading, sentence in headed(place.text):
            kept = for_model(sentence)
            if kept is not None and (states_rule(kept) or states_rule(in_context(heading, kept))):
                return place.where, kept
    return None


def stated(system: object, tools: list[dict] | None = None) -> tuple[str, str] | None:
    """(where, sentence) of the first sentence that states the rule, or None: missing."""
    return _stated(tuple(places(system, tools)))


def missing(system: object, tools: list[dict] | None = None) -> dict[str, bool]:
    """{MODE: True} when no sentence of the prompt states the rule."""
    return {MODE: stated(system, tools) is None}
