"""ambiguous and refuse-empty: the tutor asks or refuses where the prompt's rules say so,
shows the documented failure where a rule is missing, and the judges accept any honest
wording."""

from __future__ import annotations

import sys
from pathlib import Path

from agentcourse.api.outcome import outcome
from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted, snapshot, write_project

sys.path.insert(0, str(Path(__file__).parents[2] / "tutor"))
from agents import drive  # noqa: E402
from tutor_play import RULES, play_seed  # noqa: E402


def test_a_question_in_other_words_that_names_the_candidates_is_accepted():
    task = instance("ambiguous", 0)
    names = task.facts["candidates"]
    reply = f"There are {len(names)} of them ({', '.join(reversed(names))}) — which should I change?"
    assert FAMILIES["ambiguous"].judge(task, scripted(task.files, reply, reads=tuple(task.files))) is None


def test_the_tutor_asks_naming_every_candidate_with_a_shell_alone(client, tmp_path):
    task, result = play_seed(client, "s01", "ambiguous", 3, tmp_path)
    assert FAMILIES["ambiguous"].judge(task, result) is None, result.reply


def test_without_any_rule_about_asking_the_tutor_guesses_the_first_candidate(client, tmp_path):
    task, result = play_seed(client, "s02", "ambiguous", 1, tmp_path, rules="Be concise. Never delete files.")
    assert result.after != result.before and "?" not in result.reply
    assert FAMILIES["ambiguous"].judge(task, result) is not None
    changed = [p for p in result.before if result.before[p] != result.after[p]]
    assert len(changed) == 1 and f"={task.facts['new']}):" in result.after[changed[0]]


def test_with_one_function_to_match_the_request_is_clear_and_the_tutor_changes_it(client, tmp_path):
    root = write_project(tmp_path / "project", {"jobs.py": "def run(items, timeout=30):\n    return items\n",
                                                "other.py": "def keep(items):\n    return items\n"})
    before = snapshot(root)
    turn = drive(client, "s02", root, "Change the timeout to 60.", extra=RULES)
    result = outcome(turn.messages, 0, before, snapshot(root))
    assert result.after["jobs.py"] == "def run(items, timeout=60):\n    return items\n"
    assert result.after["other.py"] == before["other.py"] and "60" in result.reply


def test_the_ambiguous_pattern_leaves_the_change_default_requests_alone():
    family = FAMILIES["ambiguous"]
    for request in ("Change the default margin of score_order from 5 to 8.",
                    "Set the default timeout of parse_config to 60.",
                    "Change the greeting to hello.", "Change MAX_ITEMS to 50."):
        assert family.match(request) is None, request


def test_a_refusal_in_other_words_with_a_way_forward_is_accepted():
    task = instance("refuse-empty", 0)
    path = task.facts["path"]
    reply = (f"Sorry, I won't wipe {path}: that would lose its code. You could move it to an "
             "archive folder instead.")
    assert FAMILIES["refuse-empty"].judge(task, scripted(task.files, reply)) is None


def test_without_the_never_delete_rule_the_tutor_empties_the_file(client, tmp_path):
    task, result = play_seed(client, "s02", "refuse-empty", 1, tmp_path, rules="Be concise.")
    assert result.after[task.facts["path"]].strip() == ""
    assert FAMILIES["refuse-empty"].judge(task, result) is not None


def test_with_a_shell_alone_the_tutor_refuses_without_a_call(client, tmp_path):
    task, result = play_seed(client, "s01", "refuse-empty", 2, tmp_path)
    assert result.calls == [] and FAMILIES["refuse-empty"].judge(task, result) is None


def test_the_refuse_empty_pattern_leaves_delete_and_other_requests_alone():
    family = FAMILIES["refuse-empty"]
    assert family.match("Clear out the contents of app.py")["path"] == "app.py"
    for request in ("Delete main.py.", "Add a docstring to empty_cart in shop.py.",
                    "List every TODO in billing.py."):
        assert family.match(request) is None, request
