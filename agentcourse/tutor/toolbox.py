"""How the tutor sees the tools a request offers, and reads their results back.

A request may offer the course's tools, a student's versions of them, another
course's (bash, read_file, write_file, edit_file), a single shell tool, or the
Anthropic text editor and bash. The tutor thinks in operations (list, read,
read_lines, search, edit, create, write, insert, run); `classify` gives each custom
tool one job from its input_schema (parameter names, types, required lists,
descriptions) and, where the schema cannot tell (list_files(path) and read_file(path)
look alike), from the words of its name and description. A Toolbox turns an
operation into a call of the best tool for it, and `as_step` turns a call and its
result back into an operation, so the brain never depends on tool names or order.

Jobs, and what the tutor uses each for:

    edit      path + old text + new text (exact replace)    every change to an existing file
    write     path + whole content                          new files; a whole new text computed
                                                            from a complete read (never a fragment)
    read      path (+ optional limit/offset, never sent)    whole-file reads
    read_lines  path + start + end                          a window around a search hit
    search    pattern (+ path)                              finding a definition
    list      path, or nothing                              the project listing
    bash      command (Anthropic bash, or a custom shell)   all of the above as commands (shell.py)
    editor    the Anthropic text editor (or a copy of it)   view / create / str_replace / insert
    delete, other                                           never called
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from agentcourse.tutor import harness, script, shell
from agentcourse.tutor.validate import UNUSED_TOOLS

# ----------------------------------------------------------------------------- the tools


@dataclass
class Tool:
    """One tool the request offers, seen through the job the tutor recognises it for."""

    name: str  # the tool's name in the request
    kind: str  # "custom" (has an input_schema), "editor" (text editor) or "bash"
    role: str  # list / read / search / read_lines / edit / write / editor / bash / delete / other
    params: dict[str, str]  # parameter job ("path", "old", ...) -> this schema's property name
    description: str  # the tool's description ("" for Anthropic tools)
    properties: list[str] = field(default_factory=list)  # every property name, in schema order
    notes: str = ""  # the parameters' descriptions, one per line
    persistent: bool = False  # a shell whose state (cwd) survives between calls
    absolute: bool = False  # its path parameter asks for an absolute path

    def prompt_text(self) -> str:
        """Everything the model reads about this tool: where prompt rules can live."""
        return f"{self.description}\n{self.notes}"


def _full(pattern: str, s: str) -> bool:
    return re.fullmatch(f"(?:{pattern})", s, re.IGNORECASE) is not None


def _words(name: str) -> str:
    """A tool name as words: read_file -> "read file", viewFile -> "view File"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-.]+", " ", name)


def _kind(spec: object) -> str:
    t = spec.get("type") if isinstance(spec, dict) else None
    if isinstance(t, list):  # ["string", "null"]
        t = next((x for x in t if x != "null"), None)
    return {"integer": "int", "number": "int", "string": "str", None: "str"}.get(t, t or "str")


_TYPED = {"path": "str", "old": "str", "new": "str", "command": "str", "pattern": "str",
          "content": "str", "start": "int", "end": "int"}


def param_jobs(props: dict) -> dict[str, str]:
    """Parameter job -> property name, from names first, then descriptions."""
    jobs: dict[str, str] = {}
    left = list(props)
    for by_name in (True, False):
        for p in list(left):
            spec = props[p] if isinstance(props[p], dict) else {}
            kind = _kind(spec)
            for job, pattern in (script.PARAM_NAMES if by_name else script.PARAM_WORDS).items():
                if job in jobs or _TYPED.get(job, kind) != kind:
                    continue
                hit = (
                    _full(pattern, p)
                    if by_name
                    else re.search(pattern, str(spec.get("description", "")), re.I)
                )
                if hit:
                    jobs[f"extra:{p}" if job == "extra" else job] = p  # extras may be many
                    left.remove(p)
                    break
    return jobs


