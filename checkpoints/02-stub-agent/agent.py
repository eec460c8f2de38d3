"""agent.py (checkpoint 02): the agent loop studied on its own, with stub tools.

Run it offline against the tutor model (no key needed):

    agentcourse run 02

or against Claude (it touches no file, so any folder will do):

    export ANTHROPIC_API_KEY=sk-ant-...
    python checkpoints/02-stub-agent/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits.

= checkpoint 01 + these changes:
- the real tools are swapped back for stubs that return "(stub) ..." strings and
  touch nothing, so the loop can be run and checked before anything can go wrong on disk
- dispatch_tool, run_turn (the inner loop) and run_agent (the outer loop) are
  unchanged: the stop_reason branch alone decides whether to call tools or to answer
- the program is named agent.py from here on; from checkpoint 03 on, each new idea
  goes into a module beside it
"""

import json
import os

import anthropic

# --- model and token limit ---

MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096

# --- the system prompt, four sections ---
# Identity first (what the model is and where it works), then the tools, then how to
# behave, then the rules that never bend. Constraints go last on purpose: the end of
# the prompt is the part the model has most recently read when it decides what to do.
# Each guideline below exists to prevent one specific failure (see the README).

SYSTEM_PROMPT = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

## Available Tools
**list_files(path)**: List the files and folders at a path. Use it first when you do \
not yet know what the project contains.
**read_file(filename)**: Return the complete text of a file. Use it to understand code \
before you change it.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once) and \
new_str to its replacement.
You must read the file first, so that old_str is copied exactly from its current text.

## How to Work
- Read before editing. Never change a file you have not read in this conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls read_file(filename="math_utils.py")]
[finds `def add(a, b):` on line 4]
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

# --- the tool schemas ---
# A description is a prompt, read by the model each time it considers the tool, so
# edit_file's description repeats the read-first rule at the moment it matters. The
# "required" lists tell the model what a call needs; they are not a guarantee. Without
# "strict": true on a tool the model can still omit a field or send a wrong type, so the
# code that runs a tool must check its arguments (dispatch_tool turns a bad call into an
# "Error: ..." string).

TOOLS = [
    {
        "name": "list_files",
        "description": (
            "List the files and directories at a path, one per line, each marked "
            "[file] or [dir]. Use this to discover the project before reading files."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {
                    "type": "string",
                    "description": "Directory to list, relative to the project. Use '.' for the project root.",
                }
            },
            "required": ["path"],
        },
    },
    {
        "name": "read_file",
        "description": (
            "Read the complete contents of a text file. Use this before editing a file, "
            "so you know its exact text."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "filename": {
                    "type": "string",
                    "description": "Path of the file, relative to the project root.",
                }
            },
            "required": ["filename"],
        },
    },
    {
        "name": "edit_file",
        "description": (
            "Create or edit a file by exact string replacement. "
            "To create a file, set old_str to an empty string and new_str to the full contents. "
            "To edit, set old_str to text that appears exactly once in the file and new_str to "
            "its replacement. You must read the file first to know the exact text for old_str."
        ),
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {
                    "type": "string",
                    "description": "Path of the file, relative to the project root.",
                },
                "old_str": {
                    "type": "string",
                    "description": "Exact text to replace; an empty string creates the file.",
                },
                "new_str": {
                    "type": "string",
                    "description": "Replacement text, or the whole file when creating it.",
                },
            },
            "required": ["path", "old_str", "new_str"],
        },
    },
]

# --- CHANGED in 02: stub tools instead of real ones ---
# Each stub answers with a short string saying what a real tool would have done,
# and touches nothing. The model still reads those strings as tool results, so the
# whole protocol runs: tool_use in, tool_result out, matched by id. Checkpoint 03
# puts real tools back, with proper directory safety and error handling.


def list_files(path):
    return f"(stub) listing {path}"


def read_file(filename):
    return f"(stub) reading {filename}"


def edit_file(path, old_str, new_str):
    if old_str == "":
        return f"(stub) creating {path} ({len(new_str)} characters)"
    return f"(stub) editing {path}: replacing {len(old_str)} characters with {len(new_str)}"


TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


# --- dispatch, which never raises ---


def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}"
    try:
        return function(**tool_input)
    except Exception as err:
        return f"Error: {name} failed: {err}"


# --- the inner loop (one iteration per API call) ---


def run_turn(client, messages):
    """Run one user turn to completion. `messages` already ends with the user's message."""
    while True:
        response = client.messages.create(
            model=MODEL,
            max_tokens=MAX_TOKENS,
            system=SYSTEM_PROMPT,
            tools=TOOLS,
            messages=messages,
        )
        # The whole content list, not just its text: on the next call the model must
        # see its own tool_use blocks, or the results that follow would answer nothing.
        messages.append({"role": "assistant", "content": response.content})

        # The only branch. "tool_use": the model is asking the program for something.
        # Anything else: it has answered the user, and this turn is over.
        if response.stop_reason != "tool_use":
            reply = "\n".join(block.text for block in response.content if block.type == "text")
            print(f"\nAssistant: {reply}\n")
            return reply

        tool_results = []
        for block in response.content:
            if block.type == "tool_use":
                print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
                tool_results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": block.id,  # ties this result to the request
                        "content": dispatch_tool(block.name, block.input),
                    }
                )
        # All results in ONE user message: the API wants every tool_use of the last
        # assistant turn answered in the very next message. The role is "user" because
        # the API knows only two speakers, and the model did not write these.
        messages.append({"role": "user", "content": tool_results})


# --- the outer loop (one iteration per user message) ---
# CHANGED in 02: only the greeting, "Coding agent (stub tools): ...", so nobody
# mistakes the stubs' answers for real work.


def run_agent():
    client = anthropic.Anthropic()
    messages = []
    print("Coding agent (stub tools): type a request; an empty line quits.\n")
    while True:
        try:
            user_input = input("You: ").strip()
        except EOFError:
            user_input = ""
        if not user_input:
            print("Goodbye.")
            break
        messages.append({"role": "user", "content": user_input})
        run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
