"""Lab 3's scaffolding: what its checks need that is not one of its answers.

- The places the checks work in: `scratch_project()` (a copy of the sample project beside
  bait), `maze()` (a small project with symlinks of every kind, under a symlinked parent)
  and `fresh_root()` (an empty project, made the working directory).
- `snapshot()`, what a folder holds, to see that nothing outside the project changed;
  `swaps(folder)`, every rename onto a file of a folder while a tool runs (where its
  temporary file was made, and when).
- The generators (Hypothesis strategies) the properties draw paths, names and texts from.
- Task 5's loop: checkpoint 03's turn handling, copied here and driven by the student's
  functions, with its system prompt and schemas loaded from checkpoint 02 (the same; the
  only checkpoint the lab's metadata lists). Checkpoint 03's own tools.py holds this lab's
  answers, so a graded kernel never loads it.

What the checks compare an answer with (a path's real location as the OS finds it, a
file's permission bits, the texts a read may return, what an edit leaves) are the
references, in judged/lab03.py, out of a graded kernel's reach. Nothing here is named like
an answer, and nothing computes one (tests/course/test_answers_out_of_reach.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SECRET = "TOP SECRET: a file outside the project"


def _judged() -> bool:
    """Whether this process is the judge (agentcourse/grading/judge/): the checks run here,
    the student's functions in the kernel, called through the channel. The places the checks
    make are in the folder both share (the judge's temporary folder), and each call carries
    the judge's working directory, which the kernel enters for the call."""
    from agentcourse.course import nbtools

    return os.environ.get(nbtools.ROLE) == "judge"


# ---------------------------------------------------------------- where the checks work


@contextlib.contextmanager
def scratch_project():
    """A fresh copy of the sample project as the current directory, with bait beside it.

        <tmp>/proj/          the project: math_utils.py, main.py, utils.py, tests.py, README.md
        <tmp>/secret.txt     must never be read or written through a tool
        <tmp>/proj-evil/     a sibling folder whose name starts with "proj"
    """
    from agentcourse.projects.sample import copy_sample_project

    outer = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    root = copy_sample_project(outer / "proj")
    (outer / "secret.txt").write_text(SECRET)
    (outer / "proj-evil").mkdir()
    (outer / "proj-evil" / "secret.txt").write_text(SECRET)
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(outer, ignore_errors=True)


@contextlib.contextmanager
def fresh_root():
    """An empty project folder as the current directory (cheap: one folder per example,
    in the system's temporary folder, which is outside it)."""
    root = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    before = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(before)
        shutil.rmtree(root, ignore_errors=True)


# The maze: a project whose paths lead everywhere a model's path can lead.
#
#   <tmp>/alias -> real            the same folders through a symlinked parent
#   <tmp>/real/secret.txt          outside
#   <tmp>/real/proj-evil/          a look-alike sibling (secret.txt inside)
#   <tmp>/real/proj/               the project: main.py README.md pkg/mod.py pkg/sub/ données/été.txt
#       in-link -> pkg             links that stay inside (relative, to a file, absolute
#       file-link -> main.py       through the symlinked parent, dangling)
#       abs-in -> <tmp>/alias/proj/pkg/sub
#       dangling-in -> nowhere.txt
#       out-link -> ..             links that lead out (to the folder above, the look-alike,
#       evil -> ../proj-evil       a secret file, absolute, dangling, from a subfolder)
#       secret-link -> ../secret.txt
#       abs-out -> <tmp>/alias/secret.txt
#       dangling-out -> ../planted.txt
#       pkg/up -> ../..
#       loop -> loop, ping -> pong -> ping    loops: no real location
MAZE_FILES = {"main.py": "print('hi')\n", "README.md": "# proj\r\n", "pkg/mod.py": "x = 1\n",
              "données/été.txt": "été\n"}
MAZE_LINKS = {"in-link": "pkg", "file-link": "main.py", "abs-in": "{alias}/proj/pkg/sub",
              "dangling-in": "nowhere.txt", "out-link": "..", "evil": "../proj-evil",
              "secret-link": "../secret.txt", "abs-out": "{alias}/secret.txt",
              "dangling-out": "../planted.txt", "pkg/up": "../..", "loop": "loop", "ping": "pong",
              "pong": "ping"}
LINK_NAMES = {Path(name).name for name in MAZE_LINKS}
INSIDE = ["main.py", "README.md", "pkg", "mod.py", "sub", "données", "été.txt", "new.py", "neu",
          "日本語.md", "a b.txt", "notes~", "x~y", "v..2.txt", ".hidden", "in-link", "file-link", "abs-in",
          "dangling-in"]
REAL_DIRS = ["pkg", "sub", "données", "neu", "new.py", "main.py", "été.txt", "日本語.md"]
LOOPS = ["loop", "ping"]
ESCAPES = ["out-link", "evil", "secret-link", "abs-out", "dangling-out", "up"]
OUTSIDE_NAMES = ["proj", "proj-evil", "secret.txt", "planted.txt"]


@dataclass(frozen=True)
class Maze:
    root: Path  # the project (resolved), the working directory while the checks run
    outer: Path  # the folder around it, resolved
    alias: Path  # a symlink to `outer`: the same project through a symlinked parent


def build_maze(base: Path) -> Maze:
    """The maze above, built in the empty folder `base`."""
    outer = base / "real"
    root = outer / "proj"
    (root / "pkg" / "sub").mkdir(parents=True)
    (root / "données").mkdir()
    for name, text in MAZE_FILES.items():
        (root / name).write_text(text, encoding="utf-8", newline="")
    (outer / "secret.txt").write_text(SECRET)
    (outer / "proj-evil").mkdir()
    (outer / "proj-evil" / "secret.txt").write_text(SECRET)
    alias = base / "alias"
    _link("real", alias)
    for name, target in MAZE_LINKS.items():
        _link(target.format(alias=alias), root / name)
    return Maze(root, outer, alias)


def _link(target: str, at: Path) -> None:
    """os.symlink(target, at), made from the link's own folder: a relative target then names
    the same place from the working directory too (the grading sandbox judges it from there)."""
    before = os.getcwd()
    os.chdir(at.parent)
    try:
        os.symlink(target, at.name)
    finally:
        os.chdir(before)


@contextlib.contextmanager
def maze(through_alias: bool = False):
    """A fresh maze, its project the working directory (entered through the symlinked
    parent when `through_alias`: os.getcwd() still answers with the real folder)."""
    base = Path(tempfile.mkdtemp(prefix="lab03-")).resolve()
    made = build_maze(base)
    before = os.getcwd()
    os.chdir(made.alias / "proj" if through_alias else made.root)
    try:
        yield made
    finally:
        os.chdir(before)
        shutil.rmtree(base, ignore_errors=True)


def snapshot(folder: Path, skip: Path | None = None) -> dict[str, Any]:
    """Everything under `folder` (links not followed): path -> bytes, link target or kind."""
    seen: dict[str, Any] = {}

    def walk(here: Path) -> None:
        for entry in sorted(os.scandir(here), key=lambda e: e.name):
            path = Path(entry.path)
            key = str(path.relative_to(folder))
            if skip is not None and path == skip:
                continue
            if entry.is_symlink():
                seen[key] = ("link", os.readlink(path))
            elif entry.is_dir():
                seen[key] = ("dir",)
                walk(path)
            elif entry.is_file():
                seen[key] = ("file", path.read_bytes(), stat.S_IMODE(entry.stat().st_mode))
            else:
                seen[key] = ("other", stat.S_IFMT(entry.stat(follow_symlinks=False).st_mode))

    walk(folder)
    return seen


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The paths two snapshots disagree on: added, removed or changed."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def swaps(folder: Path | str):
    """Every rename onto a name in `folder` made while the block runs (scaffold.swaps.Swap):
    where its temporary file was made, whether it was whole and closed first, whether the old
    file stayed until the rename. Seen from this process (inotify on Linux), so that in the
    judge the verdict rests on what the student's code did to the folder, not on anything in
    the student's process."""
    from agentcourse.course.scaffold import swaps as watch

    return watch.swaps(folder, judged=_judged())


def wake_fifo(path: Path) -> None:
    """Release a reader stuck on a FIFO, if there is one."""
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


# What can sit at a path: list_files labels each, read_file and edit_file refuse all but
# the regular files, and creating over any of them is refused.
KINDS = ["file", "empty file", "folder", "link to a file", "link to a folder", "link outside",
         "dangling link", "loop", "fifo"]


def make(path: Path, kind: str) -> None:
    """Put a thing of `kind` at `path` (a link to a file points at `<name>~target`, made
    beside it; a link to a folder points at the folder it is in; a link outside, at the
    folder above the working directory)."""
    if kind == "file":
        path.write_text(f"text of {path.name}\n", encoding="utf-8")
    elif kind == "empty file":
        path.write_bytes(b"")
    elif kind == "folder":
        path.mkdir()
    elif kind == "link to a file":
        path.with_name(path.name + "~target").write_text("the link's target\n")
        _link(path.name + "~target", path)
    elif kind == "link to a folder":
        _link(".", path)
    elif kind == "link outside":
        _link(os.path.dirname(os.path.realpath(os.getcwd())), path)
    elif kind == "dangling link":
        _link(path.name + "~missing", path)
    elif kind == "loop":
        _link(path.name, path)
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        raise ValueError(kind)


# ---------------------------------------------------------------- calling the student's tools


class _Worker:
    """One helper thread that runs tool calls in turn; replaced when a call never returns."""

    def __init__(self) -> None:
        import queue

        self.jobs: queue.Queue = queue.Queue()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            function, args, box, done = self.jobs.get()
            try:
                box["value"] = function(*args)
            except BaseException as err:  # reported by call_tool, as a failed check
                box["error"] = err
            done.set()


_worker: list[_Worker] = []


def call_tool(function, *args, timeout=5.0):
    """Call a tool and return its string: in a helper thread, or in the judge through the
    channel (the kernel stops the call at the time limit).

    The check fails (instead of the notebook hanging) if the tool takes longer than
    `timeout` seconds, and it says so plainly if the tool raised instead of returning.
    """
    name = _name(function)
    box = _judged_call(function, args, timeout) if _judged() else _threaded_call(function, args, timeout)
    if not box:
        raise AssertionError(f"{name}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(
            f"{name}{args!r} raised {type(err).__name__}: {err} "
            "(a tool must return an 'Error: ...' string instead)"
        )
    value = box["value"]
    assert isinstance(value, str), f"{name} returned {type(value).__name__}, not str"
    return value


def _name(function: Any) -> str:
    """A tool's name in a failure: its own, or in the judge the student's name it stands for."""
    return str(getattr(function, "__name__", None) or getattr(function, "name", None) or "the tool")


def _threaded_call(function: Any, args: tuple, timeout: float) -> dict:
    """{"value": ...} or {"error": ...}, from the helper thread; {} when it is still running."""
    if not _worker:
        _worker.append(_Worker())
    box: dict = {}
    done = threading.Event()
    _worker[0].jobs.put((function, args, box, done))
    if not done.wait(timeout):
        _worker.clear()  # that thread is stuck in the call: the next call gets a new one
        return {}
    return box


class _TookTooLong(BaseException):
    """A judged call past its time limit (BaseException: the student's tool does not swallow it)."""


JUDGE_SLACK = 2.0  # seconds the judge's own timer allows past a call's limit (the kernel keeps it)


def _judged_call(function: Any, args: tuple, timeout: float) -> dict:
    """The call through the judge's channel: the kernel stops it at `timeout` (the channel
    carries the limit) and the judge's own timer, a little later, stops waiting for a kernel
    that does not. One call at a time: the channel serves one caller."""
    from agentcourse.course import nbtools

    silent = nbtools.JUDGE.get("silent") or ()  # the judge's KernelSilent: the cell's time ran out
    def expire(signum: int, frame: Any) -> None:
        raise _TookTooLong

    box: dict[str, Any] = {}
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout + JUDGE_SLACK)
    nbtools.JUDGE.update(seconds=timeout, expired=_TookTooLong)
    try:
        box["value"] = function(*args)
    except _TookTooLong:
        box.clear()
    except Exception as err:  # noqa: BLE001 - reported by call_tool, as a failed check
        if isinstance(err, silent):
            raise  # the grader's timeout, to regrade, never a failed check
        box["error"] = err
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        nbtools.JUDGE.pop("seconds", None)
        nbtools.JUDGE.pop("expired", None)
    return box


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


