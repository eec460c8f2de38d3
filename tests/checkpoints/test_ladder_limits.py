"""Every checkpoint's lesson can be read in one sitting.

- a program (agent.py, code-agent-v*.py) is at most 350 lines;
- any other file a checkpoint writes (a module it introduces or changes) is at most 400;
  a byte-for-byte copy of an earlier checkpoint's file is that checkpoint's lesson, not
  this one's (test_carried_files.py pins the copies);
- no function in those files is longer than 50 lines;
- from checkpoint 03 on the inner loop, run_turn, is one function of at most 40 lines,
  the same in every checkpoint: a lesson fills one of the steps it calls instead;
- section banners in a program name only its own checkpoint as NEW or CHANGED, so a
  banner cannot go stale when the next checkpoint copies the program.
"""

from __future__ import annotations

import ast
import re

import pytest

from agentcourse.paths import checkpoint_dirs, checkpoint_modules, checkpoint_program

PROGRAM_MAX = 350
MODULE_MAX = 400
FUNCTION_MAX = 50
LOOP_MAX = 40
LOOP_FROM = "03"
STEPS = ("start_turn", "prepare_request", "record_response", "run_tools", "end_turn")


def written_here(folder):
    """The files checkpoint `folder` writes: its program, and each module that is not a
    byte-for-byte copy of an earlier checkpoint's."""
    earlier = [f for f in checkpoint_dirs() if f.name < folder.name]
    files = [checkpoint_program(folder)]
    for module in checkpoint_modules(folder):
        copies = [f / module.name for f in earlier if (f / module.name).is_file()]
        if not any(c.read_bytes() == module.read_bytes() for c in copies):
            files.append(module)
    return files


FILES = [(folder, path) for folder in checkpoint_dirs() for path in written_here(folder)]
IDS = [f"{folder.name}/{path.name}" for folder, path in FILES]


def functions(tree):
    """Every function and method, nested ones included, with its length in lines
    (decorators included)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            yield node.name, node.end_lineno - first + 1


@pytest.mark.parametrize(("folder", "path"), FILES, ids=IDS)
def test_a_file_a_checkpoint_writes_fits_in_one_sitting(folder, path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    limit = PROGRAM_MAX if path == checkpoint_program(folder) else MODULE_MAX
    assert lines <= limit, f"{folder.name}/{path.name} has {lines} lines; the limit is {limit}"


@pytest.mark.parametrize(("folder", "path"), FILES, ids=IDS)
def test_no_function_is_longer_than_fifty_lines(folder, path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [(name, n) for name, n in functions(tree) if n > FUNCTION_MAX]
    assert not long, f"{folder.name}/{path.name}: {long}"


LOOPS = [f for f in checkpoint_dirs() if f.name[:2] >= LOOP_FROM]


def run_turn_source(folder) -> str:
    source = checkpoint_program(folder).read_text(encoding="utf-8")
    node = next(n for n in ast.parse(source).body
                if isinstance(n, ast.FunctionDef) and n.name == "run_turn")
    return ast.get_source_segment(source, node)


@pytest.mark.parametrize("folder", LOOPS, ids=[f.name for f in LOOPS])
def test_the_loop_is_short_and_calls_its_named_steps(folder):
    loop = run_turn_source(folder)
    assert len(loop.splitlines()) <= LOOP_MAX
    called = {n.func.id for n in ast.walk(ast.parse(loop))
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert set(STEPS) <= called, f"run_turn does not call {set(STEPS) - called}"


def test_the_loop_is_the_same_from_checkpoint_03_on():
    loops = {folder.name: run_turn_source(folder) for folder in LOOPS}
    first = loops[LOOPS[0].name]
    assert {name for name, loop in loops.items() if loop != first} == set()


BANNER = re.compile(r"\b(NEW|CHANGED) in (\d\d)\b")


@pytest.mark.parametrize("folder", checkpoint_dirs(), ids=[f.name for f in checkpoint_dirs()])
def test_a_program_marks_only_its_own_lesson_as_new(folder):
    number = folder.name[:2]
    text = checkpoint_program(folder).read_text(encoding="utf-8")
    stale = sorted({m.group(0) for m in BANNER.finditer(text) if m.group(2) != number})
    assert not stale, f"{folder.name} still says {stale}"
