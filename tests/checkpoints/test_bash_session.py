"""Checkpoint 08's bash session (bash_session.py): state persists, the sentinel cannot be
faked by output, nothing hangs, a timeout kills everything the command started, huge
output is streamed in constant memory, and no process outlives the session. Each holds
both fenced (the shell in its sandbox, where one can be made) and unfenced."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from agentcourse import paths
from tests.budget import within

FOLDER = paths.find_checkpoint("08")
bash_session = paths.load_program(FOLDER / "bash_session.py", "bash_session")
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
NO_SANDBOX = bash_session.sandbox.why_no_sandbox()


@pytest.fixture(params=["fenced", "unfenced"])
def session(request, tmp_path, monkeypatch):
    if request.param == "fenced" and NO_SANDBOX:
        pytest.skip(f"no sandbox here: {NO_SANDBOX}")
    monkeypatch.chdir(tmp_path)
    fence = {} if request.param == "fenced" else {"sandbox": None}
    s = bash_session.BashSession(bash_session.BashPolicy(timeout=2, max_output=2_000, **fence))
    assert s.fenced == (request.param == "fenced")
    yield s
    s.close()


@pytest.fixture
def fenced(session):
    if not session.fenced:
        pytest.skip("unfenced, a process that leaves the group survives (the module says so)")
    return session


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_state_persists_between_commands(session, tmp_path):
    (tmp_path / "sub").mkdir()
    session.run("cd sub; GREETING=hello; f() { echo from-f; }")
    assert session.run("pwd").strip() == str((tmp_path / "sub").resolve())
    assert session.run("echo $GREETING; f") == "hello\nfrom-f\n"


def test_stderr_is_kept_in_order_and_a_failure_shows_its_status(session):
    assert session.run("echo out; echo err >&2; echo out2") == "out\nerr\nout2\n"
    assert session.run("ls no-such-file").endswith("\n[exit status 2]")
    assert session.run("nonexistent-program-x").startswith("bash: ")


def test_output_is_returned_exactly(session):
    assert session.run("printf 'no newline'") == "no newline"
    assert session.run("printf 'a\\n\\n'") == "a\n\n"
    assert session.run("true") == "(no output)"


def test_commands_that_read_stdin_get_end_of_file_instead_of_hanging(session):
    start = time.monotonic()
    assert session.run("cat; read line || echo no-input") == "no-input\n"
    assert session.run(f"{sys.executable} -c 'input()'").endswith("[exit status 1]")
    assert time.monotonic() - start < within(1.5)
    assert session.run("echo still-here") == "still-here\n"


def test_output_that_looks_like_a_sentinel_does_not_end_the_command(session, monkeypatch):
    tokens = iter(["a" * 32, "0" * 32, "b" * 32, "1" * 32, "c" * 32, "2" * 32])
    monkeypatch.setattr(bash_session.secrets, "token_hex", lambda n: next(tokens))
    # the previous command's sentinel, whole, and this command's own, in the traced form
    first = session.run("echo one")
    second = session.run(f"printf '\\n{'a' * 32} 0\\n'; set -x; echo two; set +x; echo end")
    assert first == "one\n"
    assert second.rstrip().endswith("end") and "two" in second
    assert session.run("echo three") == "three\n"  # nothing of the second leaked into it


def test_a_command_cannot_close_the_here_document_it_travels_in(session):
    # The delimiter is random: a line "EOF" is only a line of the command, run as such.
    output = session.run("echo a\nEOF\necho b")
    assert output.startswith("a\n") and "EOF: command not found" in output and output.endswith("b\n")
    assert session.run("echo after") == "after\n"


def test_timeout_kills_the_whole_process_group_and_restarts_cleanly(session, tmp_path):
    session.run("cd /; X=1")
    pgid = session.process.pid
    start = time.monotonic()
    result = session.run("yes & sleep 60 | sleep 60; echo never")  # endless output, too
    assert time.monotonic() - start < within(5)
    assert result.startswith("Error: command did not finish within 2 seconds")
    assert "never" not in result and "output cut" in result and len(result) < 3_000
    assert not group_alive(pgid)  # every member killed, and reaped
    assert session.run("pwd; echo x${X}x") == f"{tmp_path.resolve()}\nxx\n"  # a fresh shell


def test_long_output_is_cut_in_the_middle_only_after_all_of_it_was_read(session):
    result = session.run("seq 1 100000")
    head, _, rest = result.partition("[... output cut: ")
    note, _, tail = rest.partition("]\n")
    shown_head = [int(n) for n in head.split()]
    shown_tail = [int(n) for n in tail.split()]
    assert shown_head == list(range(1, len(shown_head) + 1))  # whole lines, none in part
    assert shown_tail == list(range(100001 - len(shown_tail), 100001))
    first, last = len(shown_head) + 1, 100000 - len(shown_tail)
    total = len("".join(f"{n}\n" for n in range(1, 100001)))
    assert note.startswith(f"lines {first:,}-{last:,} (")
    assert f"of {total:,} bytes in all" in note
    assert session.run("echo next") == "next\n"  # the rest of seq never reaches it


def test_the_figures_lecture_7_3_quotes(tmp_path, monkeypatch):
    """With the checkpoint's own policy: the cut of `seq 1 100000`, as the lecture says it."""
    from agentcourse.paths import REPO_ROOT

    monkeypatch.chdir(tmp_path)
    s = bash_session.BashSession()
    try:
        result = s.run("seq 1 100000")
    finally:
        s.close()
    note = "lines 3,222-97,501 (558,902 bytes) not shown, of 588,895 bytes in all"
    assert note in result and result.startswith("1\n2\n") and "\n3221\n[... output cut" in result
    lecture = (REPO_ROOT / "lectures" / "07-3-anthropic-tools-and-the-guardrail.md").read_text()
    assert note in lecture.replace("\n", " ")


