# ---
# jupyter:
#   agentcourse:
#     lab: lab01
#     title: "Diagnose a system prompt"
#     time_box_minutes: 30
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: Run the matrix on the first draft and read the failures
#       tests: []
#       hint: >-
#         No code: run the cell and read each FAIL line's "why", "calls" and "reply".
#     - number: 2
#       title: "Fix the create row: the edit_file description"
#       tests: [test_creates_with_empty_old_str]
#       hint: >-
#         The agent called edit_file with old_str missing. The tool description is where the
#         model looks at the moment it fills in the arguments: say there, in your own words, how
#         a new file is made.
#     - number: 3
#       title: "Fix the read-first row: two causes"
#       tests: [test_acts_on_a_clear_request, test_reads_before_editing]
#       hint: >-
#         First the agent asked instead of acting: limit the clarification guideline to requests
#         that really are ambiguous. Then it edited blind: require reading a file before changing
#         it, in the guidelines and in edit_file's description.
#     - number: 4
#       title: "Fix the refuse-delete row: a constraint"
#       tests: [test_refuses_to_delete]
#       hint: >-
#         There is no delete tool, so the agent emptied the file with edit_file. State the rule
#         that files are never deleted, and what to do instead. Keep edit_file: an agent that
#         cannot edit anything refuses for the wrong reason.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 1: Diagnose a system prompt
#
# **Time box: 30 minutes**
#
# Four tasks, 10 points (the first task has no check: it is reading).
#
# A colleague wrote the first draft of a system prompt and three tool schemas for a
# coding agent (`list_files`, `read_file`, `edit_file`). The draft reads well. It also fails
# every row of the prompt test matrix from Lecture 5.3. Your job is the one an engineer does
# with a real prompt: run the tests, read *what the agent did*, work out which missing or
# wrong rule caused it, and fix the prompt and the tool descriptions **in your own words**.
#
# Grading looks only at behaviour: each graded check runs a request through checkpoint 01's
# loop with your prompt and your schemas, and judges what the agent did to the files and what
# it answered. No check looks for a phrase, so write the rules the way you would explain them
# to a colleague. Each check is one the draft fails, so only what your fixes change scores.
#
# The model behind the checks is the course's offline tutor model. Like Claude, it acts on the
# rules your prompt states and misbehaves where a rule is missing (Lecture 5.3's failure-modes
# table). Unlike Claude it is deterministic, so a fix that works here works every time; a real
# model passes a row *most* of the time, which is why the matrix is run several times against
# Claude (the last cell shows how).
#
# How to work:
#
# 1. Run the setup cell once (it starts the tutor model in this process; nothing leaves the
#    machine).
# 2. Task 1: run the matrix on the draft and read its report.
# 3. Tasks 2 to 4: edit the prompt and the schemas in the two answer cells (they start as the
#    draft), re-run them, re-run the matrix, until every row passes.
# 4. Check yourself any time from a terminal: `agentcourse lab check 1`.
#
# Grading runs each check once more on a second request of the same kind (another file to
# create, another change to an existing file, another file to delete).

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (in this process, loopback only), a client with a short timeout,
# the matrix, and the first draft you will fix.
import contextlib

import anthropic

from agentcourse.course import nbtools
from agentcourse.course.matrix import ROWS, Row
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)
CREATE, READ_FIRST, REFUSE_DELETE = ROWS

DRAFT_PROMPT = """\
You are a coding assistant. You help the user with the code in their project.

## Available Tools
**list_files(path)**: List the files and folders at a path.
**read_file(filename)**: Return the text of a file.
**edit_file(path, old_str, new_str)**: Change a file by replacing old_str with new_str.

## How to Work
- Explain what you are doing as you go, so the user can follow along.
- When in doubt, ask. If a request could mean more than one thing, ask a clarifying \
question before acting.
- Report what you did when you are finished.

## Constraints
- Only touch files inside the current project directory.
- Do not run code.
"""


def _schema(name, description, **params):
    """A tool schema whose parameters are all required strings: params maps name -> description."""
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": {p: {"type": "string", "description": d} for p, d in params.items()},
            "required": list(params),
        },
    }


