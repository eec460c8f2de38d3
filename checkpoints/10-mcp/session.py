"""session.py (checkpoint 10): the REPL, and the commands a person types between requests.

Try it offline: `agentcourse run 10`, then type /help.

A line that starts with "/" is a command for the agent, never sent to the model:

  /cost            what the session has cost so far, and the context window's size
  /compact         summarise the conversation now (checkpoint 06's compaction, on demand)
  /model [NAME]    show the model, or switch to NAME for the next requests
  /undo            take back what the last turn changed in the project's files (undo.py)
  /help            this list

/model never sends back a thinking block written by the previous model: a thinking block
is bound to the model that wrote it (its signature), so every one in the history is
dropped first (context.drop_thinking); the text and the tool calls stay. /compact asks
for the same summary the context policy would ask for at its threshold, so its cost is
one call, shown by /cost afterwards.

The REPL and the start-up report are checkpoint 08's, moved here from agent.py to make room:
an empty line or Ctrl-D ends the session, which prints its summary and closes the shells.
Checkpoint 10 adds one step to the start-up (start()): the project's MCP servers, each
started only if you approve it, their tools deferred behind tool search when they make
the agent's tools many; the session's end stops them.
"""

from __future__ import annotations

import os
import sys
from dataclasses import asdict
from typing import Any

import hooks
import streaming
import tool_search

HELP = """\
  /cost            what the session has cost so far, and the context window's size
  /compact         summarise the conversation now, to make room
  /model [NAME]    show the model, or switch to NAME (its thinking blocks are not resent)
  /undo            take back what the last turn changed in the project's files
  /help            this list
  (an empty line ends the session)"""


def cost(agent: Any, client: Any, messages: list, argument: str) -> str:
    """What the session cost, and how full the window was at the last call."""
    return (f"{agent.SESSION.summary('session so far')}\n[context: {agent.WINDOW.tokens:,} "
            f"tokens at the last call, {agent.WINDOW.compactions} compaction(s), model {agent.MODEL}]")


def compact(agent: Any, client: Any, messages: list, argument: str) -> str:
    """Summarise the history now. The compaction summarises up to a waiting request, so a
    placeholder stands in for one during the call and is taken out after."""
    if not messages:
        return "  [compact] nothing to compact yet"
    messages.append({"role": "user", "content": "(the user compacted the conversation)"})
    try:
        _, response = agent.context.compact(
            client, messages, len(messages) - 1, agent.WINDOW, model=agent.MODEL,
            system=agent.system_prompt(), tools=agent.TOOLS, policy=agent.POLICY)
    finally:
        messages.pop()  # the placeholder: the next request takes its place
    if response is None:
        return "  [compact] too little history to be worth a summary"
    agent.SESSION.add(response, agent.MODEL)
    agent.usage.trace(agent.usage.call_record(0, 0, response, agent.MODEL, kind="compact"))
    return f"  [compact] the history is now a summary and the last reply ({len(messages)} messages)"


def model(agent: Any, client: Any, messages: list, argument: str) -> str:
    """Show or switch the model; a switch drops every thinking block from the history."""
    name = argument.strip()
    if not name:
        return f"  [model] {agent.MODEL}"
    if not name.startswith("claude-") or " " in name:
        return f"  [model] {name!r} is not a model name (they start with claude-)"
    agent.MODEL = name
    agent.context.drop_thinking(messages, 0)  # bound to the previous model: never resent
    return f"  [model] {name} from the next request (thinking blocks of the previous one dropped)"


def undo(agent: Any, client: Any, messages: list, argument: str) -> str:
    """Restore the files the last turn changed."""
    return "\n".join(agent.UNDO.undo(os.getcwd()))


def help_(agent: Any, client: Any, messages: list, argument: str) -> str:
    return HELP


COMMANDS = {"/cost": cost, "/compact": compact, "/model": model, "/undo": undo, "/help": help_}


def command(agent: Any, client: Any, messages: list, line: str) -> str:
    """Run one session command; what it prints."""
    name, _, argument = line.partition(" ")
    run = COMMANDS.get(name.lower())
    if run is None:
        return f"  unknown command {name}: {', '.join(COMMANDS)}"
    try:
        return run(agent, client, messages, argument)
    except agent.anthropic.APIError as err:
        return f"  [{name[1:]}] {agent.turns.describe_api_error(err)} {getattr(err, 'message', '')}"


def shown(agent: Any, request: dict) -> bool:
    """Whether a request is the conversation's own, to stream and show: the loop's calls
    send the agent's TOOLS and let the model choose; a compaction (tool_choice none) and the
    research sub-agent (tools of its own) are made whole, unseen."""
    return request.get("tools") is agent.TOOLS and "tool_choice" not in request


def run(agent: Any, client: Any) -> None:
    """The session: the start-up report (checkpoint 08's fences, to stderr), then the REPL;
    the shells are closed however it ends. `agent` is the program's module."""
    print(f"Coding agent working in {os.getcwd()}: type a request, /help for commands; "
          "an empty line quits.\n")
    agent.GUARDRAIL.fenced = agent.BASH.fenced  # read here, not at import: the read probes bwrap
    print("\n".join(agent.FENCE.startup()), file=sys.stderr)
    try:
        start(agent)
        repl(agent, streaming.Client(client, lambda request: shown(agent, request)))
    finally:
        agent.MCP.close()
        agent.BASH.close()
        agent.HOOK_SHELL.close()


def start(agent: Any) -> None:
    """The project's MCP servers (mcp_client.py), fenced as the shells are and asked for
    one by one; then, if the tools are now many, the servers' deferred (tool_search.py).
    The agent's own tools, those before the servers', stay loaded. Once per session: the
    REPL calls it before the first request, and each turn's start calls it again (a program
    that calls run_turn without the REPL, as the arena does, starts them there)."""
    if agent.MCP.begun:
        return
    agent.MCP.begun = True
    own = len(agent.TOOLS)
    for shell in (agent.BASH, agent.HOOK_SHELL):  # .agent/ read-only to the servers too: a
        hooks.protect(shell, os.getcwd())  # server must not write the hooks the agent runs
    agent.MCP.start(os.getcwd(), (agent.BASH, agent.HOOK_SHELL), agent.TOOLS, agent.TOOL_FUNCTIONS)
    if deferred := tool_search.arrange(agent.TOOLS, keep=own):
        print(f"  [tools] {deferred} of {len(agent.TOOLS) - 1} tools deferred behind tool search",
              file=sys.stderr)


def repl(agent: Any, client: Any) -> None:
    """Read requests and commands until an empty line; `agent` is the program's module."""
    messages = []
    while True:
        try:
            line = input("You: ").strip()
        except (EOFError, KeyboardInterrupt):
            line = ""
        if not line:
            print(agent.SESSION.summary("session"))
            agent.usage.trace({"type": "session", **asdict(agent.SESSION)})
            print("Goodbye.")
            return
        if line.startswith("/"):
            print(command(agent, client, messages, line))
            continue
        messages.append({"role": "user", "content": line})
        agent.run_turn(client, messages)
