"""code-agent-v0: one API call, made fully visible. A diagnostic, not yet an agent.

Run it offline against the tutor model (no key needed):

    agentcourse run 00 "Create hello.py with a hello world function."

or against Claude, from inside the project folder you want it to see:

    export ANTHROPIC_API_KEY=sk-ant-...
    python checkpoints/00-v0-diagnostic/code-agent-v0.py "What does edit_file do?"

Without a prompt on the command line it asks for one.

= what checkpoint 00 contains:
- SYSTEM_PROMPT: the four-section prompt (identity, tools, how to work, constraints)
  with one worked example of read -> minimal edit -> brief confirmation
- TOOLS: JSON schemas for list_files(path), read_file(filename), edit_file(path, old_str, new_str)
- stub tools that only print the arguments they were given
- run_turn(client, messages): exactly one API call; prints stop_reason and every content block
- run_agent(): one prompt in, one call out, and no loop (the tool result is never sent back)
"""

import json
import os
import sys

import anthropic

MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096

# --- The system prompt: four sections, each with one job ---
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

# --- The tool schemas: what the API sends the model on every call ---
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

# --- Stub tools: they prove the dispatch works, and do nothing else ---
# Nothing on disk changes in v0. The point is to see WHAT the model asked for before
# any real side effect (or any loop) makes that harder to watch.


def list_files(path):
    print(f"  (stub) list_files received path={path!r}")
    return f"(stub) list_files({path!r}) was printed, not run"


def read_file(filename):
    print(f"  (stub) read_file received filename={filename!r}")
    return f"(stub) read_file({filename!r}) was printed, not run"


def edit_file(path, old_str, new_str):
    print(f"  (stub) edit_file received path={path!r}, old_str={old_str!r}, new_str={new_str!r}")
    return f"(stub) edit_file({path!r}) was printed, not run"


TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


def dispatch_tool(name, tool_input):
    """Route a tool call to its function. A bad call comes back as an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}"
    try:
        return function(**tool_input)
    except TypeError as err:  # missing or unexpected arguments
        return f"Error: bad arguments for {name}: {err}"


# --- One turn: exactly one API call, every block printed ---


def run_turn(client, messages):
    """Send the conversation once and show what came back. Returns the reply text, if any."""
    response = client.messages.create(
        model=MODEL,
        max_tokens=MAX_TOKENS,
        system=SYSTEM_PROMPT,
        tools=TOOLS,
        messages=messages,
    )
    # stop_reason is the one value a loop would branch on: "tool_use" means the model
    # is asking the program to do something; "end_turn" means it is talking to the user.
    print(f"\nstop_reason: {response.stop_reason}")

    # response.content is a list of typed blocks; print each one as the SDK holds it.
    reply = []
    for i, block in enumerate(response.content):
        if block.type == "tool_use":
            print(f"\ncontent[{i}]: tool_use  name={block.name}  id={block.id}")
            # Typed arguments, already parsed from JSON: no regex, no string surgery.
            for key, value in block.input.items():
                print(f"  input[{json.dumps(key)}] = {json.dumps(value)}")
            dispatch_tool(block.name, block.input)
        elif block.type == "text":
            print(f"\ncontent[{i}]: text, written for the user\n{block.text}")
            reply.append(block.text)
        elif block.type == "thinking":
            # Today's models think before they answer. By default the text comes back empty
            # and the signature carries the thinking, sealed: a later request sends it back.
            print(f"\ncontent[{i}]: thinking  text={block.thinking!r}  signature={block.signature[:20]}...")
        else:  # server-tool blocks exist too; v0 only names them
            print(f"\ncontent[{i}]: {block.type}")

    # Deliberately missing: appending response.content and the tool results to
    # `messages` and calling the API again. Without that the model never learns what
    # its tool call returned, so it cannot continue; v1 adds exactly this loop.
    return "\n".join(reply)


def run_agent():
    """Ask for one prompt (or take it from the command line) and make one call."""
    prompt = " ".join(sys.argv[1:]).strip()
    if not prompt:
        try:
            prompt = input("You: ").strip()
        except EOFError:
            prompt = ""
    if not prompt:
        print("Goodbye.")
        return
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": prompt}]
    run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
