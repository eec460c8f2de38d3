"""The sandbox itself: what a confined kernel can see, write, reach and leave behind, and
Ctrl-C on a grading run. One kernel runs one notebook of probes (a few seconds)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
import pytest

from agentcourse import confine, grading, nbtools
from agentcourse.paths import REPO_ROOT

MARK = "27182"

PROBES = {
    "whoami": "import os, json\nprint(json.dumps({'uid': os.getuid(), 'cwd': os.getcwd(), "
              "'files': sorted(os.listdir('.')), 'repo': sorted(os.listdir(REPO))}))",
    "hidden": "import os, json\npaths = %s\nprint(json.dumps({p: os.path.exists(p) for p in paths}))",
    "writes": "import json\nout = {}\nfor p in %s:\n    try:\n        open(p, 'w').write('x')\n"
              "        out[p] = 'written'\n    except OSError as e:\n        out[p] = type(e).__name__\n"
              "print(json.dumps(out))",
    "network": "import socket, json, threading\nout = {}\ntry:\n    socket.create_connection(('1.1.1.1', 80), 2)\n"
               "    out['internet'] = 'reached'\nexcept OSError as e:\n    out['internet'] = type(e).__name__\n"
               "srv = socket.socket(); srv.bind(('127.0.0.1', 0)); srv.listen()\n"
               "c = socket.create_connection(srv.getsockname(), 2)\nout['loopback'] = 'reached'\n"
               "print(json.dumps(out))",
    "processes": "import os, subprocess, json\n"
                 "subprocess.Popen(['setsid', 'nohup', 'sleep', '" + MARK + "1'])\nkids = 0\ntry:\n"
                 "    for _ in range(500):\n"
                 "        if os.fork() == 0:\n            os.execvp('sleep', ['sleep', '" + MARK + "'])\n"
                 "        kids += 1\nexcept OSError as e:\n    pass\n"
                 "print(json.dumps({'children': kids}))",
}


def outputs(nb) -> dict:
    out = {}
    for name, cell in zip(PROBES, nb.cells, strict=True):
        text = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
        errors = [o.get("ename") for o in cell.outputs if o.get("output_type") == "error"]
        out[name] = json.loads(text.strip().splitlines()[-1]) if text.strip() else errors
    return out


@pytest.mark.slow
def test_a_confined_kernel_sees_only_its_environment_and_leaves_nothing(tmp_path):
    from nbclient import NotebookClient

    submission = tmp_path / "autograded" / "ann" / "lab02"
    submission.mkdir(parents=True)
    (submission / "notes.txt").write_text("mine")
    secret = tmp_path / "secret.txt"
    secret.write_text("instructor only")
    hidden = [str(REPO_ROOT / "solutions"), str(REPO_ROOT / "labs"), str(REPO_ROOT / "nbgrader_config.py"),
              str(secret), str(Path.home() / ".bash_history"), str(tmp_path), "/etc/shadow",
              "/var/run", "/run", str(REPO_ROOT / ".git")]
    writes = [str(REPO_ROOT / "agentcourse" / "x.py"), str(Path(sys.prefix) / "x.pth"),
              str(submission / "planted.py"), "/tmp/mine.txt", "notes-copy.txt"]
    sources = dict(PROBES)
    sources["whoami"] = f"REPO = {str(REPO_ROOT)!r}\n" + PROBES["whoami"]
    sources["hidden"] = PROBES["hidden"] % json.dumps(hidden)
    sources["writes"] = PROBES["writes"] % json.dumps(writes)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources.values()]
    km = confine.ConfinedKernelManager(kernel_name="python3", limits={"processes": 32},
                                       secret_paths=[str(REPO_ROOT)])
    client = NotebookClient(nb, timeout=60, allow_errors=True,
                            resources={"metadata": {"path": str(submission)}})
    client.create_kernel_manager = lambda: setattr(client, "km", km) or km  # owned: shut down after
    client.execute()
    seen = outputs(nb)

    assert seen["whoami"]["cwd"].endswith("/lab02") and seen["whoami"]["files"] == ["notes.txt"]
    # Of the repository, only what the installed package needs is visible.
    assert set(seen["whoami"]["repo"]) <= {"agentcourse", "checkpoints", ".venv"}
    if os.geteuid() == 0:
        assert seen["whoami"]["uid"] != 0  # root drops to a uid of its own
    assert not any(seen["hidden"].values()), seen["hidden"]
    assert seen["writes"][writes[0]] != "written" and seen["writes"][writes[1]] != "written"
    assert seen["writes"][writes[2]] != "written"  # its submission is read-only
    assert seen["writes"]["/tmp/mine.txt"] == "written" and seen["writes"]["notes-copy.txt"] == "written"
    assert not (submission / "planted.py").exists() and not (REPO_ROOT / "agentcourse" / "x.py").exists()
    assert seen["network"]["internet"] != "reached" and seen["network"]["loopback"] == "reached"
    assert 0 < seen["processes"]["children"] < 32  # the process limit stopped the fork loop
    time.sleep(0.5)
    assert not _processes(MARK)  # every process it started is gone with it
    assert not Path(km.kernel_dir).exists()


def _processes(mark: str) -> list[str]:
    found = []
    for pid in os.listdir("/proc"):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if mark in cmd:
            found.append(cmd)
    return found


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to switch user")
def test_confinement_also_works_for_a_normal_user(monkeypatch):
    """As a normal user bubblewrap makes a user namespace (and forbids more) instead of
    switching uid: the same sandbox options, run as an unprivileged user, work."""
    monkeypatch.setattr(confine, "running_as_root", lambda: False)
    options = confine._namespace_options()
    assert "--unshare-user" in options and "--disable-userns" in options
    argv = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
            str(confine.bwrap_binary()), *options, "--ro-bind", "/usr", "/usr",
            "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
            "--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "id -u; ls /; (sleep 1 &); echo ok"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.split()[-1] == "ok", done.stderr[-1000:]
    assert "root" not in done.stdout.split() and "work" not in done.stdout.split()


CTRL_C = textwrap.dedent("""
    import sys
    from pathlib import Path
    from agentcourse import grading
    from agentcourse.errors import GradingInterrupted
    config = grading.GradeConfig(jobs=1, cell_timeout=60, course_root=Path(sys.argv[1]), feedback=False)
    try:
        grading.grade("lab02", Path(sys.argv[2]), config, progress=lambda n: print("graded", n, flush=True))
    except GradingInterrupted as err:
        print("INTERRUPTED", err, flush=True)
        sys.exit(130)
