"""The judge: a process of its own that runs a lab's course cells and test cells, never
the student's code. Started by the grader (execute.py) as

    python -m agentcourse.grading.judge.process

It reads one JSON request per line on stdin and answers each with one JSON line:

    {"op": "start", "channel": PATH, "names": [...]}        the channel; the answer cells' names
    {"op": "run", "source": ..., "test": true, "seconds": 60, "part": 1}
        -> {"stdout": ..., "error": null | {"ename", "evalue", "traceback"}}

A test cell's part runs with each of `names` bound to the student's (remote.Stand, or its
value when that is data); the kernel serves the channel meanwhile. The hidden tests and
their expected values exist only here.
"""

from __future__ import annotations

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
        from agentcourse.grading.judge.remote import KernelSilent

        out = io.StringIO()
        error = None
        if request.get("test"):
            self.channel.begin(float(request.get("seconds") or 60), int(request.get("part") or 0))
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                if request.get("test"):
                    self.install()
                exec(compile(str(request["source"]), "<test cell>" if request.get("test") else "<cell>", "exec"),
                     self.namespace)
        except KernelSilent as err:
            error = {"ename": "TimeoutError", "evalue": str(err), "traceback": [], "timeout": True}
        except BaseException as err:  # noqa: BLE001 - a failed check is the cell's verdict
            error = {"ename": type(err).__name__, "evalue": _text(err),
                     "traceback": traceback.format_exception(type(err), err, err.__traceback__)[-3:]}
        finally:
            if request.get("test"):
                self.channel.end()
        text = out.getvalue()
        if len(text) > MAX_STDOUT:
            text = text[:MAX_STDOUT] + f"\n[cut: {len(text) - MAX_STDOUT:,} more characters]\n"
        return {"stdout": text, "error": error}


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
