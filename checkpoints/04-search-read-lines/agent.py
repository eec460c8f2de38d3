"""agent.py (checkpoint 04): search, then read only the lines you need.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 04`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/04-search-read-lines/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.

= checkpoint 03 + these changes:
- tools.py: read_file is gone. search_file(pattern, path) returns matching lines as
  `path:line: text` (in one file, or in every file under a folder), at most 50, saying
  how many were cut; read_lines(path, start, end) returns just those lines, numbered, at
  most 200 per call; both stream files, so a huge file costs only what they return
- here: the tool list and the system prompt are rewritten for the new tools (a prompt
  for other tools misleads); the loop and its steps are unchanged
"""

import json
import os
from dataclasses import dataclass

import anthropic

import tools
import turns
from tools import edit_file, list_files, read_lines, schema, search_file

# --- the model, and the limit on one turn ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096
MAX_TOOL_ROUNDS = 25  # a model that needs more is usually stuck in a loop

# --- CHANGED in 04: the system prompt, rewritten for the new tools ---
# Same four sections. The tool section describes search_file and read_lines; the
# read-first rule names read_lines; a new guideline teaches search -> read -> edit;
# and the worked example shows that sequence, since one example outweighs ten rules.
SYSTEM_PROMPT = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

## Available Tools
**list_files(path)**: List the files and folders at a path. Use it first when you do \
not yet know what the project contains.
**search_file(pattern, path)**: Find the lines matching a regular expression in a file, \
or in every file under a folder. Returns `path:line: text` for each match. Use it to \
locate code instead of reading whole files.
**read_lines(path, start, end)**: Return lines start to end of a file (1-based, \
inclusive), each prefixed with its line number. Read only the lines you need.
**edit_file(path, old_str, new_str)**: Create or change a file.
- To create a file, set old_str to an empty string and put the whole file in new_str.
- To change a file, set old_str to the exact text to replace (it must appear once) and \
new_str to its replacement, without the line numbers that read_lines adds.
You must read the file first: read the lines you will change with read_lines, so that \
old_str is copied exactly from them.

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

# --- the tools: schemas the model reads, functions the program runs ---
# CHANGED in 04: read_file's schema became search_file's and read_lines' (whose line
# numbers are integers); edit_file's description names read_lines in its read-first rule.
TOOLS = [
    schema("list_files",
           "List the files and directories at a path, one per line, each marked "
           "[file] or [dir]. Use this to discover the project before reading files.",
           path="Directory to list, relative to the project. Use '.' for the project root."),
    schema("search_file",
           "Search for a regular expression (Python syntax) in a file, or in every text file "
           "under a folder. Returns matching lines as path:line: text, at most "
           f"{tools.SEARCH_MAX_MATCHES}. Use this to find where something is before reading it.",
           pattern="Regular expression to look for, e.g. 'def parse_config' or 'timeout\\s*='.",
           path="File or folder to search, relative to the project root; '.' searches everything."),
    schema("read_lines",
           "Read lines start to end (1-based, inclusive) of a text file, each prefixed with "
           f"its number, at most {tools.READ_LINES_MAX} per call. Use it on lines search_file found.",
           path="Path of the file, relative to the project root.",
           start=("integer", "First line to return (1-based)."),
           end=("integer", "Last line to return (inclusive).")),
    schema("edit_file",
           "Create or edit a file by exact string replacement. "
           "To create a file, set old_str to an empty string and new_str to the full contents. "
           "To edit, set old_str to text that appears exactly once in the file and new_str to "
           "its replacement. You must read the file first: read the lines with read_lines and "
           "copy old_str from them, without the line numbers.",
           path="Path of the file, relative to the project root.",
           old_str="Exact text to replace; an empty string creates the file.",
           new_str="Replacement text, or the whole file when creating it."),
]
TOOL_FUNCTIONS = {"list_files": list_files, "search_file": search_file,
                  "read_lines": read_lines, "edit_file": edit_file}


def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    return tools.run_tool(TOOL_FUNCTIONS, name, tool_input)


# --- the steps the loop calls ---
# The loop below never changes. Each later lesson fills one of these steps: accounting
# and limits (05), the context window (06), the prompt's layers (07).
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


# --- the inner loop ---
# Bounded (prepare_request raises StopTurn at a limit); every stop_reason has an answer
# (turns.final_answer), and every early exit leaves the messages valid (turns.close_turn).
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
