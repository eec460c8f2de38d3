"""The tutor server's routes: what each method and path is answered with.

    POST /v1/messages               JSON, or server-sent events with "stream": true
    POST /v1/messages/count_tokens  {"input_tokens": N}, the same estimate as usage
    GET  /v1/models[/{id}]          the models the tutor answers to (models.py)
    /v1/messages/batches[/...]      Message Batches, answered at once (batches.py)

anything else is a 405 (a GET of /v1/messages) or a 404 that names what the tutor does
not serve (faults.py). A POST /v1/messages may get an injected fault instead of its
answer, may continue a message thread (threads.py), and is streamed as chunked
server-sent events when it asks.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import unquote

from agentcourse.tutor.speak import model_rules, models, reply, tokens
from agentcourse.tutor.speak.batches import check as check_batch
from agentcourse.tutor.speak.faults import (
    FAULT_MESSAGES,
    FAULTS,
    MARKER_HEADER,
    error_body,
    not_served,
)
from agentcourse.tutor.speak.handler import ApiHandler
from agentcourse.tutor.speak.validate import Problem, check_request, newer_values


class TutorHandler(ApiHandler):
    """The Messages API's routes, on the shared plumbing of ApiHandler."""

    def do_GET(self) -> None:
        """GET (and the other bodiless methods): models, batches, or a 404/405."""
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
        """POST: /v1/messages, count_tokens and the batches; a 404 for anything else."""
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

    def _count_tokens(self, body: dict, request_id: str) -> None:
        problem = check_request(body, count_only=True, beta=self._beta(), any_model=self.state.any_model(),
                                version=self._version())
        if problem:
            self._problem(problem, request_id)
            return
        self._record(200)
        # The blocks a model cannot read are not counted, as in usage (model_rules.readable).
        self._send_json(200, {"input_tokens": tokens.input_tokens(model_rules.readable(body))}, request_id)

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
