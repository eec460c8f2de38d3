"""The tutor server through the real anthropic SDK: responses, streaming, faults, cache, limits."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from urllib.parse import urlparse

import anthropic
import pytest

from agentcourse.cli import main as cli_main
from agentcourse.errors import PortInUse, UsageError
from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.speak import tokens
from agentcourse.tutor.speak.server import cli_serve

MODEL = "claude-sonnet-4-6"
HELLO = [{"role": "user", "content": "Read a.py please"}]
TOOL = {
    "name": "read_file",
    "description": "Read a file.",
    "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}},
}
TEXT_AND_TOOL = {
    "content": [
        {"type": "text", "text": "I'll read the file first to see what it contains."},
        {"type": "tool_use", "id": "toolu_tutor_0001", "name": "read_file", "input": {"filename": "a.py"}},
    ],
    "stop_reason": "tool_use",
}


def canned(reply: dict):
    """A respond() that always gives the same reply and remembers what it was asked."""

    def respond(request: dict) -> dict:
        respond.requests.append(request)
        return reply

    respond.requests = []
    return respond


@contextmanager
def tutor(reply: dict = TEXT_AND_TOOL, max_retries: int = 0, **config) -> Iterator[SimpleNamespace]:
    """A private server with a canned reply, its SDK client, and its request log."""
    log: list[dict] = []
    cfg = TutorConfig(respond=canned(reply), log=log, **config)
    with serve(cfg) as url:
        client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=max_retries)
        yield SimpleNamespace(url=url, client=client, log=log, config=cfg)


VERSION = {"anthropic-version": "2023-06-01"}


def _raw(url: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    """One raw HTTP exchange: (status, headers, parsed JSON body)."""
    parsed = urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    try:
        conn.request(method, path, body=body, headers={**VERSION, **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), json.loads(data) if data else None
    finally:
        conn.close()


def _read_until_closed(sock: socket.socket) -> str:
    """Everything the server sends before it closes the connection."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks).decode()


# --------------------------------------------------------------------------- create


def test_create_returns_a_message_marked_as_the_tutor():
    with tutor() as t:
        raw = t.client.messages.with_raw_response.create(
            model=MODEL, max_tokens=200, tools=[TOOL], messages=HELLO
        )
        message = raw.parse()
    assert raw.headers["x-tutor"].startswith("agentcourse offline tutor model")
    assert message.model == "claude-sonnet-4-6"  # the model asked for; the marker is elsewhere
    assert message.id.startswith("msg_tutor_")
    assert message.stop_reason == "tool_use"
    assert message.content[1].input == {"filename": "a.py"}
    assert message.usage.input_tokens > 0 and message.usage.output_tokens > 0


def test_brain_sees_the_request_as_sent():
    with tutor() as t:
        t.client.messages.create(model=MODEL, max_tokens=200, system="Be concise.", messages=HELLO)
        (request,) = t.config.respond.requests
    assert request["system"] == "Be concise." and request["messages"] == HELLO


def test_default_server_answers_through_the_sdk(client):
    message = client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert message.model == MODEL and message.content


def test_one_connection_serves_many_requests():
    with tutor() as t:
        parsed = urlparse(t.url)
        conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
        body = json.dumps({"model": MODEL, "max_tokens": 50, "messages": HELLO})
        for _ in range(3):
            conn.request("POST", "/v1/messages", body, {"x-api-key": "k", "content-type": "application/json", **VERSION})
            response = conn.getresponse()
            assert response.status == 200
            assert json.loads(response.read())["type"] == "message"
        conn.close()


def test_brain_failure_is_an_api_error_not_a_hang():
    def broken(request: dict):
        raise RuntimeError("boom")

    with serve(TutorConfig(respond=broken)) as url:
        client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
        with pytest.raises(anthropic.InternalServerError, match="boom"):
            client.messages.create(model=MODEL, max_tokens=50, messages=HELLO)


# --------------------------------------------------------------------------- streaming


