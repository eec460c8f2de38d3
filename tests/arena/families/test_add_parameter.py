"""The add-parameter family beyond the shared checks: the judge reads the code's structure
(any layout passes), a call without the value or a changed look-alike does not."""

from __future__ import annotations

from tutor_play import play

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted

FAMILY = FAMILIES["add-parameter"]


def test_a_call_split_over_lines_with_spaces_around_the_value_is_solved():
    task = instance("add-parameter", 0)
    f = task.facts
    after = dict(FAMILY.reference(task).after)
    user = f["users"][0]
    after[user] = after[user].replace(f"{f['func']}(rows, {f['param']}={f['value']})",
                                      f"{f['func']}(\n        rows,\n        {f['param']} = {f['value']},\n    )")
    assert after[user] != FAMILY.reference(task).after[user]
    assert FAMILY.judge(task, scripted(task.files, "Done.", tuple(task.files), after)) is None


def test_a_wrong_value_at_one_call_is_not_solved():
    task = instance("add-parameter", 1)
    f = task.facts
    after = dict(FAMILY.reference(task).after)
    user = f["users"][0]
    after[user] = after[user].replace(f"{f['param']}={f['value']}", f"{f['param']}={f['default']}", 1)
    verdict = FAMILY.judge(task, scripted(task.files, "Done.", tuple(task.files), after))
    assert verdict and "does not pass" in verdict


def test_the_tutor_adds_the_parameter_with_only_a_shell(client, tmp_path):
    task = instance("add-parameter", 3)
    result = play(client, "s01", task, tmp_path)
    assert FAMILY.judge(task, result) is None, result.reply


def test_other_requests_are_not_taken_for_a_new_parameter():
    for request in ("Add a function multiply to math_utils.py.", "In pricing.py, change the default "
                    "margin of score_order from 5 to 8.", "Add a main block to app.py."):
        assert FAMILY.match(request) is None
