"""Lab 9 teaches checkpoint 09's design, and its references are checkpoint 09's own rules: the
plan's reference agrees with planning.Plan.update, the matcher's and the PreToolUse
reference with hooks.py, the changes' and the undo's with undo.py, on the instances the
lab's checks generate. Task 1's reference is the SDK's accumulator, which checkpoint 09's
streaming.py calls through `client.messages.stream`. And every graded cell has visible checks
of its own, so a hidden region only adds instances of that kind."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, seed, settings

from agentcourse.course import nbfile
from agentcourse.course.scaffold import lab09 as scaffold
from agentcourse.course.scaffold.judged import lab09 as judged
from agentcourse.paths import REPO_ROOT, load_program

NOTEBOOK = nbfile.read_notebook(REPO_ROOT / "solutions" / "lab09" / "lab09.ipynb")
CHECKPOINT = REPO_ROOT / "checkpoints" / "09-harness"
MANY = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


def test_every_graded_cell_has_visible_checks():
    cells = nbfile.grade_cells(NOTEBOOK)
    assert len(cells) >= 14, "one check cell per kind of case"
    for cell in cells:
        visible = nbfile.strip_hidden(cell.source)
        asserts = [line for line in visible.splitlines() if line.strip().startswith(("assert", "for ", "@holds"))]
        assert asserts, f"{cell.grade_id} checks nothing the student can see"
        assert nbfile.BEGIN_HIDDEN in cell.source, f"{cell.grade_id}: grading adds no instances"


@pytest.fixture(scope="module")
def planning():
    return load_program(CHECKPOINT / "planning.py", name="lab09_checkpoint_planning")


@pytest.fixture(scope="module")
def hooks():
    return load_program(CHECKPOINT / "hooks.py", name="lab09_checkpoint_hooks")


@pytest.fixture(scope="module")
def undo():
    return load_program(CHECKPOINT / "undo.py", name="lab09_checkpoint_undo")


def test_the_plan_limits_and_marks_are_checkpoint_09s(planning):
    assert (scaffold.MAX_STEPS, scaffold.MAX_CHARS, scaffold.MARKS) == (planning.MAX_TASKS, planning.MAX_CHARS, planning.MARKS)


def test_the_plan_reference_is_checkpoint_09s_plan(planning):
    @seed(9)
    @MANY
    @given(scaffold.plan_runs(adds=3) | scaffold.plan_runs(adds=12) | scaffold.plan_runs())
    def check(run):
        theirs, mine = planning.Plan(), []
        for action, task, number in run:
            said, want = theirs.update(action, task, number), judged.reference_update(mine, action, task, number)
            assert said.startswith("Error:") == (want == "Error"), (action, task, number, said)
            assert [{"task": t.text, "state": t.state} for t in theirs.tasks] == mine
            if want != "Error":
                assert said == want

    check()


def test_the_matcher_reference_is_checkpoint_09s(hooks):
    for matcher in scaffold.MATCHERS:
        for tool in scaffold.TOOL_NAMES:
            hook = hooks.Hook("PreToolUse", matcher, "x")
            assert hooks._matches(hook, tool) == judged.reference_matches(matcher, tool), (matcher, tool)


def test_the_pre_tool_use_reference_is_checkpoint_09s(hooks):
    @seed(9)
    @MANY
    @given(scaffold.hook_cases())
    def check(case):
        listed, tool, tool_input, table = case
        ran = []

        def shell(script: str) -> str:  # bash_session's way: output, then the status if not 0
            command = script.split("\n")[1]
            ran.append(command)
            status, output = table.get(command, (0, ""))
            return (output or "(no output)") + (f"\n[exit status {status}]" if status else "")

        runner = hooks.Hooks(run=shell, hooks=[hooks.Hook(h["event"], h["matcher"], h["command"]) for h in listed])
        refusal = runner.before(tool, tool_input)
        refuser, want = judged.reference_before(listed, tool, tool_input, table)
        assert ran == want
        assert (refusal is None) == (refuser is None), (refusal, refuser)
        if refuser is not None:
            assert refusal.startswith("Error:") and refuser in refusal and table[refuser][1].strip() in refusal

    check()


def test_the_changes_and_undo_references_are_checkpoint_09s(undo, tmp_path):
    @seed(9)
    @MANY
    @given(scaffold.turns(since=2))
    def check(case):
        before, after, now = case
        theirs = [(c.path, c.before, c.after) for c in undo.changes(before, after)]
        assert theirs == judged.reference_changes(before, after)
        project = tmp_path / "p"
        if project.exists():
            import shutil

            shutil.rmtree(project)
        for path, data in now.items():
            (project / path).parent.mkdir(parents=True, exist_ok=True)
            (project / path).write_bytes(data)
        project.mkdir(exist_ok=True)

        def write(path: str, data: bytes) -> None:
            (project / path).parent.mkdir(parents=True, exist_ok=True)
            (project / path).write_bytes(data)

        keeper = undo.Undo(write=write, turns=[(1, undo.changes(before, after))])
        lines = keeper.undo(str(project))
        want_project, want_left = judged.reference_undo(judged.reference_changes(before, after), now)
        assert undo.snapshot(str(project)) == want_project
        left = sorted(m.group(1) for line in lines if (m := re.search(r"\[undo\] (\S+) .* left alone", line)))
        assert left == want_left, lines

    check()


@pytest.fixture(scope="module")
def fence():
    return load_program(CHECKPOINT / "fence.py", name="lab09_checkpoint_fence")


class _Guard:
    """Checkpoint 09's guardrail as Fence meets it: check() follows the lab's Strict verdicts
    (a yes to every question), ask() is a question to cross, answered no so nothing runs."""

    def __init__(self, verdicts: dict, refusal: str) -> None:
        self.verdicts, self.refusal, self.search, self.seen = verdicts, refusal, None, []

    def check(self, command: str) -> str | None:
        verdict = scaffold.Strict(self.verdicts)(command)
        self.seen.append(verdict)
        return self.refusal if verdict == "refuse" else None

    def ask(self, command: str, programs: list, reason: str) -> str:
        self.seen.append("network" if "with the network" in reason else "outside")
        return "n"


class _Session:
    """A shell that prints what the sandbox's operating system says when `stops` says it stopped."""

    def __init__(self, fenced: bool, limits: object) -> None:
        self.fenced, self.stops, self.ran = fenced, None, 0
        self.policy = type("Policy", (), {"sandbox": type("Sandbox", (), {"readable": (), "writable": (), "limits": limits})()})()

    def run(self, command: str) -> str:
        self.ran += 1
        said = {scaffold.NETWORK: "curl: (6) Could not resolve host: pypi.org",
                scaffold.READ_ONLY: "touch: cannot touch 'x': Read-only file system"}
        return said.get(self.stops, "ok")


