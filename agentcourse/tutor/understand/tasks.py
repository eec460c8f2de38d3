"""The brain's tasks as data: TASKS (what each does with each set of tools; its patterns
are its row of intent_table.py, which reads requests) and the words people wrap a request in.

wording.plain takes off the plain-words wrappings below (POLITE_OPENING ... FILE_FIRST)
before the intent rows are tried again (intents.forms). TASK_PROMPTS and HELP_PROMPTS are
the requests tests and the help reply quote. The task tables of docs/TUTOR-SCRIPT.md are
generated from TASKS by agentcourse/tutor/script_doc.py.
"""

from __future__ import annotations

from agentcourse.projects import longtask
from agentcourse.tutor.understand.intent_table import INTENTS
from agentcourse.tutor.understand.script_types import Task

# ----------------------------------------------------------------------------- tasks

_PY = r"[\w./-]+\.py"  # a Python file's name as users type it ("math_utils.py", "src/app.py")


def _patterns(name: str) -> tuple[str, ...]:
    """The patterns of intent_table's row for the task `name` (the table reads requests)."""
    return next(i.patterns for i in INTENTS if i.name == name)


# What each task does with each set of tools (the intents that read requests are in
# intent_table.py).
TASKS: tuple[Task, ...] = (
    Task(
        "compact",
        _patterns("compact"),
        "Summarise the conversation so far for whoever continues the work.",
        "no tool call: a summary computed from the history, under the headings Decisions, "
        "Paths, Facts (listings, files read, search hits, notes), Open questions and Next "
        "step (the call the tutor would make next)",
        "same",
        "same",
        "same",
        "same",
    ),
    Task(
        "explain-tool",
        _patterns("explain-tool"),
        "What does edit_file do?",
        "no tool call: a reply built from that tool's description and parameters in the request",
        "same",
        "same (the Anthropic tools have no description in the request: a built-in summary)",
        "same",
        "same",
    ),
    Task(
        "run-tests",
        _patterns("run-tests"),
        "Run the tests and tell me if they pass.",
        "no shell tool: says it needs a tool to run commands",
        "same",
        "bash `ls -1p .` to find the tests (test_*.py, *_test.py, tests.py, tests/), then "
        "`python3 -m pytest -q tests.py`, then the counts pytest printed (passed, failed, "
        "errors) and the failing tests' ids, from the real output; in a folder (`... in sub/`) it "
        "runs `cd sub` once, as the session keeps its directory; `restart` first if the last "
        "command timed out",
        "the same commands; a shell that starts fresh each call gets `cd sub && ...`",
        "the same with its bash tool",
    ),
    Task(
        "summarize",
        _patterns("summarize"),
        "Summarize every file in this project.",
        'list_files("."), then read_file once per file, one call per response (the context '
        "grows step by step), then one summary line per file built from the real contents",
        "list_files, then read_lines(path, 1, 200) once per file, then the summary",
        "bash `ls -1p .` (or view .), then view once per file, then the summary",
        "`ls -1p .`, then `cat -n FILE` once per file, then the summary",
        "the list or bash tool, then read_file once per file",
    ),
    Task(
        "list",
        _patterns("list"),
        "What files are in this project?",
        'list_files("."), then a reply naming the files and folders',
        "same",
        "bash `ls -1p .`, or view on the directory",
        "`ls -1p .`",
        "the list tool if there is one, else bash `ls -1p .`",
    ),
    Task(
        "read-many",
        _patterns("read-many"),
        "Read utils.py and tests.py.",
        "one response with a read_file call per file (parallel tool_use blocks), then one line "
        "per file; with disable_parallel_tool_use the reads come one per response",
        "parallel read_lines(path, 1, 200) calls, then the same reply",
        "parallel view calls, then the same reply",
        "parallel `cat -n FILE` calls",
        "parallel read_file calls (never with limit)",
    ),
    Task(
        "delete",
        _patterns("delete"),
        "Delete main.py.",
        "no tool call: explains it cannot delete files and suggests alternatives "
        "(see failure mode deletes-by-emptying)",
        "same",
        "same",
        "same (it never runs rm)",
        "same",
    ),
    Task(
        "docstring",
        _patterns("docstring"),
        "Add a docstring to the add function in math_utils.py.",
        'read_file, then edit_file(old_str="def add(a, b):", new_str=<def line + docstring>); '
        "for every function (or several), one edit per function, then a reply naming those "
        "documented and those that already had one",
        'search_file("def add", path), read_lines around the match, then the same edit; for '
        "every function, read_lines(path, 1, 200) and one edit per function",
        "view, then str_replace (bash grep -n + view_range when bash is offered)",
        "`grep -n`, `cat -n FILE | sed -n 'a,bp'`, then a `python3 - <<'EOF'` exact "
        "replace; every function: `cat -n FILE`, then one replace per function",
        "read_file, then edit_file; with no edit tool, one write_file of the whole new text, "
        "computed from a complete read",
    ),
    Task(
        "main-block",
        _patterns("main-block"),
        "Add a main block to hello.py",
        'read_file, then edit_file appending `if __name__ == "__main__":` that calls the '
        "file's first function without parameters",
        "read_lines(path, 1, 200) as the read, then the same edit",
        "view, then insert after the last line (insert_text); str_replace if the insert fails",
        "`cat -n FILE`, then a `python3` exact replace of the file's last unique line(s)",
        "read_file, then edit_file (or one write_file of the whole new text)",
    ),
    Task(
        "change-default",
        _patterns("change-default"),
        "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
        "read_file of the whole file, then edit_file on the signature line",
        'search_file("def parse_config", path), read_lines(n-1, n+4), then edit_file on the '
        "signature line: a fraction of the tokens of reading the whole file",
        "bash grep -n + view with view_range when bash is offered, else view of the whole "
        "file; then str_replace",
        "`grep -n`, `cat -n FILE | sed -n 'a,bp'`, then a `python3` exact replace",
        "read_file, then edit_file (or one write_file of the whole new text)",
    ),
    Task(
        "add-function",
        _patterns("add-function"),
        "Add a multiply function to math_utils.py.",
        "read_file, then edit_file whose old_str is the file's last unique line(s) and whose "
        "new_str appends the function (multiply(a, b) with a docstring; a few other small "
        "functions are known, or one that prints a text you give; any other is declined)",
        'search_file("^def ", path) for the top-level functions, read_lines from the last '
        "one to the end of the file, then edit_file replacing those lines with themselves "
        "and the new function (search, then read, then edit)",
        "view, then insert after the last line (insert_text); str_replace if the insert fails",
        "`grep -n -e '^def ' FILE`, `cat -n FILE | sed -n 'a,bp'` from the last one, then a "
        "`python3` exact replace of those lines",
        "read_file, then edit_file; with no edit tool, one write_file of the whole new text",
    ),
    Task(
        "create",
        _patterns("create"),
        "Create hello.py with a hello world function.",
        'edit_file(path, old_str="", new_str=<source>), then "Done — created ..."; the '
        'function prints the text asked for ("hello world", "prints goodbye", "says \'Hi\'") '
        "or is one of the known small functions; also Lecture 5.3's \"Write a JavaScript hello "
        'world and put it in hello.js."',
        "same",
        "the editor's create command with file_text, then the same reply",
        "a quoted heredoc: `(set -C; cat > hello.py) <<'EOF'` (never overwrites a file)",
        "read_file first (an existing file is left alone), then write_file",
    ),
)

