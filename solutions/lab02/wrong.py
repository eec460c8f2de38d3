"""Known-wrong implementations of lab 2: each must lose points (tests/labs/test_integrity.py)."""

from agentcourse.nbtools import swap

_RESULTS = 'messages.append({"role": "user", "content": results})'

WRONG = {
    # Only the text is kept: the next call's tool_result answers a tool_use the API never saw.
    "appends-only-text": {
        "run_turn": swap(
            'messages.append({"role": "assistant", "content": response.content})',
            'messages.append({"role": "assistant", "content": "".join('
            'b.text for b in response.content if b.type == "text") or "(tool call)"})',
        ),
    },
    # Tool results sent back as if the model had said them.
    "results-as-assistant": {
        "run_turn": swap(_RESULTS, 'messages.append({"role": "assistant", "content": results})'),
    },
    # The result points at the message id, not at the tool_use block's id.
    "wrong-tool-use-id": {
        "run_turn": swap('"tool_use_id": block.id', '"tool_use_id": response.id'),
    },
    # No loop: the tool runs and its result is appended, but the model never sees it.
    "stops-after-first-tool-call": {
        "run_turn": swap(_RESULTS, _RESULTS + '\n        return ""'),
    },
    # One user message per result: two user messages in a row for parallel calls.
    "results-in-separate-messages": {
        "run_turn": swap(
            'results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})',
            'messages.append({"role": "user", "content": [{"type": "tool_result", '
            '"tool_use_id": block.id, "content": output}]})',
        ),
    },
    # Only the first tool_use of a response is run and answered.
    "answers-only-first-tool-call": {
        "run_turn": swap(
            'results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})',
            'results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})\n'
            "                break",
        ),
    },
    # The assistant turn is never recorded: the results answer nothing.
    "forgets-assistant-message": {
        "run_turn": swap('messages.append({"role": "assistant", "content": response.content})', "pass"),
    },
}
