"""Message threads (beta `message-threads-2026-08-12`): the conversation held on the server.

What the SDK's tool runner does by default (`client.beta.messages.tool_runner`), and
what Anthropic's "Message threads" page describes:

- `thread: {"type": "create"}` with the full conversation, `system` and `tools`: the
  server keeps the conversation, reply included, under the reply's `id`;
- `thread: {"type": "continue", "previous_message_id": id}` with only the new messages
  and no `system` / `tools`: the server rebuilds the whole request from what it holds,
  then answers as usual and keeps the longer conversation under the new reply's `id`;
- a thread expires 5 minutes after its last request; continuing one the server does
  not hold is 404 `not_found_error` with `error.details.error_code`
  "thread_not_found", and the client replays the whole conversation with a create.

Each stored reply can be continued once ("thread_already_continued" otherwise), and
not while a continue from it is still running ("thread_continue_in_flight"). The
error messages are the tutor's words; the error codes are the ones the SDK knows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentcourse.tutor.speak.validate import Problem

BETA = "message-threads-2026-08-12"
LIFETIME = 300.0  # seconds a thread lives after its last request
CREATE_ONLY = ("system", "tools")  # kept from the create request; a continue may not send them


@dataclass
class _Held:
    request: dict  # the full request that produced the reply, minus `thread` and `stream`
    reply: dict  # the assistant message as the API sent it
    expires: float  # clock time after which the thread is gone
    continued: bool = False  # a continue from this reply succeeded
    in_flight: bool = False  # a continue from this reply is running


@dataclass
class ThreadStore:
    """Conversations held for `thread` requests, keyed by the reply id that ends them."""

    clock: Callable[[], float] = time.monotonic
    held: dict[str, _Held] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def resolve(self, body: dict, beta_header: str) -> tuple[dict, str | None] | Problem:
        """The full request to answer, and the reply id it continues (None for a create)."""
        if BETA not in [b.strip() for b in beta_header.split(",")]:
            return Problem("thread: Extra inputs are not permitted")
        request = {k: v for k, v in body.items() if k != "thread"}
        previous = _continued_id(body)
        if previous is None or isinstance(previous, Problem):
            return (request, None) if previous is None else previous
        taken = self._take(previous)
        if isinstance(taken, Problem):
            return taken
        held, history = taken
        full = {k: v for k, v in held.items() if k in CREATE_ONLY}
        full.update(request)
        full["messages"] = history + list(request.get("messages") or [])
        return full, previous

    def _take(self, previous: str) -> tuple[dict, list[dict]] | Problem:
        """The held request and conversation a continue from `previous` builds on, marked
        in flight; or why it cannot be continued."""
        now = self.clock()
        with self.lock:
            self._expire(now)
            entry = self.held.get(previous)
            if entry is None:
                return Problem(
                    f"thread: no thread is held for previous_message_id {previous!r} (expired, or "
                    "never created); send the whole conversation again with thread type 'create'",
                    status=404, error_type="not_found_error", details={"error_code": "thread_not_found"},
                )
            if entry.continued:
                return Problem(
                    f"thread: {previous!r} was already continued; continue from the newest reply, "
                    "or send the whole conversation again with thread type 'create'",
                    details={"error_code": "thread_already_continued"},
                )
            if entry.in_flight:
                return Problem(
                    f"thread: a continue from {previous!r} is still running",
                    details={"error_code": "thread_continue_in_flight"},
                )
            entry.in_flight = True
            return entry.request, [*entry.request["messages"],
                                   {"role": "assistant", "content": entry.reply["content"]}]

    def finish(self, previous: str | None, request: dict | None, reply: dict | None) -> None:
        """After the answer: keep the new conversation; release (or spend) the one continued."""
        now = self.clock()
        with self.lock:
            if previous is not None and previous in self.held:
                entry = self.held[previous]
                entry.in_flight = False
                entry.continued = entry.continued or reply is not None
                entry.expires = now + LIFETIME
            if request is not None and reply is not None:
                kept = {k: v for k, v in request.items() if k not in ("stream", "thread")}
                self.held[reply["id"]] = _Held(kept, reply, now + LIFETIME)

    def _expire(self, now: float) -> None:
        for key in [k for k, entry in self.held.items() if entry.expires <= now]:
            del self.held[key]


def _continued_id(body: dict) -> str | Problem | None:
    """The reply id a `continue` request names; None for a create (or no thread); or
    what is wrong with the request's `thread`."""
    spec = body.get("thread")
    if spec is None:
        return None
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "create":
        extra = [k for k in spec if k != "type"]
        return Problem(f"thread.create.{extra[0]}: Extra inputs are not permitted") if extra else None
    if kind != "continue":
        return Problem(
            f"thread: Input tag {kind!r} found using 'type' does not match any of the expected "
            "tags: 'create', 'continue'"
        )
    previous = spec.get("previous_message_id")
    if not isinstance(previous, str):
        return Problem("thread.continue.previous_message_id: Field required")
    for key in CREATE_ONLY:
        if key in body:
            return Problem(
                f"{key}: may not be sent with a `continue` thread request; the thread keeps the "
                "value from the request that created it"
            )
    return previous


def wants_thread(body: dict[str, Any]) -> bool:
    """Does the request use a message thread (a `thread` field, even null)?"""
    return "thread" in body
