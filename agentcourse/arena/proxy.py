"""A recording proxy in front of the real API, so live runs are measured like the tutor's.

    with recording_proxy("https://api.anthropic.com", key, ledger.add) as url: ...

`agentcourse arena --live` gives each task a loopback server of its own that forwards
every request to the API with the real key (the entrant is handed a stand-in key) and
hands each POST /v1/messages exchange to the ledger in the tutor's shape ({status, key,
request, message}), so a checkpoint and a command line such as Claude Code are counted
alike against Claude too. A streamed reply is passed through event by event and rebuilt
into its message for the ledger.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DROPPED = {"host", "x-api-key", "authorization", "content-length", "accept-encoding", "connection",
           "transfer-encoding", "content-encoding", "keep-alive"}


def rebuild(events: list[tuple[str, dict]]) -> dict | None:
    """The message a stream of (event, data) pairs carried, or None if it never started."""
    message, partial = None, {}
    for name, data in events:
        if name == "message_start":
            message = {**data["message"], "content": []}
        elif message is None:
            continue
        elif name == "content_block_start":
            message["content"].append(dict(data["content_block"]))
        elif name == "content_block_delta":
            block, delta = message["content"][data["index"]], data["delta"]
            for kind, field in (("text_delta", "text"), ("thinking_delta", "thinking"),
                                ("signature_delta", "signature")):
                if delta.get("type") == kind:
                    block[field] = block.get(field, "") + delta[field]
            if delta.get("type") == "input_json_delta":
                partial[data["index"]] = partial.get(data["index"], "") + delta["partial_json"]
        elif name == "content_block_stop" and data["index"] in partial:
            message["content"][data["index"]]["input"] = json.loads(partial.pop(data["index"]) or "{}")
        elif name == "message_delta":
            message.update({k: v for k, v in data.get("delta", {}).items() if v is not None})
            message["usage"] = {**message.get("usage", {}), **data.get("usage", {})}
    return message


def _events(lines: list[bytes]) -> list[tuple[str, dict]]:
    out, name = [], ""
    for raw in lines:
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            try:
                out.append((name, json.loads(line[5:].strip())))
            except ValueError:
                continue
    return out


def _ask(upstream: str, key: str, handler: BaseHTTPRequestHandler, body: bytes):
    """The request `handler` received, sent on to `upstream` with the real key; its
    response, an HTTP error's included (the entrant sees the API's own errors)."""
    headers = {k: v for k, v in handler.headers.items() if k.lower() not in DROPPED}
    request = urllib.request.Request(upstream.rstrip("/") + handler.path, data=body or None,
                                     headers={**headers, "x-api-key": key}, method=handler.command)
    try:
        return urllib.request.urlopen(request, timeout=600)
    except urllib.error.HTTPError as err:
        return err


def _handler(upstream: str, key: str, record: Callable[[dict], None]) -> type:
    class Forward(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args) -> None:
            pass

        def _forward(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length") or 0))
            response = _ask(upstream, key, self, body)
            status = getattr(response, "status", None) or response.code
            self.send_response(status)
            for k, v in response.headers.items():
                if k.lower() not in DROPPED:
                    self.send_header(k, v)
            streamed = "text/event-stream" in response.headers.get("content-type", "")
            message = self._relay_stream(response) if streamed else self._relay_body(response)
            if self.command == "POST" and self.path.split("?")[0] == "/v1/messages":
                sent = json.loads(body) if body else None
                record({"status": status, "key": "", "request": sent,
                        "message": message if status == 200 else None})

        def _relay_body(self, response) -> dict | None:
            data = response.read()
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            try:
                return json.loads(data)
            except ValueError:
                return None

        def _relay_stream(self, response) -> dict | None:
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            lines = []
            for line in response:
                lines.append(line)
                self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
            self.wfile.write(b"0\r\n\r\n")
            return rebuild(_events(lines))

        do_POST = do_GET = do_DELETE = _forward

    return Forward


@contextmanager
def recording_proxy(upstream: str, key: str, record: Callable[[dict], None]) -> Iterator[str]:
    """Serve on a free loopback port while the block runs; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(upstream, key, record))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
