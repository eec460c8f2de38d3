"""A tiny in-test world for the tutor's brain: course-like prompts and tool schemas, tool
implementations over a folder, and a loop that drives brain.respond to end_turn.

The tools here are deliberately small re-implementations of the course's contracts
(edit_file replaces exactly one occurrence; empty old_str creates), so the brain's
tests do not depend on any checkpoint being finished.
"""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from agentcourse.api.blocks import tool_result, user
from agentcourse.api.outcome import final_text as reply_text  # noqa: F401 (re-exported for the tests)
from agentcourse.api.outcome import tool_calls as calls  # noqa: F401
from agentcourse.api.protocol import protocol_errors
from agentcourse.tutor.act import brain

# A course-like prompt: every phrase the tutor keys on is present.
RULES = {
    "read": "- Read before editing. Never change a file you have not read.",
    "concise": "- Be concise. Give the result, not a narration of your steps.",
    "ask": "- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.",
    "delete": "- Never delete files. If asked to delete something, say you cannot.",
}
EDIT_RULES = {
    "create": "To create a file, set old_str to an empty string and new_str to the contents.",
    "read": "You must read the file first to know the exact text for old_str.",
}


def system_prompt(without: tuple[str, ...] = (), extra: str = "") -> str:
    rules = "\n".join(v for k, v in RULES.items() if k not in without)
    return (
        "You are a coding assistant working in one project directory.\n\n"
        f"## How to Work\n{rules}\n{extra}\n\n## Constraints\n- Stay inside the project.\n"
    )


def _schema(name: str, description: str, **params: str) -> dict:
    props = {
        k: {"type": "integer" if k in ("start", "end") else "string", "description": v}
        for k, v in params.items()
    }
    return {
        "name": name,
        "description": description,
        "input_schema": {"type": "object", "properties": props, "required": list(params)},
    }


def edit_tool(without: tuple[str, ...] = ()) -> dict:
    rules = " ".join(v for k, v in EDIT_RULES.items() if k not in without)
    return _schema(
        "edit_file",
        f"Edit a file by exact string replacement. {rules}",
        path="File path.",
        old_str="Text to replace.",
        new_str="Replacement text.",
    )


def tools_read(without: tuple[str, ...] = ()) -> list[dict]:
    """list_files / read_file / edit_file (checkpoints 00-03)."""
    return [
        _schema("list_files", "List the files at a path.", path="Directory, '.' for the root."),
        _schema("read_file", "Read a whole file.", filename="File path."),
        edit_tool(without),
    ]


def tools_search(without: tuple[str, ...] = ()) -> list[dict]:
    """list_files / search_file / read_lines / edit_file (checkpoint 04+)."""
    return [
        _schema("list_files", "List the files at a path.", path="Directory, '.' for the root."),
        _schema(
            "search_file",
            "Find lines matching a regex; returns path:line: text.",
            pattern="Regular expression.",
            path="File or folder.",
        ),
        _schema(
            "read_lines",
            "Read lines start..end, numbered.",
            path="File.",
            start="First.",
            end="Last.",
        ),
        edit_tool(without),
    ]


