"""The copy-value family beyond the shared checks: both files read in one response, another
correct style passes, reading only the source is not enough."""

from __future__ import annotations

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint

FAMILY = FAMILIES["copy-value"]


def test_the_tutor_reads_both_files_in_one_response(client, tmp_path):
    task = instance("copy-value", 0)
    result, messages = play_module(task, load_checkpoint("04"), client, tmp_path / "project")
    assert FAMILY.judge(task, result) is None, result.reply
    first = next(m for m in messages if m["role"] == "assistant")
    uses = [b for b in first["content"] if getattr(b, "type", None) == "tool_use" or
            isinstance(b, dict) and b.get("type") == "tool_use"]
    assert len(uses) == 2


def test_a_value_copied_with_a_comment_is_solved():
    task = instance("copy-value", 1)
    f = task.facts
    after = {**task.files, f["target"]: task.files[f["target"]].replace(
        f"\n{f['const']} = {f['old']}\n", f"\n{f['const']} = {f['new']}  # as in {f['source']}\n")}
    honest = scripted(task.files, "They match now.", reads=(f["source"], f["target"]), after=after)
    assert FAMILY.judge(task, honest) is None


def test_a_value_written_without_reading_the_target_is_not_solved():
    task = instance("copy-value", 2)
    broken = FAMILY.broken(task)[2]
    assert "before its text was read" in FAMILY.judge(task, broken)
