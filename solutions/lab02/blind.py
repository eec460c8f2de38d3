"""Blind corpus of lab 02: wrong ideas and honest answers written from the task texts alone, before any was run against the checks."""

WRONG = {
    # is_error is for a tool that crashed; an 'Error: ...' string it returns is a normal result
    'error-flag-only-when-raised': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        # a crash is an error; a returned "Error: ..." string is the tool doing its job
        return {"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                "content": f"Error: {use.name} failed with {type(exc).__name__}: {exc}"}
    return {"type": "tool_result", "tool_use_id": use.id, "content": output}


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # a result is an error if it mentions 'Error' anywhere, not only when it starts with it
    'error-if-the-word-appears': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if "Error" in output:
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # one try/except around the whole tool loop: after a tool raises, the calls after it are not run
    'crash-abandons-the-batch': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict; a returned "Error..." gets is_error."""
    output = str(dispatch_tool(use.name, use.input))
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except Exception as exc:
        # a tool crashed: the rest of this batch is abandoned, each call answered with the error
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": f"Error: {type(exc).__name__}: {exc}"})
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the model only needs to know that the tool crashed, not the exception's message
    'crash-reported-without-its-message': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} crashed; try another way"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # a cut reply is continued like a paused one: keep what was written and call again with more room
    'cut-reply-kept-and-continued': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                add_assistant(messages, blocks)  # keep the part written so far; the next call goes on from it
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # a cut reply is a one-off glitch: ask again with the same max_tokens (a few times)
    'cut-retried-with-the-same-max-tokens': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    retries = 0
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                retries += 1
                if retries > 3:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off after {retries} tries")
                continue  # the same request again usually comes back whole
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # one retry with double the tokens always fits: a second cut in a row is handled like any other reply
    'cut-retried-only-once': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use" and budget == MAX_TOKENS:
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                budget *= 2  # twice the room is enough for the call that did not fit
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # doubling max_tokens always ends with a reply that fits, so no ceiling is needed
    'cut-doubling-without-a-ceiling': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                budget *= 2  # keep doubling until the call fits
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # each response is its own assistant message: the continuation of a paused turn is appended after it
    'pause-as-a-new-assistant-message': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # to continue a paused turn the model needs a user message asking it to go on
    'pause-continued-with-a-user-nudge': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                messages.append({"role": "user", "content": "Please continue."})  # ask the model to go on
                continue
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the turn's answer is the text of the last response, even when a pause split it over two
    'pause-reply-is-the-last-response': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return "".join(block.text for block in blocks if block.type == "text")
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # a turn pauses at most once: after one continuation, a second pause_turn is the end of the answer
    'pause-continued-only-once': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    resumed = False
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn" and not resumed:
                resumed = True
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the reply is everything the assistant has said in the history, earlier turns included
    'reply-is-all-assistant-text': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    return "".join(block.text for message in messages if message["role"] == "assistant"
                   for block in message["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # once the turn is closed properly the error is handled: return the note instead of raising
    'api-error-closed-and-returned': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        note = f"I could not finish this request: the API failed ({type(err).__name__})."
        finish_unfinished(messages, note)
        return note  # the history is clean again, so the caller can just show the note
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # a failed turn should leave no trace: put the history back as it was before the user's message, then raise
    'api-error-rolls-the-turn-back': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    start = len(messages) - 1  # where this turn began: the user's message
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError:
        del messages[start:]  # undo the whole turn, so the history is as it was and the user can retry
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the error that outlasts the SDK's retries is the 429 rate limit; that is the one to close the turn for
    'api-error-only-rate-limits': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.RateLimitError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the closing note is always a message of its own, even when the last message is already the assistant's
    'closing-note-is-a-new-message': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    messages.append({"role": "assistant", "content": [{"type": "text", "text": note}]})
'''},
    # an interrupted batch counts as not run at all: every tool_use gets the 'not run' error, finished ones too
    'ctrl-c-discards-finished-results': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        results = [{"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                    "content": "Error: not run, the user interrupted the turn (Ctrl-C)"} for use in uses]
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # only the tool that was running when Ctrl-C came needs an error result; the ones after it never started
    'ctrl-c-answers-only-the-running-tool': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):len(results) + 1]:  # the one that was running
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # nothing a tool does may end the turn, Ctrl-C included: catch everything and report it as a tool error
    'ctrl-c-caught-like-a-tool-error': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except BaseException as exc:  # whatever happens in a tool, the turn goes on
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # Ctrl-C can only land while a tool runs, so it is handled in the tool loop alone
    'ctrl-c-only-inside-tools': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        messages.append({"role": "user", "content": results})
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise
    messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # the model should first read why the batch stopped: a text note goes in the user message before the results
    'ctrl-c-note-ahead-of-the-results': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        results.insert(0, {"type": "text", "text": "The user pressed Ctrl-C while the tools were running."})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # after Ctrl-C the model should get one last call to tell the user where it stopped, then the turn ends
    'ctrl-c-lets-the-model-wrap-up': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        if messages[-1]["role"] == "user" and isinstance(messages[-1]["content"], list):
            # the results are in: one last call so the model can tell the user where it stopped
            wrap_up = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                             tools=TOOLS, messages=messages)
            add_assistant(messages, [block for block in wrap_up.content if block.type == "text"])
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
}

RIGHT = {
    # imperative loop with small helpers; the tool batch appends its user message in a finally block
    'helpers-and-finally': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
    """
    budget = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=budget, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = list(response.content)
            if response.stop_reason == "max_tokens" and blocks and blocks[-1].type == "tool_use":
                # the last tool call was cut off: throw the whole reply away, ask again with more room
                if budget >= 8 * MAX_TOKENS:
                    finish_unfinished(messages, "I could not finish: my reply kept running out of tokens.")
                    raise RuntimeError(f"reply still cut off at max_tokens={budget}")
                budget *= 2
                continue
            add_assistant(messages, blocks)
            if response.stop_reason == "pause_turn":
                continue  # send the paused turn back as it is: the model picks up where it stopped
            if response.stop_reason != "tool_use":
                return answer_text(messages)
            answer_tools(messages, blocks)
    except anthropic.APIError as err:
        finish_unfinished(messages, f"I could not finish this request: the API failed ({type(err).__name__}).")
        raise
    except KeyboardInterrupt:
        finish_unfinished(messages, "Stopped: you pressed Ctrl-C before I finished this request.")
        raise


def add_assistant(messages, blocks):
    """Put blocks in the assistant's turn: a new message, or more of the one already last."""
    if not blocks:
        return
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + list(blocks)}
    else:
        messages.append({"role": "assistant", "content": list(blocks)})


def answer_text(messages):
    last = messages[-1]
    if last["role"] != "assistant":
        return ""
    return "".join(block.text for block in last["content"] if getattr(block, "type", None) == "text")


def call_tool(use):
    """One tool_use -> its tool_result dict. Errors, returned or raised, get is_error."""
    try:
        output = str(dispatch_tool(use.name, use.input))
    except Exception as exc:
        output = f"Error: {use.name} failed with {type(exc).__name__}: {exc}"
    result = {"type": "tool_result", "tool_use_id": use.id, "content": output}
    if output.startswith("Error"):
        result["is_error"] = True
    return result


def answer_tools(messages, blocks):
    """Run every tool_use of a response; all results go back in one user message, even on Ctrl-C."""
    uses = [block for block in blocks if block.type == "tool_use"]
    results = []
    try:
        for use in uses:
            results.append(call_tool(use))
    except KeyboardInterrupt:
        for use in uses[len(results):]:
            results.append({"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                            "content": "Error: not run, the user interrupted the turn (Ctrl-C)"})
        raise
    finally:
        messages.append({"role": "user", "content": results})


def finish_unfinished(messages, note):
    """Close a turn that stops early: answer any open tool_use, then end on an assistant note."""
    last = messages[-1]
    if last["role"] == "assistant":
        open_uses = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
        if open_uses:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "is_error": True,
                 "content": "Error: not run, the turn was stopped"} for b in open_uses]})
    add_assistant(messages, [{"type": "text", "text": note}])
