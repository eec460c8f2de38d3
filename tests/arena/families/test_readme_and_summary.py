"""create-readme and summarise-modules: files written from what was read, judged on what
they say in any layout."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from agentcourse.api.outcome import outcome
from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.families.judging import scripted, snapshot, write_project
from agentcourse.arena.families.summarise_modules import summarised
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint
from agentcourse.tutor.act.context_tasks import module_line

sys.path.insert(0, str(Path(__file__).parents[2] / "tutor"))
from agents import drive  # noqa: E402

from tests.budget import within

RULES = "Read a file before editing it. Never delete files. Be concise."


def _public(task) -> dict[str, list[str]]:
    return task.facts["functions"]


def test_a_readme_laid_out_as_a_table_is_accepted():
    task = instance("create-readme", 0)
    rows = "".join(f"| {p[:-3]} | {', '.join(names)} |\n" for p, names in _public(task).items())
    readme = "# Tools\n\n| module | functions |\n|---|---|\n" + rows
    done = scripted(task.files, "README.md is written.", reads=tuple(_public(task)),
                    after={**task.files, "README.md": readme})
    assert FAMILIES["create-readme"].judge(task, done) is None


def test_an_existing_readme_is_left_alone_and_the_reply_says_so(client, tmp_path):
    task = instance("create-readme", 2)
    assert task.facts["exists"]
    root = write_project(tmp_path / "project", task.files)
    before = snapshot(root)
    turn = drive(client, "s01", root, task.request, extra=RULES)
    result = outcome(turn.messages, 0, before, snapshot(root))
    assert result.after == result.before and "already exists" in result.reply


def test_checkpoint_04_reads_every_module_in_one_response(client, tmp_path):
    task = instance("create-readme", 4)
    result, messages = play_module(task, load_checkpoint("04"), client, tmp_path / "project")
    assert FAMILIES["create-readme"].judge(task, result) is None, result.reply
    reads = [[b for b in m["content"] if getattr(b, "type", None) == "tool_use"
              or isinstance(b, dict) and b.get("type") == "tool_use"]
             for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)]
    assert len(reads[1]) == len(_public(task))  # after the listing: one call per module


def test_a_summary_as_a_table_with_bare_module_names_is_accepted():
    task = instance("summarise-modules", 0)
    rows = []
    for path, text in summarised(task).items():
        line = module_line(path, text).split(": ", 1)[1]
        rows.append(f"| {path.split('/')[-1]} | {line} |")
    out = task.facts["out"]
    done = scripted(task.files, f"{out} is ready.", reads=tuple(summarised(task)),
                    after={**task.files, out: "| module | what |\n|---|---|\n" + "\n".join(rows) + "\n"})
    assert FAMILIES["summarise-modules"].judge(task, done) is None


def test_the_long_task_family_runs_in_seconds_with_checkpoint_04(client, tmp_path):
    task = instance("summarise-modules", 3)
    start = time.monotonic()
    result, _ = play_module(task, load_checkpoint("04"), client, tmp_path / "project")
    assert FAMILIES["summarise-modules"].judge(task, result) is None, result.reply
    assert time.monotonic() - start < within(20)


def test_a_shell_alone_writes_the_summary(client, tmp_path):
    task = instance("summarise-modules", 4)
    root = write_project(tmp_path / "project", task.files)
    before = snapshot(root)
    turn = drive(client, "s01", root, task.request, extra=RULES, max_calls=40)
    result = outcome(turn.messages, 0, before, snapshot(root))
    assert FAMILIES["summarise-modules"].judge(task, result) is None, result.reply
