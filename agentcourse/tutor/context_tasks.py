"""The tutor's tasks for the context-engineering step (checkpoints 06 and 07).

Four tasks, each a small state machine in the style of primitives.py ("what do I know so
far -> next step"), registered in script.TASKS and primitives.TASK_HANDLERS:

    compact          "Summarise the conversation so far ...": a summary computed from the
                     real history, under the headings Decisions, Paths, Facts, Open
                     questions and Next step (the next step is what the tutor would do next)
    research         "Where is slugify defined, and where is it used?": with a research tool
                     offered, delegate the question to it; without one (the sub-agent, or
                     an agent with no such tool), search, read the definition, and answer
                     with path:line citations
    remember         "Remember that ...": the user's own words, written with the memory
                     tool (never a made-up note), or a plain "I have no tool to keep notes"
    module-summary   longtask.TASK: list the package, read every module whole (one per
                     call), then write SUMMARY.md with one line per module. When a memory
                     tool is offered (save_note(note), or any one-string tool named for
                     notes or memory), each module read is noted in one line, in the same
                     response as the next read, so stubs and compaction lose nothing

State comes only from the request: tool results that are still whole, the inputs of
tool calls (never stubbed), notes, the Facts of an earlier summary, and the memory
section of the system prompt. A result replaced by a stub ("[stub: ...") is known to
have happened but not what it said: a module whose read is a stub and that was never
noted is read again, as the stub asks.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable

from agentcourse import longtask
from agentcourse.tutor import script
from agentcourse.tutor import turn as primitives
from agentcourse.tutor.code import describe
from agentcourse.tutor.toolbox import (
    Step,
    Toolbox,
    norm_path,
    parse_listing,
    read_steps,
    read_tools,
    strip_numbers,
    text_of,
)
from agentcourse.tutor.turn import Action, Turn, call, finish, read_turn, say

# A result that says its content was taken out of the window (checkpoint 06's stubs,
# and the placeholders of other context managers).
ELIDED = re.compile(
    r"^\s*\[(?:stub\b|elided\b|cleared\b|removed\b|[^\]\n]{0,80}\b(?:elided|cleared|stubbed)\b)",
    re.I,
)
EOF_NOTE = re.compile(r"\[end of file|is past the end|past the end of", re.I)
MORE_NOTE = re.compile(r"^\[(?:cut:|read_lines returns at most|read_file shows at most)", re.I | re.M)
# "- path: what it is", and "- noted: path: ..." for a fact that is also in the memory file
FACT = re.compile(r"^\s*-\s+(?P<noted>noted:\s+)?(?P<path>[\w./-]+\.\w+):\s+(?P<text>\S.*)$")
LISTING_FACT = re.compile(r"^\s*-\s+listing of (?P<dir>[\w./-]+):\s+(?P<names>.+)$", re.I)
HIT = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):\s?(?P<text>.*)$")
PLACEHOLDER = re.compile(r"^\s*-\s+None(?: yet)?\.\s*$")
CHUNK_LINES = 200  # lines asked for per read, as the course's read_lines allows
MAX_USES = 12  # uses a research answer cites one by one (an import and a call count as two)

# ----------------------------------------------------------------------------- the request


def messages_of(turn: Turn) -> list[dict]:
    return list(turn.body.get("messages") or [])


def system_of(turn: Turn) -> str:
    system = turn.body.get("system") or ""
    return system if isinstance(system, str) else text_of(system)


def calls_in(messages: list[dict]) -> list[tuple[str, dict, str | None, bool]]:
    """(tool name, input, result text or None, is_error) for every tool call, in order."""
    found: dict[str, list] = {}
    order: list[str] = []
    for message in messages:
        for block in message.get("content") if isinstance(message.get("content"), list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_use":
                found[block.get("id", "")] = [block.get("name", ""), dict(block.get("input") or {}),
                                              None, False]
                order.append(block.get("id", ""))
            elif block.get("type") == "tool_result" and block.get("tool_use_id") in found:
                entry = found[block["tool_use_id"]]
                entry[2], entry[3] = text_of(block.get("content")), bool(block.get("is_error"))
    return [tuple(found[i]) for i in order]  # type: ignore[misc]


def _one_string_tool(turn: Turn, words: str, skip: re.Pattern | None = None) -> dict | None:
    """A custom tool taking one required string, whose name or description says `words`
    (and whose name and string are not `skip`)."""
    for tool in turn.body.get("tools") or []:
        schema = tool.get("input_schema") or {}
        props, required = schema.get("properties") or {}, schema.get("required") or []
        if len(required) != 1 or (props.get(required[0]) or {}).get("type") != "string":
            continue
        if skip and (skip.fullmatch(required[0]) or skip.fullmatch(str(tool.get("name", "")))):
            continue
        if re.search(words, f"{tool.get('name', '')} {tool.get('description', '')}", re.I):
            return {"name": tool["name"], "param": required[0]}
    return None


def note_tool(turn: Turn) -> dict | None:
    """The memory tool, if one is offered: save_note(note), remember(text), ..."""
    tool = _one_string_tool(turn, r"\bnotes?\b|_note\b|memory|remember")
    return tool if tool and not re.search(r"research|delegat", tool["name"], re.I) else None


# A tool whose one string names something packaged (Claude Code's Skill: "some skills run
# in a subagent") takes a name, not a question: it is never the research tool.
_NAMED_THING = re.compile(r"skills?|workflows?|plugins?|commands?|names?|ids?", re.I)


def research_tool(turn: Turn) -> dict | None:
    """A tool that delegates a question to a sub-agent, if one is offered."""
    return _one_string_tool(turn, r"research|delegat|sub-?agent|investigat", skip=_NAMED_THING)


def raw(tool: dict, value: str) -> tuple[str, dict]:
    """A call of a tool the Toolbox has no operation for (notes, research)."""
    return ("raw", {"name": tool["name"], "input": {tool["param"]: value}, "via": "raw"})


def elided(step: Step) -> bool:
    return bool(ELIDED.match(step.result))


# ----------------------------------------------------------------------------- file knowledge


def read_chunks(steps: list[Step], path: str) -> tuple[dict[int, str] | str | None, bool, int]:
    """What the whole-file reads of `path` show: (lines by number, or the text when a
    tool gives no line numbers; whether the end of the file was seen; next line to read)."""
    lines: dict[int, str] = {}
    complete, plain = False, None
    for s in steps:
        if s.path != path or s.op not in ("read", "read_lines"):
            continue
        if not s.ok:
            complete = complete or bool(EOF_NOTE.search(s.result))
            continue
        if s.stub or elided(s):
            continue
        if s.op == "read":  # a whole-file read (read_file, view, cat): the end was seen
            complete = True
        first, body = strip_numbers(s.result)
        if first is None:  # a read tool that shows the file as it is
            plain, complete = s.result, True
            continue
        lines.update({first + i: line for i, line in enumerate(body)})
        if EOF_NOTE.search(s.result):
            complete = True
        elif not MORE_NOTE.search(s.result) and len(body) < (s.args.get("end") or 0) - first + 1:
            complete = True  # fewer lines than asked for, and no note that more were cut
    if plain is not None:
        return plain, True, 0
    return (lines or None), complete, (max(lines) + 1 if lines else 1)


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


def known_facts(turn: Turn) -> tuple[dict[str, str], set[str], dict[str, list[str]]]:
    """(path -> one-line fact, paths already in the memory file, folder -> names listed)
    from notes, earlier summaries and the memory section: what the model wrote down."""
    facts: dict[str, str] = {}
    noted: set[str] = set()
    listings: dict[str, list[str]] = {}
    note = note_tool(turn)
    lines = [(line, False) for m in messages_of(turn) if m.get("role") == "user"
             for line in text_of(m.get("content")).split("\n")]
    lines += [(line, True) for line in system_of(turn).split("\n")]  # the memory section
    if note:  # a note is one line; NOTES.md and summaries show notes as "- ..." lines
        lines += [("- " + str(i.get(note["param"], "")).lstrip("- "), True)
                  for n, i, _, _ in calls_in(messages_of(turn)) if n == note["name"]]
    for line, in_memory in lines:
        if m := LISTING_FACT.match(line):
            listings[norm_path(m["dir"])] = [n.strip() for n in m["names"].split(",")]
        elif m := FACT.match(line):
            path = norm_path(m["path"])
            facts.setdefault(path, f"{m['path']}: {m['text'].strip()}")
            if in_memory or m["noted"]:
                noted.add(path)
    return facts, noted, listings


# ----------------------------------------------------------------------------- module-summary


def _package_modules(turn: Turn, folder: str, out: str, listings: dict) -> list[str] | Action:
    """The package's modules, from its listing (listed now, or a listing an earlier summary
    kept), or the action that lists it, or the reply that says it cannot be listed."""
    lists = [s for s in turn.steps if s.op == "list" and s.path == folder and s.ok and not elided(s)]
    failed = [s for s in turn.steps if s.op == "list" and s.path == folder and not s.ok]
    if failed and not lists:
        if not primitives._NOT_FOUND.search(failed[-1].result):
            return say(script.FAILED.format(what="list the files in", path=folder,
                                            error=primitives._error(failed[-1])))
        hint = script.NO_PACKAGE_HINT if folder == longtask.PACKAGE else ""
        return say(script.NO_PACKAGE.format(folder=folder, out=out) + hint)
    if lists:
        names = [n for n, kind in parse_listing(lists[-1].result) if kind == "file"]
    elif folder in listings:
        names = listings[folder]
    elif not turn.tools.can("list"):
        return primitives.no_tool(turn, "list files")
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
            return primitives.no_tool(turn, "read files")
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
            return primitives.no_tool(turn, "create files")
        return ("create", {"path": path, "text": text})
    if written[-1].op == "create" and re.search(r"already exists", written[-1].result, re.I):
        old = primitives.whole_file(turn, path)
        if isinstance(old, Action):
            return old
        return ("edit", {"path": path, "old": old, "new": text})
    return say(script.FAILED.format(what="write", path=path, error=primitives._error(written[-1])))


# ----------------------------------------------------------------------------- research

_QUESTION_NAME = (
    r"`(\w+)`",  # a name in backticks
    r"\b([A-Za-z]\w*_\w+)\b",  # snake_case reads as code
    r"\b(?:is|are|does|calls?|uses?|imports?|defines?|references?)\s+([A-Za-z_]\w*)\b",
)
_NOT_NAMES = {"it", "the", "this", "that", "defined", "used", "called", "there", "a", "an"}


def question_name(question: str) -> str | None:
    """The identifier a research question is about ("Where is slugify defined?" -> slugify)."""
    for pattern in _QUESTION_NAME:
        for name in re.findall(pattern, question):
            if name.lower() not in _NOT_NAMES:
                return name
    return None


def _hits(result: str) -> list[tuple[str, int, str]]:
    return [(norm_path(m["path"]), int(m["line"]), m["text"]) for line in result.split("\n")
            if (m := HIT.match(line))]


# Files whose lines are code: a name in them, outside strings and comments, is a use.
CODE_FILES = (".py", ".pyi", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".sh", ".bash", ".rb",
              ".go", ".rs", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".php", ".lua")
_STRINGS = re.compile(r'"""[^\n]*?(?:"""|$)|\'\'\'[^\n]*?(?:\'\'\'|$)|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_COMMENT = re.compile(r"(?:#|//).*$")


def code_part(line: str) -> str:
    """A line of code without its string literals and its comment."""
    return _COMMENT.sub("", _STRINGS.sub('""', line))


def answer_with_citations(name: str, hits: list[tuple[str, int, str]], scope: str = "") -> str:
    """A short answer, every fact cited as path:line. A use is the name in a code file,
    outside strings and comments, other than where it is defined; every other line that
    mentions it (notes, summaries, docs, the function's own messages) is not a use, and the
    answer says so. `scope` says what was searched, when it was not every file."""
    where = scope or "searched every file"
    if not hits:
        return f"I found no mention of `{name}` in the project ({where})."
    word = re.compile(rf"\b{re.escape(name)}\b")
    is_def = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*=")
    defs = [h for h in hits if h[0].endswith(CODE_FILES) and is_def.search(h[2])]
    uses = [h for h in hits if h not in defs and h[0].endswith(CODE_FILES) and word.search(code_part(h[2]))]
    others = [h for h in hits if h not in defs and h not in uses]
    parts = []
    if defs:
        path, line, text = defs[0]
        parts.append(f"`{name}` is defined at {path}:{line} (`{text.strip()}`).")
    else:
        parts.append(f"`{name}` is not defined in the project's code.")
    if uses:
        shown = ", ".join(f"{p}:{n} (`{t.strip()[:60]}`)" for p, n, t in uses[:MAX_USES])
        more = f", and {len(uses) - MAX_USES} more" if len(uses) > MAX_USES else ""
        parts.append(f"It is used at {shown}{more}.")
    else:
        parts.append("Nothing in the project's code uses it.")
    if others:
        shown = ", ".join(f"{p}:{n}" for p, n, _ in others[:4])
        more = f" and {len(others) - 4} more" if len(others) > 4 else ""
        parts.append(f"Other mentions are text, not uses: {shown}{more}.")
    if scope:
        parts.append(f"({scope[0].upper()}{scope[1:]}.)")
    return " ".join(parts)


def _read_everything(turn: Turn, name: str) -> Action:
    """Without a search tool: list the project, read its files, and find the name in them."""
    listing = primitives._listing(turn)
    if isinstance(listing, Action):
        return listing
    files = [n for n, kind in listing if kind == "file" and not n.startswith((".", "__"))]
    files = files[: script.MAX_SUMMARY_FILES]
    folders = [n + "/" for n, kind in listing if kind == "dir" and not n.startswith((".", "__"))]
    todo = [f for f in files if primitives.known(turn, f).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": f}) for f in (todo if turn.parallel else todo[:1])])
    hits, unread = [], []
    for path in files:
        k = primitives.known(turn, path)
        if k.text is None:
            unread.append(path)
            continue
        hits += [(path, i, line) for i, line in enumerate(k.text.split("\n"), 1)
                 if re.search(rf"\b{re.escape(name)}\b", line)]
    if unread and len(unread) == len(files):
        last = primitives.known(turn, unread[0]).last_read
        if last is not None and last.stub:
            return say(f"The read tool returned placeholders instead of the files "
                       f"({last.result.strip()}), so I cannot tell where `{name}` is defined or used.")
    scope = f"I read the {len(files)} files at the top of the project, without a search tool"
    if folders:
        scope += f"; I did not look inside {primitives._and(folders)}"
    if unread:
        scope += f"; I could not read {primitives._and(unread)}"
    return finish(turn, answer_with_citations(name, hits, scope))


def task_research(turn: Turn, m: dict) -> Action | None:
    question = m.get("question") or turn.prompt
    name = question_name(question)
    if name is None:
        return None  # not a question about a name in the code: fall through to help
    delegate = research_tool(turn)
    if delegate:  # the main agent: the sub-agent reads; this window gets only its answer
        _, start = primitives.current_turn(messages_of(turn))
        done = [(r, e) for n, _, r, e in calls_in(messages_of(turn)[start + 1:])
                if n == delegate["name"] and r is not None]
        if not done:
            return Action(calls=[raw(delegate, question.strip())])
        result, error = done[-1]
        if error or result.lstrip().startswith("Error"):
            return say(f"I couldn't get an answer to that: {result.strip()}")
        return finish(turn, result.strip())
    if not turn.tools.can("search"):
        if turn.tools.can("read") and turn.tools.can("list"):
            return _read_everything(turn, name)
        return primitives.no_tool(turn, "search files")
    searches = turn.done("search")
    if not searches:
        return call("search", pattern=rf"\b{name}\b", path=".")
    if not searches[-1].ok:
        return say(script.FAILED.format(what="search", path="the project",
                                              error=primitives._error(searches[-1])))
    hits = _hits(searches[-1].result)
    is_def = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b")
    defs = [h for h in hits if is_def.search(h[2])]
    if defs and turn.tools.can("read_lines"):  # confirm the definition by reading it
        path, line, _ = defs[0]
        start = max(1, line - 1)
        if not [s for s in turn.done("read_lines", norm_path(path)) if s.args.get("start") == start]:
            return call("read_lines", path=path, start=start, end=line + 4)
    return finish(turn, answer_with_citations(name, hits))


# ----------------------------------------------------------------------------- compaction


def _history(messages: list[dict]) -> list[dict]:
    """The conversation without the summarise instruction at its end."""
    if not messages:
        return []
    last = messages[-1]
    if isinstance(last.get("content"), str):
        return messages[:-1]
    kept = [b for b in last.get("content") or [] if not (isinstance(b, dict) and b.get("type") == "text")]
    return messages[:-1] + ([{**last, "content": kept}] if kept else [])


def _short(value: object, limit: int = 70) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _call_text(name: str, args: dict) -> str:
    return f"{name}({', '.join(f'{k}={_short(json.dumps(v), 50)}' for k, v in args.items())})"


def _user_requests(history: list[dict]) -> list[tuple[int, str]]:
    """(index, text) of every user message with text of its own (not only tool results)."""
    return [(i, text_of(m["content"])) for i, m in enumerate(history)
            if m.get("role") == "user" and (isinstance(m.get("content"), str) or any(
                isinstance(b, dict) and b.get("type") == "text" for b in m.get("content") or []))]


def _carried(requests: list[tuple[int, str]]) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """An earlier summary's Decisions, Paths and Facts, carried forward."""
    decisions, carried_paths, carried = [], [], []
    for _, text in requests:
        for heading, bucket in (("Decisions", decisions), ("Paths", carried_paths),
                                ("Facts", carried)):
            section = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
            if section:
                bucket += [line for line in section[1].split("\n")
                           if line.strip().startswith("-") and not PLACEHOLDER.match(line)]
    paths = {m[1]: m[2].split(", ") for line in carried_paths
             if (m := re.match(r"^\s*-\s+(\S+) \((.*)\)$", line))}
    return decisions, paths, carried


def _answered(history: list[dict], requests: list[tuple[int, str]]) -> list[str]:
    """Requests answered, each with the answer's first line."""
    out = []
    for i, m in enumerate(history):
        if m.get("role") == "assistant" and isinstance(m.get("content"), list) and not any(
                isinstance(b, dict) and b.get("type") == "tool_use" for b in m["content"]):
            asked = next((t for j, t in reversed(requests) if j < i), "")
            reply = text_of(m["content"]).strip().split("\n")[0]
            if asked and reply:
                out.append(f"- Answered {_short(_request_words(asked), 80)!r}: {_short(reply, 120)}")
    return out


_DID = {"list": "listed", "read": "read", "read_lines": "read", "search": "searched",
        "edit": "changed", "create": "created"}


def _from_steps(steps: list[Step], paths: dict[str, list[str]]) -> tuple[list[str], list[str], list[str]]:
    """(decisions, facts, open questions) the tool calls show; `paths` gains what was done where."""
    decisions, facts, open_questions = [], [], []
    for k, s in enumerate(steps):
        if s.op in ("edit", "create") and s.ok:
            decisions.append(f"- {'Created' if s.op == 'create' else 'Changed'} {s.path}"
                             + (f": `{_short(s.args.get('old', '').split(chr(10))[0], 50)}` -> "
                                f"`{_short(s.args.get('new', '').split(chr(10))[0], 50)}`"
                                if s.op == "edit" else "."))
        if s.path and s.op != "other":
            done = paths.setdefault(s.path, [])
            if _DID[s.op] not in done:
                done.append(_DID[s.op])
        if not s.ok and not any(t.op == s.op and t.path == s.path and t.ok for t in steps[k + 1:]):
            open_questions.append(f"- {s.tool} on {s.path or 'the project'} failed: "
                                  f"{_short(primitives._error(s), 120)}")
        if s.op == "list" and s.ok and not elided(s):
            names = [n + ("/" if kind == "dir" else "") for n, kind in parse_listing(s.result)]
            facts.append(f"- listing of {s.path}: {', '.join(names)}")
        if s.op == "search" and s.ok and not elided(s):
            hits = [f"{p}:{n}" for p, n, _ in _hits(s.result)][:12]
            if hits:
                facts.append(f"- search `{s.args.get('pattern')}` found {', '.join(hits)}")
    for path in dict.fromkeys(s.path for s in steps if s.op in ("read", "read_lines")):
        content, complete, _ = read_chunks(steps, path)
        if complete and content is not None:
            text = content if isinstance(content, str) else "\n".join(content[k] for k in sorted(content))
            facts.append("- " + (module_line(path, text) if path.endswith(".py") else describe(path, text)))
    return decisions, facts, open_questions


def _noted(turn: Turn, history: list[dict]) -> list[str]:
    """Facts from notes the agent kept and answers it delegated."""
    facts = []
    for name, args, result, _ in calls_in(history):
        tool = next((t for t in turn.body.get("tools") or [] if t.get("name") == name), {})
        words = f"{name} {tool.get('description', '')}"
        if re.search(r"\bnotes?\b|_note\b|memory|remember", words, re.I) and len(args) == 1:
            facts.append(f"- noted: {str(next(iter(args.values()))).lstrip('- ')}")
        elif re.search(r"research|delegat", name, re.I) and result:
            facts.append(f"- research {_short(next(iter(args.values()), ''), 80)!r}: {_short(result, 240)}")
    return facts


def _merged(lines: list[str]) -> list[str]:
    """One line per path; the newest wins, and "noted" sticks."""
    def key(line: str) -> str:
        return norm_path(m["path"]) if (m := FACT.match(line)) else line

    noted_paths = {key(line) for line in lines if (m := FACT.match(line)) and m["noted"]}
    seen, merged = set(), []
    for line in lines:
        if key(line) in seen:
            merged = [x for x in merged if key(x) != key(line)]
        seen.add(key(line))
        if key(line) in noted_paths and (m := FACT.match(line)) and not m["noted"]:
            line = f"- noted: {m['path']}: {m['text']}"
        merged.append(line)
    return merged


def summarise(turn: Turn) -> str:
    """The summary of the conversation before the instruction, from its real content."""
    history = _history(messages_of(turn))
    steps = read_steps(Toolbox(read_tools(turn.body.get("tools") or [])), history)
    requests = _user_requests(history)
    decisions, paths, carried = _carried(requests)
    decisions += _answered(history, requests)
    done, facts, open_questions = _from_steps(steps, paths)
    merged = _merged(carried + facts + _noted(turn, history))
    sections = {
        "Decisions": decisions + done or ["- None yet."],
        "Paths": [f"- {p} ({', '.join(w)})" for p, w in paths.items()] or ["- None."],
        "Facts": merged or ["- None."],
        "Open questions": open_questions or ["- None."],
        "Next step": [f"- {next_step(turn, history)}"],
    }
    return "\n".join(f"## {h}\n" + "\n".join(lines) for h, lines in sections.items())


def _request_words(text: str) -> str:
    quoted = re.findall(r"^> ?(.*)$", text, re.M)
    return " ".join(quoted) if quoted and text.lstrip().startswith("[") else text


def next_step(turn: Turn, history: list[dict]) -> str:
    """What the tutor would do next with the history as it stands: the real next step."""
    if not history or history[-1].get("role") == "assistant":
        return "Wait for the user's next request; the last one has been answered."
    request = {k: v for k, v in turn.body.items() if k != "tool_choice"}
    request["messages"] = history
    later = read_turn(request)
    if turn.decide is None:  # a turn read without the dispatcher (a test of one task)
        return "Continue with the user's request."
    later.decide = turn.decide
    action = turn.decide(later)
    if not action.calls:
        return f"Reply to the user: {_short(action.text.split(chr(10))[0], 160)}"
    shown = [_call_text(*later.tools.call(op, args)) for op, args in action.calls]
    return "Call " + "; then ".join(shown) + "."


def task_compact(turn: Turn, m: dict) -> Action:
    history = _history(messages_of(turn))
    if not any(isinstance(msg.get("content"), list) or msg.get("role") == "assistant" for msg in history):
        return say("There is nothing to summarise yet: this is the start of the conversation.")
    return say(summarise(turn))


def task_remember(turn: Turn, m: dict) -> Action:
    """Write the user's own words to the memory tool, once, and say what was kept."""
    words = " ".join(m["note"].split()).rstrip(".") + "."
    note = note_tool(turn)
    if note is None:
        return primitives.no_tool(turn, "keep notes")
    made = [s for s in turn.steps if s.tool == note["name"]]
    if not made:
        return Action(calls=[raw(note, words)])
    if not made[-1].ok:
        return say(f"I couldn't save the note: {primitives._error(made[-1])}")
    return finish(turn, f"Noted: \u201c{words}\u201d")


HANDLERS: dict[str, Callable[[Turn, dict], Action | None]] = {
    "remember": task_remember,
    "compact": task_compact,
    "research": task_research,
    "module-summary": task_module_summary,
}
