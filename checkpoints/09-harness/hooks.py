"""hooks.py (checkpoint 09): the user's own rules around every tool, from a project file.

Try it: in the scratch project `agentcourse run 09` prints, put this in .agent/hooks.json,
then ask for a change ("Add a multiply function to math_utils.py."):

    {"hooks": {
      "PostToolUse": [{"matcher": "str_replace_based_edit_tool",
                       "hooks": [{"type": "command", "command": "python3 -m tabnanny \\"$TOOL_PATH\\""}]}],
      "Stop": [{"hooks": [{"type": "command", "command": "python3 -m pytest -q"}]}]}}

The schema is Claude Code's where it fits (its settings' "hooks" key): an event, a list
of matchers (a regular expression on the tool's name; empty or "*" matches every tool),
each with command hooks. Three events, one contract each:

  PreToolUse   before a tool runs. Exit status 2 refuses the call: the model receives
               "Error: refused by a hook: <its output>". Any other status lets it run.
               The first PreToolUse hook is built in (FenceHook): on a bash call, the
               fence's judgement (fence.py, 08: refused, in the sandbox, or crossing it
               once). The file cannot remove it or put a hook before it; a call it refuses
               reads as in 08, and no hook of the file sees it. The bash tool then runs
               the command as judged, so the user is asked once, not twice. A hook can
               refuse a command the fence allowed; none can allow one it refused.
  PostToolUse  after a tool ran. Its output (with its status, if not 0) is added to the
               tool's result, so the model sees what the formatter or the tests said.
  Stop         when a turn ends. Its output is shown to the user.

A hook learns about the call from its environment: TOOL_NAME, TOOL_PATH (the input's
path, if any) and TOOL_INPUT (the input as JSON). It runs in a shell of its own, in the
same sandbox as the agent's commands (a hook is a command the project asked for; it is
fenced like one), in a subshell so that a `cd` or a variable does not last.

The file names commands the agent runs without asking, so the model must not write it:
.agent/ is a protected path. protect() makes it read-only in the sandbox (a bind mount,
made before the shell starts) and guard_editor() makes the text editor refuse the file, as
protected.py (checkpoint 08) does for .git. (The agent itself still writes .agent/outputs,
checkpoint 06's saved outputs, from outside the sandbox.) It is read at the start of every turn, so
an edit by the user counts from the next request.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

FOLDER = ".agent"  # the protected folder, relative to the project
FILE = os.path.join(FOLDER, "hooks.json")  # the hooks file inside it
EVENTS = ("PreToolUse", "PostToolUse", "Stop")
BLOCK = 2  # the exit status with which a PreToolUse hook refuses the call (Claude Code's)
STATUS = re.compile(r"\n\[exit status (\d+)\]$")  # how bash_session.py reports a failure


@dataclass
class Hook:
    """One command the file asks for, on one event."""

    event: str  # "PreToolUse", "PostToolUse" or "Stop"
    matcher: str  # a regular expression on the tool's name ("" matches every tool)
    command: str  # run in the hooks' shell, inside the sandbox


def load(project: str) -> tuple[list[Hook], str]:
    """The hooks the project's file asks for, and a problem with the file ("" if none)."""
    path = os.path.join(project, FILE)
    if os.path.islink(os.path.join(project, FOLDER)) or os.path.islink(path):
        return [], f"{FILE} is reached through a link, which is never followed; no hooks run"
    if not os.path.isfile(path):
        return [], ""
    try:
        with open(path, encoding="utf-8") as file:
            table = json.load(file).get("hooks", {})
        found = []
        for event in EVENTS:
            for group in table.get(event, []):
                matcher = group.get("matcher", "") or ""
                if matcher != "*":  # "*" is every tool, as "" is (Claude Code's), not an expression
                    re.compile(matcher)  # a bad expression is the file's problem, said once
                found += [Hook(event, matcher, h["command"]) for h in group.get("hooks", [])
                          if h.get("type", "command") == "command" and isinstance(h.get("command"), str)]
        return found, ""
    except (OSError, ValueError, AttributeError, TypeError, KeyError, re.error) as err:
        return [], f"{FILE} was not read ({type(err).__name__}: {err}); no hooks run"


def _matches(hook: Hook, tool: str) -> bool:
    return hook.matcher in ("", "*") or re.fullmatch(hook.matcher, tool) is not None


@dataclass
class FenceHook:
    """The built-in first PreToolUse hook: the fence's judgement of each bash command, made
    before any hook of the file, and kept for the bash tool, which runs it without asking again."""

    fence: object  # fence.Fence (08): judge() asks at most once, execute() asks nothing
    tool: str = "bash"  # the tool whose calls it judges
    judged: object = None  # the allowed call in flight (fence.Judgement); spent by run()

    def before(self, tool: str, tool_input: dict) -> str | None:
        """The fence's refusal, word for word as in 08, or None; an allowed call is kept."""
        self.judged = None
        given = tool_input if isinstance(tool_input, dict) else {}
        command = given.get("command") if given.get("restart") is not True else None
        if tool != self.tool or not isinstance(command, str) or not command.strip():
            return None  # no command will run (a restart, or none given): the tool answers for itself
        judged = self.fence.judge(command)
        if judged.refusal:
            return judged.refusal
        self.judged = judged
        return None

    def run(self, command: str) -> str:
        """The bash tool's way to run `command`: as judged just before, asking nothing; a call
        that was not judged (it came another way) is judged now, so nothing runs unjudged."""
        judged, self.judged = self.judged, None
        if judged is None or judged.command != command:
            return self.fence.run(command)
        return self.fence.execute(judged)


