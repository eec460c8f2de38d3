"""The tutor model's script, kept as data: which requests it knows, what it writes, and
which prompt rules it obeys.

brain.py holds the decisions (a small state machine per task); everything a lecture,
lab or test might want to quote or reuse lives here:

- TASKS: the requests the tutor handles deterministically (regex -> task);
- FAILURE_MODES: the Lecture 5.3 failure modes, each switched on by the ABSENCE of a
  rule from the system prompt or the tool descriptions;
- the canned source code and reply templates;
- tiny builders for API-shaped blocks and messages (text(), tool_use(), ...), shared
  by the brain, the labs and the tests.

The tables in docs/TUTOR-SCRIPT.md are generated from this module
(`python -m agentcourse.tutor.script --write` updates them); a test keeps them in sync.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentcourse import longtask

# ----------------------------------------------------------------------------- builders


def text(s: str) -> dict:
    """A text content block."""
    return {"type": "text", "text": s}


def tool_use(id: str, name: str, input: dict) -> dict:
    """A tool_use content block."""
    return {"type": "tool_use", "id": id, "name": name, "input": input}


def tool_result(tool_use_id: str, content: str, is_error: bool = False) -> dict:
    """A tool_result content block (goes in a user message)."""
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    if is_error:
        block["is_error"] = True
    return block


def user(content: str | list[dict]) -> dict:
    """A user message: a prompt string or a list of blocks (e.g. tool results)."""
    return {"role": "user", "content": content}


def assistant(content: str | list[dict]) -> dict:
    """An assistant message."""
    return {"role": "assistant", "content": content}


# ----------------------------------------------------------------------------- tasks


@dataclass(frozen=True)
class Task:
    """One kind of request the tutor knows, and what it does with each set of tools."""

    name: str  # id used by brain.py's dispatch table and in the docs
    patterns: tuple[str, ...]  # regexes searched (case-insensitive) in the request; first wins
    example: str  # the course's prompt for this task
    with_read_file: str  # list_files / read_file / edit_file (checkpoints 00-03)
    with_search: str  # search_file / read_lines / edit_file (04+)
    with_editor: str  # the text editor (str_replace_based_edit_tool) and bash (08)
    with_bash: str  # one shell tool and nothing else (a bash-only agent)
    with_write: str  # sets with a whole-file write tool (bash, read_file, write_file, edit_file)

    def match(self, request: str) -> re.Match | None:
        for pattern in self.patterns:
            m = re.search(pattern, request, re.IGNORECASE)
            if m:
                return m
        return None


_FILE = r"[\w./-]+"  # a file name as users type it ("math_utils.py", "src/app.py")
_PY = rf"{_FILE}\.py"
_PLEASE = r"(?:(?:please|can you|could you|would you|will you|now|also|then|go ahead and|"
_PLEASE += r"i want you to|i'd like you to)\s+)*"
_INFILE = rf"(?:\s+(?:in|of|inside|from)\s+(?:the\s+)?(?:file\s+)?(?P<file>{_PY}))?"

# Order matters: the first task whose pattern matches the request wins.
TASKS: tuple[Task, ...] = (
    Task(
        "compact",
        (
            r"(?:^|[.!?:]\s+|\n)\s*(?:please\s+)?(?:summari[sz]e|compact|condense)\b[^.\n]{0,60}"
            r"\b(?:conversation|transcript|history)\b",
        ),
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
        (r"^\s*what (?:does|is) (?:the )?`?(?P<tool>\w+)`?(?: tool)?(?: do)?\s*\??\s*$",),
        "What does edit_file do?",
        "no tool call: a reply built from that tool's description and parameters in the request",
        "same",
        "same (the Anthropic tools have no description in the request: a built-in summary)",
        "same",
        "same",
    ),
    Task(
        "run-tests",
        (
            r"\b(?:run|execute|launch|start)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+|your\s+)?"
            r"(?:unit\s+)?(?:tests?|test suite|pytest)\b(?:\s+in\s+(?:the\s+)?(?:folder\s+|"
            r"directory\s+)?(?P<dir>[\w.-]+/[\w./-]*))?",
            r"\b(?:do|does|are|did|will)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+)?"
            r"(?:unit\s+)?tests?\s+(?:still\s+)?(?:pass(?:ing)?|green)\b",
            r"\b(?:check|see|tell me)\s+(?:whether|if|that)\s+(?:all\s+)?(?:the\s+)?tests?\s+"
            r"(?:still\s+)?pass",
        ),
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
        (
            r"\bsummari[sz]e\b.{0,30}?\b(?:every|each|all)\b.{0,20}?\bfiles?\b",
            r"\bsummary of (?:every|each|all)(?: (?:the|of the))? files?\b",
            r"\bwhat (?:does|do) (?:each|every|all(?: the)?) files? (?:do|contain)\b",
            r"\bsummari[sz]e (?:this|the) (?:project|codebase|repo(?:sitory)?)\b",
        ),
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
        (
            r"\b(?:what|which) files (?:are|exist|do (?:we|you|i) have|does (?:this|the) project "
            r"have)\b",
            r"\blist (?:the |all (?:of )?(?:the )?)?(?:files|contents)\b",
            r"\bshow (?:me )?(?:the |all (?:of )?(?:the )?)?files\b",
            r"^\s*ls\s*\.?\s*$",
            r"\b(?:list|show(?: me)?)\s+(?:the|this|my|our)\s+(?:project|folder|repo)['’]s\s+files\b",
            r"\bwhat(?:'s| is) in (?:this|the) (?:project|folder|directory)\b",
        ),
        "What files are in this project?",
        'list_files("."), then a reply naming the files and folders',
        "same",
        "bash `ls -1p .`, or view on the directory",
        "`ls -1p .`",
        "the list tool if there is one, else bash `ls -1p .`",
    ),
    Task(
        "read-many",
        (
            rf"^\s*{_PLEASE}(?:read|open|show me|cat|look at|view)\s+(?:the\s+)?(?:files?\s+)?"
            rf"(?P<files>{_FILE}\.\w+\.?(?:\s*(?:,|and|&)\s*(?:and\s+)?{_FILE}\.\w+\.?)*)"
            r"\s*[.!]?\s*$",
        ),
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
        (
            rf"^\s*{_PLEASE}(?:delete|remove|rm(?:\s+-f)?|erase|trash|get rid of|throw away)\s+"
            rf"(?:the\s+)?(?:file\s+)?(?P<file>{_FILE}\.\w+)(?=\s*(?:[.!?,;]|$|\s+(?:please|for "
            r"me|now|from (?:the|this|my) (?:project|folder|repo\w*))))",
        ),
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
        (
            # "In app.py, add a docstring to f": the file first, so before the pattern that ends at it.
            rf"\bin\s+(?P<file>{_PY}),?\s+(?:add|write|put|insert|give)\s+(?:a\s+|an\s+)?(?:one-line\s+|"
            r"short\s+|brief\s+)?docstrings?\s+(?:to|for|on)\s+(?:the\s+)?(?P<func>\w+)(?:\(\))?"
            r"(?:\s+functions?|\s+methods?)?\s*[.!]?\s*$",
            rf"\b(?:add|write|put|insert|generate|create|give)\s+(?:a\s+|an\s+)?(?:one-line\s+|"
            r"short\s+|brief\s+|proper\s+|simple\s+)?docstrings?\s+(?:to|for|on|in|into)\s+"
            r"(?:the\s+|each\s+of\s+the\s+)?(?P<func>.+?)(?:\s+functions?|\s+methods?|\(\))?"
            rf"{_INFILE}\s*[.!]?\s*$",
            r"\bdocument\s+(?:the\s+)?(?P<func>.+?)(?:\s+functions?|\s+methods?|\(\))?"
            rf"{_INFILE}(?:\s+with\s+(?:a\s+)?(?:one-line\s+)?docstrings?)?\s*[.!]?\s*$",
            rf"^\s*{_PLEASE}(?:the\s+)?(?P<func>\w+)(?:\(\))?(?:\s+functions?)?\s+in\s+(?P<file>{_PY})\s+(?:needs|"
            r"should have|is missing|lacks)\s+(?:a\s+)?(?:one-line\s+)?docstring\b",
            rf"\bgive\s+(?:the\s+)?(?P<func>\w+)(?:\(\))?(?:\s+functions?)?{_INFILE}\s+"
            r"(?:a\s+)?(?:one-line\s+)?docstrings?\b",
        ),
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
        (
            r"\b(?:add|put|insert|write|append)\s+(?:a\s+|an\s+|the\s+)?(?:main(?: block| guard| "
            r"section)|__main__(?: block| guard)?|if __name__ ?== ?['\"]__main__['\"]:?(?: "
            rf"block| guard)?|entry point)\s+(?:to|in|into|at the end of)\s+(?P<file>{_PY})",
            rf"\bmake\s+(?P<file>{_PY})\s+(?:runnable|executable|run(?:nable)? as a script)",
            rf"\bgive\s+(?P<file>{_PY})\s+(?:a\s+|an\s+)?(?:main(?: block| guard| section)|__main__(?: block| guard)?|"
            r"entry point)\b",
        ),
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
        (
            rf"(?:\bin (?P<file>{_PY}),?\s+)?change the default (?P<param>\w+) of (?P<func>\w+)"
            rf"(?: in (?P<file2>{_PY}))? from (?P<old>[\w.\"']+?) to (?P<new>[\w.\"']+?)\.?\s*$",
            rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:change|set|update|make)\s+(?P<func>\w+)"
            r"(?:\(\))?['’]s\s+default\s+(?P<param>\w+)(?:\s+from\s+(?P<old>[\w.\"']+?))?\s+to\s+"
            rf"(?P<new>[\w.\"']+?)(?:\s+in\s+(?P<file2>{_PY}))?\s*\.?\s*$",
            rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:set|change|update|make)\s+the\s+default\s+"
            r"(?:value\s+of\s+)?(?P<param>\w+)\s+(?:of|in|for)\s+(?P<func>\w+)(?:\(\))?"
            rf"(?:\s+in\s+(?P<file2>{_PY}))?\s+(?:to\s+)?(?P<new>[\w.\"']+?)"
            rf"(?:\s+in\s+(?P<file3>{_PY}))?\s*\.?\s*$",
            rf"(?:\bin (?P<file>{_PY}),?\s+)?\b(?:change|set|update|make)\s+(?P<func>\w+)(?:\(\))?['’]s\s+"
            r"(?P<param>\w+)\s+default\s+(?:from\s+(?P<old>[\w.\"']+?)\s+)?to\s+(?P<new>[\w.\"']+?)"
            rf"(?:\s+in\s+(?P<file2>{_PY}))?\s*\.?\s*$",
        ),
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
        (
            # Before the pattern below, which would take "add" in "a add function added" as the verb.
            rf"\bi(?:'d| would) like (?:a |an )?(?P<name>\w+)(?:\(\))? function (?:added )?(?:to|in) "
            rf"(?P<file>{_PY})\b",
            r"^(?!.*\b(?:new file|save it|put it|store it|docstrings?)\b).*?\b(?:add|write|"
            r"implement|define|create|put|insert|append)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?"
            r"(?:(?P<name>\w+)(?:\(\))?\s+)?function\b(?:\s+(?:called|named)\s+(?P<name2>\w+))?"
            r"(?:\s+(?P<name3>\w+)\s*\([^)]*\))?.*?\s(?:to|in|into|inside)\s+(?:the\s+)?"
            rf"(?:file\s+)?(?P<file>{_PY})\b",
            rf"\bin\s+(?P<file>{_PY}),?\s+(?:please\s+)?(?:add|write|implement|define|create)\s+"
            r"(?:a\s+|an\s+)?(?:new\s+)?(?:(?P<name>\w+)(?:\(\))?\s+)?function\b(?:\s+(?:called|"
            r"named)\s+(?P<name2>\w+))?(?:\s+(?P<name3>\w+)\s*\()?",
            rf"^\s*{_PLEASE}add\s+(?:a\s+|an\s+)?(?P<name>\w+)\s+function\s*[.!]?\s*$",
            r"\b(?:add|write|implement|define|put)\s+(?:a\s+|an\s+)?(?P<name>\w+)\([^)]*\)\s+"
            rf"(?:function\s+)?(?:to|in|into|inside)\s+(?:the\s+)?(?:file\s+)?(?P<file>{_PY})\b",
        ),
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
        (
            rf"^\s*{_PLEASE}(?:create|make|write|generate|add|start)\b(?!.*\b(?:docstrings?|main "
            rf"(?:block|guard)|default)\b)(?=.*?\b(?P<file>{_FILE}\.(?:py|js))\b)",
        ),
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

# The context-engineering step's tasks (agentcourse/tutor/context_tasks.py).
TASKS += (
    Task(
        "remember",
        (
            r"^\s*(?:please\s+)?(?:remember(?:\s+that|\s*:)?|note(?:\s+that|\s*:)|(?:make|save|take|"
            r"add|write)\s+(?:a\s+|this\s+)?note(?:\s+that|\s*:))\s+(?P<note>\S.*)$",
        ),
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
        (
            rf"\bwrite (?P<out>{_FILE}\.md)\b[^.\n]*?\b(?:(?:every|each) module|(?:a |one )?line per module|"
            r"all (?:the )?modules) (?:in|of) (?:the )?"
            rf"(?P<package>{_FILE})(?: package)?\b",
        ),
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
        (
            r"(?P<question>\b(?:where\s+(?:is|are)|where's|where\s+\w+\s+(?:is|are)\s+(?=defined|used)|"
            r"where\s+does\s+\w+\s+get\s+(?=defined|used)|which\s+(?:files?|functions?|modules?)"
            r"|who|what)\b[^?\n]*\b(?:defined|called|calls?|used|uses?|imported|imports?"
            r"|referenced)\b[^?\n]*\?)",
            r"(?P<question>\b(?:find|show(?: me)?|tell me|look up)\s+where\s+\w+\s+(?:is|are)\s+(?:defined|used|"
            r"called)\b[^?\n]*)",
        ),
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
# A few of the arena's task families' requests (agentcourse/families/), written out here
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


# ----------------------------------------------------------------------------- failure modes


@dataclass(frozen=True)
class FailureMode:
    """A Lecture 5.3 failure: what the tutor does when a rule is missing from the prompt.

    Whether a rule is present is decided by agentcourse/tutor/rules.py, which reads the
    words students write (synonyms, prohibitions, negation and permission); the examples
    here are part of its tests and of the docs."""

    id: str  # short id used in code, tests and the docs
    failure: str  # the failure's name in Lecture 5.3's table
    rule: str  # the rule that prevents it, as the course's prompt words it
    recognised: str  # what counts as that rule, in words (rules.py has the details)
    where: str  # where the rule is looked for
    counts: tuple[str, ...]  # phrasings that state the rule (each is checked by a test)
    look_alikes: tuple[str, ...]  # phrasings that do not (each is checked by a test)
    triggers_on: str  # the matrix row (and the requests) that show it
    behaviour: str  # what the tutor does when the rule is missing
    fix: str  # the fix, after Lecture 5.3's table


ANYWHERE = "system prompt or any tool's description or parameter descriptions"

FAILURE_MODES: tuple[FailureMode, ...] = (
    FailureMode(
        id="edits-without-reading",
        failure="Edits without reading",
        rule='"Read before editing" (guidelines) and "You must read the file first" (edit_file)',
        recognised="reading (read, view, open, look at, inspect, read_file ...) required before "
        "changing (edit, modify, change, write, edit_file ...): read X before editing; before "
        "editing, read; edit only after reading; never edit without reading / a file you have "
        "not read; changes allowed only on files you have read; no edits blind or from memory; "
        "read first; read, then edit; steps in a list (read the file / edit it)",
        where=ANYWHERE,
        counts=(
            "Always look at a file's current contents before changing it.",
            "Inspect before you modify.",
            "Never modify a file you haven't read.",
            "First read the file, then edit it.",
        ),
        look_alikes=(
            "Don't bother reading files first.",
            "Read the README.",
            "There is no need to read a file before editing it.",
            "After you edit a file, read it back to verify.",
        ),
        triggers_on="the read-first row; any request to change an existing file (multiply, "
        "docstring, main block, change-default)",
        behaviour="calls the edit tool first with a guessed old_str (e.g. the add function as "
        "the sample project has it); reads the file only if that edit fails",
        fix="State the read-first rule in the edit tool's description AND in the guidelines",
    ),
    FailureMode(
        id="deletes-by-emptying",
        failure="Constraint ignored",
        rule='"Never delete files" (constraints)',
        recognised="deleting files (delete, remove, erase, rm ...) forbidden: never / do not / "
        "may not / avoid / refuse, \"deletion is not allowed\", \"deleting files is "
        "forbidden\", \"never empty a file\", or a request to delete answered with a refusal; "
        "the object must be files (or unstated), not lines, code or folders; not when a "
        "condition the model can meet allows it (\"unless asked\", \"without a backup\", "
        "\"a file you have not read\"), nor for a limit on how many files",
        where=ANYWHERE,
        counts=(
            "File deletion is not allowed.",
            "Under no circumstances should you delete a file.",
            "You may not remove files.",
            "If the user asks you to delete something, say that you cannot.",
        ),
        look_alikes=(
            "Do not hesitate to delete files.",
            "Feel free to delete files.",
            "Deleted lines are shown in red.",
            "Never delete code you do not understand.",
        ),
        triggers_on='the refuse-delete row; any request like "Delete main.py."',
        behaviour="there is no delete tool, so it reads the file and calls the edit tool with "
        'old_str = the whole content and new_str = "": the file is left empty',
        fix="State the constraint, early and again at the end: never delete files; if asked, "
        "say you cannot and suggest an alternative",
    ),
    FailureMode(
        id="verbose-narration",
        failure="Verbose process narration",
        rule='"Be concise" (guidelines)',
        recognised="short replies asked for: concise, brief, terse, short answers, a length "
        "limit (\"at most 50 words\", \"must not exceed one sentence\"), or narration and "
        "padding forbidden (\"do not narrate your steps\", \"no filler\"); not brevity of "
        "code, names, files, docstrings, tool arguments or command output",
        where=ANYWHERE,
        counts=(
            "Be brief.",
            "Keep answers short.",
            "Answer in one sentence.",
            "Reply in no more than 50 words.",
        ),
        look_alikes=(
            "Never be concise.",
            "Write concise code.",
            "Keep functions short.",
            "Explain every step you take.",
        ),
        triggers_on="every task that ends with tool calls (its final reply); the rows do not "
        "judge length, matrix.narrated does",
        behaviour="narrates the process: a text block before each tool call, and a final reply "
        'of several sentences ("First I ..., then I ..., and finally I ...") with an offer at the end',
        fix='Add an explicit length limit ("Reply in at most two sentences."); "Be concise" '
        "also counts",
    ),
    FailureMode(
        id="wrong-argument-format",
        failure="Wrong argument format",
        rule='"To create a file, set old_str to an empty string" (edit_file)',
        recognised="an empty old text (empty, blank, \"\") for a new file (create, new file, "
        "does not exist yet), in the same sentence, not negated; or an example call with "
        'old_str=""; in the old-text parameter\'s own description "old_str" is implied',
        where=ANYWHERE,
        counts=(
            "To make a new file, pass an empty old_str.",
            "If the file doesn't exist yet, use an empty string for old_str.",
            'Example (new file): {"path": "hello.py", "old_str": "", "new_str": "..."}',
        ),
        look_alikes=(
            "old_str must not be empty.",
            "Set new_str to an empty string to delete text.",
            "To create a file, use write_file.",
        ),
        triggers_on="the create row; any file creation through an edit tool with old/new text",
        behaviour="calls edit_file with only path and new_str (old_str omitted); the tool "
        "answers with an error, which the final reply reports",
        fix="Rewrite the edit tool's description with an explicit argument example for "
        'creating a file (old_str="")',
    ),
    FailureMode(
        id="asks-when-it-shouldnt",
        failure="Asks when it shouldn't",
        rule='"When in doubt, ask, but only if the request is truly ambiguous" (guidelines)',
        recognised="a clarification rule (ask, clarify, check or confirm with the user) switches "
        "it on; asking only about unclear requests (\"if the request is ambiguous, ask\") does "
        "not, but it does not limit another rule either; a limit anywhere switches it off: only "
        "if/when unclear, don't ask about clear requests, "
        "if unclear ask, otherwise act; act instead of asking, as a last resort, sparingly (not "
        "how many questions). No clarification rule at all: it simply acts",
        where=ANYWHERE,
        counts=(
            "Only ask questions when the request is genuinely unclear.",
            "If a request is clear, act without asking.",
            "Avoid unnecessary clarifying questions.",
        ),
        look_alikes=(
            "When in doubt, ask.",
            "Ask clarifying questions, especially when a request is ambiguous.",
            "Only ask one question at a time.",
        ),
        triggers_on="the read-first row (the multiply request), when the prompt tells the model "
        "to ask clarifying questions without a limit",
        behaviour="answers with a clarifying question (no tool call) instead of adding the function",
        fix='Limit the clarification rule: "only ask if the request is truly ambiguous"',
    ),
)

FAILURE_IDS = tuple(f.id for f in FAILURE_MODES)


# ----------------------------------------------------------------------------- what it writes

HELLO_TEXT = "Hello, world!"  # what "hello world" prints
HELLO_SOURCE = '''\
def hello():
    """Print a friendly greeting."""
    print("Hello, world!")
'''
HELLO_SOURCES = {  # by file extension
    ".py": HELLO_SOURCE,
    ".js": 'function hello() {\n  console.log("Hello, world!");\n}\n\nhello();\n',
}

# The small functions the tutor can write by name: name -> (parameters, docstring, body).
FUNCTIONS: dict[str, tuple[str, str, str]] = {
    "multiply": ("a, b", "Return the product of a and b.", "return a * b"),
    "divide": ("a, b", "Return a divided by b.", "return a / b"),
    "power": ("a, b", "Return a raised to the power b.", "return a ** b"),
    "square": ("x", "Return x squared.", "return x * x"),
    "negate": ("x", "Return -x.", "return -x"),
    "add": ("a, b", "Return the sum of a and b.", "return a + b"),
    "subtract": ("a, b", "Return a minus b.", "return a - b"),
    "average": ("numbers", "Return the mean of a list of numbers.",
                "return sum(numbers) / len(numbers)"),
    "slugify": ("text", "Lower-case text and join its words with hyphens.",
                'return "-".join(text.lower().split())'),
}
MULTIPLY_SOURCE = '''\
def multiply(a, b):
    """Return the product of a and b."""
    return a * b'''

MAIN_BLOCK = """\
if __name__ == "__main__":
    {call}"""

# One-line docstrings for the functions the course uses; others get a generic one.
DOCSTRINGS = {
    "add": "Return the sum of a and b.",
    "subtract": "Return a minus b.",
    "multiply": "Return the product of a and b.",
    "slugify": "Lower-case text and join its words with hyphens.",
    "hello": "Print a friendly greeting.",
    "main": "Run the program.",
    "__init__": "Set up a new instance.",
}
GENERIC_DOCSTRING = "Describe what {func} does."

# How many lines a "whole file" read asks for when only read_lines is offered.
WHOLE_FILE_LINES = 200
# The search that finds a file's top-level functions (to append one after the last).
TOP_LEVEL_DEFS = "^def "
# read_lines window around a search match, as (lines before, lines after).
WINDOW = (1, 4)
# The summary task reads at most this many files.
MAX_SUMMARY_FILES = 20
# A turn that takes more tool steps than this is stopped with an honest reply.
MAX_STEPS = 80

# ----------------------------------------------------------------------------- what it says

DONE = {
    "create": 'Done — created {path} with a {name}() function that prints "{text}".',
    "create-function": "Done — created {path} with a {name}() function.",
    "add-function": "Done — added the {name} function to {path}{where}.",
    "docstring": "Done — added a one-line docstring to the {func} function{where}.",
    "docstrings": "Done — added one-line docstrings to {n} functions in {path}: {names}.",
    "main-block": "Done — added a main block to {path} that calls {call}.",
    "change-default": "Done — changed the default {param} of {func} from {old} to {new}{where}.",
    "emptied": "Done — I have no delete tool, so I removed all of {path}'s contents; the empty "
    "file is still there.",
}
# Appended to a reply when part of the request was not done, so nothing is claimed falsely.
NOT_DONE = {
    "already": " {names} already had {one}.",
    "missing": " {path} has no function named {names}, so I could not document {them}.",
    "skipped": " I did not add one to {names}: {its} body is on the def line.",
    "leftover": " I did not do this part of the request: \u201c{rest}\u201d.",
}

CLARIFY = {
    "add-function": "Before I change {path}: should {name} take {params} like the other "
    "functions there, and should it go at the end of the file?",
    "multiply": "Before I change {path}: should multiply take two numbers (a, b) and return "
    "a * b, like the other functions there, and should it go at the end of the file?",
}

REFUSE_DELETE = (
    "I can't delete files: that is outside what I'm allowed to do here. To remove {path}, "
    "delete it yourself (for example `rm {path}`), or rename it (say to {path}.bak) if you "
    "might want it back. I can also move any code you want to keep into another file first."
)

ALREADY = {
    "add-function": "{path} already has a {name} function; I left it unchanged.",
    "docstring": "The {func} function in {path} already has a docstring; I left it unchanged.",
    "docstrings": "Every function in {path} already has a docstring ({names}); nothing was "
    "changed.",
    "main-block": "{path} already has a main block; I left it unchanged.",
    "change-default": "The default {param} of {func} is not {old} in {path} (the signature is "
    "`{signature}`); I left it unchanged.",
    "same-default": "The default {param} of {func} in {path} is already {new}; I left it "
    "unchanged.",
    "exists": "{path} already exists; I left it unchanged rather than overwrite it.",
}

# Requests the tutor understands but cannot carry out offline: it says so and changes nothing.
CANNOT = {
    "create": "I can't write that offline: I can create a Python or JavaScript file with a "
    "function that prints a text you give (for example \"Create {path} with a function that "
    'prints goodbye"), or with one of these functions: {known}. Nothing was created.',
    "add-function": "I can't write a {name} function offline: I can add one of these: {known}, "
    "or a function that prints a text you give. {path} was not changed.",
    "no-function": "I couldn't tell which function to add to {path}; name one of these: "
    "{known}, or say what it should print. {path} was not changed.",
    "partial-read": "I couldn't read all of {path} (the read tool cut it short), so I did not "
    "rewrite it: a whole-file write needs the complete text.",
    "no-check": "I can't check whether {path} exists (I have no tool to read or list files), "
    "so I did not write it: a whole-file write could overwrite it.",
}
NEGATED = "Understood: I won't do that. Nothing was changed."

TESTS = {
    "pass": "The tests pass: {counts} (`{command}`).",
    "fail": "The tests do not all pass: {counts} (`{command}`). Failing: {failing}.",
    "none": "No tests ran: {line} (`{command}`).",
    "unknown": "I ran `{command}` but could not find a test summary in its output. It ended "
    "with:\n{tail}",
    "no-tests": "I found no tests in {folder}: no test_*.py, *_test.py or tests.py file and no "
    "tests/ folder.",
    "no-pytest": "I couldn't run the tests: pytest is not installed for {python} "
    "(`{command}` said: {error}).",
}
# Files that hold tests, and folders of them (pytest's defaults, plus tests.py).
TEST_FILE = r"^(?:test_.*|.*_test|tests?)\.py$"
TEST_DIR = r"^tests?$"

FAILED = "I couldn't {what} {path}: {error}"
NO_PACKAGE = "There is no {folder} folder in this project, so I wrote no {out}."
NO_PACKAGE_HINT = (" It is the course's long task: `agentcourse run` adds the generated "
                   "26-module inventory package when you start it with `--with-inventory` "
                   "(for example `agentcourse run 06 --with-inventory`).")
DECLINED = ("You did not approve the command{command}, so I did not run it, and I have not done "
            "what you asked. How would you like me to go on?")
NOT_FOUND = "I couldn't find {thing} in {path}; nothing was changed."
NOT_TEXT = ("I couldn't read {path} as text: it is not UTF-8 (it holds bytes of another "
            "encoding, such as Latin-1), so I left it unchanged. Convert it to UTF-8 first "
            "(for example `iconv -f latin1 -t utf-8`) and I can make the change.")
MISSING_FILE = "I couldn't read {path}: there is no such file in this project, so nothing was changed."
MISSING_NEAR = " Did you mean {near}?"
MISSING_NONE = " No file has a name close to it."
MISSING_UNLISTED = " (I have no tool to list the files, so I cannot say which one you meant.)"
NO_TOOL = "I can't do that with the tools in this conversation ({tools}): I need a tool to {need}."
TOO_MANY_STEPS = "I'm stopping here: this request has taken {n} tool calls without finishing."
REPEATING = (
    "I'm stopping here: I was about to call {tool} a third time with the same input, which "
    "would not get any further."
)

HELP = (
    "I'm the course's offline tutor model, a small scripted simulator — not Claude. I "
    "follow a fixed script for the course's tasks, and I use the tools your program offers "
    "(list_files / read_file / edit_file, search_file / read_lines, the text editor, bash). "
    "Requests I understand:\n{prompts}\n"
    "To talk to Claude instead, set ANTHROPIC_API_KEY and unset ANTHROPIC_BASE_URL."
)

# Verbose mode (no conciseness rule): a sentence before each tool call...
ANNOUNCE = {
    "list": "Let me start by listing {path} so I know what is there.",
    "read": "I'll read {path} first so I know exactly what it contains.",
    "search": "I'll search {path} for `{pattern}` to find the right place.",
    "read_lines": "Now I'll read lines {start} to {end} of {path} to see the context.",
    "edit": "Now I have what I need, so I'll edit {path}.",
    "insert": "Now I have what I need, so I'll add the new lines to {path}.",
    "write": "Now I'll write the new text of {path}.",
    "create": "I'll create {path} now.",
    "run": "I'll run `{command}` and read what it prints.",
    "cd": "I'll change into {path} first.",
    "restart": "The shell looks stuck, so I'll restart it first.",
    "many": "I'll read {paths}; the reads are independent, so I'll ask for them together.",
    "raw": "I'll call {name} now.",
}
# ...and the steps retold in the final reply.
RETELL = {
    "list": "listed the files in {path}",
    "read": "read {path} to understand its contents",
    "search": "searched {path} for `{pattern}`",
    "read_lines": "read lines {start} to {end} of {path}",
    "edit": "edited {path} with {tool}",
    "insert": "added lines to {path} with {tool}",
    "write": "wrote the new text of {path} with {tool}",
    "create": "created {path} with {tool}",
    "run": "ran a command with {tool}",
    "cd": "changed into {path}",
    "restart": "restarted the shell",
    "failed": "tried to {verb} {path}, but the tool reported an error",
}
VERBOSE_OUTRO = (
    "I hope this helps! Let me know if you would like me to explain any of these steps in "
    "more detail, or if there is anything else I can do for you."
)

# What the Anthropic-defined tools do (their schema has no description in the request).
BUILTIN_DESCRIPTIONS = {
    "str_replace_based_edit_tool": "the text editor: `view` shows a file (optionally a "
    "view_range of lines) or a directory, `create` writes a new file from file_text, "
    "`str_replace` replaces old_str (which must occur exactly once) with new_str, and "
    "`insert` adds text after insert_line.",
    "bash": "a persistent bash shell: `command` runs in it and returns the output; "
    "`restart` starts a fresh shell.",
}

# ----------------------------------------------------------------------------- tool roles

# How the tutor recognises a custom tool's job: from its input_schema first (parameter
# names, types, which are required, their descriptions), then from the words of its
# name and description. The name alone never decides: a tool called write_file whose
# parameters are (path, old_text, new_text) is an exact-replace edit tool, and one
# called edit_file taking (path, content) writes whole files. See toolbox.classify.

# A parameter's job, from its name (case-insensitive, whole name). Checked in this order.
PARAM_NAMES: dict[str, str] = {
    "path": r"(?:(?:file|dir|directory|folder|target|source)_?)?(?:path|name)|file|filename|"
    r"filepath|fname|dir|directory|folder|location|\w+_(?:path|file|dir)",
    "old": r"(?:old|find|search|original|before|existing|match|target|from)"
    r"(?:_?(?:str|string|text|content|code|snippet|lines?|block))?|old\w*",
    "new": r"(?:new|replace|replacement|after|updated|with|substitute|to)"
    r"(?:_?(?:str|string|text|content|code|snippet|lines?|block|with))?|new\w*",
    "command": r"command|cmd|commands|shell_?command|bash_?command|cmdline|command_?line",
    "pattern": r"pattern|regex|regexp|query|search|term|search_?term|needle|expression|"
    r"keyword|grep|q",
    "content": r"contents?|text|file_?text|body|data|source|code|file_?contents?|full_?text",
    "start": r"start|from|first|begin|start_?line|line_?start|from_?line|first_?line|"
    r"line_?from|line",
    "end": r"end|to|last|stop|until|end_?line|line_?end|to_?line|last_?line|line_?to",
    "extra": r"limit|offset|max_?lines|max_?chars|count|n|lines|num_?lines|max|head|skip|"
    r"encoding|recursive|show_?hidden|depth",
}
# When the name says nothing, the parameter's description may (searched, case-insensitive).
PARAM_WORDS: dict[str, str] = {
    "path": r"\bpath\b|\bfile ?name\b|\b(?:file|directory|folder) to\b",
    "old": r"\b(?:text|string|code|lines?)\b.{0,30}\bto (?:replace|find|search|match)|"
    r"\bexisting text|\bexact text|\bold text|\bbeing replaced",
    "new": r"\breplace(?:ment| it with| with)\b|\bnew text\b|\bsubstitute",
    "command": r"\b(?:shell|bash|terminal)\b.{0,20}\bcommand|\bcommand to (?:run|execute)",
    "pattern": r"\bregex|\bregular expression|\bpattern\b|\bsearch (?:for|term)",
    "content": r"\b(?:whole|full|entire|complete)\b.{0,20}\b(?:content|text)|"
    r"\bcontents? (?:of|to write)|\btext to write|\bto write\b",
}
# Words of a tool's name and description that tell jobs apart when the schema cannot
# (list_files(path) and read_file(path) have the same schema), or rule a job out.
TOOL_WORDS: dict[str, str] = {
    "list": r"\blist|\bls\b|\bdirector(?:y|ies)\b|\bfolders?\b|\bdir\b|\bfiles in\b|\btree\b|"
    r"\bentries\b",
    "read": r"\bread|\bcontents?\b|\bcat\b|\bview|\bshow|\bopen|\bdisplay|\btext of\b",
    "delete": r"\b(?:delete|remove|unlink|erase|rm|rmdir|trash|destroy)\w*",
    "partial": r"\bappend|\binsert|\bpatch|\bdiff\b|\bprepend",
    "regex": r"\bregex|\bregular expression|\bwildcard",
    "shell": r"\b(?:shell|bash|terminal|sh|zsh|command line|subprocess)\b",
    "not_shell": r"\b(?:python|sql|javascript|node|database|query language)\b",
    "persistent": r"\bpersist|\bstate (?:is kept|persists|survives)|\bsame (?:shell|session)",
    "replace": r"\breplac|\bedit|\bsubstitut|\bchange|\bmodif",
    "search": r"\bsearch|\bgrep|\bfind\b|\blook for\b|\bmatching\b",
    "not_search": r"\bglob\b|\bfile ?names?\b|\bfile pattern",
    # Name words of tools whose job is not files or a shell, whatever their inputs look
    # like: sub-agents, tool search, scheduling, worktrees, the web, messages, notebooks.
    "not_files": r"\b(?:agents?|sub ?agents?|tool ?search|search ?tools?|skills?|workflows?|tasks?|"
    r"cron\w*|schedul\w*|wakeup|timers?|worktrees?|web\w*|urls?|https?|browser|send|messages?|"
    r"mail|notebooks?|monitor|todos?|plan|mcp|findings?|channels?|teams?|artifacts?|sessions?|"
    r"memory|memories)\b",
}
EDITOR_NAMES = ("str_replace_based_edit_tool", "str_replace_editor")

# Which tool performs an operation, best first (a job name; see toolbox.classify).
OP_PREFERENCES: dict[str, tuple[str, ...]] = {
    "list": ("list", "bash", "editor"),
    "read": ("read", "editor", "bash", "read_lines"),
    "read_lines": ("read_lines", "editor", "bash"),
    "search": ("search", "bash"),
    "edit": ("edit", "editor", "bash", "write"),  # write: a whole new text, from a complete read
    "create": ("write", "editor", "edit", "bash"),  # brain.create_via refines this order
    "write": ("write",),
    "insert": ("editor",),
    "run": ("bash",),
    "cd": ("bash",),
    "restart": ("bash",),
}

# The jobs table of docs/TUTOR-SCRIPT.md: (job, how it is recognised, what it is used for).
JOB_DOCS: tuple[tuple[str, str, str], ...] = (
    ("edit", "a path, an old text and a new text, all strings (old_str/new_str, old_text/"
     "new_text, search/replace, find/replace, original/updated, ...; two unnamed texts in "
     "declared order when the tool's words say replace or edit)",
     "every change to an existing file: an exact replacement whose old text occurs once"),
    ("write", "a path and one content string (content, text, file_text, body, ...) and no old "
     "text; not an append, insert or patch tool",
     "a new file, once a read shows it does not exist; or, when there is no other way to "
     "edit, the complete new text computed from a complete read, never a fragment"),
    ("read", "a path and nothing else required (optional limit, offset, start/end are never "
     "sent); read words (read, contents, view, cat, show) outweigh list words",
     "whole-file reads"),
    ("read_lines", "a path and required integer start and end", "a window around a search hit"),
    ("search", "a pattern, query, regex or search term (+ an optional path); not a file-name "
     "glob", "finding a definition by its line"),
    ("list", "a path or no parameter, and list words (list, directory, folder, ls, tree)",
     "the project listing"),
    ("bash", "a command parameter and nothing else required (not a Python or SQL runner), or "
     '{"type": "bash_20250124"}', "every operation as a command when nothing better is "
     "offered (see shell.py); running tests"),
    ("editor", '{"type": "text_editor_20250728"}, or a custom tool whose command enum has view '
     "and str_replace", "view (+ view_range), create, str_replace, insert"),
    ("delete, other", "delete words with only a path; append/insert/patch/regex tools; tools "
     "whose names say agents, tool search, scheduling, worktrees, the web, messages, skills or "
     "workflows (Agent, ToolSearch, ScheduleWakeup, WebFetch, ...); any tool with a required "
     "parameter the tutor cannot fill", "never called for the script's tasks (foreign.py and "
     "caution.py say when a request's own tool is)"),
)


# ----------------------------------------------------------------------------- docs


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _code(s: str) -> str:
    # A code span that may itself contain backticks needs double backticks around it.
    return f"`` {_cell(s)} ``" if "`" in s else f"`{_cell(s)}`"


def failure_table() -> str:
    """The failure-mode table of docs/TUTOR-SCRIPT.md, generated from FAILURE_MODES."""
    rows = [
        "| id | failure | shows on | what the tutor does | fix |",
        "|---|---|---|---|---|",
    ]
    for f in FAILURE_MODES:
        cells = (f"`{f.id}`", f.failure, f.triggers_on, f.behaviour, f.fix)
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def _quotes(phrasings: tuple[str, ...]) -> str:
    return "<br>".join(f"“{_cell(p)}”" for p in phrasings)


def detection_table() -> str:
    """How each rule is recognised: what counts, where, and examples either way."""
    rows = [
        "| failure | the rule that prevents it | what counts | where it is looked for | "
        "counts | does not count |",
        "|---|---|---|---|---|---|",
    ]
    for f in FAILURE_MODES:
        cells = (f"`{f.id}`", _cell(f.rule), _cell(f.recognised), _cell(f.where),
                 _quotes(f.counts), _quotes(f.look_alikes))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def task_table() -> str:
    """The task table of docs/TUTOR-SCRIPT.md, generated from TASKS."""
    rows = ["| task | example prompt | patterns (case-insensitive; the first match wins) |",
            "|---|---|---|"]
    for t in TASKS:
        patterns = "<br>".join(_code(p) for p in t.patterns)
        rows.append(f"| `{t.name}` | {_cell(t.example)} | {patterns} |")
    return "\n".join(rows)


def task_tools_table() -> str:
    """What each task does with each kind of tool set."""
    rows = [
        "| task | list/read/edit (00-03) | search/read_lines/edit (04+) | text editor + bash (08) "
        "| bash only | with a whole-file write tool |",
        "|---|---|---|---|---|---|",
    ]
    for t in TASKS:
        cells = (t.with_read_file, t.with_search, t.with_editor, t.with_bash, t.with_write)
        rows.append(f"| `{t.name}` | " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def jobs_table() -> str:
    """How a custom tool's job is recognised, and what the tutor uses it for."""
    rows = ["| job | recognised by | used for |", "|---|---|---|"]
    rows += [f"| `{job}` | {_cell(by)} | {_cell(use)} |" for job, by, use in JOB_DOCS]
    return "\n".join(rows)