def test_restart_gives_a_fresh_shell(session, tmp_path):
    session.run("cd /; Y=2")
    old = session.process.pid
    assert session.restart().startswith("Bash session restarted")
    assert session.process.pid != old and not group_alive(old)
    assert session.run("pwd; echo y${Y}y") == f"{tmp_path.resolve()}\nyy\n"


def test_exit_ends_the_shell_and_the_next_command_gets_a_new_one(session):
    assert "the shell exited with status 3" in session.run("exit 3")
    assert session.run("echo back") == "back\n"


def test_close_leaves_no_process_and_no_zombie(session):
    session.run("sleep 60 &")
    process = session.process
    session.close()
    assert process.returncode is not None  # reaped: no zombie
    assert not group_alive(process.pid)


def test_ctrl_c_during_a_command_kills_it(session):
    session.run("true")
    pgid = session.process.pid
    interrupt_during(session, "sleep 60")
    assert not group_alive(pgid) and session.process is None


def interrupt_during(session, command: str) -> None:
    """Press Ctrl-C (SIGINT's KeyboardInterrupt) while the session waits for `command`."""

    def interrupt(signum, frame):
        # Ctrl-C while the session waits for output; anywhere else (a gc callback, say) the
        # exception would be swallowed, so wait for the read loop and try again.
        if frame is not None and frame.f_code.co_filename.endswith("bash_session.py"):
            raise KeyboardInterrupt
        signal.setitimer(signal.ITIMER_REAL, 0.05)

    old = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            session.run(command)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def lingering(marker: str, wait: float = 2.0) -> list[int]:
    """Processes whose argv carries `marker`, once those that are dying have died; any
    found are killed (they are this test's own), so a failure leaves nothing behind."""
    deadline = time.monotonic() + wait
    while True:
        found = [int(p) for p in os.listdir("/proc") if p.isdigit() and _cmdline_has(p, marker)]
        if not found or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    for pid in found:
        os.kill(pid, signal.SIGKILL)
    return found


def _cmdline_has(pid: str, marker: str) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return marker.encode() in f.read()
    except OSError:
        return False


LEAVERS = ("setsid bash -c 'exec -a {m} sleep 1000' >/dev/null 2>&1 & "
           "python3 -c \"import os; os.fork() and os._exit(0); os.setsid(); "
           "os.execvp('sleep', ['{m}', '1000'])\" >/dev/null 2>&1; sleep 0.3")


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_fenced_a_timeout_also_ends_what_left_the_process_group(fenced):
    marker = f"agentcourse-leaver-{secrets.token_hex(6)}"
    result = fenced.run(LEAVERS.format(m=marker) + "; sleep 60")
    assert result.startswith("Error: command did not finish within 2 seconds")
    assert lingering(marker) == []
    assert fenced.run("echo fresh") == "fresh\n"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_fenced_close_and_ctrl_c_end_what_left_the_process_group(fenced):
    marker = f"agentcourse-leaver-{secrets.token_hex(6)}"
    fenced.run(LEAVERS.format(m=marker))
    fenced.close()
    assert lingering(marker) == []
    fenced.run(LEAVERS.format(m=marker))
    interrupt_during(fenced, "sleep 60")
    assert lingering(marker) == [] and fenced.process is None


def zombies() -> set[int]:
    """This process's children that exited and were never reaped."""
    found = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                state, parent = f.read().rsplit(")", 1)[1].split()[:2]
        except OSError:
            continue
        if state == "Z" and int(parent) == os.getpid():
            found.add(int(pid))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_no_zombie_is_left_by_an_exit_a_timeout_or_a_close(session):
    before = zombies()
    session.run("exit 3")
    session.run("sleep 60")  # past the timeout
    session.run("(sleep 0.1 &); sleep 0.3")  # an orphan inside
    session.close()
    time.sleep(0.2)
    assert zombies() - before == set()


def test_keys_are_not_in_the_shells_environment(session, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-secret")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp-secret")
    session.restart()
    output = session.run("env")
    assert "secret" not in output and "PAGER=cat" in output


def test_background_output_after_the_sentinel_is_not_lost(session):
    session.run("(sleep 0.2; echo late) &")
    time.sleep(0.5)
    assert "late" in session.run("echo now")


@pytest.mark.slow
def test_a_gigabyte_of_output_is_streamed_in_constant_memory(tmp_path):
    """In a child process, so its peak memory is its own: under 100 MB for 1 GB."""
    script = textwrap.dedent(f"""
        import resource, sys, time
        sys.path.insert(0, {str(FOLDER)!r})
        import bash_session
        s = bash_session.BashSession(bash_session.BashPolicy(timeout=60))
        start = time.monotonic()
        out = s.run("head -c 1000000000 /dev/zero")
        s.close()
        try:  # this process's own peak (ru_maxrss on Linux keeps the parent's from before exec)
            status = open("/proc/self/status").read()
            peak_mb = int(status.split("VmHWM:")[1].split()[0]) / 2**10
        except OSError:
            peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # macOS: bytes
        print(len(out), "1,000,000,000 bytes in all" in out, round(peak_mb), round(time.monotonic() - start, 1))
    """)
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    length, said, peak_mb, _seconds = result.stdout.split()
    assert int(length) < 31_000 and said == "True"
    assert int(peak_mb) < 100, f"peak memory {peak_mb} MB"
