"""where-used: "Where is score_order defined, and where is it used?" — cited answers.

Done by the tutor's own research task (tutor/context_tasks.py): a search when the tools
offer one, else a listing and a read of every file; it needs one of those. Three to five
files, from the seed: one defines the name, others call it, and decoys sit among the
uses: a function whose name begins the same (`score_orders`), the name in a comment and
in a string. Solved when the reply cites the definition and every use by file and line
(`path:line`, `path line N`, `line N of path`, `path (lines 4 and 9)`), cites no decoy
line except in a sentence that says it is not a use, and nothing changed.
"""

from __future__ import annotations

import re

from agentcourse.api.outcome import Outcome
from agentcourse.arena.families.family import Family, Instance
from agentcourse.arena.families.judging import scripted, tables_as_text, unchanged_except
from agentcourse.arena.families.words import MODULES, NOUNS, function_name, rng

NAME = "where-used"
PHRASES = ("Where is {name} defined, and where is it used?",
           "Where is {name} defined and where is it called?",
           "Which files use {name}, and where is it defined?")
_NUMS = r"(\d+(?:\s*(?:,|and|&|,\s*and)\s*\d+)*)"
# A sentence that says its citations are not uses ("comments, not uses", "isn't called").
_NOT_USE = re.compile(r"\bnot\b|n't\b|\bcomments?\b|\bstrings?\b|\bdecoys?\b|\bonly (?:text|mention)", re.I)


def _definer(r, module: str, name: str, other: str, calls_it: bool) -> tuple[str, int, int | None]:
    """The defining module's text, the definition's line, and the line of a use in it."""
    head = f"def {name}(value, scale={r.randint(2, 9)}):"
    lines = [f'"""{module.title()} helpers."""', "", "",
             f"def {name}s(items):", "    return [item for item in items if item]", "", "",
             head, "    return value * scale", "", "",
             f"def {other}(values):",
             f"    return [{name}(v) for v in values]" if calls_it else "    return sorted(values)"]
    return "\n".join(lines) + "\n", lines.index(head) + 1, len(lines) if calls_it else None


def _user(r, module: str, source: str, name: str) -> tuple[str, dict[str, list[int]]]:
    noun = r.choice(NOUNS)
    lines = [f'"""{module.title()}."""', "", f"from {source} import {name}, {name}s", "", "",
             f"def {function_name(r)}({noun}s):"]
    kinds: dict[str, list[int]] = {"use": [], "decoy": [], "import": [3]}
    kinds_here = ["use", "comment", "string", "similar"] + ["again"] * (r.random() < 0.5)
    for kind in r.sample(kinds_here, len(kinds_here)):
        if kind == "use":
            lines.append(f"    total = sum({name}({noun}) for {noun} in {noun}s)")
        elif kind == "again":
            lines.append(f"    first = {name}({noun}s[0]) if {noun}s else 0")
        elif kind == "comment":
            lines.append(f"    # {name} used to round here; now the caller does")
        elif kind == "string":
            lines.append(f'    print("{name} is slow for many {noun}s")')
        else:
            lines.append(f"    kept = {name}s({noun}s)")
        kinds["use" if kind in ("use", "again") else "decoy"].append(len(lines))
    lines.append("    return total, kept" + ", first" * ("again" in kinds_here))
    return "\n".join(lines) + "\n", kinds


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    name = function_name(r)
    other = function_name(r, {name})
    modules = r.sample(MODULES, r.randint(3, 5))
    definer = f"{modules[0]}.py"
    text, def_line, inner = _definer(r, modules[0], name, other, r.random() < 0.5)
    files: dict[str, str | bytes] = {definer: text}
    uses = [(definer, inner)] if inner else []
    decoys, imports = [], []
    users = modules[1:-1] if len(modules) > 3 else modules[1:]
    for module in users:
        files[f"{module}.py"], kinds = _user(r, module, modules[0], name)
        uses += [(f"{module}.py", n) for n in kinds["use"]]
        decoys += [(f"{module}.py", n) for n in kinds["decoy"]]
        imports += [(f"{module}.py", n) for n in kinds["import"]]
    if len(modules) > 3:  # a module that never mentions the name
        files[f"{modules[-1]}.py"] = f'"""{modules[-1].title()}."""\n\nLIMIT = {r.randint(5, 50)}\n'
    request = r.choice(PHRASES).format(name=name)
    return Instance(NAME, seed, request, files,
                    {"name": name, "definition": (definer, def_line), "uses": uses,
                     "decoys": decoys, "imports": imports})


