"""Each model's documented behaviour (agentcourse/tutor/speak/model_table.py), through the
real SDK against the tutor: the 5.5 models think by default and refuse what their pages
say they refuse; thinking blocks are bound to the model and the conversation; effort
changes what thinking costs; the displays return what the docs say; the older models
answer as before. Properties over generated requests where the rule is general."""

from __future__ import annotations

import anthropic
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentcourse.paths import REPO_ROOT
from agentcourse.tutor.speak import model_table, models

SONNET55, OPUS55, HAIKU55, SONNET46 = "claude-sonnet-5-5", "claude-opus-5-5", "claude-haiku-5-5", "claude-sonnet-4-6"
READ = {
    "name": "read_file",
    "description": "Read a file of the project.",
    "input_schema": {"type": "object", "properties": {"filename": {"type": "string"}}, "required": ["filename"]},
}
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
prompts = st.sampled_from([
    "What does edit_file do?", "What does main.py do?", "Read utils.py and tests.py.", "Create hello.py with a hello world function.",
    "List the TODOs in main.py.", "Explain the add function.", "hello",
])
current = st.sampled_from([row.model for row in model_table.ROWS if row.simulated])


def _ask(client, model, prompt="What does main.py do?", **extra):
    params = {"model": model, "max_tokens": 4096, "tools": [READ],
              "messages": [{"role": "user", "content": prompt}], **extra}
    return client.messages.create(**params)


def _refused(client, model, **extra) -> str:
    with pytest.raises(anthropic.BadRequestError) as caught:
        _ask(client, model, **extra)
    assert caught.value.status_code == 400
    return caught.value.body["error"]["message"]


# ----------------------------------------------------------------------------- the table


def test_every_model_the_tutor_knows_has_a_row_that_cites_a_page_or_says_why_not():
    assert {row.model for row in model_table.ROWS} == {entry.id for entry in models.MODELS}
    for row in model_table.ROWS:
        assert (row.page or "").startswith("https://platform.claude.com/docs/") or row.note, row.model
        assert row.display_default in model_table.DISPLAYS
        assert set(row.effort_levels) <= set(model_table.EFFORT_LEVELS)
        assert row.effort_default is None or row.effort_default in row.effort_levels
    assert set(model_table.NOTES_DISPLAYS) == {"summarized", "updates"}  # "omitted" returns no notes


def test_docs_tutor_md_shows_every_row_as_the_table_has_it():
    lines = (REPO_ROOT / "docs" / "TUTOR.md").read_text(encoding="utf-8").splitlines()
    for row in model_table.ROWS:
        (line,) = [line for line in lines if line.startswith(f"| `{row.model}` |")]
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        assert cells[1] == ("yes" if row.simulated else "no"), row.model
        assert cells[3] == ", ".join(row.thinking_types) and cells[4] == row.display_default, row.model
        flags = [row.forced_tool_use, row.prefill, row.budget_tokens]
        assert cells[5:8] == ["yes" if flag else "**no**" for flag in flags], row.model
        assert (row.page or "not found") in cells[-1], row.model


# ----------------------------------------------------------------------------- thinking by default


@SLOW
@given(model=current, prompt=prompts)
def test_a_current_model_opens_with_an_empty_signed_thinking_block(client, model, prompt):
    reply = _ask(client, model, prompt)
    first = reply.content[0]
    assert first.type == "thinking" and first.thinking == "" and first.signature.startswith("tutor2.")
    assert reply.model == model and reply.id.startswith("msg_tutor_")


@SLOW
@given(prompt=prompts)
def test_sonnet_4_6_still_answers_without_thinking_by_default(client, prompt):
    reply = _ask(client, SONNET46, prompt)
    assert all(block.type != "thinking" for block in reply.content)
    assert reply.model == SONNET46


def test_a_thinking_block_streams_as_it_comes(client):
    with client.messages.stream(model=SONNET55, max_tokens=4096, tools=[READ],
                                messages=[{"role": "user", "content": "What does main.py do?"}]) as stream:
        final = stream.get_final_message()
    assert final.content[0].type == "thinking" and final.content[0].thinking == ""
    assert final.content[0].signature.startswith("tutor2.")
    whole = _ask(client, SONNET55)
    assert [b.type for b in final.content] == [b.type for b in whole.content]
    assert final.content[0].signature == whole.content[0].signature  # same text, model and conversation
    assert final.usage.output_tokens == whole.usage.output_tokens


# ----------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("model", [SONNET55, OPUS55, "claude-fable-5-1"])
@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "read_file"}])
def test_forced_tool_use_is_refused(client, model, choice):
    assert "forced tool use" in _refused(client, model, tool_choice=choice)


