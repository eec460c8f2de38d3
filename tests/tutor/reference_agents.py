"""Anthropic's own agents against the tutor: the Claude Code CLI and the Claude Agent SDK,
unchanged, each through the prompt test matrix's requests plus the lecture's docstring
example, offline.

    python tests/tutor/reference_agents.py install    # what `make agents` runs
    python tests/tutor/reference_agents.py status     # where they are, or why not
    python tests/tutor/reference_agents.py arena ARGS # (in a namespace) agentcourse arena ARGS

Pinned versions are installed into a cache folder outside the repository (the CLI with
npm, the SDK with pip into a folder of its own, so the course's environment is left
alone); the tests skip with a message when they are not there. Each run happens in a
network namespace with loopback only (`unshare -rn`): the tutor listens inside it, the
client's traffic options are off as well, and nothing can leave the machine. A cap on
requests per run keeps a client that loops from running long.

The `drive` command is what runs inside the namespace: it brings loopback up, checks
that nothing else is reachable, serves the tutor, runs the client once per request in a
fresh copy of the sample project, and writes what happened (files, replies, the requests
the tutor saw) as JSON for the test to judge.

The `arena` command is the same fence around `agentcourse arena` itself: `run_arena`
starts it in a namespace, where it brings loopback up, checks isolation and runs the arena
with Claude Code as a `--command` entrant (`arena_command`); each task's tutor listens on
the namespace's loopback. The fence lives here, beside the pinned install, so the arena
stays a plain program that knows nothing of namespaces or of this client.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run as a script: this checkout's agentcourse, not another
    sys.path.insert(0, str(REPO))

CLAUDE_CODE_VERSION = "2.1.332"  # npm @anthropic-ai/claude-code
NO_DELETE = "Never delete files: if asked to, say that you cannot and suggest an alternative."
# (name, what the user types, a rule added to the client's own system prompt or None)
PROMPTS = (
    ("docstring", "Add a docstring to the add function in math_utils.py.", None),
    ("create", "Create hello.py with a hello world function.", None),
    ("read-first", "Add a multiply function to math_utils.py.", None),
    ("refuse-delete", "Delete main.py.", None),
    ("refuse-delete-rule", "Delete main.py.", NO_DELETE),  # the same, with a rule appended
)
MAX_TURNS = 12  # the client's own limit on agent turns per request
REQUEST_CAP = 60  # requests per run (four prompts); above it the tutor answers "stop"
PROMPT_TIMEOUT = 90  # seconds per request, a hung client is killed
# The client's traffic options: no telemetry, error reports, updates, surveys or other
# non-essential calls. The namespace blocks them anyway; these keep the client from trying.
QUIET = {
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_UPDATES": "1",
    "DISABLE_BUG_COMMAND": "1",
    "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY": "1",
}


def sdk_version() -> str:
    """The Agent SDK's pin, from pyproject.toml's `agents` extra (the one place it is set)."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r"claude-agent-sdk==([\w.]+)", text)
    if found is None:
        raise RuntimeError("pyproject.toml's agents extra does not pin claude-agent-sdk")
    return found[1]


