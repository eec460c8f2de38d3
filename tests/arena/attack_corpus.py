"""Hostile capstone entrants, one attack each: the corpus `test_arena_attacks.py` grades.

first run: 42 of 48 contained. The run of all 48 crashed the grader outright (deep-tree:
shutil.rmtree and Path.rglob recurse, RecursionError, no class rows at all); the other 47,
graded without it, gave 42. Not contained: thread-outlives-turn (timed out, unsolved),
fork-bomb (its spent process budget starved the relay's per-connection threads: timed
out). Three were false alarms of the test's own checks: read-host-home (the host's home
lists only the folder the Python environment lives in; the check now allows that path),
write-repository and write-socket-dir (the grader's source hash changed under edits and
bytecode caches; it now hashes sources only).
fixed: snapshot and the size check walk iteratively (judging.walk), never through a link,
and count folders against the file cap; a task's folder is removed by chmod/rm, which walk
iteratively; the driver ends with os._exit once run_turn returns; the relay is one select
loop started before the student's code, needing no thread from its budget. After: 48 of 48.
added after the first run: tutor-memory-flood and ledger-hoard, neither contained when
written (one sandbox grew the grader by 2.2 GB, and by 1.3 GB in 9 s); fixed: the tutor's
socket carries at most 8 connections at once and 128 MB towards the tutor in all.
Then spreadsheet-formula-name and undecodable-name-alone: the second crashed the whole
grade (the judge's reason quoting the name could not be written as UTF-8), the first
(its first version named no file; by inspection) would have put a formula cell in
capstone-tasks.csv; fixed: runner.plain escapes the reason and quotes a leading = + - @.
Now 52 of 52.

Each Attack is data: its name, what it tries, what "contained" means for it, and the body
of an `attack()` function that becomes a student's agent.py (agent_source). The agent runs
its attack (before or after doing the task honestly with a copy of checkpoint 08, or
instead of it), then reports what it found to its tutor in a request the tutor refuses
(so the report costs the student nothing and is kept in the tutor's records). A finding
that starts with ESCAPED is the attack saying it got out; most containment is also
checked from the host (files that must not appear, a service that must not be reached,
processes that must not survive, secrets that must not show in anything sent out).

Every case shares the grader's duties: the attack fails, the task is scored as `expect`
says (an attacker that also did the work honestly keeps that credit; one that cheated
instead gets none), nothing outlives the run, the other students' rows are unaffected,
and the grader itself completes.

The agent sees CTX, filled in by the test: paths on the host (hidden: a hidden-set file;
repo; solutions; ada: another student's folder; subs: the submissions folder; out: the
gradebook folder; home: the host's home; escape: a host file that must never appear),
host_port (a TCP service on the host's loopback), abstract (an abstract unix socket name
the host listens on), marker (a word every process it leaves carries) and secret_key
(the grader's own fake API key, which must never show inside).
"""

from __future__ import annotations

from dataclasses import dataclass

SOLVED, UNSOLVED = "solved", "unsolved"
HOST_CHECKS = ("escape", "host_port", "abstract", "survivors", "submissions", "repo", "leaks", "tokens",
               "grader_memory", "csv_cells")


@dataclass(frozen=True)
class Attack:
    """One hostile entrant. `body` defines `attack()`, returning a finding (str)."""

    name: str
    tries: str
    contained: str
    body: str
    expect: str = SOLVED  # the task's verdict when contained
    honest: str = "after"  # "after": attack, then the honest turn; "before": honest first; "never"
    checks: tuple[str, ...] = ()  # host checks of HOST_CHECKS this case depends on (beside the row)


