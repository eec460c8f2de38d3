"""What the tutor model decides to say or call next: a pure function of the request.

    respond(request) -> Reply(content=[...blocks...], stop_reason="tool_use" | "end_turn")

The current user turn is the last user message that is not only tool results; the
tool calls and results after it are the progress of the current task. Each task in
script.TASKS has a small state machine below (task_*), written as "what do I know so
far -> next step": it reads the real tool results, so edits are computed from the
real file text. Tools are used through abstract operations (list, read, search,
read_lines, edit, create, write, insert, run); toolbox.py maps them onto whichever
tools the request offers, judged by their schemas, and shell.py writes the commands
when the only tool is a shell.

Two promises hold for every task. Nothing is destroyed: existing files change only by
exact replacements of text read from them, or by a whole-file write of a complete new
text computed from a complete read; a new file is never written over an old one.
Nothing is claimed: the final reply is built from what the tool results show, and
says plainly what was not done.

Prompt-sensitive behaviour (the Lecture 5.3 failure modes) is data in
script.FAILURE_MODES, recognised by rules.py; `Turn.failing(id)` says whether a rule is
missing. No randomness:
the same request always gets the same reply, ids included.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from agentcourse import families
from agentcourse.tutor import code, foreign, script, shell, side
from agentcourse.tutor.code import Change, describe
from agentcourse.tutor.toolbox import (
    Toolbox,
    norm_path,
    read_tools,
    text_of,
)
from agentcourse.tutor.turn import (  # the primitives every task is built from
    _NEGATED,
    _NOT_FOUND,
    CHANGES,
    Action,
    Reply,
    Turn,
    _and,
    _error,
    _listing,
    _shown,
    _where,
    appended_at,
    call,
    declined,
    end_of_file,
    finish,
    known,
    line_of,
    locate_def,
    missing_rules,
    modify,
    no_tool,
    read_turn,
    say,
    to_reply,
    whole_file,
)
from agentcourse.tutor.validate import UNUSED_TOOLS

__all__ = ["Reply", "respond", "missing_rules", "read_tools", "describe"]


def respond(request: dict) -> Reply:
    """Decide the next assistant message for a validated Messages API request body."""
    turn = read_turn(request)
    turn.decide = decide
    return to_reply(turn, decide(turn))


def decide(turn: Turn) -> Action:
    """The task's next move, kept safe (a stuck shell restarted, no endless repeats) and
    ended the way the prompt asks (a submit command, when it names one)."""
    action = _guard(turn, _decide(turn))
    submitted = any(s.args.get("command") == turn.submit for s in turn.steps)
    if turn.submit and not action.calls and not submitted:
        return Action(calls=[("run", {"command": turn.submit})], text=action.text)
    return action


def _decide(turn: Turn) -> Action:
    """The first task whose pattern matches the request decides; otherwise the help reply."""
    if len(turn.steps) >= script.MAX_STEPS:
        return say(script.TOO_MANY_STEPS.format(n=len(turn.steps)))
    aside = side.answer(turn.body, _system(turn), turn.prompt)  # a harness's side request (a title)
    if aside is not None:
        return say(aside)
    if _NEGATED.match(turn.request):
        return say(script.NEGATED)
    refused = declined(turn)
    if refused is not None:
        return refused
    # A tool-free call that asks for JSON in a shape it writes out (a judge, a classifier)
    # gets that JSON, even when the data it judges quotes one of the course's requests.
    as_json = None if turn.tools.tools else foreign.json_reply(_system(turn), turn.prompt)
    if as_json is not None:
        return say(as_json)
    # The request as typed, then in plain words (no "Could you", "thanks!" or code quotes).
    for request in dict.fromkeys((turn.request, script.plain(turn.request))):
        action = _take(turn, request)
        if action is not None:
            return action
    as_json = None if turn.steps else foreign.json_reply(_system(turn), turn.prompt)
    if as_json is not None:
        return say(as_json)
    return task_foreign_tool(turn) or say(
        script.HELP.format(prompts="\n".join(f"- {p}" for p in script.HELP_PROMPTS)) + _unused_note(turn)
    )


def _take(turn: Turn, request: str) -> Action | None:
    """The move of the first family, then the first of the tutor's tasks, that takes `request`."""
    action = families.dispatch(turn, request)  # the arena's task families (agentcourse/families/)
    if action is not None:
        return action
    for task in script.TASKS:
        m = task.match(request)
        if m:
            groups = {k: (v or "").rstrip(".") for k, v in m.groupdict().items()}
            action = TASK_HANDLERS[task.name](turn, groups)
            if action is not None:
                return action
    return None


