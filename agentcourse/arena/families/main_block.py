"""main-block: "Add a main block to reports.py."

Done by the tutor's own main-block task (tutor/brain.py). The module's functions, its
folder and the phrasing come from the seed; the first functions need arguments, and one
later function takes none (or has defaults for all), so calling the first function
blindly breaks the script. Solved when the module ends with an
`if __name__ == "__main__":` block that calls one of its functions, every old line is
kept, the text was seen before the change, and running the file exits 0.
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
from agentcourse.arena.families.running import run_file
from agentcourse.arena.families.words import NOUNS, PARAMS, function_name, module_name, rng

NAME = "main-block"
PHRASES = ("Add a main block to {path}.", 'Add an if __name__ == "__main__": block to {path}.',
           "Make {path} runnable as a script.", "Add a __main__ guard to {path}.")


def _needs_args(r, name: str) -> list[str]:
    noun = r.choice(NOUNS)
    return [f"def {name}({noun}s):", f"    return sorted({noun}s)", "", ""]


def _bare(r, name: str) -> list[str]:
    param = r.choice(PARAMS)
    head = f"def {name}({param}={r.randint(2, 9)}):" if r.random() < 0.5 else f"def {name}():"
    size = param if "=" in head else str(r.randint(2, 9))
    return [head, f'    """Print a short {name.split("_")[1]} report."""',
            f"    for n in range({size}):", f'        print("{name}", n)', "", ""]


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = r.choice(("", "", "tools/")) + f"{module_name(r)}.py"
    names: list[str] = []
    count = r.randint(3, 5)
    while len(names) < count:
        names.append(function_name(r, set(names)))
    runnable = r.choice(names[1:])
    lines = ['"""Small reports."""', "", ""]
    for name in names:
        lines += _bare(r, name) if name == runnable else _needs_args(r, name)
    files: dict[str, str | bytes] = {path: "\n".join(lines).rstrip() + "\n"}
    request = r.choice(PHRASES).format(path=path)
    return Instance(NAME, seed, request, files, {"path": path, "functions": names})


def _main_calls(source: str) -> list[str] | None:
    """The module's own functions called in its top-level `if __name__ == "__main__":`
    block, or None when it has no such block."""
    tree = ast.parse(source)
    blocks = [n for n in tree.body if isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)
              and "__name__" in ast.unparse(n.test)]
    if not blocks:
        return None
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return [c.func.id for b in blocks for c in ast.walk(b) if isinstance(c, ast.Call)
            and isinstance(c.func, ast.Name) and c.func.id in defined]


def judge(task: Instance, o: Outcome) -> str | None:
    path = task.facts["path"]
    if o.after.get(path) == o.before.get(path):
        return f"{path} was not changed"
    broken = parses(o, path)
    if broken:
        return broken
    called = _main_calls(o.after[path])
    if called is None:
        return f'{path} has no if __name__ == "__main__": block'
    if not called:
        return f"the main block of {path} calls none of its functions"
    lost = kept_lines(o, path)
    if lost:
        return lost
    status, output = run_file(o.after, path)
    if status != 0:
        last = (output.strip().splitlines() or ["no output"])[-1]
        return f"running {path} exits with {status}: {last[:100]}"
    return read_before_change(o, path) or unchanged_except(o, {path}) or destroying_call(o)


def _with_main(task: Instance, call: str) -> str:
    text = task.files[task.facts["path"]]
    return text.rstrip("\n") + f'\n\n\nif __name__ == "__main__":\n    {call}\n'


def _runnable(task: Instance) -> str:
    tree = ast.parse(task.files[task.facts["path"]])
    return next(n.name for n in tree.body if isinstance(n, ast.FunctionDef)
                and len(n.args.args) == len(n.args.defaults))


def reference(task: Instance) -> Outcome:
    path = task.facts["path"]
    return scripted(task.files, f"Added a main block to {path}.", reads=(path,),
                    after={path: _with_main(task, f"{_runnable(task)}()")})


def broken(task: Instance) -> list[Outcome]:
    path, first = task.facts["path"], task.facts["functions"][0]
    said = f"Added a main block to {path}."
    good = _with_main(task, f"{_runnable(task)}()")
    return [
        scripted(task.files, said, reads=(path,), after={path: _with_main(task, f"{first}()")}),
        scripted(task.files, said, after={path: good}),  # never read it
        scripted(task.files, said, reads=(path,), after={path: _with_main(task, "pass")}),
        scripted(task.files, said, reads=(path,), after={path: good.split("\n", 3)[3]}),  # lost lines
        scripted(task.files, said, reads=(path,), after={path: task.files[path] + f"\n{_runnable(task)}()\n"}),
        scripted(task.files, said, reads=(path,)),  # said, not done
    ]


FAMILY = Family(
    name=NAME,
    probes="Make a module runnable: a main block that calls a function needing no arguments.",
    rewards="reading the module before choosing what the block calls",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
