"""The judge apart (agentcourse/grading/judge/): a judged lab's test cells run in a process of
their own, which calls the student's functions through a channel and reads back only data.

Fast tests take the wire and the channel apart in this process (the kernel's side in a
thread); one slow test grades a class of Lab 1 (judged) with real nbgrader in confined
kernels: the worked solution, and an attacker that searches its kernel for the hidden tests
and answers with objects that lie.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from pathlib import Path

import anthropic
import pytest
from anthropic.types import TextBlock, ToolUseBlock

from agentcourse.course import nbfile
from agentcourse.course.nbfile import answer_names
from agentcourse.grading.judge import remote, serve, wire
from agentcourse.grading.judge.execute import parts
from agentcourse.paths import REPO_ROOT
from tests.budget import within


def from_kernel(value):
    """What the judge makes of `value` after it crossed as JSON."""
    refs: dict = {}
    data = json.loads(json.dumps(wire.to_data(value, refs)))
    return wire.Rebuilt(lambda number, text="", is_callable=True: ("stand-in", number)).value(data)


class Lying:
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


class RateLimitError(Exception):  # a student's own class, named like the SDK's
    pass


RateLimitError.__module__ = "anthropic"


def test_what_the_kernel_sends_back_is_rebuilt_as_plain_data_and_the_sdks_types():
    blocks = [TextBlock(type="text", text="hi", citations=None),
              ToolUseBlock(type="tool_use", id="t1", name="read_file", input={"filename": "a.py"})]
    value = {"blocks": blocks, "pair": (1, "a"), "tags": {"x"}, "raw": b"\x00\xff", "path": Path("a/b")}
    back = from_kernel(value)
    assert back == value and type(back["blocks"][1]) is ToolUseBlock and type(back["pair"]) is tuple


def test_an_object_the_student_made_comes_back_as_a_stand_in_that_equals_nothing_of_the_judges():
    back = from_kernel([Lying(), {"nested": Lying()}])
    assert back[0][0] == "stand-in" and back[1]["nested"][0] == "stand-in"
    assert back[0] != back[1]["nested"]  # two objects, two numbers
    assert not [v for v in (back[0], back[1]["nested"]) if isinstance(v, Lying)]


def test_only_builtin_sdk_and_course_exceptions_are_rebuilt_and_a_students_class_never():
    assert type(from_kernel(KeyError("k"))) is KeyError
    assert type(from_kernel(KeyboardInterrupt())) is KeyboardInterrupt
    forged = from_kernel(RateLimitError("no 429 was served"))
    # named like the SDK's: rebuilt as the SDK's own class, with the kernel's message only
    assert type(forged) is anthropic.RateLimitError and "no 429" in str(forged)
    odd = type("Odd", (RuntimeError,), {"__module__": "os"})("x")
    assert type(from_kernel(odd)) is RuntimeError and "os.Odd" in str(from_kernel(odd))


@pytest.mark.parametrize("data", [
    {"$sdk": "Anthropic", "data": {}}, {"$sdk": "__class__", "data": {}}, {"$error": {"module": "os", "type": "system"}},
    {"$pickle": "gASVAAAAAAAAAAB9lC4="}, {"unknown": 1}, {}])
def test_data_the_judge_does_not_read_is_refused_or_made_harmless(data):
    rebuilt = wire.Rebuilt(lambda *a, **k: None)
    try:
        value = rebuilt.value(data)
    except ValueError:
        return
    assert isinstance(value, RuntimeError)  # an unknown exception class: a plain error, never built


def test_a_test_cell_runs_in_parts_visible_then_hidden_with_its_line_numbers():
    source = "a = 1\n### BEGIN HIDDEN TESTS\nassert a\n### END HIDDEN TESTS\nb = 2\n"
    split = parts(source)
    assert [hidden for hidden, _ in split] == [False, True, False]
    assert split[1][1].splitlines()[2] == "assert a" and "a = 1" not in split[1][1]


def test_the_students_names_are_those_the_sources_answer_cells_bind():
    nb = nbfile.read_notebook(REPO_ROOT / "solutions" / "lab02" / "lab02.ipynb")
    assert {"run_turn"} <= set(answer_names(nb)) and "dispatch_tool" not in answer_names(nb)
    lab4 = nbfile.read_notebook(REPO_ROOT / "solutions" / "lab04" / "lab04.ipynb")
    assert answer_names(lab4) == ["search_file", "read_lines", "TOOLS_SECTION"]  # system_prompt is the lab's


# ---------------------------------------------------------------- the channel, both ends here


@pytest.fixture
def kernel(monkeypatch):
    """A channel whose kernel end runs in a thread, serving this module's namespace."""
    folder = tempfile.mkdtemp(prefix="judge-")
    channel = remote.Channel(os.path.join(folder, "judge.sock"))
    namespace: dict = {}
    monkeypatch.setattr(serve, "_namespace", lambda: namespace)
    threads = []

    def part(number: int):
        channel.begin(20, number)
        thread = threading.Thread(target=serve.serve, args=(channel.path, number), daemon=True)
        thread.start()
        threads.append(thread)

    yield channel, namespace, part
    channel.end()
    for thread in threads:
        thread.join(5)
    shutil.rmtree(folder, ignore_errors=True)


