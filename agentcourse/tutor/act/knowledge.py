"""What a turn knows of the project's files, from the tool results it has so far.

    k = known(turn, "app.py")        # Known: its text now, the last whole read, whole or cut
    text = whole_file(turn, path)    # the text, or the action that gets it (a read, an honest error)
    entries = listing(turn)          # [(name, "file" | "dir")], or the call that lists
    line_of(turn, path, pattern)     # a line number, from a read, a window or a search

Tasks plan their changes from this knowledge, never from memory: a successful change is
applied to the text read, so the next change is planned on the file as it is now without
reading it again; a failed change makes the text stale, and the file is read again first.
"""

from __future__ import annotations

import difflib
import posixpath
import re
from dataclasses import dataclass

from agentcourse.tutor.act.answer import error_text, no_tool
from agentcourse.tutor.act.steps import next_page
from agentcourse.tutor.act.toolbox import (
    Step,
    parse_listing,
    search_matches,
    strip_numbers,
)
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

CHANGES = ("edit", "create", "write", "insert")  # the operations that change a file

# A tool result that says a file is not there, in the words tools use.
NO_SUCH_FILE = re.compile(r"no such file|not found|does not exist|doesn't exist|cannot find", re.I)


def listing(turn: Turn, folder: str = ".") -> list[tuple[str, str]] | Action:
    """The (name, "file" | "dir") entries of `folder` from the turn's latest listing of it,
    or the action that lists it (a call, or a reply when listing is impossible or failed)."""
    lists = [s for s in turn.done("list") if s.path == folder]
    if not lists:
        if not turn.tools.can("list"):
            return no_tool(turn, "list files")
        return call("list", path=folder)
    last = lists[-1]
    if last.stub:
        return say(
            f"The listing tool returned a placeholder instead of real files: {last.result.strip()}"
        )
    if not last.ok:
        return say(
            script.FAILED.format(what="list the files in", path=last.path, error=error_text(last))
        )
    return parse_listing(last.result)


def _content(step: Step) -> str:
    """A read's result as file text: line numbers and a truncation note removed."""
    result = re.sub(r"\n\[read_file shows at most .*\]\s*$", "", step.result, flags=re.S)
    result = re.sub(r"\n\.\.\. \(\d+ more lines?\)\s*$", "", result)
    first, lines = strip_numbers(result)
    if first is None:
        return result
    return "\n".join(lines)  # the final newline is unknown: append_code and friends cope


def _whole_read(s: Step) -> bool:
    return s.op == "read" or (
        s.op == "read_lines"
        and s.args.get("start") == 1
        and (s.args.get("end") is None or s.args["end"] >= script.WHOLE_FILE_LINES)
    )


@dataclass
class Known:
    """What the turn knows of one file."""

    text: str | None = None  # its text now, as far as the turn knows (None: unknown)
    last_read: Step | None = None  # the latest whole read since the last failed change
    complete: bool = False  # `text` is the whole file (no truncated read behind it)
    first: str | None = None  # its text as first read this turn, before any change


def _next_page_of(k: Known, s: Step) -> bool:
    """Is this read the page that follows the cut text known so far (Read with an offset)?"""
    offset = s.input.get("offset")
    return (k.text is not None and not k.complete and s.ok and not s.stub and isinstance(offset, int)
            and offset == len(k.text.split("\n")) + 1)


def known(turn: Turn, path: str) -> Known:
    """Successful changes are applied to the text read; a failed one makes it stale, so the
    file is read again (once) before the next attempt."""
    k, changed = Known(), False
    for s in turn.steps:
        if s.path != path:
            continue
        if _whole_read(s) and _next_page_of(k, s):
            k.text, k.complete, k.last_read = f"{k.text}\n{_content(s)}", s.complete, s
            k.first = k.text if not changed and k.first is not None else k.first
        elif _whole_read(s):
            k.last_read = s
            k.text = _content(s) if s.ok and not s.stub and not garbled(s) else None
            k.complete = k.text is not None and s.complete
            if not changed and k.first is None:
                k.first = k.text
        elif s.op in CHANGES:
            changed = True
            old = s.args.get("old")
            if not s.ok:
                k.text, k.last_read = None, None
            elif s.op in ("create", "write"):
                k.text, k.complete = s.args.get("text", ""), True
            elif s.op == "insert" and k.text is not None and s.args.get("line") is not None:
                lines = k.text.split("\n")
                lines[s.args["line"] : s.args["line"]] = str(s.args.get("text", "")).split("\n")
                k.text = "\n".join(lines)
            elif s.op == "edit" and k.text is not None and old and old in k.text:
                k.text = k.text.replace(old, s.args.get("new", ""), 1)
            else:
                k.text = None
    return k


