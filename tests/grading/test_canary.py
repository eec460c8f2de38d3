"""agentcourse/grading/integrity/canary.py: which assertions a canary may change, how, and that every canary
of every lab fails where its test passes (run in this process, with the lab's solution).
The canary run inside real grading is in tests/grading/test_grading_attacks.py."""

from __future__ import annotations

import ast
import random

import nbformat
import pytest

from agentcourse.course import nbfile, nbrun
from agentcourse.grading.integrity import canary
from agentcourse.paths import REPO_ROOT

SOLUTIONS = REPO_ROOT / "solutions"
ALL_LABS = sorted(p.name for p in SOLUTIONS.iterdir() if (p / f"{p.name}.ipynb").is_file())


def cell(visible: str, hidden: str) -> str:
    return f'"""Check x"""\n{visible}\n### BEGIN HIDDEN TESTS\n{hidden}\n### END HIDDEN TESTS'


def changed(source: str) -> list[str]:
    """The hidden line each canary of the source changes, as the canary has it."""
    return [canary.apply(source, c).splitlines()[c.line - 1] for c in canary.changes(source)]


@pytest.mark.parametrize(("hidden", "canaries"), [
    ("assert len(r) == 2", ["assert len(r) == 3"]),
    ("assert f(x) == True, 'msg'", ["assert f(x) == False, 'msg'"]),
    ("assert kind == \"OverloadedError\"", ["assert kind == \"OverloadedErros\""]),
    ("assert kind == 'a b!'", ["assert kind == 'a b'"]),
    ("assert roles == ['user', 'assistant']", ["assert roles == ['user', 'assistanu']"]),
    ("assert data == b'x'", ["assert data == b'y'"]),
    ("assert out == ''", ["assert out == ' '"]),
    ("assert value == None", ["assert value != None"]),
    ("assert a == b", ["assert a != b"]),
    ("assert a != b", ["assert a == b"]),
    ("assert 'x' in text", ["assert 'x' not in text"]),
    ("assert 'x' not in text", ["assert 'x' in text"]),
    ("assert r is None", ["assert r is not None"]),
    ("assert run.calls, 'no call'", ["assert not run.calls, 'no call'"]),
    ("assert not errors(m)", ["assert errors(m)"]),
    ("assert f(x)[0]", ["assert not f(x)[0]"]),
    ("assert calls == 1 and kinds(r) == [True]", ["assert calls == 1 and kinds(r) == [False]"]),
    ("assert ok(a) and done", ["assert ok(a) and not done"]),
])
def test_a_canary_changes_one_token_of_a_hidden_assertion(hidden, canaries):
    source = cell("assert visible()", hidden)
    assert changed(source) == canaries
    for change in canary.changes(source):
        new = canary.apply(source, change)
        assert nbfile.strip_hidden(new) == nbfile.strip_hidden(source), "the visible part is the release's"
        assert nbfile.hidden_checks(new) == nbfile.hidden_checks(source)


@pytest.mark.parametrize("hidden", [
    "if flag:\n    assert x == 1",  # a branch
    "for item in items:\n    assert item == 1",  # a loop
    "def check():\n    assert x == 1",  # a function
    "try:\n    assert x == 1\nexcept ValueError:\n    pass",  # a handler may skip it
    "with contextlib.suppress(ValueError):\n    f()\n    assert x == 1",  # may be skipped
    "assert a < b",  # an order: not changed
    "assert a == b == c",  # a chain
    "assert x or y",
    "assert a and (b or c)",
    "assert f'{x}'",
    "check_cap('x', 5)",  # a helper call: what it returns is not known
])
def test_an_assertion_that_may_not_run_or_cannot_be_turned_is_never_changed(hidden):
    assert canary.changes(cell("assert visible()", hidden)) == []


def test_assertions_in_plain_with_and_try_finally_blocks_are_changed():
    hidden = ("with nbtools.project() as root:\n    assert n == 1\n"
              "try:\n    assert m == 2\nfinally:\n    assert k == 3")
    assert changed(cell("x = 1", hidden)) == ["    assert n == 2", "    assert m == 3", "    assert k == 4"]


def test_a_visible_assertion_and_a_cell_without_hidden_tests_get_no_canary():
    assert canary.changes('"""Check"""\nassert a == 1\nassert b') == []
    assert changed(cell("assert a == 1", "assert b == 2")) == ["assert b == 3"]


