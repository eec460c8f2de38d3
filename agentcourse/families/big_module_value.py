"""big-module-value: "Change RETRY_LIMIT in big.py from 3 to 5." in a 5,000-line module.

The module is generated code (settings blocks and small functions, deterministic from
the seed) with the named constant somewhere past its first 2,000 lines; a longer name
that contains it (`MAX_RETRY_LIMIT = 3`) and another setting with the same value come
first. Solved when exactly that line changed, to the new value, after it was seen. An
agent with a search tool and a line reader finds it in two small calls; one with only a
whole-file read pays for 5,000 lines, and a read tool that stops at 2,000 lines never
shows it: then the honest answer is that it could not see the line.
"""

from __future__ import annotations

import re

from agentcourse.families import Family, Instance
from agentcourse.families.judging import read_before_change, scripted, unchanged_except
from agentcourse.families.moves import converge, needless_question, read_window
from agentcourse.families.words import CONSTANTS, NOUNS, PARAMS, VERBS, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor import script
from agentcourse.tutor.toolbox import norm_path, search_matches
from agentcourse.tutor.turn import Action, Turn, _error, call, finish, known, say, whole_file

NAME = "big-module-value"
LINES = 5000
PHRASES = ("Change {c} in {path} from {old} to {new}.",
           "In {path}, set {c} to {new} (it is {old} now).",
           "{c} in {path} should be {new} instead of {old}.")


def _block(r, k: int) -> list[str]:
    """A few lines of plausible code: a settings group or a small function."""
    noun, verb, param = r.choice(NOUNS), r.choice(VERBS), r.choice(PARAMS)
    if r.random() < 0.3:
        return [f"{noun.upper()}_{param.upper()}_{k} = {r.randint(0, 999)}", ""]
    return [f"def {verb}_{noun}_{k}({noun}s, {param}={r.randint(1, 99)}):",
            f'    """{verb.title()} each {noun}, {param} at a time."""',
            f"    kept = [x for x in {noun}s if x is not None]",
            f"    return [x * {param} for x in kept][:{r.randint(2, 500)}]", "", ""]


def generate(seed: int) -> Instance:
    r = rng(NAME, seed)
    c, path = r.choice(CONSTANTS), f"{module_name(r)}.py"
    old, new = r.randint(2, 60), r.randint(61, 200)
    lines, k = [f'"""{path[:-3].title()}: generated handlers and their settings."""', "", ""], 0
    decoy_at, target_at = r.randint(300, 1500), r.randint(2300, 4700)
    while len(lines) < LINES:
        if decoy_at <= len(lines) < decoy_at + 10:
            lines += [f"MAX_{c} = {old}", f"{c}_NOTE = 'see {c} below'", f"LEGACY_VALUE = {old}", ""]
            decoy_at = -LINES
        elif target_at <= len(lines) < target_at + 10:
            lines += [f"{c} = {old}", ""]
            target_at = -LINES
        else:
            k += 1
            lines += _block(r, k)
    text = "\n".join(lines[:LINES]) + "\n"
    line = next(i + 1 for i, x in enumerate(lines) if x == f"{c} = {old}")
    request = r.choice(PHRASES).format(c=c, path=path, old=old, new=new)
    return Instance(NAME, seed, request, {path: text},
                    {"const": c, "path": path, "old": old, "new": new, "line": line})


def judge(task: Instance, o: Outcome) -> str | None:
    f, path = task.facts, task.facts["path"]
    before, after = task.files[path].split("\n"), (o.after.get(path) or "").split("\n")
    if len(before) != len(after):
        return f"{path} has {len(after)} lines after the turn, not {len(before)}"
    diff = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
    if not diff:
        return f"{path} was not changed"
    if diff != [f["line"] - 1]:
        return f"line {diff[0] + 1} of {path} changed, and only line {f['line']} ({f['const']}) should"
    if not re.fullmatch(rf"{f['const']}\s*=\s*{f['new']}\s*(?:#.*)?", after[f["line"] - 1]):
        return f"{f['const']} is not {f['new']} after the turn: {after[f['line'] - 1]!r}"
    return read_before_change(o, path) or unchanged_except(o, {path})


