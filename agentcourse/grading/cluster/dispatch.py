"""The grader's side of grading on a Dask cluster: a class's students sent to a scheduler,
each result merged into the one gradebook as it comes back.

    agentcourse grade LAB SUBMISSIONS --scheduler tcp://HOST:PORT

pipeline.grade() calls `grade_on_cluster` in place of its local pool when --scheduler is
given; everything before (the students found, the lab known to the gradebook, the run
folder) and after (feedback, flags, the report and CSV) is the same code. Here:

  prepare   each student's submission is copied as a local worker copies it (worker.prepare:
            regular files only, the notes on what was left out); a refusal (a link, too
            large) is recorded here and never sent;
  send      the run's Kit (jobs.py) is scattered to every worker once; a student is one
            task, `jobs.grade_remote`, its submission shipped with it; at most `in_flight`
            are outstanding, so a class of thousands is never held in memory at once;
  survive   a worker lost mid-job (a machine gone, a process killed) has its task
            rescheduled by the scheduler on another worker (Dask's allowed-failures); a
            job that raises is retried (`retries`); a job that keeps failing comes back as
            an error and its student is flagged for a person: the class finishes;
  merge     the graded files come back as bytes into `.grading/run/s-STUDENT/`, and the
            class loop's own `finish` merges them: this process stays the gradebook's only
            writer, and a student's result is merged once, whatever ran twice.

Needs `distributed` (`pip install -e '.[distributed]'`); local grading never imports it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentcourse.errors import UsageError
from agentcourse.grading.cluster.jobs import Kit, course_kit, grade_remote, student_job, write_files
from agentcourse.grading.worker import prepare


@dataclass
class ClusterConfig:
    """How a class is sent to a Dask scheduler (`agentcourse grade --scheduler`)."""

    scheduler: str  # the scheduler's address: tcp://HOST:PORT (tls:// with Dask's security settings)
    retries: int = 2  # re-runs of a job that raised; a lost worker's job is rescheduled by Dask itself
    in_flight: int = 64  # jobs outstanding at once; more wait here, with their submissions unread
    connect_seconds: float = 30.0  # how long to wait for the scheduler before giving up
    poll_seconds: float = 0.25  # how often Ctrl-C is looked at while results are awaited
    worker_memory_mb: int = 4096  # address-space limit of each grading process on a worker


def client_for(config: ClusterConfig) -> Any:
    """A Dask client connected to the scheduler; UsageError when `distributed` is missing
    or the scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError as err:
        raise UsageError("--scheduler needs Dask's distributed: pip install -e '.[distributed]'") from err
    try:
        return Client(config.scheduler, timeout=config.connect_seconds, set_as_default=False)
    except (OSError, TimeoutError) as err:
        raise UsageError(f"no Dask scheduler answered at {config.scheduler}: {err}") from err


def _job(run: Any, student: str) -> dict | None:
    """The student's job, prepared here as a local worker prepares it; None when the
    submission was refused (then recorded at once, as locally)."""
    sub = run.found[student]
    job = {"student": student, "source": str(sub.folder), "notebook": sub.notebook}
    folder, notes, refusal = prepare(job, run.settings)
    if refusal:
        run.finish(student, {"status": "error", "detail": refusal, "review": [], "folder": str(folder)})
        return None
    return student_job(folder, student, run.lab, notes)


def failed(err: BaseException, retries: int) -> dict:
    """The record of a job the cluster gave up on (it kept raising, or killed its workers)."""
    return {"status": "error", "review": [],
            "detail": f"not graded on the cluster (tried {retries + 1} times or more): "
                      f"{type(err).__name__}: {err}"[:300]}


def collect(run: Any, student: str, future: Any, retries: int) -> dict:
    """One finished job merged: its files unpacked into the local scratch course, then the
    class loop's finish (the one writer). The record, with `graded_on`."""
    try:
        out = future.result()
    except Exception as err:  # noqa: BLE001 - one student's failure must not stop the class
        out = failed(err, retries)
    folder = Path(run.settings["run_dir"]) / f"s-{student}"
    files = out.pop("files", None) or {}
    if files:
        write_files(folder, files)
    out["folder"] = str(folder) if files else None
    run.finish(student, dict(out))
    return out


def grade_on_cluster(run: Any, todo: list[str], config: ClusterConfig) -> dict[str, dict]:
    """Grade `todo` of the class run `run` (pipeline.ClassRun) on the cluster, merging each
    result as it arrives, until all are merged or Ctrl-C is pressed (unsent and running
    jobs are then cancelled). {student: what came back}."""
    from distributed import as_completed

    run_dir = Path(run.settings["run_dir"])
    kit: Kit = course_kit(run.root, run_dir, run.settings, config.worker_memory_mb, run.per_student)
    queue, pending, outs = list(todo), {}, {}
    with client_for(config) as client:
        shipped = client.scatter(kit, broadcast=True)
        waiting = as_completed(loop=client.loop)

        def top_up() -> None:
            while queue and len(pending) < config.in_flight and not run.interrupt.hit:
                student = queue.pop(0)
                job = _job(run, student)
                if job is None:
                    continue
                future = client.submit(grade_remote, job, shipped, key=f"grade-{kit.run}-{student}",
                                       retries=config.retries, pure=False)
                pending[future] = student
                waiting.add(future)

        top_up()
        while pending and not run.interrupt.hit:
            batch = waiting.next_batch(block=False)
            if not batch:
                time.sleep(config.poll_seconds)
                continue
            for future in batch:
                student = pending.pop(future)
                outs[student] = collect(run, student, future, config.retries)
            top_up()
        if pending:
            client.cancel(list(pending))
    return outs
