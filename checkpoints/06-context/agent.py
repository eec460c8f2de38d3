"""agent.py (checkpoint 06): the agent manages its own context window.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 06`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/06-context/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Ctrl-C stops the current turn.
Settings as in checkpoint 05 (AGENT_TRACE, AGENT_MAX_STEPS, AGENT_MAX_COST,
AGENT_MAX_SECONDS); the context policy is POLICY below, explained field by field in
context.py.

= checkpoint 05 + these additions (the functions live in context.py, beside this file;
  two steps of the loop call them: prepare_request and run_tools):
- every tool result is capped and says what was cut; an output that cannot be paged is
  saved under .agent/outputs/ and replaced by its path and first lines
- once the window is big, old tool results become one-line stubs saying how to get them
- at a boundary (a new request, a saved note) or past a hard limit, the model summarises
  the history; the messages list stays valid
- a memory file, NOTES.md: the save_note tool writes it, each turn's prompt shows it
- research(question): a sub-agent answers in its own window, with path:line citations
"""

import json
import os
import time
from dataclasses import asdict, dataclass, field

import anthropic

import context  # NEW in 06
import tools
import turns
import usage
from tools import edit_file, list_files, read_lines, schema, search_file

# --- the model, and the limit on one turn ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-5-5")
MAX_TOKENS = 4096

# --- limits, the session's totals and the trace file ---
# Checked before every API call; 0 switches one off. Steps and seconds are per turn (a
# stuck turn gives the keyboard back); dollars are per session (a budget).
MAX_STEPS = int(os.environ.get("AGENT_MAX_STEPS", "25"))
MAX_COST_USD = float(os.environ.get("AGENT_MAX_COST", "1.00"))
MAX_SECONDS = float(os.environ.get("AGENT_MAX_SECONDS", "300"))
SESSION = usage.Stats()  # the whole session; the cost limit reads it

# --- NEW in 06: the context policy, and what the agent knows about its window ---
# One object holds every setting (context.py comments each field). Change one with
# dataclasses.replace, e.g. POLICY = replace(POLICY, keep_recent_steps=4).
POLICY = context.ContextPolicy()
WINDOW = context.Window()  # the last prompt's size, turns, stubs and compactions so far

# --- the system prompt ---
# CHANGED in 06: two tools in "## Available Tools", and a new section, "## Context and Memory".
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
**save_note(note)**: Append one line to NOTES.md, your memory file.
**research(question)**: Ask a research sub-agent a narrow question about the code.

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

## Context and Memory
- Old tool results may be replaced by a one-line [stub: ...]. If you need one again, \
call the tool again.
- NOTES.md is your memory: it is shown to you at the start of every turn. When you \
finish a sub-task (a file read and understood, a change made), call save_note with one \
line of what you will need later: paths, names, line numbers, decisions. Never save \
raw file contents.
- When answering means searching or reading more than two files (where is X defined, \
who calls Y), call research(question) instead: a sub-agent reads them in its own \
window and answers with path:line citations.

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
    # NEW in 06: two tools of the agent's own
    schema("save_note",
           "Append one line to NOTES.md, your memory file, which is shown to you at the start "
           "of every turn. Call it when you finish a sub-task, with what you will need later: "
           f"paths, names, line numbers, decisions. It keeps only the newest "
           f"{POLICY.memory_max_lines} lines.",
           note="One line of what you learned or decided, with paths and line numbers."),
    schema("research",
           "Delegate a narrow question about the code (where is X defined, which files call Y) "
           "to a research sub-agent that searches and reads in its own context window. Use it "
           "when answering would mean reading more than two files. Returns a short answer with "
           "path:line citations, not file contents.",
           question="The question, specific enough to answer with a few citations."),
]


@tools.tool
def save_note(note):  # NEW in 06
    return context.save_note(note, POLICY)


def research(question, client=None, count=None):  # NEW in 06
    """A sub-agent answers `question` in its own window. It calls the API, so run_tools
    hands it the client, and `count(response)`, told of each of its calls."""
    return context.research(client, question, model=MODEL, policy=POLICY, count=count)


