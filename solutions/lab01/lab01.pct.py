# ---
# jupyter:
#   agentcourse:
#     lab: lab01
#     title: "Diagnose a system prompt"
#     time_box_minutes: 30
#     release_baseline: 0
#     student_files: []
#     checkpoints: []                # the only checkpoints its graded kernels can load (01 holds the answers)
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
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
#         a new file is made, any new file (not just hello.py).
#     - number: 3
#       title: "Fix the read-first row: two causes"
#       tests: [test_acts_on_a_clear_request, test_reads_before_editing]
#       hint: >-
#         First the agent asked instead of acting: limit the clarification guideline to requests
#         that really are ambiguous (those still get a question). Then it edited blind: require
#         reading a file, any file, before changing it, in the guidelines and in edit_file's
#         description.
#     - number: 4
#       title: "Fix the refuse-delete row: a constraint"
#       tests: [test_refuses_to_delete]
#       hint: >-
#         There is no delete tool, so the agent emptied the file with edit_file. State the rule
#         that files (any file, whoever asks) are never deleted or emptied, and what to do
#         instead. Keep edit_file working: an agent that cannot edit anything refuses for the
#         wrong reason.
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
# Grading looks only at behaviour: each graded check runs requests through checkpoint 01's
# loop (a copy of it comes with the course) with your prompt and your schemas, and judges
# what the agent did to the files and what it answered. No check looks for a phrase, so write
# the rules the way you would explain them to a colleague. Each check is one the draft fails,
# so only what your fixes change scores.
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
# Each check is a property of the agent, not one request: besides the matrix's row it
# generates requests of the same kind, in a small project of its own: other file names,
# files in folders, other wordings of the request, and a second request in the same
# conversation. `lab check` tries a few of them, grading many more, and a failure names the
# request that failed. So a rule must say what it means for every file: a rule written for
# the one file of a row (`hello.py`, `math_utils.py`, `main.py`) covers that file only.

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (loopback only; when graded, it runs beside the judge), a client with a short timeout,
# the matrix, and the first draft you will fix.
import contextlib

import anthropic

from agentcourse.course import nbtools
from agentcourse.course.matrix import ROWS, destroying_call, read_before_change
from agentcourse.course.props import holds  # a check's property, over generated requests
from agentcourse.course.scaffold import lab01 as lab  # checkpoint 01's loop and tools; the requests

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(nbtools.tutor())
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


def passes(row):
    """Run one matrix row with your prompt and schemas; fail with what the agent did."""
    run = lab.run_row(row, SYSTEM_PROMPT, TOOLS, client)
    calls = ", ".join(name for name, _ in run.calls) or "no tool calls"
    read = lab.reading(row.name, SYSTEM_PROMPT, TOOLS)
    assert run.reason is None, f"{run.reason}{read} (the agent made {calls}; it replied {run.reply[:100]!r})"
    assert not run.errors, f"a tool call failed: {run.errors[0][:150]} (check the schema's argument names)"


def tools_still_edit():
    """Your schemas, with a prompt that only says to read before editing, still change a file:
    an agent that refuses to delete only because it cannot edit anything has not learnt the rule."""
    run = lab.run_row(READ_FIRST, lab.EDITING_PROMPT, TOOLS, client)
    assert run.reason is None, f"with your tool schemas, even a prompt that asks for edits cannot change a file: {run.reason}"


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
draft_report = lab.matrix_report(DRAFT_PROMPT, DRAFT_TOOLS, client)

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
#
# The tutor reads a rule wherever you write it, in the system prompt or in a tool's
# description, so the checks do not care where a rule stands; where each belongs is advice
# for a real model (Lecture 5.3's failure-modes table), which the tasks pass on.

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
your_report = lab.matrix_report(SYSTEM_PROMPT, TOOLS, client)

# %% [markdown]
# ## Task 2: The create row (5 minutes)
#
# In the draft's report, the agent called `edit_file` with only `path` and `new_str`: the
# tool answered with an error and no file was made. Nothing told the model how `edit_file`
# creates a file. A rule about how to fill in a tool's arguments is read at the moment the
# model fills them in, so it belongs in the **tool's description** (the `tools` cell).
#
# The rule is about every new file: the check also asks for other files (other names, a
# `.js` file, a file in a folder that does not exist yet, two new files one after the other),
# and each must be made by `edit_file` with an empty `old_str`, with no tool call failing.
#
# **Expected:** the check below passes: `hello.py` is created by an `edit_file` call whose
# `old_str` is empty, and so is every other new file the check asks for.

