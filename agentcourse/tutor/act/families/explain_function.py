"""The tutor's move for explain-function: "What does score_order in pricing.py do?"

A function: one search for its def and a read from there where the tools allow, else the
whole file; the reply says, from its text, the helpers it calls, the constants it uses and
the kind of value it returns (`explain`). A whole module ("What does main.py do?"): read
whole and explained from its text alone (code.describe's line, then each function as
`explain` sees it, then what runs under `__main__`); a missing file gets the usual honest
error. The arena's side is agentcourse/arena/families/explain_function.py.
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap

from agentcourse.tutor.act import code
from agentcourse.tutor.act.answer import and_list, finish
from agentcourse.tutor.act.families.moves import read_window
from agentcourse.tutor.act.knowledge import known, whole_file
from agentcourse.tutor.act.toolbox import norm_path, search_matches
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

# The kind of value a return statement's expression gives back, in words.
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
    parts = [f"{func} calls {and_list(calls)}" if calls else f"{func} calls no other function of its module"]
    if "print" in seen:
        parts.append("prints to the screen")
    if constants:
        parts.append(f"uses the constant{'s' * (len(constants) > 1)} {and_list(constants)}")
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
        lines.append(f"- Run as a script (`python {path}`), it calls {and_list([f'`{c}`' for c in ran])}.")
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
        return _explain_file(turn, norm_path(m["path"])) if m.get("path") else None
    func, path = m["f"], m.get("path") and norm_path(m["path"])
    is_def = rf"^\s*(?:async\s+)?def {re.escape(func)}\s*\("
    if not path:  # no file named: the def found by a search of the project (an offered tool is a tool)
        if not turn.tools.can("search") or any(t.name == func for t in turn.tools.tools):
            return None
        searches = turn.done("search", ".")
        if not searches:
            return call("search", pattern=f"def {func}\\b", path=".")
        hit = re.search(rf"^(\S+?):\d+:\s*(?:async\s+)?def {re.escape(func)}\s*\(", searches[-1].result, re.M)
        if hit is None:
            return say(f"I couldn't find a function named {func} in this project.")
        path = norm_path(hit[1])
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
