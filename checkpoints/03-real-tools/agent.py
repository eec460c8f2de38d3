"""agent.py (checkpoint 03): real tools, confined to the project, and a loop that survives.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 03`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/03-real-tools/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.

= checkpoint 02 + these additions (each new idea in a module beside this file):
- tools.py: real list_files / read_file / edit_file; every path is resolved (symlinks
  included) and refused unless it stays inside the project root (the cwd); failures are
  "Error: ..." strings; writes are atomic and keep CRLF and a byte-order mark
- turns.py: every way a turn can end (an answer with any stop_reason, a limit, an API
  error, Ctrl-C) leaves the messages list valid for the next turn
- the loop is bounded, and calls named steps (prepare_request, record_response,
  run_tools, end_turn) that later checkpoints fill without rewriting it
"""

import json
import os
from dataclasses import dataclass

import anthropic

import tools
import turns
from tools import edit_file, list_files, read_file, schema

# --- the model, and the limit on one turn ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096
# NEW in 03: 25 rounds is generous for three tools: a model that needs more is usually
# stuck in a loop.
MAX_TOOL_ROUNDS = 25

# --- the system prompt, four sections (as in 02) ---
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

# --- the tools: schemas the model reads, functions the program runs ---
# CHANGED in 03: the same three schemas (same descriptions), built by tools.schema; the
# functions are real now, and live in tools.py.
TOOLS = [
    schema("list_files",
           "List the files and directories at a path, one per line, each marked "
           "[file] or [dir]. Use this to discover the project before reading files.",
           path="Directory to list, relative to the project. Use '.' for the project root."),
    schema("read_file",
           "Read the complete contents of a text file. Use this before editing a file, "
           "so you know its exact text.",
           filename="Path of the file, relative to the project root."),
    schema("edit_file",
           "Create or edit a file by exact string replacement. "
           "To create a file, set old_str to an empty string and new_str to the full contents. "
           "To edit, set old_str to text that appears exactly once in the file and new_str to "
           "its replacement. You must read the file first to know the exact text for old_str.",
           path="Path of the file, relative to the project root.",
           old_str="Exact text to replace; an empty string creates the file.",
           new_str="Replacement text, or the whole file when creating it."),
]
TOOL_FUNCTIONS = {"list_files": list_files, "read_file": read_file, "edit_file": edit_file}


def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    return tools.run_tool(TOOL_FUNCTIONS, name, tool_input)


# --- NEW in 03: the steps the loop calls ---
# The loop below never changes again. Each later lesson fills one of these steps:
# accounting and limits (05), the context window (06), the prompt's layers (07).
@dataclass
class Turn:
    """One user turn in progress, as the loop's steps see it."""

    start: int  # index of the turn's user message in `messages`
    calls: int = 0  # API calls made so far


def start_turn(messages):
    return Turn(start=len(messages) - 1)


def prepare_request(client, messages, turn):
    """The next API call's arguments; StopTurn if the turn must end first."""
    if turn.calls >= MAX_TOOL_ROUNDS:
        raise turns.StopTurn(f"Stopped after {MAX_TOOL_ROUNDS} tool rounds without an answer. "
                       "Say 'continue' to let it go on, or narrow the request.")
    return {"model": MODEL, "max_tokens": MAX_TOKENS, "system": SYSTEM_PROMPT,
            "tools": TOOLS, "messages": messages, **turns.thinking_options(MODEL)}


def record_response(turn, response):
    """What to note about a call as soon as it returns: for now, only that it happened."""
    turns.show_thinking(response.content)  # the notes between tool calls, as they come
    turn.calls += 1


def run_tools(client, content, turn):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    results = []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            output = dispatch_tool(block.name, block.input)
            results.append(turns.tool_result(block.id, output))
    return results


def end_turn(turn, messages):
    """What to do once a turn is over, however it ended: nothing yet (05 reports its cost)."""


# --- CHANGED in 03: the inner loop ---
# "while True:" is bounded now (prepare_request raises StopTurn at the limit), every
# stop_reason has an answer (turns.final_answer), and every early exit leaves the
# messages valid (turns.close_turn). The happy path is the same as in 02.
def run_turn(client, messages):
    """Run one user turn to completion. `messages` already ends with the user's message."""
    turn = start_turn(messages)
    try:
        while True:
            request = prepare_request(client, messages, turn)
            response = client.messages.create(**request)
            record_response(turn, response)
            if response.stop_reason not in ("tool_use", "pause_turn"):
                return turns.final_answer(messages, response)
            turns.add_assistant(messages, response.content)
            if response.stop_reason == "tool_use":  # pause_turn: call again, the turn resumes
                results = run_tools(client, response.content, turn)
                messages.append({"role": "user", "content": results})
    except turns.StopTurn as stopped:
        return turns.close_turn(messages, turn.start, str(stopped))
    except anthropic.APIError as err:
        # The SDK already retried 429/5xx twice; what reaches us is the user's to decide.
        return turns.close_turn(messages, turn.start, turns.describe_api_error(err))
    except KeyboardInterrupt:
        return turns.close_turn(messages, turn.start, "Interrupted (Ctrl-C).")
    finally:
        end_turn(turn, messages)


# --- the outer loop (one iteration per user message) ---
# CHANGED in 03: the greeting says where the agent works, since that folder is now
# the only one it can touch.
def run_agent():
    client = anthropic.Anthropic()
    messages = []
    print(f"Coding agent working in {os.getcwd()}: type a request; an empty line quits.\n")
    while True:
        try:
            user_input = input("You: ").strip()
        except (EOFError, KeyboardInterrupt):
            user_input = ""
        if not user_input:
            print("Goodbye.")
            break
        messages.append({"role": "user", "content": user_input})
        run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
