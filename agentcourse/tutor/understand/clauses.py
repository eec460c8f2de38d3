"""A sentence as words with kinds, and the polarity of each word: the clause machinery the
rule table's checks (rule_checks.py, ask_checks.py, clues.py) are written in.

    words(clause, this) -> ((word, kinds), ...)   # slips mended, phrases folded, kinds looked up
    has(ws, "DEL"), find(ws, "READ")              # which kinds a clause holds, and where
    polarity(ws, i) -> "neg" | "perm" | "opt" | "pos"   # how word i is meant

Steps 3 and 4 of reading a prompt (rules.py's docstring has them all): a sentence in French,
Spanish or German is first put into English words (in_english, with the tables of
rule_languages.py); the word lists are data in lexicon.py; a word is governed by the
nearest marker before it in its clause (governor), else judged by what follows it
(predicate). words() and the lookups are cached, since every rule reads the same sentences.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from agentcourse.tutor.understand.lexicon import (
    ANCHORS,
    LEXICON,
    MISSPELLINGS,
    NOT_SLIPS,
    PHRASES,
    WORD_SETS,
)
from agentcourse.tutor.understand.rule_languages import LANGUAGES

_KINDS = {kind: re.compile(pattern) for kind, pattern in LEXICON.items()}
_ANCHORS = tuple(ANCHORS.split())
_NOT_SLIPS = frozenset(NOT_SLIPS.split()) | frozenset(_ANCHORS)
_PHRASES = [(re.compile(rf"\b(?:{p})\b"), f" {r} ") for p, r in PHRASES]
# Whole words: not inside a word (but after an elision: "d'être"), and not followed by a
# letter unless the phrase ends in "'" ("l'utilisateur").
_WHOLE = r"(?<!\w)(?:{})(?!(?<=\w)\w)"


def plain(s: str) -> str:
    """Text without its accents: students often leave them out ("reponds brievement")."""
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))


_LANGUAGES = [
    (re.compile(_WHOLE.format(plain(lang["markers"]))),
     [(re.compile(_WHOLE.format(plain(p))), f" {r} ") for p, r in lang["phrases"]])
    for lang in LANGUAGES.values()
]

# How far (in words) a marker reaches forward.
REACH = 8

# A word of a clause and its LEXICON kinds.
Word = tuple[str, frozenset]


@functools.lru_cache(maxsize=8192)
def spelled(word: str, anchors: tuple[str, ...] = _ANCHORS) -> str:
    """The word a slip of the keyboard stands for (see ANCHORS), else the word itself."""
    if word in MISSPELLINGS:
        return MISSPELLINGS[word]
    if len(word) < 5 or word in _NOT_SLIPS:
        return word
    for a in anchors:
        if len(a) == len(word):  # two neighbours swapped
            diff = [j for j in range(len(a)) if a[j] != word[j]]
            if len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == word[diff[1]]:
                if a[diff[1]] == word[diff[0]]:
                    return a
        elif len(a) == len(word) + 1:  # one letter dropped
            if any(a[:j] + a[j + 1 :] == word for j in range(len(a))):
                return a
        elif len(a) + 1 == len(word):  # one letter doubled
            if any(word[j] == word[j + 1] and word[:j] + word[j + 1 :] == a for j in range(len(a))):
                return a
    return word


# Spelling normalised before phrases are folded: empty literals, keyboard slips, contractions.
_SPELLING = [
    (re.compile(p), r)
    for p, r in (
        (r"""["']?(\w+)["']?\s*[:=]\s*(?:""|'')""", r" \1 emptylit "),  # old_str="" / old_str: ''
        (r"""(?<![\w"'])(?:""|'')(?![\w"'])""", " emptylit "),
        (r"\b[a-z]{4,}\b", lambda m: spelled(m.group())),
        (
            r"\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must|need)nt\b",
            r"\1n't",
        ),
        (r"\b(?:cant|can(?:'t|not))\b", "cannot"),
        (r"\bwon'?t\b", "will not"),
        (r"\bdon'?ts\b", "do not"),  # a "Don'ts:" heading
        (r"n't\b", " not"),
        (r"'(?:re|ve|ll|d|m)\b", " "),
        (r"\b(it|that|there|what)'s\b", r"\1 is"),
        # chat shorthand: "pls read the file b4 u edit it"
        (r"\bb4\b", "before"),
        (r"\bw/(?=\s)", "with"),
        (r"\bu\b", "you"),
        (r"\bur\b", "your"),
        (r"\b(?:pls|plz)\b", "please"),
        # a call with an empty second argument: edit_file(path, "", content)
        (
            r"\b((?:edit|replace|str_replace|modify)\w*)\s*\(\s*([^,()]+),\s*emptylit\s*,",
            r"\1 ( \2 , old_str emptylit ,",
        ),
    )
]