def test_stream_events_arrive_in_the_api_order():
    with tutor() as t:
        events = list(
            t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO, stream=True)
        )
    kinds = [event.type for event in events]
    assert kinds[0] == "message_start" and kinds[-2:] == ["message_delta", "message_stop"]
    blocks = [k for k in kinds if k.startswith("content_block") and k != "content_block_delta"]
    assert blocks == ["content_block_start", "content_block_stop"] * 2
    deltas = {event.delta.type for event in events if event.type == "content_block_delta"}
    assert deltas == {"text_delta", "input_json_delta"}
    assert events[-2].delta.stop_reason == "tool_use"


def test_streamed_final_message_equals_the_plain_one():
    with tutor() as t:
        plain = t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
        with t.client.messages.stream(model=MODEL, max_tokens=200, messages=HELLO) as stream:
            text = "".join(stream.text_stream)
            final = stream.get_final_message()
    assert text == plain.content[0].text
    assert final.model_dump(exclude={"id"}, exclude_none=True) == plain.model_dump(
        exclude={"id"}, exclude_none=True
    )


def test_stream_rebuilds_tool_input_from_json_deltas():
    with tutor(stream_chunk_chars=3) as t:
        with t.client.messages.stream(model=MODEL, max_tokens=200, messages=HELLO) as stream:
            final = stream.get_final_message()
    assert final.content[1].input == {"filename": "a.py"}


# --------------------------------------------------------------------------- count_tokens


def test_count_tokens_equals_usage_input_tokens_of_the_same_request():
    kwargs = {"model": MODEL, "system": "You are a coding agent.", "tools": [TOOL], "messages": HELLO}
    with tutor() as t:
        counted = t.client.messages.count_tokens(**kwargs).input_tokens
        used = t.client.messages.create(max_tokens=200, **kwargs).usage.input_tokens
    assert counted == used


# --------------------------------------------------------------------------- authentication and paths


def test_missing_key_is_401_authentication_error():
    with tutor() as t:
        body = json.dumps({"model": MODEL, "max_tokens": 5, "messages": HELLO}).encode()
        status, _, payload = _raw(t.url, "POST", "/v1/messages", body)
    assert status == 401
    assert payload["error"]["type"] == "authentication_error" and payload["type"] == "error"


@pytest.mark.parametrize("header", [{"x-api-key": "k"}, {"authorization": "Bearer k"}])
def test_either_auth_header_is_accepted(header):
    with tutor() as t:
        body = json.dumps({"model": MODEL, "max_tokens": 50, "messages": HELLO}).encode()
        status, _, payload = _raw(t.url, "POST", "/v1/messages", body, header)
    assert status == 200 and payload["type"] == "message"


def test_unknown_path_is_404_not_found_error():
    with tutor() as t:
        status, _, payload = _raw(t.url, "POST", "/v1/complete", b"{}", {"x-api-key": "k"})
        get_status, _, _ = _raw(t.url, "GET", "/v1/files")
        wrong_method, _, wrong_payload = _raw(t.url, "GET", "/v1/messages")
        delete_models, _, _ = _raw(t.url, "DELETE", "/v1/models", None, {"x-api-key": "k"})
    assert status == 404 and payload["error"]["type"] == "not_found_error"
    assert get_status == 404 and delete_models == 404
    assert wrong_method == 405 and "use POST" in wrong_payload["error"]["message"]


# --------------------------------------------------------------------------- faults


def test_one_429_is_retried_by_the_sdk_and_succeeds():
    with tutor(max_retries=2, faults=[429]) as t:
        message = t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert message.stop_reason == "tool_use"
    assert [entry["status"] for entry in t.log] == [429, 200]


def test_429_then_529_both_retried():
    with tutor(max_retries=2, faults=[429, 529]) as t:
        t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert [entry["status"] for entry in t.log] == [429, 529, 200]


