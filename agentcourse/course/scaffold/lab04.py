"""Lab 4's scaffolding: checkpoint 03's loop with the student's tools, and what the checks generate.

Checkpoint 04 holds all three of Lab 4's answers (search_file, read_lines, the tools section),
so a graded kernel of Lab 4 loads checkpoint 03 only. What the checks need of 04 that is not
an answer is copied here: its limits, the parts of its prompt around the tools section, and
its four tool signatures as plain schemas. `run_task` drives checkpoint 03's loop, unchanged,
with the student's two tools and prompt plugged in.

The checks are properties over generated files:

    files               files(), FileCase: one file of varied lines, endings, bytes and sizes
    folders             trees(), Tree: nested files, hidden ones, a link out, about 50 matches
    read_lines windows  windows(), Window: a file and a start/end near every boundary

Nothing here searches or reads a project for the student: the lab's answers are the tools.
What a line is, the lines a search must show, the window read_lines must return and the
judges that compare an answer with them are the references, in judged/lab04.py, out of a
graded kernel's reach. A graded kernel can import this module
(tests/course/test_answers_out_of_reach.py tries its attributes as the answers).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from agentcourse.api.protocol import to_plain

SEARCH_MAX_MATCHES = 50  # matching lines per search_file call (checkpoint 04's cap)
READ_LINES_MAX = 200  # lines per read_lines call
LINE_MAX_CHARS = 2000  # a longer line is cut to this many characters
MARKER_SLACK = 40  # characters a cut line may carry after the cut (a marker such as " [...]")
FAR_BYTES = 64 * 1024  # bytes past the last line asked for that a read must never depend on
STANDARD_TASK = "In config_loader.py, change the default timeout of parse_config from 30 to 60."

# Checkpoint 04's system prompt around its tools section (the section is Task 3's answer).
PROMPT_HEAD = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

"""
PROMPT_TAIL = """\
## How to Work
- Search, then read, then edit: find the place with search_file, read the lines \
around it with read_lines, then change them with edit_file.
- Read before editing. Never change lines you have not read with read_lines in this \
conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls search_file(pattern="def add", path="math_utils.py")]
[gets `math_utils.py:4: def add(a, b):`]
[calls read_lines(path="math_utils.py", start=4, end=5)]
[calls edit_file(path="math_utils.py", old_str="def add(a, b):", \
new_str="def add(a, b):\\n    \\"\\"\\"Return the sum of a and b.\\"\\"\\"")]
Added a one-line docstring to add() on line 4 of math_utils.py.

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files. If the user asks you to delete something, say that you cannot \
and suggest an alternative.
- Do not run code. You can read and write files, but not execute them.
"""


def _plain(name: str, description: str, **params: str) -> dict:
    properties = {key: {"type": kind, "description": key.replace("_", " ")} for key, kind in params.items()}
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": list(params)}}


# Checkpoint 04's four tools with descriptions of a few plain words: the only rules the model
# gets about the tools are the ones the student's section states.
PLAIN_TOOLS = [
    _plain("list_files", "List a folder.", path="string"),
    _plain("search_file", "Search files.", pattern="string", path="string"),
    _plain("read_lines", "Read lines of a file.", path="string", start="integer", end="integer"),
    _plain("edit_file", "Create or edit a file.", path="string", old_str="string", new_str="string"),
]


# ----------------------------------------------------------------------------- calling a tool

_HUNG: list[threading.Thread] = []  # calls that never returned: later calls fail at once


class _TookTooLong(BaseException):
    """Raised into a tool that runs past its time (a BaseException: `except Exception` in the
    tool does not swallow it)."""


def _judged() -> bool:
    """Whether this process is the judge (agentcourse/grading/judge/): the checks run here and
    the student's tools run in the kernel, called through the channel."""
    from agentcourse.course import nbtools

    return os.environ.get(nbtools.ROLE) == "judge"


JUDGE_SLACK = 2.0  # seconds the judge's own timer allows past a call's limit (the kernel keeps it)


