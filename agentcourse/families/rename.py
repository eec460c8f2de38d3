"""rename: "Rename the function load_order to fetch_order everywhere: it is defined in ..."

A function is defined in one module and used in one or two others (a `from m import f`
line and calls) and in a test file. Decoys hold the old name inside longer names
(`load_order_cache`, `old_load_order`, `test_load_order`): they must not change. Solved
when no whole-word old name is left, the new one is defined and called where the old one
was, every other line is as it was, and every file still parses.
"""

from __future__ import annotations

import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import parses, read_before_change, scripted, unchanged_except
from agentcourse.families.moves import (
    changed,
    converge,
    files_using,
    needless_question,
    python_files,
    read_all,
    word,
)
from agentcourse.families.words import VERBS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor.toolbox import norm_path
from agentcourse.tutor.turn import Action, Turn, _and, finish, say

NAME = "rename"
PHRASES = ("Rename the function {old} to {new} everywhere: it is defined in {home} and used in {users}.",
           "Rename {old} (defined in {home}) to {new}, and update its uses in {users}.",
           "{old} should be called {new}. It lives in {home}; rename it there and wherever "
           "{users} use it.")


def _home(name: str, r) -> str:
    return "\n".join([
        f'"""{name.split("_")[1].title()} helpers."""', "",
        f"{name}_cache = {{}}", "", "",
        f"def {name}(ident):",
        f"    if ident in {name}_cache:",
        f"        return {name}_cache[ident]",
        f"    value = {{'id': ident, 'size': {r.randint(2, 9)}}}",
        f"    {name}_cache[ident] = value",
        "    return value", "", "",
        f"def old_{name}(ident):",
        f"    return {{'id': ident, 'size': {r.randint(10, 19)}}}", "", "",
        "def describe(ident):",
        f"    return f\"{{ident}}: {{{name}(ident)['size']}}\"", ""])


def _user(mod: str, name: str, func: str) -> str:
    return "\n".join([
        f"from {mod} import {name}, old_{name}", "", "",
        f"def {func}(idents):",
        f"    fresh = [{name}(i) for i in idents]",
        f"    stale = [old_{name}(i) for i in idents]",
        "    return fresh + stale", ""])


def _test(mod: str, name: str) -> str:
    return "\n".join([
        f"from {mod} import {name}", "", "",
        f"def test_{name}_returns_the_id():",
        f"    assert {name}(7)['id'] == 7", ""])


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    old = function_name(r)
    new = f"{r.choice([v for v in VERBS if v != old.split('_')[0]])}_{old.split('_')[1]}"
    mods = [module_name(r)]
    while len(mods) < 1 + r.randint(1, 2):
        mods.append(module_name(r, set(mods)))
    home = f"{mods[0]}.py"
    files = {home: _home(old, r), f"test_{mods[0]}.py": _test(mods[0], old)}
    taken = {old, new}
    for mod in mods[1:]:
        files[f"{mod}.py"] = _user(mods[0], old, function_name(r, taken))
    files["notes.py"] = f"SIZES = [{r.randint(1, 9)}, {r.randint(1, 9)}]\n"  # untouched
    users = sorted(p for p in files if p not in (home, "notes.py"))
    request = r.choice(PHRASES).format(old=old, new=new, home=home, users=_and(users))
    return Instance(NAME, seed, request, files, {"old": old, "new": new, "home": home,
                                                 "users": users})


def _expected(task: Instance) -> dict[str, str]:
    f = task.facts
    return {p: word(f["old"]).sub(f["new"], t) for p, t in task.files.items()}


