"""add-parameter: "Add a parameter retries with default 3 to load_order in orders.py, and
pass retries=5 at every call in billing.py and test_orders.py."

The function is called in its own module and in the other files; a second function in the
module has the same parameters and is called next to it (a decoy: its calls must not
change). Judged on the code's structure, not its spelling: the signature ends with the new
parameter and its default, every call of the function passes the value (by keyword or in
its place), and the files are otherwise the same code. The reference turn plans its
changes with the tutor's `with_parameter`; the tutor's move is
agentcourse/tutor/act/families/add_parameter.py.
"""

from __future__ import annotations

import ast

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import read_before_change, scripted, unchanged_except
from agentcourse.arena.families.words import PARAMS, function_name, module_name, rng
from agentcourse.tutor.act.answer import and_list
from agentcourse.tutor.act.families.add_parameter import with_parameter

NAME = "add-parameter"
PHRASES = ("Add a parameter {p} with default {d} to {f} in {path}, and pass {p}={v} at every call "
           "(there and in {users}).",
           "Give {f} in {path} a new keyword parameter {p}={d}; every call to it, in {path} and in "
           "{users}, should pass {p}={v}.",
           "In {path}, add {p}={d} to the end of {f}'s parameters and make each call to it, there "
           "and in {users}, pass {p}={v}.")


def _home(f: str, g: str, r) -> str:
    return "\n".join([
        f"def {f}(items, scale=1):", f"    return [i * scale + {r.randint(1, 9)} for i in items]", "", "",
        f"def {g}(items, scale=1):", f"    return [i * scale - {r.randint(1, 9)} for i in items]", "", "",
        "def both(items):", f"    return {f}(items) + {g}(items, scale=2)", ""])


def _user(mod: str, f: str, g: str, name: str, r) -> str:
    return "\n".join([
        f"from {mod} import {f}, {g}", "", "",
        f"def {name}(rows):", f"    first = {f}(rows, scale={r.randint(2, 5)})",
        f"    second = {g}(rows)", f"    return first + second + {f}(rows)", ""])


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    f = function_name(r)
    g = function_name(r, {f})
    p = r.choice([x for x in PARAMS if x != "scale"])
    d, v = r.randint(0, 9), r.randint(10, 99)
    mods = [module_name(r)]
    mods.append(module_name(r, set(mods)))
    path = f"{mods[0]}.py"
    files = {path: _home(f, g, r), f"{mods[1]}.py": _user(mods[0], f, g, function_name(r, {f, g}), r)}
    if r.random() < 0.6:
        files[f"test_{mods[0]}.py"] = "\n".join([
            f"from {mods[0]} import {f}", "", "", f"def test_{f}_keeps_the_length():",
            f"    assert len({f}([1, 2, 3])) == 3", ""])
    users = sorted(x for x in files if x != path)
    request = r.choice(PHRASES).format(p=p, d=d, v=v, f=f, path=path, users=and_list(users))
    return Instance(NAME, seed, request, files, {"func": f, "decoy": g, "param": p, "default": d, "value": v,
                                                 "path": path, "users": users})


def _strip(tree: ast.AST, f: str, p: str, value: int, default: int) -> list[str]:
    """Take the new parameter out of `tree` (in place): what is left must equal the tree
    before the turn. Returns what is missing: the parameter at the end, a call's value."""
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == f:
            args = node.args
            if args.args and args.args[-1].arg == p and args.defaults and _is(args.defaults[-1], default):
                args.args.pop()
                args.defaults.pop()
            else:
                problems.append(f"{f}'s parameters do not end with {p}={default}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == f:
            kept = [k for k in node.keywords if not (k.arg == p and _is(k.value, value))]
            if len(kept) == len(node.keywords):
                problems.append(f"a call of {f} does not pass {p}={value}")
            node.keywords = kept
    return problems


def _is(node: ast.AST, value: int) -> bool:
    return isinstance(node, ast.Constant) and node.value == value and not isinstance(node.value, bool)


def judge(task: Instance, o: Outcome) -> str | None:
    fx = task.facts
    for path in [fx["path"], *fx["users"]]:
        try:
            after = ast.parse(o.after.get(path) or "")
        except SyntaxError as err:
            return f"{path} is not valid Python after the turn (line {err.lineno})"
        problems = _strip(after, fx["func"], fx["param"], fx["value"], fx["default"])
        if problems:
            return f"{path}: {problems[0]}"
        if ast.dump(after) != ast.dump(ast.parse(task.files[path])):
            return f"{path} changed more than {fx['func']}'s parameter and its calls"
        reason = read_before_change(o, path)
        if reason:
            return reason
    return unchanged_except(o, {fx["path"], *fx["users"]})


def reference(task: Instance) -> Outcome:
    fx = task.facts
    after = {k: with_parameter(t, fx["func"], fx["param"], str(fx["default"]), str(fx["value"]))
             for k, t in task.files.items()}
    return scripted(task.files, f"{fx['func']} now takes {fx['param']}={fx['default']}, and each call "
                    f"passes {fx['param']}={fx['value']}.", reads=tuple(task.files), after=after)


def broken(task: Instance) -> list[Outcome]:
    fx, files = task.facts, task.files
    f, p, d, v = fx["func"], fx["param"], str(fx["default"]), str(fx["value"])
    said = f"Added {p} to {f} and passed it at every call."
    right, home = reference(task).after, fx["path"]
    signature = f"def {f}(items, scale=1):"
    sig_only = {**files, home: files[home].replace(signature, f"def {f}(items, scale=1, {p}={d}):")}
    first_pos = {**right, home: right[home].replace(f"def {f}(items, scale=1, {p}={d}):",
                                                    f"def {f}(items, {p}={d}, scale=1):")}
    decoy = {k: with_parameter(t, fx["decoy"], p, d, v) for k, t in right.items()}
    return [
        scripted(files, said, reads=tuple(files), after=sig_only),  # no call passes it
        scripted(files, said, reads=tuple(files), after={**files, home: right[home]}),  # other files missed
        scripted(files, said, reads=tuple(files), after=first_pos),  # not at the end
        scripted(files, said, reads=tuple(files), after=decoy),  # the look-alike changed too
        scripted(files, said, reads=tuple(files)),  # claimed, not done
        scripted(files, said, after=right),  # never read
    ]


FAMILY = Family(
    name=NAME,
    probes="Add a keyword parameter to a function and pass a value at each of its calls in other files.",
    rewards="reading the callers before changing them, and exact replacements at each call",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
