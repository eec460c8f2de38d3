"""No lab's answer is one attribute away: nothing a graded kernel can import holds it.

A graded kernel reads the installed `agentcourse` package and the checkpoints the lab's
metadata lists (`checkpoints`, agentcourse.grading.sandbox.bwrap), nothing else of the
repository. For every name an answer cell defines, every module-level attribute of that
name anywhere in that reach is tried as the answer (`NAME = <module>.NAME`): none may give
the lab full marks. By construction: the search finds the attributes, no list names them.

What the checks compare an answer with (a reference) lives in scaffold/judged/, which a
graded kernel sees empty. Two tests hold that by construction over the cells: every
reference the cells import from there is out of the kernel's reach (not there, not copied
under another name), and every scaffold function a check hands an answer to, or compares
one with, runs it or reads it (a short list says why each does) rather than judging it.
A last test runs both sandboxes: the kernel cannot import a reference, the judge can.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import pkgutil
import types
from pathlib import Path

import pytest

import agentcourse
from agentcourse.course import nbfile, nbrun
from agentcourse.paths import REPO_ROOT, find_checkpoint, load_checkpoint

SOLUTIONS = REPO_ROOT / "solutions"
LABS = sorted(p.name for p in SOLUTIONS.iterdir() if (p / f"{p.name}.ipynb").is_file())
SKIP_MODULES = ("agentcourse.__main__",)  # runs the command line when imported


def defined_names(source: str) -> set[str]:
    """Top-level functions, classes and assignments of an answer cell."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


@functools.cache
def package_modules() -> dict[str, types.ModuleType]:
    found = {}
    for info in pkgutil.walk_packages(agentcourse.__path__, "agentcourse."):
        if info.name in SKIP_MODULES:
            continue
        try:
            found[info.name] = importlib.import_module(info.name)
        except Exception:  # noqa: BLE001 - a module that cannot import cannot hand out an answer
            continue
    return found


def checkpoint_modules(name: str) -> dict[str, tuple[str, types.ModuleType]]:
    """Expression that reaches a module -> the module: the program and its sibling modules."""
    folder = find_checkpoint(name)
    program = load_checkpoint(name)
    found = {f"load_checkpoint({name!r})": ("", program)}
    for attr, value in vars(program).items():
        if isinstance(value, types.ModuleType) and Path(getattr(value, "__file__", "") or "/").parent == folder:
            found[f"load_checkpoint({name!r}).{attr}"] = ("", value)
    return found