def cache_dir() -> Path:
    base = os.environ.get("AGENTCOURSE_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / ("agents" if os.environ.get("AGENTCOURSE_CACHE") else "agentcourse/agents")


def cli_dir() -> Path:
    return cache_dir() / f"claude-code-{CLAUDE_CODE_VERSION}"


def sdk_dir() -> Path:
    return cache_dir() / f"claude-agent-sdk-{sdk_version()}"


# ----------------------------------------------------------------------------- installing


def cli_binary() -> Path | None:
    """The installed CLI, or None. npm's wrapper is replaced by the native binary on
    install; where the install script did not run, the platform package's binary is it."""
    modules = cli_dir() / "node_modules" / "@anthropic-ai"
    if not (cli_dir() / ".installed").is_file():
        return None
    candidates = [modules / "claude-code" / "bin" / "claude.exe",
                  *sorted(modules.glob("claude-code-*/claude"))]
    for path in candidates:
        if path.is_file() and path.stat().st_size > 1_000_000 and os.access(path, os.X_OK):
            return path
    return None


def sdk_path() -> Path | None:
    """The folder to put on PYTHONPATH for the Agent SDK, or None."""
    folder = sdk_dir()
    return folder if (folder / ".installed").is_file() and (folder / "claude_agent_sdk").is_dir() else None


def install_cli() -> str:
    npm = shutil.which("npm")
    if npm is None:
        return "skipped: npm is not installed (the distribution's nodejs and npm packages provide it)"
    target = cli_dir()
    if cli_binary() is not None:
        return f"already installed in {target}"
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [npm, "install", "--prefix", str(target), "--no-audit", "--no-fund", "--no-save", "--loglevel=error",
         f"@anthropic-ai/claude-code@{CLAUDE_CODE_VERSION}"],
        capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return f"failed: npm install exited {done.returncode}: {(done.stderr or done.stdout).strip()[-400:]}"
    (target / ".installed").write_text(CLAUDE_CODE_VERSION)
    binary = cli_binary()
    if binary is None:
        (target / ".installed").unlink()
        return "failed: npm installed no native binary for this platform"
    return f"installed {CLAUDE_CODE_VERSION} in {target}"


def install_sdk() -> str:
    target = sdk_dir()
    if sdk_path() is not None:
        return f"already installed in {target}"
    shutil.rmtree(target, ignore_errors=True)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", str(target),
         f"claude-agent-sdk=={sdk_version()}"],
        capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return f"failed: pip exited {done.returncode}: {(done.stderr or done.stdout).strip()[-400:]}"
    (target / ".installed").write_text(sdk_version())
    return f"installed claude-agent-sdk {sdk_version()} in {target}"


# ----------------------------------------------------------------------------- the namespace


def namespace_problem() -> str | None:
    """Why a loopback-only network namespace cannot be made here, or None."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    unshare = shutil.which("unshare")
    if unshare is None:
        return "the unshare command (util-linux) is not installed"
    try:
        done = subprocess.run([unshare, "-rn", "true"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"unshare -rn failed: {err}"
    return None if done.returncode == 0 else f"unshare -rn failed: {done.stderr.strip() or done.returncode}"


def loopback_up() -> None:
    """Bring `lo` up in a new network namespace (it starts down), with SIOCSIFFLAGS."""
    import fcntl
    import struct

    siocgifflags, siocsifflags, iff_up = 0x8913, 0x8914, 0x1
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        request = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(s, siocgifflags, request))[1]
        fcntl.ioctl(s, siocsifflags, struct.pack("16sH14x", b"lo", flags | iff_up))


def isolated() -> str | None:
    """None when only loopback is reachable; else what was reachable."""
    for host in ("1.1.1.1", "8.8.8.8"):
        try:
            with socket.create_connection((host, 53), timeout=1):
                return f"{host} is reachable"
        except OSError:
            pass
    return None


# ----------------------------------------------------------------------------- one run


SDK_DRIVER = r"""
import asyncio, json, sys
from claude_agent_sdk import AssistantMessage, ClaudeAgentOptions, ResultMessage, TextBlock, query

async def main(jobs, max_turns):
    for cwd, prompt, rule in jobs:
        texts, result = [], None
        try:
            options = ClaudeAgentOptions(cwd=cwd, permission_mode="acceptEdits", max_turns=max_turns)
            if rule:
                options.system_prompt = {"type": "preset", "preset": "claude_code", "append": rule}
            async for message in query(prompt=prompt, options=options):
                if isinstance(message, AssistantMessage):
                    texts += [b.text for b in message.content if isinstance(b, TextBlock)]
                elif isinstance(message, ResultMessage):
                    result = {"subtype": message.subtype, "is_error": message.is_error, "result": message.result}
        except Exception as err:
            result = {"subtype": "exception", "is_error": True, "result": f"{type(err).__name__}: {err}"}
        print(json.dumps({"cwd": cwd, "texts": texts, "result": result}), flush=True)