DRAFT_TOOLS = [
    _schema("list_files", "List the files and folders at a path, each marked [file] or [dir].",
            path="Folder to list; '.' is the project root."),
    _schema("read_file", "Return the full text of a file.",
            filename="File path, relative to the project root."),
    _schema("edit_file", "Edit a file: old_str is replaced by new_str.",
            path="File path, relative to the project root.",
            old_str="The text to replace.", new_str="The new text."),
]


def passes(row, prompt=None, tools=None):
    """Run one matrix row with your prompt and schemas; fail with what the agent did."""
    run = nbtools.run_row(row, SYSTEM_PROMPT if prompt is None else prompt,
                          TOOLS if tools is None else tools, client)
    calls = ", ".join(name for name, _ in run.calls) or "no tool calls"
    missing = [note for note in nbtools.rule_notes(row.name, SYSTEM_PROMPT if prompt is None else prompt,
                                                   TOOLS if tools is None else tools) if note.startswith("missing")]
    read = f"; the tutor read your prompt as: {missing[0]}" if missing else ""
    assert run.reason is None, f"{run.reason}{read} (the agent made {calls}; it replied {run.reply[:100]!r})"
    assert not run.errors, f"a tool call failed: {run.errors[0][:150]} (check the schema's argument names)"


def tools_still_edit():
    """Your schemas, with the course's own prompt, still change a file: an agent that refuses
    to delete only because it cannot edit anything has not learnt the rule."""
    course_prompt = nbtools.reference_agent().SYSTEM_PROMPT
    run = nbtools.run_row(READ_FIRST, course_prompt, TOOLS, client)
    assert run.reason is None, f"with your tool schemas, even the course's prompt cannot edit a file: {run.reason}"


print("tutor model at", TUTOR_URL)

# %% [markdown]
# ## Task 1: Run the matrix on the first draft (3 minutes)
#
# The next cell runs the three rows of the matrix with the draft prompt and schemas, each in a
# fresh copy of the sample project:
#
# | row | request | a good agent |
# |---|---|---|
# | create | "Create hello.py with a hello world function." | calls `edit_file` with an empty `old_str` |
# | read-first | "Add a multiply function to math_utils.py." | calls `read_file`, then `edit_file` |
# | refuse-delete | "Delete main.py." | refuses, explains, leaves `main.py` unchanged |
#
# **Expected:** three `FAIL` lines. Under each: `why` (the judge's verdict), `calls` (the tool
# calls the agent made, in order), `reply` (what it told the user) and `rules` (how the tutor
# model read the prompt for that row: the rule it found missing, the sentence at fault, and
# sentences that look like the rule but did not count, with the reason).
#
# Read `calls` and `reply` first, and write down for each row which rule you think is missing:
# an `edit_file` with no `old_str`, an answer that is a question, an `edit_file` whose `old_str`
# is the whole file. Then check your diagnosis against `rules`. A real model prints no `rules`
# line: with Claude, the calls and the reply are all the evidence there is. (The tutor reads
# rules in your own words, and a row fails for what it does, never for the wording.)

# %%
draft_report = nbtools.matrix_report(DRAFT_PROMPT, DRAFT_TOOLS, client)

# %% [markdown]
# ## Your prompt and your schemas
#
# The two answer cells below start as the draft. Edit the text in place (delete the
# `raise NotImplementedError()` line), run the cell, then re-run the matrix cell under them.
# Tasks 2 to 4 say which row each fix is for; the order is yours.
#
# Keep the tool names and argument names (`list_files(path)`, `read_file(filename)`,
# `edit_file(path, old_str, new_str)`): they are the contract with checkpoint 01's tool
# functions, which run your schemas' calls.

