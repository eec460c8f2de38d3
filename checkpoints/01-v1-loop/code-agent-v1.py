"""code-agent-v1: the first working agent. Real tools, and the two loops that drive them.

Run it offline against the tutor model (no key needed) in a scratch copy of the
sample project:

    agentcourse run 01

or against Claude, from inside the project folder it should work on:

    export ANTHROPIC_API_KEY=sk-ant-...
    cd my-project && python path/to/checkpoints/01-v1-loop/code-agent-v1.py

Type a request at "You:"; an empty line (or Ctrl-D) quits.

= checkpoint 00 + these additions:
- real list_files / read_file / edit_file, confined to the current directory
  (a simple check; checkpoint 03 makes it safe against symlinks)
- dispatch_tool turns any exception into an "Error: ..." string the model can read
- run_turn(client, messages) becomes the inner loop: it appends the whole response,
  runs every requested tool, sends all results back in one user message, and calls
  again until stop_reason is no longer "tool_use"
- run_agent() becomes the outer loop: one iteration per user message, sharing one
  messages list for the whole session
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

# --- NEW in 01: real tools, confined to the project folder ---
# The project is whatever folder the program runs in (os.getcwd() at call time).
# A tool's answer is the string it returns; the model learns nothing else about what
# happened on disk. The tools themselves may raise; dispatch_tool catches it.


def _project_path(path):
    """The absolute path for `path`, refusing anything outside the project folder."""
    root = os.getcwd()
    full = os.path.abspath(os.path.join(root, path))
    # A purely textual check: it stops "../secret" and "/etc/passwd", but a symlink
    # inside the project that points outside would slip through. Checkpoint 03 closes
    # that hole by resolving links first; here the loop is the lesson.
    if os.path.commonpath([root, full]) != root:
        raise ValueError(f"{path!r} is outside the project directory")
    return full


def _write(full, text):
    # Write a temporary file beside the target, then swap it in with one rename:
    # a crash halfway through never leaves a half-written source file behind.
    tmp = full + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, full)


def list_files(path):
    full = _project_path(path)
    lines = []
    for entry in sorted(os.listdir(full)):
        kind = "dir" if os.path.isdir(os.path.join(full, entry)) else "file"
        lines.append(f"{entry} [{kind}]")
    return "\n".join(lines) or "(empty directory)"


def read_file(filename):
    # The whole file, every time: simple, and the most expensive choice in tokens.
    # Lab 4 replaces it with search_file + read_lines.
    with open(_project_path(filename), encoding="utf-8") as f:
        return f.read()


def edit_file(path, old_str, new_str):
    full = _project_path(path)
    if old_str == "":
        # Creating must not silently overwrite: that would be a delete in disguise.
        if os.path.exists(full):
            return f"Error: {path} already exists; read it and replace part of it instead"
        os.makedirs(os.path.dirname(full), exist_ok=True)
        _write(full, new_str)
        return f"Created {path}"
    with open(full, encoding="utf-8") as f:
        text = f.read()
    # Exactly one match, or no edit: a guess about which copy was meant could
    # corrupt the file, while an error tells the model how to be more precise.
    count = text.count(old_str)
    if count == 0:
        return f"Error: old_str not found in {path}; read the file and copy the text exactly"
    if count > 1:
        return f"Error: old_str appears {count} times in {path}; add nearby lines to make it unique"
    _write(full, text.replace(old_str, new_str, 1))
    return f"Edited {path}"


TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


# CHANGED in 01: "except TypeError" became "except Exception": real tools fail in
# real ways (missing file, bad path), and the model must read the failure, not crash on it.
def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}"
    try:
        return function(**tool_input)
    except Exception as err:
        return f"Error: {name} failed: {err}"


# --- NEW in 01: the inner loop (one iteration per API call) ---
# CHANGED in 01: run_turn made one call; now it loops, and "messages.append(...)"
# feeds the model's request and the tools' results back until the model is done.


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


# --- NEW in 01: the outer loop (one iteration per user message) ---
# CHANGED in 01: run_agent asked once; now it keeps one messages list for the whole
# session, so the model sees everything said and done so far on every call.


def run_agent():
    client = anthropic.Anthropic()
    messages = []
    print("Coding agent v1: type a request; an empty line quits.\n")
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
