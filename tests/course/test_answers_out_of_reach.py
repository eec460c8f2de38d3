"""No lab's answer is one attribute away: nothing a graded kernel can import holds it.

A graded kernel reads the installed `agentcourse` package and the checkpoints the lab's
metadata lists (`checkpoints`, agentcourse.grading.sandbox.bwrap), nothing else of the
repository. For every name an answer cell defines, every module-level attribute of that
name anywhere in that reach is tried as the answer (`NAME = <module>.NAME`): none may give
the lab full marks. By construction: the search finds the attributes, no list names them.
"""

from __future__ import annotations

import ast
import importlib
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