def test_a_list_changed_in_place_comes_back_and_an_earlier_calls_copy_never_overwrites_it(kernel):
    channel, namespace, part = kernel

    def run_turn(messages):
        messages.append({"role": "assistant", "content": [TextBlock(type="text", text="ok", citations=None)]})
        return len(messages)

    namespace["run_turn"] = run_turn
    part(1)
    turn = remote.Stand(channel, name="run_turn")
    history = [{"role": "user", "content": "one"}]
    assert turn(history) == 2
    history.append({"role": "user", "content": "two"})  # the judge adds the next message
    assert turn(history) == 4
    assert [m["role"] for m in history] == ["user", "assistant", "user", "assistant"]
    assert type(history[3]["content"][0]) is TextBlock


def test_an_error_the_student_raises_reaches_the_judge_as_the_sdks_class_and_state_still_comes_back(kernel):
    channel, namespace, part = kernel

    def failing(messages):
        messages.append("kept")
        raise KeyboardInterrupt

    namespace["failing"] = failing
    part(1)
    history: list = []
    with pytest.raises(KeyboardInterrupt):
        remote.Stand(channel, name="failing")(history)
    assert history == ["kept"]


def test_names_bound_for_a_call_are_the_kernels_for_that_call_only(kernel):
    from agentcourse.course import nbtools

    channel, namespace, part = kernel
    namespace.update(tool=lambda: "real", uses=lambda: namespace["tool"]())
    part(1)
    nbtools.JUDGE["namespace"] = judge_ns = {}
    try:
        with nbtools.bound(judge_ns, tool=str.upper.__call__):
            pass  # nothing called: nothing bound in the kernel
        assert remote.Stand(channel, name="uses")() == "real"
    finally:
        nbtools.JUDGE.clear()


class Scripted:
    """A check's scripted user: the student's object keeps it and calls it later."""

    def __init__(self, *answers):
        self.answers, self.asked = list(answers), []

    def __call__(self, question):
        self.asked.append(question)
        return self.answers.pop(0) if self.answers else "n"


def test_an_object_the_students_object_keeps_comes_back_changed_after_a_later_call(kernel):
    channel, namespace, part = kernel

    class Guard:
        def __init__(self, ask):
            self.ask = ask

        def check(self, command):
            return self.ask(command)

    namespace["Guard"] = Guard
    part(1)
    user = Scripted("y", "a")
    guard = remote.Stand(channel, name="Guard")(user)
    assert guard.check("ls") == "y" and guard.check("cat") == "a"
    assert user.asked == ["ls", "cat"] and user.answers == []
    user.asked.append("mine")  # the judge's own change: a copy the kernel left alone never undoes it
    assert remote.Stand(channel, name="Guard")(Scripted()).check("x") == "n"
    assert user.asked == ["ls", "cat", "mine"]


def test_the_courses_own_exception_and_class_cross_by_name_and_a_students_never(kernel):
    channel, namespace, part = kernel

    class ToolError(Exception):
        pass

    class Limits:
        def __init__(self, steps):
            self.steps = steps

    ToolError.__module__ = Limits.__module__ = "__main__"
    ToolError.__qualname__, Limits.__qualname__ = "ToolError", "Limits"
    namespace.update(ToolError=ToolError, Limits=Limits)

    def refuse(limits):
        raise ToolError(f"{type(limits).__name__} {limits.steps} {type(limits) is Limits}")

    namespace["refuse"] = refuse
    serve._PRISTINE.clear()
    part(1)
    judges = type("ToolError", (Exception,), {"__module__": "__main__"})
    channel.names.update(ToolError=judges, Limits=type("Limits", (), {"__init__": Limits.__init__, "__module__": "__main__"}))
    with pytest.raises(judges, match="Limits 3 True"):
        remote.Stand(channel, name="refuse")(channel.names["Limits"](3))
    channel.names["ToolError"] = remote.Stand(channel, name="ToolError")  # an answer's name: never rebuilt
    with pytest.raises(RuntimeError, match="__main__.ToolError"):
        remote.Stand(channel, name="refuse")(channel.names["Limits"](3))


def test_a_dict_bound_over_a_dict_is_changed_in_place_and_put_back():
    from agentcourse.course import nbtools

    prices = {"a": 1}
    namespace = {"PRICES": prices}
    alias = namespace["PRICES"]
    with nbtools.bound(namespace, PRICES={"a": 1, "b": 2}):
        assert alias == {"a": 1, "b": 2} and namespace["PRICES"] is prices
    assert prices == {"a": 1} and namespace["PRICES"] is prices


def test_a_kernel_that_never_answers_is_a_timeout_not_a_hang(kernel):
    channel, _, _ = kernel
    channel.begin(0.5, 7)  # no serve() comes for part 7
    with pytest.raises(remote.KernelSilent):
        channel.get("anything")


class _Interrupted(BaseException):
    """A check's own timer, as Lab 4's call_tool raises it into the judge's wait."""