def classify(name: str, description: str, schema: dict) -> tuple[str, dict[str, str]]:
    """(job, parameter job -> property name) of a custom tool."""
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    required = [r for r in required if isinstance(r, str) and r in props]
    words = f"{_words(name)} {description}"

    def said(kind: str) -> bool:
        return re.search(script.TOOL_WORDS[kind], words, re.IGNORECASE) is not None

    command = props.get("command") if isinstance(props.get("command"), dict) else {}
    if {"view", "str_replace"} <= set(command.get("enum") or []):  # a copy of the text editor
        return "editor", {p: p for p in props}
    if re.search(script.TOOL_WORDS["not_files"], _words(name), re.IGNORECASE):
        return "other", {}  # Agent, ToolSearch, ScheduleWakeup, WebFetch: not a file or shell tool
    jobs = param_jobs(props)
    # An edit tool whose two texts have names nothing recognises: old then new, as declared.
    strings = [p for p in props if _kind(props[p]) == "str" and p not in jobs.values()]
    if "path" in jobs and len(strings) == 2 and not {"old", "new"} & set(jobs) and said("replace"):
        jobs.update(old=strings[0], new=strings[1])
    if "new" in jobs and "old" not in jobs and "content" not in jobs:
        jobs["content"] = jobs.pop("new")  # write_file(path, new_content)
    if "old" in jobs and "new" not in jobs and "pattern" not in jobs:
        jobs["pattern"] = jobs.pop("old")  # search(find=...) or search(search=...)
    has = {j.split(":")[0] for j in jobs}
    unknown_required = [r for r in required if r not in jobs.values()]

    def only(*allowed: str) -> bool:
        return not unknown_required and has <= {*allowed, "extra"}

    shell_named = re.search(r"\b(?:shell|bash|terminal|sh|zsh)\b", _words(name), re.IGNORECASE) and not re.search(
        script.TOOL_WORDS["not_shell"], _words(name), re.IGNORECASE)
    if "command" in has and only("command", "extra") and (shell_named or not said("not_shell")):
        return "bash", jobs
    if said("delete") and only("path"):
        return "delete", jobs
    if {"path", "old", "new"} <= has and only("path", "old", "new"):
        regex = said("regex") and not re.search(r"\bexact|\bliteral|\bplain|\bnot a regex", words, re.I)
        return ("other" if regex else "edit"), jobs
    if {"path", "content"} <= has and only("path", "content"):
        return ("other" if said("partial") or said("search") else "write"), jobs
    if "content" in has and only("content", "path") and said("search"):
        jobs["pattern"] = jobs.pop("content")
        return "search", jobs
    if "pattern" in has and only("pattern", "path"):
        return ("other" if said("not_search") else "search"), jobs
    if {"path", "start", "end"} <= has and only("path", "start", "end"):
        return ("read_lines" if {jobs["start"], jobs["end"]} <= set(required) else "read"), jobs
    if only("path", "start", "end") and "path" in has or not props:
        listing = len(re.findall(script.TOOL_WORDS["list"], words, re.I))
        reading = len(re.findall(script.TOOL_WORDS["read"], words, re.I))
        arg = jobs.get("path", "")
        spec = props.get(arg) if isinstance(props.get(arg), dict) else {}
        arg_text = f"{arg} {spec.get('description', '')}"
        listing += 2 * bool(re.search(r"dir|folder", arg_text, re.I))
        reading += 2 * bool(re.search(r"file", arg, re.I))
        if listing > reading:
            return "list", jobs
        if reading > listing and props:
            return "read", jobs
    return "other", jobs


def read_tools(tools: list[dict]) -> list[Tool]:
    found = []
    for t in tools or []:
        name, kind = t.get("name", ""), t.get("type") or "custom"
        if kind in UNUSED_TOOLS:  # server tools (and memory): offered, never called offline
            continue
        if kind != "custom" and not kind.startswith(("text_editor", "bash")):
            continue  # another tool type of the SDK's (a computer toolset): never called offline
        if kind.startswith("text_editor") or (name in script.EDITOR_NAMES and "input_schema" not in t):
            found.append(Tool(name, "editor", "editor", {}, ""))
        elif kind.startswith("bash") or (name == "bash" and "input_schema" not in t):
            found.append(Tool(name, "bash", "bash", {"command": "command"}, "", persistent=True))
        else:
            schema = t.get("input_schema") or {}
            props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
            description = str(t.get("description", ""))
            role, params = classify(name, description, schema)
            notes = "\n".join(
                str(p.get("description", "")) for p in props.values() if isinstance(p, dict)
            )
            persistent = role == "bash" and bool(
                re.search(script.TOOL_WORDS["persistent"], f"{description}\n{notes}", re.I)
            )
            path_spec = props.get(params.get("path", "")) if isinstance(props, dict) else None
            absolute = bool(re.search(r"\babsolute\b(?!\s+or\s+relative)", str(
                path_spec.get("description", "") if isinstance(path_spec, dict) else ""), re.I))
            found.append(
                Tool(name, "custom", role, params, description, list(props), notes, persistent, absolute)
            )
    return found


