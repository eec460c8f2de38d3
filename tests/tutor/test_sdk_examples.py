"""The SDK calls the anthropic SDK's own examples make, through the real SDK against the
tutor: a tool the request names by its job (the tool-use docs' get_weather), streamed
tool input, the tool runner, a deferred tool found by a tool search, server tools,
structured output streamed, an image from a file, a prompt that asks for JSON in words,
and the APIs the tutor does not serve. One shared tutor (the session's `client`)."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from typing import Literal

import anthropic
import pydantic
import pytest
from anthropic import beta_tool

from agentcourse.tutor.act.forced import MARK

MODEL = "claude-sonnet-5"
WEATHER = {
    "name": "get_weather",
    "description": "Get the weather for a specific location",
    "input_schema": {"type": "object", "properties": {"location": {"type": "string"}}},
}
WEATHER_UNITS = {
    "name": "get_weather",
    "description": "Get the weather at a specific location",
    "input_schema": {
        "type": "object",
        "properties": {
            "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
        },
        "required": ["location"],
    },
}
ASK = {"role": "user", "content": "What is the weather in SF?"}


def _text(message) -> str:
    return "".join(b.text for b in message.content if b.type == "text")


def _calls(message) -> list:
    return [b for b in message.content if b.type == "tool_use"]


# ----------------------------------------------------------------------------- the request's own tools


def test_a_request_for_an_offered_tools_job_calls_it_then_passes_the_result_on(client):
    first = client.messages.create(model=MODEL, max_tokens=1024, messages=[ASK], tools=[WEATHER])
    assert first.stop_reason == "tool_use"
    (call,) = _calls(first)
    assert call.name == "get_weather" and call.input == {"location": "SF"}
    result = {"type": "tool_result", "tool_use_id": call.id, "content": [{"type": "text", "text": "The weather is 73f"}]}
    final = client.messages.create(
        model=MODEL, max_tokens=1024, tools=[WEATHER],
        messages=[ASK, {"role": first.role, "content": first.content}, {"role": "user", "content": [result]}],
    )
    assert final.stop_reason == "end_turn" and not _calls(final)
    assert "The weather is 73f" in _text(final)


def test_two_places_make_parallel_calls_and_both_results_come_back(client):
    ask = {"role": "user", "content": "What's the weather in SF and NYC?"}
    first = client.messages.create(model=MODEL, max_tokens=1024, messages=[ask], tools=[WEATHER])
    assert [c.input["location"] for c in _calls(first)] == ["SF", "NYC"]
    results = [{"type": "tool_result", "tool_use_id": c.id, "content": f"{c.input['location']}: 20C"}
               for c in _calls(first)]
    final = client.messages.create(model=MODEL, max_tokens=1024, tools=[WEATHER], messages=[
        ask, {"role": "assistant", "content": first.content}, {"role": "user", "content": results}])
    assert "SF: 20C" in _text(final) and "NYC: 20C" in _text(final)
    one = client.messages.create(model=MODEL, max_tokens=1024, messages=[ask], tools=[WEATHER],
                                 tool_choice={"type": "auto", "disable_parallel_tool_use": True})
    assert len(_calls(one)) == 1


def test_a_failed_tool_is_reported_as_failed(client):
    first = client.messages.create(model=MODEL, max_tokens=1024, messages=[ASK], tools=[WEATHER])
    (call,) = _calls(first)
    result = {"type": "tool_result", "tool_use_id": call.id, "content": "service down", "is_error": True}
    final = client.messages.create(
        model=MODEL, max_tokens=1024, tools=[WEATHER],
        messages=[ASK, {"role": "assistant", "content": first.content}, {"role": "user", "content": [result]}],
    )
    assert "get_weather failed: service down" in _text(final)


def test_streamed_tool_input_arrives_as_json_deltas_that_build_the_input(tutor_url):
    async def main(base_url: str) -> tuple[list[str], dict]:
        client = anthropic.AsyncAnthropic(base_url=base_url, api_key="tutor-offline", max_retries=0)
        deltas = []
        async with client.messages.stream(max_tokens=1024, model=MODEL, tools=[WEATHER_UNITS], messages=[ASK]) as s:
            async for event in s:
                if event.type == "input_json":
                    deltas.append(event.partial_json)
            final = await s.get_final_message()
        return deltas, _calls(final)[0].input

    deltas, tool_input = asyncio.run(main(tutor_url))
    assert deltas[0] == "" and json.loads("".join(deltas)) == tool_input
    assert tool_input["location"] == "SF"  # only the required field: the optional enum is left out


def test_numbers_and_queries_in_the_request_fill_the_input(client):
    add = {"name": "add_numbers", "description": "Add two numbers.", "input_schema": {
        "type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]}}
    stock = {"name": "get_stock_price", "description": "Look up a share price.", "input_schema": {
        "type": "object", "properties": {"ticker": {"type": "string"}}, "required": ["ticker"]}}
    docs = {"name": "search_docs", "description": "Search the documentation.", "input_schema": {
        "type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
    cases = [
        (add, "Please add 12 and 30.", {"a": 12, "b": 30}),
        (stock, "What is the stock price of AAPL today?", {"ticker": "AAPL"}),
        (docs, "Search the docs for prompt caching", {"query": "Search the docs for prompt caching"}),
    ]
    for tool, prompt, expected in cases:
        reply = client.messages.create(model=MODEL, max_tokens=200, tools=[tool],
                                       messages=[{"role": "user", "content": prompt}])
        assert [c.input for c in _calls(reply)] == [expected], prompt


def test_a_request_no_offered_tool_fits_gets_the_help_reply(client):
    reply = client.messages.create(model=MODEL, max_tokens=2000, tools=[WEATHER],
                                   messages=[{"role": "user", "content": "Tell me a joke about cats."}])
    assert reply.stop_reason == "end_turn" and not _calls(reply)
    assert "offline tutor" in _text(reply)


@beta_tool
def get_weather(location: str, units: Literal["c", "f"]) -> str:
    """Lookup the weather for a given city in either celsius or fahrenheit

    Args:
        location: The city and state, e.g. San Francisco, CA
        units: Unit for the output, either 'c' for celsius or 'f' for fahrenheit
    """
    return json.dumps({"location": location, "temperature": "20°C" if units == "c" else "68°F"})


def test_the_tool_runner_runs_the_tool_the_request_names(client):
    runner = client.beta.messages.tool_runner(max_tokens=1024, model=MODEL, tools=[get_weather], messages=[ASK])
    messages = list(runner)
    assert [m.stop_reason for m in messages] == ["tool_use", "end_turn"]
    assert _calls(messages[0])[0].input == {"location": "SF", "units": "c"}
    assert '"temperature": "20' in _text(messages[-1])


def test_a_deferred_tool_is_found_with_the_requests_tool_search_then_called(client):
    deferred = beta_tool(get_weather.func, defer_loading=True)
    searched = []

    @beta_tool
    def search_available_tools(*, keyword: str) -> list:
        """Search for useful tools using a query string"""
        searched.append(keyword)
        return [{"type": "tool_reference", "tool_name": t.name} for t in [deferred]
                if keyword in json.dumps(t.to_dict())]

    runner = client.beta.messages.tool_runner(max_tokens=1024, model=MODEL, messages=[ASK],
                                              tools=[deferred, search_available_tools])
    messages = list(runner)
    assert searched == ["weather"]
    assert [c.name for m in messages for c in _calls(m)] == ["search_available_tools", "get_weather"]
    assert '"temperature": "20' in _text(messages[-1])


def test_a_python_exception_passed_back_as_text_is_a_failed_tool(client):
    """Agents that return `f"{type(e).__name__}: {e}"` without is_error: a missing file
    is missing, so the tutor creates it rather than call it existing."""
    schema = {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
              "required": ["path", "content"]}
    tools = [
        {"name": "read_file", "description": "Read a UTF-8 text file.",
         "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
        {"name": "write_file", "description": "Write UTF-8 text to a file.", "input_schema": schema},
    ]
    ask = {"role": "user", "content": "Create hello.py with a hello world function."}
    first = client.messages.create(model=MODEL, max_tokens=2000, tools=tools, messages=[ask])
    (read,) = _calls(first)
    assert read.name == "read_file"
    missing = f"FileNotFoundError: [Errno 2] No such file or directory: '/w/{read.input['path']}'"
    second = client.messages.create(model=MODEL, max_tokens=2000, tools=tools, messages=[
        ask, {"role": "assistant", "content": first.content},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": read.id, "content": missing}]}])
    assert [c.name for c in _calls(second)] == ["write_file"]


# ----------------------------------------------------------------------------- server tools


SERVER_TOOLS = [
    {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
    {"type": "web_fetch_20250910", "name": "web_fetch"},
    {"type": "code_execution_20250825", "name": "code_execution"},
    # the tool search tool is run by the tutor over deferred tools: tests/tutor/test_tool_search.py
    {"type": "memory_20250818", "name": "memory"},
]


@pytest.mark.parametrize("tool", SERVER_TOOLS, ids=lambda t: t["type"])
def test_server_tools_are_accepted_counted_and_never_called(client, tool):
    ask = [{"role": "user", "content": "What's the weather in New York?"}]
    assert client.messages.count_tokens(model=MODEL, messages=ask, tools=[tool]).input_tokens > 0
    reply = client.messages.create(model=MODEL, max_tokens=2000, messages=ask, tools=[tool])
    assert reply.stop_reason == "end_turn" and [b.type for b in reply.content] == ["text"]
    assert f"never runs {tool['name']}" in _text(reply)
    forced = client.messages.create(model=MODEL, max_tokens=2000, messages=ask, tools=[tool],
                                    tool_choice={"type": "any"})
    assert forced.content and not _calls(forced)


def test_a_server_tool_with_the_wrong_name_is_refused(client):
    with pytest.raises(anthropic.BadRequestError, match="tools.0.web_search_20250305.name: Input should be 'web_search'"):
        client.messages.create(model=MODEL, max_tokens=100, messages=[ASK],
                               tools=[{"type": "web_search_20250305", "name": "search"}])


# ----------------------------------------------------------------------------- other helpers


class Order(pydantic.BaseModel):
    product_name: str
    price: float
    quantity: int


def test_structured_output_streams_and_parses(client):
    with client.messages.stream(model=MODEL, max_tokens=1024, output_format=Order,
                                messages=[{"role": "user", "content": "Extract the order: 2 packs of tea at 5.50."}]) as s:
        snapshots = [e.parsed_snapshot() for e in s if e.type == "text"]
        final = s.get_final_message()
    assert isinstance(final.parsed_output, Order) and snapshots[-1] == final.parsed_output.model_dump()
    assert final.parsed_output.product_name.startswith(MARK)


def test_an_image_given_as_a_file_path_is_accepted(client, tmp_path):
    png = tmp_path / "dot.png"
    png.write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
        "0000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"))
    reply = client.messages.create(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": [
        {"type": "text", "text": "Hello!"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}}]}])
    assert reply.content


def test_a_prompt_that_asks_for_json_in_words_gets_that_shape(client):
    """A tool-free judge call, as goal loops make: the data it judges quotes a course
    request, and the reply is still only the JSON asked for, with no judgement made up."""
    payload = json.dumps({"completion_condition": "hello.py exists",
                          "conversation": "user: Create hello.py with a hello world function."})
    prompt = (f"Input data (JSON):\n{payload}\n\nDecide whether completion_condition is satisfied.\n\n"
              'Return only JSON:\n{"ok": boolean, "reason": string, "impossible": boolean}')
    reply = client.messages.create(model=MODEL, max_tokens=300, messages=[{"role": "user", "content": prompt}],
                                   system="You are an independent completion evaluator. Return only the requested JSON object.")
    verdict = json.loads(_text(reply))
    assert verdict["ok"] is False and verdict["impossible"] is False
    assert "cannot judge" in verdict["reason"]


# ----------------------------------------------------------------------------- what the tutor does not serve


@pytest.mark.parametrize("name, call", [
    ("Files", lambda c: c.beta.files.list()),
    ("Skills", lambda c: c.beta.skills.list()),
    ("Managed Agents", lambda c: c.beta.environments.create(name="x")),
    ("legacy Text Completions", lambda c: c.post("/v1/complete", body={"prompt": "x"}, cast_to=object)),
], ids=["files.list", "skills.list", "environments.create", "complete"])
def test_apis_the_tutor_does_not_serve_answer_404_saying_so(client, name, call):
    with pytest.raises(anthropic.NotFoundError) as caught:
        call(client)
    body = caught.value.body
    assert body["type"] == "error" and body["error"]["type"] == "not_found_error"
    assert name in body["error"]["message"] and body["request_id"].startswith("req_tutor_")


# ----------------------------------------------------------------------------- message batches


def _batch_request(custom_id: str, **params) -> dict:
    body = {"model": MODEL, "max_tokens": 100, "messages": [{"role": "user", "content": "What does edit_file do?"}]}
    return {"custom_id": custom_id, "params": {**body, **params}}


def test_a_batch_ends_at_once_with_each_request_answered_as_messages_create_would(client):
    batch = client.messages.batches.create(requests=[
        _batch_request("ok"), _batch_request("bad-model", model="claude-nope"), _batch_request("streamed", stream=True),
        _batch_request("weather", messages=[ASK], tools=[WEATHER])])
    assert batch.id.startswith("msgbatch_") and batch.processing_status == "ended" and batch.ended_at
    counts = batch.request_counts
    assert (counts.succeeded, counts.errored, counts.processing) == (2, 2, 0)
    assert client.messages.batches.retrieve(batch.id) == batch
    results = {r.custom_id: r.result for r in client.messages.batches.results(batch.id)}
    direct = client.messages.create(**_batch_request("x")["params"])
    assert results["ok"].type == "succeeded" and _text(results["ok"].message) == _text(direct)
    assert results["bad-model"].type == "errored" and results["bad-model"].error.error.type == "not_found_error"
    assert results["streamed"].type == "errored" and "stream" in results["streamed"].error.error.message
    assert [c.name for c in _calls(results["weather"].message)] == ["get_weather"]


def test_batches_are_listed_cancelled_and_deleted(client):
    made = [client.messages.batches.create(requests=[_batch_request("one")]).id for _ in range(3)]
    listed = [b.id for b in client.messages.batches.list(limit=2)]
    assert listed[:3] == made[::-1]  # newest first, across pages
    assert client.messages.batches.cancel(made[0]).processing_status == "ended"  # nothing left to cancel
    assert client.messages.batches.delete(made[0]).type == "message_batch_deleted"
    with pytest.raises(anthropic.NotFoundError):
        client.messages.batches.retrieve(made[0])
    beta = client.beta.messages.batches.create(requests=[_batch_request("beta")])
    assert [r.result.type for r in client.beta.messages.batches.results(beta.id)] == ["succeeded"]


@pytest.mark.parametrize("requests, message", [
    ([], "requests: Input should be a list with at least 1 item"),
    ([{"custom_id": "a b", "params": {}}], "requests.0.custom_id: String should match pattern"),
    ([_batch_request("a"), _batch_request("a")], "requests.1.custom_id: Duplicate custom_id 'a'"),
    ([{"custom_id": "a"}], "requests.0.params: Field required"),
], ids=["empty", "bad-custom-id", "duplicate", "no-params"])
def test_a_malformed_batch_is_refused_whole(client, requests, message):
    with pytest.raises(anthropic.BadRequestError, match=re.escape(message)):
        client.messages.batches.create(requests=requests)


def test_models_retrieve_gives_the_dated_id(client):
    assert client.models.retrieve("claude-haiku-4-5").id == "claude-haiku-4-5-20251001"


@pytest.mark.parametrize("raw, status", [
    (b"OPTIONS /v1/messages HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    (b"NONSENSE\r\n\r\n", 400),
])
def test_http_level_errors_answer_in_the_apis_json_shape(tutor_url, raw, status):
    host, port = tutor_url.split("//")[1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(raw)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.split()[1] == str(status).encode() and b"application/json" in head
    assert json.loads(body)["type"] == "error"