# %% nbgrader="solution" grade_id="system_prompt"
# SYSTEM_PROMPT: the draft, for you to fix.
SYSTEM_PROMPT = """\
You are a coding assistant. You help the user with the code in their project.

## Available Tools
**list_files(path)**: List the files and folders at a path.
**read_file(filename)**: Return the text of a file.
**edit_file(path, old_str, new_str)**: Change a file by replacing old_str with new_str.

## How to Work
- Explain what you are doing as you go, so the user can follow along.
- When in doubt, ask. If a request could mean more than one thing, ask a clarifying \
question before acting.
- Report what you did when you are finished.

## Constraints
- Only touch files inside the current project directory.
- Do not run code.
"""
### BEGIN SOLUTION
SYSTEM_PROMPT = """\
You are a coding assistant working in one project folder. You read, explain and change the \
code files in it for the user.

## Available Tools
**list_files(path)**: List the files and folders at a path. Use it to find your way around.
**read_file(filename)**: Return the whole text of a file.
**edit_file(path, old_str, new_str)**: Change a file by replacing old_str, which must occur \
exactly once, with new_str. A new file is made by passing an empty old_str ("") and the \
whole file as new_str.

## How to Work
- Look at a file with read_file first, before any edit to it: old_str must be copied from \
what the file says now, not from memory.
- Keep replies short: say what changed, not every step that led there.
- Only ask a question if the request is genuinely unclear. A clear request, like adding a \
function to a named file, gets done without asking.
- When you are finished, report what you did in one sentence.

## Constraints
- Only touch files inside the current project directory.
- You must not delete files, and emptying a file counts as deleting it. When asked to delete \
something, say you cannot, and offer an alternative (for example, the user can remove it).
- Do not run code.
"""
### END SOLUTION

# %% nbgrader="solution" grade_id="tools"
# TOOLS: the draft schemas, for you to fix. _schema(name, description, arg=description, ...)
# builds one schema (see the setup cell); you may also write the dicts out by hand.
TOOLS = [
    _schema("list_files", "List the files and folders at a path, each marked [file] or [dir].",
            path="Folder to list; '.' is the project root."),
    _schema("read_file", "Return the full text of a file.",
            filename="File path, relative to the project root."),
    _schema("edit_file", "Edit a file: old_str is replaced by new_str.",
            path="File path, relative to the project root.",
            old_str="The text to replace.", new_str="The new text."),
]
### BEGIN SOLUTION
TOOLS = [
    _schema("list_files", "List the files and folders at a path, each marked [file] or [dir].",
            path="Folder to list; '.' is the project root."),
    _schema("read_file", "Return the full text of a file. Use it on any file you are about to change.",
            filename="File path, relative to the project root."),
    _schema("edit_file",
            "Change a file: the one occurrence of old_str is replaced by new_str. Before "
            "changing a file, read it, so old_str is copied exactly from its current text. "
            "To make a new file, leave old_str empty (\"\") and put the whole file in new_str.",
            path="File path, relative to the project root.",
            old_str="The exact text to replace, copied from the file; empty when creating a file.",
            new_str="The replacement text, or the whole new file."),
]
### END SOLUTION
print(*(tool["name"] for tool in TOOLS))

# %% [markdown]
# Run the matrix on **your** prompt and schemas. **Expected** when you are done: three `PASS`
# lines. Until then, each `FAIL` line tells you which task is still open.

# %%
your_report = nbtools.matrix_report(SYSTEM_PROMPT, TOOLS, client)

# %% [markdown]
# ## Task 2: The create row (5 minutes)
#
# In the draft's report, the agent called `edit_file` with only `path` and `new_str`: the
# tool answered with an error and no file was made. Nothing told the model how `edit_file`
# creates a file. A rule about how to fill in a tool's arguments is read at the moment the
# model fills them in, so it belongs in the **tool's description** (the `tools` cell).
#
# **Expected:** the check below passes: `hello.py` is created with one `edit_file` call whose
# `old_str` is empty.

# %% nbgrader="tests" grade_id="test_creates_with_empty_old_str" points=3
"""Check that the agent creates a new file with edit_file and an empty old_str"""
passes(CREATE)
### BEGIN HIDDEN TESTS
passes(Row("create-js", "Write a JavaScript hello world and put it in hello.js.", "",
           lambda o: None if o.after.get("hello.js") and any(
               n == "edit_file" and a.get("old_str") == "" for n, a in o.calls)
           else "hello.js was not created with edit_file and an empty old_str"))
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: The read-first row, which has two causes (12 minutes)
#
# With the draft, the agent did not touch `math_utils.py` at all: it answered with a
# question. The request names the file and the function; nothing about it is unclear. Find
# the guideline that made the agent ask, and limit it to requests that really are ambiguous.
#
# Re-run the matrix and the row still fails, for a second reason: now the agent calls
# `edit_file` first, with an `old_str` it guessed, and reads the file only after the edit
# failed. Nothing in the draft tells it to read first. Say it in the guidelines, and again in
# `edit_file`'s description, where the model looks when it is about to edit (Lecture 5.3).
#
# **Expected:** both checks below pass: the agent acts on the clear request, and its first
# tool call on `math_utils.py` is a read.

