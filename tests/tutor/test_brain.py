"""The tutor's behaviour as a pure function: each task with each set of tools, run to
end_turn against a tiny in-test executor over a copy of the sample project."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tutor_sim import (
    TOOLS_EDITOR,
    TOOLSETS,
    Executor,
    calls,
    reply_text,
    request,
    run,
    tools_read,
    tools_search,
)

from agentcourse.api.blocks import tool_result, user
from agentcourse.api.outcome import final_text, snapshot, tool_calls
from agentcourse.course import matrix
from agentcourse.projects.sample import copy_sample_project, write_config_module
from agentcourse.tutor.act import brain
from agentcourse.tutor.understand import script, tasks

BENCH = "In config_loader.py, change the default timeout of parse_config from 30 to 60."


@pytest.fixture
def root(tmp_path):
    root = copy_sample_project(tmp_path / "project")
    write_config_module(root)
    return root


def judged(row_name: str, root, tools) -> tuple[str | None, list[dict]]:
    row = next(r for r in matrix.ROWS if r.name == row_name)
    before = snapshot(root)
    messages = run(row.prompt, root, tools)
    return matrix.judge_turn(row, messages, 0, before, snapshot(root)), messages


@pytest.mark.parametrize("toolset", TOOLSETS)
@pytest.mark.parametrize("row", [r.name for r in matrix.ROWS])
def test_matrix_rows_pass_with_every_toolset(root, toolset, row):
    verdict, _ = judged(row, root, TOOLSETS[toolset])
    assert verdict is None


@pytest.mark.parametrize("toolset", TOOLSETS)
def test_multiply_is_appended_from_the_real_file_text(root, toolset):
    messages = run("Add a multiply function to math_utils.py.", root, TOOLSETS[toolset])
    text = (root / "math_utils.py").read_text()
    assert text.index("def add") < text.index("def subtract") < text.index("def multiply")
    assert '"""Return the product of a and b."""' in text
    namespace: dict = {}
    exec(text, namespace)
    assert namespace["multiply"](3, 4) == 12
    assert reply_text(messages) == "Done — added the multiply function to math_utils.py on line 12."


def test_with_search_and_read_lines_multiply_searches_then_reads_only_the_end(root):
    """Search, then read, then edit: the rule checkpoint 04's prompt teaches, kept by the
    tutor too (no read_lines 1-200 of the whole file)."""
    messages = run("Add a multiply function to math_utils.py.", root, tools_search())
    made = calls(messages)
    assert [name for name, _ in made] == ["search_file", "read_lines", "edit_file"]
    assert made[0][1] == {"pattern": "^def ", "path": "math_utils.py"}
    assert made[1][1]["start"] == 8  # def subtract, the last function, to the end of the file
    assert made[2][1]["old_str"] == "def subtract(a, b):\n    return a - b"
    assert reply_text(messages) == "Done — added the multiply function to math_utils.py on line 12."


def test_with_search_an_existing_function_is_left_alone(root):
    messages = run("Add a subtract function to math_utils.py.", root, tools_search())
    assert [name for name, _ in calls(messages)] == ["search_file"]
    assert reply_text(messages) == "math_utils.py already has a subtract function; I left it unchanged."


def test_multiply_edit_uses_a_unique_old_str_copied_from_the_read(root):
    (root / "math_utils.py").write_text(
        "def add(a, b):\n    return a + b\n\n\ndef twice(a, b):\n    return a + b\n"
    )
    run("Add a multiply function to math_utils.py.", root, tools_read())
    text = (root / "math_utils.py").read_text()
    assert text.endswith(
        "def twice(a, b):\n    return a + b\n\n\ndef multiply(a, b):\n"
        '    """Return the product of a and b."""\n    return a * b\n'
    )


@pytest.mark.parametrize("toolset", TOOLSETS)
def test_docstring_is_added_under_the_def_line(root, toolset):
    messages = run("Add a docstring to the add function in math_utils.py.", root, TOOLSETS[toolset])
    lines = (root / "math_utils.py").read_text().splitlines()
    assert lines[3:5] == ["def add(a, b):", '    """Return the sum of a and b."""']
    assert (
        reply_text(messages) == "Done — added a one-line docstring to the add function on line 4."
    )


def test_docstring_with_search_tools_searches_then_reads_a_few_lines(root):
    messages = run("Add a docstring to the add function in math_utils.py.", root, tools_search())
    assert [name for name, _ in calls(messages)] == ["search_file", "read_lines", "edit_file"]
    assert calls(messages)[0][1] == {"pattern": "def add", "path": "math_utils.py"}


@pytest.mark.parametrize("toolset", TOOLSETS)
def test_create_then_main_block_gives_a_runnable_script(root, toolset, capsys):
    history = run("Create hello.py with a hello world function.", root, TOOLSETS[toolset])
    messages = run("Add a main block to hello.py", root, TOOLSETS[toolset], messages=history)
    source = (root / "hello.py").read_text()
    assert source.count("def hello():") == 1 and 'if __name__ == "__main__":\n    hello()' in source
    exec(compile(source, "hello.py", "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out == "Hello, world!\n"
    turn = calls(messages, len(history))
    edit = turn[1][1]  # an exact replace of the file's end, or the editor's insert after it
    assert len(turn) == 2 and (edit.get("old_str") not in ("", None) or "insert_line" in edit)
    assert reply_text(messages) == "Done — added a main block to hello.py that calls hello()."


def test_the_lectures_javascript_hello_is_created_without_reading(root):
    messages = run("Write a JavaScript hello world and put it in hello.js.", root, tools_read())
    assert [(n, i["old_str"]) for n, i in calls(messages)] == [("edit_file", "")]
    assert 'console.log("Hello, world!");' in (root / "hello.js").read_text()


def test_tool_choice_none_means_no_tool_calls():
    body = request(
        [user("Add a multiply function to math_utils.py.")],
        tools_read(),
        tool_choice={"type": "none"},
    )
    assert brain.respond(body).stop_reason == "end_turn"


def test_main_block_on_a_missing_file_reports_the_error(root):
    messages = run("Add a main block to hello.py", root, tools_read())
    assert reply_text(messages).startswith("I couldn't read hello.py:")
    assert not (root / "hello.py").exists()


@pytest.mark.parametrize("toolset", TOOLSETS)
def test_benchmark_changes_only_parse_config(root, toolset):
    before = (root / "config_loader.py").read_text()
    messages = run(BENCH, root, TOOLSETS[toolset])
    after = (root / "config_loader.py").read_text()
    assert after == before.replace(
        "def parse_config(path, timeout=30", "def parse_config(path, timeout=60"
    )
    assert reply_text(messages).startswith(
        "Done — changed the default timeout of parse_config from 30 to 60"
    )


def _result_chars(messages: list[dict]) -> int:
    return sum(
        len(b["content"])
        for m in messages
        if m["role"] == "user" and isinstance(m["content"], list)
        for b in m["content"]
        if b["type"] == "tool_result"
    )


def test_benchmark_with_search_tools_costs_a_fraction_of_a_whole_read(root, tmp_path):
    targeted = run(BENCH, root, tools_search())
    other = copy_sample_project(tmp_path / "other")
    write_config_module(other)
    whole = run(BENCH, other, tools_read())
    assert [n for n, _ in calls(targeted)] == ["search_file", "read_lines", "edit_file"]
    assert _result_chars(whole) >= 15 * _result_chars(targeted)


def test_two_reads_come_as_parallel_calls_in_one_response(root):
    messages = run("Read utils.py and tests.py.", root, tools_read())
    first = [b for b in messages[1]["content"] if b["type"] == "tool_use"]
    assert [(b["name"], b["input"]) for b in first] == [
        ("read_file", {"filename": "utils.py"}),
        ("read_file", {"filename": "tests.py"}),
    ]
    assert len(messages) == 4
    assert reply_text(messages) == (
        "utils.py: defines slugify(text).\n"
        "tests.py: imports slugify from utils; defines test_slugify()."
    )


def test_disabled_parallel_tool_use_reads_one_file_per_response(root):
    messages = run(
        "Read utils.py and tests.py.",
        root,
        tools_read(),
        tool_choice={"type": "auto", "disable_parallel_tool_use": True},
    )
    assert len(messages) == 6
    assert all(
        len([b for b in m["content"] if b["type"] == "tool_use"]) <= 1 for m in messages[1::2]
    )


@pytest.mark.parametrize("toolset", TOOLSETS)
def test_summary_reads_one_file_per_call_then_one_line_per_file(root, toolset):
    (root / "config_loader.py").unlink()
    messages = run("Summarize every file in this project.", root, TOOLSETS[toolset])
    names = ["README.md", "main.py", "math_utils.py", "tests.py", "utils.py"]
    assert len(messages) == 1 + 2 * (1 + len(names)) + 1  # prompt, (call, results) per step, reply
    for m in messages[1:-1:2]:
        assert len([b for b in m["content"] if b["type"] == "tool_use"]) == 1
    summary = reply_text(messages).splitlines()
    assert summary[0] == "Summary of the 5 files in this project:"
    assert [line.split(":")[0] for line in summary[1:]] == [f"- {n}" for n in names]
    assert "defines add(a, b) and subtract(a, b)" in summary[3]


def test_list_question_lists_then_names_the_files(root):
    messages = run("What files are in this project?", root, tools_read())
    assert calls(messages) == [("list_files", {"path": "."})]
    assert reply_text(messages) == (
        "The project has 6 files: README.md, config_loader.py, main.py, "
        "math_utils.py, tests.py and utils.py."
    )


def test_hidden_entries_are_not_counted_among_the_project_files(root):
    """The agent's own trace (.agent.trace.jsonl) is hidden: not one of the project's files."""
    (root / ".agent.trace.jsonl").write_text("{}\n")
    (root / ".git").mkdir()
    messages = run("What files are in this project?", root, tools_read())
    assert reply_text(messages) == (
        "The project has 6 files: README.md, config_loader.py, main.py, "
        "math_utils.py, tests.py and utils.py. (Hidden, not counted: .agent.trace.jsonl and .git/.)"
    )


def test_what_does_edit_file_do_is_answered_from_its_description(root):
    tools = tools_read()
    tools[2]["description"] = "Replace text in a file. Unusual wording for this test."
    messages = run("What does edit_file do?", root, tools)
    assert calls(messages) == []
    assert reply_text(messages) == (
        "edit_file(path, old_str, new_str): Replace text in a file. Unusual wording for this test."
    )


@pytest.mark.parametrize("prompt", [
    "Write me a poem about the sea.", "Rename it to something nicer.", "Make the code faster."])
def test_unknown_request_gets_an_honest_help_reply(root, prompt):
    messages = run(prompt, root, tools_read())
    reply = reply_text(messages)
    assert calls(messages) == [] and "offline tutor model" in reply and "not Claude" in reply
    assert all(p in reply for p in tasks.HELP_PROMPTS)
    assert "Summarise the conversation" not in reply  # the program's instruction, not a request
    assert "ANTHROPIC_API_KEY" in reply


def test_a_task_without_the_tools_it_needs_says_so():
    reply = brain.respond(request([user("Add a multiply function to math_utils.py.")], []))
    assert (
        reply.stop_reason == "end_turn"
        and "I need a tool to edit files" in reply.content[0]["text"]
    )


def test_student_schemas_with_other_parameter_names_are_followed(root):
    tools = tools_read()
    tools[1]["input_schema"] = {
        "type": "object",
        "properties": {"path": {"type": "string"}},
        "required": ["path"],
    }
    tools[2]["input_schema"]["properties"] = {"file": {}, "old_text": {}, "new_text": {}}
    tools[2]["input_schema"]["required"] = ["file", "old_text", "new_text"]
    aliases = {
        "read_file": {"path": "filename"},
        "edit_file": {"file": "path", "old_text": "old_str", "new_text": "new_str"},
    }
    messages = run(
        "Add a docstring to the add function in math_utils.py.", root, tools, aliases=aliases
    )
    assert calls(messages) == [
        ("read_file", {"path": "math_utils.py"}),
        (
            "edit_file",
            {
                "file": "math_utils.py",
                "old_text": "def add(a, b):",
                "new_text": 'def add(a, b):\n    """Return the sum of a and b."""',
            },
        ),
    ]


def test_stub_results_lead_to_a_plausible_guess_and_a_finish(root):
    messages = run(
        "Add a docstring to the add function in math_utils.py.", root, tools_read(), stub=True
    )
    assert calls(messages)[1] == (
        "edit_file",
        {
            "path": "math_utils.py",
            "old_str": "def add(a, b):",
            "new_str": 'def add(a, b):\n    """Return the sum of a and b."""',
        },
    )
    assert reply_text(messages).startswith("Done — added a one-line docstring to the add function")


def test_failed_edit_is_read_again_once_then_reported(root):
    tools = tools_read()
    messages = [user("Add a docstring to the add function in math_utils.py.")]
    wrong = "Error: old_str was not found in math_utils.py"
    for _ in range(6):
        reply = brain.respond(request(messages, tools))
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        block = reply.content[0]
        result = wrong if block["name"] == "edit_file" else (root / "math_utils.py").read_text()
        messages.append(user([tool_result(block["id"], result)]))
    assert [n for n, _ in calls(messages)] == ["read_file", "edit_file", "read_file", "edit_file"]
    assert (
        reply_text(messages)
        == "I couldn't edit math_utils.py: old_str was not found in math_utils.py"
    )


def test_same_request_gives_the_same_reply_and_ids_differ_by_position(root):
    history = run("Read utils.py and tests.py.", root, tools_read())
    for n in (1, 3):
        body = request(history[:n], tools_read())
        assert brain.respond(copy.deepcopy(body)) == brain.respond(copy.deepcopy(body))
    ids = [
        b["id"]
        for m in history
        if m["role"] == "assistant"
        for b in m["content"]
        if b["type"] == "tool_use"
    ]
    assert len(set(ids)) == len(ids) and all(
        i.startswith("toolu_tutor_") and len(i) == 28 for i in ids
    )


def test_the_current_turn_starts_at_the_last_real_user_message(root):
    history = run("Add a docstring to the add function in math_utils.py.", root, tools_read())
    messages = run(
        "Add a multiply function to math_utils.py.", root, tools_read(), messages=history
    )
    assert [n for n, _ in calls(messages, len(history))] == ["read_file", "edit_file"]


def test_system_as_text_blocks_is_read_like_a_string(root):
    blocks = [
        {"type": "text", "text": "You are a coding assistant."},
        {
            "type": "text",
            "text": "Be concise. Never delete files.",
            "cache_control": {"type": "ephemeral"},
        },
    ]
    reply = brain.respond(request([user("Delete main.py.")], tools_read(), system=blocks))
    assert reply.stop_reason == "end_turn" and "can't delete" in reply.content[0]["text"]


def test_text_editor_view_results_with_line_numbers_are_understood(root):
    messages = run("Add a multiply function to math_utils.py.", root, TOOLS_EDITOR)
    edit = calls(messages)[-1][1]
    assert edit["command"] == "insert" and edit["insert_line"] == 9  # after the last line


def test_through_the_sdk_the_tutor_reads_before_editing(client, project):
    """The same brain behind the real HTTP server, driven with the anthropic SDK."""
    import anthropic

    tools = tools_read()
    messages: list = [{"role": "user", "content": "Add a multiply function to math_utils.py."}]
    for _ in range(5):
        response = client.messages.create(
            model="claude-sonnet-4-6",
            max_tokens=1024,
            system=request([], [])["system"],
            tools=tools,
            messages=messages,
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            break
        results = [
            tool_result(b.id, Executor(project).run(b.name, b.input))
            for b in response.content
            if b.type == "tool_use"
        ]
        messages.append({"role": "user", "content": results})
    assert isinstance(response, anthropic.types.Message)
    assert response.model == "claude-sonnet-4-6"  # the model asked for, exactly (docs/TUTOR.md)
    assert response.id.startswith("msg_tutor_")
    assert [n for n, _ in tool_calls(messages)] == ["read_file", "edit_file"]
    assert "def multiply(a, b):" in (project / "math_utils.py").read_text()
    assert (
        final_text(messages)
        == "Done — added the multiply function to math_utils.py on line 12."
    )


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    prompt=st.sampled_from(tasks.TASK_PROMPTS),
    toolset=st.sampled_from(sorted(TOOLSETS)),
    results=st.lists(
        st.text(max_size=60)
        | st.sampled_from(["Error: boom", "(stub) x", "", "1: def add(a, b):"]),
        min_size=1,
        max_size=8,
    ),
)
def test_any_tool_results_lead_to_a_valid_reply_and_an_end(prompt, toolset, results):
    messages = [user(prompt)]
    for step in range(script.MAX_STEPS + 2):
        reply = brain.respond(request(messages, TOOLSETS[toolset]))
        assert reply.stop_reason in ("tool_use", "end_turn") and reply.content
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "end_turn":
            assert reply.content[-1]["type"] == "text" and reply.content[-1]["text"]
            return
        messages.append(
            user(
                [
                    tool_result(b["id"], results[step % len(results)])
                    for b in reply.content
                    if b["type"] == "tool_use"
                ]
            )
        )
    raise AssertionError("no end_turn")


def test_parallel_reads_survive_streaming_through_the_sdk(client, project):
    with client.messages.stream(
        model="claude-sonnet-4-6",
        max_tokens=1024,
        tools=tools_read(),
        messages=[{"role": "user", "content": "Read utils.py and tests.py."}],
    ) as stream:
        message = stream.get_final_message()
    assert message.stop_reason == "tool_use"
    assert [(b.name, b.input) for b in message.content if b.type == "tool_use"] == [
        ("read_file", {"filename": "utils.py"}),
        ("read_file", {"filename": "tests.py"}),
    ]
