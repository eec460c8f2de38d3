"""The capstone graded on a Dask cluster: `agentcourse arena grade SUBMISSIONS --scheduler
tcp://HOST:PORT`.

arena/grade.py calls `run_on_cluster` in place of runner.run_all when --scheduler is given.
Each (student, hidden task) pair is one Dask task, `run_on_worker`: self-contained, since a
worker may be another machine without the submissions folder or the hidden seeds.

  in    the student's agent folder as data (regular files only, links never followed,
        at most MAX_ENTRANT_MB), sent once per student and fetched by the workers that
        need it; the task itself (its files, request and the facts its judge needs);
        the run's ArenaConfig;
  runs  runner.run_task on the worker, confined as `arena grade` confines it locally
        (bubblewrap, its own tutor outside the sandbox, the judge outside it), with the
        student's folder written under the Dask worker's local directory;
  out   the task's row (runner.COLUMNS), written into the CSVs here.

A task whose worker is lost is rescheduled by Dask on another; one that keeps failing
comes back as an unsolved row whose reason says so, and the class finishes. The worker
machines need what a grading worker needs (docs/INSTRUCTORS.md, "Grading on a Dask cluster").
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

from agentcourse.arena.confined import Confinement
from agentcourse.arena.entrants import Entrant, can_take
from agentcourse.arena.families.family import Instance
from agentcourse.arena.runner import COLUMNS, TUTOR_MODEL, ArenaConfig, run_task
from agentcourse.errors import BadEntrant
from agentcourse.grading.cluster.dispatch import ClusterConfig, client_for
from agentcourse.grading.cluster.jobs import write_files
from agentcourse.paths import REPO_ROOT

MAX_ENTRANT_MB = 20  # an agent folder larger than this is not sent (it is not an agent)
ENTRANTS = "agentcourse-arena"  # under the Dask worker's local directory: the students' folders
_WRITE_LOCK = threading.Lock()  # one worker's threads write a student's folder once


def entrant_files(folder: Path) -> dict[str, bytes]:
    """A student's agent folder as data: its regular files, by relative path; BadEntrant
    past MAX_ENTRANT_MB."""
    files, total = {}, 0
    for top, dirs, names in os.walk(folder):  # links to folders are not entered
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in names:
            path = Path(top) / name
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode):
                continue
            total += info.st_size
            if total > MAX_ENTRANT_MB << 20:
                raise BadEntrant(f"entrant {folder.name!r}: larger than {MAX_ENTRANT_MB} MB")
            files[str(path.relative_to(folder))] = path.read_bytes()
    return files


def _worker_folder(name: str, files: dict[str, bytes]) -> Path:
    """The student's folder on this worker, written the first time a task of theirs runs."""
    try:
        from distributed import get_worker

        base = Path(get_worker().local_directory) / ENTRANTS
    except (ImportError, ValueError):  # called outside a Dask worker
        base = Path(os.environ.get("TMPDIR", "/tmp")) / ENTRANTS
    digest = hashlib.sha256(repr(sorted(files.items())).encode()).hexdigest()[:16]
    folder = base / digest / name
    with _WRITE_LOCK:
        if not (folder.parent / ".ready").is_file():
            write_files(folder, files)
            (folder.parent / ".ready").write_text(name, encoding="utf-8")
    return folder


def run_on_worker(name: str, files: dict[str, bytes], task: Instance, config: ArenaConfig) -> dict:
    """One hidden task for one student, on this Dask worker, confined: its row."""
    folder = _worker_folder(name, files)
    confinement = Confinement(secrets=(REPO_ROOT / "solutions", folder.parent.parent))
    confinement.check()
    return run_task(Entrant(name, folder=folder), task, dataclasses.replace(config, confined=confinement, jobs=1))


def lost_row(entrant: Entrant, task: Instance, err: BaseException) -> dict:
    """The row of a task the cluster gave up on: unsolved, and why."""
    out = {column: 0 for column in COLUMNS}
    out.update(entrant=entrant.name, model=TUTOR_MODEL, task=task.id, family=task.family, seed=task.seed,
               solved=False, reason=f"not run on the cluster: {type(err).__name__}: {err}"[:300], exit="error")
    return out


def run_on_cluster(entrants: list[Entrant], tasks: list[Instance], config: ArenaConfig, scheduler: str,
                   done: Callable[[dict], None] | None = None) -> list[dict]:
    """Every entrant on every task on the Dask cluster at `scheduler`; rows in entrant,
    task order (as runner.run_all)."""
    from distributed import as_completed

    pairs = [(e, t) for e in entrants for t in tasks if can_take(e, t.requires)]
    sent = dataclasses.replace(config, confined=None)
    rows: dict[int, dict] = {}
    with client_for(ClusterConfig(scheduler)) as client:
        shipped = {e.name: client.scatter([entrant_files(e.folder)], hash=False)[0] for e in entrants}
        run = os.urandom(6).hex()
        futures = {client.submit(run_on_worker, e.name, shipped[e.name], t, sent, key=f"arena-{run}-{i}",
                                 retries=2, pure=False): i for i, (e, t) in enumerate(pairs)}
        for future in as_completed(list(futures), loop=client.loop):
            i = futures[future]
            try:
                rows[i] = future.result()
            except Exception as err:  # noqa: BLE001 - one task's failure must not stop the class
                rows[i] = lost_row(*pairs[i], err)
            if done is not None:
                done(rows[i])
    return [rows[i] for i in range(len(pairs))]