def test_the_modes_reference_is_checkpoint_09s_fence(fence):
    """What checkpoint 09's Fence.run does with each command (runs it unasked, asks to cross,
    or leaves it to the guardrail) is the reference's decision, on the runs the lab's checks
    generate; and the commands the fence records as stopped are the ones the checks add."""
    @seed(9)
    @MANY
    @given(scaffold.mode_runs() | scaffold.mode_runs(kind="strict") | scaffold.mode_runs(stops=False))
    def check(run):
        mode, sandbox, verdicts, steps = run
        guard, session = _Guard(verdicts, fence.guardrail.REFUSAL), _Session(bool(sandbox), fence.limits.Limits())
        theirs, mine = fence.Fence(guard, session, mode=mode), {}
        for command, stopped in steps:
            guard.seen, session.ran, session.stops = [], 0, stopped
            want = judged.reference_decide(mode, sandbox, command, mine, scaffold.Strict(verdicts))
            theirs.run(command)
            did = guard.seen or (["run"] if session.ran == 1 else [])
            assert did == [want], (mode, sandbox, command, want, did)
            if stopped and sandbox and want in ("run", "ask"):  # as the lab's checks add it
                mine[command] = stopped
            assert mine == theirs.blocked, (mine, theirs.blocked)

    check()
