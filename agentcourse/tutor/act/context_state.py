"""What the context-engineering tasks know from the request alone.

The tasks of checkpoints 06 and 07 (context_tasks.py, research.py, compaction.py) keep
no memory between calls: their state is the request. This module reads it: every tool
call of the whole history with its result (`calls_in`), the memory and research tools
offered (`note_tool`, `research_tool`), what notes, earlier summaries and the memory
section of the system prompt wrote down (`known_facts`), and a file put back together
from the reads that still show it (`read_chunks`). A result replaced by a stub
("[stub: ...", `elided`) is known to have happened but not what it said.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.toolbox import Step, norm_path, strip_numbers, text_of
from agentcourse.tutor.act.turn import Turn

# A result that says its content was taken out of the window (checkpoint 06's stubs,
# and the placeholders of other context managers).
ELIDED = re.compile(
    r"^\s*\[(?:stub\b|elided\b|cleared\b|removed\b|[^\]\n]{0,80}\b(?:elided|cleared|stubbed)\b)",
    re.I,
)


EOF_NOTE = re.compile(r"\[end of file|is past the end|past the end of", re.I)


MORE_NOTE = re.compile(r"^\[(?:cut:|read_lines returns at most|read_file shows at most)", re.I | re.M)


# "- path: what it is", and "- noted: path: ..." for a fact that is also in the memory file
FACT = re.compile(r"^\s*-\s+(?P<noted>noted:\s+)?(?P<path>[\w./-]+\.\w+):\s+(?P<text>\S.*)$")


LISTING_FACT = re.compile(r"^\s*-\s+listing of (?P<dir>[\w./-]+):\s+(?P<names>.+)$", re.I)


HIT = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):\s?(?P<text>.*)$")


def messages_of(turn: Turn) -> list[dict]:
    """The request's messages (a copy of the list)."""
    return list(turn.body.get("messages") or [])


def system_of(turn: Turn) -> str:
    """The request's system prompt as text."""
    system = turn.body.get("system") or ""
    return system if isinstance(system, str) else text_of(system)


def calls_in(messages: list[dict]) -> list[tuple[str, dict, str | None, bool]]:
    """(tool name, input, result text or None, is_error) for every tool call, in order."""
    found: dict[str, list] = {}
    order: list[str] = []
    for message in messages:
        for block in message.get("content") if isinstance(message.get("content"), list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_use":
                found[block.get("id", "")] = [block.get("name", ""), dict(block.get("input") or {}),
                                              None, False]
                order.append(block.get("id", ""))
            elif block.get("type") == "tool_result" and block.get("tool_use_id") in found:
                entry = found[block["tool_use_id"]]
                entry[2], entry[3] = text_of(block.get("content")), bool(block.get("is_error"))
    return [tuple(found[i]) for i in order]  # type: ignore[misc]


def _one_string_tool(turn: Turn, words: str, skip: re.Pattern | None = None) -> dict | None:
    """A custom tool taking one required string, whose name or description says `words`
    (and whose name and string are not `skip`)."""
    for tool in turn.body.get("tools") or []:
        schema = tool.get("input_schema") or {}
        props, required = schema.get("properties") or {}, schema.get("required") or []
        if len(required) != 1 or (props.get(required[0]) or {}).get("type") != "string":
            continue
        if skip and (skip.fullmatch(required[0]) or skip.fullmatch(str(tool.get("name", "")))):
            continue
        if re.search(words, f"{tool.get('name', '')} {tool.get('description', '')}", re.I):
            return {"name": tool["name"], "param": required[0]}
    return None


def note_tool(turn: Turn) -> dict | None:
    """The memory tool, if one is offered: save_note(note), remember(text), ..."""
    tool = _one_string_tool(turn, r"\bnotes?\b|_note\b|memory|remember")
    return tool if tool and not re.search(r"research|delegat", tool["name"], re.I) else None


# A tool whose one string names something packaged (Claude Code's Skill: "some skills run
# in a subagent") takes a name, not a question: it is never the research tool.
_NAMED_THING = re.compile(r"skills?|workflows?|plugins?|commands?|names?|ids?", re.I)


def research_tool(turn: Turn) -> dict | None:
    """A tool that delegates a question to a sub-agent, if one is offered."""
    return _one_string_tool(turn, r"research|delegat|sub-?agent|investigat", skip=_NAMED_THING)


def raw(tool: dict, value: str) -> tuple[str, dict]:
    """A call of a tool the Toolbox has no operation for (notes, research)."""
    return ("raw", {"name": tool["name"], "input": {tool["param"]: value}, "via": "raw"})


def elided(step: Step) -> bool:
    """Was this step's result taken out of the window (a stub or a placeholder)?"""
    return bool(ELIDED.match(step.result))


def read_chunks(steps: list[Step], path: str) -> tuple[dict[int, str] | str | None, bool, int]:
    """What the whole-file reads of `path` show: (lines by number, or the text when a
    tool gives no line numbers; whether the end of the file was seen; next line to read)."""
    lines: dict[int, str] = {}
    complete, plain = False, None
    for s in steps:
        if s.path != path or s.op not in ("read", "read_lines"):
            continue
        if not s.ok:
            complete = complete or bool(EOF_NOTE.search(s.result))
            continue
        if s.stub or elided(s):
            continue
        if s.op == "read":  # a whole-file read (read_file, view, cat): the end was seen
            complete = True
        first, body = strip_numbers(s.result)
        if first is None:  # a read tool that shows the file as it is
            plain, complete = s.result, True
            continue
        lines.update({first + i: line for i, line in enumerate(body)})
        if EOF_NOTE.search(s.result):
            complete = True
        elif not MORE_NOTE.search(s.result) and len(body) < (s.args.get("end") or 0) - first + 1:
            complete = True  # fewer lines than asked for, and no note that more were cut
    if plain is not None:
        return plain, True, 0
    return (lines or None), complete, (max(lines) + 1 if lines else 1)


def known_facts(turn: Turn) -> tuple[dict[str, str], set[str], dict[str, list[str]]]:
    """(path -> one-line fact, paths already in the memory file, folder -> names listed)
    from notes, earlier summaries and the memory section: what the model wrote down."""
    facts: dict[str, str] = {}
    noted: set[str] = set()
    listings: dict[str, list[str]] = {}
    note = note_tool(turn)
    lines = [(line, False) for m in messages_of(turn) if m.get("role") == "user"
             for line in text_of(m.get("content")).split("\n")]
    lines += [(line, True) for line in system_of(turn).split("\n")]  # the memory section
    if note:  # a note is one line; NOTES.md and summaries show notes as "- ..." lines
        lines += [("- " + str(i.get(note["param"], "")).lstrip("- "), True)
                  for n, i, _, _ in calls_in(messages_of(turn)) if n == note["name"]]
    for line, in_memory in lines:
        if m := LISTING_FACT.match(line):
            listings[norm_path(m["dir"])] = [n.strip() for n in m["names"].split(",")]
        elif m := FACT.match(line):
            path = norm_path(m["path"])
            facts.setdefault(path, f"{m['path']}: {m['text'].strip()}")
            if in_memory or m["noted"]:
                noted.add(path)
    return facts, noted, listings


def search_hits(result: str) -> list[tuple[str, int, str]]:
    """(path, line, text) of each `path:line: text` line of a search result."""
    return [(norm_path(m["path"]), int(m["line"]), m["text"]) for line in result.split("\n")
            if (m := HIT.match(line))]