def test_a_reply_the_judge_gave_up_on_is_never_read_as_the_next_calls_and_the_kernel_comes_back(kernel):
    import signal

    channel, namespace, part = kernel
    woken = threading.Event()

    def hang():
        woken.wait(10)  # a FIFO opened for reading: blocked until the check wakes it
        return "late"

    namespace.update(hang=hang, echo=lambda value: value)
    part(1)

    def expire(signum, frame):
        raise _Interrupted

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(_Interrupted):
            remote.Stand(channel, name="hang")()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert channel.conn is None, "the judge closed the channel: the late reply is never read"
    woken.set()  # the check wakes the call; the kernel finds the channel closed and connects again
    assert remote.Stand(channel, name="echo")("next") == "next"
    assert remote.Stand(channel, name="echo")([1, 2]) == [1, 2]


def test_a_part_whose_call_was_given_up_ends_with_the_kernel_told_it_is_done(monkeypatch):
    """The check gave up on a call and ended: once the call returns, the kernel connects
    again and hears the part is done, instead of waiting for the cell's time limit."""
    import time

    folder = tempfile.mkdtemp(prefix="judge-")
    channel = remote.Channel(os.path.join(folder, "judge.sock"))
    woken = threading.Event()
    namespace = {"hang": lambda: woken.wait(10)}
    monkeypatch.setattr(serve, "_namespace", lambda: namespace)
    channel.begin(0.5, 2)
    thread = threading.Thread(target=serve.serve, args=(channel.path, 2), daemon=True)
    thread.start()
    try:
        with pytest.raises(remote.KernelSilent):  # the part's time runs out while the call hangs
            remote.Stand(channel, name="hang")()
        started = time.monotonic()
        threading.Timer(0.3, woken.set).start()  # the check's FIFO is woken as the check ends
        channel.end()
        thread.join(5)
        assert not thread.is_alive(), "the kernel's serve() never heard the part was done"
        assert time.monotonic() - started < within(remote.RETURN_SECONDS + 1)
    finally:
        woken.set()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_call_with_a_time_limit_is_stopped_in_the_kernel_which_goes_on_serving(monkeypatch):
    """In the kernel's main thread (where a graded kernel runs serve), a call past the limit
    the check gave it (nbtools.JUDGE["seconds"]) is stopped there: the judge hears CallExpired."""
    import time

    from agentcourse.course import nbtools

    folder = tempfile.mkdtemp(prefix="judge-")
    channel = remote.Channel(os.path.join(folder, "judge.sock"))
    namespace = {"hang": lambda: time.sleep(30), "echo": lambda value: value}
    monkeypatch.setattr(serve, "_namespace", lambda: namespace)
    channel.begin(20, 1)
    seen = {}

    def judge():
        try:
            nbtools.JUDGE["seconds"] = 0.3
            started = time.monotonic()
            try:
                remote.Stand(channel, name="hang")()
            except remote.CallExpired:
                seen["expired"] = time.monotonic() - started
            finally:
                nbtools.JUDGE.pop("seconds", None)
            seen["echo"] = remote.Stand(channel, name="echo")("next")
        finally:
            channel.end()

    thread = threading.Thread(target=judge, daemon=True)
    thread.start()
    try:
        serve.serve(channel.path, 1)  # here, in the main thread, until the judge says done
    finally:
        thread.join(10)
        shutil.rmtree(folder, ignore_errors=True)
    assert seen.get("expired", 99) < 5 and seen.get("echo") == "next", seen


# ---------------------------------------------------------------- what a failure tells the student

SECRET = "HIDDEN-INSTANCE-5c1e"  # a hidden check's instance: the student never sees it
ECHOED = f'''"""Check that shout adds an exclamation mark."""
got = shout("visible")
assert got == "visible!", f"shout('visible') gave {{got!r}}"
### BEGIN HIDDEN TESTS
from hypothesis import strategies as st
from agentcourse.course.props import holds


@holds(st.just("{SECRET}"), st.sampled_from(["{SECRET}-a", "{SECRET}-b"]))
def _(text, other):
    got = shout(text)
    assert got == text + "!", f"shout({{text!r}}) gave {{got!r}}"
### END HIDDEN TESTS
'''
PLAIN = f'''"""Check that shout adds one exclamation mark."""
### BEGIN HIDDEN TESTS
case = "{SECRET}"
got = shout(case)
assert got == case + "!", f"shout({{case!r}}) gave {{got!r}}"
### END HIDDEN TESTS
'''
VISIBLE = '''"""Check that shout adds an exclamation mark."""
got = shout("seen by the student")
assert got == "seen by the student!", f"shout('seen by the student') gave {got!r}"
'''


def _judged_cell(monkeypatch, tmp_path, answer, source: str) -> str:
    """A test cell run by the judge (process.Judge) part by part, the kernel's end served in a
    thread with `answer` as the student's `shout`: what the feedback page shows of it."""
    import nbformat

    from agentcourse.grading.judge.execute import cell_outputs
    from agentcourse.grading.release import check_summary

    answers = _judged_parts(monkeypatch, tmp_path, answer, source)
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata = {"nbgrader": {"grade": True, "grade_id": "test_shout", "points": 1, "score": 0},
                     "agentcourse": {"judged": True}}
    cell.outputs = [nbformat.from_dict(o) for o in cell_outputs(answers, [])]
    return check_summary(cell, "Check that shout adds an exclamation mark.", 1).outputs[0]["text"]


