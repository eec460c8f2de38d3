"""How often does checkpoint 08 ask, in an ordinary session? The guardrail, default deny.

One session of checkpoint 08 against the tutor, in a scratch git repository holding the
sample project: the course's requests (the prompt test matrix, a docstring, "run the
tests" twice), then the commands a person types into an agent's shell every day, sent
straight to `dispatch_tool("bash", ...)`. The user answers "a" (always) whenever it is
offered, else "y". Counted side by side: every command the shell was asked to run, how
many asked, and of those how many could be answered "always". A command that asks
after an "always" is the price of default deny: an interpreter, git or a test runner
asks every time, because what it runs is not in the command's text.
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
            "grep -rn def .", "grep -rn TODO . | head", "wc -l *.py", "python3 -m pytest -q",
            "python3 main.py", "git add -A && git commit -qm wip", "git status --short")


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


def session(base_url: str, workdir: Path) -> Tally:
    root = copy_sample_project(workdir / "project")
    for git in (["init", "-q"], ["add", "-A"], ["-c", "user.name=course", "-c",
                "user.email=course@example.invalid", "commit", "-qm", "start"]):
        subprocess.run(["git", *git], cwd=root, check=True, capture_output=True)
    agent = load_checkpoint("08")
    user = agent.GUARDRAIL.ask = User()
    agent.GUARDRAIL.fenced = agent.BASH.fenced
    os.environ.update(GIT_AUTHOR_NAME="course", GIT_AUTHOR_EMAIL="course@example.invalid",
                      GIT_COMMITTER_NAME="course", GIT_COMMITTER_EMAIL="course@example.invalid")
    client = anthropic.Anthropic(base_url=base_url, api_key="tutor-offline")
    here, messages, commands = os.getcwd(), [], 0
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for request in REQUESTS:
                messages.append({"role": "user", "content": request})
                agent.run_turn(client, messages)
            for command in COMMANDS:
                agent.dispatch_tool("bash", {"command": command})
        commands = len(COMMANDS) + sum(
            1 for m in messages if m["role"] == "assistant" for b in m["content"]
            if getattr(b, "type", None) == "tool_use" and b.name == "bash")
    finally:
        os.chdir(here)
        agent.BASH.close()
    return Tally(commands, len(user.asked), sum(offered for _, offered in user.asked),
                 len(REQUESTS), agent.BASH.fenced)


def measure() -> Tally:
    with traces_off():
        with serve() as url, tempfile.TemporaryDirectory(prefix="bench-asks-") as tmp, \
                progress() as bar:
            task = bar.add_task("an ordinary session with checkpoint 08", total=1)
            tally = session(url, Path(tmp))
            bar.advance(task)
    return tally


def main() -> float:
    t = measure()
    print(f"checkpoint 08, {t.requests} requests and {len(COMMANDS)} typed commands "
          f"({'fenced by bubblewrap' if t.fenced else 'NOT fenced: every command asks'}): "
          f"{t.commands} shell commands, {t.asked} asked, {t.offered_always} of them "
          f"offering 'always'")
    share = t.asked / t.commands if t.commands else 0.0
    print(f"the guardrail asked before {share:.0%} of the shell commands "
          f"({t.asked} of {t.commands}); {t.commands - t.asked} ran unasked after an 'always'")
    return share


if __name__ == "__main__":
    main()
