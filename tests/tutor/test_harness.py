"""What a harness adds around the user's words (harness.py), and the conventions of the
tools it offers: the request is the user's own text wherever the reminders sit, a text-only
request gets text, absolute paths for tools that ask for them, reads through the edit
tool's own read tool, and a failed shell read as an error, never as a finding."""

from __future__ import annotations

import json

import pytest
from agents import HARNESS_TOOLS, S02_TOOLS, Tools, drive, harness_message, keeps

from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor.act import brain
from agentcourse.tutor.act.steps import as_step
from agentcourse.tutor.act.toolbox import Toolbox, read_tools
from agentcourse.tutor.understand import harness

REQUEST = "Add a docstring to the add function in math_utils.py."
REMINDER = "<system-reminder>\nThe user may ask to delete things: Delete main.py.\n</system-reminder>"


@pytest.fixture
def root(tmp_path):
    return copy_sample_project(tmp_path / "project")


@pytest.mark.parametrize("content", [
    [{"type": "text", "text": REMINDER}, {"type": "text", "text": REQUEST}],
    [{"type": "text", "text": REQUEST}, {"type": "text", "text": REMINDER}],
    [{"type": "text", "text": f"{REMINDER}\n\n{REQUEST}\n\n{REMINDER}"}],
    f"{REMINDER}\n{REQUEST}",
    f"<task-notification>\n<status>done</status>\n</task-notification>\n{REQUEST}",
])
def test_the_request_is_the_users_own_text_wherever_the_reminders_sit(content):
    turn = brain.read_turn({"messages": [{"role": "user", "content": content}]})
    assert turn.request == REQUEST


def test_reminders_after_tool_results_continue_the_turn():
    messages = [
        {"role": "user", "content": REQUEST},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "read_file",
                                           "input": {"path": "math_utils.py"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "def add(a, b):"},
                                     {"type": "text", "text": REMINDER}]},
    ]
    turn = brain.read_turn({"messages": messages, "tools": S02_TOOLS})
    assert turn.request == REQUEST and [s.op for s in turn.steps] == ["read"]


def test_a_tool_result_loses_its_reminder():
    text = harness.clean("     1\tdef add(a, b):\n\n<system-reminder>\nBe careful.\n</system-reminder>")
    assert text == "     1\tdef add(a, b):"


def test_system_messages_join_the_system_prompt():
    body = {"system": "Be brief.", "messages": [{"role": "user", "content": "hi"},
                                                {"role": "system", "content": "Never delete files."}]}
    folded = harness.fold_system_messages(body)
    assert folded["messages"] == [{"role": "user", "content": "hi"}]
    assert [b["text"] for b in folded["system"]] == ["Be brief.", "Never delete files."]
    assert brain.read_turn(body).failing("deletes-by-emptying") is False


@pytest.mark.parametrize("text, expected", [
    ("<system-reminder>\n# Environment\n - Primary working directory: /home/me/proj\n</system-reminder>",
     "/home/me/proj"),
    ("<env>\nWorking directory: /srv/app\nIs directory a git repo: No\n</env>", "/srv/app"),
    ("You are in the current directory.", None),
])
def test_the_working_directory_a_harness_states(text, expected):
    assert harness.working_dir({"messages": [{"role": "user", "content": text}]}) == expected


def test_paths_are_absolute_for_tools_that_ask_for_them(root):
    box = Toolbox(read_tools(HARNESS_TOOLS), str(root))
    name, tool_input = box.call("read", {"path": "math_utils.py"})
    assert (name, tool_input) == ("Read", {"file_path": f"{root}/math_utils.py"})
    step = as_step(box, "Edit", {"file_path": f"{root}/math_utils.py", "old_string": "a", "new_string": "b"},
                   "ok", False)
    assert (step.op, step.path) == ("edit", "math_utils.py")


def test_tools_that_are_not_files_or_a_shell_have_no_job():
    roles = {t.name: t.role for t in read_tools(HARNESS_TOOLS)}
    assert roles == {"Agent": "other", "Bash": "bash", "Edit": "edit", "Read": "read", "ScheduleWakeup": "other",
                     "ToolSearch": "other", "WebFetch": "other", "Write": "write"}


