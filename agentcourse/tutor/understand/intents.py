"""One matcher for every request: the rows of intent_table.INTENTS that read it, best first.

    ranked("Add a docstring to add in math_utils.py.")   # [(Intent, groups), ...], best first
    forms(request)          # as typed, in plain words, in English words, then reshaped
    english("Supprime main.py.")                        # "delete main.py."

Every row is tried on the request (a fixed amount of work: one pass over the table): by its
patterns, or by its words (slots.py). The rows that read it are ranked by specificity, never
by their place in the table: a reading by patterns before one by words, then the slots
filled (a path, a function, a value), then whether the request names the row's object, then
its verb. act/brain.py asks each row's handler in that order, and the first that acts
decides. A command row never reads a question about how things are done in general or a
negated verb ("not run"), and no row reads a how-to question about its own verb. A request
no row reads as typed is tried in plain words (wording.plain), then, when it is in another
language, in the English words of the table (request_lexicon.py, with each verb's other forms
from inflect.py), then reshaped into the table's order (reshape.py).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from agentcourse.tutor.understand import inflect, patterns, reshape, wording
from agentcourse.tutor.understand import request_lexicon as lex
from agentcourse.tutor.understand.clauses import spelled
from agentcourse.tutor.understand.intent_table import INTENTS
from agentcourse.tutor.understand.script_types import Intent
from agentcourse.tutor.understand.slots import read_words


def ranked(request: str) -> list[tuple[Intent, dict[str, str]]]:
    """Every intent that reads `request` (by its patterns or its words), with the slots read,
    most specific first."""
    found, general = [], re.match(lex.KNOWLEDGE_QUESTION, request, re.IGNORECASE)
    for order, intent in enumerate(INTENTS):
        if general and (intent.mood == "command" or _how_to(intent.verbs, request)):  # "How do I run tests?"
            continue
        if intent.mood == "command" and _denied(intent.verbs, request):  # "I'd rather you not run the tests"
            continue
        m = intent.match(request)
        groups = {k: (v or "").rstrip(".") for k, v in m.groupdict().items()} if m else None
        by_words = groups is None
        groups = read_words(intent, request) if by_words else groups
        if groups is not None:
            found.append((_rank(intent, groups, request, by_words, order), intent, groups))
    return [(intent, groups) for _, intent, groups in sorted(found, key=lambda f: f[0])]


def _rank(intent: Intent, groups: dict[str, str], request: str, by_words: bool, order: int) -> tuple:
    """Most specific first: a row that read the request by its patterns before one that read it
    by its words, then more slots filled, then the object named, then the verb; the table's
    order only breaks a tie that all of these leave (a test holds that none is left on the
    recorded requests)."""
    slots = sum(1 for value in groups.values() if value)
    return (by_words, -slots, -_named(intent.objects, request), -_named(intent.verbs, request), order)


def forms(request: str) -> tuple[str, ...]:
    """The forms of a request the tutor reads, in turn: as typed (a slip of a task's word
    mended first: "docsting"), in plain words, then (in another language) in the English words
    of the intent table, plain."""
    mended = request if language_of(request) else _SLIP.sub(  # English words only, not "module(s)"
        lambda m: m[0] if (w := spelled(m[0].lower(), _TASK_WORDS)).startswith(m[0].lower()) else w, request)
    german = getattr(language_of(request), "name", "") == "German"  # a clause ends with its verb
    shaped = (wording.plain(reshape.reshaped(_mixed(mended))), wording.plain(reshape.reshaped(english(mended), german)))
    last = (*shaped, *(wording.plain(reshape.context_free(s)) for s in shaped))  # read when no other form is
    return tuple(dict.fromkeys((mended, request, wording.plain(mended), wording.plain(english(mended)), *last)))


def _how_to(verbs: tuple[str, ...], request: str) -> bool:
    """Whether a general question asks how one does what the row's verb names ("How do you
    list all files?" asks how to list them, not for the list)."""
    return bool(patterns.any_of(r"\s*how (?:do|can|should|would) (?:i|you|we|one) {}\b", verbs).match(request))


def _denied(verbs: tuple[str, ...], request: str) -> bool:
    """Whether the row's verb is negated ("not run", "never delete", "don't ever touch")."""
    return bool(patterns.any_of(r"\b(?:not|never|don't|dont)\s+(?:\w+\s+)?{}\b", verbs).search(request))


def _named(words: tuple[str, ...], request: str) -> bool:
    return bool(patterns.any_of(r"\b{}", words).search(request))


def language_of(request: str) -> lex.Language | None:
    """The language a request is written in, by its marker words: None for English (or
    when no language has more markers than English)."""
    words = re.findall(r"[\w'’-]+|¿", _CODE.sub(" ", request.lower()))
    english = sum(w in lex.ENGLISH_MARKERS for w in words)
    counts = [(sum(w in _MARKERS[lang.name] for w in words), lang) for lang in lex.LANGUAGES]
    count, lang = max(counts, key=lambda c: c[0])
    return lang if count > english else None


