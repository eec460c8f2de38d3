"""The Hypothesis strategies Lab 3's properties draw from: paths (with `..` and links),
deep paths, names, texts, texts of tokens, and texts with given line endings.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab03.places import LINK_NAMES

# ---------------------------------------------------------------- line endings


def overlapping(text: str, part: str) -> bool:
    """Whether occurrences of `part` in `text` overlap ("aa" in "aaa"): their count is then
    a matter of definition, so the properties leave such cases out."""
    every = sum(1 for i in range(len(text)) if text.startswith(part, i))
    return bool(part) and every != text.count(part)


# ---------------------------------------------------------------- generators


def _st():
    from hypothesis import strategies as st

    return st


def _drop_dotdot_after_links(parts: list[str]) -> list[str]:
    """'..' right after a symlink climbs from where the link points: left out, so that a
    path's real location never depends on folding '..' before or after following links."""
    out: list[str] = []
    for part in parts:
        before = [p for p in out if p != "."]
        if part == ".." and before and before[-1] in LINK_NAMES:
            continue
        out.append(part)
    return out or ["."]


def paths(pool: list[str], most: int = 8):
    """Relative paths made of names from `pool` ('..' after a link left out), written
    the ways a model writes them: 'a/b', './a/b', 'a//b', 'a/b/'."""
    st = _st()

    @st.composite
    def build(draw):
        parts = _drop_dotdot_after_links(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=most)))
        text = draw(st.sampled_from(["/", "/", "/", "//"])).join(parts)
        if draw(st.integers(0, 4)) == 0:
            text = "./" + text
        if draw(st.integers(0, 4)) == 0 and text not in (".", "./."):
            text += "/"
        return text

    return build()


def deep_paths():
    """Paths far deeper than any visible example: 10 to 40 folders that do not exist yet."""
    st = _st()
    return st.lists(st.sampled_from(["neu", "a b", "日本", "données", "pkg", "x~y"]), min_size=10,
                    max_size=40).map("/".join)


def names(digits: bool = True):
    """File and folder names: any letters (Unicode too), spaces and punctuation inside;
    never '.' or '..', a '/', a leading '~' or surrounding spaces."""
    st = _st()
    chars = st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"),
                          exclude_characters="/\\~" + ("" if digits else "0123456789"))
    return st.text(chars, min_size=1, max_size=10).map(_usable_name)


def _usable_name(name: str) -> str:
    """`name`, wrapped in letters when it is '.', '..' or has spaces at either end."""
    return f"n{name}n" if name in (".", "..") or name != name.strip() else name


def texts(nul: bool = True, large: bool = True):
    """File contents: any characters, line breaks of every kind (\\n, \\r\\n, a lone \\r),
    empty, and sometimes thousands of times longer than the visible examples."""
    st = _st()
    chars = st.characters(exclude_categories=("Cs",), exclude_characters="\ufeff" + ("" if nul else "\x00"))
    piece = st.one_of(st.text(chars, max_size=12),
                      st.sampled_from(["\n", "\r\n", "\r", "\t", "é", "🙂", "日本", "    ", "def f():"]))
    body = st.lists(piece, max_size=12).map("".join)
    times = st.sampled_from([1, 1, 1, 2, 40, 3000] if large else [1])
    return st.tuples(body, times).map(lambda pair: pair[0] * pair[1])


TOKENS = ["alpha", "beta", "gamma", "délta", "日本", "🙂", " ", "\n", "(", ")", ":", "def ", "return ",
          "    ", "x", "y"]


def token_texts(min_size: int = 0, most: int = 12):
    """Texts of a few repeated tokens (no digits), so that a piece of them occurs 0, 1 or many times."""
    st = _st()
    return st.lists(st.sampled_from(TOKENS), min_size=min_size, max_size=most).map("".join)


def line_endings(text: str, style: str) -> str:
    """`text` (written with \\n) with the line endings of `style`."""
    if style == "crlf":
        return text.replace("\n", "\r\n")
    if style == "cr":
        return text.replace("\n", "\r")
    if style == "mixed":
        parts = text.split("\n")
        return "".join(p + ("\r\n" if i % 2 else "\n") for i, p in enumerate(parts[:-1])) + parts[-1]
    return text


LINE_STYLES = ["lf", "lf", "crlf", "cr", "mixed"]
# Bytes that are not UTF-8 (inserted between characters, each makes the file invalid) and
# the things that are no text file.
NOT_UTF8 = [b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xc0\xaf", b"\xe9t\xe9", b"\xf8\x88\x80\x80\x80"]
NOT_TEXT = ["bytes that are not UTF-8", "bytes that are not UTF-8", "folder", "link to a folder", "loop",
            "dangling link"]
MODES = [0o600, 0o640, 0o644, 0o660, 0o664, 0o700, 0o750, 0o755, 0o775]  # permission bits a file may have
