"""How a person reads a text, for the leak search (agentcourse.grading.integrity.disguises):
a text normalised as read (compatibility forms folded, marks and invisible characters
dropped, look-alike letters read as Latin ones, whitespace removed, case folded), its
letters and digits alone, and its *views*: as written, with its escapes decoded (HTML,
backslash escapes, URL quoting, quoted-printable, UTF-7, Unicode tag characters), each also
rot13'd, reversed and both.
"""

from __future__ import annotations

import binascii
import codecs
import html
import re
import sys
import unicodedata
import urllib.parse
from functools import cache

_SPACE = re.compile(r"\s+")
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_TAG = re.compile(r"<[^>]*>")
ALNUM_MIN = 16  # a secret's letters-and-digits form is matched when it has this many
# Letters spread out one by one, with punctuation or spaces between them (a-s-s-e-r-t):
# a line that holds eight in a row is read for its letters alone.
_SPREAD = re.compile(r"(?:[^\W_][^\w\n]{1,3}){8}")


# Letters of other scripts drawn like Latin ones (from Unicode's confusables, the common part).
_LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "ц": "u", "ѵ": "v",
    "ԝ": "w", "х": "x", "у": "y", "з": "3", "ь": "b", "г": "r", "п": "n", "л": "n", "ӏ": "l",
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ԛ": "Q", "Ԝ": "W", "Ь": "b",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z",
    "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Latin small capitals and other look-alikes
    "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j",
    "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u",
    "ᴠ": "v", "ᴡ": "w", "ʏ": "y", "ᴢ": "z", "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ǀ": "l", "ɩ": "i",
    "ƽ": "5", "ǃ": "!", "ʼ": "'", "ˈ": "'", "ʹ": "'", "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"',
    "„": '"', "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-", "⁄": "/", "∕": "/", "∗": "*",
    "٠": "0", "۰": "0", "‧": ".", "·": ".", "ꓸ": ".", "ː": ":", "꞉": ":", "∶": ":",
}
# Letters that show as blank space.
_BLANK_LETTERS = "\u115f\u1160\u3164\uffa0\u2800\u2028\u2029"


@cache
def _reading_table() -> dict[int, str | None]:
    """str.translate table: invisible and combining characters dropped, look-alikes mapped."""
    table: dict[int, str | None] = {}
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in ("Cf", "Mn", "Me") or 0x80 <= code < 0xA0:
            table[code] = None
    table.update({ord(c): None for c in _BLANK_LETTERS})
    table.update({ord(k): v for k, v in _LOOK_ALIKES.items()})
    return table


def compact(text: str) -> str:
    """No whitespace at all, case folded (what the comparisons use for ASCII text)."""
    return _SPACE.sub("", text).casefold()


# Control characters a terminal or a page does not show (whitespace is dropped anyway).
_CONTROLS = {code: None for code in [*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F]}


def normalise(text: str) -> str:
    """The text as a person reads it (see the module docstring), compacted."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).translate(_reading_table())
        text = unicodedata.normalize("NFKC", text)
    return compact(text.translate(_CONTROLS))


def alnum(normalised: str) -> str:
    """Only the letters and digits of a normalised text."""
    return _NOT_ALNUM.sub("", normalised)


# ---------------------------------------------------------------- views of one text

_ESCAPES = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|x([0-9a-fA-F]{2})|([0-7]{1,3})"
                      r"|N\{([A-Za-z0-9 \-]{1,60})\}|([nrtbf\"'\\/]))")
_CSS = re.compile(r"\\([0-9a-fA-F]{1,6}) ?")
_NAMED = re.compile(r"\\N\{([A-Za-z0-9 \-]{1,60})\}")
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\", "/": "/"}
_QP = re.compile(r"=(?:[0-9A-F]{2}|\r?\n)")
_UTF7 = re.compile(r"(?<![A-Za-z0-9+/])\+[A-Za-z0-9+/]{2,}-")


def _named(name: str) -> str:
    try:
        return unicodedata.lookup(name)
    except KeyError:
        return ""


def _unescape(text: str) -> str:
    """Python, JSON and JavaScript escapes decoded (an unknown one is left as written)."""
    def one(m: re.Match) -> str:
        u, big, x, octal, name, simple = m.groups()
        try:
            if u or big or x:
                return chr(int(u or big or x, 16))
            if octal:
                return chr(int(octal, 8))
        except (ValueError, OverflowError):
            return m.group()
        return _named(name) if name else _SIMPLE.get(simple, m.group())

    return _ESCAPES.sub(one, text)


def _css_unescape(text: str) -> str:
    def one(m: re.Match) -> str:
        try:
            return chr(int(m.group(1), 16))
        except (ValueError, OverflowError):
            return m.group()

    return _CSS.sub(one, text)


def _tags(text: str) -> str:
    """Unicode tag characters (U+E0020..U+E007E) read as the ASCII they shadow."""
    return "".join(chr(ord(c) - 0xE0000) if "\U000e0020" <= c <= "\U000e007e" else c for c in text)


def _quoted_printable(text: str) -> str:
    try:
        return binascii.a2b_qp(text.encode("utf-8", "replace")).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        return text


def _utf7(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-7", "replace")


def _unescaped(text: str) -> list[str]:
    """The text once each kind of escape in it is decoded."""
    out = []
    if "<" in text or "&" in text:
        out += [html.unescape(_TAG.sub(" ", text)), html.unescape(text)]
    if "\\" in text:
        out += [_unescape(text), _css_unescape(text)]
        if "\\N{" in text:
            out.append(_NAMED.sub(lambda m: _named(m.group(1)) or m.group(), text))
    if "%" in text:
        out.append(urllib.parse.unquote_plus(text))
    if _QP.search(text):
        out.append(_quoted_printable(text))
    if "+" in text and _UTF7.search(text):
        out.append(_utf7(text))
    if not text.isascii() and any("\U000e0020" <= c <= "\U000e007e" for c in text):
        out.append(_tags(text))
    return out


def spread_lines(text: str) -> list[str]:
    """The lines of the text that hold letters spread out one by one."""
    out, end = [], -1
    for m in _SPREAD.finditer(text):
        if m.start() < end:
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        out.append(text[start:end])
    return out


def views(text: str) -> list[str]:
    """The text as written and as it reads once its escapes are decoded (two rounds: a JSON
    string of quoted-printable text), each also rot13'd, reversed and both (distinct only)."""
    out = [text]
    frontier = [text]
    for _ in range(2):
        frontier = [v for t in frontier for v in _unescaped(t) if v not in out]
        out += list(dict.fromkeys(frontier))
    for view in list(out):
        turned = codecs.encode(view, "rot13")
        out += [turned, view[::-1], turned[::-1]]
    return list(dict.fromkeys(out))
