"""The tutor rejects what the real API rejects, with the API's status, error type and wording.

Each rule is checked through the real SDK (so the 400 becomes anthropic.BadRequestError),
and the rule table is also run directly against check_messages_request.
"""

from __future__ import annotations

import copy

import anthropic
import pytest
from anthropic.types import Message

from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.validate import check_messages_request

READ_TOOL = {
    "name": "read_file",
    "description": "Read a file.",
    "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}},
}


def _tool_use(tool_id: str) -> dict:
    return {"type": "tool_use", "id": tool_id, "name": "read_file", "input": {"filename": "a"}}


def _result(tool_id: str) -> dict:
    return {"type": "tool_result", "tool_use_id": tool_id, "content": "text of a"}


def _valid() -> dict:
    return {
        "model": "claude-sonnet-4-6",
        "max_tokens": 100,
        "tools": [READ_TOOL],
        "messages": [
            {"role": "user", "content": "Read a"},
            {"role": "assistant", "content": [{"type": "text", "text": "ok"}, _tool_use("t1")]},
            {"role": "user", "content": [_result("t1")]},
        ],
    }


def _without(key: str):
    def change(body: dict) -> None:
        del body[key]

    return change


def _set(key: str, value):
    def change(body: dict) -> None:
        body[key] = value

    return change


def _set_message(index: int, message: dict):
    def change(body: dict) -> None:
        body["messages"][index] = message

    return change


# (rule name, how to break a valid request, a fragment of the API's message)
RULES = [
    ("missing max_tokens", _without("max_tokens"), "max_tokens: Field required"),
    ("zero max_tokens", _set("max_tokens", 0), "max_tokens: Input should be greater than or equal to 1"),
    ("float max_tokens", _set("max_tokens", 10.5), "max_tokens: Input should be a valid integer"),
    ("missing model", _without("model"), "model: Field required"),
    ("missing messages", _without("messages"), "messages: Field required"),
    ("empty messages", _set("messages", []), "at least one message is required"),
    (
        "assistant first",
        _set("messages", [{"role": "assistant", "content": "hi"}]),
        'first message must use the "user" role',
    ),
    ("bad role", _set_message(0, {"role": "system", "content": "x"}), "messages.0.role"),
    (
        "tool_result with unknown id",
        _set_message(2, {"role": "user", "content": [_result("t1"), _result("t9")]}),
        "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: t9",
    ),
    (
        "tool_use left unanswered",
        _set_message(2, {"role": "user", "content": "what now?"}),
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: t1",
    ),
    (
        "text before the tool_result",
        _set_message(2, {"role": "user", "content": [{"type": "text", "text": "here"}, _result("t1")]}),
        "Did not find 1 `tool_result` block(s) at the beginning of this message",
    ),
    (
        "tool name with a space",
        _set("tools", [{**READ_TOOL, "name": "read file"}]),
        "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    ),
    (
        "tool name too long",
        _set("tools", [{**READ_TOOL, "name": "r" * 65}]),
        "String should match pattern",
    ),
    (
        "tool without input_schema",
        _set("tools", [{"name": "read_file", "description": "d"}]),
        "tools.0.custom.input_schema: Field required",
    ),
    (
        "input_schema not an object schema",
        _set("tools", [{**READ_TOOL, "input_schema": {"type": "string"}}]),
        "tools.0.custom.input_schema.type: Input should be 'object'",
    ),
    ("duplicate tool names", _set("tools", [READ_TOOL, READ_TOOL]), "Tool names must be unique"),
    (
        "unknown content block type",
        _set_message(0, {"role": "user", "content": [{"type": "video", "text": "x"}]}),
        "messages.0.content.0: Input tag 'video'",
    ),
    (
        "empty text block",
        _set_message(0, {"role": "user", "content": [{"type": "text", "text": ""}]}),
        "text content blocks must be non-empty",
    ),
    (
        "tool_choice naming an unknown tool",
        _set("tool_choice", {"type": "tool", "name": "delete_everything"}),
        "tool_choice: Tool 'delete_everything' not found in tools",
    ),
    (
        "typed tool with the wrong name",
        _set("tools", [{"type": "bash_20250124", "name": "shell"}]),
        "tools.0.bash_20250124.name: Input should be 'bash'",
    ),
    ("system not text", _set("system", [{"type": "image"}]), "system.0"),
    ("misspelt field", _set("temprature", 0.5), "temprature: Extra inputs are not permitted"),
]


@pytest.mark.parametrize(("name", "change", "expected"), RULES, ids=[r[0] for r in RULES])
def test_rule_table_names_the_problem(name, change, expected):
    body = _valid()
    change(body)
    problem = check_messages_request(body)
    assert problem is not None and expected in problem


def test_valid_request_passes():
    assert check_messages_request(_valid()) is None


@pytest.fixture(scope="module")
def sdk():
    reply = {"content": [{"type": "text", "text": "fine"}], "stop_reason": "end_turn"}
    with serve(TutorConfig(respond=lambda request: reply)) as url:
        yield anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0)