def _judged_parts(monkeypatch, tmp_path, answer, source: str) -> list[dict]:
    """The judge's answers for each part of a test cell it ran (up to the first failing)."""
    from agentcourse.course import nbtools
    from agentcourse.grading.judge import process

    monkeypatch.setattr(serve, "_namespace", lambda: {"shout": answer})
    monkeypatch.setattr(tempfile, "tempdir", tempfile.tempdir)  # the judge points it at its scratch folder
    monkeypatch.setattr(nbtools, "JUDGE", {})
    judge = process.Judge()
    judge.start({"channel": str(tmp_path / "judge.sock"), "names": ["shout"]})
    answers = []
    for number, (hidden, piece) in enumerate(parts(source), start=1):
        thread = threading.Thread(target=serve.serve, args=(judge.channel.path, number), daemon=True)
        thread.start()
        answers.append(judge.run({"source": piece, "test": True, "seconds": 20, "part": number, "hidden": hidden}))
        thread.join(5)
        if answers[-1]["error"]:
            break
    return answers


@pytest.mark.parametrize("source, line, kind", [(ECHOED, 9, "a property over generated cases"),
                                                (PLAIN, 5, "a check")])
def test_a_hidden_checks_failure_says_which_check_failed_and_never_the_case_an_answer_echoed(
        monkeypatch, tmp_path, source, line, kind):
    """A hostile answer returns what a hidden check gave it, so the check's own message would
    quote the hidden case back (a property's smallest example too): the page says which
    check failed, by its line, and nothing of the case."""
    def echo(text):  # right on the visible case; any other comes back as it was given
        return text + "!" if text == "visible" else text

    shown = _judged_cell(monkeypatch, tmp_path, echo, source)
    assert shown.startswith("failed (0 of 1 points): AssertionError: "), shown
    assert SECRET not in shown and SECRET[-4:] not in shown, shown
    assert f"{kind} at line {line} of this cell failed on a hidden case" in shown, shown


def test_a_visible_checks_failure_keeps_its_own_message(monkeypatch, tmp_path):
    """A visible check's case is one the student runs in `lab check`: its message stays whole."""
    shown = _judged_cell(monkeypatch, tmp_path, lambda text: text.upper(), VISIBLE)
    assert "shout('seen by the student') gave 'SEEN BY THE STUDENT'" in shown, shown


def test_the_judge_shrinks_no_hidden_failure_and_a_visible_one_as_lab_check_does(monkeypatch, tmp_path):
    """A hidden failure's example is withheld, so shrinking it is work nobody reads: the judge
    runs a hidden part's properties unshrunk (props.current().shrink), and only that part."""
    from agentcourse.course import nbtools

    source = ('from agentcourse.course import props\nprint("visible", props.current().shrink)\n'
              '### BEGIN HIDDEN TESTS\nprint("hidden", props.current().shrink)\n### END HIDDEN TESTS\n'
              'print("visible", props.current().shrink)\n')
    answers = _judged_parts(monkeypatch, tmp_path, lambda text: text + "!", source)
    assert [a["stdout"] for a in answers] == ["visible True\n", "hidden False\n", "visible True\n"]
    assert "hidden" not in nbtools.JUDGE


def test_the_grader_tells_the_judge_which_part_of_a_cell_is_hidden():
    """The judge allowlists a failure's message by the part it came from: the grader says."""
    from agentcourse.grading.judge.execute import JudgeRun

    run = JudgeRun.__new__(JudgeRun)  # its pipe to a judge process, stood in for
    run.part, run.channel, sent = 0, "judge.sock", []
    run._send, run._read = sent.append, lambda seconds: {"stdout": "", "error": None}
    run.test(ECHOED, 5, lambda code: [])
    assert [(r["part"], r["hidden"]) for r in sent] == [(1, False), (2, True)]


def test_a_hidden_failure_names_only_a_builtin_exception():
    """An exception class of anyone else's (a student's, rebuilt or not) is named "Error"."""
    from agentcourse.grading.judge.process import hidden_failure

    class Leaky(Exception):
        pass

    assert hidden_failure(Leaky(SECRET))["ename"] == "Error"
    assert hidden_failure(KeyError(SECRET)) == {"ename": "KeyError", "evalue": hidden_failure(KeyError())["evalue"]}


# ---------------------------------------------------------------- a class of Lab 1, graded

LAB = "lab01"
SCAN = '''
import gc, linecache, os, sys, threading, time
FOUND = set()

def _scan():
    end = time.time() + 40
    while time.time() < end:
        texts = []
        for frame in list(sys._current_frames().values()):
            while frame is not None:
                texts += [repr(frame.f_code.co_consts), repr(frame.f_globals.get("In", ""))]
                frame = frame.f_back
        texts += ["".join(entry[2]) for entry in list(linecache.cache.values()) if len(entry) > 2]
        texts += [o for o in gc.get_objects() if isinstance(o, str) and len(o) > 40]
        texts += [repr(dict(os.environ))]
        for pid in os.listdir("/proc"):
            try:
                texts.append(open(f"/proc/{pid}/cmdline", "rb").read().decode("utf-8", "replace"))
            except OSError:
                pass
        for line in "\\n".join(texts).splitlines():
            if line not in FOUND and ("assert" in line or "lab." in line):
                FOUND.add(line)
                print("FOUND", line[:300])
        time.sleep(0.3)

threading.Thread(target=_scan, daemon=True).start()


class _Prompt(str):
    def __eq__(self, other):
        return True
    def __hash__(self):
        return 0
    def __contains__(self, item):
        return True


SYSTEM_PROMPT = _Prompt("You are a coding assistant.")
'''
CURIOUS = "import inspect\nimport os\n\n_mine = sorted(vars())\n_names = list(globals())\n_here = os.getcwd()\n\n"
LYING_TOOLS = "class _All(list):\n    def __eq__(self, other):\n        return True\n\nTOOLS = _All()\n"


