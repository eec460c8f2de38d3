"""Lab 1's scaffolding: checkpoint 01's loop and tools, driven by the student's prompt and
schemas, and the requests lab 1's checks are properties over.

A graded kernel cannot load checkpoint 01 (its prompt and schemas are lab 1's answers), so
its loop and tools are copied here without them (tests/course/test_answers_out_of_reach.py).
`converse(requests, prompt, tools, client, files)` runs requests as the turns of one
conversation in a scratch project; the strategies at the end generate them: other files,
folders and wordings than the matrix's rows, a second request, ambiguous requests.
"""

from __future__ import annotations

import ast
import contextlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from agentcourse.api.outcome import Outcome, outcome
from agentcourse.course import nbtools
from agentcourse.course.matrix import ROWS
from agentcourse.projects.sample import copy_sample_project

MODEL, MAX_TOKENS = "claude-sonnet-4-6", 4096  # kept: the matrix checks read replies without thinking blocks

# ----------------------------------------------------------------------------- checkpoint 01's tools
# Copies of checkpoints/01-v1-loop/code-agent-v1.py's tool functions: the contract the
# student's schemas keep (list_files(path), read_file(filename), edit_file(path, old_str, new_str)).


def _project_path(path: str) -> str:
    root = os.getcwd()
    full = os.path.abspath(os.path.join(root, path))
    if os.path.commonpath([root, full]) != root:
        raise ValueError(f"{path!r} is outside the project directory")
    return full


def list_files(path: str) -> str:
    full = _project_path(path)
    kinds = {e: "dir" if os.path.isdir(os.path.join(full, e)) else "file" for e in sorted(os.listdir(full))}
    return "\n".join(f"{e} [{k}]" for e, k in kinds.items()) or "(empty directory)"


def read_file(filename: str) -> str:
    with open(_project_path(filename), encoding="utf-8") as f:
        return f.read()


def edit_file(path: str, old_str: str, new_str: str) -> str:
    full = _project_path(path)
    if old_str == "":
        if os.path.exists(full):
            return f"Error: {path} already exists; read it and replace part of it instead"
        os.makedirs(os.path.dirname(full), exist_ok=True)
        Path(full).write_text(new_str, encoding="utf-8")
        return f"Created {path}"
    text = Path(full).read_text(encoding="utf-8")
    count = text.count(old_str)
    if count == 0:
        return f"Error: old_str not found in {path}; read the file and copy the text exactly"
    if count > 1:
        return f"Error: old_str appears {count} times in {path}; add nearby lines to make it unique"
    Path(full).write_text(text.replace(old_str, new_str, 1), encoding="utf-8")
    return f"Edited {path}"


TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


def dispatch_tool(name: str, tool_input: dict) -> str:
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}"
    try:
        return function(**tool_input)
    except Exception as err:  # noqa: BLE001 - the model reads the failure
        return f"Error: {name} failed: {err}"


def run_turn(client: Any, messages: list, system: str, tools: list) -> str:
    """Checkpoint 01's inner loop, with the prompt and the schemas passed in."""
    while True:
        response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=system,
                                          tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "\n".join(block.text for block in response.content if block.type == "text")
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": dispatch_tool(b.name, b.input)}
            for b in response.content if b.type == "tool_use"]})


@contextlib.contextmanager
def project(files: dict[str, str] | None = None) -> Iterator[Path]:
    """A scratch project as the working directory: these files (path -> text), or a copy of
    the sample project. In memory (/dev/shm) where there is one: a project per example."""
    before, shm = os.getcwd(), "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="lab01-", dir=shm) as tmp:
        if files is None:
            copy_sample_project(Path(tmp))
        for name, text in (files or {}).items():
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        os.chdir(tmp)
        try:
            yield Path(tmp)
        finally:
            os.chdir(before)


def snapshot(root: Path) -> dict[str, str]:
    """Every file under `root`, nested ones too, by its path with '/'."""
    return {p.relative_to(root).as_posix(): p.read_text(encoding="utf-8", errors="replace")
            for p in sorted(root.rglob("*")) if p.is_file()}


@dataclass
class Turn(Outcome):
    """What one request did, its tool results that report an error, and why it raised if it did."""

    request: str = ""
    errors: list[str] = field(default_factory=list)
    failed: str = ""

    def shown(self) -> str:
        """What the agent did, in one line, for a failure message."""
        calls = ", ".join(name for name, _ in self.calls) or "no tool calls"
        return f"the agent made {calls}; it replied {' '.join(self.reply.split())[:100]!r}"


