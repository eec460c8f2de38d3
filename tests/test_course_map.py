"""The course's indexes are complete and agree with what is on disk: README's ladder and
course map, and lectures/README.md, name every checkpoint, lecture, lab (with its time box
as the lab's own metadata states it) and notebook."""

from __future__ import annotations

import re

import pytest

from agentcourse import paths
from agentcourse.course import nbfile
from agentcourse.course.excerpts import lecture_files
from agentcourse.paths import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
LECTURES_README = (REPO_ROOT / "lectures" / "README.md").read_text(encoding="utf-8")
LABS = sorted(p for p in (REPO_ROOT / "labs").iterdir() if (p / f"{p.name}.ipynb").is_file())
NOTEBOOKS = sorted((REPO_ROOT / "notebooks").glob("*.ipynb"))


def section(text: str, heading: str) -> str:
    rest = text.split(heading, 1)[1]
    return rest.split("\n## ", 1)[0]


LADDER = section(README, "## The checkpoint ladder")
COURSE_MAP = section(README, "## Course map")


def time_box(lab) -> int:
    return nbfile.lab_meta(nbfile.read_notebook(lab / f"{lab.name}.ipynb"))["time_box_minutes"]


@pytest.mark.parametrize("folder", paths.checkpoint_dirs(), ids=lambda p: p.name)
def test_every_checkpoint_has_a_ladder_row_and_a_course_map_entry(folder):
    program = paths.checkpoint_program(folder).name
    row = f"| {folder.name[:2]} | [`checkpoints/{folder.name}/{program}`](checkpoints/{folder.name}/)"
    assert f"\n{row}" in LADDER, f"README's ladder has no row for {folder.name}"
    assert f"](checkpoints/{folder.name}/)" in COURSE_MAP, f"the course map never links {folder.name}"


@pytest.mark.parametrize("lecture", lecture_files(), ids=lambda p: p.stem)
def test_every_lecture_is_listed_in_both_indexes(lecture):
    assert f"](lectures/{lecture.name})" in COURSE_MAP, f"the course map never links {lecture.name}"
    assert f"]({lecture.name})" in LECTURES_README, f"lectures/README.md does not list {lecture.name}"


@pytest.mark.parametrize("lab", LABS, ids=lambda p: p.name)
def test_every_lab_is_in_both_indexes_with_its_own_time_box(lab):
    number, minutes = int(lab.name[3:]), time_box(lab)
    row = next((line for line in COURSE_MAP.splitlines() if f"](labs/{lab.name}/)" in line), None)
    assert row, f"the course map never links labs/{lab.name}"
    assert f"Lab {number}:" in row and f"({minutes} min)" in row, row
    assert f"| Lab {number} ({minutes} min) |" in LECTURES_README, (
        f"lectures/README.md should list Lab {number} with its {minutes}-minute time box")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_notebook_is_listed_and_executed(notebook):
    executed = paths.load_program(REPO_ROOT / "tests" / "test_notebooks.py", "notebook_tests").NAMES
    notebooks_readme = (REPO_ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    assert f"]({notebook.name})" in notebooks_readme, f"notebooks/README.md does not list {notebook.name}"
    assert f"](notebooks/{notebook.name})" in COURSE_MAP, f"the course map never links {notebook.name}"
    assert notebook.stem in executed, f"tests/test_notebooks.py never executes {notebook.name}"


def test_course_map_steps_follow_the_lecture_numbers():
    steps = re.findall(r"^\| (\d\.\d) \|", COURSE_MAP, re.M)
    numbers = [f"{int(p.name[:2])}.{p.name[3]}" for p in lecture_files()]
    assert steps == numbers, f"course map steps {steps} vs lectures {numbers}"


def test_each_checkpoint_readme_names_the_lecture_and_lab_of_its_step():
    for row in COURSE_MAP.splitlines():
        step = re.match(r"^\| (\d\.\d) \|", row)
        if not step:
            continue
        lab = re.search(r"\[Lab (\d+):", row)
        if lab is None:  # the capstone: a project graded by the arena, not a timed lab
            assert "capstone" in row and "agentcourse arena" in row, row
            continue
        lab = lab.group(1)
        for name in re.findall(r"\]\(checkpoints/([\w-]+)/\)", row):
            text = (REPO_ROOT / "checkpoints" / name / "README.md").read_text(encoding="utf-8")
            assert f"Lecture {step.group(1)}, lab {lab}." in text, (
                f"{name}/README.md should say 'Lecture {step.group(1)}, lab {lab}.'")
