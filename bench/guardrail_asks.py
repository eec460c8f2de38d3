"""How often does checkpoint 08 ask, in an ordinary session? Each mode, side by side.

One session of checkpoint 08 against the tutor, in a scratch git repository holding the
sample project: the course's requests (the prompt test matrix, a docstring, "run the
tests" twice), then COMMANDS, the commands a person types into an agent's shell on an
ordinary day, sent straight to `dispatch_tool("bash", ...)`: the project's code and
tests, git status, add and commit, pip --version, a file written through the shell,
and the read-only tools (find, sed -n, awk, nl, which, a glob). REQUESTS and COMMANDS
are the bench's input, kept here with it. The session runs once per mode:

- fenced (the default where a sandbox can be made): commands run in the sandbox without
  asking; only a command the fence stopped, sent again, asks to cross it.
- strict: the guardrail asks before every command it cannot approve "always"; the user
  answers "a" (always) whenever it is offered, else "y". An interpreter, git or a test
  runner asks every time, because what it runs is not in the command's text.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import anthropic

from agentcourse.course.matrix import ROWS
from agentcourse.paths import load_checkpoint
from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor import serve
from bench import progress, traces_off

REQUESTS = (*[row.prompt for row in ROWS],
            "Add a docstring to the add function in math_utils.py.",
            "Run the tests and tell me if they pass.",
            "Run the tests and tell me if they pass.")
COMMANDS = ("git status", "git diff --stat", "git log --oneline", "ls", "ls -la", "cat README.md",
            "grep -rn def .", "grep -rn TODO . | head", "wc -l *.py", "python3 -m pytest -q tests.py",
            "python3 main.py", "pip --version", "echo 'print(6 * 7)' > scratch.py && python3 scratch.py",
            "printf 'todo\\n' > notes.txt", "cat *.txt",
            "find . -name '*.py'", "sed -n 1,5p math_utils.py", "awk 'NR <= 3' math_utils.py",
            "nl utils.py", "which python3", "git add -A && git commit -qm wip", "git status --short")
MODES = ("fenced", "strict")


@dataclass
class User:
    """Answers "a" when "always" is offered, else "y"; counts what it was asked."""

    asked: list[tuple[str, bool]] = field(default_factory=list)  # (command, "always" offered)

    def __call__(self, command: str, programs: list[str], reason: str) -> str:
        self.asked.append((command, bool(programs)))
        return "a" if programs else "y"


@dataclass
class Tally:
    commands: int  # commands the shell was asked to run
    asked: int  # of those, how many asked the user
    offered_always: int  # of those, how many could be answered "always"
    requests: int  # the requests the model worked on
    fenced: bool  # the shell ran in the sandbox
    mode: str = "strict"  # the mode the agent's bash tool ran in (fence.py)
    failed: int = 0  # typed commands whose output ended in an error status or a refusal


def session(base_url: str, workdir: Path, mode: str = "strict") -> Tally:
    root = copy_sample_project(workdir / mode)
    for git in (["init", "-q"], ["add", "-A"], ["-c", "user.name=course", "-c",
                "user.email=course@example.invalid", "commit", "-qm", "start"]):
        subprocess.run(["git", *git], cwd=root, check=True, capture_output=True)
    agent = load_checkpoint("08")
    user = agent.GUARDRAIL.ask = User()
    agent.GUARDRAIL.fenced = agent.BASH.fenced
    agent.FENCE.mode = mode
    os.environ.update(GIT_AUTHOR_NAME="course", GIT_AUTHOR_EMAIL="course@example.invalid",
                      GIT_COMMITTER_NAME="course", GIT_COMMITTER_EMAIL="course@example.invalid")
    client = anthropic.Anthropic(base_url=base_url, api_key="tutor-offline")
    here, messages, commands, failed = os.getcwd(), [], 0, 0
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for request in REQUESTS:
                messages.append({"role": "user", "content": request})
                agent.run_turn(client, messages)
            for command in COMMANDS:
                output = agent.dispatch_tool("bash", {"command": command})
                failed += output.startswith("Error") or "[exit status" in output
        commands = len(COMMANDS) + sum(
            1 for m in messages if m["role"] == "assistant" for b in m["content"]
            if getattr(b, "type", None) == "tool_use" and b.name == "bash")
    finally:
        os.chdir(here)
        agent.BASH.close()
    return Tally(commands, len(user.asked), sum(offered for _, offered in user.asked),
                 len(REQUESTS), agent.BASH.fenced, agent.FENCE.chosen(), failed)


def measure(modes: tuple[str, ...] = MODES) -> dict[str, Tally]:
    """The ordinary session once per mode, each in a fresh copy of the project."""
    tallies = {}
    with traces_off():
        with serve() as url, tempfile.TemporaryDirectory(prefix="bench-asks-") as tmp, \
                progress() as bar:
            task = bar.add_task("an ordinary session with checkpoint 08, per mode", total=len(modes))
            for mode in modes:
                tallies[mode] = session(url, Path(tmp), mode)
                bar.advance(task)
    return tallies


def main() -> float:
    tallies = measure()
    for t in tallies.values():
        print(f"checkpoint 08, mode {t.mode} ({'fenced by bubblewrap' if t.fenced else 'NOT fenced'}), "
              f"{t.requests} requests and {len(COMMANDS)} typed commands: {t.commands} shell "
              f"commands, {t.asked} asked ({t.offered_always} offering 'always'), "
              f"{t.failed} typed commands failed")
    fenced = tallies.get("fenced")
    return fenced.asked if fenced else 0.0


if __name__ == "__main__":
    main()
