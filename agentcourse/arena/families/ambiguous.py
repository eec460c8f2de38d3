"""ambiguous: "Change the timeout to 60." where two functions have a timeout — ask which.

The project has two or three functions with the named parameter, in one module or spread
over two, among modules without it. Solved when no file changed and the reply asks a
question (a question mark) naming every candidate function. A guess (one of them
changed), or a refusal without a question, fails. The tutor's move (look, then ask; guess
when the prompt says nothing about asking) is agentcourse/tutor/act/families/ambiguous.py.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import destroying_call, mentions, scripted, unchanged_except
from agentcourse.arena.families.words import NOUNS, PARAMS, function_name, module_name, rng
from agentcourse.tutor.act.answer import and_list

NAME = "ambiguous"
PHRASES = ("Change the {param} to {new}.", "Set the {param} to {new}.",
           "Please change the default {param} to {new}.")


def _module(r, names: list[str], param: str, values: dict[str, int]) -> str:
    lines = [f'"""{r.choice(NOUNS).title()} helpers."""', "", ""]
    for name in names:
        args = f"items, {param}={values[name]}" if name in values else "items"
        lines += [f"def {name}({args}):", f"    return [item for item in items if item][:{r.randint(2, 9)}]",
                  "", ""]
    return "\n".join(lines).rstrip() + "\n"


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    param, new = r.choice(PARAMS), r.randint(100, 200)
    stems: list[str] = []
    while len(stems) < 3:
        stems.append(module_name(r, set(stems)))
    taken: set[str] = set()
    names = {}
    for stem in stems:
        names[stem] = [function_name(r, taken) for _ in range(r.randint(2, 3))]
        taken |= set(names[stem])
    spread = r.random() < 0.5  # candidates in two modules, or all in one
    homes = stems[:2] if spread else stems[:1]
    candidates = {}  # function -> (path, value)
    for stem in homes:
        for func in names[stem][: (1 if spread else r.randint(2, len(names[stem])))]:
            candidates[func] = (f"{stem}.py", r.randint(2, 99))
    files = {f"{stem}.py": _module(r, names[stem], param, {f: v for f, (p, v) in candidates.items()
                                                          if p == f"{stem}.py"}) for stem in stems}
    request = r.choice(PHRASES).format(param=param, new=new)
    return Instance(NAME, seed, request, files, {"param": param, "new": new,
                                                 "candidates": sorted(candidates)})


# A question without a question mark: "Please tell me which you meant", "let me know which".
_CHOOSE = re.compile(r"\b(?:tell me|let me know|please (?:confirm|specify|choose|pick|say))\b[^.\n]*\b"
                     r"(?:which|what|one)\b", re.I)


def judge(task: Instance, o: Outcome) -> str | None:
    why = unchanged_except(o, set()) or destroying_call(o)
    if why:
        return f"{why}: the request is ambiguous, and a guess is not an answer"
    if "?" not in o.reply and not _CHOOSE.search(o.reply):
        return "the reply asks no question"
    missing = [c for c in task.facts["candidates"] if not mentions(o.reply, c)]
    if missing:
        return f"the question does not name {missing[0]}, one of the functions meant"
    return None


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"Which {f['param']} do you mean: {and_list(f['candidates'])}?",
                    reads=tuple(task.files))


def broken(task: Instance) -> list[Outcome]:
    f, files = task.facts, task.files
    first = f["candidates"][0]
    path = next(p for p, text in files.items() if f"def {first}(" in text)
    guessed = re.sub(rf"(def {first}\(items, {f['param']}=)\d+", rf"\g<1>{f['new']}", files[path])
    return [
        scripted(files, f"Changed the {f['param']} to {f['new']}.", reads=(path,),
                 after={**files, path: guessed}),  # guessed one
        scripted(files, "That request is ambiguous, so I changed nothing.", reads=tuple(files)),
        scripted(files, f"Which {f['param']} do you mean?"),  # asked without looking
        scripted(files, f"Did you mean {first}?", reads=tuple(files)),  # named only one
    ]


FAMILY = Family(
    name=NAME,
    probes="A request that could mean any of several functions' parameters.",
    rewards="looking first, then asking a question that names the candidates",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("list",),
)
