"""The tutor model's HTTP side: a loopback server that speaks the Messages API.

    POST /v1/messages               JSON, or server-sent events with "stream": true
    POST /v1/messages/count_tokens  {"input_tokens": N}, the same estimate as usage
    GET  /v1/models[/{id}]          the models the tutor answers to (models.py)
    /v1/messages/batches[/...]      Message Batches, answered at once (batches.py)

What the tutor *says* comes from `respond(request) -> Reply` (brain.py); reply.py shapes
it (tool_choice, thinking, cuts, events) and this module does everything around it the
way the real API does: authentication, the `anthropic-version` header, validation
(validate.py), message threads (threads.py), usage and the prompt cache (tokens.py),
rate-limit headers, streaming, and injected faults (429 / 529 / 500, cut replies, a
pause, a stream that breaks off) so a learner's error handling can be exercised offline.

It never pretends to be Claude: the response's model is "tutor:<requested>",
ids start "msg_tutor_", and every response carries an `x-tutor` header.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote

from agentcourse.errors import PortInUse, UsageError
from agentcourse.tutor import harness, models, reply, tokens
from agentcourse.tutor.batches import BatchStore
from agentcourse.tutor.batches import check as check_batch
from agentcourse.tutor.threads import ThreadStore
from agentcourse.tutor.validate import Problem, check_request, newer_values, versions

MARKER_HEADER = ("x-tutor", "agentcourse offline tutor model (a simulator, not Claude)")
ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    405: "invalid_request_error",
    408: "invalid_request_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
FAULT_MESSAGES = {
    429: "Number of request tokens has exceeded your per-minute rate limit (injected by the tutor).",
    500: "Internal server error (injected by the tutor).",
    529: "Overloaded (injected by the tutor).",
}
# The real service's other APIs, which the tutor does not serve: path -> what it is. They
# are answered with a 404 `not_found_error` in the API's error shape that says so.
UNSERVED = (
    ("/v1/files", "the Files API"),
    ("/v1/complete", "the legacy Text Completions API"),
    ("/v1/skills", "the Skills API"),
    ("/v1/agents", "Managed Agents"),
    ("/v1/environments", "Managed Agents"),
    ("/v1/sessions", "Managed Agents"),
    ("/v1/vaults", "Managed Agents"),
    ("/v1/memory_stores", "Managed Agents"),
    ("/v1/organizations", "the Admin API"),
)
SERVED = ("it serves POST /v1/messages, POST /v1/messages/count_tokens, /v1/messages/batches, GET /v1/models "
          "and GET /v1/models/{id}")


def not_served(method: str, path: str) -> str:
    """The 404 message for a path the tutor has no route for."""
    what = next((name for prefix, name in UNSERVED if path == prefix or path.startswith(prefix + "/")), None)
    if what is None:
        return f"Not found: {method} {path} (the offline tutor model {SERVED})"
    return f"The offline tutor model does not serve {what} ({method} {path}); {SERVED}. Use a real API key for it."


REPLY_FAULTS = (*reply.CUT_FAULTS, "stream_error")  # faults that shape a reply rather than refuse it
FAULTS = (*FAULT_MESSAGES, *REPLY_FAULTS)


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
class _State:
    """What one running server shares between its request threads."""

    config: TutorConfig
    cache: tokens.PromptCache
    threads: ThreadStore
    rates: _RateWindow = field(default_factory=_RateWindow)
    batches: BatchStore = field(default_factory=BatchStore)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_fault(self, header: str | None) -> int | str | None:
        if header:
            return int(header) if header.isdigit() else header
        with self.lock:
            if self.config.faults:
                return self.config.faults.pop(0)
        return self.config.always_fail

    def responder(self) -> Callable[[dict], Any]:
        if self.config.respond is not None:
            return self.config.respond
        from agentcourse.tutor import brain  # on first use, so a server alone starts fast

        return brain.respond

    def any_model(self) -> bool:
        if self.config.any_model is not None:
            return self.config.any_model
        return models.any_model_from_env()

    def message(self, body: dict, beta: bool, version: str, fault: Any = None) -> Problem | tuple[dict, int]:
        """(the message, its prompt's tokens) that POST /v1/messages answers `body` with, or
        the Problem it refuses it with; shared by /v1/messages and the batches."""
        problem = check_request(body, beta=beta, any_model=self.any_model(), version=version)
        if problem:
            return problem
        prompt_tokens = tokens.input_tokens(body)
        if prompt_tokens > self.config.context_window:
            return Problem(f"prompt is too long: {prompt_tokens} tokens > {self.config.context_window} maximum")
        usage = self.cache.account(body)
        # Mid-conversation `system` messages join the system prompt for the brain (harness.py).
        content, stop_reason = reply.compose(harness.fold_system_messages(body), self.responder())
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
        with self.lock:
            return self.rates.headers(self.config.rate_limits, spend, exhausted)


def error_body(status: int, message: str, request_id: str, error_type: str | None = None,
               details: dict | None = None) -> dict:
    """The API's error shape: {"type": "error", "error": {...}, "request_id": ...}."""
    error = {"type": error_type or ERROR_TYPES.get(status, "api_error"), "message": message}
    if details:
        error["details"] = details
    return {"type": "error", "error": error, "request_id": request_id}


# ----------------------------------------------------------------------------- HTTP


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the SDK reuses one connection per client
    disable_nagle_algorithm = True  # small writes go out at once (no 40 ms delayed-ACK stalls)
    server_version = "agentcourse-tutor"
    sys_version = ""

    @property
    def state(self) -> _State:
        return self.server.state  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: Any) -> None:
        pass  # one tidy line per request is printed by _record when verbose

    def _record(self, status: int, fault: Any = None, note: str = "", accepted: list[str] | None = None) -> None:
        path = getattr(self, "path", "").split("?")[0]
        if accepted:  # values newer than the tutor and the SDK (validate.newer_values)
            note = f"{note} (accepted, newer than the SDK: {'; '.join(accepted)})".strip()
        if self.state.config.log is not None:
            entry = {"path": path, "status": status, "fault": fault}
            self.state.config.log.append({**entry, "accepted": accepted} if accepted else entry)
        if self.state.config.ledger is not None and path == "/v1/messages" and self.command == "POST":
            body, message = getattr(self, "exchange", (None, None))
            self.exchange = (None, None)  # one keep-alive handler serves many requests
            auth = self.headers.get("authorization", "")
            key = self.headers.get("x-api-key") or (auth[7:].strip() if auth.lower().startswith("bearer ") else "")
            self.state.config.ledger({"status": status, "key": key, "request": body, "message": message})
        if self.state.config.verbose:
            print(f"{self.command} {path} {status} {note}".rstrip(), file=sys.stderr, flush=True)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own errors (a malformed request line, an unknown method such as
        OPTIONS) in the API's JSON error shape, never its HTML page."""
        self.close_connection = True
        if getattr(self, "request_version", "HTTP/0.9") == "HTTP/0.9":
            self.request_version = self.protocol_version  # a status line and headers, not a bare body
        if code == 501:  # http.server's answer to a method it has no do_X for
            code, message = 405, f"Method {getattr(self, 'command', '?')} is not allowed."
        text = message or self.responses.get(code, ("Error",))[0]
        self._error(code, text, reply.new_id("req_tutor_"),
                    error_type=ERROR_TYPES.get(code, "invalid_request_error" if code < 500 else "api_error"))

    def _send_json(self, status: int, body: dict, request_id: str, extra: dict | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("request-id", request_id)
        self.send_header(*MARKER_HEADER)
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, message: str, request_id: str, extra: dict | None = None,
               error_type: str | None = None, details: dict | None = None) -> None:
        # Recorded before sending, so the log is complete by the time the client returns.
        self._record(status, note=message[:80])
        self._send_json(status, error_body(status, message, request_id, error_type, details), request_id, extra)

    def _problem(self, problem: Problem, request_id: str, extra: dict | None = None) -> None:
        self._error(problem.status, problem.message, request_id, extra, problem.error_type, problem.details)

    def _read_json(self, request_id: str) -> dict | None:
        """The body as a JSON object, or None after an error response has been sent."""
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            self.close_connection = True
            self._error(400, "Chunked request bodies are not supported; send Content-Length.", request_id)
            return None
        length_header = self.headers.get("content-length")
        if length_header is None or not length_header.strip().isdigit():
            self.close_connection = True
            self._error(400, "A request body with a valid Content-Length header is required.", request_id)
            return None
        length = int(length_header)
        if length > self.state.config.max_body_bytes:
            self.close_connection = True  # the body is never read, so the connection is spent
            self._error(413, "Request exceeds the maximum allowed number of bytes.", request_id)
            return None
        try:
            raw = self.rfile.read(length)
        except TimeoutError:
            raw = b""
        if len(raw) < length:
            self.close_connection = True
            self._error(400, "The request body ended before Content-Length bytes arrived.", request_id)
            return None
        try:
            body = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            self._error(400, f"The request body is not valid JSON: {err}", request_id)
            return None
        if not isinstance(body, dict):
            self._error(400, "The request body must be a JSON object.", request_id)
            return None
        return body

    def _authenticated(self, request_id: str) -> bool:
        key = self.headers.get("x-api-key", "").strip()
        auth = self.headers.get("authorization", "").strip()
        if key or (auth.lower().startswith("bearer ") and auth[7:].strip()):
            return True
        self.close_connection = True  # the unread body makes the connection unusable
        self._error(
            401,
            "x-api-key header is required (or Authorization: Bearer <key>); the tutor accepts any key.",
            request_id,
        )
        return False

    def _version_problem(self) -> Problem | None:
        """The API refuses a request without a valid `anthropic-version` header."""
        version = self.headers.get("anthropic-version")
        if version is None:
            return Problem("anthropic-version: header is required")
        if version.strip() not in versions():
            return Problem(f"anthropic-version: {json.dumps(version)} is not a valid version")
        return None

    def _version(self) -> str:
        return self.headers.get("anthropic-version", "").strip()

    def _query(self) -> dict[str, str]:
        query = self.path.split("?", 1)[1] if "?" in self.path else ""
        return {k: v[-1] for k, v in parse_qs(query).items()}

    def do_GET(self) -> None:
        request_id = reply.new_id("req_tutor_")
        path = self.path.split("?")[0]
        self.close_connection = True  # any body this method carried is left unread
        if path in ("/v1/messages", "/v1/messages/count_tokens"):
            self._error(405, f"Method {self.command} is not allowed on {path}; use POST.", request_id)
        elif self.command == "GET" and (path == "/v1/models" or path.startswith("/v1/models/")):
            self._models(path, request_id)
        elif self.command in ("GET", "DELETE") and _is_batches(path):
            self._batch_read(path, request_id)
        else:
            self._error(404, not_served(self.command, path), request_id)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def _models(self, path: str, request_id: str) -> None:
        """GET /v1/models (a page, with limit / after_id / before_id) and GET /v1/models/{id}."""
        self.close_connection = False  # a GET carries no body: the connection stays usable
        if not self._authenticated(request_id):
            return
        problem = self._version_problem()
        if problem:
            self._problem(problem, request_id)
            return
        if path == "/v1/models":
            query = self._query()
            limit = query.get("limit", "20")
            if not limit.isdigit() or not 1 <= int(limit) <= 1000:
                self._error(400, "limit: Input should be an integer between 1 and 1000", request_id)
                return
            body = models.page(int(limit), query.get("after_id"), query.get("before_id"))
        else:
            name = unquote(path[len("/v1/models/") :])
            entry = models.find(name)
            if entry is None:
                self._error(404, f"model: {name}", request_id)
                return
            body = models.as_api(entry)
        self._record(200)
        self._send_json(200, body, request_id)

    def do_POST(self) -> None:
        request_id = reply.new_id("req_tutor_")
        path = self.path.split("?")[0]
        try:
            if _is_batches(path):
                self._batch_write(path, request_id)
                return
            if path not in ("/v1/messages", "/v1/messages/count_tokens"):
                self.close_connection = True  # an unread body may follow
                self._error(404, not_served(self.command, path), request_id)
                return
            if not self._authenticated(request_id):
                return
            body = self._read_json(request_id)
            if body is None:
                return
            self.exchange = (body, None)
            problem = self._version_problem()
            if problem:
                self._problem(problem, request_id)
            elif path == "/v1/messages/count_tokens":
                self._count_tokens(body, request_id)
            else:
                self._messages(body, request_id)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as err:  # a bug here must answer, not hang the client
            self.close_connection = True
            self._error(500, f"The tutor failed on this request: {type(err).__name__}: {err}", request_id)

    def _gate(self, request_id: str) -> bool:
        """Authentication and the version header, for the endpoints other than /v1/messages."""
        if not self._authenticated(request_id):
            return False
        problem = self._version_problem()
        if problem:
            self._problem(problem, request_id)
            return False
        return True

    def _base_url(self) -> str:
        host = self.headers.get("host")
        if not host:
            address = self.server.server_address
            host = f"[{address[0]}]:{address[1]}" if ":" in str(address[0]) else f"{address[0]}:{address[1]}"
        return f"http://{host}"

    def _batch_write(self, path: str, request_id: str) -> None:
        """POST /v1/messages/batches (create) and POST /v1/messages/batches/{id}/cancel."""
        if not self._gate(request_id):
            return
        parts = path.strip("/").split("/")  # v1 messages batches [id [cancel]]
        if len(parts) == 3:
            body = self._read_json(request_id)
            if body is None:
                return
            problem = check_batch(body)
            if problem:
                self._problem(problem, request_id)
                return
            beta, version = self._beta(), self._version()
            record = self.state.batches.create(
                body, lambda params: self.state.batch_result(params, beta, version), self._base_url())
            self._record(200, note=f"batch of {len(body['requests'])}")
            self._send_json(200, record, request_id)
        elif len(parts) == 5 and parts[4] == "cancel":
            self.close_connection = True  # any body is left unread
            batch = self.state.batches.get(parts[3])
            if batch is None:
                self._error(404, f"message_batch_id: no batch {parts[3]!r}", request_id)
                return
            self._record(200)
            self._send_json(200, batch.record, request_id)  # it has ended: nothing left to cancel
        else:
            self.close_connection = True
            self._error(404, not_served(self.command, path), request_id)

    def _batch_read(self, path: str, request_id: str) -> None:
        """GET the list, one batch or its results; DELETE one batch."""
        self.close_connection = False  # no body: the connection stays usable
        if not self._gate(request_id):
            return
        parts = path.strip("/").split("/")
        if len(parts) == 3 and self.command == "GET":
            query = self._query()
            limit = query.get("limit", "20")
            if not limit.isdigit() or not 1 <= int(limit) <= 1000:
                self._error(400, "limit: Input should be an integer between 1 and 1000", request_id)
                return
            self._record(200)
            self._send_json(200, self.state.batches.page(int(limit), query.get("after_id"), query.get("before_id")),
                            request_id)
            return
        batch = self.state.batches.get(parts[3]) if len(parts) in (4, 5) else None
        if batch is None or (len(parts) == 5 and (parts[4] != "results" or self.command != "GET")):
            self._error(404, f"message_batch_id: no batch {parts[3]!r}" if len(parts) > 3 else
                        not_served(self.command, path), request_id)
            return
        self._record(200)
        if len(parts) == 5:
            data = "".join(json.dumps(line) + "\n" for line in batch.results).encode()
            self.send_response(200)
            self.send_header("content-type", "application/binary")
            self.send_header("content-length", str(len(data)))
            self.send_header("request-id", request_id)
            self.send_header(*MARKER_HEADER)
            self.end_headers()
            self.wfile.write(data)
        elif self.command == "DELETE":
            self.state.batches.delete(parts[3])
            self._send_json(200, {"id": parts[3], "type": "message_batch_deleted"}, request_id)
        else:
            self._send_json(200, batch.record, request_id)

    def _beta(self) -> bool:
        return self._query().get("beta") == "true" or bool(self.headers.get("anthropic-beta"))

    def _count_tokens(self, body: dict, request_id: str) -> None:
        problem = check_request(body, count_only=True, beta=self._beta(), any_model=self.state.any_model(),
                                version=self._version())
        if problem:
            self._problem(problem, request_id)
            return
        self._record(200)
        self._send_json(200, {"input_tokens": tokens.input_tokens(body)}, request_id)

    def _messages(self, body: dict, request_id: str) -> None:
        state, config = self.state, self.state.config
        fault = state.next_fault(self.headers.get("x-tutor-fault"))
        if fault is not None and fault not in FAULTS:
            names = ", ".join(str(f) for f in FAULTS)
            self._error(400, f"Unknown tutor fault {fault!r}: use one of {names}.", request_id)
            return
        if fault in FAULT_MESSAGES or (fault == "stream_error" and body.get("stream") is not True):
            status = 529 if fault == "stream_error" else int(fault)  # outside a stream it is a 529
            wait = {
                "retry-after": str(max(1, -(-config.retry_after_ms // 1000))),
                "retry-after-ms": str(config.retry_after_ms),
                "x-should-retry": "true",
            } if status in (429, 529) else {}
            wait.update(state.rate_headers({"requests": 1}, exhausted=status == 429))
            self._record(status, fault, "(injected fault)")
            self._send_json(status, error_body(status, FAULT_MESSAGES[status], request_id), request_id, wait)
            return
        threaded, previous = body.get("thread") is not None, None
        if "thread" in body:
            resolved = state.threads.resolve(body, self.headers.get("anthropic-beta", ""))
            if isinstance(resolved, Problem):
                self._problem(resolved, request_id)
                return
            body, previous = resolved
        answered = False
        try:
            answered = self._answer(body, request_id, fault, threaded, previous)
        finally:
            if previous is not None and not answered:
                state.threads.finish(previous, None, None)  # a continue that failed frees its thread

    def _answer(self, body: dict, request_id: str, fault: Any, threaded: bool, previous: str | None) -> bool:
        state = self.state
        answered = state.message(body, self._beta(), self._version(), fault)
        if isinstance(answered, Problem):
            self._problem(answered, request_id)
            return False
        message, prompt_tokens = answered
        if threaded:
            state.threads.finish(previous, body, reply.public(message))
        self.exchange = (body, reply.public(message))
        spend = {"requests": 1, "input-tokens": prompt_tokens, "output-tokens": message["usage"]["output_tokens"]}
        extra = state.rate_headers(spend)
        self._record(200, fault, message["stop_reason"] or "", newer_values(body))
        if body.get("stream"):
            self._stream(message, request_id, extra, fault)
        else:
            self._send_json(200, reply.public(message), request_id, extra)
        return True

    def _stream(self, message: dict, request_id: str, extra: dict, fault: Any) -> None:
        config = self.state.config
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self.send_header("transfer-encoding", "chunked")
        self.send_header("request-id", request_id)
        self.send_header(*MARKER_HEADER)
        for key, value in extra.items():
            self.send_header(key, value)
        self.end_headers()
        for name, data in reply.stream_events(message, max(1, config.stream_chunk_chars), fault):
            event = f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
            if config.stream_delay:
                time.sleep(config.stream_delay)
        self.wfile.write(b"0\r\n\r\n")


def _is_batches(path: str) -> bool:
    return path == "/v1/messages/batches" or path.startswith("/v1/messages/batches/")


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # idle keep-alive connections never block shutdown
    request_queue_size = 128  # the listen backlog: a class connecting at once is not reset (default 5)
    state: _State


class _Server6(_Server):
    address_family = socket.AF_INET6


def _check_loopback(host: str) -> None:
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise UsageError(f"the tutor serves on loopback only (127.0.0.1, ::1, localhost), not {host!r}")


def make_server(config: TutorConfig | None = None, port: int = 0, host: str = "127.0.0.1") -> _Server:
    """Bind a tutor server (not yet serving). Raises PortInUse or UsageError."""
    _check_loopback(host)
    config = config or TutorConfig()
    server_class = _Server6 if ":" in host else _Server
    handler = type("TutorHandler", (_Handler,), {"timeout": config.socket_timeout})
    try:
        server = server_class((host, port), handler)
    except OSError as err:
        if err.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise PortInUse(
                f"port {port} on {host} is already in use; choose another with --port "
                "(or --port 0 for any free port)"
            ) from None
        raise
    server.state = _State(
        config, tokens.PromptCache(config.cache_min_tokens, config.clock), ThreadStore(config.clock)
    )
    return server


def base_url(server: _Server) -> str:
    host, port = server.server_address[:2]
    return f"http://[{host}]:{port}" if ":" in str(host) else f"http://{host}:{port}"


@contextmanager
def serve(config: TutorConfig | None = None, port: int = 0, host: str = "127.0.0.1") -> Iterator[str]:
    """Run a tutor server in a background thread; yields its base URL."""
    server = make_server(config, port, host)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield base_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def cli_serve(args: Any) -> int:
    """`agentcourse tutor serve`: serve in the foreground until Ctrl-C."""
    fault = getattr(args, "fault", None)
    config = TutorConfig(
        always_fail=(int(fault) if str(fault).isdigit() else fault) if fault else None,
        any_model=True if getattr(args, "any_model", False) else None,
        verbose=True,
    )
    server = make_server(config, getattr(args, "port", 0) or 0, getattr(args, "host", "127.0.0.1"))
    url = base_url(server)
    print(f"Tutor model (offline simulator, not Claude) serving at {url}", flush=True)
    print(f"  export ANTHROPIC_BASE_URL={url} ANTHROPIC_API_KEY=tutor-offline", flush=True)
    if fault:
        print(f"  every /v1/messages call gets the fault {fault} (--fault)", flush=True)
    if config.any_model:
        print("  any model name is accepted (--any-model)", flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        print("\nTutor model stopped.", flush=True)
    finally:
        server.server_close()
    return 0
