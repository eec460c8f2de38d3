"""agentcourse.api.protocol: SDK objects to plain dicts, and the tool-use protocol rules."""

from __future__ import annotations

from anthropic.types import Message, TextBlock, ToolUseBlock

from agentcourse.api.protocol import protocol_errors, to_plain


def _tool_use(tool_id: str, name: str = "read_file") -> dict:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": {"filename": "a.py"}}


def _result(tool_id: str, text: str = "ok") -> dict:
    return {"type": "tool_result", "tool_use_id": tool_id, "content": text}


def _sound_conversation() -> list:
    return [
        {"role": "user", "content": "Read a.py"},
        {"role": "assistant", "content": [{"type": "text", "text": "Reading."}, _tool_use("t1")]},
        {"role": "user", "content": [_result("t1")]},
        {"role": "assistant", "content": [{"type": "text", "text": "Done."}]},
    ]


def test_to_plain_turns_sdk_blocks_into_dicts_without_none_fields():
    blocks = [
        TextBlock(type="text", text="hi"),
        ToolUseBlock(type="tool_use", id="t1", name="read_file", input={"filename": "a.py"}),
    ]
    plain = to_plain([{"role": "user", "content": "hello"}, {"role": "assistant", "content": blocks}])
    assert plain == [
        {"role": "user", "content": "hello"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "hi"},
                {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"filename": "a.py"}},
            ],
        },
    ]


def test_to_plain_dumps_a_whole_message_object():
    message = Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [{"type": "text", "text": "x"}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )
    (plain,) = to_plain([message])
    assert plain["content"] == [{"type": "text", "text": "x"}]
    assert "stop_sequence" not in plain


def test_to_plain_leaves_the_input_list_untouched():
    original = _sound_conversation()
    copy = to_plain(original)
    copy[0]["content"] = "changed"
    assert original[0]["content"] == "Read a.py"


def test_sound_conversation_has_no_protocol_errors():
    assert protocol_errors(_sound_conversation()) == []


def test_sdk_objects_are_checked_like_dicts():
    convo = _sound_conversation()
    convo[1]["content"] = [
        TextBlock(type="text", text="Reading."),
        ToolUseBlock(type="tool_use", id="t1", name="read_file", input={}),
    ]
    assert protocol_errors(convo) == []


def test_empty_list_is_an_error():
    assert protocol_errors([]) != []


def test_first_message_must_be_from_user_a_rule_of_the_course():
    # The API documents no such rule (the tutor accepts it); the course's loops keep it.
    errors = protocol_errors([{"role": "assistant", "content": "hi"}])
    assert any("first message" in e and "course's loops" in e for e in errors)


def test_two_user_messages_in_a_row_are_reported():
    errors = protocol_errors([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}])
    assert any("in a row" in e for e in errors)


def test_unanswered_tool_use_is_reported():
    convo = _sound_conversation()
    convo[2] = {"role": "user", "content": "never mind"}
    errors = protocol_errors(convo)
    assert any("t1" in e and "no tool_result" in e for e in errors)


def test_tool_use_left_at_the_end_is_reported():
    errors = protocol_errors(_sound_conversation()[:2])
    assert any("never answered" in e for e in errors)


def test_tool_result_with_unknown_id_is_reported():
    convo = _sound_conversation()
    convo[2] = {"role": "user", "content": [_result("t1"), _result("t9")]}
    errors = protocol_errors(convo)
    assert any("'t9'" in e for e in errors)


def test_text_before_tool_results_is_reported():
    convo = _sound_conversation()
    convo[2] = {"role": "user", "content": [{"type": "text", "text": "here"}, _result("t1")]}
    errors = protocol_errors(convo)
    assert any("must come first" in e for e in errors)


def test_text_after_tool_results_is_fine():
    convo = _sound_conversation()
    convo[2] = {"role": "user", "content": [_result("t1"), {"type": "text", "text": "also"}]}
    assert protocol_errors(convo) == []


def test_parallel_tool_calls_need_every_result():
    convo = [
        {"role": "user", "content": "Read both"},
        {"role": "assistant", "content": [_tool_use("t1"), _tool_use("t2")]},
        {"role": "user", "content": [_result("t2")]},
    ]
    errors = protocol_errors(convo)
    assert any("'t1'" in e for e in errors)
    convo[2] = {"role": "user", "content": [_result("t2"), _result("t1")]}
    assert protocol_errors(convo) == []
