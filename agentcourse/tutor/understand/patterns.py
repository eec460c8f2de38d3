r"""Regexes the tutor reads requests with, compiled once.

The tables hold more patterns than `re`'s own cache keeps (512), and the matcher reads every
row for every request: searched as strings, some were compiled again on each request.
Everything here is cached for the life of the process.

    any_of(r"\bnot\s+{}\b", ("run", "delete"))   # one pattern: `{}` is "run|delete", escaped
    first_match(("fix (?P<path>\S+)", "repair"), request)
"""

from __future__ import annotations

import functools
import re


@functools.cache
def any_of(template: str, words: tuple[str, ...], flags: int = re.IGNORECASE) -> re.Pattern:
    """`template` with `{}` as an alternation of `words` (escaped), compiled: it matches
    where the template would with one of the words. No words: a pattern that never matches."""
    alternatives = "|".join(re.escape(w) for w in words) or r"(?!)"
    return re.compile(template.replace("{}", f"(?:{alternatives})"), flags)


@functools.cache
def compiled(patterns: tuple[str, ...], flags: int = re.IGNORECASE) -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, flags) for p in patterns)


def first_match(patterns: tuple[str, ...], request: str) -> re.Match | None:
    """The first of `patterns` found in `request` (case-insensitive), or None."""
    for pattern in compiled(patterns):
        m = pattern.search(request)
        if m:
            return m
    return None
