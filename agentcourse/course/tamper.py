"""The structure check: a finding that sends a submission to a person, judged on its cells.

Grading runs it on every submission (agentcourse/grading/integrity/tamper.py feeds it the
cells nbgrader ran), and a student's `agentcourse lab check` runs it on the same cells, to
say what grading would send to review: the locked cells (setup, tests, teardown) must all be
in the submitted notebook, once each, in the order of the source (nbgrader restores their
text, but not a deleted setup cell, and not the order).

What the student's own code does is never a finding: every lab is judged (its test cells run
in the judge, agentcourse/grading/judge/), so nothing in the student's kernel decides a grade.

A finding never changes a score: it flags the submission for manual grading and says why.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CellInfo:
    """A code cell as graded: where it came from."""

    index: int
    grade_id: str | None
    source: str
    trusted: bool  # locked in the source (setup, tests, teardown): restored by nbgrader
    test: bool  # a graded test cell


def structure_findings(cells: list[CellInfo], locked_order: list[str]) -> list[str]:
    """The locked cells of the source, in the submission: all present, once, in order."""
    seen = [c.grade_id for c in cells if c.trusted]
    findings = []
    missing = [g for g in locked_order if g not in seen]
    if missing:
        findings.append("locked cell(s) deleted: " + ", ".join(missing))
    doubled = sorted({g for g in seen if seen.count(g) > 1})
    if doubled:
        findings.append("locked cell(s) duplicated: " + ", ".join(doubled))
    present = [g for g in locked_order if g in seen]
    if not missing and not doubled and seen != present:
        findings.append("locked cells moved out of their order")
    return findings
