"""The record types the tutor's script is written in: a Task (a kind of request the tutor
knows, matched by its patterns) and a FailureMode (what the tutor does when a prompt rule
is missing).

tasks.py and failure_modes.py hold the records themselves (TASKS, FAILURE_MODES);
act/brain.py matches a request against each Task in turn, and understand/rules.py decides
whether a FailureMode's rule is present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Task:
    """One kind of request the tutor knows, and what it does with each set of tools."""

    name: str  # id used by brain.py's dispatch table and in the docs
    patterns: tuple[str, ...]  # regexes searched (case-insensitive) in the request; first wins
    example: str  # the course's prompt for this task
    with_read_file: str  # list_files / read_file / edit_file (checkpoints 00-03)
    with_search: str  # search_file / read_lines / edit_file (04+)
    with_editor: str  # the text editor (str_replace_based_edit_tool) and bash (08)
    with_bash: str  # one shell tool and nothing else (a bash-only agent)
    with_write: str  # sets with a whole-file write tool (bash, read_file, write_file, edit_file)

    def match(self, request: str) -> re.Match | None:
        """The first of the task's patterns found in `request` (case-insensitive), or None."""
        for pattern in self.patterns:
            m = re.search(pattern, request, re.IGNORECASE)
            if m:
                return m
        return None


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