def test_always_429_without_retries_raises_rate_limit_error():
    with tutor(always_fail=429) as t:
        with pytest.raises(anthropic.RateLimitError) as caught:
            t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert caught.value.body["error"]["type"] == "rate_limit_error"
    assert caught.value.response.headers["retry-after-ms"] == "20"
    assert caught.value.response.headers["retry-after"] == "1"


def test_always_429_exhausts_the_sdk_retries():
    with tutor(max_retries=2, always_fail=429) as t:
        with pytest.raises(anthropic.RateLimitError):
            t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert [entry["status"] for entry in t.log] == [429, 429, 429]


def test_529_raises_overloaded_error():
    with tutor(faults=[529]) as t:
        with pytest.raises(anthropic.OverloadedError) as caught:
            t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    assert isinstance(caught.value, anthropic.InternalServerError)
    assert caught.value.body["error"]["type"] == "overloaded_error"


def test_fault_header_applies_to_one_request():
    with tutor() as t:
        with pytest.raises(anthropic.RateLimitError):
            t.client.messages.create(
                model=MODEL, max_tokens=200, messages=HELLO, extra_headers={"x-tutor-fault": "429"}
            )
        assert t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO).content


def test_max_tokens_fault_truncates_the_reply():
    with tutor() as t:
        message = t.client.messages.create(
            model=MODEL, max_tokens=200, messages=HELLO, extra_headers={"x-tutor-fault": "max_tokens"}
        )
    full = TEXT_AND_TOOL["content"]
    half = sum(tokens.output_tokens(block) for block in full) // 2
    assert message.stop_reason == "max_tokens" and message.usage.output_tokens == half
    assert message.content[0].text == full[0]["text"][: half * tokens.CHARS_PER_TOKEN]
    assert all(block.type != "tool_use" or block.input == {} for block in message.content)


def test_unknown_fault_name_is_a_clear_400():
    with tutor() as t:
        with pytest.raises(anthropic.BadRequestError, match="Unknown tutor fault .slow.: use one of 429, 500, 529, max_tokens, max_tokens_in_tool_use, pause_turn, stream_error"):
            t.client.messages.create(
                model=MODEL, max_tokens=10, messages=HELLO, extra_headers={"x-tutor-fault": "slow"}
            )


# --------------------------------------------------------------------------- max_tokens and stop_sequences


LONG_TEXT = {"content": [{"type": "text", "text": "word " * 100}], "stop_reason": "end_turn"}


def test_text_is_cut_to_max_tokens():
    with tutor(LONG_TEXT) as t:
        message = t.client.messages.create(model=MODEL, max_tokens=5, messages=HELLO)
    assert message.stop_reason == "max_tokens"
    assert message.content[0].text == ("word " * 100)[:20]
    assert message.usage.output_tokens == 5


def test_tool_use_that_does_not_fit_is_cut_to_an_empty_input():
    text_tokens = len(TEXT_AND_TOOL["content"][0]["text"]) // 4 + 1
    with tutor() as t:
        message = t.client.messages.create(model=MODEL, max_tokens=text_tokens + 2, messages=HELLO)
        with t.client.messages.stream(model=MODEL, max_tokens=text_tokens + 2, messages=HELLO) as s:
            streamed = s.get_final_message()
    assert message.stop_reason == "max_tokens"
    assert message.content[1].type == "tool_use" and message.content[1].input == {}
    assert streamed.content[1].input == {} and streamed.stop_reason == "max_tokens"


def test_reply_that_fits_is_untouched():
    with tutor(LONG_TEXT) as t:
        message = t.client.messages.create(model=MODEL, max_tokens=1000, messages=HELLO)
    assert message.stop_reason == "end_turn" and message.usage.output_tokens == 125


def test_stop_sequence_ends_the_text_and_is_reported():
    reply = {"content": [{"type": "text", "text": "one two STOP three"}], "stop_reason": "end_turn"}
    with tutor(reply) as t:
        message = t.client.messages.create(
            model=MODEL, max_tokens=100, messages=HELLO, stop_sequences=["STOP", "three"]
        )
    assert message.content[0].text == "one two "
    assert message.stop_reason == "stop_sequence" and message.stop_sequence == "STOP"


