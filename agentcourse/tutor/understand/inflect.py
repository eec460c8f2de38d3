"""The other forms of a language's verbs, derived from the lexicon's own: the lexicon lists a
verb once, as people give an order to a friend, and the forms a formal or terse request uses
follow by rule.

    derived(GERMAN)   # ("löschen", "delete"), ("löschen sie", "delete"), ("ausführen", "run"),
                      # ("führen sie {x} aus", "run {x}"), ...
    derived(SPANISH)  # ("borre", "delete"), ("borrar", "delete"), ("bórralo", "delete it"), ...
    derived(FRENCH)   # ("supprimez", "delete"), ("supprimer", "delete"), ("m'expliquer", "explain"), ...

Only a phrase that opens with a verb of the intent table (its English side starts with one)
is inflected, and a derived form the lexicon already lists is left to the lexicon. The rules
are the regular ones; an irregular verb's derived form is a word nobody types, which matches
nothing. German: the Sie form and the infinitive (a separable verb's particle joined to it,
"hinzufügen", for a verb at the end of the sentence); Spanish: the usted form, the infinitive
and an object pronoun after the verb ("arréglalo"); French: the vous form, the infinitive and
"me" before it.
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand.intent_table import INTENTS
from agentcourse.tutor.understand.request_lexicon import Language

# The English verbs a request opens with: the intent table's, and the lexicon's for reading.
VERBS = frozenset(v.split()[0] for i in INTENTS for v in i.verbs if re.fullmatch(r"[a-z]{3,}", v.split()[0])) - {
    "what", "where", "which", "who", "how", "are", "have", "new", "should", "needs", "summary"} | {
    "show", "open", "find", "list", "read", "copy", "fix", "explain", "document", "empty", "rename",
    "remember", "summarize", "condense", "compact", "run", "delete", "create", "write", "give"}
_GERMAN_PARTICLES = ("hinzu", "aus", "zusammen", "um", "an", "ein", "laufen")


def derived(lang: Language) -> tuple[tuple[str, str], ...]:
    """The phrases `lang`'s verbs add in their other forms, none the lexicon lists already."""
    known, out = {p for p, _ in lang.phrases}, {}
    forms = {"German": _german, "Spanish": _spanish, "French": _french}.get(lang.name)
    for phrase, meaning in lang.phrases if forms else ():
        first, _, rest = phrase.partition(" ")
        if meaning.split(" ")[0] in VERBS and re.fullmatch(r"[^\W\d_]{3,}(?:-\w+)?", first) \
                and not re.search(r"(?:en|er|ir|ar)$", first) and not rest.startswith("sie") \
                and (rest or " " not in meaning):  # not "muéstrame" (show me): its pronoun is joined
            for form, english in forms(first, rest, meaning):
                if form not in known:
                    out.setdefault(form, english)
    return tuple(out.items())


def _german(verb: str, rest: str, meaning: str) -> list[tuple[str, str]]:
    """The Sie form ("löschen Sie ..."), and the infinitive that ends a terse order or a
    question ("Bitte die Tests ausführen.", "Könnten Sie ... löschen?")."""
    infinitive = verb + "n" if verb.endswith("iere") else verb[:-1] + "n" if re.search(r"[^aeiouäöü]e[rl]e$", verb) \
        else verb + "n" if verb.endswith("e") else verb + "en"
    english = meaning.split(" ")[0]
    words = rest.split(" ")
    if words[-1] in _GERMAN_PARTICLES and len(words) > 1:  # "füge {x} hinzu"
        joined = f"laufen {infinitive}" if words[-1] == "laufen" else words[-1] + infinitive
        return [(f"{infinitive} sie {rest}", meaning), (joined, english)]
    if not rest:
        return [(f"{infinitive} sie", meaning), (infinitive, meaning)]
    return [(f"{infinitive} sie {rest.replace('dir', 'sich')}", meaning)]


def _spanish(verb: str, rest: str, meaning: str) -> list[tuple[str, str]]:
    """The usted form ("borre", "escriba"), the infinitive, and "it" or "me" as a pronoun
    joined to the verb ("arréglalo", "explícame": the accent is never required)."""
    if not verb.endswith(("a", "e")) or "-" in verb:
        return []
    stem, ending = verb[:-1], verb[-1]
    formal = stem + "e" if ending == "a" else stem + "a"
    if ending == "a":  # the spelling keeps the sound: busca -> busque, agrega -> agregue
        formal = re.sub(r"c(?=e$)", "qu", re.sub(r"g(?=e$)", "gu", re.sub(r"z(?=e$)", "c", formal)))
    infinitives = [stem + "ar"] if ending == "a" else [stem + "er", stem + "ir"]
    out = [(formal + (f" {rest}" if rest else ""), meaning)] + [(i, meaning) for i in infinitives if not rest]
    if not rest:
        out += [(v + p, f"{meaning} {e}") for v in (verb, formal) for p, e in (("lo", "it"), ("la", "it"), ("me", "me"))]
    return out


def _french(verb: str, rest: str, meaning: str) -> list[tuple[str, str]]:
    """The vous form ("supprimez", "montrez-moi"), the infinitive, and "me" before it."""
    base, dash, clitic = verb.partition("-")
    if not base.endswith("e") or base.endswith("ez"):
        return []
    formal, infinitive = base[:-1] + "ez", base[:-1] + "er"
    tail = f" {rest}" if rest else ""
    out = [(formal + dash + clitic + tail, meaning)]
    if not dash:
        me = "m'" if infinitive[0] in "aeiouéèh" else "me "
        out += [(infinitive + tail, meaning), (me + infinitive + tail, meaning)]
    return out
