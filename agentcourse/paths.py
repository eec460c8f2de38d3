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
SAMPLE_PROJECT_DIR = PACKAGE_DIR / "projects" / "sample_project"


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
    """The program of a checkpoint folder (code-agent-v0.py, code-agent-v1.py or agent.py).

    From checkpoint 06 on, agent.py has modules beside it (context.py, layers.py...);
    agent.py is then the program and the others are checkpoint_modules()."""
    programs = sorted(p for p in folder.glob("*.py") if not p.name.startswith("test_"))
    if len(programs) > 1 and (folder / "agent.py").is_file():
        return folder / "agent.py"
    if len(programs) != 1:
        raise UnknownCheckpoint(f"{folder.name} should hold exactly one program, found {len(programs)}")
    return programs[0]


def checkpoint_modules(folder: Path) -> list[Path]:
    """The modules beside a checkpoint's program (context.py, layers.py, guardrail.py...)."""
    program = checkpoint_program(folder)
    return sorted(p for p in folder.glob("*.py") if p != program and not p.name.startswith("test_"))


def load_program(path: Path, name: str | None = None) -> ModuleType:
    """Import a checkpoint program by path. Importing starts nothing (the contract).

    The program's folder is put first on sys.path while it runs, so `import tools` in
    agent.py finds the tools.py beside it, as it does when the file runs as a script.
    Those sibling modules are imported afresh each time, and taken out of sys.modules
    again afterwards (whatever held their names before is put back): 03 and 04 each keep
    their own tools.py, reachable as `agent.tools`, and neither stands in for the other."""
    name = name or "checkpoint_" + path.parent.name.replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    siblings = [p.stem for p in path.parent.glob("*.py") if p != path]
    saved = {stem: sys.modules.pop(stem) for stem in siblings if stem in sys.modules}
    sys.modules[name] = module
    folder = str(path.parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
        for stem in siblings:
            sys.modules.pop(stem, None)
        sys.modules.update(saved)
    return module


def load_checkpoint(name: str) -> ModuleType:
    """Import the program of checkpoint `name` ('01', '03-real-tools', ...)."""
    return load_program(checkpoint_program(find_checkpoint(name)))
