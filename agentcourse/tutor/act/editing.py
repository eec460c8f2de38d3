"""Where a change goes and how it is made: the read -> change -> confirm skeleton of every edit.

    modify(turn, path, plan, done, already)    # read, one exact replacement a response, confirm
    spot = locate_def(turn, path, "main")      # a def's lines: a search and a window, else the file
    end_of_file(turn, path, name, source)      # the change that appends a function after the last
    apply_changes(turn, path, changes, via)    # the next replacement, or one whole-file write

Nothing is destroyed: an existing file changes only by exact replacements of text read
from it, or by a whole-file write of a complete new text computed from a complete read.
Where the tools offer a search and a line reader, a task reads a few lines instead of the
whole file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from agentcourse.tutor.act import code
from agentcourse.tutor.act.answer import error_text, finish, no_tool
from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.knowledge import CHANGES, known, whole_file
from agentcourse.tutor.act.toolbox import Step, search_matches, strip_numbers
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import rules, script

# The prompt forbids changing existing files ("Never change any file."): every change refused.
FORBIDDEN = "I can't change {path}: my instructions say \"{rule}\" Nothing was changed."


@dataclass
class Located:
    """Lines around a definition, as read from the file."""

    lines: list[str]  # the lines read (the whole file, or a window around the def)
    index: int  # position of the def line in lines
    whole: str | None  # the whole file text when it was read whole (to check uniqueness)


def locate_def(turn: Turn, path: str, func: str) -> Located | Action:
    """Find `def func(`: search + read_lines when offered (few tokens), else the whole file."""
    is_def = rf"^\s*(?:async\s+)?def {re.escape(func)}\s*\("
    searches = turn.done("search", path)
    targeted = (
        turn.tools.can("search")
        and turn.tools.can("read_lines")
        and turn.tools.via("edit") != "write"  # a whole-file write needs the whole file anyway
    )
    lines: list[str] | None = None
    if targeted and not (searches and searches[-1].stub):
        if not searches:
            return call("search", pattern=f"def {func}", path=path)
        hits = [n for n, line in search_matches(searches[-1].result) if re.search(is_def, line)]
        hits = hits if searches[-1].ok else []
        window = None
        if hits:
            start, end = max(1, hits[0] - script.WINDOW[0]), hits[0] + script.WINDOW[1]
            window = next(
                (s for s in turn.done("read_lines", path) if s.args.get("start") == start), None
            )
            if window is None:
                return call("read_lines", path=path, start=start, end=end)
        if window is not None and window.ok:
            lines, whole = strip_numbers(window.result)[1], None
        elif not turn.tools.can("read"):  # nothing else to look with: say what happened
            failed = window or searches[-1]
            if not failed.ok:
                what = "read" if failed is window else "search"
                return say(script.FAILED.format(what=what, path=path, error=error_text(failed)))
            return say(script.NOT_FOUND.format(thing=f"a function named {func}", path=path))
        # A search that failed or found nothing is not a finding about the code (a shell
        # error, a grep that is missing): the whole file is read before anything is said.
    if lines is None:
        got = whole_file(turn, path)
        if isinstance(got, Action):
            return got
        lines, whole = got.split("\n"), got
    index = next((i for i, line in enumerate(lines) if re.search(is_def, line)), None)
    if index is None:
        return say(script.NOT_FOUND.format(thing=f"a function named {func}", path=path))
    return Located(lines, index, whole)


_TOP_DEF = re.compile(r"^(?:async\s+)?def\s+(\w+)\s*\(")
_END_NOTE = re.compile(r"\[end of file|is past the end|past the end of", re.I)
_MORE_NOTE = re.compile(r"^\[(?:cut:|read_lines returns at most|read_file shows at most)", re.I | re.M)


def _last_def(turn: Turn, path: str) -> tuple[Step | None, list[tuple[int, str]]]:
    """The search for `path`'s top-level functions, and the (line, name) pairs it found."""
    probes = [s for s in turn.done("search", path) if s.args.get("pattern") == script.TOP_LEVEL_DEFS]
    if not probes or not probes[-1].ok or probes[-1].stub:
        return (probes[-1] if probes else None), []
    found = search_matches(probes[-1].result)
    return probes[-1], [(n, m[1]) for n, line in found if (m := _TOP_DEF.match(line))]


def appended_at(turn: Turn, path: str) -> int | None:
    """The line of a function appended after the lines end_of_file read, or None."""
    _, defs = _last_def(turn, path)
    edits = [s for s in turn.steps if s.path == path and s.op == "edit" and s.ok]
    if not defs or not edits:
        return None
    start, old = max(n for n, _ in defs), str(edits[-1].args.get("old") or "")
    return start + len(old.split("\n")) + 2 if _TOP_DEF.match(old) else None


