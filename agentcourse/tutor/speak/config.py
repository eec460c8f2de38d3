"""What a tutor server can be told (TutorConfig) and what its request threads share
(ServerState): the prompt cache, the message threads, the batches, the rate-limit window,
the queue of injected faults, and `message()`, the answer to one POST /v1/messages body
(validated, counted, composed by the brain through reply.py).

server.py makes one ServerState per server; every request's handler reads it as
`self.state`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agentcourse.tutor.speak import model_rules, models, reply, tokens
from agentcourse.tutor.speak.batches import BatchStore
from agentcourse.tutor.speak.faults import error_body
from agentcourse.tutor.speak.threads import ThreadStore
from agentcourse.tutor.speak.validate import Problem, check_request
from agentcourse.tutor.understand import harness


@dataclass
class TutorConfig:
    """Everything a tutor server can be told; the defaults suit tests and students."""

    respond: Callable[[dict], Any] | None = None  # request -> Reply; None: brain.respond
    faults: list[int | str | None] = field(default_factory=list)  # consumed one per call (see FAULTS; None: no fault)
    always_fail: int | str | None = None  # answer every /v1/messages call with this fault
    retry_after_ms: int = 20  # sent with 429/529 so the SDK's retries wait briefly
    any_model: bool | None = None  # accept any model name; None: the AGENTCOURSE_TUTOR_ANY_MODEL variable
    rate_limits: dict[str, int] = field(  # per-minute limits reported in anthropic-ratelimit-* headers
        default_factory=lambda: {"requests": 50, "input-tokens": 30_000, "output-tokens": 8_000}
    )
    max_body_bytes: int = 32 * 1024 * 1024  # the API's request size limit for /v1/messages
    context_window: int = 200_000  # estimated input tokens above this: "prompt is too long"
    cache_min_tokens: int | None = None  # None: the per-model minimum from Anthropic's docs
    clock: Callable[[], float] = time.monotonic  # the cache's and the threads' clock; inject one to test expiry
    socket_timeout: float = 10.0  # seconds a connection may stall before it is dropped
    stream_chunk_chars: int = 24  # characters per text_delta / input_json_delta / thinking_delta event
    stream_delay: float = 0.0  # seconds between streamed events (to watch text arrive)
    verbose: bool = False  # print one line per request (the CLI turns it on)
    log: list[dict] | None = None  # if a list, every request is appended as {path, status, fault[, accepted]}
    # Called with every POST /v1/messages exchange: {status, key, request, message}
    # (message None when refused); the arena's per-task accounting (agentcourse/arena/ledger.py).
    ledger: Callable[[dict], None] | None = None


@dataclass
class _RateWindow:
    """Usage in the current minute, for the anthropic-ratelimit-* headers (never enforced)."""

    minute: int = -1
    used: dict[str, int] = field(default_factory=dict)

    def headers(self, limits: dict[str, int], spend: dict[str, int], exhausted: bool) -> dict[str, str]:
        """The anthropic-ratelimit-* headers after `spend`, counted in the current minute."""
        now = time.time()
        minute = int(now // 60)
        if minute != self.minute:
            self.minute, self.used = minute, {}
        for key, value in spend.items():
            self.used[key] = self.used.get(key, 0) + value
        reset = datetime.fromtimestamp((minute + 1) * 60, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        combined = dict(limits)
        combined["tokens"] = limits.get("input-tokens", 0) + limits.get("output-tokens", 0)
        used = dict(self.used)
        used["tokens"] = used.get("input-tokens", 0) + used.get("output-tokens", 0)
        headers = {}
        for name, limit in combined.items():
            left = 0 if exhausted and name == "requests" else max(0, limit - used.get(name, 0))
            headers[f"anthropic-ratelimit-{name}-limit"] = str(limit)
            headers[f"anthropic-ratelimit-{name}-remaining"] = str(left)
            headers[f"anthropic-ratelimit-{name}-reset"] = reset
        return headers


@dataclass
class ServerState:
    """What one running server shares between its request threads."""

    config: TutorConfig
    cache: tokens.PromptCache
    threads: ThreadStore
    rates: _RateWindow = field(default_factory=_RateWindow)
    batches: BatchStore = field(default_factory=BatchStore)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_fault(self, header: str | None) -> int | str | None:
        """The fault this call gets: the request's x-tutor-fault header, else the next queued one, else always_fail."""
        if header:
            return int(header) if header.isdigit() else header
        with self.lock:
            if self.config.faults:
                return self.config.faults.pop(0)
        return self.config.always_fail

    def responder(self) -> Callable[[dict], Any]:
        """request -> Reply: the configured one, else the brain's respond."""
        if self.config.respond is not None:
            return self.config.respond
        from agentcourse.tutor.act import brain  # on first use, so a server alone starts fast

        return brain.respond

    def any_model(self) -> bool:
        """Is any model name accepted (the config, else the AGENTCOURSE_TUTOR_ANY_MODEL variable)?"""
        if self.config.any_model is not None:
            return self.config.any_model
        return models.any_model_from_env()

    def message(self, body: dict, beta: bool, version: str, fault: Any = None) -> Problem | tuple[dict, int]:
        """(the message, its prompt's tokens) that POST /v1/messages answers `body` with, or
        the Problem it refuses it with; shared by /v1/messages and the batches."""
        problem = check_request(body, beta=beta, any_model=self.any_model(), version=version)
        if problem:
            return problem
        shape = model_rules.shape_of(body)  # bound to the request as sent, before any block is dropped
        body = model_rules.readable(body)
        prompt_tokens = tokens.input_tokens(body)
        if prompt_tokens > self.config.context_window:
            return Problem(f"prompt is too long: {prompt_tokens} tokens > {self.config.context_window} maximum")
        usage = self.cache.account(body)
        # Mid-conversation `system` messages join the system prompt for the brain (harness.py).
        content, stop_reason = reply.compose(harness.fold_system_messages(body), self.responder(), shape)
        return reply.build_message(body, content, stop_reason, usage, fault), prompt_tokens

    def batch_result(self, params: dict, beta: bool, version: str) -> tuple[str, dict]:
        """One batch request answered: ("succeeded", message) or ("errored", error body)."""
        request_id = reply.new_id("req_tutor_")
        try:
            answered = self.message(params, beta, version)
        except Exception as err:  # one failing request must not lose the others
            return "errored", error_body(500, f"The tutor failed on this request: {type(err).__name__}: {err}",
                                         request_id)
        if isinstance(answered, Problem):
            return "errored", error_body(answered.status, answered.message, request_id, answered.error_type,
                                         answered.details)
        return "succeeded", reply.public(answered[0])

    def rate_headers(self, spend: dict[str, int], exhausted: bool = False) -> dict[str, str]:
        """The rate-limit headers for one answer that spends `spend`."""
        with self.lock:
            return self.rates.headers(self.config.rate_limits, spend, exhausted)