def _run(function: Callable[..., Any], args: tuple, timeout: float) -> dict[str, Any]:
    """{"value": ...} or {"error": ...} or {} (still running after `timeout` seconds). In the
    main thread a timer interrupts the call (no thread to start: properties make hundreds of
    calls); elsewhere the call runs in a helper thread that is left behind if it hangs. In the
    judge, the kernel stops the call at `timeout` (the channel carries it) and the judge's
    timer, a little later, stops the wait for a kernel that does not."""
    box: dict[str, Any] = {}
    if threading.current_thread() is threading.main_thread():
        def expire(signum: int, frame: Any) -> None:
            raise _TookTooLong

        limits: dict[str, Any] = {}  # what the next call through the judge's channel carries
        slack, silent = 0.0, ()
        if _judged():  # the judge raises _TookTooLong too when the kernel stopped the call
            from agentcourse.course import nbtools

            limits, slack = nbtools.JUDGE, JUDGE_SLACK
            silent = nbtools.JUDGE.get("silent") or ()  # the judge's KernelSilent: the cell's time ran out
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, timeout + slack)
        limits.update(seconds=timeout, expired=_TookTooLong)
        try:
            box["value"] = function(*args)
        except _TookTooLong:
            pass
        except BaseException as err:  # reported by call_tool, as a failed check
            if isinstance(err, silent):
                raise  # the grader's timeout, to regrade, never a failed check
            box["error"] = err
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            limits.pop("seconds", None)
            limits.pop("expired", None)
        return box

    def run() -> None:
        try:
            box["value"] = function(*args)
        except BaseException as err:
            box["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        _HUNG.append(worker)
        return {}
    return box


def _name(function: Any) -> str:
    """A tool's name in a failure: its own, or in the judge the student's name it stands for."""
    name = getattr(function, "__name__", None) or _judged() and getattr(function, "name", None)
    return str(name or "the tool")


def call_tool(function: Callable[..., Any], *args: Any, timeout: float = 2.0) -> str:
    """Call a tool and return its string; fail the check clearly if it raises, returns
    something else than a string, or takes longer than `timeout` seconds."""
    name = _name(function)
    if any(t.is_alive() for t in _HUNG):
        raise AssertionError(f"an earlier call of {name} never returned; fix that one first")
    box = _run(function, args, timeout)
    if not box:
        raise AssertionError(f"{name}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(f"{name}{args!r} raised {type(err).__name__}: {err} "
                             "(return an 'Error: ...' string instead)")
    value = box["value"]
    assert isinstance(value, str), f"{name}{args!r} returned {type(value).__name__}, not str"
    return value


def is_error(result: Any) -> bool:
    return isinstance(result, str) and result.startswith("Error:")


# ----------------------------------------------------------------------------- scratch projects


@dataclass(frozen=True)
class Link:
    """A symbolic link to write at a path (relative to the link's folder)."""

    target: str


OUTSIDE_SECRET = "secret.py"  # beside the project, in ../outside/: never searched, never read
# A property writes hundreds of small projects: in memory where the system offers it (on a disk,
# removing a folder can cost milliseconds), else in the usual temporary folder.
# In the judge, the usual temporary folder: the one it shares with the kernel, where the tools run.
SCRATCH_DIR = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) and not _judged() else None


@contextlib.contextmanager
def scratch_project(files: dict[str, bytes | str | Link] | None = None) -> Iterator[Path]:
    """A small project holding `files` (path -> bytes, text written byte for byte, or a Link)
    as the working directory, with a folder outside it (`../outside/secret.py`, matching
    every pattern the checks use); the folder before it afterwards."""
    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab04-", dir=SCRATCH_DIR) as tmp:
        outer = Path(os.path.realpath(tmp))
        (outer / "outside").mkdir()
        (outer / "outside" / OUTSIDE_SECRET).write_bytes(b"needle = 'outside the project'\n" * 3)
        root = outer / "project"
        root.mkdir()
        write_files(root, files or {})
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


def write_files(root: Path, files: dict[str, bytes | str | Link]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Link):  # written with its absolute target (the same link)
            path.symlink_to(os.path.normpath(os.path.join(path.parent, content.target)))
        else:
            path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)


@contextlib.contextmanager
def fifo(path: Path) -> Iterator[Path]:
    """A FIFO at `path`; afterwards a reader stuck on it, if any, is woken (it gets end of file)."""
    os.mkfifo(path)
    try:
        yield path
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


