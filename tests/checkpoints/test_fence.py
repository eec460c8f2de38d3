"""Checkpoint 08's whole fence, piece by piece: the two modes, protected paths and their
loosening, the project folder that holds the home folder, the environment and PATH, the
approval display, limits and the setuid filter. The attacks are in fence_corpus.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from agentcourse import paths

FOLDER = paths.find_checkpoint("08")
sandbox = paths.load_program(FOLDER / "sandbox.py", "sandbox")
NO_SANDBOX = sandbox.why_no_sandbox()
needs_sandbox = pytest.mark.skipif(NO_SANDBOX is not None, reason=f"no sandbox here: {NO_SANDBOX}")
pytestmark = pytest.mark.skipif(shutil.which("bash") is None or shutil.which("git") is None,
                                reason="needs bash and git")


def module(name: str):
    return paths.load_program(FOLDER / f"{name}.py", name)


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "project"
    root.mkdir()
    (root / "hello.py").write_text("print('hello')\n")
    for git in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.invalid",
                                                "commit", "-qm", "start"]):
        subprocess.run(["git", *git], cwd=root, check=True, capture_output=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return root


@pytest.fixture
def agent(project):
    loaded = paths.load_checkpoint("08")
    yield loaded
    loaded.BASH.close()


def test_the_mode_is_fenced_where_a_sandbox_can_be_made_else_strict(agent, monkeypatch):
    assert agent.FENCE.chosen() == ("fenced" if NO_SANDBOX is None else "strict")
    lines = "\n".join(agent.FENCE.startup())
    assert "mode fenced" in lines if NO_SANDBOX is None else "mode strict" in lines
    agent.FENCE.mode = "anything else"
    assert agent.FENCE.chosen() == "strict"  # an unknown mode asks, never the reverse
    monkeypatch.setenv("AGENT_SHELL_MODE", "strict")
    assert paths.load_checkpoint("08").FENCE.chosen() == "strict"


def test_without_a_sandbox_fenced_is_never_unasked(agent, monkeypatch):
    asked = []
    agent.GUARDRAIL.ask = lambda *a: asked.append(a) or "n"
    agent.BASH.policy = agent.bash_session.BashPolicy(sandbox=None)
    agent.GUARDRAIL.fenced = False
    agent.FENCE.mode = "fenced"
    assert agent.dispatch_tool("bash", {"command": "ls"}).startswith("Error: the user did not approve")
    assert asked and agent.FENCE.chosen() == "strict"


@needs_sandbox
def test_fenced_runs_unasked_and_asks_only_to_cross(agent, project):
    asked = []
    agent.GUARDRAIL.ask = lambda command, programs, reason: asked.append((command, programs)) or "y"
    assert agent.dispatch_tool("bash", {"command": "ls && git status --short"}).startswith("hello.py")
    first = agent.dispatch_tool("bash", {"command": "echo '# mine' >> .git/config"})
    assert "Read-only file system" in first and "[fence]" in first and asked == []
    again = agent.dispatch_tool("bash", {"command": "echo '# mine' >> .git/config"})
    assert asked == [("echo '# mine' >> .git/config", [])] and again.startswith("[run again OUTSIDE")
    assert (project / ".git" / "config").read_text().endswith("# mine\n")  # the user said yes


@needs_sandbox
def test_protection_can_be_loosened_and_git_readonly_still_locks_everything(project):
    bash_session = module("bash_session")

    def run(policy, command):
        session = bash_session.BashSession(bash_session.BashPolicy(timeout=10, sandbox=policy))
        try:
            return session.run(command)
        finally:
            session.close()

    Policy = sandbox.SandboxPolicy
    assert run(Policy(), "echo x >> .git/config; touch .git/hooks/h").count("Read-only file system") == 2
    assert run(Policy(protected=False), "echo '# loose' >> .git/config") == "(no output)"
    assert (project / ".git" / "config").read_text().endswith("# loose\n")
    locked = run(Policy(git_readonly=True), "touch .git/new; git -c user.name=t -c user.email=t@x commit -qm x --allow-empty")
    assert "Read-only file system" in locked and not (project / ".git" / "new").exists()


def test_a_project_that_holds_the_home_folder_is_refused(tmp_path, monkeypatch):
    protected = module("protected")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert "holds your home folder" in protected.too_wide(str(tmp_path / "home"))
    assert "holds your home folder" in protected.too_wide(str(tmp_path))
    assert protected.too_wide(str(tmp_path / "home" / "project")) == ""
    if NO_SANDBOX is None:
        with pytest.raises(ValueError, match="holds your home folder"):
            sandbox.bwrap_argv(sandbox.SandboxPolicy(), str(tmp_path), ["true"])


def test_the_environment_is_an_allowlist_plus_what_you_name(monkeypatch):
    environment = module("environment")
    for name, value in (("MYSQL_PWD", "s1"), ("github_token", "s2"), ("DATABASE_URL", "s3"),
                        ("LANG", "C.UTF-8"), ("MY_TOOL_HOME", "/opt/tool")):
        monkeypatch.setenv(name, value)
    env = environment.shell_env(environment.ALLOWED, ("MY_TOOL_*",), None)
    assert {"MYSQL_PWD", "github_token", "DATABASE_URL"}.isdisjoint(env)
    assert env["LANG"] == "C.UTF-8" and env["MY_TOOL_HOME"] == "/opt/tool"


def test_the_fenced_path_keeps_only_read_only_folders(tmp_path, monkeypatch):
    environment = module("environment")
    home, project = tmp_path / "home", tmp_path / "project"
    for folder in (home / ".local" / "bin", project / "bin"):
        folder.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    search = os.pathsep.join([str(home / ".local" / "bin"), str(project / "bin"), "relative/bin",
                              "/tmp", os.path.dirname(sys.executable), "/usr/bin"])
    kept = environment.shell_path(sandbox.SandboxPolicy(), str(project), search).split(os.pathsep)
    assert kept[-1] == "/usr/bin" and str(home / ".local" / "bin") not in kept
    assert str(project / "bin") not in kept and "relative/bin" not in kept and "/tmp" not in kept
    assert environment.shell_path(None, str(project), search) == search  # unfenced: yours


def test_the_display_squeezes_padding_and_names_every_program():
    display, guardrail = module("display"), module("guardrail")
    shown = display.shown("ls" + "\n" * 400 + "rm -rf x" + " " * 500 + "; curl x | sh", guardrail.PARSER)
    assert len(shown.splitlines()) <= 5 and "[399 blank lines]" in shown and "[500 spaces]" in shown
    assert shown.splitlines()[-1].endswith("it starts: ls, rm, curl, sh")
    long = display.shown("\n".join(f"echo {i}" for i in range(100)), guardrail.PARSER)
    assert "lines not shown" in long and len(long.splitlines()) <= display.MAX_LINES + 3
    assert display.shown("ls -la", guardrail.PARSER) == "      ls -la"  # a short one, as it is


def test_limits_are_said_in_words():
    limits = module("limits")
    small = limits.Limits(memory=64 << 20, file_size=1 << 20)
    assert "64 MB per process" in limits.notes("MemoryError", small)[0]
    assert "1 MB per file" in limits.notes("File size limit exceeded", small)[0]
    assert limits.notes("all fine", small) == []


def test_the_setuid_filter_exists_for_both_machines_and_only_them():
    nosuid = module("nosuid")
    for machine in ("x86_64", "aarch64"):
        program = nosuid.filter(machine)
        assert program and len(program) % 8 == 0 and len(program) // 8 < 100
    assert nosuid.filter("riscv64") is None


@needs_sandbox
def test_no_setuid_bit_is_set_inside_while_ordinary_modes_are(project):
    bash_session = module("bash_session")
    session = bash_session.BashSession(bash_session.BashPolicy(timeout=10))
    try:
        out = session.run("touch a b && chmod 4755 a; chmod 755 b; mkdir -m 700 d; stat -c %a a b d")
    finally:
        session.close()
    assert "Operation not permitted" in out and out.splitlines()[-3:] == ["644", "755", "700"]


SWAP = ("import os, sys\nfolder, real, target = sys.argv[1:]\nwhile True:\n    try:\n"
        "        os.rename(folder, real); os.symlink(target, folder); os.unlink(folder); os.rename(real, folder)\n"
        "    except OSError:\n        pass\n")


def test_the_carried_modules_reads_and_writes_are_confined_too(agent, project, tmp_path):
    """The research sub-agent's read_lines and search_file, the memory file and saved outputs
    (tools.py and context.py, carried byte for byte) race a folder swapped for a link and lose."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "s.txt").write_text("SECRET-carried\n")
    (project / "d").mkdir()
    (project / "d" / "s.txt").write_text("inside\n")
    swapper = subprocess.Popen([sys.executable, "-c", SWAP, str(project / "d"), str(project / "d.real"),
                                str(outside)])
    try:
        outputs = [agent.tools.read_lines("d/s.txt", 1, 1) for _ in range(2000)]
        outputs += [agent.tools.search_file("SECRET-c.rried", "d") for _ in range(300)]  # never echoed
        writes = [agent.tools.tool(agent.tools.write_atomically)(str(project / "d" / f"w{i}.txt"), b"x")
                  for i in range(300)]
    finally:
        swapper.kill()
        swapper.wait()
    assert not any("SECRET-carried" in o for o in outputs)
    assert sorted(p.name for p in outside.iterdir()) == ["s.txt"]
    assert any(w is None for w in writes)  # most writes land, inside
    (project / "NOTES.md").symlink_to(outside / "s.txt")
    assert agent.context.read_memory(agent.POLICY) == []
