"""Checkpoint 08's sandbox (sandbox.py): the agent's shell, fenced by bubblewrap.

Escape attempts (sandbox_corpus.py) go through the agent's own dispatch_tool with every
command approved, in a project with neighbours, a fake home and host services around it;
each must fail. Ordinary work must still succeed in the same sandbox. Where no sandbox can
be made, those tests skip with the reason, and the session runs unfenced and says why
(tested here by taking the sandbox away)."""

from __future__ import annotations

import os
import pwd
import re
import secrets
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sandbox_corpus import ATTEMPTS, Attempt

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
bash_session = paths.load_program(FOLDER / "bash_session.py", "bash_session")
sandbox = bash_session.sandbox  # the module the session itself uses
NO_SANDBOX = sandbox.why_no_sandbox()
needs_sandbox = pytest.mark.skipif(NO_SANDBOX is not None, reason=f"no sandbox here: {NO_SANDBOX}")
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


# --- a world around the project: neighbours, a fake home, host services ---
@dataclass
class World:
    root: Path
    secrets: dict[str, str] = field(default_factory=dict)
    accepted: list[str] = field(default_factory=list)  # connections any server accepted
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.project, self.sibling = self.root / "project", self.root / "sibling"
        self.outside, self.home = self.root / "outside", self.root / "home"
        self.new_name = f"agentcourse-escape-{secrets.token_hex(6)}"
        self.marker = f"agentcourse-linger-{secrets.token_hex(6)}"
        self.host_tmp_marker = Path("/tmp") / f"agentcourse-marker-{secrets.token_hex(6)}"
        self.real_home = Path(pwd.getpwuid(os.getuid()).pw_dir)

    def secret(self, name: str) -> str:
        self.secrets[name] = f"SECRET-{name}-{secrets.token_hex(8)}"
        return self.secrets[name]

    def values(self) -> dict[str, str]:
        return {"project": str(self.project), "sibling": str(self.sibling), "outside": str(self.outside),
                "home": str(self.home), "host_tmp_marker": str(self.host_tmp_marker),
                "new_name": self.new_name, "pid": str(self.sleep.pid), "port": str(self.port),
                "abstract": self.abstract, "marker": self.marker}

    def new_files(self) -> list[Path]:
        """Where the attempts try to create {new_name} on the host."""
        return [Path(folder) / self.new_name for folder in
                ("/tmp", "/var/tmp", "/dev/shm", "/etc", "/usr/local", self.real_home)]

    def host_state(self) -> dict[str, object]:
        """Everything outside the project the attempts could change, as it is now."""
        state: dict[str, object] = {"/tmp marker": read(self.host_tmp_marker)}
        for path in sorted(self.root.rglob("*")):
            if self.project not in (path, *path.parents):
                state[str(path.relative_to(self.root))] = describe(path)
        for path in self.new_files():
            state[str(path)] = path.exists() or path.is_symlink()
        return state


def read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def describe(path: Path) -> object:
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_file():
        return ("file", path.read_bytes())
    return ("dir",) if path.is_dir() else ("other",)


def make_world(root: Path) -> World:
    world = World(root)
    for folder in (world.project, world.sibling, world.outside, world.home / ".ssh", world.home / ".aws"):
        folder.mkdir(parents=True)
    (world.project / "hello.py").write_text("print('hello')\n")
    (world.sibling / "notes.txt").write_text(world.secret("sibling") + "\n")
    (world.outside / "victim.txt").write_text(world.secret("victim") + "\n")
    (world.home / ".ssh" / "id_rsa").write_text(
        f"-----BEGIN OPENSSH PRIVATE KEY-----\n{world.secret('ssh')}\n-----END OPENSSH PRIVATE KEY-----\n")
    (world.home / ".aws" / "credentials").write_text(
        f"[default]\naws_secret_access_key = {world.secret('aws')}\n")
    (world.home / ".gitconfig").write_text("[user]\n\tname = Fake Tester\n\temail = fake@example.com\n")
    (world.project / "link-to-sibling").symlink_to(world.sibling)
    (world.project / "link-to-secret").symlink_to(world.home / ".ssh" / "id_rsa")
    (world.project / "link-to-victim").symlink_to(world.outside / "victim.txt")
    world.host_tmp_marker.write_text(world.secret("host-tmp") + "\n")
    seconds = f"1000.{secrets.randbelow(10**9):09d}"  # the host sleep's argv, a secret too
    world.secrets["host-process"] = seconds
    world.sleep = subprocess.Popen(["sleep", seconds], start_new_session=True)
    serve(world)
    return world


