"""The HTTP plumbing every route of the tutor server uses, in the API's manner: JSON
responses with a request id and the `x-tutor` marker, errors in the API's shape (even
http.server's own), the request body read within its limits, authentication, the
`anthropic-version` header, the query string, and one log line (and ledger entry) per
request.

routes.py's TutorHandler builds on ApiHandler; server.py binds it to a socket.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs

from agentcourse.tutor.speak import reply
from agentcourse.tutor.speak.config import ServerState
from agentcourse.tutor.speak.faults import ERROR_TYPES, MARKER_HEADER, error_body
from agentcourse.tutor.speak.validate import Problem, versions


class ApiHandler(BaseHTTPRequestHandler):
    """The request handler's shared part: sending, refusing, reading and checking."""

    protocol_version = "HTTP/1.1"  # keep-alive: the SDK reuses one connection per client
    disable_nagle_algorithm = True  # small writes go out at once (no 40 ms delayed-ACK stalls)
    server_version = "agentcourse-tutor"
    sys_version = ""

    @property
    def state(self) -> ServerState:
        """The running server's shared state."""
        return self.server.state  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: Any) -> None:
        """http.server's own log lines, silenced: _record prints one tidy line per request
        when verbose."""

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

    def _beta(self) -> bool:
        return self._query().get("beta") == "true" or bool(self.headers.get("anthropic-beta"))

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