# ----------------------------------------------------------------------------- what a line is


def line_count(data: bytes) -> int:
    """How many lines a file's bytes hold, a lone \\r ending one: the size the generators
    draw windows around (the lines themselves are the references', judged/lab04.py)."""
    ends = len(re.findall(rb"\r\n|\r|\n", data))
    return ends + (not data.endswith((b"\n", b"\r")) and data != b"")


def numbers_in(text: str) -> set[int]:
    """The whole numbers a text mentions ("1,370" is one number)."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+", text)}


def shows(got: str, prefix: str, text: str) -> bool:
    """`got` is `prefix` and then the line `text` as a tool shows it: whole, or cut to
    LINE_MAX_CHARS characters (a short marker may follow the cut)."""
    if not got.startswith(prefix):
        return False
    rest = got[len(prefix):]
    if len(text) <= LINE_MAX_CHARS:
        return rest == text
    return rest.startswith(text[:LINE_MAX_CHARS]) and len(rest) <= LINE_MAX_CHARS + MARKER_SLACK


def short(text: str, limit: int = 160) -> str:
    """A result's text for a message: its repr, shortened in the middle."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit // 2] + " ... " + shown[-limit // 2:]


# ----------------------------------------------------------------------------- generated files


class Readable:
    """Shown in a failing example's message by its own repr (Hypothesis would list fields)."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


class Data(Readable, bytes):
    """A file's bytes whose repr stays readable: long runs are written as counts."""

    def __repr__(self) -> str:
        text = bytes.__repr__(self)
        text = re.sub(r"(.)\1{15,}", lambda m: f"{m.group(1)}<x{len(m.group(0))}>", text)
        return text if len(text) <= 400 else text[:300] + " ... " + text[-80:]


NEEDLE = b"needle"
# Pieces a line is made of: words, the needle, whitespace and separators that end no line,
# Unicode, bytes that are not UTF-8, a lone \r between two letters, a line far past the cut.
WORDS = [b"alpha", b"beta ", b"x = 1", b"def f():", b"  ", b"\t", "é".encode(), "日本".encode(),
         "😀".encode(), NEEDLE, NEEDLE + b"s", b" " + NEEDLE + b" ", b"NEEDLE"]
SEPARATORS = [b"\x0c", "\u2028".encode(), "\x85".encode(), b"\x0b", b"\x1c", "\u2029".encode()]
BAD_BYTES = [b"\xff", b"\xc3", b"\xe2\x80", b"\xed\xa0\x80", b"caf\xe9"]
LONE_CR = [b"a\rb"]
LONG = [b"x" * 2100, b"y" * 2600 + NEEDLE, b"z" * 1999 + b"\xc3\xa9" + NEEDLE]


def line_pieces(bad: bool = True, lone_cr: bool = True, long: bool = True) -> st.SearchStrategy[bytes]:
    pieces = WORDS + SEPARATORS + (BAD_BYTES if bad else []) + (LONE_CR if lone_cr else [])
    piece = st.sampled_from(pieces)
    if long:
        piece = st.one_of(piece, st.sampled_from(LONG))
    return st.lists(piece, max_size=5).map(b"".join)


@st.composite
def file_data(draw: Any, most_lines: int = 12, bad: bool = True, lone_cr: bool = True,
              long: bool = True) -> Data:
    """A file's bytes: lines of generated pieces, ended by \\n, \\r\\n or a mix, with or
    without a final line end."""
    lines = draw(st.lists(line_pieces(bad, lone_cr, long), max_size=most_lines))
    style = draw(st.sampled_from(["\n", "\r\n", "mixed"]))
    ends = [draw(st.sampled_from([b"\n", b"\r\n"])) if style == "mixed" else style.encode() for _ in lines]
    data = b"".join(line + end for line, end in zip(lines, ends, strict=True))
    if lines and draw(st.booleans()):
        data = data[: -len(ends[-1])]  # no line end after the last line
    return Data(data)


