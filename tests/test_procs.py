"""A process's tree and its running threads, from /proc."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from agentcourse import procs
from tests.budget import within

TREE = """
import os, time
for busy in (True, True, True, False, False):
    if os.fork() == 0:
        if busy:
            while True:
                pass
        time.sleep(60)
        os._exit(0)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
def test_a_trees_busy_threads_are_running_and_its_sleeping_ones_are_not():
    """Three busy children and two asleep under a sleeping parent: five descendants, three
    of them running, however long one looks."""
    parent = subprocess.Popen([sys.executable, "-c", TREE], start_new_session=True)
    try:
        deadline = time.monotonic() + within(10)
        while len(procs.descendants(parent.pid)) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        tree = procs.descendants(parent.pid)
        assert len(tree) == 5
        while procs.running_threads([parent.pid, *tree]) != 3 and time.monotonic() < deadline:
            time.sleep(0.05)  # the sleepers on their way to sleep
        counts = {procs.running_threads([parent.pid, *tree]) for _ in range(20)}
        assert counts == {3}
        assert procs.running_threads([]) == 0 and procs.running_threads([2**22 + 7]) == 0  # no such process
    finally:
        os.killpg(parent.pid, signal.SIGKILL)  # the children share its process group
        parent.wait()
