"""Checkpoint 09 end to end: replies streamed through the real SDK from the tutor model, a
Ctrl-C mid-stream, the plan tool, hooks from the project's file, /undo and the other
session commands."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys

import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors, to_plain

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
ADD = "Add a multiply function to math_utils.py."
RUN_TESTS = "Run the tests and tell me if they pass."
PLANNED = "Add a multiply function to math_utils.py, then run the tests."


@pytest.fixture
def agent(project, monkeypatch):
    # python3 in the agent's shell is this Python, which has pytest (as in the course's venv)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    monkeypatch.setenv("AGENT_TRACE", "off")
    module = paths.load_checkpoint("09")
    module.GUARDRAIL.ask = lambda command, programs, reason: "y"
    yield module
    module.BASH.close()
    module.HOOK_SHELL.close()


def streaming_client(agent, client, out=None):
    """The SDK's client as the REPL wraps it: the conversation's calls streamed."""
    return agent.session.streaming.Client(client, lambda r: agent.session.shown(agent, r), out)


def turn(agent, client, messages, text):
    messages.append({"role": "user", "content": text})
    reply = agent.run_turn(client, messages)
    assert protocol_errors(messages) == [], text
    return reply


def blocks(messages, kind):
    return [b for m in to_plain(messages) if isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == kind]


# --------------------------------------------------------------------------- streaming


def test_a_streamed_turn_shows_each_part_once_and_keeps_the_history_valid(agent, client, capsys):
    out = io.StringIO()
    messages = []
    reply = turn(agent, streaming_client(agent, client, out), messages, ADD)
    shown, printed = out.getvalue(), capsys.readouterr().out
    assert "multiply" in reply
    assert "[calling] str_replace_based_edit_tool" in shown  # the call, as it was formed
    assert "[thinking]" in shown  # today's model's notes, summarized, as they arrived
    assert shown.count("Assistant: ") == 1 and reply.split()[0] in shown
    assert "Assistant:" not in printed  # turns.final_answer does not print it a second time
    assert blocks(messages, "thinking"), "thinking blocks are kept whole in the history"


def test_a_compaction_or_a_sub_agent_is_not_streamed(agent):
    assert agent.session.shown(agent, {"tools": agent.TOOLS, "messages": []})
    assert not agent.session.shown(agent, {"tools": agent.TOOLS, "tool_choice": {"type": "none"}})
    assert not agent.session.shown(agent, {"tools": agent.context.RESEARCH_TOOLS})


class CtrlC(io.StringIO):
    """The screen; the user presses Ctrl-C when `at` is printed (the `count`-th time)."""

    def __init__(self, at, count=1):
        super().__init__()
        self.at, self.count = at, count

    def write(self, text):
        super().write(text)
        if self.at in text:
            self.count -= 1
            if self.count == 0:
                raise KeyboardInterrupt
        return len(text)


@pytest.mark.parametrize(("at", "count"), [("[calling]", 1), ("[calling]", 2), ("[thinking]", 1),
                                           ("Assistant: ", 1)])
def test_ctrl_c_mid_stream_leaves_a_valid_history_and_the_next_turn_works(agent, client, at, count):
    out = CtrlC(at, count)
    messages = []
    messages.append({"role": "user", "content": ADD})
    note = agent.run_turn(streaming_client(agent, client, out), messages)
    assert "Interrupted" in note and "[cut: Ctrl-C" in out.getvalue()
    assert not messages or protocol_errors(messages) == []  # empty: the request taken back
    # the rule: the interrupted reply is dropped whole; every tool_use before it answered
    uses = {b["id"] for b in blocks(messages, "tool_use")}
    assert uses == {b["tool_use_id"] for b in blocks(messages, "tool_result")}
    if messages:
        assert "[Interrupted (Ctrl-C).]" in json.dumps(to_plain(messages)[-1])
    turn(agent, streaming_client(agent, client, io.StringIO()), messages, RUN_TESTS)


# --------------------------------------------------------------------------- the plan


def test_the_plan_tool_adds_starts_and_finishes(agent):
    plan = agent.planning.Plan()
    assert plan.update("start", number=1).startswith("Error:")
    plan.update("add", task="read utils.py")
    plan.update("add", task="add a test")
    assert plan.update("start", number=2) == "1. [ ] read utils.py\n2. [>] add a test"
    assert plan.update("start", number=1) == "1. [>] read utils.py\n2. [ ] add a test"  # one at a time
    assert plan.update("finish", number=1).startswith("1. [x]")
    assert "2. [ ] add a test" in plan.layer()
    assert plan.update("remove", number=1).startswith("Error:")
    assert plan.update("finish", number=True).startswith("Error:")
    plan.update("finish", number=2)
    assert plan.layer() == ""


def test_the_tutor_plans_a_request_of_two_steps_and_the_user_sees_it(agent, client, capsys):
    messages = []
    reply = turn(agent, streaming_client(agent, client, io.StringIO()), messages, PLANNED)
    calls = [b["input"] for b in blocks(messages, "tool_use") if b["name"] == "plan"]
    assert [c["action"] for c in calls] == ["add", "add", "start", "finish", "start", "finish"]
    assert "def multiply" in open("math_utils.py", encoding="utf-8").read()
    assert "All 2 steps" in reply
    shown = capsys.readouterr().out
    assert "[plan]" in shown and "2. [x] Run the tests" in shown


def test_an_unfinished_plan_is_a_layer_of_the_next_call(agent):
    agent.PLAN.update("add", task="read utils.py")
    system = agent.system_prompt(memory=agent.start_turn([{"role": "user", "content": "go"}]).memory)
    assert "## Your plan" in json.dumps(system)


# --------------------------------------------------------------------------- hooks


def write_hooks(project, table):
    (project / ".agent").mkdir(exist_ok=True)
    (project / ".agent" / "hooks.json").write_text(json.dumps({"hooks": table}), encoding="utf-8")


def command_hook(command, matcher=""):
    return [{"matcher": matcher, "hooks": [{"type": "command", "command": command}]}]


def test_hooks_run_after_an_edit_and_at_the_end_of_the_turn(agent, client, project, capsys):
    write_hooks(project, {"PostToolUse": command_hook('echo "checked $TOOL_PATH"', "str_replace_based_edit_tool"),
                          "Stop": command_hook("echo tests would run here")})
    messages = []
    turn(agent, client, messages, ADD)
    results = [b["content"] for b in blocks(messages, "tool_result")]
    assert any("checked math_utils.py" in r for r in results)
    assert "tests would run here" in capsys.readouterr().out


def test_the_shipped_example_formats_an_edited_file_and_runs_the_tests_at_the_end(agent, client, project, capsys):
    """hooks.example.json, as the README says to use it: copied to .agent/hooks.json."""
    example = paths.find_checkpoint("09") / "hooks.example.json"
    assert (paths.find_checkpoint("10") / "hooks.example.json").read_bytes() == example.read_bytes()
    (project / ".agent").mkdir(exist_ok=True)
    shutil.copy(example, project / ".agent" / "hooks.json")
    (project / "messy.py").write_text("def f():   \n\treturn 1\t\n", encoding="utf-8")
    agent.HOOKS.begin(str(project), agent.BASH, agent.HOOK_SHELL)
    result = agent.HOOKS.after("str_replace_based_edit_tool", {"command": "create", "path": "messy.py"}, "ok")
    assert (project / "messy.py").read_text(encoding="utf-8") == "def f():\n    return 1\n"
    assert "formatted messy.py" in result and "messy.py compiles" in result
    assert agent.HOOKS.after("str_replace_based_edit_tool", {"path": "README.md"}, "ok") == "ok", "only Python"
    messages = []
    turn(agent, client, messages, ADD)
    assert any("math_utils.py compiles" in b["content"] for b in blocks(messages, "tool_result"))
    assert "passed" in capsys.readouterr().out, "the Stop hook ran the project's tests"


def test_a_before_hook_that_exits_2_refuses_the_call(agent, client, project):
    write_hooks(project, {"PreToolUse": command_hook("echo 'no shell today'; exit 2", "bash")})
    messages = []
    turn(agent, client, messages, RUN_TESTS)
    refused = [b for b in blocks(messages, "tool_result") if "refused by a hook" in str(b["content"])]
    assert refused and refused[0].get("is_error") and "no shell today" in refused[0]["content"]


def test_a_bad_hooks_file_is_reported_and_runs_nothing(agent, project, capsys):
    (project / ".agent").mkdir(exist_ok=True)
    (project / ".agent" / "hooks.json").write_text("{not json", encoding="utf-8")
    agent.start_turn([{"role": "user", "content": "go"}])
    assert "hooks.json was not read" in capsys.readouterr().out and agent.HOOKS.hooks == []


def test_a_hooks_file_reached_through_a_link_is_never_read(agent, project, tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "hooks.json").write_text(json.dumps({"hooks": {"Stop": command_hook("echo planted")}}))
    (project / ".agent").symlink_to(elsewhere)
    agent.start_turn([{"role": "user", "content": "go"}])
    assert agent.HOOKS.hooks == [] and "never followed" in capsys.readouterr().out


def test_the_hooks_file_is_protected_from_the_editor_and_the_shell(agent, project):
    write_hooks(project, {})
    agent.start_turn([{"role": "user", "content": "go"}])
    refused = agent.dispatch_tool("str_replace_based_edit_tool", {
        "command": "str_replace", "path": ".agent/hooks.json", "old_str": "{}", "new_str": "{1}"})
    assert refused.startswith("Error:") and ".agent/hooks.json" in refused
    if not agent.BASH.fenced:
        pytest.skip("no sandbox here: the shell is not fenced")
    agent.bash("echo '{}' > .agent/hooks.json; rm -rf .agent")
    assert json.loads((project / ".agent" / "hooks.json").read_text()) == {"hooks": {}}


# --------------------------------------------------------------------------- session commands


def test_undo_restores_what_the_last_turn_changed(agent, client, project):
    original = (project / "math_utils.py").read_bytes()
    messages = []
    turn(agent, client, messages, ADD)
    assert (project / "math_utils.py").read_bytes() != original
    shown = agent.session.command(agent, client, messages, "/undo")
    assert "math_utils.py (changed by turn 1) restored" in shown
    assert (project / "math_utils.py").read_bytes() == original
    assert "nothing to undo" in agent.session.command(agent, client, messages, "/undo")


def test_undo_removes_a_file_the_turn_made_and_leaves_one_changed_since(agent, project):
    agent.UNDO.begin(str(project))
    (project / "new.py").write_text("x = 1\n")
    (project / "utils.py").write_text("changed by the turn\n")
    agent.UNDO.end(str(project), 1)
    (project / "utils.py").write_text("changed by you afterwards\n")
    lines = "\n".join(agent.UNDO.undo(str(project)))
    assert not (project / "new.py").exists() and "new.py (changed by turn 1) removed" in lines
    assert (project / "utils.py").read_text() == "changed by you afterwards\n" and "left alone" in lines


def test_model_switch_drops_thinking_and_the_next_turn_is_accepted(agent, client):
    messages = []
    turn(agent, client, messages, ADD)
    assert blocks(messages, "thinking")
    assert "claude-opus-5" in agent.session.command(agent, client, messages, "/model claude-opus-5")
    assert agent.MODEL == "claude-opus-5" and not blocks(messages, "thinking")
    assert "not a model name" in agent.session.command(agent, client, messages, "/model gpt")
    turn(agent, client, messages, RUN_TESTS)


def test_compact_cost_and_help(agent, client):
    messages = []
    assert "nothing to compact" in agent.session.command(agent, client, messages, "/compact")
    turn(agent, client, messages, ADD)
    turn(agent, client, messages, RUN_TESTS)
    before = len(messages)
    assert "summary" in agent.session.command(agent, client, messages, "/compact")
    assert len(messages) < before and protocol_errors(messages) == []
    assert messages[-1]["role"] == "assistant"
    assert "session so far" in agent.session.command(agent, client, messages, "/cost")
    assert "/undo" in agent.session.command(agent, client, messages, "/help")
    assert "unknown command" in agent.session.command(agent, client, messages, "/nope")
    turn(agent, client, messages, "What files are in this project?")


def test_the_repl_runs_commands_and_requests(agent, client, monkeypatch, capsys):
    lines = iter(["/help", "What files are in this project?", "/cost", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    agent.session.repl(agent, streaming_client(agent, client))
    out = capsys.readouterr().out
    assert "/compact" in out and "math_utils.py" in out and "session so far" in out and "Goodbye." in out
