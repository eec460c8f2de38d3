"""What the grader reads back of a project an entrant shaped, and how it removes it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from agentcourse.arena.families.judging import snapshot
from agentcourse.arena.runner import DRIVER, ArenaConfig, _oversize, _remove, plain


def deep_tree(root: Path, depth: int) -> None:
    """`depth` nested folders under root (made by descriptor: the path outgrows PATH_MAX)."""
    fd = os.open(root, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("d", dir_fd=fd)
        new = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = new
    os.close(fd)


def test_a_tree_thousands_of_folders_deep_is_read_back_and_removed(tmp_path):
    task = tmp_path / "task"
    (task / "project").mkdir(parents=True)
    (task / "project" / "billing.py").write_text("x = 1\n")
    deep_tree(task / "project", 3000)
    assert snapshot(task / "project") == {"billing.py": "x = 1\n"}
    assert _oversize(task / "project", ArenaConfig()) is None
    _remove(task)
    assert not task.exists()


def test_links_fifos_and_sockets_are_not_files_to_the_judge(tmp_path):
    (tmp_path / "a.py").write_text("a\n")
    (tmp_path / "link.py").symlink_to("/etc/hostname")
    (tmp_path / "loop").symlink_to("loop")
    os.mkfifo(tmp_path / "pipe.py")
    assert snapshot(tmp_path) == {"a.py": "a\n"}


def test_empty_folders_count_against_the_file_cap(tmp_path):
    for i in range(30):
        (tmp_path / f"d{i}").mkdir()
    assert _oversize(tmp_path, ArenaConfig(project_files=20)) is not None


def test_the_driver_ends_when_run_turn_returns_though_a_thread_lives_on(tmp_path):
    """A thread the agent left running does not keep its task alive until the time limit."""
    (tmp_path / "agent.py").write_text(textwrap.dedent("""
        import threading, time
        def run_turn(client, messages):
            threading.Thread(target=time.sleep, args=(600,)).start()
    """))
    env = {"PATH": os.environ.get("PATH", ""), "ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}
    done = subprocess.run([sys.executable, "-I", str(DRIVER), str(tmp_path), "hello"], env=env, timeout=60,
                          capture_output=True)
    assert done.returncode == 0, done.stderr


def test_a_reason_quoting_a_hostile_file_name_is_plain_text_no_spreadsheet_runs():
    assert plain('=HYPERLINK("x").py appeared') == '\'=HYPERLINK("x").py appeared'
    assert plain("\udcff.py appeared").encode("utf-8") == b"\\udcff.py appeared"
    assert plain("\x1b[31mred.py\nappeared") == "\\x1b[31mred.py\\nappeared"
    assert plain("notes.py changed, é") == "notes.py changed, é"
