"""The released labs and a student's copies of them: which labs exist, starting one (a copy
and the clock), and finding and reading the student's notebook.

The released notebooks in labs/ are the only input: a lab's time box, tasks, hints and
visible tests all come from the notebook itself (its `agentcourse` metadata and its test
cells). `agentcourse lab` (agentcourse/course/lab_cli.py) and grading find labs here:

    lab = find_lab("2")                      # -> "lab02"
    folder, fresh = start_lab(lab, Path("work"))
    nb = read_student_notebook(find_student_notebook(lab))
"""

from __future__ import annotations

import json
import os
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path

import nbformat

from agentcourse.errors import UnknownLab, UsageError
from agentcourse.paths import REPO_ROOT

LABS_DIR = REPO_ROOT / "labs"
SOLUTIONS_DIR = REPO_ROOT / "solutions"
START_FILE = ".lab-started.json"  # written by `lab start` beside the student's notebook


def lab_names(root: Path = LABS_DIR) -> list[str]:
    """Every released lab, in order (lab01, lab02, ...)."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / f"{p.name}.ipynb").is_file())


def find_lab(name: str, root: Path = LABS_DIR) -> str:
    """'1', '01', 'lab1' or 'lab01' -> 'lab01'; UnknownLab names the valid ones."""
    names = lab_names(root)
    digits = name.lower().removeprefix("lab")
    for lab in names:
        if name == lab or (digits.isdigit() and int(digits) == int(lab.removeprefix("lab"))):
            return lab
    valid = ", ".join(names) or "(none released)"
    raise UnknownLab(f"unknown lab {name!r}; valid labs: {valid}")


def released_notebook(lab: str, root: Path = LABS_DIR) -> Path:
    """The released notebook of `lab` (labs/labNN/labNN.ipynb)."""
    return root / lab / f"{lab}.ipynb"


def start_lab(lab: str, work_dir: Path) -> tuple[Path, bool]:
    """Copy the released lab into work_dir/lab and record the start time.

    Returns (folder, fresh). A lab already started is left as it is: starting again
    never overwrites a student's work, and the clock keeps its first start time."""
    dest = work_dir / lab
    if (dest / f"{lab}.ipynb").exists():
        return dest, False
    tmp = work_dir / f".{lab}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(LABS_DIR / lab, tmp)
    stamp = {"lab": lab, "started": datetime.now(UTC).isoformat(timespec="seconds")}
    (tmp / START_FILE).write_text(json.dumps(stamp) + "\n", encoding="utf-8")
    os.replace(tmp, dest)
    return dest, True


def started_at(folder: Path) -> float | None:
    """When `lab start` created this folder (a Unix time), or None."""
    try:
        stamp = json.loads((folder / START_FILE).read_text(encoding="utf-8"))
        return datetime.fromisoformat(stamp["started"]).timestamp()
    except (OSError, ValueError, KeyError):
        return None


def elapsed_text(start: float | None) -> str:
    """How long ago `start` was, as "12 min 05 s" ("an unknown time" without one)."""
    if start is None:
        return "an unknown time"
    minutes, seconds = divmod(int(time.time() - start), 60)
    return f"{minutes} min {seconds:02d} s"


def find_student_notebook(lab: str, folder: Path | None = None) -> Path:
    """The student's labNN.ipynb, from any folder a student has: the work folder `lab start`
    made (`work/labNN`), a lab folder fetched with nbgrader (`labNN/`, no start stamp), the
    folder holding it, or the lab folder itself. With `folder` (--dir), only there: the
    folder holding labNN/, or labNN/ itself. UsageError names the places it looked."""
    name = f"{lab}.ipynb"
    if folder is not None:
        places = [folder / lab / name, folder / name]
    else:
        here = Path(".")
        places = [here / "work" / lab / name, here / name, here / lab / name]
    for place in places:
        if place.is_file():
            return place
    if folder is None:  # one folder down: a course folder nbgrader fetched into, say
        nested = sorted(Path(".").glob(f"*/{lab}/{name}"))
        if len(nested) == 1:
            return nested[0]
    looked = ", ".join(str(p) for p in dict.fromkeys(places))
    raise UsageError(f"{name} not found (looked for {looked}): run `agentcourse lab start {lab}` "
                     "first, or run this from your lab's folder or the folder that holds it "
                     "(or pass --dir)")


def read_student_notebook(path: Path) -> nbformat.NotebookNode:
    """The student's notebook, or a UsageError that says in one line why it cannot be read."""
    where = f"{path} is not a notebook Jupyter can open"
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(f"{where}: it is not UTF-8 text.{_checkpoint_hint(path)}") from None
    except json.JSONDecodeError as err:
        raise UsageError(f"{where}: broken JSON at line {err.lineno}, column {err.colno} "
                         f"({err.msg}).{_checkpoint_hint(path)}") from None
    except OSError as err:
        raise UsageError(f"{path} cannot be read: {err.strerror}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise UsageError(f"{where}: it has no list of cells.{_checkpoint_hint(path)}")
    try:
        nb = nbformat.from_dict(data)
        for cell in nb.cells:  # the fields the check reads, in the types it expects
            cell.source = "".join(cell.source) if isinstance(cell.source, list) else str(cell.source)
            if not isinstance(cell.get("metadata", {}), dict) or cell.get("cell_type") not in (
                    "code", "markdown", "raw"):
                raise ValueError("a cell with an unknown type or bad metadata")
    except (AttributeError, KeyError, TypeError, ValueError) as err:
        raise UsageError(f"{where}: {err}.{_checkpoint_hint(path)}") from None
    return nb


def _checkpoint_hint(path: Path) -> str:
    saved = path.parent / ".ipynb_checkpoints" / f"{path.stem}-checkpoint.ipynb"
    if saved.is_file():
        return f" Jupyter's last checkpoint is {saved} (in Jupyter: File > Revert to Checkpoint)."
    return " Undo the edit that broke it, or start afresh in another folder (lab start --dir)."
