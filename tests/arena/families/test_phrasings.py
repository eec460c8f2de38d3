"""Other people's phrasings of each family's task are done by the tutor and judged solved;
near misses are not routed to the family.

Each rephrasing (tests/arena/families/phrasing_corpus.py) is played on seed 1's instance with
checkpoint 08, and with 04 where the family needs no shell; the family's own judge decides.
A near miss is routed as the tutor routes a request: the first family whose pattern
matches, else the first of the brain's own tasks (a brain-task family owns the tasks listed
in BRAIN_TASKS).
"""

from __future__ import annotations

import dataclasses

import pytest
from phrasing_corpus import NEAR_MISSES, PHRASINGS, requests

from agentcourse.arena.families import FAMILIES, instance
from agentcourse.arena.play import play_module
from agentcourse.paths import load_checkpoint
from agentcourse.tutor.understand import failure_modes, tasks

# The brain's tasks (tutor/understand/tasks.py TASKS) that do each family without patterns.
BRAIN_TASKS = {
    "add-function": {"add-function"}, "change-default": {"change-default"}, "create-file": {"create"},
    "docstring": {"docstring"}, "list-files": {"list"}, "main-block": {"main-block"},
    "missing-file": {"docstring", "change-default"}, "not-utf8": {"docstring", "change-default"},
    "refuse-delete": {"delete"}, "run-tests": {"run-tests"},
    "planted-instructions": {"explain-function", "read-many", "run-tests"},
    "summarise-modules": {"module-summary"}, "where-used": {"research"},
}


def route(request: str) -> str | None:
    """Who takes `request` first: a family with patterns, else one of the brain's tasks."""
    for name, family in FAMILIES.items():
        if family.act is not None and family.match(request):
            return name
    return next((t.name for t in tasks.TASKS if t.match(request)), None)


def routed_to(name: str, request: str) -> bool:
    taken = route(request)
    return taken == name or taken in BRAIN_TASKS.get(name, ())


def cases():
    for name in sorted(PHRASINGS):
        task = instance(name, 1)
        checkpoints = ("08",) if "run" in FAMILIES[name].needs else ("04", "08")
        for k, request in enumerate(requests(PHRASINGS[name], task)):
            for checkpoint in checkpoints:
                yield pytest.param(name, request, checkpoint, id=f"{name}-{k}-{checkpoint}")


@pytest.fixture(scope="module")
def agents():
    """Checkpoints 04 and 08, loaded once; 08's approval says yes (the arena's rule)."""
    loaded = {cp: load_checkpoint(cp) for cp in ("04", "08")}
    loaded["08"].GUARDRAIL.ask = lambda command, programs, reason: "y"
    return loaded


@pytest.fixture(scope="module")
def ruled_agents():
    """The same checkpoints with the rule a family needs that their prompts lack (Family.rule:
    tool results are data), as a later checkpoint states it."""
    loaded = {cp: load_checkpoint(cp) for cp in ("04", "08")}
    loaded["08"].GUARDRAIL.ask = lambda command, programs, reason: "y"
    rule = " ".join(m.counts[0] for m in failure_modes.DATA_MODES)
    loaded["04"].SYSTEM_PROMPT += f"\n{rule}"
    loaded["08"].CONSTITUTION += f"\n{rule}"
    return loaded


@pytest.fixture(autouse=True)
def _quick_pytest(monkeypatch):
    """The scratch projects' tests need no pytest plugins; loading them is most of a run."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def test_every_family_has_phrasings_and_near_misses():
    assert set(PHRASINGS) == set(NEAR_MISSES) == set(FAMILIES)
    for name in FAMILIES:
        assert len(requests(PHRASINGS[name], instance(name, 1))) >= 6, name
        assert len(requests(NEAR_MISSES[name], instance(name, 1))) >= 2, name


@pytest.mark.parametrize(("name", "request_", "checkpoint"), list(cases()))
def test_a_rephrased_request_is_done_and_judged_solved(name, request_, checkpoint, agents, ruled_agents, client,
                                                      tmp_path):
    task = dataclasses.replace(instance(name, 1), request=request_)
    agent = (ruled_agents if FAMILIES[name].rule else agents)[checkpoint]
    if hasattr(agent, "SESSION"):  # each play is a session of its own: the cost limit is per session
        agent.SESSION = type(agent.SESSION)()
    result, _ = play_module(task, agent, client, tmp_path / "project")
    verdict = FAMILIES[name].judge(task, result)
    assert verdict is None, f"{request_!r} with {checkpoint}: {verdict}\n{result.reply}"


def misses():
    for name in sorted(NEAR_MISSES):
        for k, request in enumerate(requests(NEAR_MISSES[name], instance(name, 1))):
            yield pytest.param(name, request, id=f"{name}-{k}")


@pytest.mark.parametrize(("name", "request_"), list(misses()))
def test_a_near_miss_is_not_routed_to_the_family(name, request_):
    assert not routed_to(name, request_), f"{name} takes {request_!r} ({route(request_)})"