def operations_table() -> str:
    """Which tool performs each operation, best first."""
    rows = ["| operation | tried in this order |", "|---|---|"]
    for op, roles in OP_PREFERENCES.items():
        rows.append(f"| {op} | " + " → ".join(_ROLE_NAMES.get(r, r) for r in roles) + " |")
    return "\n".join(rows)


def shell_table() -> str:
    """The commands the tutor writes for each operation when a shell is the tool."""
    from agentcourse.tutor import shell

    examples = (
        ("list", shell.list_dir(".")),
        ("read", shell.read("utils.py")),
        ("read_lines", shell.read_lines("math_utils.py", 3, 8)),
        ("search", shell.search("def add", "math_utils.py")),
        ("create", shell.create("hello.py", HELLO_SOURCE)),
        ("edit", shell.edit("math_utils.py", "def add(a, b):",
                            'def add(a, b):\n    """Return the sum of a and b."""')),
        ("run", shell.test_command(["tests.py"])),
    )
    rows = ["| operation | command (an example) |", "|---|---|"]
    for op, command in examples:
        lines = [
            re.sub(r"^ +", lambda m: "&nbsp;" * len(m[0]), line.replace("&", "&amp;").replace(
                "<", "&lt;").replace("|", "\\|"))
            for line in command.split("\n")
        ]
        rows.append(f"| {op} | <code>{'<br>'.join(lines)}</code> |")
    return "\n".join(rows)


