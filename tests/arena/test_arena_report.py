"""The arena's tables when printed to a pipe: nothing cut to an ellipsis."""

from __future__ import annotations

from agentcourse.arena.report import print_table


def test_the_table_piped_to_a_file_cuts_no_column(capsys):
    row = {"entrant": "a-very-long-entrant-name-from-a-students-folder", "model": "claude-sonnet-5-5-long",
           "task": "t", "family": "f", "seed": "1", "solved": "True", "reason": "", "input_tokens": "123456",
           "output_tokens": "7890", "cache_write_tokens": "0", "cache_read_tokens": "0", "dollars": "0.1234",
           "api_calls": "12", "tool_errors": "0", "protocol_errors": "0", "wall_s": "12.5", "exit": "ok"}
    print_table([row])  # capsys's stdout is not a terminal, as when piped
    out = capsys.readouterr().out
    assert "…" not in out
    assert row["entrant"] in out and row["model"] in out and "131,346" in out
