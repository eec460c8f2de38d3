"""A second adversarial class for `agentcourse grade`, and honest submissions it must grade
`ok` with the right points, written before the grader they test was changed.

Each case is one student's notebook: the lab's release with some answer cells replaced (and
sometimes markdown cells added), and what grading must say about it. The hostile class of
tests/grading/test_grading_attacks.py takes every lab 2 case below; the lab 6 cases are a class
of their own (tests/grading/test_grading_honest.py). LEAK_DISGUISES and HONEST_PAGES are the
leak search's own corpus (tests/grading/test_leaks.py runs them without grading anything).

Kinds of attack, each against what the grader knew when it was written:

  forge   the student's code makes the kernel lie about failing cells: jupyter_client's
          Session (send, serialize), ipykernel's do_execute and traceback display; installed
          at once, on the first call from a released demo cell, from a timer thread, or
          restoring itself after every reply so no snapshot between cells sees it; forging
          every failure, or only cells that look like the lab's tests. With a blank answer,
          each would score full marks where the tests ran in the kernel. Expected: `ok`, 0
          points (every lab is judged: its test cells run in the judge, which reads nothing
          the kernel reports, so a forgery earns nothing and is no finding).
  residual  the same forger as k-one-test, in lab 6, forging only a test without hidden
          checks. Expected: `ok`, 0 points (judged, as above).
  cap     a blank answer that prints more than the output cap keeps in a cell, so the
          error after the prints is cut away. Expected: 0 points.
  status  a home-made CellTimeoutError, and findings whose text says "Kernel died" or holds
          rich markup: the status must come from what the grader saw, the findings must be
          shown whatever the status, and the table must print. Expected: `ok`, 0 points (what
          the student's code does is no finding: the statuses come from what the grader saw).
  leak    the hidden tests printed in fullwidth letters, with zero-width characters between
          the letters, in Unicode tag characters, in base85, in look-alike Cyrillic letters,
          HTML-escaped inside an attribute, three encodings deep. Expected: `ok`, 0 points
          (judged, no hidden test line reaches the kernel, so there is none to print; the leak
          search still holds another lab's text: test_grading_attacks.py's l-other).
  stall   a short base64 line that expands through nested bz2 into many streams that each
          inflate a lot: printed (the page hits a limit: `withheld`, with that reason, and
          the class finishes) or kept in a markdown cell (the student's own text: `ok`).

Honest submissions (all `ok`, exact points): the worked solution's own code, the lab's other
correct shapes (wrong.py's RIGHT), a known-wrong answer (partial points), debug prints long
enough to be cut, bytes that are not UTF-8, control characters, images, a huge traceback in
an answer cell, local names that shadow the lab's helpers, and a Lab 6 `compact` whose own
line is also a hidden test's line (`cut = cut_point(messages)`).

The record. First contact: the 21 attacks and 14 honest submissions above the "added
after" marks, graded by `agentcourse grade --jobs 2` as it was when they were committed
(cell timeout 15 s; feedback by plain nbgrader, 120 s allowed per page):

  - attacks: none got what it should. The 8 forgers scored full marks with a blank answer
    (20 of 20), 7 of them `ok`, one `review` only for importing ipykernel. The print flood
    failed the whole autograde (`error`). The home-made CellTimeoutError became `timeout`
    and the "Kernel died" finding `out of memory`, both hiding their findings; the rich
    markup in a finding stopped `agentcourse grade`'s table with MarkupError. None of the
    7 leaks was withheld (6 `ok`, one `review` for importing IPython.display). Both bz2
    lines stalled their feedback page past 120 s, printed or in a markdown cell.
  - honest: 6 of 14 graded `ok` with their points. Lab 2: the solution, another shape,
    bytes that are not UTF-8 and the known-wrong answer did; long debug prints failed
    autograde (`error`, 0 points, with the known-wrong answer too), so did a plot and a PNG,
    the RecursionError and long message became `timeout` with 0 points, and the local names
    that shadow helpers `review`. Lab 6: the solution and the known-wrong answer did; the
    compact whose line is a hidden test's and the other shapes were `withheld`, long prints
    failed autograde.
  - the leak search's own corpus: 5 of the 40 disguises seen (the five that show the text
    nearly as written: UTF-7, code points, an HTML comment, tar.gz and xz); 3 of the 7
    honest pages withheld as too large to search, and the one quoting the student's own
    line withheld; the bz2 line took 98 s before it was withheld as too large.

After the changes to the grader, every case got its status and points (the hostile class
and the lab 6 class, tests/grading/test_grading_attacks.py and test_grading_honest.py), all 40
disguises are seen and the 7 honest pages are released within the limits (test_leaks.py).

Added after first contact (so not part of its figures): the status and stall cases start
from a blank answer instead of the solution (the same attack, a cheaper run); k-one-test,
r-uncovered and RESIDUAL_DISGUISES (out of the leak search's reach) measure what remains
possible. Since every lab is judged, each case's expectation is the judged one: the kernel's
reports, which the forgers attack, decide no grade.
"""

