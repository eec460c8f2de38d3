"""How the tutor sees the tools a request offers, and reads their results back.

A request may offer the course's custom tools (list_files, read_file, edit_file,
search_file, read_lines, under these or similar names and parameter names), the
Anthropic text editor, or bash. The tutor thinks in a few operations (list, read,
search, read_lines, edit, create); a Toolbox turns an operation into a call of
whichever tool can do it, and as_step() turns a call and its result back into an
operation, so the brain's state machines never depend on the tool names.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from dataclasses import dataclass, field

from agentcourse.tutor import script

# ----------------------------------------------------------------------------- the tools


@dataclass
class Tool:
    """One tool the request offers, seen through the job the tutor recognises it for."""

    name: str  # the tool's name in the request
    kind: str  # "custom" (has an input_schema), "editor" (text editor) or "bash"
    role: str  # list / read / search / read_lines / edit / editor / bash / other
    params: dict[str, str]  # parameter role ("path", "old", ...) -> this schema's property name
    description: str  # the tool's description ("" for Anthropic tools)
    properties: list[str] = field(default_factory=list)  # every property name, in schema order
    notes: str = ""  # the parameters' descriptions, one per line

    def prompt_text(self) -> str:
        """Everything the model reads about this tool: where prompt rules can live."""
        return f"{self.description}\n{self.notes}"


_WANTED = {
    "list": ("path",),
    "read": ("path",),
    "search": ("pattern", "path"),
    "read_lines": ("path", "start", "end"),
    "edit": ("path", "old", "new"),
    "bash": ("command",),
}


def role_of(name: str) -> str:
    for role, pattern in script.TOOL_ROLES:
        if re.search(pattern, name, re.IGNORECASE):
            return role
    return "other"


def map_params(role: str, properties: list[str], required: list[str]) -> dict[str, str]:
    """Match the roles a tool needs to its property names; leftovers go in required order."""
    out: dict[str, str] = {}
    if role in ("list", "read", "bash"):  # one argument: the first required property
        first = (required or properties or ["path"])[0]
        return {_WANTED[role][0]: first}
    for want in _WANTED.get(role, ()):
        hit = next(
            (
                p
                for p in properties
                if p not in out.values() and re.search(script.PARAM_ROLES[want], p, re.IGNORECASE)
            ),
            None,
        )
        if hit:
            out[want] = hit
    rest = [p for p in required + properties if p not in out.values()]
    for want in _WANTED.get(role, ()):
        if want not in out and rest:
            out[want] = rest.pop(0)
    return out


def read_tools(tools: list[dict]) -> list[Tool]:
    found = []
    for t in tools or []:
        name, kind = t.get("name", ""), t.get("type") or "custom"
        if kind.startswith("text_editor") or name in script.EDITOR_NAMES:
            found.append(Tool(name, "editor", "editor", {}, ""))
        elif kind.startswith("bash") or (name == "bash" and "input_schema" not in t):
            found.append(Tool(name, "bash", "bash", {"command": "command"}, ""))
        else:
            schema = t.get("input_schema") or {}
            props = schema.get("properties") or {}
            role = "bash" if name == "bash" else role_of(name)
            params = map_params(role, list(props), list(schema.get("required") or []))
            notes = "\n".join(
                str(p.get("description", "")) for p in props.values() if isinstance(p, dict)
            )
            found.append(
                Tool(
                    name, "custom", role, params, str(t.get("description", "")), list(props), notes
                )
            )
    return found


class Toolbox:
    """The operations the tutor can perform with the tools offered, and how to call them."""

    def __init__(self, tools: list[Tool]):
        self.tools = tools
        self.by_role: dict[str, Tool] = {}
        for t in tools:
            self.by_role.setdefault(t.role, t)

    def names(self) -> str:
        return ", ".join(t.name for t in self.tools) or "no tools"

    def can(self, op: str) -> bool:
        r = self.by_role
        return {
            "list": "list" in r or "bash" in r or "editor" in r,
            "read": "read" in r or "editor" in r or "bash" in r or "read_lines" in r,
            "search": "search" in r or "bash" in r,
            "read_lines": "read_lines" in r or "editor" in r or "bash" in r,
            "edit": "edit" in r or "editor" in r,
            "create": "edit" in r or "editor" in r,
        }[op]

    def call(self, op: str, a: dict) -> tuple[str, dict]:
        """The (tool name, input) that performs operation `op` with arguments `a`."""
        if op == "raw":  # a tool named outright, with its input (notes, research)
            return a["name"], a["input"]
        r = self.by_role
        custom = "edit" if op == "create" else op  # the role of the custom tool that does it
        if custom in r:
            t = r[custom]
            p = t.params
            if op == "create":  # an empty old_str creates; omit_old is the wrong-format failure
                a = {
                    "path": a["path"],
                    "new": a["text"],
                    **({} if a.get("omit_old") else {"old": ""}),
                }
            return t.name, {p[k]: a[k] for k in _WANTED[custom] if k in p and k in a}
        if op == "read" and "editor" not in r and "bash" not in r:
            return self.call(
                "read_lines", {"path": a["path"], "start": 1, "end": script.WHOLE_FILE_LINES}
            )
        if "editor" in r and not (op in ("list", "search") and "bash" in r):
            name = r["editor"].name
            if op in ("list", "read"):
                return name, {"command": "view", "path": a["path"]}
            if op == "read_lines":
                return name, {
                    "command": "view",
                    "path": a["path"],
                    "view_range": [a["start"], a["end"]],
                }
            if op == "create":
                return name, {"command": "create", "path": a["path"], "file_text": a["text"]}
            if op == "edit":
                return name, {
                    "command": "str_replace",
                    "path": a["path"],
                    "old_str": a["old"],
                    "new_str": a["new"],
                }
        q = shlex.quote
        command = {
            "list": lambda: f"ls -1p {q(a['path'])}",
            "read": lambda: f"cat {q(a['path'])}",
            "search": lambda: f"grep -n {q(a['pattern'])} {q(a['path'])}",
            "read_lines": lambda: f"sed -n '{a['start']},{a['end']}p' {q(a['path'])}",
        }[op]()
        bash = r["bash"]
        return bash.name, {bash.params.get("command", "command"): command}


# ----------------------------------------------------------------------------- tool calls read back


@dataclass
class Step:
    """One tool call of the current turn and its result, as an operation on a path."""

    op: str  # list / read / search / read_lines / edit / create / other
    path: str  # normalised path ("." for the project root)
    args: dict  # pattern, start, end, old, new, text (whichever apply)
    tool: str  # the tool's name as called
    result: str  # the tool_result text ("" if none came back)
    ok: bool  # False when the result is an error
    stub: bool  # True for "(stub) ..." placeholders (checkpoint 02)


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
    r"not found|did not appear|no replacement|already exists|found \d+ times", re.I
)


def as_step(tools: Toolbox, name: str, args: dict, result: str, is_error: bool) -> Step:
    """Turn a tool call back into an operation the state machines understand."""
    tool = next((t for t in tools.tools if t.name == name), None)
    if tool is None:  # a tool no longer offered: guess from the name and the input keys
        role = (
            "editor" if name in script.EDITOR_NAMES else "bash" if name == "bash" else role_of(name)
        )
        tool = Tool(name, "custom", role, map_params(role, list(args), list(args)), "")
    op, path, a = "other", "", {}
    p = tool.params
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
    elif tool.role == "editor":
        command, path = args.get("command"), args.get("path", "")
        view_range = args.get("view_range")
        if command == "view" and isinstance(view_range, list) and view_range:
            start, end = (view_range + [None])[:2]
            op, a = "read_lines", {"start": _int(start), "end": None if end == -1 else _int(end)}
        elif command == "view":
            op = "list" if norm_path(path) == "." or str(path).endswith("/") else "read"
        elif command in ("create", "str_replace"):
            op = "create" if command == "create" else "edit"
            a = (
                {"text": args.get("file_text", "")}
                if op == "create"
                else {"old": args.get("old_str", ""), "new": args.get("new_str", "")}
            )
    elif tool.role == "bash":
        op, path, a = _bash_step(str(args.get(p.get("command", "command"), "")))
    ok = not is_error and not re.match(r"\s*\[?error\b", result, re.I)
    if op in ("edit", "create") and _EDIT_ERROR.search(result.split("\n")[0]):
        ok = False
    return Step(op, norm_path(path), a, name, result, ok, result.lstrip().startswith("(stub)"))


def _int(value: object) -> int | None:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _bash_step(command: str) -> tuple[str, str, dict]:
    try:
        words = shlex.split(command)
    except ValueError:
        return "other", "", {}
    if words[:1] == ["ls"]:
        return "list", next((w for w in words[1:] if not w.startswith("-")), "."), {}
    if words[:1] == ["cat"] and len(words) == 2:
        return "read", words[1], {}
    if words[:2] == ["grep", "-n"] and len(words) == 4:
        return "search", words[3], {"pattern": words[2]}
    m = (
        re.fullmatch(r"(\d+),(\d+)p", words[2])
        if words[:2] == ["sed", "-n"] and len(words) == 4
        else None
    )
    if m:
        return "read_lines", words[3], {"start": int(m[1]), "end": int(m[2])}
    return "other", "", {}


def read_steps(tools: Toolbox, messages: list[dict]) -> list[Step]:
    calls: dict[str, tuple[str, dict]] = {}
    steps = []
    for msg in messages:
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
                result = text_of(b.get("content"))
                steps.append(as_step(tools, name, args, result, bool(b.get("is_error"))))
    return steps


# ----------------------------------------------------------------------------- tool output


def strip_numbers(result: str) -> tuple[int | None, list[str]]:
    """Lines of a tool result, without "12: " / "    12\\t" prefixes if every line has them."""
    lines = result.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    while len(lines) > 1 and re.fullmatch(r"\s*\[.*\]\s*", lines[-1]):  # a tool's note
        lines.pop()
    found = [re.match(r"^\s*(\d+)(?:\t|: ?|\s*\| ?|\s*→)(.*)$", line) for line in lines]
    if lines and all(found):
        numbers = [int(m[1]) for m in found]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return numbers[0], [m[2] for m in found]
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
        if not s or s.endswith(":") or s.lower().startswith(("here", "total ")):
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
