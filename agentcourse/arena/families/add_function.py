"""add-function: "Add a square function to garden.py." (the prompt matrix's read-first row).

Done by the tutor's own add-function task (tutor/brain.py). The tutor writes only the
small functions it was taught (script.FUNCTIONS), so the requests name only those; the
module, its functions, its folder and the phrasing come from the seed. Solved when the
function is defined at the top level and gives the right answers on a few inputs (run in
a fresh interpreter), every old line is kept, and the file's text was seen before the
change.
"""

from __future__ import annotations

import ast

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import (
    destroying_call,
    kept_lines,
    parses,
    read_before_change,
    scripted,
    unchanged_except,
)
from agentcourse.arena.families.running import call_functions
from agentcourse.arena.families.words import NOUNS, function_name, module_name, rng
from agentcourse.tutor.act.code import known_function  # the tutor's own table of small functions

NAME = "add-function"
# The functions a request may ask for, each with inputs and the answers a correct one
# gives (the judge's own table: any correct code passes, not only the tutor's).
CASES: dict[str, list[tuple[tuple, object]]] = {
    "multiply": [((3, 4), 12), ((-2, 5), -10), ((0, 7), 0)],
    "divide": [((8, 2), 4), ((7, 2), 3.5), ((-9, 3), -3)],
    "power": [((2, 5), 32), ((3, 0), 1), ((5, 2), 25)],
    "square": [((3,), 9), ((-4,), 16), ((0,), 0)],
    "negate": [((3,), -3), ((-7,), 7), ((0,), 0)],
    "add": [((2, 3), 5), ((-1, 1), 0), ((10, 5), 15)],
    "subtract": [((5, 3), 2), ((1, 4), -3), ((0, 0), 0)],
    "average": [(([2, 4, 6],), 4), (([5],), 5), (([1, 2],), 1.5)],
    "slugify": [(("Hello World",), "hello-world"), (("  Big  Red Box ",), "big-red-box")],
}
PHRASES = ("Add {a} {func} function to {path}.", "In {path}, add {a} {func} function.",
           "Add {func}() to {path}.", "Please add {a} {func} function to {path}.")


def _module(r, path: str) -> str:
    lines = [f'"""{path.rsplit("/", 1)[-1][:-3].title()} helpers."""', "", "import math", "", ""]
    taken: set[str] = set()
    for _ in range(r.randint(2, 4)):
        name = function_name(r, taken)
        taken.add(name)
        noun = r.choice(NOUNS)
        lines += [f"def {name}({noun}s):", f'    """{name.replace("_", " ").capitalize()}."""',
                  f"    return [math.floor({noun}) for {noun} in {noun}s if {noun}]", "", ""]
    return "\n".join(lines).rstrip() + "\n"


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = r.choice(("", "", "lib/", "app/")) + f"{module_name(r)}.py"
    func = r.choice(sorted(CASES))
    files: dict[str, str | bytes] = {path: _module(r, path)}
    files[f"{module_name(r, {path[:-3]})}.py"] = _module(r, "other.py")
    a = "an" if func[0] in "aeiou" else "a"
    request = r.choice(PHRASES).format(func=func, path=path, a=a)
    return Instance(NAME, seed, request, files, {"path": path, "func": func})


def _value(text: str | None) -> object:
    try:
        return ast.literal_eval(text or "")
    except (ValueError, SyntaxError):
        return text  # not a literal: never equal to an expected answer


def _correct(source: str, func: str) -> str | None:
    cases = CASES[func]
    ran = call_functions(source, [(func, args) for args, _ in cases])
    if isinstance(ran, str):
        return f"the module does not load after the turn: {ran}"
    for (args, want), got in zip(cases, ran, strict=True):
        if got.error is not None or _value(got.value) != want:
            shown = ", ".join(map(repr, args))
            return f"{func}({shown}) gives {got.error or got.value}, not {want!r}"
    return None


def judge(task: Instance, o: Outcome) -> str | None:
    path, func = task.facts["path"], task.facts["func"]
    if o.after.get(path) == o.before.get(path):
        return f"{path} was not changed"
    broken = parses(o, path)
    if broken:
        return broken
    if func not in [n.name for n in ast.parse(o.after[path]).body if isinstance(n, ast.FunctionDef)]:
        return f"{path} defines no top-level {func} function after the turn"
    return (kept_lines(o, path) or _correct(o.after[path], func) or read_before_change(o, path)
            or unchanged_except(o, {path}) or destroying_call(o))


def _with(task: Instance, source: str) -> dict[str, str | bytes]:
    path = task.facts["path"]
    return {**task.files, path: task.files[path].rstrip("\n") + f"\n\n\n{source}\n"}


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"Added {f['func']} to {f['path']}.", reads=(f["path"],),
                    after=_with(task, known_function(f["func"])))


def broken(task: Instance) -> list[Outcome]:
    path, func = task.facts["path"], task.facts["func"]
    source, said = known_function(func), f"Added {func} to {path}."
    params = source.split("(", 1)[1].split(")", 1)[0]
    wrong_body = f"def {func}({params}):\n    return None"
    return [
        scripted(task.files, said, after=_with(task, source)),  # never read it
        scripted(task.files, said, reads=(path,), after={**task.files, path: source + "\n"}),
        scripted(task.files, said, reads=(path,), after=_with(task, wrong_body)),
        scripted(task.files, said, reads=(path,)),  # said, not done
        scripted(task.files, said, reads=(path,),
                 after=_with(task, "    " + source.replace("\n", "\n    "))),  # not valid
    ]


FAMILY = Family(
    name=NAME,
    probes="Add a small known function to an existing module without losing a line of it.",
    rewards="reading before changing, and an exact-replace edit over rewriting the file",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