def _mixed(request: str) -> str:
    """A request in English opened in another language ("Peux-tu add a docstring ..."): its
    words before the first English marker put in English, the rest as it is."""
    words = re.findall(r"[\w'’-]+", _CODE.sub(" ", request.lower()))
    start = next((i for i, w in enumerate(words) if w in lex.ENGLISH_MARKERS), len(words))
    counts = [(sum(w in _MARKERS[lang.name] for w in words[:start]), lang) for lang in lex.LANGUAGES]
    count, lang = max(counts, key=lambda c: c[0])
    if language_of(request) or not count:
        return request
    cut = re.search(rf"(?<![\w'’-]){re.escape(words[start])}(?![\w'’-])", request, re.I) if start < len(words) else None
    head, tail = (request[:cut.start()], request[cut.start():]) if cut else (request, "")
    return _gloss(_compile(lang), head) + tail


def english(request: str) -> str:
    """`request` in the intent table's English words (request_lexicon.py), or as it is."""
    lang = language_of(request)
    return request if lang is None else _gloss(_compile(lang), request)


def _gloss(compiled: tuple[re.Pattern, tuple[str, ...]], text: str) -> str:
    """Each phrase of the text put in English, in one pass (a phrase's English is never read
    again), the words in its gaps put in English in turn."""
    pattern, templates = compiled

    def one(m: re.Match) -> str:
        index = int(m.lastgroup[1:])
        gaps = [_gloss(compiled, m[name]) for name in sorted(
            (n for n in m.re.groupindex if n.startswith(f"g{index}_")), key=lambda n: int(n.split("_")[1]))]
        return templates[index].format(*gaps)

    return pattern.sub(one, text)


@functools.cache  # on the language's first request, not at import: half a second of each tutor process
def _compile(lang: lex.Language) -> tuple[re.Pattern, tuple[str, ...]]:
    """A language's phrases as one regex of alternatives, longest first, and their English."""
    derived = inflect.derived(lang)
    made = frozenset(derived)
    phrases = sorted(lang.phrases + derived, key=lambda p: -len(re.sub(r"\{[wfx]\}", "", p[0])))
    parts, templates = [], []
    for index, (phrase, meaning) in enumerate(phrases):
        pieces = re.split(r"(\{[wfx]\})", phrase)
        body, gap = "", 0
        for n, piece in enumerate(pieces):
            if piece in _GAPS:
                last = n == len(pieces) - 1 or not pieces[n + 1].strip()
                body += f"(?P<g{index}_{gap}>" + (_REST if piece == "{x}" and last else _GAPS[piece]) + ")"
                gap += 1
            else:
                body += _accents(re.sub(r"\\ (?=\W)", r"\\s*", re.escape(piece)).replace(r"\ ", r"\s+"), phrase,
                                 (phrase, meaning) in made)
        start = r"(?<![\w'’-])" if re.match(r"[\w¿]", phrase) else ""
        end = r"(?![\w'’-])" if re.search(r"[\w]$", phrase) else ""
        parts.append(f"(?P<p{index}>{start}{body}{end})")
        templates.append(_template(phrase, meaning))
    return re.compile("|".join(parts), re.IGNORECASE), tuple(templates)


def _accents(piece: str, phrase: str, derived: bool) -> str:
    """A phrase's accented letters with or without their accents ("podria" for "podría"), as
    people type on a keyboard without them; a derived form's letters with or without one
    ("arréglela" for "arreglela"). A phrase of one to three letters keeps its own ("a", "à"),
    and so does a listed one without accents ("esta" is not "está")."""
    if len(re.sub(r"\{[wfx]\}|\W", "", phrase)) < 4:
        return piece
    letters = "aeiouncàáâäèéêëìíîïòóôöùúûüñç" if derived else "àáâäèéêëìíîïòóôöùúûüñç"
    return re.sub(f"[{letters}]", lambda m: _LOOSE[_bare(m[0])], piece)


def _bare(letter: str) -> str:
    return unicodedata.normalize("NFKD", letter)[0]


def _template(phrase: str, meaning: str) -> str:
    """The English side as a format string: its n-th gap of a kind is the phrase's n-th."""
    order = re.findall(r"\{[wfx]\}", phrase)
    seen: dict[str, int] = {}

    def place(m: re.Match) -> str:
        seen[m[0]] = seen.get(m[0], -1) + 1
        return "{" + str([i for i, g in enumerate(order) if g == m[0]][seen[m[0]]]) + "}"

    return re.sub(r"\{[wfx]\}", place, meaning)


_LOOSE = {b: "[" + "".join(sorted({c for c in "aeiouncàáâäèéêëìíîïòóôöùúûüñç" if _bare(c) == b})) + "]"
          for b in "aeiounc"}
_GAPS = {"{w}": r"[^\s,;:!?]+", "{f}": r"[\w/-]+\.\w+", "{x}": ".+?"}  # a word, a file name, words
_REST = r".+?(?=[\s.?!]*$)"  # a gap that ends the request: its closing stop left out
_CODE = re.compile(r"\S+\.\w+|\w+_\w+|\w+=\S+")  # file names and code names say no language
_MARKERS = {lang.name: frozenset(lang.markers) | frozenset(
    p for p, e in lang.phrases if " " not in p and "{" not in p and p != e) for lang in lex.LANGUAGES}
# The intent table's words a slip is mended to (clauses.spelled: two letters swapped, one dropped or doubled).
_TASK_WORDS = tuple(dict.fromkeys(w for i in INTENTS for w in i.verbs + i.objects if re.fullmatch(r"[a-z]{5,}", w)))
_SLIP = re.compile(r"(?<![\w./-])[A-Za-z][a-z]{4,}(?![\w./(-])")  # a word, not a name or a file
