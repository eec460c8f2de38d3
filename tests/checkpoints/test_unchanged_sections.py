"""Sections a checkpoint marks `FROM NN (unchanged)` must really be unchanged.

Each checkpoint is a whole program, so code is copied from one to the next on purpose.
The banner is a promise to the reader; this test keeps it: every top-level definition
under such a banner must be identical (same source) to the same name in checkpoint NN.
From 06 on, new ideas live in modules beside agent.py (checkpoint_modules); their
banners are kept the same way, against checkpoint NN's program and modules together.
"""

from __future__ import annotations

import ast
import functools
import re

import pytest

from agentcourse.paths import (
    checkpoint_dirs,
    checkpoint_modules,
    checkpoint_program,
    find_checkpoint,
)

BANNER = "# --- "  # every section banner starts so: NEW in, CHANGED in, FROM ...
UNCHANGED = re.compile(r"^# --- FROM (\d\d) \(unchanged\):")


@functools.cache
def _definitions(path) -> dict[str, tuple[int, str]]:
    """Top-level name -> (first line, source text) for functions, classes and assignments."""
    source = path.read_text(encoding="utf-8")
    out = {}
    for node in ast.parse(source).body:
        names = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        for name in names:
            out[name] = (first, ast.get_source_segment(source, node) or "")
    return out


def _unchanged_sections(path) -> list[tuple[int, int, str]]:
    """(start line, end line, source checkpoint) of every `FROM NN (unchanged)` section."""
    lines = path.read_text(encoding="utf-8").splitlines()
    banners = [i + 1 for i, line in enumerate(lines) if line.startswith(BANNER)]
    sections = []
    for k, lineno in enumerate(banners):
        end = banners[k + 1] - 1 if k + 1 < len(banners) else len(lines)
        if m := UNCHANGED.match(lines[lineno - 1]):
            sections.append((lineno, end, m.group(1)))
    return sections


def _files(folder):
    """The program first, then the modules beside it."""
    return [checkpoint_program(folder), *checkpoint_modules(folder)]


def _all_definitions(folder, name: str = "") -> dict[str, tuple[int, str]]:
    """Checkpoint NN's definitions: the program's win over its modules', and a module named
    like the file being checked wins over both (07's context.py against 06's context.py,
    where agent.py has a research() of its own)."""
    out = {}
    for path in reversed(_files(folder)):  # the program's own definitions win
        out.update(_definitions(path))
    same = [p for p in checkpoint_modules(folder) if p.name == name]
    if same:
        out.update(_definitions(same[0]))
    return out


CASES = [
    (f"{folder.name}/{path.name}", start, src)
    for folder in checkpoint_dirs()
    for path in _files(folder)
    for start, _end, src in _unchanged_sections(path)
]


@pytest.mark.parametrize(
    ("checkpoint", "banner_line", "source"), CASES, ids=[f"{c}:{line}" for c, line, _ in CASES]
)
def test_unchanged_section_matches_its_source_checkpoint(checkpoint, banner_line, source):
    """Every definition under a `FROM NN (unchanged)` banner equals checkpoint NN's."""
    folder_name, file_name = checkpoint.split("/")
    program = find_checkpoint(folder_name) / file_name
    end = next(e for s, e, _ in _unchanged_sections(program) if s == banner_line)
    ours = _definitions(program)
    theirs = _all_definitions(find_checkpoint(source), file_name)
    in_section = [name for name, (line, _) in ours.items() if banner_line < line <= end]
    for name in in_section:
        if name not in theirs:
            pytest.fail(f"{checkpoint}: {name} is under 'FROM {source} (unchanged)' but {source} has no {name}")
        assert ours[name][1] == theirs[name][1], (
            f"{checkpoint}: {name} is under 'FROM {source} (unchanged)' but differs from {source}'s"
        )


def test_every_checkpoint_after_00_reuses_something_unchanged():
    """Check that the banners exist at all, so the test above cannot pass vacuously."""
    with_sections = {c.split("/")[0] for c, _, _ in CASES}
    later = {d.name for d in checkpoint_dirs()[1:6]}
    assert later <= with_sections


MODULES = [(folder, path) for folder in checkpoint_dirs() for path in checkpoint_modules(folder)]


@pytest.mark.parametrize(("folder", "module"), MODULES, ids=[f"{f.name}/{m.name}" for f, m in MODULES])
def test_a_module_beside_the_program_is_a_readable_lesson(folder, module):
    """It opens with a docstring naming itself and its checkpoint, the program imports it,
    and every field of its policy objects (dataclasses) carries a comment."""
    source = module.read_text(encoding="utf-8")
    tree = ast.parse(source)
    doc = ast.get_docstring(tree) or ""
    assert doc.startswith(f"{module.name} (checkpoint {folder.name[:2]})"), doc[:80]
    program = checkpoint_program(folder).read_text(encoding="utf-8")
    assert re.search(rf"^(from {module.stem} import|import {module.stem}\b)", program, re.M), (
        f"{checkpoint_program(folder).name} does not import {module.stem}"
    )
    lines = source.splitlines()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
            for field in (n for n in node.body if isinstance(n, ast.AnnAssign)):
                text = "\n".join(lines[field.lineno - 1 : field.end_lineno])
                assert "#" in text, f"{module.name}: {node.name}.{ast.unparse(field.target)} has no comment"
