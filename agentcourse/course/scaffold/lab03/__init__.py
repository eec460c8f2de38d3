"""Lab 3's scaffolding: what its checks need that is not one of its answers.

- The places the checks work in: `scratch_project()` (a copy of the sample project beside
  bait), `maze()` (a small project with symlinks of every kind, under a symlinked parent)
  and `fresh_root()` (an empty project, made the working directory).
- `snapshot()`, what a folder holds, to see that nothing outside the project changed;
  `swaps(folder)`, every rename onto a file of a folder while a tool runs (where its
  temporary file was made, and when).
- The generators (Hypothesis strategies) the properties draw paths, names and texts from.
- Task 5's loop: checkpoint 03's turn handling, copied here and driven by the student's
  functions, with its system prompt and schemas loaded from checkpoint 02 (the same; the
  only checkpoint the lab's metadata lists). Checkpoint 03's own tools.py holds this lab's
  answers, so a graded kernel never loads it.

What the checks compare an answer with (a path's real location as the OS finds it, a
file's permission bits, the texts a read may return, what an edit leaves) are the
references, in judged/lab03.py, out of a graded kernel's reach. Nothing here is named like
an answer, and nothing computes one (tests/course/test_answers_out_of_reach.py).

The parts: `calls` (calling the student's tools, in a notebook or in the judge), `places`
(the places the checks work in, and what a folder holds), `generators` (paths, names, texts
and line endings) and `loop` (Task 5's loop, checkpoint 03's turn handling). Every name a
notebook or a test uses is here as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab03.calls import (
    COUNT_WORDS,
    JUDGE_SLACK,
    call_tool,
    is_error,
    says_count,
)
from agentcourse.course.scaffold.lab03.generators import (
    LINE_STYLES,
    MODES,
    NOT_TEXT,
    NOT_UTF8,
    TOKENS,
    deep_paths,
    line_endings,
    names,
    overlapping,
    paths,
    texts,
    token_texts,
)
from agentcourse.course.scaffold.lab03.loop import (
    MAX_TOKENS,
    MAX_TOOL_ROUNDS,
    MODEL,
    STOP_NOTES,
    StopTurn,
    add_assistant,
    close_turn,
    dispatch,
    final_answer,
    prompt_and_tools,
    run_turn,
    tool_result,
)
from agentcourse.course.scaffold.lab03.places import (
    ESCAPES,
    INSIDE,
    KINDS,
    LINK_NAMES,
    LOOPS,
    MAZE_FILES,
    MAZE_LINKS,
    OUTSIDE_NAMES,
    REAL_DIRS,
    SECRET,
    Maze,
    build_maze,
    changes,
    fresh_root,
    make,
    maze,
    scratch_project,
    snapshot,
    swaps,
    wake_fifo,
)

__all__ = [
    "COUNT_WORDS", "ESCAPES", "INSIDE", "JUDGE_SLACK", "KINDS", "LINE_STYLES", "LINK_NAMES",
    "LOOPS", "MAX_TOKENS", "MAX_TOOL_ROUNDS", "MAZE_FILES", "MAZE_LINKS", "MODEL", "MODES",
    "Maze", "NOT_TEXT", "NOT_UTF8", "OUTSIDE_NAMES", "REAL_DIRS", "SECRET", "STOP_NOTES",
    "StopTurn", "TOKENS", "add_assistant", "build_maze", "call_tool", "changes", "close_turn",
    "deep_paths", "dispatch", "final_answer", "fresh_root", "is_error", "line_endings", "make",
    "maze", "names", "overlapping", "paths", "prompt_and_tools", "run_turn", "says_count",
    "scratch_project", "snapshot", "swaps", "texts", "token_texts", "tool_result", "wake_fifo",
]
