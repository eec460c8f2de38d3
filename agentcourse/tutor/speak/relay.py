"""Byte relays between a unix socket and the tutor's TCP port, so a kernel in the sandbox
(its own network, no route to the grader's loopback) reaches the tutor that runs beside
the judge:

    kernel: client -> 127.0.0.1:P (inside) -> relay -> tutor.sock -> relay -> tutor (judge)

The tutor answers and records every request in the judge's process; the checks read that
record, never the kernel's.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import threading
import time
from collections.abc import Callable, Iterator


def _serve(listener: socket.socket, connect: Callable[[], socket.socket]) -> None:
    """Accept and copy both directions of every connection in one select loop. One thread
    per relay, started before any student code: a relay never needs a thread from the
    sandbox's budget (RLIMIT_NPROC counts threads), which the student's code may have spent."""
    chosen = selectors.DefaultSelector()
    chosen.register(listener, selectors.EVENT_READ, None)
    while True:
        try:
            ready = chosen.select()
        except (OSError, ValueError):  # the listener was closed
            return
        for key, _ in ready:
            if key.data is None:
                if not _accept(chosen, listener, connect):
                    return
            elif not _forward(key.fileobj, key.data):
                for sock in (key.fileobj, key.data):
                    _close(chosen, sock)


def _accept(chosen: selectors.BaseSelector, listener: socket.socket, connect: Callable[[], socket.socket]) -> bool:
    """False once the listener is closed."""
    try:
        conn, _ = listener.accept()
    except OSError:
        if listener.fileno() < 0:
            return False
        time.sleep(0.05)  # out of descriptors: try again shortly
        return True
    try:
        upstream = connect()
    except OSError:
        conn.close()
        return True
    for a, b in ((conn, upstream), (upstream, conn)):
        if a.family == socket.AF_INET:  # small HTTP pieces go at once, not after a delayed ACK
            a.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        a.settimeout(30)  # a peer that never reads stalls the relay at most this long, then drops
        chosen.register(a, selectors.EVENT_READ, b)
    return True


def _forward(src: socket.socket, dest: socket.socket) -> bool:
    """One read from `src` sent on to `dest`; False once either side is done."""
    try:
        data = src.recv(1 << 16)
        if data:
            dest.sendall(data)
        return bool(data)
    except OSError:
        return False


def _close(chosen: selectors.BaseSelector, sock: socket.socket) -> None:
    with contextlib.suppress(KeyError, ValueError):
        chosen.unregister(sock)
    sock.close()


@contextlib.contextmanager
def unix_to_tcp(path: str, port: int) -> Iterator[str]:
    """Listen on the unix socket `path` (open to the kernel's user); relay to 127.0.0.1:port."""
    if os.path.lexists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o777)
    listener.listen(16)
    threading.Thread(target=_serve, args=(listener, lambda: socket.create_connection(("127.0.0.1", port))),
                     daemon=True).start()
    try:
        yield path
    finally:
        listener.close()


@contextlib.contextmanager
def tcp_to_unix(path: str) -> Iterator[str]:
    """Listen on 127.0.0.1 (a free port); relay each connection to the unix socket `path`;
    yields the base URL."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    def connect() -> socket.socket:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(path)
        return sock

    threading.Thread(target=_serve, args=(listener, connect), daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
