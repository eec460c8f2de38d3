"""The tampering checks: findings that send a submission to a person, judged on its cells.

Grading runs them on every submission (agentcourse/grading/integrity/tamper.py feeds them
the cells nbgrader ran and the guard's report), and a student's `agentcourse lab check` runs
the static ones on the same cells, to say what grading would send to review. Three sources:

  structure  the locked cells (setup, tests, teardown) must all be in the submitted notebook,
             once each, in the order of the source (nbgrader restores their text, but not a
             deleted setup cell, and not the order);
  static     the student's own cells are read (never run) for what a lab answer has no
             reason to do: reach into IPython, the interpreter's hooks, frames, builtins or
             the test helpers; rebind a name the locked setup cell defined; build code from
             strings;
  runtime    what agentcourse.grading.sandbox.kernel_guard saw inside the confined kernel: every locked cell
             must have been compiled exactly as restored (same source after IPython's input
             transformers, same AST statements), and nothing the student's cells changed in
             the interpreter (builtins, trace hooks, IPython's transformers and methods, the
             attributes of agentcourse/anthropic and a few standard modules, names the setup
             cell bound) may still be in effect.

A finding never changes a score: it flags the submission for manual grading and says why.
"""

from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass, field

# Names and attributes a lab answer has no business touching (AST Name/Attribute ids).
SUSPICIOUS_NAMES = {
    "get_ipython": "reaches into IPython",
    "input_transformers_post": "adds an IPython input transformer",
    "input_transformers_cleanup": "adds an IPython input transformer",
    "input_transformer_manager": "changes IPython's input transformers",
    "ast_transformers": "adds an IPython AST transformer",
    "register_magic_function": "registers an IPython magic",
    "set_custom_exc": "installs an IPython exception handler",
    "showtraceback": "replaces IPython's traceback display",
    "run_cell": "replaces how cells run",
    "run_ast_nodes": "replaces how cells run",
    "run_code": "replaces how cells run",
    "settrace": "installs a trace function",
    "setprofile": "installs a profile function",
    "addaudithook": "installs an audit hook",
    "_getframe": "reads interpreter frames",
    "f_back": "reads interpreter frames",
    "f_globals": "reads interpreter frames",
    "f_locals": "reads interpreter frames",
    "f_trace": "installs a trace function",
    "__code__": "swaps a function's code",
    "__globals__": "reaches into a function's globals",
    "__builtins__": "changes builtins",
    "__subclasses__": "walks the class hierarchy",
    "get_referrers": "walks the garbage collector",
    "get_objects": "walks the garbage collector",
    "excepthook": "replaces the exception hook",
    "meta_path": "installs an import hook",
    "path_hooks": "installs an import hook",
}
# Builtins that run code built from strings: flagged when called by their bare name.
SUSPICIOUS_CALLS = {"exec": "runs code built at run time", "eval": "runs code built at run time",
                    "compile": "compiles code at run time", "__import__": "imports by string",
                    "breakpoint": "enters a debugger", "globals": "edits the notebook's globals",
                    "vars": "edits a namespace"}
SUSPICIOUS_MODULES = {
    "builtins": "changes builtins", "ctypes": "uses ctypes (raw memory)", "gc": "walks the garbage collector",
    "inspect": "inspects the interpreter", "IPython": "reaches into IPython", "ipykernel": "reaches into the kernel",
    "traitlets": "reaches into IPython's configuration", "importlib": "re-imports modules",
    "marshal": "loads raw code objects", "atexit": "runs code at exit", "signal": "installs signal handlers",
    "code": "runs an interpreter", "codeop": "compiles code at run time", "types": "builds functions at run time",
    "sys": None,  # common; only its suspicious attributes count (above)
    "jupyter_client": "reaches into the kernel's messages", "zmq": "reaches into the kernel's sockets",
}
# Showing rich output (an image, HTML) is what these are for; the display path itself is
# watched at run time (agentcourse.grading.sandbox.kernel_guard).
DISPLAY_MODULES = {"IPython.display", "IPython.core.display"}
# Defining these on a class lets a returned object pass any comparison a test makes.
SUSPICIOUS_DUNDERS = {"__eq__", "__ne__", "__contains__", "__bool__", "__instancecheck__",
                      "__subclasscheck__", "__getattribute__"}


