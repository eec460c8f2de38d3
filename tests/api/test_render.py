"""The messages-array renderer prints the lectures' notation, from dicts and SDK objects alike."""

from __future__ import annotations

from anthropic.types import TextBlock, ToolUseBlock
from rich.console import Console

from agentcourse.api.render import UsageRow, quote, render_messages, render_usage_table, usage_row

HELLO = 'def hello():\n    print("Hello, world!")\n'

SESSION = [
    {"role": "user", "content": "Create hello.py with a hello world function."},
    {
        "role": "assistant",
        "content": [
            {
                "type": "tool_use",
                "id": "toolu_01",
                "name": "edit_file",
                "input": {"path": "hello.py", "old_str": "", "new_str": HELLO},
            }
        ],
    },
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": "Created hello.py"}
        ],
    },
    {"role": "assistant", "content": [{"type": "text", "text": "Created hello.py."}]},
]

EXPECTED = """\
[0] role: user       "Create hello.py with a hello world function."
[1] role: assistant  [tool_use: edit_file(path="hello.py", old_str="", new_str="def hello():\\n    print(\\"Hello, world!\\")\\n")]
[2] role: user       [tool_result id=toolu_01: "Created hello.py"]
[3] role: assistant  [text: "Created hello.py."]"""


def test_known_session_renders_in_lecture_notation():
    assert render_messages(SESSION, width=200) == EXPECTED


def test_sdk_block_objects_render_like_dicts():
    sdk = [dict(m) for m in SESSION]
    sdk[1] = {
        "role": "assistant",
        "content": [
            ToolUseBlock(
                type="tool_use",
                id="toolu_01",
                name="edit_file",
                input={"path": "hello.py", "old_str": "", "new_str": HELLO},
            )
        ],
    }
    sdk[3] = {"role": "assistant", "content": [TextBlock(type="text", text="Created hello.py.")]}
    assert render_messages(sdk, width=200) == EXPECTED


def test_long_strings_are_cut_with_ellipsis_to_fit_the_width():
    out = render_messages(SESSION, width=110)
    lines = out.splitlines()
    assert all(len(line) <= 110 for line in lines), out
    assert lines[1].startswith(
        '[1] role: assistant  [tool_use: edit_file(path="hello.py", old_str=""'
    )
    # only the long string is cut
    assert 'new_str="def hello()' in lines[1] and lines[1].endswith('…")]')


def test_cutting_never_splits_an_escape_sequence():
    assert quote("ab\ncd", 3) == '"ab…"'  # "\n" takes two characters and does not fit
    assert quote("ab\ncd", 4) == '"ab\\n…"'
    assert quote("short", 10) == '"short"'


def test_parallel_calls_and_results_show_one_block_per_line():
    messages = [
        {"role": "user", "content": "Read utils.py and tests.py."},
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "t1",
                    "name": "read_file",
                    "input": {"filename": "utils.py"},
                },
                {
                    "type": "tool_use",
                    "id": "t2",
                    "name": "read_file",
                    "input": {"filename": "tests.py"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "t1",
                    "content": [{"type": "text", "text": "x"}],
                },
                {
                    "type": "tool_result",
                    "tool_use_id": "t2",
                    "content": "Error: nope",
                    "is_error": True,
                },
            ],
        },
    ]
    lines = render_messages(messages).splitlines()
    assert lines[1] == '[1] role: assistant  [tool_use: read_file(filename="utils.py")],'
    assert lines[2] == '                     [tool_use: read_file(filename="tests.py")]'
    assert lines[3] == '[2] role: user       [tool_result id=t1: "x"],'
    assert lines[4] == '                     [tool_result id=t2 (error): "Error: nope"]'


def test_usage_table_lists_every_call_and_the_total():
    rows = [
        usage_row("turn 1, call 1", {"input_tokens": 900, "output_tokens": 40}),
        UsageRow("turn 1, call 2", 1010, 12),
    ]
    console = Console(width=100, record=True)
    console.print(render_usage_table(rows))
    text = console.export_text()
    assert "turn 1, call 2" in text and "1910" in text and "52" in text
    assert "cache" not in text  # cache columns only appear when a call used the cache


def test_indexes_line_up_past_nine_messages():
    messages = [{"role": "user" if i % 2 == 0 else "assistant", "content": "hi"} for i in range(11)]
    lines = render_messages(messages).splitlines()
    assert lines[9].startswith("[9]  role: assistant  ") and lines[10].startswith("[10] role: user ")
    assert lines[9].index('"hi"') == lines[10].index('"hi"')