PATTERNS = ["needle", "^needle", "needle$", r"\bneedle\b", "ne+dle", "n.edle", r"needle\s*$", r"\s$",
            "^$", "é", "日本", "😀", r"[\x0c\u2028]", "alpha|beta", "x{2000}", "needles?$", "(?i)NEEDLE"]


@dataclass(frozen=True, repr=False)
class FileCase(Readable):
    """One file to search: where it is, what it holds, the pattern, and the path searched."""

    name: str
    data: Data
    pattern: str
    path: str

    def __repr__(self) -> str:
        return f"FileCase(file {self.name!r} holding {self.data!r}, pattern={self.pattern!r}, path={self.path!r})"


def file_case(data: bytes, pattern: str = "needle", name: str = "f.py", path: str | None = None) -> FileCase:
    """A FileCase written by hand (for an axis a check names)."""
    return FileCase(name, Data(data), pattern, name if path is None else path)


@st.composite
def files(draw: Any) -> FileCase:
    """A file of varied lines at some depth, a pattern, and the path searched (the file or
    a folder above it, spelled in one of several ways)."""
    folders = draw(st.lists(st.sampled_from(["src", "pkg", "a b", "é"]), max_size=3))
    name = "/".join([*folders, draw(st.sampled_from(["f.py", "notes.txt", "data.csv"]))])
    path = draw(st.sampled_from([name, "./" + name, *(["/".join(folders), "/".join(folders) + "/"]
                                                       if folders else []), "."]))
    return FileCase(name, draw(file_data()), draw(st.sampled_from(PATTERNS)), path)


@dataclass(repr=False)
class Tree(Readable):
    """Files under src/ (some nested, some hidden, one maybe a link out of the project) and
    one beside it, each with `count` matching lines among others; the path searched."""

    counts: dict[str, int]  # path -> matching lines it holds
    path: str  # the path searched
    files: dict[str, bytes | Link] = field(repr=False, default_factory=dict)
    endings: str = "\n"

    def __repr__(self) -> str:
        shown = {name: (f"link to {f.target}" if isinstance(f, Link) else f"{self.counts[name]} matching lines")
                 for name, f in self.files.items()}
        return f"Tree(path={self.path!r}, line ends={self.endings!r}, files={shown})"


def tree_files(counts: dict[str, int], endings: str, gap: int = 1) -> dict[str, bytes | Link]:
    """Files with `count` matching lines each (every other line, after `gap` others)."""
    out: dict[str, bytes | Link] = {}
    for name, count in counts.items():
        if name.endswith("leak.py"):
            out[name] = Link(os.path.relpath("outside/" + OUTSIDE_SECRET, "project/" + os.path.dirname(name)))
            continue
        lines = [f"other line {k}" for k in range(gap)]
        for k in range(count):
            lines += [f"needle {k} in {name}", "not this one"]
        out[name] = "".join(line + endings for line in lines).encode("utf-8")
    return out


DIRS = ["a", "b", "sub", "é"]


@st.composite
def trees(draw: Any, most_files: int = 6, most_matches: int = 30) -> Tree:
    """A folder of nested files with about SEARCH_MAX_MATCHES matching lines in all (often a
    few more or less), hidden files and a link out (never searched), and the path searched."""
    paths = draw(st.lists(
        st.tuples(st.lists(st.sampled_from(DIRS), max_size=3), st.sampled_from(["m.py", "n.txt", "z.md"])),
        min_size=1, max_size=most_files, unique_by=lambda p: "/".join([*p[0], p[1]])))
    counts = {}
    for folders, name in paths:
        count = draw(st.one_of(st.integers(0, most_matches), st.sampled_from([0, 1, 17, 25, 49, 50, 51])))
        counts["/".join(["src", *folders, name])] = count
    # never searched: hidden files and folders, a link out of the project
    for extra in draw(st.lists(st.sampled_from(["src/.hidden.py", "src/.git/config", "src/a/.env",
                                                "src/leak.py", "src/b/leak.py"]), unique=True, max_size=3)):
        counts[extra] = 0 if extra.endswith("leak.py") else draw(st.integers(1, 5))
    counts["beside.py"] = draw(st.integers(0, 3))  # outside src/: found only when "." is searched
    endings = draw(st.sampled_from(["\n", "\r\n"]))
    path = draw(st.sampled_from(["src", "./src", "src/", "src/../src", "."]))
    return Tree(counts, path, tree_files(counts, endings), endings)