def test_haiku_5_5_takes_forced_tool_use_and_then_does_not_think(client):
    """Forced tool use is not among the Haiku 5.5 page's changes; thinking, on only by
    default, gives way to it (a request that asks for both is refused, as on every model)."""
    reply = _ask(client, HAIKU55, tool_choice={"type": "any"})
    assert [b.type for b in reply.content] == ["tool_use"]
    assert _refused(client, HAIKU55, tool_choice={"type": "any"}, thinking={"type": "adaptive"}) == (
        "Thinking may not be enabled when tool_choice forces tool use.")


def test_thinking_disabled_is_refused_on_sonnet_5_5_with_a_pointer_to_between_tools(client):
    message = _refused(client, SONNET55, thinking={"type": "disabled"})
    assert message.startswith('"thinking.type.disabled" is not supported for this model.')
    assert "between_tools" in message


@pytest.mark.parametrize("config", [{"type": "disabled"}, {"type": "enabled", "budget_tokens": 2048}])
def test_opus_5_5_thinks_always_adaptively(client, config):
    assert _refused(client, OPUS55, thinking=config) == (
        f'"thinking.type.{config["type"]}" is not supported for this model. Use "thinking.type.adaptive" '
        'and "output_config.effort" to control thinking behavior.')


def test_haiku_5_5_may_turn_thinking_off(client):
    reply = _ask(client, HAIKU55, thinking={"type": "disabled"})
    assert all(block.type != "thinking" for block in reply.content)


@pytest.mark.parametrize("model", [SONNET55, OPUS55, HAIKU55])
def test_a_final_assistant_message_is_refused(client, model):
    messages = [{"role": "user", "content": "Say hi."}, {"role": "assistant", "content": "Hi"}]
    assert _refused(client, model, messages=messages) == (
        "This model does not support assistant message prefill. The conversation must end with a user message.")


@pytest.mark.parametrize("model", [SONNET55, OPUS55, HAIKU55])
def test_a_paused_turn_sent_back_continues_it(client, model):
    """The stop-reasons page: after pause_turn, send the assistant content back to continue.
    It opens with the block the model signed, which no prefill can carry."""
    ask = {"role": "user", "content": "What does edit_file do?"}
    paused = _ask(client, model, ask["content"], extra_headers={"x-tutor-fault": "pause_turn"})
    assert paused.stop_reason == "pause_turn" and paused.content[0].type == "thinking"
    rest = _ask(client, model, messages=[ask, {"role": "assistant", "content": paused.content}])
    assert rest.stop_reason == "end_turn" and rest.content and rest.content[0].type != "thinking"
    forged = {"type": "thinking", "thinking": "", "signature": "forged"}
    with pytest.raises(anthropic.BadRequestError):
        _ask(client, model, messages=[ask, {"role": "assistant", "content": [forged, {"type": "text", "text": "Hi"}]}])


def test_a_turn_whose_thinking_a_client_removed_is_not_refused(client):
    """After rewriting its past, a client drops the blocks bound to it (the API would drop
    them itself): the turn goes on without them, adaptive thinking asked for or not."""
    messages = _turn(client, SONNET55)
    messages[1] = {"role": "assistant", "content": [b for b in messages[1]["content"] if b.type != "thinking"]}
    for extra in ({}, {"thinking": {"type": "adaptive", "display": "summarized"}}):
        assert _ask(client, SONNET55, messages=messages, **extra).stop_reason == "end_turn"


def test_sonnet_4_6_keeps_accepting_what_it_accepted(client):
    assert _ask(client, SONNET46, tool_choice={"type": "any"}).stop_reason == "tool_use"
    prefilled = _ask(client, SONNET46, messages=[{"role": "user", "content": "Say hi."},
                                                 {"role": "assistant", "content": "Hi"}])
    assert prefilled.stop_reason == "end_turn"
    assert _ask(client, SONNET46, thinking={"type": "enabled", "budget_tokens": 2048}).content[0].type == "thinking"


def test_between_tools_is_refused_at_xhigh_and_max_and_the_output_limit_holds(client):
    for level in ("xhigh", "max"):
        assert "between_tools" in _refused(client, SONNET55, thinking={"type": "between_tools"},
                                           output_config={"effort": level})
    assert _refused(client, SONNET55, max_tokens=200_000).startswith("max_tokens: 200000 > 128000")


# ----------------------------------------------------------------------------- bound blocks