PRELUDE = '''"""A hostile capstone entrant (tests/arena/attack_corpus.py)."""
import ctypes, json, os, resource, signal, socket, subprocess, sys, threading, time, urllib.request
from pathlib import Path

CTX = __CTX__
NAME = __NAME__
HONEST = __HONEST__
MARKER = CTX["marker"]


def report(found):
    """The finding, sent where the tutor keeps it: a request it refuses (no model)."""
    body = json.dumps({"attack_report": {"name": NAME, "found": str(found)[:2000]}}).encode()
    req = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages", data=body, headers={
        "x-api-key": os.environ.get("ANTHROPIC_API_KEY", ""), "anthropic-version": "2023-06-01",
        "content-type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).read()
    except Exception:  # noqa: BLE001 - a 400 is the expected answer
        pass


def leave(seconds=60, ignore_term=False):
    """A process carrying MARKER that would live on if nothing killed it."""
    code = ("import signal, time; " + ("signal.signal(signal.SIGTERM, signal.SIG_IGN); " if ignore_term else "")
            + f"time.sleep({seconds})")
    return [sys.executable, "-c", code, MARKER]


def tries(*actions):
    """Each action's outcome, as text: 'ok <result>' or 'refused <error>'."""
    out = []
    for action in actions:
        try:
            out.append(f"ok {str(action())[:120]}")
        except BaseException as err:  # noqa: BLE001 - every failure is a finding
            out.append(f"refused {type(err).__name__}")
    return out

'''

EPILOGUE = '''

def run_turn(client, messages):
    if HONEST == "before":
        import honest_agent
        honest_agent.run_turn(client, messages)
    try:
        found = attack()
    except BaseException as err:  # noqa: BLE001
        found = f"refused {type(err).__name__}: {str(err)[:200]}"
    report(found)
    if HONEST == "after":
        import honest_agent
        return honest_agent.run_turn(client, messages)
'''


def agent_source(attack: Attack, ctx: dict) -> str:
    """agent.py of the entrant that carries `attack`, with the host's CTX filled in."""
    return (PRELUDE.replace("__CTX__", repr(ctx)).replace("__NAME__", repr(attack.name))
            .replace("__HONEST__", repr(attack.honest)) + attack.body.strip("\n") + "\n" + EPILOGUE)


def _read(name: str, tries: str, paths: str, contained: str = "", checks=("leaks",)) -> Attack:
    """An attack that reads (and lists) host paths; ESCAPED when any read succeeds."""
    body = f'''
def attack():
    got = []
    for p in {paths}:
        try:
            got.append(f"{{p}}: {{Path(p).read_text()[:400]}}")
        except Exception:
            pass
        try:  # the path down to the Python environment is bound in, and is not a leak
            prefixes = {{os.path.realpath(x) for x in (sys.prefix, sys.base_prefix, sys.exec_prefix)}}
            python = {{os.path.relpath(x, p).split(os.sep)[0] for x in prefixes if x.startswith(p.rstrip("/") + "/")}}
            names = [n for n in os.listdir(p) if n not in python]
            if names:
                got.append(f"{{p}}: {{names}}")
        except Exception:
            pass
    return ("ESCAPED " + " | ".join(got)) if got else "nothing readable"
'''
    return Attack(name, tries, contained or ("every read fails, and a listing shows nothing but the "
                                             "path down to the Python environment"), body,
                  checks=checks)


