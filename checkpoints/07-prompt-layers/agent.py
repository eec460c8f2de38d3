"""agent.py (checkpoint 07): the system prompt assembled from layers, and cached.

Run it offline with `agentcourse run 07` (the tutor model, no key needed), or against
Claude from inside the folder it may touch: `python path/to/agent.py` with
ANTHROPIC_API_KEY set. Settings as in checkpoint 06, and PROMPT below (layers.py explains
each field); a project may add its own rules in AGENTS.md at its root.

= checkpoint 06 + these additions (layers.py, beside this file; prepare_request uses it):
- the one-string prompt becomes five layers: a constitution, one contract per registered
  tool, the project's AGENTS.md, runtime signals, and the session memory (NOTES.md)
- each call's layers are fingerprinted (SHA-256); the trace records them and which changed
- stable layers go first, with cache breakpoints after them, after the last layer and on
  the newest message, so repeated prefixes are read from the prompt cache
"""

import json
import os
import time
from dataclasses import asdict, dataclass, field

import anthropic

import context
import layers  # NEW in 07
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

# --- the policies of the context window and of the prompt ---
# CHANGED in 07: stub and compact later, in bigger steps: with the prompt cache in play
# every rewrite of the history is a cache miss, so rewriting rarely and a lot costs fewer
# dollars, though more tokens (lecture 7.2).
POLICY = context.ContextPolicy(stub_at_tokens=20_000, compact_at_tokens=30_000)
WINDOW = context.Window()  # the last prompt's size, turns, stubs and compactions so far
PROMPT = layers.LayerPolicy()  # NEW in 07
FINGERPRINTS = {}  # NEW in 07: the last call's layer fingerprints; what changed differs

# --- NEW in 07: the constitution, the first layer of the system prompt ---
# 06's SYSTEM_PROMPT without its "## Available Tools" section (now TOOL_CONTRACTS, below
# TOOLS): who the agent is and how it works, the same in every project.
CONSTITUTION = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it.

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
def save_note(note):
    return context.save_note(note, POLICY)


def research(question, client=None, count=None):
    """A sub-agent answers `question` in its own window. It calls the API, so run_tools
    hands it the client, and `count(response)`, told of each of its calls."""
    return context.research(client, question, model=MODEL, policy=POLICY, count=count)


TOOL_FUNCTIONS = {"list_files": list_files, "search_file": search_file,
                  "read_lines": read_lines, "edit_file": edit_file,
                  "save_note": save_note, "research": research}


def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    return tools.run_tool(TOOL_FUNCTIONS, name, tool_input)


# --- NEW in 07: the tool contracts, one short manual per tool ---
# The schema says what arguments a tool takes; the contract says how to use it well. Only
# the contracts of tools in TOOLS are sent (layers.tool_contracts), so a tool taken out of
# TOOLS takes its manual with it.
TOOL_CONTRACTS = {
    "list_files": "Lists the entries of one folder, each marked [file] or [dir]; it does not "
    "look inside subfolders. Use it first when you do not know the project yet.",
    "search_file": "Finds the lines matching a regular expression (Python syntax) in a file, "
    "or in every file under a folder, as `path:line: text`, at most 50. Search before you "
    "read: find the place, then read a few lines around it. Hidden files are skipped.",
    "read_lines": "Returns lines start to end of a file (1-based, inclusive), each prefixed "
    "with its number, at most 200 per call. Read the lines you need, not the whole file.",
    "edit_file": "Creates or changes a file by exact replacement. To create a file, set "
    "old_str to an empty string and put the whole file in new_str. To change one, copy "
    "old_str exactly from read_lines, without the line numbers; it must appear once. You "
    "must read the file first.",
    "save_note": "Appends one line to NOTES.md, your memory, shown to you at the start of "
    "every turn. Call it after each sub-task with what you will need later: paths, names, "
    "line numbers, decisions. Never raw file contents.",
    "research": "Asks a sub-agent one narrow question about the code (where is X defined, "
    "who calls Y); it searches and reads in its own window and answers with path:line "
    "citations. Use it when answering would mean reading more than two files.",
}


