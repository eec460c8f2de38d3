"""fix-failing-test: "One of the tests fails. Find out which and fix the code, not the test."

A module of four small functions and a test file with one test each; one function has a
seeded bug from BUGS (a wrong operator, an off-by-one, a wrong constant). Solved when the
tests pass when the judge runs them, on the files after the turn, together with a check
of its own on another input (so a special case for the test's numbers does not pass);
the test file is unchanged, and only the buggy function's lines changed. Needs a shell:
without one the turn says so and changes nothing. The tutor's move (run, read, fix the
line it recognises, run again) is agentcourse/tutor/act/families/fix_failing_test.py.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import (
    read_before_change,
    scripted,
    unchanged_except,
    write_project,
)
from agentcourse.arena.families.words import module_name, rng
from agentcourse.tutor.act.families.fix_failing_test import FIXES

NAME = "fix-failing-test"
PHRASES = ("One of the tests fails. Find out which and fix the code, not the test.",
           "A test is failing. Find it and fix the bug in the code; leave the tests as they are.",
           "Something broke and a test fails now. Fix the code (not the tests) so they all pass.")
# (function, parameters, docstring, the test's assert, the judge's own check): the bug in each
# is the wrong line of the tutor's FIXES (tutor/act/families/fix_failing_test.py), the only
# bugs it recognises.
CASES = (
    ("add", "a, b", "The sum of a and b.", "add(2, 3) == 5", "add(10, 7) == 17"),
    ("total", "items", "The sum of the items.", "total([1, 2, 3]) == 6", "total([5, 5]) == 10"),
    ("average", "numbers", "The mean of the numbers.", "average([2, 4, 6]) == 4", "average([1, 3]) == 2"),
    ("clamp", "value, low, high", "value, kept between low and high.", "clamp(15, 0, 10) == 10",
     "clamp(5, 0, 10) == 5"),
    ("is_even", "n", "True when n is even.", "is_even(4)", "not is_even(7)"),
    ("percent", "part, whole", "part as a percentage of whole.", "percent(1, 4) == 25", "percent(3, 6) == 50"),
    ("count_up", "n", "The numbers 1 to n.", "count_up(3) == [1, 2, 3]", "count_up(1) == [1]"),
    ("last", "items", "The last item.", "last([1, 2, 3]) == 3", "last(['a', 'b']) == 'b'"),
    ("minutes", "hours", "hours in minutes.", "minutes(2) == 120", "minutes(1) == 60"),
    ("largest", "items", "The largest item.", "largest([3, 9, 4]) == 9", "largest([2, 1]) == 2"),
)
# (function, parameters, docstring, right line, wrong line, the test's assert, the judge's own check)
BUGS = tuple((name, params, doc, FIXES[name][1], FIXES[name][0], check, hidden)
             for name, params, doc, check, hidden in CASES)


def _module(title: str, rows: list[tuple], buggy: str) -> str:
    lines = [f'"""{title} helpers."""']
    for name, params, doc, right, wrong, _, _ in rows:
        lines += ["", "", f"def {name}({params}):", f'    """{doc}"""', f"    {wrong if name == buggy else right}"]
    return "\n".join(lines) + "\n"


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    mod = module_name(r)
    rows = r.sample(BUGS, 4)
    buggy = r.choice(rows)[0]
    tests = [f"from {mod} import {', '.join(row[0] for row in rows)}"]
    for name, *_, check, _ in rows:
        tests += ["", "", f"def test_{name}():", f"    assert {check}"]
    files = {f"{mod}.py": _module(mod.title(), rows, buggy), f"test_{mod}.py": "\n".join(tests) + "\n"}
    hidden = next(row[6] for row in rows if row[0] == buggy)
    return Instance(NAME, seed, r.choice(PHRASES), files,
                    {"module": f"{mod}.py", "tests": f"test_{mod}.py", "func": buggy,
                     "hidden": f"from {mod} import {buggy}\n\n\ndef test_hidden():\n    assert {hidden}\n"})


def run_tests(files: dict[str, str], extra: dict[str, str]) -> str | None:
    """Run pytest on `files` plus `extra` in a scratch folder: None when all pass, else its tail."""
    return _run_tests(tuple(sorted({**files, **extra}.items())))


@functools.lru_cache(maxsize=256)
def _run_tests(files: tuple[tuple[str, str], ...]) -> str | None:
    """The same files give the same verdict: many turns end in the same fixed module, and a
    pytest run costs a second or two. Plugins are not loaded: the scratch tests need none."""
    with tempfile.TemporaryDirectory() as tmp:
        write_project(Path(tmp), dict(files))
        try:
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                                  cwd=tmp, capture_output=True, text=True, timeout=60,
                                  env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
        except subprocess.TimeoutExpired:
            return "the tests did not finish in 60 seconds"
    tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["(no output)"]
    return None if done.returncode == 0 else tail[0]


def _span(text: str, func: str) -> range:
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {func}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("def ")), len(lines))
    return range(start, end)


def judge(task: Instance, o: Outcome) -> str | None:
    f = task.facts
    if o.after.get(f["tests"]) != task.files[f["tests"]]:
        return f"{f['tests']} changed: the task was to fix the code, not the test"
    before, after = task.files[f["module"]].split("\n"), (o.after.get(f["module"]) or "").split("\n")
    if before == after:
        return f"{f['module']} was not changed"
    span = _span(task.files[f["module"]], f["func"])
    head, tail = before[: span.start], before[span.stop:]
    if after[: span.start] != head or (tail and after[-len(tail):] != tail):
        return f"{f['module']} changed outside {f['func']}, the function with the bug"
    failing = run_tests({f["module"]: o.after[f["module"]], f["tests"]: task.files[f["tests"]]},
                         {"test_judge_check.py": f["hidden"]})
    if failing:
        return f"the tests do not pass after the turn: {failing}"
    return read_before_change(o, f["module"]) or unchanged_except(o, {f["module"]})


def _fixed(task: Instance) -> str:
    f = task.facts
    wrong, right = FIXES[f["func"]]
    return task.files[f["module"]].replace(f"    {wrong}\n", f"    {right}\n")


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"test_{f['func']} failed; fixed {f['func']} in {f['module']}. All tests pass.",
                    reads=(f["tests"], f["module"]), after={**task.files, f["module"]: _fixed(task)})


def broken(task: Instance) -> list[Outcome]:
    f, files = task.facts, task.files
    said = "Fixed it; the tests pass."
    check = next(row[5] for row in BUGS if row[0] == f["func"])
    wrong = FIXES[f["func"]][0]
    expected = check.split(" == ")[1] if " == " in check else "True"
    special = files[f["module"]].replace(f"    {wrong}\n", f"    return {expected}\n")  # the test's answer
    other = next(row for row in BUGS if row[0] != f["func"] and f"    {row[3]}\n" in files[f["module"]])
    elsewhere = files[f["module"]].replace(f"    {other[3]}\n", f"    {other[4]}\n")  # a working one "fixed"
    weakened = files[f["tests"]].replace(f"    assert {check}\n", "    assert True\n")
    return [
        scripted(files, said, reads=(f["tests"],), after={**files, f["tests"]: weakened}),  # the test "fixed"
        scripted(files, said, reads=(f["tests"], f["module"])),  # claimed, not done
        scripted(files, said, reads=(f["tests"], f["module"]),
                 after={**files, f["module"]: elsewhere}),  # another function changed
        scripted(files, said, reads=(f["module"],), after={**files, f["module"]: special}),  # a special case
    ]


FAMILY = Family(
    name=NAME,
    probes="Find the failing test, read it and the code it tests, fix the code, and run the tests again.",
    rewards="a shell: running the tests before and after the fix; reading only the files involved",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("run",),
)
