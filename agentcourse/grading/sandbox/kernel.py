"""Inside the sandbox, before the student's code: limits, identity, scratch folder, then
the IPython kernel. Started by agentcourse.grading.sandbox.kernel_manager as

    bwrap ... -- python -I -c LAUNCHER PACKAGE_PARENT /sandbox.json -- -f CONNECTION_FILE ...

`-I` (isolated mode): no PYTHON* variables, no user site-packages, and neither the working
folder nor the script's folder on sys.path, so a planted sitecustomize.py or module in the
submission is never imported at start-up. The launcher (bwrap.LAUNCHER) puts the folder
holding the grader's own agentcourse first, so this module is the grader's.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import stat
import sys
from pathlib import Path

MAX_FILES = 2000  # a submission folder with more entries than this is cut (they are not the notebook)
MAX_CELL_OUTPUT = 4_000_000  # characters one cell may print per stream; the rest is dropped here


def set_limits(limits: dict) -> None:
    """Hard limits too, so the student cannot raise them back."""
    def cap(which: int, value: int) -> None:
        resource.setrlimit(which, (value, value))

    cap(resource.RLIMIT_CORE, 0)  # a crash writes no core file
    cap(resource.RLIMIT_FSIZE, limits["file_mb"] << 20)
    cap(resource.RLIMIT_NOFILE, limits["open_files"])
    cap(resource.RLIMIT_AS, limits["memory_mb"] << 20)
    cap(resource.RLIMIT_NPROC, limits["processes"])


def drop_to(uid: int) -> None:
    """Root outside a user namespace: become an unprivileged uid; every capability goes."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("could not drop privileges")


def copy_submission(src: Path, dest: Path) -> None:
    """Regular files and folders only (a symlink could point anywhere once copied out)."""
    count = 0
    dest.mkdir(parents=True, exist_ok=True)
    for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
        rel = Path(dirpath).relative_to(src)
        for name in list(dirnames):
            if os.path.islink(os.path.join(dirpath, name)):
                dirnames.remove(name)
            else:
                (dest / rel / name).mkdir(exist_ok=True)
        for name in filenames:
            path = os.path.join(dirpath, name)
            count += 1
            if count > MAX_FILES:
                return
            if stat.S_ISREG(os.lstat(path).st_mode):
                try:
                    shutil.copyfile(path, dest / rel / name, follow_symlinks=False)
                except OSError:  # the scratch folder is full: the rest is not needed to grade
                    return


def cap_output(limit: int = MAX_CELL_OUTPUT) -> None:
    """Stop forwarding a cell's prints past `limit` characters, so one huge line or an
    endless loop of prints never becomes a message the grader must swallow (the grader
    also refuses messages over 64 MB, and cuts what it keeps to 20,000 characters)."""
    from ipykernel.iostream import OutStream

    write = OutStream.write
    used: dict[tuple, int] = {}

    def capped(self, string):
        key = (self.name, self.parent_header.get("header", {}).get("msg_id"))
        before = used.get(key, 0)
        used[key] = before + len(string)
        if before >= limit:
            return len(string)
        if before + len(string) > limit:
            write(self, string[: limit - before])
            write(self, f"\n[output flood: the grader stopped forwarding after {limit:,} characters]\n")
            return len(string)
        return write(self, string)

    OutStream.write = capped


def main(argv: list[str]) -> None:
    spec_path, _, *kernel_args = argv
    spec = json.loads(Path(spec_path).read_text(encoding="utf-8"))
    set_limits(spec["limits"])
    if spec.get("uid") is not None:
        drop_to(int(spec["uid"]))
    work = Path(spec["work"])
    copy_submission(Path(spec["submission"]), work)
    for folder in (Path(os.environ["IPYTHONDIR"]), Path(os.environ["MPLCONFIGDIR"])):
        folder.mkdir(parents=True, exist_ok=True)
    os.chdir(work)

    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance()
    app.initialize(kernel_args)
    # Plain tracebacks: the same error, without reading the source of every frame, which
    # takes seconds for an honest RecursionError (thousands of frames) and would eat the
    # cell's timeout.
    app.shell.InteractiveTB.set_mode(mode="Plain")
    cap_output()
    # IPython puts the working folder first on sys.path; put it last, so a module the
    # student ships (anthropic.py, agentcourse/) can never shadow an installed one.
    here = {"", ".", str(work)}
    sys.path[:] = [p for p in sys.path if p not in here] + [p for p in sys.path if p in here]
    app.start()


def judge_main(argv: list[str]) -> None:
    """The judge's sandbox (bwrap.judge_argv): limits and identity, then the judge."""
    spec = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    set_limits(spec["limits"])
    if spec.get("uid") is not None:
        drop_to(int(spec["uid"]))
    os.chdir(spec["cwd"])
    from agentcourse.grading.judge.process import main as judge

    judge()


if __name__ == "__main__":
    main(sys.argv[1:])
