"""How the tutor sees the tools a request offers, and what it calls them with.

A request may offer the course's tools, a student's versions of them, another
course's (bash, read_file, write_file, edit_file), a single shell tool, or the
Anthropic text editor and bash. The tutor thinks in operations (list, read,
read_lines, search, edit, create, write, insert, run); `read_tools` sees each offered
tool as a Tool with one job (tool_jobs.py's `classify` judges a custom tool's), a
Toolbox turns an operation into a call of the best tool for it, and steps.py turns a
call and its result back into a Step (an operation on a path), so the brain never
depends on tool names or order. The readers of what tools print (numbered lines, search
hits, listings) are here too, for every task that reads a result.

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

from agentcourse.tutor.act import shell
from agentcourse.tutor.act.tool_jobs import classify
from agentcourse.tutor.understand import script
from agentcourse.tutor.understand.tool_types import SEARCH_TOOLS, UNUSED_TOOLS

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


def read_tools(tools: list[dict]) -> list[Tool]:
    """The request's tools as the tutor sees them, each with its job; the server tools and
    the SDK's other tool types, never called offline, left out."""
    found = []
    for t in tools or []:
        name, kind = t.get("name", ""), t.get("type") or "custom"
        if kind in UNUSED_TOOLS or kind in SEARCH_TOOLS:  # server tools (and memory): never a file
            continue  # tool; tool search runs in foreign.server_search
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
        """The offered tools' names, for a reply ("no tools" when there are none)."""
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
        """Does some offered tool perform `op`?"""
        return self.via(op) is not None

    @property
    def shell(self) -> Tool | None:
        """The shell tool, if one is offered."""
        return self.by_role.get("bash")

    def can_restart(self) -> bool:
        """Can the shell be restarted (Anthropic's bash, or a shell with a `restart` input)?"""
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
        if via in ("list", "read", "read_lines", "search", "edit", "write"):
            return self._custom_call(op, a, self.by_role[via])
        if via == "editor":
            return self._editor_call(op, a, self.by_role["editor"])
        return self._shell_call(op, a)

    def _custom_call(self, op: str, a: dict, t: Tool) -> tuple[str, dict]:
        """A custom tool's call: the arguments by job, renamed to its own properties."""
        p, via = t.params, t.role
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

    @staticmethod
    def _editor_call(op: str, a: dict, t: Tool) -> tuple[str, dict]:
        """The text editor's call: its command for the operation."""
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

    def _shell_call(self, op: str, a: dict) -> tuple[str, dict]:
        """The shell's call: the command shell.py writes for the operation."""
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


# ----------------------------------------------------------------------------- a call, as an operation


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
    """A path as the tutor compares paths: normalised, without a leading "./"."""
    p = posixpath.normpath(str(path or ".").strip())
    return p[2:] if p.startswith("./") else p


def text_of(content: object) -> str:
    """The text of a message's or a tool result's content: a string, or its text blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""


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