# --------------------------------------------------------------------------- prompt caching


def _cached_call(client: anthropic.Anthropic, system_text: str, question: str = "hi"):
    system = [{"type": "text", "text": system_text, "cache_control": {"type": "ephemeral"}}]
    return client.messages.create(
        model=MODEL, max_tokens=100, system=system, messages=[{"role": "user", "content": question}]
    )


def test_cache_write_then_read_on_a_repeated_prefix():
    with tutor() as t:
        first = _cached_call(t.client, "rule " * 2000, "first question")
        second = _cached_call(t.client, "rule " * 2000, "a second question")
    assert first.usage.cache_creation_input_tokens == 2500 + 4
    assert first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    assert second.usage.cache_creation_input_tokens == 0
    assert second.usage.input_tokens < 20  # only the question is processed fresh


def test_prefix_below_the_minimum_is_not_cached_through_the_server():
    with tutor() as t:
        for _ in range(2):
            usage = _cached_call(t.client, "short rule").usage
            assert usage.cache_creation_input_tokens == 0 and usage.cache_read_input_tokens == 0


def test_cache_entry_expires_with_the_injected_clock():
    now = [0.0]
    with tutor(clock=lambda: now[0]) as t:
        _cached_call(t.client, "rule " * 2000)
        now[0] = 301.0
        usage = _cached_call(t.client, "rule " * 2000).usage
    assert usage.cache_read_input_tokens == 0 and usage.cache_creation_input_tokens > 0


def test_cache_figures_arrive_in_the_stream_too():
    with tutor() as t:
        _cached_call(t.client, "rule " * 2000)
        system = [{"type": "text", "text": "rule " * 2000, "cache_control": {"type": "ephemeral"}}]
        with t.client.messages.stream(model=MODEL, max_tokens=100, system=system, messages=HELLO) as s:
            usage = s.get_final_message().usage
    assert usage.cache_read_input_tokens == 2504


# --------------------------------------------------------------------------- malformed requests


def test_bad_json_is_400_with_the_api_error_body():
    with tutor() as t:
        status, headers, payload = _raw(t.url, "POST", "/v1/messages", b"{not json", {"x-api-key": "k"})
    assert status == 400 and payload["error"]["type"] == "invalid_request_error"
    assert "not valid JSON" in payload["error"]["message"]
    assert headers["request-id"] == payload["request_id"]


def test_json_that_is_not_an_object_is_400():
    with tutor() as t:
        status, _, payload = _raw(t.url, "POST", "/v1/messages", b"[1, 2]", {"x-api-key": "k"})
    assert status == 400 and "JSON object" in payload["error"]["message"]


