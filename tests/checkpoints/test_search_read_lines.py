"""Checkpoints 04 and 05: search_file and read_lines, their caps and notices, the prompt
rewritten for them, and the two benchmarks' core measurements at a small size."""

from __future__ import annotations

import re

import pytest

from agentcourse import paths
from agentcourse.projects.sample import write_config_module

CHECKPOINTS = ["04", "05"]


@pytest.fixture(scope="module", params=CHECKPOINTS)
def agent(request):
    return paths.load_checkpoint(request.param)


@pytest.fixture
def many(project):
    """A folder of files with 120 matching lines, and a 1,000-line file."""
    for n in range(4):
        (project / "pkg").mkdir(exist_ok=True)
        (project / "pkg" / f"m{n}.py").write_text("".join(f"value_{i} = {i}\n" for i in range(30)))
    (project / "long.txt").write_text("".join(f"row {i}\n" for i in range(1, 1001)))
    return project


def test_read_file_is_gone_and_the_prompt_describes_the_new_tools(agent):
    names = [t["name"] for t in agent.TOOLS]
    assert names == ["list_files", "search_file", "read_lines", "edit_file"]
    assert not hasattr(agent, "read_file")
    assert "read_file" not in agent.SYSTEM_PROMPT
    for phrase in ("search_file(pattern, path)", "read_lines(path, start, end)",
                   "read the lines you will change with read_lines"):
        assert phrase in agent.SYSTEM_PROMPT
    schema = next(t for t in agent.TOOLS if t["name"] == "read_lines")["input_schema"]
    assert schema["properties"]["start"]["type"] == "integer"


def test_search_returns_path_line_text(agent, project):
    assert agent.search_file("def add", "math_utils.py") == "math_utils.py:4: def add(a, b):"
    everywhere = agent.search_file(r"^def \w+\(", ".").splitlines()
    assert "utils.py:1: def slugify(text):" in everywhere
    assert "main.py:4: def main():" in everywhere


def test_search_caps_at_50_and_says_how_many_were_cut(agent, many):
    result = agent.search_file(r"value_\d+ =", "pkg").splitlines()
    assert len(result) == 51
    assert result[-1].startswith("[50 of 120 matching lines shown; 70 more were cut.")
    assert "Narrow the search" in result[-1]


def test_search_skips_hidden_folders_and_binary_files(agent, project):
    (project / ".git").mkdir()
    (project / ".git" / "config").write_text("needle\n")
    (project / "blob.bin").write_bytes(b"needle\x00\x01")
    (project / "notes.txt").write_text("a needle here\n")
    assert agent.search_file("needle", ".") == "notes.txt:1: a needle here"


def test_bad_regex_and_missing_path_are_errors(agent, project):
    assert agent.search_file("(", ".").startswith("Error: bad regular expression")
    assert agent.search_file("x", "nope/").startswith("Error:")
    assert agent.search_file("", ".").startswith("Error:")
    assert agent.search_file("zzz_nothing", ".").startswith("No lines match")


def test_line_numbers_agree_with_grep_semantics(agent, project):
    text = "alpha\nbeta\r\n\nalpha beta\n" + "x\n" * 3000 + "alpha end"  # no final newline
    (project / "mixed.txt").write_text(text, newline="")
    got = agent.search_file("^alpha", "mixed.txt").splitlines()
    assert got == ["mixed.txt:1: alpha", "mixed.txt:4: alpha beta", "mixed.txt:3005: alpha end"]
    assert agent.search_file(r"\Abeta", "mixed.txt") == "mixed.txt:2: beta"
    assert agent.search_file("beta$", "mixed.txt").splitlines()[0] == "mixed.txt:2: beta"


def test_read_lines_numbers_lines_and_caps_at_200(agent, many):
    assert agent.read_lines("math_utils.py", 4, 5) == "4: def add(a, b):\n5:     return a + b"
    result = agent.read_lines("long.txt", 10, 500).splitlines()
    assert len(result) == 201 and result[0] == "10: row 10" and result[199] == "209: row 209"
    assert "Call read_lines(start=210, end=500)" in result[-1]


def test_read_lines_says_where_the_file_ends(agent, many):
    result = agent.read_lines("long.txt", 995, 1200).splitlines()
    assert result[-1] == "[end of file: long.txt has 1000 lines]"
    assert agent.read_lines("long.txt", 1001, 1002).startswith("Error: long.txt has 1000 lines")


def test_read_lines_rejects_bad_ranges(agent, project):
    for start, end in ((0, 3), (5, 2), ("a", 3), (None, 1)):
        assert agent.read_lines("math_utils.py", start, end).startswith("Error:")


def test_read_lines_stops_reading_at_end(agent, project):
    # Only the first lines are valid UTF-8: reading past `end` would hit the bad byte.
    (project / "tail.txt").write_bytes(b"one\ntwo\nthree\n" + b"\xff\xfe bad\n" * 1000)
    assert agent.read_lines("tail.txt", 1, 2) == "1: one\n2: two"
    assert agent.read_lines("tail.txt", 1, 10).startswith("Error:")


def test_very_long_lines_are_cut_with_a_marker(agent, project):
    (project / "min.js").write_text("var a=1;" * 1000 + "\n")
    line = agent.read_lines("min.js", 1, 1)
    assert len(line) < 2100 and line.endswith("more characters]")
    assert agent.search_file("var a", "min.js").endswith("more characters]")


def test_config_task_uses_search_then_read_lines_then_edit(agent, client, project, monkeypatch):
    monkeypatch.setenv("AGENT_TRACE", "off")
    write_config_module(project)
    messages = [{"role": "user", "content": "In config_loader.py, change the default timeout "
                                            "of parse_config from 30 to 60."}]
    agent.run_turn(client, messages)
    from agentcourse.api.outcome import tool_calls

    assert [name for name, _ in tool_calls(messages)] == ["search_file", "read_lines", "edit_file"]
    assert re.search(r"def parse_config\(path, timeout=60", (project / "config_loader.py").read_text())


# ----------------------------------------------------------------------------- benchmarks


def test_token_cost_bench_core_shows_the_saving():
    from bench import token_cost

    whole, search = token_cost.compare()
    assert whole.edited and search.edited
    assert whole.calls[0] == "read_file" and search.calls[0] == "search_file"
    assert whole.result_tokens / search.result_tokens >= token_cost.TARGET_RATIO


def test_search_speed_bench_core_agrees_with_grep(tmp_path):
    from bench import search_speed

    lines = search_speed.make_tree(tmp_path, files=8, lines=120)
    ours, grep = search_speed.compare(tmp_path, runs=1, pattern=r"def \w+_1[0-9]{2}\(", show=False)
    assert lines == 960
    assert ours.matches == grep.matches > 0
    assert ours.seconds > 0 and grep.seconds > 0


def test_line_numbers_stay_right_across_megabyte_chunks(agent, project):
    lines = [f"filler line {i:07d} " + "." * 40 for i in range(1, 60_001)]  # about 3.5 MB
    for n in (1, 17_000, 17_001, 40_000, 60_000):
        lines[n - 1] = f"needle at {n}"
    (project / "big.txt").write_text("\n".join(lines) + "\n")
    got = agent.search_file("^needle", "big.txt").splitlines()
    assert got == [f"big.txt:{n}: needle at {n}" for n in (1, 17_000, 17_001, 40_000, 60_000)]
