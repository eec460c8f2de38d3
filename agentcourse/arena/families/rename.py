"""rename: "Rename the function load_order to fetch_order everywhere: it is defined in ..."

A function is defined in one module and used in one or two others (a `from m import f`
line and calls) and in a test file. Decoys hold the old name inside longer names
(`load_order_cache`, `old_load_order`, `test_load_order`): they must not change. Solved
when no whole-word old name is left, the new one is defined and called where the old one
was, every other line is as it was, and every file still parses. The tutor's move (which
also takes a rename that names no file, and leaves the word in comments and strings) is
agentcourse/tutor/act/families/rename.py.
"""

from __future__ import annotations

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import (
    parses,
    read_before_change,
    scripted,
    unchanged_except,
)
from agentcourse.arena.families.words import VERBS, function_name, module_name, rng
from agentcourse.tutor.act.answer import and_list
from agentcourse.tutor.act.families.moves import word

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
    request = r.choice(PHRASES).format(old=old, new=new, home=home, users=and_list(users))
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
    return scripted(task.files, f"Renamed {f['old']} to {f['new']} in {and_list(sorted(_expected(task)))}.",
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


FAMILY = Family(
    name=NAME,
    probes="Rename a function across modules, callers and tests, leaving longer names that contain it.",
    rewards="reading every file that uses the name, and whole-word replacements over text replaces",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