def end_of_file(turn: Turn, path: str, name: str, source: str) -> list[Change] | Action | None:
    """Search, then read lines, to append a function: the file's top-level functions from a
    search, the lines from the last one to the end of the file, then one exact replacement
    of those lines. None when the tools offer no search and line reads (or the file has no
    top-level function, or its end was not seen): the caller reads the whole file."""
    box = turn.tools
    if not (box.can("search") and box.can("read_lines")) or box.via("edit") not in ("edit", "bash"):
        return None
    probe, defs = _last_def(turn, path)
    if probe is None and any(s.ok and not s.stub for s in turn.done("read", path)):
        return None  # the whole file was read already: its end is known, no search needed
    if probe is None:
        return call("search", pattern=script.TOP_LEVEL_DEFS, path=path)
    if probe.stub:
        return None
    if not probe.ok:
        return say(script.FAILED.format(what="search", path=path, error=error_text(probe)))
    if not defs:
        return None
    if any(func == name for _, func in defs):
        return []  # already there
    start = max(n for n, _ in defs)
    reads = [s for s in turn.done("read_lines", path) if s.args.get("start") == start]
    if not reads:
        return call("read_lines", path=path, start=start, end=start + script.WHOLE_FILE_LINES - 1)
    if not reads[-1].ok:
        return say(script.FAILED.format(what="read", path=path, error=error_text(reads[-1])))
    first, lines = strip_numbers(reads[-1].result)
    asked = script.WHOLE_FILE_LINES
    seen_end = _END_NOTE.search(reads[-1].result) or (
        len(lines) < asked and not _MORE_NOTE.search(reads[-1].result))
    if first != start or not seen_end:
        return None
    while lines and not lines[-1].strip():
        lines.pop()
    old = "\n".join(lines)
    return [Change(old, f"{old}\n\n\n{source}", append=source)]


def modify(
    turn: Turn,
    path: str,
    plan: Callable[[], list[Change] | Action],
    done: Callable[[], str],
    already: str,
    blind: tuple[str, str] | None = None,
    single: bool = True,
) -> Action:
    """The read -> change -> confirm skeleton every file-changing task shares.

    `plan` returns the changes still needed, computed from the file's text (or the action
    that reads it); a `single` task is done after one successful change, others re-plan
    until nothing is left."""
    if not turn.tools.can("edit"):
        return no_tool(turn, "edit files")
    ban = rules.forbids_changes(turn.body.get("system") or "", [rules.as_definition(t) for t in turn.tools.tools])
    if ban:
        return say(FORBIDDEN.format(path=path, rule=ban))
    changes = [s for s in turn.steps if s.path == path and s.op in CHANGES]
    if single and changes and changes[-1].ok:
        return finish(turn, done())
    if sum(not s.ok for s in changes) >= 2:
        return say(script.FAILED.format(what="edit", path=path, error=error_text(changes[-1])))
    via = turn.tools.via("edit")
    if blind and not turn.steps and turn.failing("edits-without-reading", path) and via != "write":
        return call("edit", path=path, old=blind[0], new=blind[1])
    todo = plan()
    if isinstance(todo, Action):
        return todo
    if not todo:
        return finish(turn, done()) if any(s.ok for s in changes) else say(already)
    return apply_changes(turn, path, todo, via)


def apply_changes(turn: Turn, path: str, todo: list[Change], via: str | None) -> Action:
    """One exact replacement per response, or one whole-file write of all of them."""
    if via == "write":  # no exact-replace tool: the complete new text, never a fragment
        k = known(turn, path)
        if k.text is None:
            return whole_file(turn, path) if turn.tools.can("read") else no_tool(turn, "read files")
        if not k.complete:
            return say(script.CANNOT["partial-read"].format(path=path))
        new = code.apply(k.text, todo)
        if new is None:
            return say(script.FAILED.format(what="edit", path=path, error="its text changed"))
        return call("write", path=path, text=new if new.endswith("\n") else new + "\n")
    first = todo[0]
    inserts = [s for s in turn.steps if s.path == path and s.op == "insert"]
    if first.append is not None and via == "editor" and not inserts:
        text_now = known(turn, path).text or ""
        line = len(text_now.rstrip("\n").split("\n"))
        return call("insert", path=path, line=line, text=f"\n\n{first.append}")
    return call("edit", path=path, old=first.old, new=first.new)