def serve(world: World) -> None:
    """A TCP server on 127.0.0.1, an abstract unix socket and a unix socket file: each
    records every connection it accepts."""
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    world.port = tcp.getsockname()[1]
    world.abstract = f"agentcourse-abstract-{secrets.token_hex(6)}"
    abstract = socket.socket(socket.AF_UNIX)
    abstract.bind("\0" + world.abstract)
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(world.outside / "server.sock"))
    listeners = {tcp: "tcp 127.0.0.1", abstract: "abstract unix socket", unix: "unix socket file"}
    for listener in listeners:
        listener.listen(8)

    def accept() -> None:
        while not world.stop.is_set():
            ready, _, _ = select.select(list(listeners), [], [], 0.05)
            for listener in ready:
                connection, _ = listener.accept()
                world.accepted.append(listeners[listener])
                connection.close()
        for listener in listeners:
            listener.close()

    world.server = threading.Thread(target=accept, daemon=True)
    world.server.start()


def processes_with(marker: str) -> list[int]:
    """Host processes whose argv carries `marker` (this test's own, when they exist)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and marker.encode() in (read(entry / "cmdline") or b""):
            found.append(int(entry.name))
    return found


def dismantle(world: World) -> None:
    world.stop.set()
    world.server.join(2)
    world.sleep.kill()
    world.sleep.wait()
    world.host_tmp_marker.unlink(missing_ok=True)
    for path in world.new_files():  # only if an attempt made one: its name is unique
        path.unlink(missing_ok=True)
    for pid in processes_with(world.marker):  # only if one lingered: it carries our marker
        os.kill(pid, signal.SIGKILL)


@pytest.fixture
def world(tmp_path, monkeypatch):
    built = make_world(tmp_path)
    monkeypatch.chdir(built.project)
    monkeypatch.setenv("HOME", str(built.home))
    yield built
    dismantle(built)


@pytest.fixture
def agent(world, monkeypatch):
    """Checkpoint 08's agent, its guardrail answering yes to everything."""
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    module = paths.load_checkpoint("08")
    module.GUARDRAIL.ask = lambda *args: "y"
    module.BASH.policy = bash_session.BashPolicy(timeout=15)  # the default sandbox, a shorter wait
    yield module
    module.BASH.close()


def fill(command: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), command)


