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
- harness: a coding-agent harness in the manner of Claude Code and the Claude Agent
  SDK: Bash, Read (absolute paths, `N\t` line prefixes), Edit (fails on a file Read did
  not read), Write, and tools that must never be called unasked (Agent, ScheduleWakeup,
  ToolSearch, WebFetch); the user's words sit among `<system-reminder>` blocks, a
  `role: "system"` message follows them, every tool result message ends with a reminder,
  and errors come back as `<tool_use_error>` with `is_error`;
- course_read / course_search: the course's own tool sets (tutor_sim's executor).

Every executor records whole-file writes over existing files, so a test can assert that
no file was ever replaced by a fragment.
"""

from __future__ import annotations

import contextlib
import difflib
import io
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

from agentcourse.api.protocol import protocol_errors, to_plain

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
def _props(required: list[str], **props) -> dict:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


S, N, B = {"type": "string"}, {"type": "number"}, {"type": "boolean"}
# Paraphrases of a harness's tools (Claude Code 2.1's names and parameters, our own words).
HARNESS_TOOLS = [
    {"name": "Agent", "description": "Launch a sub-agent that works on a task on its own and reports back. "
     "Use it for broad searches across many files.",
     "input_schema": _props(["description", "prompt"], description=S, prompt=S, subagent_type=S)},
    {"name": "Bash", "description": "Executes a bash command and returns its output. Avoid cat, head, "
     "sed or echo when a dedicated tool does the job. Python and node are installed.",
     "input_schema": _props(["command"], command={**S, "description": "The command to execute"},
                            timeout={**N, "description": "Optional timeout in milliseconds"},
                            description={**S, "description": "What the command does, in a few words"},
                            run_in_background=B)},
    {"name": "Edit", "description": "Performs exact string replacement in a file.\n- You must Read the "
     "file in this conversation before editing, or the call will fail.\n- Strip the Read line prefix "
     "(line number + tab) before matching.",
     "input_schema": _props(["file_path", "old_string", "new_string"],
                            file_path={**S, "description": "The absolute path to the file to modify"},
                            old_string={**S, "description": "The text to replace"},
                            new_string={**S, "description": "The text to replace it with"},
                            replace_all={**B, "default": False})},
    {"name": "Read", "description": "Reads a file from the local filesystem. Results are returned using "
     "cat -n format, with line numbers starting at 1.",
     "input_schema": _props(["file_path"], file_path={**S, "description": "The absolute path to the file to read"},
                            offset={"type": "integer"}, limit={"type": "integer"})},
    {"name": "ScheduleWakeup", "description": "Schedule when to resume work on this task, for polling or "
     "waiting on something to finish.",
     "input_schema": _props(["delaySeconds", "reason", "prompt"], delaySeconds=N, reason=S, prompt=S)},
    {"name": "ToolSearch", "description": "Fetches full schema definitions for deferred tools so they can "
     "be called. Query with select:<name> or keywords.",
     "input_schema": _props(["query"], query=S, max_results=N)},
    {"name": "WebFetch", "description": "Fetches content from a URL and processes it with a prompt.",
     "input_schema": _props(["url", "prompt"], url={**S, "format": "uri"}, prompt=S)},
    {"name": "Write", "description": "Writes a file to the local filesystem, overwriting if one exists. "
     "Overwriting an existing file you haven't Read will fail.",
     "input_schema": _props(["file_path", "content"],
                            file_path={**S, "description": "The absolute path to the file to write (must be "
                                       "absolute, not relative)"}, content=S)},
]
HARNESS_NEVER = {"Agent", "ScheduleWakeup", "ToolSearch", "WebFetch"}
READ_REMINDER = ("<system-reminder>\nWhenever you read a file, consider whether it looks malicious. "
                 "If it does, refuse to improve it.\n</system-reminder>")
TURN_REMINDER = "<system-reminder>\nThe todo list is empty. Ignore this if it does not apply.\n</system-reminder>"


def harness_message(prompt: str, root: Path) -> dict:
    """The user's words among a harness's reminders, as Claude Code sends them."""
    return {"role": "user", "content": [
        {"type": "text", "text": f"<system-reminder>\n# Environment\n - Primary working directory: {root}\n"
                                 " - Platform: linux\n</system-reminder>"},
        {"type": "text", "text": "<system-reminder>\nAvailable agent types for the Agent tool: a general-"
                                 "purpose agent that searches, reads and edits files.\n</system-reminder>"},
        {"type": "text", "text": prompt},
        {"type": "text", "text": "<system-reminder>\nToday's date is 2026-12-01.\n</system-reminder>"},
    ]}


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
    "harness": "You are an agent working with the user toward their goals, using your own judgment. "
    "Prefer the dedicated file tools over shell commands. Before deleting or overwriting, look at "
    "the target. Report outcomes faithfully. Keep your replies short.",
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
    read: set[str] = field(default_factory=set)  # harness: files its Read (or Write) has seen

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
        except HarnessError as err:
            return f"<tool_use_error>{err}</tool_use_error>"
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

    # a harness in the manner of Claude Code: absolute paths, Read before Edit
    def _absolute(self, file_path: str) -> Path:
        if not file_path.startswith("/"):
            raise HarnessError(f"File path must be absolute: {file_path}")
        return Path(file_path)

    def harness_Bash(self, command: str, **_: object) -> str:
        return self.plain_bash(command)

    def harness_Read(self, file_path: str, offset: int | None = None, limit: int | None = None) -> str:
        path = self._absolute(file_path)
        if not path.is_file():
            raise HarnessError(f"File does not exist. Note: your current working directory is {self.root}.")
        lines = path.read_text(encoding="utf-8").split("\n")
        lines = lines[:-1] if lines and lines[-1] == "" else lines
        first = max(1, offset or 1)
        shown = lines[first - 1 : (first - 1 + limit) if limit else None]
        self.read.add(str(path))
        numbered = "\n".join(f"{n:6}\t{line}" for n, line in enumerate(shown, first))
        return f"{numbered}\n\n{READ_REMINDER}"

    def harness_Edit(self, file_path: str, old_string: str, new_string: str, replace_all: bool = False) -> str:
        path = self._absolute(file_path)
        if str(path) not in self.read:
            raise HarnessError("File has not been read yet. Read it first before writing to it.")
        text = path.read_text(encoding="utf-8")
        n = text.count(old_string)
        if n == 0:
            raise HarnessError(f"String to replace not found in file.\nString: {old_string}")
        if n > 1 and not replace_all:
            raise HarnessError(f"Found {n} matches of the string to replace, but replace_all is false.")
        path.write_text(text.replace(old_string, new_string) if replace_all else text.replace(old_string, new_string, 1),
                        encoding="utf-8")
        return f"The file {file_path} has been updated successfully."

    def harness_Write(self, file_path: str, content: str) -> str:
        path = self._absolute(file_path)
        if path.exists() and str(path) not in self.read:
            raise HarnessError("File has not been read yet. Read it first before writing to it.")
        self._write(str(path.relative_to(self.root)), content)
        self.read.add(str(path))
        return f"File created successfully at: {file_path}"

    def close(self) -> None:
        if self.shell is not None:
            self.shell.close()


class HarnessError(Exception):
    """A harness tool's refusal: sent back as `<tool_use_error>` with `is_error`."""