def converse(requests: list[str] | tuple[str, ...], system: str, tools: list, client: Any,
             files: dict[str, str] | None = None, calls: int = 10) -> list[Turn]:
    """What each request did, run as the turns of one conversation with checkpoint 01's loop,
    this prompt and these schemas, in a scratch project; a turn that raises ends it."""
    turns: list[Turn] = []
    with project(files) as root:
        messages: list = []
        for request in requests:
            start, before, failed = len(messages), snapshot(root), ""
            messages.append({"role": "user", "content": request})
            try:
                run_turn(nbtools.limited(client, calls), messages, system, tools)
            except Exception as err:  # noqa: BLE001 - a 400 or an endless loop fails the turn
                failed = f"the turn failed: {nbtools.api_message(err)}"
            turns.append(Turn(**vars(outcome(messages, start, before, snapshot(root))), request=request,
                              errors=nbtools.tool_errors(messages[start:]), failed=failed))
            if failed:
                break
    return turns


def run_row(row: Any, system: str, tools: list, client: Any) -> nbtools.RowRun:
    """One prompt-matrix row in a fresh copy of the sample project: verdict and what the agent did."""
    turn = converse([row.prompt], system, tools, client)[0]
    reason = turn.failed or row.judge(turn)
    return nbtools.RowRun(reason, turn.calls, "" if turn.failed else turn.reply, turn.errors)


def matrix_report(system: str, tools: list, client: Any) -> dict[str, str | None]:
    """Every matrix row run once: PASS or FAIL, the judge's reason, the tool calls, the reply
    and, for a failing row, how the tutor read the prompt's rules for it. {row: reason}."""
    results = {}
    for row in ROWS:
        run = run_row(row, system, tools, client)
        results[row.name] = run.reason
        print(f"{'PASS' if run.reason is None else 'FAIL'}  {row.name:14} {row.prompt}")
        if run.reason:
            print(f"      why:     {run.reason}")
        shown = [f"{n}({', '.join(f'{k}={str(v)[:24]!r}' for k, v in a.items())})" for n, a in run.calls]
        print(f"      calls:   {' -> '.join(shown) or '(none)'}")
        for error in run.errors:
            print(f"      a tool answered: {error[:120]}")
        print(f"      reply:   {' '.join(run.reply.split())[:150] or '(none)'}")
        for n, line in enumerate(nbtools.rule_notes(row.name, system, tools) if run.reason else []):
            print(f"      {'rules:' if n == 0 else '':9}{line}")
    return results


def reading(row: str, system: Any, tools: Any) -> str:
    """How the tutor read the prompt's rule for a row's kind of request when that explains a
    failure (the rule missing, for other files only, a ban on asking); else ""."""
    from agentcourse.tutor.understand import failure_modes, rules

    modes = {m.id for m in failure_modes.FAILURE_MODES if f"the {row} row" in m.triggers_on}
    try:
        findings = rules.explain(system, tools)
    except Exception:  # noqa: BLE001 - a prompt the reader cannot take gets no note
        findings = []
    for f in findings:
        if f.mode in modes and (not f.found or f.files or f.why == rules.NO_QUESTIONS):
            at = f" ({f.where}: {' '.join(f.sentence.split())[:60]!r})" if f.sentence else ""
            return f"; the tutor read your prompt as: {f.why}{at}"
    return ""


# Not an answer to lab 1 (nothing on creating or deleting files): the delete check runs the
# student's schemas with it, to see that they can still change a file.
EDITING_PROMPT = """\
You change the code files of the project in the current directory for the user.
Read a file with read_file before you change it, and copy old_str exactly from what you read.
Ask a question only when a request is truly ambiguous; a clear request is carried out at once.
"""

# ----------------------------------------------------------------------------- generated requests
# Every wording here is one the tutor model takes (agentcourse/tutor/understand/tasks.py).

STEMS = ("billing", "inventory", "text_tools", "geometry", "stats", "net", "orders", "shapes", "greeting")
FOLDERS = ("", "", "src/", "lib/util/", "app/")
FUNCTIONS = (  # (name, parameters, body) of a generated module's functions; none has a docstring
    ("total", "items, tax=0.2", "return sum(items) * (1 + tax)"), ("fetch", "url, timeout=30", "return url"),
    ("scale", "value, factor=2", "return value * factor"), ("clip", "x, limit=100", "return min(x, limit)"),
    ("retry", "job, attempts=3", "return [job for _ in range(attempts)]"), ("shout", "text", "return text.upper()"),
    ("count_words", "text", "return len(text.split())"), ("report", "", 'print("ok")'))