def test_missing_content_length_is_400():
    with tutor() as t:
        parsed = urlparse(t.url)
        with socket.create_connection((parsed.hostname, parsed.port), timeout=5) as sock:
            sock.sendall(b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n\r\n")
            reply = _read_until_closed(sock)
    assert reply.startswith("HTTP/1.1 400") and "Content-Length" in reply


def test_oversized_body_is_413_request_too_large():
    with tutor(max_body_bytes=1000) as t:
        body = json.dumps({"model": MODEL, "max_tokens": 5, "messages": [{"role": "user", "content": "x" * 2000}]})
        with pytest.raises(anthropic.APIStatusError) as caught:
            t.client.post("/v1/messages", body=json.loads(body), cast_to=anthropic.types.Message)
    assert caught.value.status_code == 413
    assert caught.value.body["error"]["type"] == "request_too_large"


def test_body_shorter_than_its_content_length_is_400_after_the_socket_timeout():
    with tutor(socket_timeout=0.3) as t:
        parsed = urlparse(t.url)
        with socket.create_connection((parsed.hostname, parsed.port), timeout=5) as sock:
            sock.sendall(
                b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n"
                b"Content-Length: 100\r\n\r\n{\"model\""
            )
            reply = _read_until_closed(sock)
    assert reply.startswith("HTTP/1.1 400") and "ended before" in reply


def test_prompt_over_the_context_window_is_too_long():
    with tutor(context_window=1000) as t:
        with pytest.raises(anthropic.BadRequestError, match=r"prompt is too long: \d+ tokens > 1000 maximum"):
            t.client.messages.create(
                model=MODEL, max_tokens=10, messages=[{"role": "user", "content": "x" * 8000}]
            )


# --------------------------------------------------------------------------- binding and the CLI


def test_port_in_use_raises_port_in_use():
    with serve() as url:
        port = urlparse(url).port
        with pytest.raises(PortInUse, match=f"port {port}"):
            with serve(port=port):
                pass


def test_cli_reports_port_in_use_without_a_traceback(capsys):
    with serve() as url:
        status = cli_main(["tutor", "serve", "--port", str(urlparse(url).port)])
    err = capsys.readouterr().err
    assert status == 3 and "already in use" in err and "Traceback" not in err


def test_non_loopback_host_is_refused():
    with pytest.raises(UsageError, match="loopback"):
        cli_serve(SimpleNamespace(port=0, host="0.0.0.0", fault=None))


def test_ipv6_loopback_is_served():
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        context = serve(TutorConfig(respond=canned(LONG_TEXT)), host="::1")
        url = context.__enter__()
    except OSError:
        pytest.skip("IPv6 loopback not available")
    try:
        client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
        assert client.messages.create(model=MODEL, max_tokens=10, messages=HELLO).content
    finally:
        context.__exit__(None, None, None)


def test_cli_serves_until_ctrl_c():
    process = subprocess.Popen(
        [sys.executable, "-m", "agentcourse", "tutor", "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first_line = process.stdout.readline()
        url = first_line.split("serving at ")[1].strip()
        client = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
        assert client.messages.create(model=MODEL, max_tokens=50, messages=HELLO).id.startswith("msg_tutor_")
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    assert process.returncode == 0 and "stopped" in out and "Traceback" not in err
    assert "POST /v1/messages 200" in err



# --------------------------------------------------------------------------- headers


def test_missing_anthropic_version_is_refused_as_the_api_does():
    with tutor() as t:
        body = json.dumps({"model": MODEL, "max_tokens": 50, "messages": HELLO}).encode()
        missing = _raw_without_version(t.url, body)
        status, _, wrong = _raw(t.url, "POST", "/v1/messages", body, {"x-api-key": "k", "anthropic-version": "2024-01-01"})
    assert missing["error"] == {"type": "invalid_request_error", "message": "anthropic-version: header is required"}
    assert status == 400 and wrong["error"]["message"] == 'anthropic-version: "2024-01-01" is not a valid version'


def _raw_without_version(url: str, body: bytes) -> dict:
    parsed = urlparse(url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    try:
        conn.request("POST", "/v1/messages", body=body, headers={"x-api-key": "k"})
        response = conn.getresponse()
        assert response.status == 400
        return json.loads(response.read())
    finally:
        conn.close()


def test_rate_limit_headers_report_what_this_minute_used():
    with tutor(rate_limits={"requests": 50, "input-tokens": 30_000, "output-tokens": 8_000}) as t:
        first = t.client.messages.with_raw_response.create(model=MODEL, max_tokens=200, messages=HELLO)
        second = t.client.messages.with_raw_response.create(model=MODEL, max_tokens=200, messages=HELLO)
    for raw in (first, second):
        for kind in ("requests", "tokens", "input-tokens", "output-tokens"):
            for part in ("limit", "remaining", "reset"):
                assert f"anthropic-ratelimit-{kind}-{part}" in raw.headers
    assert first.headers["anthropic-ratelimit-requests-limit"] == "50"
    assert first.headers["anthropic-ratelimit-tokens-limit"] == "38000"
    if first.headers["anthropic-ratelimit-requests-reset"] == second.headers["anthropic-ratelimit-requests-reset"]:
        used = second.parse().usage.input_tokens
        assert int(first.headers["anthropic-ratelimit-requests-remaining"]) - 1 == int(
            second.headers["anthropic-ratelimit-requests-remaining"])
        assert int(first.headers["anthropic-ratelimit-input-tokens-remaining"]) - used == int(
            second.headers["anthropic-ratelimit-input-tokens-remaining"])


def test_request_id_header_is_what_the_sdk_reports():
    with tutor() as t:
        raw = t.client.messages.with_raw_response.create(model=MODEL, max_tokens=200, messages=HELLO)
        message = raw.parse()
    assert raw.headers["request-id"].startswith("req_tutor_")
    assert message._request_id == raw.headers["request-id"] == raw.request_id


# --------------------------------------------------------------------------- models


def test_models_list_pages_through_every_model_the_tutor_accepts():
    from agentcourse.tutor.speak import models

    with tutor() as t:
        listed = [m.id for m in t.client.models.list(limit=4)]  # the SDK follows has_more / last_id
        first_page = t.client.models.list(limit=4)
    assert listed == [entry.id for entry in models.MODELS]
    assert "claude-sonnet-4-6" in listed and "claude-opus-4-6" in listed and "claude-haiku-4-5-20251001" in listed
    assert first_page.has_more and len(first_page.data) == 4 and first_page.last_id == listed[3]
    assert all(m.type == "model" and m.display_name for m in first_page.data)


def test_model_retrieve_resolves_aliases_and_404s_unknown_names():
    with tutor() as t:
        haiku = t.client.models.retrieve("claude-haiku-4-5")
        with pytest.raises(anthropic.NotFoundError) as caught:
            t.client.models.retrieve("claude-sonet-4-6")
        status, _, no_key = _raw(t.url, "GET", "/v1/models")
        bad_limit, _, _ = _raw(t.url, "GET", "/v1/models?limit=0", None, {"x-api-key": "k"})
    assert haiku.id == "claude-haiku-4-5-20251001" and haiku.created_at.year == 2025
    assert caught.value.body["error"] == {"type": "not_found_error", "message": "model: claude-sonet-4-6"}
    assert status == 401 and no_key["error"]["type"] == "authentication_error"
    assert bad_limit == 400


def test_unknown_model_is_404_unless_any_model_is_allowed(monkeypatch):
    request = {"model": "my-local-model", "max_tokens": 50, "messages": HELLO}
    with tutor() as t:
        with pytest.raises(anthropic.NotFoundError, match="model: my-local-model"):
            t.client.messages.create(**request)
        monkeypatch.setenv("AGENTCOURSE_TUTOR_ANY_MODEL", "1")
        assert t.client.messages.create(**request).model == "my-local-model"
    monkeypatch.delenv("AGENTCOURSE_TUTOR_ANY_MODEL")
    with tutor(any_model=True) as t:
        assert t.client.messages.create(**request).model == "my-local-model"
    with tutor(any_model=False) as t:
        monkeypatch.setenv("AGENTCOURSE_TUTOR_ANY_MODEL", "1")
        with pytest.raises(anthropic.NotFoundError):
            t.client.messages.create(**request)


def test_cli_takes_every_fault_and_any_model():
    from agentcourse.cli import build_parser

    for fault in ("429", "529", "500", "max_tokens", "max_tokens_in_tool_use", "pause_turn", "stream_error"):
        args = build_parser().parse_args(["tutor", "serve", "--fault", fault, "--any-model"])
        assert args.fault == fault and args.any_model


# --------------------------------------------------------------------------- cumulative stream usage


def test_message_delta_usage_is_cumulative_as_the_api_documents():
    with tutor() as t:
        _cached_call(t.client, "rule " * 2000)
        system = [{"type": "text", "text": "rule " * 2000, "cache_control": {"type": "ephemeral"}}]
        events = list(t.client.messages.create(model=MODEL, max_tokens=100, system=system, messages=HELLO, stream=True))
        plain = t.client.messages.create(model=MODEL, max_tokens=100, system=system, messages=HELLO)
    start, delta = events[0].message.usage, events[-2].usage
    assert delta.input_tokens == start.input_tokens == plain.usage.input_tokens
    assert delta.cache_read_input_tokens == plain.usage.cache_read_input_tokens == 2504
    assert delta.cache_creation_input_tokens == 0
    assert delta.output_tokens == plain.usage.output_tokens


# --------------------------------------------------------------------------- the new faults


TWO_CALLS = {
    "content": [
        {"type": "text", "text": "I'll read both files."},
        {"type": "tool_use", "id": "toolu_tutor_a", "name": "read_file", "input": {"filename": "utils.py"}},
        {"type": "tool_use", "id": "toolu_tutor_b", "name": "read_file", "input": {"filename": "a_much_longer_name.py"}},
    ],
    "stop_reason": "tool_use",
}


def test_max_tokens_cut_inside_a_tool_use_leaves_an_incomplete_call():
    fault = {"x-tutor-fault": "max_tokens_in_tool_use"}
    with tutor(TWO_CALLS) as t:
        plain = t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO, extra_headers=fault)
        with t.client.messages.stream(model=MODEL, max_tokens=500, messages=HELLO, extra_headers=fault) as s:
            streamed = s.get_final_message()
    costs = [tokens.output_tokens(b) for b in TWO_CALLS["content"]]
    assert plain.stop_reason == streamed.stop_reason == "max_tokens"
    assert plain.usage.output_tokens == costs[0] + costs[1] + costs[2] // 2
    assert [b.type for b in plain.content] == ["text", "tool_use", "tool_use"]
    assert plain.content[1].input == {"filename": "utils.py"}  # the first call was complete
    assert plain.content[2].input != TWO_CALLS["content"][2]["input"]  # the last one was not
    assert streamed.model_dump(exclude={"id"}) == plain.model_dump(exclude={"id"})


def test_max_tokens_cut_keeps_the_part_of_the_input_that_arrived():
    reply = {"content": [{"type": "tool_use", "id": "toolu_tutor_c", "name": "edit_file",
                          "input": {"path": "a.py", "old_str": "x = 1\n" * 20, "new_str": "x = 2\n"}}],
             "stop_reason": "tool_use"}
    with tutor(reply, stream_chunk_chars=5) as t:
        plain = t.client.messages.create(model=MODEL, max_tokens=40, messages=HELLO)
        with t.client.messages.stream(model=MODEL, max_tokens=40, messages=HELLO) as s:
            streamed = s.get_final_message()
    assert plain.stop_reason == "max_tokens" and plain.content[0].input == {"path": "a.py"}
    assert streamed.content[0].input == plain.content[0].input


def test_pause_turn_then_sending_the_content_back_completes_the_turn():
    from agentcourse.tutor.speak.validate import check_messages_request

    with tutor(TWO_CALLS) as t:
        full = t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO)
        paused = t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO,
                                          extra_headers={"x-tutor-fault": "pause_turn"})
        history = [*HELLO, {"role": "assistant", "content": paused.content}]
        rest = t.client.messages.create(model=MODEL, max_tokens=500, messages=history)
    assert paused.stop_reason == "pause_turn"
    assert [b.type for b in paused.content] == ["text"]  # it pauses before the calls
    assert rest.stop_reason == "tool_use"
    assert [b.model_dump() for b in paused.content + rest.content] == [b.model_dump() for b in full.content]
    history.append({"role": "assistant", "content": rest.content})
    history.append({"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": b.id, "content": "text"} for b in rest.content if b.type == "tool_use"]})
    plain = json.loads(json.dumps([{"role": m["role"], "content": [
        b.model_dump(exclude_none=True) if hasattr(b, "model_dump") else b for b in m["content"]]
        if isinstance(m["content"], list) else m["content"]} for m in history]))
    read = {"name": "read_file", "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}}}
    assert check_messages_request({"model": MODEL, "max_tokens": 10, "tools": [read], "messages": plain}) is None


def test_pause_turn_in_a_text_reply_pauses_halfway():
    with tutor(LONG_TEXT) as t:
        paused = t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO,
                                          extra_headers={"x-tutor-fault": "pause_turn"})
        rest = t.client.messages.create(model=MODEL, max_tokens=500,
                                        messages=[*HELLO, {"role": "assistant", "content": paused.content}])
    assert paused.stop_reason == "pause_turn" and rest.stop_reason == "end_turn"
    assert paused.content[0].text + rest.content[0].text == LONG_TEXT["content"][0]["text"]
    assert not paused.content[0].text.endswith(" ")  # a paused turn can be sent back as it is


