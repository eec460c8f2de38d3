"""agent.py (checkpoint 05): the agent measures itself.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 05`, then `agentcourse trace show .agent.trace.jsonl` in the
folder it ran in. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/05-instrumented/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.
Settings, all optional: AGENT_TRACE (trace file; default .agent.trace.jsonl in the project,
"off" for none), AGENT_MAX_STEPS, AGENT_MAX_COST (US dollars), AGENT_MAX_SECONDS; 0 = no limit.

= checkpoint 04 + these additions (the accounting lives in usage.py, beside this file):
- every call's usage (cache included) is added up per turn and per session and priced from
  one PRICES table; each turn ends with a summary: input tokens per step, the tool results'
  share of the input, and files read more than once
- a JSONL trace: a record per API call, per tool run, per turn (with its messages) and
  per session
- limits on steps per turn, dollars per session and seconds per turn, checked before every
  call; each ends the turn cleanly and leaves the messages list valid
- the loop is unchanged: its steps (prepare_request, record_response, run_tools, end_turn)
  do the counting
"""

import json
import os
import time
from dataclasses import asdict, dataclass, field

import anthropic

import tools
import turns
import usage  # NEW in 05
from tools import edit_file, list_files, read_lines, schema, search_file

# --- the model, and the limit on one turn ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096

# --- NEW in 05: limits, the session's totals and the trace file ---
# Checked before every API call; 0 switches one off. Steps and seconds are per turn (a
# stuck turn gives the keyboard back); dollars are per session (a budget). MAX_STEPS
# replaces 04's MAX_TOOL_ROUNDS.
MAX_STEPS = int(os.environ.get("AGENT_MAX_STEPS", "25"))
MAX_COST_USD = float(os.environ.get("AGENT_MAX_COST", "1.00"))
MAX_SECONDS = float(os.environ.get("AGENT_MAX_SECONDS", "300"))
SESSION = usage.Stats()  # the whole session; the cost limit reads it

# --- the system prompt, four sections ---
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
# CHANGED in 05: each step now counts. prepare_request checks the limits and notes what
# is sent, record_response adds the call up and traces it, run_tools traces what the
# tools returned, end_turn prints the turn's summary and traces the turn.
@dataclass
class Turn:
    """One user turn in progress, as the loop's steps see it."""

    start: int  # index of the turn's user message in `messages`
    number: int  # 1 for the session's first request, 2 for the next...
    stats: usage.Stats = field(default_factory=usage.Stats)  # what the turn's calls used
    started: float = field(default_factory=time.monotonic)  # for MAX_SECONDS
    sent: tuple = (0, 0)  # usage.chars_sent of the call in flight...
    sent_at: float = 0.0  # ...and when it was sent


def start_turn(messages):
    number = sum(1 for m in messages if m["role"] == "user" and isinstance(m["content"], str))
    return Turn(start=len(messages) - 1, number=number)


def over_limit(turn):
    """Why the next call must not happen, or None. Checked before every call."""
    return usage.over_limit(turn.stats, SESSION, turn.started,
                            MAX_STEPS, MAX_COST_USD, MAX_SECONDS)


def prepare_request(client, messages, turn):
    """The next API call's arguments; StopTurn if the turn must end first."""
    if reason := over_limit(turn):
        raise turns.StopTurn(reason)
    turn.sent = usage.chars_sent(SYSTEM_PROMPT, TOOLS, messages)
    turn.sent_at = time.monotonic()
    return {"model": MODEL, "max_tokens": MAX_TOKENS, "system": SYSTEM_PROMPT,
            "tools": TOOLS, "messages": messages, **turns.thinking_options(MODEL)}


def record_response(turn, response):
    """Add one call up, for the turn and the session, and trace it; right after the call,
    so that a Ctrl-C in the tools cannot hide what it cost."""
    turns.show_thinking(response.content)  # the notes between tool calls, as they come
    elapsed = time.monotonic() - turn.sent_at
    for stats in (turn.stats, SESSION):
        stats.add(response, MODEL, turn.sent)
    usage.trace(usage.call_record(turn.number, turn.stats.calls, response, MODEL, elapsed=elapsed))


def run_tools(client, content, turn):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    step, started, results = turn.stats.calls, time.monotonic(), []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            output = dispatch_tool(block.name, block.input)
            results.append(turns.tool_result(block.id, output))
    usage.trace(usage.tools_record(turn.number, step, results, time.monotonic() - started))
    return results


def end_turn(turn, messages):
    """Print the turn's summary and trace the turn, however it ended."""
    if turn.stats.calls:
        print(turn.stats.summary(f"turn {turn.number}"))
    usage.trace(usage.turn_record(turn.number, turn.stats, turn.started, messages[turn.start:]))


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
# CHANGED in 05: on the way out it prints, and traces, the session's totals.
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
            print(SESSION.summary("session"))
            usage.trace({"type": "session", **asdict(SESSION)})
            print("Goodbye.")
            break
        messages.append({"role": "user", "content": user_input})
        run_turn(client, messages)


if __name__ == "__main__":
    run_agent()