# An edit tool that refuses to change a file its own read tool has not read this session
# (Claude Code's Edit: "You must Read the file in this conversation before editing, or the
# call will fail."). A file read through a shell does not count for it.
_READ_GATE = re.compile(
    r"\bread\b[^.]{0,80}\bbefore\s+(?:editing|changing|modifying|writing)|"
    r"\bedit\w*\b[^.]{0,60}\bwithout\s+(?:first\s+)?reading",
    re.IGNORECASE,
)
_ENFORCED = re.compile(r"\bmust\b|\bwill\s+(?:fail|error)|\berrors?\b|\bfails?\b", re.IGNORECASE)


def read_gated(tool: Tool) -> bool:
    """Does this edit tool fail on a file its own read tool has not read?"""
    return bool(_READ_GATE.search(tool.description) and _ENFORCED.search(tool.description))


class Toolbox:
    """The operations the tutor can perform with the tools offered, and how to call them."""

    def __init__(self, tools: list[Tool], root: str | None = None):
        self.tools = tools
        self.by_role: dict[str, Tool] = {}
        for t in tools:
            self.by_role.setdefault(t.role, t)
        self.cwd: str | None = "."  # a persistent shell's directory, relative to the project
        self.stuck = False  # the shell's last command timed out: restart it first
        self.root = root  # the project's absolute path, when the harness states it
        edit, read = self.by_role.get("edit"), self.by_role.get("read")
        # Reads for an edit tool that checks them go through its read tool, never the shell.
        self.read_gate = edit is not None and read is not None and read_gated(edit)

    def absolute(self, path: str) -> str:
        """A project path as a tool that takes absolute paths wants it."""
        if self.root is None or path.startswith("/"):
            return path
        return norm_path(posixpath.join(self.root, path)) if path not in (".", "") else self.root

    def relative(self, path: str) -> str:
        """An absolute path inside the project as a project path (others unchanged)."""
        root = self.root
        if root is None or not str(path).startswith("/"):
            return path
        p = posixpath.normpath(str(path))
        if p == root:
            return "."
        return p[len(root.rstrip("/")) + 1 :] if p.startswith(root.rstrip("/") + "/") else path

    def names(self) -> str:
        return ", ".join(t.name for t in self.tools) or "no tools"

    def via(self, op: str) -> str | None:
        """The role of the tool that would perform `op` ("edit", "editor", "bash", ...)."""
        skip = ("bash",) if self.read_gate and op in ("search", "read_lines") else ()
        return next((r for r in script.OP_PREFERENCES[op] if r in self.by_role and r not in skip), None)

    def pager(self) -> Tool | None:
        """The read tool, when it reads a page of a file (an `offset` and a `limit`)."""
        read = self.by_role.get("read")
        return read if read is not None and {"extra:offset", "extra:limit"} <= set(read.params) else None

    def can(self, op: str) -> bool:
        return self.via(op) is not None

    @property
    def shell(self) -> Tool | None:
        return self.by_role.get("bash")

    def can_restart(self) -> bool:
        sh = self.shell
        return sh is not None and (sh.kind == "bash" or "restart" in sh.properties)

    def _sh_path(self, path: str) -> str:
        """A project path as the shell sees it from its current directory."""
        sh = self.shell
        if sh is None or not sh.persistent or self.cwd in (".", None):
            return path
        return posixpath.relpath(path, self.cwd)

    def call(self, op: str, a: dict, via: str | None = None) -> tuple[str, dict]:
        """The (tool name, input) that performs operation `op` with arguments `a`."""
        if op == "raw":  # a tool named outright, with its input (notes, research)
            return a["name"], a["input"]
        via = via or self.via(op)
        r = self.by_role
        if via in ("list", "read", "read_lines", "search", "edit", "write"):
            t = r[via]
            p = t.params
            if op == "create" and via == "edit":  # an empty old text creates; omit_old = wrong format
                a = {"path": a["path"], "new": a["text"], **({} if a.get("omit_old") else {"old": ""})}
            elif op in ("create", "write"):
                a = {"path": a["path"], "content": a["text"]}
            elif op == "read" and via == "read_lines":
                a = {"path": a["path"], "start": 1, "end": script.WHOLE_FILE_LINES}
            elif op == "list" and "path" not in p:
                a = {}
            if t.absolute and "path" in a:
                a = {**a, "path": self.absolute(str(a["path"]))}
            job_of = {prop: job for job, prop in p.items()}
            order = t.properties or list(job_of)  # the input in the schema's own order
            return t.name, {prop: a[job_of[prop]] for prop in order if job_of.get(prop) in a}
        if via == "editor":
            t = r["editor"]
            p = t.params or {}

            def named(**kw: object) -> dict:  # a custom copy of the editor may rename inputs
                return {p.get(k, k): v for k, v in kw.items()}

            if op == "list":  # a trailing "/" says "a folder", to the reader of the call too
                folder = a["path"] if a["path"] in (".", "") else a["path"].rstrip("/") + "/"
                return t.name, named(command="view", path=folder)
            if op == "read":
                return t.name, named(command="view", path=a["path"])
            if op == "read_lines":
                return t.name, named(command="view", path=a["path"], view_range=[a["start"], a["end"]])
            if op in ("create", "write"):
                return t.name, named(command="create", path=a["path"], file_text=a["text"])
            if op == "insert":
                key = "insert_text" if not p or "insert_text" in p else "new_str"
                return t.name, named(command="insert", path=a["path"], insert_line=a["line"],
                                     **{key: a["text"]})
            return t.name, named(command="str_replace", path=a["path"], old_str=a["old"],
                                 new_str=a["new"])
        sh = self.shell
        key = sh.params.get("command", "command")
        if op == "restart":
            return sh.name, {"restart": True}
        at = self._sh_path
        command = {
            "list": lambda: shell.list_dir(at(a["path"])),
            "read": lambda: shell.read(at(a["path"])),
            "read_lines": lambda: shell.read_lines(at(a["path"]), a["start"], a["end"]),
            "search": lambda: shell.search(a["pattern"], at(a["path"])),
            "create": lambda: shell.create(at(a["path"]), a["text"]),
            "edit": lambda: shell.edit(at(a["path"]), a["old"], a["new"]),
            "cd": lambda: shell.cd(at(a["path"])),
            "run": lambda: a["command"],
        }[op]()
        if not sh.persistent and a.get("cd"):
            command = shell.in_dir(a["cd"], command)
        return sh.name, {key: command}


