"""What Lab 6's checks generate, task by task: results to cap (`cap_cases`), conversations
of several requests (`conversations`, `conversation`), stubs to make (`stub_cases`),
conversations to cut and compact (`compact_cases`, `cut_cases`) and memory files and notes
(`note_cases`), with the limits the tasks name.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab06.showing import brief, short, show

STUB_MAX_CHARS = 300  # a stub is one line shorter than this (Task 2)
SUMMARY_MAX_TOKENS = 2000  # max_tokens of the summary call (Task 3)
TOOL_NAMES = ("read_lines", "search_file", "list_files", "edit_file", "research", "save_note")
assert not any(a != b and a in b for a in TOOL_NAMES for b in TOOL_NAMES)  # a stub names one tool
# Every line break str.splitlines() knows (Task 4), and whitespace that is none.
LINE_BREAKS = ("\n", "\r\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
SPACES = (" ", "\t", "\u3000", "\xa0")
NUMBERED = re.compile(r"^\d+: ", re.M)  # how read_lines starts a line: "12: "


class _Shown:
    """Hypothesis prints a failing example with its own pretty printer: use our repr."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


# ----------------------------------------------------------------------------- drawing, cheaply
# Strategies are built once and reused: building one inside every draw costs more than the draw.
@functools.lru_cache(maxsize=4096)
def _ints(least: int, most: int) -> st.SearchStrategy[int]:
    return st.integers(least, most)


@functools.lru_cache(maxsize=256)
def _pick(options: tuple) -> st.SearchStrategy[Any]:
    return st.sampled_from(options)


@functools.cache
def _order(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(list(range(n)))


# ----------------------------------------------------------------------------- Task 1: cap_result
_LINE_CHARS = st.one_of(
    st.sampled_from(list("abcxyz  =():_.,-0123456789")),
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),  # no line break of any kind
    st.sampled_from(["é", "漢", "😀", "ß", "ǅ"]),
)
# One line: a few characters, sometimes repeated into a long one.
_LINE = st.builds(lambda body, times: body * times, st.text(_LINE_CHARS, max_size=12),
                  st.sampled_from([1, 1, 1, 2, 5, 40]))
_FIRST_NUMBER = st.one_of(st.just(1), st.integers(2, 300), st.integers(1_000, 2_000_000))


@dataclass(repr=False)
class CapCase(_Shown):
    text: str
    limit: int
    numbered: bool  # every line is "N: ..." as read_lines numbers it

    def __repr__(self) -> str:
        return f"cap_result({brief(self.text, 2000)}, {self.limit})"


def _plain_line(line: str, k: int) -> str:
    """A line that is not numbered the way read_lines numbers lines: sometimes a search
    result, whose "path:12: " holds a number and a colon, but not at the start."""
    if NUMBERED.match(line):
        line = "x" + line
    return f"f{k}.py:{k + 3}: {line}" if k % 3 == 1 else line


@functools.cache
def _lines(most: int) -> st.SearchStrategy[list[str]]:
    return st.lists(_LINE, min_size=1, max_size=most)


@st.composite
def cap_cases(draw: Any, most_lines: int = 40) -> CapCase:
    """A text (numbered as read_lines numbers it from any first line, or not numbered) and
    a limit near one of its boundaries: the whole length, one less, a line break at the
    limit, just before it or after it, anywhere."""
    numbered = draw(st.booleans())
    bodies = draw(_lines(most_lines))
    if numbered:
        first = draw(_FIRST_NUMBER)
        lines = [f"{first + k}: {body}" for k, body in enumerate(bodies)]
    else:
        lines = [_plain_line(body, k) for k, body in enumerate(bodies)]
    text = "\n".join(lines) + draw(_pick(("", "", "\n")))
    breaks = [i for i, c in enumerate(text) if c == "\n"]
    near = [len(text), len(text) - 1, len(text) + 3]
    near += [b + d for b in breaks for d in (-1, 0, 1)] if breaks else []
    limit = near[draw(_ints(0, len(near) - 1))] if draw(st.booleans()) else draw(_ints(1, len(text) + 5))
    limit = max(1, limit)
    if numbered:  # a numbered head holds one whole line at least (else which line comes next is moot)
        limit = max(limit, breaks[0] + 1) if breaks else max(limit, len(text))
    return CapCase(text, limit, numbered)


# ----------------------------------------------------------------------------- conversations
def _use(id_: str, name: str, k: int) -> dict:
    return {"type": "tool_use", "id": id_, "name": name, "input": {"path": f"p{k}.py"}}


