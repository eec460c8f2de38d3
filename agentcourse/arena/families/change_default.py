"""change-default: "In pricing.py, change the default margin of score_order from 5 to 8."

Done by the tutor's own change-default task (tutor/brain.py). The module has a second
function with the same parameter and the same default, so a blind replacement of the
first `margin=5` changes the wrong function. Solved when only the named function's
signature changed, to the new value, after the file's text was seen.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import (
    destroying_call,
    parses,
    read_before_change,
    scripted,
    unchanged_except,
)
from agentcourse.arena.families.words import PARAMS, function_name, module_name, rng

NAME = "change-default"
PHRASES = ("In {path}, change the default {param} of {func} from {old} to {new}.",
           "Change the default {param} of {func} in {path} from {old} to {new}.")


def _function(name: str, param: str, value: int, r) -> list[str]:
    return [f"def {name}(items, {param}={value}):",
            f'    """{name.replace("_", " ").capitalize()} for each item."""',
            f"    return [item * {param} + {r.randint(1, 9)} for item in items]", "", ""]


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path, param = f"{module_name(r)}.py", r.choice(PARAMS)
    old, new = r.randint(2, 60), r.randint(61, 120)
    names: list[str] = []
    while len(names) < 4:
        names.append(function_name(r, set(names)))
    target = r.choice(names[1:])  # a decoy with the same default comes before it
    lines = ["import math", "", ""]
    for name in names:
        value = old if name in (names[0], target) else r.randint(121, 200)
        lines += _function(name, param, value, r)
    text = "\n".join(lines).rstrip() + "\n"
    request = r.choice(PHRASES).format(path=path, param=param, func=target, old=old, new=new)
    return Instance(NAME, seed, request, {path: text},
                    {"path": path, "func": target, "param": param, "old": old, "new": new})


def _expected(task: Instance) -> str:
    f = task.facts
    before = f"def {f['func']}(items, {f['param']}={f['old']}):"
    return task.files[f["path"]].replace(before, before.replace(f"={f['old']}", f"={f['new']}"))


def _spaced_alike(after: str, expected: str, func: str) -> bool:
    """Is `after` the expected text, the function's def line spaced in any way
    (`window = 117`, `items,window=117`)? Every other line is compared as it is."""
    def squash(line: str) -> str:
        return re.sub(r"\s+", "", line) if line.startswith(f"def {func}(") else line

    a, e = after.split("\n"), expected.split("\n")
    return len(a) == len(e) and all(squash(x) == squash(y) for x, y in zip(a, e, strict=True))


def judge(task: Instance, o: Outcome) -> str | None:
    f, path = task.facts, task.facts["path"]
    if o.after.get(path) == o.before.get(path):
        return f"{path} was not changed"
    if not _spaced_alike(o.after.get(path) or "", _expected(task), f["func"]):
        wanted = f"def {f['func']}(items,{f['param']}={f['new']}):"
        if wanted not in (o.after.get(path) or "").replace(" ", ""):
            return f"{f['func']}'s default {f['param']} is not {f['new']} after the turn"
        return f"{path} changed in more places than {f['func']}'s signature"
    return (parses(o, path) or read_before_change(o, path) or unchanged_except(o, {path})
            or destroying_call(o))


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"Changed the default {f['param']} of {f['func']} to {f['new']}.",
                    reads=(f["path"],), after={f["path"]: _expected(task)})


def broken(task: Instance) -> list[Outcome]:
    f, text = task.facts, task.files[task.facts["path"]]
    first = text.replace(f"{f['param']}={f['old']}", f"{f['param']}={f['new']}", 1)  # the decoy
    both = text.replace(f"{f['param']}={f['old']}", f"{f['param']}={f['new']}")
    said = f"Changed the default {f['param']} of {f['func']} to {f['new']}."
    return [
        scripted(task.files, said, reads=(f["path"],), after={f["path"]: first}),
        scripted(task.files, said, reads=(f["path"],), after={f["path"]: both}),
        scripted(task.files, said, after={f["path"]: _expected(task)}),  # never read it
        scripted(task.files, said, reads=(f["path"],)),  # said, not done
    ]


FAMILY = Family(
    name=NAME,
    probes="Change one function's default value, where another function has the same one.",
    rewards="reading before changing, and search + a few lines over a whole read",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
