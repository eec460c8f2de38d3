"""Notebook helpers shared by the labs, `agentcourse lab`, grading and the integrity tests.

Three jobs, kept apart below:
  - authoring: build a lab notebook from its jupytext percent source (solutions/CONVENTIONS.md);
  - reading:   a lab's metadata and its graded cells;
  - running:   what the notebooks themselves call (a scratch project, a call-limited
               client, the reference agent, the prompt matrix) and `run_cells`, which
               executes a notebook's cells in-process to score known-wrong variants fast.

    python -m agentcourse.nbtools build solutions/lab01/lab01.pct.py
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agentcourse.errors import UsageError

if TYPE_CHECKING:  # imported where used: every notebook's setup cell imports this module,
    import nbformat  # and nbformat's import (jsonschema and its grammars) costs seconds

BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"

# ---------------------------------------------------------------- authoring

# A lab is written in jupytext's percent format (solutions/CONVENTIONS.md): `# %%` cell
# markers that editors and jupytext already understand, the lab's metadata in the YAML
# header, and nbgrader's cell metadata in a short form that `build_notebook` expands:
#
#   # %% nbgrader="locked" grade_id="setup"                 read-only cell
#   # %% nbgrader="solution" grade_id="run_turn"            answer cell (autograded answer)
#   # %% nbgrader="tests" grade_id="test_end_turn" points=2 autograder test cell
_KINDS = ("locked", "solution", "tests")
_SHORT_KEYS = ("nbgrader", "grade_id", "points")


def _nbgrader_meta(kind: str, opts: dict[str, Any]) -> dict:
    """The nbgrader cell metadata (schema 3) for one short-form cell."""
    if kind not in _KINDS:
        raise UsageError(f"unknown nbgrader cell kind {kind!r}: use one of {', '.join(_KINDS)}")
    if not isinstance(opts.get("grade_id"), str) or not opts["grade_id"]:
        raise UsageError(f'a {kind} cell needs grade_id="NAME" (nbgrader\'s cell name)')
    meta = {
        "grade": kind == "tests",
        "grade_id": opts["grade_id"],
        "locked": kind != "solution",
        "schema_version": 3,
        "solution": kind == "solution",
        "task": False,
    }
    if kind == "tests":
        points = opts.get("points")
        if points is None:
            raise UsageError(f"test cell {opts['grade_id']} needs points=N")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise UsageError(f"test cell {opts['grade_id']}: points must be a whole number")
        meta["points"] = points
    return meta


def build_notebook(text: str) -> nbformat.NotebookNode:
    """A lab notebook from its jupytext percent source (`labNN.pct.py`)."""
    import jupytext
    import nbformat

    try:
        source = jupytext.reads(text, fmt="py:percent")
    except Exception as err:  # jupytext raises YAML and JSON errors as they come
        raise UsageError(f"not a readable percent-format notebook: {err}") from None
    meta = source.metadata.get("agentcourse")
    if not isinstance(meta, dict):
        raise UsageError("a lab needs `agentcourse:` metadata (time box, tasks) in its "
                         "`# ---` / `# jupyter:` header")
    nb = nbformat.v4.new_notebook()
    nb.metadata["agentcourse"] = meta
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    for cell in source.cells:
        opts = dict(cell.metadata)
        if cell.cell_type == "markdown":
            new = nbformat.v4.new_markdown_cell(cell.source)
        elif cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(cell.source)
        else:
            raise UsageError(f"a lab has markdown and code cells only, not {cell.cell_type}")
        new.pop("id", None)  # random cell ids would make every rebuild a diff
        kind = opts.get("nbgrader")
        if kind is not None:
            if cell.cell_type != "code":
                raise UsageError(f"nbgrader={kind!r} on a markdown cell: only code cells are graded")
            new.metadata["nbgrader"] = _nbgrader_meta(kind, opts)
            new["id"] = opts["grade_id"]
        elif "grade_id" in opts or "points" in opts:
            raise UsageError(f'grade_id/points without nbgrader="...": {cell.source[:60]!r}')
        nb.cells.append(new)
    _number_anonymous_cells(nb)
    # How many checks grading adds inside each visible test cell: the release keeps this
    # notebook metadata (never the hidden text), so `lab check` can say what it cannot run.
    counts = {grade_id(c): hidden_checks(c.source) for c in nb.cells
              if c.get("metadata", {}).get("nbgrader", {}).get("grade")}
    if any(counts.values()):
        nb.metadata["agentcourse"]["hidden_checks"] = {k: n for k, n in counts.items() if n}
    return nb


SOURCE_SUFFIX = ".pct.py"  # jupytext's own name for a percent script paired with a notebook


def built_path(source: Path) -> Path:
    """solutions/labNN/labNN.pct.py -> solutions/labNN/labNN.ipynb"""
    if not source.name.endswith(SOURCE_SUFFIX):
        raise UsageError(f"{source}: a lab's source is named labNN{SOURCE_SUFFIX}")
    return source.with_name(source.name.removesuffix(SOURCE_SUFFIX) + ".ipynb")


def _number_anonymous_cells(nb: nbformat.NotebookNode) -> None:
    # nbformat 4.5 wants an id on every cell; number the rest so rebuilds are stable.
    for i, cell in enumerate(nb.cells):
        cell.setdefault("id", f"cell-{i:02d}")
    nb.nbformat, nb.nbformat_minor = 4, 5


def write_notebook(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write a notebook atomically (temp file + os.replace)."""
    import nbformat

    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------- reading