COUNT_WORDS = {2: ("two", "twice"), 3: ("three", "thrice"), 4: ("four",), 5: ("five",), 6: ("six",),
               7: ("seven",), 8: ("eight",), 9: ("nine",), 10: ("ten",)}


def says_count(message: str, count: int) -> bool:
    """Whether `message` gives `count` (as a number, or a word up to ten)."""
    import re

    words = COUNT_WORDS.get(count, ())
    return bool(re.search(rf"(?<!\d){count}(?!\d)", message)) or any(
        re.search(rf"\b{w}\b", message, re.I) for w in words)


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


# ---------------------------------------------------------------- Task 5: checkpoint 03's loop
# Copied from checkpoints/03-real-tools (agent.py, turns.py and tools.run_tool), without its
# tools: `run_turn` takes the table of tool functions, the student's.

MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")  # kept: the loop checks read replies without thinking
MAX_TOKENS = 4096
MAX_TOOL_ROUNDS = 25

_LOADED: list[tuple[str, list]] = []


def prompt_and_tools() -> tuple[str, list]:
    """Checkpoint 03's system prompt and tool schemas, which are checkpoint 02's: loaded from
    02 (the lab's metadata lists it), never kept here, because this package is in every
    graded kernel's reach and a good prompt is Lab 1's answer. Loaded once: the setup cell
    calls it, since finding a checkpoint lists the checkpoints' folder, which a graded
    kernel may do while its setup runs and is reported for in any later cell."""
    if not _LOADED:
        from agentcourse.paths import load_checkpoint

        agent = load_checkpoint("02")
        _LOADED.append((agent.SYSTEM_PROMPT, agent.TOOLS))
    return _LOADED[0]


