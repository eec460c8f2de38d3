"""The anthropic SDK's own helpers work against the tutor with their defaults.

messages.stream (text_stream, get_final_message), AsyncAnthropic, with_raw_response,
and the beta tool runner, which by default keeps the conversation on the server as a
message thread (beta "message-threads-2026-08-12"): the tutor holds it as the API does.
"""

from __future__ import annotations

import asyncio
import json

import anthropic
import pytest
from anthropic import beta_tool
from anthropic.types import ThreadNotFoundError

from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.act import brain
from agentcourse.tutor.speak.threads import BETA, LIFETIME

MODEL = "claude-sonnet-4-6"
READ_BOTH = [{"role": "user", "content": "Read utils.py and tests.py."}]
FILES = {"utils.py": "def add(a, b):\n    return a + b\n", "tests.py": "def test_add():\n    assert add(1, 2) == 3\n"}


class Recorder:
    """The brain, remembering every request it was asked to answer."""

    def __init__(self) -> None:
        self.requests: list[dict] = []

    def __call__(self, request: dict):
        self.requests.append(request)
        return brain.respond(request)


@pytest.fixture(scope="module")
def tutor():
    now = [0.0]
    recorder = Recorder()
    config = TutorConfig(respond=recorder, clock=lambda: now[0])
    with serve(config) as url:
        yield url, recorder, now


def _sent_bodies():
    """An httpx client that records the JSON bodies the SDK sends, and the list they go to."""
    bodies: list[dict] = []

    def hook(request) -> None:
        if request.method == "POST":
            bodies.append({"body": json.loads(request.content), "url": str(request.url),
                           "beta": request.headers.get("anthropic-beta", "")})

    return anthropic.DefaultHttpxClient(event_hooks={"request": [hook]}), bodies


@beta_tool
def read_file(path: str) -> str:
    """Read a file of the project and return its text.

    Args:
        path: the file to read, relative to the project
    """
    return FILES.get(path, f"Error: {path} not found")


# ----------------------------------------------------------------------------- plain helpers


def test_stream_helper_gives_text_and_the_final_message(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    plain = client.messages.create(model=MODEL, max_tokens=500, messages=READ_BOTH, tools=[read_file.to_dict()])
    with client.messages.stream(model=MODEL, max_tokens=500, messages=READ_BOTH, tools=[read_file.to_dict()]) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == plain.content[0].text
    assert final.model_dump(exclude={"id"}) == plain.model_dump(exclude={"id"})


def test_async_client_creates_and_streams(tutor):
    url, _, _ = tutor

    async def run():
        client = anthropic.AsyncAnthropic(base_url=url, api_key="k", max_retries=0)
        created = await client.messages.create(model=MODEL, max_tokens=500, messages=READ_BOTH,
                                               tools=[read_file.to_dict()])
        async with client.messages.stream(model=MODEL, max_tokens=500, messages=READ_BOTH,
                                          tools=[read_file.to_dict()]) as stream:
            final = await stream.get_final_message()
        counted = await client.messages.count_tokens(model=MODEL, messages=READ_BOTH)
        together = await asyncio.gather(*[
            client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "x" * (4 * n + 1)}])
            for n in range(8)])
        await client.close()
        return created, final, counted, together

    created, final, counted, together = asyncio.run(run())
    assert created.stop_reason == final.stop_reason == "tool_use"
    assert [b.input for b in created.content[1:]] == [{"path": "utils.py"}, {"path": "tests.py"}]
    assert counted.input_tokens > 0
    assert [m.usage.input_tokens for m in together] == sorted({m.usage.input_tokens for m in together})


def test_raw_response_gives_headers_and_the_parsed_message(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    raw = client.messages.with_raw_response.create(model=MODEL, max_tokens=200, messages=READ_BOTH)
    message = raw.parse()
    assert raw.status_code == 200 and raw.headers["x-tutor"].startswith("agentcourse offline tutor")
    assert message.id.startswith("msg_tutor_") and message._request_id == raw.headers["request-id"]
    with client.messages.with_streaming_response.create(model=MODEL, max_tokens=200, messages=READ_BOTH) as response:
        assert json.loads(response.read())["type"] == "message"


# ----------------------------------------------------------------------------- the tool runner


def test_tool_runner_with_its_defaults_finishes_the_task_over_a_thread(tutor):
    url, recorder, _ = tutor
    http_client, sent = _sent_bodies()
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0, http_client=http_client)
    recorder.requests.clear()
    runner = client.beta.messages.tool_runner(
        model=MODEL, max_tokens=1000, system="You are a coding agent.", tools=[read_file], messages=READ_BOTH)
    replies = list(runner)
    assert [r.stop_reason for r in replies] == ["tool_use", "end_turn"]
    assert "add(a, b)" in replies[-1].content[0].text  # the tutor read the real results
    # What went over the wire: a create with everything, then a continue with only the results.
    first, second = sent[0], sent[1]
    assert BETA in first["beta"]
    assert first["body"]["thread"] == {"type": "create"} and "system" in first["body"]
    assert second["body"]["thread"] == {"type": "continue", "previous_message_id": replies[0].id}
    assert "system" not in second["body"] and "tools" not in second["body"]
    assert [m["role"] for m in second["body"]["messages"]] == ["user"]
    # What the brain saw: the whole conversation, system and tools included, rebuilt.
    rebuilt = recorder.requests[-1]
    assert rebuilt["system"] == "You are a coding agent." and rebuilt["tools"][0]["name"] == "read_file"
    assert [m["role"] for m in rebuilt["messages"]] == ["user", "assistant", "user"]