@functools.cache
def reach(lab: str) -> list[tuple[str, str, types.ModuleType]]:
    """(import line, expression, module) for everything a graded kernel of `lab` can import."""
    meta = nbfile.lab_meta(nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb"))
    out = [(f"import {name}", name, module) for name, module in package_modules().items()]
    for checkpoint in meta.get("checkpoints", []):
        for expr, (_, module) in checkpoint_modules(str(checkpoint)).items():
            out.append(("from agentcourse.paths import load_checkpoint", expr, module))
    return out


def candidates(lab: str) -> list[tuple[str, str]]:
    """(answer cell grade_id, replacement source) for every same-named attribute in reach."""
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    cells = {nbfile.grade_id(c): c.source for c in nb.cells
             if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    places = reach(lab)
    out = []
    for gid, source in cells.items():
        names = sorted(defined_names(source))
        for line, expr, module in places:
            # every name of the cell this module has: a cell that defines two tools is
            # given away by a module that has both
            have = [n for n in names if n in vars(module) and not isinstance(vars(module)[n], types.ModuleType)]
            if have:
                out.append((gid, line + "\n" + "".join(f"{n} = {expr}.{n}\n" for n in have)))
    return out


@pytest.mark.parametrize("lab", LABS)
def test_no_attribute_in_a_graded_kernels_reach_is_the_answer(lab):
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    full = sum(c.points for c in nbfile.grade_cells(nb))
    found = candidates(lab)
    given_away = []
    for gid, replacement in found:
        results = nbrun.run_cells(nb, {gid: replacement})
        if sum(r.points for r in results.values()) >= full:
            given_away.append(f"{gid}: {' '.join(replacement.splitlines()[1:])}")
    assert not given_away, f"{lab}'s answer is one attribute away: {given_away}"


@pytest.mark.parametrize("lab", LABS)
def test_a_lab_loads_only_the_checkpoints_its_metadata_lists(lab):
    """What a graded kernel cannot see, the lab must not load (nbtools.reference_agent is 01)."""
    import re

    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    listed = {find_checkpoint(str(c)) for c in nbfile.lab_meta(nb).get("checkpoints", [])}
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    loaded = set(re.findall(r"load_checkpoint\(\s*['\"]([\w-]+)['\"]", text))
    loaded |= {"01"} if "reference_agent(" in text else set()
    assert {find_checkpoint(name) for name in loaded} <= listed


# ---------------------------------------------------------------- the checks' references

JUDGED = "agentcourse.course.scaffold.judged"


def judged_imports(lab: str) -> list[tuple[str, ast.ImportFrom, bool]]:
    """(cell grade_id, import, guarded?) for every import from the judges' folder in the
    lab's cells; guarded: at the top of a cell, inside `try: ... except ImportError`."""
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        guarded = {id(node) for top in tree.body if isinstance(top, ast.Try)
                   and any(isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in top.handlers)
                   for node in ast.walk(top)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(JUDGED):
                found.append((nbfile.grade_id(cell), node, id(node) in guarded))
            elif isinstance(node, ast.Import) and any(a.name.startswith(JUDGED) for a in node.names):
                found.append((nbfile.grade_id(cell), node, False))  # a module's name would be bound
    return found


def body(code: types.CodeType) -> tuple:
    """What a function does, whatever its name and place: its bytecode, names and constants
    (nested functions and comprehensions compared the same way)."""
    consts = tuple(body(c) if isinstance(c, types.CodeType) else (type(c).__name__, repr(c)) for c in code.co_consts)
    return code.co_code, code.co_names, consts


def same_code(a: object, b: object) -> bool:
    """Whether two functions are one function, or copies of one under any name."""
    code_a, code_b = getattr(a, "__code__", None), getattr(b, "__code__", None)
    if a is b:
        return True
    return isinstance(code_a, types.CodeType) and isinstance(code_b, types.CodeType) and body(code_a) == body(code_b)


@pytest.mark.parametrize("lab", LABS)
def test_no_reference_the_checks_compare_with_is_in_a_graded_kernels_reach(lab):
    """Every reference a lab's checks compare an answer with (a function that computes a
    task's answer, or part of it, or a judge whose message names what was expected) is one
    the cells import from scaffold/judged/labNN.py, guarded by `except ImportError`: the
    judge has it, a graded kernel sees that folder empty. By construction over what the
    checks use, not over a list: each reference the cells import must be defined in its
    judged module, and no module a graded kernel can import (the package outside judged/,
    the checkpoints the lab lists) may hold that function, a copy of it under any name (the
    same bytecode), or a callable of a scaffold module named like it.

    Sound where it counts and cheap (the package is imported once, its attributes compared
    in memory): a reference moved back into the scaffold, re-exported, copied or wrapped
    under its own name fails here. Running every scaffold name through the judge as each
    answer (a submission per name and answer cell) would take minutes per lab, and tries
    only callables whose signature fits an answer's, which misses a reference that needs
    adapting; the test above already tries every same-named attribute as the answer."""
    imports = judged_imports(lab)
    unguarded = [(gid, ast.unparse(node)) for gid, node, guarded in imports if not guarded]
    assert not unguarded, f"{lab} imports a reference where a graded kernel would fail on it: {unguarded}"
    references: dict[str, object] = {}
    for _, node, _ in imports:
        module = importlib.import_module(node.module)
        for alias in node.names:
            assert hasattr(module, alias.name), f"{lab}: {node.module} has no {alias.name}"
            references[alias.name] = getattr(module, alias.name)
    own = importlib.import_module(f"{JUDGED}.{lab}") if importlib.util.find_spec(f"{JUDGED}.{lab}") else None
    for name, value in vars(own).items() if own else ():
        if not name.startswith("_") and callable(value) and getattr(value, "__module__", "") == own.__name__:
            references[name] = value  # what the checks reach through a judged function too
    given_away = []
    for _, expr, module in reach(lab):
        if module.__name__.startswith(JUDGED):
            continue
        scaffold = module.__name__.startswith("agentcourse.course.scaffold.")
        for attr, value in vars(module).items():
            if not callable(value) or isinstance(value, types.ModuleType):
                continue
            for name, reference in references.items():
                if same_code(value, reference) or (scaffold and attr == name):
                    given_away.append(f"{expr}.{attr} is {name}")
    assert not given_away, f"{lab}'s checks compare answers with what a graded kernel can call: {given_away}"



# What a lab's checks hand a student's answer (or what it returned) to in the lab's scaffold,
# or compare it with: each runs the answer, reads what it did, or builds an instance, and
# knows no task's answer (the audit's verdict, name by name). Anything else a check hands an
# answer to, or compares one with, judges it, and a judge names what was expected: it is a
# reference, and belongs in judged/.
RUNS_OR_READS = {
    "lab01": {"converse": "runs the student's prompt and schemas", "run_row": "runs a matrix row with them",
              "reading": "the tutor's reading of the student's prompt", "Case": "an instance", "Request": "an instance"},
    "lab03": {"call_tool": "calls a tool", "run_turn": "checkpoint 03's loop with the student's tools",
              "is_error": "reads a result", "says_count": "reads a number in a message",
              "line_endings": "builds a text with given line ends"},
    "lab04": {"call_tool": "calls a tool", "is_error": "reads a result", "numbers_in": "reads numbers in a text",
              "section_problems": "reads the points Task 3's text lists, in any words"},
    "lab05": {"Meter": "the client a turn runs through", "response_with": "an instance",
              "EffortRun": "an instance", "repeated": "builds a run of responses"},
    "lab06": {"step": "runs one call of the agent", "partial_run": "runs the agent", "finish": "runs the agent",
              "conversation": "an instance"},
    "lab07": {"session": "runs the student's assemble", "breakpoints": "counts marks in a request",
              "marked_places": "where a request's marks are"},
    "lab08": {"Asker": "a scripted user", "SandboxPolicy": "an instance", "every_file": "reads a folder",
              "is_error": "reads a result", "bwrap_options": "reads an argv", "sees": "reads what an argv mounts",
              "probes": "paths to ask about"},
    "lab09": {"ScriptedShell": "a scripted shell", "normalized": "reads a message as data",
              "difference": "where two messages differ", "short": "shortens a text",
              "Strict": "a scripted guardrail: the verdicts decide() is given, not its answer"},
}


def scaffold_aliases(nb, lab: str) -> tuple[set[str], dict[str, str]]:
    """How the lab's cells name its scaffold: module aliases, and bare names -> attribute."""
    module, modules, names = f"agentcourse.course.scaffold.{lab}", set(), {}
    trees = [ast.parse(c.source) for c in nb.cells if c.cell_type == "code"]
    for node in (n for tree in trees for n in ast.walk(tree)):
        if isinstance(node, ast.ImportFrom) and node.module == module:
            names.update({a.asname or a.name: a.name for a in node.names})
        elif isinstance(node, ast.ImportFrom) and node.module == "agentcourse.course.scaffold":
            modules |= {a.asname or a.name for a in node.names if a.name == lab}
        elif isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name == module}
    for node in (n for tree in trees for n in ast.walk(tree)):  # breakpoints = scaffold.breakpoints
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts, strict=False) if isinstance(target, ast.Tuple)
                         and isinstance(node.value, ast.Tuple) else [(target, node.value)])
                names.update({t.id: v.attr for t, v in pairs if isinstance(t, ast.Name) and isinstance(v, ast.Attribute)
                              and isinstance(v.value, ast.Name) and v.value.id in modules})
    return modules, names


