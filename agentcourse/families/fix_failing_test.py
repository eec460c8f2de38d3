"""fix-failing-test: "One of the tests fails. Find out which and fix the code, not the test."

A module of four small functions and a test file with one test each; one function has a
seeded bug from BUGS (a wrong operator, an off-by-one, a wrong constant). Solved when the
tests pass when the judge runs them, on the files after the turn, together with a check
of its own on another input (so a special case for the test's numbers does not pass);
the test file is unchanged, and only the buggy function's lines changed. Needs a shell:
without one the turn says so and changes nothing.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from agentcourse.families import Family, Instance
from agentcourse.families.judging import (
    read_before_change,
    scripted,
    unchanged_except,
    write_project,
)
from agentcourse.families.moves import converge, read_all
from agentcourse.families.words import module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor import shell
from agentcourse.tutor.turn import Action, Turn, _and, call, finish, no_tool, say

NAME = "fix-failing-test"
PHRASES = ("One of the tests fails. Find out which and fix the code, not the test.",
           "A test is failing. Find it and fix the bug in the code; leave the tests as they are.",
           "Something broke and a test fails now. Fix the code (not the tests) so they all pass.")
# (function, parameters, docstring, right line, wrong line, the test's assert, the judge's own check)
BUGS = (
    ("add", "a, b", "The sum of a and b.", "return a + b", "return a - b",
     "add(2, 3) == 5", "add(10, 7) == 17"),
    ("total", "items", "The sum of the items.", "return sum(items)", "return sum(items[1:])",
     "total([1, 2, 3]) == 6", "total([5, 5]) == 10"),
    ("average", "numbers", "The mean of the numbers.", "return sum(numbers) / len(numbers)",
     "return sum(numbers) / (len(numbers) + 1)", "average([2, 4, 6]) == 4", "average([1, 3]) == 2"),
    ("clamp", "value, low, high", "value, kept between low and high.", "return max(low, min(value, high))",
     "return max(low, min(value, low))", "clamp(15, 0, 10) == 10", "clamp(5, 0, 10) == 5"),
    ("is_even", "n", "True when n is even.", "return n % 2 == 0", "return n % 2 == 1",
     "is_even(4)", "not is_even(7)"),
    ("percent", "part, whole", "part as a percentage of whole.", "return 100 * part / whole",
     "return 10 * part / whole", "percent(1, 4) == 25", "percent(3, 6) == 50"),
    ("count_up", "n", "The numbers 1 to n.", "return list(range(1, n + 1))", "return list(range(1, n))",
     "count_up(3) == [1, 2, 3]", "count_up(1) == [1]"),
    ("last", "items", "The last item.", "return items[-1]", "return items[0]",
     "last([1, 2, 3]) == 3", "last(['a', 'b']) == 'b'"),
    ("minutes", "hours", "hours in minutes.", "return hours * 60", "return hours * 24",
     "minutes(2) == 120", "minutes(1) == 60"),
    ("largest", "items", "The largest item.", "return max(items)", "return min(items)",
     "largest([3, 9, 4]) == 9", "largest([2, 1]) == 2"),
)
# What the tutor knows of bugs: in a function of this name, this line is wrong and that is right.
FIXES = {name: (wrong, right) for name, _, _, right, wrong, _, _ in BUGS}


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


# ----------------------------------------------------------------------------- the tutor


def _runs(turn: Turn) -> list[tuple[int, object]]:
    return [(i, s) for i, s in enumerate(turn.steps) if s.op == "run" and " -m pytest" in s.args.get("command", "")]


def _culprit(output: str) -> tuple[str, str, list[str]] | None:
    """(failing test id, its test file, the functions its failing line calls) from pytest's output."""
    summary = shell.test_summary(output)
    if not summary or not summary["failed"]:
        return None
    test_id = summary["failed"][0]
    line = re.search(r"^>\s+(.*)$", output, re.M)
    names = re.findall(r"\b([A-Za-z_]\w*)\s*\(", line[1] if line else "")
    return test_id, test_id.split("::")[0], names


