"""The compaction task: "Summarise the conversation so far ..." (checkpoint 06).

    task_compact(turn, groups)   # a summary of the history before the instruction

The summary is computed from the real history, under the headings Decisions, Paths,
Facts, Open questions and Next step: the changes made, what was done to which file, what
the tool results showed (a module's line, a listing, search hits), the calls that failed
and were not retried, what notes and delegated answers kept, an earlier summary's
sections carried forward, and, as the next step, what the tutor itself would do next
with the history as it stands (`turn.decide`, set by the brain).
"""

from __future__ import annotations

import json
import re

from agentcourse.tutor.act import answer
from agentcourse.tutor.act.code import describe
from agentcourse.tutor.act.context_state import (
    FACT,
    calls_in,
    elided,
    messages_of,
    read_chunks,
    search_hits,
)
from agentcourse.tutor.act.context_tasks import module_line
from agentcourse.tutor.act.steps import read_steps
from agentcourse.tutor.act.toolbox import (
    Step,
    Toolbox,
    norm_path,
    parse_listing,
    read_tools,
    text_of,
)
from agentcourse.tutor.act.turn import Action, Turn, read_turn, say

PLACEHOLDER = re.compile(r"^\s*-\s+None(?: yet)?\.\s*$")


def _history(messages: list[dict]) -> list[dict]:
    """The conversation without the summarise instruction at its end."""
    if not messages:
        return []
    last = messages[-1]
    if isinstance(last.get("content"), str):
        return messages[:-1]
    kept = [b for b in last.get("content") or [] if not (isinstance(b, dict) and b.get("type") == "text")]
    return messages[:-1] + ([{**last, "content": kept}] if kept else [])


def _short(value: object, limit: int = 70) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _call_text(name: str, args: dict) -> str:
    return f"{name}({', '.join(f'{k}={_short(json.dumps(v), 50)}' for k, v in args.items())})"


def _user_requests(history: list[dict]) -> list[tuple[int, str]]:
    """(index, text) of every user message with text of its own (not only tool results)."""
    return [(i, text_of(m["content"])) for i, m in enumerate(history)
            if m.get("role") == "user" and (isinstance(m.get("content"), str) or any(
                isinstance(b, dict) and b.get("type") == "text" for b in m.get("content") or []))]


def _carried(requests: list[tuple[int, str]]) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """An earlier summary's Decisions, Paths and Facts, carried forward."""
    decisions, carried_paths, carried = [], [], []
    for _, text in requests:
        for heading, bucket in (("Decisions", decisions), ("Paths", carried_paths),
                                ("Facts", carried)):
            section = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
            if section:
                bucket += [line for line in section[1].split("\n")
                           if line.strip().startswith("-") and not PLACEHOLDER.match(line)]
    paths = {m[1]: m[2].split(", ") for line in carried_paths
             if (m := re.match(r"^\s*-\s+(\S+) \((.*)\)$", line))}
    return decisions, paths, carried


def _answered(history: list[dict], requests: list[tuple[int, str]]) -> list[str]:
    """Requests answered, each with the answer's first line."""
    out = []
    for i, m in enumerate(history):
        if m.get("role") == "assistant" and isinstance(m.get("content"), list) and not any(
                isinstance(b, dict) and b.get("type") == "tool_use" for b in m["content"]):
            asked = next((t for j, t in reversed(requests) if j < i), "")
            reply = text_of(m["content"]).strip().split("\n")[0]
            if asked and reply:
                out.append(f"- Answered {_short(_request_words(asked), 80)!r}: {_short(reply, 120)}")
    return out


_DID = {"list": "listed", "read": "read", "read_lines": "read", "search": "searched",
        "edit": "changed", "insert": "changed", "write": "changed", "create": "created"}


