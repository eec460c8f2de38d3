"""The tutor model's HTTP side: a loopback server that speaks the Messages API.

    POST /v1/messages               JSON, or server-sent events with "stream": true
    POST /v1/messages/count_tokens  {"input_tokens": N}, the same estimate as usage

What the tutor *says* comes from `respond(request) -> Reply` (brain.py); this
module does everything around it the way the real API does: authentication,
validation (validate.py), max_tokens cuts, stop sequences, usage and the prompt
cache (tokens.py), streaming, and injected faults (429 / 529 / max_tokens) so a
learner's retry and truncation handling can be exercised offline.

It never pretends to be Claude: the response's model is "tutor:<requested>",
ids start "msg_tutor_", and every response carries an `x-tutor` header.
"""

from __future__ import annotations

import copy
import ipaddress
import json
import socket
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agentcourse.errors import PortInUse, UsageError
from agentcourse.tutor import tokens
from agentcourse.tutor.validate import check_messages_request

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


@dataclass
class TutorConfig:
    """Everything a tutor server can be told; the defaults suit tests and students."""

    respond: Callable[[dict], Any] | None = None  # request -> Reply; None: brain.respond
    faults: list[int | str] = field(default_factory=list)  # consumed one per call: 429, 529, 500, "max_tokens"
    always_fail: int | str | None = None  # answer every /v1/messages call with this fault
    retry_after_ms: int = 20  # sent with 429/529 so the SDK's retries wait briefly
    max_body_bytes: int = 32 * 1024 * 1024  # the API's request size limit for /v1/messages
    context_window: int = 200_000  # estimated input tokens above this: "prompt is too long"
    cache_min_tokens: int | None = None  # None: the per-model minimum from Anthropic's docs
    clock: Callable[[], float] = time.monotonic  # the cache's clock; inject one to test expiry
    socket_timeout: float = 10.0  # seconds a connection may stall before it is dropped
    stream_chunk_chars: int = 24  # characters per text_delta / input_json_delta event
    stream_delay: float = 0.0  # seconds between streamed events (to watch text arrive)
    verbose: bool = False  # print one line per request (the CLI turns it on)
    log: list[dict] | None = None  # if a list, every request is appended as {path, status, fault}


@dataclass
class _State:
    """What one running server shares between its request threads."""

    config: TutorConfig
    cache: tokens.PromptCache
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


def _new_id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex[:24]