_FILLS = ("y", "é", "漢字", "😀", "line\n", "a b ")


def _content(draw: Any, size: int) -> Any:
    fill = draw(_pick(_FILLS))
    text = (fill * (size // len(fill) + 1))[:size]
    if draw(_ints(0, 9)) == 0:  # a list of blocks (the API refuses an empty text block)
        return [{"type": "text", "text": text or fill}]
    return text


_WORD = st.text(st.sampled_from(list("abcdefghij") + ["é", "ü", "漢", "😀", ".", "?"]), min_size=1, max_size=8)
# A request's words: one to three paragraphs, Unicode, no space at either end.
REQUEST_TEXTS = st.lists(st.lists(_WORD, min_size=1, max_size=6).map(" ".join), min_size=1, max_size=3).map("\n\n".join)


def _default_size(draw: Any) -> int:
    return draw(_ints(0, 60)) if draw(st.booleans()) else draw(_ints(500, 3000))


@st.composite
def conversations(draw: Any, *, end: str = "either", most_requests: int = 3, most_steps: int = 4,
                  most_calls: int = 3, size: Any = _default_size, names: tuple = TOOL_NAMES,
                  first: Any = REQUEST_TEXTS) -> list[dict]:
    """A valid conversation as the course's loops keep it: requests (strings) from the user,
    each followed by steps (an assistant message of one or more tool calls, perhaps after a
    text block, then a user message of their results, in any order) and, for every turn but
    the last, the assistant's answer. `end`: "results" (a turn under way), "request" (a new
    request after an answered turn) or "either"; `size(draw)`: a result's length; `first`:
    the first request's strategy."""
    end = draw(_pick(("results", "request"))) if end == "either" else end
    turns = draw(_ints(1, most_requests))
    messages: list[dict] = []
    n = 0
    for turn in range(turns):
        messages.append({"role": "user", "content": draw(first if turn == 0 else REQUEST_TEXTS)})
        least = 1 if (turn == turns - 1 and end == "results") else 0
        for _ in range(draw(_ints(least, most_steps))):
            calls = []
            for _ in range(draw(_ints(1, most_calls))):
                n += 1
                calls.append(_use(f"toolu_{n:02d}", draw(_pick(names)), n))
            thinking = [{"type": "text", "text": "Next."}] if draw(_ints(0, 3)) == 0 else []
            messages.append({"role": "assistant", "content": thinking + calls})
            order = [calls[k] for k in draw(_order(len(calls)))] if len(calls) > 1 else calls
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": c["id"], "content": _content(draw, size(draw))} for c in order]})
        if turn < turns - 1 or end == "request":
            messages.append({"role": "assistant", "content": [{"type": "text", "text": f"Answer {turn}."}]})
    if end == "request":
        messages.append({"role": "user", "content": draw(REQUEST_TEXTS)})
    return messages


def conversation(sizes: list[int], names: list[str] | None = None) -> list[dict]:
    """A fixed conversation: a request, then one tool call per step with a result of sizes[k]."""
    names = names or ["read_lines"] * len(sizes)
    messages: list[dict] = [{"role": "user", "content": "Do the task."}]
    for k, (size, name) in enumerate(zip(sizes, names, strict=True)):
        messages.append({"role": "assistant", "content": [_use(f"t{k}", name, k)]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{k}", "content": "y" * size}]})
    return messages


# ----------------------------------------------------------------------------- Task 2: stub_old_results
@dataclass(repr=False)
class StubCase(_Shown):
    messages: list
    keep_recent: int
    min_chars: int
    never_stub: tuple

    def __repr__(self) -> str:
        return (f"stub_old_results(messages, keep_recent={self.keep_recent}, min_chars={self.min_chars}, "
                f"never_stub={self.never_stub!r}) with messages = {show(self.messages)}")


_MIN_CHARS = st.one_of(st.integers(0, 120), st.integers(200, 1500), st.just(1000))
_NEVER = st.lists(st.sampled_from(TOOL_NAMES), unique=True, max_size=3)


@st.composite
def stub_cases(draw: Any, most_requests: int = 3, most_steps: int = 4) -> StubCase:
    """A conversation whose results are sized around min_chars (and far past it), with
    keep_recent from 0 to past the number of steps and any set of protected tools."""
    min_chars = draw(_MIN_CHARS)

    def size(draw: Any) -> int:
        how = draw(_pick(("near", "near", "any", "far")))
        if how == "near":
            return draw(_ints(max(0, min_chars - 2), min_chars + 2))
        return draw(_ints(0, 2 * min_chars + 50)) if how == "any" else 20_000

    messages = draw(conversations(size=size, most_requests=most_requests, most_steps=most_steps))
    steps = sum(m["role"] == "user" and isinstance(m["content"], list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in m["content"]) for m in messages)
    keep = draw(_ints(0, steps + 2))  # keep_recent up to past the number of steps
    never = tuple(draw(_NEVER))
    return StubCase(messages, keep, min_chars, never)


# ----------------------------------------------------------------------------- Task 3: cut_point and compact
@dataclass(repr=False)
class Conversation(_Shown):
    messages: list

    def __repr__(self) -> str:
        return f"messages = {show(self.messages)}"


def _summary_like(request: str) -> str:
    """The first message of a list compacted before: the request's words, then a summary."""
    return f"{request}\n\n[Compacted: the work so far]\n\n## Decisions\n- None.\n## Next step\n- Go on."


_FIRST_MESSAGES = st.one_of(REQUEST_TEXTS, REQUEST_TEXTS.map(_summary_like))


@st.composite
def compact_cases(draw: Any, names: tuple, most_requests: int = 3, most_steps: int = 3) -> Conversation:
    """A turn under way (the list ends with tool results), after none or more earlier
    requests; its first message a request or a summary that begins with one."""
    return Conversation(draw(conversations(end="results", names=names, first=_FIRST_MESSAGES, most_steps=most_steps,
                                           most_requests=most_requests, size=lambda draw: draw(_ints(0, 200)))))


@st.composite
def cut_cases(draw: Any) -> Conversation:
    """Any conversation the course's loops keep: a turn under way, or a new request after an answer."""
    return Conversation(draw(conversations(end="either", most_requests=4, size=lambda draw: draw(_ints(0, 40)))))


# ----------------------------------------------------------------------------- Task 4: save_note
@dataclass(repr=False)
class NoteCase(_Shown):
    file: str | None  # the memory file's text before (None: there is none)
    notes: list
    max_lines: int

    def __repr__(self) -> str:
        before = "no file" if self.file is None else f"a file holding {short(self.file)}"
        return f"{before}, then save_note(note, path, max_lines={self.max_lines}) for note in {self.notes!r}"


_NOTE_WORD = st.text(st.sampled_from(list("abcxyz-.:#0123") + ["é", "漢", "😀"]), min_size=1, max_size=6)
_NOTE_WORDS = st.lists(_NOTE_WORD, min_size=1, max_size=5)
_EMPTY_NOTES = st.lists(st.sampled_from(SPACES + LINE_BREAKS), max_size=4).map("".join)
_GAPS = (" ", " ", "  ", "\t", *LINE_BREAKS)
_FILE_LINES = st.one_of(st.just(""), _NOTE_WORD.map(lambda w: "- " + w))


def _note(draw: Any) -> str:
    """A note: words with spaces, tabs or any line break between them; or whitespace alone."""
    if draw(_ints(0, 5)) == 0:
        return draw(_EMPTY_NOTES)
    words = draw(_NOTE_WORDS)
    gaps = [draw(_pick(_GAPS)) for _ in words[1:]]
    ends = [draw(_pick(("", "", " ", "\n", "\r\n"))) for _ in range(2)]
    return ends[0] + "".join(w + g for w, g in zip(words, [*gaps, ""], strict=True)) + ends[1]


@st.composite
def note_cases(draw: Any, most_notes: int = 4, most_lines: int = 8) -> NoteCase:
    """A memory file (none, or lines with \\n, \\r\\n or \\r after each, blank lines among them,
    the last one with or without its line break) holding about max_lines lines, then one to
    `most_notes` notes."""
    max_lines = draw(_ints(1, most_lines))
    file = None
    if draw(_ints(0, 4)):
        near = draw(st.booleans())
        count = draw(_pick((max_lines - 1, max_lines, max_lines + 1))) if near else draw(_ints(0, max_lines + 4))
        lines = [draw(_FILE_LINES) for _ in range(max(0, count))]
        ending = draw(_pick(("\n", "\r\n", "\r", "mixed")))
        ends = [draw(_pick(("\n", "\r\n", "\r"))) if ending == "mixed" else ending for _ in lines]
        file = "".join(line + end for line, end in zip(lines, ends, strict=True))
        if lines and lines[-1] and draw(st.booleans()):
            file = file.rstrip("\r\n")  # no line break after the last line
    notes = [_note(draw) for _ in range(draw(_ints(1, most_notes)))]
    return NoteCase(file, notes, max_lines)
