"""Checkpoints 09 and 10: the fence's judgement (08's fence.py and guardrail.py, carried
unchanged) is the built-in first PreToolUse hook of the bash tool. Each command asks the
user at most once; no hooks file removes the judgement or gets ahead of it; a hook of the
file can refuse what the fence allowed, never allow what it refused. The calls go through
the agent's own run_tools, as a turn makes them."""

from __future__ import annotations

import json
import shutil
import subprocess
from types import SimpleNamespace

import pytest

from agentcourse import paths

sandbox = paths.load_program(paths.find_checkpoint("08") / "sandbox.py", "sandbox")
NO_SANDBOX = sandbox.why_no_sandbox()
needs_sandbox = pytest.mark.skipif(NO_SANDBOX is not None, reason=f"no sandbox here: {NO_SANDBOX}")
pytestmark = pytest.mark.skipif(shutil.which("bash") is None or shutil.which("git") is None,
                                reason="needs bash and git")

# Hooks files that try to do without the built-in hook: none names it, so none can drop it.
PASS_ALL = {"matcher": "*", "hooks": [{"type": "command", "command": "exit 0"}]}
FILES = {
    "empty": {},
    "only-its-own-before-hooks": {"hooks": {"PreToolUse": [
        {"matcher": "bash", "hooks": [{"type": "command", "command": "true"}]},
        {"matcher": "", "hooks": [{"type": "command", "command": "echo fine"}]}]}},
    "a-catch-all-that-exits-0": {"hooks": {"PreToolUse": [PASS_ALL]}},
}


class User:
    """Answers every question the same way and counts them, noting what the hooks had done."""

    def __init__(self, answer: str, project) -> None:
        self.answer, self.project, self.asked = answer, project, []

    def __call__(self, command: str, programs: list[str], reason: str) -> str:
        self.asked.append((command, (self.project / "hook-ran").exists()))
        return self.answer


@pytest.fixture(params=["09", "10"])
def agent(request, project, monkeypatch):
    monkeypatch.setenv("AGENT_TRACE", "off")
    for git in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.invalid",
                                                "commit", "-qm", "start"]):
        subprocess.run(["git", *git], cwd=project, check=True, capture_output=True)
    module = paths.load_checkpoint(request.param)
    if hasattr(module, "MCP"):
        module.MCP.ask = lambda *asked: "n"  # no .mcp.json here: no server to approve
    yield module
    if hasattr(module, "MCP"):
        module.MCP.close()
    module.BASH.close()
    module.HOOK_SHELL.close()


def with_user(agent, project, answer: str, mode: str = "strict") -> User:
    user = User(answer, project)
    agent.GUARDRAIL.ask = user
    agent.FENCE.mode = mode
    return user


def write_hooks(project, table: dict) -> None:
    (project / ".agent").mkdir(exist_ok=True)
    (project / ".agent" / "hooks.json").write_text(json.dumps(table), encoding="utf-8")


def before(command: str, matcher: str = "bash") -> dict:
    return {"hooks": {"PreToolUse": [{"matcher": matcher, "hooks": [{"type": "command", "command": command}]}]}}


def call(agent, tool_input: dict, name: str = "bash") -> str:
    """One tool call through the agent's run_tools, at the start of a turn (the hooks file read)."""
    turn = agent.start_turn([{"role": "user", "content": "go"}])
    block = SimpleNamespace(type="tool_use", id="toolu_01", name=name, input=tool_input)
    [result] = agent.run_tools(None, [block], turn)
    return result["content"]


def test_in_strict_mode_a_command_asks_exactly_once_then_runs(agent, project):
    user = with_user(agent, project, "y")
    write_hooks(project, {"hooks": {"PreToolUse": [PASS_ALL]}})
    output = call(agent, {"command": "touch made && echo made it"})
    assert output.startswith("made it") and (project / "made").exists()
    assert [command for command, _ in user.asked] == ["touch made && echo made it"]


def test_a_command_approved_always_runs_unasked_the_next_time(agent, project):
    user = with_user(agent, project, "a")
    assert "math_utils.py" in call(agent, {"command": "ls"}) and len(user.asked) == 1
    if not agent.BASH.fenced:
        pytest.skip("no sandbox here: every command asks")
    assert "math_utils.py" in call(agent, {"command": "ls -1"}) and len(user.asked) == 1