def cited(text: str, paths: list[str]) -> set[tuple[str, int]]:
    """Every (path, line) `text` cites, in the usual shapes."""
    found = set()
    for path in paths:
        # Quoted as code or not; "a.py:8", "a.py#L8", "a.py (L8)", "a.py, lines 7 and 8".
        p = rf"(?<![\w/.-])`?(?:\./)?{re.escape(path)}`?(?![\w/-])"
        shapes = (rf"{p}(?::|#L)(\d+)", rf"{p}\)?(?:\s*[,(]\s*|\s+)(?:on\s+|at\s+)?lines?\s+{_NUMS}",
                  rf"{p}\s*\(\s*(L\d+(?:\s*(?:,|and|&)\s*L\d+)*)\s*\)",
                  rf"\blines?\s+{_NUMS}\s+(?:of|in)\s+(?:the\s+file\s+)?{p}")
        for shape in shapes:
            for nums in re.findall(shape, text, re.I):
                found |= {(path, int(n)) for n in re.findall(r"\d+", nums)}
    return found


def judge(task: Instance, o: Outcome) -> str | None:
    f = task.facts
    changed = unchanged_except(o, set())
    if changed:
        return changed
    paths = sorted(task.files)
    reply = tables_as_text(o.reply)  # a table's "| a.py | 8 |" row cites a.py line 8
    everywhere = cited(reply, paths)
    path, line = f["definition"]
    if (path, line) not in everywhere:
        return f"the reply does not cite the definition, {path}:{line}"
    missing = [u for u in map(tuple, f["uses"]) if u not in everywhere]
    if missing:
        return f"the reply does not cite the use at {missing[0][0]}:{missing[0][1]}"
    sentences = re.split(r"(?<=[.;])\s+|\n", reply)
    as_uses = set().union(*(cited(s, paths) for s in sentences if not _NOT_USE.search(s)))
    wrong = [d for d in map(tuple, f["decoys"]) if d in as_uses]
    return f"the reply cites {wrong[0][0]}:{wrong[0][1]} as a use, and it is not one" if wrong else None


def _answer(task: Instance, uses: list, extra: str = "") -> str:
    path, line = task.facts["definition"]
    shown = ", ".join(f"{p}:{n}" for p, n in uses)
    return f"{task.facts['name']} is defined at {path}:{line}. It is used at {shown}.{extra}"


def reference(task: Instance) -> Outcome:
    o = scripted(task.files, _answer(task, task.facts["uses"]))
    o.calls.append(("search", {"pattern": task.facts["name"]}))
    o.results.append("(the search's hits)")
    return o


def broken(task: Instance) -> list[Outcome]:
    f = task.facts
    path, line = f["definition"]
    return [
        scripted(task.files, _answer(task, f["uses"][:-1])),  # a use missed
        scripted(task.files, _answer(task, f["uses"] + f["decoys"])),  # decoys cited as uses
        scripted(task.files, _answer(task, f["uses"]).replace(f"{path}:{line}", f"{path}:{line + 1}")),
        scripted(task.files, f"{f['name']} is defined in {path} and used in several modules."),
        scripted(task.files, _answer(task, f["uses"]), after={**task.files, path: ""}),
    ]


FAMILY = Family(
    name=NAME,
    probes="Find where a name is defined and used across files, citing lines, past decoys.",
    rewards="a search tool with line numbers over reading every file",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    needs=("list",),
)
