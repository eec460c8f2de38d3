"""What the tutor model decides to say or call next: a pure function of the request.

    respond(request) -> Reply(content=[...blocks...], stop_reason="tool_use" | "end_turn")

The current user turn is the last user message that is not only tool results; the
tool calls and results after it are the progress of the current task. Each task in
script.TASKS has a small state machine below (task_*), written as "what do I know so
far -> next step": it reads the real tool results, so edits are computed from the
real file text. Tools are used through abstract operations (list, read, search,
read_lines, edit, create); toolbox.py maps them onto whichever tools the request
offers, with the parameter names taken from each tool's input_schema.

Prompt-sensitive behaviour (the Lecture 5.3 failure modes) is data in
script.FAILURE_MODES, recognised by rules.py; `Turn.failing(id)` says whether a rule is
missing. No randomness:
the same request always gets the same reply, ids included.
"""

from __future__ import annotations

import ast
import hashlib
import json
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.tutor import rules, script
from agentcourse.tutor.script import text, tool_use
from agentcourse.tutor.toolbox import (
    Step,
    Tool,
    Toolbox,
    norm_path,
    parse_listing,
    read_steps,
    read_tools,
    search_matches,
    strip_numbers,
    text_of,
)


@dataclass
class Reply:
    """The brain's answer; the server adds ids, usage and the max_tokens/stop cuts."""

    content: list[dict]  # API-shaped blocks: {"type": "text"...} / {"type": "tool_use"...}
    stop_reason: str  # "end_turn" or "tool_use"


def respond(request: dict) -> Reply:
    """Decide the next assistant message for a validated Messages API request body."""
    turn = read_turn(request)
    return to_reply(turn, decide(turn))


# ----------------------------------------------------------------------------- the conversation


@dataclass
class Turn:
    """Everything the decision needs: the request, the tools, the progress so far."""

    prompt: str  # the current user request
    steps: list[Step]  # tool calls and results since that request
    tools: Toolbox
    missing: dict[str, bool]  # failure-mode id -> True when its rule is missing
    parallel: bool  # False when tool_choice disables parallel tool use
    n_messages: int  # conversation position, for deterministic tool_use ids
    seed: str  # the conversation's first user text, also for ids

    def failing(self, mode: str) -> bool:
        return self.missing.get(mode, False)

    def done(self, op: str, path: str | None = None) -> list[Step]:
        return [s for s in self.steps if s.op == op and (path is None or s.path == path)]


def current_turn(messages: list[dict]) -> tuple[str, int]:
    """(text of the current user request, its index in messages)."""
    for i in range(len(messages) - 1, -1, -1):
        msg = messages[i]
        content = msg.get("content")
        if msg.get("role") != "user":
            continue
        if isinstance(content, str):
            return content, i
        if any(isinstance(b, dict) and b.get("type") != "tool_result" for b in content or []):
            return text_of(content), i
    return "", 0


def missing_rules(system: object, tools: list[Tool] | list[dict]) -> dict[str, bool]:
    """Failure-mode id -> True when the rule that prevents it is absent from the prompt.

    rules.py reads the system prompt and every tool's description and parameter
    descriptions, in the words a student wrote (tools: request dicts or toolbox Tools)."""
    return rules.missing(system, [rules.as_definition(t) for t in tools])


def read_turn(request: dict) -> Turn:
    system = request.get("system") or ""
    system = system if isinstance(system, str) else text_of(system)
    choice = request.get("tool_choice") or {}
    tools = read_tools([] if choice.get("type") == "none" else request.get("tools") or [])
    messages = request.get("messages") or []
    prompt, start = current_turn(messages)
    box = Toolbox(tools)
    first = messages[0].get("content") if messages else ""
    return Turn(
        prompt=prompt.strip(),
        steps=read_steps(box, messages[start + 1 :]),
        tools=box,
        missing=missing_rules(system, tools),
        parallel=not choice.get("disable_parallel_tool_use", False),
        n_messages=len(messages),
        seed=text_of(first)[:200],
    )


# ----------------------------------------------------------------------------- actions


