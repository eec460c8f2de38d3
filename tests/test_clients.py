from agentcourse.clients import RecordingClient


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
