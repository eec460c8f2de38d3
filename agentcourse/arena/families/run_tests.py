"""run-tests: "Run the tests and tell me if they pass." — judged on the reply's facts.

Done by the tutor's own run-tests task (tutor/brain.py); it needs a tool that runs
commands. The project (a module and its test file, at the top or in tests/), the
number of passing and failing tests and the phrasing come from the seed. Solved when a
tool result shows the test run's own summary, the reply states how many passed and how
many failed (any wording: "3 passed", "passed: 3", "two tests fail"), names every
failing test, and no file changed.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import mentions, scripted, tables_as_text, unchanged_except
from agentcourse.arena.families.words import NOUNS, VERBS, module_name, rng

NAME = "run-tests"
PHRASES = ("Run the tests and tell me if they pass.", "Do the tests pass?",
           "Run the test suite and tell me which tests fail.", "Check whether the tests pass.")
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_N = r"(\d+|" + "|".join(WORDS) + r")"
# A count stated in any of the usual shapes: "3 passed", "3 tests pass", "passed: 3"; the
# words between a number and its verb are neither numbers nor another verb ("2 failed and
# 5 passed" states 5 passed, not 2).
_SKIP = rf"(?:(?!(?:\d+|{'|'.join(WORDS)})\b|pass|fail|succe)\w+\s+){{0,3}}?"
_PASSED = (rf"\b{_N}\s+{_SKIP}(?:passed|pass(?:es|ing)?|succeed\w*|ok)\b",
           rf"\b(?:passed|passing|succeeded)\s*[:=]?\s*{_N}\b",
           # "passed (2 of 2)", "both tests pass", "2 tests ran and all of them passed"
           rf"\b(?:passed|pass(?:es|ing)?|succeeded)\s*\(\s*{_N}\s+(?:of|out of)\s+\d+\s*\)",
           r"\b(both)\s+(?:of\s+the\s+)?(?:tests?\s+)?(?:pass|succeed)",
           rf"\b{_N}\s+tests?\s+(?:ran|were run|were collected)\b[^.\n]*?\ball\b[^.\n]*?\bpass")
_FAILED = (rf"\b{_N}\s+{_SKIP}(?:failed|fail(?:s|ing|ures?)?)\b",
           rf"\b(?:failed|failing|failures?)\s*[:=]?\s*{_N}\b")


def _number(word: str) -> int:
    if word.lower() == "both":
        return 2
    return int(word) if word.isdigit() else WORDS.index(word.lower())


def stated(reply: str, patterns: tuple[str, ...]) -> set[int]:
    """Every count the reply states in one of `patterns`' shapes."""
    return {_number(m) for p in patterns for m in re.findall(p, reply, re.I)}


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    module = module_name(r)
    passing, failing = r.randint(2, 6), r.choice((0, 1, 1, 2, 3))
    funcs = [f"{v}_{n}" for v, n in zip(r.sample(VERBS, 3), r.sample(NOUNS, 3), strict=True)]
    factors = {f: r.randint(2, 9) for f in funcs}
    source = "".join(f"def {f}(values):\n    return sum(values) * {k}\n\n\n" for f, k in factors.items())
    tests, names = [], []
    for i in range(passing + failing):
        f = r.choice(funcs)
        values = [r.randint(1, 9) for _ in range(r.randint(1, 3))]
        want = sum(values) * factors[f] + (r.randint(1, 5) if i >= passing else 0)
        names.append(f"test_{f}_{i + 1}")
        tests.append(f"def {names[-1]}():\n    assert {f}({values}) == {want}\n")
    order = r.sample(range(len(tests)), len(tests))  # failing tests anywhere in the file
    body = f"from {module} import {', '.join(funcs)}\n\n\n" + "\n\n".join(tests[i] for i in order)
    folder = r.choice(("", "tests/"))
    files: dict[str, str | bytes] = {f"{module}.py": source.rstrip() + "\n",
                                     f"{folder}test_{module}.py": body}
    return Instance(NAME, seed, r.choice(PHRASES), files,
                    {"passed": passing, "failed": failing, "failing": names[passing:]})


def _ran(o: Outcome, f: dict) -> bool:
    """Did a tool result show the run's summary (pytest's counts, or unittest's Ran N)?"""
    total = f["passed"] + f["failed"]
    return any(re.search(rf"\b{f['passed']} passed\b|\bRan {total} tests?\b", r) for r in o.results)


def judge(task: Instance, o: Outcome) -> str | None:
    f = task.facts
    changed = unchanged_except(o, set())
    if changed:
        return changed
    if not _ran(o, f):
        return "no tool result shows the tests' run: the reply cannot know the counts"
    reply = tables_as_text(o.reply)  # "| passed | failed |" over "| 2 | 0 |" states counts too
    passed, failed = stated(reply, _PASSED), stated(reply, _FAILED)
    if passed != {f["passed"]}:
        return f"the reply does not state that {f['passed']} passed (it states {sorted(passed) or 'none'})"
    if f["failed"] and failed != {f["failed"]}:
        return f"the reply does not state that {f['failed']} failed (it states {sorted(failed) or 'none'})"
    if not f["failed"] and failed - {0}:
        return "the reply says tests failed, and none did"
    missing = [n for n in f["failing"] if not mentions(o.reply, n)]
    return f"the reply does not name the failing test {missing[0]}" if missing else None


def _run(task: Instance, reply: str, results: str | None = None) -> Outcome:
    f = task.facts
    out = results or "".join(f"FAILED test::{n} - assert\n" for n in f["failing"]) + (
        f"{f['failed']} failed, " * bool(f["failed"]) + f"{f['passed']} passed in 0.02s")
    o = scripted(task.files, reply)
    o.calls.append(("run", {"command": "python -m pytest -q"}))
    o.results.append(out)
    return o


def _said(task: Instance, passed: int, failed: int, names: list[str]) -> str:
    if not failed:
        return f"All {passed} tests pass."
    return f"{passed} passed and {failed} failed: {', '.join(names)}."


def reference(task: Instance) -> Outcome:
    f = task.facts
    return _run(task, _said(task, f["passed"], f["failed"], f["failing"]))


def broken(task: Instance) -> list[Outcome]:
    f = task.facts
    right = _said(task, f["passed"], f["failed"], f["failing"])
    fixed = {k: v.replace("== ", "== 0 * 0 + ") if k.rsplit("/", 1)[-1].startswith("test_") else v
             for k, v in task.files.items()}
    wrong = [
        scripted(task.files, right),  # the counts, with no run behind them
        _run(task, _said(task, f["passed"] + f["failed"], 0, []) if f["failed"]  # all said to pass
             else _said(task, f["passed"] - 1, 1, ["test_setup"])),  # or one said to fail
        _run(task, right, "ERROR: file or directory not found"),  # the run never happened
        _run(task, _said(task, f["passed"] + 1, f["failed"], f["failing"])),  # a count wrong
    ]
    if f["failed"]:
        wrong.append(_run(task, _said(task, f["passed"], f["failed"], f["failing"][:-1])))
    wrong.append(scripted(task.files, right, after=fixed))  # "fixed" the tests
    return wrong


FAMILY = Family(
    name=NAME,
    probes="Run a project's tests and report the counts and the failing tests; change nothing.",
    rewards="a tool that runs commands, and a reply built from the run's real output",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("run",),
)
