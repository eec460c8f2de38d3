"""What the leak search looks through: the ways a text can show a secret to a person who
reads it, and the budget that bounds the work (agentcourse.grading.integrity.leaks uses this on every
feedback page).

A secret is matched on a page once both are *normalised* the way a person reads them:

  - Unicode compatibility forms folded (NFKC: fullwidth, mathematical, circled, superscript
    letters), accents and other combining marks dropped, invisible characters dropped
    (format characters such as zero-width spaces, joiners, soft hyphens, bidi marks and tag
    characters; variation selectors; Hangul and Braille blanks), look-alike letters of
    other scripts (Cyrillic, Greek, small capitals, a few Latin ones) read as the Latin
    letters they imitate;
  - whitespace removed and case folded; and, for a text whose letters are spread out one
    by one with punctuation between them, a second form with only its letters and digits
    (matched against secrets that have 16 or more of those).

Each text of the page is *viewed* as written, with HTML tags removed and entities decoded
(also inside attributes), with backslash escapes decoded (Python, JSON, JavaScript and CSS:
\\n, \\uXXXX, \\xXX, octal, \\N{NAME}, \\61 ), URL-unquoted, quoted-printable and UTF-7
decoded, Unicode tag characters read as the ASCII they shadow; and each of these views also
rot13'd, reversed, and both.

Each view is then *decoded*: base64 (standard, URL-safe, wrapped, after stray letters),
base32 and base32hex, base85 and ascii85, hexadecimal (plain, spaced, 0x-prefixed), binary
digits, lists of byte values or code points, uuencode, variation-selector bytes and
zero-width bits. Decoded bytes are also inflated when they are zlib, gzip, raw deflate, bz2,
xz or lzma streams, or zip or tar archives, and read as UTF-8, UTF-16 or UTF-32, or for
their printable runs. Every decoded text is viewed and decoded again, up to MAX_DEPTH
encodings deep.

The work is bounded per page (a Budget): MAX_TEXT characters searched, MAX_DECODED bytes
produced by decoders and decompressors (counted inside them, chunk by chunk), MAX_BLOBS
decoding attempts, MAX_DEPTH nested encodings and PAGE_SECONDS of CPU time. A page
that reaches any of them raises SearchLimit, with the limit as its reason: the page is
withheld for a person, never searched half-way and released.

The reading (normalised forms and views) is readings.py; the decoding and the Budget,
decoders.py; this module is the search over both and the matching of secrets.

Not seen through: a secret encrypted with a key, shifted by other than 13 letters, cut into
pieces shorter than the secret line, drawn as an image, or written in an encoding not
listed here.
"""

from __future__ import annotations

import hashlib
from collections import deque
from functools import cache

from agentcourse.grading.integrity.decoders import (
    MAX_DEPTH,
    Budget,
    SearchLimit,
    encoded_pieces,
    inflate,
    readings,
    texty,
)
from agentcourse.grading.integrity.readings import (
    ALNUM_MIN,
    alnum,
    compact,
    normalise,
    spread_lines,
    views,
)

# What leaks.py and the tests read here: the search, and what it is made of.
__all__ = ["Budget", "SearchLimit", "alnum", "compact", "find", "matches", "normalise", "views"]


# ---------------------------------------------------------------- the search


def _decoded(view: str, fresh, seen_blobs: set[bytes], budget: Budget) -> list[str]:
    """The texts decoded from one view: directly, or from its encoded pieces once inflated
    (a piece already read on this page is skipped)."""
    blobs, decoded = encoded_pieces(view, fresh)
    for blob in blobs:
        key = hashlib.blake2b(blob, digest_size=16).digest()
        if key in seen_blobs:  # the same piece printed again: read once
            continue
        seen_blobs.add(key)
        budget.blob()
        budget.bytes(len(blob))
        for data in inflate(blob, budget):
            decoded += readings(data)
    return decoded