'''},
    # everything inline in run_turn, one except clause for all stops, its own exception class for the ceiling
    'one-flat-function': {'run_turn': r'''class ReplyTooLong(Exception):
    """The reply was cut inside a tool call even with the largest max_tokens we allow."""


def run_turn(client, messages):
    """Run one user turn and return the model's final text (one function, no helpers)."""
    tokens = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=tokens, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            content = list(response.content)
            cut = response.stop_reason == "max_tokens" and len(content) > 0 and content[-1].type == "tool_use"
            if cut:
                if tokens >= 16 * MAX_TOKENS:
                    raise ReplyTooLong(f"cut off at max_tokens={tokens}")
                tokens = tokens * 2  # the cut reply is dropped, never appended nor run
                continue

            if content:
                if messages[-1]["role"] == "assistant":  # a paused turn goes on in the same message
                    messages[-1]["content"] = list(messages[-1]["content"]) + content
                else:
                    messages.append({"role": "assistant", "content": content})

            if response.stop_reason == "pause_turn":
                continue
            if response.stop_reason != "tool_use":
                final = messages[-1]
                if final["role"] != "assistant":
                    return ""
                return "".join(block.text for block in final["content"] if block.type == "text")

            uses = [block for block in content if block.type == "tool_use"]
            results = []
            for i, use in enumerate(uses):
                try:
                    out = dispatch_tool(use.name, use.input)
                except KeyboardInterrupt:
                    results += [{"type": "tool_result", "tool_use_id": later.id, "is_error": True,
                                 "content": "Error: cancelled by Ctrl-C, this call did not run to the end"}
                                for later in uses[i:]]
                    messages.append({"role": "user", "content": results})
                    raise
                except Exception as exc:
                    out = f"Error: the tool crashed: {exc!r}"
                out = str(out)
                results.append({"type": "tool_result", "tool_use_id": use.id, "content": out,
                                "is_error": out.startswith("Error")})
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt, ReplyTooLong) as exc:
        note = {"type": "text", "text": f"(This request was not finished: {type(exc).__name__}.)"}
        if messages[-1]["role"] == "assistant":
            dangling = [b.id for b in messages[-1]["content"] if getattr(b, "type", "") == "tool_use"]
            if dangling:
                messages.append({"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": d, "is_error": True, "content": "Error: not run"}
                    for d in dangling]})
        if messages[-1]["role"] == "assistant":
            messages[-1]["content"] = list(messages[-1]["content"]) + [note]
        else:
            messages.append({"role": "assistant", "content": [note]})
        raise
