"""explain-function: "What does score_order in pricing.py do?" — judged on the facts told.

The function calls two helpers of its module, uses two module constants, and returns one
kind of value (a list, a dict, a true/false answer, a count); the module also has a helper
it does not call. Solved when the reply names every helper it calls and every constant it
uses, says what kind of value it returns (in any words from a small set), names no helper
it does not call, and no file changed. The wording is the agent's own.

The tutor also explains a whole module ("What does main.py do?"): it reads the file and
answers from its text alone (code.describe's line, then each function as `explain` sees
it, then what runs under `__main__`); a missing file gets the usual honest error.
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap

from agentcourse.families import Family, Instance
from agentcourse.families.judging import mentions, scripted, unchanged_except
from agentcourse.families.moves import read_window
from agentcourse.families.words import CONSTANTS, function_name, module_name, rng
from agentcourse.matrix import Outcome
from agentcourse.tutor import code, script
from agentcourse.tutor.toolbox import norm_path, search_matches
from agentcourse.tutor.turn import Action, Turn, _and, call, finish, known, say, whole_file

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
    reply = (f"{fx['func']} calls {_and(fx['calls'])}, compares with {_and(fx['constants'])}, "
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


# ----------------------------------------------------------------------------- the tutor

KINDS = {ast.List: "a list", ast.ListComp: "a list", ast.Dict: "a dict", ast.DictComp: "a dict",
         ast.Compare: "True or False (a comparison)", ast.BoolOp: "True or False",
         ast.Set: "a set", ast.SetComp: "a set", ast.Tuple: "a tuple", ast.JoinedStr: "a string"}
COUNTERS = {"sum": "a number (a sum; a count when it adds ones)", "len": "a count",
            "round": "a number", "min": "the smallest value", "max": "the largest value"}


def _source(lines: list[str], index: int) -> str:
    """The function's lines from its def to the first line back at its indentation."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    end = index + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    return textwrap.dedent("\n".join(lines[index:end]))


def explain(func: str, source: str) -> str:
    """What the function does, from its own text: the helpers it calls, the constants it
    uses, and the kind of value its return statement gives back."""
    node = ast.parse(source).body[0]
    seen = list(dict.fromkeys(n.func.id for n in ast.walk(node)
                              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)))
    calls = [n for n in seen if not hasattr(builtins, n)]
    constants = list(dict.fromkeys(n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                                   and n.id.isupper() and len(n.id) > 1))
    returns = [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None]
    kind = "nothing (it has no return value)"
    if returns:
        v = returns[-1]
        kind = KINDS.get(type(v)) or (COUNTERS.get(v.func.id) if isinstance(v, ast.Call) and
                                      isinstance(v.func, ast.Name) else None) or "a value"
        kind += f": `{ast.unparse(v)}`"
    parts = [f"{func} calls {_and(calls)}" if calls else f"{func} calls no other function of its module"]
    if "print" in seen:
        parts.append("prints to the screen")
    if constants:
        parts.append(f"uses the constant{'s' * (len(constants) > 1)} {_and(constants)}")
    return f"{', '.join(parts)}, and returns {kind}."


def _main_guard(tree: ast.Module) -> ast.If | None:
    """The module's `if __name__ == "__main__":` block, if it has one."""
    for node in tree.body:
        test = ast.unparse(node.test) if isinstance(node, ast.If) else ""
        if "__name__" in test and "__main__" in test:
            return node
    return None


def explain_module(path: str, text: str) -> str:
    """What a module does, from its text: code.describe's line (docstring, imports, the
    functions it defines), then what each top-level function does, and what runs when it
    is run as a script."""
    if not text.strip():
        return f"{path} is empty: it does nothing."
    try:
        tree = ast.parse(text)
    except SyntaxError as err:
        return (f"I read {path}, but it does not parse as Python (line {err.lineno}: {err.msg}), "
                f"so I can't say what it does. It has {len(text.splitlines())} lines.")
    lines = [code.describe(path, text)]
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for node in defs[:8]:
        doc = (ast.get_docstring(node) or "").strip().split("\n")[0]
        said = f' Its docstring says: "{doc}"' if doc else ""
        lines.append(f"- {explain(node.name + '()', ast.get_source_segment(text, node) or '')}{said}")
    if len(defs) > 8:
        lines.append(f"- and {len(defs) - 8} more functions.")
    guard = _main_guard(tree)
    ran = [ast.unparse(n.value) for n in guard.body if isinstance(n, ast.Expr)] if guard else []
    if ran:
        lines.append(f"- Run as a script (`python {path}`), it calls {_and([f'`{c}`' for c in ran])}.")
    elif guard:
        lines.append(f"- It has a `__main__` block, run when you run `python {path}`.")
    return "\n".join(lines)


