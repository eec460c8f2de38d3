"""Ctrl-C during `agentcourse grade`: a flag the class loop stops at, at a safe point, and
the partial report carried to the command line.

The class loop (pipeline.py) runs inside CtrlC and checks `hit` between results, never
inside a merge, so the gradebook stays consistent; it then raises GradingInterrupted from a
PartialReport, which cli_grade writes to the CSV and prints before exiting.
"""

from __future__ import annotations

import signal

from agentcourse.grading.results import GradeReport


class CtrlC:
    """Ctrl-C sets a flag; the loop stops at a safe point (never inside a merge)."""

    def __init__(self) -> None:
        self.hit = False
        self._old = None

    def __enter__(self) -> CtrlC:
        try:
            self._old = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread: no handler, no Ctrl-C to catch
            self._old = None
        return self

    def _handle(self, signum, frame) -> None:
        self.hit = True

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


class PartialReport(Exception):
    """Carries the partial report of an interrupted run to the command line."""

    def __init__(self, report: GradeReport) -> None:
        super().__init__("partial report")
        self.report = report