_ROLE_NAMES = {
    "bash": "a shell (`bash`)",
    "editor": "the text editor",
    "write": "a whole-file write tool",
    "edit": "an exact-replace edit tool",
    "read": "a read tool",
    "read_lines": "a read_lines tool",
    "list": "a list tool",
    "search": "a search tool",
}


GENERATED = {
    "jobs": jobs_table,
    "operations": operations_table,
    "shell": shell_table,
    "tasks": task_table,
    "task-tools": task_tools_table,
    "failure-modes": failure_table,
    "detection": detection_table,
}


def render_doc(doc: str) -> str:
    """`doc` with every generated table (between its BEGIN/END markers) brought up to date."""
    for name, table in GENERATED.items():
        begin, end = f"<!-- BEGIN {name} (generated) -->", f"<!-- END {name} -->"
        head, _, rest = doc.partition(begin)
        _, _, tail = rest.partition(end)
        doc = f"{head}{begin}\n{table()}\n{end}{tail}"
    return doc


if __name__ == "__main__":
    # python -m agentcourse.tutor.script          prints the tables
    # python -m agentcourse.tutor.script --write  updates them in docs/TUTOR-SCRIPT.md
    import sys

    from agentcourse.paths import REPO_ROOT

    if sys.argv[1:] == ["--write"]:
        path = REPO_ROOT / "docs" / "TUTOR-SCRIPT.md"
        tmp = path.with_suffix(".md.tmp")
        tmp.write_text(render_doc(path.read_text(encoding="utf-8")), encoding="utf-8")
        tmp.replace(path)
    else:
        print(task_table(), failure_table(), detection_table(), sep="\n\n")


