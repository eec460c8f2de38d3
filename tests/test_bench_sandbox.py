"""bench/sandbox_latency.py at a small size: both sessions run the commands side by side,
the fenced one really is fenced, and the report prints its verdict (make bench runs the
full 30 rounds)."""

from __future__ import annotations

import pytest

from bench import sandbox_latency

NO_SANDBOX = sandbox_latency.load_session_module().sandbox.why_no_sandbox()


@pytest.mark.skipif(NO_SANDBOX is not None, reason=f"no sandbox here: {NO_SANDBOX}")
def test_sandbox_latency_measures_both_sessions_on_the_same_commands(monkeypatch, capsys):
    result = sandbox_latency.measure(rounds=2, starts=2, commands=("true", "ls"))
    assert set(result["commands"]) == {"true", "ls"}
    for side in ("plain", "fenced"):
        assert all(ms[side] > 0 for ms in result["commands"].values()) and result["start"][side] > 0
    monkeypatch.setattr(sandbox_latency, "measure", lambda: result)  # the report, on these figures
    sandbox_latency.main()
    out = capsys.readouterr().out
    assert "fenced/plain = " in out and "ms per command" in out and "20 ms target" in out


def test_a_failing_command_is_an_error_not_a_timing(tmp_path, monkeypatch):
    module = sandbox_latency.load_session_module()
    monkeypatch.chdir(tmp_path)
    session = module.BashSession(module.BashPolicy(sandbox=None))
    try:
        with pytest.raises(RuntimeError, match="failed in a plain session"):
            sandbox_latency._timed(session, "false")
    finally:
        session.close()
