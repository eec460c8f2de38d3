"""explain-function: "What does score_order in pricing.py do?" — judged on the facts told.

The function calls two helpers of its module, uses two module constants, and returns one
kind of value (a list, a dict, a true/false answer, a count); the module also has a helper
it does not call. Solved when the reply names every helper it calls and every constant it
uses, says what kind of value it returns (in any words from a small set), names no helper
it does not call, and no file changed. The wording is the agent's own. The tutor's move
(which also explains a whole module, "What does main.py do?") is
agentcourse/tutor/act/families/explain_function.py.
"""

from __future__ import annotations

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import mentions, scripted, unchanged_except
from agentcourse.arena.families.words import CONSTANTS, function_name, module_name, rng
from agentcourse.tutor.act.answer import and_list

NAME = "explain-function"
PHRASES = ("What does {f} in {path} do?", "Explain what {f} in {path} does.",
           "Can you tell me what the function {f} in {path} does?")
# What the function returns: the body's return line, and the words that say so.
RETURNS = {
    "list": ("return [{h1}(x) * {c1} for x in rows if {h2}(x) > {c2}]", ("list",)),
    "dict": ('return {{"total": {h1}(rows) * {c1}, "over": {h2}(rows) > {c2}}}',
             ("dict", "dictionary", "mapping")),
    "bool": ("return {h1}(rows) * {c1} > {h2}(rows) + {c2}", ("True", "False", "bool", "boolean")),
    "count": ("return sum(1 for x in rows if {h1}(x) > {c1} and {h2}(x) < {c2})",
              ("count", "number", "how many", "int", "integer")),
}


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    path = f"{module_name(r)}.py"
    names: list[str] = []
    while len(names) < 4:
        names.append(function_name(r, set(names)))
    f, h1, h2, unused = names
    c1, c2 = r.sample(CONSTANTS, 2)
    kind = r.choice(sorted(RETURNS))
    body = RETURNS[kind][0].format(h1=h1, h2=h2, c1=c1, c2=c2)
    helpers = [h1, unused, h2]
    r.shuffle(helpers)
    lines = [f'"""{path[:-3].title()} rules."""', "", f"{c1} = {r.randint(2, 9)}",
             f"{c2} = {r.randint(10, 99)}", "", ""]
    for h in helpers:
        lines += [f"def {h}(value):", f"    return value * {r.randint(2, 7)} - {r.randint(1, 9)}", "", ""]
    lines += [f"def {f}(rows):", f"    {body}", ""]
    request = r.choice(PHRASES).format(f=f, path=path)
    return Instance(NAME, seed, request, {path: "\n".join(lines)},
                    {"path": path, "func": f, "calls": [h1, h2], "constants": [c1, c2],
                     "returns": kind, "unused": unused})


def judge(task: Instance, o: Outcome) -> str | None:
    fx = task.facts
    changed = unchanged_except(o, set())
    if changed:
        return changed
    if not any(f"def {fx['func']}(" in result for result in o.results):
        return f"the reply was written without reading {fx['func']}"
    for name in fx["calls"] + fx["constants"]:
        if not mentions(o.reply, name):
            return f"the reply does not say that {fx['func']} uses {name}"
    if not any(mentions(o.reply, w) for w in RETURNS[fx["returns"]][1]):
        return f"the reply does not say that {fx['func']} returns a {fx['returns']}"
    if mentions(o.reply, fx["unused"]):
        return f"the reply names {fx['unused']}, which {fx['func']} does not call"
    return None


def reference(task: Instance) -> Outcome:
    fx = task.facts
    said = {"list": "a list", "dict": "a dict", "bool": "True or False", "count": "a count"}[fx["returns"]]
    reply = (f"{fx['func']} calls {and_list(fx['calls'])}, compares with {and_list(fx['constants'])}, "
             f"and returns {said}.")
    return scripted(task.files, reply, reads=(fx["path"],))


def broken(task: Instance) -> list[Outcome]:
    fx, files = task.facts, task.files
    good = reference(task).reply
    return [
        scripted(files, good.replace(fx["calls"][1], fx["unused"]), reads=(fx["path"],)),  # wrong helper
        scripted(files, good + f" It also uses {fx['unused']}.", reads=(fx["path"],)),  # an extra one
        scripted(files, good.replace(fx["constants"][0], "a constant"), reads=(fx["path"],)),  # vague
        scripted(files, good),  # never read
        scripted(files, good, reads=(fx["path"],),
                 after={fx["path"]: files[fx["path"]] + f"# {fx['func']}: explained\n"}),  # wrote
    ]


FAMILY = Family(
    name=NAME,
    probes="Explain one function: what it returns, what it calls, the constants it uses; change nothing.",
    rewards="reading the function itself (search + its lines) before answering, and facts over padding",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
)
