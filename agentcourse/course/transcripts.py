"""The lectures' recorded sessions: a checkpoint's REPL run offline on scripted input, and
its transcript made the same on every machine.

An output marker in a lecture (agentcourse/course/excerpts.py reads them) names a
checkpoint, the lines a learner types at "You:" and options; this module runs that
session in-process against the tutor model, in a scratch copy of the sample project, with
the typed lines echoed as a terminal shows them and temporary paths scrubbed:

    text = run_session(parse_session('01 "Create hello.py with a hello world function."'))

The options (setup=, tutor=fresh, env=, view=, call=, show=, trace=) are listed in
agentcourse/course/excerpts.py's docstring.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import io
import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from agentcourse.api.protocol import to_plain
from agentcourse.api.render import render_messages
from agentcourse.course.runner import OFFLINE_KEY
from agentcourse.errors import CourseError
from agentcourse.paths import checkpoint_program, find_checkpoint, load_program
from agentcourse.projects.longtask import write_package
from agentcourse.projects.sample import copy_sample_project, write_config_module, write_mcp_config


class ExcerptError(CourseError):
    """A lecture marker that cannot be resolved: unknown file, name or option."""

    exit_status = 2


@dataclass
class Session:
    """A parsed output marker: which checkpoint, what is typed, and the extras."""

    checkpoint: str  # "01", "03-real-tools", ...
    prompts: list[str]  # lines typed at "You: ", in order; then end of input
    setup: list[str] = field(default_factory=list)  # "config": write config_loader.py
    show: list[str] = field(default_factory=list)  # files printed after the session
    view: str = ""  # "messages" / "results": drive run_turn, then print the array / tool results
    calls: list[tuple[str, dict]] = field(default_factory=list)  # dispatch_tool probes, no model
    env: dict[str, str] = field(default_factory=dict)  # extra environment, e.g. a limit
    traces: list[str] = field(default_factory=list)  # trace files shown with `trace show`
    fresh: bool = False  # a tutor of its own: an empty prompt cache (the tutor is deterministic,
    #   so a shared one may already hold this session's prefixes)


def parse_session(spec: str) -> Session:
    """`01 "first prompt" "second prompt" setup=config show=hello.py` -> Session."""
    try:
        words = shlex.split(spec)
    except ValueError as err:
        raise ExcerptError(f"bad output marker {spec!r}: {err}") from None
    if not words:
        raise ExcerptError("empty output marker")
    session = Session(words[0], [])
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if eq and key == "setup":
            if value not in ("config", "symlink", "inventory", "rules", "mcp"):
                raise ExcerptError(
                    f"unknown setup {value!r} (known: config, symlink, inventory, rules, mcp)")
            session.setup.append(value)
        elif eq and key == "show":
            session.show.append(value)
        elif eq and key == "call":
            name, _, args = value.partition(" ")
            try:
                session.calls.append((name, json.loads(args or "{}")))
            except json.JSONDecodeError as err:
                raise ExcerptError(f"call={value!r}: arguments are not JSON: {err}") from None
        elif eq and key == "trace":
            session.traces.append(value)
        elif eq and key == "env":
            name, eq2, setting = value.partition("=")
            if not eq2 or not name:
                raise ExcerptError(f"env={value!r}: use env=NAME=VALUE")
            session.env[name] = setting
        elif eq and key == "tutor":
            if value != "fresh":
                raise ExcerptError(f"unknown tutor {value!r} (known: fresh)")
            session.fresh = True
        elif eq and key == "view":
            if value not in ("messages", "results"):
                raise ExcerptError(f"unknown view {value!r} (known: messages, results)")
            session.view = value
        else:
            session.prompts.append(word)
    return session


@contextlib.contextmanager
def _scripted_terminal(prompts: list[str]) -> Iterator[None]:
    """Replace input() with the given lines, echoed the way a terminal shows typing."""
    queue = list(prompts)

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        if not queue:
            print()  # the learner pressed Ctrl-D: the cursor moves to a new line
            raise EOFError
        line = queue.pop(0)
        print(line)
        return line

    saved = builtins.input
    builtins.input = fake_input
    try:
        yield
    finally:
        builtins.input = saved


@contextlib.contextmanager
def _environment(base_url: str, extra: dict[str, str]) -> Iterator[None]:
    """Point the SDK at the tutor through the environment, as `agentcourse run` does."""
    wanted = {"ANTHROPIC_BASE_URL": base_url, "ANTHROPIC_API_KEY": OFFLINE_KEY, **extra}
    # Checkpoint 08's shell: `ls` sorts the same on every machine, and `python3` is this
    # Python (with pytest), so a recorded session does not depend on the reader's setup.
    wanted["LC_COLLATE"] = "C"
    # The environment's real folder: the one checkpoint 08's sandbox binds, symlinks resolved.
    wanted["PATH"] = os.path.join(os.path.realpath(sys.prefix), "bin") + os.pathsep + os.environ.get("PATH", "")
    removed = ("ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_MODEL", "LC_ALL")  # they would change it
    saved = {k: os.environ.get(k) for k in (*wanted, *removed)}
    os.environ.update(wanted)
    for k in removed:
        os.environ.pop(k, None)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


# The project rules a session gets with setup=rules: what a team would write in AGENTS.md.
SAMPLE_RULES = """\
# Rules for coding agents