def judge(world: World, before: dict, output: str) -> list[str]:
    """What escaped, in words; empty when the attempt failed on every count."""
    problems = []
    after = world.host_state()
    problems += [f"changed on the host: {key}" for key in sorted(before.keys() | after.keys())
                 if before.get(key) != after.get(key)]
    problems += [f"the output holds the {name} secret" for name, value in world.secrets.items()
                 if value in output]
    if "CONNECTED" in output or world.accepted:
        problems.append(f"connected: {world.accepted or 'CONNECTED printed'}")
    state = (read(Path(f"/proc/{world.sleep.pid}/stat")) or b") X").rsplit(b")", 1)[1].split()[0]
    if world.sleep.poll() is not None or state == b"T":
        problems.append(f"the host's sleep was signalled (state {state.decode()}, exit {world.sleep.poll()})")
    deadline = time.monotonic() + 2
    while processes_with(world.marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    if processes_with(world.marker):
        problems.append("a process outlived the session")
    return problems


@needs_sandbox
@pytest.mark.parametrize("attempt", ATTEMPTS, ids=lambda a: a.name)
def test_an_escape_attempt_through_the_agent_fails(attempt: Attempt, world, agent):
    if attempt.needs and shutil.which(attempt.needs) is None:
        pytest.skip(f"needs {attempt.needs}")
    assert agent.BASH.fenced
    before = world.host_state()
    output = agent.dispatch_tool("bash", {"command": fill(attempt.command, world.values())})
    if attempt.kind == "linger":
        time.sleep(0.5)  # a background job gets time to leave (setsid, fork) before the close
    agent.BASH.close()
    shown = "" if attempt.kind == "read" else f"\n--- output ---\n{output[:300]}"  # secrets stay unshown
    assert judge(world, before, output) == [], f"{attempt.command}{shown}"


def test_the_corpus_names_are_unique_and_its_placeholders_known():
    known = {"project", "sibling", "outside", "home", "host_tmp_marker", "new_name", "pid", "port",
             "abstract", "marker"}
    assert len({a.name for a in ATTEMPTS}) == len(ATTEMPTS)
    for attempt in ATTEMPTS:
        used = set(re.findall(r"\{(\w+)\}", attempt.command)) - {"0"}
        assert used <= known, (attempt.name, used - known)
        assert attempt.kind in {"write", "delete", "read", "signal", "connect", "linger"}


# --- ordinary work still succeeds, fenced ---
@pytest.fixture
def shell(world, monkeypatch):
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    session = bash_session.BashSession(bash_session.BashPolicy(timeout=20))
    yield session
    session.close()


@needs_sandbox
def test_the_projects_python_runs_both_by_path_and_as_python3(shell):
    assert shell.fenced
    assert shell.run(f"{sys.executable} -c 'print(6 * 7)'") == "42\n"
    assert shell.run("python3 -c 'import sys; print(sys.prefix)'") == f"{sys.prefix}\n"


@needs_sandbox
def test_pytest_runs_on_a_small_project(shell, world):
    (world.project / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (world.project / "test_calc.py").write_text("from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n")
    output = shell.run("python -m pytest -q -p no:cacheprovider")
    assert "1 passed" in output, output


@needs_sandbox
def test_git_init_add_commit_and_status_work_in_the_project(shell, world, monkeypatch):
    monkeypatch.setenv("GIT_AUTHOR_DATE", "2024-01-01T00:00:00")  # the author comes from env...
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "committer@example.com")
    output = shell.run("git init -q && git add -A && git commit -qm first && git status --short "
                       "&& git log --format='%an <%ae>|%s'")
    assert output == "Fake Tester <fake@example.com>|first\n", output  # ...and ~/.gitconfig
    assert (world.project / ".git" / "HEAD").is_file()
    assert "error" in shell.run("git config --global core.pager evil").lower()  # read-only
    assert "evil" not in (world.home / ".gitconfig").read_text()


@needs_sandbox
def test_files_cd_and_variables_persist_across_commands(shell, world):
    assert shell.run("mkdir -p sub/deeper && cd sub/deeper && X=kept && echo hi > made.txt") == "(no output)"
    assert shell.run("pwd; echo $X; cat made.txt") == f"{world.project}/sub/deeper\nkept\nhi\n"
    assert (world.project / "sub" / "deeper" / "made.txt").read_text() == "hi\n"


@needs_sandbox
def test_home_is_empty_but_for_gits_configuration(shell):
    assert shell.run("ls -A ~") == ".gitconfig\n"
    assert shell.run("echo scratch > ~/note && cat ~/note") == "scratch\n"  # a private tmpfs


# --- how it is fenced ---
@needs_sandbox
def test_no_new_privileges_and_no_capabilities(shell):
    status = shell.run("cat /proc/self/status")
    assert re.search(r"^NoNewPrivs:\s+1$", status, re.M)
    assert re.search(r"^CapEff:\s+0+$", status, re.M) and re.search(r"^CapBnd:\s+0+$", status, re.M)


@needs_sandbox
def test_only_a_loopback_of_its_own_and_no_new_namespaces(shell):
    assert shell.run("python3 -c 'import socket; print(socket.if_nameindex())'") == "[(1, 'lo')]\n"
    if shutil.which("unshare"):
        assert "[exit status" in shell.run("unshare -U true")


@needs_sandbox
def test_only_the_bound_folders_exist_at_the_top(shell, world):
    bound = [*sandbox.SYSTEM, "/proc", "/dev", "/tmp", str(world.home), str(world.project),
             *sandbox.python_roots()]
    allowed = {Path(p).parts[1] for p in bound}
    inside = set(shell.run("ls -A /").split())
    assert inside <= allowed, inside - allowed
    assert not ({"home", "mnt", "var", "run", "srv", "opt", "media", "boot"} - allowed) & inside


@needs_sandbox
@pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists("/etc/shadow"), reason="as root only")
def test_files_only_root_may_read_are_masked_even_for_root(shell):
    assert shell.run("cat /etc/shadow 2>/dev/null | wc -c").strip() == "0"


