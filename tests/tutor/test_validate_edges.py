"""Edges of the tutor's request validation that mutation testing (`make mutate`) showed
no other test pinned: each test fails when the one check it names is weakened."""

from __future__ import annotations

from agentcourse.tutor.validate import check_messages_request

MODEL = "claude-sonnet-4-6"


def _tool_use(tool_id: str) -> dict:
    return {"type": "tool_use", "id": tool_id, "name": "read_file", "input": {"filename": "a"}}


def test_an_unanswered_tool_use_in_the_last_of_many_assistant_turns_is_refused():
    """The dangling tool_use is looked for in the final assistant turn, not the first one."""
    body = {"model": MODEL, "max_tokens": 64, "messages": [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": [{"type": "text", "text": "Hi."}]},
        {"role": "user", "content": "read a"},
        {"role": "assistant", "content": [{"type": "text", "text": "Reading."}, _tool_use("toolu_last")]},
    ]}
    assert check_messages_request(body) == (
        "messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: "
        "toolu_last. Each `tool_use` block must have a corresponding `tool_result` block in the "
        "next message.")
