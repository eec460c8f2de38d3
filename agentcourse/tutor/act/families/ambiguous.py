"""The tutor's move for ambiguous: "Change the timeout to 60." where several functions have one.

The tutor looks before it asks: one search of the project when a search tool takes a
folder, else a listing and a read of every module; then it asks, naming the candidates
with their files and current values. With one candidate the request is clear, and it
changes that one. When the prompt has no rule about asking at all (rules.py finds no
clarification sentence), it guesses: it changes the first candidate, the failure a "when
in doubt, ask" rule prevents; so it does when the prompt bans questions outright ("Never
ask the user a question.", rules.NO_QUESTIONS). (An unlimited asking rule,
asks-when-it-shouldnt, asks here too: this request is ambiguous.) The arena's side is
agentcourse/arena/families/ambiguous.py.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.answer import no_tool
from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.editing import modify
from agentcourse.tutor.act.knowledge import known, listing
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import rules

ASK = "Which {param} do you mean? {found}. Tell me which one (or all of them) to set to {new}."
GUESSED = "Changed the default {param} of {func} in {path} from {old} to {new}."

_HIT = re.compile(r"^(?P<path>[^:\n]+?):(?P<line>\d+):\s?(?P<text>.*)$")


def _defs(param: str, lines: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """(path, function, value, def line) for each def with a default for `param`."""
    sig = re.compile(rf"^\s*(?:async\s+)?def\s+(\w+)\s*\(.*\b{re.escape(param)}\s*(?::[^=,)]*)?="
                     r"\s*([^,)]+)")
    return [(p, m[1], m[2].strip(), text.strip()) for p, text in lines if (m := sig.search(text))]


def _lines(turn: Turn, param: str) -> list[tuple[str, str]] | Action:
    """Every line that may define `param`, as (path, line): from one search of the project,
    or from a listing and a read of each module."""
    if turn.tools.via("search") not in (None, "bash"):
        done = turn.done("search", ".")
        if not done:
            return call("search", pattern=f"{param}=", path=".")
        if done[-1].ok and not done[-1].stub:
            return [(m["path"], m["text"]) for line in done[-1].result.split("\n")
                    if (m := _HIT.match(line))]
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    paths = [n for n, kind in entries if kind == "file" and n.endswith(".py")]
    todo = [p for p in paths if known(turn, p).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])
    first = {p: known(turn, p) for p in paths}  # as first read: before a change of this turn
    return [(p, line) for p in paths for line in (first[p].first or first[p].text or "").split("\n")]


def asks_at_all(turn: Turn) -> bool:
    """Does the prompt say anything about asking the user (limited or not, or only about
    unclear requests), other than never to ask ("Never ask the user a question.": it guesses)?"""
    tools = [rules.as_definition(t) for t in turn.tools.tools]
    system = turn.body.get("system") or ""
    finding = next(f for f in rules.explain(system, tools) if f.mode == "asks-when-it-shouldnt")
    if finding.why == rules.NO_QUESTIONS:
        return False
    return bool(finding.sentence) or any(m.why == rules.ONLY_UNCLEAR for m in finding.ignored)


def act(turn: Turn, m: dict) -> Action | None:
    """Look for every function with a default for the parameter; ask which when there are
    several and the prompt says anything about asking, else change the one (or the first)."""
    param, new = m["param"], m["new"]
    found = _lines(turn, param)
    if isinstance(found, Action):
        return found
    defs = _defs(param, found)
    if not defs:
        return say(f"I couldn't find a {param} with a default value in this project; nothing was changed.")
    if len(defs) > 1 and asks_at_all(turn) and not any(s.op in ("edit", "write") for s in turn.steps):
        shown = "; ".join(f"{func} in {path} ({param}={value})" for path, func, value, _ in defs)
        return say(ASK.format(param=param, new=new, found=f"{len(defs)} functions have one: {shown}"))
    path, func, value, line = defs[0]  # one candidate, or a guess: no rule says to ask
    edited = re.sub(rf"(\b{re.escape(param)}\s*(?::[^=,)]*)?=\s*){re.escape(value)}", rf"\g<1>{new}", line, count=1)
    return modify(turn, path, lambda: [Change(line, edited)],
                  lambda: GUESSED.format(param=param, func=func, path=path, old=value, new=new),
                  f"The default {param} of {func} is already {new}.")
