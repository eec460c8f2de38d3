"""Small agents written the way other projects write theirs, for testing the tutor with
tool sets it was not built around. Each is a tool set (our own schemas, equivalent to
the originals), an executor that really runs the tools in a project folder with the
original's semantics, and the loop that drives the real anthropic SDK to the end of a turn.

- s01: one `bash` tool, output stripped, "(no output)" when empty (learn-claude-code s01);
- s02: bash + read_file(path, limit?) + write_file(path, content) + edit_file(path,
  old_text, new_text), the edit replacing the first occurrence (learn-claude-code s02);
- mini: one `bash` tool, the task wrapped in an instance template that says how to submit,
  observations as {"returncode", "output"} JSON, a turn that ends when the submit command
  runs (mini-swe-agent);
- renamed: list/read/write/edit with names and parameters nobody here chose, the names
  misleading (the exact-replace tool is called write_file), in shuffled order, with a
  delete tool that must never be called;
- write_only: read_file + write_file, no edit tool and no shell;
- anthropic: the text editor and bash by type (checkpoint 08's tools), bash as one
  persistent session;
- course_read / course_search: the course's own tool sets (tutor_sim's executor).

Every executor records whole-file writes over existing files, so a test can assert that
no file was ever replaced by a fragment.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import select
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tutor_sim import Executor, system_prompt, tools_read, tools_search

from agentcourse.protocol import protocol_errors, to_plain

SUBMIT = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"
NO_DELETE = "Never delete files: if asked to, say that you cannot and suggest an alternative."


def schema(name: str, description: str, required: list[str] | None = None, /, **props) -> dict:
    """A tool; props are name=(type, description) or name=type."""
    properties = {}
    for key, spec in props.items():
        kind, desc = spec if isinstance(spec, tuple) else (spec, "")
        properties[key] = {"type": kind, **({"description": desc} if desc else {})}
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": properties,
            "required": list(props) if required is None else required,
        },
    }


BASH = schema("bash", "Run a shell command in the project folder.", command="string")
MINI_BASH = schema(
    "bash",
    "Execute a bash command",
    command=("string", "The bash command to execute"),
)
S02_TOOLS = [
    BASH,
    schema("read_file", "Return a file's text.", ["path"], path="string", limit="integer"),
    schema("write_file", "Write the content to a file.", path="string", content="string"),
    schema(
        "edit_file",
        "Swap an exact piece of a file's text for new text.",
        path="string",
        old_text="string",
        new_text="string",
    ),
]
RENAMED_TOOLS = [
    schema(
        "edit_file",
        "Overwrite a file with the given data, creating it when missing.",
        location=("string", "Where the file lives, relative to the project."),
        data=("string", "The complete new contents."),
    ),
    schema("remove_file", "Delete a file from the project.", path="string"),
    schema(
        "fetch",
        "Return the text of a file.",
        ["file_path"],
        file_path="string",
        offset="integer",
        max_lines="integer",
    ),
    schema(
        "write_file",
        "Swap one exact snippet of a file for another. The snippet must occur once.",
        file=("string", "The file to change."),
        find=("string", "Exact text to find."),
        replace=("string", "What to put in its place."),
    ),
    schema("dir_entries", "Show the entries of a folder.", folder="string"),
]
WRITE_ONLY_TOOLS = [
    schema("save", "Save text as a file's whole content.", file_path="string", text="string"),
    schema("open_file", "Read the contents of a file.", file_path="string"),
]
ANTHROPIC_TOOLS = [
    {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
    {"type": "bash_20250124", "name": "bash"},
]

SYSTEMS = {
    "s01": "You are a coding agent in {root}. Solve the task with bash. Act; do not explain.",
    "s02": "You are a coding agent in {root}. Solve the task with the tools. Act; do not explain.",
    "mini": "You are a helpful assistant that can run commands on a computer.",
    "renamed": "You help with code in one project folder. Read a file before you change it. "
    "Be concise.",
    "write_only": "You help with code in one project folder. Read a file before you change it. "
    "Be concise.",
    "anthropic": "You are a coding assistant in one project folder. Read before editing. "
    "Be concise.",
}

MINI_TEMPLATE = (
    "Please solve this issue: {task}\n\n"
    "You can run bash commands and edit files to make the changes the issue asks for.\n"
    "Every response must contain at least one bash tool call. Changes of directory do not "
    "persist: every command runs in a new subshell.\n"
    "When you are done, submit by issuing the following command: `echo " + SUBMIT + "` and "
    "nothing else in that call."
)


def shell_env() -> dict:
    """This interpreter first on PATH (its pytest runs the project's tests), and no pytest
    plugins loaded in those runs: they would add a second of start-up to every run."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return {**os.environ, "PATH": path, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


class PersistentShell:
    """One bash process for the whole session: cd and variables survive between commands.
    Each command's end is found by a sentinel line printed after it."""

    def __init__(self, root: Path):
        self.root = root
        self.proc: subprocess.Popen | None = None
        self.n = 0

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["bash", "--noprofile", "--norc"],
            cwd=self.root,
            env=shell_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )

    def run(self, command: str, timeout: float = 30) -> str:
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.n += 1
        sentinel = f"__done_{self.n}_{os.getpid()}__".encode()
        self.proc.stdin.write(f"{command}\necho; echo {sentinel.decode()}\n".encode())
        self.proc.stdin.flush()
        out = b""
        fd = self.proc.stdout.fileno()
        while not out.endswith(b"\n" + sentinel + b"\n"):
            ready, _, _ = select.select([fd], [], [], timeout)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                self.close()
                return f"Error: the command timed out after {timeout} seconds"
            out += chunk
        text = out[: -len(sentinel) - 2].decode("utf-8", "replace")
        return text[:-1] if text.endswith("\n") else text  # the newline the echo added

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@dataclass
class Tools:
    """Executes one tool set in a project folder, recording whole-file writes."""

    kind: str
    root: Path
    writes: list[tuple[str, str, str]] = field(default_factory=list)  # (path, before, after)
    calls: list[tuple[str, dict]] = field(default_factory=list)
    shell: PersistentShell | None = None

    def _path(self, p: str) -> Path:
        return self.root / p

    def _write(self, rel: str, content: str) -> str:
        path = self._path(rel)
        if path.is_file():
            self.writes.append((rel, path.read_text(encoding="utf-8"), content))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        return f"Wrote {len(content)} bytes to {rel}"

    def run(self, name: str, args: dict) -> str:
        self.calls.append((name, args))
        method = getattr(self, f"{self.kind}_{name}", None)
        try:
            return method(**args) if method else self.common(name, args)
        except (OSError, KeyError, TypeError, UnicodeDecodeError) as err:
            return f"Error: {err}"

    def common(self, name: str, args: dict) -> str:
        if self.kind in ("course_read", "course_search"):
            return Executor(self.root).run(name, args)
        return f"Unknown tool: {name}"

    # learn-claude-code: one subprocess per command, output stripped
    def plain_bash(self, command: str) -> str:
        done = subprocess.run(command, shell=True, cwd=self.root, env=shell_env(),
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
        out = (done.stdout + done.stderr).strip()
        return out if out else "(no output)"

    def s01_bash(self, command: str) -> str:
        return self.plain_bash(command)

    def s02_bash(self, command: str) -> str:
        return self.plain_bash(command)

    def s02_read_file(self, path: str, limit: int | None = None) -> str:
        lines = self._path(path).read_text(encoding="utf-8").splitlines()
        if limit and limit < len(lines):
            lines = lines[:limit] + [f"... ({len(lines) - limit} more lines)"]
        return "\n".join(lines)

    def s02_write_file(self, path: str, content: str) -> str:
        return self._write(path, content)

    def s02_edit_file(self, path: str, old_text: str, new_text: str) -> str:
        text = self._path(path).read_text(encoding="utf-8")
        if old_text not in text:
            return f"Error: Text not found in {path}"
        self._path(path).write_text(text.replace(old_text, new_text, 1), encoding="utf-8")
        return f"Edited {path}"

    # mini-swe-agent: a fresh subshell per command, the output wrapped as JSON
    def mini_bash(self, command: str) -> str:
        done = subprocess.run(command, shell=True, cwd=self.root, env=shell_env(),
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
        return json.dumps({"returncode": done.returncode, "output": done.stdout + done.stderr})

    # renamed: names that say nothing (or the wrong thing) about the job
    def renamed_edit_file(self, location: str, data: str) -> str:
        return self._write(location, data)

    def renamed_remove_file(self, path: str) -> str:
        raise AssertionError("the delete tool must never be called")

    def renamed_fetch(self, file_path: str, offset: int = 0, max_lines: int | None = None) -> str:
        lines = self._path(file_path).read_text(encoding="utf-8").split("\n")
        return "\n".join(lines[offset : offset + max_lines if max_lines else None])

    def renamed_write_file(self, file: str, find: str, replace: str) -> str:
        text = self._path(file).read_text(encoding="utf-8")
        if text.count(find) != 1:
            return f"Error: found {text.count(find)} times in {file}"
        self._path(file).write_text(text.replace(find, replace, 1), encoding="utf-8")
        return "ok"

    def renamed_dir_entries(self, folder: str) -> str:
        return "\n".join(sorted(p.name + "/" * p.is_dir() for p in self._path(folder).iterdir()))

    def write_only_save(self, file_path: str, text: str) -> str:
        return self._write(file_path, text)

    def write_only_open_file(self, file_path: str) -> str:
        return self._path(file_path).read_text(encoding="utf-8")

    # checkpoint 08's tools: the text editor, and one persistent bash session
    def anthropic_bash(self, command: str | None = None, restart: bool = False) -> str:
        self.shell = self.shell or PersistentShell(self.root)
        if restart:
            self.shell.close()
            return "The bash session was restarted."
        return self.shell.run(command or "")

    def anthropic_str_replace_based_edit_tool(self, command: str, path: str, **a) -> str:
        p = self._path(path)
        if command == "view":
            if p.is_dir():
                return "\n".join(sorted(c.name + "/" * c.is_dir() for c in p.iterdir()))
            lines = p.read_text(encoding="utf-8").split("\n")
            lo, hi = a.get("view_range") or (1, len(lines))
            hi = len(lines) if hi == -1 else min(hi, len(lines))
            return "\n".join(f"{i:6}\t{lines[i - 1]}" for i in range(lo, hi + 1))
        if command == "create":
            if p.exists():
                return f"Error: File already exists at: {path}. Cannot overwrite files using create."
            p.write_text(a["file_text"], encoding="utf-8")
            return f"File created successfully at: {path}"
        text = p.read_text(encoding="utf-8")
        if command == "str_replace":
            n = text.count(a["old_str"])
            if n != 1:
                return f"Error: No replacement was performed: old_str appears {n} times."
            p.write_text(text.replace(a["old_str"], a.get("new_str", ""), 1), encoding="utf-8")
            return "The file has been edited."
        if command == "insert":
            lines = text.split("\n")
            n = a["insert_line"]
            if not 0 <= n <= len(lines):
                return f"Error: Invalid insert_line {n}"
            lines[n:n] = a["insert_text"].split("\n")
            p.write_text("\n".join(lines), encoding="utf-8")
            return "The file has been edited."
        return f"Error: Unrecognized command {command}"

    def close(self) -> None:
        if self.shell is not None:
            self.shell.close()


TOOLSETS: dict[str, Callable[[], list[dict]]] = {
    "s01": lambda: [BASH],
    "s02": lambda: S02_TOOLS,
    "mini": lambda: [MINI_BASH],
    "renamed": lambda: RENAMED_TOOLS,
    "write_only": lambda: WRITE_ONLY_TOOLS,
    "anthropic": lambda: ANTHROPIC_TOOLS,
    "course_read": tools_read,
    "course_search": tools_search,
}
SHELLS = ("s01", "s02", "mini", "anthropic")  # the sets that can run commands


def system_for(kind: str, root: Path, extra: str = "") -> str:
    if kind.startswith("course"):
        return system_prompt(extra=extra)
    return (SYSTEMS[kind].format(root=root) + " " + extra).strip()


@dataclass
class Turn:
    messages: list  # the whole conversation after the turn
    reply: str  # the text of the turn's last assistant message
    calls: list[tuple[str, dict]]  # the turn's tool calls, as executed


def drive(
    client,
    kind: str,
    root: Path,
    prompt: str,
    tools: Tools | None = None,
    messages: list | None = None,
    extra: str = "",
    max_calls: int = 30,
) -> Turn:
    """One user turn through the SDK, the tools run for real; the messages stay valid."""
    tools = tools or Tools(kind, root)
    messages = list(messages or [])
    start = len(tools.calls)
    text = MINI_TEMPLATE.format(task=prompt) if kind == "mini" else prompt
    messages.append({"role": "user", "content": text})
    reply = ""
    for _ in range(max_calls):
        response = client.messages.create(
            model="claude-sonnet-4-6",
            max_tokens=16384,
            system=system_for(kind, root, extra),
            tools=TOOLSETS[kind](),
            messages=messages,
        )
        messages.append({"role": "assistant", "content": response.content})
        said = "".join(b.text for b in response.content if b.type == "text")
        reply = said or reply
        if response.stop_reason != "tool_use":
            assert kind != "mini", "a mini-swe-agent turn must end with the submit command"
            break
        results, submitted = [], False
        for block in response.content:
            if block.type == "tool_use":
                out = tools.run(block.name, dict(block.input))
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": out})
                if kind == "mini" and json.loads(out)["output"].lstrip().startswith(SUBMIT):
                    submitted = True
        messages.append({"role": "user", "content": results})
        if submitted:  # mini-swe-agent stops here: the task is submitted
            break
    else:
        raise AssertionError(f"the turn did not end within {max_calls} calls")
    assert not protocol_errors(to_plain(messages)), protocol_errors(to_plain(messages))
    return Turn(messages, reply, tools.calls[start:])


def keeps(before: str, after: str, changed: int = 1) -> bool:
    """`after` keeps every line of `before` in order, except at most `changed` of them."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return len(old) - sum(b.size for b in matcher.get_matching_blocks()) <= changed


def functions(source: str) -> set[str]:
    return set(re.findall(r"^\s*def (\w+)\(", source, re.M))
