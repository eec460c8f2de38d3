"""Checkpoints 03-05: real tools with production habits, and a loop that always leaves
the messages list valid (iteration limit, every stop_reason, API errors, Ctrl-C).

Canned model behaviour comes from TutorConfig(respond=...): the tutor server still
validates every request, so a loop that breaks the protocol fails here with a 400.
"""

from __future__ import annotations

import codecs
import itertools
import time
from types import SimpleNamespace

import anthropic
import httpx
import pytest

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.tutor import TutorConfig, serve

CHECKPOINTS = ["03", "04", "05"]


@pytest.fixture(params=CHECKPOINTS)
def agent(request, monkeypatch):
    monkeypatch.setenv("AGENT_TRACE", "off")
    return paths.load_checkpoint(request.param)


def reader(agent, path):
    """Read a whole small file with whichever read tool the checkpoint has."""
    if hasattr(agent, "read_file"):
        return agent.read_file(path)
    return agent.read_lines(path, 1, 200)


def set_step_limit(agent, monkeypatch, n):
    name = "MAX_STEPS" if hasattr(agent, "MAX_STEPS") else "MAX_TOOL_ROUNDS"
    monkeypatch.setattr(agent, name, n)


# ----------------------------------------------------------------------------- edit_file


def test_create_refuses_to_overwrite_a_non_empty_file(agent, project):
    result = agent.edit_file("math_utils.py", "", "x = 1\n")
    assert result.startswith("Error:") and "edit" in result
    assert "def add" in (project / "math_utils.py").read_text()


def test_create_fills_an_empty_file_and_makes_parent_folders(agent, project):
    (project / "empty.py").write_text("")
    assert agent.edit_file("empty.py", "", "a = 1\n").startswith("Created")
    assert agent.edit_file("pkg/sub/mod.py", "", "b = 2\n").startswith("Created")
    assert (project / "pkg" / "sub" / "mod.py").read_text() == "b = 2\n"


def test_old_str_not_found_and_found_twice_are_different_errors(agent, project):
    missing = agent.edit_file("math_utils.py", "def nothing():", "x")
    assert missing.startswith("Error:") and "not found" in missing
    twice = agent.edit_file("math_utils.py", "    return a", "    return 0")
    assert twice.startswith("Error:") and "2 times" in twice
    assert "return a + b" in (project / "math_utils.py").read_text()


def test_edit_keeps_crlf_line_endings_and_the_bom(agent, project):
    raw = codecs.BOM_UTF8 + b"def f():\r\n    return 1\r\n"
    (project / "win.py").write_bytes(raw)
    assert agent.edit_file("win.py", "def f():\n    return 1", "def f():\n    return 2").startswith("Edited")
    assert (project / "win.py").read_bytes() == codecs.BOM_UTF8 + b"def f():\r\n    return 2\r\n"


def test_edit_writes_atomically_and_leaves_no_temp_file(agent, project, monkeypatch):
    import os

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    result = agent.edit_file("math_utils.py", "return a + b", "return b + a")
    assert result.startswith("Error:") and "space" in result
    monkeypatch.undo()
    assert "return a + b" in (project / "math_utils.py").read_text()
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".tmp")) == []


def test_binary_and_non_utf8_files_are_errors_not_crashes(agent, project):
    (project / "blob.bin").write_bytes(b"\x00\x01\x02binary")
    (project / "latin.txt").write_bytes("café\n".encode("latin-1"))
    for name in ("blob.bin", "latin.txt"):
        assert reader(agent, name).startswith("Error:")
        assert agent.edit_file(name, "caf", "x").startswith("Error:")


def test_bad_arguments_are_error_strings(agent):
    assert agent.dispatch_tool("edit_file", {"path": "a.py"}).startswith("Error: bad arguments")
    assert agent.dispatch_tool("list_files", {"path": 7}).startswith("Error:")
    assert agent.dispatch_tool("edit_file", {"path": "a.py", "old_str": 1, "new_str": 2}).startswith("Error:")


def test_read_file_caps_a_huge_file_and_says_what_was_cut(project):
    agent = paths.load_checkpoint("03")
    (project / "big.log").write_text("".join(f"line {i}\n" for i in range(1, 5001)))
    text = agent.read_file("big.log")
    assert "line 2000\n" in text and "line 2001\n" not in text
    assert "lines 2001-5000 of 5000 were cut" in text


def test_read_file_cut_is_a_prefix_and_never_decodes_past_it(project):
    agent = paths.load_checkpoint("03")
    big = b"short\r\n" + b"x" * 150_000 + b"\n" + b"later\n" + b"\xff\xfe not utf-8\n"
    (project / "odd.txt").write_bytes(big)
    text = agent.read_file("odd.txt")
    assert text.startswith("short\n\n[read_file shows at most")  # CRLF shown as \n, then the notice
    assert "later" not in text and "lines 2-4 of 4 were cut" in text


# ----------------------------------------------------------------------------- the loop


