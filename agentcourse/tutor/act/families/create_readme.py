"""The tutor's move for create-readme: "Create a README.md for this project."

The tutor lists the project, reads every module (in one response when parallel calls are
allowed), then creates README.md from what the reads showed; a README.md in the listing
is never written over. "Create a README" without ".md" asks for the same file, and any
README already there (README.rst too) counts as one. The arena's side is
agentcourse/arena/families/create_readme.py; its reference turn writes `readme`'s text
and replies with EXISTS or DONE, as the tutor does.
"""

from __future__ import annotations

import ast

from agentcourse.tutor.act.answer import and_list, error_text, finish
from agentcourse.tutor.act.knowledge import known, listing
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

README = "README.md"  # the file the request asks for
EXISTS = "{path} already exists, so I left it unchanged. Tell me what to add to it and I'll edit it."
DONE = "Created {path}: it describes the {n} modules ({names}) and their public functions."


def readme(files: dict[str, str]) -> str:
    """A README built from the modules' text: each one's docstring and public functions."""
    parts = ["# Project overview", "", f"This project has {len(files)} Python modules.", "",
             "## Modules", ""]
    for path, text in files.items():
        try:
            tree = ast.parse(text)
        except SyntaxError:
            parts += [f"### `{path}`", "", "(This module does not parse as Python.)", ""]
            continue
        doc = (ast.get_docstring(tree) or "").strip().split("\n")[0]
        parts += [f"### `{path}`", ""] + ([doc, ""] if doc else [])
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
                what = (ast.get_docstring(node) or "").strip().split("\n")[0]
                args = ", ".join(a.arg for a in node.args.args)
                parts.append(f"- `{node.name}({args})`" + (f": {what}" if what else ""))
        parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def act(turn: Turn, m: dict) -> Action | None:
    """List the project, read every module, then create README.md from the reads; an old
    README of any extension is left as it is and named in the reply."""
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    names = [n for n, kind in entries if kind == "file"]
    # Any README counts as one already there (README.rst, readme.txt): never a second one.
    old = [n for n in names if n.lower() == README.lower() or n.lower().split(".")[0] == "readme"]
    if old:
        return say(EXISTS.format(path=min(old, key=lambda n: n.lower() != README.lower())))
    modules = [n for n in names if n.endswith(".py") and not n.startswith(".")]
    if not modules:
        return say(f"There are no Python modules at the top of this project, so I wrote no {README}.")
    todo = [p for p in modules if known(turn, p).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": p}) for p in (todo if turn.parallel else todo[:1])])
    unread = [p for p in modules if known(turn, p).text is None]
    if unread:
        last = known(turn, unread[0]).last_read
        return say(script.FAILED.format(what="read", path=unread[0], error=error_text(last)) +
                   f" I wrote no {README}.")
    made = [s for s in turn.steps if s.path == README and s.op in ("create", "write")]
    if made and made[-1].ok:
        return finish(turn, DONE.format(path=README, n=len(modules), names=and_list(modules)))
    if made:
        return say(script.FAILED.format(what="create", path=README, error=error_text(made[-1])))
    via, omit = turn.tools.via("create"), False
    if via is None:
        return say(script.NO_TOOL.format(tools=turn.tools.names(), need="create files"))
    if via == "edit" and turn.failing("wrong-argument-format", README):  # as the brain's create does
        via, omit = ("bash", False) if "bash" in turn.tools.by_role else ("edit", True)
    text = readme({p: known(turn, p).text or "" for p in modules})
    return call("create", path=README, text=text, omit_old=omit, via=via)