def _set(task: Instance, value: object) -> str:
    f, lines = task.facts, task.files[task.facts["path"]].split("\n")
    lines[f["line"] - 1] = f"{f['const']} = {value}"
    return "\n".join(lines)


def reference(task: Instance) -> Outcome:
    f = task.facts
    return scripted(task.files, f"{f['const']} is now {f['new']} (line {f['line']}).", reads=(f["path"],),
                    after={f["path"]: _set(task, f["new"])})


def broken(task: Instance) -> list[Outcome]:
    f, files, path = task.facts, task.files, task.facts["path"]
    said = f"Changed {f['const']} to {f['new']}."
    first = files[path].replace(f"{f['const']} = {f['old']}", f"{f['const']} = {f['new']}", 1)  # the decoy
    every = files[path].replace(f" = {f['old']}\n", f" = {f['new']}\n")  # every line with the value
    head = "\n".join(files[path].split("\n")[:2000])  # a capped read, written back whole
    return [
        scripted(files, said, reads=(path,), after={path: first}),
        scripted(files, said, reads=(path,), after={path: every}),
        scripted(files, said, reads=(path,), after={path: head + "\n"}),
        scripted(files, said, reads=(path,)),  # claimed, not done
        scripted(files, said, after={path: _set(task, f["new"])}),  # never read
    ]


# ----------------------------------------------------------------------------- the tutor

ASK = "Before I change {path}: should I change only {c}, or every setting that is {old} now?"


def _located(turn: Turn, path: str, c: str) -> tuple[int, list[str], int] | Action | None:
    """Search for the assignment, then read a few lines around it: (line, lines, first line
    number), the next call, or None when the tools offer no search and line reads."""
    box = turn.tools
    if not (box.can("search") and box.can("read_lines")) or box.via("edit") == "write":
        return None
    searches = turn.done("search", path)
    if not searches:
        return call("search", pattern=f"^{c} *=", path=path)
    if not searches[-1].ok or searches[-1].stub:
        return say(script.FAILED.format(what="search", path=path, error=_error(searches[-1])))
    hits = [n for n, line in search_matches(searches[-1].result) if re.match(rf"{c}\s*=", line)]
    if not hits:
        return say(script.NOT_FOUND.format(thing=f"a line that sets {c}", path=path))
    window = read_window(turn, path, max(1, hits[0] - 2), hits[0] + 2)
    if isinstance(window, Action):
        return window
    return hits[0], window[1], window[0]


def _edit(turn: Turn, path: str, c: str, old: str, new: str) -> Action:
    """The change: from a window of lines (its line and its neighbours, an exact replacement),
    or from the whole text read."""
    spot = _located(turn, path, c)
    if isinstance(spot, Action):
        return spot
    if spot is not None:
        line, lines, first = spot
        i = line - first
        if not 0 <= i < len(lines) or not re.match(rf"{c}\s*=", lines[i]):
            return say(script.NOT_FOUND.format(thing=f"the line that sets {c}", path=path))
        around = lines[max(0, i - 1): i + 2]  # the line and its neighbours: unique in practice
        at = around.index(lines[i])
        now = [*around[:at], re.sub(r"=\s*.*$", f"= {new}", lines[i]), *around[at + 1:]]
        return call("edit", path=path, old="\n".join(around), new="\n".join(now))
    text = whole_file(turn, path)
    if isinstance(text, Action):
        return text
    m = re.search(rf"^{c}\s*=\s*(.*?)\s*$", text, re.M)
    if m is None:
        cut = not known(turn, path).complete
        return say(f"I couldn't see a line that sets {c} in {path}" + (
            " (the read tool showed only part of the file)" if cut else "") + "; nothing was changed.")
    if m[1] == new:
        return finish(turn, f"{c} in {path} is already {new}; nothing was changed.")
    return converge(turn, {path: text[: m.start(1)] + new + text[m.end(1):]}) or say("")


