"""Canaries: a check of the kernel's reports that does not take the kernel's word for them.

The student's code runs in the kernel that reports each cell's result, so it can make the
kernel lie: drop the error a failing test raised and call the cell passed (by patching
jupyter_client's Session, ipykernel's iopub socket or its do_execute, and more ways). The
guard inside the kernel (agentcourse.grading.sandbox.kernel_guard) sees the ordinary ways, but it lives in
the same process, so a student who knows it can blind it. A canary does not ask the kernel
whether it lied; it asks it something whose answer the grader already knows.

After the notebook is graded, a second kernel runs it again, exactly as the first did (same
sandbox, same files with the same times, same cells in the same order), up to one test cell
that passed, chosen at random, where it runs a *canary* instead: the same test cell, with one
of its hidden assertions changed so that it cannot hold where the test passed. The change is
one token in the hidden part, which the student has never seen: an expected value changed
(`== 2` becomes `== 3`, `True` becomes `False`, a string loses or changes its last letter),
or a comparison turned round (`==` becomes `!=`, `in` becomes `not in`, `assert x` becomes
`assert not x`; in `assert a and b`, b is the one changed). The release tells a student how many hidden checks each test has; a canary
has as many. Only assertions the test runs whenever it passes are changed: at the top of the
cell, or inside `with` and `try` blocks, never in a branch, a loop or a function.

An honest kernel reports the canary failed: the student's code gives the same value it gave
when the test passed, which is no longer the expected one. A kernel whose reports say
"passed" for the canary is forging them, and the submission goes to `review` with that
reason. The canary run is thrown away: it is never scored, never shown in feedback, never
recorded as the lab's cells in the gradebook. It changes nothing in the graded run, since it
runs in a kernel of its own after it.

What it cannot do: a test cell without hidden checks cannot have a canary the student could
not tell apart from it (its whole text is in the release), so a kernel that forges only
those tests is seen by the guard alone; and one canary per submission finds a student who
forges some of their tests with the probability that the chosen one is among them.
"""

from __future__ import annotations

import ast
import copy
import random
from dataclasses import dataclass

from agentcourse.course import nbfile

_SWAPS = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
          ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_OP_TEXT = {ast.Eq: "==", ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
            ast.IsNot: "is not"}


@dataclass(frozen=True)
class Change:
    """One token of a test cell's source to replace: characters [start, end) become `new`."""

    start: int
    end: int
    new: str
    line: int  # 1-based line of the assertion, in the cell


def _offset(lines: list[str], lineno: int, col: int) -> int:
    """A character offset in the source from ast's 1-based line and UTF-8 byte column."""
    before = sum(len(line) for line in lines[: lineno - 1])
    return before + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8", "replace"))


# Context managers that never swallow an exception (contextlib.suppress would: an assertion
# after the suppressed call does not run, and the test still passes).
PLAIN_CONTEXTS = {"project", "scratch_project", "TemporaryDirectory", "open"}


def _plain(item: ast.withitem) -> bool:
    call = item.context_expr
    func = call.func if isinstance(call, ast.Call) else None
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in PLAIN_CONTEXTS


def _reachable(body: list[ast.stmt]) -> list[ast.Assert]:
    """Assertions that run whenever the code around them runs to its end: at the top, or
    inside `with` blocks of PLAIN_CONTEXTS, `try` blocks without handlers, `finally` blocks."""
    out: list[ast.Assert] = []
    for stmt in body:
        if isinstance(stmt, ast.Assert):
            out.append(stmt)
        elif isinstance(stmt, ast.With) and all(_plain(item) for item in stmt.items):
            out += _reachable(stmt.body)
        elif isinstance(stmt, ast.Try):
            out += (_reachable(stmt.body) if not stmt.handlers else []) + _reachable(stmt.finalbody)
    return out