@dataclass
class CellInfo:
    """A code cell as graded: where it came from and how the guard names it."""

    index: int
    grade_id: str | None
    source: str
    trusted: bool  # locked in the source (setup, tests, teardown): restored by nbgrader
    test: bool  # a graded test cell
    executed: bool  # nbclient ran it (it has an execution count)
    name: str = field(default="")  # ipykernel's file name for it (hash of the source as sent)
    released: bool = False  # an unlocked cell exactly as the lab ships it (a demo, not the student's)


def cell_name(source: str) -> str:
    """The name ipykernel gives a cell's code (what the guard reports as `file`)."""
    from ipykernel.compiler import get_tmp_hash_seed, murmur2_x86

    return str(murmur2_x86(source, get_tmp_hash_seed()))


def compiled_sha(source: str) -> str:
    """sha256 of the source IPython compiles for this cell with no transformer added."""
    from IPython.core.inputtransformer2 import TransformerManager

    text = TransformerManager().transform_cell(source)
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


# ---------------------------------------------------------------- structure


def structure_findings(cells: list[CellInfo], locked_order: list[str]) -> list[str]:
    """The locked cells of the source, in the submission: all present, once, in order."""
    seen = [c.grade_id for c in cells if c.trusted]
    findings = []
    missing = [g for g in locked_order if g not in seen]
    if missing:
        findings.append("locked cell(s) deleted: " + ", ".join(missing))
    doubled = sorted({g for g in seen if seen.count(g) > 1})
    if doubled:
        findings.append("locked cell(s) duplicated: " + ", ".join(doubled))
    present = [g for g in locked_order if g in seen]
    if not missing and not doubled and seen != present:
        findings.append("locked cells moved out of their order")
    return findings


# ---------------------------------------------------------------- static


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
           ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def bound_names(tree: ast.AST) -> set[str]:
    """The module-level names a cell binds: assignments, loop and `with` targets, defs,
    imports, deletes and `except ... as` outside any function, class or comprehension,
    a walrus in a comprehension (it binds the enclosing scope), and every name a `global`
    statement hands to the module. A function's locals and parameters, a class's body and a
    comprehension's own variables live in scopes of their own: they rebind nothing."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Global):
                names.update(child.names)
            elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store | ast.Del):
                names.add(child.id)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(child.name)
            elif isinstance(child, ast.Import | ast.ImportFrom):
                names.update((a.asname or a.name).split(".")[0] for a in child.names)
            elif isinstance(child, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and child.name:
                names.add(child.name)
            elif isinstance(child, ast.MatchMapping) and child.rest:
                names.add(child.rest)
            if not isinstance(child, _SCOPES):
                visit(child)
                continue
            # A scope of its own. Its decorators, bases and defaults belong to the module; so
            # does a walrus in a comprehension, and any name a `global` statement inside names.
            outer = [*getattr(child, "decorator_list", []), *getattr(child, "bases", [])]
            args = getattr(child, "args", None)
            if isinstance(args, ast.arguments):
                outer += [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
            for expr in outer:
                visit(ast.Expression(body=expr))
            inner = list(ast.walk(child))
            if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
                names.update(n.target.id for n in inner
                             if isinstance(n, ast.NamedExpr) and isinstance(n.target, ast.Name))
            names.update(g for n in inner if isinstance(n, ast.Global) for g in n.names)

    visit(tree)
    return names


def _module_level_names(tree: ast.AST) -> set[str]:
    return bound_names(tree)


def static_findings(cells: list[CellInfo]) -> list[str]:
    """What the student's own cells do that a lab answer has no reason to."""
    setup_names: set[str] = set()
    for cell in cells:
        if cell.trusted and not cell.test:
            try:
                setup_names |= _module_level_names(ast.parse(cell.source))
            except SyntaxError:
                pass
    findings: list[str] = []
    for cell in cells:
        if cell.trusted or cell.released:
            continue
        label = cell.grade_id or f"cell {cell.index}"
        if cell.source.lstrip().startswith(("%", "!")) or "\n%" in cell.source or "\n!" in cell.source:
            findings.append(f"{label}: uses IPython magics or shell escapes")
        try:
            from IPython.core.inputtransformer2 import TransformerManager

            tree = ast.parse(TransformerManager().transform_cell(cell.source))
        except SyntaxError:
            continue
        reasons: dict[str, str] = {}
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.Attribute):
                name = node.attr
                if isinstance(node.ctx, ast.Store | ast.Del) and isinstance(node.value, ast.Name) \
                        and node.value.id in setup_names:
                    reasons.setdefault(f"patches {node.value.id}.{node.attr}",
                                       "changes an object the locked setup cell provides")
            if name in SUSPICIOUS_NAMES:
                reasons.setdefault(name, SUSPICIOUS_NAMES[name])
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in SUSPICIOUS_CALLS:
                reasons.setdefault(node.func.id + "()", SUSPICIOUS_CALLS[node.func.id])
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("setattr", "delattr") and node.args \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in setup_names:
                reasons.setdefault(f"{node.func.id}({node.args[0].id}, ...)",
                                   "changes an object the locked setup cell provides")
            if isinstance(node, ast.Import | ast.ImportFrom):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for mod in mods:
                    top = mod.split(".")[0]
                    if SUSPICIOUS_MODULES.get(top) and mod not in DISPLAY_MODULES:
                        reasons.setdefault(f"import {mod}", SUSPICIOUS_MODULES[top])
            if isinstance(node, ast.FunctionDef) and node.name in SUSPICIOUS_DUNDERS:
                reasons.setdefault(f"def {node.name}", "an object that can pass any comparison")
        # Names bound at the cell's top level (or declared global): a local variable that
        # happens to share a helper's name rebinds nothing.
        rebound = sorted(bound_names(tree) & setup_names)
        if rebound:
            reasons.setdefault("rebinds " + ", ".join(rebound), "replaces what the locked setup cell defined")
        findings += [f"{label}: {what} ({why})" for what, why in sorted(reasons.items())]
    return findings


