"""Sections a checkpoint marks `FROM NN (unchanged)` must really be unchanged.

Each checkpoint is a whole program, so code is copied from one to the next on purpose.
The banner is a promise to the reader; this test keeps it: every top-level definition
under such a banner must be identical (same source) to the same name in checkpoint NN.
The modules beside a program (context.py from 06 on) are held to the same promise: a
section of 07's context.py marked `FROM 06 (unchanged)` must equal 06's context.py.
"""

from __future__ import annotations

import ast
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
    """The program and the modules beside it."""
    return [checkpoint_program(folder), *checkpoint_modules(folder)]


def _source_file(checkpoint: str, name: str):
    """In checkpoint NN, the file a section of `name` was copied from: the module of the
    same name if NN has one (context.py), else NN's program (agent.py's sections)."""
    folder = find_checkpoint(checkpoint)
    same = [f for f in checkpoint_modules(folder) if f.name == name]
    return same[0] if same else checkpoint_program(folder)


CASES = [
    (folder.name, path.name, start, src)
    for folder in checkpoint_dirs()
    for path in _files(folder)
    for start, _end, src in _unchanged_sections(path)
]


@pytest.mark.parametrize(
    ("checkpoint", "file", "banner_line", "source"),
    CASES,
    ids=[f"{c}:{f}:{line}" if f not in ("agent.py",) else f"{c}:{line}" for c, f, line, _ in CASES],
)
def test_unchanged_section_matches_its_source_checkpoint(checkpoint, file, banner_line, source):
    """Every definition under a `FROM NN (unchanged)` banner equals checkpoint NN's."""
    path = find_checkpoint(checkpoint) / file
    end = next(e for s, e, _ in _unchanged_sections(path) if s == banner_line)
    ours = _definitions(path)
    theirs = _definitions(_source_file(source, file))
    in_section = [name for name, (line, _) in ours.items() if banner_line < line <= end]
    for name in in_section:
        if name not in theirs:
            pytest.fail(f"{checkpoint}/{file}: {name} is under 'FROM {source} (unchanged)' but {source} has no {name}")
        assert ours[name][1] == theirs[name][1], (
            f"{checkpoint}/{file}: {name} is under 'FROM {source} (unchanged)' but differs from {source}'s"
        )


def test_every_checkpoint_after_00_reuses_something_unchanged():
    """Check that the banners exist at all, so the test above cannot pass vacuously."""
    with_sections = {c for c, _, _, _ in CASES}
    later = {d.name for d in checkpoint_dirs()[1:6]}
    assert later <= with_sections
