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
    """The program in a checkpoint folder (code-agent-v0.py, code-agent-v1.py or agent.py).

    From checkpoint 06 on, modules may sit beside agent.py (checkpoint_modules); agent.py
    is then the program."""
    programs = sorted(p for p in folder.glob("*.py") if not p.name.startswith("test_"))
    if len(programs) > 1 and (folder / "agent.py").is_file():
        return folder / "agent.py"
    if len(programs) != 1:
        raise UnknownCheckpoint(f"{folder.name} should hold exactly one program, found {len(programs)}")
    return programs[0]


def checkpoint_modules(folder: Path) -> list[Path]:
    """The modules beside a checkpoint's program (guardrail.py, bash_session.py ...)."""
    program = checkpoint_program(folder)
    return sorted(p for p in folder.glob("*.py") if p != program and not p.name.startswith("test_"))


def load_program(path: Path, name: str | None = None) -> ModuleType:
    """Import a checkpoint program by path. Importing starts nothing (the contract).

    The program's folder is on sys.path while it loads, as when it runs as a script, so
    `import guardrail` finds the module beside it."""
    name = name or "checkpoint_" + path.parent.name.replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(path.parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def load_checkpoint(name: str) -> ModuleType:
    """Import the program of checkpoint `name` ('01', '03-real-tools', ...)."""
    return load_program(checkpoint_program(find_checkpoint(name)))
