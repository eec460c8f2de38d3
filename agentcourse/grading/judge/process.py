"""The judge: a process of its own that runs a lab's course cells and test cells, never
the student's code. Started by the grader (execute.py) as

    python -m agentcourse.grading.judge.process

It reads one JSON request per line on stdin and answers each with one JSON line:

    {"op": "start", "channel": PATH, "names": [...]}        the channel; the answer cells' names
    {"op": "run", "source": ..., "test": true, "seconds": 60, "part": 1, "hidden": false}
        -> {"stdout": ..., "error": null | {"ename", "evalue", "traceback"}}

A test cell's part runs with each of `names` bound to the student's (remote.Stand, or its
value when that is data); the kernel serves the channel meanwhile. The hidden tests and
their expected values exist only here.

What a failure says reaches the student (the feedback page shows `ename: evalue`), so a
hidden part's is an allowlist (`hidden_failure`): which check failed, by its line in the
cell, and whether it was a property; never a value, since a hidden instance passed to the
student's function can come back in what it returned, and a check's message quotes that.
The check's own message stays in the traceback, which only the instructor's copy keeps.
A visible part's message is the check's own: its cases are the ones `lab check` shows.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import sys
import traceback
from typing import Any

MAX_STDOUT = 20_000  # characters of a cell's own prints kept


class Judge:
    def __init__(self) -> None:
        self.namespace: dict[str, Any] = {"__name__": "__main__"}
        self.channel: Any = None
        self.names: list[str] = []

    def start(self, request: dict) -> dict:
        import tempfile
        from pathlib import Path

        from agentcourse.course import nbtools
        from agentcourse.grading.judge.remote import Channel, KernelSilent

        self.channel = Channel(str(request["channel"]))
        # Every scratch project a check makes is in the folder the kernel shares.
        scratch = Path(request["channel"]).parent / "scratch"
        scratch.mkdir(exist_ok=True)
        tempfile.tempdir = str(scratch)
        self.names = [str(n) for n in request.get("names", [])]
        self.channel.names = self.namespace
        # A check that catches what a call raised lets this one through (the cell's time ran out).
        nbtools.JUDGE.update(namespace=self.namespace, silent=KernelSilent)
        return {}

    def install(self) -> None:
        """The student's names as the kernel has them now."""
        from agentcourse.grading.judge.remote import Stand

        for name in self.names:
            found, value = self.channel.get(name)
            if not found:
                self.namespace.pop(name, None)
            else:
                self.namespace[name] = Stand(self.channel, name=name) if isinstance(value, Stand) else value

    def run(self, request: dict) -> dict:
        from agentcourse.course import nbtools
        from agentcourse.grading.judge.remote import KernelSilent

        out = io.StringIO()
        error = None
        if request.get("test"):
            self.channel.begin(float(request.get("seconds") or 60), int(request.get("part") or 0))
        # A hidden failure's example is never shown (hidden_failure), so it is not shrunk (props.py).
        nbtools.JUDGE["hidden"] = bool(request.get("test") and request.get("hidden"))
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                if request.get("test"):
                    self.install()
                exec(compile(str(request["source"]), CELL if request.get("test") else "<cell>", "exec"),
                     self.namespace)
        except KernelSilent as err:
            error = {"ename": "TimeoutError", "evalue": str(err), "traceback": [], "timeout": True}
        except BaseException as err:  # noqa: BLE001 - a failed check is the cell's verdict
            error = {"ename": type(err).__name__, "evalue": _text(err),
                     "traceback": traceback.format_exception(type(err), err, err.__traceback__)[-3:]}
            if request.get("hidden"):
                error.update(hidden_failure(err))
        finally:
            nbtools.JUDGE.pop("hidden", None)
            if request.get("test"):
                self.channel.end()
        text = out.getvalue()
        if len(text) > MAX_STDOUT:
            text = text[:MAX_STDOUT] + f"\n[cut: {len(text) - MAX_STDOUT:,} more characters]\n"
        return {"stdout": text, "error": error}


CELL = "<test cell>"  # the file name a test cell's code is compiled under


def hidden_failure(error: BaseException) -> dict[str, str]:
    """A hidden check's failure as the student may read it: the exception's builtin name (any
    other name is "Error"), the line of the cell's statement that failed, and whether it was
    a property over generated cases (agentcourse.course.props). Built from those alone."""
    from agentcourse.course import props

    name = type(error).__name__
    known = isinstance(getattr(builtins, name, None), type) and issubclass(getattr(builtins, name), BaseException)
    frames = traceback.extract_tb(error.__traceback__)
    lines = [f.lineno for f in frames if f.filename == CELL]
    where = f" at line {lines[0]} of this cell" if lines else ""
    what = "a property over generated cases" if _from_props(frames, props.__file__) else "a check"
    return {"ename": name if known else "Error",
            "evalue": (f"{what}{where} failed on a hidden case; hidden cases are not shown. The visible checks "
                       "of this task try the same rules (agentcourse lab check).")}


def _from_props(frames: traceback.StackSummary, props_file: str) -> bool:
    """Whether a property raised the failure: props.holds re-raises it, so a frame is there."""
    return any(os.path.realpath(f.filename) == os.path.realpath(props_file) for f in frames)


def _text(error: BaseException) -> str:
    try:
        return str(error)[:4000]
    except Exception:  # noqa: BLE001
        return ""


def main() -> None:
    reply = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # what course code prints outside a cell never passes for an answer
    sys.stdout = sys.stderr
    judge = Judge()
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "start":
            answer = judge.start(request)
        elif request.get("op") == "run":
            answer = judge.run(request)
        else:
            break
        print(json.dumps(answer), file=reply, flush=True)


if __name__ == "__main__":
    main()