@dataclass
class Action:
    """The next move: tool calls (operation, arguments), or a final text when there are none."""

    calls: list[tuple[str, dict]] = field(default_factory=list)
    text: str = ""


def say(s: str) -> Action:
    return Action(text=s)


def call(op: str, **args) -> Action:
    return Action(calls=[(op, args)])


def tool_use_id(turn: Turn, index: int, name: str, tool_input: dict) -> str:
    """Deterministic and unique within a conversation: a hash of the position and the call."""
    key = f"{turn.seed}|{turn.n_messages}|{index}|{name}|{json.dumps(tool_input, sort_keys=True)}"
    return "toolu_tutor_" + hashlib.sha256(key.encode()).hexdigest()[:16]


def to_reply(turn: Turn, action: Action) -> Reply:
    """The action as API content blocks; verbose mode announces the calls first."""
    if not action.calls:
        return Reply([text(action.text)], "end_turn")
    blocks = []
    if turn.failing("verbose-narration"):
        op, args = action.calls[0]
        if len(action.calls) > 1:
            op, args = "many", {"paths": _and([a.get("path", "?") for _, a in action.calls])}
        blocks.append(text(_fill(script.ANNOUNCE[op], {**args, "path": _shown(args.get("path"))})))
    for i, (op, args) in enumerate(action.calls):
        name, tool_input = turn.tools.call(op, args)
        blocks.append(tool_use(tool_use_id(turn, i, name, tool_input), name, tool_input))
    return Reply(blocks, "tool_use")


def _shown(path: object) -> str:
    return "the project folder" if path in (".", "", None) else str(path)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _fill(template: str, values: dict) -> str:
    return template.format_map(_Blank(values))


def decide(turn: Turn) -> Action:
    """The first task whose pattern matches the request decides; otherwise the help reply."""
    if len(turn.steps) >= script.MAX_STEPS:
        return say(script.TOO_MANY_STEPS.format(n=len(turn.steps)))
    for task in script.TASKS:
        m = task.match(turn.prompt)
        if m:
            action = TASK_HANDLERS[task.name](
                turn, {k: (v or "").rstrip(".") for k, v in m.groupdict().items()}
            )
            if action is not None:
                return action
    return say(script.HELP.format(prompts="\n".join(f"- {p}" for p in script.TASK_PROMPTS)))


def finish(turn: Turn, summary: str) -> Action:
    """The final reply: one short sentence, or a narration when no conciseness rule is given."""
    if not turn.failing("verbose-narration") or not turn.steps:
        return say(summary)
    told = []
    for s in turn.steps:
        values = {**s.args, "path": _shown(s.path), "tool": s.tool, "verb": s.op}
        told.append(
            _fill(script.RETELL[s.op if s.ok else "failed"], values)
            if s.op in script.RETELL
            else f"called {s.tool}"
        )
    story = f"First I {told[0]}"
    if len(told) > 1:
        story += "".join(f", then I {t}" for t in told[1:-1]) + f", and finally I {told[-1]}"
    return say(f"{story}. {summary}\n\n{script.VERBOSE_OUTRO}")


def _error(step: Step) -> str:
    return re.sub(r"^\s*\[?error\]?:?\s*", "", step.result.strip(), flags=re.I) or "the tool failed"


def no_tool(turn: Turn, need: str) -> Action:
    return say(script.NO_TOOL.format(tools=turn.tools.names(), need=need))


# ----------------------------------------------------------------------------- file knowledge


def _content(step: Step) -> str:
    """A read's result as file text: line numbers and a truncation note removed."""
    result = re.sub(r"\n\[read_file shows at most .*\]\s*$", "", step.result, flags=re.S)
    first, lines = strip_numbers(result)
    if first is None:
        return result
    return "\n".join(lines)  # the final newline is unknown: append_code and friends cope