@dataclass
class GradeCell:
    """One autograder test cell: what it checks and what it is worth."""

    grade_id: str  # nbgrader's cell name
    points: float  # points it scores when it raises nothing
    check: str  # its one-line "Check that ..." docstring
    source: str  # its source (with hidden tests, in the instructor version)


def read_notebook(path: Path) -> nbformat.NotebookNode:
    import nbformat

    return nbformat.read(str(path), as_version=4)


def lab_meta(nb: nbformat.NotebookNode) -> dict:
    """The lab's `agentcourse` metadata: title, time box, tasks (solutions/CONVENTIONS.md)."""
    return dict(nb.metadata.get("agentcourse", {}))


def grade_id(cell: Any) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def grade_cells(nb: nbformat.NotebookNode) -> list[GradeCell]:
    """The notebook's test cells, in order."""
    out = []
    for cell in nb.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell.cell_type == "code" and meta.get("grade"):
            out.append(GradeCell(meta["grade_id"], float(meta.get("points", 0)),
                                 docstring(cell.source), cell.source))
    return out


def docstring(source: str) -> str:
    """The first line of a cell's leading docstring ("Check that ...")."""
    m = re.match(r'\s*[rRuU]?("""|\'\'\')\s*(.*?)\s*(?:\1|$)', source, re.S)
    return m.group(2).splitlines()[0].strip() if m and m.group(2) else ""


def region_lines(source: str, begin: str, end: str) -> list[str]:
    """The lines between `begin` and `end` markers (solution text or hidden tests)."""
    inside, out = False, []
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif inside:
            out.append(line)
    return out


def outside_regions(source: str) -> list[str]:
    """The lines outside every solution and hidden-test region: what a release shows."""
    inside, out = False, []
    for line in source.splitlines():
        if BEGIN_SOLUTION in line or BEGIN_HIDDEN in line:
            inside = True
        elif END_SOLUTION in line or END_HIDDEN in line:
            inside = False
        elif not inside:
            out.append(line)
    return out


def hidden_checks(source: str) -> int:
    """How many checks a test cell's hidden region makes: its `assert` statements and its
    bare calls (a helper such as `passes(row)` asserts inside). 0 without a hidden region."""
    lines = region_lines(source, BEGIN_HIDDEN, END_HIDDEN)
    if not lines:
        return 0
    try:
        tree = ast.parse(textwrap.dedent("\n".join(lines)))
    except SyntaxError:  # two regions at different depths: count the assert lines
        return sum(line.strip().startswith("assert") for line in lines)
    return sum(isinstance(node, ast.Assert)
               or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))
               for node in ast.walk(tree))


def strip_hidden(source: str) -> str:
    """A test cell's source without its hidden-test region."""
    hidden = False
    kept = []
    for line in source.splitlines():
        if BEGIN_HIDDEN in line:
            hidden = True
        elif END_HIDDEN in line:
            hidden = False
        elif not hidden:
            kept.append(line)
    return "\n".join(kept)


# ---------------------------------------------------------------- used inside the notebooks


@contextlib.contextmanager
def project() -> Iterator[Path]:
    """A fresh copy of the sample project as the working directory; restored afterwards."""
    from agentcourse.sample import copy_sample_project

    before = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lab-project-") as tmp:
        root = copy_sample_project(Path(tmp) / "project")
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(before)


class TooManyCalls(RuntimeError):
    """A loop made more API calls than the test allows (it probably never stops)."""


CTRL_C = "ctrl-c"  # a fault the client raises itself: Ctrl-C while the model is thinking


