"""The big-module-value family beyond the shared checks: search and a few lines where
offered (never the whole module), the blind edit when the read-first rule is missing, and a
read that stops short is not written back."""

from __future__ import annotations

from tutor_play import play

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint

FAMILY = FAMILIES["big-module-value"]


def test_with_search_and_line_reads_the_tutor_never_reads_the_whole_module(client, tmp_path):
    task = instance("big-module-value", 0)
    result, _ = play_module(task, load_checkpoint("04"), client, tmp_path / "project")
    assert FAMILY.judge(task, result) is None, result.reply
    assert len(result.calls) == 3  # search, a few lines, one edit
    assert max(len(r) for r in result.results) < 500


def test_the_decoy_comes_first_and_shares_the_value():
    task = instance("big-module-value", 1)
    f, text = task.facts, task.files[task.facts["path"]]
    assert text.index(f"MAX_{f['const']} = {f['old']}") < text.index(f"\n{f['const']} = {f['old']}\n")
    assert len(text.split("\n")) > 5000 and f["line"] > 2000


def test_without_the_read_first_rule_the_tutor_edits_blind_and_hits_the_decoy(client, tmp_path):
    task = instance("big-module-value", 2)
    result = play(client, "s02", task, tmp_path, rules="")
    assert result.calls[0][0] == "edit_file"
    assert FAMILY.judge(task, result) is not None


def test_another_spacing_and_a_comment_on_the_line_are_solved():
    task = instance("big-module-value", 3)
    f = task.facts
    lines = task.files[f["path"]].split("\n")
    lines[f["line"] - 1] = f"{f['const']}={f['new']}  # raised"
    honest = scripted(task.files, "Done.", reads=(f["path"],), after={f["path"]: "\n".join(lines)})
    assert FAMILY.judge(task, honest) is None
