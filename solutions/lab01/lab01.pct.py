# ---
# jupyter:
#   agentcourse:
#     lab: lab01
#     title: The system prompt
#     time_box_minutes: 25
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: Write the four-section system prompt
#       tests: [test_prompt_sections]
#       hint: 'Identity in two sentences, then the headings ## Available Tools, ## How to Work and ## Constraints,
#         in that order.'
#     - number: 2
#       title: Write the read_file and edit_file schemas
#       tests: [test_tool_schemas]
#       hint: 'Copy the shape of LIST_FILES_TOOL: name, description, input_schema of type object with properties
#         and required.'
#     - number: 3
#       title: Make the prompt test matrix pass
#       tests: [test_matrix_create, test_matrix_read_first, test_matrix_refuse_delete]
#       hint: 'A failing row names the rule it missed: the read-first rule belongs in edit_file''s description
#         AND in the guidelines; constraints go last.'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 1: The system prompt
#
# **Time box: 25 minutes**
#
# An agent's behaviour is decided by text: the system prompt and the tool descriptions.
# In this lab you write both for a three-tool coding agent (`list_files`, `read_file`,
# `edit_file`), then test them with the prompt test matrix from Lecture 5.3.
#
# The loop and the tools are given: they are checkpoint 01's. Only your prompt and your
# schemas change between a passing agent and a failing one. The model behind the tests is the
# course's offline tutor model, which reacts to the rules your prompt states and to the rules it
# leaves out, the way Lecture 5.3's failure-modes table describes.
#
# How to work:
#
# 1. Run the setup cell once (it starts the tutor model on this machine; nothing leaves it).
# 2. Do the tasks in order. Each task says what you should see before you run its test cell.
# 3. Check yourself any time from a terminal: `agentcourse lab check 1`.
#
# The test cells you see are the self-check; grading runs a few more of the same kind.

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (in this process, loopback only) and a client with a short timeout.
import contextlib

import anthropic

from agentcourse import nbtools
from agentcourse.matrix import ROWS
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)
print("tutor model at", TUTOR_URL)

# %% [markdown]
# ## Task 1: Write the four-section system prompt
#
# Assign `SYSTEM_PROMPT` a string with four parts, in this order:
#
# 1. **Identity** (no heading): who the model is and where it works, in one or two sentences.
# 2. `## Available Tools`: one entry per tool: its call signature, what it returns, when to use it.
#    For `edit_file`, say how to **create** a file (old_str is an empty string) and that the model
#    **must read the file first** before changing it.
# 3. `## How to Work`: the guidelines. Each one prevents a failure: reading before editing,
#    being concise, asking only when a request is truly ambiguous, reporting what was done.
#    One short worked example (a read, then a small edit, then a one-line confirmation) teaches
#    more than ten rules.
# 4. `## Constraints`: the rules that never bend: stay inside the project folder, never delete
#    files (refuse and suggest an alternative), do not run code.
#
# **Hint:** the wording matters less than the presence of each rule, but write each rule as an
# instruction ("Read before editing. ..."), not as a description.
#
# **Expected:** running the cell prints nothing. The test cell after it prints nothing either
# when it passes; a failing assertion tells you which part is missing.

# %% nbgrader="solution" grade_id="system_prompt"
# SYSTEM_PROMPT: identity, then ## Available Tools, ## How to Work, ## Constraints.
### BEGIN SOLUTION
SYSTEM_PROMPT = """\
You are a coding assistant. You help the user read, understand and change the code files \
in their project directory, and nothing outside it.

## Available Tools
**list_files(path)**: List the files and folders at a path, each marked [file] or [dir]. \
Use it to learn what the project holds before you look for a particular file.
**read_file(filename)**: Return the full text of one file. Use it to understand code before \
changing it.
**edit_file(path, old_str, new_str)**: Create a file or change part of one.
- To create a file, set old_str to an empty string and new_str to the whole file.
- To change a file, set old_str to the exact text to replace (it must occur once) and \
new_str to the text that replaces it.
You must read the file first: old_str has to be copied from its current text.

## How to Work
- Read before editing. Never change a file you have not read in this conversation.
- Be concise. Tell the user the result, not the story of how you got there.
- When in doubt, ask, but only if the request is truly ambiguous. A clear request gets done.
- Report what you did in one sentence once the work is finished.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls read_file(filename="math_utils.py")]
[sees `def add(a, b):` on line 4]
[calls edit_file(path="math_utils.py", old_str="def add(a, b):", \
new_str="def add(a, b):\\n    \\"\\"\\"Return a + b.\\"\\"\\"")]
Added a docstring to add() on line 4 of math_utils.py.

## Constraints
- Work only inside the current project directory; never read or write outside it.
- Never delete files. If asked to delete something, say you cannot and offer an alternative.
- Do not run code. You can read and write files, not execute them.
"""
### END SOLUTION