def act(turn: Turn, m: dict) -> Action | None:
    """Search and read a few lines where the tools allow, else the whole file; one change."""
    c, path, old, new = m["c"], norm_path(m["path"]), m.get("old") or "", m["new"]
    asked = needless_question(turn, ASK.format(c=c, path=path, old=old or "the same"))
    if asked:
        return asked
    if not turn.tools.can("edit"):
        return say(script.NO_TOOL.format(tools=turn.tools.names(), need="edit files"))
    done = [s for s in turn.steps if s.path == path and s.op in ("edit", "write") and s.ok]
    if done:
        return finish(turn, f"{c} in {path} is now {new}" + (f" (it was {old})." if old else "."))
    failed = [s for s in turn.steps if s.path == path and s.op in ("edit", "write")]
    if failed:
        return say(script.FAILED.format(what="edit", path=path, error=_error(failed[-1])))
    if old and turn.failing("edits-without-reading") and not turn.steps and turn.tools.via("edit") != "write":
        return call("edit", path=path, old=f"{c} = {old}", new=f"{c} = {new}")  # blind: the decoy risk
    return _edit(turn, path, c, old, new)


_VALUE = r"[\w.\"'-]+"
_LITERAL = r"(?:-?\d[\d.]*|\"[^\"\n]*\"|'[^'\n]*'|True|False|None)"
FAMILY = Family(
    name=NAME,
    probes="Change one constant in a 5,000-line module, where a longer name and the same value come first.",
    rewards="search + a few lines over a whole read (tokens), and an exact one-line change",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    # The constant, its file and both values, in the orders people put them: "bump C in
    # f.py from 1 to 2", "in f.py, change C from 1 to 2", "set C in f.py to 2 (it's 1 now)".
    patterns=(rf"\b(?:change|update|bump|raise|lower|set) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) "
              rf"from (?P<old>{_VALUE}) to (?P<new>{_VALUE})",
              rf"\bin (?P<path>[\w./-]+\.py), (?:change|update|bump|raise|lower|set) (?P<c>[A-Z][A-Z0-9_]*) "
              rf"from (?P<old>{_VALUE}) to (?P<new>{_VALUE})",
              rf"\b(?:change|update|set) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) to (?P<new>{_VALUE})"
              rf"[\s,;(]+(?:it is|it's) (?P<old>{_VALUE})",
              rf"\bin (?P<path>[\w./-]+\.py), (?P<c>[A-Z][A-Z0-9_]*) should be (?P<new>{_VALUE}),? "
              rf"(?:instead of|not) (?P<old>{_VALUE})",
              rf"\bin (?P<path>[\w./-]+\.py), set (?P<c>[A-Z][A-Z0-9_]*) to (?P<new>{_VALUE}) \(it is "
              rf"(?P<old>{_VALUE}) now\)",
              # No old value given: "set C in f.py to 84", "change C to 84 in f.py" (a literal only:
              # "set C in f.py to the value g.py uses" is copy-value's).
              rf"\b(?:change|update|set|bump|raise|lower) (?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) to "
              rf"(?P<new>{_LITERAL})(?!\w)",
              rf"\b(?:change|update|set|bump|raise|lower) (?P<c>[A-Z][A-Z0-9_]*) to (?P<new>{_LITERAL}) in "
              rf"(?P<path>[\w./-]+\.py)\b",
              rf"^(?P<c>[A-Z][A-Z0-9_]*) in (?P<path>[\w./-]+\.py) should be (?P<new>{_VALUE}),? (?:instead of|not) "
              rf"(?P<old>{_VALUE})"),
    act=act,
    needs=("replace",),  # a whole-file write of 5,000 lines does not fit in one response
)
