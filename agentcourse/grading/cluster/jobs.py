"""One student graded on a Dask worker: the job shipped in, the grading worker run there as
`agentcourse grade` runs it locally, the graded files shipped back.

dispatch.py (`agentcourse grade LAB SUBMISSIONS --scheduler tcp://HOST:PORT`) submits
`grade_remote(job, kit)`; a Dask worker runs it. A job is self-contained, since a worker
may be another machine without the course folder:

  in    the Kit, once per worker and run (scattered): nbgrader_config.py (and
        local/nbgrader_config.py, the term's late policy), the lab's source notebook and
        its `support_files`, the gradebook's copy every scratch course starts from, and the
        run's settings; the job: the student's submission as the grader's prepare() made it
        (regular files only: the notebook, the exchange's files, the lab's student_files)
        and the notes about what was left out;
  runs  `python -m agentcourse.grading.worker` (worker.py, the same code as a local worker,
        so the same confined kernel and judge) in a course folder of its own under the
        Dask worker's local directory, under the same memory limit, killed past the
        job's deadline and whenever the Dask worker dies (PR_SET_PDEATHSIG);
  out   the result line, plus the scratch gradebook, the graded and the submitted
        notebooks and files, nbgrader's autograde.log and the worker's log: what the
        grader merges (records.py), as bytes.

What the worker machine needs: the course's Python environment (the same checkout and
virtual environment, so `agentcourse` imports) and bubblewrap with user namespaces, or
root (docs/INSTRUCTORS.md, "Grading on a Dask cluster"). `python -m
agentcourse.grading.cluster.jobs MEMORY_MB PARENT_PID [FILE_MB]` is the grading process's launcher.
"""

from __future__ import annotations

import ctypes
import os
import resource
import runpy
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from agentcourse.clock import FairDeadline
from agentcourse.grading.nbgrader_io import nbgrader_env
from agentcourse.grading.pool import Worker
from agentcourse.grading.sandbox.bwrap import SandboxLimits, judge_file_mb
from agentcourse.grading.worker import EXCHANGE_FILES

RUNS = "agentcourse-grading"  # under the Dask worker's local directory: one course folder per run
# What a graded scratch course sends back, besides the lab folders (paths inside it).
SHIPPED = ("gradebook.db", "autograde.log", "worker.log")
_KIT_LOCK = threading.Lock()  # one Dask worker's threads write a run's course folder once


@dataclass(frozen=True)
class Kit:
    """What every job of one run needs on its worker; sent once to each worker."""

    run: str  # the run's id: the name of its course folder on each worker
    lab: str  # the lab graded
    settings: dict  # the run's settings (pipeline._settings); its paths are replaced on the worker
    files: dict[str, bytes]  # path in the course folder -> contents (config, lab source, run/template.db)
    worker_memory_mb: int  # address-space limit of the grading process (nbgrader itself)
    seconds: int  # the job's time, on the fair clock: past it the grading process is killed, status timeout


def course_kit(root: Path, run_dir: Path, settings: dict, memory_mb: int, seconds: int) -> Kit:
    """The Kit of one run, read from the course root and the run folder of the grader."""
    lab = settings["lab"]
    files = {"nbgrader_config.py": (root / "nbgrader_config.py").read_bytes(),
             "run/template.db": (run_dir / "template.db").read_bytes()}
    local = root / "local" / "nbgrader_config.py"
    if local.is_file():
        files["local/nbgrader_config.py"] = local.read_bytes()
    for name in [f"{lab}.ipynb", *settings.get("support_files", [])]:
        path = root / "solutions" / lab / name
        if path.is_file() and not path.is_symlink():
            files[f"solutions/{lab}/{name}"] = path.read_bytes()
    return Kit(os.urandom(8).hex(), lab, dict(settings), files, memory_mb, seconds)


def student_job(folder: Path, student: str, lab: str, notes: list[str]) -> dict:
    """One student's job from the scratch course the grader's prepare() made: the files
    of its submitted folder (already regular files only) and the notes on what was left out."""
    submitted = folder / "submitted" / student / lab
    files = {p.name: p.read_bytes() for p in sorted(submitted.iterdir()) if p.is_file() and not p.is_symlink()}
    return {"student": student, "files": files, "notes": list(notes)}


def inside(rel: str) -> bool:
    """Whether `rel` is a plain relative path that stays inside its folder."""
    parts = Path(rel).parts
    return bool(parts) and not Path(rel).is_absolute() and ".." not in parts


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    """Write `files` (relative path -> bytes) under `folder`; a path leading out is skipped."""
    for rel, data in files.items():
        if not inside(rel):
            continue
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            path.unlink()
        path.write_bytes(data)


def _local_directory() -> Path:
    try:
        from distributed import get_worker

        return Path(get_worker().local_directory)
    except (ImportError, ValueError):  # not on a Dask worker (a test calling it directly)
        return Path(tempfile.gettempdir())


