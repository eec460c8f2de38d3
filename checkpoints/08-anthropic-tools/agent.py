"""agent.py (checkpoint 08): the tools Claude is trained on, a text editor and a bash shell.

Run it offline against the tutor model (no key needed), in a scratch copy of the sample
project: `agentcourse run 08`. Or against Claude, from inside the folder it may touch:

    ANTHROPIC_API_KEY=sk-ant-... python path/to/checkpoints/08-anthropic-tools/agent.py

Type a request at "You:"; an empty line (or Ctrl-D) quits. Before any shell command runs,
you are asked: y (once), a (always, for the programs named), n (refuse).

= checkpoint 03 + these additions (each new idea in its own module beside this file):
- the three custom tools become Anthropic's two schema-less client tools, declared by type
  and name only: the text editor (text_editor_20250728) and bash (bash_20250124)
- text_editor.py: view / create / str_replace / insert, confined to the project, with the
  documented error strings, a timestamped backup before every write (none when a check
  fails), atomic writes, line endings and a missing final newline kept exactly
- bash_session.py: one persistent shell per run; a random sentinel ends each command's
  output, a timeout kills everything the command started, long output is cut in the middle
- guardrail.py: before a command runs, the user approves every program it would start
"""

import json
import os
import sys

import anthropic

from bash_session import BashPolicy, BashSession
from guardrail import Guardrail
from sandbox import SandboxPolicy
from text_editor import POLICY as EDITOR, str_replace_based_edit_tool

# --- FROM 03 (unchanged): model and token limit ---
MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")
MAX_TOKENS = 4096

# --- FROM 03 (unchanged): the turn limit ---
MAX_TOOL_ROUNDS = 25

# --- CHANGED in 08: the system prompt ---
# "Do not run code." became rules for running commands: now the agent can, with approval.
SYSTEM_PROMPT = """\
You are a coding assistant working inside one project directory. You help the user \
read, understand and change the code files in it, and run its tests and tools.

## Available Tools
**str_replace_based_edit_tool**: the text editor. `view` shows a file with line numbers \
(or lists a folder); `create` makes a new file; `str_replace` replaces text that appears \
exactly once; `insert` adds text after a line (0 is the top). Paths are relative to the \
project folder.
**bash**: one shell that persists between calls (cd and variables last). The user \
approves each program before it runs and may refuse.

## How to Work
- Read before editing. Never change a file you have not viewed in this conversation.
- Be concise. Give the user the result they need, not a narration of your steps.
- When in doubt, ask, but only if the request is truly ambiguous; otherwise act.
- Report what you did: after a change, confirm it in one short sentence.
- Use the text editor to read and change files; use bash to run tests and commands.

Example:
User: Add a docstring to the add function in math_utils.py.
Assistant: [calls str_replace_based_edit_tool(command="view", path="math_utils.py")]
[finds `def add(a, b):` on line 4]
[calls str_replace_based_edit_tool(command="str_replace", path="math_utils.py", \
old_str="def add(a, b):", new_str="def add(a, b):\\n    \\"\\"\\"Return the sum of a and b.\\"\\"\\"")]
Added a one-line docstring to add() on line 4 of math_utils.py.

## Constraints
- Only touch files inside the current project directory. Do not read or write \
anything outside it.
- Never delete files, with either tool. If the user asks you to delete something, say \
that you cannot and suggest an alternative.
- Do not install software, change system settings or use the network from bash.
- If the user refuses a command, do not try to reach the same result another way.
"""

# --- NEW in 08: the tools, declared by type and name only ---
# No description and no input_schema: Claude was trained on these two tools, so the API
# knows their schemas. The type's date is a version; name and type must match it.
TOOLS = [
    {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool",
     "max_characters": EDITOR.max_characters},
    {"type": "bash_20250124", "name": "bash"},
]

# --- NEW in 08: bash, behind the guardrail ---
# One shell for the whole run, started by the first command; every command is checked
# first. What the user answered stays in GUARDRAIL until the agent exits.
BASH = BashSession(BashPolicy(sandbox=SandboxPolicy()))  # fenced by the OS where it can be
GUARDRAIL = Guardrail()


def bash(command=None, restart=False):
    """Anthropic's bash tool: run `command` in the session, or restart the session."""
    if restart is True:
        return BASH.restart()
    if not isinstance(command, str) or not command.strip():
        return "Error: command must be a non-empty string (or set restart to true)"
    return GUARDRAIL.check(command) or BASH.run(command)  # a refusal, or the output


TOOL_FUNCTIONS = {"str_replace_based_edit_tool": str_replace_based_edit_tool, "bash": bash}


# --- FROM 03 (unchanged): dispatch, which never raises ---
def dispatch_tool(name, tool_input):
    """Run one tool call. Never raises: every failure becomes an "Error: ..." string."""
    function = TOOL_FUNCTIONS.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}; the tools are {', '.join(TOOL_FUNCTIONS)}"
    try:
        return function(**tool_input)
    except TypeError as err:
        return f"Error: bad arguments for {name}: {err}"
    except Exception as err:
        return f"Error: {name} failed: {err}"