class _LimitedMessages:
    def __init__(self, messages: Any, calls: int, faults: dict[int, int | str]) -> None:
        self._messages, self.left, self.faults = messages, calls, dict(faults)
        self.sent: list[dict] = []  # what each call asked for: max_tokens, message count, fault

    def create(self, **kwargs: Any) -> Any:
        if self.left <= 0:
            raise TooManyCalls("the loop kept calling the API: does it stop on end_turn?")
        self.left -= 1
        fault = self.faults.get(len(self.sent) + 1)
        if fault is None and self.sent and isinstance(self.sent[-1]["fault"], int):
            fault = self.sent[-1]["fault"]  # an API that answers 429 stays down: retries fail too
        self.sent.append({"max_tokens": kwargs.get("max_tokens"), "fault": fault,
                          "messages": len(kwargs.get("messages") or [])})
        if fault == CTRL_C:
            raise KeyboardInterrupt("Ctrl-C while waiting for the model (raised by the test)")
        if fault is not None:
            # The tutor model injects the fault; every retry the SDK makes carries the
            # same header, so a 429 here is one that outlasts the SDK's retries.
            kwargs["extra_headers"] = {**(kwargs.get("extra_headers") or {}), "x-tutor-fault": str(fault)}
        return self._messages.create(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._messages, name)


class _LimitedClient:
    def __init__(self, client: Any, calls: int, faults: dict[int, int | str]) -> None:
        self._client = client
        self.messages = _LimitedMessages(client.messages, calls, faults)

    @property
    def sent(self) -> list[dict]:
        """One entry per `messages.create` call: its max_tokens, message count and fault."""
        return self.messages.sent

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)


def limited(client: Any, calls: int = 12, faults: dict[int, int | str] | None = None) -> Any:
    """The same client, but `messages.create` raises TooManyCalls after `calls` calls.

    `faults` maps a call number (1 = the first call) to a fault: a tutor fault name or
    status ("max_tokens_in_tool_use", "pause_turn", 429, 529, 500, ...: docs/TUTOR.md), or
    CTRL_C, which raises KeyboardInterrupt instead of calling. A named fault hits that call
    only; a status lasts, as an API that stays down: that call and every later one get it
    (and every retry the SDK makes, since each carries the same header)."""
    return _LimitedClient(client, calls, faults or {})


def raising_on_call(function: Callable[..., Any], call: int, error: BaseException) -> Callable[..., Any]:
    """`function`, except that its `call`-th call (1 = the first) raises `error` instead
    of running: a tool that crashes, or a Ctrl-C that lands while a tool runs."""
    count = 0

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        if count == call:
            raise error
        return function(*args, **kwargs)

    return wrapper


def reference_agent() -> Any:
    """A fresh copy of checkpoint 01's program: the course's prompt, tools and loop."""
    from agentcourse.paths import checkpoint_program, find_checkpoint, load_program

    path = checkpoint_program(find_checkpoint("01"))
    return load_program(path, name=f"reference_agent_{id(object())}")


@dataclass
class RowRun:
    """One prompt-matrix row run once: the judge's verdict and what the agent did."""

    reason: str | None  # None: the row passed; else the judge's one-line reason
    calls: list[tuple[str, dict]]  # the tool calls, in order
    reply: str  # the final text the agent gave the user
    errors: list[str] = field(default_factory=list)  # tool results that began "Error:"


def tool_errors(messages: list) -> list[str]:
    """The text of every tool_result in the conversation that reports an error."""
    from agentcourse.protocol import to_plain

    found = []
    for message in to_plain(messages):
        if message.get("role") == "user" and isinstance(message.get("content"), list):
            for block in message["content"]:
                text = str(block.get("content", "")) if block.get("type") == "tool_result" else ""
                if block.get("is_error") or text.startswith("Error"):
                    found.append(text)
    return found


def run_row(row: Any, system_prompt: str, tools: list, client: Any) -> RowRun:
    """Run one prompt-matrix row with checkpoint 01's loop and tools but the given prompt
    and schemas, in a fresh copy of the sample project."""
    from agentcourse.matrix import outcome, snapshot, tool_calls

    agent = reference_agent()
    agent.SYSTEM_PROMPT, agent.TOOLS = system_prompt, tools
    with project() as root:
        messages: list = [{"role": "user", "content": row.prompt}]
        before = snapshot(root)
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                agent.run_turn(limited(client, 10), messages)
            except Exception as err:  # a 400 from a bad schema is a failed row, not a crash
                return RowRun(f"the turn failed: {api_message(err)}", tool_calls(messages), "",
                              tool_errors(messages))
        done = outcome(messages, 0, before, snapshot(root))
    return RowRun(row.judge(done), done.calls, done.reply, tool_errors(messages))


def run_matrix_row(row: Any, system_prompt: str, tools: list, client: Any) -> str | None:
    """None when the row passes with this prompt and these schemas, else the judge's reason."""
    return run_row(row, system_prompt, tools, client).reason


