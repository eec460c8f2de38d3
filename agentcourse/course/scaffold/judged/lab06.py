"""Lab 6's references: the judges its checks compare an answer with (cap_problem,
stub_problem, compact_problem, note_problem: what is wrong with what an answer did, the
expected result named, or None) and how they read a conversation (its steps, its calls,
the last assistant message, where the kept tail starts). The judge imports them; a graded
student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.course.scaffold.lab06 import (
    LINE_BREAKS,
    STUB_MAX_CHARS,
    SUMMARY_MAX_TOKENS,
    brief,
    numbers_in,
    short,
    show,
    text_of,
)

# ----------------------------------------------------------------------------- reading a conversation


def calls_of(messages: list) -> dict:
    """tool_use id -> tool name, for every call in the conversation."""
    return {b["id"]: b["name"] for m in to_plain(messages) if m["role"] == "assistant"
            for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_use"}


def steps_of(messages: list) -> list[int]:
    """Indexes of the steps: the user messages that hold tool_result blocks."""
    return [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], list)
            and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in m["content"])]


def last_assistant(messages: list) -> int:
    """The index of the last assistant message: where a compaction's kept tail starts."""
    return max(i for i, m in enumerate(messages) if m["role"] == "assistant")


# ----------------------------------------------------------------------------- Task 1: cap_result


def cap_problem(text: str, limit: int, got: Any, numbered: bool) -> str | None:
    """What is wrong with `got` as cap_result(text, limit), or None."""
    call = f"cap_result({brief(text)}, {limit})"
    if not isinstance(got, str):
        return f"{call} must return a string, not {type(got).__name__}"
    if len(text) <= limit:
        return None if got == text else (
            f"{call}: the text has {len(text)} characters and fits in {limit}: return it unchanged, got {brief(got)}")
    window = text[:limit]
    head = window[: window.rfind("\n")] if "\n" in window else window
    if not got.startswith(head + "\n"):
        if "\n" not in got:
            return f"{call}: the head must be followed by one notice line, got {brief(got)}"
        kept = got.rsplit("\n", 1)[0]
        if "\n" not in window:
            rule = f"no line break in its first {limit} characters: keep all {limit} of them"
        else:
            rule = (f"text[:{limit}] cut back to its last line break, which goes too: keep {len(head)} characters"
                    + (" (the line that ends exactly at the limit goes too)" if text[limit] == "\n" else ""))
        if len(kept) > limit:
            return f"{call}: the kept part has {len(kept)} characters, more than the limit: {rule}"
        if not text.startswith(kept):
            return f"{call}: the kept part must be the start of the text as it is: {rule}"
        return f"{call}: {rule}, not {len(kept)}; got {brief(got)}"
    if "\n" in got[len(head) + 1:]:
        return f"{call}: after the head comes ONE notice line (no line break inside it): {brief(got[len(head):])}"
    notice = got[len(head) + 1:]
    gone = len(text) - len(head)
    if gone not in numbers_in(notice):
        return f"{call}: the notice must say how many characters were cut ({gone}, all after the head): {notice!r}"
    starts = [int(n) for n in re.findall(r"start\s*=\s*([0-9]+)", notice)]
    if numbered:
        following = int(re.findall(r"^(\d+): ", head, re.M)[-1]) + 1
        if not starts or set(starts) != {following}:
            return (f"{call}: the lines are numbered; the notice must say start={following}, the line after "
                    f"the last one kept: {notice!r}")
    elif re.search(r"start\s*=", notice):
        return (f"{call}: these lines are not numbered as read_lines numbers them ('12: text' at the start "
                f"of each line), so the notice gives no start=: {notice!r}")
    return None


# ----------------------------------------------------------------------------- Task 2: stub_old_results


def stub_places(before: list, after: list) -> set:
    """The (message, block) places whose block changed."""
    return {(i, j) for i, (old, new) in enumerate(zip(before, after, strict=True)) if isinstance(old["content"], list)
            for j, (a, b) in enumerate(zip(old["content"], new["content"], strict=True)) if a != b}


