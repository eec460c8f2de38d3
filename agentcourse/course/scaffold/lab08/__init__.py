"""Lab 8's scaffolding: the helpers its tasks name, and the instances its checks generate.

The lab's setup cell imports what a student uses from here, so the cell stays short to read:
the text editor's helpers (`load`, `backup`, `write_atomically`, `split_lines`), the
guardrail's (`parse`, `literal`, `writes_nothing`, `ALLOWLIST`, `options_ok`,
`changes_shell`, `REFUSAL`) and the sandbox's (`SYSTEM`, `SandboxPolicy`,
`git_config_files`, `sees`). `help(name)` in the notebook shows each one's contract.

The second half holds what the checks need: scratch projects, a scripted user, and the
Hypothesis strategies the check cells are properties over (edits with and without a unique
match, files with CRLF and without a final newline, command lines built from parts whose
verdict is known by construction, sessions of approvals, sandbox layouts with nested
folders). None of it is a lab answer: what the checks compare with (the count of an edit's matches,
the file an insert leaves, what the sandbox shows at each folder) is in
scaffold/judged/lab08.py, out of a graded kernel's reach; and
tests/course/test_answers_out_of_reach.py tries every same-named attribute in reach.

The parts: `tools` (scratch projects and the text editor's helpers), `guardrail` (the
guardrail's parser and allowlist, and a scripted user), `sandbox` (the sandbox's policy and
what a bwrap command line mounts), and what the checks generate: `draws` (the strategies'
shared draws), `edits` (edits, files and lines, refused paths), `commands` (command lines
built from parts whose verdict is known), `sessions` (sessions of approvals) and `layouts`
(sandbox layouts and the paths to ask about). Every name a notebook or a test uses is here
as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab08.commands import (
    BARE,
    COMPUTED,
    DANGEROUS_LONG,
    ENDS,
    JOINERS,
    LETTERS,
    OFF_THE_LIST,
    OPERANDS,
    PROGRAM_PATHS,
    PROGRAMS,
    QUIET_REDIRECTS,
    STARTS,
    STRUCTURES,
    VALUES,
    computed_word_commands,
    off_the_list_commands,
    plain_commands,
    structured_commands,
    unsafe_option_commands,
)
from agentcourse.course.scaffold.lab08.edits import (
    IN_LINE,
    MARKS,
    REFUSED_PATHS,
    TEXT,
    bad_lines,
    counted_edits,
    file_lines,
    insert_cases,
    insert_texts,
    unique_edits,
)
from agentcourse.course.scaffold.lab08.guardrail import (
    ALLOWLIST,
    BASH,
    BUILTINS,
    GO_ON_AFTER,
    INERT,
    MAX_DEPTH,
    MAX_LENGTH,
    ONE_LINE,
    PLAIN_WORD,
    QUIET,
    REDIRECTS,
    REFUSAL,
    STRUCTURE,
    Asker,
    Options,
    changes_shell,
    literal,
    options_ok,
    parse,
    safe,
    show,
    writes_nothing,
)
from agentcourse.course.scaffold.lab08.layouts import probes, sandbox_layouts
from agentcourse.course.scaffold.lab08.sandbox import (
    SYSTEM,
    SandboxPolicy,
    bwrap_options,
    git_config_files,
    sees,
)
from agentcourse.course.scaffold.lab08.sessions import (
    SESSION_APPROVABLE,
    SESSION_CHANGES,
    SESSION_EXACT,
    sessions,
)
from agentcourse.course.scaffold.lab08.tools import (
    BACKUPS,
    SECRET,
    backup,
    backups,
    confine,
    every_file,
    is_error,
    load,
    scratch_project,
    split_lines,
    write_atomically,
)

__all__ = [
    "ALLOWLIST", "Asker", "BACKUPS", "BARE", "BASH", "BUILTINS", "COMPUTED", "DANGEROUS_LONG",
    "ENDS", "GO_ON_AFTER", "INERT", "IN_LINE", "JOINERS", "LETTERS", "MARKS", "MAX_DEPTH",
    "MAX_LENGTH", "OFF_THE_LIST", "ONE_LINE", "OPERANDS", "Options", "PLAIN_WORD", "PROGRAMS",
    "PROGRAM_PATHS", "QUIET", "QUIET_REDIRECTS", "REDIRECTS", "REFUSAL", "REFUSED_PATHS",
    "SECRET", "SESSION_APPROVABLE", "SESSION_CHANGES", "SESSION_EXACT", "STARTS", "STRUCTURE",
    "STRUCTURES", "SYSTEM", "SandboxPolicy", "TEXT", "VALUES", "backup", "backups",
    "bad_lines", "bwrap_options", "changes_shell", "computed_word_commands", "confine",
    "counted_edits", "every_file", "file_lines", "git_config_files", "insert_cases",
    "insert_texts", "is_error", "literal", "load", "off_the_list_commands", "options_ok",
    "parse", "plain_commands", "probes", "safe", "sandbox_layouts", "scratch_project", "sees",
    "sessions", "show", "split_lines", "structured_commands", "unique_edits",
    "unsafe_option_commands", "write_atomically", "writes_nothing",
]