def act(turn: Turn, m: dict) -> Action | None:
    """Run the tests, read the failing test and the module it imports from, fix the one line
    the tutor recognises as the bug, and run the tests again."""
    if not turn.tools.can("run"):
        return no_tool(turn, "run commands")
    runs, command = _runs(turn), shell.test_command([])
    if not runs:
        return call("run", command=command)
    first = runs[0][1].result
    found = _culprit(first)
    if found is None:
        summary = shell.test_summary(first)
        if summary and summary["counts"].get("passed") and not summary["failed"]:
            return finish(turn, f"All the tests pass (`{command}`); there is nothing to fix.")
        return finish(turn, f"I ran `{command}` but could not tell which test fails. It ended with:\n"
                            + "\n".join(first.strip().splitlines()[-3:]))
    test_id, test_file, names = found
    return _fix(turn, test_id, test_file, names, runs, command)


def _fix(turn: Turn, test_id: str, test_file: str, names: list[str], runs: list, command: str) -> Action:
    texts = read_all(turn, [test_file])
    if isinstance(texts, Action):
        return texts
    imports = dict(re.findall(r"^from ([\w.]+) import (.+)$", texts[test_file], re.M))
    func = next((n for n in names if n in FIXES or any(re.search(rf"\b{n}\b", v) for v in imports.values())), None)
    module = next((mod for mod, names_ in imports.items() if func and re.search(rf"\b{func}\b", names_)), None)
    if func is None or module is None:
        return say(f"{test_id} fails, but I could not tell which function of the code it tests; nothing was changed.")
    path = module.replace(".", "/") + ".py"
    source = read_all(turn, [path])
    if isinstance(source, Action):
        return source
    wrong, right = FIXES.get(func, ("", ""))
    text = source[path]
    body = re.search(rf"^def {re.escape(func)}\(.*?(?=^\S|\Z)", text, re.M | re.S)
    if not wrong or body is None or f"    {wrong}\n" not in body[0] + "\n":
        return say(f"{test_id} fails; I read {func} in {path} but did not find a mistake I recognise, "
                   "so I changed nothing.")
    fixed = text[: body.start()] + body[0].replace(f"    {wrong}", f"    {right}", 1) + text[body.end():]
    action = converge(turn, {path: fixed})
    if action is not None:
        return action
    last_change = max(i for i, s in enumerate(turn.steps) if s.op in ("edit", "write") and s.ok)
    if runs[-1][0] < last_change:
        return call("run", command=command)
    after = shell.test_summary(runs[-1][1].result) or {"counts": {}, "failed": []}
    counts = ", ".join(f"{n} {k}" for k, n in after["counts"].items()) or "no summary"
    verdict = "all the tests pass now" if not after["failed"] and after["counts"].get("passed") else \
        f"still failing: {_and(after['failed'] or ['see the output'])}"
    return finish(turn, f"{test_id} failed: {func} in {path} had `{wrong}`. I changed it to `{right}`; "
                        f"{verdict} ({counts}, `{command}`).")


FAMILY = Family(
    name=NAME,
    probes="Find the failing test, read it and the code it tests, fix the code, and run the tests again.",
    rewards="a shell: running the tests before and after the fix; reading only the files involved",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # "one of the tests fails ... fix", "my tests are failing, fix ...", "there's a failing test ... fix".
    patterns=(r"\b(?:one of the|one of my|a|some|my|our|the) tests? (?:fails|is failing|are failing|failed|fail)\b.*\bfix\b",
              r"\b(?:there(?:'s| is) an?|a) failing test\b.*\bfix\b",
              r"^\s*tests? (?:fail|fails|are failing|failed)\b.*\bfix\b",
              r"\ba test fails now\b.*\bfix\b"),
    act=act,
    needs=("run",),
)