@dataclass
class Hooks:
    """The hooks of the current turn, and the shell they run in."""

    run: Callable[[str], str]  # runs one command in the sandbox; its output (bash_session's)
    first: FenceHook | None = None  # built in, before the file's hooks; the file cannot touch it
    hooks: list[Hook] = field(default_factory=list)  # read from the file at each turn's start
    ran: list[str] = field(default_factory=list)  # "event: command -> status", for the trace
    refused: str | None = None  # the last call's refusal by a PreToolUse hook; after() skips it

    def begin(self, project: str, *shells: object) -> None:
        """At the start of a turn: .agent/ read-only for each shell (protect), and the
        file read again, so that an edit by the user counts from this request on."""
        for shell in shells:
            protect(shell, project)
        self.hooks, problem = load(project)
        if problem:
            print(f"  [hook] {problem}")

    def _run(self, hook: Hook, tool: str, tool_input: dict) -> tuple[int, str]:
        path = tool_input.get("path", "") if isinstance(tool_input, dict) else ""
        setting = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in (
            ("TOOL_NAME", tool), ("TOOL_PATH", path), ("TOOL_INPUT", json.dumps(tool_input))))
        output = self.run(f"(export {setting}\n{hook.command}\n)")  # a subshell: nothing lasts
        found = STATUS.search(output)
        status = int(found.group(1)) if found else (1 if output.startswith("Error:") else 0)
        output = STATUS.sub("", output).strip()
        self.ran.append(f"{hook.event}: {hook.command} -> {status}")
        return status, "" if output == "(no output)" else output

    def before(self, tool: str, tool_input: dict) -> str | None:
        """A refusal ("Error: ...") if the built-in hook or a PreToolUse hook of the file
        blocks the call, else None. The file's hooks run only on a call the first allowed."""
        self.refused = self.first.before(tool, tool_input) if self.first else None
        if self.refused:
            return self.refused
        for hook in (h for h in self.hooks if h.event == "PreToolUse" and _matches(h, tool)):
            status, output = self._run(hook, tool, tool_input)
            if status == BLOCK:
                if self.first:
                    self.first.judged = None  # refused after all: the judgement is never spent
                self.refused = f"Error: refused by a hook ({hook.command}): {output or 'no reason given'}"
                return self.refused
        return None

    def after(self, tool: str, tool_input: dict, result: str) -> str:
        """The tool's result, with what each PostToolUse hook said added (none for a call a
        PreToolUse hook refused: it never ran)."""
        if result.startswith("Error: refused by a hook") or (self.refused and result == self.refused):
            return result
        for hook in (h for h in self.hooks if h.event == "PostToolUse" and _matches(h, tool)):
            status, output = self._run(hook, tool, tool_input)
            if output or status:
                result += f"\n[hook {hook.command}{f' exit {status}' if status else ''}]\n{output}".rstrip()
        return result

    def stop(self) -> None:
        """Run the Stop hooks and show the user what each said; Ctrl-C skips the rest."""
        try:
            for hook in (h for h in self.hooks if h.event == "Stop"):
                status, output = self._run(hook, "", {})
                print(f"  [hook] {hook.command}{f' (exit {status})' if status else ''}"
                      + (f"\n{output}" if output else ""))
        except KeyboardInterrupt:
            print("  [hook] stopped (Ctrl-C)")


def protect(session: object, project: str) -> None:
    """Make .agent/ read-only in `session`'s sandbox (made if missing); before its shell starts,
    or the shell restarts with it. Nothing to do for a shell run without a sandbox."""
    policy = session.policy
    folder = os.path.join(os.path.realpath(project), FOLDER)
    if policy.sandbox is None or folder in policy.sandbox.readable:
        return
    os.makedirs(folder, exist_ok=True)
    if os.path.islink(folder):
        return  # a link is never mounted (the sandbox refuses to follow it); the editor refuses it
    readable = (*policy.sandbox.readable, folder)
    session.policy = dataclasses.replace(policy, sandbox=dataclasses.replace(policy.sandbox, readable=readable))
    if getattr(session, "process", None) is not None:
        session.close()  # the next command starts a shell with the folder mounted read-only


def guard_editor(confined: object) -> None:
    """Make the text editor refuse to write the hooks file (confined.writable runs before any
    write). The rest of .agent/ stays the agent's own: context.py saves long outputs there."""
    checked = confined.writable

    def writable(names: list[str], path: str) -> None:
        if [n.lower() for n in names[:2]] == FILE.lower().split(os.sep):
            raise confined.ToolError(f"{path}: it is {FILE}, which names the commands the "
                                     "agent runs without asking; only you change it")
        checked(names, path)

    confined.writable = writable
