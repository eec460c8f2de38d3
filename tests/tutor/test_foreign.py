"""foreign.py: which of a request's own tools a request asks for, the input taken from the
request, and JSON replies to prompts that ask for JSON in words. Pure functions, no server."""

from __future__ import annotations

import json

import jsonschema
import pytest

from agentcourse.tutor.act import foreign
from agentcourse.tutor.act.forced import MARK
from agentcourse.tutor.act.toolbox import read_tools


def tool(name: str, description: str, props: dict, required: list[str] | None = None) -> dict:
    schema = {"type": "object", "properties": props}
    if required is not None:
        schema["required"] = required
    return {"name": name, "description": description, "input_schema": schema}


S = {"type": "string"}
N = {"type": "number"}
WEATHER = tool("get_weather", "Get the weather for a location", {"location": S,
               "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, ["location", "unit"])
CALC = tool("calculator", "A simple calculator", {"operation": {"type": "string", "enum": [
    "add", "subtract", "multiply", "divide"]}, "a": N, "b": N}, ["operation", "a", "b"])
EXPR = tool("calculator", "Evaluate an arithmetic expression", {"expression": S}, ["expression"])
STOCK = tool("get_stock_price", "Current share price", {"ticker": S}, ["ticker"])
EMAIL = tool("send_email", "Send an email", {"to": {"type": "string", "format": "email"}, "subject": S, "body": S},
             ["to", "subject", "body"])
TRANSLATE = tool("translate", "Translate text into another language", {"text": S, "target_language": S},
                 ["text", "target_language"])
FETCH = tool("fetch_page", "Fetch a web page", {"url": {"type": "string", "format": "uri"}}, ["url"])
DOCS = tool("search_docs", "Search the documentation", {"query": S}, ["query"])
READ = tool("read_file", "Read a file", {"path": S}, ["path"])

CASES = [
    (WEATHER, "What is the weather in SF?", {"location": "SF", "unit": "celsius"}),
    (WEATHER, "What's the temperature in San Francisco, CA in fahrenheit?",
     {"location": "San Francisco, CA", "unit": "fahrenheit"}),
    (CALC, "Multiply 1984135 by 9343116", {"operation": "multiply", "a": 1984135, "b": 9343116}),
    (EXPR, "What is 15 * 7?", {"expression": "15 * 7"}),
    (STOCK, "What is the stock price of AAPL today?", {"ticker": "AAPL"}),
    (TRANSLATE, "Translate 'good morning' into French", {"text": "good morning", "target_language": "French"}),
    (FETCH, "Fetch the page https://example.org/docs and summarise it", {"url": "https://example.org/docs"}),
    (DOCS, "Search the docs for prompt caching", {"query": "Search the docs for prompt caching"}),
]


def pick(tools: list[dict], prompt: str, messages: list | None = None):
    body = {"tools": tools, "messages": messages or [{"role": "user", "content": prompt}]}
    return foreign.pick(body, read_tools(tools), prompt)


@pytest.mark.parametrize("offered, prompt, expected", CASES, ids=[c[1][:40] for c in CASES])
def test_the_tool_asked_for_is_called_with_what_the_request_says(offered, prompt, expected):
    name, tool_input = pick([READ, offered], prompt)
    assert name == offered["name"] and tool_input == expected
    jsonschema.validate(tool_input, offered["input_schema"])


def test_a_tool_is_never_called_with_a_made_up_required_value():
    # The request gives no subject or body: sending an email with invented ones would act
    # on a guess, so the tutor does not call; a made-up optional value is left out instead.
    assert pick([READ, EMAIL], "Send an email to bob@example.com saying hi") is None
    optional = tool("send_email", "Send an email", EMAIL["input_schema"]["properties"], ["to"])
    assert pick([READ, optional], "Send an email to bob@example.com saying hi") == (
        "send_email", {"to": "bob@example.com"})


def test_a_tool_with_side_effects_is_called_only_when_the_request_names_it():
    agent = tool("Agent", "Launch a new agent to handle complex, multi-step tasks autonomously. "
                 "Use it to search the weather in many cities.", {"prompt": S}, ["prompt"])
    wakeup = tool("ScheduleWakeup", "Schedule when to resume work: the weather changes hourly.",
                  {"delaySeconds": N, "reason": S}, ["delaySeconds"])
    for prompt in ("What is the weather in Paris and London?", "Add a docstring to add()."):
        assert pick([READ, agent, wakeup], prompt) is None
    assert pick([READ, agent], "Launch an agent: what is the weather in Paris?") == (
        "Agent", {"prompt": "Launch an agent: what is the weather in Paris"})


@pytest.mark.parametrize("prompt", [
    "Hello there, how are you?", "Tell me a joke about files.", "Show me the README", "What time is it?",
])
def test_a_request_that_names_no_offered_tools_job_picks_none(prompt):
    assert pick([WEATHER, STOCK, READ], prompt) is None


def test_file_and_shell_tools_are_left_to_the_script():
    shell = tool("bash", "Run a shell command", {"command": S}, ["command"])
    assert pick([READ, shell], "Read the file and run the command") is None


def test_a_deferred_tool_waits_for_a_tool_reference():
    deferred = {**WEATHER, "defer_loading": True}
    search = tool("search_available_tools", "Search for tools", {"keyword": S}, ["keyword"])
    assert pick([deferred, search], "What is the weather in SF?") == ("search_available_tools", {"keyword": "weather"})
    assert pick([deferred], "What is the weather in SF?") is None  # no way to load it
    loaded = [{"role": "user", "content": "What is the weather in SF?"},
              {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "search_available_tools",
                                                 "input": {"keyword": "weather"}}]},
              {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [
                  {"type": "tool_reference", "tool_name": "get_weather"}]}]}]
    assert pick([deferred, search], "What is the weather in SF?", loaded)[0] == "get_weather"