# ---------------------------------------------------------------- runtime (the guard's report)


def runtime_findings(cells: list[CellInfo], guard_lines: list[str], overflow: bool = False) -> list[str]:
    """Judge the guard's report against the cells nbgrader ran.

    Only the locked cells that run before any of the student's code (the setup) may change
    the interpreter. A change seen while any later cell ran (a test, a released demo cell,
    a locked helper cell) was made by the student's code it called, or by a thread of
    theirs, and is charged to that cell's run; an audited action is charged to the cell
    whose code did it."""
    records = []
    for line in guard_lines:
        try:
            record = json.loads(line)
        except ValueError:
            return ["the guard's report was tampered with (unreadable line)"]
        if isinstance(record, dict):
            records.append(record)
    by_name = {c.name: c for c in cells}
    first_student = next((c.index for c in cells if not c.trusted and not c.released), None)

    def setup(cell: CellInfo | None) -> bool:
        return cell is not None and cell.trusted and not cell.test and (
            first_student is None or cell.index < first_student)

    def label(cell: CellInfo) -> str:
        return cell.grade_id or f"cell {cell.index}"

    findings: list[str] = []
    seen: dict[str, list[str]] = {}
    setup_bound: set[str] = set()
    for record in records:
        kind, name = record.get("t"), str(record.get("file", ""))
        cell = by_name.get(name)
        if kind == "cell":
            seen.setdefault(name, []).append(str(record.get("sha")))
        elif kind == "ast" and cell is not None and cell.trusted:
            findings.append(f"{label(cell)} was not compiled as restored (its code was rewritten before it ran)")
        elif kind == "names" and cell is not None:
            names = set(record.get("names", []))
            if cell.trusted and not cell.test:
                setup_bound |= names
            elif names & setup_bound and not cell.released:
                findings.append(f"{label(cell)} rebinds {', '.join(sorted(names & setup_bound))} "
                                "(defined by the locked setup cell)")
        elif kind == "changed" and cell is not None and not setup(cell):
            what = ", ".join(record.get("what", [])[:8])
            if cell.trusted or cell.released:
                findings.append(f"the interpreter changed while {label(cell)} ran (the student's code "
                                f"it called, or a thread of theirs): {what}")
            else:
                findings.append(f"{label(cell)} changed the interpreter: {what}")
        elif kind == "event" and name:
            doer = by_name.get(str(record.get("by") or "")) or cell
            if setup(doer):
                continue
            where = label(doer) if doer is not None else "a cell"
            findings.append(f"{where}: {record.get('what')}")
    for cell in cells:
        if not (cell.trusted and cell.executed):
            continue
        shas = seen.get(cell.name)
        if not shas:
            findings.append(f"{label(cell)} ran without the guard seeing it compiled "
                            "(cells were run another way, or the guard was silenced)")
        elif any(s != compiled_sha(cell.source) for s in shas):
            findings.append(f"{label(cell)} was compiled from different source (an input transformer rewrote it)")
    if overflow:
        findings.append("the kernel flooded the guard's report")
    return list(dict.fromkeys(findings))
