"""Similar answers between submissions, with copydetect (for the class report).

copydetect is made for source code plagiarism: it tokenizes with Pygments (names become one
token, so renaming variables does not hide a copy), fingerprints k-grams of tokens and
winnows them (MOSS's method). The release's answer cells are boilerplate: what every
student was given is never counted as shared. A pair is listed when either side shares at
least `threshold` of its own fingerprinted tokens with the other, with the longest shared
stretch of code as the excerpt a person reads.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import matplotlib

matplotlib.use("Agg")  # copydetect imports pyplot; never a window

NOISE = 25  # copydetect's noise threshold: shorter matches (in filtered characters) are ignored
GUARANTEE = 30  # any match this long is found (the winnowing window follows from both)


@dataclass
class Pair:
    """Two students whose answer cells share code."""

    a: str
    b: str
    share_a: float  # fraction of a's fingerprinted code found in b's
    share_b: float
    tokens: int  # shared tokens
    excerpt: str  # the longest shared stretch, in a's code

    @property
    def share(self) -> float:
        return max(self.share_a, self.share_b)


def _fingerprint(code: str, boilerplate: list[int]):
    from copydetect import CodeFingerprint

    return CodeFingerprint("answer.py", NOISE, GUARANTEE - NOISE + 1, boilerplate=boilerplate,
                           fp=io.StringIO(code))


def _boilerplate(code: str) -> list[int]:
    from copydetect import CodeFingerprint

    return list(CodeFingerprint("release.py", NOISE, 1, fp=io.StringIO(code)).hashes)


def _excerpt(code: str, slices, given: set[str], lines: int = 12) -> str:
    """The longest shared stretch of `code`, from its first line the release did not give
    (a match starts a few tokens early), at most `lines` lines."""
    if len(slices) == 0 or len(slices[0]) == 0:
        return ""
    start, end = max(zip(slices[0], slices[1], strict=True), key=lambda s: s[1] - s[0])
    text = code[int(start):int(end)].strip("\n").splitlines()
    while text and (text[0].strip() in given or not text[0].strip()):
        text.pop(0)
    return "\n".join(text[:lines]) + ("\n..." if len(text) > lines else "")


def similar_pairs(answers: dict[str, str], release: str, threshold: float,
                  progress: Callable[[int], None] | None = None) -> list[Pair]:
    """Every pair of students whose answers share at least `threshold`, most shared first
    (one way, then both ways).

    `answers` is student -> their answer cells joined; `progress(n)` is called as n more
    students are fingerprinted and compared."""
    from copydetect import compare_files

    boilerplate = _boilerplate(release)
    given = {line.strip() for line in release.splitlines()}
    prints = {}
    for student, code in answers.items():
        prints[student] = _fingerprint(code, boilerplate)
        if progress:
            progress(1)
    pairs = []
    for a, b in combinations(sorted(prints), 2):
        tokens, (share_a, share_b), (slices_a, _) = compare_files(prints[a], prints[b])
        if max(share_a, share_b) >= threshold:
            pairs.append(Pair(a, b, float(share_a), float(share_b), int(tokens),
                              _excerpt(prints[a].raw_code, slices_a, given)))
    # most shared first; of pairs that tie, the one sharing most both ways (a copy, not a part)
    return sorted(pairs, key=lambda p: (-p.share, -min(p.share_a, p.share_b), p.a, p.b))


def groups(pairs: list[Pair]) -> list[list[str]]:
    """Students linked by similar pairs, each group sorted, largest group first."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]  # path halving keeps the chains short
            x = parent[x]
        return x

    for pair in pairs:
        parent[root(pair.a)] = root(pair.b)
    found: dict[str, list[str]] = {}
    for student in parent:
        found.setdefault(root(student), []).append(student)
    return sorted((sorted(g) for g in found.values()), key=lambda g: (-len(g), g))
