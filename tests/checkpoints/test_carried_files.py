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
    ("03", "turns.py"): "904fdf119a07c3dad22cdde5d3aa0275c101607c1edb56bfc9e50741d57375ed",
    ("04", "tools.py"): "308f6f3c6c7b7810df857eb9f08956e65f5163ae32296101394ed26d7668ab9b",
    ("05", "usage.py"): "9df3f5b646964ee90bf9c2b6475bbc1338726f6c2ebe4162a82a8928c3b02d71",
    ("06", "context.py"): "4c28db87849ed1d99fedd8f9872f02e45254f63516a1b26faefc06447349c22b",
    ("07", "layers.py"): "f2bc3ba2fff2ea0812c5adeb4303019737c02db351b3f9058cf310c055cf93c9",
    ("08", "bash_session.py"): "196a297f7ddc7cda02fa0e5c3cf25eb3721b369fa4732b8eb7d3760e1c1337f4",
    ("08", "sandbox.py"): "8153b15a4c602b22889f8b67e730a2db3dbcecf6688fd848713fef7fd4ae0225",
    ("08", "guardrail.py"): "93d590b77af48f8d1a2a8a329df681371de9b2d17a771f06facb5551d9e8c1c7",
    ("08", "text_editor.py"): "0de5b6e820827ef927a445037074fd55812aefccbb1e4f3d8dfd17ad9b400821",
    ("08", "confined.py"): "b0bfd1a4a41199e88c33583dad275fe6d0e14070d3fa70d053199e1eb5b31657",
    ("08", "display.py"): "acf6c1f82d4c1a0c299c82967b03592dfb2d0eb36c448e8cafb4ae1790039715",
    ("08", "environment.py"): "0fb0800b69cb94f2269726f8ff619afaddbe39505ee2850400bd05e8a6e73f0a",
    ("08", "fence.py"): "7175a40eae4298cd41f6105f40504edb2a540c6b471d443a85b58efa6710ab1a",
    ("08", "limits.py"): "84e8ab7bf5c6a8a8f4992b5dc047223f71d78787ab22b98ed5248c241df7009e",
    ("08", "nosuid.py"): "672837fe91d1084d1349b1442d5f8253f4fea81cf9f88ba13846a86fb4c2ae59",
    ("08", "protected.py"): "61a01b469f5fd5918fa424a9ad89c54a7ca52cd5ef8f07a296757e60ad4bf580",
    ("09", "hooks.py"): "bd7f5e9e551f3dc57431df7b979f908bcfc4f31e49519949e5e7a94cbc1c9e51",
    ("09", "planning.py"): "7893adf40e629bff347426902fe6b325ef8bfa2c48a4f05917f19a0e5cd6b0c9",
    ("09", "session.py"): "e607ba4e8646b2a37265e4df214dcd0a556e594da4d904309f202530d78eb194",
    ("09", "streaming.py"): "7c090ceba1c7358fb08d0c9e04146f6071eddd57cce8d39235bab6b618074d57",
    ("09", "turns.py"): "35e3b160f11f202bc18e0cd8ef10f1798e415ed4a2a9a0923342768d1651ff1d",
    ("09", "undo.py"): "6878a2d15097ebc667fd5140b8eb3c96e89adc03ed10e826c982a762ac9ab744",
    ("10", "mcp_client.py"): "cc5a983e5779f7c9558817616317b51069df15c7bd4fab05caa68c1408fb7468",
    ("10", "session.py"): "0dc787bbc06ec06e7211462730201b5855241c550b1a4964d108a9b903107df7",
    ("10", "streaming.py"): "f37c823c6c03d5049dd0dbb7a4b50524f539f8d775de14e2fbfa0ebd414a8cc0",
    ("10", "tool_search.py"): "b5405e9edaa408eb3f74c330ec5e14f7fb8e2e4877ac5a8cf89fc6813196f3c8",
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