def tree_of(counts: dict[str, int], path: str = "src", endings: str = "\n") -> Tree:
    """A Tree written by hand (for a boundary a check names)."""
    return Tree(counts, path, tree_files(counts, endings), endings)


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
    if _judged():
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
    value = os.environ.get(KERNEL_MEMORY, "") if _judged() else ""
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
    if limit is None and _judged():
        print("(the memory read_lines takes is not measured here: this kernel has no memory limit)")
    return limit is not None


# ----------------------------------------------------------------------------- the tools section

# What Task 3 asks a section to say, as the wordings a reader would use; each claim has its
# opposite, which the section must not make unless it negates it ("1-based, not 0-based").
_NEGATED = re.compile(r"\b(not|never|no|don't|do not|avoid\w*|instead of|rather than|without|unlike|n't)\b[^.\n]{0,25}$")
ONE_BASED = (r"\b(1|one)[- ]?(based|indexed)\b|\b(from|at|with) (line |number )?(1|one)\b"
             r"|\bfirst line is (line |number )?(1|one)\b|\bline (1|one) is the first\b")
ZERO_BASED = (r"\b(0|zero)[- ]?(based|indexed)\b|\b(from|at|with) (index |line |number )?(0|zero)\b"
              r"|\b(python|list) slic\w*|\blike a slice\b|\bfirst line is (line |number )?(0|zero)\b")
INCLUSIVE = (r"\binclusive\b|\bboth ends\b|\b(up to|through) and including\b|\bthrough\b"
             r"|\bboth\b[^.\n]{0,30}\b(includ\w*|returned|shown|count\w*)\b"
             r"|\b(end|last)( line)?\b[^.\n]{0,20}\b(is|are) (also |too )?(included|returned|shown)\b"
             r"|\bincluding (the )?(line )?(end|last)\b|\bincludes? (the )?(line )?(end|last)\b"
             r"|\b(end|last)( line)?,? (included|too)\b")
EXCLUSIVE = (r"\bexclusive\b|(?<!not )(?<!never )\b(not includ\w*|exclud\w*)[^.\n]{0,15}\b(end|last|stop)\b"
             r"|\b(end|last|stop)\b[^.\n]{0,15}((?<!not )\bexclud\w*|\bnot includ\w*|\bleft out\b)"
             r"|\bup to but not\b|\bhalf[- ]open\b|\bstops? before (line )?end\b")
WITHOUT_NUMBERS = (r"\b(without|leav\w* out|omit\w*|drop\w*|remov\w*|strip\w*|minus|excluding|not includ\w*"
                   r"|never includ\w*|don't includ\w*|do not includ\w*|not the|not their|not copy\w*|never cop\w*)"
                   r"\b[^.\n]{0,40}\b(numbers?|prefix\w*|n: )"
                   r"|\b(never|not|don't|do not)\b[^.\n]{0,15}\b(past\w*|put\w*|cop\w*|includ\w*|keep\w*|add\w*)\b"
                   r"[^.\n]{0,40}\b(numbers?|prefix\w*|n: )")
WITH_NUMBERS = (r"\bline numbers and all\b|\b(cop\w*|old_str)\b[^.\n]{0,60}\b(with (the |their |its )?(line )?numbers"
                r"|including (the |their )?(line )?numbers|numbers included|keep\w* (the )?(line )?numbers)\b")
INSTEAD = (r"\b(instead of|rather than|prefer\w*[^.\n]{0,20}\b(to|over)|not|never|avoid\w*|without|no need to"
           r"|don't|do not)\b[^.\n]{0,40}\b(whole|entire|full|complete|all of|everything|top to bottom"
           r"|start to finish|every line)\b")
WHOLE = (r"\b(read|reads|reading)\b[^.\n]{0,15}\b(all of it|the whole( file)?|the entire( file)?|whole files?"
         r"|entire files?|every line of the file|the full file|files? in full|from top to bottom)")


def _says(text: str, pattern: str) -> bool:
    return re.search(pattern, text) is not None