def _system(turn: Turn) -> str:
    system = turn.body.get("system") or ""
    return system if isinstance(system, str) else text_of(system)


def task_foreign_tool(turn: Turn) -> Action | None:
    """A request no task knows, for tools of the request's own (foreign.py): call them,
    then pass their results on."""
    search = foreign.searcher(turn.body)
    calls = foreign.plan(turn.body, turn.tools.tools, turn.request, turn.steps)
    if calls:
        return Action(calls=[("raw", {"name": name, "input": tool_input}) for name, tool_input in calls])
    ran = {t["name"] for t in foreign.candidates(turn.body, turn.tools.tools, deferred=True)}
    ran |= {search["name"]} if search else set()
    done = foreign.report(turn.steps, ran, search["name"] if search else None)
    if done is None and any(s.tool in ran for s in turn.steps):  # a search that found nothing
        done = foreign.report(turn.steps, ran)
    return say(done) if done is not None else None


def _unused_note(turn: Turn) -> str:
    """The help reply says which offered tools the tutor never runs (server tools, memory)."""
    unused = [t.get("name") for t in turn.body.get("tools") or [] if isinstance(t, dict)
              and t.get("type") in UNUSED_TOOLS]
    return f"\n(Offline, the tutor never runs {_and([str(n) for n in unused])}.)" if unused else ""


def _guard(turn: Turn, action: Action) -> Action:
    box = turn.tools
    if box.can_restart() and (box.stuck or box.cwd is None):
        if any(_to_shell(box, op, args) for op, args in action.calls):
            return call("restart")  # a timed-out command, or a directory it cannot name
    for op, args in action.calls:  # the same call, already made twice this turn: stop
        name, tool_input = box.call(op, args, via=args.get("via"))
        if sum(s.tool == name and s.input == tool_input for s in turn.steps) >= 2:
            return say(script.REPEATING.format(tool=name))
    return action


def _to_shell(box: Toolbox, op: str, args: dict) -> bool:
    if op in ("run", "cd", "restart"):
        return op != "restart"
    return (args.get("via") or box.via(op)) == "bash"


# ----------------------------------------------------------------------------- new files

_QUOTED = r"\"(?P<q1>[^\"]+)\"|'(?P<q2>[^']+)'|“(?P<q3>[^”]+)”|‘(?P<q4>[^’]+)’"
_PRINTS = (
    r"\b(?:prints?|printing|says?|saying|outputs?|outputting|displays?|displaying|shows?|"
    r"logs?|logging|echo(?:es|ing)?|writes? out|greets? (?:you |the user )?with)\s+(?:out\s+)?"
    r"(?:the\s+(?:text|message|words?|string|line|greeting)\s+)?(?:a\s+(?:message\s+)?)?"
)
_STOP_TEXT = (
    r"(?=\s+(?:instead|rather|and|then|when|if|to the|on the|in it|in the|for me|every|each)\b|"
    r"[.;]?\s*$|[,;])"
)
_ADJECTIVES = {"new", "simple", "small", "tiny", "little", "basic", "python", "helper", "short",
               "javascript", "js", "single", "quick", "another", "second", "nice", "standalone"}
_LEFTOVER_STOP = set(
    "a an the and with that which who it its in into to of for me my please can could would "
    "will you also then now just new file files called named containing contains contain has "
    "have having holds holding defines define defining function functions method program "
    "script module code simple small tiny little basic python javascript js one some "
    "inside put save store make create write generate add start sure there this world hello "
    "instead rather than print prints printing say says saying output outputs display shows "
    "show log logs greet greets message text word string line go ahead want like i'd nothing "
    "else only".split()
)