@pytest.mark.parametrize("reply", [LONG_TEXT, TWO_CALLS], ids=["text", "text-then-calls"])
def test_pausing_twice_then_continuing_gives_the_whole_reply_once(reply):
    # As Anthropic's docs on pause_turn show: each paused response is appended as it is, as an
    # assistant message, and the request is sent again; the API reads the assistant messages
    # in a row as one turn. The reply is the whole turn, each part of it exactly once.
    with tutor(reply) as t:
        full = t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO)
        messages, parts = list(HELLO), []
        for fault in ("pause_turn", "pause_turn", None):
            extra = {"x-tutor-fault": fault} if fault else {}
            response = t.client.messages.create(model=MODEL, max_tokens=500, messages=messages,
                                                extra_headers=extra)
            parts.append(response)
            if response.stop_reason != "pause_turn":
                break
            messages.append({"role": "assistant", "content": response.content})
    assert [p.stop_reason for p in parts][0] == "pause_turn" and parts[-1].stop_reason == full.stop_reason
    blocks = [b.model_dump() for p in parts for b in p.content]
    merged = []  # text blocks in a row, as the API joins a turn sent back in pieces
    for block in blocks:
        if merged and block["type"] == "text" == merged[-1]["type"]:
            merged[-1] = {**merged[-1], "text": merged[-1]["text"] + block["text"]}
        else:
            merged.append(block)
    assert merged == [b.model_dump() for b in full.content]


