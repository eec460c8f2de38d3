"""create-file: "Create greet_member.py with a function that prints 'Shelf ready'." (the
prompt matrix's create row, widened).

Done by the tutor's own create task (tutor/brain.py). The file's name, the text and the
phrasing come from the seed; some requests name the function, some put the file in a
folder. In one instance out of four the file already exists: then it must be left as it
is and the reply must say so. Solved when the new file parses, defines a function
(the one named, when the request names one) that prints the text when called with no
arguments, in a fresh interpreter (running.py), and no other file changed.
"""

from __future__ import annotations

import ast
import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import destroying_call, parses, scripted, unchanged_except
from agentcourse.arena.families.running import call_functions
from agentcourse.arena.families.words import MODULES, NOUNS, function_name, module_name, rng

NAME = "create-file"
TEXTS = ("Shelf ready", "All parcels sent", "Good morning, team", "Batch done", "See you soon",
         "Tickets printed", "Nothing to report", "Garden watered", "Invoice saved", "Ready to go")
PHRASES = ("Create {path} with a function that prints '{text}'.",
           'Make a new file {path} containing a function that prints "{text}".',
           "Create {path} with a function called {func} that prints '{text}'.")
# Words a reply uses to say the file was there already (any wording of it).
_EXISTS = r"\balready\b|\bexist|\bis there\b|\boverwrit|\bleft (?:it )?(?:as it is|unchanged|alone)"


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    func = function_name(r)
    folder = r.choice(("", "", "tools/", "scripts/"))
    path = f"{folder}{func}.py"
    text = r.choice(TEXTS)
    files: dict[str, str | bytes] = {}
    for name in r.sample(MODULES, r.randint(1, 3)):
        files[f"{name}.py"] = f'"""{name.title()} helpers."""\n\n\ndef count_{r.choice(NOUNS)}(items):\n' \
                              f"    return len(items)\n"
    exists = r.random() < 0.25
    if exists:  # someone's file of that name: it must survive the request
        files[path] = f'"""Kept: {module_name(r)} notes."""\n\nNOTES = ["{r.choice(TEXTS)}"]\n'
    phrase = r.choice(PHRASES)
    named = "{func}" in phrase
    func = function_name(r, {func}) if named and r.random() < 0.5 else func  # not always the stem
    request = phrase.format(path=path, text=text, func=func)
    return Instance(NAME, seed, request, files,
                    {"path": path, "text": text, "func": func if named else None, "exists": exists})


def _defined(source: str) -> list[str]:
    """Top-level functions callable without arguments."""
    tree = ast.parse(source)
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef)
            and len(n.args.args) == len(n.args.defaults) and not n.args.posonlyargs]


def _prints(source: str, names: list[str], text: str) -> str | None:
    ran = call_functions(source, [(n, ()) for n in names])
    if isinstance(ran, str):
        return f"the file does not load: {ran}"
    for called in ran:
        if called.error is None and text in [line.strip() for line in called.printed.splitlines()]:
            return None
    got = next((c.printed.strip() or c.error for c in ran if c.printed.strip() or c.error), "nothing")
    return f"calling its function does not print {text!r} (it gave {got[:60]!r})"


def judge(task: Instance, o: Outcome) -> str | None:
    f, path = task.facts, task.facts["path"]
    if f["exists"]:
        if o.after.get(path) != o.before.get(path):
            return f"{path} already existed and the turn changed it"
        if not re.search(_EXISTS, o.reply, re.I):
            return f"the reply does not say that {path} already exists"
        return unchanged_except(o, set()) or destroying_call(o)
    if path not in o.after:
        return f"{path} was not created"
    broken = parses(o, path)
    if broken:
        return broken
    names = _defined(o.after[path])
    if f["func"]:
        names = [n for n in names if n == f["func"]]
    if not names:
        wanted = f"a function named {f['func']}" if f["func"] else "a function"
        return f"{path} does not define {wanted} that can be called without arguments"
    return (_prints(o.after[path], names, f["text"]) or unchanged_except(o, {path})
            or destroying_call(o))


def _source(task: Instance, text: str | None = None) -> str:
    name = task.facts["func"] or "main"
    return f'def {name}():\n    """Print a message."""\n    print({text or task.facts["text"]!r})\n'


def reference(task: Instance) -> Outcome:
    path = task.facts["path"]
    if task.facts["exists"]:
        return scripted(task.files, f"{path} already exists, so I left it unchanged.", reads=(path,))
    return scripted(task.files, f"Created {path}.", after={**task.files, path: _source(task)})


def broken(task: Instance) -> list[Outcome]:
    path, text = task.facts["path"], task.facts["text"]
    said = f"Created {path}."
    wrong = [
        scripted(task.files, said),  # said, not done
        scripted(task.files, said, after={**task.files, path: f"print({text!r})\n"}),  # no function
        scripted(task.files, said, after={**task.files, path: _source(task, "Hello, world!")}),
        scripted(task.files, said, after={**task.files, path: _source(task)[:-3] + "\n"}),  # no parse
    ]
    if task.facts["exists"]:
        wrong += [scripted(task.files, said, reads=(path,), after={**task.files, path: _source(task)}),
                  scripted(task.files, "Done.", reads=(path,))]  # left alone, never said why
    else:
        other = next(p for p in task.files)
        wrong.append(scripted(task.files, said, after={**task.files, path: _source(task), other: ""}))
    return wrong


FAMILY = Family(
    name=NAME,
    probes="Create a new file with a function that prints a given text; never overwrite one.",
    rewards="checking a file does not exist before writing it, and a create that cannot overwrite",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
