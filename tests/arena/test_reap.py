"""stop_tree: a task's process and everything it started are gone before the grader goes on."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

from agentcourse.arena.reap import _alive, stop_tree
from agentcourse.procs import descendants

# A task that leaves a writer in a session of its own (so killing the task's group misses
# it), which appends to a file as fast as it can. Its parent stays, as bubblewrap's init does
# for everything in the sandbox: a process that double-forks away from its parent outside a
# sandbox is out of any tree's reach, and the arena grades entrants only in the sandbox.
ESCAPER = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    child = os.fork()
    if child == 0:
        while True:
            with open(sys.argv[1], "a") as f:
                f.write("x" * 4096)
    open(sys.argv[2], "w").write(str(child))
    os.wait()
    os._exit(0)
time.sleep(60)
"""


def test_a_writer_in_its_own_session_is_gone_when_stop_tree_returns(tmp_path):
    out, pid_file = tmp_path / "flood.txt", tmp_path / "writer.pid"
    proc = subprocess.Popen([sys.executable, "-c", ESCAPER, str(out), str(pid_file)], start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not (out.exists() and out.stat().st_size > 0 and pid_file.exists()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert out.stat().st_size > 0, "the writer never started"
        stop_tree(proc)
        size = out.stat().st_size
        time.sleep(0.3)
        assert out.stat().st_size == size, "something still writes after stop_tree returned"
        assert proc.returncode is not None
    finally:
        if pid_file.exists() and pid_file.read_text().strip():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def test_descendants_are_found_through_every_generation_and_none_is_left_alive():
    proc = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                             "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
                             "time.sleep(60)"], start_new_session=True)
    deadline = time.monotonic() + 30
    while len(descendants(proc.pid)) < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    found = descendants(proc.pid)
    assert found, "the child was never seen"
    stop_tree(proc)
    assert not any(_alive(pid) for pid in found)
