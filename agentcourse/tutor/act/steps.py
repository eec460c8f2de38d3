"""Tool calls read back: each call of the conversation and its result, as an operation
on a path (a Step) that the tutor's state machines understand.

`read_steps(toolbox, messages, start)` pairs every tool_use with its tool_result and turns
it into a Step through `as_step`: which operation the tool performed (its job, or for a
shell the command parsed by shell.py, for the text editor its command), on which path,
whether it worked (an error flag, an error-looking text, a shell's exit code), and whether
a read showed the whole file. The whole conversation is read so that a persistent
shell's directory (after `cd`, reset by a restart) and a timed-out command are followed.
"""

from __future__ import annotations

import posixpath
import re

from agentcourse.tutor.act import shell
from agentcourse.tutor.act.tool_jobs import classify
from agentcourse.tutor.act.toolbox import Step, Tool, Toolbox, norm_path, text_of
from agentcourse.tutor.understand import harness, script

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
