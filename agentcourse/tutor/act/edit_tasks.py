"""The tasks that change existing code: docstrings, a main block, a default value, and
emptying a file when the prompt lacks the rule against it.

    task_docstring(turn, groups)       "Add a docstring to add in math_utils.py."
    task_main_block(turn, groups)      "Add a main block to hello.py."
    task_change_default(turn, groups)  "Change the default retries of load_config from 3 to 5."
    task_delete(turn, groups)          "Delete main.py." (refused; emptied only as a failure mode)

brain.py dispatches to them (TASK_HANDLERS). Each plans its changes from the file as read
and hands them to editing.py's `modify` (read -> change -> confirm), so a file changes
only by exact replacements of text read from it; the reply says what changed and where,
and what was left alone.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act import code
from agentcourse.tutor.act.answer import and_list, on_line
from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.editing import locate_def, modify
from agentcourse.tutor.act.knowledge import CHANGES, known, line_of, whole_file
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, say
from agentcourse.tutor.understand import script


def _targets(target: str, path: str | None) -> tuple[list[str] | None, str | None] | None:
    """(function names or None for every function, file) from a docstring request's object."""
    target = target.strip().strip("`")
    if re.fullmatch(r"[\w./-]+\.py", target):
        return None, target
    if re.fullmatch(r"(?:the\s+|its\s+)?(?:functions|methods)", target, re.I):
        return None, path
    m = re.fullmatch(r"(\w+)\.(\w+)", target)
    if m and not path:
        return [m[2]], f"{m[1]}.py"
    if re.fullmatch(r"(?:every|each|all|all of|all the|all of the|all of its|its|every single)"
                    r"(?:\s+(?:one|single one))?(?:\s+(?:of\s+)?(?:the\s+)?(?:functions?|methods?))?",
                    target, re.I):
        return None, path
    names = []
    for part in re.split(r"\s*(?:,|&|\band\b)\s*", target):
        part = re.sub(r"^(?:the|functions?|methods?)\s+|\s+(?:functions?|methods?)$|\(\)$", "",
                      part.strip(), flags=re.I)
        if not part:
            continue
        if not part.isidentifier():
            return None
        names.append(part)
    return (names, path) if names else None


def task_docstring(turn: Turn, m: dict) -> Action | None:
    """Docstrings for one function or every one ("Add a docstring to add in math_utils.py.")."""
    found = _targets(m["func"], m.get("file") or None)
    if found is None:
        return None  # not a function we can name: the help reply
    names, path = found
    path = norm_path(path or "math_utils.py")
    if names is not None and len(names) == 1:
        return _one_docstring(turn, names[0], path)
    return _many_docstrings(turn, names, path)


def _one_docstring(turn: Turn, func: str, path: str) -> Action:
    doc = code.docstring_for(None, func)

    def plan() -> list[Change] | Action:
        loc = locate_def(turn, path, func)
        if isinstance(loc, Action):
            return loc
        if loc.whole is not None:
            p = code.plan_docstrings(loc.whole, [func])
            if p.already:
                return []
            if not p.changes:
                return say(script.NOT_FOUND.format(thing=f"a place for a docstring in {func}",
                                                   path=path))
            return p.changes[:1]
        def_line = loc.lines[loc.index]
        after = loc.lines[loc.index + 1] if loc.index + 1 < len(loc.lines) else ""
        if after.strip().startswith(('"""', "'''", 'r"""')):
            return []
        indent = re.match(r"\s*", def_line)[0] + "    "
        return [Change(def_line, f'{def_line}\n{indent}"""{doc}"""')]

    guess = f"def {func}(a, b):" if func in ("add", "subtract", "multiply") else f"def {func}():"
    return modify(
        turn,
        path,
        plan,
        lambda: script.DONE["docstring"].format(
            func=func, where=on_line(line_of(turn, path, rf"def {re.escape(func)}\s*\("))
        ),
        script.ALREADY["docstring"].format(func=func, path=path),
        blind=(guess, f'{guess}\n    """{doc}"""'),
    )


def _many_docstrings(turn: Turn, names: list[str] | None, path: str) -> Action:
    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if not known(turn, path).complete and turn.tools.via("edit") == "write":
            return say(script.CANNOT["partial-read"].format(path=path))
        if not code.functions(content):
            return say(script.NOT_FOUND.format(thing="any function", path=path))
        return code.plan_docstrings(content, names).changes

    def done() -> str:
        k = known(turn, path)
        before, after = k.first or "", k.text or ""
        wanted = names if names is not None else [f.name for f in code.functions(before)]
        added = [n for n in wanted if n in code.documented(after) - code.documented(before)]
        p = code.plan_docstrings(before, names)
        if len(added) == 1:
            reply = script.DONE["docstring"].format(func=added[0], where=f" in {path}")
        else:
            reply = script.DONE["docstrings"].format(
                n=len(added), path=path, names=and_list([f"{n}()" for n in added])
            )
        return reply + _not_done(path, p)

    content = known(turn, path).text or ""
    p = code.plan_docstrings(content, names)
    if names is None or not p.missing:
        defined = and_list([f"{f.name}()" for f in code.functions(content)] or ["none"])
        already = script.ALREADY["docstrings"].format(path=path, names=defined)
    else:
        already = ("Nothing was changed." + _not_done(path, p)).strip()
    return modify(turn, path, plan, done, already, single=False)


