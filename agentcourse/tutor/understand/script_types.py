"""The record types the tutor's script is written in: an Intent (a kind of request the
tutor knows: the words and slots that name it, the patterns that read it), a Task (what one
of the brain's tasks does with each set of tools) and a FailureMode (what the tutor does
when a prompt rule is missing).

intent_table.py, tasks.py and failure_modes.py hold the records themselves (INTENTS, TASKS,
FAILURE_MODES); intents.py ranks the intents that read a request, and understand/rules.py
decides whether a FailureMode's rule is present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentcourse.tutor.understand.patterns import first_match


@dataclass(frozen=True)
class Intent:
    """One kind of request the tutor knows: a row of intent_table.INTENTS."""

    name: str  # the family's or task's name: the handler that acts (a family's move or a brain task)
    kind: str  # "family" (act/families/) or "task" (brain.TASK_HANDLERS)
    mood: str  # "command" or "question"
    verbs: tuple[str, ...]  # the verbs that name it (English; request_lexicon.py maps others)
    objects: tuple[str, ...]  # the objects that name it ("tests", "docstring", "TODO", ...)
    slots: tuple[str, ...]  # what it needs from the request: path, function, value, text, name
    patterns: tuple[str, ...]  # regexes (case-insensitive) that read the request and its slots
    example: str  # a request it takes
    near_misses: tuple[str, ...] = ()  # requests that resemble it and are not it
    reads: tuple[str, ...] = ()  # what it reads by its words (slots.py): "group=kind", "?" if optional

    def match(self, request: str) -> re.Match | None:
        """The first of the intent's patterns found in `request` (case-insensitive), or None."""
        return first_match(self.patterns, request)


@dataclass(frozen=True)
class Task:
    """One kind of request the tutor knows, and what it does with each set of tools."""

    name: str  # id used by brain.py's dispatch table and in the docs
    patterns: tuple[str, ...]  # its intent row's regexes (intent_table.py), searched case-insensitively
    example: str  # the course's prompt for this task
    with_read_file: str  # list_files / read_file / edit_file (checkpoints 00-03)
    with_search: str  # search_file / read_lines / edit_file (04+)
    with_editor: str  # the text editor (str_replace_based_edit_tool) and bash (08)
    with_bash: str  # one shell tool and nothing else (a bash-only agent)
    with_write: str  # sets with a whole-file write tool (bash, read_file, write_file, edit_file)

    def match(self, request: str) -> re.Match | None:
        """The first of the task's patterns found in `request` (case-insensitive), or None."""
        return first_match(self.patterns, request)


@dataclass(frozen=True)
class FailureMode:
    """A Lecture 5.3 failure: what the tutor does when a rule is missing from the prompt.

    Whether a rule is present is decided by agentcourse/tutor/understand/rules.py, which reads the
    words students write (synonyms, prohibitions, negation and permission); the examples
    here are part of its tests and of the docs."""

    id: str  # short id used in code, tests and the docs
    failure: str  # the failure's name in Lecture 5.3's table
    rule: str  # the rule that prevents it, as the course's prompt words it
    recognised: str  # what counts as that rule, in words (rules.py has the details)
    where: str  # where the rule is looked for
    counts: tuple[str, ...]  # phrasings that state the rule (each is checked by a test)
    look_alikes: tuple[str, ...]  # phrasings that do not (each is checked by a test)
    triggers_on: str  # the matrix row (and the requests) that show it
    behaviour: str  # what the tutor does when the rule is missing
    fix: str  # the fix, after Lecture 5.3's table