def printed_text(request: str) -> str | None:
    """The text a requested function should print, or None when the request names none."""
    m = re.search(_PRINTS + f"(?:{_QUOTED})", request, re.IGNORECASE)
    text_ = next((g for g in (m.group("q1", "q2", "q3", "q4") if m else ()) if g), None)
    if text_ is None:
        m = re.search(_PRINTS + r"(?P<t>[^\"'“‘].*?)" + _STOP_TEXT, request, re.IGNORECASE)
        text_ = m["t"].strip() if m else None
    hello = re.search(r"\bhello[\s,-]*world\b", request, re.IGNORECASE)
    if hello and (text_ is None or text_.lower().startswith("hello")):
        return script.HELLO_TEXT
    return text_ or None


def named_function(request: str) -> str | None:
    """The function name a request gives: "called greet", "greet()", "a greet function"."""
    for pattern in (
        r"\b(?:function|def|method)\s+(?:called\s+|named\s+)?(?P<n>[A-Za-z_]\w*)\s*\(",
        r"\b(?:function|method)\s+(?:called|named)\s+(?P<n>[A-Za-z_]\w*)",
        r"\b(?:a|an|the)\s+(?:new\s+)?(?P<n>[A-Za-z_]\w*)(?:\(\))?\s+function\b",
        r"\b(?P<n>[A-Za-z_]\w*)\(\)",
    ):
        m = re.search(pattern, request, re.IGNORECASE)
        if m and m["n"].lower() not in _ADJECTIVES and m["n"].lower() != "hello" or (
            m and m["n"] == "hello" and "(" in m.group(0)
        ):
            return m["n"]
    return None


def _identifier(s: str) -> str:
    word = re.sub(r"\W+", "_", s.strip().lower()).strip("_")
    return word if word.isidentifier() and not word[0].isdigit() else "main"


def leftover(request: str, path: str, name: str | None, message: str | None) -> str:
    """The words of a create request that the new file does not account for."""
    rest = request
    for part in (path, name or "", message or ""):
        if part:
            rest = re.sub(rf"(?<!\w){re.escape(part)}(?!\w)", " ", rest)
    rest = re.sub(_QUOTED, " ", rest)
    rest = re.sub(r"\b(?:instead of|rather than)\s+\S+", " ", rest, flags=re.I)
    rest = re.sub(r"[()`'\"“”‘’.,;:!?]", " ", rest)
    words = [w for w in rest.split() if w.lower() not in _LEFTOVER_STOP]
    return " ".join(words) if any(len(w) >= 3 and w.isalpha() for w in words) else ""


def new_source(request: str, path: str, name: str | None) -> tuple[str, str, str] | str:
    """(source, done reply, leftover note) of a new function, or the honest reply if none."""
    ext = posixpath.splitext(path)[1]
    known_names = ", ".join(f"{n}()" for n in script.FUNCTIONS)
    message = printed_text(request)
    if ext not in (".py", ".js"):
        return script.CANNOT["create"].format(path="hello.py", known=known_names)
    name = name or named_function(request)
    if message is not None:
        stem = posixpath.splitext(posixpath.basename(path))[0]
        name = name or (stem if stem.isidentifier() else _identifier(message))
        source = code.print_function(name, message, ext)
        done = script.DONE["create"].format(path=path, name=name, text=message)
    elif name in script.FUNCTIONS and ext == ".py":
        source = code.known_function(name) + "\n"
        done = script.DONE["create-function"].format(path=path, name=name)
    else:
        return script.CANNOT["create"].format(path=path, known=known_names)
    rest = leftover(request, path, name, message)
    note = script.NOT_DONE["leftover"].format(rest=rest) if rest else ""
    return source, done, note


def create_via(turn: Turn) -> str:
    """Which tool creates a file: a write tool, the editor, the edit tool (empty old text)
    when its description says so, a shell heredoc, else the edit tool anyway."""
    roles = turn.tools.by_role
    if "write" in roles:
        return "write"
    if "editor" in roles:
        return "editor"
    if "edit" in roles and not turn.failing("wrong-argument-format"):
        return "edit"
    return "bash" if "bash" in roles else "edit"