asyncio.run(main(json.loads(sys.argv[1]), int(sys.argv[2])))
"""


def _snapshot(root: Path) -> dict[str, str]:
    """Every file under root (dotfiles included, caches of Python left out), as text."""
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            try:
                files[str(path.relative_to(root))] = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                files[str(path.relative_to(root))] = "<unreadable>"
    return files


def _client_env(home: Path, url: str) -> dict[str, str]:
    keep = ("PATH", "LANG", "LC_ALL", "TERM", "TMPDIR", "SYSTEMROOT")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(QUIET)
    env.update({"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
                "ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "tutor-offline"})
    return env


def drive(client: str, work: Path, model: str = "") -> dict:
    """Inside the namespace: serve the tutor, run the client on each prompt, report.
    `model`: the CLI's --model (its default model when empty)."""
    from agentcourse.projects.sample import copy_sample_project
    from agentcourse.tutor import TutorConfig, serve
    from agentcourse.tutor.act import brain
    from agentcourse.tutor.understand import harness

    loopback_up()
    leak = isolated()
    if leak:
        return {"error": f"the namespace is not isolated: {leak}"}
    seen: list[dict] = []
    lock = threading.Lock()

    def respond(request: dict):
        with lock:
            seen.append({"request": request, "cwd": harness.working_dir(request)})
            over = len(seen) > REQUEST_CAP
        if over:
            return brain.Reply([{"type": "text", "text": "(offline tutor) The request cap of this run is reached; "
                                                         "stopping here."}], "end_turn")
        reply = brain.respond(request)
        seen[-1]["reply"] = {"content": reply.content, "stop_reason": reply.stop_reason}
        return reply

    log: list[dict] = []
    home = work / "home"
    home.mkdir(parents=True, exist_ok=True)
    projects = []
    for n, (name, prompt, rule) in enumerate(PROMPTS):
        root = copy_sample_project(work / f"project-{n}")  # no words of the request in the path
        projects.append((name, prompt, rule, root.resolve(), _snapshot(root)))
    outputs: dict[str, dict] = {}
    started = time.monotonic()
    with serve(TutorConfig(respond=respond, log=log)) as url:
        env = _client_env(home, url)
        if client == "cli":
            binary = cli_binary()
            for name, prompt, rule, root, _ in projects:
                extra = ["--append-system-prompt", rule] if rule else []
                extra += ["--model", model] if model else []
                try:
                    done = subprocess.run([str(binary), "-p", prompt, "--permission-mode", "acceptEdits",
                                           "--max-turns", str(MAX_TURNS), *extra],
                                          cwd=root, env=env, capture_output=True, text=True,
                                          timeout=PROMPT_TIMEOUT, stdin=subprocess.DEVNULL)
                    outputs[name] = {"code": done.returncode, "stdout": done.stdout[-2000:],
                                     "stderr": done.stderr[-2000:]}
                except subprocess.TimeoutExpired:
                    outputs[name] = {"code": None, "stdout": "", "stderr": f"timed out after {PROMPT_TIMEOUT} s"}
        else:
            jobs = [[str(root), prompt, rule] for _, prompt, rule, root, _ in projects]
            env["PYTHONPATH"] = str(sdk_path())
            try:
                done = subprocess.run([sys.executable, "-c", SDK_DRIVER, json.dumps(jobs), str(MAX_TURNS)],
                                      env=env, capture_output=True, text=True,
                                      timeout=PROMPT_TIMEOUT * len(jobs), stdin=subprocess.DEVNULL)
                lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
                by_cwd = {line["cwd"]: line for line in lines}
                for name, _, _, root, _ in projects:
                    line = by_cwd.get(str(root), {})
                    result = line.get("result") or {}
                    outputs[name] = {"code": 1 if result.get("is_error") or not line else 0,
                                     "stdout": "\n".join(line.get("texts", [])), "stderr": done.stderr[-2000:],
                                     "result": result}
            except subprocess.TimeoutExpired:
                outputs = {name: {"code": None, "stdout": "", "stderr": "timed out"} for name, *_ in projects}
    runs = []
    for name, prompt, rule, root, before in projects:
        mine = [s for s in seen if s["cwd"] and Path(s["cwd"]).resolve() == root]
        runs.append({"name": name, "prompt": prompt, "rule": rule, "root": str(root), "before": before,
                     "after": _snapshot(root),
                     "output": outputs.get(name, {}), "requests": mine})
    return {"client": client, "model": model, "seconds": round(time.monotonic() - started, 1), "requests": len(seen),
            "log": log, "runs": runs}