def _from_steps(steps: list[Step], paths: dict[str, list[str]]) -> tuple[list[str], list[str], list[str]]:
    """(decisions, facts, open questions) the tool calls show; `paths` gains what was done where."""
    decisions, facts, open_questions = [], [], []
    for k, s in enumerate(steps):
        if s.op in ("edit", "insert", "write", "create") and s.ok:
            decisions.append(f"- {'Created' if s.op == 'create' else 'Changed'} {s.path}"
                             + (f": `{_short(s.args.get('old', '').split(chr(10))[0], 50)}` -> "
                                f"`{_short(s.args.get('new', '').split(chr(10))[0], 50)}`"
                                if s.op == "edit" else "."))
        if s.path and s.op != "other":
            done = paths.setdefault(s.path, [])
            if _DID.get(s.op, s.op) not in done:  # an operation not named here keeps its own name
                done.append(_DID.get(s.op, s.op))
        if not s.ok and not any(t.op == s.op and t.path == s.path and t.ok for t in steps[k + 1:]):
            open_questions.append(f"- {s.tool} on {s.path or 'the project'} failed: "
                                  f"{_short(answer.error_text(s), 120)}")
        if s.op == "list" and s.ok and not elided(s):
            names = [n + ("/" if kind == "dir" else "") for n, kind in parse_listing(s.result)]
            facts.append(f"- listing of {s.path}: {', '.join(names)}")
        if s.op == "search" and s.ok and not elided(s):
            hits = [f"{p}:{n}" for p, n, _ in search_hits(s.result)][:12]
            if hits:
                facts.append(f"- search `{s.args.get('pattern')}` found {', '.join(hits)}")
    for path in dict.fromkeys(s.path for s in steps if s.op in ("read", "read_lines")):
        content, complete, _ = read_chunks(steps, path)
        if complete and content is not None:
            text = content if isinstance(content, str) else "\n".join(content[k] for k in sorted(content))
            facts.append("- " + (module_line(path, text) if path.endswith(".py") else describe(path, text)))
    return decisions, facts, open_questions


def _noted(turn: Turn, history: list[dict]) -> list[str]:
    """Facts from notes the agent kept and answers it delegated."""
    facts = []
    for name, args, result, _ in calls_in(history):
        tool = next((t for t in turn.body.get("tools") or [] if t.get("name") == name), {})
        words = f"{name} {tool.get('description', '')}"
        if re.search(r"\bnotes?\b|_note\b|memory|remember", words, re.I) and len(args) == 1:
            facts.append(f"- noted: {str(next(iter(args.values()))).lstrip('- ')}")
        elif re.search(r"research|delegat", name, re.I) and result:
            facts.append(f"- research {_short(next(iter(args.values()), ''), 80)!r}: {_short(result, 240)}")
    return facts


def _merged(lines: list[str]) -> list[str]:
    """One line per path; the newest wins, and "noted" sticks."""
    def key(line: str) -> str:
        return norm_path(m["path"]) if (m := FACT.match(line)) else line

    noted_paths = {key(line) for line in lines if (m := FACT.match(line)) and m["noted"]}
    seen, merged = set(), []
    for line in lines:
        if key(line) in seen:
            merged = [x for x in merged if key(x) != key(line)]
        seen.add(key(line))
        if key(line) in noted_paths and (m := FACT.match(line)) and not m["noted"]:
            line = f"- noted: {m['path']}: {m['text']}"
        merged.append(line)
    return merged


def summarise(turn: Turn) -> str:
    """The summary of the conversation before the instruction, from its real content."""
    history = _history(messages_of(turn))
    steps = read_steps(Toolbox(read_tools(turn.body.get("tools") or [])), history)
    requests = _user_requests(history)
    decisions, paths, carried = _carried(requests)
    decisions += _answered(history, requests)
    done, facts, open_questions = _from_steps(steps, paths)
    merged = _merged(carried + facts + _noted(turn, history))
    sections = {
        "Decisions": decisions + done or ["- None yet."],
        "Paths": [f"- {p} ({', '.join(w)})" for p, w in paths.items()] or ["- None."],
        "Facts": merged or ["- None."],
        "Open questions": open_questions or ["- None."],
        "Next step": [f"- {next_step(turn, history)}"],
    }
    return "\n".join(f"## {h}\n" + "\n".join(lines) for h, lines in sections.items())


def _request_words(text: str) -> str:
    quoted = re.findall(r"^> ?(.*)$", text, re.M)
    return " ".join(quoted) if quoted and text.lstrip().startswith("[") else text


def next_step(turn: Turn, history: list[dict]) -> str:
    """What the tutor would do next with the history as it stands: the real next step."""
    if not history or history[-1].get("role") == "assistant":
        return "Wait for the user's next request; the last one has been answered."
    request = {k: v for k, v in turn.body.items() if k != "tool_choice"}
    request["messages"] = history
    later = read_turn(request)
    if turn.decide is None:  # a turn read without the dispatcher (a test of one task)
        return "Continue with the user's request."
    later.decide = turn.decide
    action = turn.decide(later)
    if not action.calls:
        return f"Reply to the user: {_short(action.text.split(chr(10))[0], 160)}"
    shown = [_call_text(*later.tools.call(op, args)) for op, args in action.calls]
    return "Call " + "; then ".join(shown) + "."


def task_compact(turn: Turn, m: dict) -> Action:
    """The summary a "Summarise the conversation so far ..." asks for, of the history before it."""
    history = _history(messages_of(turn))
    if not any(isinstance(msg.get("content"), list) or msg.get("role") == "assistant" for msg in history):
        return say("There is nothing to summarise yet: this is the start of the conversation.")
    return say(summarise(turn))
