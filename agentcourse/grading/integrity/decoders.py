"""What the leak search decodes (agentcourse.grading.integrity.disguises): the encoded pieces
of a text (base64, base32, base85 and ascii85, hexadecimal, binary digits, lists of byte
values or code points, uuencode, variation-selector bytes, zero-width bits), the streams and
archives those bytes may be (zlib, gzip, raw deflate, bz2, xz, lzma, zip, tar), the texts a
person could read in the bytes; and the Budget that bounds the work of one page, charged by
every decoder as it goes.
"""

from __future__ import annotations

import base64
import binascii
import bz2
import io
import lzma
import re
import sys
import tarfile
import time
import zipfile
import zlib

MAX_TEXT = 8_000_000  # characters searched per page: every view and decoding together
MAX_DECODED = 48 << 20  # bytes the decoders and decompressors may produce per page
MAX_STREAM = 4 << 20  # bytes read of one decompressed stream (the rest is not searched)
MAX_BLOBS = 100_000  # distinct encoded pieces decoded per page
MAX_DEPTH = 4  # encodings inside one another
PAGE_SECONDS = 15.0  # CPU time per page (the machine's other work does not count)
CHUNK = 64 << 10  # decompressors produce this much at a time, each counted before the next


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
_SPACE = re.compile(r"\s+")
_ZW = "\u200b\u200c\u200d\u2060\ufeff"
_WHITE_RUN = re.compile(r"(\s)\s+")
_SELECTOR = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_ZW_CHAR = re.compile(f"[{_ZW}]")


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


def texty(text: str) -> bool:
    """A decoded text worth decoding further: mostly printable, some letters in a row."""
    return len(text) >= 12 and re.search(r"[A-Za-z0-9+/=]{4}", text) is not None and \
        sum(c.isprintable() or c.isspace() for c in text[:4000]) >= 0.9 * min(len(text), 4000)
