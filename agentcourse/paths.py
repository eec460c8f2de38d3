"""Where the course's parts live, and how to find a checkpoint by number or name."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from agentcourse.errors import UnknownCheckpoint

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parent  # the support library is installed editable (-e .)
CHECKPOINTS_DIR = REPO_ROOT / "checkpoints"
SAMPLE_PROJECT_DIR = PACKAGE_DIR / "sample_project"


def checkpoint_dirs() -> list[Path]:
    """All checkpoint folders, in ladder order (00-..., 01-..., ...)."""
    return sorted(p for p in CHECKPOINTS_DIR.iterdir() if p.is_dir() and p.name[:2].isdigit())


def find_checkpoint(name: str) -> Path:
    """A checkpoint folder from '1', '01', '01-v1-loop' or a path to the folder."""
    dirs = checkpoint_dirs()
    for d in dirs:
        if name == d.name or (name.isdigit() and int(name) == int(d.name[:2])):
            return d
    if Path(name).resolve() in dirs:  # a path, e.g. checkpoints/03-real-tools/
        return Path(name).resolve()
    valid = ", ".join(d.name for d in dirs)
    raise UnknownCheckpoint(f"unknown checkpoint {name!r}; valid checkpoints: {valid}")


def checkpoint_program(folder: Path) -> Path:
    """The one program in a checkpoint folder (code-agent-v0.py, code-agent-v1.py or agent.py)."""
    programs = sorted(p for p in folder.glob("*.py") if not p.name.startswith("test_"))
    if len(programs) != 1:
        raise UnknownCheckpoint(f"{folder.name} should hold exactly one program, found {len(programs)}")
    return programs[0]


def load_program(path: Path, name: str | None = None) -> ModuleType:
    """Import a checkpoint program by path. Importing starts nothing (the contract)."""
    name = name or "checkpoint_" + path.parent.name.replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_checkpoint(name: str) -> ModuleType:
    """Import the program of checkpoint `name` ('01', '03-real-tools', ...)."""
    return load_program(checkpoint_program(find_checkpoint(name)))