def test_streaming_tool_runner_works_too(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    runner = client.beta.messages.tool_runner(model=MODEL, max_tokens=1000, tools=[read_file],
                                              messages=READ_BOTH, stream=True)
    finals = [stream.get_final_message() for stream in runner]
    assert [f.stop_reason for f in finals] == ["tool_use", "end_turn"]


def test_tool_runner_without_a_thread_sends_the_whole_history(tutor):
    url, _, _ = tutor
    http_client, sent = _sent_bodies()
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0, http_client=http_client)
    replies = list(client.beta.messages.tool_runner(model=MODEL, max_tokens=1000, tools=[read_file],
                                                    messages=READ_BOTH, thread=False))
    assert replies[-1].stop_reason == "end_turn"
    assert "thread" not in sent[-1]["body"] and len(sent[-1]["body"]["messages"]) == 3


# ----------------------------------------------------------------------------- threads, directly


def _create(client: anthropic.Anthropic, **extra):
    return client.beta.messages.create(model=MODEL, max_tokens=500, messages=READ_BOTH, tools=[read_file.to_dict()],
                                       thread={"type": "create"}, betas=[BETA], **extra)


def _results(reply) -> list[dict]:
    return [{"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": b.id, "content": FILES[b.input["path"]]}
        for b in reply.content if b.type == "tool_use"]}]


def test_thread_continue_needs_only_the_new_messages(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    first = _create(client)
    second = client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first), betas=[BETA],
                                         thread={"type": "continue", "previous_message_id": first.id})
    assert first.stop_reason == "tool_use" and second.stop_reason == "end_turn"


def test_thread_refusals_carry_the_error_codes_the_sdk_knows(tutor):
    url, _, now = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    first = _create(client)
    cont = {"type": "continue", "previous_message_id": first.id}
    with pytest.raises(anthropic.BadRequestError, match="system: may not be sent with a `continue`"):
        client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first), system="x",
                                    thread=cont, betas=[BETA])
    client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first), thread=cont, betas=[BETA])
    with pytest.raises(anthropic.BadRequestError) as again:
        client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first), thread=cont, betas=[BETA])
    with pytest.raises(ThreadNotFoundError) as unknown:
        client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first), betas=[BETA],
                                    thread={"type": "continue", "previous_message_id": "msg_tutor_nothing"})
    assert again.value.error_code == "thread_already_continued"
    assert unknown.value.status_code == 404 and unknown.value.error_code == "thread_not_found"
    # A thread lives five minutes after its last request.
    other = _create(client)
    now[0] += LIFETIME + 1
    with pytest.raises(ThreadNotFoundError):
        client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(other), betas=[BETA],
                                    thread={"type": "continue", "previous_message_id": other.id})


def test_a_failed_continue_leaves_the_thread_usable(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    first = _create(client)
    cont = {"type": "continue", "previous_message_id": first.id}
    with pytest.raises(anthropic.BadRequestError, match="unexpected `tool_use_id`"):
        client.beta.messages.create(model=MODEL, max_tokens=500, thread=cont, betas=[BETA], messages=[
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_nope", "content": "x"}]}])
    assert client.beta.messages.create(model=MODEL, max_tokens=500, messages=_results(first),
                                       thread=cont, betas=[BETA]).stop_reason == "end_turn"


def test_thread_needs_the_beta_header(tutor):
    url, _, _ = tutor
    client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
    with pytest.raises(anthropic.BadRequestError, match="thread: Extra inputs are not permitted"):
        client.post("/v1/messages", cast_to=object, body={
            "model": MODEL, "max_tokens": 50, "messages": READ_BOTH, "thread": {"type": "create"}})
    with pytest.raises(anthropic.BadRequestError, match="does not match any of the expected tags: 'create', 'continue'"):
        client.beta.messages.create(model=MODEL, max_tokens=50, messages=READ_BOTH, betas=[BETA],
                                    extra_body={"thread": {"type": "fork"}})


def test_many_clients_at_once_each_get_their_own_answer(tutor):
    """Each client's prompt has its own token count, so usage tells whose request a reply answered."""
    from concurrent.futures import ThreadPoolExecutor

    from agentcourse.tutor.speak import tokens

    url, _, _ = tutor

    def one(k: int) -> tuple[int, int]:
        client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0, timeout=30)
        request = {"model": MODEL, "max_tokens": 200,
                   "messages": [{"role": "user", "content": "What does edit_file do?" + "." * 4 * k}]}
        replies = [client.messages.create(**request).usage.input_tokens for _ in range(2)]
        client.close()
        return tokens.input_tokens(request), replies

    with ThreadPoolExecutor(max_workers=20) as pool:
        results = list(pool.map(one, range(20)))
    assert all(replies == [expected, expected] for expected, replies in results)
    assert len({expected for expected, _ in results}) == 20
