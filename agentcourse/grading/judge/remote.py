"""The judge's end of the channel: stand-ins for the student's functions and objects.

process.py runs a test cell with each name the lab's answer cells define bound to a
`Stand` (or to its value, when that is plain data). Calling a stand-in asks the kernel
(serve.py) to call the real one; what comes back is rebuilt from data (wire.Rebuilt), and
the arguments the judge passed are brought up to date with what the call did to them:

    messages = [{"role": "user", "content": "Hi"}]
    reply = run_turn(client, messages)   # run_turn: a Stand; messages now holds the turn
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from typing import Any

from agentcourse.clock import FairDeadline
from agentcourse.grading.judge import wire


class KernelSilent(BaseException):
    """The notebook's code did not answer the judge in time (or never connected): the
    grader's timeout, to regrade. A BaseException, so that no check's `except Exception`
    (a tool error turned into a result, a failed row) makes it a lost point; a check that
    catches BaseException lets nbtools.JUDGE["silent"] through."""


class CallExpired(BaseException):
    """The kernel stopped a call at the time limit the check gave it: the call did not return
    in time. A check that sets the limit (nbtools.JUDGE["seconds"]) may name the class raised
    instead (nbtools.JUDGE["expired"]: its own timer's, Lab 4's)."""


RETURN_SECONDS = 3.0  # how long the end of a part waits for a kernel whose call was abandoned


class Channel:
    """A unix socket the kernel connects to while a test cell runs in the judge."""

    def __init__(self, path: str) -> None:
        self.path = path
        if os.path.lexists(path):
            os.unlink(path)
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        os.chmod(path, 0o777)  # the kernel runs as another user
        self.listener.listen(1)
        self.conn: socket.socket | None = None
        self.deadline = FairDeadline(60)  # on the fair clock: a busy machine stretches it
        self.part = 0
        self.names: dict = {}  # the judge's notebook namespace (process.Judge)
        self._set: set[int] = set()  # indexes in `sent` of values set in the kernel's namespace
        self._current = range(0)  # indexes in `sent` of the request under way
        self.sent: list = []  # what the judge sent during this part, in the kernel's order
        self._latest: dict[int, int] = {}  # id of a value sent -> its index in `sent` (the kernel's newest copy)
        self._times: dict[int, int] = {}  # id of a value sent -> how many times `sent` holds it
        self._abandoned = False  # a request of this part was given up: the kernel may come back
        self.rebuilt = wire.Rebuilt(self.stand, self._own_class)

    def begin(self, seconds: float, part: int = 0) -> None:
        """A new part of a test cell: at most `seconds` for the kernel's answers, counted on the
        fair clock (agentcourse/clock.py), as the grader counts the cell's own timeout."""
        self.deadline = FairDeadline(seconds)
        self.sent, self.part, self._set, self._current = [], part, set(), range(0)
        self._latest, self._times, self._abandoned = {}, {}, False

    def end(self) -> None:
        """The part is over: the kernel's serve() returns. A kernel whose call this part gave
        up on (a check's timer) reconnects once that call returns: it is awaited a moment,
        so that it hears the part is done instead of waiting for the cell's time limit."""
        if self.conn is None and self._abandoned:
            self.deadline = FairDeadline(RETURN_SECONDS)
            with contextlib.suppress(KernelSilent):
                self._connect()
        if self.conn is not None:
            try:
                self.conn.settimeout(2)
                wire.send(self.conn, {"op": "done"})
            except OSError:
                pass
            self.conn.close()
            self.conn = None

    def _left(self) -> float:
        """Wall seconds the next wait may take: the part's fair seconds left, at the load now."""
        left = self.deadline.wall_left()
        if left <= 0:
            raise KernelSilent("your notebook's code did not answer within the cell's time limit")
        return left

    def request(self, message: dict) -> dict:
        if self.conn is None:
            self._connect()
        try:
            self.conn.settimeout(self._left())
            wire.send(self.conn, {**message, "watch": self._watched()})
            reply = wire.receive(self.conn)
        except BaseException as err:
            # Whatever stopped the exchange (the socket, or a check's timer interrupting the
            # wait), the reply it was waiting for is never read as a later request's.
            self.conn.close()
            self.conn = None
            self._abandoned = True
            if not isinstance(err, (OSError, ValueError)):
                raise
            if isinstance(err, socket.timeout):
                raise KernelSilent("your notebook's code did not answer within the cell's time limit") from err
            raise KernelSilent(f"the notebook's kernel broke the channel: {type(err).__name__}") from err
        self._update(reply.get("state"))
        return reply

    def _connect(self) -> None:
        """Take the kernel's connection for this part: it says hello with the part's number.
        The grader says abort instead when the kernel's serve cell ended without coming."""
        while self.conn is None:
            self.listener.settimeout(self._left())
            try:
                conn, _ = self.listener.accept()
            except OSError as err:
                raise KernelSilent("the notebook's kernel did not answer the judge") from err
            try:
                conn.settimeout(self._left())
                first = wire.receive(conn)
            except (OSError, ValueError):
                conn.close()
                continue
            if first.get("part") != self.part:
                conn.close()  # left over from an earlier part
            elif first.get("op") == "hello":
                self.conn = conn
            else:
                conn.close()
                raise KernelSilent("the notebook's kernel did not answer the judge")

    def _update(self, states: Any) -> None:
        """Apply the kernel's copies' state to the values the judge sent. The kernel reports
        this request's arguments, and any value sent earlier whose copy changed since it last
        reported (a scripted user the student's object keeps, say). This request's arguments
        and values set in the kernel's namespace are applied; an earlier value only from the
        kernel's newest copy of it, so a stale copy never undoes what the judge did since."""
        if not isinstance(states, dict):
            return
        now = self._current
        for key, state in states.items():
            index = int(key) if isinstance(key, str) and key.isdigit() else -1
            if not 0 <= index < len(self.sent):
                continue
            original = self.sent[index]
            if not (index in now or index in self._set or self._latest.get(id(original)) == index):
                continue
            try:
                apply_state(original, state, self.rebuilt)
            except (ValueError, TypeError, AttributeError):
                continue  # a state the judge cannot read leaves its own value as it was

    def _send(self, values: list) -> None:
        for value in values:
            self._latest[id(value)] = len(self.sent)
            self._times[id(value)] = self._times.get(id(value), 0) + 1
            self.sent.append(value)

    def _watched(self) -> list[int]:
        """Earlier values the kernel should report if their copy changes: the newest copy of
        each value the judge still holds somewhere besides `sent` (a finished example's
        values are held by `sent` alone, and are not worth the kernel's time). CPython's
        reference count says who holds it: `sent` (once per time it was sent) and this call."""
        return [index for key, index in self._latest.items()
                if index not in self._current and sys.getrefcount(self.sent[index]) > self._times[key] + 1]

    def _own_class(self, name: str) -> Any:
        """An exception class the course's cells defined in the judge (ToolError, say)."""
        value = self.names.get(name)
        return value if isinstance(value, type) and issubclass(value, BaseException) else None

    def stand(self, number: int, text: str = "", is_callable: bool = True) -> Stand:
        return Stand(self, number=number, text=text)

    # ------------------------------------------------------------ the operations

    def call(self, target: Stand, args: tuple, kwargs: dict) -> Any:
        from agentcourse.course import nbtools

        binds = dict(nbtools.JUDGE.get("pending") or {})  # nbtools.bound: names set for this call
        values = [*args, *kwargs.values(), *binds.values()]
        self._current = range(len(self.sent), len(self.sent) + len(values))
        self._send(values)
        limit = {"seconds": float(seconds)} if (seconds := nbtools.JUDGE.get("seconds")) else {}
        expired = nbtools.JUDGE.get("expired")
        reply = self.request({"op": "call", **target.address(), **limit,
                              "args": wire.dumps((list(args), kwargs, binds), self.names),
                              "cwd": os.getcwd()})  # the check's scratch project, shared
        if limit and reply.get("expired") is True:
            raise (expired if isinstance(expired, type) and issubclass(expired, BaseException) else CallExpired)()
        return self._result(reply)

    def getattr(self, target: Stand, attr: str) -> Any:
        self._current = range(0)
        return self._result(self.request({"op": "getattr", **target.address(), "attr": attr}))

    def get(self, name: str) -> tuple[bool, Any]:
        self._current = range(0)
        reply = self.request({"op": "get", "name": name})
        return (False, None) if reply.get("missing") else (True, self.rebuilt.value(reply.get("value")))

    def set(self, name: str, value: Any) -> None:
        self._current = range(len(self.sent), len(self.sent) + 1)
        self._set.add(len(self.sent))
        self._send([value])
        self.request({"op": "set", "name": name, "value": wire.dumps(value, self.names)})

    def _result(self, reply: dict) -> Any:
        if "raised" in reply:
            error = self.rebuilt.value(reply["raised"])
            raise error if isinstance(error, BaseException) else RuntimeError("the kernel raised something odd")
        return self.rebuilt.value(reply.get("value"))