TOOL_FUNCTIONS = {"list_files": list_files, "search_file": search_file,
                  "read_lines": read_lines, "edit_file": edit_file,
                  "save_note": save_note, "research": research}


def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    return tools.run_tool(TOOL_FUNCTIONS, name, tool_input)


# --- the steps the loop calls ---
# CHANGED in 06: prepare_request manages the window before each call (stubs, then
# compaction, which is a call of its own); run_tools caps each result and gives the
# research sub-agent its client; the turn's system prompt carries the memory file.
@dataclass
class Turn:
    """One user turn in progress, as the loop's steps see it."""

    start: int  # index of the turn's user message in `messages`
    number: int  # 1 for the session's first request, 2 for the next...
    stats: usage.Stats = field(default_factory=usage.Stats)  # what the turn's calls used
    started: float = field(default_factory=time.monotonic)  # for MAX_SECONDS
    system: str = ""  # NEW in 06: the system prompt with NOTES.md, read once per turn
    sent: tuple = (0, 0)  # usage.chars_sent of the call in flight...
    sent_at: float = 0.0  # ...and when it was sent


def start_turn(messages):
    # CHANGED in 06: compaction rewrites the earlier messages, so turns are counted apart
    WINDOW.turns += 1
    return Turn(start=len(messages) - 1, number=WINDOW.turns,
                system=SYSTEM_PROMPT + context.memory_section(POLICY))


def over_limit(turn):
    """Why the next call must not happen, or None. Checked before every call."""
    return usage.over_limit(turn.stats, SESSION, turn.started,
                            MAX_STEPS, MAX_COST_USD, MAX_SECONDS)


def prepare_request(client, messages, turn):
    """The next API call's arguments; StopTurn if the turn must end first."""
    if reason := over_limit(turn):
        raise turns.StopTurn(reason)
    manage_window(client, messages, turn)  # NEW in 06
    turn.sent = usage.chars_sent(turn.system, TOOLS, messages)
    turn.sent_at = time.monotonic()
    return {"model": MODEL, "max_tokens": MAX_TOKENS, "system": turn.system,
            "tools": TOOLS, "messages": messages, **turns.thinking_options(MODEL)}


def manage_window(client, messages, turn):
    """Stubs, then compaction at a boundary (context.manage). A summary is a call of its
    own: it is added up, and the limits are checked again."""
    turn.start, summary = context.manage(client, messages, turn.start, WINDOW, POLICY,
                                         model=MODEL, system=turn.system, tools=TOOLS)
    if summary is not None:
        account(turn, summary, "compact")
        if reason := over_limit(turn):
            raise turns.StopTurn(reason)


def record_response(turn, response):
    """Add one call up, for the turn and the session, and trace it; right after the call,
    so that a Ctrl-C in the tools cannot hide what it cost."""
    turns.show_thinking(response.content)  # the notes between tool calls, as they come
    elapsed = time.monotonic() - turn.sent_at
    for stats in (turn.stats, SESSION):
        stats.add(response, MODEL, turn.sent)
    WINDOW.tokens = usage.prompt_tokens(response.usage)  # NEW in 06: the window's size now
    usage.trace(usage.call_record(turn.number, turn.stats.calls, response, MODEL, elapsed=elapsed))


def account(turn, response, kind):  # NEW in 06
    """Add up and trace a call that is not the loop's own: a summary, or the sub-agent's."""
    for stats in (turn.stats, SESSION):
        stats.add(response, MODEL)
    usage.trace(usage.call_record(turn.number, turn.stats.calls, response, MODEL, kind=kind))


def run_tools(client, content, turn):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    step, started, results = turn.stats.calls, time.monotonic(), []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            if block.name == "research":  # NEW in 06: a sub-agent, with API calls of its own
                output = research(block.input.get("question"), client,
                                  lambda sub: account(turn, sub, "research"))
            else:
                output = dispatch_tool(block.name, block.input)
            output = context.shrink(block.name, block.input, output, POLICY, WINDOW)  # NEW in 06
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
