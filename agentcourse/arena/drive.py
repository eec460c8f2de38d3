"""Runs one checkpoint-contract entrant on one request, in its own process: the arena's driver.

    python -I drive.py AGENT_DIR REQUEST [--relay SOCKET] [--limits JSON] [--uid N]
    python -I drive.py --zygote      (unconfined: one warm process that forks a child per task)

It imports AGENT_DIR/agent.py (its folder first on sys.path, as when it runs as a script),
makes an `anthropic.Anthropic()` client from ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY, and
calls `run_turn(client, [{"role": "user", "content": REQUEST}])` with the current folder as
the project root. It reports nothing: the arena measures on the tutor's side and judges the
files. The standard library only, on purpose: when grading it runs inside the sandbox,
which shows neither this package nor the tutor (agentcourse/arena/confined.py).

Inside the sandbox, before the student's code: hard limits (--limits), an unprivileged uid
when the sandbox was entered as root (--uid), and a relay (--relay) that listens on the
sandbox's own 127.0.0.1 and carries each connection to the unix socket the host bound in,
behind which the arena's tutor for this task listens.
"""

import importlib.util
import json
import os
import resource
import selectors
import socket
import sys
import threading
import time


def set_limits(limits: dict) -> None:
    """Hard limits, so the student's code cannot raise them back."""
    for which, value in ((resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, limits["file_mb"] << 20),
                         (resource.RLIMIT_NOFILE, limits["open_files"]),
                         (resource.RLIMIT_AS, limits["memory_mb"] << 20),
                         (resource.RLIMIT_NPROC, limits["processes"])):
        resource.setrlimit(which, (value, value))


def drop_to(uid: int) -> None:
    """Become an unprivileged uid (root outside a user namespace). The same steps as
    sandbox_kernel.drop_to, written again: inside the sandbox this package is not visible."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("could not drop privileges")


def relay(path: str) -> str:
    """Listen on 127.0.0.1 (a free port); each connection is carried to the unix socket `path`.
    Returns the base URL to give the SDK. One thread, started before the student's code,
    serves every connection: the relay never needs a thread or process from the sandbox's
    budget, which the agent may have spent (RLIMIT_NPROC counts threads)."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    threading.Thread(target=_relay_loop, args=(server, path), daemon=True).start()
    return f"http://127.0.0.1:{server.getsockname()[1]}"


def _relay_loop(server: socket.socket, path: str) -> None:
    """Accept and copy, both directions of every connection, in one select loop."""
    chosen = selectors.DefaultSelector()
    chosen.register(server, selectors.EVENT_READ, None)
    while True:
        for key, _ in chosen.select():
            if key.data is None:
                _accept(chosen, server, path)
            elif not _forward(key.fileobj, key.data):
                for s in (key.fileobj, key.data):
                    _close(chosen, s)


def _accept(chosen, server: socket.socket, path: str) -> None:
    try:
        client, _ = server.accept()
    except OSError:  # out of descriptors: the agent holds them; try again shortly
        time.sleep(0.05)
        return
    upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        upstream.connect(path)
    except OSError:
        client.close()
        upstream.close()
        return
    for a, b in ((client, upstream), (upstream, client)):
        a.settimeout(30)  # a peer that never reads stalls only its own connection, then drops
        chosen.register(a, selectors.EVENT_READ, b)


def _forward(src: socket.socket, dest: socket.socket) -> bool:
    """One read from `src` sent on to `dest`; False once either side is done."""
    try:
        data = src.recv(65536)
        if data:
            dest.sendall(data)
        return bool(data)
    except OSError:
        return False


def _close(chosen, s: socket.socket) -> None:
    try:
        chosen.unregister(s)
    except (KeyError, ValueError):
        pass
    s.close()


def load_agent(folder: str):
    path = os.path.join(folder, "agent.py")
    spec = importlib.util.spec_from_file_location("agent", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["agent"] = module
    sys.path.insert(0, folder)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> int:
    folder, request, options = argv[0], argv[1], dict(zip(argv[2::2], argv[3::2], strict=True))
    if "--limits" in options:
        set_limits(json.loads(options["--limits"]))
    if "--uid" in options:
        drop_to(int(options["--uid"]))
    if "--relay" in options:
        os.environ["ANTHROPIC_BASE_URL"] = relay(options["--relay"])
    import anthropic

    agent = load_agent(folder)
    client = anthropic.Anthropic(max_retries=2)
    try:
        agent.run_turn(client, [{"role": "user", "content": request}])
    finally:
        bash = getattr(agent, "BASH", None)
        if bash is not None and hasattr(bash, "close"):
            bash.close()
    return 0


def _child(job: dict) -> None:
    """In the forked child: a session, folder, environment and stdin of its own; then the task."""
    code = 1
    try:
        os.setsid()
        os.chdir(job["cwd"])
        os.environ.clear()
        os.environ.update(job["env"])
        answers, null = os.open(job["stdin"], os.O_RDONLY), os.open(os.devnull, os.O_WRONLY)
        for fd, target in ((answers, 0), (null, 1), (null, 2)):
            os.dup2(fd, target)
        sys.stdin, sys.stdout, sys.stderr = (open(0, closefd=False), open(1, "w", closefd=False),
                                             open(2, "w", closefd=False))
        code = main([job["folder"], job["request"]])
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    except BaseException:  # noqa: BLE001 - the child's failure is its exit status
        code = 1
    finally:
        os._exit(code)


def zygote() -> int:
    """Outside the sandbox only: import the SDK once, then fork one child per task.

    Reads one JSON job per line ({folder, request, cwd, env, stdin}); answers {"pid": N}
    when the child starts and {"status": S} when it ends. Starting the interpreter and
    importing `anthropic` is most of a short task's time; a fork skips both, and the child
    is still a process of its own in a session of its own."""
    import anthropic  # noqa: F401 - the expensive import, done once

    while line := sys.stdin.readline():
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(job)
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"status": os.waitstatus_to_exitcode(status)}), flush=True)
    return 0


def finish(code: int) -> None:
    """End the process now, with `code`: a thread the agent left running (not a daemon)
    would otherwise keep it alive past run_turn's return, until the time limit."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    if sys.argv[1:] == ["--zygote"]:
        sys.exit(zygote())
    try:
        finish(main(sys.argv[1:]))
    except SystemExit as done:
        finish(done.code if isinstance(done.code, int) else 1)
    except BaseException:  # noqa: BLE001 - the traceback is the driver's last word
        import traceback

        traceback.print_exc()
        finish(1)
