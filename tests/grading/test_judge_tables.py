"""Hypothesis's Unicode tables (agentcourse/grading/judge/tables.py): built once per machine
in a folder only the grader's user can write, read by every judge through a read-only bind,
never written by one."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from agentcourse.grading.judge import tables
from agentcourse.grading.judge.execute import JudgeRun
from agentcourse.grading.sandbox import bwrap


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """unicode_tables() as a new grader process on a machine whose temporary folder is empty."""
    monkeypatch.setattr(tables.tempfile, "tempdir", str(tmp_path))
    tables.unicode_tables.cache_clear()
    yield tmp_path
    tables.unicode_tables.cache_clear()


def files(folder: Path) -> dict[str, tuple[int, bytes]]:
    return {str(p.relative_to(folder)): (stat.S_IMODE(p.stat().st_mode), p.read_bytes() if p.is_file() else b"")
            for p in sorted(folder.rglob("*"))}


def test_the_tables_are_hypothesiss_own_built_once_readable_by_all_and_writable_by_the_grader_only(fresh, monkeypatch):
    folder = tables.unicode_tables()
    assert folder is not None and folder.parent.parent == fresh
    made = files(folder)
    assert any(name.endswith("codec-v2-utf-8.json.gz") for name in made), made
    assert all(mode in (0o644, 0o755) for mode, _ in made.values()), made
    assert [p.name for p in folder.parent.iterdir()] == [folder.name], "no build folder is left behind"
    # A second grader process finds them and builds nothing.
    tables.unicode_tables.cache_clear()
    monkeypatch.setattr(tables, "_build", lambda final: pytest.fail("built twice"))
    assert tables.unicode_tables() == folder and files(folder) == made


def test_a_table_rewritten_as_a_private_file_is_made_readable_again(fresh):
    """Hypothesis rewrites a table it has read, with mkstemp's private mode, wherever it can
    write: a judge of the grader's own user would leave the next sandboxed judge unable to
    read it, so only sandboxed judges get the folder, and the grader puts the modes back."""
    folder = tables.unicode_tables()
    table = next(folder.rglob("codec-v2-utf-8.json.gz"))
    table.chmod(0o600)
    tables.unicode_tables.cache_clear()
    assert tables.unicode_tables() == folder
    assert stat.S_IMODE(table.stat().st_mode) == 0o644


def test_a_judge_outside_a_sandbox_is_not_told_where_the_tables_are(tmp_path, monkeypatch):
    seen = {}

    class Stop(Exception):
        pass

    def popen(argv, env=None, **kwargs):
        seen.update(env or {})
        raise Stop

    monkeypatch.setattr("agentcourse.grading.judge.execute.subprocess.Popen", popen)
    monkeypatch.delenv(tables.HYPOTHESIS_HOME, raising=False)
    with pytest.raises(Stop):
        JudgeRun(tmp_path / "judge", [], None, None)
    assert seen and tables.HYPOTHESIS_HOME not in seen


@pytest.mark.parametrize("planted", ["group-writable", "a symlink", "a file"])
def test_a_folder_someone_else_could_have_written_is_never_used(fresh, tmp_path, planted):
    parent = fresh / f"agentcourse-tables-{os.getuid()}"
    if planted == "group-writable":
        parent.mkdir()
        parent.chmod(0o775)
    elif planted == "a symlink":
        (tmp_path / "elsewhere").mkdir()
        parent.symlink_to(tmp_path / "elsewhere")
    else:
        parent.write_text("x")
    assert tables.unicode_tables() is None
    assert not (tmp_path / "elsewhere").exists() or not any((tmp_path / "elsewhere").iterdir())


def test_a_failed_build_binds_nothing_and_leaves_nothing(fresh, monkeypatch):
    monkeypatch.setattr(tables, "BUILD", "raise SystemExit(3)")
    assert tables.unicode_tables() is None
    assert list((fresh / f"agentcourse-tables-{os.getuid()}").iterdir()) == []


READS = """
import gzip, json, os
opened = []
real = gzip.GzipFile.__init__
def spy(self, filename=None, mode=None, *a, **k):
    opened.append([os.path.basename(str(filename)), mode or "rb"])
    return real(self, filename, mode, *a, **k)
gzip.GzipFile.__init__ = spy
from hypothesis import strategies as st
st.characters(codec="utf-8").validate()   # in the folder: read
st.characters(codec="ascii").validate()   # not in it: built here, and its write refused
print(json.dumps({"home": os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"), "opened": opened}))
"""


def test_a_sandboxed_judge_reads_the_tables_and_cannot_add_to_them(tmp_path):
    folder = tables.unicode_tables()
    assert folder is not None
    before = files(folder)
    private = tmp_path / "private"
    private.mkdir()
    uid = bwrap.kernel_uid()
    judge_folder = tmp_path / "run" / "judge"
    judge_folder.parent.mkdir()
    os.chmod(tmp_path, 0o755)
    judge = JudgeRun(judge_folder, [], uid, lambda env: bwrap.judge_argv(
        judge_folder, private, bwrap.SandboxLimits(), uid, env))
    try:
        answer = judge.course(READS)
    finally:
        judge.close()
    assert answer["error"] is None, answer
    seen = json.loads(answer["stdout"].strip().splitlines()[-1])
    assert seen["home"] == str(folder)
    assert ["codec-v2-utf-8.json.gz", "rb"] in seen["opened"], seen
    assert files(folder) == before, "the judge wrote to the tables"
