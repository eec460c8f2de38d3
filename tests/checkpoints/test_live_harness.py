"""Checkpoint 09 against Claude (needs ANTHROPIC_API_KEY): what a plan and a hook do with
a real model, where the tutor's behaviour is only a documented row (docs/TUTOR-SCRIPT.md).
A request of two steps, streamed: the plan tool is used and every step it adds is finished,
the history stays valid, and the project's hooks run after each edit and at the end of the
turn. A real model is not deterministic: each case gets a few trials and must pass most of
them (run with -s to see the pass rates)."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys

import anthropic
import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.projects.sample import copy_sample_project

pytestmark = [pytest.mark.live, pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")]
TRIALS = 3
PLANNED = "Add a multiply function to math_utils.py, then run the tests and tell me if they pass."


def _agent(tmp_path, trial, monkeypatch):
    root = copy_sample_project(tmp_path / f"trial{trial}")
    monkeypatch.chdir(root)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    (root / ".agent").mkdir(exist_ok=True)
    shutil.copy(paths.find_checkpoint("09") / "hooks.example.json", root / ".agent" / "hooks.json")
    agent = paths.load_checkpoint("09")
    agent.GUARDRAIL.ask = lambda command, programs, reason: "y"
    return root, agent


def _calls(messages, name):
    return [b["input"] for m in to_plain(messages) if m["role"] == "assistant" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_use" and b.get("name") == name]


def _verdict(agent, messages, printed: str) -> str | None:
    if protocol_errors(messages):
        return f"the history breaks the protocol: {protocol_errors(messages)[0]}"
    plan = _calls(messages, "plan")
    added = sum(1 for c in plan if c.get("action") == "add")
    finished = {c.get("number") for c in plan if c.get("action") == "finish"}
    if added < 2:
        return f"a request of two steps was not planned ({added} step(s) added)"
    if len(finished) < added:
        return f"{added} steps added, {len(finished)} finished"
    results = [str(b.get("content")) for m in to_plain(messages) if isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    if not any("math_utils.py compiles" in r for r in results):
        return "the after-edit hook's output is in no tool result"
    if "passed" not in printed:
        return "the Stop hook's test run was not shown"
    return None


def test_a_request_of_two_steps_is_planned_streamed_and_hooked_on_claude(tmp_path, monkeypatch, capsys):
    failures = []
    for trial in range(TRIALS):
        _, agent = _agent(tmp_path, trial, monkeypatch)
        try:
            out = io.StringIO()
            client = agent.session.streaming.Client(anthropic.Anthropic(),
                                                    lambda r, a=agent: a.session.shown(a, r), out)
            messages = [{"role": "user", "content": PLANNED}]
            agent.run_turn(client, messages)
            verdict = _verdict(agent, messages, capsys.readouterr().out)
        finally:
            agent.BASH.close()
            agent.HOOK_SHELL.close()
        if verdict:
            failures.append(f"{verdict}; plan calls: {json.dumps(_calls(messages, 'plan'))[:300]}")
    print(f"\n09 planned and hooked: {TRIALS - len(failures)}/{TRIALS} passed", *failures, sep="\n  ")
    assert (TRIALS - len(failures)) * 2 > TRIALS, failures
