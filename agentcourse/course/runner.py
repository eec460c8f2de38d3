"""`agentcourse run CHECKPOINT`: run a checkpoint's program the way a learner would.

The program runs as its own process (the same Python), in a project folder: a fresh
scratch copy of the sample project (kept under one folder, which keeps the newest few)
unless --workdir names one. Without an ANTHROPIC_API_KEY, or with --offline, the tutor
model is started in this process and the program is pointed at it through
ANTHROPIC_BASE_URL; the program itself has no offline mode and needs none. With a key,
the program talks to Claude.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from agentcourse import paths
from agentcourse.errors import UsageError
from agentcourse.projects.longtask import write_package
from agentcourse.projects.sample import (
    SCRATCH_KEEP,
    SCRATCH_ROOT,
    scratch_copy,
    write_config_module,
    write_mcp_config,
)

OFFLINE_KEY = "tutor-offline"  # the tutor accepts any key; this one says what it is


@dataclass
class RunConfig:
    """One `agentcourse run`, resolved from the command line."""

    program: Path  # the checkpoint's program file
    workdir: Path  # the project folder the program runs in (its cwd)
    offline: bool  # True: the tutor model; False: Claude with the caller's key
    program_args: list[str]  # passed through to the program (checkpoint 00 takes a prompt)
    scratch: bool = False  # True: workdir is a scratch copy of the sample project


def resolve(args: argparse.Namespace) -> RunConfig:
    """Check the arguments and pick the program, folder and model. Raises UsageError."""
    program = paths.checkpoint_program(paths.find_checkpoint(args.checkpoint))
    if args.workdir:
        workdir = Path(args.workdir).expanduser()
        if not workdir.is_dir():
            raise UsageError(f"--workdir {args.workdir}: no such folder (create it first)")
        workdir = workdir.resolve()
    else:
        workdir = scratch_copy()
        if (program.parent / "mcp_client.py").is_file():  # checkpoint 10 on: the course's MCP server
            write_mcp_config(workdir)
    if args.with_config:
        write_config_module(workdir)  # the 500-line file of the token-cost task (lecture 6.3)
    if getattr(args, "with_inventory", False):
        write_package(workdir)  # the 26 modules of the long context task (lecture 7.1)
    offline = bool(args.offline) or not os.environ.get("ANTHROPIC_API_KEY")
    return RunConfig(program, workdir, offline, list(args.program_args), not args.workdir)


def _model_server(offline: bool):
    """The in-process tutor model (yields its base URL), or nothing for a live run."""
    if not offline:
        return nullcontext(None)
    from agentcourse.tutor import serve  # imported here: a live run never needs it

    return serve()


def run_program(config: RunConfig) -> int:
    """Run the program as a child process with stdin and stdout inherited; its exit status."""
    env = dict(os.environ)
    if config.offline:  # importing the tutor takes seconds on a busy machine: say what is happening
        print("Starting the tutor model (a local simulator of the Messages API) ...", flush=True)
    with _model_server(config.offline) as base_url:
        if config.offline:
            env["ANTHROPIC_BASE_URL"] = base_url
            env["ANTHROPIC_API_KEY"] = OFFLINE_KEY
            env.pop("ANTHROPIC_AUTH_TOKEN", None)  # the SDK would send it instead of the key
            print(f"Offline: the tutor model (a local simulator) answers at {base_url}")
            print("  set ANTHROPIC_API_KEY to run against Claude instead")
        else:
            model = env.get("ANTHROPIC_MODEL", "the program's default model")
            print(f"Live: running against Claude ({model}) with your ANTHROPIC_API_KEY")
            if env.get("ANTHROPIC_BASE_URL"):  # a leftover tutor URL would silently win
                print(f"  note: ANTHROPIC_BASE_URL is set, so requests go to {env['ANTHROPIC_BASE_URL']}")
        print(f"Project folder: {config.workdir}")
        if config.scratch:
            where = config.workdir.parent
            kept = (f"the {SCRATCH_KEEP} newest are kept in {where}" if where == SCRATCH_ROOT
                    else "delete it when you are done")
            print(f"  (a scratch copy of the sample project: {kept})")
        print(f"Program: {config.program.relative_to(paths.REPO_ROOT)}")
        print("Waiting for its prompt: Python starts and imports the anthropic SDK first ...\n",
              flush=True)
        with _ctrl_c_is_the_programs():
            child = subprocess.run(
                [sys.executable, str(config.program), *config.program_args],
                cwd=config.workdir,
                env=env,
            )
    return child.returncode


@contextmanager
def _ctrl_c_is_the_programs():
    """Ctrl-C at the terminal reaches the program and this process alike. The program
    handles it (a checkpoint stops the turn and keeps the session), so here it must do
    nothing: subprocess.run would otherwise kill the program on KeyboardInterrupt. A
    Python handler, not SIG_IGN, because an ignored signal stays ignored in the child."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def cli_run(args: argparse.Namespace) -> int:
    """Entry point of `agentcourse run`."""
    return run_program(resolve(args))