def api_message(err: BaseException) -> str:
    """An exception as one line; for an API error, the API's own message without the SDK's
    wrapping ("Error code: 400 - {'type': 'error', ...}")."""
    body = getattr(err, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            status = getattr(err, "status_code", "")
            return f"{type(err).__name__} {status}: {inner['message']}".replace(" :", ":")
    return f"{type(err).__name__}: {err}"


_STATUS_ERROR = re.compile(r"Error code: (\d+) - (\{.*\})\s*$", re.S)
# Newer SDKs word it "400 <message> (request_id: ..., path: ..., type: ...)".
_STATUS_LINE = re.compile(r"(\d{3}) (.+?) \(request_id: [^()]*\)\s*$", re.S)


def api_error_text(ename: str, evalue: str) -> str:
    """An error as a notebook records it (name, value), in one line; for an API error the
    API's own message, as `api_message` words it, without the SDK's wrapping."""
    match = _STATUS_ERROR.match(evalue.strip())
    if match:
        try:
            body = ast.literal_eval(match.group(2))  # the SDK prints the body as a Python dict
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            body = None
        inner = body.get("error", body) if isinstance(body, dict) else None
        if isinstance(inner, dict) and inner.get("message"):
            return f"{ename} {match.group(1)}: {inner['message']}"
    line = _STATUS_LINE.fullmatch(evalue.strip())
    if line:
        return f"{ename} {line.group(1)}: {line.group(2).splitlines()[0]}"
    lines = evalue.strip().splitlines()
    return f"{ename}: {lines[0]}" if lines else ename


def _call_text(name: str, args: dict) -> str:
    shown = ", ".join(f"{k}={v!r}" if len(repr(v)) <= 30 else f"{k}={repr(v)[:27]}...'"
                      for k, v in args.items())
    return f"{name}({shown})"


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def rule_notes(row_name: str, system_prompt: Any, tools: Any) -> list[str]:
    """How the tutor model read the prompt for the rules behind one matrix row: which it
    found (and where), which it missed (and the sentence at fault), and the look-alikes it
    did not count. What the tutor sees is what decides its behaviour, so this is the
    evidence behind a FAIL. Empty for a row no failure mode belongs to."""
    from agentcourse.tutor import rules, script

    modes = {m.id for m in script.FAILURE_MODES if f"the {row_name} row" in m.triggers_on}
    try:
        findings = [f for f in rules.explain(system_prompt, tools) if f.mode in modes]
    except Exception:  # noqa: BLE001 - a prompt the reader cannot take gets no notes, not a crash
        return []
    lines = []
    for finding in findings:
        if finding.found:
            lines.append(f"found {finding.mode}: {finding.where}: {_short(finding.sentence)}")
        else:
            at = f" ({finding.where}: {_short(finding.sentence)})" if finding.sentence else ""
            lines.append(f"missing {finding.mode}: {finding.why}{at}")
        seen = {finding.sentence}
        for mention in finding.ignored:
            if mention.sentence not in seen:
                seen.add(mention.sentence)
                lines.append(f"  did not count: {mention.where}: {_short(mention.sentence, 70)}: {mention.why}")
    return lines


def matrix_report(system_prompt: str, tools: list, client: Any, rows: Any = None) -> dict[str, str | None]:
    """Every matrix row run once; prints, per row, PASS or FAIL, the judge's reason, the
    tool calls the agent made, the start of its reply and, for a failing row, how the tutor
    read the prompt's rules for it (`rule_notes`). Returns {row name: reason}."""
    from agentcourse.matrix import ROWS

    results = {}
    for row in rows or ROWS:
        run = run_row(row, system_prompt, tools, client)
        results[row.name] = run.reason
        print(f"{'PASS' if run.reason is None else 'FAIL'}  {row.name:14} {row.prompt}")
        if run.reason:
            print(f"      why:     {run.reason}")
        print(f"      calls:   {' -> '.join(_call_text(n, a) for n, a in run.calls) or '(none)'}")
        for error in run.errors:
            print(f"      a tool answered: {error[:120]}")
        reply = " ".join(run.reply.split())
        print(f"      reply:   {reply[:150] + '...' if len(reply) > 150 else reply or '(none)'}")
        if run.reason:
            for n, line in enumerate(rule_notes(row.name, system_prompt, tools)):
                print(f"      {'rules:' if n == 0 else '':9}{line}")
    return results


# ---------------------------------------------------------------- running cells in-process


@dataclass
class CellResult:
    """How one test cell fared in `run_cells`."""

    points: float  # what it scored: all its points or none
    max_points: float
    error: str  # "" when it passed, else "ExcType: message"
    visible_error: str = ""  # with visible=True: how its visible part alone failed ("" = passed)


Replacement = str | Callable[[str], str]


def drop(text: str) -> Callable[[str], str]:
    """A wrong-implementation transform: remove `text` from the cell (it must be there)."""
    return swap(text, "")


def swap(old: str, new: str) -> Callable[[str], str]:
    """A wrong-implementation transform: replace `old` once (it must be there)."""

    def transform(source: str) -> str:
        if old not in source:
            raise ValueError(f"known-wrong case is stale: {old!r} is not in the cell")
        return source.replace(old, new, 1)

    return transform


def chain(*steps: Callable[[str], str]) -> Callable[[str], str]:
    """A wrong-implementation transform made of several swap()/drop() steps on one cell, in
    order; each still fails loudly if its text is gone."""

    def transform(source: str) -> str:
        for step in steps:
            source = step(source)
        return source

    return transform


def apply_replacements(nb: nbformat.NotebookNode, replace: dict[str, Replacement]) -> nbformat.NotebookNode:
    """A copy of `nb` with the named cells' sources replaced (string) or transformed."""
    import nbformat

    nb = nbformat.from_dict(nb)
    found = set()
    for cell in nb.cells:
        gid = grade_id(cell)
        if gid in replace:
            new = replace[gid]
            cell.source = new(cell.source) if callable(new) else new
            found.add(gid)
    missing = set(replace) - found
    if missing:
        raise ValueError(f"no cell with grade_id {sorted(missing)}")
    return nb


def _exec(source: str, name: str, namespace: dict) -> str:
    """Run one cell's source; "" when it raised nothing, else "ExcType: message"."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, name, "exec"), namespace)
    except BaseException as err:  # noqa: BLE001 - a notebook cell may raise anything
        if isinstance(err, KeyboardInterrupt):
            raise
        return f"{type(err).__name__}: {err}"
    return ""


def run_cells(nb: nbformat.NotebookNode, replace: dict[str, Replacement] | None = None,
              visible: bool = False, stop_after: Callable[[dict[str, CellResult]], bool] | None = None,
              whole: bool = True) -> dict[str, CellResult]:
    """Execute the notebook's code cells in one fresh namespace, in this process.

    Like nbgrader's autograde, errors do not stop the run, and a test cell scores its
    points iff it raises nothing. No kernel start-up, so a case costs milliseconds; the
    price is trust: only run notebooks you wrote (the known-wrong cases), never student
    code. The working directory and any ExitStack the notebook opened are restored.

    With `visible=True`, a test cell with hidden tests first runs without them, as the
    student's `lab check` runs it (`visible_error`), and then whole, as grading does. A cell
    whose visible part fails fails whole too (its hidden region only adds checks), so it is
    not run again. With `whole=False` as well, only the visible parts run (what `lab check`
    runs; a cell's `error` is then its visible error). `stop_after(results)`, asked after
    each test cell, ends the run early when it returns True: a known-wrong case has shown
    what it must, and the cells after it are not needed."""
    nb = apply_replacements(nb, replace or {})
    namespace: dict[str, Any] = {"__name__": "__main__"}
    results: dict[str, CellResult] = {}
    cwd = os.getcwd()
    try:
        for n, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            meta = cell.get("metadata", {}).get("nbgrader", {})
            name = f"<cell {grade_id(cell) or n}>"
            split = visible and meta.get("grade") and BEGIN_HIDDEN in cell.source
            seen = _exec(strip_hidden(cell.source), name, namespace) if split else ""
            error = seen if split and not whole else seen or _exec(cell.source, name, namespace)
            if meta.get("grade"):
                pts = float(meta.get("points", 0))
                shown = (seen if split else error) if visible else ""
                results[meta["grade_id"]] = CellResult(0.0 if error else pts, pts, error, shown)
                if stop_after is not None and stop_after(results):
                    break
    finally:
        os.chdir(cwd)
        for value in list(namespace.values()):
            if isinstance(value, contextlib.ExitStack):
                value.close()
    return results


def _main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "build":
        print(f"usage: python -m agentcourse.nbtools build solutions/labNN/labNN{SOURCE_SUFFIX} ...",
              file=sys.stderr)
        return 2
    for arg in argv[1:]:
        src = Path(arg)
        try:
            out = built_path(src)
            nb = build_notebook(src.read_text(encoding="utf-8"))
        except (OSError, UsageError) as err:
            print(f"nbtools: {src}: {err}", file=sys.stderr)
            return 2
        write_notebook(nb, out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