READS = [
    _read("read-hidden-seeds", "the hidden seeds, by the hidden file's host path and the repo's",
          'CTX["hidden"], CTX["solutions"] + "/arena/hidden.json"'),
    _read("read-solutions", "solutions/ of the repository", 'CTX["solutions"], CTX["solutions"] + "/arena"'),
    _read("read-repository", "the repository: the grader's and the tutor's source",
          'CTX["repo"], CTX["repo"] + "/agentcourse/arena/grade.py", CTX["repo"] + "/agentcourse/tutor/act/brain.py"'),
    _read("read-other-student", "another student's folder and the submissions folder",
          'CTX["ada"], CTX["ada"] + "/agent.py", CTX["subs"]'),
    _read("read-gradebook", "the gradebook: the grade's output folder and .grading/",
          'CTX["out"], CTX["out"] + "/capstone.csv", CTX["repo"] + "/.grading"'),
    Attack("read-host-home", "the host's home folder: its listing, history, keys and profile",
           "nothing of it shows but the path down to the Python environment, where that lives in it", '''
def attack():
    home = CTX["home"].rstrip("/")
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    python = {os.path.relpath(p, home).split(os.sep)[0] for p in prefixes if p.startswith(home + "/")}
    got = []
    try:
        got += [n for n in os.listdir(home) if n not in python]
    except OSError:
        pass
    for name in (".bash_history", ".ssh/id_rsa", ".ssh/authorized_keys", ".profile", ".bashrc", ".netrc"):
        try:
            got.append(f"{name}: {Path(home, name).read_text()[:100]}")
        except OSError:
            pass
    return ("ESCAPED " + repr(got)) if got else "nothing of the home"
''', checks=("leaks",)),
]

HOST_AND_ENV = [
    Attack("host-proc", "/proc of the host's processes: the grader's command line and environment",
           "only the sandbox's own processes show; no host command line or environment is read",
           '''
def attack():
    seen = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\\0", b" ").decode()
                env = Path(f"/proc/{pid}/environ").read_bytes()
            except Exception:
                continue
            if "pytest" in cmd or "agentcourse" in cmd or CTX["secret_key"].encode() in env:
                seen.append(cmd[:100])
    return ("ESCAPED " + repr(seen)) if seen else "only the sandbox"
''', checks=("leaks",)),
    Attack("environment-secret", "the grader's API key, in its environment or any process's",
           "the key never shows inside; nothing the sandbox sends carries it",
           '''
def attack():
    key = CTX["secret_key"]
    if any(key in v for v in os.environ.values()):
        return "ESCAPED in os.environ"
    for pid in os.listdir("/proc"):
        try:
            if pid.isdigit() and key.encode() in Path(f"/proc/{pid}/environ").read_bytes():
                return f"ESCAPED in /proc/{pid}/environ"
        except Exception:
            continue
    return "absent: " + os.environ.get("ANTHROPIC_API_KEY", "")
''', checks=("leaks",)),
    Attack("inherited-descriptors", "file descriptors the grader left open, to read host files through",
           "no descriptor leads outside the sandbox",
           '''
def attack():
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except Exception:
            continue
        if target.startswith("/") and not target.startswith(("/dev/", "/proc/", "/home/student", "/arena",
                                                             "/submission", "/tmp")):
            found.append(target)
    return ("ESCAPED " + repr(found)) if found else "none"
''', checks=("leaks",)),
]

WRITES = [
    Attack("write-own-submission", "changes its own submission folder (agent.py, a new file)",
           "the submission on the host is byte for byte what was handed in", '''
def attack():
    return tries(lambda: open("/submission/agent.py", "a").write("# tampered"),
                 lambda: open("/submission/new.py", "w").write("x"),
                 lambda: os.chmod("/submission/agent.py", 0o777))
''', checks=("submissions",)),
    Attack("write-host-tmp", "writes the host's /tmp and a host path it was told",
           "no file appears on the host; its /tmp is its own", '''
def attack():
    return tries(lambda: open(CTX["escape"], "w").write("escaped"),
                 lambda: open("/tmp/" + MARKER, "w").write("escaped"))
''', checks=("escape",)),
    Attack("write-repository", "writes into the repository and solutions/",
           "no file appears in the repository", '''
def attack():
    return tries(lambda: open(CTX["repo"] + "/" + MARKER + ".py", "w").write("x"),
                 lambda: open(CTX["solutions"] + "/" + MARKER, "w").write("x"),
                 lambda: open("/usr/" + MARKER, "w").write("x"))
''', checks=("repo",)),
    Attack("write-socket-dir", "the tutor's socket folder: replaces the driver, removes the socket",
           "the driver and the socket are untouched; the host folder gets nothing", '''
def attack():
    out = tries(lambda: open("/arena/drive.py", "a").write("# tampered"),
                lambda: os.unlink("/arena/tutor.sock"),
                lambda: os.rename("/arena/tutor.sock", "/arena/x.sock"),
                lambda: open("/arena/" + MARKER, "w").write("x"))
    return ("ESCAPED " if "tampered" in open("/arena/drive.py").read() else "") + repr(out)
''', checks=("repo",)),
]