JUDGE = 'Decide whether the condition holds.\n\nReturn only JSON:\n{"ok": boolean, "reason": string, "impossible": boolean}'


@pytest.mark.parametrize("system, prompt, expected_keys", [
    ("", JUDGE, ["ok", "reason", "impossible"]),
    ("Return only the requested JSON object.", JUDGE, ["ok", "reason", "impossible"]),
    ('Respond only with JSON: {"category": string, "confidence": number, "tags": array}', "I love it", ["category", "confidence", "tags"]),
    ("", 'Classify the review. Respond with JSON like {"label": "positive", "score": 0.9}', ["label", "score"]),
])
def test_a_prompt_that_asks_for_json_in_words_gets_that_shape_and_no_verdict(system, prompt, expected_keys):
    value = json.loads(foreign.json_reply(system, prompt))
    assert list(value) == expected_keys
    assert all(v in (False, 0, []) or isinstance(v, str) and (MARK in v or "cannot judge" in v) for v in value.values())


@pytest.mark.parametrize("prompt", ["What is JSON?", "Parse this JSON: {\"a\": 1}", "Return the file list."])
def test_a_prompt_that_does_not_ask_for_json_gets_none(prompt):
    assert foreign.json_reply("", prompt) is None


TIME = tool("get_time", "Get the current time in a time zone", {"timezone": S}, ["timezone"])


@pytest.mark.parametrize("prompt, expected", [
    ("What is the weather in SF and NYC?", [("get_weather", "SF"), ("get_weather", "NYC")]),
    ("What is the weather in Paris, Rome and Oslo?", [("get_weather", "Paris"), ("get_weather", "Rome"),
                                                     ("get_weather", "Oslo")]),
    ("What is the weather and the time in Tokyo?", [("get_weather", "Tokyo"), ("get_time", None)]),
])
def test_several_places_or_tools_named_make_parallel_calls(prompt, expected):
    tools = [WEATHER, TIME]
    calls = foreign.plan({"tools": tools, "messages": []}, read_tools(tools), prompt)
    assert [(name, tool_input.get("location")) for name, tool_input in calls] == expected
