"""Lab 8's edit strategies: edits with and without a unique match, files with CRLF and
without a final newline, insert cases and bad line numbers, and the paths a refused call
gets.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab08.draws import between

# ============================================================================ what the checks generate
# Strategies for the check cells' properties (agentcourse.course.props.holds). Each builds
# its instance from parts, so what a right answer must do follows from how it was built,
# never from running an answer.

TEXT = "ab x\n\r\t.*+(\\$é☃😀"  # file text: CRLF, a lone CR, regex signs, characters of 2, 3 and 4 bytes
MARKS = "§#€"  # never in TEXT: an old_str holding one occurs exactly once
IN_LINE = "ab x\r\t\x0c\u2028\x85é☃😀"  # inside a line: none of these ends one, only "\n" does


def unique_edits() -> Any:
    """(before, old, after, new): old occurs exactly once in before + old + after."""
    text = st.text(TEXT, max_size=30)
    side = st.text(TEXT, max_size=4)
    old = st.builds(lambda left, mark, right: left + mark + right, side, st.sampled_from(MARKS), side)
    return st.tuples(text, old, text, st.text(TEXT + MARKS, max_size=12))


def counted_edits() -> Any:
    """(text, old): a small alphabet, so old_str often occurs several times, overlapping."""
    return st.tuples(st.text("ab\n", max_size=16), st.text("ab\n", min_size=1, max_size=3))


def file_lines(min_size: int = 0, max_size: int = 8, open_end: bool | None = None) -> Any:
    """A file as its list of lines: each ends with "\\n" or "\\r\\n", the last one maybe with
    none (open_end True: never; False: always), and CR, form feeds and Unicode line
    separators inside lines."""
    ending = st.sampled_from(["\n", "\r\n"])
    line = st.builds(lambda text, end: text + end, st.text(IN_LINE, max_size=8), ending)
    last = st.text(IN_LINE, min_size=1, max_size=8)

    def finish(lines: list[str], open_last: str | None) -> list[str]:
        return lines + [open_last] if open_last is not None else lines

    if open_end is True:
        return st.builds(lambda lines, end: lines + [end], st.lists(line, max_size=max(max_size - 1, 0)), last)
    if open_end is False:
        return st.lists(line, min_size=min_size, max_size=max_size)
    return st.builds(finish, st.lists(line, min_size=min_size, max_size=max_size), st.none() | last).filter(
        lambda lines: len(lines) >= min_size)


def insert_texts() -> Any:
    """What the model inserts: whole lines, the last one not empty, with or without its "\\n"."""
    inner = st.builds(lambda text, end: text + end, st.text(IN_LINE, max_size=6), st.sampled_from(["\n", "\r\n"]))
    last = st.text(IN_LINE.replace("\r", ""), min_size=1, max_size=6)
    return st.builds(lambda lines, tail, end: "".join(lines) + tail + end,
                     st.lists(inner, max_size=2), last, st.sampled_from(["", "\n"]))


def insert_cases(open_end: bool | None = None, max_lines: int = 8) -> Any:
    """(lines, n, text): an insert after line n, 0 <= n <= len(lines)."""
    files, texts = file_lines(max_size=max_lines, open_end=open_end), insert_texts()

    @st.composite
    def build(draw: Any) -> tuple[list[str], int, str]:
        lines = draw(files)
        return lines, draw(between(0, len(lines))), draw(texts)

    return build()


def bad_lines(max_lines: int = 6) -> Any:
    """(lines, n): a file, and an insert_line it does not have: negative, or past the end
    (by one or by far)."""
    files = file_lines(max_size=max_lines)

    @st.composite
    def build(draw: Any) -> tuple[list[str], int]:
        lines = draw(files)
        kind = draw(between(0, 2))
        low, high = [(-10**6, -1), (len(lines) + 1, len(lines) + 3), (len(lines) + 4, 10**9)][kind]
        return lines, draw(st.integers(low, high))

    return build()


# Paths a refused call gets, relative to a scratch_project(): (path, why it is refused);
# "{outer}" stands for the folder around the project.
REFUSED_PATHS = [
    ("../secret.txt", "outside the project"), ("./../secret.txt", "outside the project"),
    ("sub/../../secret.txt", "outside the project"), ("{outer}/secret.txt", "an absolute path outside"),
    ("notes.txt", "a symlink to a file outside"), ("up/secret.txt", "in a symlinked folder outside"),
    ("missing.txt", "no such file"), ("sub/missing.py", "no such file"), ("sub", "a folder, not a file"),
    ("", "an empty path"), ("~/secret.txt", "a home path"),
]