def file_state(turn: Turn, path: str) -> tuple[str | None, Step | None]:
    """(the file's text as far as the turn knows it, the latest read of it since a failed edit).

    Successful edits are applied to the known text; a failed edit makes it stale, so
    the file is read again (once) before the next attempt."""
    known, last_read = None, None
    for s in turn.steps:
        if s.path != path:
            continue
        whole = s.op == "read" or (
            s.op == "read_lines"
            and s.args.get("start") == 1
            and (s.args.get("end") or 0) >= script.WHOLE_FILE_LINES
        )
        if whole:
            last_read = s
            known = _content(s) if s.ok and not s.stub else None
        elif s.op in ("edit", "create"):
            if not s.ok:
                known, last_read = None, None
            elif s.op == "create":
                known = s.args.get("text", "")
            elif known is not None and s.args.get("old") in known:
                known = known.replace(s.args["old"], s.args["new"], 1)
            else:
                known = None
    return known, last_read


def stub_guess(path: str) -> str:
    """What a file probably holds when the tools only answer "(stub) ..."."""
    from agentcourse.paths import SAMPLE_PROJECT_DIR
    from agentcourse.sample import config_module_text

    sample = SAMPLE_PROJECT_DIR / posixpath.basename(path)
    if sample.is_file():
        return sample.read_text(encoding="utf-8")
    if path.endswith("config_loader.py"):
        return config_module_text()
    return script.HELLO_SOURCE if "hello" in path else ""


def whole_file(turn: Turn, path: str) -> str | Action:
    """The file's current text, or the action that gets it (a read, or an error reply)."""
    known, last = file_state(turn, path)
    if known is not None:
        return known
    if last is not None:
        if last.stub:
            return stub_guess(path)
        return say(script.FAILED.format(what="read", path=path, error=_error(last)))
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    return call("read", path=path)