@needs_sandbox
def test_the_sandbox_dies_with_the_agent_however_it_dies(tmp_path):
    marker = f"agentcourse-orphan-{secrets.token_hex(6)}"
    script = (f"import os, sys; sys.path.insert(0, {str(FOLDER)!r}); import bash_session\n"
              "s = bash_session.BashSession()\n"
              f"s.run(\"setsid bash -c 'exec -a {marker} sleep 1000' >/dev/null 2>&1 &\")\n"
              "os.kill(os.getpid(), 9)\n")
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, timeout=30)
    deadline = time.monotonic() + 5
    while processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = processes_with(marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


# --- what each opening of the policy does ---
def argv_of(policy, project: Path) -> list[str]:
    return sandbox.bwrap_argv(policy, str(project), ["true"])


@needs_sandbox
def test_the_command_line_binds_only_the_project_writable(world):
    argv = argv_of(sandbox.SandboxPolicy(), world.project)
    options = set(argv[: argv.index("--")])
    assert {"--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
            "--new-session"} <= options and "--share-net" not in options
    writable = [argv[i + 2] for i, a in enumerate(argv) if a == "--bind"]
    assert writable == [str(world.project)]
    assert "/" not in [argv[i + 2] for i, a in enumerate(argv) if a in ("--bind", "--ro-bind")]
    assert argv[-2:] == ["--", "true"]


@needs_sandbox
def test_loosened_policies_open_what_they_say(world, monkeypatch):
    def run(policy, command):
        session = bash_session.BashSession(bash_session.BashPolicy(timeout=10, sandbox=policy))
        try:
            return session.run(command)
        finally:
            session.close()

    Policy = sandbox.SandboxPolicy
    assert run(Policy(writable=(str(world.sibling),)), "echo ok > ../sibling/w.txt") == "(no output)"
    assert (world.sibling / "w.txt").read_text() == "ok\n"
    read_only = run(Policy(readable=(str(world.sibling),)), "cat ../sibling/notes.txt; touch ../sibling/x")
    assert world.secrets["sibling"] in read_only and "Read-only file system" in read_only
    assert world.secrets["host-tmp"] in run(Policy(private_tmp=False), f"cat {world.host_tmp_marker}")
    assert run(Policy(git_config=False), "ls -A ~") == "(no output)"
    assert "connected" in run(Policy(network=True), "python3 -c \"import socket; socket.create_connection("
                              f"('127.0.0.1', {world.port}), 3); print('connected')\"")
    (world.project / ".git").mkdir()
    locked = run(Policy(git_readonly=True), "echo evil > .git/hooks-x; mv .git moved; ls -A")
    assert "Read-only file system" in locked and not (world.project / ".git" / "hooks-x").exists()
    assert (world.project / ".git").is_dir() and not (world.project / "moved").exists()


def test_bad_policies_are_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="not an absolute path"):
        sandbox.SandboxPolicy(writable=("relative/dir",))
    with pytest.raises(ValueError, match="sandbox=None"):
        sandbox.SandboxPolicy(readable=("/",))
    with pytest.raises(TypeError, match="tuple of path strings"):
        sandbox.SandboxPolicy(writable="/tmp/x")
    with pytest.raises(TypeError, match="True or False"):
        sandbox.SandboxPolicy(network="no")
    if NO_SANDBOX is None:
        with pytest.raises(ValueError, match="does not exist"):
            argv_of(sandbox.SandboxPolicy(readable=(str(tmp_path / "missing"),)), tmp_path)
        with pytest.raises(ValueError, match="project folder is /"):
            argv_of(sandbox.SandboxPolicy(), Path("/"))


# --- where no sandbox can be made: unfenced, and saying why ---
@pytest.fixture
def no_cache(monkeypatch):
    """The probe's answer is cached: forget it before, and after the patches are undone."""
    sandbox.usable_bwrap.cache_clear()
    yield
    monkeypatch.undo()
    sandbox.usable_bwrap.cache_clear()


def test_a_policy_without_a_sandbox_runs_unfenced_and_says_so(world):
    session = bash_session.BashSession(bash_session.BashPolicy(sandbox=None))
    try:
        assert not session.fenced and "sandbox=None" in session.unfenced_reason
        assert world.secrets["sibling"] in session.run("cat ../sibling/notes.txt")  # truly unfenced
    finally:
        session.close()


def test_without_bwrap_the_session_runs_unfenced_and_says_why(world, monkeypatch, no_cache):
    monkeypatch.setattr(sandbox, "bwrap_candidates", lambda: [])
    session = bash_session.BashSession()
    try:
        assert not session.fenced and "bwrap was not found" in session.unfenced_reason
        assert session.run("echo still works") == "still works\n"
    finally:
        session.close()


def test_a_bwrap_that_cannot_make_namespaces_is_reported(tmp_path, monkeypatch, no_cache):
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(sandbox, "bwrap_candidates", lambda: [str(fake)])
    reason = sandbox.why_no_sandbox()
    assert "No permissions to create a new namespace" in reason and "user namespaces" in reason


def test_other_systems_are_told_about_seatbelt(monkeypatch, no_cache):
    monkeypatch.setattr(sandbox.sys, "platform", "darwin")
    assert "Seatbelt" in sandbox.why_no_sandbox()
