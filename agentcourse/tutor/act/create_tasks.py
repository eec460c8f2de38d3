"""The tasks that write new code: create a file, add a function to one.

    task_create(turn, groups)        "Create hello.py with a hello world function."
    task_add_function(turn, groups)  "Add a multiply function to math_utils.py."

brain.py dispatches to them (TASK_HANDLERS) when their intent rows read the request
(understand/intent_table.py). What the
new code is comes from the request's own words (the text it should print, the function's
name) or the script's known functions (code.py writes both); what is left of the request
that the new code does not account for is said, not silently dropped. A new file is
never written over an old one: a whole-file write tool is used only after a read shows
the file is not there.
"""

from __future__ import annotations

import posixpath
import re

from agentcourse.tutor.act import code
from agentcourse.tutor.act.answer import error_text, finish, no_tool, on_line
from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.editing import appended_at, end_of_file, modify
from agentcourse.tutor.act.knowledge import NO_SUCH_FILE, known, line_of, whole_file
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

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


def create_via(turn: Turn, path: str | None = None) -> str:
    """Which tool creates a file (`path`): a write tool, the editor, the edit tool (empty
    old text) when its description says so, a shell heredoc, else the edit tool anyway."""
    roles = turn.tools.by_role
    if "write" in roles:
        return "write"
    if "editor" in roles:
        return "editor"
    if "edit" in roles and not turn.failing("wrong-argument-format", path):
        return "edit"
    return "bash" if "bash" in roles else "edit"


def create_file(turn: Turn, path: str, source: str, done: str) -> Action:
    """Create `path` with `source` (checked to be new first when the tool would overwrite), then say `done`."""
    made = [s for s in turn.steps if s.path == path and s.op in ("create", "write")]
    if made:
        if made[-1].ok:
            return finish(turn, done)
        return say(script.FAILED.format(what="create", path=path, error=error_text(made[-1])))
    if not turn.tools.can("create"):
        return no_tool(turn, "create files")
    via = create_via(turn, path)
    if via == "write":  # a whole-file write would replace an existing file: check it is new
        checks = [s for s in turn.steps if s.path == path and s.op in ("read", "read_lines", "list")]
        if not checks:
            if not turn.tools.can("read"):
                return say(script.CANNOT["no-check"].format(path=path))
            return call("read", path=path)
        if checks[-1].ok and not checks[-1].stub:
            return say(script.ALREADY["exists"].format(path=path))
    omit = via == "edit" and turn.failing("wrong-argument-format", path)
    return call("create", path=path, text=source, omit_old=omit, via=via)


def task_create(turn: Turn, m: dict) -> Action:
    """A new file ("Create hello.py with a hello world function."), from the request's words."""
    path = norm_path(m["file"])
    spec = new_source(turn.request, path, None)
    if isinstance(spec, str):
        return say(spec)
    source, done, note = spec
    return create_file(turn, path, source, done + note)


def task_add_function(turn: Turn, m: dict) -> Action:
    """A function appended to a file ("Add a multiply function to math_utils.py."), the file
    created when it is not there."""
    path = norm_path(m.get("file") or "math_utils.py")
    function = _new_function(turn, m, path)
    if isinstance(function, Action):
        return function
    name, source = function
    if turn.failing("asks-when-it-shouldnt") and not turn.steps:
        if name == "multiply":
            return say(script.CLARIFY["multiply"].format(path=path))
        params = script.FUNCTIONS.get(name, ("",))[0] or "no arguments"
        return say(script.CLARIFY["add-function"].format(path=path, name=name, params=f"({params})"))
    last = known(turn, path).last_read
    probes = [s for s in turn.done("search", path) if s.args.get("pattern") == script.TOP_LEVEL_DEFS]
    missing = [s for s in (last, *probes[-1:]) if s is not None and not s.ok]
    if missing and NO_SUCH_FILE.search(missing[-1].result):
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
            where=on_line(appended_at(turn, path) or line_of(turn, path, rf"^def {re.escape(name)}\b")),
        ),
        script.ALREADY["add-function"].format(path=path, name=name),
        blind=(guess, f"{guess}\n\n\n{source}"),
    )


def _new_function(turn: Turn, m: dict, path: str) -> tuple[str, str] | Action:
    """(name, source) of the function an add-function request asks for: one that prints
    the text asked for, or a known small function; else the reply that says which it knows."""
    name = m.get("name") or m.get("name2") or m.get("name3") or None
    name = None if name and name.lower() in _ADJECTIVES else name
    message = printed_text(turn.request)
    known_names = ", ".join(f"{n}()" for n in script.FUNCTIONS)
    if message is not None:
        name = name or _identifier(message)
        return name, code.print_function(name, message, ".py").rstrip("\n")
    if name and code.known_function(name):
        return name, code.known_function(name)
    if name:
        return say(script.CANNOT["add-function"].format(name=name, path=path, known=known_names))
    return say(script.CANNOT["no-function"].format(path=path, known=known_names))