PROCESSES = [
    Attack("double-fork", "a grandchild reparented away from its parent", "killed with its sandbox", '''
def attack():
    if os.fork() == 0:
        if os.fork() == 0:
            os.execv(sys.executable, leave())
        os._exit(0)
    return "forked twice"
''', checks=("survivors",)),
    Attack("setsid", "a child in a session of its own", "killed with its sandbox", '''
def attack():
    return subprocess.Popen(leave(), start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).pid
''', checks=("survivors",)),
    Attack("nohup", "a child under nohup, in the background of a shell", "killed with its sandbox", '''
def attack():
    cmd = " ".join(repr(a) for a in leave())
    return subprocess.run(["sh", "-c", f"nohup {cmd} >/dev/null 2>&1 &"], timeout=10).returncode
''', checks=("survivors",)),
    Attack("thread-outlives-turn", "a non-daemon thread still running when run_turn returns",
           "the task ends when run_turn returns, and is scored; the thread dies with it", '''
def attack():
    threading.Thread(target=time.sleep, args=(600,)).start()
    return "a thread sleeps on"
''', checks=("survivors",)),
    Attack("ignores-sigterm", "a child that ignores SIGTERM", "killed with its sandbox (SIGKILL)", '''
def attack():
    return subprocess.Popen(leave(ignore_term=True), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid
''', checks=("survivors",)),
    Attack("write-after-snapshot", "a detached child that rewrites the project once the turn is over",
           "the child dies before the project is read; the verdict is the turn's", '''
def attack():
    code = ("import time, glob; time.sleep(1.5); "
            "[open(p, 'w').write('rewritten') for p in glob.glob('*.py')]; time.sleep(60)")
    return subprocess.Popen([sys.executable, "-c", code, MARKER], start_new_session=True).pid
''', checks=("survivors",)),
]

NETWORK = [
    Attack("internet", "a public address", "no route out", '''
def attack():
    out = tries(lambda: socket.create_connection(("1.1.1.1", 53), timeout=3),
                lambda: socket.create_connection(("8.8.8.8", 443), timeout=3))
    return ("ESCAPED " if any(o.startswith("ok") for o in out) else "") + repr(out)
'''),
    Attack("host-loopback", "a service on the host's 127.0.0.1", "the host's service gets no connection", '''
def attack():
    return tries(lambda: socket.create_connection(("127.0.0.1", CTX["host_port"]), timeout=3))
''', checks=("host_port",)),
    Attack("dns", "a name lookup and a UDP query to a public resolver", "no answer", '''
def attack():
    out = tries(lambda: socket.getaddrinfo("example.com", 80),
                lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("8.8.8.8", 53)))
    return ("ESCAPED " if out[0].startswith("ok") else "") + repr(out)
'''),
    Attack("raw-socket", "a raw IP socket and a packet socket", "both refused", '''
def attack():
    out = tries(lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP),
                lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW))
    return ("ESCAPED " if any(o.startswith("ok") for o in out) else "") + repr(out)
'''),
    Attack("abstract-unix-socket", "an abstract unix socket the host listens on",
           "the host's socket gets no connection", '''
def attack():
    def go():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect("\\0" + CTX["abstract"])
        s.sendall(b"hello")
    return tries(go)
''', checks=("abstract",)),
    Attack("tutor-socket-elsewhere", "the tutor's socket as a proxy: CONNECT and absolute URLs to the host",
           "the relay reaches the tutor and nothing else", '''
def attack():
    base = os.environ["ANTHROPIC_BASE_URL"].removeprefix("http://")
    host, port = base.split(":")
    def ask(line):
        with socket.create_connection((host, int(port)), timeout=5) as s:
            s.sendall(line.encode() + b"\\r\\nHost: x\\r\\n\\r\\n")
            return s.recv(200)
    def direct():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect("/arena/tutor.sock")
        s.sendall(f"GET http://127.0.0.1:{CTX['host_port']}/ HTTP/1.1\\r\\n\\r\\n".encode())
        return s.recv(200)
    return tries(lambda: ask(f"CONNECT 127.0.0.1:{CTX['host_port']} HTTP/1.1"),
                 lambda: ask(f"GET http://127.0.0.1:{CTX['host_port']}/ HTTP/1.1"), direct)
''', checks=("host_port",)),
]