def hidden_lines(lab: str) -> list[str]:
    nb = nbfile.read_notebook(REPO_ROOT / "solutions" / lab / f"{lab}.ipynb")
    lines = []
    for cell in nbfile.grade_cells(nb):
        source = next(c.source for c in nb.cells if nbfile.grade_id(c) == cell.grade_id)
        for hidden, text in parts(source):
            lines += [ln.strip() for ln in text.splitlines() if hidden and len(ln.strip()) > 25]
    return lines


@pytest.mark.slow
def test_a_judged_lab_grades_the_solution_whole_and_an_attacker_finds_no_hidden_line_and_earns_nothing(tmp_path):
    from test_wrong_graded import submission

    from agentcourse.grading import pipeline as grading
    from agentcourse.grading import results

    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp_path / "submissions"
    curious = {"system_prompt": lambda source: CURIOUS + source}  # honest, in a style a deny-list flags
    for student, answers in (("good", {}), ("thief", {"system_prompt": SCAN, "tools": LYING_TOOLS}),
                             ("curious", curious)):
        (subs / student).mkdir(parents=True)
        nbfile.write_notebook(submission(LAB, answers), subs / student / f"{LAB}.ipynb")
    report = grading.grade(LAB, subs, results.GradeConfig(jobs=2, property_examples=2, course_root=course,
                                                          feedback=False))
    by = {r.student: r for r in report.results}
    full = sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(REPO_ROOT / "solutions" / LAB / f"{LAB}.ipynb")))
    assert (by["good"].status, by["good"].total) == ("ok", full), by["good"]
    assert by["thief"].total == 0, by["thief"]
    assert (by["curious"].status, by["curious"].total, by["curious"].review) == ("ok", full, []), by["curious"]
    hidden = hidden_lines(LAB)
    assert hidden
    for student in ("good", "thief", "curious"):
        graded = nbfile.read_notebook(course / ".grading" / "autograded" / student / LAB / f"{LAB}.ipynb")
        tests = [c for c in graded.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
        assert tests and all(c.metadata.get("agentcourse", {}).get("judged") for c in tests)
        shown = json.dumps([c.get("outputs", []) for c in graded.cells if c.cell_type == "code"])
        assert not [line for line in hidden if line in shown], student


SLOW_WHEN_JUDGED = '''
import inspect as _inspect
import time as _time

_answer = run_turn


def run_turn(client, messages):
    """The worked answer, but stuck for good on its first call from a check in the judge."""
    judged = any("judge" in frame.filename for frame in _inspect.stack())
    if judged and not _stuck:
        _stuck.append(True)
        _time.sleep(3600)
    return _answer(client, messages)


_stuck = []
'''


@pytest.mark.slow
def test_a_judged_cell_whose_time_runs_out_is_a_timeout_to_regrade_never_a_silent_loss(tmp_path):
    """Lab 2, judged, with a short cell timeout: the answer's first call from a check never
    returns. The judge's deadline for that cell passes; the grade says `timeout` and names
    the cell (as for an unjudged cell), so an instructor regrades with a longer --timeout
    instead of a student losing points because a machine was busy."""
    from test_grading import answered

    from agentcourse.grading import pipeline as grading
    from agentcourse.grading import results

    course, subs = tmp_path / "course", tmp_path / "submissions"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    answered(subs / "slow" / "lab02.ipynb", extra=SLOW_WHEN_JUDGED)
    # Long enough for the setup cell on a slow or busy machine; the stuck call outlasts any.
    report = grading.grade("lab02", subs, results.GradeConfig(jobs=1, cell_timeout=round(within(5)), property_examples=2,
                                                              course_root=course, feedback=False))
    slow = report.results[0]
    assert slow.status == "timeout", slow
    assert "test_failed_tool_is_flagged" in slow.detail, slow.detail


# ---------------------------------------------------------------- lab check, judged


@pytest.mark.slow
def test_lab_check_of_a_judged_lab_runs_its_visible_checks_in_the_judge(tmp_path):
    """`agentcourse lab check` on a judged lab (Lab 2): the worked solution passes every visible
    check, a known-wrong answer fails one, and the checks ran in the judge, as in grading."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_integrity import cases
    from test_wrong_graded import submission

    from agentcourse.course.lab_check import check_notebook
    from agentcourse.grading.labcheck import judged_run

    release = REPO_ROOT / "labs" / "lab02" / "lab02.ipynb"
    seen = []

    def run(nb, folder, config, meta):
        problem = judged_run(nb, folder, config, meta)
        seen.append([c.metadata.get("agentcourse", {}).get("judged") for c in nb.cells
                     if c.get("metadata", {}).get("nbgrader", {}).get("grade")])
        return problem

    wrong = sorted(cases("lab02", "WRONG"))[0]
    for name, replacements in (("solution", {}), (wrong, cases("lab02", "WRONG")[wrong])):
        path = tmp_path / name / "lab02.ipynb"
        path.parent.mkdir()
        nbfile.write_notebook(submission("lab02", replacements), path)
        report = check_notebook(path, release, run=run)
        assert report.problem == "" and report.passed == (name == "solution"), (name, report.outcomes)
        assert seen[-1] and all(seen[-1]), "every test cell ran in the judge"


@pytest.mark.slow
@pytest.mark.parametrize("confined", [True, False])
def test_lab_check_of_lab_4_measures_a_read_in_the_kernel_and_survives_a_hung_call(tmp_path, monkeypatch, confined):
    """Lab 4, judged: its streaming check's file runs on past the kernel's memory limit (the
    sandbox's; an unconfined kernel is given it), so a read_lines that reads the whole file
    fails in the kernel, and a read_lines that opens a FIFO is stopped at the check's time
    limit while the kernel goes on serving: every other check of the lab still passes."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_integrity import cases
    from test_wrong_graded import submission

    from agentcourse.course.lab_check import check_notebook
    from agentcourse.grading import labcheck
    from agentcourse.grading.sandbox import bwrap, confine

    if confined and bwrap.confinement_problem() is not None:
        pytest.skip(bwrap.confinement_problem())
    if not confined:
        monkeypatch.setattr(bwrap, "confinement_problem", lambda: "unconfined for this test")
    # Where an unconfined judge makes its folder: each is removed once its notebook is done.
    judges = Path(tempfile.mkdtemp(prefix="jt-", dir="/tmp"))
    monkeypatch.setattr(confine, "socket_parent", lambda: str(judges))
    release = REPO_ROOT / "labs" / "lab04" / "lab04.ipynb"
    wrong = cases("lab04", "WRONG")
    runs = {"solution": {}, "read-lines-binary-whole-file": wrong["read-lines-binary-whole-file"]}
    if confined:
        runs["read-lines-opens-fifos"] = wrong["read-lines-opens-fifos"]
    for name, replacements in runs.items():
        path = tmp_path / name / "lab04.ipynb"
        path.parent.mkdir()
        nbfile.write_notebook(submission("lab04", replacements), path)
        report = check_notebook(path, release, run=labcheck.judged_run)
        failed = {o.grade_id: o.error for o in report.outcomes if not o.passed}
        assert report.problem == "", (name, report.problem)
        if name == "solution":
            assert not failed, failed
        else:
            assert list(failed) == ["test_read_lines_visible"], (name, failed)
            assert ("MemoryError" if "whole" in name else "did not return within 1.0 s") in failed["test_read_lines_visible"]
    assert list(judges.iterdir()) == []
    judges.rmdir()


def test_the_tutor_beside_the_judge_tells_the_kernel_nothing_the_judge_sent_it():
    """The kernel reaches the judge's tutor through its socket: what the judge's own checks sent
    (a hidden case's text, say) is never in any answer the kernel can ask for."""
    import http.client

    from agentcourse.course import nbtools
    from agentcourse.tutor import TutorConfig

    secret = "HIDDEN-CASE-7f3a"
    with nbtools.tutor(TutorConfig(ledger=[].append)) as url:
        judge = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0)
        judge.messages.create(model="claude-sonnet-4-6", max_tokens=64,
                              messages=[{"role": "user", "content": f"Say {secret}."}])
        host, port = url.removeprefix("http://").split(":")
        answers = []
        for method, path in [("GET", "/v1/models"), ("GET", "/v1/messages/batches"),
                             ("GET", "/v1/messages/batches/msgbatch_1"), ("GET", "/v1/messages"),
                             ("GET", "/"), ("GET", "/v1/log"), ("GET", "/v1/ledger"), ("DELETE", "/v1/models")]:
            conn = http.client.HTTPConnection(host, int(port), timeout=5)
            conn.request(method, path, headers={"x-api-key": "tutor-offline", "anthropic-version": "2023-06-01"})
            answers.append(conn.getresponse().read().decode("utf-8", "replace"))
            conn.close()
    assert answers and not [a for a in answers if secret in a]


@pytest.mark.slow
def test_what_a_students_code_shows_while_a_hidden_check_calls_it_never_reaches_its_answer_cell(tmp_path):
    """Lab 2, judged: the answer cell opens a display and run_turn updates it with every request
    it is given, hidden cases' too (and prints under the answer cell's header); the graded
    answer cell keeps only what it showed when it ran."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    import judge_corpus

    from agentcourse.grading import pipeline as grading
    from agentcourse.grading import results

    case = next(c for c in judge_corpus.CASES if c.student == "a2-frames-display")
    course, subs = tmp_path / "course", tmp_path / "submissions"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    (subs / case.student).mkdir(parents=True)
    nbfile.write_notebook(judge_corpus.submission(case), subs / case.student / "lab02.ipynb")
    grading.grade("lab02", subs, results.GradeConfig(jobs=1, property_examples=2, course_root=course, feedback=False))
    graded = nbfile.read_notebook(course / ".grading" / "autograded" / case.student / "lab02" / "lab02.ipynb")
    answer = next(c for c in graded.cells if nbfile.grade_id(c) == "run_turn")
    shown = json.dumps(answer.get("outputs", []))
    assert "notes on run_turn" in shown and "requests:" not in shown, shown[:500]


# ---------------------------------------------------------------- Lab 3: renames seen from outside

WRITE = '''
import os, sys, tempfile
target, text, how = sys.argv[1], sys.argv[2], sys.argv[3]
folder = os.path.dirname(target)
if how == "patched-replace":  # the solution's steps, with os.replace patched to write in place
    def replace(src, dst):
        with open(src, "rb") as f, open(dst, "wb") as g:
            g.write(f.read())
        os.unlink(src)
    os.replace = replace
tmp_folder = tempfile.mkdtemp(dir=os.path.dirname(folder)) if how == "elsewhere" else folder
fd, tmp = tempfile.mkstemp(dir=tmp_folder)
with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
    f.write(text)
if how == "libc":  # renameat2, a system call of its own
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.renameat2(-100, os.fsencode(tmp), -100, os.fsencode(target), 0) == 0
elif how == "deletes-first":
    os.unlink(target)
    os.rename(tmp, target)
elif how == "appends-after":
    os.replace(tmp, target)
    with open(target, "a") as f:
        f.write("!")
else:
    os.replace(tmp, target)
'''


@pytest.mark.parametrize("how, seen", [
    ("replace", (True, True, True, False)),
    ("libc", (True, True, True, False)),
    ("patched-replace", None),  # no rename at all: what the student's process says is never asked
    ("elsewhere", (False, False, True, False)),  # nothing known of a file from elsewhere
    ("deletes-first", (True, True, False, False)),
    ("appends-after", (True, True, True, True)),
])
def test_lab_3s_rename_check_reads_the_folder_not_the_process_that_writes(tmp_path, how, seen):
    """Lab 3's write_atomically, run in another process (as the kernel is to the judge): the
    check watches the target's folder (inotify) and learns what happened there, whatever that
    process patched or called: a rename through a system call of its own is a rename; an
    os.replace patched to write in place is none; a temporary file from another folder, an old
    file deleted first, a write after the swap are each seen for what they are."""
    import subprocess
    import sys

    from agentcourse.course.scaffold import swaps

    if not swaps.can_watch():
        pytest.skip("inotify is Linux's")
    folder = tmp_path / "proj" / "pkg"
    folder.mkdir(parents=True)
    target = folder / "utils.py"
    target.write_text("old\n")
    with swaps.swaps(folder, judged=True) as found:
        subprocess.run([sys.executable, "-c", WRITE, str(target), "new\r\n", how], check=True)
    onto = [s for s in found if s.target == "utils.py"]
    if seen is None:
        assert onto == [] and target.read_bytes() == b"new\r\n"
        return
    assert len(onto) == 1, found
    swap = onto[0]
    assert (swap.made_here, swap.closed_first, swap.target_kept, swap.rewritten) == seen, swap
    assert (swap.source is None) == (how == "elsewhere")


def test_two_writes_are_told_apart_by_their_temporary_names_and_a_fixed_name_is_seen():
    from agentcourse.course.scaffold.swaps import (
        IN_CLOSE_WRITE,
        IN_CREATE,
        IN_MODIFY,
        IN_MOVED_FROM,
        IN_MOVED_TO,
        Event,
        read_swaps,
    )

    def write(name, cookie):
        return [Event(IN_CREATE, name, 0), Event(IN_MODIFY, name, 0), Event(IN_CLOSE_WRITE, name, 0),
                Event(IN_MOVED_FROM, name, cookie), Event(IN_MOVED_TO, "a.py", cookie)]

    fixed = read_swaps(write("a.py.tmp", 1) + write("a.py.tmp", 2))
    assert [s.source for s in fixed] == ["a.py.tmp", "a.py.tmp"] and all(s.made_here and s.closed_first for s in fixed)
    open_still = read_swaps([Event(IN_CREATE, "t", 0), Event(IN_CLOSE_WRITE, "t", 0), Event(IN_MODIFY, "t", 0),
                             Event(IN_MOVED_FROM, "t", 5), Event(IN_MOVED_TO, "a.py", 5)])
    assert not open_still[0].closed_first, "written again after its close: not whole at the swap"
    with pytest.raises(AssertionError, match="too many changes"):
        read_swaps([Event(0x4000, "", 0)])


def test_without_inotify_a_notebook_watches_its_own_renames_and_the_judge_never_does(tmp_path, monkeypatch):
    """A student's own notebook on a system without inotify watches os.replace in-process (it
    decides no grade there); the judge refuses to, since the student's code runs elsewhere."""
    import tempfile as _tempfile

    from agentcourse.course import nbtools
    from agentcourse.course.scaffold import swaps

    monkeypatch.setattr(swaps, "can_watch", lambda: False)
    target = tmp_path / "a.py"
    target.write_text("old\n")
    with swaps.swaps(tmp_path) as found:
        fd, tmp = _tempfile.mkstemp(dir=tmp_path)
        with os.fdopen(fd, "w") as f:
            f.write("new\n")
        os.replace(tmp, target)
    assert [(s.target, s.made_here, s.closed_first, s.target_kept) for s in found] == [("a.py", True, True, True)]
    with pytest.raises(RuntimeError, match="inotify"), swaps.swaps(tmp_path, judged=True):
        pass
    monkeypatch.setenv(nbtools.ROLE, "judge")
    with pytest.raises(RuntimeError, match="never watches"), swaps.watch_in_process(tmp_path):
        pass


