"""The labs' call_tool in the judge (agentcourse/course/scaffold/lab03/calls.py and
lab04/calls.py): a student's tool that raises fails the check, but the judge's own signal that the cell's time
ran out (remote.KernelSilent) passes through, so the grader records a timeout to regrade and
never a lost point."""

from __future__ import annotations

import pytest

from agentcourse.course import nbtools
from agentcourse.course.scaffold import lab03, lab04
from agentcourse.grading.judge import remote


@pytest.mark.parametrize("scaffold", [lab03, lab04], ids=["lab03", "lab04"])
def test_call_tool_in_the_judge_fails_a_check_for_a_tool_but_lets_the_cells_timeout_through(monkeypatch, scaffold):
    monkeypatch.setenv(nbtools.ROLE, "judge")
    monkeypatch.setitem(nbtools.JUDGE, "silent", remote.KernelSilent)

    def silent():
        raise remote.KernelSilent("your notebook's code did not answer within the cell's time limit")

    with pytest.raises(remote.KernelSilent):
        scaffold.call_tool(silent)
    with pytest.raises(AssertionError, match="raised ValueError"):
        scaffold.call_tool(lambda: int("x"))
    assert scaffold.call_tool(lambda: "ok") == "ok" and "seconds" not in nbtools.JUDGE


def test_outside_the_judge_call_tool_reports_any_error_as_a_failed_check(monkeypatch):
    monkeypatch.delenv(nbtools.ROLE, raising=False)

    def silent():
        raise remote.KernelSilent("not the judge's here")

    with pytest.raises(AssertionError, match="raised KernelSilent"):
        lab04.call_tool(silent)
