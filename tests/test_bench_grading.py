"""bench/grading_throughput.py takes full marks from the lab itself, as the grader counts them."""

from __future__ import annotations

from agentcourse.grading import pipeline as grading
from agentcourse.paths import REPO_ROOT


def test_full_marks_is_the_labs_total_as_the_grader_counts_it():
    from bench.grading_throughput import LAB, full_marks

    assert full_marks() == sum(grading.max_points(REPO_ROOT, LAB).values()) > 0
