"""Tutor moves several families share: finding and reading files, reaching a planned text.

    using = files_using(turn, "load_order")              # files that use a name: one search
    texts = read_all(turn, ["client.py", "server.py"])   # dict of texts, or the reads to make
    first, lines = read_window(turn, "big.py", 40, 44)   # a few lines, or the call that reads them
    action = converge(turn, {"app.py": new_text})        # the next change, or None when done

A family computes the text each file should have from what its reads showed, and
`converge` turns the difference into exact replacements (one per response, each with an
old text that occurs once), or into one whole-file write where that is the only way to
change a file and it fits in a response. Nothing here knows a family's facts: every text
comes from a tool result. `needless_question` is the asks-when-it-shouldnt failure.
"""

from __future__ import annotations

import difflib
import math
import re

from agentcourse.tutor.act.answer import error_text
from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.editing import apply_changes
from agentcourse.tutor.act.knowledge import CHANGES, known, listing
from agentcourse.tutor.act.toolbox import strip_numbers
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

# The tutor's token estimate, four characters a token (speak/tokens.py's count_text, the one
# the server counts usage with): written out here because act sits below speak. A test
# holds the two equal.
CHARS_PER_TOKEN = 4


def word(name: str) -> re.Pattern:
    """A regex for `name` as a whole identifier (not `old_name`, `name_cache`, `x.name`)."""
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


def read_all(turn: Turn, paths: list[str]) -> dict[str, str] | Action:
    """The text of every file in `paths`, or the action that reads those not read yet: all
    of them in one response when parallel tool use is allowed, else one at a time."""
    texts, todo = {}, []
    for path in paths:
        k = known(turn, path)
        if k.text is not None:
            texts[path] = k.first if k.first is not None else k.text
        elif k.last_read is not None:
            return say(script.FAILED.format(what="read", path=path, error=error_text(k.last_read)))
        else:
            todo.append(path)
    if not todo:
        return texts
    if not turn.tools.can("read"):
        return say(script.NO_TOOL.format(tools=turn.tools.names(), need="read files"))
    return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])


def read_window(turn: Turn, path: str, start: int, end: int) -> tuple[int, list[str]] | Action:
    """Lines start..end of `path` as (first line number, lines), or the call that reads them.
    A reader that refuses a range past the end (the text editor) and says how many lines the
    file has is asked again for what is there."""
    reads = [s for s in turn.done("read_lines", path) if s.args.get("start") == start]
    if not reads:
        return call("read_lines", path=path, start=start, end=end)
    last = reads[-1]
    has = re.search(r"\bhas (\d+) lines\b", last.result)
    if not last.ok and has and len(reads) == 1 and start <= int(has[1]) < end:
        return call("read_lines", path=path, start=start, end=int(has[1]))
    if not last.ok:
        return say(script.FAILED.format(what="read", path=path, error=error_text(last)))
    first, lines = strip_numbers(last.result)
    return first or start, lines


def files_using(turn: Turn, name: str) -> list[str] | Action | None:
    """The Python files that use `name` as a whole word, from one search of the project
    folder; None when no tool searches folders (a shell's grep here takes one file) or the
    search failed: then the caller lists and reads."""
    if turn.tools.via("search") != "search":
        return None
    searches = turn.done("search", ".")
    if not searches:
        return call("search", pattern=rf"\b{re.escape(name)}\b", path=".")
    last = searches[-1]
    if not last.ok or last.stub or re.search(r"^\[\d+ of \d+ matching lines shown", last.result, re.M):
        return None  # a cut list of matches could miss a file: read them all instead
    return sorted({m[1] for m in re.finditer(r"^([\w./-]+\.py):\d+:", last.result, re.M)})


def python_files(turn: Turn) -> list[str] | Action:
    """The project's top-level Python files, from a listing (or the action that lists)."""
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    return sorted(n for n, kind in entries if kind == "file" and n.endswith(".py"))


def changes_between(old: str, new: str) -> list[Change]:
    """Exact replacements that turn `old` into `new`, in order, each old text unique in the
    text it applies to (a changed block grows by a line of context until it is)."""
    changes, cur = [], old
    while cur != new:
        a, b = cur.split("\n"), new.split("\n")
        op = next(o for o in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
                  if o[0] != "equal")
        _, i1, i2, j1, j2 = op
        lo, hi, jlo, jhi = i1, i2, j1, j2
        while True:
            if hi > lo:
                piece = "\n".join(a[lo:hi])
                if piece.strip() and cur.count(piece) == 1:
                    break
            if lo > 0:  # context above first: a def line usually makes it unique
                lo, jlo = lo - 1, jlo - 1
            elif hi < len(a):
                hi, jhi = hi + 1, jhi + 1
            else:
                break
        change = Change("\n".join(a[lo:hi]), "\n".join(b[jlo:jhi]))
        changes.append(change)
        cur = cur.replace(change.old, change.new, 1) if change.old else new
    return changes


TOO_LONG = ("I can only change {path} by writing its whole text back ({lines} lines), and that is "
            "more than one response can hold; nothing was changed. A tool that replaces an exact "
            "piece of a file, or a shell, would make this change in one small call.")


def too_long(turn: Turn, text: str) -> bool:
    """Would a whole-file write of `text` overrun the request's max_tokens?"""
    limit = int(turn.body.get("max_tokens") or 0)
    return bool(limit) and math.ceil(len(text) / CHARS_PER_TOKEN) + 200 > limit


def _failures(turn: Turn, path: str) -> int:
    return sum(not s.ok for s in turn.steps if s.path == path and s.op in CHANGES)


def converge(turn: Turn, targets: dict[str, str]) -> Action | None:
    """The next change that brings a file of `targets` to its planned text, or None when
    every file has it. Two failed changes to one file end the turn with the error."""
    for path, want in targets.items():
        k = known(turn, path)
        now = k.text if k.text is not None else k.first
        if now is None:
            continue
        if now.rstrip("\n") == want.rstrip("\n"):
            continue
        if _failures(turn, path) >= 2:
            last = [s for s in turn.steps if s.path == path and s.op in CHANGES][-1]
            return say(script.FAILED.format(what="edit", path=path, error=error_text(last)))
        if not turn.tools.can("edit"):
            return say(script.NO_TOOL.format(tools=turn.tools.names(), need="edit files"))
        via = turn.tools.via("edit")
        if k.text is None:  # a failed change made the text stale: read it again
            return Action(calls=[("read", {"path": path})])
        if via == "write" and too_long(turn, want):
            return say(TOO_LONG.format(path=path, lines=len(want.split("\n"))))
        return apply_changes(turn, path, changes_between(k.text, want), via)
    return None


def needless_question(turn: Turn, question: str) -> Action | None:
    """The documented failure of a prompt that says "ask when in doubt" with no limit: a
    clear request gets a question before any work. None when the prompt limits asking."""
    if turn.failing("asks-when-it-shouldnt") and not turn.steps:
        return say(question)
    return None


def changed(turn: Turn) -> list[str]:
    """The files this turn changed successfully, in the order first changed."""
    return list(dict.fromkeys(s.path for s in turn.steps if s.op in CHANGES and s.ok))