def error_body(status: int, message: str, request_id: str) -> dict:
    """The API's error shape: {"type": "error", "error": {...}, "request_id": ...}."""
    kind = ERROR_TYPES.get(status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": message}, "request_id": request_id}


# ----------------------------------------------------------------------------- the reply


def finish_reply(
    content: list[dict], stop_reason: str, request: dict, force_cut: bool = False
) -> tuple[list[dict], str, str | None, int]:
    """Apply stop_sequences and max_tokens to the brain's reply.

    Returns (content, stop_reason, stop_sequence, output_tokens). A text block that
    does not fit is cut to the tokens left; a tool_use that does not fit is kept with
    an empty input (the call was started but its arguments never finished), and
    nothing after the cut survives. `force_cut` (the "max_tokens" fault) pretends
    the budget ran out halfway through the reply.
    """
    content = copy.deepcopy(content)
    stop_sequence = None
    for index, block in enumerate(content):
        if block.get("type") != "text":
            continue
        hits = [(block["text"].find(s), s) for s in request.get("stop_sequences") or []]
        hits = [hit for hit in hits if hit[0] >= 0]
        if hits:
            position, stop_sequence = min(hits)
            block["text"] = block["text"][:position]
            content = content[: index + 1] if block["text"] else content[:index]
            stop_reason = "stop_sequence"
            break
    costs = [tokens.output_tokens(block) for block in content]
    budget = int(request.get("max_tokens") or 0) or sum(costs)
    if force_cut:
        budget = min(budget, max(1, sum(costs) // 2))
    if sum(costs) <= budget:
        return content, stop_reason, stop_sequence, max(1, sum(costs))
    kept: list[dict] = []
    used = 0
    for block, cost in zip(content, costs, strict=True):
        if used + cost <= budget:
            kept.append(block)
            used += cost
            continue
        room = budget - used
        if block.get("type") == "text" and room > 0:
            kept.append({**block, "text": block["text"][: room * tokens.CHARS_PER_TOKEN]})
        elif block.get("type") == "tool_use":
            kept.append({**block, "input": {}})
        break
    return kept, "max_tokens", None, budget


def build_message(request: dict, reply: Any, usage: tokens.CacheUsage, force_cut: bool) -> dict:
    """The full Messages API response object for one validated request."""
    if isinstance(reply, dict):
        raw_content, raw_stop = reply["content"], reply.get("stop_reason", "end_turn")
    else:
        raw_content, raw_stop = reply.content, reply.stop_reason
    content, stop_reason, stop_sequence, out_tokens = finish_reply(
        raw_content, raw_stop, request, force_cut
    )
    model = str(request["model"])
    return {
        "id": _new_id("msg_tutor_"),
        "type": "message",
        "role": "assistant",
        "model": model if model.startswith("tutor:") else "tutor:" + model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": stop_sequence,
        "usage": {
            "input_tokens": usage.input_tokens,
            "cache_creation_input_tokens": usage.cache_creation_input_tokens,
            "cache_read_input_tokens": usage.cache_read_input_tokens,
            "cache_creation": {
                "ephemeral_5m_input_tokens": usage.ephemeral_5m_input_tokens,
                "ephemeral_1h_input_tokens": usage.ephemeral_1h_input_tokens,
            },
            "output_tokens": out_tokens,
            "service_tier": "standard",
        },
    }


def stream_events(message: dict, chunk: int) -> Iterator[tuple[str, dict]]:
    """The message as the API streams it: start, ping, blocks with deltas, delta, stop."""
    start = {**message, "content": [], "stop_reason": None, "stop_sequence": None}
    start["usage"] = {**message["usage"], "output_tokens": 1}
    yield "message_start", {"type": "message_start", "message": start}
    yield "ping", {"type": "ping"}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            opening: dict = {"type": "text", "text": ""}
            pieces = [block["text"][i : i + chunk] for i in range(0, len(block["text"]), chunk)]
            deltas = [{"type": "text_delta", "text": piece} for piece in pieces]
        else:
            opening = {**block, "input": {}}
            raw = json.dumps(block["input"]) if block["input"] else ""
            pieces = [raw[i : i + chunk] for i in range(0, len(raw), chunk)]
            deltas = [{"type": "input_json_delta", "partial_json": p} for p in ["", *pieces]]
        yield "content_block_start", {
            "type": "content_block_start",
            "index": index,
            "content_block": opening,
        }
        for delta in deltas:
            yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield "message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": message["stop_reason"], "stop_sequence": message["stop_sequence"]},
        "usage": {"output_tokens": message["usage"]["output_tokens"]},
    }
    yield "message_stop", {"type": "message_stop"}


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

    def _record(self, status: int, fault: Any = None, note: str = "") -> None:
        path = self.path.split("?")[0]
        if self.state.config.log is not None:
            self.state.config.log.append({"path": path, "status": status, "fault": fault})
        if self.state.config.verbose:
            print(f"{self.command} {path} {status} {note}".rstrip(), file=sys.stderr, flush=True)

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

    def _error(self, status: int, message: str, request_id: str, extra: dict | None = None) -> None:
        # Recorded before sending, so the log is complete by the time the client returns.
        self._record(status, note=message[:80])
        self._send_json(status, error_body(status, message, request_id), request_id, extra)

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

    def do_GET(self) -> None:
        request_id = _new_id("req_tutor_")
        path = self.path.split("?")[0]
        self.close_connection = True  # any body this method carried is left unread
        if path in ("/v1/messages", "/v1/messages/count_tokens"):
            self._error(405, f"Method {self.command} is not allowed on {path}; use POST.", request_id)
        else:
            self._error(404, f"Not found: {path}", request_id)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def do_POST(self) -> None:
        request_id = _new_id("req_tutor_")
        path = self.path.split("?")[0]
        try:
            if path not in ("/v1/messages", "/v1/messages/count_tokens"):
                self.close_connection = True  # an unread body may follow
                self._error(404, f"Not found: {path}", request_id)
                return
            if not self._authenticated(request_id):
                return
            body = self._read_json(request_id)
            if body is None:
                return
            if path == "/v1/messages/count_tokens":
                self._count_tokens(body, request_id)
            else:
                self._messages(body, request_id)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as err:  # a bug here must answer, not hang the client
            self.close_connection = True
            self._error(500, f"The tutor failed on this request: {type(err).__name__}: {err}", request_id)

    def _count_tokens(self, body: dict, request_id: str) -> None:
        problem = check_messages_request(body, count_only=True)
        if problem:
            self._error(400, problem, request_id)
            return
        self._record(200)
        self._send_json(200, {"input_tokens": tokens.input_tokens(body)}, request_id)

    def _messages(self, body: dict, request_id: str) -> None:
        config = self.state.config
        fault = self.state.next_fault(self.headers.get("x-tutor-fault"))
        if fault is not None and fault not in (*FAULT_MESSAGES, "max_tokens"):
            self._error(400, f"Unknown tutor fault {fault!r}: use 429, 500, 529 or max_tokens.", request_id)
            return
        if fault in FAULT_MESSAGES:
            wait = {
                "retry-after": "1",
                "retry-after-ms": str(config.retry_after_ms),
                "x-should-retry": "true",
            }
            self._record(fault, fault, "(injected fault)")
            self._send_json(fault, error_body(fault, FAULT_MESSAGES[fault], request_id), request_id, wait)
            return
        problem = check_messages_request(body)
        if problem:
            self._error(400, problem, request_id)
            return
        prompt_tokens = tokens.input_tokens(body)
        if prompt_tokens > config.context_window:
            too_long = f"prompt is too long: {prompt_tokens} tokens > {config.context_window} maximum"
            self._error(400, too_long, request_id)
            return
        usage = self.state.cache.account(body)
        reply = self.state.responder()(body)
        message = build_message(body, reply, usage, force_cut=fault == "max_tokens")
        self._record(200, fault, message["stop_reason"] or "")
        if body.get("stream"):
            self._stream(message, request_id)
        else:
            self._send_json(200, message, request_id)

    def _stream(self, message: dict, request_id: str) -> None:
        config = self.state.config
        self.send_response(200)
        self.send_header("content-type", "text/event-stream; charset=utf-8")
        self.send_header("cache-control", "no-cache")
        self.send_header("transfer-encoding", "chunked")
        self.send_header("request-id", request_id)
        self.send_header(*MARKER_HEADER)
        self.end_headers()
        for name, data in stream_events(message, max(1, config.stream_chunk_chars)):
            event = f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
            if config.stream_delay:
                time.sleep(config.stream_delay)
        self.wfile.write(b"0\r\n\r\n")


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # idle keep-alive connections never block shutdown
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
    server.state = _State(config, tokens.PromptCache(config.cache_min_tokens, config.clock))
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
    config = TutorConfig(always_fail=int(fault) if fault else None, verbose=True)
    server = make_server(config, getattr(args, "port", 0) or 0, getattr(args, "host", "127.0.0.1"))
    url = base_url(server)
    print(f"Tutor model (offline simulator, not Claude) serving at {url}", flush=True)
    print(f"  export ANTHROPIC_BASE_URL={url} ANTHROPIC_API_KEY=tutor-offline", flush=True)
    if fault:
        print(f"  every /v1/messages call answers {fault} (--fault)", flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        print("\nTutor model stopped.", flush=True)
    finally:
        server.server_close()
    return 0