def _explain_file(turn: Turn, path: str) -> Action:
    """Read the whole module, then say what it does from that text (a missing or unreadable
    file gets whole_file's honest error)."""
    text = whole_file(turn, path)
    if isinstance(text, Action):
        return text
    k = known(turn, path)
    cut = k.text is not None and not k.complete and not k.last_read.stub
    note = f"\n(I could read only the first {len(text.splitlines())} lines; this covers those.)" if cut else ""
    return finish(turn, explain_module(path, text) + note)


def act(turn: Turn, m: dict) -> Action | None:
    """A module: read it whole and explain it. A function: search for the def and read from
    there where the tools allow, else read the file."""
    if not m.get("f"):
        return _explain_file(turn, norm_path(m["path"]))
    func, path = m["f"], norm_path(m["path"])
    is_def = rf"^\s*(?:async\s+)?def {re.escape(func)}\s*\("
    lines, index = None, None
    if turn.tools.can("search") and turn.tools.can("read_lines"):
        searches = turn.done("search", path)
        if not searches:
            return call("search", pattern=f"def {func}\\b", path=path)
        hits = [n for n, line in search_matches(searches[-1].result) if re.search(is_def, line)]
        if searches[-1].ok and hits:
            window = read_window(turn, path, hits[0], hits[0] + script.WHOLE_FILE_LINES // 4)
            if isinstance(window, Action):
                return window
            lines, index = window[1], 0
    if lines is None:
        text = whole_file(turn, path)
        if isinstance(text, Action):
            return text
        lines = text.split("\n")
        index = next((i for i, line in enumerate(lines) if re.search(is_def, line)), None)
    if index is None or not re.search(is_def, lines[index]):
        return say(f"I couldn't find a function named {func} in {path}.")
    try:
        return finish(turn, explain(func, _source(lines, index)))
    except SyntaxError:
        return say(f"I read {func} in {path}, but I could not parse it to explain it.")


_MODULE = r"(?:the (?:file |module )?)?(?P<path>[\w./-]+\.py)"

FAMILY = Family(
    name=NAME,
    probes="Explain one function: what it returns, what it calls, the constants it uses; change nothing.",
    rewards="reading the function itself (search + its lines) before answering, and facts over padding",
    generate=generate,
    judge=judge,
    reference=reference,
    broken=broken,
    patterns=(r"\bwhat(?:'s| does| is)? (?:the (?:function )?)?(?P<f>[A-Za-z_]\w*)(?:\(\))?(?: function| method)? in (?P<path>[\w./-]+\.py) "
              r"(?:do|does|doing)\b",
              r"\bhow does (?:the (?:function )?)?(?P<f>[A-Za-z_]\w*)(?:\(\))?(?: function)? in "
              r"(?P<path>[\w./-]+\.py) work\b",
              r"\bexplain (?:what )?(?:the function )?(?P<f>[A-Za-z_]\w*)(?:\(\))? in (?P<path>[\w./-]+\.py)"
              r"(?: does)?\b",
              # A module rather than a function: "What does main.py do?", "Explain utils.py."
              rf"\bwhat (?:does|is) {_MODULE} (?:do|does|doing|for)\b",
              rf"\btell me what {_MODULE} does\b",
              rf"^\s*(?:please\s+|can you\s+|could you\s+)*explain (?:what )?{_MODULE}"
              r"(?: does| is for| is)?\s*[.?!]?\s*$"),
    act=act,
)
