"""ambiguous: "Change the timeout to 60." where two functions have a timeout — ask which.

The project has two or three functions with the named parameter, in one module or spread
over two, among modules without it. Solved when no file changed and the reply asks a
question (a question mark) naming every candidate function. A guess (one of them
changed), or a refusal without a question, fails.

The tutor looks before it asks: one search of the project when a search tool takes a
folder, else a listing and a read of every module; then it asks, naming the candidates
with their files and current values. With one candidate the request is clear, and it
changes that one. When the prompt has no rule about asking at all (tutor/rules.py finds
no clarification sentence), it guesses: it changes the first candidate, the failure a
"when in doubt, ask" rule prevents. (An unlimited asking rule, asks-when-it-shouldnt,
asks here too: this request is ambiguous.)
"""

from __future__ import annotations

import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import destroying_call, mentions, scripted, unchanged_except
from agentcourse.families.words import NOUNS, PARAMS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor import rules
from agentcourse.tutor.code import Change
from agentcourse.tutor.turn import Action, Turn, _and, _listing, call, known, modify, no_tool, say

NAME = "ambiguous"
PHRASES = ("Change the {param} to {new}.", "Set the {param} to {new}.",
           "Please change the default {param} to {new}.")
ASK = "Which {param} do you mean? {found}. Tell me which one (or all of them) to set to {new}."
GUESSED = "Changed the default {param} of {func} in {path} from {old} to {new}."


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
    return scripted(task.files, f"Which {f['param']} do you mean: {_and(f['candidates'])}?",
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


# ----------------------------------------------------------------------------- the tutor

_HIT = re.compile(r"^(?P<path>[^:\n]+?):(?P<line>\d+):\s?(?P<text>.*)$")


def _defs(param: str, lines: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """(path, function, value, def line) for each def with a default for `param`."""
    sig = re.compile(rf"^\s*(?:async\s+)?def\s+(\w+)\s*\(.*\b{re.escape(param)}\s*(?::[^=,)]*)?="
                     r"\s*([^,)]+)")
    return [(p, m[1], m[2].strip(), text.strip()) for p, text in lines if (m := sig.search(text))]


def _lines(turn: Turn, param: str) -> list[tuple[str, str]] | Action:
    """Every line that may define `param`, as (path, line): from one search of the project,
    or from a listing and a read of each module."""
    if turn.tools.via("search") not in (None, "bash"):
        done = turn.done("search", ".")
        if not done:
            return call("search", pattern=f"{param}=", path=".")
        if done[-1].ok and not done[-1].stub:
            return [(m["path"], m["text"]) for line in done[-1].result.split("\n")
                    if (m := _HIT.match(line))]
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    entries = _listing(turn)
    if isinstance(entries, Action):
        return entries
    paths = [n for n, kind in entries if kind == "file" and n.endswith(".py")]
    todo = [p for p in paths if known(turn, p).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])
    first = {p: known(turn, p) for p in paths}  # as first read: before a change of this turn
    return [(p, line) for p in paths for line in (first[p].first or first[p].text or "").split("\n")]


def asks_at_all(turn: Turn) -> bool:
    """Does the prompt say anything about asking the user (limited or not)?"""
    tools = [rules.as_definition(t) for t in turn.tools.tools]
    system = turn.body.get("system") or ""
    finding = next(f for f in rules.explain(system, tools) if f.mode == "asks-when-it-shouldnt")
    return bool(finding.sentence)


def act(turn: Turn, m: dict) -> Action | None:
    param, new = m["param"], m["new"]
    found = _lines(turn, param)
    if isinstance(found, Action):
        return found
    defs = _defs(param, found)
    if not defs:
        return say(f"I couldn't find a {param} with a default value in this project; nothing was changed.")
    if len(defs) > 1 and asks_at_all(turn) and not any(s.op in ("edit", "write") for s in turn.steps):
        shown = "; ".join(f"{func} in {path} ({param}={value})" for path, func, value, _ in defs)
        return say(ASK.format(param=param, new=new, found=f"{len(defs)} functions have one: {shown}"))
    path, func, value, line = defs[0]  # one candidate, or a guess: no rule says to ask
    edited = re.sub(rf"(\b{re.escape(param)}\s*(?::[^=,)]*)?=\s*){re.escape(value)}", rf"\g<1>{new}", line, count=1)
    return modify(turn, path, lambda: [Change(line, edited)],
                  lambda: GUESSED.format(param=param, func=func, path=path, old=value, new=new),
                  f"The default {param} of {func} is already {new}.")


_PARAM = r"(?P<param>(?-i:[a-z][a-z_]*))"
FAMILY = Family(
    name=NAME,
    probes="A request that could mean any of several functions' parameters.",
    rewards="looking first, then asking a question that names the candidates",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # "Make the default timeout 141" leaves out the "to"; "I want the timeout set to 141".
    patterns=(rf"^\s*(?:please\s+)?(?:change|set|update|make)\s+the\s+(?:default\s+)?{_PARAM}"
              r"\s+(?:to\s+)?(?P<new>-?\d[\d.]*)\s*\.?\s*$",
              rf"^\s*(?:please\s+)?(?:change|set|update)\s+(?!(?:it|this|that|them)\b){_PARAM}\s+to\s+"
              r"(?P<new>-?\d[\d.]*)\s*\.?\s*$",
              rf"^\s*i\s+(?:want|need|would like|'d like)\s+the\s+(?:default\s+)?{_PARAM}\s+"
              r"(?:set|changed)\s+to\s+(?P<new>-?\d[\d.]*)\s*\.?\s*$"),
    act=act,
    needs=("list",),
)
