"""Lab 10 teaches checkpoint 10's design, and its checks hold the checkpoint to it: on every
.mcp.json the lab's checks generate, checkpoint 10's mcp_client.load starts the same servers
as the lab's worked answer and names every entry it skips; the tool search tool, the name
limit and the prefix are the checkpoint's. Each graded cell has visible asserts of its own,
so a hidden region only adds instances of that kind. (That every known-wrong answer fails a
visible check is test_integrity's.)"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from agentcourse.course import nbfile
from agentcourse.course.scaffold import lab10 as scaffold
from agentcourse.paths import REPO_ROOT, load_program

NOTEBOOK = nbfile.read_notebook(REPO_ROOT / "solutions" / "lab10" / "lab10.ipynb")
CELLS = {nbfile.grade_id(c): c.source for c in NOTEBOOK.cells if nbfile.grade_id(c)}
CHECKPOINT = REPO_ROOT / "checkpoints" / "10-mcp"


def test_every_graded_cell_has_visible_checks_and_hidden_instances():
    cells = nbfile.grade_cells(NOTEBOOK)
    assert len(cells) >= 9, "one check cell per kind of case"
    for cell in cells:
        visible = nbfile.strip_hidden(cell.source)
        assert any(line.strip().startswith("assert") for line in visible.splitlines()), (
            f"{cell.grade_id} checks nothing the student can see")
        assert "@holds(" in visible, f"{cell.grade_id}: no property the student can see"
        assert nbfile.BEGIN_HIDDEN in cell.source, f"{cell.grade_id}: grading adds no instances"


@pytest.fixture(scope="module")
def lab():
    """The setup cell and the worked answers, run once."""
    namespace: dict = {}
    for grade_id in ("setup", "read_servers", "mcp_tools", "with_tool_search"):
        exec(compile(CELLS[grade_id], f"<{grade_id}>", "exec"), namespace)
    return namespace


@pytest.fixture(scope="module")
def mcp_client():
    return load_program(CHECKPOINT / "mcp_client.py", name="lab10_checkpoint_mcp_client")


def test_the_lab_states_checkpoint_10s_search_tool_name_limit_and_prefix(mcp_client):
    tool_search = load_program(CHECKPOINT / "tool_search.py", name="lab10_checkpoint_tool_search")
    assert scaffold.SEARCH_TOOL == tool_search.SEARCH_TOOL
    assert scaffold.NAME_MAX == mcp_client.NAME_MAX == 64
    assert scaffold.NAME_PATTERN.pattern == r"^[a-zA-Z0-9_-]{1,64}$"
    assert mcp_client.PREFIX.format(server="docs", tool="search") == "mcp__docs__search"


def test_checkpoint_10_reads_every_generated_file_as_the_lab_does(lab, mcp_client, tmp_path):
    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(scaffold.mcp_files())
    def agree(case):
        text, expected, skipped = case
        (tmp_path / ".mcp.json").write_text(text, encoding="utf-8")
        configs, notes = mcp_client.load(str(tmp_path))
        theirs = [{"name": c.name, "command": c.command, "args": c.args, "env": c.env} for c in configs]
        assert theirs == expected == lab["read_servers"](text)[0], text
        for key in skipped:
            assert any(key in note for note in notes), (key, notes)

    agree()


def test_checkpoint_10_starts_nothing_from_a_broken_file(mcp_client, tmp_path):
    @settings(max_examples=100, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(scaffold.broken_files())
    def nothing(text):
        (tmp_path / ".mcp.json").write_text(text, encoding="utf-8")
        configs, notes = mcp_client.load(str(tmp_path))
        assert configs == [] and notes, text

    nothing()