def run_tools(content):
    """Run every tool_use block in `content`; the answers, in order, as tool_results."""
    results = []
    for block in content:
        if block.type == "tool_use":
            print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
            output = dispatch_tool(block.name, block.input)
            result = {"type": "tool_result", "tool_use_id": block.id, "content": output}
            if output.startswith("Error:"):
                result["is_error"] = True  # the API's own flag for a failed call
            results.append(result)
    return results


# --- FROM 03 (unchanged): keeping the messages list valid, whatever happens ---
def add_assistant(messages, content):
    """Append an assistant turn, or extend the last one (a paused turn continues)."""
    if not content:
        return  # the API refuses empty assistant turns in the history
    if messages and messages[-1]["role"] == "assistant":
        messages[-1]["content"] = list(messages[-1]["content"]) + list(content)
    else:
        messages.append({"role": "assistant", "content": list(content)})


def close_turn(messages, turn_start, note):
    """End the turn early with `note`, leaving `messages` valid; returns the note."""
    if len(messages) == turn_start + 1:
        # Nothing happened yet: drop the user's message so they can simply send it again.
        messages.pop()
        note += " Your message was not kept; send it again when ready."
    else:
        # Answer every unanswered tool_use (only the API's blocks have .type; our dicts don't).
        pending = [b for b in messages[-1]["content"] if getattr(b, "type", None) == "tool_use"]
        if pending:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in pending]})
        add_assistant(messages, [{"type": "text", "text": f"[{note}]"}])
    print(f"\nAssistant: [{note}]\n")
    return note


def describe_api_error(err):
    """One line a person can act on, for each way the API call can fail."""
    if isinstance(err, anthropic.RateLimitError):
        return "The API is rate-limiting this key (429). Wait a minute, then try again."
    if isinstance(err, anthropic.APIStatusError):
        if err.status_code == 529 or isinstance(err, anthropic.InternalServerError):
            return f"The API is overloaded or failing ({err.status_code}). Try again shortly."
        return f"The API rejected the request ({err.status_code}): {err.message}"
    if isinstance(err, anthropic.APITimeoutError):
        return "The API call timed out. Try again."
    return f"Could not reach the API: {err}"


# What a stop_reason other than tool_use, end_turn or stop_sequence means for the user.
# model_context_window_exceeded is a reply cut off because it filled the context window:
# truncated, like max_tokens. (A request too long to start with never gets a reply: the
# API refuses it with a 400, which describe_api_error reports.)
STOP_NOTES = {
    "max_tokens": "The reply hit the max_tokens limit and was cut off here.",
    "refusal": "The model declined to continue with this request.",
    "model_context_window_exceeded": "The reply filled the model's context window and was "
    "cut off here. Start a new session (empty line) and ask for smaller pieces.",
}


# --- FROM 03 (unchanged): the inner loop ---
def run_turn(client, messages):
    """Run one user turn to completion. `messages` already ends with the user's message."""
    turn_start = len(messages) - 1
    try:
        for _ in range(MAX_TOOL_ROUNDS):
            response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS,
                                              system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
            stop = response.stop_reason
            if stop in ("tool_use", "pause_turn"):
                add_assistant(messages, response.content)
                if stop == "tool_use":
                    messages.append({"role": "user", "content": run_tools(response.content)})
                continue  # after pause_turn (a long turn paused), calling again resumes it
            # A final answer. A cut-off reply may end in a half-written tool_use that
            # was never run: drop such blocks so nothing is left unanswered.
            content = [b for b in response.content if b.type != "tool_use"]
            text = "\n".join(b.text for b in content if b.type == "text")
            note = STOP_NOTES.get(stop, "" if stop in ("end_turn", "stop_sequence") else stop)
            if note:
                text = f"{text}\n[{note}]".strip()
                content.append({"type": "text", "text": f"[{note}]"})
            # (no reply) stands in for an empty answer: the API refuses empty assistant turns
            add_assistant(messages, content or [{"type": "text", "text": "(no reply)"}])
            print(f"\nAssistant: {text}\n")
            return text
        return close_turn(messages, turn_start,
                          f"Stopped after {MAX_TOOL_ROUNDS} tool rounds without an answer. "
                          "Say 'continue' to let it go on, or narrow the request.")
    except anthropic.APIError as err:
        # The SDK already retried 429/5xx twice; what reaches us is the user's to decide.
        return close_turn(messages, turn_start, describe_api_error(err))
    except KeyboardInterrupt:
        return close_turn(messages, turn_start, "Interrupted (Ctrl-C).")


# --- CHANGED in 08: the outer loop ---
# "run_turn(client, messages)" now sits in try/finally: the shell, and anything it
# started, must not outlive the agent.
def run_agent():
    client = anthropic.Anthropic()
    messages = []
    print(f"Coding agent working in {os.getcwd()}: type a request; an empty line quits.\n")
    why = BASH.unfenced_reason  # NEW in 08: is the shell fenced by the OS (sandbox.py)? Say so.
    print(f"  [shell] {f'NOT fenced, it runs with your permissions: {why}' if why else 'fenced by bubblewrap'}", file=sys.stderr)
    try:
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
    finally:
        BASH.close()


if __name__ == "__main__":
    run_agent()