""")


@pytest.mark.slow
def test_ctrl_c_stops_workers_and_kernels_and_a_rerun_completes_the_class(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp_path / "subs"
    release = nbtools.read_notebook(REPO_ROOT / "labs" / "lab02" / "lab02.ipynb")
    good = next(c.source for c in nbtools.read_notebook(REPO_ROOT / "solutions" / "lab02" / "lab02.ipynb").cells
                if nbtools.grade_id(c) == "run_turn")
    for student, answer in (("a-good", good), ("b-hang", f"import subprocess\nsubprocess.run(['sleep', '{MARK}'])"), ("c-good", good)):
        nb = nbformat.from_dict(release)
        for cell in nb.cells:
            if nbtools.grade_id(cell) == "run_turn":
                cell.source = answer
        (subs / student).mkdir(parents=True)
        nbtools.write_notebook(nb, subs / student / "lab02.ipynb")
    run = subprocess.Popen([sys.executable, "-c", CTRL_C, str(course), str(subs)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=grading.nbgrader_env())
    deadline = time.monotonic() + 180
    line = ""
    while "graded" not in line and time.monotonic() < deadline:  # a-good is merged...
        line = run.stdout.readline()
    while not _processes(MARK) and time.monotonic() < deadline:  # ...and b-hang is running
        time.sleep(0.2)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err[-2000:]
    assert "a-good" in out and "not graded: b-hang, c-good" in out
    time.sleep(0.5)
    assert not _processes(MARK), "the hanging kernel outlived Ctrl-C"
    assert not [p for p in _processes(str(course)) if "bwrap" in p or "grade_worker" in p]
    with grading.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        assert {s.student.id for s in gb.assignment_submissions("lab02")} == {"a-good"}

    report = grading.grade("lab02", subs, grading.GradeConfig(jobs=2, cell_timeout=15, course_root=course,
                                                             feedback=False))
    assert {r.student: r.status for r in report.results} == {"a-good": "ok", "b-hang": "timeout",
                                                             "c-good": "ok"}
