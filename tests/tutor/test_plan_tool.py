"""The tutor's use of a plan tool (checkpoint 09): which tool is one, which requests have
several steps, and the moves of a planned request read back from its calls. End to end,
through checkpoint 09 and the real SDK: tests/checkpoints/test_harness_agent.py."""

from __future__ import annotations

from agentcourse.tutor.act import compaction, plan_tool
from agentcourse.tutor.act.toolbox import Step
from agentcourse.tutor.act.turn import Action, say

PLAN = {"name": "plan", "description": "Keep a plan.", "input_schema": {"type": "object", "properties": {
    "action": {"type": "string", "enum": ["add", "start", "finish"]}, "task": {"type": "string"},
    "number": {"type": "integer"}}, "required": ["action"]}}


def test_a_plan_tool_is_known_by_its_actions_not_its_name():
    assert plan_tool.offered({"tools": [PLAN]}) == "plan"
    assert plan_tool.offered({"tools": [{**PLAN, "name": "todo"}]}) == "todo"
    other = {**PLAN, "input_schema": {"type": "object", "properties": {"action": {"type": "string"}}}}
    assert plan_tool.offered({"tools": [other, {"type": "bash_20250124", "name": "bash"}]}) is None


def test_a_request_has_several_steps_only_when_it_says_so():
    assert plan_tool.parts("Add a multiply function to math_utils.py, then run the tests.") == [
        "Add a multiply function to math_utils.py", "Run the tests"]
    assert plan_tool.parts("Read utils.py; add a docstring to add. Then run the tests.") == [
        "Read utils.py", "Add a docstring to add", "Run the tests"]
    assert plan_tool.parts("Run the tests and tell me if they pass.") == []
    assert plan_tool.parts("Add a function. Then " * 7 + "stop.") == []  # too long to be a plan


class FakeTurn:
    """What step() reads of a turn: the body, the request and the steps so far."""

    def __init__(self, steps):
        self.body, self.request, self.steps = {"tools": [PLAN]}, "Read a.py, then read b.py.", steps


def _step(tool, **tool_input):
    return Step(op="other", path="", args={}, tool=tool, result="", ok=True, stub=False, input=tool_input)


def test_the_moves_of_a_planned_request(monkeypatch):
    import dataclasses

    monkeypatch.setattr(dataclasses, "replace", lambda turn, **changes: turn)
    first = plan_tool.step(FakeTurn([]), lambda turn, request: say(f"{request}: done."))
    assert [c[1]["input"]["action"] for c in first.calls] == ["add", "add", "start"]
    started = [_step("plan", action="add"), _step("plan", action="add"), _step("plan", action="start")]
    working = plan_tool.step(FakeTurn(started), lambda turn, request: Action(calls=[("read", {"path": "a.py"})]))
    assert working.calls == [("read", {"path": "a.py"})]
    done = plan_tool.step(FakeTurn(started), lambda turn, request: say("a.py read."))
    assert done.text == "a.py read." and [c[1]["input"] for c in done.calls] == [
        {"action": "finish", "number": 1}, {"action": "start", "number": 2}]
    finished = [*started, _step("plan", action="finish"), _step("plan", action="finish")]
    assert "All 2 steps" in plan_tool.step(FakeTurn(finished), lambda turn, request: None).text


def test_a_request_with_a_step_that_is_no_request_alone_is_read_whole(monkeypatch):
    import dataclasses

    monkeypatch.setattr(dataclasses, "replace", lambda turn, **changes: turn)
    takes = {"Read a.py": say("a.py read.")}
    assert plan_tool.step(FakeTurn([]), lambda turn, request: takes.get(request)) is None


def test_the_last_reply_never_claims_a_step_that_was_not_done(monkeypatch):
    import dataclasses

    monkeypatch.setattr(dataclasses, "replace", lambda turn, **changes: turn)
    started = [_step("plan", action="add"), _step("plan", action="add"), _step("plan", action="start"),
               _step("plan", action="finish")]
    missed = plan_tool.step(FakeTurn(started), lambda turn, request: None)
    assert missed.text == "Step 2 (Read b.py) is not something I can do offline."
    turn = FakeTurn([*started, _step("plan", action="finish")])
    turn.body["messages"] = [{"role": "assistant", "content": [{"type": "text", "text": missed.text}]}]
    last = plan_tool.step(turn, lambda turn, request: None).text
    assert "All" not in last and "Done: 1. Read a.py" in last and "Not done: 2. Read b.py" in last


def test_a_summary_names_an_insert_as_a_change():
    steps = [Step(op="insert", path="m.py", args={"line": 3, "text": "x"}, tool="str_replace_based_edit_tool",
                  result="ok", ok=True, stub=False)]
    paths: dict[str, list[str]] = {}
    decisions, _, _ = compaction._from_steps(steps, paths)
    assert decisions == ["- Changed m.py."] and paths == {"m.py": ["changed"]}