def stub_guess(path: str) -> str:
    """What a file probably holds when the tools only answer "(stub) ..."."""
    from agentcourse.paths import SAMPLE_PROJECT_DIR
    from agentcourse.projects.sample import config_module_text

    sample = SAMPLE_PROJECT_DIR / posixpath.basename(path)
    if sample.is_file():
        return sample.read_text(encoding="utf-8")
    if path.endswith("config_loader.py"):
        return config_module_text()
    return script.HELLO_SOURCE if "hello" in path else ""


def whole_file(turn: Turn, path: str) -> str | Action:
    """The file's current text, or the action that gets it (a read, the next page of a read cut
    short when the read tool takes an offset, or an error reply)."""
    k = known(turn, path)
    page = next_page(k.last_read.result) if k.text is not None and not k.complete and k.last_read else None
    if page is not None and turn.tools.pager() is not None and page == len(k.text.split("\n")) + 1:
        return call("read", path=path, **{"extra:offset": page, "extra:limit": page - 1})  # the next page
    if k.text is not None:
        return k.text
    last = k.last_read
    if last is not None:
        if last.stub:
            return stub_guess(path)
        return unreadable(turn, path, last)
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    return call("read", path=path)


# A read that failed because the file is not text a tool can show, or that shows bytes
# decoded with replacement characters (cat, grep): its text cannot be edited safely.
_NOT_TEXT = re.compile(r"utf-?8|codec can't decode|decod|not (?:valid )?text|binary file", re.I)


def garbled(step: Step) -> bool:
    """Does this read or search show a file that is not UTF-8 text?"""
    return "\ufffd" in step.result or (not step.ok and bool(_NOT_TEXT.search(step.result)))


def unreadable(turn: Turn, path: str, last: Step) -> Action:
    """The reply for a file that could not be read: missing (with the names nearest to it,
    from a listing), not UTF-8, or another error. Nothing is changed and nothing claimed."""
    if garbled(last):
        return say(script.NOT_TEXT.format(path=path))
    if not NO_SUCH_FILE.search(last.result):
        return say(script.FAILED.format(what="read", path=path, error=error_text(last)))
    folder = posixpath.dirname(path) or "."
    if not turn.tools.can("list"):
        return say(script.MISSING_FILE.format(path=path) + script.MISSING_UNLISTED)
    entries = listing(turn, folder)
    if isinstance(entries, Action):
        return entries if entries.calls else say(script.MISSING_FILE.format(path=path))
    names = [n for n, kind in entries if kind == "file"]
    near = difflib.get_close_matches(posixpath.basename(path), names, n=3, cutoff=0.6)
    near = [posixpath.join(folder, n) if folder != "." else n for n in near]
    hint = script.MISSING_NEAR.format(near=" or ".join(near)) if near else script.MISSING_NONE
    return say(script.MISSING_FILE.format(path=path) + hint)


def line_of(turn: Turn, path: str, pattern: str) -> int | None:
    """The line number of the first line matching `pattern`, from what the turn has seen."""
    text = known(turn, path).text
    if text is not None:
        return next(
            (i + 1 for i, line in enumerate(text.split("\n")) if re.search(pattern, line)), None
        )
    for s in reversed(turn.done("read_lines", path)):
        first, lines = strip_numbers(s.result)
        first = first or s.args.get("start") or 1
        hit = next((first + i for i, line in enumerate(lines) if re.search(pattern, line)), None)
        if hit:
            return hit
    for s in reversed(turn.done("search", path)):
        hit = next((n for n, line in search_matches(s.result) if re.search(pattern, line)), None)
        if hit:
            return hit
    return None
