"""`agentcourse run`: resolves checkpoints, picks the folder and the model, runs the program."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest

from agentcourse import paths
from agentcourse.cli import main
from agentcourse.course.runner import resolve
from agentcourse.errors import UnknownCheckpoint, UsageError


def args(checkpoint="01", offline=False, workdir=None, program_args=(), with_config=False):
    """The Namespace `agentcourse run` parses, with every option it defines."""
    return argparse.Namespace(
        checkpoint=checkpoint,
        offline=offline,
        workdir=workdir,
        program_args=list(program_args),
        with_config=with_config,
    )


def agentcourse(*argv, stdin="", cwd=None, tmpdir=None):
    """The real command line in a child process (no key in its environment)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    if tmpdir:
        env["TMPDIR"] = str(tmpdir)
    return subprocess.run(
        [sys.executable, "-m", "agentcourse", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd or paths.REPO_ROOT,
        env=env,
        timeout=60,
    )


def test_unknown_checkpoint_lists_the_valid_ones(capsys):
    with pytest.raises(UnknownCheckpoint) as err:
        resolve(args("99"))
    assert "01-v1-loop" in str(err.value) and "00-v0-diagnostic" in str(err.value)
    assert main(["run", "no-such-checkpoint"]) == 2
    assert "valid checkpoints" in capsys.readouterr().err


def test_checkpoint_resolves_by_number_or_folder_name(tmp_path):
    by_number = resolve(args("1", workdir=str(tmp_path)))
    by_name = resolve(args("01-v1-loop", workdir=str(tmp_path)))
    assert by_number.program == by_name.program and by_number.program.name == "code-agent-v1.py"


def test_missing_workdir_is_a_clear_error(tmp_path):
    with pytest.raises(UsageError, match="no such folder"):
        resolve(args(workdir=str(tmp_path / "nowhere")))


def test_default_workdir_is_a_fresh_copy_of_the_sample_project(monkeypatch, tmp_path):
    from agentcourse.course import runner
    from agentcourse.projects import sample

    monkeypatch.setattr(runner, "scratch_copy", lambda: sample.scratch_copy(tmp_path / "runs"))
    config = resolve(args())
    assert config.workdir.parent == tmp_path / "runs" and config.scratch
    assert (config.workdir / "math_utils.py").is_file()
    assert not resolve(args(workdir=str(tmp_path))).scratch  # the learner's own folder


def test_scratch_copies_share_one_folder_and_only_the_newest_are_kept(tmp_path):
    from agentcourse.projects.sample import scratch_copy

    made = [scratch_copy(tmp_path / "runs", keep=3) for _ in range(5)]
    left = sorted((tmp_path / "runs").iterdir())
    assert left == sorted(made[-3:])  # the two oldest were removed, the newest three kept
    assert all((p / "math_utils.py").is_file() for p in left)
    assert sorted(tmp_path.iterdir()) == [tmp_path / "runs"]  # nothing beside the folder


def test_scratch_copy_never_writes_into_a_folder_it_does_not_own(tmp_path, monkeypatch):
    import tempfile

    from agentcourse.projects.sample import scratch_copy

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "runs").symlink_to(elsewhere)  # planted in a shared temp folder
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    copy = scratch_copy(tmp_path / "runs")
    assert list(elsewhere.iterdir()) == [] and copy.parent == tmp_path / "tmp"


def test_offline_run_leaves_only_its_scratch_folder_behind(tmp_path):
    """Each run's project lives under one named folder in the temp dir, not loose in it."""
    env_tmp = tmp_path / "tmp"
    env_tmp.mkdir()
    done = agentcourse("run", "00", "--offline", "What does edit_file do?", tmpdir=env_tmp)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in env_tmp.iterdir()] == ["agentcourse-projects"]
    (run,) = (env_tmp / "agentcourse-projects").iterdir()
    assert f"Project folder: {run}" in done.stdout and "newest are kept in" in done.stdout


def test_offline_without_a_key_or_when_asked(monkeypatch, tmp_path):
    assert resolve(args(workdir=str(tmp_path))).offline
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    assert not resolve(args(workdir=str(tmp_path))).offline
    assert resolve(args(offline=True, workdir=str(tmp_path))).offline


def test_offline_run_of_01_with_piped_input_creates_hello_py(tmp_path):
    done = agentcourse(
        "run", "01", "--offline", "--workdir", str(tmp_path),
        stdin="Create hello.py with a hello world function.\n\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "tutor model" in done.stdout and "Goodbye." in done.stdout
    assert "def hello" in (tmp_path / "hello.py").read_text()
    # Before anything slow, a line says what the wait is for.
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Starting the tutor model")
    waiting = next(i for i, line in enumerate(lines) if line.startswith("Waiting for its prompt"))
    assert waiting < next(i for i, line in enumerate(lines) if "Goodbye." in line)


def test_prompt_after_the_options_reaches_checkpoint_00(monkeypatch, tmp_path):
    from agentcourse.course import runner

    seen = []
    monkeypatch.setattr(runner, "run_program", lambda config: seen.append(config) or 0)
    argv = ["run", "00", "--offline", "--workdir", str(tmp_path), "What does edit_file do?"]
    assert main(argv) == 0
    assert seen[0].program_args == ["What does edit_file do?"] and seen[0].offline


def test_with_config_adds_the_benchmark_module(tmp_path):
    """`agentcourse run 04 --with-config` works in a project that has config_loader.py."""
    config = resolve(args("04", workdir=str(tmp_path), with_config=True))
    text = (config.workdir / "config_loader.py").read_text(encoding="utf-8")
    assert "def parse_config(" in text and len(text.splitlines()) == 500


def test_parser_defines_every_option_resolve_reads(tmp_path):
    """The helper above mirrors the real parser, so resolve() sees what the CLI gives it."""
    from agentcourse.cli import build_parser

    parsed = build_parser().parse_args(["run", "01", "--workdir", str(tmp_path)])
    assert set(vars(args())) <= set(vars(parsed))


CTRL_C_PROGRAM = """
import os, signal, sys, time
print("default handler:", signal.getsignal(signal.SIGINT) is signal.default_int_handler, flush=True)
seen = []
signal.signal(signal.SIGINT, lambda *_: seen.append(1))
os.killpg(0, signal.SIGINT)  # what a terminal does on Ctrl-C: the whole foreground group
time.sleep(0.5)
print("the program saw Ctrl-C" if seen else "no Ctrl-C", flush=True)
sys.exit(7)
"""


def test_ctrl_c_is_left_to_the_program_which_keeps_running(tmp_path):
    # A checkpoint stops the turn on Ctrl-C and keeps the session; `agentcourse run` must
    # neither die of it nor kill the program, nor pass the signal down as ignored.
    program = tmp_path / "program.py"
    program.write_text(CTRL_C_PROGRAM)
    driver = (
        "import sys\nfrom pathlib import Path\nfrom agentcourse import paths\nfrom agentcourse.course import runner\n"
        "paths.REPO_ROOT = Path('/')\n"
        f"config = runner.RunConfig(Path({str(program)!r}), Path({str(tmp_path)!r}), False, [])\n"
        "sys.exit(runner.run_program(config))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANTHROPIC_")}
    done = subprocess.run([sys.executable, "-c", driver], capture_output=True, text=True,
                          timeout=60, env=env, start_new_session=True)  # a group of its own
    assert done.returncode == 7, done.stdout + done.stderr
    assert "default handler: True" in done.stdout and "the program saw Ctrl-C" in done.stdout