def _turn(client, model, **extra):
    """A first call, its tool result, and the messages the second call sends."""
    ask = {"role": "user", "content": "What does main.py do?"}
    first = _ask(client, model, ask["content"], **extra)
    (call,) = [b for b in first.content if b.type == "tool_use"]
    result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id,
                                           "content": "def main():\n    print('hi')\n"}]}
    return [ask, {"role": "assistant", "content": first.content}, result]


def test_a_tool_loop_sends_its_thinking_back_and_goes_on(client):
    messages = _turn(client, SONNET55)
    final = _ask(client, SONNET55, messages=messages)
    assert final.content[0].type == "thinking" and final.stop_reason == "end_turn"


def test_a_block_of_a_changed_conversation_is_refused_or_dropped_when_asked(client):
    messages = _turn(client, SONNET55)
    messages[0] = {"role": "user", "content": "What does main.py do, please?"}  # history edited
    message = _refused(client, SONNET55, messages=messages)
    assert message.startswith("messages.1.content.0: Invalid `signature` in `thinking` block. "
                              "The block is bound to a different conversation.")
    drop = {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop_block"}}
    assert _ask(client, SONNET55, messages=messages, thinking=drop,
                extra_headers={"anthropic-beta": "thinking-binding-controls-2026-08-01"}).stop_reason == "end_turn"


def test_a_changed_system_prompt_is_a_changed_conversation(client):
    messages = _turn(client, OPUS55, system="Be brief.")
    assert "bound to a different conversation" in _refused(client, OPUS55, messages=messages, system="Be long.")


def test_a_block_another_model_wrote_is_dropped_not_refused(client):
    """The preserved-thinking page: a block the model cannot read is dropped without an error."""
    messages = _turn(client, OPUS55)
    reply = _ask(client, SONNET55, messages=messages)
    assert reply.stop_reason == "end_turn" and reply.content[0].type == "thinking"
    bare = _ask(client, SONNET55, messages=[messages[0], {"role": "assistant", "content": [
        b for b in messages[1]["content"] if b.type != "thinking"]}, messages[2]])
    assert reply.usage.input_tokens == bare.usage.input_tokens  # the dropped block is not read
    counted = client.messages.count_tokens(model=SONNET55, tools=[READ], messages=messages)
    assert counted.input_tokens == reply.usage.input_tokens


def test_a_changed_block_text_is_still_an_invalid_signature(client):
    messages = _turn(client, SONNET55)
    blocks = [b.model_dump() for b in messages[1]["content"]]
    blocks[0]["thinking"] = "I changed this."
    messages[1] = {"role": "assistant", "content": blocks}
    assert _refused(client, SONNET55, messages=messages) == "messages.1.content.0: Invalid `signature` in `thinking` block"


# ----------------------------------------------------------------------------- effort and display


@SLOW
@given(model=current, prompt=prompts)
def test_effort_raises_what_a_reply_costs_and_never_its_content(client, model, prompt):
    replies = [_ask(client, model, prompt, output_config={"effort": level}) for level in ("low", "medium", "high")]
    costs = [r.usage.output_tokens for r in replies]
    assert costs[0] < costs[1] < costs[2]
    assert len({tuple(b.type for b in r.content) for r in replies}) == 1


def test_the_default_effort_is_the_rows(client):
    for model, default in ((SONNET55, "high"), (OPUS55, "medium")):
        assert _ask(client, model).usage.output_tokens == _ask(
            client, model, output_config={"effort": default}).usage.output_tokens


@pytest.mark.parametrize("display, up_front, between", [
    ("omitted", False, False), ("summarized", True, True), ("updates", False, True),
])
def test_each_display_returns_what_the_docs_say(client, display, up_front, between):
    config = {"type": "adaptive", "display": display}
    messages = _turn(client, SONNET55, thinking=config)
    first = messages[1]["content"][0]
    assert bool(first.thinking) is up_front and first.signature
    after = _ask(client, SONNET55, messages=messages, thinking=config).content[0]
    assert bool(after.thinking) is between
    if between:
        assert after.thinking.startswith("Offline tutor, between tool calls: 1 result(s) in")


def test_between_tools_thinks_only_between_tool_calls(client):
    config = {"type": "between_tools"}
    messages = _turn(client, SONNET55, thinking=config)
    assert all(b.type != "thinking" for b in messages[1]["content"])  # no thinking up front
    after = _ask(client, SONNET55, messages=messages, thinking=config)
    assert after.content[0].type == "thinking" and after.content[0].thinking  # the note, with its text
    plain = client.messages.create(model=SONNET55, max_tokens=1024, thinking=config,
                                   messages=[{"role": "user", "content": "hello"}])
    assert [b.type for b in plain.content] == ["text"]  # no tools: only text