class Script:
    """A canned model: replies[i] answers call i; the last reply repeats."""

    def __init__(self, *replies):
        self.replies, self.calls = list(replies), 0
        self.ids = (f"toolu_canned_{n:04}" for n in itertools.count())

    def __call__(self, request):
        reply = self.replies[min(self.calls, len(self.replies) - 1)]
        self.calls += 1
        content = [dict(b, id=next(self.ids)) if b["type"] == "tool_use" else b for b in reply[0]]
        return {"content": content, "stop_reason": reply[1]}


LIST = {"type": "tool_use", "name": "list_files", "input": {"path": "."}}
TEXT = {"type": "text", "text": "All done."}


@pytest.fixture(scope="module")
def canned():
    """One tutor server for the module; each test sets its respond and faults."""
    config = TutorConfig()
    with serve(config) as url:
        yield url, config


def drive(agent, canned, script, prompts=("What files are in this project?",), faults=None,
          client_opts=None):
    """Run each prompt as a turn against the tutor, answering with `script`."""
    url, config = canned
    config.respond, config.faults = script, list(faults or [])
    client = anthropic.Anthropic(base_url=url, api_key="tutor-offline", max_retries=0,
                                 **(client_opts or {}))
    messages, replies = [], []
    for prompt in prompts:
        messages.append({"role": "user", "content": prompt})
        replies.append(agent.run_turn(client, messages))
        # [] is fine too: a turn that achieved nothing removes its user message
        assert not messages or protocol_errors(messages) == [], to_plain(messages)
    return messages, replies


def test_iteration_limit_ends_turn_with_a_clear_message(agent, canned, project, monkeypatch):
    set_step_limit(agent, monkeypatch, 3)
    script = Script(([LIST], "tool_use"))
    messages, replies = drive(agent, canned, script, prompts=("loop forever", "and again"))
    assert script.calls == 6  # three per turn, then stopped
    assert "Stopped" in replies[0]
    assert to_plain(messages)[-1]["role"] == "assistant"


@pytest.mark.parametrize(
    "stop, content, expect",
    [
        ("end_turn", [TEXT], "All done."),
        ("stop_sequence", [TEXT], "All done."),
        ("max_tokens", [{"type": "text", "text": "Half a rep"}], "max_tokens"),
        ("max_tokens", [TEXT, dict(LIST, input={})], "max_tokens"),
        ("refusal", [], "declined"),
        ("model_context_window_exceeded", [], "context window"),
    ],
    ids=["end_turn", "stop_sequence", "max_tokens-text", "max_tokens-tool_use", "refusal", "context"],
)
def test_every_stop_reason_ends_the_turn_with_valid_messages(agent, canned, project, stop, content, expect):
    messages, replies = drive(agent, canned, Script((content, stop), ([TEXT], "end_turn")),
                              prompts=("first", "second"))
    assert expect in replies[0]
    assert replies[1] == "All done."  # the conversation survives


def test_pause_turn_is_continued_by_calling_again(agent, canned, project):
    script = Script(([{"type": "text", "text": "Working"}], "pause_turn"), ([TEXT], "end_turn"))
    messages, replies = drive(agent, canned, script)
    assert script.calls == 2 and replies[0] == "All done."
    assert [m["role"] for m in to_plain(messages)] == ["user", "assistant"]


def test_max_tokens_cut_from_the_tutor_keeps_the_protocol(agent, canned, project):
    from agentcourse.tutor.act import brain

    messages, replies = drive(agent, canned, brain.respond, faults=["max_tokens"],
                              prompts=("Create hello.py with a hello world function.",) * 2)
    assert "max_tokens" in replies[0]
    assert (project / "hello.py").exists()  # the second, uncut turn did the work


@pytest.mark.parametrize("fault", [429, 529, 500])
def test_api_error_on_first_call_drops_the_message_and_the_session_survives(agent, canned, project, fault):
    messages, replies = drive(agent, canned, Script(([TEXT], "end_turn")), faults=[fault],
                              prompts=("first", "second"))
    assert str(fault) in replies[0] and "send it again" in replies[0]
    assert [m["content"] for m in messages if m["role"] == "user"] == ["second"]
    assert replies[1] == "All done."


def test_api_error_mid_turn_keeps_the_tool_work_and_closes_the_turn(agent, canned, project):
    messages, replies = drive(agent, canned, Script(([LIST], "tool_use"), ([TEXT], "end_turn")),
                              faults=[None, 529], prompts=("first", "second"))
    plain = to_plain(messages)
    assert "529" in replies[0]
    assert plain[2]["content"][0]["type"] == "tool_result"  # the listing was kept
    assert replies[1] == "All done."


def test_connection_error_and_timeout_are_reported(agent, canned, project):
    client = anthropic.Anthropic(base_url="http://127.0.0.1:9", api_key="x", max_retries=0)
    messages = [{"role": "user", "content": "hello"}]
    assert "reach the API" in agent.run_turn(client, messages) and messages == []

    def slow(request):
        time.sleep(0.6)
        return {"content": [TEXT], "stop_reason": "end_turn"}

    messages, replies = drive(agent, canned, slow, client_opts={"timeout": 0.2})
    assert "timed out" in replies[0]