# --- NEW in 07: the layers of the next call ---
def prompt_layers(signals=(), memory=""):
    """The five layers of the next call, in order (an absent one has empty text)."""
    contracts = layers.tool_contracts(TOOLS, TOOL_CONTRACTS)
    return layers.stack(CONSTITUTION, contracts, PROMPT, signals, memory)


def system_prompt(signals=(), memory=""):
    """The system prompt of the next call: its layers as text blocks, cache marks included."""
    return layers.assemble(prompt_layers(signals, memory), PROMPT)


SYSTEM_PROMPT = system_prompt  # the name every checkpoint has; from 07 on it is a function


# --- the steps the loop calls ---
# CHANGED in 07: prepare_request assembles the layers before every call, fingerprints
# them, and marks the newest message for the cache; record_response traces the layers.
@dataclass
class Turn:
    """One user turn in progress, as the loop's steps see it."""

    start: int  # index of the turn's user message in `messages`
    number: int  # 1 for the session's first request, 2 for the next...
    stats: usage.Stats = field(default_factory=usage.Stats)  # what the turn's calls used
    started: float = field(default_factory=time.monotonic)  # for MAX_SECONDS
    # CHANGED in 07: read once per turn, as a change mid-turn would miss the cache
    memory: str = ""  # NOTES.md as a layer
    signals: list = field(default_factory=list)  # what the harness must tell the model
    system: list = field(default_factory=list)  # the system blocks of the call in flight...
    layers: dict = field(default_factory=dict)  # ...and their fingerprints, as traced
    sent: tuple = (0, 0)  # usage.chars_sent of the call in flight...
    sent_at: float = 0.0  # ...and when it was sent


def start_turn(messages):
    WINDOW.turns += 1  # compaction rewrites the earlier messages, so turns are counted apart
    return Turn(start=len(messages) - 1, number=WINDOW.turns,
                memory=context.memory_section(POLICY),  # CHANGED in 07: these two are layers
                signals=layers.signals_for(WINDOW, SESSION.cost_usd, MAX_COST_USD, PROMPT))


def over_limit(turn):
    """Why the next call must not happen, or None. Checked before every call."""
    return usage.over_limit(turn.stats, SESSION, turn.started,
                            MAX_STEPS, MAX_COST_USD, MAX_SECONDS)


def prepare_request(client, messages, turn):
    """The next API call's arguments; StopTurn if the turn must end first."""
    if reason := over_limit(turn):
        raise turns.StopTurn(reason)
    parts = prompt_layers(turn.signals, turn.memory)  # NEW in 07: the compaction sends them too
    turn.system = layers.assemble(parts, PROMPT)
    manage_window(client, messages, turn)
    turn.layers = layers.track(FINGERPRINTS, parts)  # NEW in 07: what changed since the last call
    turn.sent = usage.chars_sent(turn.system, TOOLS, messages)
    turn.sent_at = time.monotonic()
    return {"model": MODEL, "max_tokens": MAX_TOKENS, "system": turn.system, "tools": TOOLS,
            "messages": layers.with_message_breakpoint(messages, PROMPT),  # NEW in 07
            **turns.thinking_options(MODEL)}


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
    WINDOW.tokens = usage.prompt_tokens(response.usage)  # the window's size now
    usage.trace(usage.call_record(turn.number, turn.stats.calls, response, MODEL,
                                  elapsed=elapsed, **turn.layers))  # NEW in 07: the layers


def account(turn, response, kind):
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
            if block.name == "research":  # a sub-agent, with API calls of its own
                output = research(block.input.get("question"), client,
                                  lambda sub: account(turn, sub, "research"))
            else:
                output = dispatch_tool(block.name, block.input)
            output = context.shrink(block.name, block.input, output, POLICY, WINDOW)
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
