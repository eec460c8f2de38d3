"""Calling a Lab 4 student's tool from a check: with a time limit in a notebook, through the
judge's channel in the judge (whose own signal that a cell ran out of time passes through),
and whether a result is an error.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

# ----------------------------------------------------------------------------- calling a tool

_HUNG: list[threading.Thread] = []  # calls that never returned: later calls fail at once


class _TookTooLong(BaseException):
    """Raised into a tool that runs past its time (a BaseException: `except Exception` in the
    tool does not swallow it)."""


def judged() -> bool:
    """Whether this process is the judge (agentcourse/grading/judge/): the checks run here and
    the student's tools run in the kernel, called through the channel."""
    from agentcourse.course import nbtools

    return os.environ.get(nbtools.ROLE) == "judge"


JUDGE_SLACK = 2.0  # seconds the judge's own timer allows past a call's limit (the kernel keeps it)


def _run(function: Callable[..., Any], args: tuple, timeout: float) -> dict[str, Any]:
    """{"value": ...} or {"error": ...} or {} (still running after `timeout` seconds). In the
    main thread a timer interrupts the call (no thread to start: properties make hundreds of
    calls); elsewhere the call runs in a helper thread that is left behind if it hangs. In the
    judge, the kernel stops the call at `timeout` (the channel carries it) and the judge's
    timer, a little later, stops the wait for a kernel that does not."""
    box: dict[str, Any] = {}
    if threading.current_thread() is threading.main_thread():
        def expire(signum: int, frame: Any) -> None:
            raise _TookTooLong

        limits: dict[str, Any] = {}  # what the next call through the judge's channel carries
        slack, silent = 0.0, ()
        if judged():  # the judge raises _TookTooLong too when the kernel stopped the call
            from agentcourse.course import nbtools

            limits, slack = nbtools.JUDGE, JUDGE_SLACK
            silent = nbtools.JUDGE.get("silent") or ()  # the judge's KernelSilent: the cell's time ran out
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, timeout + slack)
        limits.update(seconds=timeout, expired=_TookTooLong)
        try:
            box["value"] = function(*args)
        except _TookTooLong:
            pass
        except BaseException as err:  # reported by call_tool, as a failed check
            if isinstance(err, silent):
                raise  # the grader's timeout, to regrade, never a failed check
            box["error"] = err
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            limits.pop("seconds", None)
            limits.pop("expired", None)
        return box

    def run() -> None:
        try:
            box["value"] = function(*args)
        except BaseException as err:
            box["error"] = err

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        _HUNG.append(worker)
        return {}
    return box


def _name(function: Any) -> str:
    """A tool's name in a failure: its own, or in the judge the student's name it stands for."""
    name = getattr(function, "__name__", None) or judged() and getattr(function, "name", None)
    return str(name or "the tool")


def call_tool(function: Callable[..., Any], *args: Any, timeout: float = 2.0) -> str:
    """Call a tool and return its string; fail the check clearly if it raises, returns
    something else than a string, or takes longer than `timeout` seconds."""
    name = _name(function)
    if any(t.is_alive() for t in _HUNG):
        raise AssertionError(f"an earlier call of {name} never returned; fix that one first")
    box = _run(function, args, timeout)
    if not box:
        raise AssertionError(f"{name}{args!r} did not return within {timeout} s")
    if "error" in box:
        err = box["error"]
        raise AssertionError(f"{name}{args!r} raised {type(err).__name__}: {err} "
                             "(return an 'Error: ...' string instead)")
    value = box["value"]
    assert isinstance(value, str), f"{name}{args!r} returned {type(value).__name__}, not str"
    return value


def is_error(result: Any) -> bool:
    return isinstance(result, str) and result.startswith("Error:")