TOOLS_EDITOR = [
    {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
    {"type": "bash_20250124", "name": "bash"},
]
TOOLSETS = {"read": tools_read(), "search": tools_search(), "editor": TOOLS_EDITOR}


class Executor:
    """The course's tools over one folder; every failure is an "Error: ..." string."""

    def __init__(self, root: Path, stub: bool = False, aliases: dict | None = None):
        self.root = Path(root)
        self.stub = stub
        self.aliases = aliases or {}  # tool name -> {student's parameter name: course name}

    def _path(self, name: str) -> Path:
        return self.root / name

    def run(self, name: str, args: dict) -> str:
        if self.stub:
            return f"(stub) {name} {sorted(args)}"
        rename = self.aliases.get(name, {})
        args = {rename.get(k, k): v for k, v in args.items()}
        try:
            return getattr(self, "t_" + name)(**args)
        except TypeError as err:
            return f"Error: bad arguments for {name}: {err}"
        except OSError as err:
            return f"Error: {name} failed: {err.strerror}"

    def t_list_files(self, path: str) -> str:
        entries = sorted(self._path(path).iterdir())
        return "\n".join(f"{p.name} [{'dir' if p.is_dir() else 'file'}]" for p in entries)

    def t_read_file(self, filename: str) -> str:
        return self._path(filename).read_text(encoding="utf-8")

    def t_edit_file(self, path: str, old_str: str, new_str: str) -> str:
        p = self._path(path)
        if old_str == "":
            if p.exists() and p.stat().st_size:
                return f"Error: {path} already exists"
            p.write_text(new_str, encoding="utf-8")
            return f"Created {path}"
        text = p.read_text(encoding="utf-8")
        if text.count(old_str) != 1:
            return f"Error: old_str was found {text.count(old_str)} times in {path}"
        p.write_text(text.replace(old_str, new_str, 1), encoding="utf-8")
        return f"Edited {path}"

    def t_search_file(self, pattern: str, path: str) -> str:
        lines = self._path(path).read_text(encoding="utf-8").splitlines()
        hits = [
            f"{path}:{i}: {line}" for i, line in enumerate(lines, 1) if re.search(pattern, line)
        ]
        return "\n".join(hits) or f"No lines match {pattern!r} in {path}"

    def t_read_lines(self, path: str, start: int, end: int) -> str:
        lines = self._path(path).read_text(encoding="utf-8").splitlines()
        shown = [f"{i}: {lines[i - 1]}" for i in range(start, min(end, len(lines)) + 1)]
        if end > len(lines):
            shown.append(f"[end of file: {path} has {len(lines)} lines]")
        return "\n".join(shown)

    def t_str_replace_based_edit_tool(self, command: str, path: str, **a) -> str:
        p = self._path(path)
        if command == "view":
            if p.is_dir():
                return "\n".join(sorted(c.name + "/" * c.is_dir() for c in p.iterdir()))
            lines = p.read_text(encoding="utf-8").splitlines()
            lo, hi = a.get("view_range") or (1, len(lines))
            hi = len(lines) if hi == -1 else hi
            return "\n".join(f"{i:6}\t{lines[i - 1]}" for i in range(lo, min(hi, len(lines)) + 1))
        if command == "create":
            p.write_text(a["file_text"], encoding="utf-8")
            return f"File created successfully at: {path}"
        if command == "str_replace":
            return self.t_edit_file(path, a["old_str"], a.get("new_str", "")).replace(
                "Edited", "Replaced text in"
            )
        if command == "insert":
            lines = p.read_text(encoding="utf-8").split("\n")
            lines[a["insert_line"] : a["insert_line"]] = a["insert_text"].split("\n")
            p.write_text("\n".join(lines), encoding="utf-8")
            return f"Inserted text after line {a['insert_line']} of {path}"
        return f"Error: unknown command {command}"

    def t_bash(self, command: str) -> str:
        """A real shell in the folder (each call a fresh one), stdout and stderr together."""
        return run_shell(command, self.root)


def run_shell(command: str, root: Path, timeout: float = 30) -> str:
    """Run `command` with bash in `root`, this interpreter's folder first on PATH."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}  # a fast pytest for the project's own tests
    done = subprocess.run(["bash", "-c", command], cwd=root, env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return done.stdout + done.stderr


def request(messages: list[dict], tools: list[dict], system: str | None = None, **extra) -> dict:
    return {
        "model": "claude-sonnet-4-6",
        "max_tokens": 1024,
        "system": system_prompt() if system is None else system,
        "tools": tools,
        "messages": messages,
        **extra,
    }


def run(
    prompt: str,
    root: Path,
    tools: list[dict],
    system: str | None = None,
    messages: list[dict] | None = None,
    stub: bool = False,
    aliases: dict | None = None,
    dispatch: Callable[[str, dict], str] | None = None,
    **extra,
) -> list[dict]:
    """Drive brain.respond from `prompt` to end_turn; return the whole messages list.

    `dispatch` (e.g. a checkpoint's dispatch_tool) replaces the in-test tools."""
    dispatch = dispatch or Executor(root, stub=stub, aliases=aliases).run
    messages = list(messages or []) + [user(prompt)]
    for _ in range(60):
        reply = brain.respond(copy.deepcopy(request(messages, tools, system, **extra)))
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            assert not protocol_errors(messages), protocol_errors(messages)
            return messages
        results = [
            tool_result(b["id"], dispatch(b["name"], b["input"]))
            for b in reply.content
            if b["type"] == "tool_use"
        ]
        messages.append(user(results))
        assert not protocol_errors(messages), protocol_errors(messages)
    raise AssertionError("the tutor never reached end_turn")
