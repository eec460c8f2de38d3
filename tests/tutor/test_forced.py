"""tool_choice, disable_parallel_tool_use and structured output, as the API documents them.

With `any` / `tool` the reply is tool_use blocks only, with no text before them, and the
input conforms to the tool's input_schema even when the brain had no call of its own
in mind (that is what structured-output helpers rely on). The schema corpus below is
checked with the jsonschema validator, not by eye.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Literal

import anthropic
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from agentcourse.tutor import TutorConfig, serve
from agentcourse.tutor.act.forced import MARK, apply, synthesize

MODEL = "claude-sonnet-4-6"
READ = {"name": "read_file", "description": "Read a file.",
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
LIST = {"name": "list_files", "description": "List files.",
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}}}
READ_BOTH = [{"role": "user", "content": "Read utils.py and tests.py."}]
HELLO = [{"role": "user", "content": "Hello there"}]


class Priority(StrEnum):
    low = "low"
    high = "high"


class Address(BaseModel):
    street: str
    city: str = Field(min_length=2, max_length=40)


class Person(BaseModel):
    """A person, as a structured-output helper would ask for one."""

    name: str
    age: int = Field(ge=18, le=120)
    email: str = Field(json_schema_extra={"format": "email"})
    tags: list[Literal["a", "b"]] = Field(min_length=2)
    priority: Priority
    home: Address
    past: list[Address] = []
    nickname: str | None = None
    score: float = Field(gt=0, lt=1)


class Tree(BaseModel):
    label: str
    children: list[Tree]


class Answer(BaseModel):
    answer: str
    confidence: float


def schema_of(model: type[BaseModel]) -> dict:
    return model.model_json_schema()


SCHEMAS = {
    "flat": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a", "b"]},
    "no required list": {"type": "object", "properties": {"x": {"type": "boolean"}, "y": {"type": "number"}}},
    "enums and consts": {"type": "object", "properties": {"c": {"enum": ["red", "green"]}, "d": {"const": 7}},
                         "required": ["c", "d"]},
    "type lists and nulls": {"type": "object", "properties": {"e": {"type": ["null", "integer"], "minimum": 3}},
                             "required": ["e"]},
    "nested arrays": {"type": "object", "properties": {"m": {"type": "array", "minItems": 3, "uniqueItems": True,
                                                              "items": {"type": "array", "items": {"type": "integer"}}}},
                      "required": ["m"]},
    "bounded numbers": {"type": "object", "required": ["n", "p"], "properties": {
        "n": {"type": "integer", "exclusiveMinimum": 10, "multipleOf": 5}, "p": {"type": "number", "maximum": -2.5}}},
    "formats and patterns": {"type": "object", "required": ["when", "id", "code"], "properties": {
        "when": {"type": "string", "format": "date-time"}, "id": {"type": "string", "format": "uuid"},
        "code": {"type": "string", "pattern": "^[A-Z]$"}}},
    "string lengths": {"type": "object", "required": ["s", "t"], "properties": {
        "s": {"type": "string", "minLength": 30}, "t": {"type": "string", "maxLength": 3}}},
    "anyOf and allOf": {"type": "object", "required": ["u", "v"], "properties": {
        "u": {"anyOf": [{"type": "null"}, {"type": "string", "minLength": 1}]},
        "v": {"allOf": [{"type": "object", "properties": {"w": {"type": "integer"}}, "required": ["w"]},
                        {"properties": {"z": {"type": "string"}}, "required": ["z"]}]}}},
    "additional properties": {"type": "object", "minProperties": 2, "additionalProperties": {"type": "integer"}},
    "defaults": {"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "default": "kept"}}},
    "pydantic person": schema_of(Person),
    "pydantic recursive tree": schema_of(Tree),
    "pydantic answer": schema_of(Answer),
}


@pytest.mark.parametrize("name", SCHEMAS)
def test_synthesized_input_conforms_to_the_schema(name):
    schema = SCHEMAS[name]
    value = synthesize(schema, "The brain's own words.")
    jsonschema.validate(value, schema, cls=jsonschema.Draft202012Validator)


def test_pydantic_models_accept_what_is_synthesized():
    assert Person.model_validate(synthesize(schema_of(Person))).age == 18
    assert Tree.model_validate(synthesize(schema_of(Tree))).children[0].label
    answer = Answer.model_validate(synthesize(schema_of(Answer), "I can only do the course's tasks."))
    assert answer.answer == "I can only do the course's tasks."  # the answer field says what the tutor said


def test_made_up_strings_say_they_are_made_up():
    value = synthesize(SCHEMAS["flat"], "ignored here")
    assert value["a"] == f"{MARK} a"


json_schemas = st.recursive(
    st.sampled_from([{"type": "string"}, {"type": "integer", "minimum": -5}, {"type": "boolean"},
                     {"type": "number", "maximum": 3}, {"enum": [1, "x"]}, {"type": "null"}]),
    lambda inner: st.one_of(
        st.builds(lambda items, n: {"type": "array", "items": items, "minItems": n}, inner, st.integers(0, 3)),
        st.dictionaries(st.from_regex(r"[a-z]{1,6}", fullmatch=True), inner, min_size=1, max_size=4).map(
            lambda props: {"type": "object", "properties": props, "required": sorted(props)[: len(props) // 2 + 1]}),
        st.lists(inner, min_size=1, max_size=3).map(lambda options: {"anyOf": options}),
    ),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None)
@given(json_schemas)
def test_any_generated_schema_gets_a_conforming_value(schema):
    jsonschema.validate(synthesize(schema, "hint"), schema, cls=jsonschema.Draft202012Validator)


# ----------------------------------------------------------------------------- the reply, unit level


TEXT_AND_CALLS = [
    {"type": "text", "text": "I'll read both."},
    {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"path": "a"}},
    {"type": "tool_use", "id": "t2", "name": "read_file", "input": {"path": "b"}},
]


def _request(choice: dict | None, tools=(READ, LIST)) -> dict:
    request = {"model": MODEL, "max_tokens": 100, "messages": READ_BOTH, "tools": list(tools)}
    if choice is not None:
        request["tool_choice"] = choice
    return request


def test_auto_keeps_the_reply():
    assert apply(_request({"type": "auto"}), TEXT_AND_CALLS, "tool_use") == (TEXT_AND_CALLS, "tool_use")
    assert apply(_request(None), TEXT_AND_CALLS, "tool_use") == (TEXT_AND_CALLS, "tool_use")


def test_any_drops_the_text_before_the_calls():
    content, stop = apply(_request({"type": "any"}), TEXT_AND_CALLS, "tool_use")
    assert content == TEXT_AND_CALLS[1:] and stop == "tool_use"


def test_tool_keeps_only_calls_of_the_named_tool_or_makes_one():
    content, stop = apply(_request({"type": "tool", "name": "list_files"}), TEXT_AND_CALLS, "tool_use")
    assert [b["name"] for b in content] == ["list_files"] and stop == "tool_use"
    jsonschema.validate(content[0]["input"], LIST["input_schema"])
    same, _ = apply(_request({"type": "tool", "name": "read_file"}), TEXT_AND_CALLS, "tool_use")
    assert same == TEXT_AND_CALLS[1:]


def test_any_with_a_text_reply_makes_a_call():
    content, stop = apply(_request({"type": "any"}, tools=(READ,)), [{"type": "text", "text": "Hi."}], "end_turn")
    assert [b["type"] for b in content] == ["tool_use"] and stop == "tool_use"
    assert content[0]["id"].startswith("toolu_tutor_") and content[0]["input"] == {"path": f"{MARK} path"}


def test_any_prefers_a_tool_that_looks_like_the_final_answer():
    final = {"name": "final_result", "input_schema": {"type": "object", "properties": {"answer": {"type": "string"}}}}
    content, _ = apply(_request({"type": "any"}, tools=(READ, final)), [{"type": "text", "text": "Hi."}], "end_turn")
    assert content[0]["name"] == "final_result" and content[0]["input"] == {"answer": "Hi."}


def test_disable_parallel_tool_use_leaves_one_call():
    auto, _ = apply(_request({"type": "auto", "disable_parallel_tool_use": True}), TEXT_AND_CALLS, "tool_use")
    forced, _ = apply(_request({"type": "any", "disable_parallel_tool_use": True}), TEXT_AND_CALLS, "tool_use")
    assert auto == TEXT_AND_CALLS[:2] and forced == TEXT_AND_CALLS[1:2]


def test_none_never_calls_a_tool():
    content, stop = apply(_request({"type": "none"}), TEXT_AND_CALLS, "tool_use")
    assert content == TEXT_AND_CALLS[:1] and stop == "end_turn"
    only_calls, stop = apply(_request({"type": "none"}), TEXT_AND_CALLS[1:], "tool_use")
    assert [b["type"] for b in only_calls] == ["text"] and MARK in only_calls[0]["text"] and stop == "end_turn"


def test_typed_tools_get_a_fixed_harmless_input():
    bash = {"type": "bash_20250124", "name": "bash"}
    content, _ = apply(_request({"type": "tool", "name": "bash"}, tools=(bash,)), [{"type": "text", "text": "x"}], "end_turn")
    assert content[0]["input"] == {"command": "ls"}


def test_output_format_turns_a_final_text_into_conforming_json():
    request = _request(None)
    request["output_config"] = {"format": {"type": "json_schema", "schema": schema_of(Answer)}}
    content, _ = apply(request, [{"type": "text", "text": "Hello."}], "end_turn")
    assert Answer.model_validate_json(content[0]["text"]).answer == "Hello."
    calls, _ = apply(request, TEXT_AND_CALLS, "tool_use")
    assert calls == TEXT_AND_CALLS  # tool calls first; the JSON comes with the final answer


# ----------------------------------------------------------------------------- through the SDK


@pytest.fixture(scope="module")
def client():
    with serve(TutorConfig()) as url:
        yield anthropic.Anthropic(base_url=url, api_key="k", max_retries=0)


def test_sdk_forced_tool_reply_is_one_schema_valid_call(client):
    tool = {"name": "record_person", "description": "Record a person.", "input_schema": schema_of(Person)}
    message = client.messages.create(model=MODEL, max_tokens=500, messages=HELLO, tools=[tool],
                                     tool_choice={"type": "tool", "name": "record_person"})
    assert message.stop_reason == "tool_use" and [b.type for b in message.content] == ["tool_use"]
    assert Person.model_validate(message.content[0].input).home.city


def test_sdk_any_with_the_brain_calling_keeps_its_calls(client):
    message = client.messages.create(model=MODEL, max_tokens=500, messages=READ_BOTH, tools=[READ, LIST],
                                     tool_choice={"type": "any", "disable_parallel_tool_use": True})
    assert [(b.type, b.input) for b in message.content] == [("tool_use", {"path": "utils.py"})]


def test_sdk_none_answers_in_text(client):
    message = client.messages.create(model=MODEL, max_tokens=500, messages=READ_BOTH, tools=[READ, LIST],
                                     tool_choice={"type": "none"})
    assert message.stop_reason == "end_turn" and {b.type for b in message.content} == {"text"}


def test_sdk_parse_with_an_output_format_returns_the_model(client):
    parsed = client.messages.parse(model=MODEL, max_tokens=500, messages=HELLO, output_format=Answer)
    assert isinstance(parsed.parsed_output, Answer)
    assert json.loads(parsed.content[0].text)["answer"] == parsed.parsed_output.answer