NEW_FUNCTIONS = ("multiply", "divide", "power", "square", "negate", "average")  # what an agent can add
ADD = ("Add a {name} function to {path}.", "Please add a {name} function to {path}.",
       "In {path}, add a {name} function.", "Write a {name} function in {path}.")
DOCUMENT = ("Add a docstring to the {func} function in {path}.", "Add a docstring to {func} in {path}.",
            "Document {func} in {path}.", "In {path}, add a docstring to {func}.")
DEFAULT = ("Change the default {param} of {func} in {path} from {old} to {new}.",
           "In {path}, change the default {param} of {func} from {old} to {new}.")
CREATE = ("Create {path} with a hello world function.", "Create {path} with a function that prints '{text}'.",
          'Make a new file {path} containing a function that prints "{text}".',
          "Add a new file {path} with a function called {func} that prints '{text}'.")
NEW_NAMES = ("hello", "greet", "welcome", "banner", "motd", "goodbye")
TEXTS = ("Shelf ready", "All parcels sent", "Good morning, team", "Batch done")
DELETE = ("Delete {path}.", "Remove {path}.", "Please delete {path}.", "Remove the file {path}.",
          "Get rid of {path}.", "Erase {path}.", "Can you delete {path}?", "Throw away {path}.", "rm {path}")
AMBIGUOUS = ("Change the {param} to {new}.", "Set the {param} to {new}.", "Please change the default {param} to {new}.")
PARAMS = ("timeout", "retries", "depth", "width", "batch")
OTHER_FILES = (None, None, ("README.md", "# Shop\n\nHelpers for the shop.\n"), ("notes.txt", "todo: totals\n"),
               ("config.json", '{"debug": false}\n'), ("data/items.csv", "name,price\npen,2\n"))


def module(funcs: list[tuple[str, str, str]] | tuple) -> str:
    """A module's text: a docstring line, then the functions (name, parameters, body)."""
    return '"""Helpers."""\n\n\n' + "\n\n\n".join(f"def {n}({p}):\n    {b}" for n, p, b in funcs) + "\n"


@dataclass(frozen=True)
class Request:
    """One request of a conversation: its words, the file it is about, what it asks for."""

    text: str
    path: str
    kind: str  # "function", "docstring", "default", "create", "delete" or "ambiguous"
    name: str = ""  # the function added, documented or changed
    value: str = ""  # the new default value

    def landed(self, after: str | None) -> str | None:
        """Why the change asked for is not in the file's new text `after`, or None."""
        if after is None:
            return f"{self.path} is gone"
        try:
            defs = {n.name: n for n in ast.parse(after).body if isinstance(n, ast.FunctionDef)}
        except SyntaxError:
            return f"{self.path} is no longer valid Python"
        if self.kind == "function" and self.name not in defs:
            return f"{self.path} has no {self.name} function"
        if self.kind == "docstring" and (self.name not in defs or not ast.get_docstring(defs[self.name])):
            return f"{self.name} in {self.path} has no docstring"
        if self.kind == "default" and self.value not in [ast.unparse(d) for d in getattr(
                defs.get(self.name), "args", ast.arguments(defaults=[])).defaults]:
            return f"the default of {self.name} in {self.path} is not {self.value}"
        return None


@dataclass(frozen=True)
class Case:
    """A small project and the requests of one conversation about it (for an ambiguous
    request, `meant`: the functions it could mean)."""

    files: dict = field(hash=False)
    requests: tuple[Request, ...]
    meant: tuple[str, ...] = ()

    @property
    def texts(self) -> list[str]:
        return [r.text for r in self.requests]

    def __repr__(self) -> str:  # what a failing property shows: the requests and the files
        return f"requests {self.texts} in a project of {sorted(self.files)}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # how Hypothesis prints an example
        printer.text(repr(self))


def _projects(draw: Any) -> dict[str, list]:
    """1 to 3 modules, some in folders, each with functions of its own: path -> functions."""
    funcs = draw(st.permutations(FUNCTIONS))
    stems = draw(st.lists(st.sampled_from(STEMS), min_size=1, max_size=3, unique=True))
    out, at = {}, 0
    for n, stem in enumerate(stems):
        count = len(funcs) - at if n == len(stems) - 1 else draw(st.integers(1, 2))
        out[draw(st.sampled_from(FOLDERS)) + stem + ".py"] = list(funcs[at: at + count])
        at += count
    return out


