"""The plan tool, when a request offers one (checkpoint 09's `plan`): a request of several
steps is planned first, then each step is started, done as the tutor does it alone, and
finished.

    step(turn, take) -> Action | None     None: no plan tool, or a request of one step

A plan tool is a custom tool whose `action` takes "add", "start" and "finish" (a step's
`task`, a step's `number` from 1). A request has several steps when it says so in words:
"A, then B", "A; B", "A. Then B". The moves, each read back from the turn's own calls:

  1. every step added, and the first started (one response, parallel calls)
  2. the started step done as its own request would be (`take`, the brain's dispatch),
     seeing only the calls made since the plan last changed
  3. its closing text said with "finish N" (and "start N+1"); after the last, a reply
     that names the steps done

A request is planned only when each of its steps, alone, is a request some task takes
("then update the callers" alone is not one): else it is read whole, as without a plan tool.
A step no task takes once the plan has begun is finished with a sentence saying so, so the
plan never stalls, and the last reply names it as not done: the tutor never reports work it
did not do.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from agentcourse.tutor.act.turn import Action, Turn, say

ACTIONS = {"add", "start", "finish"}
MAX_STEPS = 6  # a longer list is not read as a plan
NOT_DONE = "Step {n} ({task}) is not something I can do offline."
_NOT_DONE = re.compile(r"Step (\d+) \(.*?\) is not something I can do offline\.")
SPLIT = re.compile(r",?\s+(?:and\s+)?then\s+|;\s+|\.\s+(?:then|after that|finally),?\s+", re.I)


def offered(body: dict) -> str | None:
    """The name of the request's plan tool, or None."""
    for tool in body.get("tools") or []:
        schema = tool.get("input_schema") if isinstance(tool, dict) else None
        action = ((schema or {}).get("properties") or {}).get("action") or {}
        if ACTIONS <= set(action.get("enum") or []):
            return tool.get("name")
    return None


def parts(request: str) -> list[str]:
    """The steps a request names in words, each as a request of its own ([] for one step)."""
    found = [p.strip().rstrip(".").strip() for p in SPLIT.split(request.strip())]
    found = [p[:1].upper() + p[1:] for p in found if p]
    return found if 2 <= len(found) <= MAX_STEPS else []


def _plan(name: str, **tool_input: object) -> tuple[str, dict]:
    return ("raw", {"name": name, "input": tool_input, "via": "raw"})


def _not_done(turn: Turn) -> set[int]:
    """The steps this turn's replies said were not done (NOT_DONE), by number."""
    found: set[int] = set()
    for message in turn.body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) and message.get("role") == "assistant" else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "text":
                found |= {int(n) for n in _NOT_DONE.findall(str(block.get("text", "")))}
    return found


def _last_reply(steps: list[str], not_done: set[int]) -> Action:
    done = "; ".join(f"{n}. {p}" for n, p in enumerate(steps, 1) if n not in not_done)
    if not not_done:
        return say(f"All {len(steps)} steps of the plan are done: {done}.")
    missed = "; ".join(f"{n}. {p}" for n, p in enumerate(steps, 1) if n in not_done)
    return say((f"Done: {done}. " if done else "") + f"Not done: {missed}.")


def step(turn: Turn, take: Callable[[Turn, str], Action | None]) -> Action | None:
    """The next move of a planned request, or None when there is nothing to plan."""
    name = offered(turn.body)
    steps = parts(turn.request) if name else []
    if not steps:
        return None
    planned = [i for i, s in enumerate(turn.steps) if s.tool == name]
    if not planned:
        if any(take(dataclasses.replace(turn, steps=[], request=p), p) is None for p in steps):
            return None  # a step that is no request alone: the request is read whole
        return Action(calls=[*(_plan(name, action="add", task=p) for p in steps),
                             _plan(name, action="start", number=1)])
    finished = sum(1 for i in planned if turn.steps[i].input.get("action") == "finish")
    if finished >= len(steps):
        return _last_reply(steps, _not_done(turn))
    current = steps[finished]
    since = dataclasses.replace(turn, steps=turn.steps[planned[-1] + 1:], request=current)
    action = take(since, current)
    if action is None:
        action = say(NOT_DONE.format(n=finished + 1, task=current))
    if action.calls:
        return action
    following = [_plan(name, action="start", number=finished + 2)] if finished + 1 < len(steps) else []
    return Action(calls=[_plan(name, action="finish", number=finished + 1), *following], text=action.text)
