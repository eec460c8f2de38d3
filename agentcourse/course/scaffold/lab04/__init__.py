"""Lab 4's scaffolding: checkpoint 03's loop with the student's tools, and what the checks generate.

Checkpoint 04 holds all three of Lab 4's answers (search_file, read_lines, the tools section),
so a graded kernel of Lab 4 loads checkpoint 03 only. What the checks need of 04 that is not
an answer is copied here: its limits, the parts of its prompt around the tools section, and
its four tool signatures as plain schemas. `run_task` drives checkpoint 03's loop, unchanged,
with the student's two tools and prompt plugged in.

The checks are properties over generated files:

    files               files(), FileCase: one file of varied lines, endings, bytes and sizes
    folders             trees(), Tree: nested files, hidden ones, a link out, about 50 matches
    read_lines windows  windows(), Window: a file and a start/end near every boundary

Nothing here searches or reads a project for the student: the lab's answers are the tools.
What a line is, the lines a search must show, the window read_lines must return and the
judges that compare an answer with them are the references, in judged/lab04.py, out of a
graded kernel's reach. A graded kernel can import this module
(tests/course/test_answers_out_of_reach.py tries its attributes as the answers).

The parts: `checkpoint` (what the checks need of checkpoint 04 that is not an answer),
`calls` (calling a student's tool, in a notebook or in the judge), `scratch` (scratch
projects), `reading` (what a tool's text shows), `files` (generated files and folders),
`windows` (read_lines windows, and the memory a read takes), `section` (the tools section's
reader) and `agent` (the task run through checkpoint 03's loop). Every name a notebook or a
test uses is here as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab04.agent import (
    TaskRun,
    assert_reads_before_editing,
    run_task,
    sent_results,
    tool_results,
)
from agentcourse.course.scaffold.lab04.calls import JUDGE_SLACK, call_tool, is_error
from agentcourse.course.scaffold.lab04.checkpoint import (
    FAR_BYTES,
    LINE_MAX_CHARS,
    MARKER_SLACK,
    PLAIN_TOOLS,
    PROMPT_HEAD,
    PROMPT_TAIL,
    READ_LINES_MAX,
    SEARCH_MAX_MATCHES,
    STANDARD_TASK,
)
from agentcourse.course.scaffold.lab04.files import (
    BAD_BYTES,
    DIRS,
    LONE_CR,
    LONG,
    NEEDLE,
    PATTERNS,
    SEPARATORS,
    WORDS,
    Data,
    FileCase,
    Readable,
    Tree,
    file_case,
    file_data,
    files,
    line_pieces,
    tree_files,
    tree_of,
    trees,
)
from agentcourse.course.scaffold.lab04.reading import line_count, numbers_in, short, shows
from agentcourse.course.scaffold.lab04.scratch import (
    OUTSIDE_SECRET,
    SCRATCH_DIR,
    Link,
    fifo,
    scratch_project,
    write_files,
)
from agentcourse.course.scaffold.lab04.section import (
    EXCLUSIVE,
    INCLUSIVE,
    INSTEAD,
    ONE_BASED,
    WHOLE,
    WITH_NUMBERS,
    WITHOUT_NUMBERS,
    ZERO_BASED,
    section_problems,
)
from agentcourse.course.scaffold.lab04.windows import (
    BIG_LOG_LINES,
    HOLE_EXTRA_MB,
    KERNEL_MEMORY,
    Window,
    bad_windows,
    big_log,
    far_bad_windows,
    kernel_memory_mb,
    lone_cr_files,
    numbered,
    peak_memory,
    window_of,
    windows,
)

__all__ = [
    "BAD_BYTES", "BIG_LOG_LINES", "DIRS", "Data", "EXCLUSIVE", "FAR_BYTES", "FileCase",
    "HOLE_EXTRA_MB", "INCLUSIVE", "INSTEAD", "JUDGE_SLACK", "KERNEL_MEMORY", "LINE_MAX_CHARS",
    "LONE_CR", "LONG", "Link", "MARKER_SLACK", "NEEDLE", "ONE_BASED", "OUTSIDE_SECRET",
    "PATTERNS", "PLAIN_TOOLS", "PROMPT_HEAD", "PROMPT_TAIL", "READ_LINES_MAX", "Readable",
    "SCRATCH_DIR", "SEARCH_MAX_MATCHES", "SEPARATORS", "STANDARD_TASK", "TaskRun", "Tree",
    "WHOLE", "WITHOUT_NUMBERS", "WITH_NUMBERS", "WORDS", "Window", "ZERO_BASED",
    "assert_reads_before_editing", "bad_windows", "big_log", "call_tool", "far_bad_windows",
    "fifo", "file_case", "file_data", "files", "is_error", "kernel_memory_mb", "line_count",
    "line_pieces", "lone_cr_files", "numbered", "numbers_in", "peak_memory", "run_task",
    "scratch_project", "section_problems", "sent_results", "short", "shows", "tool_results",
    "tree_files", "tree_of", "trees", "window_of", "windows", "write_files",
]
