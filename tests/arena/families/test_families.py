"""Every task family of the arena: generated from a seed, judged by outcome, done by the tutor.

For each family: its reference turn is judged solved and each of its broken turns is not
(five seeds); generation is deterministic and the seeds differ; and the tutor completes
it with the course's tools (checkpoints 04 and 08) and with tool sets written elsewhere
(learn-claude-code's s02 set, a read/write_file set, with the course's rules added to
their prompts), the tools run for real in a scratch project. A family that needs an
operation (a shell to run commands, a listing, an edit tool that replaces an exact piece of
a file: a whole-file write cannot carry a file longer than one response) is solved only
where the tools offer it; elsewhere the turn changes nothing and is not judged solved.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint
from agentcourse.tutor.act.turn import read_turn
from agentcourse.tutor.understand import failure_modes

sys.path.insert(0, str(Path(__file__).parents[2] / "tutor"))
from agents import TOOLSETS  # noqa: E402
from tutor_play import RULES, play  # noqa: E402

NAMES = sorted(FAMILIES)
SEEDS = range(5)


def test_there_are_at_least_twenty_families():
    assert len(FAMILIES) >= 20, sorted(FAMILIES)


@pytest.mark.parametrize("name", NAMES)
def test_the_reference_turn_is_solved_and_every_broken_turn_is_not(name):
    family = FAMILIES[name]
    for seed in SEEDS:
        task = instance(name, seed)
        assert family.judge(task, family.reference(task)) is None, (task.id, task.request)
        broken = family.broken(task)
        assert broken, f"{name} has no broken turn"
        for k, turn in enumerate(broken):
            assert family.judge(task, turn) is not None, f"{task.id}: broken turn {k} was judged solved"


@pytest.mark.parametrize("name", NAMES)
def test_generation_is_deterministic_and_seeds_make_different_tasks(name):
    tasks = [instance(name, seed) for seed in SEEDS]
    assert instance(name, 3) == tasks[3]
    shapes = {(t.request, tuple(sorted((k, str(v)) for k, v in t.files.items()))) for t in tasks}
    assert len(shapes) == len(tasks), f"{name}: two seeds made the same task"
    assert all(t.family == name and t.request.strip() for t in tasks)


# What each tool set can do beyond reading and writing files (a family's `needs`).
CAN = {"04": {"list", "search", "replace"}, "08": {"list", "search", "run", "replace"},
       "s02": {"list", "search", "run", "replace"}, "write_only": set()}


def _able(family, tools: str) -> bool:
    return set(family.needs) <= CAN[tools]


def _lacks_rule(family, module) -> bool:
    """Does the checkpoint's prompt lack the rule the family needs (Family.rule)? The
    course's prompts before checkpoint 10 do not say that tool results are data."""
    if not family.rule:
        return False
    system = module.SYSTEM_PROMPT if isinstance(getattr(module, "SYSTEM_PROMPT", None), str) else module.system_prompt()
    tools = [t for t in module.TOOLS if isinstance(t, dict)]
    return read_turn({"system": system, "tools": tools, "messages": [{"role": "user", "content": "hi"}]}).failing(family.rule)


def _rule_text(family) -> str:
    """The family's rule in the words its failure mode documents first."""
    return next(m.counts[0] for m in failure_modes.ALL_MODES if m.id == family.rule) if family.rule else ""


@pytest.fixture(scope="module")
def agents():
    """Checkpoints 04 and 08, loaded once; 08's approval says yes (the arena's rule)."""
    loaded = {cp: load_checkpoint(cp) for cp in ("04", "08")}
    loaded["08"].GUARDRAIL.ask = lambda command, programs, reason: "y"
    return loaded


@pytest.mark.parametrize("checkpoint", ["04", "08"])
@pytest.mark.parametrize("name", NAMES)
def test_the_tutor_completes_the_family_with_the_course_tools(name, checkpoint, agents, client, tmp_path):
    family, task = FAMILIES[name], instance(name, 1)
    result, messages = play_module(task, agents[checkpoint], client, tmp_path / "project")
    verdict = family.judge(task, result)
    if not _able(family, checkpoint):
        assert verdict is not None and result.after == result.before, "solved without the tool it needs?"
        return
    if _lacks_rule(family, agents[checkpoint]):
        assert verdict is not None, f"{task.id} solved by checkpoint {checkpoint}, whose prompt lacks its rule"
        return
    assert verdict is None, f"{task.request!r} with checkpoint {checkpoint}: {verdict}\n{result.reply}"


@pytest.mark.parametrize("kind", ["s02", "write_only"])
@pytest.mark.parametrize("name", NAMES)
def test_the_tutor_completes_the_family_with_a_foreign_tool_set(name, kind, client, tmp_path):
    family, task = FAMILIES[name], instance(name, 2)
    result = play(client, kind, task, tmp_path, f"{RULES} {_rule_text(family)}".strip())  # the course's rules added
    verdict = family.judge(task, result)
    if not _able(family, kind):
        assert verdict is not None and result.after == result.before, "solved without the tool it needs?"
        return
    assert verdict is None, f"{task.request!r} with {kind}: {verdict}\n{result.reply}"


def test_tool_sets_named_here_exist():
    assert {"s02", "write_only"} <= set(TOOLSETS)
