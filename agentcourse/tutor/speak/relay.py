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
import socket
import threading
from collections.abc import Iterator


def _pump(src: socket.socket, dst: socket.socket) -> None:
    try:
        while chunk := src.recv(1 << 16):
            dst.sendall(chunk)
    except OSError:
        pass
    finally:
        for sock in (src, dst):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


def _serve(listener: socket.socket, connect: callable) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        try:
            upstream = connect()
        except OSError:
            conn.close()
            continue
        for sock in (conn, upstream):  # small HTTP pieces go at once, not after a delayed ACK
            if sock.family == socket.AF_INET:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for a, b in ((conn, upstream), (upstream, conn)):
            threading.Thread(target=_pump, args=(a, b), daemon=True).start()


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