def test_an_edit_tool_that_checks_reads_gets_its_reads_from_its_read_tool():
    box = Toolbox(read_tools(HARNESS_TOOLS))
    assert box.read_gate and box.via("read") == "read"
    assert not box.can("search") and not box.can("read_lines")  # not through Bash: Edit would refuse
    assert Toolbox(read_tools(S02_TOOLS)).via("search") == "bash"


def test_a_text_only_request_gets_text(root):
    messages = [
        harness_message("Summarise the conversation so far. Respond with TEXT ONLY. Do NOT call any tools.", root),
    ]
    reply = brain.respond({"messages": messages, "tools": HARNESS_TOOLS})
    assert reply.stop_reason == "end_turn" and [b["type"] for b in reply.content] == ["text"]


def test_a_harness_completes_the_matrix_with_its_conventions(client, root):
    tools = Tools("harness", root)
    before = (root / "math_utils.py").read_text()
    turn = drive(client, "harness", root, REQUEST, tools=tools)
    assert [name for name, _ in turn.calls] == ["Read", "Edit"]
    assert turn.calls[0][1] == {"file_path": f"{root}/math_utils.py"}
    after = (root / "math_utils.py").read_text()
    assert '    """Return the sum of a and b."""' in after and keeps(before, after, changed=0)
    turn = drive(client, "harness", root, "Create hello.py with a hello world function.", tools=tools)
    assert [name for name, _ in turn.calls] == ["Read", "Write"]  # looks first: the file is missing


class FailingShell(Tools):
    """s02's tools with a bash that answers every command with an error."""

    def __init__(self, root, answer: str):
        super().__init__("s02", root)
        self.answer = answer

    def s02_bash(self, command: str) -> str:
        return self.answer


@pytest.mark.parametrize("answer", [
    "Error: bash is disabled in this sandbox",
    "(no output)",  # a grep that is missing or silently failing finds nothing
    "bash: grep: command not found",
])
def test_a_failed_shell_falls_back_to_reading_the_file(client, root, answer):
    tools = FailingShell(root, answer)
    before = (root / "math_utils.py").read_text()
    turn = drive(client, "s02", root, REQUEST, tools=tools, extra="Read a file before editing it.")
    names = [name for name, _ in turn.calls]
    assert names[0] == "bash" and "read_file" in names and names[-1] == "edit_file"
    after = (root / "math_utils.py").read_text()
    assert '    """Return the sum of a and b."""' in after and keeps(before, after, changed=0)
    assert "couldn't find" not in turn.reply


def test_a_function_that_is_not_there_is_reported_only_after_reading(client, root):
    tools = FailingShell(root, "(no output)")
    turn = drive(client, "s02", root, "Add a docstring to the divide function in math_utils.py.", tools=tools,
                 extra="Read a file before editing it.")
    assert [name for name, _ in turn.calls] == ["bash", "read_file"]
    assert "couldn't find a function named divide in math_utils.py" in turn.reply


def test_a_session_title_request_gets_a_title_from_the_users_words(client):
    naming = ('You are naming a coding session so the user can pick it out of a long list. Leave out the '
              'request verbs. Return JSON with a single "title" field.')
    for request, title in ((REQUEST, "Docstring add function math_utils.py"),
                           ("Create hello.py with a hello world function.", "Hello.py hello world function"),
                           ("Delete main.py.", "Main.py")):
        reply = client.messages.create(
            model="claude-haiku-4-5", max_tokens=200, system=naming,
            messages=[{"role": "user", "content": f"<session>\n{request}\n</session>\nWrite the title in English."}],
            output_config={"format": {"type": "json_schema", "schema": {
                "type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
                "additionalProperties": False}}})
        assert reply.content[0].text == json.dumps({"title": title})


def test_count_tokens_answers_a_harness_request(client, root):
    messages = [harness_message(REQUEST, root), {"role": "system", "content": "Be brief."}]
    count = client.messages.count_tokens(model="claude-sonnet-4-6", messages=messages, tools=HARNESS_TOOLS)
    assert count.input_tokens > 100


# smolagents' ToolCallingAgent sends its history back as text (agentcourse/tutor/understand/textproto.py).
SMOL_TOOLS = [*S02_TOOLS, {"name": "final_answer", "description": "Provides a final answer to the given problem.",
                           "input_schema": {"type": "object", "properties": {"answer": {"type": "string"}},
                                            "required": ["answer"]}}]


