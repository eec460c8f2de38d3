"""A request put in the order the intent table's words are read in: the forms the tutor tries
last (intents.forms), when no row reads the request as typed or in plain words.

    reshaped("Could the tests be run once more?")        # "run the tests once more."
    reshaped("please the tests run.", verb_last=True)    # "please run the tests." (German order)
    reshaped("old.py is dead code, please delete it.")    # "old.py is dead code, delete old.py."
    context_free("old.py is dead code, delete old.py.")   # "delete old.py."

Each step is a rule about how people write, never a phrasing of one task:

- chat words ("u", "pls", "thx"), fillers ("still", "just"), emoji and other symbols, a
  "please" inside the request and a space before "?"; "can someone" asks as "can you" does;
  "I'd like to see" is "show me"; "I need to find out" opens a question;
- a slip in a task object of four letters, one inner letter dropped ("tets"); longer words
  are mended before (intents.forms);
- the passive with a modal ("The tests should be run", "Could old.py be deleted?", "it would
  help if each file were summarised") in the active, the verb first; "X should be 20, not
  10" and "I'd like X to be 20" are "set X to 20"; "would you mind running" is "would you run";
- "it" after a task verb or "to" stands for the one name (a file, a code name) before it;
- in German, a task verb that ends an order put first, and a parameter written as a noun
  ("default Timeout", from "Standard-Timeout") in lower case;
- opening clauses and sentences that hold no task verb dropped (context_free).

A past or negated request stays as it is ("was deleted", "nicht ausführen"), and so does a
passive with an agent ("should be run by CI"): only a modal or a wish makes a passive an
order. intents.ranked keeps general questions and negated verbs from commands.
"""

from __future__ import annotations

import re
import unicodedata

from agentcourse.tutor.understand.inflect import VERBS
from agentcourse.tutor.understand.intent_table import INTENTS

_CHAT = {"u": "you", "r": "are", "ur": "your", "pls": "please", "plz": "please", "thx": "thanks", "ty": "thanks"}
_REWORDED = ((r"\b(?:still|just|actually|really|quickly)\s+", ""), (r"\s+([?!:;])", r"\1"),  # "io.py ?"
             (r"(?<=\S)(,?)\s+please\b,?", r"\1"),  # a courtesy inside the request: "delete please tmp.py"
             (r"\bcan (?:someone|somebody|anyone)\b", "can you"),
             (r"\bexplain to me\b", "explain"), (r"\b(?:i'?d like|i would like|i want|let me) to see\b", "show me"),
             (r"^\s*i (?:need|want|would like|'d like) to (?:find out|figure out|learn|understand)\s+", ""))
_MODAL = r"(?:should|must|needs? to|has to|have to|ought to)"
_LEAD = r"(?P<lead>(?:.*?[,:]\s+)?)"  # an opening clause the subject follows ("In a.py, ...")
_PASSIVES = (  # (pattern, whether it was a question): the subject, the participle, the rest
    (re.compile(rf"^{_LEAD}(?P<np>[^,:]+?)\s+{_MODAL}\s+be\s+(?P<pp>[a-z]+)\b(?P<rest>.*)$", re.I), False),
    (re.compile(rf"^{_LEAD}(?:can|could|would|will|may)\s+(?P<np>[^,:]+?)\s+(?:please\s+)?be\s+(?P<pp>[a-z]+)\b"
                r"(?P<rest>.*?)\s*\??\s*$", re.I), True),
    (re.compile(r"^(?P<lead>)(?:it would (?:be (?:great|nice|good|helpful)|help(?: me)?(?: a lot)?)|i'?d (?:appreciate|love) "
                r"it|i would (?:appreciate|love) it)\s+if\s+(?P<np>.+?)\s+(?:were|was|could be|got)\s+(?P<pp>[a-z]+)\b"
                r"(?P<rest>.*)$", re.I), False),
)
_VALUE = r"-?\d[\d.]*|True|False|None|\"[^\"]*\"|'[^']*'"
_WAS = rf"(?P<was>,?\s*(?:not|instead of|rather than)\s+(?:{_VALUE}))?\s*(?P<end>[.!]?)\s*$"  # ", not 10"
_COPULAS = (re.compile(rf"^{_LEAD}(?P<np>[^,:]+?)\s+{_MODAL}\s+be\s+(?P<v>{_VALUE}){_WAS}"),  # "X should be 5"
            re.compile(rf"^(?P<lead>)(?:i'?d like|i would like|i want|i need)\s+(?P<np>.+?)\s+to be\s+(?P<v>{_VALUE}){_WAS}", re.I))
# "Would you mind running ...?" asks as "Would you run ...?" does.
_GERUND = re.compile(r"\b(?P<ask>would|could|will|can) you (?:mind|try|please try)\s+(?P<g>[a-z]+ing)\b", re.I)
_IRREGULAR = {"run": "run", "rerun": "rerun", "written": "write", "read": "read", "made": "make", "given": "give",
              "put": "put", "set": "set", "shown": "show", "found": "find", "kept": "keep", "taken": "take", "seen": "see"}
_PARTICIPLES = {form: v for v in sorted(VERBS) for form in (v + "ed", v + "d", v[:-1] + "ied", v + v[-1] + "ed")} | {
    p: v for p, v in _IRREGULAR.items() if v in VERBS}
