"""Checkpoint 06 (and the checkpoints after it) driven through the SDK against the tutor:
the long task done with stubs, notes and compaction; research in its own window; the
memory file in the next turn's prompt; every call counted; the messages list valid."""

from __future__ import annotations

import dataclasses
import json

import anthropic
import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.clients import RecordingClient
from agentcourse.projects import longtask

WITH_CONTEXT = [d.name[:2] for d in paths.checkpoint_dirs() if (d / "context.py").is_file()]


class Capturing(RecordingClient):
    """A RecordingClient that also keeps every request it forwards."""

    def __init__(self, client):
        super().__init__(client)
        self.requests: list[dict] = []

    def create(self, **request):
        self.requests.append(request)
        return super().create(**request)


@pytest.fixture(params=WITH_CONTEXT)
def agent(request, tmp_path, monkeypatch):
    monkeypatch.setenv("AGENT_TRACE", str(tmp_path / "trace.jsonl"))
    module = paths.load_checkpoint(request.param)  # fresh: a fresh SESSION and WINDOW
    for name in ("MAX_STEPS", "MAX_COST_USD", "MAX_SECONDS"):
        monkeypatch.setattr(module, name, 0)
    if hasattr(module, "GUARDRAIL"):  # 08: the user says yes to every command (ls, say)
        module.GUARDRAIL.ask = lambda command, programs, reason: "y"
    yield module
    if hasattr(module, "BASH"):
        module.BASH.close()


def records(tmp_path, kind="call"):
    lines = (tmp_path / "trace.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["type"] == kind]


def turn(agent, client, messages, prompt):
    messages.append({"role": "user", "content": prompt})
    reply = agent.run_turn(client, messages)
    assert protocol_errors(messages) == [], f"after {prompt!r}"
    return reply


def test_the_long_task_is_done_with_stubs_notes_and_a_compaction(agent, client, project, tmp_path,
                                                                 monkeypatch):
    # Ten modules are too few to reach the thresholds: stub and compact early.
    monkeypatch.setattr(agent, "POLICY", dataclasses.replace(
        agent.POLICY, stub_at_tokens=6000, compact_at_tokens=3000))
    longtask.write_package(project, modules=10)
    recording = Capturing(client)
    messages = []
    reply = turn(agent, recording, messages, longtask.TASK)
    assert reply.startswith("Done") and longtask.summary_problems(project) == []
    notes = (project / "NOTES.md").read_text().splitlines()
    assert len(notes) == 10 and all(line.startswith("- inventory/") for line in notes)
    assert agent.WINDOW.stubbed > 0 and agent.WINDOW.compactions >= 1
    stubbed = [b for m in to_plain(messages) if isinstance(m["content"], list)
               for b in m["content"] if str(b.get("content", "")).startswith("[stub: ")]
    assert stubbed or agent.WINDOW.compactions  # stubs may since have gone into a summary
    kinds = [r.get("kind") for r in records(tmp_path)]
    assert kinds.count("compact") == agent.WINDOW.compactions and "agent" in kinds
    # every call is counted, the summary calls too
    assert agent.SESSION.calls == len(recording.usages) == len(kinds)
    assert agent.SESSION.input_tokens == sum(u.input_tokens for u in recording.usages)
    summary_calls = [r for r in recording.requests if r.get("tool_choice") == {"type": "none"}]
    assert len(summary_calls) == agent.WINDOW.compactions
    assert all(r["tools"] == agent.TOOLS for r in summary_calls)  # the API wants tools defined


def test_research_runs_in_its_own_window_and_only_its_answer_comes_back(agent, client, project,
                                                                        tmp_path):
    recording = Capturing(client)
    messages = []
    reply = turn(agent, recording, messages, "Where is slugify defined, and where is it used?")
    assert "utils.py:1" in reply and "tests.py:1" in reply and "tests.py:5" in reply
    calls = [b for m in to_plain(messages) if m["role"] == "assistant" for b in m["content"]
             if b["type"] == "tool_use"]
    assert [c["name"] for c in calls] == ["research"]
    result = to_plain(messages)[2]["content"][0]["content"]
    assert "def slugify" in result and "return" not in result  # an answer, not the file
    sub = [r for r in recording.requests if r["system"] == agent.context.RESEARCH_SYSTEM]
    assert sub and all({t["name"] for t in r["tools"]} == {"search_file", "read_lines"} for r in sub)
    assert sub[0]["messages"][0] == {"role": "user",  # a fresh window: only the question
                                     "content": "Where is slugify defined, and where is it used?"}
    kinds = [r["kind"] for r in records(tmp_path)]
    assert kinds.count("research") == len(sub) and agent.SESSION.calls == len(recording.usages)


def test_research_without_a_client_is_an_error_string(agent):
    assert agent.dispatch_tool("research", {"question": "Where is x?"}).startswith("Error:")
    assert agent.research("", client=object()).startswith("Error:")


def test_notes_of_one_turn_are_in_the_next_turns_system_prompt(agent, client, project):
    recording = Capturing(client)
    messages = []
    assert agent.save_note("utils.py:1 defines slugify(text)") == "Saved to NOTES.md (1 lines)"
    turn(agent, recording, messages, "What files are in this project?")
    system = recording.requests[0]["system"]
    text = system if isinstance(system, str) else "\n".join(b["text"] for b in system)
    assert "- utils.py:1 defines slugify(text)" in text


def test_a_new_request_after_a_big_turn_starts_from_a_summary(agent, client, project, monkeypatch):
    monkeypatch.setattr(agent, "POLICY", dataclasses.replace(agent.POLICY, compact_at_tokens=1500))
    messages = []
    turn(agent, client, messages, "Summarize every file in this project.")
    turn(agent, client, messages, "What files are in this project?")
    first = to_plain(messages)[0]["content"]
    assert first.startswith(agent.context.SUMMARY_HEADER)  # compacted at the new request
    assert "## Facts" in first and "README.md" in first  # computed from the real history
    assert "The project has 5 files" in next(b.text for b in messages[-1]["content"] if b.type == "text")


def test_a_failed_summary_call_ends_the_turn_cleanly(agent, client, project, monkeypatch):
    monkeypatch.setattr(agent, "POLICY", dataclasses.replace(agent.POLICY, compact_at_tokens=1500))

    class FailingSummary(RecordingClient):
        def create(self, **request):
            if request.get("tool_choice") == {"type": "none"}:
                raise anthropic.APIConnectionError(request=None)
            return super().create(**request)

    failing = FailingSummary(client)
    messages = []
    turn(agent, failing, messages, "Summarize every file in this project.")
    kept = len(messages)
    reply = turn(agent, failing, messages, "What files are in this project?")
    assert "Could not reach the API" in reply and len(messages) == kept  # nothing half-done
