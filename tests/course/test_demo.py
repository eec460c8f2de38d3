"""`agentcourse demo` (make demo): the scripted offline session runs and every matrix row passes."""

from __future__ import annotations

from agentcourse.cli import main
from agentcourse.course import demo
from agentcourse.projects import sample


def test_demo_runs_the_matrix_and_exits_zero(monkeypatch, tmp_path, capsys):
    runs = tmp_path / "runs"
    monkeypatch.setattr(demo, "scratch_copy", lambda: sample.scratch_copy(runs))
    assert main(["demo"]) == 0
    (root,) = runs.iterdir()  # one scratch copy, under the folder `agentcourse run` uses
    out = capsys.readouterr().out
    for prompt in ("Create hello.py", "Add a multiply function", "Delete main.py"):
        assert f"You: {prompt}" in out
    assert '[0]  role: user       "Create hello.py with a hello world function."' in out
    assert "[tool_use: edit_file(" in out and "[tool_result id=" in out
    assert "Tokens per API call" in out and "total" in out
    assert out.count("PASS") == 3
    assert "agentcourse run 01" in out
    assert (root / "hello.py").exists() and (root / "main.py").exists()
