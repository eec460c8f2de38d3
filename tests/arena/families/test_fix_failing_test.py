"""The fix-failing-test family beyond the shared checks: a bash-only agent fixes it, a bug
the tutor does not recognise changes nothing, and the judge's own check stops special cases."""

from __future__ import annotations

from tutor_play import play

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.fix_failing_test import run_tests
from agentcourse.tutor.act.families.fix_failing_test import FIXES

FAMILY = FAMILIES["fix-failing-test"]


def test_the_tutor_fixes_it_with_only_a_shell_and_runs_the_tests_twice(client, tmp_path):
    task = instance("fix-failing-test", 0)
    result = play(client, "s01", task, tmp_path)
    assert FAMILY.judge(task, result) is None, result.reply
    runs = [args for _, args in result.calls if "pytest" in str(args)]
    assert len(runs) == 2 and "pass" in result.reply


def test_a_bug_the_tutor_does_not_know_is_reported_and_nothing_changes(client, tmp_path):
    task = instance("fix-failing-test", 1)
    f = task.facts
    wrong = FIXES[f["func"]][0]
    files = {**task.files, f["module"]: task.files[f["module"]].replace(wrong, "raise ValueError('no')")}
    result = play(client, "s02", task, tmp_path, files=files)
    assert result.after == result.before
    assert "changed nothing" in result.reply or "nothing was changed" in result.reply


def test_the_judges_own_check_fails_a_function_that_returns_the_tests_answer():
    task = instance("fix-failing-test", 2)
    special = FAMILY.broken(task)[3]
    assert run_tests(special.after, {}) is None  # the project's own tests pass...
    assert "do not pass" in FAMILY.judge(task, special)  # ...the judge's check does not