def flows(tree: ast.AST, contexts: bool = True) -> list[tuple[ast.AST, ast.AST]]:
    """(target, value) of every binding in a cell: assignments, loops, :=, and `with ... as`
    unless `contexts` is False (a scratch folder holds what an answer did, but a check does
    not compare an answer with the folder's name)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            out += [(t, node.value) for t in node.targets]
        elif isinstance(node, ast.AugAssign | ast.AnnAssign) and node.value is not None:
            out.append((node.target, node.value))
        elif isinstance(node, ast.For | ast.comprehension):
            out.append((node.target, node.iter))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None and contexts:
            out.append((node.optional_vars, node.context_expr))
        elif isinstance(node, ast.NamedExpr):
            out.append((node.target, node.value))
    return out


def spread(tree: ast.AST, seeds: dict[str, set[str]], labels_of, contexts: bool = True) -> dict[str, set[str]]:
    """Each name's labels, carried along the cell's bindings to a fixed point: a name bound
    from an expression gets the labels of what the expression holds (`labels_of(node)`)."""
    found = {name: set(labels) for name, labels in seeds.items()}
    bindings = flows(tree, contexts)
    changed = True
    while changed:
        changed = False
        for target, value in bindings:
            labels = set().union(*(found.get(n.id, set()) for n in ast.walk(value) if isinstance(n, ast.Name)),
                                 *(labels_of(n) for n in ast.walk(value)))
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                if not labels <= found.get(name, set()):
                    found[name] = found.get(name, set()) | labels
                    changed = True
    return found


def mentions(student: dict[str, set[str]], node: ast.AST) -> bool:
    """Whether an expression holds the student's answer or what came of it."""
    return any(isinstance(n, ast.Name) and "answer" in student.get(n.id, ()) for n in ast.walk(node))