def search_forms(texts: list[str], budget: Budget | None = None) -> tuple[str, str]:
    """Every normalised form of what the texts show, as two haystacks: compacted, and
    letters-and-digits only. Raises SearchLimit when the page's budget runs out."""
    budget = budget or Budget()
    pieces: list[str] = []
    letters: list[str] = []  # the letters of lines spread out one by one
    seen: set[bytes] = set()
    seen_blobs: set[bytes] = set()
    seen_runs: set[int] = set()

    def fresh(run: str) -> bool:
        key = hash(run)  # salted per process: a student cannot make two runs collide
        if key in seen_runs:
            return False
        seen_runs.add(key)
        return True

    queue = deque((text, 0) for text in texts if text and text.strip())
    while queue:
        text, depth = queue.popleft()
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        if key in seen:
            continue
        seen.add(key)
        budget.tick()
        for view in views(text):
            budget.text(len(view))
            pieces.append(normalise(view))
            letters += [alnum(normalise(line)) for line in spread_lines(view)]
            for found in _decoded(view, fresh, seen_blobs, budget):
                if not texty(found):
                    if found.strip():
                        budget.text(len(found))
                        pieces.append(normalise(found))
                    continue
                if depth + 1 > MAX_DEPTH:
                    raise SearchLimit(f"encodings nested more than {MAX_DEPTH} deep")
                queue.append((found, depth + 1))
    budget.tick()
    haystack = "\n".join(pieces)
    return haystack, "\n".join(letters)


WINDOWS = (14, 7)  # a secret of 2 * w characters or more is found through its w-grams


@cache
def _index(secrets: tuple[str, ...], window: int) -> tuple[dict[str, list[str]], list[str]]:
    """Every `window`-gram of each secret of 2 * window characters or more (and less than
    the next wider window's) -> those secrets; and the secrets too short for it."""
    grams: dict[str, list[str]] = {}
    rest = []
    wider = min((w for w in WINDOWS if w > window), default=None)
    for secret in dict.fromkeys(secrets):
        if len(secret) < 2 * window:
            rest.append(secret)
            continue
        if wider is not None and len(secret) >= 2 * wider:
            continue
        for start in range(len(secret) - window + 1):
            bucket = grams.setdefault(secret[start:start + window], [])
            if not bucket or bucket[-1] != secret:
                bucket.append(secret)
    return grams, rest


def matches(haystack: str, secrets: tuple[str, ...]) -> set[str]:
    """The secrets that occur in the haystack. A secret of 2 * w characters or more covers a
    whole w-gram starting at a multiple of w, so only those grams are looked up (w = 14 for
    long secrets, 7 for shorter ones); the few shorter still are searched for whole."""
    found: set[str] = set()
    rest: list[str] = []
    for window in WINDOWS:
        grams, rest = _index(secrets, window)
        for at in range(0, len(haystack) - window + 1, window):
            for secret in grams.get(haystack[at:at + window], ()):
                if secret not in found and haystack.find(secret, max(0, at - len(secret) + window),
                                                         at + len(secret)) >= 0:
                    found.add(secret)
    found |= {s for s in rest if s in haystack}
    return found


@cache
def _letter_forms(secrets: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, str]]:
    """The letters-and-digits forms long enough to match, and the secret each comes from."""
    owner = {}
    for secret in secrets:
        form = alnum(secret)
        if len(form) >= ALNUM_MIN:
            owner.setdefault(form, secret)
    return tuple(owner), owner


def find(texts: list[str], secrets: tuple[str, ...], budget: Budget | None = None) -> list[str]:
    """The secrets (normalised lines) that the texts show, in the order given. Raises
    SearchLimit when the page's budget runs out."""
    if not secrets:
        return []
    budget = budget or Budget()
    haystack, letters = search_forms(texts, budget)
    budget.tick()
    found = matches(haystack, secrets)
    forms, owner = _letter_forms(secrets)
    found |= {owner[form] for form in matches(letters, forms)}
    budget.tick()
    return [s for s in secrets if s in found]