def create_file(turn: Turn, path: str, source: str, done: str) -> Action:
    made = [s for s in turn.steps if s.path == path and s.op in ("create", "write")]
    if made:
        if made[-1].ok:
            return finish(turn, done)
        return say(script.FAILED.format(what="create", path=path, error=_error(made[-1])))
    if not turn.tools.can("create"):
        return no_tool(turn, "create files")
    via = create_via(turn)
    if via == "write":  # a whole-file write would replace an existing file: check it is new
        checks = [s for s in turn.steps if s.path == path and s.op in ("read", "read_lines", "list")]
        if not checks:
            if not turn.tools.can("read"):
                return say(script.CANNOT["no-check"].format(path=path))
            return call("read", path=path)
        if checks[-1].ok and not checks[-1].stub:
            return say(script.ALREADY["exists"].format(path=path))
    omit = via == "edit" and turn.failing("wrong-argument-format")
    return call("create", path=path, text=source, omit_old=omit, via=via)


# ----------------------------------------------------------------------------- the tasks


def task_create(turn: Turn, m: dict) -> Action:
    path = norm_path(m["file"])
    spec = new_source(turn.request, path, None)
    if isinstance(spec, str):
        return say(spec)
    source, done, note = spec
    return create_file(turn, path, source, done + note)


def task_add_function(turn: Turn, m: dict) -> Action:
    path = norm_path(m.get("file") or "math_utils.py")
    name = m.get("name") or m.get("name2") or m.get("name3") or None
    name = None if name and name.lower() in _ADJECTIVES else name
    message = printed_text(turn.request)
    known_names = ", ".join(f"{n}()" for n in script.FUNCTIONS)
    if message is not None:
        name = name or _identifier(message)
        source = code.print_function(name, message, ".py").rstrip("\n")
    elif name and code.known_function(name):
        source = code.known_function(name)
    elif name:
        return say(script.CANNOT["add-function"].format(name=name, path=path, known=known_names))
    else:
        return say(script.CANNOT["no-function"].format(path=path, known=known_names))
    if turn.failing("asks-when-it-shouldnt") and not turn.steps:
        if name == "multiply":
            return say(script.CLARIFY["multiply"].format(path=path))
        params = script.FUNCTIONS.get(name, ("",))[0] or "no arguments"
        return say(script.CLARIFY["add-function"].format(path=path, name=name, params=f"({params})"))
    last = known(turn, path).last_read
    probes = [s for s in turn.done("search", path) if s.args.get("pattern") == script.TOP_LEVEL_DEFS]
    missing = [s for s in (last, *probes[-1:]) if s is not None and not s.ok]
    if missing and _NOT_FOUND.search(missing[-1].result):
        # The file does not exist yet: the function goes in a new file.
        done = script.DONE["create-function"].format(path=path, name=name)
        return create_file(turn, path, source + "\n", done)
    def plan() -> list[Change] | Action:
        tail = end_of_file(turn, path, name, source)
        if tail is not None:
            return tail
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if re.search(rf"^\s*(?:async\s+)?def {re.escape(name)}\s*\(", content, re.M):
            return []
        return [code.append_code(content, source)]

    guess = "def add(a, b):\n    return a + b"  # the sample project's text, not read
    return modify(
        turn,
        path,
        plan,
        lambda: script.DONE["add-function"].format(
            name=name, path=path,
            where=_where(appended_at(turn, path) or line_of(turn, path, rf"^def {re.escape(name)}\b")),
        ),
        script.ALREADY["add-function"].format(path=path, name=name),
        blind=(guess, f"{guess}\n\n\n{source}"),
    )