def _block_problem(where: str, a: dict, b: dict, names: dict, stubbed: bool, least: int,
                   never: tuple) -> tuple[str | None, bool]:
    """(what is wrong with block `b` of an old step, once block `a`, or None; whether it had
    to become a stub)."""
    if a.get("type") != "tool_result":
        return (f"{where} is not a tool_result: it must not change" if a != b else None), False
    if b.get("type") != "tool_result" or b.get("tool_use_id") != a["tool_use_id"]:
        return f"{where}: a stub stays a tool_result with its tool_use_id {a['tool_use_id']!r}", False
    if {k: v for k, v in a.items() if k != "content"} != {k: v for k, v in b.items() if k != "content"}:
        return f"{where}: change only the result's content", False
    name, text = names[a["tool_use_id"]], a["content"]
    why_not = ("it is already a stub" if stubbed else
               "its content is not a string" if not isinstance(text, str) else
               f"it has {len(text)} characters, fewer than min_chars={least}" if len(text) < least else
               f"{name} is in never_stub" if name in never else None)
    if why_not:
        return (f"{where} ({name}) must stay as it was: {why_not}" if b != a else None), False
    new_text = b["content"]
    if not isinstance(new_text, str) or new_text == text:
        return f"{where} ({name}, {len(text)} characters, min_chars={least}, in an old step) must become a stub", True
    if len(new_text) >= STUB_MAX_CHARS or "\n" in new_text or name not in new_text:
        return (f"{where}: a stub is one line under {STUB_MAX_CHARS} characters that names "
                f"the tool ({name}): {new_text[:STUB_MAX_CHARS + 20]!r}"), True
    return None, True


def stub_problem(before: list, after: list, count: Any, keep: int, least: int, never: tuple,
                 stubbed: frozenset = frozenset()) -> tuple[str | None, set]:
    """(what is wrong with `after` and `count` as stub_old_results(before, keep, least, never)
    left them, or None; the places it stubbed). `stubbed`: the (message, block) places that
    hold a stub from an earlier run: they must stay as they are."""
    errors = protocol_errors(after)
    if errors:
        return f"the list no longer keeps the API's rules: {errors[:2]}", set()
    if len(after) != len(before):
        return f"the list had {len(before)} messages and has {len(after)}: only results' content may change", set()
    steps = steps_of(before)
    recent = set(steps[max(0, len(steps) - keep):]) if keep else set()
    names = calls_of(before)
    expected = 0
    for i, (old, new) in enumerate(zip(before, after, strict=True)):
        if i not in steps or i in recent:
            if new != old:
                why = ("an assistant message" if old["role"] == "assistant" else "a request, not a step"
                       if isinstance(old["content"], str) else f"one of the last keep_recent={keep} steps")
                return f"messages[{i}] changed, but it is {why}: it must stay as it was", set()
            continue
        if not isinstance(new.get("content"), list) or len(new["content"]) != len(old["content"]):
            return f"messages[{i}]: every block of a step stays (each result keeps its tool_use_id)", set()
        for j, (a, b) in enumerate(zip(old["content"], new["content"], strict=True)):
            problem, replaced = _block_problem(f"messages[{i}] block {j}", a, b, names, (i, j) in stubbed, least, never)
            if problem:
                return problem, set()
            expected += replaced
    if count != expected:
        return f"{expected} results were replaced, the function returned {count!r}", set()
    return None, stub_places(before, after)


# ----------------------------------------------------------------------------- Task 3: compact