_GERUNDS = {form: v for v in sorted(VERBS) for form in (v + "ing", v[:-1] + "ing", v + v[-1] + "ing")}
_NAME = re.compile(r"(?<![\w/.-])(?:[\w/.-]*[A-Za-z_][\w/.-]*\.[A-Za-z]\w*(?![\w/-])|[a-z]+[A-Z]\w*|[A-Za-z]\w*_\w+|\w+\(\))")
_ALL_VERBS = sorted({v for i in INTENTS for v in i.verbs}, key=len, reverse=True)
_TASK_VERB = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(v) for v in _ALL_VERBS) + r")(?![\w-])", re.I)
_LONG_WORDS = tuple(sorted({w for i in INTENTS for w in i.objects if re.fullmatch(r"[a-z]{5}", w)}))
_POLITE = r"(?P<lead>(?:(?:please|could you|can you|would you|will you)\s+|in\s+[\w/.-]+\.\w+,?\s+)*)"
_NEGATION = re.compile(r"\b(?:not|no|never|nicht|kein\w*|nie|niemals|nichts)\b", re.I)
_LAST_VERB = re.compile(rf"^{_POLITE}(?P<body>.+?)\s+(?P<verb>[a-z]+)(?P<end>\s*[.!?]*)$", re.I)


def reshaped(request: str, verb_last: bool = False) -> str:
    """`request` with the steps above; `verb_last` for a language that ends a clause with its
    verb (German)."""
    text = "".join(c for c in request if unicodedata.category(c)[0] != "S").strip()
    text = re.sub(r"(?<![\w'’])[a-z]+(?![\w'’])", lambda m: _CHAT.get(m[0], _slip(m[0])), text)
    for pattern, replacement in _REWORDED:
        text = re.sub(pattern, replacement, text, flags=re.I)
    sentences = [_active(s) for s in re.split(r"(?<=[.!?;])\s+", _referred(text))]
    if verb_last:  # German: a verb ends the clause, a parameter is written as a noun ("Standard-Timeout")
        sentences = [re.sub(r"\bdefault (?-i:([A-Z][a-z]+))\b", lambda m: "default " + m[1].lower(), _verb_first(s))
                     for s in sentences]
    return " ".join(sentences)


def context_free(request: str) -> str:
    """`request` without the opening clauses and sentences that hold no task verb."""
    parts = re.split(r"(?<=[.!?;,:])\s+", request)
    while len(parts) > 1 and not _TASK_VERB.search(parts[0]):
        parts.pop(0)
    return " ".join(parts)


def _slip(word: str) -> str:
    """A task object of five letters a four-letter word stands for, an inner letter dropped
    ("tets"; not "test", a word of its own)."""
    if len(word) != 4:
        return word
    return next((a for a in _LONG_WORDS if any(a[:j] + a[j + 1:] == word for j in range(1, 4))), word)


def _active(sentence: str) -> str:
    """A modal passive as an order: "the tests should be run" -> "run the tests"."""
    for copula in _COPULAS:
        m = copula.match(sentence)
        if m:
            return f"{m['lead']}set {_lower(m['np'])} to {m['v']}{m['was'] or ''}{m['end']}"
    m = _GERUND.search(sentence)
    if m and m["g"].lower() in _GERUNDS:
        return sentence[:m.start()] + f"{m['ask']} you {_GERUNDS[m['g'].lower()]}" + sentence[m.end():]
    for pattern, asked in _PASSIVES:
        m = pattern.match(sentence)
        if m and m["pp"].lower() in _PARTICIPLES and not re.match(r"\s+by\s", m["rest"]):  # "run by CI": not by you
            rest = m["rest"].rstrip(" ?") + "." if asked else m["rest"]
            return f"{m['lead']}{_PARTICIPLES[m['pp'].lower()]} {_lower(m['np'])}{rest}"
    return sentence


def _lower(phrase: str) -> str:
    """A subject's first word in lower case, unless it is a name ("The tests", not "MAX_SIZE")."""
    return phrase[:1].lower() + phrase[1:] if re.match(r"[A-Z][a-z]+\b", phrase) else phrase


def _referred(text: str) -> str:
    """"it" after a task verb or "to"/"into" as the one name (a file, a code name) the request
    names before it; with two names before it ("f() in a.py ... explain it") it is left alone."""
    verbs = "|".join(sorted(VERBS))

    def one(m: re.Match) -> str:
        names = set(_NAME.findall(text[:m.start()]))
        return f"{m[1]} {names.pop()}" if len(names) == 1 else m[0]

    return re.sub(rf"\b({verbs}|to|into)\s+it\b(?!['’])", one, text, flags=re.I)


def _verb_first(sentence: str) -> str:
    """A task verb that ends an order moved to its start, after "please" or "In a.py,". An
    order opens with "please" (or the like) or with its object ("the tests ..."); a clause
    with a subject ("wir müssen die Tests ausführen") or a negation ("nicht") gives none."""
    m = _LAST_VERB.match(sentence)
    if not m or m["verb"].lower() not in VERBS or _NEGATION.search(m["body"]):
        return sentence
    if m["lead"] or re.match(r"(?:the|a|an|all|every|each|our|my|this|these)\b", m["body"], re.I):
        return f"{m['lead']}{m['verb']} {m['body']}{m['end']}"
    return sentence