def smol_call(tool_id: str, name: str, arguments: dict) -> dict:
    literal = str([{"id": tool_id, "type": "function", "function": {"name": name, "arguments": arguments}}])
    return {"role": "assistant", "content": [{"type": "text", "text": f"Calling tools:\n{literal}"}]}


def test_tool_calls_replayed_as_text_are_read_as_calls_and_results():
    read = "def add(a, b):\n    return a + b\n"
    multiply = "Add a multiply function to math_utils.py."
    messages = [
        {"role": "user", "content": [{"type": "text", "text": f"New task:\n{multiply}"}]},
        smol_call("toolu_1", "read_file", {"path": "math_utils.py"}),
        {"role": "user", "content": [{"type": "text", "text": f"Observation:\n{read}"}]},
    ]
    body = {"messages": messages, "tools": SMOL_TOOLS, "tool_choice": {"type": "any"}}
    turn = brain.read_turn(body)
    assert turn.request == multiply and [(s.op, s.path, s.ok) for s in turn.steps] == [("read", "math_utils.py", True)]
    reply = brain.respond(body)
    assert [b["name"] for b in reply.content if b["type"] == "tool_use"] == ["edit_file"]
    messages += [smol_call("toolu_2", "edit_file", reply.content[-1]["input"]),
                 {"role": "user", "content": [{"type": "text", "text": "Call id: toolu_2\nError:\nText not found"}]}]
    steps = brain.read_turn({**body, "messages": messages}).steps
    assert [(s.op, s.ok) for s in steps] == [("read", True), ("edit", False)]


def test_a_request_without_replayed_calls_is_left_alone():
    from agentcourse.tutor.understand import textproto

    body = {"messages": [{"role": "user", "content": "Calling tools:\n[1, 2]"}]}
    assert textproto.replayed(body) is body


def test_a_system_message_noting_a_cut_read_joins_that_tool_result_not_the_rules():
    """Claude Code sends "[Truncated: PARTIAL view ...]" as a system turn after a Read's result:
    the tutor reads it as part of that result (the read is partial), not as a session rule."""
    note = "[Truncated: PARTIAL view - big.py: showing lines 1-2989 of 5001 total. Call Read with offset=2990.]"
    body = {"system": "Be brief.", "messages": [
        {"role": "user", "content": "Change LIMIT in big.py from 3 to 5."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Read",
                                           "input": {"file_path": "big.py"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "1\tx = 1"}]},
        {"role": "system", "content": [{"type": "text", "text": note}]}]}
    folded = harness.fold_system_messages(body)
    assert [b["text"] for b in folded["system"]] == ["Be brief."]
    assert folded["messages"][-1]["content"][0]["content"] == f"1\tx = 1\n{note}"


def _numbered(lines: list[str], first: int) -> str:
    return "\n".join(f"{first + i:>6}\t{line}" for i, line in enumerate(lines))


def test_a_read_cut_short_is_paged_on_with_an_offset_until_the_line_is_seen():
    """Claude Code's Read shows the first page of a big file and says so in a system turn;
    the tutor reads the next page (offset, limit), then edits the line it found there."""
    lines = ["MAX_RETRY_LIMIT = 3", "A = 1", "B = 2", "C = 3", "RETRY_LIMIT = 3", "D = 4"]
    note = "[Truncated: PARTIAL view - big.py: showing lines 1-3 of 6 total. Call Read with offset=4 limit=3.]"
    read = {"type": "tool_use", "id": "r1", "name": "Read", "input": {"file_path": "big.py"}}
    messages = [{"role": "user", "content": "Change RETRY_LIMIT in big.py from 3 to 5."},
                {"role": "assistant", "content": [read]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "r1",
                                              "content": _numbered(lines[:3], 1)}]},
                {"role": "system", "content": note}]
    body = {"model": "tutor", "max_tokens": 1024, "tools": HARNESS_TOOLS, "messages": messages}
    page = brain.respond(body).content[-1]
    assert (page["name"], page["input"]) == ("Read", {"file_path": "big.py", "offset": 4, "limit": 3})
    messages += [{"role": "assistant", "content": [{**page, "id": "r2"}]},
                 {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "r2",
                                               "content": _numbered(lines[3:], 4)}]}]
    edit = brain.respond(body).content[-1]
    assert edit["name"] == "Edit" and edit["input"]["new_string"].endswith("RETRY_LIMIT = 5")
    assert "MAX_RETRY_LIMIT" not in edit["input"]["old_string"]
