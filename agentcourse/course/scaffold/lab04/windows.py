"""Lab 4's read_lines windows (a file and a start and end near every boundary), and the
memory a read takes: tracemalloc in a notebook, a file with a hole past the kernel's memory
limit in the judge.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab04.calls import judged
from agentcourse.course.scaffold.lab04.checkpoint import FAR_BYTES, READ_LINES_MAX
from agentcourse.course.scaffold.lab04.files import BAD_BYTES, Data, Readable, file_data
from agentcourse.course.scaffold.lab04.reading import line_count

# ----------------------------------------------------------------------------- read_lines windows


@dataclass(frozen=True, repr=False)
class Window(Readable):
    """A file of `lines` lines, and the start and end asked for (as the model sent them)."""

    data: Data
    start: int | str
    end: int | str

    def __repr__(self) -> str:
        count = line_count(self.data)
        head = repr(Data(self.data[:120])) + (" ..." if len(self.data) > 120 else "")
        return f"Window(file of {count} lines: {head}, start={self.start!r}, end={self.end!r})"


@st.composite
def windows(draw: Any, most_lines: int = 700) -> Window:
    """A file and a request near every boundary: the first and last lines, one past the end,
    exactly READ_LINES_MAX lines and one more, start and end as numbers or as strings."""
    count = draw(st.one_of(st.integers(0, 12), st.integers(195, 215), st.integers(0, most_lines)))
    varied = draw(st.lists(file_data(most_lines=4, bad=False), max_size=3))
    special = b"".join(d if d.endswith(b"\n") else d + b"\n" for d in varied)
    plain = [b"line %d of the file" % k for k in range(1, count + 1)]
    at = draw(st.integers(0, len(plain)))
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    data = b"".join(line + ending for line in plain[:at]) + special + b"".join(line + ending for line in plain[at:])
    if data and draw(st.booleans()):
        data = data.rstrip(b"\r\n")  # no line end after the last line
    total = line_count(data)
    start = draw(st.one_of(st.just(1), st.integers(max(1, total - 2), total + 2), st.integers(1, max(1, total))))
    to_end = max(1, total - start + 1)  # the size that ends exactly at the file's last line
    size = draw(st.one_of(st.sampled_from([1, READ_LINES_MAX - 1, READ_LINES_MAX, READ_LINES_MAX + 1]),
                          st.integers(1, 450), st.integers(max(1, to_end - 1), to_end + 2)))
    end = start + size - 1
    as_text = draw(st.sampled_from(["", "start", "end", "both"]))
    return Window(Data(data), str(start) if as_text in ("start", "both") else start,
                  str(end) if as_text in ("end", "both") else end)


def numbered(count: int, ending: bytes = b"\n") -> Data:
    """A file of `count` lines, "line 1 of the file" and on."""
    return Data(b"".join(b"line %d of the file" % k + ending for k in range(1, count + 1)))


def window_of(count: int, start: int | str, end: int | str) -> Window:
    """A Window written by hand (for a boundary a check names)."""
    return Window(numbered(count), start, end)


@st.composite
def lone_cr_files(draw: Any) -> Data:
    """A file with needle lines, some holding a lone \\r (where the two readings of a line
    differ) and some after one."""
    lines = draw(st.lists(st.sampled_from([b"needle", b"a\rb", b"a\rneedle", b"needle\rb", b"plain", b""]),
                          min_size=1, max_size=8))
    ending = draw(st.sampled_from([b"\n", b"\r\n"]))
    return Data(b"".join(line + ending for line in [b"a\rb", *lines, b"needle"]))


@st.composite
def bad_windows(draw: Any) -> tuple[Window, int]:
    """A window with a line that is not UTF-8 inside it, and that line's number."""
    start, size = draw(st.integers(1, 40)), draw(st.integers(1, READ_LINES_MAX + 20))
    stop = start + min(size, READ_LINES_MAX) - 1
    bad = draw(st.integers(start, stop))
    count = draw(st.integers(bad, stop + 30))
    lines = [b"line %d" % k for k in range(1, count + 1)]
    lines[bad - 1] = b"line %d " % bad + draw(st.sampled_from(BAD_BYTES)) + b" here"
    return Window(Data(b"".join(line + b"\n" for line in lines)), start, start + size - 1), bad


@st.composite
def far_bad_windows(draw: Any) -> Window:
    """A window of good lines with bytes that are not UTF-8 only FAR_BYTES or more after its
    last line (or after the cap's last line)."""
    start, size = draw(st.integers(1, 300)), draw(st.integers(1, 260))
    stop = start + min(size, READ_LINES_MAX) - 1
    good = b"".join(b"line %d of the file\n" % k for k in range(1, stop + 1))
    pad = b"padding that is valid UTF-8, on and on\n" * (FAR_BYTES // 39 + 1)
    tail = draw(st.sampled_from(BAD_BYTES)) + b" and more\n"
    return Window(Data(good + pad + tail * 50), start, start + size - 1)


@contextlib.contextmanager
def peak_memory() -> Iterator[list[int]]:
    """The most memory Python allocated inside the block, in bytes (tracemalloc). In the
    judge it reads 0: the tool runs in the kernel's process, where big_log's hole measures it."""
    import tracemalloc

    box: list[int] = []
    if judged():
        try:
            yield box
        finally:
            box.append(0)
        return
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    try:
        yield box
    finally:
        box.append(tracemalloc.get_traced_memory()[1] - base)
        if started:
            tracemalloc.stop()


KERNEL_MEMORY = "AGENTCOURSE_KERNEL_MEMORY_MB"  # set by the grader (agentcourse/grading/judge/execute.py)
BIG_LOG_LINES = 3000  # good lines at the start of big_log's file
HOLE_EXTRA_MB = 512  # how far past the kernel's memory limit the hole of big_log's file ends


def kernel_memory_mb() -> int | None:
    """In the judge, the most memory the student's kernel may take (its address-space limit,
    in MB), when the grader set one; else None."""
    value = os.environ.get(KERNEL_MEMORY, "") if judged() else ""
    return int(value) if value.isdigit() and int(value) > 0 else None


def big_log(path: Path) -> bool:
    """The streaming check's file: BIG_LOG_LINES good lines, then 16 MB of lines that are not
    UTF-8. In the judge, when the kernel's memory is limited, the file then runs on as a hole
    (no byte on disk) past that limit: a read_lines that goes on past the lines it needs runs
    out of memory, where in a notebook tracemalloc measures it. Returns whether it has the hole."""
    limit = kernel_memory_mb()
    with open(path, "wb") as f:
        f.write(b"".join(b"line %05d: all is well\n" % n for n in range(1, BIG_LOG_LINES + 1)))
        f.write((b"\xff\xfe broken tail " + b"~" * 1000 + b"\n") * 16_000)
        if limit:
            f.truncate((limit + HOLE_EXTRA_MB) << 20)
    if limit is None and judged():
        print("(the memory read_lines takes is not measured here: this kernel has no memory limit)")
    return limit is not None
