"""The tutor's turn primitives: what a request says, the next move, and what the turn knows.

    turn = read_turn(request)      # the current user request, the tools, the progress so far
    say(text) / call(op, **args)   # the next move: a reply, or tool calls
    known(turn, path)              # a file's text as the turn's tool results show it
    modify(turn, path, plan, ...)  # the read -> change -> confirm skeleton of every edit

Every task the tutor knows is a small state machine built from these: brain.py's tasks,
context_tasks.py's, and the arena's task families (agentcourse/families/). None of them
imports the brain that dispatches to them; the brain imports them. The one thing a task
may need from the dispatcher, "what would the tutor do next" (a compaction's Next step),
is `turn.decide`, set by the brain when it reads the request.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from agentcourse.tutor import code, harness, rules, script, textproto
from agentcourse.tutor.code import Change
from agentcourse.tutor.script import text, tool_use
from agentcourse.tutor.toolbox import (
    Step,
    Tool,
    Toolbox,
    next_page,
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


# ----------------------------------------------------------------------------- the conversation


@dataclass
class Turn:
    """Everything the decision needs: the request, the tools, the progress so far."""

    prompt: str  # the current user message
    steps: list[Step]  # tool calls and results since that message
    tools: Toolbox
    missing: dict[str, bool]  # failure-mode id -> True when its rule is missing
    parallel: bool  # False when tool_choice disables parallel tool use
    n_messages: int  # conversation position, for deterministic tool_use ids
    seed: str  # the conversation's first user text, also for ids
    request: str = ""  # the request itself: the message's first paragraph, preamble removed
    submit: str | None = None  # a command the prompt says ends the task (mini-swe-agent's)
    body: dict = field(default_factory=dict)  # the whole request body (context_tasks reads the history)
    decide: Callable[[Turn], Action] | None = None  # the dispatcher's decide (set by the brain)

    def failing(self, mode: str) -> bool:
        return self.missing.get(mode, False)

    def done(self, op: str, path: str | None = None) -> list[Step]:
        return [s for s in self.steps if s.op == op and (path is None or s.path == path)]


def current_turn(messages: list[dict]) -> tuple[str, int]:
    """(text of the current user request, its index in messages).

    The request is the user's own text: blocks a harness adds for the model
    (`<system-reminder>` and the like, harness.py) are not a request, so a message of
    tool results followed by reminders continues the turn it answers."""
    for i in range(len(messages) - 1, -1, -1):
        msg = messages[i]
        content = msg.get("content")
        if msg.get("role") != "user":
            continue
        own = harness.own_text(content)
        if own or content == "":
            return own, i
        if any(isinstance(b, dict) and b.get("type") not in ("tool_result", "text") for b in content or []):
            return own, i  # an image or a document is a request of its own
    return "", 0


def missing_rules(system: object, tools: list[Tool] | list[dict]) -> dict[str, bool]:
    """Failure-mode id -> True when the rule that prevents it is absent from the prompt.

    rules.py reads the system prompt and every tool's description and parameter
    descriptions, in the words a student wrote (tools: request dicts or toolbox Tools)."""
    return rules.missing(system, [rules.as_definition(t) for t in tools])


# Agents wrap the user's words: "Please solve this issue: <task>" (mini-swe-agent), a tag.
_PREAMBLE = re.compile(
    r"^\s*(?:<\w+>\s*)?(?:please\s+)?(?:(?:solve|fix|do|complete|handle|work on)\s+)?"
    r"(?:this|the following|the|my|your)?\s*(?:issue|task|request|problem)\s*:\s*",
    re.IGNORECASE,
)
_NEGATED = re.compile(
    r"^\s*(?:please\s+)?(?:don'?t|do not|never|no need to|you don'?t need to)\b", re.IGNORECASE
)
# "... finish your work by issuing the following command: `echo COMPLETE_TASK_AND_SUBMIT_...`"
_SUBMIT = re.compile(r"\b(?:finish|submit|complete|end)\w*\b[^`\n]{0,160}?`(echo\s+[A-Z][A-Z0-9_]{5,})`")


def request_text(prompt: str) -> str:
    """The request in a user message: its first paragraph, without an agent's preamble."""
    first = re.split(r"\n\s*\n", prompt.strip(), maxsplit=1)[0]
    return " ".join(_PREAMBLE.sub("", first).replace("`", "").split())


