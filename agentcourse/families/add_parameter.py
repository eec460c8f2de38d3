"""add-parameter: "Add a parameter retries with default 3 to load_order in orders.py, and
pass retries=5 at every call in billing.py and test_orders.py."

The function is called in its own module and in the other files; a second function in the
module has the same parameters and is called next to it (a decoy: its calls must not
change). Judged on the code's structure, not its spelling: the signature ends with the new
parameter and its default, every call of the function passes the value (by keyword or in
its place), and the files are otherwise the same code.
"""

from __future__ import annotations

import ast
import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import read_before_change, scripted, unchanged_except
from agentcourse.families.moves import (
    converge,
    files_using,
    needless_question,
    python_files,
    read_all,
    word,
)
from agentcourse.families.words import PARAMS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor.toolbox import norm_path
from agentcourse.tutor.turn import Action, Turn, _and, finish, say

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
    request = r.choice(PHRASES).format(p=p, d=d, v=v, f=f, path=path, users=_and(users))
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


def _plan(text: str, f: str, p: str, d: str, v: str) -> str:
    """`text` with `p=d` at the end of f's parameters and `p=v` passed at each call of f."""
    out, pos = [], 0
    for m in re.finditer(word(f).pattern + r"\s*\(", text):
        close = _closing(text, m.end() - 1)
        if close is None:
            continue
        is_def = re.search(r"\bdef\s+$", text[: m.start()][-8:]) is not None
        inside = text[m.end():close].rstrip()
        add = f"{p}={d}" if is_def else f"{p}={v}"
        if re.search(rf"(?<!\w){re.escape(p)}\s*=", inside):
            continue  # already there
        sep = "" if not inside.strip() else (" " if inside.endswith(",") else ", ")
        out.append(text[pos: m.end() + len(inside)] + sep + add)
        pos = m.end() + len(inside)
    return "".join(out) + text[pos:]


def _closing(text: str, open_at: int) -> int | None:
    depth = 0
    for i in range(open_at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def reference(task: Instance) -> Outcome:
    fx = task.facts
    after = {k: _plan(t, fx["func"], fx["param"], str(fx["default"]), str(fx["value"]))
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
    decoy = {k: _plan(t, fx["decoy"], p, d, v) for k, t in right.items()}
    return [
        scripted(files, said, reads=tuple(files), after=sig_only),  # no call passes it
        scripted(files, said, reads=tuple(files), after={**files, home: right[home]}),  # other files missed
        scripted(files, said, reads=tuple(files), after=first_pos),  # not at the end
        scripted(files, said, reads=tuple(files), after=decoy),  # the look-alike changed too
        scripted(files, said, reads=tuple(files)),  # claimed, not done
        scripted(files, said, after=right),  # never read
    ]


# ----------------------------------------------------------------------------- the tutor

ASK = "Before I change {path}: should {p} go at the end of {f}'s parameters, after the ones it has now?"

_FILES = re.compile(r"[\w./-]+\.py\b")


def act(turn: Turn, m: dict) -> Action | None:
    """Read the module and its callers (named, and listed when it can), then change the
    def line and each call, one exact replacement at a time."""
    f, p, d, v, home = m["f"], m["p"], m["d"], m["v"], norm_path(m["path"])
    asked = needless_question(turn, ASK.format(f=f, p=p, path=home))
    if asked:
        return asked
    paths = list(dict.fromkeys([home, *(norm_path(x) for x in _FILES.findall(turn.request))]))
    using = files_using(turn, f)
    if isinstance(using, Action):
        return using
    if using is not None:
        paths = list(dict.fromkeys(paths + using))
    elif turn.tools.can("list"):
        found = python_files(turn)
        if isinstance(found, Action):
            return found
        paths = list(dict.fromkeys(paths + found))
    texts = read_all(turn, paths)
    if isinstance(texts, Action):
        return texts
    if not re.search(word(f"def {f}").pattern + r"\s*\(", texts[home]):
        return say(f"I couldn't find a function named {f} in {home}; nothing was changed.")
    targets = {k: _plan(t, f, p, d, v) for k, t in texts.items()}
    action = converge(turn, {k: t for k, t in targets.items() if t != texts[k]})
    if action is not None:
        return action
    calls = sum(len(re.findall(word(f).pattern + r"\s*\(", t)) for t in texts.values()) - 1
    where = _and([k for k in targets if targets[k] != texts[k] and k != home]) or home
    return finish(turn, f"{f} in {home} now ends with {p}={d}, and its {calls} call{'s' * (calls != 1)} "
                        f"({home}, {where}) pass {p}={v}.")


_VAL = r"-?\d+"
_DEFAULT = rf"(?:\s*=\s*|\s+\(default\s+|\s+defaulting to\s+|\s+with (?:a )?default (?:of |value )?)(?P<d>{_VAL})"
FAMILY = Family(
    name=NAME,
    probes="Add a keyword parameter to a function and pass a value at each of its calls in other files.",
    rewards="reading the callers before changing them, and exact replacements at each call",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # The parameter with its default ("p=6", "p (default 6)", "p with default 6"), the
    # function and its file, then the value every call passes, in a few orders.
    patterns=(rf"\badd (?:a |the )?(?:new )?(?:keyword )?(?:parameter|argument|param) (?P<p>\w+){_DEFAULT}"
              rf"\)? to (?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py)\b.*?\bpass(?:es)? (?P=p)\s*=\s*(?P<v>{_VAL})",
              rf"\bgive (?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py) a new (?:keyword )?(?:parameter|"
              rf"argument) (?P<p>\w+)\s*=\s*(?P<d>{_VAL})\b.*?\bpass (?P=p)\s*=\s*(?P<v>{_VAL})",
              rf"\bin (?P<path>[\w./-]+\.py), give (?P<f>\w+)(?:\(\))? a new (?:keyword )?(?:parameter|"
              rf"argument) (?P<p>\w+){_DEFAULT}\b.*?\bpass (?P=p)\s*=\s*(?P<v>{_VAL})",
              rf"\b(?P<f>\w+)(?:\(\))? in (?P<path>[\w./-]+\.py) needs a new (?:keyword )?(?:parameter|"
              rf"argument) (?P<p>\w+){_DEFAULT}\b.*?\bpass (?P=p)\s*=\s*(?P<v>{_VAL})",
              rf"\bin (?P<path>[\w./-]+\.py), add (?P<p>\w+)\s*=\s*(?P<d>{_VAL}) to the end of "
              rf"(?P<f>\w+)'s parameters.*?\bpass (?P=p)\s*=\s*(?P<v>{_VAL})"),
    act=act,
)
