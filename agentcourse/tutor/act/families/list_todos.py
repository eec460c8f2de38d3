"""The tutor's move for list-todos: "List every TODO in billing.py." (or in the whole project).

With a file named: one search for TODO where a search tool is offered, else a whole read;
the reply lists each TODO with its line (`todo_reply`). With no file named ("Find every
TODO."): one search of the folder where a tool searches folders, else a listing and a read
of every file; each TODO is listed with its file and line, and the reply says what was
looked at. The arena's side is agentcourse/arena/families/list_todos.py; its reference turn
replies with `todo_reply`, as the tutor does.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.answer import and_list, finish, no_tool
from agentcourse.tutor.act.knowledge import known, listing, whole_file
from agentcourse.tutor.act.toolbox import norm_path, search_matches
from agentcourse.tutor.act.turn import Action, Turn, call, say

_TODO = re.compile(r"(?:#|//)\s*TODO\b:?\s*(.*)$")
_HIT = re.compile(r"^(?P<path>[^:\n]+?):(?P<n>\d+):\s?(?P<line>.*)$", re.M)


def todo_reply(path: str, found: list[tuple[int, str]]) -> str:
    """The reply that lists the (line, text) TODOs found in `path`, or says there are none."""
    if not found:
        return f"There are no TODO comments in {path}."
    items = "\n".join(f"- line {n}: {text}" for n, text in found)
    return f"{len(found)} TODO{'s' * (len(found) != 1)} in {path}:\n{items}"


def _todos(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(line, text) of each TODO comment among numbered lines (a TODO in a string is not one)."""
    return [(n, m[1].strip()) for n, line in lines if (m := _TODO.search(line))]


def _hidden(path: str) -> bool:
    return any(part.startswith(".") for part in path.split("/") if part not in (".", ".."))


def _project_reply(found: list[tuple[str, int, str]], looked: str) -> str:
    """Every TODO of the project with its file and line, or that there is none; `looked`
    says what was searched or read, so "none" is a finding with its scope."""
    if not found:
        return f"There are no TODO comments in this project ({looked})."
    items = "\n".join(f"- {path}, line {n}: {text}" for path, n, text in found)
    return f"{len(found)} TODO{'s' * (len(found) != 1)} in this project ({looked}):\n{items}"


def _searched(turn: Turn) -> list[tuple[str, int, str]] | Action | None:
    """The TODOs from one search of the project folder, or the call that searches; None when
    no tool searches folders, or the search failed or was cut: then every file is read."""
    if turn.tools.via("search") != "search":
        return None
    searches = turn.done("search", ".")
    if not searches:
        return call("search", pattern="TODO", path=".")
    last = searches[-1]
    if not last.ok or last.stub or re.search(r"^\[\d+ of \d+ matching lines shown", last.result, re.M):
        return None
    hits = [(m["path"].removeprefix("./"), int(m["n"]), m["line"]) for m in _HIT.finditer(last.result)]
    return [(p, n, text) for p, n, line in hits if not _hidden(p) for _, text in _todos([(n, line)])]


def _read_every_file(turn: Turn) -> Action:
    """List the project, read each of its files, then list the TODOs they show. Folders are
    not opened and a file that cannot be read is skipped: the reply names both."""
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    files = [n for n, kind in entries if kind == "file" and not _hidden(n)]
    folders = [f"{n}/" for n, kind in entries if kind == "dir" and not _hidden(n)]
    todo = [p for p in files if known(turn, p).last_read is None]
    if todo:
        if not turn.tools.can("read"):
            return no_tool(turn, "read files")
        return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])
    texts = {p: known(turn, p).text for p in files}
    read = [p for p, t in texts.items() if t is not None]
    found = [(p, n, text) for p in read
             for n, text in _todos(list(enumerate(texts[p].split("\n"), 1)))]
    looked = f"I read {and_list(read)}" if read else "I could read none of its files"
    notes = [f"I could not read {and_list([p for p in files if texts[p] is None])}"] if len(read) < len(files) else []
    notes += [f"only the first part of {p} was shown" for p in read if not known(turn, p).complete]
    notes += [f"I did not look inside {and_list(folders)}"] if folders else []
    return finish(turn, _project_reply(found, "; ".join([looked] + notes)))


def act(turn: Turn, m: dict) -> Action | None:
    """Search for TODO when a search tool is offered (one call), else read the whole file;
    with no file named, the whole project: one folder search, else every file read."""
    if not m.get("path"):
        found = _searched(turn)
        if isinstance(found, list):
            return finish(turn, _project_reply(found, "I searched every file in the folder"))
        return found or _read_every_file(turn)
    path = norm_path(m["path"])
    searches = turn.done("search", path)
    if turn.tools.can("search") and not searches:
        return call("search", pattern="TODO", path=path)
    if searches and searches[-1].ok and not searches[-1].stub:
        return finish(turn, todo_reply(path, _todos(search_matches(searches[-1].result))))
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    text = whole_file(turn, path)
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        return say(f"I could not read {path}.")
    return finish(turn, todo_reply(path, _todos(list(enumerate(text.split("\n"), 1)))))