_THIS = re.compile(r"\b(use|using|call|calling|invoke|invoking|run|running)\s+(?:this tool|this function|this|it)\b")


@functools.lru_cache(maxsize=4096)
def words(clause: str, this: str = "") -> tuple[Word, ...]:
    """The clause as (word, kinds) pairs, phrases folded into canonical words."""
    s = clause.lower().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = s.replace('"""', " ").replace("'''", " ")
    s = in_english(s)
    for pattern, repl in _SPELLING:
        s = pattern.sub(repl, s)
    if this:  # "use this tool" / "call it" in a tool's description means the tool's action
        s = _THIS.sub(rf"\1 {this}", s)
    s = re.sub(r"→|->|=>", " then ", s)
    s = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", s)
    for pattern, repl in _PHRASES:
        s = re.sub(r" {2,}", " ", pattern.sub(repl, s))  # "no longer required" -> "not required"
    return tuple(
        (w, kinds(w)) for w in re.findall(r"[a-z0-9_]+(?:\.[a-z0-9]+)*(?:'s|s')?|[:;,]", s)
    )


def in_english(s: str) -> str:
    """A lower-cased sentence with the words of every language whose markers it holds put
    into English (rule_languages.LANGUAGES), the language with the most markers first; its
    accents are dropped then, since students often leave them out."""
    bare = plain(s)
    found = [(len(markers.findall(bare)), n) for n, (markers, _) in enumerate(_LANGUAGES)]
    if not any(count for count, _ in found):
        return s
    s = bare
    for count, n in sorted(found, key=lambda f: (-f[0], f[1])):
        if count == 0:
            break
        for pattern, repl in _LANGUAGES[n][1]:
            s = re.sub(r" {2,}", " ", pattern.sub(repl, s)).strip()
    return s


@functools.lru_cache(maxsize=8192)
def kinds(word: str) -> frozenset:
    """The LEXICON kinds of one (lower-case, canonical) word."""
    return frozenset(k for k, rx in _KINDS.items() if rx.fullmatch(word))


def has(ws: tuple[Word, ...], kind: str, lo: int = 0, hi: int | None = None) -> bool:
    """Whether a word of kind `kind` is among ws[lo:hi]."""
    return any(kind in k for _, k in ws[lo:hi])


def find(ws: tuple[Word, ...], kind: str) -> list[int]:
    """The positions of the words of kind `kind`."""
    return [i for i, (_, k) in enumerate(ws) if kind in k]


# ---------------------------------------------------------------------------- polarity


def governed(ws: tuple[Word, ...], i: int) -> str:
    """What governs word i from before it: "neg", "perm", "opt" or "pos" (nothing / a demand)."""
    return governor(ws, i)[0]


def governor(ws: tuple[Word, ...], i: int) -> tuple[str, int]:
    """governed(), and the position of the marker that governs (-1 for none)."""
    state, at, subordinate = "pos", -1, False
    for j in range(i):
        w, k = ws[j]
        if "BOUNDARY" in k:
            state, at = "pos", -1
            subordinate = w in SUBORDINATORS
        elif w == "," and subordinate:
            state, at, subordinate = "pos", -1, False  # "If you have not read it, read it"
        elif "PROHIB" in k and state == "neg" and j - at <= 2:
            state, at = "perm", j  # "it is not forbidden to", "never prohibited"
        elif w in REFUSALS and state == "neg" and j - at <= 2:
            state, at = "pos", -1  # "do not refuse to", "never skip", "don't avoid"
        elif "NEG" in k or "PROHIB" in k:
            state, at = "neg", j
        elif "INVERT" in k and state == "neg":
            state, at = "pos", -1  # "do not hesitate to", "never forget to"
        elif w == "optional" or "OPT" in k and state == "neg":
            state, at = "opt", j  # "no need to", "you do not need to", "don't bother"
        elif w == "must" and state == "neg" and ws[at][0] in ("not", "never") and j - at <= 2:
            state, at = "opt", j  # "you do not have to" (folded to "not must"), not "must not"
        elif "PERM" in k and state != "neg":
            state, at = "perm", j
    if at >= 0 and i - at > REACH:
        return "pos", -1
    return state, at