def test_stream_error_breaks_off_a_started_stream_with_overloaded_error():
    with tutor(LONG_TEXT) as t:
        received = []
        with pytest.raises(anthropic.APIStatusError) as caught:
            with t.client.messages.stream(model=MODEL, max_tokens=500, messages=HELLO,
                                          extra_headers={"x-tutor-fault": "stream_error"}) as s:
                received.extend(s.text_stream)
        with pytest.raises(anthropic.OverloadedError):
            t.client.messages.create(model=MODEL, max_tokens=500, messages=HELLO,
                                     extra_headers={"x-tutor-fault": "stream_error"})
    assert received and "".join(received) != LONG_TEXT["content"][0]["text"]
    assert caught.value.body["error"]["type"] == "overloaded_error"


def test_sdk_waits_the_retry_after_it_is_sent():
    import time as clock

    with tutor(max_retries=1, faults=[529], retry_after_ms=300) as t:
        started = clock.perf_counter()
        t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
        waited = clock.perf_counter() - started
    assert [entry["status"] for entry in t.log] == [529, 200]
    assert waited >= 0.3


def test_429_reports_no_requests_left():
    with tutor(faults=[429]) as t:
        with pytest.raises(anthropic.RateLimitError) as caught:
            t.client.messages.create(model=MODEL, max_tokens=200, messages=HELLO)
    headers = caught.value.response.headers
    assert headers["anthropic-ratelimit-requests-remaining"] == "0"
    assert headers["retry-after"] == "1" and headers["x-should-retry"] == "true"