- Python only; keep lines under 100 characters.
- Every public function gets a one-line docstring that starts with a verb.
- Tests live in tests.py; run them with `python -m pytest tests.py`.
"""

TIMING_FIELDS = ("time", "elapsed_s", "seconds")  # wall-clock values in a trace record


def _show_trace(path: Path, out: io.StringIO) -> None:
    """`agentcourse trace show` on a copy of the trace whose timings are zeroed."""
    from rich.console import Console

    from agentcourse.course.trace import show

    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record.update({k: 0 for k in TIMING_FIELDS if k in record})
    steady = path.with_name(path.name + ".steady")
    steady.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out.write(f"\n$ agentcourse trace show {path.name}    (timings zeroed)\n")
    show(steady, Console(file=out, width=150, color_system=None))  # as when piped


def _probe_tools(program, calls: list[tuple[str, dict]]) -> None:
    """Call the checkpoint's dispatch_tool as the loop would, and print what comes back."""
    for name, args in calls:
        print(f">>> print(dispatch_tool({name!r}, {args!r}))")
        print(program.dispatch_tool(name, args))


def _print_results(messages: list, max_lines: int = 12) -> None:
    """Each tool call of the session and the full result it got (long ones cut, and said so)."""
    calls = {}
    for msg in to_plain(messages):
        for block in msg["content"] if isinstance(msg["content"], list) else []:
            if block["type"] == "tool_use":
                args = json.dumps(block["input"])
                args = args if len(args) <= 72 else args[:71] + "…"
                calls[block["id"]] = f"{block['name']}({args})"
            elif block["type"] == "tool_result":
                print(f"--- result of {calls.get(block['tool_use_id'], '?')} ---")
                lines = str(block.get("content", "")).split("\n")
                print("\n".join(lines[:max_lines]))
                if len(lines) > max_lines:
                    print(f"... ({len(lines) - max_lines} more lines not shown here)")


def _drive_turns(program, prompts: list[str], view: str) -> None:
    """What a test does: one messages list, run_turn per prompt, then the array or results."""
    import anthropic

    client = anthropic.Anthropic()  # the environment points it at the tutor
    messages: list = []
    for prompt in prompts:
        print(f"You: {prompt}")
        messages.append({"role": "user", "content": prompt})
        program.run_turn(client, messages)
    if view == "results":
        _print_results(messages)
        return
    print("--- the messages array after the session ---")
    print(render_messages(messages, width=96))


def scrub(text: str, root: Path, base_url: str) -> str:
    """Make a transcript the same on every machine: no temp paths, ports or timings."""
    for path in {str(root.resolve()), str(root)}:
        text = text.replace(path, "<project>")
    text = text.replace(base_url, "<tutor>")
    text = text.replace(sys.executable, "<python>")  # an MCP server's command names this Python
    text = re.sub(r"\b\d+\.\d+ ?s\b", "<secs>", text)  # wall-clock durations
    return "\n".join(line.rstrip() for line in text.split("\n")).strip("\n")


def _set_up(root: Path, setup: list[str]) -> None:
    """The project's extras a marker's setup= options ask for."""
    if "config" in setup:
        write_config_module(root)
    if "inventory" in setup:
        write_package(root)
    if "mcp" in setup:
        write_mcp_config(root)  # the course's MCP server, as `agentcourse run 10` names it
    if "rules" in setup:
        (root / "AGENTS.md").write_text(SAMPLE_RULES, encoding="utf-8")
    if "symlink" in setup:
        outside = root.parent / "outside"
        outside.mkdir()
        (outside / "secret.txt").write_text("a file outside the project\n", encoding="utf-8")
        (root / "link.txt").symlink_to(outside / "secret.txt")


def run_session(session: Session, base_url: str | None = None) -> str:
    """Run a checkpoint's REPL on scripted input, offline; return the scrubbed transcript."""
    if base_url is None or session.fresh:
        from agentcourse.tutor import serve

        with serve() as url:
            return run_session(dataclasses.replace(session, fresh=False), url)
    program_path = checkpoint_program(find_checkpoint(session.checkpoint))
    out = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="agentcourse-excerpt-") as tmp:
        root = copy_sample_project(Path(tmp) / "project")
        _set_up(root, session.setup)
        old_cwd, old_argv = os.getcwd(), sys.argv
        os.chdir(root)
        sys.argv = [program_path.name]  # v0 reads argv; the caller's must not leak in
        try:
            with _environment(base_url, session.env), _scripted_terminal(session.prompts):
                with contextlib.redirect_stdout(out):
                    program = load_program(program_path, "excerpt_" + program_path.parent.name)
                    if session.calls:
                        _probe_tools(program, session.calls)
                    elif session.view:
                        _drive_turns(program, session.prompts, session.view)
                    else:
                        program.run_agent()
        finally:
            shell = getattr(sys.modules.get("excerpt_" + program_path.parent.name), "BASH", None)
            if shell is not None:
                shell.close()  # checkpoint 08's bash session: no shell outlives the transcript
            os.chdir(old_cwd)
            sys.argv = old_argv
            sys.modules.pop("excerpt_" + program_path.parent.name, None)
        for name in session.show:
            shown = root / name
            text = shown.read_text(encoding="utf-8") if shown.is_file() else "(no such file)\n"
            out.write(f"\n--- {name} after the session ---\n{text}")
        for name in session.traces:
            _show_trace(root / name, out)
        return scrub(out.getvalue(), root, base_url)
