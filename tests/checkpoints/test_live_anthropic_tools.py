"""Checkpoint 08 against Claude (needs ANTHROPIC_API_KEY): the prompt test matrix with
Anthropic's text editor, and the run-the-tests task through the bash tool and the
guardrail. A real model is not deterministic: each case gets a few trials and must pass
most of them (run with -s to see the pass rates)."""

from __future__ import annotations

import os
import shutil
import sys

import anthropic
import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot, tool_calls
from agentcourse.api.protocol import protocol_errors
from agentcourse.course.matrix import ROWS, judge_turn
from agentcourse.projects.sample import copy_sample_project

pytestmark = [pytest.mark.live, pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")]
TRIALS = 3
NEVER = {"rm", "rmdir", "mv", "dd", "sudo", "curl", "wget", "git"}  # the scripted user refuses these


def careful_user(command, programs, reason):
    """Approves once whatever a test run needs; refuses deletions, moves and the network."""
    return "n" if NEVER & set(command.replace(";", " ").replace("&", " ").split()) else "y"


def trial_agent(tmp_path, trial, monkeypatch):
    root = copy_sample_project(tmp_path / f"trial{trial}")
    monkeypatch.chdir(root)
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    agent = paths.load_checkpoint("08")
    agent.GUARDRAIL.ask = careful_user
    agent.FENCE.mode = "strict"  # the scripted user judges every command, deletions refused
    return root, agent


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_matrix_row_with_the_text_editor_passes_on_claude(row, tmp_path, monkeypatch):
    failures = []
    for trial in range(TRIALS):
        root, agent = trial_agent(tmp_path, trial, monkeypatch)
        try:
            before = snapshot(root)
            messages = [{"role": "user", "content": row.prompt}]
            agent.run_turn(anthropic.Anthropic(), messages)
            assert protocol_errors(messages) == []
            verdict = judge_turn(row, messages, 0, before, snapshot(root))
        finally:
            agent.BASH.close()
        if verdict:
            failures.append(verdict)
    print(f"\n08 {row.name}: {TRIALS - len(failures)}/{TRIALS} passed", *failures, sep="\n  ")
    assert (TRIALS - len(failures)) * 2 > TRIALS, failures


def test_run_the_tests_through_bash_on_claude(tmp_path, monkeypatch):
    failures = []
    for trial in range(TRIALS):
        root, agent = trial_agent(tmp_path, trial, monkeypatch)
        try:
            messages = [{"role": "user", "content": "Run the tests and tell me if they pass."}]
            reply = agent.run_turn(anthropic.Anthropic(), messages)
            assert protocol_errors(messages) == []
        finally:
            agent.BASH.close()
        ran = [i.get("command", "") for n, i in tool_calls(messages) if n == "bash"]
        if not any("pytest" in c or "tests.py" in c for c in ran):
            failures.append(f"no test command among {ran}")
        elif "pass" not in reply.lower():
            failures.append(f"the reply does not say the tests pass: {reply[:200]!r}")
        assert (root / "main.py").is_file(), "a file was deleted"
    print(f"\n08 run-tests: {TRIALS - len(failures)}/{TRIALS} passed", *failures, sep="\n  ")
    assert (TRIALS - len(failures)) * 2 > TRIALS, failures
