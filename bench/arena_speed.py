"""The arena's practice set for one entrant (checkpoint 08), sequentially and in parallel.

The same tasks, the same entrant, against the tutor, in one run: once with one task at a
time (--jobs 1), once with one per core (--jobs = cores). Both must solve the same tasks
with the same token counts (each task has its own tutor, so parallelism changes nothing
but the wall time), or the comparison is void. Printed: both wall times and the speed-up.

The target: the practice set (one task per family) in under 60 s on 2 cores. The tutor's brain is imported before either run, so neither pays for it; each run starts
its own warm drivers, which is part of what a person waits for.
"""

from __future__ import annotations

import os
import time

from agentcourse.arena.entrants import entrant
from agentcourse.arena.report import tokens
from agentcourse.arena.runner import ArenaConfig, _warm, run_all
from agentcourse.arena.sets import tasks
from bench import progress, traces_off


def timed(jobs: int, todo: list, bar, label: str) -> tuple[float, list[dict]]:
    job = bar.add_task(label, total=len(todo))
    started = time.perf_counter()
    rows = run_all([entrant("08")], todo, ArenaConfig(jobs=jobs), lambda row: bar.advance(job))
    return time.perf_counter() - started, rows


def main(families: list[str] | None = None) -> float:
    todo, cores = tasks("practice", families), os.cpu_count() or 1
    what = "the practice set" if families is None else f"a slice of the practice set ({len(todo)} families)"
    _warm()
    with traces_off(), progress() as bar:
        one, rows_one = timed(1, todo, bar, "one task at a time")
        many, rows_many = timed(cores, todo, bar, f"{cores} at a time")
    same = [(r["solved"], tokens(r)) for r in rows_one] == [(r["solved"], tokens(r)) for r in rows_many]
    if not same:
        raise RuntimeError("the sequential and parallel runs disagree; the comparison is void")
    print(f"checkpoint 08 on {what}: {len(todo)} tasks, {sum(r['solved'] for r in rows_one)} solved")
    print(f"  sequential (--jobs 1): {one:6.1f} s")
    print(f"  parallel   (--jobs {cores}): {many:6.1f} s   (target: under 60 s)")
    print(f"arena speed-up with {cores} jobs: {one / many:.2f}x (same rows, same tokens)")
    return one / many


if __name__ == "__main__":
    main()
