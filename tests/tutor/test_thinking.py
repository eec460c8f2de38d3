"""Extended thinking: a signed thinking block first, and the rule that a tool loop sends it back.

The checks of the rules themselves (dropped, altered, out of place, with forced tools)
are cases in test_validate.py; here the thinking block is produced, streamed, counted,
cut and carried through a whole tool loop by the real SDK.
"""

from __future__ import annotations

import anthropic
import pytest

from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.speak import thinking, tokens

MODEL = "claude-sonnet-4-6"
ON = {"type": "enabled", "budget_tokens": 1024}
READ = {"name": "read_file", "description": "Read a file.",
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
READ_BOTH = [{"role": "user", "content": "Read utils.py and tests.py."}]
FILES = {"utils.py": "def add(a, b):\n    return a + b\n", "tests.py": "def test_add():\n    assert add(1, 2) == 3\n"}


@pytest.fixture(scope="module")
def client():
    with serve(TutorConfig()) as url:
        yield anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)


def _results(reply) -> dict:
    return {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": b.id, "content": FILES[b.input["path"]]}
        for b in reply.content if b.type == "tool_use"]}


def test_reply_opens_with_a_signed_thinking_block(client):
    message = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON)
    first = message.content[0]
    assert [b.type for b in message.content] == ["thinking", "text", "tool_use", "tool_use"]
    assert thinking.verify(first.model_dump())
    assert "Read utils.py and tests.py." in first.thinking and "read_file" in first.thinking
    counted = sum(tokens.output_tokens(b.model_dump()) for b in message.content)
    assert message.usage.output_tokens == counted > tokens.count_text(first.thinking)


def test_without_thinking_there_is_no_thinking_block(client):
    message = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH)
    assert message.content[0].type == "text"


def test_thinking_stays_within_its_budget():
    calls = [{"type": "tool_use", "id": f"t{n}", "name": "read_file", "input": {"path": f"{n:03d}" * 40}}
             for n in range(60)]
    request = {"thinking": {"type": "enabled", "budget_tokens": 1024}, "messages": [{"role": "user", "content": "go"}]}
    unbounded = thinking.plan(request, calls)
    block = thinking.thinking_block(request, calls)
    assert tokens.count_text(unbounded) > 1024
    assert block["thinking"] == unbounded[: 1024 * tokens.CHARS_PER_TOKEN] and thinking.verify(block)


def test_a_tool_loop_that_sends_the_content_back_completes(client):
    """The checkpoints' loop: append response.content as it came, then the results."""
    messages = list(READ_BOTH)
    for _ in range(4):
        reply = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=messages, thinking=ON)
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        messages.append(_results(reply))
    assert reply.stop_reason == "end_turn" and reply.content[0].type == "thinking"
    assert "add(a, b)" in reply.content[1].text


def test_dropping_the_thinking_gets_the_api_400(client):
    reply = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON)
    without = [b for b in reply.content if b.type != "thinking"]
    with pytest.raises(anthropic.BadRequestError) as caught:
        client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], thinking=ON,
                               messages=[*READ_BOTH, {"role": "assistant", "content": without}, _results(reply)])
    assert caught.value.body["error"]["message"].startswith(
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. "
        "When `thinking` is enabled, a final `assistant` message must start with a thinking block")


def test_redacted_thinking_is_accepted_in_its_place(client):
    reply = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON)
    redacted = [{"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVy"},
                *[b for b in reply.content if b.type != "thinking"]]
    after = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], thinking=ON,
                                   messages=[*READ_BOTH, {"role": "assistant", "content": redacted}, _results(reply)])
    assert after.stop_reason == "end_turn"


def test_omitted_display_returns_a_signature_without_text(client):
    omitted = {"type": "enabled", "budget_tokens": 1024, "display": "omitted"}
    reply = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=omitted)
    assert reply.content[0].thinking == "" and reply.content[0].signature
    after = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], thinking=omitted,
                                   messages=[*READ_BOTH, {"role": "assistant", "content": reply.content}, _results(reply)])
    assert after.stop_reason == "end_turn"


def test_adaptive_thinking_thinks_too(client):
    reply = client.messages.create(model=MODEL, max_tokens=4000, messages=READ_BOTH, tools=[READ],
                                   thinking={"type": "adaptive"})
    assert reply.content[0].type == "thinking"


def test_thinking_streams_as_thinking_and_signature_deltas(client):
    events = list(client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH,
                                         thinking=ON, stream=True))
    plain = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON)
    first_block = [e for e in events if getattr(e, "index", None) == 0]
    assert first_block[0].type == "content_block_start" and first_block[0].content_block.type == "thinking"
    deltas = [e.delta.type for e in first_block if e.type == "content_block_delta"]
    assert set(deltas[:-1]) == {"thinking_delta"} and deltas[-1] == "signature_delta"
    with client.messages.stream(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON) as s:
        final = s.get_final_message()
    assert final.model_dump(exclude={"id"}) == plain.model_dump(exclude={"id"})


def test_a_cut_inside_the_thinking_keeps_a_valid_signature(client):
    reply = client.messages.create(model=MODEL, max_tokens=2000, messages=READ_BOTH, tools=[READ],
                                   thinking=ON, extra_headers={"x-tutor-fault": "max_tokens"})
    assert reply.stop_reason == "max_tokens" and reply.content[0].type == "thinking"
    assert all(thinking.verify(b.model_dump()) for b in reply.content if b.type == "thinking")


def test_a_paused_turn_with_thinking_continues_without_a_second_thinking_block(client):
    paused = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON,
                                    extra_headers={"x-tutor-fault": "pause_turn"})
    rest = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], thinking=ON,
                                  messages=[*READ_BOTH, {"role": "assistant", "content": paused.content}])
    assert paused.stop_reason == "pause_turn" and [b.type for b in paused.content] == ["thinking", "text"]
    assert rest.stop_reason == "tool_use" and [b.type for b in rest.content] == ["tool_use", "tool_use"]


def test_signatures_verify_on_another_tutor(client):
    reply = client.messages.create(model=MODEL, max_tokens=4000, tools=[READ], messages=READ_BOTH, thinking=ON)
    with serve() as url:
        other = anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)
        after = other.messages.create(model=MODEL, max_tokens=4000, tools=[READ], thinking=ON,
                                      messages=[*READ_BOTH, {"role": "assistant", "content": reply.content}, _results(reply)])
    assert after.stop_reason == "end_turn"


def test_verify_rejects_what_it_did_not_sign():
    block = {"type": "thinking", "thinking": "plan", "signature": thinking.sign("plan")}
    assert thinking.verify(block)
    assert not thinking.verify({**block, "thinking": "plan!"})
    assert not thinking.verify({**block, "signature": block["signature"].replace("tutor1", "tutor2")})
    assert not thinking.verify({**block, "signature": "tutor1.@@@." + block["signature"].split(".")[2]})
    assert not thinking.verify({**block, "signature": ""})
