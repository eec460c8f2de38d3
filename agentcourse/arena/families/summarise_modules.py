"""summarise-modules: the course's long task, smaller and seeded (agentcourse/projects/longtask.py).

"Write MODULES.md with one line for every module in the depot package: ..." over a package
of six to ten generated modules (which ones, their order, the verbs each defines, the
package's name and the summary's name come from the seed). Every module must be read
whole: what it is for is in its docstring, what it defines is spread over the file.
Solved when the summary has exactly one line per module naming it and every public
function it defines, and no module changed.

Done by the tutor's module-summary task (tutor/context_tasks.py): list the package, read
each module, note it when a memory tool is offered, then write the summary.
"""

from __future__ import annotations

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import destroying_call, scripted, unchanged_except
from agentcourse.arena.families.words import rng
from agentcourse.projects import longtask
from agentcourse.tutor.act.context_tasks import module_line

NAME = "summarise-modules"
PACKAGES = ("depot", "storefront", "ledger", "backoffice", "logistics", "supply", "warehouse")
OUTPUTS = ("SUMMARY.md", "MODULES.md", "OVERVIEW.md")
PHRASES = (
    "Write {out} with one line for every module in the {package} package: what the module is "
    "for and the functions it defines.",
    "Write {out}, giving one line for every module of the {package} package that says what it "
    "is for and which functions it defines.",
    "Please write {out} with a line about every module in {package}/: its purpose and its functions.",
)


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    package, out = r.choice(PACKAGES), r.choice(OUTPUTS)
    chosen = r.sample(longtask.MODULES, r.randint(6, 10))
    files = {f"{package}/__init__.py": f'"""The {package} package: {len(chosen)} small modules."""\n'}
    for module, purpose, record, plural in chosen:
        verbs = tuple(r.sample(longtask.VERBS, r.randint(2, 4)))
        files[f"{package}/{module}.py"] = longtask.module_text(module, purpose, record, plural,
                                                               package, verbs)
    request = r.choice(PHRASES).format(out=out, package=package)
    return Instance(NAME, seed, request, files, {"package": package, "out": out})


def summarised(task: Instance) -> dict[str, str]:
    """The modules the summary must have a line for (path -> text): every file of the
    package but those named with a leading underscore (its __init__.py)."""
    return {p: str(t) for p, t in task.files.items() if not p.split("/")[-1].startswith("_")}


def judge(task: Instance, o: Outcome) -> str | None:
    out = task.facts["out"]
    # A new Markdown or text file beside it is the agent's own notes: context management
    notes = {p for p in o.after if p not in o.before and p.endswith((".md", ".txt"))}
    why = unchanged_except(o, {out} | notes) or destroying_call(o)
    if why:
        return why
    text = o.after.get(out)
    if text is None:
        return f"{out} was not written"
    problems = longtask.line_problems(text, summarised(task), out, bare=True)
    return f"{problems[0]} ({len(problems)} problems)" if problems else None


def _summary(task: Instance, drop: int = 0) -> str:
    lines = [module_line(p, t) for p, t in summarised(task).items()]
    return f"# The {task.facts['package']} package\n\n" + "".join(f"- {x}\n" for x in lines[drop:])


def reference(task: Instance) -> Outcome:
    out = task.facts["out"]
    return scripted(task.files, f"Wrote {out}.", reads=tuple(summarised(task)),
                    after={**task.files, out: _summary(task)})


def broken(task: Instance) -> list[Outcome]:
    out, modules = task.facts["out"], summarised(task)
    first = next(iter(modules))
    thin = "".join(f"- {p}: {t.split(chr(10))[0].strip(chr(34))}\n" for p, t in modules.items())
    return [
        scripted(task.files, f"Wrote {out}.", reads=tuple(modules),
                 after={**task.files, out: _summary(task, drop=1)}),  # one module missed
        scripted(task.files, f"Wrote {out}.", reads=tuple(modules),
                 after={**task.files, out: thin}),  # purposes only, no functions
        scripted(task.files, f"Wrote {out}.", reads=tuple(modules)),  # claimed, not written
        scripted(task.files, f"Wrote {out}.", reads=tuple(modules),  # a module changed on the way
                 after={**task.files, out: _summary(task), first: modules[first] + "# seen\n"}),
    ]


FAMILY = Family(
    name=NAME,
    probes="Read every module of a package whole and write one summary line for each.",
    rewards="context management: notes, stubs or compaction as the reads pile up",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("list",),
)