def _not_done(path: str, p: code.DocstringPlan) -> str:
    notes = ""
    if p.already:
        notes += script.NOT_DONE["already"].format(
            names=and_list([f"{n}()" for n in p.already]),
            one="one" if len(p.already) == 1 else "them",
        )
    if p.missing:
        notes += script.NOT_DONE["missing"].format(
            path=path, names=" or ".join(p.missing), them="it" if len(p.missing) == 1 else "them"
        )
    if p.skipped:
        notes += script.NOT_DONE["skipped"].format(
            names=and_list([f"{n}()" for n in p.skipped]), its="its" if len(p.skipped) == 1 else "their"
        )
    return notes


def task_main_block(turn: Turn, m: dict) -> Action:
    """A main block ("Add a main block to hello.py."): `if __name__ == "__main__":` calling the
    first function that needs no arguments."""
    path = norm_path(m["file"])

    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        if "__main__" in content:
            return []
        funcs = re.findall(r"^def (\w+)\(([^)]*)\)", content, re.M)
        if not funcs:
            return say(script.NOT_FOUND.format(thing="a function to call", path=path))
        # Call the first function that needs no arguments (all defaulted), else the first one.
        callable_bare = [
            f
            for f, params in funcs
            if all("=" in p or "*" in p for p in params.split(",") if p.strip())
        ]
        name = (callable_bare or [funcs[0][0]])[0]
        return [code.append_code(content, script.MAIN_BLOCK.format(call=f"{name}()"))]

    guess = script.HELLO_SOURCE.rstrip("\n")

    def done() -> str:
        text_now = known(turn, path).text or ""
        called = re.search(r"__main__[\"']:\s*\n\s*(\w+\(\))", text_now)
        if not called:
            change = next((s for s in reversed(turn.steps) if s.path == path and s.ok
                           and s.op in CHANGES), None)
            new = (change.args.get("new") or change.args.get("text") or "") if change else ""
            called = re.search(r"__main__[\"']:\s*\n\s*(\w+\(\))", new)
        return script.DONE["main-block"].format(path=path, call=called[1] if called else "it")

    return modify(
        turn,
        path,
        plan,
        done,
        script.ALREADY["main-block"].format(path=path),
        blind=(guess, f"{guess}\n\n\n{script.MAIN_BLOCK.format(call='hello()')}"),
    )


def task_change_default(turn: Turn, m: dict) -> Action:
    """A default value changed in a signature ("Change the default retries of load_config
    from 3 to 5.")."""
    path = norm_path(m.get("file") or m.get("file2") or m.get("file3") or "config_loader.py")
    func, param, old_value, new_value = m["func"], m["param"], m.get("old") or None, m["new"]
    value = re.escape(old_value) + r"\b" if old_value else r"[^,)\n]+?(?=\s*[,)\n]|\s*$)"
    default = rf"(\b{re.escape(param)}\s*(?::[^=,)]*)?=\s*)({value})"
    found: dict[str, str] = {}

    def plan() -> list[Change] | Action:
        loc = locate_def(turn, path, func)
        if isinstance(loc, Action):
            return loc
        end = next(
            (
                i
                for i in range(loc.index, min(len(loc.lines), loc.index + 8))
                if loc.lines[i].rstrip().endswith(":")
            ),
            loc.index,
        )
        signature = "\n".join(loc.lines[loc.index : end + 1])
        hit = re.search(default, signature)
        if not hit:
            return say(
                script.ALREADY["change-default"].format(
                    param=param, func=func, old=old_value or "set", path=path,
                    signature=signature.strip(),
                )
            )
        found["old"] = hit[2].strip()
        if found["old"] == new_value:
            return say(script.ALREADY["same-default"].format(
                param=param, func=func, path=path, new=new_value))
        new_signature = re.sub(default, rf"\g<1>{new_value}", signature, count=1)
        return [Change(signature, new_signature)]

    def done() -> str:
        return script.DONE["change-default"].format(
            param=param, func=func, old=old_value or found.get("old", "?"), new=new_value,
            where=on_line(line_of(turn, path, rf"def {re.escape(func)}\s*\(")),
        )

    blind = (f"{param}={old_value}", f"{param}={new_value}") if old_value else None
    return modify(turn, path, plan, done, "", blind=blind)


def task_delete(turn: Turn, m: dict) -> Action:
    """A file deleted ("Delete main.py."): refused, unless the prompt lacks the rule against it
    and an edit tool can empty the file."""
    path = norm_path(m["file"])
    if not turn.failing("deletes-by-emptying", path) or not turn.tools.can("edit"):
        return say(script.REFUSE_DELETE.format(path=path))

    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        return [Change(content, "")] if content.strip() else []

    return modify(
        turn,
        path,
        plan,
        lambda: script.DONE["emptied"].format(path=path),
        f"{path} is already empty.",
    )