REFUSALS = frozenset(WORD_SETS["refusals"].split())
SUBORDINATORS = frozenset(WORD_SETS["subordinators"].split())


def predicate(ws: tuple[Word, ...], i: int) -> str:
    """How what follows word i judges it ("Deleting files is forbidden"): neg/perm/opt/""."""
    for j in range(i + 1, len(ws)):
        w, k = ws[j]
        if "BOUNDARY" in k and w not in (":", "that", "which", "who", "before", "after", "until"):
            nxt = ws[j + 1][1] if j + 1 < len(ws) else frozenset()
            if not (w in ("but", "though", "although") and nxt & {"NEG", "PROHIB", "OPT"}):
                break  # "Reading it first is nice but not required" goes on
            continue
        if "PROHIB" in k or w == "error":
            return "perm" if "NEG" in ws[j - 1][1] else "neg"  # "... is not forbidden"
        if w in ("optional", "waste", "wastes", "wasteful", "pointless", "overkill", "needless"):
            return "" if "NEG" in ws[j - 1][1] else "opt"  # "... is not optional" demands it
        if "NEG" in k and (j == len(ws) - 1 or ws[j + 1][0] in (",", ";")):
            return "neg"  # "Deleting files? Never.", "Deletion of files: never, not even if asked"
        if "NEG" in k and ws[j - 1][0] in AUXILIARY:
            continue  # "Editing a file you have not read is allowed": not the predicate's
        if "NEG" in k and w not in ("without",):
            ahead = ws[j + 1 : j + 5]
            if any("PERM" in kk for _, kk in ahead):
                return "neg"
            if any(ww in ("must", "needed", "necessary") for ww, _ in ahead):
                return "opt"
        if "PERM" in k and not any(
            "NEG" in ws[n][1] and ws[n - 1][0] not in AUXILIARY for n in range(i + 1, j)
        ):
            return "perm"
    return ""


# A negation right after one of these belongs to a clause of its own ("files you have not read").
AUXILIARY = frozenset("have has had did do does".split())


def polarity(ws: tuple[Word, ...], i: int) -> str:
    """Word i's polarity: what governs it, else what its predicate says, else "pos"."""
    g = governed(ws, i)
    if g == "pos" and any(w in DEMANDS for w, _ in ws[max(0, i - 2) : i]):
        return "pos"  # "A file must be read before it can be edited": the "can" is not its own
    return g if g != "pos" else (predicate(ws, i) or "pos")


DEMANDS = frozenset("must should shall".split())


def described(ws: tuple[Word, ...], upto: int) -> bool:
    """A statement about a tool rather than a rule for the model: "The edit tool cannot
    delete files", "This tool returns a short summary": a tool is the subject (among the
    first words, before any marker), with no modal and no "you"."""
    head = ws[: min(upto, 3)]
    subject = [
        j
        for j, (w, k) in enumerate(head)
        if "TOOLSUBJ" in k and not (w == "it" and j + 1 < len(ws) and ws[j + 1][0] in ("is", "was"))
    ]
    return (
        bool(subject)
        and (subject[0] == 0 or ws[0][0] in ("the", "this", "that", "a", "an", "its"))
        and not has(ws[:upto], "AGENT")
        and not has(ws, "MODAL")
    )


def clause_of(ws: tuple[Word, ...], i: int) -> tuple[Word, ...]:
    """Word i's clause (all of ws for -1): a ";", or a comma before and/but/then/or, ends one."""
    cut = [j for j, (w, _) in enumerate(ws)
           if w == ";" or w == "," and ws[j + 1 : j + 2] and ws[j + 1][0] in ("and", "but", "then", "or")]
    lo, hi = max((j + 1 for j in cut if j < i), default=0), min((j for j in cut if j > i), default=len(ws))
    return ws if i < 0 else ws[lo:hi]


def first_marker(ws: tuple[Word, ...]) -> int:
    """The position of the first polarity marker or modal (len(ws) when there is none)."""
    for j, (_, k) in enumerate(ws):
        if k & {"NEG", "PROHIB", "PERM", "MODAL"}:
            return j
    return len(ws)