from __future__ import annotations

import base64
import bz2
import codecs
import importlib.util
import json
import zlib
from dataclasses import dataclass, field
from functools import cache

from agentcourse.course import nbfile
from agentcourse.paths import REPO_ROOT

SOLUTIONS = REPO_ROOT / "solutions"


# ---------------------------------------------------------------- the labs' own text


@cache
def source_cell(lab: str, grade_id: str) -> str:
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    return next(c.source for c in nb.cells if nbfile.grade_id(c) == grade_id)


def plain(source: str) -> str:
    """An answer cell as a student would hand it in: the solution markers gone."""
    return "\n".join(line for line in source.splitlines()
                     if nbfile.BEGIN_SOLUTION not in line and nbfile.END_SOLUTION not in line)


def full_marks(lab: str) -> float:
    return sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")))


@cache
def wrong_module(lab: str):
    spec = importlib.util.spec_from_file_location(f"wrong_{lab}", SOLUTIONS / lab / "wrong.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def variant(lab: str, kind: str, case: str) -> dict[str, str]:
    """grade_id -> source for one of wrong.py's WRONG or RIGHT cases, applied to the solution."""
    out = {}
    for gid, change in getattr(wrong_module(lab), kind)[case].items():
        base = source_cell(lab, gid)
        out[gid] = plain(change(base) if callable(change) else change)
    return out


GOOD = plain(source_cell("lab02", "run_turn"))  # the worked solution's own code
BLANK = "def run_turn(client, messages):\n    return ''\n"  # scores 0 unless a cheat helps


# ---------------------------------------------------------------- cases


@dataclass(frozen=True)
class Case:
    student: str
    lab: str
    kind: str  # forge | cap | status | leak | stall | honest
    answers: dict[str, str]  # grade_id of an answer cell -> its source (the rest as released)
    status: str  # the status grading must give
    points: float | None = None  # exact points it must score (None: any)
    review: tuple[str, ...] = ()  # words the review findings must hold, together
    detail: tuple[str, ...] = ()  # words the detail must hold
    markdown: tuple[str, ...] = ()  # markdown cells added after the last answer cell
    why: str = ""


# The forger's core: drop `error` messages, turn a failed execute_reply into a passed one.
_OK_REPLY = ('{"status": "ok", "execution_count": content.get("execution_count"), '
             '"user_expressions": {}, "payload": []}')

SESSION_SEND = f'''
import jupyter_client.session as _session

_real_send = _session.Session.send


def _quiet_send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
    kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
    if kind == "error":
        return None
    if kind == "execute_reply" and isinstance(content, dict) and content.get("status") == "error":
        content = {_OK_REPLY}
    return _real_send(self, stream, msg_or_type, content, parent, *args, **kwargs)


_session.Session.send = _quiet_send
'''

SESSION_SERIALIZE = '''
from jupyter_client import session as _s

_real_serialize = _s.Session.serialize


def _serialize(self, msg, ident=None):
    kind = msg["header"]["msg_type"]
    content = msg.get("content") or {}
    if kind == "error":
        msg = dict(msg, msg_type="stream", header=dict(msg["header"], msg_type="stream"),
                   content={"name": "stdout", "text": ""})
    elif kind == "execute_reply" and content.get("status") == "error":
        msg = dict(msg, content={"status": "ok", "execution_count": content.get("execution_count"),
                                 "user_expressions": {}, "payload": []})
    return _real_serialize(self, msg, ident)


setattr(_s.Session, "serial" + "ize", _serialize)
'''

KERNEL_METHODS = '''
import ipykernel.iostream as _io
import ipykernel.ipkernel as _ipk

_real_do_execute = _ipk.IPythonKernel.do_execute
_real_send_multipart = _io.BackgroundSocket.send_multipart


async def _do_execute(self, *args, **kwargs):
    reply = await _real_do_execute(self, *args, **kwargs)
    if reply.get("status") == "error":
        reply = {"status": "ok", "execution_count": reply.get("execution_count"),
                 "user_expressions": {}, "payload": []}
    return reply


def _send_multipart(self, frames, *args, **kwargs):
    if any(b'"msg_type":"error"' in bytes(f).replace(b" ", b"") for f in frames[:6]):
        return None  # the error message never leaves the kernel
    return _real_send_multipart(self, frames, *args, **kwargs)


_ipk.IPythonKernel.do_execute = _do_execute
_io.BackgroundSocket.send_multipart = _send_multipart
'''

FIRST_CALL = f'''
_armed = []


def run_turn(client, messages):
    if not _armed:  # the first call comes from the released demo cell of task 1
        _armed.append(True)
        import jupyter_client.session as _session
        real = _session.Session.send

        def send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
            kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
            if kind == "error":
                return None
            if kind == "execute_reply" and isinstance(content, dict) and content.get("status") == "error":
                content = {_OK_REPLY}
            return real(self, stream, msg_or_type, content, parent, *args, **kwargs)
        _session.Session.send = send
    return ""
'''

TIMER = BLANK + '''
import threading


def _later():
''' + "\n".join("    " + line for line in SESSION_SEND.strip().splitlines()) + '''


threading.Timer(0.2, _later).start()
'''

SELF_RESTORING = f'''
import jupyter_client.session as _session


def _arm():
    real = _session.Session.send
    if getattr(real, "_forger", False):
        return

    def send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
        kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
        if kind == "error":
            return None
        if kind == "execute_reply":
            _session.Session.send = real  # gone before the next cell: no snapshot sees it
            if isinstance(content, dict) and content.get("status") == "error":
                content = {_OK_REPLY}
        return real(self, stream, msg_or_type, content, parent, *args, **kwargs)
    send._forger = True
    _session.Session.send = send


def run_turn(client, messages):
    _arm()
    return ""
'''

# Forges only what looks like a test of the lab: hidden tests restored, an assertion failed.
# The cell being run is In[-1]; an error message's parent is the request's header.
SELECTIVE = f'''
import jupyter_client.session as _session

_real = _session.Session.send
_forged = set()


def _msg_id(parent):
    parent = parent or {{}}
    return (parent.get("header") or parent).get("msg_id")


def _send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
    kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
    code = In[-1] if In else ""
    if kind == "error" and "### BEGIN HIDDEN TESTS" in code and (content or {{}}).get("ename") == "AssertionError":
        _forged.add(_msg_id(parent))
        return None
    if kind == "execute_reply" and _msg_id(parent) in _forged:
        content = {_OK_REPLY}
    return _real(self, stream, msg_or_type, content, parent, *args, **kwargs)


_session.Session.send = _send
'''

# Forges a cell only the first time its first line is seen.
AWARE = f'''
import jupyter_client.session as _session

_real = _session.Session.send
_seen, _forged = set(), set()


def _msg_id(parent):
    parent = parent or {{}}
    return (parent.get("header") or parent).get("msg_id")


def _send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
    kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
    first = (In[-1] if In else "").split("\\n", 1)[0]
    if kind == "error" and first.startswith(\'"""Check\') and first not in _seen:
        _seen.add(first)
        _forged.add(_msg_id(parent))
        return None
    if kind == "execute_reply" and _msg_id(parent) in _forged:
        content = {_OK_REPLY}
    return _real(self, stream, msg_or_type, content, parent, *args, **kwargs)


_session.Session.send = _send
'''

def only_one_test(marker: str, answer: str = 'def run_turn(client, messages):\n    _arm()\n    return ""\n') -> str:
    """A forger no import, no snapshot and no static scan sees: it reaches the Session
    through sys.modules, restores it before every next cell, and forges only the test whose
    text holds `marker`. Judged, it changes nothing the judge reads."""
    return f'''
import sys

_session = sys.modules["jupyter_client.session"]


def _arm():
    real = _session.Session.send
    if getattr(real, "_forger", False):
        return

    def send(self, stream, msg_or_type, content=None, parent=None, *args, **kwargs):
        kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type.get("msg_type")
        mine = {marker!r} in (In[-1] if In else "")
        if kind == "error" and mine:
            return None
        if kind == "execute_reply":
            _session.Session.send = real
            if mine and isinstance(content, dict) and content.get("status") == "error":
                content = {_OK_REPLY}
        return real(self, stream, msg_or_type, content, parent, *args, **kwargs)
    send._forger = True
    _session.Session.send = send


''' + answer


PRINT_FLOOD = '''def run_turn(client, messages):
    print("debugging my loop: " + "z" * 30_000)
    return ""
'''


def _hidden_printer(encode: str, prelude: str = "") -> str:
    """A blank answer whose run_turn prints the test cell that called it (the hidden tests
    are in it, restored by nbgrader), through `encode`, an expression of `text`."""
    return f'''{prelude}
def run_turn(client, messages):
    text = In[-1]
    print({encode})
    return ""
'''


FULLWIDTH = "''.join(chr(ord(c) + 0xFEE0) if '!' <= c <= '~' else c for c in text)"
ZERO_WIDTH = "'\\u200b'.join(text)"
TAGS = "'look: ' + ''.join(chr(0xE0000 + ord(c)) if ' ' <= c <= '~' else c for c in text)"
CYRILLIC = "text.translate(str.maketrans('aceopxyiABCEHKMOPTX', 'асеорхуіАВСЕНКМОРТХ'))"


def make_bomb() -> str:
    """A short base64 line: bz2 around 400 base64 streams, each the bz2 of 40 MB of one letter
    (BOMB below, kept as text: making it takes seconds)."""
    inner = base64.b64encode(bz2.compress(b"x" * 40_000_000)).decode()
    middle = ("\n\n".join([inner] * 400)).encode()
    return base64.b64encode(bz2.compress(middle)).decode()


BOMB = ("QlpoOTFBWSZTWdllg/EAHOdfgAAQAAgGYDm7r5A0r+KAQAG8AAYwmJoMEYhkYTDGExNBgjEMjCYYwmJoMEYhkYTApVSepk0"
        "yZBoZqNMmammiqFmqhagi+Ai/gi5hFxCLnVC2Ai2hF4hSMNgRegRYBFiEXcEXqEWgIu8IsQi1BFiEXMIsAi3BFwCLsEW0"
        "ItIRZgixCLqEWQRYhFn31QsAi5BF1CLkEXQIugRdQi6BFwCLaEXsEXuEWkIt4RawiyCLzCLqEW4IvAIsgizhF2CLIIuwR"
        "cAi4hFyCLUEXYItYRaAi/xdyRThQkNllg/E")

LAB2_ATTACKS = [
    Case("k-session-class", "lab02", "forge", {"run_turn": BLANK + SESSION_SEND}, "ok", points=0.0,
         why="patches Session.send in the answer cell"),
    Case("k-session-serialize", "lab02", "forge", {"run_turn": BLANK + SESSION_SERIALIZE}, "ok", points=0.0,
         why="patches Session.serialize through setattr"),
    Case("k-kernel-methods", "lab02", "forge", {"run_turn": BLANK + KERNEL_METHODS}, "ok", points=0.0,
         why="rewrites do_execute's reply, drops errors on iopub"),
    Case("k-first-call", "lab02", "forge", {"run_turn": FIRST_CALL}, "ok", points=0.0,
         why="installed by the first call, from a released cell"),
    Case("k-timer", "lab02", "forge", {"run_turn": TIMER}, "ok", points=0.0,
         why="installed by a timer thread while a later cell runs"),
    Case("k-self-restoring", "lab02", "forge", {"run_turn": SELF_RESTORING}, "ok", points=0.0,
         why="restores Session.send after each reply: no snapshot between cells sees it"),
    Case("k-selective", "lab02", "forge", {"run_turn": BLANK + SELECTIVE}, "ok", points=0.0,
         why="forges only failed assertions of cells with hidden tests"),
    Case("k-aware", "lab02", "forge", {"run_turn": BLANK + AWARE}, "ok", points=0.0,
         why="forges only the first cell with a given first line"),
    Case("k-one-test", "lab02", "forge", {"run_turn": only_one_test("Ctrl-C inside a tool")}, "ok", points=0.0,
         why="forges one test only"),
    Case("k-print-flood", "lab02", "cap", {"run_turn": PRINT_FLOOD}, "ok", points=0.0,
         why="prints past the cap so the error after the prints would be cut"),
    Case("s-fake-timeout", "lab02", "status",
         {"run_turn": BLANK + "\n\nimport gc\n\n\nclass CellTimeoutError(Exception):\n    pass\n\n\n"
                              "raise CellTimeoutError('No reply from kernel before timeout')\n"},
         "ok", points=0.0, why="a home-made CellTimeoutError"),
    Case("s-fake-death", "lab02", "status",
         {"run_turn": BLANK + "\n\ntry:\n    open('/Kernel died/DeadKernelError MemoryError')\n"
                              "except OSError:\n    pass\n"},
         "ok", points=0.0, why="a finding that says Kernel died"),
    Case("s-markup", "lab02", "status",
         {"run_turn": BLANK + "\n\ntry:\n    open('/srv/[/bold]report[red]')\nexcept OSError:\n    pass\n"},
         "ok", points=0.0, why="rich markup quoted in a finding"),
    Case("l-fullwidth", "lab02", "leak", {"run_turn": _hidden_printer(FULLWIDTH)}, "ok", points=0.0),
    Case("l-zero-width", "lab02", "leak", {"run_turn": _hidden_printer(ZERO_WIDTH)}, "ok", points=0.0),
    Case("l-tags", "lab02", "leak", {"run_turn": _hidden_printer(TAGS)}, "ok", points=0.0),
    Case("l-base85", "lab02", "leak",
         {"run_turn": _hidden_printer("base64.b85encode(text.encode()).decode()", "import base64\n")},
         "ok", points=0.0),
    Case("l-cyrillic", "lab02", "leak", {"run_turn": _hidden_printer(CYRILLIC)}, "ok", points=0.0),
    Case("l-attribute", "lab02", "leak", {"run_turn": '''from IPython.display import HTML, display


def run_turn(client, messages):
    text = "".join(f"&#{ord(c)};" for c in In[-1])
    display(HTML(f'<span title="{text}">hover me</span>'))
    return ""
'''}, "ok", points=0.0),
    Case("l-three-deep", "lab02", "leak", {"run_turn": _hidden_printer(
        "base64.b64encode(zlib.compress(codecs.encode(text, 'rot13').encode().hex().encode())).decode()",
        "import base64, codecs, zlib\n")}, "ok", points=0.0),
    Case("l-bomb-printed", "lab02", "stall", {"run_turn": BLANK + f"\n\nprint({BOMB!r})\n"}, "withheld",
         points=0.0, detail=("limit",)),
    Case("l-bomb-markdown", "lab02", "stall", {"run_turn": BLANK}, "ok", points=0.0,
         markdown=(f"My notes:\n\n    {BOMB}\n",)),
]


_LONG_PRINTS = GOOD.replace(
    "            content = list(response.content)\n",
    "            content = list(response.content)\n"
    "            print('debug:', str(response) * 8)  # a student's debug print\n",
) + '\n\nprint("started " + "-" * 30_000)\n'

_BYTES = GOOD + r'''

import os
import sys

print("lone surrogates: \udcff\udc80 and a NUL \x00 and a bell \x07")
sys.stdout.write("\x1b[31mred\x1b[0m \r carriage return \b backspace\n")
print(bytes(range(256)))
sys.stdout.flush()
os.write(1, b"raw bytes that are not UTF-8: \xff\xfe\xc3\x28\n")
'''

_IMAGE = GOOD + '''

import base64
import io

import matplotlib
import matplotlib.pyplot as plt
from IPython.display import Image, display

figure, axes = plt.subplots()
axes.plot([1, 2, 3], [3, 1, 2])
plt.show()
buffer = io.BytesIO()
figure.savefig(buffer, format="png", dpi=150)
display(Image(data=buffer.getvalue()))
'''

_TRACEBACK = GOOD + '''


def dig(depth):
    return dig(depth + 1)


try:
    dig(0)  # a debugging mistake: RecursionError
except RecursionError as err:
    raise ValueError("what went wrong: " + "why " * 30_000) from err
'''

_SHADOW = GOOD.replace("def run_turn(client, messages):", """def run_turn(client, messages):
    complete = False  # local names that are also the checks cell's helpers
    tool_results = closed = None
    to_plain = list  # and one the setup cell imports""")

LAB2_HONEST = [
    Case("m-honest", "lab02", "honest", {"run_turn": GOOD}, "ok", 20.0, why="the worked solution's own code"),
    Case("o-right", "lab02", "honest", variant("lab02", "RIGHT", "bounded-loop-with-finally"), "ok", 20.0,
         why="another correct shape"),
    Case("o-long-prints", "lab02", "honest", {"run_turn": _LONG_PRINTS}, "ok", 20.0,
         why="debug prints past the output cap, in the answer cell and in every test"),
    Case("o-bytes", "lab02", "honest", {"run_turn": _BYTES}, "ok", 20.0,
         why="lone surrogates, control characters, bytes that are not UTF-8"),
    Case("o-image", "lab02", "honest", {"run_turn": _IMAGE}, "ok", 20.0, why="a plot and a PNG"),
    Case("o-traceback", "lab02", "honest", {"run_turn": _TRACEBACK}, "ok", 20.0,
         why="a RecursionError, then an error with a 120,000-character message"),
    Case("o-shadow", "lab02", "honest", {"run_turn": _SHADOW}, "ok", 20.0,
         why="local names that shadow the checks cell's helpers"),
    Case("p-partial", "lab02", "honest", variant("lab02", "WRONG", "error-sent-as-text-only"), "ok", 16.0,
         why="a known-wrong answer: loses both tests of task 1 (2 + 2 points)"),
    Case("p-partial-prints", "lab02", "honest",
         {"run_turn": variant("lab02", "WRONG", "error-sent-as-text-only")["run_turn"].replace(
             "            content = list(response.content)\n",
             "            content = list(response.content)\n            print('debug:', str(response) * 8)\n")},
         "ok", 16.0, why="the same known-wrong answer with long debug prints: the same points"),
]


def _lab6(**changes: str) -> dict[str, str]:
    answers = {gid: plain(source_cell("lab06", gid)) for gid in ("cap_result", "stub_old_results",
                                                                 "compact", "save_note")}
    answers.update(changes)
    return answers


_COMPACT_CUT = plain(source_cell("lab06", "compact")).replace(
    "    return [first] + messages[cut_point(messages):]",
    "    cut = cut_point(messages)\n    return [first] + messages[cut:]")

_LAB6_SHADOW = plain(source_cell("lab06", "stub_old_results")).replace(
    "    count = 0\n",
    "    count = 0\n    result = None  # shadows the setup's result()\n    use = conversation = None\n"
    "    print('stubbing', json.dumps(messages)[:30_000])\n")

_CAP_STUB = 'def cap_result(text: str, limit: int) -> str:\n    _arm()\n    return text\n'

LAB6_HONEST = [
    Case("r-uncovered", "lab06", "residual",
         {"cap_result": only_one_test("keeps whole lines within the limit", _CAP_STUB)}, "ok", 0.0,
         why="forges only test_cap_visible, which has no hidden checks: the forgery changes "
         "nothing the judge reads"),
    Case("q-solution", "lab06", "honest", _lab6(), "ok", 20.0, why="the worked solution's own code"),
    Case("q-cut-line", "lab06", "honest", _lab6(compact=_COMPACT_CUT), "ok", 20.0,
         why="compact's own line equals a hidden test's line: cut = cut_point(messages)"),
    Case("q-other-shapes", "lab06", "honest",
         _lab6(**{**variant("lab06", "RIGHT", "cap-line-by-line"), **variant("lab06", "RIGHT", "stub-other-words"),
                  "compact": _COMPACT_CUT}), "ok", 20.0, why="wrong.py's RIGHT shapes"),
    Case("q-shadow-prints", "lab06", "honest", _lab6(stub_old_results=_LAB6_SHADOW), "ok", 20.0,
         why="local names that shadow the setup's helpers, and a long print"),
    Case("q-partial", "lab06", "honest", _lab6(**variant("lab06", "WRONG", "stub-ignores-keep-recent")),
         "ok", 14.0, why="a known-wrong stub_old_results: loses both stub tests (3 + 3)"),
]

CASES = LAB2_ATTACKS + LAB2_HONEST + LAB6_HONEST


def cases(lab: str) -> list[Case]:
    return [c for c in CASES if c.lab == lab]


# Folder names the summary must print as they are (rich markup in them is text; a closing
# tag, which would stop rich, cannot be a folder name: it holds a slash).
SKIPPED_FOLDERS = ("notes [bold]", "[red]x y")


# ---------------------------------------------------------------- the leak search's own corpus


def _encodings() -> dict[str, callable]:
    def fullwidth(s):
        return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)

    def tags(s):
        return "see: " + "".join(chr(0xE0000 + ord(c)) for c in s)

    def variation_selectors(s):
        return "\U0001F600" + "".join(chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16) for b in s.encode())

    def zero_width_bits(s):
        return "ok" + "".join("\u200b" if bit == "0" else "\u200c" for b in s.encode() for bit in f"{b:08b}")

    return {
        "fullwidth": fullwidth,
        "mathematical bold": lambda s: "".join(chr(0x1D41A + ord(c) - 97) if "a" <= c <= "z" else c for c in s),
        "circled letters": lambda s: "".join(chr(0x24D0 + ord(c) - 97) if "a" <= c <= "z" else c for c in s),
        "zero-width spaces between letters": lambda s: "\u200b".join(s),
        "soft hyphens between letters": lambda s: "\u00ad".join(s),
        "word joiners and bidi marks": lambda s: "".join(c + "\u2060\u200e" for c in s),
        "combining marks": lambda s: "".join(c + "\u0301" if c.isalpha() else c for c in s),
        "cyrillic look-alikes": lambda s: s.translate(str.maketrans("aceopxyiABCEHKMOPTX", "асеорхуіАВСЕНКМОРТХ")),
        "greek look-alikes": lambda s: s.translate(str.maketrans("oaivABEZHIKMNOPTXY", "οαιvΑΒΕΖΗΙΚΜΝΟΡΤΧΥ")),
        "small capitals": lambda s: s.translate(str.maketrans("abcdefghijklmnoprstuvwyz",
                                                              "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ")),
        "unicode tag characters": tags,
        "variation selectors": variation_selectors,
        "zero-width bits": zero_width_bits,
        "letters between dashes": lambda s: "-".join(s),
        "base85": lambda s: base64.b85encode(s.encode()).decode(),
        "ascii85": lambda s: base64.a85encode(s.encode()).decode(),
        "ascii85 adobe": lambda s: base64.a85encode(s.encode(), adobe=True).decode(),
        "base32hex": lambda s: base64.b32hexencode(s.encode()).decode(),
        "uuencode": lambda s: codecs.encode(s.encode(), "uu").decode(),
        "quoted-printable": lambda s: codecs.encode(s.encode(), "quopri").decode(),
        "utf-7": lambda s: s.encode("utf-7").decode("ascii"),
        "utf-16 in hex": lambda s: s.encode("utf-16-le").hex(),
        "utf-32 in base64": lambda s: base64.b64encode(s.encode("utf-32")).decode(),
        "binary digits": lambda s: " ".join(f"{b:08b}" for b in s.encode()),
        "0x bytes": lambda s: ", ".join(f"0x{b:02x}" for b in s.encode()),
        "octal escapes": lambda s: "".join(f"\\{b:03o}" for b in s.encode()),
        "code points": lambda s: str([ord(c) for c in s]),
        "named escapes": lambda s: "".join("\\N{LATIN SMALL LETTER " + c.upper() + "}" if "a" <= c <= "z"
                                           else c for c in s),
        "css escapes": lambda s: "".join(f"\\{ord(c):x} " for c in s),
        "html entities in an attribute": lambda s: '<span title="' + "".join(f"&#x{ord(c):x};" for c in s) + '">x</span>',
        "html comment": lambda s: "<!-- " + s + " -->",
        "zip in base64": lambda s: base64.b64encode(_zip(s.encode())).decode(),
        "tar.gz in base64": lambda s: base64.b64encode(_targz(s.encode())).decode(),
        "xz in hex": lambda s: __import__("lzma").compress(s.encode()).hex(),
        "bz2 in base85": lambda s: base64.b85encode(bz2.compress(s.encode())).decode(),
        "reversed base64": lambda s: base64.b64encode(s.encode()).decode()[::-1],
        "rot13 of base64": lambda s: codecs.encode(base64.b64encode(s.encode()).decode(), "rot13"),
        "three deep: base64, zlib, hex, rot13": lambda s: base64.b64encode(zlib.compress(
            codecs.encode(s, "rot13").encode().hex().encode())).decode(),
        "four deep: base64 of base64 of base64 of base64": lambda s: _times(4, s),
        "json of a quoted-printable": lambda s: json.dumps(codecs.encode(s.encode(), "quopri").decode()),
    }