class StopTurn(Exception):
    """Raised by a step of the loop that must end the turn now; its message says why."""


def dispatch(functions, name, tool_input):
    """Run one tool call from the table `functions`; never raises."""
    function = functions.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}; the tools are {', '.join(functions)}"
    try:
        return function(**tool_input)
    except TypeError as err:
        return f"Error: bad arguments for {name}: {err}"
    except Exception as err:  # noqa: BLE001 - a tool's failure is the model's to read
        return f"Error: {name} failed: {err}"


def tool_result(tool_use_id, output):
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": output}
    if str(output).startswith("Error:"):
        result["is_error"] = True
    return result


def add_assistant(messages, content):
    """Append an assistant turn, or extend the last one (a paused turn continues)."""
    if not content:
        return
    if messages and messages[-1]["role"] == "assistant":
        messages[-1]["content"] = list(messages[-1]["content"]) + list(content)
    else:
        messages.append({"role": "assistant", "content": list(content)})


def close_turn(messages, turn_start, note):
    """End the turn early with `note`, leaving `messages` valid; returns the note."""
    if len(messages) == turn_start + 1:
        messages.pop()
        note += " Your message was not kept; send it again when ready."
    else:
        pending = [b for b in messages[-1]["content"] if getattr(b, "type", None) == "tool_use"]
        if pending:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in pending]})
        add_assistant(messages, [{"type": "text", "text": f"[{note}]"}])
    print(f"\nAssistant: [{note}]\n")
    return note