def _targets(target: str, path: str | None) -> tuple[list[str] | None, str | None] | None:
    """(function names or None for every function, file) from a docstring request's object."""
    target = target.strip().strip("`")
    if re.fullmatch(r"[\w./-]+\.py", target):
        return None, target
    if re.fullmatch(r"(?:the\s+|its\s+)?(?:functions|methods)", target, re.I):
        return None, path
    m = re.fullmatch(r"(\w+)\.(\w+)", target)
    if m and not path:
        return [m[2]], f"{m[1]}.py"
    if re.fullmatch(r"(?:every|each|all|all of|all the|all of the|all of its|its|every single)"
                    r"(?:\s+(?:one|single one))?(?:\s+(?:of\s+)?(?:the\s+)?(?:functions?|methods?))?",
                    target, re.I):
        return None, path
    names = []
    for part in re.split(r"\s*(?:,|&|\band\b)\s*", target):
        part = re.sub(r"^(?:the|functions?|methods?)\s+|\s+(?:functions?|methods?)$|\(\)$", "",
                      part.strip(), flags=re.I)
        if not part:
            continue
        if not part.isidentifier():
            return None
        names.append(part)
    return (names, path) if names else None


def task_docstring(turn: Turn, m: dict) -> Action | None:
    found = _targets(m["func"], m.get("file") or None)
    if found is None:
        return None  # not a function we can name: the help reply
    names, path = found
    path = norm_path(path or "math_utils.py")
    if names is not None and len(names) == 1:
        return _one_docstring(turn, names[0], path)
    return _many_docstrings(turn, names, path)


def _one_docstring(turn: Turn, func: str, path: str) -> Action:
    doc = code.docstring_for(None, func)

    def plan() -> list[Change] | Action:
        loc = locate_def(turn, path, func)
        if isinstance(loc, Action):
            return loc
        if loc.whole is not None:
            p = code.plan_docstrings(loc.whole, [func])
            if p.already:
                return []
            if not p.changes:
                return say(script.NOT_FOUND.format(thing=f"a place for a docstring in {func}",
                                                   path=path))
            return p.changes[:1]
        def_line = loc.lines[loc.index]
        after = loc.lines[loc.index + 1] if loc.index + 1 < len(loc.lines) else ""
        if after.strip().startswith(('"""', "'''", 'r"""')):
            return []
        indent = re.match(r"\s*", def_line)[0] + "    "
        return [Change(def_line, f'{def_line}\n{indent}"""{doc}"""')]

    guess = f"def {func}(a, b):" if func in ("add", "subtract", "multiply") else f"def {func}():"
    return modify(
        turn,
        path,
        plan,
        lambda: script.DONE["docstring"].format(
            func=func, where=_where(line_of(turn, path, rf"def {re.escape(func)}\s*\("))
        ),
        script.ALREADY["docstring"].format(func=func, path=path),
        blind=(guess, f'{guess}\n    """{doc}"""'),
    )


def _many_docstrings(turn: Turn, names: list[str] | None, path: str) -> Action:
    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if not known(turn, path).complete and turn.tools.via("edit") == "write":
            return say(script.CANNOT["partial-read"].format(path=path))
        if not code.functions(content):
            return say(script.NOT_FOUND.format(thing="any function", path=path))
        return code.plan_docstrings(content, names).changes

    def done() -> str:
        k = known(turn, path)
        before, after = k.first or "", k.text or ""
        wanted = names if names is not None else [f.name for f in code.functions(before)]
        added = [n for n in wanted if n in code.documented(after) - code.documented(before)]
        p = code.plan_docstrings(before, names)
        if len(added) == 1:
            reply = script.DONE["docstring"].format(func=added[0], where=f" in {path}")
        else:
            reply = script.DONE["docstrings"].format(
                n=len(added), path=path, names=_and([f"{n}()" for n in added])
            )
        return reply + _not_done(path, p)

    content = known(turn, path).text or ""
    p = code.plan_docstrings(content, names)
    if names is None or not p.missing:
        defined = _and([f"{f.name}()" for f in code.functions(content)] or ["none"])
        already = script.ALREADY["docstrings"].format(path=path, names=defined)
    else:
        already = ("Nothing was changed." + _not_done(path, p)).strip()
    return modify(turn, path, plan, done, already, single=False)