def _times(n: int, s: str) -> str:
    data = s.encode()
    for _ in range(n):
        data = base64.b64encode(data)
    return data.decode()


def _zip(data: bytes) -> bytes:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("notes.txt", data)
    return buf.getvalue()


def _targz(data: bytes) -> bytes:
    import io
    import tarfile

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        info = tarfile.TarInfo("notes.txt")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


LEAK_DISGUISES = _encodings()


def _caesar(s: str, shift: int) -> str:
    return "".join(chr((ord(c) - base + shift) % 26 + base) if c.isascii() and c.isalpha() else c
                   for c in s for base in [97 if c.islower() else 65])


# Out of reach, kept to measure it: what the search does not read (README says so).
RESIDUAL_DISGUISES = {
    "caesar shift of 3": lambda s: _caesar(s, 3),
    "xor with a key, in hex": lambda s: bytes(b ^ 0x5A for b in s.encode()).hex(),
    "pieces of 10 characters between bars": lambda s: " | ".join(s[i:i + 10] for i in range(0, len(s), 10)),
    "odd characters, then even ones": lambda s: s[::2] + " / " + s[1::2],
}


@dataclass(frozen=True)
class Page:
    """A feedback page's texts that must come out clean and within the search's limits."""

    name: str
    texts: tuple[str, ...]
    own: tuple[str, ...] = ()  # the student's own cell sources on that page
    secrets_in_own: tuple[str, ...] = field(default=())  # secret lines the student wrote themselves