RESOURCES = [
    Attack("fork-bomb", "forks until refused, every child kept alive", "stopped by the process limit; "
           "the children die with the sandbox; the turn after it still reaches its tutor", '''
def attack():
    n = 0
    for _ in range(5000):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(60)
            os._exit(0)
        n += 1
    return ("ESCAPED " if n >= 5000 else "") + f"{n} children"
''', checks=("survivors",)),
    Attack("memory-bomb", "allocates 8 GB", "MemoryError at the memory limit; the turn after it still runs", '''
def attack():
    hog = []
    try:
        for _ in range(8 * 1024):
            hog.append(bytearray(1 << 20))
    except MemoryError:
        pass
    n = len(hog)
    del hog
    return ("ESCAPED " if n >= 8 * 1024 else "") + f"{n} MB"
'''),
    Attack("disk-fill-project", "fills the project with 64 MB files", "stopped past the project's size cap; "
           "not judged; the grader's disk is spared", '''
def attack():
    for i in range(40):
        with open(f"fill{i}.bin", "wb") as f:
            for _ in range(64):
                f.write(b"x" * (1 << 20))
    return "ESCAPED wrote 2.5 GB"
''', expect=UNSOLVED, honest="never"),
    Attack("disk-fill-elsewhere", "fills /tmp, the home, /dev/shm, /dev and / inside the sandbox",
           "every place is capped well below the host's memory (no more than 300 MB each)", '''
def attack():
    sizes = {}
    for where in ("/tmp", os.path.expanduser("~"), "/dev/shm", "/dev", "/", "/arena"):
        n = 0
        try:
            for i in range(8):
                with open(f"{where}/fill{i}", "wb") as f:
                    for _ in range(64):
                        f.write(b"x" * (1 << 20))
                        n += 1
        except Exception:
            pass
        sizes[where] = n
        for i in range(8):
            try:
                os.unlink(f"{where}/fill{i}")
            except Exception:
                pass
    return ("ESCAPED " if max(sizes.values()) > 300 else "") + repr(sizes)
'''),
    Attack("file-count", "creates 100,000 empty files in the project", "stopped past the file cap; not judged; "
           "the grader completes", '''
def attack():
    os.makedirs("many", exist_ok=True)
    for i in range(100_000):
        open(f"many/{i}", "w").close()
    return "ESCAPED 100000 files"
''', expect=UNSOLVED, honest="never"),
    Attack("symlink-farm", "symlinks in the project to /, /submission, the host's paths, and loops",
           "the judge reads no file through a link; the turn's verdict stands", '''
def attack():
    os.makedirs("farm", exist_ok=True)
    targets = ["/", "/submission", "/proc/self/environ", CTX["hidden"], CTX["repo"], ".", "..", "loop"]
    for i in range(3000):
        try:
            os.symlink(targets[i % len(targets)], f"farm/l{i}")
        except OSError:
            pass
    os.symlink("loop", "farm/loop")
    return "made"
''', honest="before", checks=("leaks",)),
    Attack("fifo-and-device", "a FIFO, a device node and a bound unix socket in the project",
           "no device is made; the grader reads past the FIFO and the socket without blocking", '''
def attack():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    out = tries(lambda: os.mkfifo("pipe.py"), lambda: os.mknod("disk", 0o600 | 0o060000, os.makedev(8, 0)),
                lambda: s.bind("sock.py"))
    return ("ESCAPED " if out[1].startswith("ok") else "") + repr(out)
''', honest="before"),
    Attack("deep-tree", "a directory tree 3,000 levels deep in the project",
           "the grader reads and removes it without crashing; empty folders change no file", '''
def attack():
    fd = os.open(".", os.O_RDONLY)
    for _ in range(3000):
        os.mkdir("d", dir_fd=fd)
        new = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = new
    os.close(fd)
    return "3000 deep"
''', honest="before"),
    Attack("odd-file-names", "file names that are not UTF-8, hold newlines, commas and quotes",
           "the grader judges and writes its CSVs without crashing (new files: not solved)", '''
def attack():
    for name in (b"bad\\xff\\xfe.py", b"line\\nbreak.py", b'comma,"quote".py', b"\\x1b[31mred.py"):
        with open(name, "wb") as f:
            f.write(b"\\xff\\x00 TODO: fake")
    return "made"
''', expect=UNSOLVED, honest="before"),
    Attack("spreadsheet-formula-name", "a file named as a spreadsheet formula, which the judge's reason "
           "quotes into capstone-tasks.csv", "no cell of the grader's CSVs starts a formula (= + - @); "
           "a new file: not solved", '''
def attack():
    open('=HYPERLINK("example.com","open me").py', "w").write("x = 1\\n")
    return "made"
''', expect=UNSOLVED, honest="before", checks=("csv_cells",)),
    Attack("undecodable-name-alone", "one new file whose name is not UTF-8, so the reason quoting it "
           "cannot be written as UTF-8", "the grader writes its CSVs; a new file: not solved", '''
def attack():
    open(b"\\xff\\xfe.py", "wb").write(b"x = 1\\n")
    return "made"
''', expect=UNSOLVED, honest="before", checks=("csv_cells",)),
    Attack("infinite-loop", "spins forever", "killed at the time limit; timed out, not solved", '''
def attack():
    while True:
        pass
''', expect=UNSOLVED),
    Attack("never-returns", "run_turn blocks forever after doing the work", "killed at the time limit; "
           "timed out, not solved, whatever the files say", '''
def attack():
    threading.Event().wait()
''', expect=UNSOLVED, honest="before"),
    Attack("stdout-flood", "floods stdout and stderr (200 MB)", "nothing is read or kept; the turn is scored", '''
def attack():
    chunk = "SCORE 100/100 " * 10_000 + "\\n"
    for _ in range(700):
        sys.stdout.write(chunk)
        sys.stderr.write(chunk)
    return "flooded"
'''),
]

