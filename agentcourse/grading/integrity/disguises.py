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

Not seen through: a secret encrypted with a key, shifted by other than 13 letters, cut into
pieces shorter than the secret line, drawn as an image, or written in an encoding not
listed here.
"""

from __future__ import annotations

import base64
import binascii
import bz2
import codecs
import hashlib
import html
import io
import lzma
import re
import sys
import tarfile
import time
import unicodedata
import urllib.parse
import zipfile
import zlib
from collections import deque
from functools import cache

MAX_TEXT = 8_000_000  # characters searched per page: every view and decoding together
MAX_DECODED = 48 << 20  # bytes the decoders and decompressors may produce per page
MAX_STREAM = 4 << 20  # bytes read of one decompressed stream (the rest is not searched)
MAX_BLOBS = 100_000  # distinct encoded pieces decoded per page
MAX_DEPTH = 4  # encodings inside one another
PAGE_SECONDS = 15.0  # CPU time per page (the machine's other work does not count)
CHUNK = 64 << 10  # decompressors produce this much at a time, each counted before the next

_SPACE = re.compile(r"\s+")
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_TAG = re.compile(r"<[^>]*>")
ALNUM_MIN = 16  # a secret's letters-and-digits form is matched when it has this many


class SearchLimit(Exception):
    """The search of one page reached a limit; the reason says which."""


class Budget:
    """The work one page may cost; every decoder charges it as it goes."""

    def __init__(self) -> None:
        self.chars = MAX_TEXT
        self.decoded = MAX_DECODED
        self.blobs = MAX_BLOBS
        self.deadline = time.process_time() + PAGE_SECONDS

    def text(self, n: int) -> None:
        self.chars -= n
        if self.chars < 0:
            raise SearchLimit(f"more than {MAX_TEXT:,} characters to search")

    def bytes(self, n: int) -> None:
        self.decoded -= n
        if self.decoded < 0:
            raise SearchLimit(f"its encodings decode to more than {MAX_DECODED >> 20} MB")

    def blob(self) -> None:
        self.blobs -= 1
        if self.blobs < 0:
            raise SearchLimit(f"more than {MAX_BLOBS:,} encoded pieces to decode")

    def tick(self) -> None:
        if time.process_time() > self.deadline:
            raise SearchLimit(f"the search took more than {PAGE_SECONDS:g} s of CPU")


# ---------------------------------------------------------------- reading as a person does

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


def _spread_lines(text: str) -> list[str]:
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


# ---------------------------------------------------------------- decoders: text -> bytes

_B64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}(?:[ \t]*\r?\n[ \t]*[A-Za-z0-9+/_-]{4,}={0,2})*")
_B32 = re.compile(r"[A-Z2-7]{16,}=*")
_B32HEX = re.compile(r"[0-9A-V]{16,}=*")
_B85 = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{20,}")
_A85 = re.compile(r"(?:<~)?[!-uz]{20,}(?:~>)?")
_HEX = re.compile(r"(?:[0-9a-fA-F]{2}[\s:,]?){12,}")
_HEX0X = re.compile(r"(?:0[xX][0-9a-fA-F]{1,2}[\s,;]*){8,}")
_BITS = re.compile(r"(?:[01]{8}[\s,]*){6,}")
_NUMBERS = re.compile(r"(?:\b\d{1,7}\b\s*,\s*){7,}\b\d{1,7}\b")
_UU = re.compile(r"^begin [0-7]{3} [^\n]*\n(.*?)^end$", re.M | re.S)
_ZW = "\u200b\u200c\u200d\u2060\ufeff"
_WHITE_RUN = re.compile(r"(\s)\s+")
_SELECTOR = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_ZW_CHAR = re.compile(f"[{_ZW}]")
# Letters spread out one by one, with punctuation or spaces between them (a-s-s-e-r-t):
# a line that holds eight in a row is read for its letters alone.
_SPREAD = re.compile(r"(?:[^\W_][^\w\n]{1,3}){8}")


def _b64_runs(text: str, fresh=lambda run: True) -> list[bytes]:
    out = []
    for match in _B64.finditer(text):
        if not fresh("b64" + match.group()):
            continue
        lines = match.group().split("\n")
        runs = {_SPACE.sub("", match.group()), lines[0].strip()} if len(lines) > 1 else {lines[0]}
        for run in runs:
            run = run.replace("=", "")
            urlsafe, standard = ("-" in run or "_" in run), ("+" in run or "/" in run)
            decoders = [base64.urlsafe_b64decode] if urlsafe and not standard else [base64.b64decode]
            for start in range(4):
                part = run[start:]
                # A last group of 2 or 3 characters lost its "=" padding (put it back); one of
                # 1 cannot end a group.
                part = part[:-1] if len(part) % 4 == 1 else part + "=" * (-len(part) % 4)
                for decode in decoders:
                    out.append(_try(decode, part))
    return out


def _try(decode, value) -> bytes:
    try:
        return decode(value)
    except (binascii.Error, ValueError, TypeError):
        return b""


def _b32_runs(text: str, fresh=lambda run: True) -> list[bytes]:
    out = []
    for kind, pattern, decode in (("b32", _B32, base64.b32decode), ("b32hex", _B32HEX, base64.b32hexdecode)):
        for match in pattern.finditer(text):
            if not fresh(kind + match.group()):
                continue
            run = match.group().rstrip("=")
            # A last group of 2, 4, 5 or 7 characters lost its padding; others cannot end one.
            run = run + "=" * (-len(run) % 8) if len(run) % 8 in (2, 4, 5, 7) else run[: len(run) - len(run) % 8]
            out.append(_try(decode, run))
    return out


def _b85_runs(text: str, fresh=lambda run: True) -> list[bytes]:
    out = []
    for match in _B85.finditer(text):
        if fresh("b85" + match.group()):
            out.append(_try(base64.b85decode, match.group()))
    for match in _A85.finditer(text):
        run = match.group()
        if not fresh("a85" + run):
            continue
        adobe = run.startswith("<~") and run.endswith("~>")
        out.append(_try(lambda r, adobe=adobe: base64.a85decode(r, adobe=adobe), run))
    return out


def _hex_runs(text: str, fresh=lambda run: True) -> list[bytes]:
    out = []
    for match in _HEX.finditer(text):
        if not fresh("hex" + match.group()):
            continue
        run = re.sub(r"[\s:,]", "", match.group())
        for start in (0, 1):
            part = run[start:]
            out.append(_try(bytes.fromhex, part[: len(part) - len(part) % 2]))
    for match in _HEX0X.finditer(text):
        out.append(bytes(int(v, 16) for v in re.findall(r"0[xX]([0-9a-fA-F]{1,2})", match.group())))
    for match in _BITS.finditer(text):
        out.append(bytes(int(v, 2) for v in re.findall(r"[01]{8}", match.group())))
    return out


def _number_texts(text: str) -> tuple[list[bytes], list[str]]:
    """Lists of numbers: bytes when they all fit one, else code points."""
    blobs, texts = [], []
    for match in _NUMBERS.finditer(text):
        values = [int(v) for v in re.findall(r"\d+", match.group())]
        if all(v < 256 for v in values):
            blobs.append(bytes(values))
        elif all(v <= sys.maxunicode for v in values):
            texts.append("".join(chr(v) for v in values))
    return blobs, texts


def _uu(text: str) -> list[bytes]:
    out = []
    for match in _UU.finditer(text):
        data = bytearray()
        for line in match.group(1).splitlines():
            if line.strip() in ("", "`"):
                continue
            try:
                data += binascii.a2b_uu(line)
            except (binascii.Error, ValueError):
                break
        out.append(bytes(data))
    return out


def _invisible_bytes(text: str) -> list[bytes]:
    """Bytes hidden in variation selectors, and bits hidden in two zero-width characters."""
    out = []
    selectors = [ord(c) - 0xFE00 if c <= "\ufe0f" else ord(c) - 0xE0100 + 16 for c in _SELECTOR.findall(text)]
    if len(selectors) >= 8:
        out.append(bytes(selectors))
    marks = _ZW_CHAR.findall(text)
    kinds = sorted(set(marks))
    if len(marks) >= 32 and len(kinds) == 2:
        for zero in kinds:
            bits = "".join("0" if c == zero else "1" for c in marks)
            out.append(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8)))
    return out


def encoded_pieces(text: str, fresh=lambda run: True) -> tuple[list[bytes], list[str]]:
    """Bytes encoded in the text (to be inflated and read), and texts decoded directly.
    `fresh(run)` says whether an encoded run is new on this page (else it is skipped)."""
    blobs: list[bytes] = []
    if "begin " in text:
        blobs += _uu(text)  # its lines may hold spaces that are data
    text = _WHITE_RUN.sub(r"\1", text)  # padding costs the decoders' regexes nothing
    if len(text) >= 12:
        blobs += _b64_runs(text, fresh) + _b32_runs(text, fresh) + _b85_runs(text, fresh) + _hex_runs(text, fresh)
    numbers, texts = _number_texts(text)
    blobs += numbers
    if not text.isascii():
        blobs += _invisible_bytes(text)
    return [b for b in blobs if len(b) >= 6], texts


# ---------------------------------------------------------------- bytes -> texts


def drain_zlib(decompressor, data: bytes, budget: Budget) -> bytes:
    """What `decompressor` makes of `data`, at most CHUNK bytes out at a time, each charged
    to `budget`, up to MAX_STREAM bytes in all."""
    out = bytearray()
    while data and len(out) < MAX_STREAM:
        budget.tick()
        piece = decompressor.decompress(data, min(CHUNK, MAX_STREAM - len(out)))
        budget.bytes(len(piece))
        out += piece
        data = decompressor.unconsumed_tail
        if not piece:
            break
    return bytes(out)


def _drain(decompressor, data: bytes, budget: Budget) -> bytes:
    """bz2 and lzma: give the data once, then take the output a chunk at a time."""
    out = bytearray()
    feed = data
    while len(out) < MAX_STREAM and not decompressor.eof:
        budget.tick()
        piece = decompressor.decompress(feed, min(CHUNK, MAX_STREAM - len(out)))
        feed = b""
        budget.bytes(len(piece))
        out += piece
        if not piece and decompressor.needs_input:
            break
    return bytes(out)


def _archive_members(data: bytes, budget: Budget) -> list[bytes]:
    out = []
    try:
        if data[:4] == b"PK\x03\x04":
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                for info in archive.infolist()[:50]:
                    with archive.open(info) as member:
                        budget.tick()
                        chunk = member.read(min(MAX_STREAM, budget.decoded + 1))
                        budget.bytes(len(chunk))
                        out.append(chunk)
        elif len(data) >= 512 and data[257:262] == b"ustar":
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                for member in archive.getmembers()[:50]:
                    handle = archive.extractfile(member)
                    if handle is not None:
                        budget.tick()
                        chunk = handle.read(min(MAX_STREAM, budget.decoded + 1))
                        budget.bytes(len(chunk))
                        out.append(chunk)
    except (zipfile.BadZipFile, tarfile.TarError, OSError, EOFError, ValueError, zlib.error,
            lzma.LZMAError, NotImplementedError, RuntimeError):
        pass
    return out


def inflate(data: bytes, budget: Budget) -> list[bytes]:
    """The data, what it decompresses to, and the members of any archive among them."""
    streams = [data]
    tries = []
    if len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0:
        tries.append(lambda: drain_zlib(zlib.decompressobj(zlib.MAX_WBITS), data, budget))
    if data[:2] == b"\x1f\x8b":
        tries.append(lambda: drain_zlib(zlib.decompressobj(16 + zlib.MAX_WBITS), data, budget))
    if data[:3] == b"BZh":
        tries.append(lambda: _drain(bz2.BZ2Decompressor(), data, budget))
    if data[:6] == b"\xfd7zXZ\x00" or data[:1] == b"\x5d":
        tries.append(lambda: _drain(lzma.LZMADecompressor(), data, budget))
    if (data[0] >> 1) & 3 != 3:  # raw deflate has no header; its first block type must be valid
        tries.append(lambda: drain_zlib(zlib.decompressobj(-zlib.MAX_WBITS), data, budget))
    for attempt in tries:
        try:
            streams.append(attempt())
        except (zlib.error, OSError, EOFError, lzma.LZMAError, ValueError):
            pass
    members = [m for stream in streams for m in _archive_members(stream, budget)]
    return [d for d in streams + members if d]


_PRINTABLE = re.compile(rb"[\x20-\x7e\t\r\n]{14,}")


def readings(data: bytes) -> list[str]:
    """Texts a person could read in the bytes: UTF-16 or UTF-32 (when NULs say so), UTF-8,
    or else its printable runs."""
    out = []
    wide = ("utf-32", "utf-16", "utf-16-le", "utf-16-be") if b"\x00" in data else ()
    for encoding in wide:  # worth it only when it reads as text that is mostly ASCII
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if sum(c.isascii() and (c.isprintable() or c.isspace()) for c in text) >= 0.8 * len(text):
            out.append(text)
            break
    try:
        return [*out, data.decode("utf-8")]
    except UnicodeDecodeError:
        pass
    runs = _PRINTABLE.findall(data)
    return [*out, "\n".join(r.decode("ascii") for r in runs)] if runs else out


def _texty(text: str) -> bool:
    """A decoded text worth decoding further: mostly printable, some letters in a row."""
    return len(text) >= 12 and re.search(r"[A-Za-z0-9+/=]{4}", text) is not None and \
        sum(c.isprintable() or c.isspace() for c in text[:4000]) >= 0.9 * min(len(text), 4000)


# ---------------------------------------------------------------- the search


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
            letters += [alnum(normalise(line)) for line in _spread_lines(view)]
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
            for found in decoded:
                if not _texty(found):
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
