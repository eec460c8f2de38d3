"""The tutor model's script, kept as data: what it writes, what it says, and how it
recognises the jobs of the tools it is offered.

The decisions live in act/ (brain.py dispatches, one small state machine per task);
everything a lecture, lab or test might want to quote or reuse of them lives here:

- the canned source code and reply templates;
- how tools are recognised (PARAM_NAMES, TOOL_WORDS, OP_PREFERENCES, JOB_DOCS).

The requests the tutor knows (TASKS, and the plain-words patterns wording.py takes off)
are in tasks.py, the Lecture 5.3 failure modes (FAILURE_MODES) in failure_modes.py, and
their record types (Task, FailureMode) in script_types.py; the builders of API-shaped
blocks and messages (text(), tool_use(), ...) in agentcourse/api/blocks.py. The tables in
docs/TUTOR-SCRIPT.md are generated from these modules by agentcourse/tutor/script_doc.py
(`python -m agentcourse.tutor.script_doc --write` updates them); a test keeps them in sync.
"""

from __future__ import annotations

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
NOTHING_FOUND = "I searched the deferred tools for what this request needs and found none that fits."
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
# called edit_file taking (path, content) writes whole files. See tool_jobs.classify.

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

# Which tool performs an operation, best first (a job name; see tool_jobs.classify).
OP_PREFERENCES: dict[str, tuple[str, ...]] = {
    "list": ("list", "bash", "editor"),
    "read": ("read", "editor", "bash", "read_lines"),
    "read_lines": ("read_lines", "editor", "bash"),
    "search": ("search", "bash"),
    "edit": ("edit", "editor", "bash", "write"),  # write: a whole new text, from a complete read
    "create": ("write", "editor", "edit", "bash"),  # create_tasks.create_via refines this order
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
