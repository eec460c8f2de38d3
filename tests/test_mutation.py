"""`make mutate`'s configuration stays true: its targets, tests and equivalent mutants exist.

The mutation run itself takes tens of minutes and is not part of the suite; these checks
are instant, and need nothing beyond the standard library (cosmic-ray is optional).
"""

from __future__ import annotations

import ast
import shlex

import pytest

from agentcourse.paths import REPO_ROOT
from mutation.equivalent import EQUIVALENT
from mutation.targets import TARGETS

DOC = (REPO_ROOT / "docs" / "MUTATION.md").read_text(encoding="utf-8")


def top_level_names(path) -> set[str]:
    names = set()
    for node in ast.parse((REPO_ROOT / path).read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_every_target_names_real_code_and_real_tests(target):
    assert (REPO_ROOT / target.path).is_file()
    names = top_level_names(target.path)
    assert set(target.functions or ()) <= names
    assert set(target.path_safety) <= set(target.functions or names)
    files = [a for a in target.tests if a.endswith(".py")]
    assert files and all((REPO_ROOT / f).is_file() for f in files)
    assert target.name in DOC, "docs/MUTATION.md reports every target"


def test_the_path_safety_functions_are_in_the_targets():
    """Every function that decides whether a path is inside the project is mutated."""
    safety = {name for t in TARGETS for name in t.path_safety}
    assert {"resolve_in_root", "regular_file", "files_to_search"} <= safety


def test_every_equivalent_mutant_is_explained_in_the_docs():
    for (path, function, before, after), reason in EQUIVALENT.items():
        assert reason.strip(), f"no reason given for {path} {function}"
        assert f"`{after}`" in DOC and function in DOC, f"docs/MUTATION.md lacks: {before} -> {after}"


def test_the_course_operators_make_the_mutants_their_examples_show():
    pytest.importorskip("cosmic_ray", reason="cosmic-ray is installed by `make mutate` only")
    from cosmic_ray.mutating import mutate_code

    from mutation.operators import CourseOperators

    provider = CourseOperators()
    for name in provider:
        for example in provider[name].examples():
            got = mutate_code(example.pre_mutation_code, provider[name](), example.occurrence)
            assert got == example.post_mutation_code, (name, example)


def test_make_mutate_runs_the_mutation_package_and_make_test_does_not():
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    mutate = makefile.split("\nmutate:", 1)[1].split("\n\n", 1)[0]
    assert "-m mutation" in mutate and "[mutation]" in mutate
    test = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "mutation" not in shlex.split(test.replace("\t", " "))
