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
    """One request the tutor knows, and what it does with each set of tools."""

    name: str  # id used by brain.py's dispatch table and in the docs
    pattern: str  # regex searched (case-insensitive) in the user's message
    example: str  # the course's prompt for this task
    with_read_file: str  # behaviour with list_files / read_file / edit_file (00-03)
    with_search: str  # behaviour with search_file / read_lines / edit_file (04+)
    with_editor: str  # behaviour with the text editor (str_replace_based_edit_tool) and bash

    def match(self, prompt: str) -> re.Match | None:
        return re.search(self.pattern, prompt, re.IGNORECASE)


_FILE = r"[\w./-]+"  # a file name as users type it ("math_utils.py", "src/app.py")

# Order matters: the first task whose pattern matches wins.
TASKS: tuple[Task, ...] = (
    Task(
        "explain-tool",
        r"^\s*what (?:does|is) (?:the )?`?(?P<tool>\w+)`?(?: tool)?(?: do)?\s*\??\s*$",
        "What does edit_file do?",
        "no tool call: a reply built from that tool's description and parameters in the request",
        "same",
        "same (the Anthropic tools have no description in the request: a built-in summary)",
    ),
    Task(
        "summarize",
        r"\bsummari[sz]e (?:every|each|all(?: the)?) files?\b",
        "Summarize every file in this project.",
        'list_files("."), then read_file once per file, one call per response (the context '
        "grows step by step), then one summary line per file built from the real contents",
        "list_files, then read_lines(path, 1, 200) once per file, then the summary",
        "bash `ls -1p .` (or view .), then view once per file, then the summary",
    ),
    Task(
        "list",
        r"\b(?:what|which) files\b|\blist (?:the |all (?:the )?)?files\b",
        "What files are in this project?",
        'list_files("."), then a reply naming the files and folders',
        "same",
        "bash `ls -1p .`, or view on the directory",
    ),
    Task(
        "read-many",
        rf"^\s*(?:please\s+)?read\s+(?P<files>{_FILE}(?:\s*(?:,|and|&)\s*(?:and\s+)?{_FILE})+)\s*\.?\s*$",
        "Read utils.py and tests.py.",
        "one response with a read_file call per file (parallel tool_use blocks), then one line "
        "per file; with disable_parallel_tool_use the reads come one per response",
        "parallel read_lines(path, 1, 200) calls, then the same reply",
        "parallel view calls, then the same reply",
    ),
    Task(
        "create",
        rf"^(?=.*\bhello\b)(?=.*?\b(?P<file>{_FILE}\.(?:py|js))\b).*\b(?:create|make|write)\b",
        "Create hello.py with a hello world function.",
        'edit_file(path, old_str="", new_str=<hello() source>), then "Done — created ..."; '
        'also Lecture 5.3\'s "Write a JavaScript hello world and put it in hello.js."',
        "same",
        "the editor's create command with file_text, then the same reply",
    ),
    Task(
        "delete",
        rf"^\s*(?:please\s+)?(?:delete|remove|rm)\s+(?:the\s+file\s+)?(?P<file>{_FILE}\.\w+)",
        "Delete main.py.",
        "no tool call: explains it cannot delete files and suggests alternatives "
        "(see failure mode deletes-by-emptying)",
        "same",
        "same",
    ),
    Task(
        "multiply",
        rf"\badd (?:a )?multiply function(?: to (?P<file>{_FILE}\.py))?",
        "Add a multiply function to math_utils.py.",
        "read_file, then edit_file whose old_str is the file's last unique line(s) and whose "
        "new_str appends multiply(a, b) with a docstring",
        "read_lines(path, 1, 200) as the read, then the same edit",
        "view, then str_replace",
    ),
    Task(
        "docstring",
        rf"\badd (?:a )?(?:one-line )?docstring to (?:the )?(?P<func>\w+)(?: function)?(?: in (?P<file>{_FILE}\.py))?",
        "Add a docstring to the add function in math_utils.py.",
        'read_file, then edit_file(old_str="def add(a, b):", new_str=<def line + docstring>)',
        'search_file("def add", path), read_lines around the match, then the same edit',
        "view, then str_replace (bash grep -n + view_range when bash is offered)",
    ),
    Task(
        "main-block",
        rf"\badd (?:a )?main block to (?P<file>{_FILE}\.py)",
        "Add a main block to hello.py",
        'read_file, then edit_file appending `if __name__ == "__main__":` that calls the '
        "file's first function without parameters",
        "read_lines(path, 1, 200) as the read, then the same edit",
        "view, then str_replace",
    ),
    Task(
        "change-default",
        rf"(?:\bin (?P<file>{_FILE}\.py),?\s+)?change the default (?P<param>\w+) of (?P<func>\w+)"
        rf"(?: in (?P<file2>{_FILE}\.py))? from (?P<old>[\w.\"']+?) to (?P<new>[\w.\"']+?)\.?\s*$",
        "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
        "read_file of the whole file, then edit_file on the signature line",
        'search_file("def parse_config", path), read_lines(n-1, n+4), then edit_file on the '
        "signature line: a fraction of the tokens of reading the whole file",
        "bash grep -n + view with view_range when bash is offered, else view of the whole "
        "file; then str_replace",
    ),
)

