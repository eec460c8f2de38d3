"""The tasks that look and report: explain a tool, list the project, read files,
summarize them, run the tests.

    task_explain(turn, groups)     "What does edit_file do?"
    task_list(turn, groups)        "List the files in this project."
    task_read_many(turn, groups)   "Read utils.py and math_utils.py."
    task_summarize(turn, groups)   "Summarize the files in this project."
    task_run_tests(turn, groups)   "Run the tests."

brain.py dispatches to them (TASK_HANDLERS). None changes a file; each reply is built
from what the tool results show (a listing, the files' text, pytest's summary line), and
says plainly what could not be read or run.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act import shell
from agentcourse.tutor.act.answer import and_list, error_text, finish, no_tool, shown_path
from agentcourse.tutor.act.code import describe
from agentcourse.tutor.act.knowledge import known, listing
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script


def task_explain(turn: Turn, m: dict) -> Action | None:
    """A tool explained ("What does edit_file do?") by its own description; None when the
    question is not about a tool."""
    name = m["tool"]
    tool = next((t for t in turn.tools.tools if t.name.lower() == name.lower()), None)
    if tool is None:
        if "_" not in name or not re.search(r"\btool\b", turn.request, re.I):
            return None  # "What is Python?", "What does parse_config do?": not about a tool
        return say(
            f"There is no tool called {name} in this conversation; the tools here are: "
            f"{turn.tools.names()}."
        )
    if tool.kind != "custom":
        return say(
            f"{tool.name} is {script.BUILTIN_DESCRIPTIONS.get(tool.name, 'a tool defined by Anthropic.')}"
        )
    desc = " ".join(tool.description.split()) or "it has no description."
    return say(f"{tool.name}({', '.join(tool.properties)}): {desc}")


def task_list(turn: Turn, m: dict) -> Action:
    """The project listed ("List the files in this project."): files and folders, hidden
    entries named apart."""
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    # Hidden names (.agent.trace.jsonl, .git/) are the tools' and the agent's, not the
    # project's files: named apart, not counted.
    hidden = [n + "/" * (k == "dir") for n, k in entries if n.startswith(".") and n not in (".", "..")]
    shown = [(n, k) for n, k in entries if not n.startswith(".")]
    files = [n for n, k in shown if k == "file"]
    dirs = [n + "/" for n, k in shown if k == "dir"]
    if not shown:
        return finish(turn, "The project folder is empty." + (
            f" (It holds only hidden entries: {and_list(hidden)}.)" if hidden else ""))
    reply = (
        f"The project has {len(files)} file{'s' * (len(files) != 1)}: {and_list(files)}."
        if files
        else "The project has no files at the top level."
    )
    if dirs:
        reply += f" Folders: {and_list(dirs)}."
    if hidden:
        reply += f" (Hidden, not counted: {and_list(hidden)}.)"
    return finish(turn, reply)


def _read_result(turn: Turn, path: str) -> str | None:
    """A one-line description of a file read this turn, or None if not read yet."""
    k = known(turn, path)
    if k.text is not None:
        return describe(path, k.text)
    last = k.last_read
    if last is None:
        return None
    if last.stub:
        return f"{path}: the tool returned a placeholder ({last.result.strip()})."
    return f"{path}: could not be read ({error_text(last)})."


def task_read_many(turn: Turn, m: dict) -> Action:
    """Files read ("Read utils.py and math_utils.py."), then one line about each."""
    files = [
        norm_path(f.rstrip("."))
        for f in re.split(r"\s*(?:,|&|\band\b)\s*", m["files"])
        if f.strip()
    ]
    files = list(dict.fromkeys(f for f in files if f and f != "and"))
    if not turn.tools.can("read"):
        return no_tool(turn, "read files")
    todo = [f for f in files if _read_result(turn, f) is None]
    if todo:
        # Independent reads: all in one response, unless the request disables parallel tool use.
        batch = todo if turn.parallel else todo[:1]
        return Action(calls=[("read", {"path": f}) for f in batch])
    return finish(turn, "\n".join(_read_result(turn, f) or "" for f in files))


def task_summarize(turn: Turn, m: dict) -> Action:
    """The project summarised ("Summarize the files in this project."): listed, each file
    read, one line each."""
    entries = listing(turn)
    if isinstance(entries, Action):
        return entries
    files = [n for n, k in entries if k == "file" and not n.startswith((".", "__"))]
    files = files[: script.MAX_SUMMARY_FILES]
    if not files:
        return finish(turn, "There are no files to summarize.")
    for f in files:  # one read per response, so the context grows one file at a time
        if _read_result(turn, f) is None:
            return call("read", path=f)
    lines = "\n".join(f"- {_read_result(turn, f)}" for f in files)
    return finish(turn, f"Summary of the {len(files)} files in this project:\n{lines}")


def task_run_tests(turn: Turn, m: dict) -> Action:
    """List the folder, run pytest on the test files found, report what it printed."""
    box = turn.tools
    if not box.can("run"):
        return no_tool(turn, "run commands")
    folder = norm_path((m.get("dir") or ".").rstrip("/") or ".")
    persistent = box.shell.persistent
    if folder != "." and persistent and box.cwd != folder:
        cds = [s for s in turn.done("cd") if s.path == folder]
        if cds and not cds[-1].ok:
            return say(script.FAILED.format(what="go into", path=folder, error=error_text(cds[-1])))
        return call("cd", path=folder)  # once: the shell keeps its directory between calls
    entries = listing(turn, folder)
    if isinstance(entries, Action):
        return entries
    targets = [n + "/" * (k == "dir") for n, k in entries
               if re.match(script.TEST_FILE if k == "file" else script.TEST_DIR, n)]
    if not targets:
        return say(script.TESTS["no-tests"].format(folder=shown_path(folder)))
    runs = [s for s in turn.done("run") if " -m pytest" in s.args.get("command", "")]
    python = "python3"
    if runs and re.search(r"python3: (?:command )?not found", runs[-1].result):
        python = "python"
        runs = [s for s in runs if s.args["command"].startswith("python ")
                or " python " in s.args["command"]]
    command = shell.test_command(targets, python)
    if not runs:
        return call("run", command=command, cd=folder)
    out = runs[-1].result
    if re.search(r"No module named pytest", out):
        error = next((line for line in out.splitlines() if "No module named" in line), out)
        return finish(turn, script.TESTS["no-pytest"].format(
            python=python, command=command, error=error.strip()))
    summary = shell.test_summary(out)
    if summary is None and not runs[-1].ok and runs[-1].args.get("code") is None:
        # an error instead of output (a guardrail's refusal, a timeout): it never ran to the end
        return finish(turn, script.FAILED.format(what="run", path=f"`{command}`",
                                                 error=error_text(runs[-1])))
    if summary is None:
        tail = "\n".join(out.strip().splitlines()[-5:]) or "(no output)"
        return finish(turn, script.TESTS["unknown"].format(command=command, tail=tail))
    counts = ", ".join(f"{n} {k}" for k, n in summary["counts"].items())
    if not summary["counts"]:
        return finish(turn, script.TESTS["none"].format(line=summary["line"], command=command))
    bad = sum(n for k, n in summary["counts"].items() if k in ("failed", "error"))
    if bad:
        failing = and_list(summary["failed"]) if summary["failed"] else "see the output"
        return finish(turn, script.TESTS["fail"].format(
            counts=counts, command=command, failing=failing))
    return finish(turn, script.TESTS["pass"].format(counts=counts, command=command))