def judged_in_scaffold(lab: str) -> set[str]:
    """The scaffold's callables a test cell hands a student's answer (or what came of it) to,
    or compares with it in an assert or a comparison."""
    nb = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
    modules, names = scaffold_aliases(nb, lab)

    def called(node: ast.AST) -> set[str]:
        func = getattr(node, "func", None) if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in modules:
            return {func.attr}
        return {names[func.id]} if isinstance(func, ast.Name) and func.id in names else set()

    found: set[str] = set()
    for cell in nbfile.grade_cells(nb):
        tree = ast.parse(next(c.source for c in nb.cells if nbfile.grade_id(c) == cell.grade_id))
        student = spread(tree, {n: {"answer"} for n in nbfile.answer_names(nb)}, lambda node: set())
        derived = spread(tree, {}, called, contexts=False)
        holds_answer = functools.partial(mentions, student)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) and any(holds_answer(a) for a in
                                                                   [*node.args, *(k.value for k in node.keywords)]):
                found |= called(node)
            test = node.test if isinstance(node, ast.Assert) else node if isinstance(node, ast.Compare) else None
            if test is not None and holds_answer(test):
                found |= {f for n in ast.walk(test) for f in (*called(n), *(derived.get(getattr(n, "id", ""), ())))}
    return found


@pytest.mark.parametrize("lab", LABS)
def test_what_a_check_hands_an_answer_to_in_the_scaffold_runs_or_reads_it_and_never_judges_it(lab):
    """A reference the checks still took from the scaffold is caught where it is used, by
    construction: every scaffold callable a test cell hands the student's answer (or what
    came of it: a result, a run) to, or compares it with in an assert, must be one that runs
    it, reads what it did or builds an instance (RUNS_OR_READS, each with why). A judge
    there, or a function whose result a check compares with the answer, fails here until it
    moves to judged/. Static (the cells' syntax, bindings followed to a fixed point): no cell
    runs, so it costs milliseconds. A reference a check only branches on (`if where(p)...`)
    is not seen: the test above, and reading a new scaffold name by its behaviour, are."""
    found = judged_in_scaffold(lab)
    listed = RUNS_OR_READS.get(lab, {})
    assert not found - set(listed), f"{lab}'s checks judge answers with scaffold functions: {sorted(found - set(listed))}"
    assert not set(listed) - found, f"{lab}: RUNS_OR_READS lists names no check hands an answer to: {set(listed) - found}"


REACH = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
found = {"listing": sorted(os.listdir(sys.argv[2]))}
try:
    import agentcourse.course.scaffold.judged.lab09 as references
    found["imported"] = hasattr(references, "reference_update")
except ImportError as err:
    found["imported"] = type(err).__name__
if sys.argv[3] == "plant":  # the kernel's run only: the judge's folder is the real one
    try:
        open(os.path.join(sys.argv[2], "lab09.py"), "w").write("reference_update = print")
        found["planted"] = True
    except OSError as err:
        found["planted"] = type(err).__name__
print(json.dumps(found))
"""


def _reach(argv: list[str], plant: bool = False) -> dict:
    import json
    import subprocess
    import sys

    from agentcourse.grading.sandbox import bwrap

    cut = argv.index("--")
    done = subprocess.run([*argv[: cut + 1], sys.executable, "-I", "-c", REACH, str(bwrap.PACKAGE.parent),
                           str(bwrap.JUDGED), "plant" if plant else "look"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_graded_kernel_cannot_import_the_checks_references_but_the_judge_can(tmp_path):
    """The references (scaffold/judged/: each task's answer, as the checkpoint computes it)
    are in the judge's reach and not in the student's kernel's, whose sandbox shows their
    folder empty and read-only: no answer can call one, nor plant one for the kernel."""
    from agentcourse.grading.sandbox import bwrap

    try:
        bwrap.require_confinement()
    except Exception as err:  # noqa: BLE001 - a machine without bubblewrap: nothing to run here
        pytest.skip(f"no sandbox here: {err}")
    kernel_dir, submission, private, folder = (tmp_path / n for n in ("kernel", "sub", "private", "judge"))
    for path in (kernel_dir / "run", submission, private, folder):
        path.mkdir(parents=True)
    bwrap.write_identity(kernel_dir, None)
    limits = bwrap.SandboxLimits()
    kernel = _reach(bwrap.sandbox_argv(kernel_dir, submission, "lab09", [], limits, None), plant=True)
    assert kernel == {"listing": [], "imported": "ModuleNotFoundError", "planted": "OSError"}, kernel
    judge = _reach(bwrap.judge_argv(folder, private, limits, None, {}))
    assert judge["imported"] is True and "lab09.py" in judge["listing"], judge