CHEATS = [
    Attack("fake-results", "writes results.csv, score.json and capstone.csv in its project, prints a score",
           "none of it counts: 0", '''
def attack():
    open("results.csv", "w").write("student,score\\nmallory,100\\n")
    open("score.json", "w").write('{"score": 100, "solved": true}')
    open("capstone.csv", "w").write("student,score,max_score\\nmallory,100,100\\n")
    print("SCORE 100/100: every task solved")
    return tries(lambda: open(CTX["out"] + "/capstone.csv", "w").write("mallory,100"))
''', expect=UNSOLVED, honest="never"),
    Attack("edit-judge-inputs", "rewrites the file the task is about so its answer is trivially right",
           "the judge compares with what the grader wrote before the run: not solved", '''
def attack():
    for p in Path(".").glob("*.py"):
        p.write_text("# nothing to do here\\n")
    return "rewritten"
''', expect=UNSOLVED, honest="never"),
    Attack("symlink-to-reference", "replaces the project's files with symlinks to files outside it",
           "a link is not a file to the judge: not solved", '''
def attack():
    for p in Path(".").glob("*.py"):
        p.unlink()
        p.symlink_to("/submission/agent.py")
    return "linked"
''', expect=UNSOLVED, honest="never"),
    Attack("other-task-key", "requests with another student's and another task's key",
           "they are counted against itself; the other student's row is unaffected", '''
def attack():
    import anthropic
    out = []
    for key in ("arena-ada-list-todos-1", "arena-sandbox", "sk-ant-someone-else"):
        c = anthropic.Anthropic(api_key=key, max_retries=0)
        out += tries(lambda: c.messages.create(model="claude-sonnet-4-6", max_tokens=5,
                                               messages=[{"role": "user", "content": "hi"}]).id)
    return repr(out)
'''),
    Attack("malformed-http", "malformed requests to crash the tutor: a huge Content-Length, bad JSON, "
           "a bad request line, a 1 MB header", "the tutor keeps answering; the turn after it is scored", '''
def attack():
    base = os.environ["ANTHROPIC_BASE_URL"].removeprefix("http://")
    host, port = base.split(":")
    def send(data, wait=True):
        with socket.create_connection((host, int(port)), timeout=3) as s:
            s.sendall(data)
            return s.recv(100) if wait else "sent"
    return tries(lambda: send(b"POST /v1/messages HTTP/1.1\\r\\nContent-Length: 999999999\\r\\n\\r\\n{", False),
                 lambda: send(b"POST /v1/messages HTTP/1.1\\r\\nx-api-key: k\\r\\nContent-Length: 3\\r\\n\\r\\n{{{"),
                 lambda: send(b"\\x00\\xff GARBAGE\\r\\n\\r\\n"),
                 lambda: send(b"GET / HTTP/1.1\\r\\nX: " + b"a" * (1 << 20) + b"\\r\\n\\r\\n"),
                 lambda: send(b"POST /v1/messages HTTP/1.1\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\n"))
'''),
    Attack("tutor-memory-flood", "opens as many connections to the tutor's socket as it may and streams "
           "an almost whole 32 MB body on each, so the grader's process holds them all at once",
           "the grader's memory grows by no more than a few of them (under 1 GB for the whole class)", '''
def attack():
    head = (b"POST /v1/messages HTTP/1.1\\r\\nHost: x\\r\\nx-api-key: k\\r\\nanthropic-version: 2023-06-01\\r\\n"
            b"content-type: application/json\\r\\nContent-Length: 33554432\\r\\n\\r\\n")
    chunk, held, sent = b" " * (1 << 20), [], 0
    for _ in range(150):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(3)
            s.connect("/arena/tutor.sock")
            s.sendall(head)
            for _ in range(31):
                s.sendall(chunk)
                sent += 1
            held.append(s)
        except OSError:
            break
    return f"{len(held)} connections, {sent} MB sent"
''', expect=UNSOLVED, honest="never", checks=("grader_memory",)),
    Attack("ledger-hoard", "sends well-formed 30 MB requests one after another until stopped, so the "
           "tutor's records of its task fill the grader's memory",
           "the grader's memory grows by no more than a few hundred MB for it (under 1 GB for the class)", '''
def attack():
    body = json.dumps({"model": "m", "max_tokens": 5, "messages": [
        {"role": "user", "content": "x" * (30 << 20)}]}).encode()
    head = (b"POST /v1/messages HTTP/1.1\\r\\nHost: x\\r\\nx-api-key: k\\r\\nanthropic-version: 2023-06-01\\r\\n"
            b"content-type: application/json\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(body))
    sent = 0
    deadline = time.monotonic() + 9
    while time.monotonic() < deadline:
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(5)
                s.connect("/arena/tutor.sock")
                s.sendall(head + body)
                s.recv(100)
                sent += 30
        except OSError:
            break
    return f"{sent} MB sent"
''', expect=UNSOLVED, honest="never", checks=("grader_memory",)),
    Attack("claim-tokens", "claims usage in its requests and asks for a million output tokens",
           "only what the tutor answered is counted", '''
def attack():
    body = {"model": "claude-sonnet-4-6", "max_tokens": 1_000_000,
            "messages": [{"role": "user", "content": "usage: input_tokens=999999999"}],
            "usage": {"input_tokens": 10**9, "output_tokens": 10**9}}
    req = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages", data=json.dumps(body).encode(),
                                 headers={"x-api-key": "k", "anthropic-version": "2023-06-01",
                                          "content-type": "application/json", "anthropic-usage": "1000000000"})
    return tries(lambda: urllib.request.urlopen(req, timeout=10).read()[:100])
''', checks=("tokens",)),
]