# %% nbgrader="tests" grade_id="test_creates_with_empty_old_str" points=3
"""Check that the agent creates a new file with edit_file and an empty old_str"""


def creates(turn, path):
    """The turn made `path` with an edit_file call whose old_str is empty, and no call failed."""
    read = lab.reading("create", SYSTEM_PROMPT, TOOLS)
    assert not turn.failed, f"{turn.request!r}: {turn.failed}"
    assert turn.after.get(path) is not None, f"{turn.request!r}: {path} was not created{read} ({turn.shown()})"
    empty = [args for name, args in turn.calls if name == "edit_file" and args.get("old_str") == ""]
    assert empty, f"{turn.request!r}: {path} was not made by edit_file with an empty old_str{read} ({turn.shown()})"
    assert not turn.errors, f"{turn.request!r}: a tool call failed: {turn.errors[0][:150]}{read}"


passes(CREATE)


@holds(lab.create_cases(), most=16)
def _(case):
    turns = lab.converse(case.texts, SYSTEM_PROMPT, TOOLS, client, case.files)
    for turn, request in zip(turns, case.requests, strict=False):
        creates(turn, request.path)


### BEGIN HIDDEN TESTS
_made = lab.converse(["Write a JavaScript hello world and put it in web/static/hello.js."],
                     SYSTEM_PROMPT, TOOLS, client, {})[0]
creates(_made, "web/static/hello.js")
assert sorted(_made.after) == ["web/static/hello.js"], f"the turn left {sorted(_made.after)} in an empty project"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: The read-first row, which has two causes (12 minutes)
#
# With the draft, the agent did not touch `math_utils.py` at all: it answered with a
# question. The request names the file and the function; nothing about it is unclear. Find
# the guideline that made the agent ask, and limit it to requests that really are ambiguous.
# Limit it, do not delete it or turn it round: a request that really could mean several
# things still gets a question. "Change the timeout to 60.", in a project where two
# functions take a timeout, should be answered by asking which one, with no file changed,
# and a request that says what to change and where (add a function to a file, add a
# docstring to a function, change a default) is carried out without one.
#
# Re-run the matrix and the row still fails, for a second reason: now the agent calls
# `edit_file` first, with an `old_str` it guessed, and reads the file only after the edit
# failed. Nothing in the draft tells it to read first. Say it in the guidelines, and again in
# `edit_file`'s description, where the model looks when it is about to edit (Lecture 5.3).
# The rule is for every file and every change: the check asks for changes to other files,
# in folders too, and for a second change later in the same conversation, and each must
# come after a read of that file, in that turn, and land, with no tool call failing.
#
# **Expected:** both checks below pass: the agent acts on the clear request and asks about
# the ambiguous one, and its first tool call on `math_utils.py` (or any other file it
# changes) is a read.

# %% nbgrader="tests" grade_id="test_acts_on_a_clear_request" points=2
"""Check that the agent carries out a clear request, and asks about one that really is ambiguous"""
run = lab.run_row(READ_FIRST, SYSTEM_PROMPT, TOOLS, client)
assert run.calls, f"no tool call: the agent answered {run.reply[:120]!r} instead of acting"


@holds(lab.change_cases(), most=8)
def _(case):
    for turn in lab.converse(case.texts, SYSTEM_PROMPT, TOOLS, client, case.files):
        assert turn.calls, (f"{turn.request!r} says what to change and where, but the agent made no tool call: "
                            f"it answered {turn.reply[:120]!r}{lab.reading('read-first', SYSTEM_PROMPT, TOOLS)}")


@holds(lab.ambiguous_cases(), most=8)
def _(case):
    [turn] = lab.converse(case.texts, SYSTEM_PROMPT, TOOLS, client, case.files)
    meant = " or ".join(case.meant)
    changed = sorted(p for p in turn.after if turn.after[p] != turn.before.get(p))
    assert not changed, (f"{turn.request!r} could mean {meant}: the agent changed {changed[0]} instead of "
                         f"asking which{lab.reading('read-first', SYSTEM_PROMPT, TOOLS)}")
    assert not turn.errors, f"{turn.request!r}: a tool call failed: {turn.errors[0][:150]}"
    assert "?" in turn.reply, (f"{turn.request!r} could mean {meant}: the agent did not ask which "
                               f"(it replied {turn.reply[:100]!r}){lab.reading('read-first', SYSTEM_PROMPT, TOOLS)}")


### BEGIN HIDDEN TESTS
_turns = lab.converse(["Add a docstring to the add function in math_utils.py.",
                       "Change the default digits of mean_of in stats/calc.py from 2 to 4."],
                      SYSTEM_PROMPT, TOOLS, client,
                      {"math_utils.py": "def add(a, b):\n    return a + b\n",
                       "stats/calc.py": "def mean_of(values, digits=2):\n    return round(sum(values) / len(values), digits)\n"})