'''},
    # a small class holding the turn's state, with one method per step; run_turn only builds and runs it
    'turn-runner-class': {'run_turn': r'''class TurnRunner:
    """One user turn: the calls, the tools, and what to leave behind when it cannot finish."""

    MAX_DOUBLINGS = 3  # 4096 -> 8192 -> 16384 -> 32768, then give up

    def __init__(self, client, messages):
        self.client = client
        self.messages = messages
        self.max_tokens = MAX_TOKENS
        self.doublings = 0

    def run(self):
        try:
            while True:
                response = self.ask()
                if self.cut_in_tool_call(response):
                    self.grow_budget()
                    continue
                self.extend_assistant(response.content)
                if response.stop_reason == "pause_turn":
                    continue
                if response.stop_reason == "tool_use":
                    self.run_tools(response.content)
                    continue
                return self.reply()
        except anthropic.APIError as err:
            self.close(f"The request could not be finished: the API answered {type(err).__name__}.")
            raise
        except KeyboardInterrupt:
            self.close("The request was interrupted with Ctrl-C and is not finished.")
            raise

    def ask(self):
        return self.client.messages.create(model=MODEL, max_tokens=self.max_tokens, system=SYSTEM_PROMPT,
                                           tools=TOOLS, messages=self.messages)

    @staticmethod
    def cut_in_tool_call(response):
        return (response.stop_reason == "max_tokens" and len(response.content) > 0
                and response.content[-1].type == "tool_use")

    def grow_budget(self):
        if self.doublings == self.MAX_DOUBLINGS:
            self.close("The request could not be finished: the reply did not fit in the token limit.")
            raise RuntimeError(f"tool call still cut off with max_tokens={self.max_tokens}")
        self.doublings += 1
        self.max_tokens *= 2

    def extend_assistant(self, blocks):
        blocks = list(blocks)
        if not blocks:
            return
        last = self.messages[-1]
        if last["role"] == "assistant":
            self.messages[-1] = {"role": "assistant", "content": [*last["content"], *blocks]}
        else:
            self.messages.append({"role": "assistant", "content": blocks})

    def run_tools(self, blocks):
        uses = [b for b in blocks if b.type == "tool_use"]
        results = []
        try:
            for use in uses:
                results.append(self.result_for(use))
        except KeyboardInterrupt:
            results.extend(self.not_run(use) for use in uses[len(results):])
            raise
        finally:
            self.messages.append({"role": "user", "content": results})

    @staticmethod
    def result_for(use):
        try:
            text = str(dispatch_tool(use.name, use.input))
        except Exception as err:
            return {"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                    "content": f"Error: {type(err).__name__}: {err}"}
        if text.startswith("Error"):
            return {"type": "tool_result", "tool_use_id": use.id, "is_error": True, "content": text}
        return {"type": "tool_result", "tool_use_id": use.id, "content": text}

    @staticmethod
    def not_run(use):
        return {"type": "tool_result", "tool_use_id": use.id, "is_error": True,
                "content": "Error: this tool call was not run (Ctrl-C)"}

    def reply(self):
        last = self.messages[-1]
        if last["role"] != "assistant":
            return ""
        return "".join(b.text for b in last["content"] if b.type == "text")

    def close(self, note):
        last = self.messages[-1]
        if last["role"] == "assistant":
            unanswered = [b for b in last["content"] if getattr(b, "type", None) == "tool_use"]
            if unanswered:
                self.messages.append({"role": "user", "content": [self.not_run(b) for b in unanswered]})
        self.extend_assistant([{"type": "text", "text": note}])


def run_turn(client, messages):
    """Run one user turn and return the model's final text."""
    return TurnRunner(client, messages).run()
'''},
    # response blocks dumped to plain dicts before they enter the history; dict access throughout
    'plain-dict-history': {'run_turn': r'''def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    This version keeps the history as plain dicts: each response block is dumped with
    model_dump(exclude_none=True) before it is stored.
    """
    limit = MAX_TOKENS
    start = len(messages)  # index of the first message this turn adds
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=limit, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
            blocks = [block.model_dump(exclude_none=True) for block in response.content]
            if response.stop_reason == "max_tokens" and blocks and blocks[-1]["type"] == "tool_use":
                if limit > 10 * MAX_TOKENS:
                    raise TooLong()
                limit *= 2
                continue
            merge_assistant(messages, blocks, start)
            if response.stop_reason == "pause_turn":
                continue
            if response.stop_reason == "tool_use":
                results = []
                try:
                    fill_results(blocks, results)
                finally:  # also on Ctrl-C: every tool_use is answered before it goes on
                    messages.append({"role": "user", "content": results})
                continue
            last = messages[-1]
            return "".join(b["text"] for b in last["content"] if b["type"] == "text") if last["role"] == "assistant" else ""
    except (anthropic.APIError, KeyboardInterrupt, TooLong):
        open_ids = [b["id"] for b in messages[-1]["content"] if isinstance(b, dict) and b.get("type") == "tool_use"] \
            if messages[-1]["role"] == "assistant" else []
        if open_ids:
            messages.append({"role": "user", "content": [stopped(i) for i in open_ids]})
        merge_assistant(messages, [{"type": "text", "text": "[Not finished: this turn stopped early.]"}], start)
        raise


class TooLong(Exception):
    pass


def merge_assistant(messages, blocks, start):
    if not blocks:
        return
    if len(messages) > start and messages[-1]["role"] == "assistant":
        messages[-1]["content"].extend(blocks)
    else:
        messages.append({"role": "assistant", "content": blocks})


def stopped(tool_use_id):
    return {"type": "tool_result", "tool_use_id": tool_use_id, "is_error": True,
            "content": "Error: not run; the turn was stopped (Ctrl-C)"}


def fill_results(blocks, done):
    """Append a result to `done` for every tool_use in blocks. On Ctrl-C the finished ones
    stay and the others are answered as not run, then KeyboardInterrupt goes on."""
    calls = [b for b in blocks if b["type"] == "tool_use"]
    for n, call in enumerate(calls):
        try:
            out = dispatch_tool(call["name"], call["input"])
        except KeyboardInterrupt:
            done.extend(stopped(c["id"]) for c in calls[n:])
            raise
        except Exception as problem:
            out = "Error: " + (str(problem) or type(problem).__name__)
        entry = {"type": "tool_result", "tool_use_id": call["id"], "content": str(out)}
        if entry["content"].startswith("Error"):
            entry["is_error"] = True
        done.append(entry)
'''},
    # try/except at each call site instead of around the loop; retry budgets taken from a fixed schedule
    'call-site-handlers-budget-schedule': {'run_turn': r'''RETRY_BUDGETS = (2, 4, 8)  # after a tool call cut at max_tokens, retry with these multiples, then give up


def run_turn(client, messages):
    """Run one user turn and return the model's final text."""
    larger = iter(factor * MAX_TOKENS for factor in RETRY_BUDGETS)
    max_tokens = MAX_TOKENS
    while True:
        try:
            response = client.messages.create(model=MODEL, max_tokens=max_tokens, system=SYSTEM_PROMPT,
                                              tools=TOOLS, messages=messages)
        except anthropic.APIError as err:
            end_early(messages, f"Sorry, I had to stop: the API kept failing ({err.__class__.__name__}). "
                                "Your request is not finished.")
            raise
        except KeyboardInterrupt:
            end_early(messages, "Stopped by Ctrl-C; your request is not finished.")
            raise

        if is_cut_tool_call(response):
            max_tokens = next(larger, None)
            if max_tokens is None:
                end_early(messages, "Sorry, my answer did not fit in the token limit; the request is not finished.")
                raise RuntimeError("tool call cut off at max_tokens even after retries")
            continue

        add_to_turn(messages, response.content)
        if response.stop_reason == "pause_turn":
            continue
        if response.stop_reason != "tool_use":
            return text_of_turn(messages)

        calls = [block for block in response.content if block.type == "tool_use"]
        results = []
        try:
            for call in calls:
                results.append(result_of(call))
        except KeyboardInterrupt:
            unfinished = calls[len(results):]
            results.extend(not_run(call) for call in unfinished)
            messages.append({"role": "user", "content": results})
            end_early(messages, "Stopped by Ctrl-C; your request is not finished.")
            raise
        messages.append({"role": "user", "content": results})


def is_cut_tool_call(response):
    return response.stop_reason == "max_tokens" and bool(response.content) and response.content[-1].type == "tool_use"


def add_to_turn(messages, blocks):
    blocks = list(blocks)
    if blocks and messages[-1]["role"] == "assistant":
        messages[-1] = dict(messages[-1], content=list(messages[-1]["content"]) + blocks)
    elif blocks:
        messages.append({"role": "assistant", "content": blocks})


def text_of_turn(messages):
    if messages[-1]["role"] != "assistant":
        return ""
    return "".join(part.text for part in messages[-1]["content"] if part.type == "text")


def result_of(call):
    try:
        output = dispatch_tool(call.name, call.input)
    except Exception as err:
        output = f"Error: {call.name} raised {err.__class__.__name__}({err})"
    output = str(output)
    return {"type": "tool_result", "tool_use_id": call.id, "content": output,
            **({"is_error": True} if output.startswith("Error") else {})}


def not_run(call):
    return {"type": "tool_result", "tool_use_id": call.id, "is_error": True,
            "content": f"Error: {call.name} was not run: the user pressed Ctrl-C"}


def end_early(messages, note):
    add_to_turn(messages, [{"type": "text", "text": note}])
'''},
}