def worker_name() -> str:
    """The Dask worker's name, for the record of who graded whom."""
    try:
        from distributed import get_worker

        return str(get_worker().name)
    except (ImportError, ValueError):
        return "local"


def course_folder(kit: Kit) -> Path:
    """This worker's course folder for the run, written from the Kit the first time."""
    root = _local_directory() / RUNS / kit.run
    with _KIT_LOCK:
        if not (root / ".ready").is_file():
            shutil.rmtree(root, ignore_errors=True)
            write_files(root, kit.files)
            (root / ".ready").write_text(kit.lab, encoding="utf-8")
    return root


def _spawn(root: Path, kit: Kit, log: Path) -> subprocess.Popen:
    """The grading process: worker.py under its memory limit, killed with this thread."""
    kernel_mb = int(kit.settings.get("limits", {}).get("memory_mb") or SandboxLimits.memory_mb)
    argv = [sys.executable, "-m", "agentcourse.grading.cluster.jobs", str(kit.worker_memory_mb), str(os.getpid()),
            str(max(512, judge_file_mb(kernel_mb)))]  # files as large as its judges may need
    with open(log, "ab") as err:
        return subprocess.Popen(argv, cwd=root, env=nbgrader_env(), stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=err, start_new_session=True)


def run_worker(root: Path, settings: dict, job: dict, kit: Kit, log: Path) -> dict:
    """One student through a fresh grading process, within the job's deadline: its result
    line, or the same timeout and death records as a local worker's."""
    import json

    process = _spawn(root, kit, log)
    worker = Worker(process, log)
    data: bytes | None = (json.dumps(settings) + "\n" + json.dumps(job) + "\n").encode()
    limit = FairDeadline(kit.seconds)  # on the fair clock, as a local worker's (agentcourse/clock.py)
    while True:
        try:  # a second look after a timeout loses nothing of the output
            stdout, _ = process.communicate(data, timeout=min(max(limit.left(), 0.0), 1.0))
            break
        except subprocess.TimeoutExpired:
            data = None  # sent on the first call
            if limit.left() <= 0:
                worker.kill()
                return {"student": job["student"], "status": "timeout",
                        "detail": f"still running after {kit.seconds} s: stopped"}
    worker.kill()  # nothing it started stays behind
    for line in stdout.splitlines():
        try:
            out = json.loads(line)
        except ValueError:
            continue
        if isinstance(out, dict) and out.get("student") == job["student"]:
            return out
    return {"student": job["student"], "status": "error",
            "detail": f"the grading worker died (exit {process.returncode}; see worker.log)"}


def graded_files(folder: Path, student: str, lab: str, keep: list[str]) -> dict[str, bytes]:
    """What the grader merges from a scratch course, as bytes (records.install_graded's files)."""
    names = [*(SHIPPED), *(f"{kind}/{student}/{lab}/{name}" for kind in ("autograded", "submitted")
                           for name in [f"{lab}.ipynb", *EXCHANGE_FILES, *keep])]
    return {rel: (folder / rel).read_bytes() for rel in names
            if (folder / rel).is_file() and not (folder / rel).is_symlink()}


def grade_remote(job: dict, kit: Kit) -> dict:
    """Grade one student on this Dask worker; the result line with the graded files
    (`files`, path -> bytes) and the worker's name (`graded_on`)."""
    started = time.monotonic()
    root = course_folder(kit)
    student, lab = job["student"], kit.lab
    incoming = root / "incoming" / student
    shutil.rmtree(incoming, ignore_errors=True)
    write_files(incoming, job["files"])
    settings = dict(kit.settings, course_root=str(root), run_dir=str(root / "run"),
                    template_db=str(root / "run" / "template.db"), solutions=str(root / "solutions"))
    folder = root / "run" / f"s-{student}"
    log = root / "run" / f"worker-{student}.log"
    log.unlink(missing_ok=True)
    wanted = {"student": student, "source": str(incoming), "notebook": f"{lab}.ipynb", "notes": job["notes"]}
    try:
        out = run_worker(root, settings, wanted, kit, log)
        if folder.is_dir() and log.is_file():
            shutil.copyfile(log, folder / "worker.log")
        out["files"] = graded_files(folder, student, lab, list(settings.get("student_files", [])))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(incoming, ignore_errors=True)
        log.unlink(missing_ok=True)
    out.pop("folder", None)  # a path on this machine, meaningless to the grader
    out["graded_on"] = worker_name()
    out["wall_seconds"] = round(time.monotonic() - started, 2)
    return out


def launch(argv: list[str]) -> None:
    """The grading process: its memory capped, killed when the thread that started it
    ends (the Dask worker died), then worker.py's main."""
    memory_mb, parent = int(argv[0]), int(argv[1])
    file_mb = int(argv[2]) if len(argv) > 2 else 512
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_mb << 20, file_mb << 20))
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before the line above
        sys.exit(1)
    runpy.run_module("agentcourse.grading.worker", run_name="__main__")


if __name__ == "__main__":
    launch(sys.argv[1:])
