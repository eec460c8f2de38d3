"""Lab 3's Task 5 loop: checkpoint 03's turn handling, copied and driven by the student's
functions, with its system prompt and schemas loaded from checkpoint 02.
"""

from __future__ import annotations

import json
import os

# ---------------------------------------------------------------- Task 5: checkpoint 03's loop
# Copied from checkpoints/03-real-tools (agent.py, turns.py and tools.run_tool), without its
# tools: `run_turn` takes the table of tool functions, the student's.

MODEL = os.environ.get("ANTHROPIC_MODEL", "claude-sonnet-4-6")  # kept: the loop checks read replies without thinking
MAX_TOKENS = 4096
MAX_TOOL_ROUNDS = 25

_LOADED: list[tuple[str, list]] = []


def prompt_and_tools() -> tuple[str, list]:
    """Checkpoint 03's system prompt and tool schemas, which are checkpoint 02's: loaded from
    02 (the lab's metadata lists it), never kept here, because this package is in every
    graded kernel's reach and a good prompt is Lab 1's answer. Loaded once: the setup cell
    calls it, since finding a checkpoint lists the checkpoints' folder, which a graded
    kernel may do while its setup runs and is reported for in any later cell."""
    if not _LOADED:
        from agentcourse.paths import load_checkpoint

        agent = load_checkpoint("02")
        _LOADED.append((agent.SYSTEM_PROMPT, agent.TOOLS))
    return _LOADED[0]


class StopTurn(Exception):
    """Raised by a step of the loop that must end the turn now; its message says why."""


def dispatch(functions, name, tool_input):
    """Run one tool call from the table `functions`; never raises."""
    function = functions.get(name)
    if function is None:
        return f"Error: unknown tool {name!r}; the tools are {', '.join(functions)}"
    try:
        return function(**tool_input)
    except TypeError as err:
        return f"Error: bad arguments for {name}: {err}"
    except Exception as err:  # noqa: BLE001 - a tool's failure is the model's to read
        return f"Error: {name} failed: {err}"


def tool_result(tool_use_id, output):
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": output}
    if str(output).startswith("Error:"):
        result["is_error"] = True
    return result


def add_assistant(messages, content):
    """Append an assistant turn, or extend the last one (a paused turn continues)."""
    if not content:
        return
    if messages and messages[-1]["role"] == "assistant":
        messages[-1]["content"] = list(messages[-1]["content"]) + list(content)
    else:
        messages.append({"role": "assistant", "content": list(content)})


def close_turn(messages, turn_start, note):
    """End the turn early with `note`, leaving `messages` valid; returns the note."""
    if len(messages) == turn_start + 1:
        messages.pop()
        note += " Your message was not kept; send it again when ready."
    else:
        pending = [b for b in messages[-1]["content"] if getattr(b, "type", None) == "tool_use"]
        if pending:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in pending]})
        add_assistant(messages, [{"type": "text", "text": f"[{note}]"}])
    print(f"\nAssistant: [{note}]\n")
    return note


STOP_NOTES = {
    "max_tokens": "The reply hit the max_tokens limit and was cut off here.",
    "refusal": "The model declined to continue with this request.",
    "model_context_window_exceeded": "The reply filled the model's context window and was cut off here.",
}


def final_answer(messages, response):
    """Keep the model's answer in `messages`, print it and return its text."""
    content = [b for b in response.content if b.type != "tool_use"]
    text = "\n".join(b.text for b in content if b.type == "text")
    stop = response.stop_reason
    note = STOP_NOTES.get(stop, "" if stop in ("end_turn", "stop_sequence") else stop)
    if note:
        text = f"{text}\n[{note}]".strip()
        content.append({"type": "text", "text": f"[{note}]"})
    add_assistant(messages, content or [{"type": "text", "text": "(no reply)"}])
    print(f"\nAssistant: {text}\n")
    return text


def run_turn(client, messages, functions):
    """Run one user turn with checkpoint 03's loop, its tools taken from `functions`
    (name -> function). `messages` already ends with the user's message."""
    import anthropic

    start, calls = len(messages) - 1, 0
    try:
        while True:
            if calls >= MAX_TOOL_ROUNDS:
                raise StopTurn(f"Stopped after {MAX_TOOL_ROUNDS} tool rounds without an answer.")
            system, tools = prompt_and_tools()
            response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=system,
                                              tools=tools, messages=messages)
            calls += 1
            if response.stop_reason not in ("tool_use", "pause_turn"):
                return final_answer(messages, response)
            add_assistant(messages, response.content)
            if response.stop_reason == "tool_use":
                results = []
                for block in response.content:
                    if block.type == "tool_use":
                        print(f"  [tool] {block.name} {json.dumps(block.input)[:100]}")
                        results.append(tool_result(block.id, dispatch(functions, block.name, block.input)))
                messages.append({"role": "user", "content": results})
    except StopTurn as stopped:
        return close_turn(messages, start, str(stopped))
    except anthropic.APIError as err:
        return close_turn(messages, start, f"The API call failed: {err}")
    except KeyboardInterrupt:
        return close_turn(messages, start, "Interrupted (Ctrl-C).")
