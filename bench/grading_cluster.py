"""Grading on a Dask cluster against the local backend: the same class of Lab 2, graded by
`agentcourse grade --jobs 2` and by `agentcourse grade --scheduler` with 1, 2 and 4 Dask
workers, all on this machine (a scheduler and workers as processes on loopback, each worker
with its own folder, as on separate machines).

Eight submissions (six correct, two left as released), 20 s per-cell timeout, every kernel
confined; statuses and points must agree student by student before any time is printed.
The cluster's costs show in the ratios: a job ships its submission and the graded files
as bytes, and starts a fresh grading process (nbgrader imported per student, where a local
worker imports it once). Workers beyond the cores buy nothing here: each student is a
real kernel and a judge.

    python -m bench grading_cluster
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from agentcourse.course import nbfile
from agentcourse.grading import pipeline as grading
from agentcourse.grading import results, seeds
from agentcourse.paths import REPO_ROOT

LAB = "lab02"
CELL_TIMEOUT = 20  # seconds per cell
LOCAL_JOBS = 2  # the local backend's --jobs (the machine's two cores)
CLUSTER_WORKERS = (1, 2, 4)  # Dask workers, one grading thread each
STUDENTS = {f"correct{i}": True for i in range(6)} | {f"blank{i}": False for i in range(2)}


def write_class(folder: Path) -> None:
    """The class: each student's Lab 2 release, answered with the worked solution or not."""
    solution = {nbfile.grade_id(c): c.source for c in nbfile.read_notebook(
        REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb").cells}
    for student, correct in STUDENTS.items():
        nb = nbfile.read_notebook(REPO_ROOT / "labs" / LAB / f"{LAB}.ipynb")
        for cell in nb.cells:
            if correct and cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
                cell.source = solution[nbfile.grade_id(cell)]
        (folder / student).mkdir(parents=True)
        nbfile.write_notebook(nb, folder / student / f"{LAB}.ipynb")


def course(folder: Path) -> Path:
    """A scratch course sharing solutions/, its outputs kept in `folder`."""
    folder.mkdir(parents=True)
    (folder / "nbgrader_config.py").write_bytes((REPO_ROOT / "nbgrader_config.py").read_bytes())
    os.symlink(REPO_ROOT / "solutions", folder / "solutions")
    return folder


def timed(submissions: Path, root: Path, scheduler: str | None = None) -> tuple[float, dict]:
    """(wall seconds, {student: (status, total)}) of one grading of the class."""
    config = results.GradeConfig(jobs=LOCAL_JOBS, cell_timeout=CELL_TIMEOUT, feedback=False,
                                 course_root=root, scheduler=scheduler)
    started = time.perf_counter()
    report = grading.grade(LAB, submissions, config)
    return time.perf_counter() - started, {r.student: (r.status, r.total) for r in report.results}


def main() -> None:
    from agentcourse.grading.cluster.local import LoopbackCluster
    from agentcourse.grading.sandbox.bwrap import require_confinement

    require_confinement()
    os.environ[seeds.ENV_SECRET] = "bench-grading-cluster"  # one seed for every run
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as tmp:
        root = Path(tmp)
        write_class(root / "submissions")
        local_time, local = timed(root / "submissions", course(root / "local"))
        for workers in CLUSTER_WORKERS:
            with LoopbackCluster(root / f"cluster-{workers}", workers=workers) as cluster:
                took, got = timed(root / "submissions", course(root / f"dask-{workers}"), cluster.address)
            assert got == local, {s: (local[s], got[s]) for s in local if got.get(s) != local[s]}
            rows.append((workers, took))
    print(f"{len(STUDENTS)} submissions of {LAB} (6 correct, 2 blank), {CELL_TIMEOUT} s per-cell timeout, "
          f"confined; statuses and points identical in every run; {os.cpu_count()} cores")
    print(f"local --jobs {LOCAL_JOBS}:        {local_time:6.1f} s  ({local_time / len(STUDENTS):.1f} s per student)")
    for workers, took in rows:
        print(f"Dask, {workers} worker{'s' if workers > 1 else ' '}:       {took:6.1f} s  "
              f"({took / len(STUDENTS):.1f} s per student; local / Dask = {local_time / took:.2f}x)")
    two = dict(rows).get(2)
    if two:
        print(f"ratio, local --jobs 2 / Dask with 2 workers = {local_time / two:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