def test_ctrl_c_inside_a_tool_answers_every_tool_use(agent, canned, project, monkeypatch):
    def interrupted(path="."):
        raise KeyboardInterrupt

    monkeypatch.setitem(agent.TOOL_FUNCTIONS, "list_files", interrupted)
    two = [LIST, dict(LIST, input={"path": "sub"})]
    messages, replies = drive(agent, canned, Script((two, "tool_use"), ([TEXT], "end_turn")),
                              prompts=("first", "second"))
    assert "Interrupted" in replies[0]
    results = to_plain(messages)[2]["content"]
    assert len(results) == 2 and all(r.get("is_error") for r in results)


def test_ctrl_c_inside_the_client_leaves_messages_valid(agent, canned, project):
    class Interrupting:
        def __init__(self, real, at):
            self.real, self.at, self.n = real, at, 0
            self.messages = self

        def create(self, **kwargs):
            self.n += 1
            if self.n == self.at:
                raise KeyboardInterrupt
            return self.real.messages.create(**kwargs)

    def list_then_answer(request):
        last = request["messages"][-1]["content"]
        if isinstance(last, str):
            return {"content": [dict(LIST, id=f"toolu_c_{len(request['messages'])}")],
                    "stop_reason": "tool_use"}
        return {"content": [TEXT], "stop_reason": "end_turn"}

    url, config = canned
    config.respond, config.faults = list_then_answer, []
    real = anthropic.Anthropic(base_url=url, api_key="x", max_retries=0)
    for at in (1, 2):  # before the first call, and after the tool round
        messages = [{"role": "user", "content": "first"}]
        assert "Interrupted" in agent.run_turn(Interrupting(real, at), messages)
        assert not messages or protocol_errors(messages) == []
        messages.append({"role": "user", "content": "second"})
        assert agent.run_turn(real, messages) == "All done."
        assert protocol_errors(messages) == []


def _status_error(cls, status):
    request = httpx.Request("POST", "https://api.anthropic.com/v1/messages")
    response = httpx.Response(status, request=request, json={"type": "error", "error": {
        "type": "x", "message": "nope"}})
    return cls("nope", response=response, body=None)


def test_each_api_error_gets_its_own_line(agent):
    describe = agent.turns.describe_api_error
    request = httpx.Request("POST", "https://api.anthropic.com/v1/messages")
    assert describe(_status_error(anthropic.BadRequestError, 400)) == (
        "The API rejected the request (400): nope")
    assert describe(_status_error(anthropic.RateLimitError, 429)).startswith(
        "The API is rate-limiting this key (429)")
    assert describe(_status_error(anthropic.APIStatusError, 529)).startswith(
        "The API is overloaded or failing (529)")
    assert describe(_status_error(anthropic.InternalServerError, 500)).startswith(
        "The API is overloaded or failing (500)")
    assert describe(anthropic.APITimeoutError(request)) == "The API call timed out. Try again."
    assert describe(anthropic.APIConnectionError(request=request)).startswith(
        "Could not reach the API")


def _reply(stop, *blocks):
    return SimpleNamespace(stop_reason=stop, content=list(blocks))


def _text(text):
    return SimpleNamespace(type="text", text=text)


def test_add_assistant_extends_the_last_assistant_message_and_ignores_nothing(agent):
    add = agent.turns.add_assistant
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": ["a"]},
                {"role": "user", "content": "again"}, {"role": "assistant", "content": ["b"]}]
    add(messages, ["c"])  # a paused turn goes on in the same message
    assert messages[-1] == {"role": "assistant", "content": ["b", "c"]}
    assert messages[1] == {"role": "assistant", "content": ["a"]} and len(messages) == 4
    add(messages, [])  # the API refuses empty assistant turns: nothing is added
    assert len(messages) == 4 and messages[-1]["content"] == ["b", "c"]
    fresh = messages[:3]  # after a user message: a new assistant message, but never an empty one
    add(fresh, [])
    assert len(fresh) == 3
    add(fresh, ["x"])
    assert fresh[-1] == {"role": "assistant", "content": ["x"]}


def test_final_answer_keeps_the_text_and_stands_in_for_an_empty_one(agent, capsys):
    messages = [{"role": "user", "content": "hi"}]
    tool = SimpleNamespace(type="tool_use", id="t1", name="list_files", input={})
    assert agent.turns.final_answer(messages, _reply("end_turn", _text("Hello."))) == "Hello."
    assert messages[-1]["content"][0].text == "Hello."
    messages = [{"role": "user", "content": "hi"}]
    assert agent.turns.final_answer(messages, _reply("end_turn", tool)) == ""
    assert messages[-1] == {"role": "assistant", "content": [{"type": "text", "text": "(no reply)"}]}
    assert "Assistant: Hello." in capsys.readouterr().out