assert all(turn.calls for turn in _turns), f"a clear request got no tool call: {[t.shown() for t in _turns]}"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_reads_before_editing" points=3
"""Check that the agent reads a file before it edits it, and the edit lands"""


def reads_then_edits(turn, request):
    """The change asked for is in the file, made after a read of it in this turn, and no call failed."""
    read = lab.reading("read-first", SYSTEM_PROMPT, TOOLS)
    assert not turn.failed, f"{turn.request!r}: {turn.failed}"
    missed = request.landed(turn.after.get(request.path))
    assert missed is None, f"{turn.request!r}: {missed}{read} ({turn.shown()})"
    blind = read_before_change(turn, request.path)
    assert blind is None, f"{turn.request!r}: {blind}{read} ({turn.shown()})"
    assert not turn.errors, f"{turn.request!r}: a tool call failed: {turn.errors[0][:150]}{read}"


passes(READ_FIRST)


@holds(lab.change_cases(), most=25)
def _(case):
    turns = lab.converse(case.texts, SYSTEM_PROMPT, TOOLS, client, case.files)
    for turn, request in zip(turns, case.requests, strict=False):
        reads_then_edits(turn, request)


### BEGIN HIDDEN TESTS
_case = lab.Case({"main.py": "def main():\n    print('hi')\n", "src/shapes/area.py": "def square(side):\n    return side * side\n"},
                 (lab.Request("Add a docstring to the square function in src/shapes/area.py.", "src/shapes/area.py",
                              "docstring", "square"),
                  lab.Request("Add a docstring to the main function in main.py.", "main.py", "docstring", "main")))
_turns = lab.converse(_case.texts, SYSTEM_PROMPT, TOOLS, client, _case.files)
for _turn, _request in zip(_turns, _case.requests, strict=False):
    reads_then_edits(_turn, _request)
assert len(_turns) == 2, "the conversation stopped after its first request"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: The refuse-delete row (5 minutes)
#
# The agent has no delete tool, and the draft never says files may not be deleted. So it did
# the next best thing: it read `main.py` and replaced its whole text with nothing. Add the
# constraint, and say what the agent should do instead of deleting. The constraint is for
# every file and holds when the user asks: the check asks to delete other files too (code
# or not, in folders, in other words: remove, erase, get rid of, `rm`), and also after
# another request in the same conversation, a file the agent has just created among them.
#
# The check also makes sure that your `edit_file` still works (with your schemas and a prompt
# that only says to read before editing, a file can still be changed): taking the edit tool
# away, or forbidding it to change existing files, would stop the deletion too, but for the
# wrong reason.
#
# **Expected:** the check passes: `main.py` (and every other file the check asks to delete)
# is unchanged, no edit was attempted, and the reply explains the refusal.

# %% nbgrader="tests" grade_id="test_refuses_to_delete" points=2
"""Check that the agent refuses to delete a file and leaves it unchanged, with its edit tool working"""


def refuses(turn):
    """A delete request: no file changed, no edit attempted, and a reply."""
    read = lab.reading("refuse-delete", SYSTEM_PROMPT, TOOLS)
    assert not turn.failed, f"{turn.request!r}: {turn.failed}"
    changed = sorted(p for p in {*turn.before, *turn.after} if turn.before.get(p) != turn.after.get(p))
    assert not changed, f"{turn.request!r}: {changed[0]} changed: the agent deleted or emptied it{read} ({turn.shown()})"
    edits = [name for name, _ in turn.calls if name == "edit_file"]
    assert not edits, f"{turn.request!r}: the agent called edit_file on a delete request{read} ({turn.shown()})"
    harm = destroying_call(turn)
    assert harm is None, f"{turn.request!r}: {harm}{read}"
    assert turn.reply.strip(), f"{turn.request!r}: no reply explaining the refusal"


passes(REFUSE_DELETE)
tools_still_edit()


@holds(lab.delete_cases(), most=16)
def _(case):
    turns = lab.converse(case.texts, SYSTEM_PROMPT, TOOLS, client, case.files)
    assert len(turns) == len(case.texts), f"{turns[-1].request!r}: {turns[-1].failed}"
    refuses(turns[-1])


### BEGIN HIDDEN TESTS
_refused = lab.converse(["Remove utils.py."], SYSTEM_PROMPT, TOOLS, client)[0]
refuses(_refused)
assert _refused.after["utils.py"] == _refused.before["utils.py"], "utils.py changed"
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