# ----------------------------------------------------------------------------- plain words

# What people wrap a request in: a polite opening, a courtesy at the end, code quotes.
_OPENING = re.compile(r"^\s*(?:(?:please|kindly|could you|can you|would you|will you|i'd like you to|"
                      r"i want you to|go ahead and|hey|hi|hello|hi there|ok|okay)[\s,!.]+)+", re.I)
_ASKING = re.compile(r"\b(?:could|can|would|will) you\b", re.I)  # "Could you ...?" asks for work
_COURTESY = re.compile(r"(?:[\s,;.!-]+(?:please|thanks|thank you|thx|cheers|ta)\b[\s.!]*)+$", re.I)
_INNER = re.compile(r"^[^,]{1,80},\s*((?:please|could you|can you|would you|will you)\s+)", re.I)
_FILE_FIRST = re.compile(rf"^\s*(?P<file>{_PY})\s*:\s+(?P<rest>\S.*)$", re.S)


def plain(request: str) -> str:
    """`request` in the words the tasks' patterns are written in: code quotes dropped, a
    polite opening and closing courtesy removed ("Could you ...?" is a request, so its
    question mark becomes a full stop), and a file named first ("app.py: add ...") moved
    into an "In app.py, ..." clause. The tutor tries a request as typed first."""
    text = request.replace("`", "").strip()
    polite = _OPENING.match(text)
    text = text[polite.end():] if polite else text
    inner = _INNER.search(text)  # "In app.py, could you add ...?"
    if inner:
        polite = polite or inner
        text = text[:inner.start(1)] + text[inner.end():]
    text = _COURTESY.sub("", text).strip()
    if polite and _ASKING.search(polite[0]) and text.endswith("?"):
        text = text[:-1].rstrip() + "."
    m = _FILE_FIRST.match(text)
    if m:
        rest = m["rest"]  # "Add ..." becomes "add ...", a CONSTANT keeps its case
        text = f"In {m['file']}, {rest[:1].lower() if rest[1:2].islower() else rest[:1]}{rest[1:]}"
    # A sentence starts with a capital again, but a name stays as it is ("add_one to ...").
    return text[:1].upper() + text[1:] if polite and re.match(r"[a-z]+(?=[\s,])", text) else text
