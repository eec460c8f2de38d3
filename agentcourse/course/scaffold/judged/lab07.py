"""Lab 7's references: what its checks compare a student's answer with (which layers
changed between two calls, as changed_layers must say). The judge imports them; a graded
student's kernel cannot, since its sandbox shows this folder empty
(agentcourse/grading/sandbox/bwrap.py, JUDGED): no answer of a student can call them.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab07 import ORDER


def changed_between(before: dict, after: dict) -> set[str]:
    """The layers whose text differs between two calls' layer dicts (a missing one is "")."""
    return {name for name in ORDER if before.get(name, "") != after.get(name, "")}
