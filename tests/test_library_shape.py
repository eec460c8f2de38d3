"""The support library's shape, as docs/ARCHITECTURE.md states it: a folder per user and job,
imports only downward (no cycle between modules or packages), no private name imported from
another module, and the limits (no module over 400 lines with code, no function over 50).

Counting: lines are physical lines; a function runs from its `def` to its last line; a module
is data when its body holds only a docstring, imports and assignments of literal values; an
import counts wherever it stands (module level, in a function, under TYPE_CHECKING).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from agentcourse.paths import PACKAGE_DIR

# Top to bottom: a module may import its own package or anything below it.
LAYERS = ("site cli", "grading arena", "course", "tutor mcp_server", "projects", "api", "paths errors clock procs")
TUTOR_LAYERS = ("speak", "act", "understand")  # inside the tutor, the same rule
SHIMS = {"nbtools.py", "protocol.py", "render.py", "matrix.py", "sample.py", "longtask.py",
         "tutor/tokens.py"}  # re-exports of paths released labs import, kept one term


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        if "sample_project" in path.parts:
            continue
        rel = path.relative_to(PACKAGE_DIR.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        found[".".join(parts)] = path
    return found


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for every import in the module."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            out += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.append((full, None) if full in known else (base, alias.name))
    return [(m, n) for m, n in out if m.split(".")[0] == "agentcourse"]


def owner(module: str, known: dict[str, Path]) -> str:
    while module not in known and "." in module:
        module = module.rsplit(".", 1)[0]
    return module


def edges() -> dict[str, set[str]]:
    known = modules()
    return {name: {owner(m, known) for m, _ in imports(name, path, known)} - {name}
            for name, path in known.items()}


def rank(module: str) -> tuple[int, int]:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    layer = next((i for i, names in enumerate(LAYERS) if top in names.split()), -1)
    inner = TUTOR_LAYERS.index(parts[2]) if top == "tutor" and len(parts) > 2 and parts[2] in TUTOR_LAYERS else -1
    return layer, inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def package_of(module: str, known: dict[str, Path]) -> str:
    return module if known[module].name == "__init__.py" else module.rsplit(".", 1)[0]


def test_no_import_cycle_between_modules():
    assert cycles(edges()) == []


def test_no_import_cycle_between_packages_at_any_depth():
    known, graph = modules(), edges()
    for depth in (2, 3):  # agentcourse.X, then agentcourse.X.Y
        packages: dict[str, set[str]] = {}
        for a, targets in graph.items():
            pa = ".".join(package_of(a, known).split(".")[:depth])
            for b in targets:
                pb = ".".join(package_of(b, known).split(".")[:depth])
                if pa != pb and not pa.startswith(pb + ".") and not pb.startswith(pa + "."):
                    packages.setdefault(pa, set()).add(pb)
        assert cycles(packages) == [], f"package cycle at depth {depth}"


def test_every_import_goes_down_the_layers():
    upward = []
    for a, targets in edges().items():
        for b in targets:
            (la, ia), (lb, ib) = rank(a), rank(b)
            if -1 in (la, lb) or a.split(".")[:2] == b.split(".")[:2] and (ia == ib or -1 in (ia, ib)):
                continue
            if lb < la or (la == lb and a.split(".")[1] == b.split(".")[1] and ib < ia):
                upward.append(f"{a} -> {b}")
    assert upward == []


def test_no_private_name_is_imported_from_another_module():
    known = modules()
    private = [f"{name} takes {m}.{n}" for name, path in known.items()
               for m, n in imports(name, path, known)
               if n and n.startswith("_") and not n.startswith("__") and owner(m, known) != name]
    assert private == []


def is_data(module: ast.Module) -> bool:
    """A table, not code: the module only binds names to values (a docstring, imports, and
    assignments), with no function, class, lambda, comprehension, loop or branch anywhere, so
    its length is rows, not logic (the tutor's intent table: patterns and Intent rows)."""
    statements = (ast.Expr, ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, ast.AugAssign)
    if not all(isinstance(node, statements) for node in module.body):
        return False
    if any(isinstance(node, ast.Expr) and not isinstance(node.value, ast.Constant) for node in module.body):
        return False
    logic = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ListComp, ast.SetComp,
             ast.DictComp, ast.GeneratorExp, ast.IfExp, ast.For, ast.While, ast.If)
    return not any(isinstance(node, logic) for node in ast.walk(module))


def test_no_module_over_400_lines_and_no_function_over_50():
    over = []
    for path in modules().values():
        rel = str(path.relative_to(PACKAGE_DIR))
        module = tree(path)
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > 400 and not is_data(module):
            over.append(f"{rel}: {lines} lines")
        for node in ast.walk(module):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > 50:
                    over.append(f"{rel}:{node.name}: {length} lines")
    assert over == []


def test_at_most_ten_modules_sit_at_the_top_and_the_old_paths_only_re_export():
    top = [p.name for p in PACKAGE_DIR.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert len([n for n in top if n not in SHIMS]) <= 10
    for shim in SHIMS:
        body = tree(PACKAGE_DIR / shim).body
        assert body and all(isinstance(node, ast.ImportFrom) for node in body), shim
