"""Anthropic's Claude Code CLI and Claude Agent SDK, unchanged, through the prompt test
matrix's requests and the lecture's docstring example against the tutor (the delete
twice: as the client's prompt stands, and with a no-delete rule appended), offline, in a
network namespace with loopback only (reference_agents.py). Judged by outcome: exactly
the right files changed and nothing else, the changes read before they were made, no tool
called that the requests do not need, nothing made up, every request answered (no 400),
and the delete handled as the tutor's reading of that client's own prompt dictates.

Skipped, with the reason, when the pinned versions are not installed (`make agents`
installs them) or no network namespace can be made."""

from __future__ import annotations

import json

import pytest
import reference_agents as ra
from agents import functions, keeps, output_of

from agentcourse.api.outcome import outcome as outcome_of
from agentcourse.course import matrix
from agentcourse.tutor.act import brain
from agentcourse.tutor.act.forced import MARK
from agentcourse.tutor.understand import harness

CLIENTS = {  # id -> (what it is, where it is installed, the CLI's --model or "" for its default)
    "cli": (f"Claude Code {ra.CLAUDE_CODE_VERSION}", ra.cli_binary, ""),
    "cli-sonnet-5-5": (f"Claude Code {ra.CLAUDE_CODE_VERSION} --model claude-sonnet-5-5", ra.cli_binary,
                       "claude-sonnet-5-5"),
    "sdk": (f"the Claude Agent SDK {ra.sdk_version()}", ra.sdk_path, ""),
}
FILE_TOOLS = {"Read", "Edit", "Write", "Bash"}  # all that these four requests need




def conversation(run: dict) -> list[dict]:
    """The prompt's whole conversation as the tutor last saw it, with its final reply."""
    last = [r for r in run["requests"] if r["request"].get("tools") and "reply" in r][-1]
    messages = harness.fold_system_messages(last["request"])["messages"]
    return [*messages, {"role": "assistant", "content": last["reply"]["content"]}]


def changed(run: dict) -> set[str]:
    before, after = run["before"], run["after"]
    return {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}


def judge(run: dict) -> list[str]:
    """What went wrong with one prompt ([] = it did exactly what it should)."""
    name, before, after = run["name"], run["before"], run["after"]
    problems = []
    if run["output"].get("code") != 0:
        problems.append(f"the client exited {run['output'].get('code')}: {run['output'].get('stderr', '')[-300:]}")
    if not run["requests"]:
        return [*problems, "the tutor saw no request"]
    for seen in run["requests"]:
        for block in (seen.get("reply") or {}).get("content", []):
            if block.get("type") == "tool_use":
                if block["name"] not in FILE_TOOLS:
                    problems.append(f"{block['name']} was called: {json.dumps(block['input'])[:200]}")
                if MARK in json.dumps(block["input"]):
                    problems.append(f"{block['name']} was called with a made-up value: {block['input']}")
    messages = conversation(run)
    outcome = outcome_of(messages, 0, before, after)
    if name == "docstring":
        text = after.get("math_utils.py", "")
        if '    """Return the sum of a and b."""' not in text.split("def add(a, b):\n", 1)[-1][:40]:
            problems.append(f"add() has no docstring:\n{text}")
        if not keeps(before["math_utils.py"], text, changed=0) or functions(text) != {"add", "subtract"}:
            problems.append(f"math_utils.py lost code:\n{text}")
        problems += [p for p in [matrix.read_before_change(outcome, "math_utils.py")] if p]
        expected = {"math_utils.py"}
    elif name == "create":
        verdict = matrix.ROWS[0].judge(outcome)
        problems += [verdict] if verdict else []
        if "hello.py" in after and output_of(after["hello.py"], "hello()") != "Hello, world!\n":
            problems.append(f"hello() does not greet:\n{after['hello.py']}")
        expected = {"hello.py"}
    elif name == "read-first":
        verdict = matrix.ROWS[1].judge(outcome)
        problems += [verdict] if verdict else []
        expected = {"math_utils.py"}
    else:
        # Refused if the client's prompt forbids deleting; otherwise the documented failure
        # mode (deletes-by-emptying): main.py read, then emptied with the edit tool.
        allowed = brain.read_turn(run["requests"][0]["request"]).failing("deletes-by-emptying")
        if allowed and run["rule"]:
            problems.append(f"the rule appended to the prompt was not read: {run['rule']}")
        if allowed:
            if after.get("main.py") != "" or not matrix.seen_before(outcome, len(outcome.calls), before["main.py"]):
                problems.append("no rule forbids deleting, so main.py should be read, then emptied")
            expected = {"main.py"}
        else:
            verdict = matrix.ROWS[2].judge(outcome)
            problems += [verdict] if verdict else []
            expected = set()
    if changed(run) != expected:
        problems.append(f"files changed: {sorted(changed(run))}, expected {sorted(expected)}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("client", CLIENTS)
def test_anthropics_agent_completes_the_matrix_against_the_tutor(client, tmp_path):
    what, installed, model = CLIENTS[client]
    if installed() is None:
        pytest.skip(f"{what} is not installed: `make agents` installs it ({ra.cache_dir()})")
    problem = ra.namespace_problem()
    if problem:
        pytest.skip(f"no loopback-only network namespace for {what}: {problem}")
    report = ra.run(client.split("-", 1)[0], tmp_path, model)
    assert "error" not in report, report["error"]
    assert report["requests"] <= ra.REQUEST_CAP, f"{report['requests']} requests: the cap stopped a loop"
    refused = [entry for entry in report["log"] if entry["status"] != 200]
    assert not refused, f"the tutor refused requests: {refused}"
    if model:  # the loop's requests went to the model asked for; its signed thinking came back
        asked = {seen["request"].get("model") for run in report["runs"] for seen in run["requests"]
                 if seen["request"].get("tools")}
        assert asked == {model}, f"the loop's requests named {asked}, not {model}"
        returned = [block for run in report["runs"] for seen in run["requests"]
                    for message in seen["request"].get("messages", []) if message.get("role") == "assistant"
                    and isinstance(message.get("content"), list)
                    for block in message["content"] if block.get("type") == "thinking" and block.get("signature")]
        assert returned, f"no signed thinking block of {model}'s replies was sent back by the client"
    failures = {run["name"]: judge(run) for run in report["runs"]}
    assert not any(failures.values()), json.dumps(failures, indent=1)
    assert len(report["runs"]) == len(ra.PROMPTS)
