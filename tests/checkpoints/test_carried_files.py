"""Code a checkpoint carries unchanged is a byte-for-byte copy of the checkpoint that wrote it.

From checkpoint 03 on, each idea lives in a module of its own (tools.py, turns.py,
usage.py, context.py, layers.py, ...). A checkpoint that changes a module is that
version's origin; every later folder carries the origin's bytes, so `diff -r NN-1 NN` is
exactly the lesson and no comment in a copy can drift. ORIGINS pins each version by its
SHA-256: editing a module means editing its pin here too, on purpose, and then copying
the file into the folders that carry it (`python -m tests.checkpoints.test_carried_files`
prints the pins of today's files).
"""

from __future__ import annotations

import ast
import hashlib
import re
import sys

import pytest

from agentcourse.paths import (
    CHECKPOINTS_DIR,
    checkpoint_dirs,
    checkpoint_modules,
    checkpoint_program,
    find_checkpoint,
)

# (checkpoint that wrote this version, module) -> SHA-256 of its bytes
ORIGINS = {
    ("03", "tools.py"): "b4ad88b65e42a5bfac1f050b4d4bbdf434b5026fd9c67713b8c9d5f3706ba825",
    ("03", "turns.py"): "0e1289624a0a4c7508fe6d80898e4c0f30ee17aa537d6e8f454757f291d1d849",
    ("04", "tools.py"): "308f6f3c6c7b7810df857eb9f08956e65f5163ae32296101394ed26d7668ab9b",
    ("05", "usage.py"): "23bc190e5453a4a20eb32922803d1c9fa9faf8266b44dca7137fb97edf9561a3",
    ("06", "context.py"): "e0bc56aae1ae977a2e0eeface2ead6aff45d1e06ae3dbb6e7b1664076e6e5bcf",
    ("07", "layers.py"): "f2bc3ba2fff2ea0812c5adeb4303019737c02db351b3f9058cf310c055cf93c9",
    ("08", "bash_session.py"): "eb77f0228daa56e6a8b8a7443880fe46cec18bdcbc6c99f9009df58fc3abdf8b",
    ("08", "sandbox.py"): "b7e2cdce71a749b16fe1907bd8e3ccb1920de6de50cc1f4b9bc0755a95c8ad42",
    ("08", "guardrail.py"): "09af574f264edfb89760e526a5b454d17a5962297e75378919162deb6ec5ffd1",
    ("08", "text_editor.py"): "bc185e37ccae8a7b6f7183034534945e7b1a2bbb82c6b52b3669a0c6f1305f74",
}


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def origin_of(number: str, name: str) -> str | None:
    """The checkpoint whose version of `name` checkpoint `number` should carry."""
    written = sorted(n for n, module in ORIGINS if module == name and n <= number)
    return written[-1] if written else None


MODULES = [(folder, path) for folder in checkpoint_dirs() for path in checkpoint_modules(folder)]
IDS = [f"{folder.name}/{path.name}" for folder, path in MODULES]


@pytest.mark.parametrize(("folder", "module"), MODULES, ids=IDS)
def test_every_module_is_its_origins_version_byte_for_byte(folder, module):
    number = folder.name[:2]
    origin = origin_of(number, module.name)
    assert origin is not None, (
        f"{folder.name}/{module.name} has no origin in ORIGINS: a new module gets a row there")
    source = find_checkpoint(origin) / module.name
    assert module.read_bytes() == source.read_bytes(), (
        f"{folder.name}/{module.name} differs from checkpoint {origin}'s: copy it, or make "
        f"checkpoint {number} its new origin in ORIGINS")
    assert sha256(module) == ORIGINS[(origin, module.name)], (
        f"checkpoint {origin}'s {module.name} changed: its pin is now {sha256(module)}")


@pytest.mark.parametrize(("origin", "name"), sorted(ORIGINS), ids=[f"{n}/{m}" for n, m in sorted(ORIGINS)])
def test_every_origin_is_in_its_checkpoint_and_carried_to_the_next(origin, name):
    folders = [f for f in checkpoint_dirs() if f.name[:2] >= origin]
    assert (folders[0] / name).is_file(), f"checkpoint {origin} has no {name}"
    later = [f for f in folders[1:] if (f / name).is_file()]
    newer = [n for n, m in ORIGINS if m == name and n > origin]
    if folders[1:] and not newer:
        assert later, f"no checkpoint after {origin} carries {name}"


@pytest.mark.parametrize(("folder", "module"), MODULES, ids=IDS)
def test_a_module_beside_the_program_is_a_readable_lesson(folder, module):
    """It opens with a docstring naming itself and the checkpoint that wrote it, something
    in its folder imports it, and every field of its policy objects (dataclasses) carries
    a comment."""
    source = module.read_text(encoding="utf-8")
    tree = ast.parse(source)
    doc = ast.get_docstring(tree) or ""
    origin = origin_of(folder.name[:2], module.name)
    assert doc.startswith(f"{module.name} (checkpoint {origin})"), doc[:80]
    others = [checkpoint_program(folder), *[m for m in checkpoint_modules(folder) if m != module]]
    importers = [p.name for p in others if re.search(
        rf"^(from {module.stem} import|import {module.stem}\b)", p.read_text("utf-8"), re.M)]
    assert importers, f"nothing in {folder.name} imports {module.stem}"
    lines = source.splitlines()
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
            for field in (n for n in node.body if isinstance(n, ast.AnnAssign)):
                text = "\n".join(lines[field.lineno - 1 : field.end_lineno])
                assert "#" in text, f"{module.name}: {node.name}.{ast.unparse(field.target)} has no comment"


def test_the_pins_cover_every_module_of_the_ladder():
    names = {path.name for _, path in MODULES}
    assert names == {name for _, name in ORIGINS}


if __name__ == "__main__":  # print today's pins, to paste into ORIGINS after a deliberate change
    for number, name in sorted(ORIGINS):
        path = next(CHECKPOINTS_DIR.glob(f"{number}-*")) / name
        print(f'    ("{number}", "{name}"): "{sha256(path)}",', file=sys.stdout)
