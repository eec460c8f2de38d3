"""list-todos: "List every TODO in billing.py." — a reading task judged on the reply.

The module holds three to six `# TODO:` comments among ordinary code, and comments that
look alike but are not TODOs (NOTE, DONE). Solved when the reply names every TODO's text
and no file changed. An agent with a search tool finds them in one call; one that reads
the whole module pays for every line of it.

With no file named ("Find every TODO."), the tutor looks through the whole project: one
search of the folder where a tool searches folders, else a listing and a read of every
file; each TODO is listed with its file and line, and the reply says what was looked at.
"""

from __future__ import annotations

import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import mentions, scripted, unchanged_except
from agentcourse.families.words import NOUNS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor.toolbox import norm_path, search_matches
from agentcourse.tutor.turn import (
    Action,
    Turn,
    _and,
    _listing,
    call,
    finish,
    known,
    no_tool,
    say,
    whole_file,
)

NAME = "list-todos"
CHORES = ("handle an empty list", "log the failure", "cache the result", "check the units",
          "support negative amounts", "round to cents", "reject duplicate ids",
          "add a timeout", "validate the input", "sort by date", "retry on error",
          "drop the legacy format", "report the skipped rows", "use the config value")
PHRASES = ("List every TODO in {path}.", "Find all the TODO comments in {path} and list them.",
           "What TODOs are left in {path}?")


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = f"{module_name(r)}.py"
    chores = r.sample(CHORES, r.randint(3, 6))
    decoys = [c for c in CHORES if c not in chores]
    lines, taken, todo_lines = [f'"""{path[:-3].title()} helpers."""', ""], set(), []
    for i in range(len(chores) + 3):
        name = function_name(r, taken)
        taken.add(name)
        noun = r.choice(NOUNS)
        lines += [f"def {name}({noun}_list):"]
        if i < len(chores):
            todo_lines.append(len(lines) + 1)
            lines.append(f"    # TODO: {chores[i]}")
        else:
            lines.append(f"    # {r.choice(('NOTE', 'DONE'))}: {decoys[i - len(chores)]}")
        lines += [f"    return [x for x in {noun}_list if x]", "", ""]
    text = "\n".join(lines).rstrip() + "\n"
    request = r.choice(PHRASES).format(path=path)
    return Instance(NAME, seed, request, {path: text},
                    {"path": path, "todos": chores, "lines": todo_lines,
                     "decoys": decoys[:3]})


def judge(task: Instance, o: Outcome) -> str | None:
    changed = unchanged_except(o, set())
    if changed:
        return changed
    missing = [t for t in task.facts["todos"] if not mentions(o.reply, t)]
    if missing:
        return f"the reply does not list the TODO {missing[0]!r} ({len(missing)} missing)"
    wrong = [d for d in task.facts["decoys"] if mentions(o.reply, d)]
    if wrong:
        return f"the reply lists {wrong[0]!r}, which is a NOTE or DONE comment, not a TODO"
    return None


def _reply(path: str, found: list[tuple[int, str]]) -> str:
    if not found:
        return f"There are no TODO comments in {path}."
    items = "\n".join(f"- line {n}: {text}" for n, text in found)
    return f"{len(found)} TODO{'s' * (len(found) != 1)} in {path}:\n{items}"


def reference(task: Instance) -> Outcome:
    found = list(zip(task.facts["lines"], task.facts["todos"], strict=True))
    return scripted(task.files, _reply(task.facts["path"], found), reads=(task.facts["path"],))


def broken(task: Instance) -> list[Outcome]:
    path, todos = task.facts["path"], task.facts["todos"]
    found = list(zip(task.facts["lines"], todos, strict=True))
    text = task.files[path]
    cleared = "\n".join(line for line in text.split("\n") if "# TODO" not in line)
    return [
        scripted(task.files, _reply(path, found[:-1]), reads=(path,)),  # one missed
        scripted(task.files, f"There are no TODO comments in {path}."),  # answered unread
        scripted(task.files, _reply(path, found) + "".join(f"\n- {d}" for d in task.facts["decoys"]),
                 reads=(path,)),  # every comment listed as a TODO
        scripted(task.files, _reply(path, found), reads=(path,), after={path: cleared}),  # "fixed"
    ]


# ----------------------------------------------------------------------------- the tutor

_TODO = re.compile(r"(?:#|//)\s*TODO\b:?\s*(.*)$")
_HIT = re.compile(r"^(?P<path>[^:\n]+?):(?P<n>\d+):\s?(?P<line>.*)$", re.M)


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
    entries = _listing(turn)
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
    looked = f"I read {_and(read)}" if read else "I could read none of its files"
    notes = [f"I could not read {_and([p for p in files if texts[p] is None])}"] if len(read) < len(files) else []
    notes += [f"only the first part of {p} was shown" for p in read if not known(turn, p).complete]
    notes += [f"I did not look inside {_and(folders)}"] if folders else []
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
        return finish(turn, _reply(path, _todos(search_matches(searches[-1].result))))
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    text = whole_file(turn, path)
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        return say(f"I could not read {path}.")
    return finish(turn, _reply(path, _todos(list(enumerate(text.split("\n"), 1)))))


_SCOPE = r"(?:\s+(?:in|across|throughout|from)\s+(?:this|the|my|our)\s+(?:whole\s+|entire\s+)?" \
         r"(?:project|codebase|code|repo\w*|folder|directory|files))?"

FAMILY = Family(
    name=NAME,
    probes="Find every TODO comment in one module and list them; change nothing.",
    rewards="a search tool: one call finds them, where a whole read pays for every line",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    patterns=(r"\b(?:list|find|show)\b.{0,30}\bTODO(?:s| comments?)?\b.{0,20}?\bin\s+(?P<path>[\w./-]+\.py)\b",
              r"\b(?:are|is) there (?:any )?(?:open |remaining )?TODOs?\b.{0,20}?\bin\s+(?P<path>[\w./-]+\.py)\b",
              r"^\s*TODOs?\s+in\s+(?P<path>[\w./-]+\.py)\s*\??\s*$",
              r"\b(?:what|which) TODOs? (?:are|is) (?:(?:left|there|open|remaining)\s+)?in\s+(?P<path>[\w./-]+\.py)\b",
              # No file named: the whole project ("Find every TODO.", "What TODOs are left?").
              r"^\s*(?:please\s+|can you\s+|could you\s+)*(?:list|find|show(?: me)?|search for|look for|"
              r"grep for|collect)\s+(?:every|each|all(?:\s+(?:of\s+)?the)?|the|any|my|our)?\s*"
              rf"(?:open\s+|remaining\s+|outstanding\s+)?TODOs?(?:\s+comments?|\s+notes?)?{_SCOPE}\s*[.!?]?\s*$",
              rf"^\s*(?:what|which) TODOs? (?:are|is) (?:left|there|open|remaining){_SCOPE}\s*\??\s*$",
              rf"^\s*(?:are there|do we have|where are)\s+(?:any\s+|the\s+|all the\s+)?TODOs?"
              rf"(?:\s+comments?)?(?:\s+left)?{_SCOPE}\s*\??\s*$"),
    act=act,
)
