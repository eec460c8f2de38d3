"""Directory safety of checkpoints 03, 04 and 05: no tool call reads or writes outside the root.

The root is the working directory at call time. Next to it (outside) sits a secret
file; inside it, symlinks point out at the secret and at the parent folder. Every
attack must come back as an "Error: ..." string, the secret must never appear in a
result, and nothing outside the root may be created or changed. A hypothesis fuzz
then throws path strings built from the same pieces (and arbitrary text) at every tool.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentcourse import paths

SECRET = "TOP-SECRET-0451"
CHECKPOINTS = ["03", "04", "05"]


@pytest.fixture(scope="module", params=CHECKPOINTS)
def agent(request):
    return paths.load_checkpoint(request.param)


def make_layout(base: Path) -> Path:
    """base/secret.txt (outside) and base/root (the project), with escape hatches inside."""
    (base / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (base / "outside").mkdir()
    (base / "outside" / "also_secret.py").write_text(f"KEY = '{SECRET}'\n", encoding="utf-8")
    root = base / "root"
    root.mkdir()
    (root / "ok.py").write_text("def ok():\n    return 1\n", encoding="utf-8")
    (root / "sub").mkdir()
    (root / "sub" / "inner.py").write_text("x = 1\n", encoding="utf-8")
    (root / "link_out").symlink_to(base / "secret.txt")
    (root / "dir_out").symlink_to(base / "outside", target_is_directory=True)
    (root / "up").symlink_to(base, target_is_directory=True)
    (root / "dangling_out").symlink_to(base / "not_yet_there.py")
    return root


def outside_state(base: Path, root: Path) -> dict[str, bytes]:
    """Every file outside the root, with its bytes (symlinks not followed)."""
    state = {}
    for folder, dirs, files in os.walk(base):
        if Path(folder) == root:
            dirs[:] = []
            continue
        for name in files + [d for d in dirs if Path(folder, d).is_symlink()]:
            p = Path(folder, name)
            state[str(p.relative_to(base))] = b"<link>" if p.is_symlink() else p.read_bytes()
    return state


@pytest.fixture
def root(tmp_path, monkeypatch):
    root = make_layout(tmp_path)
    monkeypatch.chdir(root)
    return root


def calls_for(agent, path: str) -> list[tuple[str, dict]]:
    """Every tool of this checkpoint that takes a path, aimed at `path`."""
    names = {t["name"] for t in agent.TOOLS}
    calls = [("list_files", {"path": path}),
             ("edit_file", {"path": path, "old_str": "", "new_str": "pwned"}),
             ("edit_file", {"path": path, "old_str": SECRET, "new_str": "pwned"})]
    if "read_file" in names:
        calls.append(("read_file", {"filename": path}))
    if "read_lines" in names:
        calls.append(("read_lines", {"path": path, "start": 1, "end": 5}))
    if "search_file" in names:
        calls.append(("search_file", {"pattern": "SECRET", "path": path}))
    return calls


ATTACKS = [
    "../secret.txt",
    "sub/../../secret.txt",
    "./../outside/also_secret.py",
    "..",
    "../outside",
    "~",
    "~/secret.txt",
    "/etc/passwd",
    "link_out",
    "dir_out",
    "dir_out/also_secret.py",
    "up/secret.txt",
    "up",
    "dangling_out",
    "ok.py\x00.txt",
    "",
]


@pytest.mark.parametrize("attack", ATTACKS)
def test_attack_is_refused_and_leaks_nothing(agent, root, attack):
    before = outside_state(root.parent, root)
    for name, args in calls_for(agent, attack):
        result = agent.dispatch_tool(name, args)
        assert SECRET not in result, f"{name}({args}) leaked the secret"
        assert result.startswith("Error:"), f"{name}({args}) was allowed: {result[:80]!r}"
    assert outside_state(root.parent, root) == before


def test_absolute_path_to_the_secret_is_refused(agent, root):
    secret = str(root.parent / "secret.txt")
    for name, args in calls_for(agent, secret):
        result = agent.dispatch_tool(name, args)
        assert result.startswith("Error:") and SECRET not in result


def test_paths_inside_the_root_still_work(agent, root):
    assert "ok.py [file]" in agent.list_files(".")
    assert "inner.py" in agent.list_files("sub/../sub")
    assert agent.edit_file("sub/new/deep.py", "", "y = 2\n").startswith("Created")
    assert (root / "sub" / "new" / "deep.py").read_text() == "y = 2\n"


def test_search_of_the_whole_root_skips_symlinks_that_lead_out(agent, root):
    if not hasattr(agent, "search_file"):
        pytest.skip("no search_file before checkpoint 04")
    result = agent.search_file("SECRET|KEY", ".")
    assert SECRET not in result
    assert result.startswith("No lines match")


def test_fifo_and_device_are_refused_without_hanging(agent, root):
    os.mkfifo(root / "pipe")
    (root / "zero").symlink_to("/dev/zero")
    reader = "read_file" if hasattr(agent, "read_file") else "read_lines"
    args = {"filename": "pipe"} if reader == "read_file" else {"path": "pipe", "start": 1, "end": 2}
    assert agent.dispatch_tool(reader, args).startswith("Error:")
    assert agent.edit_file("pipe", "a", "b").startswith("Error:")
    assert agent.edit_file("pipe", "", "b").startswith("Error:")
    assert agent.edit_file("zero", "", "b").startswith("Error:")
    if hasattr(agent, "search_file"):
        assert agent.search_file("x", ".").startswith("sub/inner.py:1:")  # the fifo is skipped


def test_there_is_no_delete_tool(agent):
    names = {t["name"] for t in agent.TOOLS}
    assert not any("delete" in n or "remove" in n for n in names)
    assert agent.dispatch_tool("delete_file", {"path": "ok.py"}).startswith("Error:")


PIECES = st.sampled_from(
    ["..", ".", "", "secret.txt", "link_out", "dir_out", "up", "root", "sub", "ok.py",
     "~", "outside", "also_secret.py", "dangling_out", "new.py", "\x00", "//", "\\"]
)
PATHS = st.one_of(
    st.lists(PIECES, min_size=1, max_size=6).map("/".join),
    st.lists(PIECES, min_size=1, max_size=4).map(lambda parts: "/" + "/".join(parts)),
    st.text(max_size=40),
)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=PATHS)
def test_fuzzed_paths_never_escape_the_root(agent, path):
    with tempfile.TemporaryDirectory(prefix="safety-") as tmp:
        base = Path(tmp).resolve()
        root = make_layout(base)
        before = outside_state(base, root)
        here = os.getcwd()
        os.chdir(root)
        try:
            for name, args in calls_for(agent, path):
                result = agent.dispatch_tool(name, args)
                assert isinstance(result, str)
                assert SECRET not in result, f"{name}({args!r}) leaked the secret"
        finally:
            os.chdir(here)
        assert outside_state(base, root) == before, f"{path!r} changed something outside"
