"""The code the tutor writes and how it reads code: new functions, docstrings, a line
about a file. Pure functions of text; the fixed texts (function bodies, docstrings for
the course's functions) are data in script.py.

Every change is an exact replacement (old text -> new text) computed from the file's
real text, with an old text that occurs exactly once, so the same Change can go to
an edit tool, the text editor, a shell command, or be applied here to build the whole
new text for a whole-file write tool.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass

from agentcourse.tutor.understand import script


@dataclass(frozen=True)
class Change:
    """One exact replacement in a file; `append` is set when it only adds code at the end."""

    old: str
    new: str
    append: str | None = None  # the code added after the last line (the editor's insert)


def apply(text: str, changes: list[Change]) -> str | None:
    """`text` with every change applied in order, or None if an old text is not there once."""
    for c in changes:
        if text.count(c.old) != 1:
            return None
        text = text.replace(c.old, c.new, 1)
    return text


def append_code(content: str, code: str) -> Change:
    """A change that appends `code` at the end: old is the shortest unique tail."""
    lines = content.rstrip("\n").split("\n")
    for k in range(1, len(lines) + 1):
        tail = "\n".join(lines[-k:])
        if tail.strip() and content.count(tail) == 1:
            return Change(tail, f"{tail}\n\n\n{code}", append=code)
    return Change(content, content.rstrip("\n") + f"\n\n\n{code}\n", append=code)


# ----------------------------------------------------------------------------- new code


def literal(text: str) -> str:
    """A double-quoted string literal valid in both Python and JavaScript."""
    return json.dumps(text, ensure_ascii=False)


def print_function(name: str, message: str, ext: str) -> str:
    """A function `name` that prints `message`, in the file type's language."""
    if message == script.HELLO_TEXT and name == "hello":
        return script.HELLO_SOURCES[ext]
    if ext == ".js":
        return f"function {name}() {{\n  console.log({literal(message)});\n}}\n\n{name}();\n"
    return f'def {name}():\n    """Print {literal(message)}."""\n    print({literal(message)})\n'


def known_function(name: str) -> str | None:
    """The source of one of the small functions the tutor knows how to write."""
    spec = script.FUNCTIONS.get(name)
    if spec is None:
        return None
    params, doc, body = spec
    return f'def {name}({params}):\n    """{doc}"""\n    {body}'


# ----------------------------------------------------------------------------- docstrings


def _name_words(name: str) -> str:
    return " ".join(w for w in re.split(r"_+|(?<=[a-z])(?=[A-Z])", name) if w)


def docstring_for(node: ast.FunctionDef | ast.AsyncFunctionDef | None, name: str) -> str:
    """A one-line docstring: the course's table, else one built from the name and body."""
    if name in script.DOCSTRINGS:
        return script.DOCSTRINGS[name]
    if name.startswith("test_"):
        return f"Check {_name_words(name[5:])}."
    if name.startswith("__") and name.endswith("__"):
        return f"Implement {name} for this class."
    body = node.body if node is not None else []
    if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
        expr = ast.unparse(body[0].value)
        if len(expr) <= 40:
            return f"Return {expr}."
    words = _name_words(name)
    return f"{words[:1].upper()}{words[1:]}." if words else script.GENERIC_DOCSTRING.format(func=name)


def _has_docstring(node: ast.AST) -> bool:
    body = getattr(node, "body", [])
    return bool(
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    )


def functions(source: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function and method of `source`, in source order ([] if it does not parse)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    return sorted(found, key=lambda n: n.lineno)


def documented(source: str) -> set[str]:
    """The names of the functions in `source` that have a docstring."""
    return {n.name for n in functions(source) if _has_docstring(n)}


def docstring_change(source: str, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Change | None:
    """The change adding a docstring under `node`'s signature, or None if it cannot be added
    as a line of its own (a body on the def line)."""
    lines = source.split("\n")
    first_body = node.body[0].lineno
    if first_body <= node.lineno:
        return None
    header = "\n".join(lines[node.lineno - 1 : first_body - 1])
    if not header.rstrip().endswith(":"):
        return None
    indent = re.match(r"\s*", lines[first_body - 1])[0]
    doc = f'{indent}"""{docstring_for(node, node.name)}"""'
    old, new, k = header, f"{header}\n{doc}", first_body - 1
    while source.count(old) != 1 and k < len(lines):  # make the old text unique
        old, new, k = f"{old}\n{lines[k]}", f"{new}\n{lines[k]}", k + 1
    return Change(old, new) if source.count(old) == 1 else None


@dataclass
class DocstringPlan:
    """The docstrings a file needs: the changes, and what will not be done, with why."""

    changes: list[Change]  # in order, each computed on the text after the ones before it
    names: list[str]  # the functions the changes document
    already: list[str]  # asked-for functions that already have a docstring
    missing: list[str]  # asked-for names the file does not define
    skipped: list[str]  # functions whose body is on the def line


def plan_docstrings(source: str, names: list[str] | None) -> DocstringPlan:
    """Docstrings for the functions `names` (None: every function) that lack one."""
    defined = [n.name for n in functions(source)]
    wanted = set(defined if names is None else names)
    plan = DocstringPlan([], [], [], [n for n in names or [] if n not in defined], [])
    text = source
    # A docstring adds a line but never a function, so the i-th function stays the i-th.
    for i in range(len(defined)):
        node = functions(text)[i]
        if node.name not in wanted:
            continue
        if _has_docstring(node):
            plan.already.append(node.name)
            continue
        change = docstring_change(text, node)
        if change is None:
            plan.skipped.append(node.name)
            continue
        plan.changes.append(change)
        plan.names.append(node.name)
        text = text.replace(change.old, change.new, 1)
    return plan


# ----------------------------------------------------------------------------- describing files


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(name: str, content: str) -> str:
    """One line about a file, built from its real text."""
    if name.endswith(".py"):
        try:
            tree = ast.parse(content)
        except SyntaxError:
            return f"{name}: Python, {len(content.splitlines())} lines (it does not parse)."
        parts = []
        doc = ast.get_docstring(tree)
        if doc:
            parts.append(doc.strip().split("\n")[0].rstrip("."))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                parts.append(f"imports {', '.join(a.name for a in node.names)} from {node.module}")
        funcs = [
            f"{n.name}({', '.join(a.arg for a in n.args.args)})"
            for n in tree.body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        if funcs:
            shown = (
                _and(funcs)
                if len(funcs) <= 4
                else f"{len(funcs)} functions, including {', '.join(funcs[:3])}"
            )
            parts.append(f"defines {shown}")
        if "__main__" in content:
            parts.append("runs as a script")
        return (
            f"{name}: " + ("; ".join(parts) or f"{len(content.splitlines())} lines of Python") + "."
        )
    lines = [line.strip() for line in content.splitlines() if line.strip()]
    if name.endswith(".md") and lines:
        heading = lines[0].lstrip("#").strip()
        sentence = re.split(r"(?<=\.)\s", _first_paragraph(content.splitlines()[1:]))[0]
        sentence = sentence if len(sentence) <= 120 else sentence[:117].rstrip() + "..."
        return f"{name}: {heading}" + (f" — {sentence}" if sentence else "")
    return f"{name}: {len(content.splitlines())} lines of text."


def _first_paragraph(lines: list[str]) -> str:
    paragraph: list[str] = []
    for line in (s.strip() for s in lines):
        if line and not line.startswith("#"):
            paragraph.append(line)
        elif paragraph:
            break
    return " ".join(paragraph)
