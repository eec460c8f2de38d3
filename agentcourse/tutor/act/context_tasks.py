"""The tutor's tasks for the context-engineering step (checkpoints 06 and 07).

Four tasks, each a small state machine like every task of the tutor ("what do I know so
far -> next step"), each a row of intent_table.INTENTS and dispatched by brain.TASK_HANDLERS. Two
are here:

    remember         "Remember that ...": the user's own words, written with the memory
                     tool (never a made-up note), or a plain "I have no tool to keep notes"
    module-summary   longtask.TASK: list the package, read every module whole (one per
                     call), then write SUMMARY.md with one line per module (`module_line`).
                     When a memory tool is offered (save_note(note), or any one-string tool
                     named for notes or memory), each module read is noted in one line, in
                     the same response as the next read, so stubs and compaction lose nothing

and two beside them: compaction.py ("Summarise the conversation so far ...") and
research.py ("Where is slugify defined, and where is it used?").

State comes only from the request (context_state.py reads it): tool results that are
still whole, the inputs of tool calls (never stubbed), notes, the Facts of an earlier
summary, and the memory section of the system prompt. A result replaced by a stub
("[stub: ...") is known to have happened but not what it said: a module whose read is a
stub and that was never noted is read again, as the stub asks.
"""

from __future__ import annotations

import ast
import re

from agentcourse.projects import longtask
from agentcourse.tutor.act import answer, knowledge
from agentcourse.tutor.act.answer import finish
from agentcourse.tutor.act.context_state import elided, known_facts, note_tool, raw, read_chunks
from agentcourse.tutor.act.toolbox import Step, norm_path, parse_listing
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

CHUNK_LINES = 200  # lines asked for per read, as the course's read_lines allows


def module_line(path: str, content: str) -> str:
    """One line about a Python module: what it is for, and every function it defines."""
    try:
        tree = ast.parse(content)
    except SyntaxError:
        return f"{path}: {len(content.splitlines())} lines of Python that do not parse."
    doc = (ast.get_docstring(tree) or "").strip().split("\n")[0].rstrip(".")
    funcs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
             and not n.name.startswith("_")]
    what = doc or f"{len(content.splitlines())} lines of Python"
    defines = f"defines {', '.join(funcs)}" if funcs else "defines no functions"
    return f"{path}: {what}; {defines}."


def _package_modules(turn: Turn, folder: str, out: str, listings: dict) -> list[str] | Action:
    """The package's modules, from its listing (listed now, or a listing an earlier summary
    kept), or the action that lists it, or the reply that says it cannot be listed."""
    lists = [s for s in turn.steps if s.op == "list" and s.path == folder and s.ok and not elided(s)]
    failed = [s for s in turn.steps if s.op == "list" and s.path == folder and not s.ok]
    if failed and not lists:
        if not knowledge.NO_SUCH_FILE.search(failed[-1].result):
            return say(script.FAILED.format(what="list the files in", path=folder,
                                            error=answer.error_text(failed[-1])))
        hint = script.NO_PACKAGE_HINT if folder == longtask.PACKAGE else ""
        return say(script.NO_PACKAGE.format(folder=folder, out=out) + hint)
    if lists:
        names = [n for n, kind in parse_listing(lists[-1].result) if kind == "file"]
    elif folder in listings:
        names = listings[folder]
    elif not turn.tools.can("list"):
        return answer.no_tool(turn, "list files")
    else:
        return call("list", path=folder)
    return [f"{folder}/{n}" for n in names if n.endswith(".py") and not n.startswith("_")]


def _module_lines(turn: Turn, modules: list[str], facts: dict) -> tuple[dict[str, str], tuple[str, int] | None]:
    """Each module's line, from a whole read this turn or a fact; and (module, next line) of
    the first module still unknown, or None."""
    lines: dict[str, str] = {}
    todo: tuple[str, int] | None = None
    for path in modules:
        content, complete, nxt = read_chunks(turn.steps, path)
        if complete and content is not None:
            text = content if isinstance(content, str) else "\n".join(
                content[k] for k in sorted(content))
            lines[path] = module_line(path, text)
        elif path in facts:
            lines[path] = facts[path]
        elif todo is None:
            todo = (path, nxt)
    return lines, todo


def task_module_summary(turn: Turn, m: dict) -> Action:
    """longtask.TASK: every module of the package read whole (and noted), then SUMMARY.md written."""
    folder, out = norm_path(m.get("package") or longtask.PACKAGE), m.get("out") or "SUMMARY.md"
    facts, noted, listings = known_facts(turn)
    modules = _package_modules(turn, folder, out, listings)
    if isinstance(modules, Action):
        return modules
    if not modules:
        return finish(turn, f"There are no modules in {folder} to summarise.")
    lines, todo = _module_lines(turn, modules, facts)
    note = note_tool(turn)
    calls: list[tuple[str, dict]] = []
    if note:  # write down what was read before it can turn into a stub
        calls += [raw(note, lines[p]) for p in modules if p in lines and p not in noted]
    written = [s for s in turn.steps if s.path == norm_path(out) and s.op in ("create", "edit", "write")]
    if todo is not None:
        path, start = todo
        if not turn.tools.can("read"):
            return answer.no_tool(turn, "read files")
        calls.append(("read", {"path": path}) if start == 1 else
                     ("read_lines", {"path": path, "start": start, "end": start + CHUNK_LINES - 1}))
    elif written and written[-1].ok:
        if not calls:
            return finish(turn, f"Done — wrote {out}: one line for each of the {len(modules)} "
                                f"modules in {folder}.")
    else:
        text = f"# Summary of the {folder} package\n\n" + "".join(f"- {lines[p]}\n" for p in modules)
        calls.append(_write(turn, out, text, written))
        if isinstance(calls[-1], Action):
            return calls[-1]
    return Action(calls=calls if turn.parallel else calls[:1])


def _write(turn: Turn, path: str, text: str, written: list[Step]):
    """Create `path`; if it exists already, read it and replace its whole text."""
    path = norm_path(path)
    if not written:
        if not turn.tools.can("create"):
            return answer.no_tool(turn, "create files")
        return ("create", {"path": path, "text": text})
    if written[-1].op == "create" and re.search(r"already exists", written[-1].result, re.I):
        old = knowledge.whole_file(turn, path)
        if isinstance(old, Action):
            return old
        return ("edit", {"path": path, "old": old, "new": text})
    return say(script.FAILED.format(what="write", path=path, error=answer.error_text(written[-1])))


def task_remember(turn: Turn, m: dict) -> Action:
    """Write the user's own words to the memory tool, once, and say what was kept."""
    words = " ".join(m["note"].split()).rstrip(".") + "."
    note = note_tool(turn)
    if note is None:
        return answer.no_tool(turn, "keep notes")
    made = [s for s in turn.steps if s.tool == note["name"]]
    if not made:
        return Action(calls=[raw(note, words)])
    if not made[-1].ok:
        return say(f"I couldn't save the note: {answer.error_text(made[-1])}")
    return finish(turn, f"Noted: \u201c{words}\u201d")