@pytest.mark.parametrize("table", FILES.values(), ids=FILES.keys())
def test_no_hooks_file_removes_the_fences_judgement(agent, project, table):
    user = with_user(agent, project, "n")
    write_hooks(project, table)
    output = call(agent, {"command": "touch planted"})
    assert output == agent.guardrail.REFUSAL, "a refusal reads as in checkpoint 08"
    assert not (project / "planted").exists() and len(user.asked) == 1
    assert len(agent.HOOKS.hooks) == sum(len(g["hooks"]) for g in table.get("hooks", {}).get("PreToolUse", []))


def test_a_hook_that_would_allow_a_refused_command_never_runs(agent, project):
    user = with_user(agent, project, "n")
    write_hooks(project, {"hooks": {
        "PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "touch hook-ran; exit 0"}]}],
        "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "touch hook-ran"}]}]}})
    assert call(agent, {"command": "touch planted"}) == agent.guardrail.REFUSAL
    assert not (project / "hook-ran").exists() and not (project / "planted").exists()
    assert agent.HOOKS.ran == [] and len(user.asked) == 1


def test_the_files_hooks_run_only_after_the_fence_allowed_the_call(agent, project):
    user = with_user(agent, project, "y")
    write_hooks(project, before("touch hook-ran; exit 0", "*"))
    call(agent, {"command": "echo hi"})
    assert user.asked == [("echo hi", False)] and (project / "hook-ran").exists()


def test_a_hook_can_refuse_a_command_the_fence_allowed(agent, project):
    user = with_user(agent, project, "y")
    write_hooks(project, before("echo 'not today'; exit 2"))
    output = call(agent, {"command": "touch made"})
    assert output.startswith("Error: refused by a hook") and "not today" in output
    assert not (project / "made").exists() and len(user.asked) == 1
    # the approval was for that call only: the same command, sent another way, asks again
    assert agent.bash("touch made") == "(no output)" and len(user.asked) == 2


def test_a_judgement_runs_only_the_command_it_judged(agent, project):
    user = with_user(agent, project, "y")
    assert agent.HOOKS.before("bash", {"command": "echo judged"}) is None and len(user.asked) == 1
    user.answer = "n"
    assert agent.bash("touch other") == agent.guardrail.REFUSAL and len(user.asked) == 2
    assert not (project / "other").exists()
    assert agent.bash("echo judged") == agent.guardrail.REFUSAL, "spent: nothing runs on it twice"


def test_other_tools_and_a_restart_ask_nothing(agent, project):
    user = with_user(agent, project, "n")
    assert "def add" in call(agent, {"command": "view", "path": "math_utils.py"}, "str_replace_based_edit_tool")
    assert call(agent, {"restart": True}).startswith("Bash session restarted")
    assert call(agent, {"command": "  "}).startswith("Error: command must be") and user.asked == []


@needs_sandbox
def test_fenced_mode_runs_unasked_and_asks_once_to_cross(agent, project):
    user = with_user(agent, project, "y", mode="fenced")
    write_hooks(project, {"hooks": {"PreToolUse": [PASS_ALL]}})
    assert call(agent, {"command": "touch made && echo made it"}).startswith("made it") and user.asked == []
    first = call(agent, {"command": "echo '# mine' >> .git/config"})
    assert "[fence]" in first and user.asked == []
    again = call(agent, {"command": "echo '# mine' >> .git/config"})
    assert again.startswith("[run again OUTSIDE") and len(user.asked) == 1
    assert (project / ".git" / "config").read_text().endswith("# mine\n")


@needs_sandbox
def test_fenced_mode_refused_crossing_runs_nothing_and_hooks_see_nothing(agent, project):
    user = with_user(agent, project, "n", mode="fenced")
    write_hooks(project, before("touch hook-ran; exit 0", "*"))
    call(agent, {"command": "echo '# mine' >> .git/config"})
    (project / "hook-ran").unlink()
    assert call(agent, {"command": "echo '# mine' >> .git/config"}) == agent.guardrail.REFUSAL
    assert len(user.asked) == 1 and not (project / "hook-ran").exists()
    assert not (project / ".git" / "config").read_text().endswith("# mine\n")