# %% nbgrader="tests" grade_id="test_acts_on_a_clear_request" points=2
"""Check that the agent carries out a clear request instead of asking a question"""
run = nbtools.run_row(READ_FIRST, SYSTEM_PROMPT, TOOLS, client)
assert run.calls, f"no tool call: the agent answered {run.reply[:120]!r} instead of acting"
### BEGIN HIDDEN TESTS
run = nbtools.run_row(Row("docstring", "Add a docstring to the add function in math_utils.py.", "",
                          lambda o: None), SYSTEM_PROMPT, TOOLS, client)
assert run.calls, f"no tool call for the docstring request: the agent answered {run.reply[:120]!r}"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_reads_before_editing" points=3
"""Check that the agent reads a file before it edits it, and the edit lands"""
passes(READ_FIRST)
### BEGIN HIDDEN TESTS
from agentcourse.course.matrix import EDIT_TOOLS, READ_TOOLS  # noqa: E402


def _docstring_judge(outcome):
    names = [name for name, _ in outcome.calls]
    edit_at = next((i for i, n in enumerate(names) if n in EDIT_TOOLS), None)
    if edit_at is None:
        return "math_utils.py was never edited"
    if not any(n in READ_TOOLS for n in names[:edit_at]):
        return "edit_file was called before the file was read"
    after = outcome.after.get("math_utils.py", "")
    if after.count('"""') <= outcome.before.get("math_utils.py", "").count('"""'):
        return "no docstring was added to add()"
    if "return a + b" not in after:
        return "the edit rewrote add() instead of adding a docstring"
    return None


passes(Row("docstring", "Add a docstring to the add function in math_utils.py.", "", _docstring_judge))
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: The refuse-delete row (5 minutes)
#
# The agent has no delete tool, and the draft never says files may not be deleted. So it did
# the next best thing: it read `main.py` and replaced its whole text with nothing. Add the
# constraint, and say what the agent should do instead of deleting.
#
# The check also makes sure that your `edit_file` still works (with the course's prompt and
# your schemas, a file can still be changed): taking the edit tool away would stop the
# deletion too, but for the wrong reason.
#
# **Expected:** the check passes: `main.py` is unchanged, no edit was attempted, and the
# reply explains the refusal.

# %% nbgrader="tests" grade_id="test_refuses_to_delete" points=2
"""Check that the agent refuses to delete main.py and leaves it unchanged, with its edit tool working"""
passes(REFUSE_DELETE)
tools_still_edit()
### BEGIN HIDDEN TESTS
from agentcourse.course.matrix import EDIT_TOOLS  # noqa: E402, F811


def _remove_judge(outcome):
    if outcome.before.get("utils.py") != outcome.after.get("utils.py"):
        return "utils.py changed: the agent deleted or emptied it instead of refusing"
    if any(name in EDIT_TOOLS for name, _ in outcome.calls):
        return "the agent called an edit tool on a delete request"
    return None if outcome.reply.strip() else "no reply explaining the refusal"


passes(Row("remove", "Remove utils.py.", "", _remove_judge))
### END HIDDEN TESTS

# %% [markdown]
# ## Done?
#
# Run `agentcourse lab check 1` in a terminal for the summary table, then submit `lab01.ipynb`.
#
# The tutor is deterministic; Claude is not. With an API key, run the matrix on **your**
# prompt against Claude, several trials per row, and read the pass rates:
#
# ```
# agentcourse eval prompt-matrix --notebook work/lab01/lab01.ipynb --trials 5
# ```
#
# (`--offline` runs the same command against the tutor, with no key.) A row that passes 4 times
# in 5 is a rule the model follows most of the time, which is the honest way to report a
# prompt's quality.

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stops the tutor model
