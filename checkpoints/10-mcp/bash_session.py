"""bash_session.py (checkpoint 08): one persistent bash shell for the whole agent run.

The bash tool's contract (Anthropic's bash tool docs) is a session: `cd`, variables and
files made by one command are there for the next. So the agent keeps one `bash` process
and writes each command to its stdin. A pipe to a live process never reports end-of-file,
so after each command the shell prints a sentinel line; the reader knows the command is
over when it sees it. Four things make that trustworthy:

- the sentinel is random for each command and printed in two halves, so no file a
  command prints, and no trace of the shell's own input (`set -x`), can contain it;
- each command reads its stdin from /dev/null, so `cat` or `read` cannot swallow the
  sentinel (or hang waiting for a keyboard that is not there);
- a command that runs past the timeout is killed with everything it started (the shell
  runs in its own process group), the session restarts, and the model is told so;
- output is read to the very end, the sentinel, before anything is cut: stopping early
  would leave the rest to be mistaken for the next command's output. What does not fit
  is cut from the middle (the start and the end usually matter most), counted, and said.

Where it can (Linux with bubblewrap), the shell starts inside the sandbox of sandbox.py,
once per session: it writes only to the project folder, sees nothing of the home folder,
has no network, and everything it starts dies with it, however it tried to leave (a
PID namespace). Elsewhere it runs plainly, with your permissions; `unfenced_reason` says
why, so the agent can tell you.

Doubts, stated: unfenced, a process that leaves the process group (`setsid`, a daemon)
survives a timeout; a command that reads the shell's own input through the shell
(`read -u`) could see what comes next; background jobs that print later show up in a
later command's output.
"""

from __future__ import annotations

import ctypes
import os
import secrets
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

import environment  # NEW: the shell's variables by allowlist, and its PATH
import protected  # NEW: what a command adds to .git in place of git's own is moved aside
import sandbox
from sandbox import SandboxPolicy


@dataclass(frozen=True)
class BashPolicy:
    """How the session runs commands; every limit is one field."""

    timeout: float = 30.0  # seconds a command may run; then its whole process group is killed
    max_output: int = 30_000  # characters of output the model sees; the middle of more is cut
    shell: tuple[str, ...] = ("bash", "--norc", "--noprofile")  # no rc files: the same shell anywhere
    env_allowed: tuple[str, ...] = environment.ALLOWED  # the only variables the shell gets
    #   (environment.py): the locale, the terminal, who you are, Python's and git's own
    env_pass: tuple[str, ...] = ()  # more names (or patterns) you choose to pass: each value
    #   reaches every command, and through its output, the model
    extra_env: dict[str, str] = field(default_factory=lambda: {  # nobody is there to page or type
        "PAGER": "cat", "GIT_PAGER": "cat", "TERM": "dumb", "GIT_TERMINAL_PROMPT": "0"})
    sandbox: SandboxPolicy | None = SandboxPolicy()  # the OS fence around the shell (sandbox.py);
    #   None runs every command with all your permissions, on purpose


ADOPTING = False  # True once this process reaps orphans (Linux only)


def adopt_orphans() -> None:
    """On Linux, become the "child subreaper": the killed shell's orphans become ours to
    reap. Otherwise they go to init, and some inits (containers' often) never reap them."""
    global ADOPTING
    if not ADOPTING and sys.platform.startswith("linux"):
        PR_SET_CHILD_SUBREAPER = 36
        ADOPTING = ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


class Output:
    """Bytes streamed through: keeps the head and the tail, counts the rest, never grows."""

    def __init__(self, keep: int):
        self.keep = keep // 2  # bytes kept at each end (bytes >= characters in UTF-8)
        self.head, self.tail = bytearray(), bytearray()
        self.total = self.lines = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        self.lines += data.count(b"\n")
        room = self.keep - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        self.tail += data[-self.keep :]
        del self.tail[: max(0, len(self.tail) - self.keep)]

    def text(self) -> str:
        if self.total <= len(self.head) + len(self.tail):
            return (self.head + self.tail).decode("utf-8", "replace")
        # Cut at line breaks where there are some, so that no line is shown in part.
        head = self.head[: self.head.rfind(b"\n") + 1] or self.head
        tail = self.tail[self.tail.find(b"\n") + 1 :] if b"\n" in self.tail[:-1] else self.tail
        cut, first = self.total - len(head) - len(tail), head.count(b"\n") + 1
        lines = self.lines - head.count(b"\n") - tail.count(b"\n")
        what = f"lines {first:,}-{first + lines - 1:,} ({cut:,} bytes)" if lines else f"{cut:,} bytes"
        note = (f"[... output cut: {what} not shown, of {self.total:,} bytes in all. To see a part, "
                "run the command again through head, tail or grep ...]\n")
        sep = "" if head.endswith(b"\n") else "\n"
        return head.decode("utf-8", "replace") + sep + note + tail.decode("utf-8", "replace")


