"""The loader: two checkpoints in one process keep their own modules, and nothing leaks
into sys.modules for the next import."""

from __future__ import annotations

import sys

from agentcourse import paths


def test_two_checkpoints_keep_their_own_tools_py(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.py").write_text("x = 1\n")
    old, new = paths.load_checkpoint("03"), paths.load_checkpoint("04")
    assert old.tools is not new.tools
    assert hasattr(old.tools, "read_file") and not hasattr(old.tools, "search_file")
    assert hasattr(new.tools, "search_file") and not hasattr(new.tools, "read_file")
    # each agent's dispatch uses its own table and its own module, after the other loaded
    assert old.dispatch_tool("read_file", {"filename": "a.py"}) == "x = 1\n"
    assert new.dispatch_tool("read_lines", {"path": "a.py", "start": 1, "end": 1}) == "1: x = 1"
    assert new.dispatch_tool("read_file", {"filename": "a.py"}).startswith("Error: unknown tool")


def test_loading_leaves_no_sibling_module_behind():
    before = {name for name in ("tools", "turns", "usage", "context", "layers") if name in sys.modules}
    paths.load_checkpoint("07")
    after = {name for name in ("tools", "turns", "usage", "context", "layers") if name in sys.modules}
    assert after == before


def test_a_module_whose_name_a_checkpoint_uses_is_put_back(monkeypatch):
    sentinel = type(sys)("tools")
    monkeypatch.setitem(sys.modules, "tools", sentinel)
    agent = paths.load_checkpoint("05")
    assert sys.modules["tools"] is sentinel and agent.tools is not sentinel


def test_the_objects_reached_through_the_agent_are_the_ones_it_uses(monkeypatch):
    agent = paths.load_checkpoint("08")
    # the guardrail and the shell the bash tool uses are agent.GUARDRAIL and agent.BASH
    asked = []
    monkeypatch.setattr(agent.FENCE, "mode", "strict")  # the mode that asks before every command
    monkeypatch.setattr(agent.GUARDRAIL, "ask", lambda *a: asked.append(a) or "n")
    assert agent.dispatch_tool("bash", {"command": "rm -rf x"}).startswith("Error:")
    assert asked and agent.BASH.process is None
