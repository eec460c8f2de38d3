"""The kernel's end of the judge's channel: while a test cell runs in the judge, the
student's kernel runs one call of `serve` (sent by the grader, never by the student):

    from agentcourse.grading.judge.serve import serve; serve("/path/channel.sock")

It connects to the judge, then answers its requests until the judge says the cell is done:
`names` (what the notebook defines), `get` a name, `set` a name, `call` a function or a
method of a kernel object. What it sends back is data (wire.to_data); the judge's arguments
arrive pickled (wire.JudgePickler) and their state after each call goes back as data, so a
list the student's function changed in place changes in the judge too.

This module runs beside the student's code: nothing here is trusted by the judge, which
reads only data from it.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import importlib
import io
import json
import os
import pickle
import signal
import socket
import sys
import threading
from typing import Any

from agentcourse.grading.judge import wire

_REFS: dict[int, Any] = wire.Refs()  # the kernel objects the judge holds a number for
_PRISTINE: dict[str, Any] = {}  # the notebook's names as the first test found them


class _KernelUnpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        kind = pid[0]
        if kind == "ref":
            return _REFS[int(pid[1])]
        if kind == "name":
            return _namespace()[pid[1]]
        if kind == "global":
            return _PRISTINE.get(pid[1], _namespace().get(pid[1]))
        if kind == "module":
            return sys.modules.get(pid[1]) or importlib.import_module(pid[1])
        if kind == wire.CLIENT:
            return tutor_client(**pid[1])
        if kind == "resource":
            return getattr(tutor_client(**pid[2]), wire.RESOURCES[pid[1]])
        raise pickle.UnpicklingError(f"unknown reference {kind!r}")


def tutor_client(max_retries: int = 2, timeout: float | None = None) -> Any:
    """The kernel's client to the tutor beside the judge, with the judge client's options:
    one per tutor and set of options, so its connections are reused from call to call."""
    from agentcourse.course import nbtools

    return _client(nbtools.tutor_url(), max_retries, timeout if timeout else 30)


@functools.lru_cache(maxsize=8)
def _client(url: str, max_retries: int, timeout: float) -> Any:
    import anthropic

    return anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=max_retries, timeout=timeout)


def _loads(text: str) -> Any:
    return _KernelUnpickler(io.BytesIO(base64.b64decode(text))).load()


def _namespace() -> dict:
    main = sys.modules["__main__"]
    shell = getattr(main, "get_ipython", None)
    return shell().user_ns if callable(shell) and shell() is not None else vars(main)


def _state(value: Any, refs: dict, depth: int = 0) -> Any:
    """What a value the judge sent looks like now: a list or dict whole, an object's fields
    (those that are objects in turn, a few levels down), else nothing."""
    if isinstance(value, (list, dict)):
        return {"$now": wire.to_data(value, refs)}
    fields = getattr(value, "__dict__", None)
    if depth > 3 or not isinstance(fields, dict) or isinstance(value, (type, type(sys))) or callable(value) and not fields:
        return None
    return {"$fields": {str(k): _state(v, refs, depth + 1) if _is_object(v) else {"$now": wire.to_data(v, refs)}
                        for k, v in list(fields.items())
                        if not type(v).__module__.startswith(("anthropic._", "anthropic.resources", "httpx"))}}


def _is_object(value: Any) -> bool:
    """An object whose fields the judge may want back: not a class, module, function, or
    one of the SDK's clients (the judge keeps its own)."""
    return (hasattr(value, "__dict__") and not isinstance(value, (type, type(sys))) and not callable(value)
            and not type(value).__module__.startswith(("anthropic", "httpx")))


class Received(list):
    """What the judge sent during this part, in order, and the state last reported for each."""

    def __init__(self) -> None:
        super().__init__()
        self.reported: dict[int, str] = {}
        self.fresh = 0  # where the values of the request under way begin
        self.watch: list[int] = []  # earlier values the judge still holds (it says which)


def _states(received: Received) -> dict:
    """The state of this request's values, and of each earlier one the judge watches whose
    state changed since it was last reported (index -> state): the rest the judge has."""
    out = {}
    for index in [*received.watch, *range(received.fresh, len(received))]:
        if not 0 <= index < len(received):
            continue
        state = _state(received[index], _REFS)
        text = json.dumps(state, sort_keys=True, default=str)
        if index >= received.fresh or received.reported.get(index) != text:
            out[str(index)] = state
        received.reported[index] = text
    return out