class BashSession:
    """One bash process, started on the first command and kept until close()."""

    def __init__(self, policy: BashPolicy | None = None):
        self.policy = policy or BashPolicy()
        self.process: subprocess.Popen | None = None  # the shell, or the bwrap that runs it
        self.pidfd: int | None = None  # the sandbox's first process: killing it ends the sandbox
        self.leftover = b""  # output that arrived after a sentinel (a background job's)
        self.project = os.getcwd()  # where the shell starts: the project folder
        self.git_before: frozenset[str] | None = None  # .git's names at the start, if protected

    @property
    def unfenced_reason(self) -> str | None:
        """None when the shell runs in the sandbox; otherwise why it runs with your permissions."""
        if self.policy.sandbox is None:
            return "the session's policy turns the sandbox off (BashPolicy(sandbox=None))"
        return sandbox.why_no_sandbox()

    @property
    def fenced(self) -> bool:
        """True when the shell runs in the sandbox (the agent tells the user either way)."""
        return self.unfenced_reason is None

    def start(self) -> None:
        adopt_orphans()
        env = environment.shell_env(self.policy.env_allowed, self.policy.env_pass,
                                    self.policy.sandbox if self.fenced else None)
        options = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT,  # one stream: errors appear where they happened
                       start_new_session=True,  # its own process group, so a timeout can kill it all
                       env={**env, **self.policy.extra_env}, cwd=os.getcwd())
        self.project = os.getcwd()
        if self.fenced and self.policy.sandbox.protected and self.git_before is None:
            self.git_before = protected.git_entries(self.project)
        if self.fenced:  # one sandbox for the whole session, the project being the current folder
            self.process, self.pidfd = sandbox.launch(
                self.policy.sandbox, os.getcwd(), self.policy.shell, **options)
        else:
            self.process = subprocess.Popen(self.policy.shell, **options)

    def close(self) -> None:
        """Kill the shell and every process in its group (or its sandbox); reap them all."""
        process, self.process, self.leftover = self.process, None, b""
        if process is None:
            return
        pidfd, self.pidfd = self.pidfd, None
        sandbox.end(process, pidfd)  # in a sandbox, everything inside dies at once
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass  # already gone
        process.wait()
        self._tidy_git()  # nothing is left running that could add more
        process.stdin.close()
        process.stdout.close()
        deadline = time.monotonic() + 1
        while ADOPTING and time.monotonic() < deadline:  # reap the group's orphans, now ours
            try:
                if os.waitpid(-process.pid, os.WNOHANG) == (0, 0):
                    time.sleep(0.01)  # some are still dying
            except ChildProcessError:
                break  # none left

    def restart(self) -> str:
        self.close()
        self.start()
        return "Bash session restarted: a new shell, in the project folder, with no variables set."

    def run(self, command: str) -> str:
        """Run one command in the session; its output (stdout and stderr), cut if too long."""
        if self.process is None or self.process.poll() is not None:
            self.close()
            self.start()
        token, delimiter = secrets.token_hex(16), "EOF_" + secrets.token_hex(16)
        # The command travels as a quoted here-document (nothing in it is expanded), runs
        # through eval in this shell (so cd and variables persist), and reads /dev/null.
        script = (f"IFS= read -r -d '' __agent_cmd <<'{delimiter}'\n{command}\n{delimiter}\n"
                  f'eval "$__agent_cmd" < /dev/null\n'
                  f"printf '\\n%s%s %d\\n' {token[:16]} {token[16:]} $?\n")
        try:
            self.process.stdin.write(script.encode())
            self.process.stdin.flush()
            output = self._read_until(token.encode())
            return output + self._tidy_git()
        except BrokenPipeError:
            self.close()
            return "Error: the shell had exited; a new one starts with the next command."
        except BaseException:  # Ctrl-C: nothing may keep running behind the user's back
            self.close()
            raise

    def _tidy_git(self) -> str:
        """Move aside what a command added at the top of .git that git never writes there
        (protected.py); a line saying so, or ""."""
        moved = protected.quarantine(self.project, self.git_before) if self.git_before is not None else []
        return (f"\n[fence] renamed {', '.join(moved)} to {protected.MOVED}...: git never writes it "
                "there, and it could make git run code later, outside the sandbox" if moved else "")

    def _read_until(self, token: bytes) -> str:
        marker = b"\n" + token + b" "
        output, pending = Output(self.policy.max_output), self.leftover
        self.leftover = b""
        deadline = time.monotonic() + self.policy.timeout
        fd = self.process.stdout.fileno()
        while True:
            at = pending.find(marker)
            if at >= 0 and b"\n" in pending[at + len(marker) :]:
                output.add(pending[:at])
                status, _, self.leftover = pending[at + len(marker) :].partition(b"\n")
                code = int(status)
                text = output.text() or "(no output)"
                return text if code == 0 else f"{text}\n[exit status {code}]"
            if at < 0:  # keep only what could be the start of the marker unread
                keep = len(marker) - 1
                output.add(pending[: max(0, len(pending) - keep)])
                pending = pending[max(0, len(pending) - keep) :]
            left = deadline - time.monotonic()
            if left <= 0:
                output.add(pending)
                self.restart()
                return (f"Error: command did not finish within {self.policy.timeout:g} seconds, "
                        "so it was killed with everything it started. The shell was restarted: "
                        "the working directory and variables are reset.\n" + output.text())
            ready, _, _ = select.select([fd], [], [], left)
            chunk = os.read(fd, 1 << 16) if ready else b""
            if ready and not chunk:  # end of file: the shell itself exited (`exit`, `exec`)
                output.add(pending)
                code = self.process.wait()
                self.close()
                return (output.text() + f"\n[the shell exited with status {code}; "
                        "a new one starts with the next command]").lstrip("\n")
            pending += chunk