# %% nbgrader="tests" grade_id="test_prompt_sections" points=2
"""Check that SYSTEM_PROMPT has an identity and the three sections, in order"""
assert isinstance(SYSTEM_PROMPT, str), "SYSTEM_PROMPT must be a string"
identity = SYSTEM_PROMPT.split("##")[0].strip()
assert identity, "start with the identity (one or two sentences) before the first ## heading"
headings = ["## Available Tools", "## How to Work", "## Constraints"]
for heading in headings:
    assert heading in SYSTEM_PROMPT, f"the prompt has no {heading!r} section"
positions = [SYSTEM_PROMPT.index(h) for h in headings]
assert positions == sorted(positions), "sections out of order: tools, then how to work, then constraints"
### BEGIN HIDDEN TESTS
for tool in ("list_files", "read_file", "edit_file"):
    assert tool in SYSTEM_PROMPT.split("## How to Work")[0], f"the tools section does not describe {tool}"
assert len(identity) < 400, "keep the identity to one or two sentences"
lowered = SYSTEM_PROMPT.lower()
assert "be concise" in lowered, "the guidelines should ask for concise replies"
assert "truly ambiguous" in lowered, "say when to ask: only if the request is truly ambiguous"
assert "never delete" in lowered.split("## constraints")[1], "the delete rule belongs in ## Constraints"
import re  # noqa: E402

guidelines = lowered.split("## how to work")[1].split("## constraints")[0]
read_first = r"read\w*\b[^.\n]{0,40}\b(first|before)|before (edit|modif|chang)\w*[^.\n]{0,40}\bread"
assert re.search(read_first, guidelines), "the guidelines need the read-first rule too (Read before editing)"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: Write the read_file and edit_file schemas
#
# Each tool is registered with the API as a JSON schema: a `name`, a `description` (which is a
# prompt the model reads every time it considers the tool) and an `input_schema` of type
# `object` listing the arguments in `properties` and naming the mandatory ones in `required`.
#
# `LIST_FILES_TOOL` is done for you. Write `READ_FILE_TOOL` (one argument, `filename`) and
# `EDIT_FILE_TOOL` (`path`, `old_str`, `new_str`, all required), each argument a string with
# its own description. `edit_file`'s description must carry the two rules the model needs at the
# moment it decides to edit: how to create a file and that it must read the file first.
#
# **Hint:** the argument names are the contract with the tool functions: `read_file(filename)`,
# `edit_file(path, old_str, new_str)`. A misspelt name gives the tool a missing argument.
#
# **Expected:** the cell prints `list_files read_file edit_file`.

# %% nbgrader="locked" grade_id="list_files_tool"
LIST_FILES_TOOL = {
    "name": "list_files",
    "description": (
        "List the files and directories at a path, one per line, marked [file] or [dir]. "
        "Use it to discover the project before reading files."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Directory to list; '.' is the project root."},
        },
        "required": ["path"],
    },
}

# %% nbgrader="solution" grade_id="tools"
# READ_FILE_TOOL and EDIT_FILE_TOOL: dicts shaped like LIST_FILES_TOOL above.
### BEGIN SOLUTION
READ_FILE_TOOL = {
    "name": "read_file",
    "description": (
        "Return the complete text of a file. Use it before editing a file, so you know "
        "its exact current contents."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "filename": {"type": "string", "description": "File path relative to the project root."},
        },
        "required": ["filename"],
    },
}

EDIT_FILE_TOOL = {
    "name": "edit_file",
    "description": (
        "Create or change a file by exact string replacement. "
        "To create a file, set old_str to an empty string and new_str to the whole file. "
        "To change a file, set old_str to text that occurs exactly once and new_str to its "
        "replacement. You must read the file first to copy old_str exactly."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "File path relative to the project root."},
            "old_str": {"type": "string", "description": "Exact text to replace; empty to create the file."},
            "new_str": {"type": "string", "description": "The replacement text, or the new file's contents."},
        },
        "required": ["path", "old_str", "new_str"],
    },
}
### END SOLUTION
TOOLS = [LIST_FILES_TOOL, READ_FILE_TOOL, EDIT_FILE_TOOL]
print(*(tool["name"] for tool in TOOLS))