def judge(task: Instance, o: Outcome) -> str | None:
    f, want = task.facts, _expected(task)
    touched = {p for p in task.files if want[p] != task.files[p]}
    for path in sorted(touched):
        after = o.after.get(path)
        if after is None:
            return f"{path} is gone"
        if word(f["old"]).search(after):
            return f"{path} still uses the name {f['old']}"
        if after.rstrip("\n") != want[path].rstrip("\n"):
            lost = next((line for line in want[path].split("\n") if line not in after.split("\n")), "?")
            return f"{path} changed more than the name: {lost!r} is not there after the turn"
        reason = parses(o, path) or read_before_change(o, path)
        if reason:
            return reason
    return unchanged_except(o, touched)


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"Renamed {f['old']} to {f['new']} in {_and(sorted(_expected(task)))}.",
                    reads=tuple(task.files), after=_expected(task))


def broken(task: Instance) -> list[Outcome]:
    f, files = task.facts, task.files
    said = f"Renamed {f['old']} to {f['new']} everywhere."
    substring = {p: t.replace(f["old"], f["new"]) for p, t in files.items()}  # decoys renamed too
    home_only = {**files, f["home"]: _expected(task)[f["home"]]}  # callers left calling the old name
    no_tests = {**_expected(task), **{p: t for p, t in files.items() if p.startswith("test_")}}
    return [
        scripted(files, said, reads=tuple(files), after=substring),
        scripted(files, said, reads=tuple(files), after=home_only),
        scripted(files, said, reads=tuple(files), after=no_tests),
        scripted(files, said, reads=tuple(files)),  # claimed, not done
        scripted(files, said, after=_expected(task)),  # never read
    ]


# ----------------------------------------------------------------------------- the tutor

_FILES = re.compile(r"[\w./-]+\.py\b")
ASK = "Before I change anything: should I rename {old} to {new} in the tests as well, or only in the code?"


def _paths(turn: Turn, old: str) -> list[str] | Action:
    """The files the request names, and the others that use the name: from one search where
    a tool searches the folder, else every Python file a listing shows."""
    named = [norm_path(p) for p in _FILES.findall(turn.request)]
    using = files_using(turn, old)
    if using is not None:
        return using if isinstance(using, Action) else list(dict.fromkeys(named + using))
    if not turn.tools.can("list"):
        return list(dict.fromkeys(named))
    found = python_files(turn)
    return found if isinstance(found, Action) else list(dict.fromkeys(named + found))


def act(turn: Turn, m: dict) -> Action | None:
    """Read every file (named or listed), rename the whole word in each, one change at a time."""
    old, new = m["old"], m["new"]
    asked = needless_question(turn, ASK.format(old=old, new=new))
    if asked:
        return asked
    paths = _paths(turn, old)
    if isinstance(paths, Action):
        return paths
    texts = read_all(turn, paths)
    if isinstance(texts, Action):
        return texts
    defs = word(f"def {old}")
    if not any(defs.search(t) for t in texts.values()):
        return say(f"I couldn't find a function named {old} in {_and(paths)}; nothing was changed.")
    targets = {p: word(old).sub(new, t) for p, t in texts.items() if word(old).search(t)}
    action = converge(turn, targets)
    if action is not None:
        return action
    done = [p for p in changed(turn) if p in targets]
    return finish(turn, f"Renamed {old} to {new} in {_and(done or sorted(targets))}; names that only "
                        f"contain {old} were left as they were.")


FAMILY = Family(
    name=NAME,
    probes="Rename a function across modules, callers and tests, leaving longer names that contain it.",
    rewards="reading every file that uses the name, and whole-word replacements over text replaces",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # The request names where the function lives: "rename add to sum everywhere" alone is a
    # question for the user (which project files?), left to the tutor's help reply.
    patterns=(r"\brename(?=.*\.py\b)\s+(?:the\s+)?(?:function\s+)?(?P<old>[A-Za-z_]\w*)(?:\(\))?\s+(?:\([^)]*\)\s+)?to\s+"
              r"(?P<new>[A-Za-z_]\w*)\b(?!\.\w)",
              r"^(?=.*\.py\b)(?P<old>[A-Za-z_]\w*)(?:\(\))? should be (?:called|named) (?P<new>[A-Za-z_]\w*)\b"),
    act=act,
)
