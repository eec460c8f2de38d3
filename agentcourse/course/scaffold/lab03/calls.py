"""Calling a Lab 3 student's tool from a check: in a worker thread with a time limit in a
notebook, through the judge's channel in the judge (whose own signal that a cell ran out of
time passes through), whether a result is an error, and whether a message says a count.
"""

from __future__ import annotations

import os
import signal
import threading
from typing import Any


def judged() -> bool:
    """Whether this process is the judge (agentcourse/grading/judge/): the checks run here,
    the student's functions in the kernel, called through the channel. The places the checks
    make are in the folder both share (the judge's temporary folder), and each call carries
    the judge's working directory, which the kernel enters for the call."""
    from agentcourse.course import nbtools

    return os.environ.get(nbtools.ROLE) == "judge"


# ---------------------------------------------------------------- calling the student's tools


class _Worker:
    """One helper thread that runs tool calls in turn; replaced when a call never returns."""

    def __init__(self) -> None:
        import queue

        self.jobs: queue.Queue = queue.Queue()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            function, args, box, done = self.jobs.get()
            try:
                box["value"] = function(*args)
            except BaseException as err:  # reported by call_tool, as a failed check
                box["error"] = err
            done.set()


_worker: list[_Worker] = []


def call_tool(function, *args, timeout=5.0):
    """Call a tool and return its string: in a helper thread, or in the judge through the
    channel (the kernel stops the call at the time limit).

    The check fails (instead of the notebook hanging) if the tool takes longer than
    `timeout` seconds, and it says so plainly if the tool raised instead of returning.
    """
    name = _name(function)
    box = _judged_call(function, args, timeout) if judged() else _threaded_call(function, args, timeout)
    if not box:
        raise AssertionError(f"{name}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(
            f"{name}{args!r} raised {type(err).__name__}: {err} "
            "(a tool must return an 'Error: ...' string instead)"
        )
    value = box["value"]
    assert isinstance(value, str), f"{name} returned {type(value).__name__}, not str"
    return value


def _name(function: Any) -> str:
    """A tool's name in a failure: its own, or in the judge the student's name it stands for."""
    return str(getattr(function, "__name__", None) or getattr(function, "name", None) or "the tool")


def _threaded_call(function: Any, args: tuple, timeout: float) -> dict:
    """{"value": ...} or {"error": ...}, from the helper thread; {} when it is still running."""
    if not _worker:
        _worker.append(_Worker())
    box: dict = {}
    done = threading.Event()
    _worker[0].jobs.put((function, args, box, done))
    if not done.wait(timeout):
        _worker.clear()  # that thread is stuck in the call: the next call gets a new one
        return {}
    return box


class _TookTooLong(BaseException):
    """A judged call past its time limit (BaseException: the student's tool does not swallow it)."""


JUDGE_SLACK = 2.0  # seconds the judge's own timer allows past a call's limit (the kernel keeps it)


def _judged_call(function: Any, args: tuple, timeout: float) -> dict:
    """The call through the judge's channel: the kernel stops it at `timeout` (the channel
    carries the limit) and the judge's own timer, a little later, stops waiting for a kernel
    that does not. One call at a time: the channel serves one caller."""
    from agentcourse.course import nbtools

    silent = nbtools.JUDGE.get("silent") or ()  # the judge's KernelSilent: the cell's time ran out
    def expire(signum: int, frame: Any) -> None:
        raise _TookTooLong

    box: dict[str, Any] = {}
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout + JUDGE_SLACK)
    nbtools.JUDGE.update(seconds=timeout, expired=_TookTooLong)
    try:
        box["value"] = function(*args)
    except _TookTooLong:
        box.clear()
    except Exception as err:  # noqa: BLE001 - reported by call_tool, as a failed check
        if isinstance(err, silent):
            raise  # the grader's timeout, to regrade, never a failed check
        box["error"] = err
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        nbtools.JUDGE.pop("seconds", None)
        nbtools.JUDGE.pop("expired", None)
    return box


def is_error(result):
    return isinstance(result, str) and result.startswith("Error:")


COUNT_WORDS = {2: ("two", "twice"), 3: ("three", "thrice"), 4: ("four",), 5: ("five",), 6: ("six",),
               7: ("seven",), 8: ("eight",), 9: ("nine",), 10: ("ten",)}


def says_count(message: str, count: int) -> bool:
    """Whether `message` gives `count` (as a number, or a word up to ten)."""
    import re

    words = COUNT_WORDS.get(count, ())
    return bool(re.search(rf"(?<!\d){count}(?!\d)", message)) or any(
        re.search(rf"\b{w}\b", message, re.I) for w in words)