def _changed_literal(value):
    """Another value of the same kind, or None when there is no natural one."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 1.0
    if isinstance(value, str):
        if not value:
            return " "
        last = value[-1]
        if last.isalpha() and last.isascii():
            nxt = chr((ord(last.lower()) - 97 + 1) % 26 + 97)
            return value[:-1] + (nxt.upper() if last.isupper() else nxt)
        return value[:-1] if len(value) > 1 else value + "s"
    if isinstance(value, bytes):
        return value + b"s" if not value else value[:-1] + bytes([(value[-1] + 1) % 256])
    return None


def _literal_text(value, like: str) -> str:
    text = repr(value)
    if isinstance(value, str) and like[:1] == '"' and text[:1] == "'" and '"' not in value:
        text = '"' + text[1:-1].replace("\\'", "'") + '"'
    return text


def _literal_change(node: ast.expr, source: str, lines: list[str]) -> tuple[int, int, str] | None:
    """The replacement of a literal (or of the last item of a literal list or tuple)."""
    if isinstance(node, ast.List | ast.Tuple) and node.elts:
        return _literal_change(node.elts[-1], source, lines)
    if not isinstance(node, ast.Constant) or node.value is None:
        return None
    new = _changed_literal(node.value)
    if new is None:
        return None
    start = _offset(lines, node.lineno, node.col_offset)
    end = _offset(lines, node.end_lineno, node.end_col_offset)
    old = source[start:end]
    quote = old[1:2] if isinstance(node.value, bytes) and old[:1] in "bB" else old[:1]
    if isinstance(node.value, str | bytes) and (quote not in ("'", '"') or old[-1:] != quote):
        return None  # a raw, formatted or implicitly joined string: leave it alone
    return start, end, _literal_text(new, old)


def _op_change(test: ast.Compare, source: str, lines: list[str]) -> tuple[int, int, str] | None:
    """`a == b` -> `a != b`, `in` -> `not in`, `is` -> `is not` (and back)."""
    op = type(test.ops[0])
    if op not in _SWAPS:
        return None
    left_end = _offset(lines, test.left.end_lineno, test.left.end_col_offset)
    right = test.comparators[0]
    right_start = _offset(lines, right.lineno, right.col_offset)
    between = source[left_end:right_start]
    old = _OP_TEXT[op]
    at = between.find(old) if op is not ast.In else between.find(" in")
    if at < 0:
        return None
    if op is ast.In:
        at += 1
    return left_end + at, left_end + at + len(old), _OP_TEXT[_SWAPS[op]]


def changes(source: str) -> list[Change]:
    """Every canary that can be made of a test cell: one per reachable assertion of its
    hidden region, each a single change that makes it fail where it held."""
    lines_in = nbfile.region_lines(source, nbfile.BEGIN_HIDDEN, nbfile.END_HIDDEN)
    if not lines_in:
        return []
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    hidden = _hidden_line_numbers(source)
    out = []
    for node in _reachable(tree.body):
        if node.lineno not in hidden or node.end_lineno not in hidden:
            continue
        test = node.test
        found = None
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            test = test.values[-1]  # `a and b` held: so did b; change b
            if isinstance(test, ast.BoolOp | ast.UnaryOp):
                continue
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            if isinstance(test.ops[0], ast.Eq):
                found = _literal_change(test.comparators[0], source, lines)
            found = found or _op_change(test, source, lines)
        elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            start = _offset(lines, test.lineno, test.col_offset)
            inner = _offset(lines, test.operand.lineno, test.operand.col_offset)
            if source[start:inner].strip() == "not":
                found = (start, inner, "")  # `assert not x` -> `assert x`
        elif isinstance(test, ast.Name | ast.Attribute | ast.Call | ast.Subscript | ast.BinOp):
            start = _offset(lines, test.lineno, test.col_offset)
            if source[start - 1:start] != "(":
                found = (start, start, "not ")  # `assert x` -> `assert not x`

        if found:
            change = Change(*found, line=node.lineno)
            if _sound(source, change):
                out.append(change)
    return out


def _sound(source: str, change: Change) -> bool:
    """The canary parses, and its hidden region makes as many checks as the original's (the
    release tells the student how many)."""
    changed = apply(source, change)
    try:
        ast.parse(changed)
    except SyntaxError:
        return False
    return nbfile.hidden_checks(changed) == nbfile.hidden_checks(source)


def _hidden_line_numbers(source: str) -> set[int]:
    inside, out = False, set()
    for number, line in enumerate(source.splitlines(), start=1):
        if nbfile.BEGIN_HIDDEN in line:
            inside = True
        elif nbfile.END_HIDDEN in line:
            inside = False
        elif inside:
            out.add(number)
    return out


def apply(source: str, change: Change) -> str:
    return source[: change.start] + change.new + source[change.end:]


@dataclass
class Plan:
    notebook: object  # the notebook to run: cells up to the canary, the canary in its place
    index: int  # the canary's cell index in that notebook
    twin: str  # grade_id of the test cell it copies
    line: int  # the line of the changed assertion


def passed(cell) -> bool:
    """A code cell that ran and shows neither an error nor anything on stderr (nbgrader's own
    rule for a test cell's points)."""
    if cell.get("execution_count") is None:
        return False
    return not any(o.get("output_type") == "error" or (o.get("output_type") == "stream" and o.get("name") == "stderr")
                   for o in cell.get("outputs", []))


def plan(pristine, graded, tests: set[str], rng: random.Random | None = None) -> Plan | None:
    """A canary run for a graded notebook: `pristine` is the notebook as it was before it ran
    (nbgrader's restored cells and the student's), `graded` after, `tests` the grade_ids of
    its test cells. None when no test that passed can have a canary."""
    rng = rng or random.SystemRandom()
    options = []
    for index, cell in enumerate(graded.cells):
        gid = nbfile.grade_id(cell)
        if cell.cell_type != "code" or gid not in tests or not passed(cell):
            continue
        source = pristine.cells[index].source
        options += [(index, gid, change) for change in changes(source)]
    if not options:
        return None
    index, gid, change = rng.choice(options)
    notebook = copy.deepcopy(pristine)
    notebook.cells = notebook.cells[: index + 1]
    notebook.cells[index].source = apply(notebook.cells[index].source, change)
    return Plan(notebook, index, gid, change.line)
