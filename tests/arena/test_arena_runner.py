"""The runner: each task in its own process against its own tutor, measured on the tutor's side."""

from __future__ import annotations

import sys
import textwrap
import time
import uuid
from pathlib import Path

from agentcourse.arena.entrants import command_entrant, entrant
from agentcourse.arena.runner import ArenaConfig, run_all
from agentcourse.arena.sets import tasks
from tests.budget import within

FAMILIES = ["list-todos", "change-default"]


def test_a_checkpoint_solves_the_slice_and_every_count_comes_from_the_tutor():
    rows = run_all([entrant("08")], tasks("practice", FAMILIES), ArenaConfig(jobs=2))
    assert [r["family"] for r in rows] == FAMILIES
    for r in rows:
        assert r["solved"], r["reason"]
        assert r["api_calls"] >= 2 and r["output_tokens"] > 0 and r["dollars"] > 0
        assert r["protocol_errors"] == 0 and r["exit"] == "ok" and r["model"] == "tutor"


def test_a_command_entrant_is_measured_like_a_checkpoint(tmp_path):
    """A CLI that drives checkpoint 03 itself gets the same row as checkpoint 03."""
    script = tmp_path / "cli_agent.py"
    script.write_text(textwrap.dedent(f"""
        import sys, anthropic
        sys.path.insert(0, {str(entrant('03').folder)!r})
        import agent
        agent.run_turn(anthropic.Anthropic(), [{{"role": "user", "content": sys.argv[-1]}}])
    """))
    command = command_entrant(f"{sys.executable} {script}")
    rows = run_all([entrant("03"), command], tasks("practice", ["list-todos"]), ArenaConfig(jobs=2))
    same = ("solved", "input_tokens", "output_tokens", "api_calls", "tool_errors", "protocol_errors")
    assert [rows[0][k] for k in same] == [rows[1][k] for k in same]
    assert rows[1]["solved"]


def test_a_task_past_its_time_limit_is_killed_and_unsolved(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text("import time; time.sleep(60)\n")
    rows = run_all([command_entrant(f"{sys.executable} {script}")], tasks("practice", ["list-todos"]),
                   ArenaConfig(jobs=1, timeout_s=1))
    assert rows[0]["exit"] == "timeout" and not rows[0]["solved"] and rows[0]["wall_s"] < within(10)


def test_requests_the_tutor_rejects_count_as_protocol_errors(tmp_path):
    script = tmp_path / "rude.py"
    script.write_text(textwrap.dedent("""
        import anthropic
        client = anthropic.Anthropic(max_retries=0)
        try:
            client.messages.create(model="claude-sonnet-4-6", max_tokens=10,
                                   messages=[{"role": "user", "content": [
                                       {"type": "tool_result", "tool_use_id": "toolu_x", "content": "?"}]}])
        except anthropic.BadRequestError:
            pass
    """))
    rows = run_all([command_entrant(f"{sys.executable} {script}")], tasks("practice", ["list-todos"]),
                   ArenaConfig(jobs=1))
    assert rows[0]["protocol_errors"] >= 1 and rows[0]["api_calls"] == 0


def test_a_program_past_its_time_limit_is_killed_with_what_it_started(tmp_path):
    marker = f"arena-leftover-{uuid.uuid4().hex}"
    (tmp_path / "agent.py").write_text(textwrap.dedent(f"""
        import subprocess, sys, time
        def run_turn(client, messages):
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", {marker!r}])
            time.sleep(60)
    """))
    rows = run_all([entrant(str(tmp_path))], tasks("practice", ["list-todos"]), ArenaConfig(jobs=1, timeout_s=2))
    assert rows[0]["exit"] == "timeout" and not rows[0]["solved"]
    time.sleep(0.2)
    leftovers = [p for p in Path("/proc").glob("[0-9]*") if _cmdline(p) and marker.encode() in _cmdline(p)]
    assert leftovers == []


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def test_a_project_flooded_with_files_is_not_read_back_and_not_solved(tmp_path):
    script = tmp_path / "flood.py"
    script.write_text("for i in range(60):\n    open(f'junk{i}.txt', 'w').write('x')\n")
    config = ArenaConfig(jobs=1, project_files=50)
    rows = run_all([command_entrant(f"{sys.executable} {script}")], tasks("practice", ["list-todos"]), config)
    assert not rows[0]["solved"] and "not judged" in rows[0]["reason"]


def test_an_empty_answer_gives_the_entrant_an_empty_stdin(tmp_path):
    """--answer '': a CLI that reads piped stdin into its request (claude -p) reads nothing;
    by default every approval question is answered "y"."""
    seen = tmp_path / "seen.txt"
    script = tmp_path / "read_stdin.py"
    script.write_text(f"import sys, pathlib\npathlib.Path({str(seen)!r}).write_text(sys.stdin.read()[:4])\n")
    for answer, expected in (("y", "y\ny\n"), ("", "")):
        run_all([command_entrant(f"{sys.executable} {script}")], tasks("practice", ["list-todos"]),
                ArenaConfig(jobs=1, answer=answer))
        assert seen.read_text() == expected