def compact_problem(messages: list, before: list, new: Any, calls: list, *, model: str, system: str,
                    tools: list, instruction: str) -> str | None:
    """What is wrong with compact(client, messages), or None: `before` is to_plain of a copy
    of `messages` taken before the call, `new` what it returned, `calls` the tutor's ledger
    entries of the API calls it made ({"request": the body as sent, "message": the reply})."""
    if to_plain(messages) != before:
        return "compact must leave the list it was given as it was (build a new one: copy what you change)"
    if len(calls) != 1:
        return f"compact makes one API call, the summary call; it made {len(calls)}"
    call, reply = calls[0]["request"] or {}, calls[0]["message"] or {"content": []}
    if call.get("model") != model or call.get("max_tokens") != SUMMARY_MAX_TOKENS:
        return (f"the summary call is the agent's own: model={model!r} and max_tokens={SUMMARY_MAX_TOKENS}, "
                f"not {call.get('model')!r} and {call.get('max_tokens')!r}")
    if call.get("system") != system and text_of(call.get("system") or "") != system:
        return "the summary call sends the agent's system prompt, AGENT.SYSTEM_PROMPT, as every other call does"
    if call.get("tools") != json.loads(json.dumps(tools)):
        return "the summary call sends the agent's tools, AGENT.TOOLS, as they are (the cache reads them first)"
    if call.get("tool_choice") != {"type": "none"}:
        return f"the summary call sends tool_choice={{'type': 'none'}}, so the model writes: got {call.get('tool_choice')!r}"
    sent = call.get("messages") or []
    if len(sent) != len(before) or sent[:-1] != before[:-1]:
        return (f"the summary call sends all {len(before)} messages as they are (the earlier requests too), "
                f"the instruction inside the last one; it sent {len(sent)}: {show(sent)[:1500]}")
    last, results = sent[-1], before[-1]["content"]
    content = last.get("content")
    if last.get("role") != "user" or not isinstance(content, list) or content[: len(results)] != results:
        return "the last message keeps its tool results as they are, first; the instruction comes after them"
    extra = content[len(results):]
    if not extra or any(b.get("type") != "text" for b in extra) or instruction not in "".join(b["text"] for b in extra):
        return "COMPACT_PROMPT goes into the last message as a text block, after the tool results"
    if not isinstance(new, list) or not new:
        return f"compact returns the new list, not {new!r:.100}"
    errors = protocol_errors(new)
    if errors:
        return f"the compacted list breaks the API's rules: {errors[:2]}"
    cut = last_assistant(before)
    if to_plain(new[1:]) != before[cut:]:
        return (f"after the summary message comes messages[{cut}:] as it is: from the last assistant message "
                f"(index {cut}) on, {len(before) - cut} messages; got {len(new) - 1}")
    first, words = new[0], before[0]["content"]
    if first.get("role") != "user" or not isinstance(first.get("content"), str):
        return "the summary message is the user's, and its content is one string"
    if not first["content"].startswith(words):
        return f"the summary message begins with the words of messages[0]: {short(words)[:300]}"
    if not first["content"][len(words):].startswith("\n"):
        return "the request's words are the summary message's own first paragraph: a line break after them"
    summary = [b["text"].strip() for b in reply.get("content", []) if b.get("type") == "text" and b["text"].strip()]
    if not summary or any(part not in first["content"] for part in summary):
        return "the summary message holds the model's summary: the text of the summary call's reply"
    return None


# ----------------------------------------------------------------------------- Task 4: save_note


def words(lines: list[str]) -> list[list[str]]:
    return [line.split() for line in lines]


def note_problem(before: str | None, after: str | None, note: str, answer: Any, raised: BaseException | None,
                 max_lines: int) -> str | None:
    """What is wrong with one save_note(note, path, max_lines) call that found the file
    holding `before` and left it holding `after` (None: no file), returning `answer` or
    raising `raised`; or None."""
    call = f"save_note({note!r}, path, max_lines={max_lines})"
    if not note.strip():
        if not isinstance(raised, ValueError):
            got = f"it raised {type(raised).__name__}" if raised else f"it returned {answer!r}"
            return f"{call}: a note of whitespace alone is empty: raise ValueError ({got})"
        if after != before:
            return f"{call} raised ValueError, but the file changed: leave it as it was"
        return None
    if raised is not None:
        return f"{call} raised {type(raised).__name__}: {raised}"
    expected = [*(before or "").splitlines(), note][-max_lines:]
    got = (after or "").splitlines()
    if words(got) != words(expected):
        shown = [" ".join(w) for w in words(expected)]
        if len(got) > len(expected) and len(note.splitlines()) > 1 and len(got) - len(expected) < len(note.splitlines()):
            why = f"every line break inside the note becomes a space, {sorted(set(note) & set(''.join(LINE_BREAKS)))!r} too"
        elif len(got) != len(expected):
            why = f"keep the newest {max_lines} lines (str.splitlines() counts them, blank ones too), the note last"
        else:
            why = "keep the old lines as they were, then the note, word for word"
        return f"{call}: {why}. The file's lines should be {shown!r}, they are {got!r}"
    if not isinstance(answer, str) or not answer.strip():
        return f"{call} must return a short confirmation (a non-empty string: the tool's result), not {answer!r}"
    return None
