"""fence.py (checkpoint 08): when the agent's shell asks first, in one of two modes.

Run the agent and the first lines say which mode it is in. To choose, set
AGENT_SHELL_MODE=strict (or fenced) before starting it; a test sets `agent.FENCE.mode`.

  fenced  the default where a sandbox can be made. Every command runs inside the
          sandbox without asking: the sandbox, not a question, is what stands between
          the command and your machine. When the fence stops one (the network is shut
          off, a place is read-only: the system, the Python environment, a protected
          path such as .git/config), the result says so, and the same command sent
          again asks you to run it once with a wider fence: a fresh sandbox with the
          network when the network stopped it, otherwise no sandbox at all. Nothing is
          decided from a list of dangerous commands; the question comes only at the
          fence, and it shows the exact command.
  strict  the default where no sandbox can be made, and a setting elsewhere: the
          guardrail (guardrail.py) asks before every command it cannot approve
          "always", as Guardrail.check always has, and the user answers for each.

Codex CLI has the same split (its sandbox modes and approval policies: `on-request` runs
inside the sandbox and asks to go beyond it), and so does Claude Code (sandboxed bash
commands auto-allowed, a command that needs to leave the sandbox asking). A limit a
command met (limits.py) is said in both modes; it is not a fence to cross.

The judgement and the run are two steps: judge(command) asks the user at most once and runs
nothing; execute(judgement) runs what was judged and asks nothing. run() is the two in a row;
a caller that must judge before something else happens (checkpoint 09's hooks) calls them apart.
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass, field

import environment
import guardrail
import limits
import protected
from bash_session import BashSession
from guardrail import Guardrail

FENCED, STRICT = "fenced", "strict"
# What a command stopped by the fence prints: the operating system's own words for it.
SIGNS = (
    (r"Read-only file system", "a read-only place",
     "it tried to write where the sandbox allows reading only: the system, the Python "
     "environment, or a protected path (.git/config, .git/hooks, .git/info), which git runs later"),
    (r"Temporary failure in name resolution|Could not resolve host|Name or service not known|"
     r"Network is unreachable|No address associated with hostname|getaddrinfo failed", "the network",
     "it tried to reach the network, which the sandbox shuts off"),
)
CROSS = ("If it is needed, send the same command again: the user will be asked to run it "
         "once {wider}. Otherwise, say what was stopped.")


@dataclass(frozen=True)
class Judgement:
    """What the fence decided about one command before it runs: refused, or where it runs."""

    command: str  # the exact command judged; nothing else runs on this judgement
    refusal: str = ""  # what the model reads when the command may not run; "": it may
    wider: str = ""  # "": in the agent's shell; else what stopped it there, and it runs once, wider


@dataclass
class Fence:
    """Which mode the agent's bash tool runs in, and what the fence stopped."""

    guardrail: Guardrail  # strict mode's judgement, and the one who asks the user
    session: BashSession  # where commands run
    mode: str | None = field(default_factory=lambda: os.environ.get("AGENT_SHELL_MODE"))  # "fenced"
    #   or "strict" (anything else is strict); None: fenced where a sandbox can be made
    blocked: dict[str, str] = field(default_factory=dict)  # a command the fence stopped -> by what

    def chosen(self) -> str:
        """The mode, chosen at first use: "fenced" needs a sandbox; without one, "strict"."""
        if not self.mode:
            self.mode = FENCED if self.session.fenced else STRICT
        return FENCED if self.mode == FENCED and self.session.fenced else STRICT

    def run(self, command: str) -> str:
        """Run `command` as the mode says; its output with the fence's notes, or a refusal."""
        return self.execute(self.judge(command))

    def judge(self, command: str) -> Judgement:
        """Whether `command` may run, and where; asks the user at most once, runs nothing."""
        problem = protected.too_wide(os.getcwd())
        if problem:
            return Judgement(command, f"Error: no command runs here: {problem}")
        if self.chosen() == STRICT:
            self.guardrail.search = environment.shell_path(
                self.session.policy.sandbox if self.session.fenced else None)
            return Judgement(command, self.guardrail.check(command) or "")
        if command in self.blocked:
            return self.cross(command)
        return Judgement(command)

    def execute(self, judged: Judgement) -> str:
        """Run a judged command where its judgement says, asking nothing; or its refusal."""
        if judged.refusal:
            return judged.refusal
        if judged.wider:
            return self._once(judged)
        return self._noted(judged.command, self.session.run(judged.command))

    def _noted(self, command: str, output: str) -> str:
        """`output`, and what stopped the command: the fence, or a limit."""
        if not self.session.fenced:
            return output
        notes = limits.notes(output, self.session.policy.sandbox.limits)
        for pattern, what, text in SIGNS:
            if re.search(pattern, output):
                wider = "in a sandbox with the network" if what == "the network" else "outside the sandbox"
                crossing = " " + CROSS.format(wider=wider) if self.chosen() == FENCED else ""
                notes.append(f"[fence] the sandbox stopped part of this command: {text}.{crossing}")
                self.blocked[command] = what
        return "\n".join([output, *notes]) if notes else output

    def cross(self, command: str) -> Judgement:
        """Ask to run `command`, which the fence stopped, once with a wider fence."""
        what = self.blocked.pop(command)
        reason = (f"The sandbox stopped this command ({what}). Only this exact command can be "
                  f"approved: it runs once more, {_wider(what)}, in a fresh shell in the project folder.")
        if self.guardrail.ask(command, [], reason) not in ("y", "a"):
            return Judgement(command, guardrail.REFUSAL)
        return Judgement(command, wider=what)

    def _once(self, judged: Judgement) -> str:
        """Run a command approved to cross the fence, once, in a fresh shell with a wider fence."""
        fenced = self.session.policy.sandbox
        wide = dataclasses.replace(fenced, network=True) if judged.wider == "the network" and fenced else None
        once = BashSession(dataclasses.replace(self.session.policy, sandbox=wide))
        try:
            return f"[run again {_wider(judged.wider)}]\n" + once.run(judged.command)
        finally:
            once.close()

    def startup(self) -> list[str]:
        """What the agent says at start-up: the fence, and the mode."""
        why = self.session.unfenced_reason
        lines = [f"  [shell] NOT fenced, it runs with your permissions: {why}" if why else
                 "  [shell] fenced by bubblewrap: the project writable (its .git config and hooks "
                 "read-only), the home folder hidden, no network, limits on memory, files and processes"]
        if self.chosen() == FENCED:
            lines.append("  [shell] mode fenced: commands run in the sandbox without asking; "
                         "you are asked only to run one outside it")
        else:
            lines.append("  [shell] mode strict: commands ask first" +
                         (" (no sandbox can be made here)" if why else ""))
            if missing := guardrail.missing():
                lines.append(f"  [guardrail] {missing}: every command asks")
        return lines


def _wider(what: str) -> str:
    """Where a command the fence stopped by `what` runs when the user lets it cross."""
    return ("in a new sandbox with the network on" if what == "the network" else
            "OUTSIDE the sandbox, with all your permissions")