def test_a_canary_plan_takes_a_test_that_passed_and_cuts_the_run_after_it():
    source = nbformat.v4.new_notebook()
    source.cells = [nbformat.v4.new_code_cell("setup = 1"), nbformat.v4.new_code_cell("answer = 2"),
                    nbformat.v4.new_code_cell(cell("assert answer", "assert answer == 2")),
                    nbformat.v4.new_code_cell(cell("assert answer", "assert answer == 2")),
                    nbformat.v4.new_code_cell("teardown")]
    for i, gid in ((2, "t_passed"), (3, "t_failed")):
        source.cells[i].metadata["nbgrader"] = {"grade": True, "grade_id": gid, "points": 1}
    graded = nbformat.from_dict(source)
    for index, c in enumerate(graded.cells):
        c.execution_count = index + 1
    graded.cells[3].outputs = [nbformat.v4.new_output("error", ename="AssertionError", evalue="", traceback=[])]
    plan = canary.plan(source, graded, {"t_passed", "t_failed"}, random.Random(0))
    assert (plan.twin, plan.index, plan.line) == ("t_passed", 2, 4)
    assert [c.source for c in plan.notebook.cells[:2]] == ["setup = 1", "answer = 2"]
    assert len(plan.notebook.cells) == 3 and "assert answer == 3" in plan.notebook.cells[2].source
    assert source.cells[2].source.endswith("assert answer == 2\n### END HIDDEN TESTS"), "the graded notebook is left alone"
    graded.cells[2].outputs = [nbformat.v4.new_output("stream", name="stderr", text="warning")]
    assert canary.plan(source, graded, {"t_passed", "t_failed"}) is None, "stderr costs the points: not passed"


def test_a_cell_passed_only_when_it_ran_without_an_error_or_stderr():
    ran = nbformat.v4.new_code_cell("x")
    assert not canary.passed(ran)
    ran.execution_count = 3
    assert canary.passed(ran)
    ran.outputs = [nbformat.v4.new_output("stream", name="stdout", text="fine")]
    assert canary.passed(ran)
    ran.outputs.append(nbformat.v4.new_output("error", ename="AssertionError", evalue="", traceback=[]))
    assert not canary.passed(ran)


def _with_canaries_after_their_tests(lab: str) -> tuple[nbformat.NotebookNode, dict[str, str]]:
    """The lab's solution with every canary of every test cell right after its test: grade_id
    of each canary cell -> the line it changed."""
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    cells, lines = [], {}
    for c in nb.cells:
        cells.append(c)
        gid = nbfile.grade_id(c)
        if not c.metadata.get("nbgrader", {}).get("grade") or c.metadata["nbgrader"].get("solution"):
            continue
        for k, change in enumerate(canary.changes(c.source)):
            twin = nbformat.v4.new_code_cell(canary.apply(c.source, change))
            twin.metadata["nbgrader"] = {"grade": True, "grade_id": f"{gid}~canary{k}", "points": 1}
            cells.append(twin)
            lines[f"{gid}~canary{k}"] = canary.apply(c.source, change).splitlines()[change.line - 1].strip()
    nb.cells = cells
    return nb, lines


@pytest.mark.slow
@pytest.mark.parametrize("lab", ALL_LABS)
def test_every_canary_of_every_lab_fails_where_its_test_passes(lab):
    """Run in this process, with the lab's worked solution: every test passes, every canary
    fails, on the assertion it changed."""
    nb, lines = _with_canaries_after_their_tests(lab)
    results = nbrun.run_cells(nb)
    tests = {k: r for k, r in results.items() if "~canary" not in k}
    assert not [k for k, r in tests.items() if r.error], "the solution passes every test"
    for gid, line in lines.items():
        assert results[gid].error.startswith("AssertionError"), (gid, line, results[gid].error)


def test_every_lab_has_canaries_and_each_parses():
    for lab in ALL_LABS:
        nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
        made = [canary.apply(c.source, change) for c in nb.cells for change in canary.changes(c.source)]
        assert made, lab
        for source in made:
            ast.parse(source)


def test_instructors_page_quotes_the_points_canaries_cover_per_lab():
    """docs/INSTRUCTORS.md ("What remains out of reach") states, per lab, how many of its
    test points have a canary: recomputed here from every lab's test cells."""
    import re

    covered, total, parts = 0, 0, []
    for lab in ALL_LABS:
        nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
        mine = every = 0
        for item in nb.cells:
            meta = item.metadata.get("nbgrader", {})
            if item.cell_type == "code" and meta.get("grade") and not meta.get("solution"):
                every += meta.get("points", 0)
                mine += meta.get("points", 0) if canary.changes(item.source) else 0
        parts.append(f"{int(lab[3:])}: {mine:g} of {every:g}")
        covered, total = covered + mine, total + every
    expected = f"lab: {', '.join(parts)} ({covered:g} of {total:g})"
    page = " ".join((REPO_ROOT / "docs" / "INSTRUCTORS.md").read_text(encoding="utf-8").split())
    assert expected in page, f"docs/INSTRUCTORS.md should say: {expected}"
    assert re.search(r"Points covered by canaries, per lab: 1:", page)