def _post(client: anthropic.Anthropic, body: dict) -> Message:
    return client.post("/v1/messages", body=body, cast_to=Message)


@pytest.mark.parametrize(("name", "change", "expected"), RULES, ids=[r[0] for r in RULES])
def test_sdk_gets_bad_request_error_with_api_body(sdk, name, change, expected):
    body = _valid()
    change(body)
    with pytest.raises(anthropic.BadRequestError) as caught:
        _post(sdk, body)
    assert caught.value.status_code == 400
    assert caught.value.body["type"] == "error"
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    assert expected in caught.value.body["error"]["message"]
    assert caught.value.body["request_id"].startswith("req_tutor_")


def test_valid_request_through_sdk_succeeds(sdk):
    assert _post(sdk, _valid()).content[0].text == "fine"


def test_consecutive_user_messages_are_merged_like_the_api(sdk):
    body = _valid()
    body["messages"][2:] = [
        {"role": "user", "content": [_result("t1")]},
        {"role": "user", "content": "and now summarize"},
    ]
    assert check_messages_request(body) is None
    assert _post(sdk, body).stop_reason == "end_turn"


def test_parallel_results_in_any_order_are_accepted():
    body = _valid()
    body["messages"][1]["content"].append(_tool_use("t2"))
    body["messages"][2]["content"] = [_result("t2"), _result("t1")]
    assert check_messages_request(body) is None


def test_text_after_the_results_is_accepted():
    body = _valid()
    body["messages"][2]["content"].append({"type": "text", "text": "keep going"})
    assert check_messages_request(body) is None


def test_results_sent_as_assistant_leave_the_tool_use_unanswered():
    body = _valid()
    body["messages"][2] = {"role": "assistant", "content": [_result("t1")]}
    assert "messages.1: `tool_use` ids were found without `tool_result`" in check_messages_request(body)


def test_each_result_in_its_own_user_message_is_merged_and_accepted():
    body = _valid()
    body["messages"][1]["content"].append(_tool_use("t2"))
    body["messages"][2:] = [
        {"role": "user", "content": [_result("t1")]},
        {"role": "user", "content": [_result("t2")]},
    ]
    assert check_messages_request(body) is None


def test_tool_use_in_a_user_message_is_refused():
    body = _valid()
    body["messages"][0] = {"role": "user", "content": [{"type": "text", "text": "x"}, _tool_use("t0")]}
    assert check_messages_request(body) == (
        "messages.0.content.1: `tool_use` blocks can only be in assistant messages"
    )


def test_trailing_assistant_tool_use_is_unanswered():
    body = _valid()
    body["messages"] = body["messages"][:2]
    assert "were found without `tool_result`" in check_messages_request(body)


def test_fields_the_sdk_and_course_send_are_accepted(sdk):
    body = _valid()
    body["messages"][0] = {
        "role": "user",
        "content": [{"type": "text", "text": "Read a", "cache_control": {"type": "ephemeral"}}],
    }
    body["messages"][2]["content"] = [
        {
            "type": "tool_result",
            "tool_use_id": "t1",
            "content": [{"type": "text", "text": "Error: no such file"}],
            "is_error": True,
        }
    ]
    body.update(
        system=[{"type": "text", "text": "You are a coding agent.", "cache_control": {"type": "ephemeral"}}],
        temperature=0.2,
        top_p=0.9,
        top_k=5,
        metadata={"user_id": "student-1"},
        tool_choice={"type": "auto"},
        thinking={"type": "disabled"},
        stop_sequences=["\nHuman:"],
    )
    assert check_messages_request(copy.deepcopy(body)) is None
    assert _post(sdk, body).content[0].text == "fine"


def test_anthropic_schema_client_tools_need_no_input_schema(sdk):
    body = _valid()
    body["tools"] = [
        {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"},
        {"type": "bash_20250124", "name": "bash"},
    ]
    body["messages"][1]["content"][1]["name"] = "bash"
    assert _post(sdk, body).stop_reason == "end_turn"


def test_count_tokens_does_not_need_max_tokens(sdk):
    count = sdk.messages.count_tokens(
        model="claude-sonnet-4-6", messages=[{"role": "user", "content": "hello"}]
    )
    assert count.input_tokens > 0


def test_count_tokens_validates_too(sdk):
    with pytest.raises(anthropic.BadRequestError, match="at least one message"):
        sdk.messages.count_tokens(model="claude-sonnet-4-6", messages=[])