def _change(draw: Any, path: str, funcs: list, done: tuple[Request, ...]) -> Request:
    """A clear request to change `path`, about no function an earlier request was about."""
    taken = {r.name for r in done if r.path == path}
    funcs = [f for f in funcs if f[0] not in taken]
    kinds = ["function"] + ["docstring"] * bool(funcs) + ["default"] * any("=" in f[1] for f in funcs)
    kind = draw(st.sampled_from(kinds))
    if kind == "function":
        name = draw(st.sampled_from([n for n in NEW_FUNCTIONS if n not in taken]))
        return Request(draw(st.sampled_from(ADD)).format(name=name, path=path), path, kind, name)
    if kind == "docstring":
        name = draw(st.sampled_from([f for f, _, _ in funcs]))
        return Request(draw(st.sampled_from(DOCUMENT)).format(func=name, path=path), path, kind, name)
    name, params, _ = draw(st.sampled_from([f for f in funcs if "=" in f[1]]))
    param, old = params.split(", ")[1].split("=")
    new = draw(st.sampled_from([v for v in ("1", "5", "7", "10", "60") if v != old]))
    text = draw(st.sampled_from(DEFAULT)).format(param=param, func=name, path=path, old=old, new=new)
    return Request(text, path, kind, name, new)


def _new_file(draw: Any, taken: set) -> Request:
    """A request to create a file no other file of the project is named like."""
    used = {t.rsplit("/", 1)[-1].split(".")[0] for t in taken}
    stem = draw(st.sampled_from([s for s in NEW_NAMES if s not in used]))
    ext = draw(st.sampled_from((".py", ".py", ".js")))
    path = draw(st.sampled_from(FOLDERS)) + stem + ext
    phrase = CREATE[0] if ext == ".js" else draw(st.sampled_from(CREATE))
    return Request(phrase.format(path=path, text=draw(st.sampled_from(TEXTS)), func=stem), path, "create", stem)


def change_cases() -> Any:
    """One or two clear requests (add a function, add a docstring, change a default), each naming its file."""

    @st.composite
    def cases(draw: Any) -> Case:
        project = _projects(draw)
        done: tuple[Request, ...] = ()
        for path in draw(st.lists(st.sampled_from(sorted(project)), min_size=1, max_size=2)):
            done += (_change(draw, path, project[path], done),)
        return Case({p: module(f) for p, f in project.items()}, done)

    return cases()


def create_cases() -> Any:
    """One or two requests to create a new file (.py or .js, in a new folder or not)."""

    @st.composite
    def cases(draw: Any) -> Case:
        project, made = _projects(draw), []
        for _ in range(draw(st.integers(1, 2))):
            made.append(_new_file(draw, {*project, *(r.path for r in made)}))
        return Case({p: module(f) for p, f in project.items()}, tuple(made))

    return cases()


def delete_cases() -> Any:
    """A request to delete a file, alone or after a first request (a change, or the file's creation)."""

    @st.composite
    def cases(draw: Any) -> Case:
        project = _projects(draw)
        other = draw(st.sampled_from(OTHER_FILES))  # a file that is not code: it may not go either
        files = {p: module(f) for p, f in project.items()} | dict([other] if other else [])
        target, first = draw(st.sampled_from(sorted(files))), ()
        before = draw(st.sampled_from(("none", "change", "create")))
        if before == "change" and target in project:
            first = (_change(draw, target, project[target], ()),)
        elif before == "create":
            first = (_new_file(draw, set(project)),)
            target = first[0].path
        last = Request(draw(st.sampled_from(DELETE)).format(path=target), target, "delete")
        return Case(files, (*first, last))

    return cases()


def ambiguous_cases() -> Any:
    """'Change the timeout to 60.' where two or three functions, in one module or two, have one."""

    @st.composite
    def cases(draw: Any) -> Case:
        param, new = draw(st.sampled_from(PARAMS)), draw(st.integers(100, 200))
        stems = draw(st.lists(st.sampled_from(STEMS), min_size=2, max_size=3, unique=True))
        meant = draw(st.lists(st.sampled_from([n for n, _, _ in FUNCTIONS]), min_size=2, max_size=3, unique=True))
        homes = {name: draw(st.sampled_from(stems[:2])) for name in meant}
        files = {}
        for stem in stems:
            funcs = [(n, f"items, {param}={draw(st.integers(2, 99))}", "return items[:1]")
                     for n in meant if homes[n] == stem] + [(f"{stem}_count", "items", "return len(items)")]
            files[f"{stem}.py"] = module(funcs)
        request = draw(st.sampled_from(AMBIGUOUS)).format(param=param, new=new)
        return Case(files, (Request(request, "", "ambiguous"),), tuple(meant))

    return cases()
