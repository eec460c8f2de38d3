"""The tutor model's HTTP side: a loopback server that speaks the Messages API.

    with serve() as base_url: ...     # a server on a free port, in a background thread
    agentcourse tutor serve           # cli_serve: one in the foreground

What the tutor *says* comes from `respond(request) -> Reply` (act/brain.py); reply.py
shapes it (tool_choice, thinking, cuts, events) and the server does everything around it
the way the real API does: routes.py answers each path (messages, count_tokens, models,
batches) on handler.py's plumbing (authentication, the `anthropic-version` header, the
API's error shape), with validation (validate.py), message threads (threads.py), usage
and the prompt cache (tokens.py), rate-limit headers, streaming, and injected faults
(faults.py: 429 / 529 / 500, cut replies, a pause, a stream that breaks off) so a
learner's error handling can be exercised offline. config.py holds TutorConfig, what a
server can be told, and the state its request threads share.

It never pretends to be Claude: the response's model is "tutor:<requested>",
ids start "msg_tutor_", and every response carries an `x-tutor` header.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from typing import Any

from agentcourse.errors import PortInUse, UsageError
from agentcourse.tutor.speak import tokens
from agentcourse.tutor.speak.config import ServerState, TutorConfig
from agentcourse.tutor.speak.routes import TutorHandler
from agentcourse.tutor.speak.threads import ThreadStore

__all__ = ["TutorConfig", "base_url", "cli_serve", "make_server", "serve"]


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # idle keep-alive connections never block shutdown
    request_queue_size = 128  # the listen backlog: a class connecting at once is not reset (default 5)
    state: ServerState


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
    handler = type("TutorHandler", (TutorHandler,), {"timeout": config.socket_timeout})
    try:
        server = server_class((host, port), handler)
    except OSError as err:
        if err.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise PortInUse(
                f"port {port} on {host} is already in use; choose another with --port "
                "(or --port 0 for any free port)"
            ) from None
        raise
    server.state = ServerState(
        config, tokens.PromptCache(config.cache_min_tokens, config.clock), ThreadStore(config.clock)
    )
    return server


def base_url(server: _Server) -> str:
    """The URL a client reaches the bound server at."""
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