def line_of(turn: Turn, path: str, pattern: str) -> int | None:
    """The line number of the first line matching `pattern`, from what the turn has seen."""
    known, _ = file_state(turn, path)
    if known is not None:
        return next(
            (i + 1 for i, line in enumerate(known.split("\n")) if re.search(pattern, line)), None
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
    targeted = turn.tools.can("search") and turn.tools.can("read_lines")
    if targeted and not (searches and searches[-1].stub):
        if not searches:
            return call("search", pattern=f"def {func}", path=path)
        if not searches[-1].ok:
            return say(script.FAILED.format(what="search", path=path, error=_error(searches[-1])))
        hits = [n for n, line in search_matches(searches[-1].result) if re.search(is_def, line)]
        if not hits:
            return say(script.NOT_FOUND.format(thing=f"a function named {func}", path=path))
        start, end = max(1, hits[0] - script.WINDOW[0]), hits[0] + script.WINDOW[1]
        window = next(
            (s for s in turn.done("read_lines", path) if s.args.get("start") == start), None
        )
        if window is None:
            return call("read_lines", path=path, start=start, end=end)
        if not window.ok:
            return say(script.FAILED.format(what="read", path=path, error=_error(window)))
        lines, whole = strip_numbers(window.result)[1], None
    else:
        got = whole_file(turn, path)
        if isinstance(got, Action):
            return got
        lines, whole = got.split("\n"), got
    index = next((i for i, line in enumerate(lines) if re.search(is_def, line)), None)
    if index is None:
        return say(script.NOT_FOUND.format(thing=f"a function named {func}", path=path))
    return Located(lines, index, whole)


def append_code(content: str, code: str) -> tuple[str, str]:
    """(old_str, new_str) that append `code` at the end: old_str is the shortest unique tail."""
    lines = content.rstrip("\n").split("\n")
    for k in range(1, len(lines) + 1):
        tail = "\n".join(lines[-k:])
        if tail.strip() and content.count(tail) == 1:
            return tail, f"{tail}\n\n\n{code}"
    return content, content.rstrip("\n") + f"\n\n\n{code}\n"


# ----------------------------------------------------------------------------- the tasks


def modify(
    turn: Turn,
    path: str,
    plan: Callable[[], Action],
    blind: tuple[str, str],
    done: Callable[[Step], str],
) -> Action:
    """The read -> edit -> confirm skeleton every file-changing task shares."""
    if not turn.tools.can("edit"):
        return no_tool(turn, "edit files")
    edits = turn.done("edit", path)
    if edits and edits[-1].ok:
        return finish(turn, done(edits[-1]))
    if sum(not e.ok for e in edits) >= 2:
        return say(script.FAILED.format(what="edit", path=path, error=_error(edits[-1])))
    if not turn.steps and turn.failing("edits-without-reading"):
        return call("edit", path=path, old=blind[0], new=blind[1])
    return plan()


def _where(line: int | None) -> str:
    return f" on line {line}" if line else ""


def task_create(turn: Turn, m: dict) -> Action:
    path = m["file"]
    made = turn.done("create", path)
    if not made:
        if not turn.tools.can("create"):
            return no_tool(turn, "create files")
        omit = turn.failing("wrong-argument-format") and "edit" in turn.tools.by_role
        source = script.HELLO_SOURCES[posixpath.splitext(path)[1]]
        return call("create", path=path, text=source, omit_old=omit)
    if not made[-1].ok:
        return say(script.FAILED.format(what="create", path=path, error=_error(made[-1])))
    return finish(turn, script.DONE["create"].format(path=path))


def task_multiply(turn: Turn, m: dict) -> Action:
    path = m.get("file") or "math_utils.py"
    if turn.failing("asks-when-it-shouldnt") and not turn.steps:
        return say(script.CLARIFY["multiply"].format(path=path))

    def plan() -> Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if re.search(r"^def multiply\b", content, re.M):
            return say(script.ALREADY["multiply"].format(path=path))
        old, new = append_code(content, script.MULTIPLY_SOURCE)
        return call("edit", path=path, old=old, new=new)

    guess = "def add(a, b):\n    return a + b"  # the sample project's text, not read
    return modify(
        turn,
        path,
        plan,
        (guess, f"{guess}\n\n\n{script.MULTIPLY_SOURCE}"),
        lambda _: script.DONE["multiply"].format(
            path=path, where=_where(line_of(turn, path, r"^def multiply\b"))
        ),
    )


def task_docstring(turn: Turn, m: dict) -> Action:
    func, path = m["func"], m.get("file") or "math_utils.py"
    doc = script.DOCSTRINGS.get(func, script.GENERIC_DOCSTRING.format(func=func))

    def plan() -> Action:
        loc = locate_def(turn, path, func)
        if isinstance(loc, Action):
            return loc
        def_line = loc.lines[loc.index]
        after = loc.lines[loc.index + 1] if loc.index + 1 < len(loc.lines) else ""
        if after.strip().startswith(('"""', "'''", 'r"""')):
            return say(script.ALREADY["docstring"].format(func=func, path=path))
        indent = re.match(r"\s*", def_line)[0] + "    "
        old, new = def_line, f'{def_line}\n{indent}"""{doc}"""'
        if loc.whole is not None and loc.whole.count(old) != 1:
            old, new = f"{def_line}\n{after}", f"{new}\n{after}"
        return call("edit", path=path, old=old, new=new)

    guess = f"def {func}(a, b):" if func in ("add", "subtract", "multiply") else f"def {func}():"
    return modify(
        turn,
        path,
        plan,
        (guess, f'{guess}\n    """{doc}"""'),
        lambda s: script.DONE["docstring"].format(
            func=func, where=_where(line_of(turn, path, rf"def {re.escape(func)}\s*\("))
        ),
    )


def task_main_block(turn: Turn, m: dict) -> Action:
    path = m["file"]

    def plan() -> Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if "__main__" in content:
            return say(script.ALREADY["main-block"].format(path=path))
        funcs = re.findall(r"^def (\w+)\(([^)]*)\)", content, re.M)
        if not funcs:
            return say(script.NOT_FOUND.format(thing="a function to call", path=path))
        # Call the first function that needs no arguments (all defaulted), else the first one.
        callable_bare = [
            f
            for f, params in funcs
            if all("=" in p or "*" in p for p in params.split(",") if p.strip())
        ]
        name = (callable_bare or [funcs[0][0]])[0]
        old, new = append_code(content, script.MAIN_BLOCK.format(call=f"{name}()"))
        return call("edit", path=path, old=old, new=new)

    guess = script.HELLO_SOURCE.rstrip("\n")

    def done(step: Step) -> str:
        called = re.search(r"__main__[\"']:\s*\n\s*(\w+\(\))", step.args.get("new", ""))
        return script.DONE["main-block"].format(path=path, call=called[1] if called else "it")

    return modify(
        turn, path, plan, (guess, f"{guess}\n\n\n{script.MAIN_BLOCK.format(call='hello()')}"), done
    )


def task_change_default(turn: Turn, m: dict) -> Action:
    path = m.get("file") or m.get("file2") or "config_loader.py"
    func, param, old_value, new_value = m["func"], m["param"], m["old"], m["new"]
    default = rf"(\b{re.escape(param)}\s*(?::[^=,)]*)?=\s*){re.escape(old_value)}\b"

    def plan() -> Action:
        loc = locate_def(turn, path, func)
        if isinstance(loc, Action):
            return loc
        end = next(
            (
                i
                for i in range(loc.index, min(len(loc.lines), loc.index + 8))
                if loc.lines[i].rstrip().endswith(":")
            ),
            loc.index,
        )
        signature = "\n".join(loc.lines[loc.index : end + 1])
        if not re.search(default, signature):
            return say(
                script.ALREADY["change-default"].format(
                    param=param, func=func, old=old_value, path=path, signature=signature.strip()
                )
            )
        return call(
            "edit",
            path=path,
            old=signature,
            new=re.sub(default, rf"\g<1>{new_value}", signature, count=1),
        )

    values = dict(param=param, func=func, old=old_value, new=new_value)
    return modify(
        turn,
        path,
        plan,
        (f"{param}={old_value}", f"{param}={new_value}"),
        lambda s: script.DONE["change-default"].format(
            **values, where=_where(line_of(turn, path, rf"def {re.escape(func)}\s*\("))
        ),
    )


def task_delete(turn: Turn, m: dict) -> Action:
    path = m["file"]
    if not turn.failing("deletes-by-emptying") or not turn.tools.can("edit"):
        return say(script.REFUSE_DELETE.format(path=path))
    edits = turn.done("edit", path)
    if edits:
        if edits[-1].ok:
            return finish(turn, script.DONE["emptied"].format(path=path))
        return say(script.FAILED.format(what="empty", path=path, error=_error(edits[-1])))
    content = whole_file(turn, path)
    if isinstance(content, Action):
        return content
    if not content.strip():
        return say(f"{path} is already empty.")
    return call("edit", path=path, old=content, new="")


def task_explain(turn: Turn, m: dict) -> Action | None:
    name = m["tool"]
    tool = next((t for t in turn.tools.tools if t.name.lower() == name.lower()), None)
    if tool is None:
        if "_" not in name:
            return None  # "What is Python?" is not about a tool: fall through to help
        return say(
            f"There is no tool called {name} in this conversation; the tools here are: "
            f"{turn.tools.names()}."
        )
    if tool.kind != "custom":
        return say(
            f"{tool.name} is {script.BUILTIN_DESCRIPTIONS.get(tool.name, 'a tool defined by Anthropic.')}"
        )
    desc = " ".join(tool.description.split()) or "it has no description."
    return say(f"{tool.name}({', '.join(tool.properties)}): {desc}")


def _listing(turn: Turn) -> list[tuple[str, str]] | Action:
    lists = turn.done("list")
    if not lists:
        if not turn.tools.can("list"):
            return no_tool(turn, "list files")
        return call("list", path=".")
    last = lists[-1]
    if last.stub:
        return say(
            f"The listing tool returned a placeholder instead of real files: {last.result.strip()}"
        )
    if not last.ok:
        return say(
            script.FAILED.format(what="list the files in", path=last.path, error=_error(last))
        )
    return parse_listing(last.result)


def task_list(turn: Turn, m: dict) -> Action:
    entries = _listing(turn)
    if isinstance(entries, Action):
        return entries
    files = [n for n, k in entries if k == "file"]
    dirs = [n + "/" for n, k in entries if k == "dir"]
    if not entries:
        return finish(turn, "The project folder is empty.")
    reply = (
        f"The project has {len(files)} file{'s' * (len(files) != 1)}: {_and(files)}."
        if files
        else "The project has no files at the top level."
    )
    if dirs:
        reply += f" Folders: {_and(dirs)}."
    return finish(turn, reply)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(name: str, content: str) -> str:
    """One line about a file, built from its real text."""
    if name.endswith(".py"):
        try:
            tree = ast.parse(content)
        except SyntaxError:
            return f"{name}: Python, {len(content.splitlines())} lines (it does not parse)."
        parts = []
        doc = ast.get_docstring(tree)
        if doc:
            parts.append(doc.strip().split("\n")[0].rstrip("."))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                parts.append(f"imports {', '.join(a.name for a in node.names)} from {node.module}")
        funcs = [
            f"{n.name}({', '.join(a.arg for a in n.args.args)})"
            for n in tree.body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        if funcs:
            shown = (
                _and(funcs)
                if len(funcs) <= 4
                else f"{len(funcs)} functions, including {', '.join(funcs[:3])}"
            )
            parts.append(f"defines {shown}")
        if "__main__" in content:
            parts.append("runs as a script")
        return (
            f"{name}: " + ("; ".join(parts) or f"{len(content.splitlines())} lines of Python") + "."
        )
    lines = [line.strip() for line in content.splitlines() if line.strip()]
    if name.endswith(".md") and lines:
        heading = lines[0].lstrip("#").strip()
        sentence = re.split(r"(?<=\.)\s", _first_paragraph(content.splitlines()[1:]))[0]
        sentence = sentence if len(sentence) <= 120 else sentence[:117].rstrip() + "..."
        return f"{name}: {heading}" + (f" — {sentence}" if sentence else "")
    return f"{name}: {len(content.splitlines())} lines of text."


def _first_paragraph(lines: list[str]) -> str:
    paragraph: list[str] = []
    for line in (s.strip() for s in lines):
        if line and not line.startswith("#"):
            paragraph.append(line)
        elif paragraph:
            break
    return " ".join(paragraph)


def _read_result(turn: Turn, path: str) -> str | None:
    """A one-line description of a file read this turn, or None if not read yet."""
    known, last = file_state(turn, path)
    if known is not None:
        return describe(path, known)
    if last is None:
        return None
    if last.stub:
        return f"{path}: the tool returned a placeholder ({last.result.strip()})."
    return f"{path}: could not be read ({_error(last)})."


def task_read_many(turn: Turn, m: dict) -> Action:
    files = [
        norm_path(f.rstrip("."))
        for f in re.split(r"\s*(?:,|&|\band\b)\s*", m["files"])
        if f.strip()
    ]
    files = list(dict.fromkeys(f for f in files if f and f != "and"))
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    todo = [f for f in files if _read_result(turn, f) is None]
    if todo:
        # Independent reads: all in one response, unless the request disables parallel tool use.
        batch = todo if turn.parallel else todo[:1]
        return Action(calls=[("read", {"path": f}) for f in batch])
    return finish(turn, "\n".join(_read_result(turn, f) or "" for f in files))


def task_summarize(turn: Turn, m: dict) -> Action:
    entries = _listing(turn)
    if isinstance(entries, Action):
        return entries
    files = [n for n, k in entries if k == "file" and not n.startswith((".", "__"))]
    files = files[: script.MAX_SUMMARY_FILES]
    if not files:
        return finish(turn, "There are no files to summarize.")
    for f in files:  # one read per response, so the context grows one file at a time
        if _read_result(turn, f) is None:
            return call("read", path=f)
    lines = "\n".join(f"- {_read_result(turn, f)}" for f in files)
    return finish(turn, f"Summary of the {len(files)} files in this project:\n{lines}")


TASK_HANDLERS: dict[str, Callable[[Turn, dict], Action | None]] = {
    "explain-tool": task_explain,
    "summarize": task_summarize,
    "list": task_list,
    "read-many": task_read_many,
    "create": task_create,
    "delete": task_delete,
    "multiply": task_multiply,
    "docstring": task_docstring,
    "main-block": task_main_block,
    "change-default": task_change_default,
}
