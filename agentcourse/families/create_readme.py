"""create-readme: "Create a README.md for this project." — read every module, then write one.

The project has three to six modules, each with a docstring, public functions and maybe a
private helper. Solved when README.md is new, names every module and every public
function (a top-level def not starting with _), and nothing else changed. In one instance
of three a README.md exists already: then it must be left as it is, and the reply must say
it exists.

The tutor lists the project, reads every module (in one response when parallel calls are
allowed), then creates README.md from what the reads showed; a README.md in the listing
is never written over. "Create a README" without ".md" asks for the same file, and any
README already there (README.rst too) counts as one.
"""

from __future__ import annotations

import ast
import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import destroying_call, mentions, scripted, unchanged_except
from agentcourse.families.words import NOUNS, VERBS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor import script
from agentcourse.tutor.turn import Action, Turn, _and, _error, _listing, call, finish, known, say

NAME = "create-readme"
README = "README.md"
PHRASES = ("Create a README.md for this project.",
           "Write a README.md for this project that describes its modules.",
           "Add a README.md to this project, listing its modules and their functions.")
EXISTS = "{path} already exists, so I left it unchanged. Tell me what to add to it and I'll edit it."
DONE = "Created {path}: it describes the {n} modules ({names}) and their public functions."
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


def readme(files: dict[str, str]) -> str:
    """A README built from the modules' text: each one's docstring and public functions."""
    parts = ["# Project overview", "", f"This project has {len(files)} Python modules.", "",
             "## Modules", ""]
    for path, text in files.items():
        try:
            tree = ast.parse(text)
        except SyntaxError:
            parts += [f"### `{path}`", "", "(This module does not parse as Python.)", ""]
            continue
        doc = (ast.get_docstring(tree) or "").strip().split("\n")[0]
        parts += [f"### `{path}`", ""] + ([doc, ""] if doc else [])
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
                what = (ast.get_docstring(node) or "").strip().split("\n")[0]
                args = ", ".join(a.arg for a in node.args.args)
                parts.append(f"- `{node.name}({args})`" + (f": {what}" if what else ""))
        parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def reference(task: Instance) -> Outcome:
    modules = {p: t for p, t in task.files.items() if p.endswith(".py")}
    if task.facts["exists"]:
        return scripted(task.files, EXISTS.format(path=README), reads=(README,))
    return scripted(task.files, DONE.format(path=README, n=len(modules), names=_and(list(modules))),
                    reads=tuple(modules), after={**task.files, README: readme(modules)})


def broken(task: Instance) -> list[Outcome]:
    modules = {p: t for p, t in task.files.items() if p.endswith(".py")}
    full = readme(modules)
    last = task.facts["functions"][list(modules)[-1]][-1]
    short = full.replace(f"- `{last}(records)`", "- (more)")
    said = DONE.format(path=README, n=len(modules), names=_and(list(modules)))
    return [
        scripted(task.files, said, reads=tuple(modules), after={**task.files, README: short}),
        scripted(task.files, said, after={**task.files, README: "# Project\n"}),  # unread
        scripted(task.files, said, reads=tuple(modules)),  # claimed, not written
        scripted(task.files, said, reads=tuple(modules),  # a module "tidied" on the way
                 after={**task.files, README: full,
                        list(modules)[0]: modules[list(modules)[0]] + "\n# reviewed\n"}),
    ]


# ----------------------------------------------------------------------------- the tutor


def act(turn: Turn, m: dict) -> Action | None:
    entries = _listing(turn)
    if isinstance(entries, Action):
        return entries
    names = [n for n, kind in entries if kind == "file"]
    # Any README counts as one already there (README.rst, readme.txt): never a second one.
    old = [n for n in names if n.lower() == README.lower() or n.lower().split(".")[0] == "readme"]
    if old:
        return say(EXISTS.format(path=min(old, key=lambda n: n.lower() != README.lower())))
    modules = [n for n in names if n.endswith(".py") and not n.startswith(".")]
    if not modules:
        return say(f"There are no Python modules at the top of this project, so I wrote no {README}.")
    todo = [p for p in modules if known(turn, p).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])
    unread = [p for p in modules if known(turn, p).text is None]
    if unread:
        last = known(turn, unread[0]).last_read
        return say(script.FAILED.format(what="read", path=unread[0], error=_error(last)) +
                   f" I wrote no {README}.")
    made = [s for s in turn.steps if s.path == README and s.op in ("create", "write")]
    if made and made[-1].ok:
        return finish(turn, DONE.format(path=README, n=len(modules), names=_and(modules)))
    if made:
        return say(script.FAILED.format(what="create", path=README, error=_error(made[-1])))
    via, omit = turn.tools.via("create"), False
    if via is None:
        return say(script.NO_TOOL.format(tools=turn.tools.names(), need="create files"))
    if via == "edit" and turn.failing("wrong-argument-format"):  # as the brain's create does
        via, omit = ("bash", False) if "bash" in turn.tools.by_role else ("edit", True)
    text = readme({p: known(turn, p).text or "" for p in modules})
    return call("create", path=README, text=text, omit_old=omit, via=via)


FAMILY = Family(
    name=NAME,
    probes="Write a README that names every module and public function, never over an old one.",
    rewards="parallel reads, and checking the listing before creating a file",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # "README" alone (no ".md") asks for the same file: README.md.
    patterns=(r"^\s*(?:please\s+|can you\s+|could you\s+)*(?:create|write|add|make|generate)\s+"
              r"(?:a\s+|the\s+|an?\s+new\s+)?README(?:\.md)?\b(?!\.\w)(?:\s+file)?"
              r"(?:\s+(?:for|to)\s+(?:this|the|my)\s+(?:project|repo\w*|codebase))?",
              r"^\s*(?:this|the|my|our)\s+(?:project|repo\w*|codebase)\s+needs\s+(?:a\s+)?README(?:\.md)?\b"
              r"(?!\.\w)(?:\s+file)?\s*[.!]?\s*$"),
    act=act,
    needs=("list",),
)
