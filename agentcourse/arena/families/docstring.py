"""docstring: "Add a docstring to merge_batch in payroll.py."

Done by the tutor's own docstring task (tutor/brain.py). The module, the function, its
neighbours and the phrasing come from the seed; a decoy whose name starts with the
function's name comes first, and some neighbours already have docstrings. Solved when
the function has a docstring (any text, one line or several), the file is otherwise
exactly as it was, and its text was seen before the change.
"""

from __future__ import annotations

import ast

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import (
    destroying_call,
    parses,
    read_before_change,
    scripted,
    unchanged_except,
)
from agentcourse.arena.families.words import NOUNS, PARAMS, function_name, module_name, rng

NAME = "docstring"
PHRASES = ("Add a docstring to {func} in {path}.", "Add a docstring to the {func} function in {path}.",
           "Give {func} in {path} a docstring.", "Write a one-line docstring for {func}() in {path}.")


def _function(r, name: str, documented: bool) -> list[str]:
    noun, param = r.choice(NOUNS), r.choice(PARAMS)
    doc = [f'    """{name.replace("_", " ").capitalize()} of each {noun}."""'] if documented else []
    return [f"def {name}({noun}s, {param}={r.randint(1, 9)}):", *doc,
            f"    total = sum({noun}s) * {param}", "    return total", "", ""]


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = r.choice(("", "", "src/")) + f"{module_name(r)}.py"
    names: list[str] = []
    count = r.randint(3, 5)
    while len(names) < count:
        names.append(function_name(r, set(names)))
    func = r.choice(names[1:])
    names.insert(names.index(func), f"{func}_all")  # a decoy whose name begins with func's
    lines = [f'"""{path.rsplit("/", 1)[-1][:-3].title()} totals."""', "", ""]
    for name in names:
        lines += _function(r, name, name != func and r.random() < 0.5)
    files: dict[str, str | bytes] = {path: "\n".join(lines).rstrip() + "\n"}
    request = r.choice(PHRASES).format(func=func, path=path)
    return Instance(NAME, seed, request, files, {"path": path, "func": func})


def _node(source: str, func: str) -> ast.FunctionDef | None:
    return next((n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)
                 and n.name == func), None)


def _without_docstring(source: str, node: ast.FunctionDef) -> list[str]:
    """The file's lines with the docstring's lines taken out (trailing spaces ignored)."""
    first = node.body[0]
    lines = source.split("\n")
    del lines[first.lineno - 1 : first.end_lineno]
    return [line.rstrip() for line in lines]


def judge(task: Instance, o: Outcome) -> str | None:
    path, func = task.facts["path"], task.facts["func"]
    if o.after.get(path) == o.before.get(path):
        return f"{path} was not changed"
    broken = parses(o, path)
    if broken:
        return broken
    node = _node(o.after[path], func)
    if node is None:
        return f"{path} no longer defines {func}"
    if ast.get_docstring(node) is None:
        return f"{func} has no docstring after the turn"
    if node.body[0].lineno == node.lineno:
        return f"{func}'s docstring is on its def line"
    rest = _without_docstring(o.after[path], node)
    if "\n".join(rest).strip() != "\n".join(line.rstrip() for line in o.before[path].split("\n")).strip():
        return f"{path} changed in more places than {func}'s docstring"
    return read_before_change(o, path) or unchanged_except(o, {path}) or destroying_call(o)


def _documented(task: Instance, doc: str, func: str | None = None) -> str:
    text, func = task.files[task.facts["path"]], func or task.facts["func"]
    head = next(line for line in text.split("\n") if line.startswith(f"def {func}("))
    return text.replace(head, f'{head}\n    """{doc}"""', 1)


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"Added a docstring to {f['func']}.", reads=(f["path"],),
                    after={f["path"]: _documented(task, "Return the weighted total.")})


def broken(task: Instance) -> list[Outcome]:
    path, func = task.facts["path"], task.facts["func"]
    said, text = f"Added a docstring to {func}.", task.files[path]
    comment = text.replace(f"def {func}(", f"# Return the weighted total.\ndef {func}(", 1)
    return [
        scripted(task.files, said, reads=(path,), after={path: _documented(task, "Doc.", f"{func}_all")}),
        scripted(task.files, said, after={path: _documented(task, "Return the weighted total.")}),
        scripted(task.files, said, reads=(path,), after={path: comment}),  # a comment, not a docstring
        scripted(task.files, said, reads=(path,)),  # said, not done
        scripted(task.files, said, reads=(path,), after={
            path: _documented(task, "Return the weighted total.").replace("    return total", "    return total  # sum", 1)}),
    ]


FAMILY = Family(
    name=NAME,
    probes="Add a docstring to one named function, next to one whose name begins the same.",
    rewards="reading before changing, and search + a few lines over a whole read",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
