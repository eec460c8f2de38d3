"""`agentcourse grade --scheduler`: a class of Lab 2 graded on a real Dask cluster (a scheduler
and two workers, each a process with its own folder, on loopback) gives the local backend's
statuses, points and CSV; a worker killed mid-job has its student graded again on the other,
and every student is merged once. Plus the cluster's edges without a cluster."""

from __future__ import annotations

import csv
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("distributed")

from agentcourse.errors import UsageError  # noqa: E402
from agentcourse.grading import pipeline as grading  # noqa: E402
from agentcourse.grading import results, summary  # noqa: E402
from agentcourse.grading.cluster import dispatch, jobs  # noqa: E402
from agentcourse.grading.cluster.local import LoopbackCluster  # noqa: E402
from tests.budget import within
from tests.grading.test_grading import LAB, answered  # noqa: E402


def _class(subs: Path) -> None:
    answered(subs / "ann" / f"{LAB}.ipynb")
    answered(subs / "bob" / f"{LAB}.ipynb")
    answered(subs / "cid" / f"{LAB}.ipynb", correct=False)  # the release, unanswered
    answered(subs / "eve" / f"{LAB}.ipynb")
    (subs / "eve" / "helper.py").write_text("print('planted')\n")  # not declared: review


def _config(course: Path, scheduler: str | None = None) -> results.GradeConfig:
    return results.GradeConfig(jobs=2, cell_timeout=int(within(30)), property_examples=2, course_root=course,
                               feedback=False, scheduler=scheduler)


def _kill_first_job(cluster: LoopbackCluster, killed: dict) -> None:
    """Once worker 0 is grading someone (its scratch course exists), kill it whole."""
    until = time.monotonic() + 90
    while time.monotonic() < until:
        started = list(cluster.worker_folder(0).rglob(f"{jobs.RUNS}/*/run/s-*"))
        if started:
            killed["student"] = started[0].name.removeprefix("s-")
            cluster.kill_worker(0)
            cluster.start_worker(2)  # a machine comes back, as an autoscaler would bring one
            return
        time.sleep(0.05)


@pytest.mark.slow
def test_a_class_on_the_cluster_grades_as_locally_and_survives_a_lost_worker(tmp_path, monkeypatch):
    from tests.grading.test_integrity import scratch_course

    monkeypatch.setenv("AGENTCOURSE_PROPERTY_SECRET", "one secret for both runs")
    subs = tmp_path / "subs"
    _class(subs)
    local = grading.grade(LAB, subs, _config(scratch_course(tmp_path / "local")))
    summary.write_csv(local, tmp_path / "local.csv")

    finished: list[tuple[str, str | None]] = []
    real_finish = grading.ClassRun.finish

    def finish(self, student: str, out: dict) -> None:
        finished.append((student, out.get("graded_on")))
        real_finish(self, student, out)

    monkeypatch.setattr(grading.ClassRun, "finish", finish)
    killed: dict = {}
    with LoopbackCluster(tmp_path / "cluster", workers=2) as cluster:
        killer = threading.Thread(target=_kill_first_job, args=(cluster, killed), daemon=True)
        killer.start()
        remote = grading.grade(LAB, subs, _config(scratch_course(tmp_path / "dask"), cluster.address))
        killer.join(timeout=1)
    summary.write_csv(remote, tmp_path / "remote.csv")

    def got(report: results.GradeReport) -> dict:
        return {r.student: (r.status, r.points) for r in report.results}

    assert got(local)["ann"][0] == "ok" and got(local)["eve"][0] == "review"
    assert got(remote) == got(local)
    assert list(csv.DictReader((tmp_path / "remote.csv").open())) == list(csv.DictReader((tmp_path / "local.csv").open()))
    assert killed, "worker 0 never started a job"
    assert sorted(s for s, _ in finished) == ["ann", "bob", "cid", "eve"], "each student merged once"
    assert dict(finished)[killed["student"]] in ("w1", "w2"), "the lost worker's student was graded elsewhere"


def test_a_job_the_cluster_gives_up_on_flags_its_student_and_the_class_goes_on(tmp_path):
    merged = {}
    run = SimpleNamespace(settings={"run_dir": str(tmp_path)}, finish=lambda s, out: merged.update({s: out}))

    class Lost:
        def result(self):
            raise RuntimeError("Attempted to run task on 3 different workers, which all died")

    dispatch.collect(run, "ann", Lost(), retries=2)
    assert merged["ann"]["status"] == "error" and merged["ann"]["folder"] is None
    assert "all died" in merged["ann"]["detail"] and "tried 3 times" in merged["ann"]["detail"]


def test_files_shipped_back_stay_inside_the_scratch_course(tmp_path):
    jobs.write_files(tmp_path / "s-ann", {"gradebook.db": b"x", "../escape": b"y", "/etc/evil": b"z"})
    assert (tmp_path / "s-ann" / "gradebook.db").read_bytes() == b"x"
    assert not (tmp_path / "escape").exists()
    assert [p.name for p in (tmp_path / "s-ann").iterdir()] == ["gradebook.db"]


def test_no_scheduler_answering_is_a_usage_error():
    config = dispatch.ClusterConfig("tcp://127.0.0.1:9", connect_seconds=2)
    with pytest.raises(UsageError, match="no Dask scheduler answered"):
        dispatch.client_for(config)
