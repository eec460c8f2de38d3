"""The lectures stay true to the code: every excerpt matches its checkpoint, every lecture
has the sections a learner relies on, and every command and link it shows works."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from agentcourse.course.excerpts import (
    ExcerptError,
    code_excerpt,
    find_blocks,
    lecture_files,
    update_file,
)
from agentcourse.paths import REPO_ROOT, find_checkpoint

LECTURES = lecture_files()
REQUIRED_SECTIONS = ("Learning goals", "What to observe", "Exercise", "Takeaways")


def _blocks(kind: str):
    for path in LECTURES:
        for block in find_blocks(path.read_text(encoding="utf-8"), path.name):
            if block.kind == kind:
                yield pytest.param(path, block, id=f"{path.stem[:4]}:{block.line}:{block.spec}")


def _headings(text: str) -> list[str]:
    return [m.group(1).strip() for m in re.finditer(r"^##\s+(.+)$", text, re.M)]


def test_the_five_lectures_exist():
    numbers = [p.name[:4] for p in LECTURES]
    for wanted in ("05-3", "06-1", "06-2", "06-3", "06-4"):
        assert wanted in numbers, f"lecture {wanted} is missing from lectures/"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_lecture_has_the_required_sections(path: Path):
    headings = _headings(path.read_text(encoding="utf-8"))
    for section in REQUIRED_SECTIONS:
        assert any(h.startswith(section) for h in headings), f"no '## {section}' in {path.name}"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_lecture_has_mermaid_diagrams_of_a_kind_github_renders(path: Path):
    diagrams = re.findall(r"```mermaid\n(\S+)", path.read_text(encoding="utf-8"))
    assert diagrams, f"{path.name} has no Mermaid diagram"
    for kind in diagrams:
        assert kind in ("flowchart", "sequenceDiagram", "stateDiagram-v2"), kind


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_lecture_shows_a_run_command_for_an_existing_checkpoint(path: Path):
    commands = re.findall(r"agentcourse run (\S+?)[`\s]", path.read_text(encoding="utf-8"))
    assert commands, f"{path.name} never shows an `agentcourse run NN` command"
    for name in commands:
        find_checkpoint(name)  # raises UnknownCheckpoint with the valid names


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_python_block_is_a_checked_excerpt_or_a_marked_sketch(path: Path):
    lines = path.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("```python"):
            before = lines[i - 1].strip() if i else ""
            assert before.startswith(("<!-- excerpt:", "<!-- sketch")), (
                f"{path.name}:{i + 1}: a python block with no excerpt or sketch marker"
            )


LINKED_DOCS = [
    *LECTURES,
    REPO_ROOT / "lectures" / "README.md",
    REPO_ROOT / "README.md",  # holds the course map
    REPO_ROOT / "notebooks" / "README.md",
]


@pytest.mark.parametrize("path", LINKED_DOCS, ids=lambda p: p.name)
def test_relative_links_resolve(path: Path):
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        assert (path.parent / target.split("#")[0]).exists(), f"{path.name}: broken link {target}"


@pytest.mark.parametrize("path, block", list(_blocks("excerpt")))
def test_code_excerpt_matches_its_checkpoint(path: Path, block):
    assert block.text == code_excerpt(block.spec), (
        f"{path.name}:{block.line} is stale; run: python -m agentcourse.course.excerpts --update"
    )


def test_excerpt_selects_a_definition_a_line_range_and_a_span():
    whole = code_excerpt("agentcourse/api/outcome.py::snapshot")
    assert whole.startswith("def snapshot(") and whole.endswith("return out")
    assert code_excerpt("agentcourse/api/outcome.py::snapshot:1-1") == whole.split("\n")[0]
    span = code_excerpt("agentcourse/course/matrix.py::_judge_create.._judge_read_first")
    assert span.startswith("def _judge_create") and "def _judge_read_first" in span


def test_unknown_name_is_a_clear_error():
    with pytest.raises(ExcerptError, match="no top-level 'nope'"):
        code_excerpt("agentcourse/course/matrix.py::nope")
    with pytest.raises(ExcerptError, match="not found"):
        code_excerpt("checkpoints/99-none/agent.py::run_turn")


def test_marker_without_a_fence_is_rejected():
    with pytest.raises(ExcerptError, match="not followed"):
        find_blocks("<!-- excerpt: agentcourse/api/outcome.py::snapshot -->\ntext\n")


def test_update_rewrites_a_stale_excerpt_and_keeps_the_rest(tmp_path: Path):
    lecture = tmp_path / "99-9-demo.md"
    lecture.write_text(
        "# Demo\n\n<!-- excerpt: agentcourse/api/outcome.py::snapshot -->\n```python\nold\n```\nend\n",
        encoding="utf-8",
    )
    assert update_file(lecture) == 1
    text = lecture.read_text(encoding="utf-8")
    assert code_excerpt("agentcourse/api/outcome.py::snapshot") in text
    assert text.startswith("# Demo\n") and text.endswith("```\nend\n")
    assert update_file(lecture) == 0


def _time_box(lab: str) -> int:
    """The lab's own time box, from its notebook's metadata (the one source of truth)."""
    nb = json.loads((REPO_ROOT / "solutions" / lab / f"{lab}.ipynb").read_text(encoding="utf-8"))
    return int(nb["metadata"]["agentcourse"]["time_box_minutes"])


@pytest.mark.parametrize(
    "path", [*LECTURES, REPO_ROOT / "README.md"], ids=lambda p: p.name
)
def test_stated_time_boxes_match_the_labs(path: Path):
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"\((?:\.\./)?labs/(lab\d\d)/\)[^\n(]*\((?:time box: \*\*)?(\d+) min", text)
    if "capstone" in path.name:  # a project graded by the arena, not a timed lab
        assert not found and "agentcourse arena grade" in text
        return
    assert found, f"{path.name} links no lab with its time box"
    for lab, minutes in found:
        assert int(minutes) == _time_box(lab), f"{path.name}: {lab} is {_time_box(lab)} minutes"


def test_course_map_has_a_row_for_every_lecture_and_checkpoint():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    text = readme.split("## Course map", 1)[1].split("\n## ", 1)[0]
    for lecture in LECTURES:
        assert f"(lectures/{lecture.name})" in text, f"no course-map row for {lecture.name}"
    for number in ("00", "01", "02", "03", "04", "05"):
        assert f"(checkpoints/{find_checkpoint(number).name}/)" in text


def test_command_line_reports_stale_blocks_then_fixes_them(tmp_path: Path, capsys):
    from agentcourse.course.excerpts import main

    lecture = tmp_path / "99-9-demo.md"
    lecture.write_text("<!-- excerpt: agentcourse/course/matrix.py::ROWS -->\n```python\n```\n")
    assert main([str(lecture)]) == 1
    assert "99-9-demo.md:1: stale excerpt" in capsys.readouterr().out
    assert main(["--update", str(lecture)]) == 0
    assert main([str(lecture)]) == 0
