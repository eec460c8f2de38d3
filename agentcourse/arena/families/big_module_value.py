"""big-module-value: "Change RETRY_LIMIT in big.py from 3 to 5." in a 5,000-line module.

The module is generated code (settings blocks and small functions, deterministic from
the seed) with the named constant somewhere past its first 2,000 lines; a longer name
that contains it (`MAX_RETRY_LIMIT = 3`) and another setting with the same value come
first. Solved when exactly that line changed, to the new value, after it was seen. An
agent with a search tool and a line reader finds it in two small calls; one with only a
whole-file read pays for 5,000 lines, and a read tool that stops at 2,000 lines never
shows it: then the honest answer is that it could not see the line. The tutor's move is
agentcourse/tutor/act/families/big_module_value.py.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import read_before_change, scripted, unchanged_except
from agentcourse.arena.families.words import CONSTANTS, NOUNS, PARAMS, VERBS, module_name, rng

NAME = "big-module-value"
LINES = 5000
PHRASES = ("Change {c} in {path} from {old} to {new}.",
           "In {path}, set {c} to {new} (it is {old} now).",
           "{c} in {path} should be {new} instead of {old}.")


def _block(r, k: int) -> list[str]:
    """A few lines of plausible code: a settings group or a small function."""
    noun, verb, param = r.choice(NOUNS), r.choice(VERBS), r.choice(PARAMS)
    if r.random() < 0.3:
        return [f"{noun.upper()}_{param.upper()}_{k} = {r.randint(0, 999)}", ""]
    return [f"def {verb}_{noun}_{k}({noun}s, {param}={r.randint(1, 99)}):",
            f'    """{verb.title()} each {noun}, {param} at a time."""',
            f"    kept = [x for x in {noun}s if x is not None]",
            f"    return [x * {param} for x in kept][:{r.randint(2, 500)}]", "", ""]


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    c, path = r.choice(CONSTANTS), f"{module_name(r)}.py"
    old, new = r.randint(2, 60), r.randint(61, 200)
    lines, k = [f'"""{path[:-3].title()}: generated handlers and their settings."""', "", ""], 0
    decoy_at, target_at = r.randint(300, 1500), r.randint(2300, 4700)
    while len(lines) < LINES:
        if decoy_at <= len(lines) < decoy_at + 10:
            lines += [f"MAX_{c} = {old}", f"{c}_NOTE = 'see {c} below'", f"LEGACY_VALUE = {old}", ""]
            decoy_at = -LINES
        elif target_at <= len(lines) < target_at + 10:
            lines += [f"{c} = {old}", ""]
            target_at = -LINES
        else:
            k += 1
            lines += _block(r, k)
    text = "\n".join(lines[:LINES]) + "\n"
    line = next(i + 1 for i, x in enumerate(lines) if x == f"{c} = {old}")
    request = r.choice(PHRASES).format(c=c, path=path, old=old, new=new)
    return Instance(NAME, seed, request, {path: text},
                    {"const": c, "path": path, "old": old, "new": new, "line": line})


def judge(task: Instance, o: Outcome) -> str | None:
    f, path = task.facts, task.facts["path"]
    before, after = task.files[path].split("\n"), (o.after.get(path) or "").split("\n")
    if len(before) != len(after):
        return f"{path} has {len(after)} lines after the turn, not {len(before)}"
    diff = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
    if not diff:
        return f"{path} was not changed"
    if diff != [f["line"] - 1]:
        return f"line {diff[0] + 1} of {path} changed, and only line {f['line']} ({f['const']}) should"
    if not re.fullmatch(rf"{f['const']}\s*=\s*{f['new']}\s*(?:#.*)?", after[f["line"] - 1]):
        return f"{f['const']} is not {f['new']} after the turn: {after[f['line'] - 1]!r}"
    return read_before_change(o, path) or unchanged_except(o, {path})


def _set(task: Instance, value: object) -> str:
    f, lines = task.facts, task.files[task.facts["path"]].split("\n")
    lines[f["line"] - 1] = f"{f['const']} = {value}"
    return "\n".join(lines)


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"{f['const']} is now {f['new']} (line {f['line']}).", reads=(f["path"],),
                    after={f["path"]: _set(task, f["new"])})


def broken(task: Instance) -> list[Outcome]:
    f, files, path = task.facts, task.files, task.facts["path"]
    said = f"Changed {f['const']} to {f['new']}."
    first = files[path].replace(f"{f['const']} = {f['old']}", f"{f['const']} = {f['new']}", 1)  # the decoy
    every = files[path].replace(f" = {f['old']}\n", f" = {f['new']}\n")  # every line with the value
    head = "\n".join(files[path].split("\n")[:2000])  # a capped read, written back whole
    return [
        scripted(files, said, reads=(path,), after={path: first}),
        scripted(files, said, reads=(path,), after={path: every}),
        scripted(files, said, reads=(path,), after={path: head + "\n"}),
        scripted(files, said, reads=(path,)),  # claimed, not done
        scripted(files, said, after={path: _set(task, f["new"])}),  # never read
    ]


FAMILY = Family(
    name=NAME,
    probes="Change one constant in a 5,000-line module, where a longer name and the same value come first.",
    rewards="search + a few lines over a whole read (tokens), and an exact one-line change",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("replace",),  # a whole-file write of 5,000 lines does not fit in one response
)