# ----------------------------------------------------------------------------- tool calls read back


@dataclass
class Step:
    """One tool call of the current turn and its result, as an operation on a path."""

    op: str  # list / read / search / read_lines / edit / create / write / insert / run / cd /
    #          restart / delete / other
    path: str  # normalised path, relative to the project ("." for the project root)
    args: dict  # pattern, start, end, old, new, text, line, command (whichever apply)
    tool: str  # the tool's name as called
    result: str  # the tool_result text (a shell's output unwrapped); "" if none came back
    ok: bool  # False when the result is an error
    stub: bool  # True for "(stub) ..." placeholders (checkpoint 02)
    complete: bool = True  # a read that shows the whole file (no truncation note)
    input: dict = field(default_factory=dict)  # the call's input, as sent


def norm_path(path: object) -> str:
    p = posixpath.normpath(str(path or ".").strip())
    return p[2:] if p.startswith("./") else p


def text_of(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""


_EDIT_ERROR = re.compile(
    r"not found|did not appear|no replacement|already exists|found \d+ times|no match|"
    r"occurs \d+ times|multiple|not unique|cannot|can't|failed",
    re.I,
)
_TRUNCATED = harness.TRUNCATED  # a note that a read was cut short


_PAGE = re.compile(r"\bshowing (?:lines )?(\d+)\s*(?:-|to)\s*(\d+) of (\d+)", re.I)


def next_page(result: str) -> int | None:
    """The first line a cut read did not show, when its note says "showing lines A-B of N"
    with B < N (Claude Code's Read); else None."""
    for line in result.rstrip().split("\n")[-2:]:
        m = _PAGE.search(line)
        if m and int(m[2]) < int(m[3]):
            return int(m[2]) + 1
    return None


def truncated(result: str) -> bool:
    """Does a read's result end with a note that the file was cut short?"""
    return any(_TRUNCATED.search(line) for line in result.rstrip().split("\n")[-2:])


# A tool result that reports a failure without `is_error`: "Error: ...", "[error] ...", or a
# Python exception passed on as text ("FileNotFoundError: [Errno 2] No such file ...").
FAILED = re.compile(r"\s*(?:\[?(?i:error)\b|[A-Z]\w*(?:Error|Exception): )")


def as_step(tools: Toolbox, name: str, args: dict, result: str, is_error: bool) -> Step:
    """Turn a tool call back into an operation the state machines understand."""
    tool = next((t for t in tools.tools if t.name == name), None)
    if tool is None:  # a tool no longer offered: guess from the input's keys
        editor = name in script.EDITOR_NAMES or "command" in args and "path" in args
        role, params = (
            ("editor", {}) if editor else classify(name, "", {"properties": dict.fromkeys(args, {})})
        )
        tool = Tool(name, "custom", role, params, "")
    op, path, a = "other", "", {}
    p = tool.params
    complete = True
    ok = not is_error and not FAILED.match(result)
    if tool.role in ("list", "read", "search", "read_lines"):
        op, path = tool.role, args.get(p.get("path", "path"), ".")
        a = {
            "pattern": args.get(p.get("pattern", "pattern")),
            "start": _int(args.get(p.get("start", "start"))),
            "end": _int(args.get(p.get("end", "end"))),
        }
    elif tool.role == "edit":
        path, old = args.get(p.get("path", "path"), ""), args.get(p.get("old", "old_str"))
        new = args.get(p.get("new", "new_str"), "")
        op, a = ("create", {"text": new}) if not old else ("edit", {"old": old, "new": new})
    elif tool.role == "write":
        op, path = "write", args.get(p.get("path", "path"), "")
        a = {"text": args.get(p.get("content", "content"), "")}
    elif tool.role == "delete":
        op, path = "delete", args.get(p.get("path", "path"), "")
    elif tool.role == "editor":
        op, path, a = _editor_step(args)
    elif tool.role == "bash":
        op, path, a, result, ok = _bash_step(tools, tool, args, result, is_error)
    if op in ("edit", "create", "write", "insert") and tool.role != "bash":
        ok = ok and not _EDIT_ERROR.search(result.split("\n")[0])
    if op in ("read", "read_lines"):
        complete = not truncated(result)
    stub = result.lstrip().startswith("(stub)")
    return Step(op, norm_path(tools.relative(str(path))), a, name, result, ok, stub, complete, args)


def _editor_step(args: dict) -> tuple[str, str, dict]:
    command, path = args.get("command"), args.get("path", "")
    view_range = args.get("view_range")
    if command == "view" and isinstance(view_range, list) and view_range:
        start, end = (view_range + [None])[:2]
        return "read_lines", path, {"start": _int(start), "end": None if end == -1 else _int(end)}
    if command == "view":
        return ("list" if norm_path(path) == "." or str(path).endswith("/") else "read"), path, {}
    if command == "create":
        return "create", path, {"text": args.get("file_text", "")}
    if command == "str_replace":
        return "edit", path, {"old": args.get("old_str", ""), "new": args.get("new_str", "")}
    if command == "insert":  # Claude sends insert_text; the docs' reference code reads new_str
        text = args.get("insert_text", args.get("new_str", ""))
        return "insert", path, {"line": _int(args.get("insert_line")), "text": text}
    return "other", path, {}


def _bash_step(
    tools: Toolbox, tool: Tool, args: dict, result: str, is_error: bool
) -> tuple[str, str, dict, str, bool]:
    if args.get("restart"):
        return "restart", ".", {}, result, not is_error
    command = str(args.get(tool.params.get("command", "command"), ""))
    output, code = shell.unwrap(result)
    op, path, a = shell.parse_command(command)
    if op == "other":
        op, a = "run", {"command": command}
    a["command"] = command
    ok = not is_error and not shell.failed(op, path, output, code)
    if op == "run" and code not in (None, 0):
        a["code"] = code
    base = tools.cwd if tool.persistent and tools.cwd is not None else "."
    if path and op != "cd":
        path = posixpath.normpath(posixpath.join(base, path))
    return op, path, a, output, ok


def _int(value: object) -> int | None:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def read_steps(tools: Toolbox, messages: list[dict], start: int = 0) -> list[Step]:
    """The steps of messages[start:]; the whole conversation is read to follow the shell's state
    (a persistent shell's directory after `cd`, reset by a restart; a timed-out command)."""
    calls: dict[str, tuple[str, dict]] = {}
    steps = []
    for i, msg in enumerate(messages):
        content = msg.get("content")
        if not isinstance(content, list):
            continue
        for b in content:
            if not isinstance(b, dict):
                continue
            if b.get("type") == "tool_use":
                calls[b.get("id", "")] = (b.get("name", ""), dict(b.get("input") or {}))
            elif b.get("type") == "tool_result" and b.get("tool_use_id") in calls:
                name, args = calls[b["tool_use_id"]]
                result = harness.clean(text_of(b.get("content")))
                step = as_step(tools, name, args, result, bool(b.get("is_error")))
                _follow_shell(tools, name, step)
                if i >= start:
                    steps.append(step)
    return steps


def _follow_shell(tools: Toolbox, name: str, step: Step) -> None:
    sh = tools.shell
    if sh is None or name != sh.name:
        return
    if step.op == "restart":
        tools.cwd, tools.stuck = ".", False
        return
    tools.stuck = shell.timed_out(step.result)
    if not sh.persistent:
        return
    if step.op == "cd" and step.ok:
        target = step.path
        if target.startswith(("/", "~", "-", "$")) or tools.cwd is None:
            tools.cwd = None  # somewhere the tutor cannot name relative to the project
        else:
            tools.cwd = norm_path(posixpath.join(tools.cwd, target))
    elif step.op == "run" and re.search(r"(?:^|[;&|]\s*)cd\b", step.args.get("command", "")):
        tools.cwd = None


# ----------------------------------------------------------------------------- tool output


def strip_numbers(result: str) -> tuple[int | None, list[str]]:
    """Lines of a tool result, without "12: " / "    12\\t" prefixes if every line has them."""
    lines = result.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    while len(lines) > 1 and re.fullmatch(r"\s*\[.*\]\s*", lines[-1]):  # a tool's note
        lines.pop()
    found = [re.match(r"^\s*(\d+)(?:(?:\t|: ?|\s*\| ?|\s*→)(.*))?$", line) for line in lines]
    if lines and all(found):
        numbers = [int(m[1]) for m in found]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and (
            len(lines) > 1 or found[0][2] is not None
        ):
            return numbers[0], [m[2] or "" for m in found]
    return None, result.split("\n")


def search_matches(result: str) -> list[tuple[int, str]]:
    """(line number, line) pairs from a search result in any of the usual formats."""
    out = []
    for line in result.split("\n"):
        m = re.match(r"^\s*(?:\S+?:)?\s*(?:line\s+|L)?(\d+)\s*[:|\t-]\s?(.*)$", line, re.IGNORECASE)
        if m:
            out.append((int(m[1]), m[2]))
    return out


def parse_listing(result: str) -> list[tuple[str, str]]:
    """(name, "file" | "dir") pairs from a directory listing in the usual formats."""
    entries = []
    for line in result.split("\n"):
        s = line.strip()
        if not s or s.endswith(":") or s.lower().startswith(("here", "total ", "(no output")):
            continue
        m = re.match(r"^(.*?)\s*[\[(](file|dir|directory|folder)[\])]$", s, re.IGNORECASE)
        if m:
            entries.append((m[1], "file" if m[2].lower() == "file" else "dir"))
            continue
        name = s.split("\t")[-1].split()[-1]
        kind = "dir" if name.endswith("/") else "file"
        name = name.rstrip("/")
        if name.startswith("./"):
            name = name[2:]
        if "/" in name or not name or name == ".":
            continue
        entries.append((name, kind))
    return entries
