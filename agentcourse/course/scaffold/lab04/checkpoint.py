"""What Lab 4's checks need of checkpoint 04 that is not an answer: its limits, the parts of
its system prompt around the tools section (the section is Task 3's answer), and its four
tool signatures as plain schemas.
"""

from __future__ import annotations

SEARCH_MAX_MATCHES = 50  # matching lines per search_file call (checkpoint 04's cap)
READ_LINES_MAX = 200  # lines per read_lines call
LINE_MAX_CHARS = 2000  # a longer line is cut to this many characters
MARKER_SLACK = 40  # characters a cut line may carry after the cut (a marker such as " [...]")
FAR_BYTES = 64 * 1024  # bytes past the last line asked for that a read must never depend on
STANDARD_TASK = "In config_loader.py, change the default timeout of parse_config from 30 to 60."

# Checkpoint 04's system prompt around its tools section (the section is Task 3's answer).
PROMPT_HEAD = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

"""
PROMPT_TAIL = """\
## How to Work
- Search, then read, then edit: find the place with search_file, read the lines \
around it with read_lines, then change them with edit_file.
- Read before editing. Never change lines you have not read with read_lines in this \
conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls search_file(pattern="def add", path="math_utils.py")]
[gets `math_utils.py:4: def add(a, b):`]
[calls read_lines(path="math_utils.py", start=4, end=5)]
[calls edit_file(path="math_utils.py", old_str="def add(a, b):", \
new_str="def add(a, b):\\n    \\"\\"\\"Return the sum of a and b.\\"\\"\\"")]
Added a one-line docstring to add() on line 4 of math_utils.py.

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files. If the user asks you to delete something, say that you cannot \
and suggest an alternative.
- Do not run code. You can read and write files, but not execute them.
"""


def _plain(name: str, description: str, **params: str) -> dict:
    properties = {key: {"type": kind, "description": key.replace("_", " ")} for key, kind in params.items()}
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": properties, "required": list(params)}}


# Checkpoint 04's four tools with descriptions of a few plain words: the only rules the model
# gets about the tools are the ones the student's section states.
PLAIN_TOOLS = [
    _plain("list_files", "List a folder.", path="string"),
    _plain("search_file", "Search files.", pattern="string", path="string"),
    _plain("read_lines", "Read lines of a file.", path="string", start="integer", end="integer"),
    _plain("edit_file", "Create or edit a file.", path="string", old_str="string", new_str="string"),
]
