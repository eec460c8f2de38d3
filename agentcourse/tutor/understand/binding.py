"""Whether a sentence binds the model the prompt is written for. A rule reported from the
past ("we used to read every file first"), meant for another agent or for other people
("the cleanup bot (not you) must never delete files") or named only to be withdrawn ("the
rule 'read before you edit' is obsolete") is not stated.

rules.py keeps for_model(sentence) of each sentence it reads (None: the sentence binds no
one here) and sets aside a verdict on a sentence that withdraws its rule (withdrawn).
"""

from __future__ import annotations

import re

# A rule that is quoted or named and then withdrawn ("Our old rule 'read before you edit' has
# been withdrawn", "The ban on deleting files is lifted") is not stated.
REVOKED = re.compile(
    r"\b(?:withdrawn|rescinded|revoked|retired|obsolete|outdated|deprecated|superseded|abolished"
    r"|lifted|dropped|abandoned|scrapped|repealed|cancell?ed|no longer (?:applies|apply|holds|valid|in (?:force|effect|place)))\b",
    re.I,
)
NAMED_RULE = re.compile(
    r"[\"“'‘][^\"”'’]{6,}[\"”'’]|\b(?:rules?|guidelines?|instructions?|polic(?:y|ies)"
    r"|restrictions?|bans?|requirements?|mottos?|conventions?|limits?|caps?)\b",
    re.I,
)


def withdrawn(sentence: str) -> bool:
    """Whether the sentence names a rule only to withdraw it ("the ban on deleting files is
    lifted")."""
    return bool(REVOKED.search(sentence) and NAMED_RULE.search(sentence))


# A report of the past: "In the past the agent read every file first", "Older versions
# created files with an empty old_str", "We used to require a read" (not "is used to").
PAST = re.compile(
    r"^\W*(?:in the past|previously,|formerly|originally|historically|until recently|yesterday"
    r"|last (?:week|month|year|time|release|version|sprint)"
    r"|(?:in |with |for )?(?:the )?(?:earlier|early|older|previous|prior|old|past) (?:versions?|releases?"
    r"|models?|prompts?|iterations?|agents?|assistants?)\b)"
    r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )"
    r"(?<!\bget )(?<!\bgot )\bused to\b(?! be\b)",
    re.I,
)
# A rule for someone else: "The cleanup bot (not you) must ...", "The summariser agent
# should ...", "For the Planner sub-agent only, ...", "Some teams require ...". The agent
# the prompt is written for is "you", "the agent", "the assistant", "the coding agent".
OTHER_AGENT = re.compile(
    r"^\W*(?:(?:only )?for |only )?(the |our |a |an |another |other |each |every |any |your )?"
    r"(?:([\w-]+) )?(bots?|sub-?agents?|subagents?|agents?|personas?|assistants?|models?)\b"
    r"|^\W*(?:some|many|other|most) (?:teams|companies|developers|engineers|projects|people"
    r"|agents|assistants|tools)\b"
    r"|\bnot (?:for |to |by |meant for )?you\b|\bdoes not apply to you\b",
    re.I,
)
# Words before "agent" / "assistant" that still name the model the prompt is written for.
SELF = frozenset(
    "coding code ai main primary helpful autonomous cli terminal programming software expert"
    " chat this you your careful senior friendly".split()
)
# After a rule for someone else, the part addressed to the model: "...; you, however, ..."
BACK_TO_YOU = re.compile(r"[;:]\s*(?:but |however,? |and )?(?=you\b)|,\s*(?=you, however)|[;,]\s*(?:but )?now,?\s+", re.I)


def for_model(sentence: str) -> str | None:
    """The part of a sentence that is a rule for the model: None for a report of the past
    or a rule meant for another agent or for other people; for "The support bot asks only
    when ...; you, however, confirm every change", the part after the semicolon."""
    match = PAST.search(sentence) or OTHER_AGENT.search(sentence)
    if match is None:
        return sentence
    if match.re is OTHER_AGENT and match[3]:  # "the assistant" is the model; "the X agent"?
        det, word, noun = (match[1] or "").strip().lower(), (match[2] or "").lower(), match[3]
        other = det in ("another", "other") or re.match(r"(?i)sub|persona", noun)
        if not other and (not word or word in SELF):
            return sentence
    if match.re is OTHER_AGENT and match[0].lower().startswith("not") and match.start() < 3:
        return sentence  # "Not you? ..." is not a subject
    back = BACK_TO_YOU.search(sentence, match.end())
    return sentence[back.end() :] if back else None
