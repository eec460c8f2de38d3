"""The requests of rename, add-parameter, fix-failing-test, explain-function,
big-module-value and copy-value: each family takes its own and no other family's, and
none takes a request the tutor's own tasks or the other families answer."""

from __future__ import annotations

import pytest
from tutor_play import play

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.tutor.understand import tasks

OURS = ("rename", "add-parameter", "fix-failing-test", "explain-function", "big-module-value",
        "copy-value")
OTHERS = (
    "Change the config.", "Fix it.", "Empty notes.py.", "Delete notes.py.", "Read latin1.txt.",
    "Open missing.py and tell me what it does.", "Create a README for this project.",
    "Summarise every file in the project.", "Create hello.py with a function that prints hi.",
    "Add a function multiply to math_utils.py.", "Add a docstring to add in math_utils.py.",
    "Add a main block to app.py.", "Run the tests.", "Do the tests pass?",
    "Where is load_order defined?", "Where is parse_item used?", "List the files.",
    "Rename notes.py to notes_old.py.",
    "In pricing.py, change the default margin of score_order from 5 to 8.",
)


@pytest.mark.parametrize("name", OURS)
def test_each_family_takes_its_own_requests_and_no_other(name):
    for seed in range(8):
        task = instance(name, seed)
        takers = [n for n in OURS if FAMILIES[n].match(task.request)]
        assert takers == [name], (task.request, takers)


@pytest.mark.parametrize("request_", OTHERS + tasks.TASK_PROMPTS)
def test_requests_for_other_tasks_are_not_taken(request_):
    assert [n for n in OURS if FAMILIES[n].match(request_)] == []


ASKING = "Read a file before editing it. Never delete files. Be concise. When in doubt, ask the user."


@pytest.mark.parametrize("name", ["rename", "add-parameter", "copy-value", "big-module-value"])
def test_without_a_limit_on_asking_a_clear_request_gets_a_question_and_no_change(name, client, tmp_path):
    task = instance(name, 0)
    result = play(client, "s02", task, tmp_path, rules=ASKING)
    assert result.calls == [] and result.after == result.before
    assert result.reply.startswith("Before I change") and result.reply.endswith("?")
