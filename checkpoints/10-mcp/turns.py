"""turns.py (checkpoint 09): every way a turn can end, each leaving the messages valid.

A turn ends with an answer, or early: at a limit, on an API error, on Ctrl-C. agent.py's
loop calls what is here at each of those exits. Whatever happened, the next request must
still be one the API accepts, or one failed call would make every later call fail with
a 400. Two rules keep it so: every tool_use has its tool_result in the next message, and
the roles alternate.

- tool_result(): a tool's answer, flagged when it is an error
- final_answer(): an answer, whatever its stop_reason (cut off, refused, ...)
- close_turn(): an early exit; StopTurn is how a step of the loop asks for one
- describe_api_error(): one line a person can act on, for each way the call can fail
- thinking_options(), show_thinking(): today's models think; what they note is shown

Written in checkpoint 03; checkpoint 09 changed one thing: final_answer does not print a
reply again that was streamed (marked `shown` by streaming.py), only its note.
"""

import re

import anthropic


# --- a tool's answer ---
def tool_result(tool_use_id, output):
    """The answer to one tool_use: its id ties the two together; a tool's "Error: ..."
    string is flagged with the API's own is_error, so the model knows the call failed."""
    result = {"type": "tool_result", "tool_use_id": tool_use_id, "content": output}
    if output.startswith("Error:"):
        result["is_error"] = True
    return result


# --- ending a turn early ---
class StopTurn(Exception):
    """Raised by a step of the loop that must end the turn now; its message says why."""


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


# --- thinking, as today's models return it ---
# Claude 5 models and later think by default, and their default display ("omitted")
# returns every thinking block with empty text and only its signature: the short notes
# the model writes between tool calls never reach the screen. Asking for the display
# "summarized" returns them. Older models think only when asked, so they get nothing.
# Either way the blocks stay in the assistant's content, sent back whole and unchanged.
def thinking_options(model):
    """The request's thinking field for `model`: {} where the model does not think by default."""
    version = re.match(r"claude-[a-z]+-(\d+)", model)
    if version and int(version.group(1)) >= 5:
        return {"thinking": {"type": "adaptive", "display": "summarized"}}
    return {}


def show_thinking(content):
    """Print what the model noted in its thinking blocks (nothing for an empty one)."""
    for block in content:
        note = getattr(block, "thinking", "") if getattr(block, "type", None) == "thinking" else ""
        if note.strip():
            print("  [thinking] " + "\n             ".join(note.strip().splitlines()))


# --- the answer, whatever the stop_reason ---
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


def final_answer(messages, response):
    """Keep the model's answer in `messages`, print it and return its text."""
    # A cut-off reply may end in a half-written tool_use that was never run: drop such
    # blocks so nothing is left unanswered.
    content = [b for b in response.content if b.type != "tool_use"]
    text = "\n".join(b.text for b in content if b.type == "text")
    stop = response.stop_reason
    note = STOP_NOTES.get(stop, "" if stop in ("end_turn", "stop_sequence") else stop)
    if note:
        text = f"{text}\n[{note}]".strip()
        content.append({"type": "text", "text": f"[{note}]"})
    # (no reply) stands in for an empty answer: the API refuses empty assistant turns, and
    # one that is only thinking would end in a thinking block, which the API refuses too
    if all(getattr(b, "type", None) in ("thinking", "redacted_thinking") for b in content):
        content.append({"type": "text", "text": "(no reply)"})
    add_assistant(messages, content)
    if getattr(response, "shown", False):  # CHANGED in 09: streamed, it is on the screen already
        print(f"[{note}]\n" if note else "")
    else:
        print(f"\nAssistant: {text}\n")
    return text
