"""What Lab 2's checks generate: conversations of requests (reads of several files, a file to
create, a change in two steps, a question) and, for the turn under test, its fault plan (cut
tool calls and pauses, several in a row, then perhaps an API error or a Ctrl-C) and the tool
runs that raise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

CUT, PAUSE, CTRL_C = "max_tokens_in_tool_use", "pause_turn", "ctrl-c"  # nbtools.CTRL_C
STATUSES = (429, 529, 500, 400)  # errors the SDK raises: rate limit, overloaded, server error, bad request
WHY = {429: "RateLimitError", 529: "OverloadedError", 500: "InternalServerError", 400: "BadRequestError"}


# ----------------------------------------------------------------------------- requests


@dataclass(frozen=True)
class Request:
    """A request the tutor model answers in known steps: `calls` is what each call of a
    fault-free turn answers, a batch of that many tool calls (an int) or the final text
    ("text"); `files` are the files it needs (None: the file must not exist)."""

    text: str
    calls: tuple = ("text",)
    files: tuple = ()  # (path, text or None) pairs

    def __repr__(self) -> str:
        return repr(self.text)


ADD_MULTIPLY = Request("Add a multiply function to math_utils.py.", (1, 1, "text"),
                       (("math_utils.py", "def add(a, b):\n    return a + b\n"),))

_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_éüßçøΩ日本"
_STEM = st.text(alphabet=_LETTERS, min_size=1, max_size=8).filter(lambda s: s != "and")
_IDENTIFIER = st.from_regex(r"[a-zéüß][a-z0-9_éüß]{0,7}", fullmatch=True).filter(lambda s: s != "and")
FILE_NAMES = st.builds(lambda dirs, stem, ext: "/".join([*dirs, stem]) + ext,
                       st.lists(_STEM, max_size=3), _STEM, st.sampled_from([".py", ".txt", ".md"]))

# File text: "Error" inside the text (never at its start: a result that starts with
# "Error" is a failure, task 1), CRLF and lone CR, tabs, Unicode, empty files and files
# ten times the size of the sample project's (in short lines: the tutor's answer quotes a
# first line, and an answer cut at max_tokens is no fault of the loop's).
_TEXT = "abcxyz ABC019_.,:;!?'\"()[]{}<>=+-*/#@$%&|~^`\\\u00a0\u2028é日本語Ωß€😀"  # letters, punctuation, odd spaces
_PIECES = st.sampled_from(["Error", "Error:", "error", "ValueError: bad input", "is_error", "\r\n", "\n",
                           "\r", "\t", " ", "é", "日本語", "Ω", "def f():\n    return 1\n", "x"])


def _contents(pieces: Any) -> Any:
    return st.one_of(
        st.just(""),
        st.lists(pieces | st.text(_TEXT, max_size=12), max_size=10).map("".join),
        st.builds(lambda piece, n: (piece + "\n") * n, pieces, st.integers(100, 300)),
    ).filter(lambda text: not text.lstrip().lower().startswith("error"))


CONTENTS = _contents(_PIECES)
# Without the word "error" anywhere: for the checks of tasks 2 to 5, which must not depend on
# how task 1 flags a result (a result that merely mentions "Error" is no failure, task 1).
PLAIN_CONTENTS = _contents(_PIECES.filter(lambda piece: "error" not in piece.lower()))


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _no_clash(names: list[str]) -> bool:
    """No name is the folder of another (a.py and a.py/b.txt cannot both exist)."""
    return not any(b.startswith(a + "/") for a in names for b in names)


@st.composite
def reads(draw: Any, failing: bool = True, most: int = 5) -> Request:
    """"Read a, b and c.": one call asks for every read, then the answer; with `failing`,
    some of the files are missing (their reads fail)."""
    names = draw(st.lists(FILE_NAMES, min_size=1, max_size=most, unique=True).filter(_no_clash))
    texts = [draw(st.none() | CONTENTS if failing else PLAIN_CONTENTS) for _ in names]
    return Request(f"Read {_listed(names)}.", (len(names), "text"), tuple(zip(names, texts, strict=True)))


@st.composite
def creates(draw: Any, failing: bool = True) -> Request:
    """"Create x.py with a hello world function.": one edit_file call, then the answer; with
    `failing`, the file may be there already (the create fails)."""
    dirs = draw(st.lists(_IDENTIFIER, max_size=2))
    name = "/".join([*dirs, draw(_IDENTIFIER)]) + ".py"
    there = draw(st.none() | CONTENTS) if failing else None
    return Request(f"Create {name} with a hello world function.", (1, "text"), ((name, there),))


QUESTIONS = st.sampled_from(["list_files", "read_file", "edit_file"]).map(
    lambda tool: Request(f"What does {tool} do?", ("text",)))
LIST = Request("List the files.", (1, "text"))

KINDS = ("reads", "create", "add", "question", "list")


def requests(*kinds: str, failing: bool = False) -> Any:
    """One request of the kinds named (all kinds when none is named); with `failing`, tools
    may fail (missing files, a file to create that exists)."""
    made = {"reads": reads(failing), "create": creates(failing), "add": st.just(ADD_MULTIPLY),
            "question": QUESTIONS, "list": st.just(LIST)}
    return st.one_of([made[k] for k in (kinds or KINDS)])


# ----------------------------------------------------------------------------- planned turns


@dataclass
class Plan:
    """One turn to run: its request, the faults on its calls ({call number: fault}, 1 = the
    turn's first call; with_faults says what each does) and the tool runs that raise
    ({run number: exception}, 1 = the turn's first tool run)."""

    request: Request
    faults: dict = field(default_factory=dict)
    raising: dict = field(default_factory=dict)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how Hypothesis shows it
        printer.text(repr(self))

    def __repr__(self) -> str:
        extra = [f"faults={self.faults}"] * bool(self.faults) + [f"raising={self.raising}"] * bool(self.raising)
        return " ".join([repr(self.request), *extra])


@dataclass
class Case:
    """A conversation: files, then the turns in order (the last is the one under test)."""

    turns: list
    files: dict

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how Hypothesis shows it
        printer.text(repr(self))

    def __repr__(self) -> str:
        files = ", ".join(f"{p} ({'missing' if t is None else f'{len(t)} chars'})" for p, t in self.files.items())
        turns = " | then ".join(repr(t) for t in self.turns)
        return f"{turns} [files: {files or 'none'}]"

    def written(self) -> dict[str, str]:
        return {p: t for p, t in self.files.items() if t is not None}


def schedule(calls: tuple, before: list[list], end: Any = None, at: int | None = None) -> dict[int, Any]:
    """{call number: fault} for a turn whose step i (the fault-free turn's i-th call) meets
    the faults `before[i]` in a row before it succeeds; `end` then hits step `at`'s next
    call (a status lasts, CTRL_C raises there) and the turn goes no further."""
    faults, call = {}, 0
    for i in range(len(calls)):
        for fault in before[i] if i < len(before) else []:
            call += 1
            faults[call] = fault
        call += 1
        if end is not None and i == at:
            faults[call] = end
            return faults
    return faults


def never_fits(calls: tuple, before: list[list], at: int) -> dict[int, Any]:
    """Every call of step `at` cut inside its tool call, as far as the client allows."""
    faults = schedule(calls, before, CUT, at)
    first = max(faults)
    return {**faults, **{n: CUT for n in range(first, 13)}}


def _pre_faults(draw: Any, calls: tuple, cuts: int, pauses: int) -> list[list]:
    """For each step: cut tool calls (on a batch) or pauses (on the answer): at most `cuts`
    cuts in the whole turn (a loop may keep its raised max_tokens for the rest of the turn)
    and `pauses` pauses in a row."""
    plan, left = [], cuts
    for kind in calls:
        if kind == "text":
            plan.append([PAUSE] * draw(st.integers(0, pauses)))
        else:
            plan.append([CUT] * draw(st.integers(0, left)))
            left -= len(plan[-1])
    return plan


@st.composite
def cases(draw: Any, kinds: tuple = (), earlier: int = 1, cuts: int = 0, pauses: int = 0,
          end: str | None = None, raising: bool = False, failing: bool = False) -> Case:
    """A conversation of up to `earlier` fault-free turns, then the turn under test: its
    request of `kinds`, up to `cuts` cut tool calls in a row on each batch and `pauses`
    pauses in a row on the answer, then `end`:

    - None: the turn must finish (at least one fault or raising tool, if any are allowed);
    - "status-first": an API error on the first step's call (after its own cuts or pauses);
      "status-later": on a later step's, after at least one tool batch ran;
    - "never-fits": every call of one batch cut;
    - "ctrl-c-waiting": Ctrl-C on a call; "ctrl-c-tool": Ctrl-C in one tool run;
    - "after-pause": the answer paused (once or more), then an API error or Ctrl-C on the
      call that would continue it.

    `raising`: some tool runs raise an exception (before the Ctrl-C, if there is one);
    `failing`: some tools fail (missing files, files to create that exist). Without either,
    no tool fails: a check of one task needs no other task's idea about tool errors."""
    before = draw(st.lists(requests("reads", "create", "question", "list", failing=failing), max_size=earlier))
    request = draw(requests(*kinds, failing=failing).filter(lambda r: end not in ("status-later", "never-fits", "ctrl-c-tool")
                                           or any(k != "text" for k in r.calls)))
    calls = request.calls
    faults = _end_faults(draw, calls, _pre_faults(draw, calls, cuts, pauses), end)
    runs = sum(k for k in calls if k != "text")
    stopped = draw(st.integers(1, runs)) if end == "ctrl-c-tool" else None
    raises = _raising_runs(draw, calls, stopped) if raising and runs else {}
    if stopped:
        raises[stopped] = KeyboardInterrupt()
    if end is None and not raising and (cuts or pauses) and not faults:
        faults = schedule(calls, _at_least_one(draw, calls, cuts, pauses))
    files: dict = {}
    for req in [*before, request]:
        for path, text in req.files:
            files.setdefault(path, text)
    assume(_no_clash(list(files)))
    if not raises:  # a file to create appears nowhere else, so no create finds it there
        named = [path for req in [*before, request] for path, _ in req.files]
        assume(all(named.count(path) == 1 for req in [*before, request] for path, text in req.files if text is None))
    plans = [Plan(r) for r in before] + [Plan(request, faults, raises)]
    return Case(plans, files)


def _end_faults(draw: Any, calls: tuple, pre: list[list], end: str | None) -> dict:
    """The turn's faults: its cuts and pauses (`pre`), then what `end` asks for (cases())."""
    tool_steps = [i for i, k in enumerate(calls) if k != "text"]
    if end in ("status-first", "status-later"):
        at = draw(st.integers(tool_steps[0] + 1, len(calls) - 1)) if end == "status-later" else 0
        return schedule(calls, pre, draw(st.sampled_from(STATUSES)), at)
    if end == "never-fits":
        return never_fits(calls, pre, draw(st.sampled_from(tool_steps)))
    if end == "ctrl-c-waiting":
        return schedule(calls, pre, CTRL_C, draw(st.integers(0, len(calls) - 1)))
    if end == "after-pause":
        pre[-1] = pre[-1] or [PAUSE]  # the answer is the last step
        return schedule(calls, pre, draw(st.sampled_from((*STATUSES, CTRL_C))), len(calls) - 1)
    return schedule(calls, pre)


def _raising_runs(draw: Any, calls: tuple, stopped: int | None) -> dict:
    """Tool runs that raise ({run number: exception}), before the Ctrl-C if there is one.
    Only in the last batch: a failure in an earlier one changes what the model does next."""
    runs = sum(k for k in calls if k != "text")
    last_batch = runs - calls[[i for i, k in enumerate(calls) if k != "text"][-1]] + 1
    candidates = [n for n in range(last_batch, runs + 1) if stopped is None or n < stopped]
    if not candidates:
        return {}
    numbers = draw(st.sets(st.sampled_from(candidates), min_size=0 if stopped else 1))
    return {n: draw(EXCEPTIONS) for n in sorted(numbers)}


def _at_least_one(draw: Any, calls: tuple, cuts: int, pauses: int) -> list[list]:
    """A fault plan with one fault at least, on a step that can take one."""
    steps = [i for i, k in enumerate(calls) if (k == "text" and pauses) or (k != "text" and cuts)]
    pre = [[] for _ in calls]
    i = draw(st.sampled_from(steps))
    pre[i] = [PAUSE if calls[i] == "text" else CUT] * draw(st.integers(1, pauses if calls[i] == "text" else cuts))
    return pre


class ToolCrash(Exception):
    """A bug in a tool (any Exception a tool could raise)."""


_WORDS = st.text("abcdefxyzABCXYZ0189éüßçΩж日本語", min_size=1, max_size=8)  # letters and digits only
_MESSAGES = st.lists(_WORDS, min_size=1, max_size=3).map(" ".join)
EXCEPTIONS = st.builds(lambda kind, message: kind(message),
                       st.sampled_from([OSError, ValueError, RuntimeError, KeyError, PermissionError,
                                        TimeoutError, UnicodeError, ToolCrash]), _MESSAGES)


def message_of(error: BaseException) -> str:
    """The words an exception was raised with."""
    return str(error.args[0]) if error.args else ""