def apply_state(original: Any, state: Any, rebuilt: wire.Rebuilt) -> None:
    """Bring a value the judge sent up to date with the kernel's copy after a call."""
    if not isinstance(state, dict):
        return
    if "$now" in state and isinstance(original, (list, dict)):
        now = rebuilt.value(state["$now"])
        if isinstance(original, list) and isinstance(now, list):
            original[:] = now
        elif isinstance(original, dict) and isinstance(now, dict):
            original.clear()
            original.update(now)
    elif "$fields" in state and isinstance(state["$fields"], dict):
        for name, inner in state["$fields"].items():
            try:
                _apply_field(original, str(name), inner, rebuilt)
            except (ValueError, TypeError, AttributeError):
                continue  # a field the judge cannot read keeps its own value


def _apply_field(original: Any, name: str, inner: Any, rebuilt: wire.Rebuilt) -> None:
    mine = getattr(original, name, None)
    if _is_live(mine) or not isinstance(inner, dict):
        return
    if "$fields" in inner:
        apply_state(mine, inner, rebuilt)
    elif "$now" in inner:
        if isinstance(mine, (list, dict)):
            apply_state(mine, inner, rebuilt)
        else:
            value = rebuilt.value(inner["$now"])
            if not isinstance(value, Stand):
                setattr(original, name, value)


def _is_live(value: Any) -> bool:
    """A field the judge keeps whatever the kernel says: a client, a function, a module."""
    return callable(value) or type(value).__module__.startswith("anthropic") and not hasattr(value, "model_dump")


class Stand(wire.Reference):
    """The judge's stand-in for a function or object of the student's notebook."""

    def __init__(self, channel: Channel, number: int | None = None, name: str | None = None, text: str = "") -> None:
        self._channel, self.number, self.name, self._text = channel, number, name, text

    def address(self) -> dict:
        return {"ref": self.number} if self.number is not None else {"name": self.name}

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._channel.call(self, args, kwargs)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") or attr.startswith("_channel"):
            raise AttributeError(attr)
        return self._channel.getattr(self, attr)

    def __repr__(self) -> str:
        return f"<{self.name or self._text or 'an object'} of your notebook>"
