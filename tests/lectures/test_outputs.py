"""Every program output a lecture shows is what the checkpoint prints today, offline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agentcourse.course.excerpts import expected, find_blocks, lecture_files
from agentcourse.course.transcripts import parse_session, run_session

OUTPUTS = [
    pytest.param(path, block, id=f"{path.stem[:4]}:{block.line}")
    for path in lecture_files()
    for block in find_blocks(path.read_text(encoding="utf-8"), path.name)
    if block.kind == "output"
]


@pytest.mark.parametrize("path, block", OUTPUTS)
def test_recorded_output_is_current(path: Path, block, tutor_url):
    assert block.text == expected(block, tutor_url), (
        f"{path.name}:{block.line} is stale; run: python -m agentcourse.course.excerpts --update"
    )


def test_session_marker_parses_prompts_and_options():
    s = parse_session('04 "Find it." "Then fix it." setup=config show=config_loader.py')
    assert (s.checkpoint, s.prompts) == ("04", ["Find it.", "Then fix it."])
    assert (s.setup, s.show) == (["config"], ["config_loader.py"])


def test_session_restores_cwd_and_environment(tutor_url, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ANTHROPIC_MODEL", "left-alone")
    transcript = run_session(parse_session('01 "What files are in this project?"'), tutor_url)
    assert "You: What files are in this project?" in transcript
    assert "Goodbye." in transcript and str(tmp_path) not in transcript
    assert Path.cwd() == tmp_path and os.environ["ANTHROPIC_MODEL"] == "left-alone"
    assert "ANTHROPIC_BASE_URL" not in os.environ
