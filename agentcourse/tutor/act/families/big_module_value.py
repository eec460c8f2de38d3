"""The tutor's move for big-module-value: "Change RETRY_LIMIT in big.py from 3 to 5." in a
5,000-line module.

Where the tools offer a search and a line reader, one search finds the assignment and a
read of a few lines around it gives the exact text to replace; otherwise the whole file is
read (page by page where the read tool takes an offset), and a read that stops short of the
line is said to have stopped short. One change, then a reply. The arena's side is
agentcourse/arena/families/big_module_value.py.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.answer import error_text, finish
from agentcourse.tutor.act.families.moves import converge, needless_question, read_window
from agentcourse.tutor.act.knowledge import known, whole_file
from agentcourse.tutor.act.toolbox import norm_path, search_matches
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

ASK = "Before I change {path}: should I change only {c}, or every setting that is {old} now?"


def _located(turn: Turn, path: str, c: str) -> tuple[int, list[str], int] | Action | None:
    """Search for the assignment, then read a few lines around it: (line, lines, first line
    number), the next call, or None when the tools offer no search and line reads."""
    box = turn.tools
    if not (box.can("search") and box.can("read_lines")) or box.via("edit") == "write":
        return None
    searches = turn.done("search", path)
    if not searches:
        return call("search", pattern=f"^{c} *=", path=path)
    if not searches[-1].ok or searches[-1].stub:
        return say(script.FAILED.format(what="search", path=path, error=error_text(searches[-1])))
    hits = [n for n, line in search_matches(searches[-1].result) if re.match(rf"{c}\s*=", line)]
    if not hits:
        return say(script.NOT_FOUND.format(thing=f"a line that sets {c}", path=path))
    window = read_window(turn, path, max(1, hits[0] - 2), hits[0] + 2)
    if isinstance(window, Action):
        return window
    return hits[0], window[1], window[0]


def _edit(turn: Turn, path: str, c: str, old: str, new: str) -> Action:
    """The change: from a window of lines (its line and its neighbours, an exact replacement),
    or from the whole text read."""
    spot = _located(turn, path, c)
    if isinstance(spot, Action):
        return spot
    if spot is not None:
        line, lines, first = spot
        i = line - first
        if not 0 <= i < len(lines) or not re.match(rf"{c}\s*=", lines[i]):
            return say(script.NOT_FOUND.format(thing=f"the line that sets {c}", path=path))
        around = lines[max(0, i - 1): i + 2]  # the line and its neighbours: unique in practice
        at = around.index(lines[i])
        now = [*around[:at], re.sub(r"=\s*.*$", f"= {new}", lines[i]), *around[at + 1:]]
        return call("edit", path=path, old="\n".join(around), new="\n".join(now))
    text = whole_file(turn, path)
    if isinstance(text, Action):
        return text
    m = re.search(rf"^{c}\s*=\s*(.*?)\s*$", text, re.M)
    if m is None:
        cut = not known(turn, path).complete
        return say(f"I couldn't see a line that sets {c} in {path}" + (
            " (the read tool showed only part of the file)" if cut else "") + "; nothing was changed.")
    if m[1] == new:
        return finish(turn, f"{c} in {path} is already {new}; nothing was changed.")
    return converge(turn, {path: text[: m.start(1)] + new + text[m.end(1):]}) or say("")


def act(turn: Turn, m: dict) -> Action | None:
    """Search and read a few lines where the tools allow, else the whole file; one change."""
    c, path, old, new = m["c"], norm_path(m["path"]), m.get("old") or "", m["new"]
    asked = needless_question(turn, ASK.format(c=c, path=path, old=old or "the same"))
    if asked:
        return asked
    if not turn.tools.can("edit"):
        return say(script.NO_TOOL.format(tools=turn.tools.names(), need="edit files"))
    done = [s for s in turn.steps if s.path == path and s.op in ("edit", "write") and s.ok]
    if done:
        return finish(turn, f"{c} in {path} is now {new}" + (f" (it was {old})." if old else "."))
    failed = [s for s in turn.steps if s.path == path and s.op in ("edit", "write")]
    if failed:
        return say(script.FAILED.format(what="edit", path=path, error=error_text(failed[-1])))
    if old and turn.failing("edits-without-reading", path) and not turn.steps and turn.tools.via("edit") != "write":
        return call("edit", path=path, old=f"{c} = {old}", new=f"{c} = {new}")  # blind: the decoy risk
    return _edit(turn, path, c, old, new)