for _never in HARNESS_NEVER:
    def _refuse(self, _name=_never, **args):
        raise AssertionError(f"{_name} must never be called for this request: {args}")
    setattr(Tools, f"harness_{_never}", _refuse)


TOOLSETS: dict[str, Callable[[], list[dict]]] = {
    "s01": lambda: [BASH],
    "s02": lambda: S02_TOOLS,
    "mini": lambda: [MINI_BASH],
    "renamed": lambda: RENAMED_TOOLS,
    "write_only": lambda: WRITE_ONLY_TOOLS,
    "anthropic": lambda: ANTHROPIC_TOOLS,
    "harness": lambda: HARNESS_TOOLS,
    "course_read": tools_read,
    "course_search": tools_search,
}
SHELLS = ("s01", "s02", "mini", "anthropic", "harness")  # the sets that can run commands


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
    if kind == "harness":
        messages += [harness_message(prompt, root),
                     {"role": "system", "content": "Mid-conversation note: the session is in print mode."}]
    else:
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
                result = {"type": "tool_result", "tool_use_id": block.id, "content": out}
                if out.startswith("<tool_use_error>"):
                    result["is_error"] = True
                results.append(result)
                if kind == "mini" and json.loads(out)["output"].lstrip().startswith(SUBMIT):
                    submitted = True
        if kind == "harness":
            results.append({"type": "text", "text": TURN_REMINDER})
        messages.append({"role": "user", "content": results})
        if submitted:  # mini-swe-agent stops here: the task is submitted
            break
    else:
        raise AssertionError(f"the turn did not end within {max_calls} calls")
    plain = [m for m in to_plain(messages) if m.get("role") != "system"]  # the harness's note
    assert not protocol_errors(plain), protocol_errors(plain)
    return Turn(messages, reply, tools.calls[start:])


def keeps(before: str, after: str, changed: int = 1) -> bool:
    """`after` keeps every line of `before` in order, except at most `changed` of them."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return len(old) - sum(b.size for b in matcher.get_matching_blocks()) <= changed


def functions(source: str) -> set[str]:
    return set(re.findall(r"^\s*def (\w+)\(", source, re.M))


def output_of(source: str, call: str) -> str:
    """What running `source`, then evaluating `call` in it, prints."""
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<project file>", "exec"), namespace)
        eval(call, namespace)
    return out.getvalue()
