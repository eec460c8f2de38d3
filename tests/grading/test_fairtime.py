"""Every time limit of grading counts on the fair clock (agentcourse/clock.py): a cell's
timeout (sandbox/fairtime.py, in ConfinedExecute), the judge's part (judge/remote.py), the
grader's wait for the judge (judge/execute.py) and a student's whole time (pipeline.py,
cluster/jobs.py). On a busy machine each waits past its wall seconds while its fair seconds
last; on an idle one it ends at its limit.

"Busy" here is the clock's load function replaced, never a machine made busy: the tests
say what a limit does at a given load, and the clock's own tests say how load is read."""

from __future__ import annotations

import functools
import subprocess
import sys
import time

import nbformat
import pytest

from agentcourse import clock
from agentcourse.grading.judge import execute, remote
from agentcourse.grading.sandbox import confine, fairtime
from tests.budget import within


def at_load(module, monkeypatch, load: float) -> None:
    """The fair clock of `module`'s limits, read as if the machine were `load` times busy."""
    if module is fairtime:  # a kernel's clock leaves its own tree out of the load
        monkeypatch.setattr(fairtime, "load_besides", lambda pid: lambda: load)
        monkeypatch.setattr(fairtime, "slowdown", lambda: load)
    else:
        monkeypatch.setattr(module, "FairDeadline", functools.partial(clock.FairDeadline, load=lambda: load))


def run_cells(sources: list[str], timeout: int) -> tuple[nbformat.NotebookNode, list[str], float, int]:
    """The cells run as the grader runs them (unconfined): the notebook, the cells timed out,
    the seconds it took and the last cell's wait for its outputs after its reply."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    run = confine.ConfinedExecute(unconfined=True, timeout=timeout)
    run.nb, run.resources, run._judged, run._judge, run._timed_out = nb, {}, None, None, []
    started = time.monotonic()
    with run.setup_kernel():
        for index, cell in enumerate(nb.cells):
            run.preprocess_cell(cell, {}, index)
    return nb, run._timed_out, time.monotonic() - started, run.iopub_timeout


def errors(cell) -> list[str]:
    return [o.get("ename") for o in cell.outputs if o.get("output_type") == "error"]


def test_a_cell_past_its_wall_seconds_is_waited_for_while_the_machine_is_busy(monkeypatch):
    """Four times as busy: a 1-second limit lasts four wall seconds, so a cell that takes two
    finishes; a cell that never ends is still stopped, when its fair second is up."""
    at_load(fairtime, monkeypatch, 4.0)
    nb, timed_out, seconds, iopub = run_cells(["import time; time.sleep(2); print('done')", "while True: pass"],
                                              timeout=1)
    assert [o.get("text") for o in nb.cells[0].outputs] == ["done\n"] and not errors(nb.cells[0])
    assert "CellTimeoutError" in errors(nb.cells[1])
    assert timed_out == ["cell 1"]
    assert 6 <= seconds < within(30)
    assert iopub == 4 * confine.ConfinedExecute(unconfined=True).iopub_timeout  # the wait for a cell's last output too


def test_on_an_idle_machine_a_cell_is_stopped_at_its_limit(monkeypatch):
    at_load(fairtime, monkeypatch, 1.0)
    nb, timed_out, seconds, iopub = run_cells(["import time; time.sleep(5); print('done')"], timeout=1)
    assert "CellTimeoutError" in errors(nb.cells[0]) and timed_out == ["cell 0"]
    assert seconds < within(4) and iopub == confine.ConfinedExecute(unconfined=True).iopub_timeout


def test_a_cells_clock_leaves_its_own_kernels_tree_out_of_the_load(monkeypatch):
    """What the kernel runs itself (eight busy processes, say) must not stretch its own
    limit: the cell's clock reads the load besides the kernel's process and its tree."""
    asked = []
    monkeypatch.setattr(fairtime, "load_besides", lambda pid: asked.append(pid) or (lambda: 1.0))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    run = confine.ConfinedExecute(unconfined=True, timeout=5)
    run.nb, run.resources, run._judged, run._judge, run._timed_out = nb, {}, None, None, []
    with run.setup_kernel():
        run.preprocess_cell(nb.cells[0], {}, 0)
        kernel = run.km.provisioner.process.pid
    assert asked == [kernel]


def test_a_cell_without_a_limit_has_no_clock():
    assert fairtime.FairCellTime()._cell_clock is None


# ---------------------------------------------------------------- the judge's side


@pytest.fixture
def channel(tmp_path):
    from agentcourse.grading.judge import serve

    path = tmp_path / "judge.sock"
    channel = remote.Channel(str(path))
    yield channel, serve
    channel.end()


def kernel_part(channel, serve, monkeypatch, number: int, seconds: float, namespace: dict):
    import threading

    monkeypatch.setattr(serve, "_namespace", lambda: namespace)
    channel.begin(seconds, number)
    thread = threading.Thread(target=serve.serve, args=(channel.path, number), daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("load, answers", [(4.0, True), (1.0, False)])
def test_the_judge_waits_for_a_slow_call_as_long_as_the_parts_fair_seconds_last(channel, monkeypatch, load, answers):
    """A part of half a second and a call that takes one: four times as busy, the judge gets
    its answer; idle, the kernel did not answer within the cell's time (a timeout to regrade)."""
    channel, serve = channel
    at_load(remote, monkeypatch, load)
    kernel_part(channel, serve, monkeypatch, 3, 0.5, {"slow": lambda: time.sleep(1.0) or "done"})
    if answers:
        assert remote.Stand(channel, name="slow")() == "done"
    else:
        with pytest.raises(remote.KernelSilent):
            remote.Stand(channel, name="slow")()


@pytest.mark.parametrize("load, answers", [(4.0, True), (1.0, False)])
def test_the_grader_waits_for_the_judges_answer_on_the_fair_clock(monkeypatch, load, answers):
    """A judge that answers after a second, waited for half a second: read when the machine
    is four times as busy, given up idle."""
    at_load(execute, monkeypatch, load)
    run = execute.JudgeRun.__new__(execute.JudgeRun)
    run.proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1); print('{\"ok\": 1}')"],
                                stdout=subprocess.PIPE, text=True)
    try:
        assert run._read(0.5) == ({"ok": 1} if answers else None)
    finally:
        run.proc.kill()
        run.proc.wait()


# ---------------------------------------------------------------- a student's whole time


@pytest.mark.parametrize("load, status", [(4.0, "ok"), (1.0, "timeout")])
def test_a_cluster_job_counts_the_students_time_on_the_fair_clock(tmp_path, monkeypatch, load, status):
    """The cluster's grading process for one student, given one second: a process that takes
    two is waited for when the machine is four times as busy and stopped when it is idle."""
    from agentcourse.grading.cluster import jobs

    at_load(jobs, monkeypatch, load)
    student = {"student": "ada", "status": "ok"}
    script = f"import sys, time, json; sys.stdin.read(); time.sleep(2); print(json.dumps({student!r}))"
    monkeypatch.setattr(jobs, "_spawn", lambda root, kit, log: subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True))
    kit = jobs.Kit("k", "lab01", {}, {}, 512, 1)
    out = jobs.run_worker(tmp_path, {}, {"student": "ada"}, kit, tmp_path / "log")
    assert out["status"] == status