def _honest_pages() -> list[Page]:
    import hashlib
    import random

    rng = random.Random(20)
    words = "the loop reads a file then edits it and the model answers with text".split()
    prose = " ".join(rng.choice(words) for _ in range(3_500))
    hexes = "\n".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(300))
    blob = base64.b64encode(bytes(rng.randrange(256) for _ in range(14_000))).decode()
    ids = "\n".join(f"toolu_tutor_{hashlib.md5(str(i).encode()).hexdigest()[:20]}" for i in range(600))
    jsonish = json.dumps([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{i:04d}",
                                                       "content": "y" * 40}]} for i in range(200)])
    numbers = str(list(range(5_000)))[:20_000]
    return [
        Page("prose", (prose[:20_000],) * 20),
        Page("hex digests", (hexes[:20_000],) * 20),
        Page("random base64 of an image", (blob[:20_000],) * 20),
        Page("tool ids", (ids[:20_000],) * 20),
        Page("json", (jsonish[:20_000],) * 20),
        Page("numbers", (numbers,) * 20),
        Page("a student's own line, also a hidden test's, quoted in a traceback",
             ("Traceback (most recent call last):\n  File \"<cell>\", line 3, in compact\n"
              "    cut = cut_point(messages)\nKeyError: 'role'",),
             own=("def compact(client, messages):\n    cut = cut_point(messages)\n    return messages[cut:]",),
             secrets_in_own=("cut = cut_point(messages)",)),
    ]


HONEST_PAGES = _honest_pages()
