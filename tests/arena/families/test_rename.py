"""The rename family beyond the shared checks: other correct styles pass, decoys survive a
bash-only agent, a function that is not there changes nothing, other requests are not taken."""

from __future__ import annotations

import re

import pytest
from tutor_play import play

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted
from agentcourse.tutor.act.families.moves import word

FAMILY = FAMILIES["rename"]


def test_a_rename_made_in_another_order_with_other_words_is_solved():
    task = instance("rename", 3)
    f = task.facts
    after = {p: word(f["old"]).sub(f["new"], t) for p, t in task.files.items()}
    reads = tuple(reversed(list(task.files)))
    honest = scripted(task.files, f"Done: every use of {f['old']} now says {f['new']}.", reads=reads,
                      after=after)
    assert FAMILY.judge(task, honest) is None


def test_a_text_replace_that_renames_the_decoys_too_is_not_solved():
    task = instance("rename", 4)
    f = task.facts
    after = {p: t.replace(f["old"], f["new"]) for p, t in task.files.items()}
    assert "changed more than the name" in FAMILY.judge(task, scripted(task.files, "ok", tuple(task.files), after))


def test_the_tutor_renames_with_only_a_shell_and_keeps_the_longer_names(client, tmp_path):
    task = instance("rename", 0)
    result = play(client, "s01", task, tmp_path)
    assert FAMILY.judge(task, result) is None, result.reply
    home = result.after[task.facts["home"]]
    assert f"{task.facts['old']}_cache" in home and f"def old_{task.facts['old']}(" in home


def test_a_function_that_is_not_defined_is_reported_and_nothing_changes(client, tmp_path):
    task = instance("rename", 1)
    f = task.facts
    files = {p: t.replace(f"def {f['old']}(", "def other_name(") for p, t in task.files.items()}
    result = play(client, "s02", task, tmp_path, files=files)
    assert result.after == result.before
    assert f"couldn't find a function named {f['old']}" in result.reply


@pytest.mark.parametrize("request_", [
    "Rename notes.py to notes_old.py.", "Delete old_config.py.", "Where is load_order defined?",
    "Add a docstring to load_order in orders.py.", "List the files.", "Run the tests.",
    "Create README.md describing the project."])
def test_requests_of_other_families_are_not_taken_for_a_rename(request_):
    assert FAMILY.match(request_) is None


def test_the_patterns_read_the_names_from_each_phrasing():
    for seed in range(6):
        task = instance("rename", seed)
        m = FAMILY.match(task.request)
        assert m and (m["old"], m["new"]) == (task.facts["old"], task.facts["new"]), task.request
    assert re.search(r"\brename\b", "Rename the function a to b everywhere.", re.I)


def test_a_rename_that_names_no_file_is_taken_and_a_pronoun_is_not():
    m = FAMILY.match("Rename add to add_numbers everywhere.")
    assert m and (m["old"], m["new"]) == ("add", "add_numbers")
    assert FAMILY.match("Rename it to add_numbers.") is None
    assert FAMILY.match("It should be called once.") is None
