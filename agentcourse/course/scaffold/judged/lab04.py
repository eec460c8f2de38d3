"""Lab 4's references: what its checks compare a student's tools with (what a line is, the
lines a search must show, the window read_lines must return) and the judges that compare
them, whose messages name what was expected. The judge imports them; a graded student's
kernel cannot, since its sandbox shows this folder empty (agentcourse/grading/sandbox/bwrap.py,
JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

import re

from agentcourse.course.scaffold.lab04 import (
    LINE_MAX_CHARS,
    READ_LINES_MAX,
    SEARCH_MAX_MATCHES,
    is_error,
    numbers_in,
    short,
    shows,
)

# ----------------------------------------------------------------------------- what a line is


def raw_lines(data: bytes, lone_cr: bool) -> list[bytes]:
    """The lines of a file's bytes, without their line ends, as the lab defines them: a line
    ends at \\n, and a \\r right before it belongs to the line end; a lone \\r ends a line
    too when `lone_cr` (what Python's text mode does), not otherwise (binary mode). Nothing
    else ends a line (form feeds and U+2028 do in str.splitlines(), not in a file)."""
    pieces = re.split(rb"\r\n|\r|\n" if lone_cr else rb"\r?\n", data)
    if pieces[-1] == b"":  # a final line end ends the last line; it does not start another
        pieces.pop()
    return pieces


def lines_of(data: bytes, lone_cr: bool, errors: str = "replace") -> list[str]:
    """raw_lines, decoded as UTF-8 (bad bytes replaced by default, as search_file does)."""
    return [piece.decode("utf-8", errors) for piece in raw_lines(data, lone_cr)]


def readings(data: bytes) -> list[bool]:
    """The readings of `data` that differ: [True] unless a lone \\r makes False differ."""
    return [True, False] if re.search(rb"\r(?!\n)", data) else [True]


# ----------------------------------------------------------------------------- judging search_file


def search_expected(files: dict[str, bytes], order: list[str], pattern: str, lone_cr: bool) -> list[tuple[str, str]]:
    """(prefix, line text) of every matching line, in `order`, under one reading of lines."""
    regex = re.compile(pattern)
    return [(f"{name}:{number}: ", text) for name in order
            for number, text in enumerate(lines_of(files[name], lone_cr), start=1) if regex.search(text)]


def search_problem(got: str, expected: list[tuple[str, str]], call: str) -> str | None:
    """None if `got` is search_file's answer for these matches; else what is wrong with it."""
    if not expected:
        if got.startswith("No lines match"):
            return None
        return f"{call}: no line matches, so the answer is 'No lines match ...'; got {short(got)}"
    lines = got.split("\n")
    shown = expected[:SEARCH_MAX_MATCHES]
    for k, (prefix, text) in enumerate(shown):
        if k >= len(lines):
            return (f"{call}: {len(expected)} lines match; expected {len(shown)} match lines, "
                    f"got {k}: {short(got)}")
        if not shows(lines[k], prefix, text):
            return (f"{call}: match {k + 1} should be {short(prefix + text[:LINE_MAX_CHARS])}, "
                    f"got {short(lines[k])}")
    rest = lines[len(shown):]
    total = len(expected)
    if total <= SEARCH_MAX_MATCHES:
        if rest:
            return (f"{call}: all {total} matching lines are shown, so nothing follows them "
                    f"(no notice); got {short(chr(10).join(rest))} after them")
        return None
    if len(rest) != 1:
        return (f"{call}: {total} lines match; expected the first {SEARCH_MAX_MATCHES} and one notice "
                f"line, got {len(rest)} lines after them: {short(chr(10).join(rest))}")
    notice = rest[0]
    if not (notice.startswith("[") and notice.endswith("]")):
        return f"{call}: the notice is one line in square brackets: {short(notice)}"
    if not {SEARCH_MAX_MATCHES, total} <= numbers_in(notice):
        return f"{call}: the notice must say {SEARCH_MAX_MATCHES} shown of {total} matching lines: {short(notice)}"
    return None


def search_problem_any(got: str, files: dict[str, bytes], order: list[str], pattern: str, call: str) -> str | None:
    """search_problem under each reading of lines the lab allows: None if one fits."""
    problems = []
    for lone_cr in readings(b"".join(files[name] for name in order)):
        problem = search_problem(got, search_expected(files, order, pattern, lone_cr), call)
        if problem is None:
            return None
        problems.append(problem)
    return problems[0]


def search_reading(got: str, files: dict[str, bytes], order: list[str], pattern: str) -> bool | None:
    """Which reading of a lone \\r search_file's answer fits (True: it ends a line), or None."""
    for lone_cr in (True, False):
        if search_problem(got, search_expected(files, order, pattern, lone_cr), "") is None:
            return lone_cr
    return None


# ----------------------------------------------------------------------------- judging read_lines


def window_problem(got: str, lines: list[str], start: int, end: int, call: str) -> str | None:
    """None if `got` is read_lines' answer for lines start..end of a file of `lines`; else
    what is wrong with it."""
    total = len(lines)
    if start > total:
        if not is_error(got):
            return f"{call}: the file has {total} lines, so start={start} is past its end: an error; got {short(got)}"
        if total not in numbers_in(got):
            return f"{call}: the error must say how many lines the file has ({total}): {short(got)}"
        return None
    if is_error(got):
        return f"{call}: expected lines {start} to {min(end, total)}, got the error {short(got)}"
    stop = min(end, start + READ_LINES_MAX - 1)
    numbers = range(start, min(stop, total) + 1)
    out = got.split("\n")
    for k, n in enumerate(numbers):
        if k >= len(out):
            return f"{call}: expected {len(numbers)} lines ({start} to {numbers[-1]}), got {k}: {short(got)}"
        if not shows(out[k], f"{n}: ", lines[n - 1]):
            return f"{call}: line {n} should be {short(f'{n}: ' + lines[n - 1][:LINE_MAX_CHARS])}, got {short(out[k])}"
    rest = out[len(numbers):]
    if total < stop:
        want, what = {total}, f"the file ends at line {total} before line {stop}: end with one [end of file ...] line naming {total}"
    elif stop < end:
        want = {stop + 1, total} if total == stop else {stop + 1}
        what = (f"at most {READ_LINES_MAX} lines: end with one [...] line naming line {stop + 1}, where to "
                "continue" + (f" (or, since line {total} is the last, the end of file note naming {total})"
                              if total == stop else ""))
    else:
        if rest:
            return f"{call}: every line asked for is shown, so nothing follows them; got {short(chr(10).join(rest))}"
        return None
    if len(rest) != 1 or not (rest[0].startswith("[") and rest[0].endswith("]")) or not want & numbers_in(rest[0]):
        return f"{call}: {what}; got {short(chr(10).join(rest)) if rest else 'no such line'}"
    return None


def window_reading(got: str, data: bytes, start: int, end: int) -> bool | None:
    """Which reading of a lone \\r read_lines' answer fits (True: it ends a line), or None."""
    for lone_cr in (True, False):
        if window_problem(got, lines_of(data, lone_cr), start, end, "") is None:
            return lone_cr
    return None


def window_problem_any(got: str, data: bytes, start: int, end: int, call: str) -> str | None:
    """window_problem under each reading of lines the lab allows: None if one fits."""
    problems = [window_problem(got, lines_of(data, lone_cr), start, end, call)
                for lone_cr in readings(data)]
    return None if None in problems else problems[0]
