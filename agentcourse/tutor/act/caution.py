"""Tools the tutor does not know: when it may call one, and with what.

foreign.py calls a request's own tool when the request names its job ("What is the
weather in SF?" with `get_weather`). A harness such as Claude Code offers many tools
besides the file and shell ones: sub-agents (`Agent`, `Task`), scheduling (`Cron*`,
`ScheduleWakeup`), worktrees, the web (`WebFetch`, `WebSearch`), messages, workflows,
skills. Calling one of those by accident has side effects a user never asked for (a
sub-agent that spawns another, a wake-up that re-runs the session), so two rules hold:

- a tool with side effects of that kind is called only when a word of its *name* is in
  the request ("schedule a wake-up", "fetch https://..."); matching words of its long
  description is not enough;
- a call never carries a made-up value (`(offline tutor) ...`, forced.py's marker) in a
  required field: the tutor cannot know it, so it does not call. A made-up value in an
  optional field is left out of the call.
"""

from __future__ import annotations

import re
from typing import Any

from agentcourse.tutor.act import forced

# Words of a tool's name or description that say it acts beyond the project's files:
# it spawns agents, schedules, changes worktrees, reaches the network, sends messages,
# runs workflows, skills or plugins, or deletes.
SIDE_EFFECTS = re.compile(
    r"\b(?:agents?|sub-?agents?|spawn\w*|launch\w*|delegat\w*|schedul\w*|cron\w*|wake-?ups?|timers?|"
    r"reminders?|worktrees?|web|internet|urls?|https?|fetch\w*|download\w*|browse\w*|send\w*|"
    r"messages?|emails?|notif\w*|post\w*|publish\w*|workflows?|skills?|plugins?|mcp|deploy\w*|"
    r"delet\w*|remov\w*|monitor\w*|background)\b",
    re.IGNORECASE,
)


def _name_words(name: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-.]+", " ", name)
    return [w.lower() for w in spaced.split() if len(w) >= 3]


def acts_beyond_files(tool: dict) -> bool:
    """Does the tool's name or description say it has side effects beyond the files?"""
    return bool(SIDE_EFFECTS.search(f"{' '.join(_name_words(str(tool.get('name', ''))))} "
                                    f"{tool.get('description', '')}"))


def named(tool: dict, request: str) -> bool:
    """Does the request say a word of the tool's name (plural or singular)?"""
    said = set(re.findall(r"[a-z][a-z0-9']*", request.lower()))
    generic = {"get", "set", "run", "tool", "the", "list", "create", "update", "new", "use", "make"}
    for word in _name_words(str(tool.get("name", ""))):
        if word in generic:
            continue
        if word in said or word + "s" in said or (word.endswith("s") and word[:-1] in said):
            return True
    return False


def _marked(value: Any) -> bool:
    if isinstance(value, str):
        return forced.MARK in value
    if isinstance(value, dict):
        return any(_marked(v) for v in value.values())
    if isinstance(value, list):
        return any(_marked(v) for v in value)
    return False


def honest_input(tool: dict, tool_input: dict) -> dict | None:
    """The input without made-up optional values, or None when a required value is
    made up (the call would act on a guess)."""
    schema = tool.get("input_schema") if isinstance(tool.get("input_schema"), dict) else {}
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else list(properties)
    kept = {}
    for key, value in tool_input.items():
        if _marked(value):
            if key in required:
                return None
            continue
        kept[key] = value
    return kept


def may_call(tool: dict, request: str, tool_input: dict) -> dict | None:
    """The input to call an unknown tool with, or None when the tutor must not call it."""
    if acts_beyond_files(tool) and not named(tool, request):
        return None
    return honest_input(tool, tool_input)