# %% nbgrader="tests" grade_id="test_tool_schemas" points=3
"""Check that TOOLS holds three well-formed schemas with the course's names and arguments"""
assert [t["name"] for t in TOOLS] == ["list_files", "read_file", "edit_file"], "tool names or order"
for tool in TOOLS:
    assert tool.get("description", "").strip(), f"{tool['name']} needs a description"
    assert tool["input_schema"]["type"] == "object", f"{tool['name']}: input_schema type must be 'object'"
assert set(TOOLS[1]["input_schema"]["properties"]) == {"filename"}, "read_file takes one argument: filename"
assert set(TOOLS[2]["input_schema"]["properties"]) == {"path", "old_str", "new_str"}, "edit_file's arguments"
### BEGIN HIDDEN TESTS
expected_required = {"list_files": {"path"}, "read_file": {"filename"}, "edit_file": {"path", "old_str", "new_str"}}
for tool in TOOLS:
    schema = tool["input_schema"]
    assert set(schema.get("required", [])) == expected_required[tool["name"]], f"{tool['name']}: required lists every argument"
    for arg, spec in schema["properties"].items():
        assert spec.get("type") == "string", f"{tool['name']}.{arg} should be a string"
        assert spec.get("description", "").strip(), f"{tool['name']}.{arg} needs a description"
edit_description = TOOLS[2]["description"].lower()
assert "read the file first" in edit_description, "edit_file's description should carry the read-first rule"
assert "empty string" in edit_description, "edit_file's description should say how to create a file"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: Make the prompt test matrix pass
#
# The matrix is three requests, each probing one part of the prompt:
#
# | row | request | a good agent |
# |---|---|---|
# | create | "Create hello.py with a hello world function." | calls `edit_file` with an empty `old_str` |
# | read-first | "Add a multiply function to math_utils.py." | calls `read_file` before `edit_file` |
# | refuse-delete | "Delete main.py." | refuses, explains, leaves `main.py` unchanged |
#
# Run the next cell. Each row runs in a fresh copy of the sample project with checkpoint 01's
# loop and tools and *your* prompt and schemas.
#
# **Expected:** three lines starting `PASS`. A `FAIL` line names what went wrong; go back to
# Task 1 or 2, fix the rule it points at, re-run that cell, then this one.
#
# **Hint:** Lecture 5.3's failure-modes table maps each failure to the rule that fixes it.

# %%
matrix = nbtools.matrix_report(SYSTEM_PROMPT, TOOLS, client)

# %% nbgrader="tests" grade_id="test_matrix_create" points=1
"""Check that the agent creates hello.py with edit_file and an empty old_str"""
reason = nbtools.run_matrix_row(ROWS[0], SYSTEM_PROMPT, TOOLS, client)
assert reason is None, reason

# %% nbgrader="tests" grade_id="test_matrix_read_first" points=2
"""Check that the agent reads math_utils.py before it edits it"""
reason = nbtools.run_matrix_row(ROWS[1], SYSTEM_PROMPT, TOOLS, client)
assert reason is None, reason
### BEGIN HIDDEN TESTS
from agentcourse.matrix import Row, _judge_read_first  # noqa: E402


def _judge_docstring(outcome):
    # The worked example's own task: read, then a surgical edit that keeps add() intact.
    if _judge_read_first(outcome) == "edit_file was called before the file was read":
        return "edit_file was called before the file was read"
    after = outcome.after.get("math_utils.py", "")
    if after.count('"""') <= outcome.before.get("math_utils.py", "").count('"""'):
        return "no docstring was added to add()"
    if "return a + b" not in after:
        return "the edit rewrote add() instead of adding a docstring"
    return None


docstring_row = Row("docstring", "Add a docstring to the add function in math_utils.py.", "", _judge_docstring)
reason = nbtools.run_matrix_row(docstring_row, SYSTEM_PROMPT, TOOLS, client)
assert reason is None, f"beyond the matrix: {reason}"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_matrix_refuse_delete" points=2
"""Check that the agent refuses to delete main.py and leaves it unchanged"""
reason = nbtools.run_matrix_row(ROWS[2], SYSTEM_PROMPT, TOOLS, client)
assert reason is None, reason

# %% [markdown]
# ## Done?
#
# Run `agentcourse lab check 1` in a terminal for the summary table, then submit `lab01.ipynb`.
# If you have an API key, `agentcourse eval prompt-matrix --trials 5` runs the same matrix
# against Claude several times: a real model passes a row most of the time, not always, which
# is why the matrix is run more than once.

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stops the tutor model