# The context-engineering step's tasks (agentcourse/tutor/act/context_tasks.py).
TASKS += (
    Task(
        "remember",
        _patterns("remember"),
        "Remember that the tests use pytest.",
        "with a memory tool offered (save_note(note), or any one-string tool named for notes or "
        "memory): one call of it with the user's own words, then a reply quoting them; without "
        "one: says it has no tool to keep notes (nothing is written)",
        "same",
        "same",
        "same",
        "same",
    ),
    Task(
        "module-summary",
        _patterns("module-summary"),
        longtask.TASK,
        "list_files(package), then read each module whole, one per response; with a memory "
        "tool (save_note) each module read is noted in one line in the next response; then "
        "SUMMARY.md is created with one line per module (its purpose and every function)",
        "the same, with read_lines(path, 1, 200) (and the next 200 lines while a module goes on)",
        "the same with view, and the editor's create",
        "the same with the shell's listing, reads and file writes",
        "the same, SUMMARY.md written whole",
    ),
    Task(
        "research",
        _patterns("research"),
        "Where is slugify defined, and where is it used?",
        "with a research tool offered: one call of it with the question, then its answer as "
        "the reply; without one: search_file for the name, read_lines around the definition, "
        "then an answer citing path:line for the definition and each use",
        "same",
        "bash grep and view, then the same answer",
        "grep -rn and sed -n, then the same answer",
        "same",
    ),
)

TASK_PROMPTS: tuple[str, ...] = tuple(t.example for t in TASKS)
# A few of the arena's task families' requests (agentcourse/arena/families/), written out here
# because the script cannot import the families (they import it); a test holds that a
# family takes each one.
FAMILY_PROMPTS: tuple[str, ...] = (
    "Rename add to add_numbers everywhere.",
    "What does main.py do?",
    "Find every TODO.",
    "Create a README for this project.",
)
# The requests the help reply lists: what a person types (a compaction's instruction is the
# program's, not the user's), the course's tasks and then a few of the families'.
HELP_PROMPTS: tuple[str, ...] = tuple(t.example for t in TASKS if t.name != "compact") + FAMILY_PROMPTS


# ----------------------------------------------------------------------------- plain words

# What people wrap a request in, taken off by wording.plain before the task patterns are
# tried again: a polite opening, "could you" (a request, not a question), a courtesy at
# the end, a polite clause after a first phrase, and a file named first ("app.py: add ...").
# All but FILE_FIRST are matched case-insensitively; FILE_FIRST's rest spans lines.
POLITE_OPENING = (r"^\s*(?:(?:please|pls|plz|kindly|could you|can you|would you|will you|i'd like you to|"
                  r"i'd like to know|i need to know|i want to know|i'd like to|"
                  r"i want you to|i want to|go ahead and|hey|hi|hello|hi there|ok|okay)[\s,!.]+)+")
ASKING = r"\b(?:could|can|would|will) you\b"
COURTESY = r"(?:[\s,;.!-]+(?:please|pls|plz|thanks|thank you|thx|cheers|ta)\b[\s.!]*)+$"
POLITE_INNER = r"^[^,]{1,80},\s*((?:please|pls|plz|could you|can you|would you|will you)\s+)"
FILE_FIRST = rf"^\s*(?P<file>{_PY})\s*:\s+(?P<rest>\S.*)$"