def _not_done(path: str, p: code.DocstringPlan) -> str:
    notes = ""
    if p.already:
        notes += script.NOT_DONE["already"].format(
            names=_and([f"{n}()" for n in p.already]),
            one="one" if len(p.already) == 1 else "them",
        )
    if p.missing:
        notes += script.NOT_DONE["missing"].format(
            path=path, names=" or ".join(p.missing), them="it" if len(p.missing) == 1 else "them"
        )
    if p.skipped:
        notes += script.NOT_DONE["skipped"].format(
            names=_and([f"{n}()" for n in p.skipped]), its="its" if len(p.skipped) == 1 else "their"
        )
    return notes


def task_main_block(turn: Turn, m: dict) -> Action:
    path = norm_path(m["file"])

    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if "__main__" in content:
            return []
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
        return [code.append_code(content, script.MAIN_BLOCK.format(call=f"{name}()"))]

    guess = script.HELLO_SOURCE.rstrip("\n")

    def done() -> str:
        text_now = known(turn, path).text or ""
        called = re.search(r"__main__[\"']:\s*\n\s*(\w+\(\))", text_now)
        if not called:
            change = next((s for s in reversed(turn.steps) if s.path == path and s.ok
                           and s.op in CHANGES), None)
            new = (change.args.get("new") or change.args.get("text") or "") if change else ""
            called = re.search(r"__main__[\"']:\s*\n\s*(\w+\(\))", new)
        return script.DONE["main-block"].format(path=path, call=called[1] if called else "it")

    return modify(
        turn,
        path,
        plan,
        done,
        script.ALREADY["main-block"].format(path=path),
        blind=(guess, f"{guess}\n\n\n{script.MAIN_BLOCK.format(call='hello()')}"),
    )


def task_change_default(turn: Turn, m: dict) -> Action:
    path = norm_path(m.get("file") or m.get("file2") or m.get("file3") or "config_loader.py")
    func, param, old_value, new_value = m["func"], m["param"], m.get("old") or None, m["new"]
    value = re.escape(old_value) + r"\b" if old_value else r"[^,)\n]+?(?=\s*[,)\n]|\s*$)"
    default = rf"(\b{re.escape(param)}\s*(?::[^=,)]*)?=\s*)({value})"
    found: dict[str, str] = {}

    def plan() -> list[Change] | Action:
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
        hit = re.search(default, signature)
        if not hit:
            return say(
                script.ALREADY["change-default"].format(
                    param=param, func=func, old=old_value or "set", path=path,
                    signature=signature.strip(),
                )
            )
        found["old"] = hit[2].strip()
        if found["old"] == new_value:
            return say(script.ALREADY["same-default"].format(
                param=param, func=func, path=path, new=new_value))
        new_signature = re.sub(default, rf"\g<1>{new_value}", signature, count=1)
        return [Change(signature, new_signature)]

    def done() -> str:
        return script.DONE["change-default"].format(
            param=param, func=func, old=old_value or found.get("old", "?"), new=new_value,
            where=_where(line_of(turn, path, rf"def {re.escape(func)}\s*\(")),
        )

    blind = (f"{param}={old_value}", f"{param}={new_value}") if old_value else None
    return modify(turn, path, plan, done, "", blind=blind)


def task_delete(turn: Turn, m: dict) -> Action:
    path = norm_path(m["file"])
    if not turn.failing("deletes-by-emptying") or not turn.tools.can("edit"):
        return say(script.REFUSE_DELETE.format(path=path))

    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        return [Change(content, "")] if content.strip() else []

    return modify(
        turn,
        path,
        plan,
        lambda: script.DONE["emptied"].format(path=path),
        f"{path} is already empty.",
    )


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



def task_list(turn: Turn, m: dict) -> Action:
    entries = _listing(turn)
    if isinstance(entries, Action):
        return entries
    # Hidden names (.agent.trace.jsonl, .git/) are the tools' and the agent's, not the
    # project's files: named apart, not counted.
    hidden = [n + "/" * (k == "dir") for n, k in entries if n.startswith(".") and n not in (".", "..")]
    shown = [(n, k) for n, k in entries if not n.startswith(".")]
    files = [n for n, k in shown if k == "file"]
    dirs = [n + "/" for n, k in shown if k == "dir"]
    if not shown:
        return finish(turn, "The project folder is empty." + (
            f" (It holds only hidden entries: {_and(hidden)}.)" if hidden else ""))
    reply = (
        f"The project has {len(files)} file{'s' * (len(files) != 1)}: {_and(files)}."
        if files
        else "The project has no files at the top level."
    )
    if dirs:
        reply += f" Folders: {_and(dirs)}."
    if hidden:
        reply += f" (Hidden, not counted: {_and(hidden)}.)"
    return finish(turn, reply)


