from agentcourse.course.clients import RecordingClient


def test_recording_client_keeps_every_response_and_its_usage_in_order(client, project):
    recorder = RecordingClient(client)
    first = recorder.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=64,
        messages=[{"role": "user", "content": "What does edit_file do?"}],
    )
    second = recorder.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=64,
        messages=[{"role": "user", "content": "Hello there, who are you?"}],
    )
    assert recorder.responses == [first, second]
    assert [u.input_tokens for u in recorder.usages] == [
        first.usage.input_tokens,
        second.usage.input_tokens,
    ]
    assert first.usage.input_tokens != second.usage.input_tokens


def test_result_tokens_counts_only_the_text_of_tool_results(client):
    from agentcourse.course.clients import result_tokens, text_tokens

    long, short = "x = 1\n" * 200, "ok"
    messages = [
        {"role": "user", "content": "a request whose own words are not counted " * 20},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read_file", "input": {"filename": "a"}},
            {"type": "tool_use", "id": "toolu_2", "name": "read_file", "input": {"filename": "b"}},
        ]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": long},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": short},
        ]},
    ]
    model = "claude-sonnet-4-6"
    assert text_tokens(client, model, long) > 10 * text_tokens(client, model, short) > 0
    expected = text_tokens(client, model, long) + text_tokens(client, model, short)
    assert result_tokens(client, model, messages) == expected