def read_turn(request: dict) -> Turn:
    request = textproto.replayed(harness.fold_system_messages(request))  # a harness's additions
    system = request.get("system") or ""
    system = system if isinstance(system, str) else text_of(system)
    choice = request.get("tool_choice") or {}
    messages = request.get("messages") or []
    prompt, start = current_turn(messages)
    # "Respond with TEXT ONLY. Do NOT call any tools." (a harness's compaction): no tools.
    text_only = choice.get("type") == "none" or harness.text_only(prompt, system)
    tools = read_tools([] if text_only else request.get("tools") or [])
    box = Toolbox(tools, harness.working_dir(request))
    first = text_of(messages[0].get("content")) if messages else ""
    steps = read_steps(box, messages, start + 1)
    submit = _SUBMIT.search(f"{system}\n{first}\n{prompt}") if box.shell else None
    return Turn(
        prompt=prompt.strip(),
        steps=steps,
        tools=box,
        missing=missing_rules(system, tools),
        parallel=not choice.get("disable_parallel_tool_use", False),
        n_messages=len(messages),
        seed=first[:200],
        request=request_text(prompt),
        submit=submit[1] if submit else None,
        body=request,
    )


# ----------------------------------------------------------------------------- actions


@dataclass
class Action:
    """The next move: tool calls (operation, arguments), with a text before them or alone."""

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
    if action.text:
        blocks.append(text(action.text))
    elif turn.failing("verbose-narration"):
        op, args = action.calls[0]
        if len(action.calls) > 1:
            op, args = "many", {"paths": _and([a.get("path", "?") for _, a in action.calls])}
        blocks.append(text(_fill(script.ANNOUNCE[op], {**args, "path": _shown(args.get("path"))})))
    for i, (op, args) in enumerate(action.calls):
        name, tool_input = turn.tools.call(op, args, via=args.get("via"))
        blocks.append(tool_use(tool_use_id(turn, i, name, tool_input), name, tool_input))
    return Reply(blocks, "tool_use")


def _shown(path: object) -> str:
    return "the project folder" if path in (".", "", None) else str(path)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _fill(template: str, values: dict) -> str:
    return template.format_map(_Blank(values))


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


# Sentences a tool result addresses to the model (checkpoint 08's guardrail): the model
# follows them; it does not repeat them to the user.
_FOR_THE_MODEL = re.compile(
    r"\s*(?:Do not try to get the same result another way[^.]*\.|Send a command a person can "
    r"read;[^.]*\.)", re.I)
_DECLINED = re.compile(r"\bthe user did not approve\b", re.I)


def _error(step: Step) -> str:
    error = re.sub(r"^\s*\[?error\]?:?\s*", "", step.result.strip(), flags=re.I)
    return _FOR_THE_MODEL.sub("", error).strip() or "the tool failed"


def declined(turn: Turn) -> Action | None:
    """The user refused the last command: say so, in the user's terms, and ask what next."""
    last = turn.steps[-1] if turn.steps else None
    if last is None or last.ok or not _DECLINED.search(last.result):
        return None
    command = last.args.get("command") or last.input.get("command") or ""
    return say(script.DECLINED.format(command=f" `{command}`" if command else ""))


def no_tool(turn: Turn, need: str) -> Action:
    return say(script.NO_TOOL.format(tools=turn.tools.names(), need=need))


# ----------------------------------------------------------------------------- file knowledge


CHANGES = ("edit", "create", "write", "insert")


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
    from agentcourse.sample import config_module_text

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
    if not _NOT_FOUND.search(last.result):
        return say(script.FAILED.format(what="read", path=path, error=_error(last)))
    folder = posixpath.dirname(path) or "."
    if not turn.tools.can("list"):
        return say(script.MISSING_FILE.format(path=path) + script.MISSING_UNLISTED)
    entries = _listing(turn, folder)
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
                return say(script.FAILED.format(what=what, path=path, error=_error(failed)))
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
        return say(script.FAILED.format(what="search", path=path, error=_error(probe)))
    if not defs:
        return None
    if any(func == name for _, func in defs):
        return []  # already there
    start = max(n for n, _ in defs)
    reads = [s for s in turn.done("read_lines", path) if s.args.get("start") == start]
    if not reads:
        return call("read_lines", path=path, start=start, end=start + script.WHOLE_FILE_LINES - 1)
    if not reads[-1].ok:
        return say(script.FAILED.format(what="read", path=path, error=_error(reads[-1])))
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


# ----------------------------------------------------------------------------- changing files


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
    changes = [s for s in turn.steps if s.path == path and s.op in CHANGES]
    if single and changes and changes[-1].ok:
        return finish(turn, done())
    if sum(not s.ok for s in changes) >= 2:
        return say(script.FAILED.format(what="edit", path=path, error=_error(changes[-1])))
    via = turn.tools.via("edit")
    if blind and not turn.steps and turn.failing("edits-without-reading") and via != "write":
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


def _where(line: int | None) -> str:
    return f" on line {line}" if line else ""


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_NOT_FOUND = re.compile(r"no such file|not found|does not exist|doesn't exist|cannot find", re.I)


def _listing(turn: Turn, folder: str = ".") -> list[tuple[str, str]] | Action:
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
            script.FAILED.format(what="list the files in", path=last.path, error=_error(last))
        )
    return parse_listing(last.result)

