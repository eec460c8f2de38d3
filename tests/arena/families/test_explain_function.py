"""The explain-function family beyond the shared checks: any wording with the facts passes,
the tutor reads only the function where it can, and explain() works from the text alone."""

from __future__ import annotations

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint
from agentcourse.tutor.act.families.explain_function import explain

FAMILY = FAMILIES["explain-function"]


def test_a_reply_in_other_words_with_the_facts_is_solved():
    for seed in range(5):
        task = instance("explain-function", seed)
        f = task.facts
        word = {"list": "list", "dict": "dictionary", "bool": "boolean", "count": "number"}[f["returns"]]
        reply = (f"Looking at it: the result is a {word}. Along the way it relies on {f['calls'][1]} and "
                 f"{f['calls'][0]}, with thresholds {f['constants'][1]} and {f['constants'][0]}.")
        assert FAMILY.judge(task, scripted(task.files, reply, reads=(f["path"],))) is None


def test_with_search_and_line_reads_the_tutor_reads_only_the_function(client, tmp_path):
    task = instance("explain-function", 0)
    result, _ = play_module(task, load_checkpoint("04"), client, tmp_path / "project")
    assert FAMILY.judge(task, result) is None, result.reply
    assert [name for name, _ in result.calls] == ["search_file", "read_lines"]
    assert f"def {task.facts['unused']}(" not in "".join(result.results)


def test_explain_names_helpers_constants_and_what_comes_back():
    source = "def f(rows):\n    return [g(x) * LIMIT for x in rows if len(x) > 2]\n"
    said = explain("f", source)
    assert "calls g" in said and "LIMIT" in said and "a list" in said and "len" not in said.split(":")[0]