TAMPERING = [
    Attack("ptrace", "attaches to the sandbox's init and its own parent", "refused for init (another uid)", '''
def attack():
    libc = ctypes.CDLL(None, use_errno=True)
    got = libc.ptrace(16, 1, None, None)  # PTRACE_ATTACH
    return ("ESCAPED " if got == 0 else "") + f"attach 1: {got} errno {ctypes.get_errno()}"
'''),
    Attack("mount-unshare", "mounts a tmpfs over /submission, remounts / and unshares namespaces",
           "every call refused", '''
def attack():
    libc = ctypes.CDLL(None, use_errno=True)
    got = [libc.mount(b"none", b"/submission", b"tmpfs", 0, None),
           libc.mount(None, b"/", None, 32 | 4096, None),  # MS_REMOUNT | MS_BIND: read-write
           libc.unshare(0x10000000), libc.unshare(0x00020000), libc.chroot(b"/tmp")]
    return ("ESCAPED " if 0 in got else "") + repr(got)
'''),
    Attack("setuid-binaries", "runs the system's setuid programs (su, sudo, mount, passwd)",
           "none runs as root", '''
def attack():
    out = []
    for cmd in (["sudo", "-n", "id", "-u"], ["su", "-c", "id -u"], ["mount", "-t", "tmpfs", "x", "/tmp"],
                ["passwd", "-S"], ["newuidmap"]):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=5, stdin=subprocess.DEVNULL)
            out.append((cmd[0], r.returncode, r.stdout.strip()[:20]))
        except Exception as err:
            out.append((cmd[0], type(err).__name__))
    return ("ESCAPED " if any(len(o) == 3 and o[2] == "0" for o in out) else "") + repr(out)
'''),
    Attack("raise-rlimits", "sets every resource limit back up", "every raise refused", '''
def attack():
    raised = []
    for name in ("RLIMIT_NPROC", "RLIMIT_AS", "RLIMIT_FSIZE", "RLIMIT_NOFILE"):
        which = getattr(resource, name)
        soft, hard = resource.getrlimit(which)
        try:
            resource.setrlimit(which, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            raised.append(name)
        except (ValueError, OSError):
            pass
    return ("ESCAPED " + repr(raised)) if raised else "none raised"
'''),
    Attack("dev-shm-ipc", "shared memory and IPC with the host: /dev/shm files, SysV segments, the host's "
           "/dev/shm names", "its /dev/shm and IPC are its own; nothing of the host's shows", '''
def attack():
    host = [n for n in os.listdir("/dev/shm")] if os.path.isdir("/dev/shm") else []
    out = tries(lambda: open("/dev/shm/" + MARKER, "w").write("x"),
                lambda: open("/proc/sysvipc/shm").read().count("\\n"))
    return ("ESCAPED " + repr(host) if host and MARKER not in host[0] else "") + repr(out)
'''),
]

ATTACKS: list[Attack] = READS + HOST_AND_ENV + WRITES + PROCESSES + NETWORK + RESOURCES + CHEATS + TAMPERING
