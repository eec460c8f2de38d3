"""create-readme: "Create a README.md for this project." — read every module, then write one.

The project has three to six modules, each with a docstring, public functions and maybe a
private helper. Solved when README.md is new, names every module and every public
function (a top-level def not starting with _), and nothing else changed. In one instance
of three a README.md exists already: then it must be left as it is, and the reply must say
it exists. The tutor's move (list, read every module, create README.md from the reads,
never over any README) is agentcourse/tutor/act/families/create_readme.py; the reference
turn writes its `readme` text.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import destroying_call, mentions, scripted, unchanged_except
from agentcourse.arena.families.words import NOUNS, VERBS, function_name, module_name, rng
from agentcourse.tutor.act.answer import and_list
from agentcourse.tutor.act.families.create_readme import DONE, EXISTS, README, readme

NAME = "create-readme"
PHRASES = ("Create a README.md for this project.",
           "Write a README.md for this project that describes its modules.",
           "Add a README.md to this project, listing its modules and their functions.")
OLD_README = "# Notes\n\nWork in progress; see the modules.\n"


def _module(r, stem: str, taken: set[str]) -> tuple[str, list[str]]:
    public = [function_name(r, taken) for _ in range(r.randint(1, 3))]
    taken |= set(public)
    lines = [f'"""{stem.title()}: {r.choice(VERBS)} the {r.choice(NOUNS)} records."""', "", ""]
    for name in public + ([f"_{r.choice(VERBS)}_cache"] if r.random() < 0.5 else []):
        lines += [f"def {name}(records):", f'    """{name.strip("_").replace("_", " ").capitalize()}."""',
                  f"    return records[:{r.randint(1, 9)}]", "", ""]
    return "\n".join(lines).rstrip() + "\n", public


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    files, functions, taken, stems = {}, {}, set(), set()
    for _ in range(r.randint(3, 6)):
        stem = module_name(r, stems)
        stems.add(stem)
        files[f"{stem}.py"], functions[f"{stem}.py"] = _module(r, stem, taken)
    exists = seed % 3 == 2
    if exists:
        files[README] = OLD_README
    return Instance(NAME, seed, r.choice(PHRASES), files,
                    {"functions": functions, "exists": exists})


def judge(task: Instance, o: Outcome) -> str | None:
    if task.facts["exists"]:
        why = unchanged_except(o, set()) or destroying_call(o)
        if why:
            return why
        if not mentions(o.reply, README) or not re.search(r"\balready\b|\bexists?\b", o.reply, re.I):
            return f"the reply does not say that {README} exists already"
        return None
    why = unchanged_except(o, {README}) or destroying_call(o)
    if why:
        return why
    text = o.after.get(README)
    if text is None:
        return f"{README} was not created"
    for path, names in task.facts["functions"].items():
        if not mentions(text, path) and not mentions(text, path[:-3]):
            return f"{README} does not name the module {path}"
        missing = [n for n in names if not mentions(text, n)]
        if missing:
            return f"{README} does not name {missing[0]}, a public function of {path}"
    return None


def reference(task: Instance) -> Outcome:
    modules = {p: t for p, t in task.files.items() if p.endswith(".py")}
    if task.facts["exists"]:
        return scripted(task.files, EXISTS.format(path=README), reads=(README,))
    return scripted(task.files, DONE.format(path=README, n=len(modules), names=and_list(list(modules))),
                    reads=tuple(modules), after={**task.files, README: readme(modules)})


def broken(task: Instance) -> list[Outcome]:
    modules = {p: t for p, t in task.files.items() if p.endswith(".py")}
    full = readme(modules)
    last = task.facts["functions"][list(modules)[-1]][-1]
    short = full.replace(f"- `{last}(records)`", "- (more)")
    said = DONE.format(path=README, n=len(modules), names=and_list(list(modules)))
    return [
        scripted(task.files, said, reads=tuple(modules), after={**task.files, README: short}),
        scripted(task.files, said, after={**task.files, README: "# Project\n"}),  # unread
        scripted(task.files, said, reads=tuple(modules)),  # claimed, not written
        scripted(task.files, said, reads=tuple(modules),  # a module "tidied" on the way
                 after={**task.files, README: full,
                        list(modules)[0]: modules[list(modules)[0]] + "\n# reviewed\n"}),
    ]


FAMILY = Family(
    name=NAME,
    probes="Write a README that names every module and public function, never over an old one.",
    rewards="parallel reads, and checking the listing before creating a file",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("list",),
)