def _claims(text: str, pattern: str) -> list[str]:
    """The phrases matching `pattern` that are not negated just before ("not 0-based")."""
    return [m.group(0) for m in re.finditer(pattern, text) if not _NEGATED.search(text[max(0, m.start() - 40):m.start()])]


def section_problems(section: str) -> list[str]:
    """What Task 3's text asks a tools section to say about the tools, read in any words:
    read_lines counts from 1 and includes `end`; old_str is copied without the line numbers;
    search_file is for finding code instead of reading whole files. Each problem is a
    sentence for the student."""
    text = " ".join(section.lower().replace("`", "").replace("*", "").split())
    problems = []
    if _claims(text, ZERO_BASED) or not _says(text, ONE_BASED):
        problems.append("say that read_lines numbers lines from 1 (1-based), as search_file does, "
                        "and nothing that says otherwise (0-based, like a Python slice)")
    if _claims(text, EXCLUSIVE) or not _says(text, INCLUSIVE):
        problems.append("say that read_lines includes both start and end (inclusive), and nothing "
                        "that says end is left out")
    if _claims(text, WITH_NUMBERS) or not _says(text, WITHOUT_NUMBERS):
        problems.append("say that old_str is copied from read_lines without the line numbers "
                        "it adds (and not with them)")
    if _claims(text, WHOLE) or not _says(text, INSTEAD):
        problems.append("say that search_file is how to find code instead of reading whole files, "
                        "and never ask for a whole file to be read")
    return problems


# ----------------------------------------------------------------------------- the agent


def tool_results(messages: list) -> list[str]:
    """Every tool_result's text, in order."""
    return [str(block.get("content")) for m in to_plain(messages) if m["role"] == "user"
            and isinstance(m["content"], list) for block in m["content"]
            if block.get("type") == "tool_result"]


def sent_results(request: dict) -> list[str]:
    """The text of every tool_result a request sent, in order."""
    out = []
    for message in request.get("messages", []):
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                inner = block.get("content")
                out.append(inner if isinstance(inner, str) else
                           "".join(b.get("text", "") for b in inner or [] if isinstance(b, dict)))
    return out


def assert_reads_before_editing(messages: list) -> None:
    """The agent's first edit_file comes after a search_file or read_lines call."""
    from agentcourse.api.outcome import tool_calls

    names = [name for name, _ in tool_calls(messages)]
    assert "edit_file" in names, f"the agent never edited: {names}"
    first_edit = names.index("edit_file")
    assert {"read_lines", "search_file"} & set(names[:first_edit]), f"edit_file came before any read: {names}"


@dataclass
class TaskRun:
    """One request run through the loop: the history, the project's files after it, and the
    requests the tutor received (as sent)."""

    messages: list
    files: dict[str, str]
    sent: list[dict]


def run_task(prompt: str, client: Any, tools: dict[str, Callable[..., str]], system: str,
             sent: list[dict], config_lines: int = 500, calls: int = 10) -> TaskRun:
    """Run `prompt` through checkpoint 03's loop with `tools` (search_file and read_lines),
    the system prompt `system` and PLAIN_TOOLS, in a scratch copy of the sample project with
    a config_loader.py of `config_lines` lines. `sent` is the tutor's ledger (a list of its
    records); the run's own records are returned."""
    from agentcourse.course import nbtools
    from agentcourse.paths import load_checkpoint
    from agentcourse.projects.sample import write_config_module

    agent = load_checkpoint("03")
    agent.MODEL = nbtools.LAB_MODEL  # the lab's model, not the checkpoint's default (nbtools says why)
    agent.TOOL_FUNCTIONS = {"list_files": agent.tools.list_files, **tools, "edit_file": agent.tools.edit_file}
    agent.SYSTEM_PROMPT = system
    agent.TOOLS = PLAIN_TOOLS
    first = len(sent)
    with nbtools.project() as root:
        write_config_module(root, lines=config_lines)
        messages = [{"role": "user", "content": prompt}]
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run_turn(nbtools.limited(client, calls), messages)
        files = {p.name: p.read_text() for p in root.iterdir() if p.is_file()}
    return TaskRun(messages, files, [record["request"] for record in sent[first:] if record.get("request")])