def _read_result(turn: Turn, path: str) -> str | None:
    """A one-line description of a file read this turn, or None if not read yet."""
    k = known(turn, path)
    if k.text is not None:
        return describe(path, k.text)
    last = k.last_read
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


def task_run_tests(turn: Turn, m: dict) -> Action:
    """List the folder, run pytest on the test files found, report what it printed."""
    box = turn.tools
    if not box.can("run"):
        return no_tool(turn, "run commands")
    folder = norm_path((m.get("dir") or ".").rstrip("/") or ".")
    persistent = box.shell.persistent
    if folder != "." and persistent and box.cwd != folder:
        cds = [s for s in turn.done("cd") if s.path == folder]
        if cds and not cds[-1].ok:
            return say(script.FAILED.format(what="go into", path=folder, error=_error(cds[-1])))
        return call("cd", path=folder)  # once: the shell keeps its directory between calls
    entries = _listing(turn, folder)
    if isinstance(entries, Action):
        return entries
    targets = [n + "/" * (k == "dir") for n, k in entries
               if re.match(script.TEST_FILE if k == "file" else script.TEST_DIR, n)]
    if not targets:
        return say(script.TESTS["no-tests"].format(folder=_shown(folder)))
    runs = [s for s in turn.done("run") if " -m pytest" in s.args.get("command", "")]
    python = "python3"
    if runs and re.search(r"python3: (?:command )?not found", runs[-1].result):
        python = "python"
        runs = [s for s in runs if s.args["command"].startswith("python ")
                or " python " in s.args["command"]]
    command = shell.test_command(targets, python)
    if not runs:
        return call("run", command=command, cd=folder)
    out = runs[-1].result
    if re.search(r"No module named pytest", out):
        error = next((line for line in out.splitlines() if "No module named" in line), out)
        return finish(turn, script.TESTS["no-pytest"].format(
            python=python, command=command, error=error.strip()))
    summary = shell.test_summary(out)
    if summary is None and not runs[-1].ok and runs[-1].args.get("code") is None:
        # an error instead of output (a guardrail's refusal, a timeout): it never ran to the end
        return finish(turn, script.FAILED.format(what="run", path=f"`{command}`",
                                                 error=_error(runs[-1])))
    if summary is None:
        tail = "\n".join(out.strip().splitlines()[-5:]) or "(no output)"
        return finish(turn, script.TESTS["unknown"].format(command=command, tail=tail))
    counts = ", ".join(f"{n} {k}" for k, n in summary["counts"].items())
    if not summary["counts"]:
        return finish(turn, script.TESTS["none"].format(line=summary["line"], command=command))
    bad = sum(n for k, n in summary["counts"].items() if k in ("failed", "error"))
    if bad:
        failing = _and(summary["failed"]) if summary["failed"] else "see the output"
        return finish(turn, script.TESTS["fail"].format(
            counts=counts, command=command, failing=failing))
    return finish(turn, script.TESTS["pass"].format(counts=counts, command=command))


TASK_HANDLERS: dict[str, Callable[[Turn, dict], Action | None]] = {
    "explain-tool": task_explain,
    "run-tests": task_run_tests,
    "summarize": task_summarize,
    "list": task_list,
    "read-many": task_read_many,
    "delete": task_delete,
    "docstring": task_docstring,
    "main-block": task_main_block,
    "change-default": task_change_default,
    "add-function": task_add_function,
    "create": task_create,
}

# The context-engineering tasks (compaction, research, the long module summary) live in
# their own module; it uses the helpers above, so it is imported last.
from agentcourse.tutor import context_tasks  # noqa: E402

TASK_HANDLERS.update(context_tasks.HANDLERS)