def _answer(request: dict, received: Received) -> dict:
    op, ns = request.get("op"), _namespace()
    received.fresh = len(received)
    received.watch = [i for i in request.get("watch", []) if isinstance(i, int)][:10_000]
    if op == "names":
        return {"names": {n: ("callable" if callable(v) else "value") for n, v in ns.items()
                          if isinstance(n, str) and n in request.get("wanted", [])}}
    if op == "get":
        if request["name"] not in ns:
            return {"missing": True}
        return {"value": wire.to_data(ns[request["name"]], _REFS)}
    if op == "set":
        value = _loads(request["value"])
        received.append(value)
        ns[request["name"]] = value
        return {"state": _states(received)}
    if op in ("call", "getattr"):
        return _call(request, received)
    return {"error": wire.to_data(ValueError(f"unknown request {op!r}"), _REFS)}


def _call(request: dict, received: Received) -> dict:
    try:
        if "ref" in request:
            target = _REFS[int(request["ref"])]
        elif request.get("name") in _namespace():
            target = _namespace()[request["name"]]
        else:
            raise NameError(f"name {request.get('name')!r} is not defined in your notebook")
        if request["op"] == "getattr":
            result = getattr(target, request["attr"])
        else:
            args, kwargs, binds = _loads(request["args"])
            received.fresh = len(received)
            received.extend([*args, *kwargs.values(), *binds.values()])
            from agentcourse.course import nbtools

            with _working_folder(request.get("cwd")), nbtools.bound(_namespace(), **binds), \
                    _time_limit(request.get("seconds")):
                result = target(*args, **kwargs)
    except _Expired:
        return {"expired": True, "state": _states(received)}
    except BaseException as err:  # noqa: BLE001 - what the student's code raised goes to the judge
        return {"raised": wire.to_data(err, _REFS), "state": _states(received)}
    return {"value": wire.to_data(result, _REFS), "state": _states(received)}


class _Expired(BaseException):
    """Raised into a call that runs past the time limit the judge gave it (a BaseException:
    `except Exception` in the student's code does not swallow it)."""


@contextlib.contextmanager
def _time_limit(seconds: Any) -> Any:
    """A call stopped after `seconds` (a timer in the main thread, where the kernel runs
    serve()), so a call that hangs (a FIFO opened for reading, a loop) answers the judge in
    time and the kernel goes on serving. Elsewhere, or without a limit, the call runs as is:
    the judge's own timer is the limit then."""
    if not isinstance(seconds, (int, float)) or not 0 < seconds < 3600 or \
            threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise _Expired

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, float(seconds))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _working_folder(path: Any) -> Any:
    """The check's scratch project (in the folder the judge shares) while the call runs."""
    before = os.getcwd()
    try:
        os.chdir(str(path))
    except (OSError, TypeError):
        pass
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.chdir(before)


RECONNECTS = 100  # times one serve() comes back to a judge that gave up on a call


def _hello(path: str, part: int) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        wire.send(sock, {"op": "hello", "part": part})
    except OSError:
        sock.close()
        raise
    return sock


def serve(path: str, part: int = 0) -> None:
    """Answer the judge's requests on the unix socket at `path` until it says done. When
    the judge gave up waiting for a reply (a check's timer ran out while a call hung), the
    reply cannot be sent: the call is over, so the kernel connects again, for the same part,
    and goes on with the judge's next request (the judge never reads the late reply)."""
    received = Received()
    if not _PRISTINE:
        _PRISTINE.update(_namespace())
    sock = _hello(path, part)
    try:
        for _ in range(RECONNECTS + 1):
            while True:
                request = wire.receive(sock)
                if request.get("op") == "done":
                    return
                try:
                    reply = _answer(request, received)
                except Exception as err:  # noqa: BLE001 - the judge hears of it as data
                    reply = {"raised": wire.to_data(err, _REFS), "state": {}}
                try:
                    wire.send(sock, reply)
                except OSError:
                    break  # the judge closed the channel while the call ran
            sock.close()
            sock = _hello(path, part)
    finally:
        sock.close()