@pytest.mark.slow
@pytest.mark.parametrize("confined", [True, False])
def test_lab_check_of_lab_3_runs_in_the_judge_and_no_patch_in_the_kernel_fools_its_rename_check(
        tmp_path, monkeypatch, confined):
    """Lab 3, judged: the worked solution passes every visible check, one whose renames go
    through libc's renameat2 too; one whose kernel patches os.replace to write in place (the
    solution's steps otherwise) fails the rename checks, and a plain wrong answer fails."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_integrity import cases
    from test_wrong_graded import submission

    from agentcourse.course.lab_check import check_notebook
    from agentcourse.grading import labcheck
    from agentcourse.grading.sandbox import bwrap

    if confined and bwrap.confinement_problem() is not None:
        pytest.skip(bwrap.confinement_problem())
    if not confined:
        monkeypatch.setattr(bwrap, "confinement_problem", lambda: "unconfined for this test")
    release = REPO_ROOT / "labs" / "lab03" / "lab03.ipynb"
    libc = ("import ctypes as _ctypes\n_libc = _ctypes.CDLL(None, use_errno=True)\n\n\n"
            "def _rename(src, dst):\n"
            "    if _libc.renameat2(-100, os.fsencode(src), -100, os.fsencode(dst), 0) != 0:\n"
            "        raise OSError(_ctypes.get_errno(), 'renameat2 failed')\n\n\n")
    patched = ("def _in_place(src, dst):\n"
               "    with open(src, 'rb') as f, open(dst, 'wb') as g:\n"
               "        g.write(f.read())\n"
               "    os.unlink(src)\n\n\n"
               "os.replace = _in_place\n\n\n")
    runs = {
        "solution": ({}, []),
        "libc": ({"write_atomically": lambda s: libc + s.replace("os.replace(tmp, target)", "_rename(tmp, target)")}, []),
        "patched": ({"write_atomically": lambda s: patched + s},
                    ["test_write_swaps_by_rename", "test_edit_creates", "test_edit_writes_atomically"]),
        "non-atomic-write": (cases("lab03", "WRONG")["non-atomic-write"], None),
    }
    for name, (replacements, expected) in runs.items():
        path = tmp_path / name / "lab03.ipynb"
        path.parent.mkdir()
        nbfile.write_notebook(submission("lab03", replacements), path)
        report = check_notebook(path, release, run=labcheck.judged_run)
        failed = {o.grade_id: o.error for o in report.outcomes if not o.passed}
        assert report.problem == "", (name, report.problem)
        assert report.outcomes and all(o.grade_id for o in report.outcomes)
        if expected is None:
            assert "test_write_swaps_by_rename" in failed, (name, failed)
        else:
            assert sorted(failed) == sorted(expected), (name, failed)


@pytest.mark.slow
def test_lab_3_graded_by_the_judge_gives_the_solution_full_marks_and_its_hidden_lines_stay_there(tmp_path):
    """Lab 3 graded (nbgrader, confined kernels when the system has them): the worked solution
    scores full marks, the blank release 0, and a student whose answer cell searches its
    kernel (frames, strings, files, other processes) for the hidden checks scores full marks
    with nothing of them in any output."""
    from test_wrong_graded import submission

    from agentcourse.course import labs
    from agentcourse.grading import pipeline as grading
    from agentcourse.grading import results

    course = tmp_path / "course"
    course.mkdir()
    shutil.copy(REPO_ROOT / "nbgrader_config.py", course / "nbgrader_config.py")
    os.symlink(REPO_ROOT / "solutions", course / "solutions")
    subs = tmp_path / "submissions"
    scanner = SCAN.split("\n\nclass _Prompt")[0] + "\n\n\n"
    for student, nb in (("good", submission("lab03", {})),
                        ("blank", nbfile.read_notebook(labs.released_notebook("lab03"))),
                        ("thief", submission("lab03", {"resolve_in_root": lambda source: scanner + source}))):
        (subs / student).mkdir(parents=True)
        nbfile.write_notebook(nb, subs / student / "lab03.ipynb")
    report = grading.grade("lab03", subs, results.GradeConfig(jobs=2, property_examples=2, course_root=course,
                                                              feedback=False))
    by = {r.student: r for r in report.results}
    full = sum(c.points for c in nbfile.grade_cells(nbfile.read_notebook(REPO_ROOT / "solutions" / "lab03" / "lab03.ipynb")))
    assert (by["good"].status, by["good"].total) == ("ok", full), by["good"]
    assert by["blank"].total == 0, by["blank"]
    assert (by["thief"].status, by["thief"].total) == ("ok", full), by["thief"]
    hidden = hidden_lines("lab03")
    assert hidden
    for student in ("good", "thief"):
        graded = nbfile.read_notebook(course / ".grading" / "autograded" / student / "lab03" / "lab03.ipynb")
        tests = [c for c in graded.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
        assert tests and all(c.metadata.get("agentcourse", {}).get("judged") for c in tests)
        shown = json.dumps([c.get("outputs", []) for c in graded.cells if c.cell_type == "code"])
        assert not [line for line in hidden if line in shown], student