STOP_NOTES = {
    "max_tokens": "The reply hit the max_tokens limit and was cut off here.",
    "refusal": "The model declined to continue with this request.",
    "model_context_window_exceeded": "The reply filled the model's context window and was cut off here.",
}


def final_answer(messages, response):
    """Keep the model's answer in `messages`, print it and return its text."""
    content = [b for b in response.content if b.type != "tool_use"]
    text = "\n".join(b.text for b in content if b.type == "text")
    stop = response.stop_reason
    note = STOP_NOTES.get(stop, "" if stop in ("end_turn", "stop_sequence") else stop)
    if note:
        text = f"{text}\n[{note}]".strip()
        content.append({"type": "text", "text": f"[{note}]"})
    add_assistant(messages, content or [{"type": "text", "text": "(no reply)"}])
    print(f"\nAssistant: {text}\n")
    return text


def run_turn(client, messages, functions):
    """Run one user turn with checkpoint 03's loop, its tools taken from `functions`
    (name -> function). `messages` already ends with the user's message."""
    import anthropic

    start, calls = len(messages) - 1, 0
    try:
        while True:
            if calls >= MAX_TOOL_ROUNDS:
                raise StopTurn(f"Stopped after {MAX_TOOL_ROUNDS} tool rounds without an answer.")
            system, tools = prompt_and_tools()
            response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=system,
                                              tools=tools, messages=messages)
            calls += 1
            if response.stop_reason not in ("tool_use", "pause_turn"):
                return final_answer(messages, response)
            add_assistant(messages, response.content)
            if response.stop_reason == "tool_use":
                results = []
                for block in response.content:
                    if block.type == "tool_use":
                        print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
                        results.append(tool_result(block.id, dispatch(functions, block.name, block.input)))
                messages.append({"role": "user", "content": results})
    except StopTurn as stopped:
        return close_turn(messages, start, str(stopped))
    except anthropic.APIError as err:
        return close_turn(messages, start, f"The API call failed: {err}")
    except KeyboardInterrupt:
        return close_turn(messages, start, "Interrupted (Ctrl-C).")