def run(client: str, work: Path, model: str = "") -> dict:
    """Run `drive` in a loopback-only network namespace; its report."""
    out = work / "report.json"
    done = subprocess.run(
        ["unshare", "-rn", sys.executable, str(Path(__file__).resolve()), "drive", client, str(work), str(out),
         *(["--model", model] if model else [])],
        capture_output=True, text=True, timeout=PROMPT_TIMEOUT * len(PROMPTS) + 120, cwd=REPO)
    if not out.is_file():
        raise RuntimeError(f"the run in the namespace failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- the arena


ARENA_TURNS = 30  # summarise-modules reads a dozen files before it writes: 12 turns would cut it
ARENA_FLAGS = ("-p", "--permission-mode", "acceptEdits", "--allowedTools", "Bash", "--max-turns", str(ARENA_TURNS))


def arena_command() -> str:
    """Claude Code as an arena `--command` entrant: print mode, edits and Bash allowed without
    prompting (what a user passes to let it work unattended); the request is appended last."""
    import shlex

    return shlex.join([str(cli_binary()), *ARENA_FLAGS])


def drive_arena(argv: list[str]) -> int:
    """Inside the namespace: bring loopback up, check nothing else is reachable, then run
    `agentcourse arena ARGV` with the client's home and traffic options set; the arena's
    own tutors listen on loopback."""
    loopback_up()
    leak = isolated()
    if leak:
        print(f"the namespace is not isolated: {leak}", file=sys.stderr)
        return 3
    import tempfile

    from agentcourse import cli

    with tempfile.TemporaryDirectory(prefix="claude-home-") as home:  # its settings, sessions, caches
        os.environ.update(QUIET)
        os.environ.update({"HOME": home, "XDG_CONFIG_HOME": f"{home}/.config", "XDG_CACHE_HOME": f"{home}/.cache"})
        return cli.main(["arena", *argv])


def run_arena(families: list[str] | None, out: Path, timeout: float = PROMPT_TIMEOUT, jobs: int = 2):
    """`agentcourse arena --command <Claude Code>` on the practice set (or `families`), in a
    loopback-only network namespace; the finished process (arena.csv is in `out`)."""
    argv = ["--command", arena_command(), "--answer", "", "--out", str(out), "--timeout", str(timeout),
            "--jobs", str(jobs)]
    argv += ["--families", ",".join(families)] if families else []
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(["unshare", "-rn", sys.executable, str(Path(__file__).resolve()), "arena", *argv],
                          capture_output=True, text=True, cwd=REPO, env=env,
                          timeout=(timeout + 30) * (len(families) if families else 30))


def main(argv: list[str]) -> int:
    if argv[:1] == ["arena"]:  # (inside the namespace) the rest is `agentcourse arena`'s
        return drive_arena(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("install", help="install the pinned CLI and SDK into the cache folder")
    sub.add_parser("status", help="say what is installed, and whether a namespace can be made")
    inner = sub.add_parser("drive", help="(inside the namespace) run one client through the prompts")
    inner.add_argument("client", choices=("cli", "sdk"))
    inner.add_argument("work", type=Path)
    inner.add_argument("out", type=Path)
    inner.add_argument("--model", default="", help="the CLI's --model (its default model when omitted)")
    args = parser.parse_args(argv)
    if args.command == "install":
        print(f"Claude Code {CLAUDE_CODE_VERSION}: {install_cli()}")
        print(f"Claude Agent SDK {sdk_version()}: {install_sdk()}")
        return 0
    if args.command == "status":
        print(f"Claude Code {CLAUDE_CODE_VERSION}: {cli_binary() or 'not installed'}")
        print(f"Claude Agent SDK {sdk_version()}: {sdk_path() or 'not installed'}")
        print(f"network namespace: {namespace_problem() or 'available'}")
        return 0
    with contextlib.suppress(FileExistsError):
        args.work.mkdir(parents=True)
    report = drive(args.client, args.work, args.model)
    args.out.write_text(json.dumps(report), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
