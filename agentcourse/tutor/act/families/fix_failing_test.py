"""The tutor's move for fix-failing-test: "One of the tests fails. Find out which and fix the
code, not the test."

Run the tests, read the failing test and the module it imports from, fix the one line the
tutor recognises as the bug (FIXES), and run the tests again; the reply gives the counts
of that second run. Needs a shell: without one the turn says so and changes nothing. The
arena's side is agentcourse/arena/families/fix_failing_test.py: it seeds its bugs from
FIXES.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act import shell
from agentcourse.tutor.act.answer import and_list, finish, no_tool
from agentcourse.tutor.act.families.moves import converge, read_all
from agentcourse.tutor.act.turn import Action, Turn, call, say

# What the tutor knows of bugs: in a function of this name, this line is wrong and that is right.
FIXES = {
    "add": ("return a - b", "return a + b"),
    "total": ("return sum(items[1:])", "return sum(items)"),
    "average": ("return sum(numbers) / (len(numbers) + 1)", "return sum(numbers) / len(numbers)"),
    "clamp": ("return max(low, min(value, low))", "return max(low, min(value, high))"),
    "is_even": ("return n % 2 == 1", "return n % 2 == 0"),
    "percent": ("return 10 * part / whole", "return 100 * part / whole"),
    "count_up": ("return list(range(1, n))", "return list(range(1, n + 1))"),
    "last": ("return items[0]", "return items[-1]"),
    "minutes": ("return hours * 24", "return hours * 60"),
    "largest": ("return min(items)", "return max(items)"),
}


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
        f"still failing: {and_list(after['failed'] or ['see the output'])}"
    return finish(turn, f"{test_id} failed: {func} in {path} had `{wrong}`. I changed it to `{right}`; "
                        f"{verdict} ({counts}, `{command}`).")