TASK_PROMPTS: tuple[str, ...] = tuple(t.example for t in TASKS)


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
        "not read; read first; read, then edit",
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
        "forbidden\", or a request to delete answered with a refusal; the object must be "
        "files (or unstated), not lines or code",
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
        "limit (\"at most 50 words\", \"one sentence\"), or narration and padding forbidden "
        "(\"do not narrate your steps\", \"no filler\"); not brevity of code, names or "
        "docstrings",
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
        recognised="a clarification rule (ask, clarify, check with the user) switches it on; a "
        "limit anywhere switches it off: only if/when unclear, don't ask about clear requests, "
        "act instead of asking, as a last resort, sparingly. No clarification rule at all: it "
        "simply acts",
        where=ANYWHERE,
        counts=(
            "Only ask questions when the request is genuinely unclear.",
            "If a request is clear, act without asking.",
            "Avoid unnecessary clarifying questions.",
        ),
        look_alikes=(
            "When in doubt, ask.",
            "If a request is ambiguous, ask one clarifying question before acting.",
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

HELLO_SOURCE = '''\
def hello():
    """Print a friendly greeting."""
    print("Hello, world!")
'''
HELLO_SOURCES = {  # by file extension
    ".py": HELLO_SOURCE,
    ".js": 'function hello() {\n  console.log("Hello, world!");\n}\n\nhello();\n',
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
}
GENERIC_DOCSTRING = "Describe what {func} does."

# How many lines a "whole file" read asks for when only read_lines is offered.
WHOLE_FILE_LINES = 200
# read_lines window around a search match, as (lines before, lines after).
WINDOW = (1, 4)
# The summary task reads at most this many files.
MAX_SUMMARY_FILES = 20
# A turn that takes more tool steps than this is stopped with an honest reply.
MAX_STEPS = 40

# ----------------------------------------------------------------------------- what it says

DONE = {
    "create": 'Done — created {path} with a hello() function that prints "Hello, world!".',
    "multiply": "Done — added the multiply function to {path}{where}.",
    "docstring": "Done — added a one-line docstring to the {func} function{where}.",
    "main-block": "Done — added a main block to {path} that calls {call}.",
    "change-default": "Done — changed the default {param} of {func} from {old} to {new}{where}.",
    "emptied": "Done — I have no delete tool, so I removed all of {path}'s contents; the empty "
    "file is still there.",
}

CLARIFY = {
    "multiply": "Before I change {path}: should multiply take two numbers (a, b) and return "
    "a * b, like the other functions there, and should it go at the end of the file?",
}

REFUSE_DELETE = (
    "I can't delete files: that is outside what I'm allowed to do here. To remove {path}, "
    "delete it yourself (for example `rm {path}`), or rename it (say to {path}.bak) if you "
    "might want it back. I can also move any code you want to keep into another file first."
)

ALREADY = {
    "multiply": "{path} already has a multiply function; I left it unchanged.",
    "docstring": "The {func} function in {path} already has a docstring; I left it unchanged.",
    "main-block": "{path} already has a main block; I left it unchanged.",
    "change-default": "The default {param} of {func} is not {old} in {path} (the signature is "
    "`{signature}`); I left it unchanged.",
}

FAILED = "I couldn't {what} {path}: {error}"
NOT_FOUND = "I couldn't find {thing} in {path}; nothing was changed."
NO_TOOL = "I can't do that with the tools in this conversation ({tools}): I need a tool to {need}."
TOO_MANY_STEPS = "I'm stopping here: this request has taken {n} tool calls without finishing."

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
    "create": "I'll create {path} now.",
    "many": "I'll read {paths}; the reads are independent, so I'll ask for them together.",
}
# ...and the steps retold in the final reply.
RETELL = {
    "list": "listed the files in {path}",
    "read": "read {path} to understand its contents",
    "search": "searched {path} for `{pattern}`",
    "read_lines": "read lines {start} to {end} of {path}",
    "edit": "edited {path} with {tool}",
    "create": "created {path} with {tool}",
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

# How the tutor recognises a custom tool's job from its name (first match wins), and a
# parameter's job from its name. Student labs may rename things a little.
TOOL_ROLES: tuple[tuple[str, str], ...] = (
    ("read_lines", r"read_?lines|lines"),
    ("search", r"search|grep|find"),
    ("list", r"^list|_list|^ls$|dir"),
    ("read", r"read|cat|open|view|show"),
    ("edit", r"edit|write|replace|patch"),
)
PARAM_ROLES: dict[str, str] = {
    "path": r"path|file|name|dir",
    "pattern": r"pattern|query|regex|search|term|text",
    "start": r"start|from|first|begin",
    "end": r"end|to$|last|stop",
    "old": r"old|find|search|target",
    "new": r"new|replace|content|text",
}
EDITOR_NAMES = ("str_replace_based_edit_tool", "str_replace_editor")


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
    rows = [
        "| task | example prompt | pattern (case-insensitive) | list/read/edit (00-03) | "
        "search/read_lines/edit (04+) | text editor + bash (08) |",
        "|---|---|---|---|---|---|",
    ]
    for t in TASKS:
        cells = (t.example, t.with_read_file, t.with_search, t.with_editor)
        rows.append(
            f"| `{t.name}` | {_cell(cells[0])} | {_code(t.pattern)} | "
            + " | ".join(_cell(c) for c in cells[1:])
            + " |"
        )
    return "\n".join(rows)


GENERATED = {"tasks": task_table, "failure-modes": failure_table, "detection": detection_table}


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
