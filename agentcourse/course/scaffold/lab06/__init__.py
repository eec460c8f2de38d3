"""Lab 6's scaffolding: the instances lab 6's checks are properties over, and how they judge.

Lab 6 writes the core of checkpoint 06's context.py (cap_result, stub_old_results,
cut_point and compact, save_note). Its graded kernels load checkpoint 05 only, for the
agent's system prompt and tools; nothing here computes an answer, and no attribute is
named like one (tests/course/test_answers_out_of_reach.py). The judges, which compare what
an answer did with the task's rules and say what was expected, and the helpers they read a
conversation with (its steps, its calls, where the kept tail starts) are the references,
in judged/lab06.py, out of a graded kernel's reach.

    what is generated      cap_cases(), conversations(), stub_cases(), compact_cases(), note_cases()
    the fixed shapes       conversation(sizes, names): one request, one call per step

The axes: texts of any length in Unicode (characters, not bytes), numbered reads that start
late, search results that only look numbered, limits at every line end; conversations of
several requests with answered turns between them, steps of parallel calls whose results
come in any order, results that are not strings, sizes around min_chars and far past it,
keep_recent from 0 to past the number of steps, a second and a third run over stubs already
made; memory files with CRLF, CR or no final line break and blank lines, notes broken by every
line break str.splitlines() knows, notes of whitespace alone, files around max_lines.

The parts: `showing` (how an instance shows in a check's message, and reading a message),
`cases` (the limits and everything the checks generate, task by task) and `agent` (the
agent's steps for the long task). Every name a notebook or a test uses is here as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab06.agent import finish, partial_run, step
from agentcourse.course.scaffold.lab06.cases import (
    LINE_BREAKS,
    NUMBERED,
    REQUEST_TEXTS,
    SPACES,
    STUB_MAX_CHARS,
    SUMMARY_MAX_TOKENS,
    TOOL_NAMES,
    CapCase,
    Conversation,
    NoteCase,
    StubCase,
    cap_cases,
    compact_cases,
    conversation,
    conversations,
    cut_cases,
    note_cases,
    stub_cases,
)
from agentcourse.course.scaffold.lab06.showing import brief, numbers_in, short, show, text_of

__all__ = [
    "CapCase", "Conversation", "LINE_BREAKS", "NUMBERED", "NoteCase", "REQUEST_TEXTS",
    "SPACES", "STUB_MAX_CHARS", "SUMMARY_MAX_TOKENS", "StubCase", "TOOL_NAMES", "brief",
    "cap_cases", "compact_cases", "conversation", "conversations", "cut_cases", "finish",
    "note_cases", "numbers_in", "partial_run", "short", "show", "step", "stub_cases", "text_of",
]
