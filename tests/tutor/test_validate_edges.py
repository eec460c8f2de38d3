"""Edges of the tutor's request validation that mutation testing (`make mutate`) showed
no other test pinned: each test fails when the one check it names is weakened."""

from __future__ import annotations

from agentcourse.tutor.speak.validate import check_messages_request

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


def test_beta_only_fields_are_refused_unless_the_request_came_to_the_beta_endpoint():
    """`beta` defaults to False in both entry points: a plain /v1/messages call that sends
    a beta field gets the API's "Extra inputs" answer, the beta endpoint takes it."""
    from agentcourse.tutor.speak.validate import check_request

    body = {"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}],
            "context_management": {"edits": []}}
    refused = "context_management: Extra inputs are not permitted"
    assert check_messages_request(body) == refused
    assert check_request(body).message == refused
    assert check_messages_request(body, beta=True) is None
    assert check_request(body, beta=True) is None


def test_sampling_settings_need_an_older_version_than_the_newest():
    """The newest anthropic-version refuses temperature; an older one accepts it."""
    body = {"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}],
            "temperature": 0.5}
    refused = "temperature: Extra inputs are not permitted"
    assert check_messages_request(body, version="2026-10-21") == refused
    assert check_messages_request(body) == refused
    assert check_messages_request(body, version="2023-06-01") is None


def _tool_result(tool_id: str) -> dict:
    return {"type": "tool_result", "tool_use_id": tool_id, "content": "x"}


def _body(*messages: dict) -> dict:
    return {"model": MODEL, "max_tokens": 64,
            "messages": [{"role": "user", "content": "go"}, *messages]}


UNANSWERED = ("`tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
              "Each `tool_use` block must have a corresponding `tool_result` block in the next "
              "message.")


def test_a_missing_result_blames_the_later_of_two_merged_assistant_messages():
    body = _body({"role": "assistant", "content": [_tool_use("a")]},
                 {"role": "assistant", "content": [_tool_use("b")]},
                 {"role": "user", "content": [_tool_result("a")]})
    assert check_messages_request(body) == "messages.2: " + UNANSWERED.format(ids="b")


def test_a_dangling_final_turn_blames_its_last_message():
    body = _body({"role": "assistant", "content": [_tool_use("a")]},
                 {"role": "assistant", "content": [_tool_use("b")]})
    assert check_messages_request(body) == "messages.2: " + UNANSWERED.format(ids="a, b")


def test_results_not_first_blames_the_first_message_of_the_merged_user_turn():
    body = _body({"role": "assistant", "content": [_tool_use("a")]},
                 {"role": "user", "content": [{"type": "text", "text": "hm"}]},
                 {"role": "user", "content": [_tool_result("a")]})
    assert check_messages_request(body) == (
        "messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. "
        "Messages following `tool_use` blocks must begin with a matching number of "
        "`tool_result` blocks.")


def test_trailing_whitespace_is_judged_on_the_last_block_of_the_final_assistant_turn():
    refused = "messages: final assistant content cannot end with trailing whitespace"
    two_texts = _body({"role": "assistant", "content": [{"type": "text", "text": "ok"},
                                                         {"type": "text", "text": "b "}]})
    assert check_messages_request(two_texts) == refused
    after_thinking = _body({"role": "assistant", "content": [
        {"type": "thinking", "thinking": "t", "signature": "s"}, {"type": "text", "text": "b "}]})
    assert check_messages_request(after_thinking) == refused
    clean_last = _body({"role": "assistant", "content": [{"type": "text", "text": "a "},
                                                         {"type": "text", "text": "b"}]})
    assert check_messages_request(clean_last) is None
    leading = _body({"role": "assistant", "content": "  leading space is fine"})
    assert check_messages_request(leading) is None  # only trailing whitespace is refused
