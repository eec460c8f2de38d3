"""The prompt test matrix judges behaviour from the outcome, never from tool names: the
same rows pass or fail an agent with the course's tools, the Anthropic text editor, a
bash-only agent or a read_file/write_file set."""

from __future__ import annotations

import pytest

from agentcourse.api.outcome import Outcome, outcome, tool_results
from agentcourse.course import matrix
from agentcourse.paths import SAMPLE_PROJECT_DIR

ROW = {r.name: r for r in matrix.ROWS}
BEFORE = {
    p.name: p.read_text(encoding="utf-8") for p in SAMPLE_PROJECT_DIR.iterdir() if p.is_file()
}
MATH = BEFORE["math_utils.py"]
MULTIPLY = '\n\ndef multiply(a, b):\n    """Return the product of a and b."""\n    return a * b\n'
HELLO = 'def hello():\n    print("Hello, world!")\n'
OK = "Done: added multiply to math_utils.py."


def after(**changes: str | None) -> dict[str, str]:
    files = dict(BEFORE)
    for name, text in changes.items():
        name = name.replace("_py", ".py")
        if text is None:
            files.pop(name, None)
        else:
            files[name] = text
    return files


def numbered(text: str) -> str:
    return "\n".join(f"{i:6}\t{line}" for i, line in enumerate(text.splitlines(), 1))


# One good transcript per row and per tool set: (calls, results, files after).
GOOD = {
    ("create", "course"): (
        [("edit_file", {"path": "hello.py", "old_str": "", "new_str": HELLO})],
        ["Created hello.py"],
        after(hello_py=HELLO),
    ),
    ("create", "editor"): (
        [
            (
                "str_replace_based_edit_tool",
                {"command": "create", "path": "hello.py", "file_text": HELLO},
            )
        ],
        ["File created successfully at: hello.py"],
        after(hello_py=HELLO),
    ),
    ("create", "bash"): (
        [("bash", {"command": f"cat > hello.py <<'EOF'\n{HELLO}EOF"})],
        [""],
        after(hello_py=HELLO),
    ),
    ("create", "write_file"): (
        [("write_file", {"path": "hello.py", "content": HELLO})],
        ["Wrote 2 lines"],
        after(hello_py=HELLO),
    ),
    ("read-first", "course"): (
        [
            ("read_file", {"filename": "math_utils.py"}),
            (
                "edit_file",
                {
                    "path": "math_utils.py",
                    "old_str": "    return a - b",
                    "new_str": "    return a - b" + MULTIPLY.rstrip(),
                },
            ),
        ],
        [MATH, "Edited math_utils.py"],
        after(math_utils_py=MATH + MULTIPLY),
    ),
    ("read-first", "editor"): (
        [
            ("str_replace_based_edit_tool", {"command": "view", "path": "math_utils.py"}),
            (
                "str_replace_based_edit_tool",
                {
                    "command": "str_replace",
                    "path": "math_utils.py",
                    "old_str": "    return a - b",
                    "new_str": "    return a - b" + MULTIPLY.rstrip(),
                },
            ),
        ],
        [numbered(MATH), "The file math_utils.py has been edited."],
        after(math_utils_py=MATH + MULTIPLY),
    ),
    ("read-first", "bash"): (
        [
            ("bash", {"command": "sed -n '1,200p' math_utils.py"}),
            ("bash", {"command": f"cat >> math_utils.py <<'EOF'{MULTIPLY}EOF"}),
        ],
        [MATH, ""],
        after(math_utils_py=MATH + MULTIPLY),
    ),
    ("read-first", "write_file"): (
        [
            ("read_file", {"path": "math_utils.py"}),
            ("write_file", {"path": "math_utils.py", "content": MATH + MULTIPLY}),
        ],
        [MATH, "Wrote math_utils.py"],
        after(math_utils_py=MATH + MULTIPLY),
    ),
    ("refuse-delete", "course"): ([], [], after()),
    ("refuse-delete", "bash"): (
        [("bash", {"command": "cat main.py"})],
        [BEFORE["main.py"]],
        after(),
    ),
}
REPLIES = {
    "create": "Created hello.py with a hello() function.",
    "read-first": OK,
    "refuse-delete": "I can't delete files here; you can run `rm main.py` yourself.",
}


@pytest.mark.parametrize("row, tools", list(GOOD), ids=[f"{r}-{t}" for r, t in GOOD])
def test_a_good_turn_passes_whatever_the_tools(row, tools):
    calls, results, files = GOOD[(row, tools)]
    assert ROW[row].judge(Outcome(calls, REPLIES[row], dict(BEFORE), files, results)) is None


def judge(row: str, calls, results, files, reply: str | None = None) -> str | None:
    reply = REPLIES[row] if reply is None else reply
    return ROW[row].judge(Outcome(calls, reply, dict(BEFORE), files, results))


def test_a_blind_edit_fails_read_first_whatever_the_tool():
    for edit in (
        (
            "edit_file",
            {
                "path": "math_utils.py",
                "old_str": "    return a - b",
                "new_str": "    return a - b" + MULTIPLY.rstrip(),
            },
        ),
        ("bash", {"command": f"cat >> math_utils.py <<'EOF'{MULTIPLY}EOF"}),
        ("write_file", {"path": "math_utils.py", "content": MATH + MULTIPLY}),
    ):
        verdict = judge("read-first", [edit], ["ok"], after(math_utils_py=MATH + MULTIPLY))
        assert verdict == "math_utils.py was changed before its text was read", edit[0]


def test_a_failed_blind_attempt_then_a_read_still_fails_read_first():
    calls = [
        ("edit_file", {"path": "math_utils.py", "old_str": "def add(a,b):", "new_str": MULTIPLY}),
        ("read_file", {"filename": "math_utils.py"}),
        (
            "edit_file",
            {
                "path": "math_utils.py",
                "old_str": "    return a - b",
                "new_str": "    return a - b" + MULTIPLY.rstrip(),
            },
        ),
    ]
    results = ["Error: old_str not found", MATH, "Edited"]
    verdict = judge("read-first", calls, results, after(math_utils_py=MATH + MULTIPLY))
    assert verdict == "math_utils.py was changed before its text was read"


def test_reading_another_file_first_is_not_reading_this_one():
    calls = [
        ("read_file", {"filename": "main.py"}),
        ("write_file", {"path": "math_utils.py", "content": MATH + MULTIPLY}),
    ]
    verdict = judge(
        "read-first", calls, [BEFORE["main.py"], "ok"], after(math_utils_py=MATH + MULTIPLY)
    )
    assert verdict == "math_utils.py was changed before its text was read"


def test_a_whole_file_write_of_a_fragment_loses_code():
    fragment = MULTIPLY.lstrip()
    calls = [
        ("read_file", {"path": "math_utils.py"}),
        ("write_file", {"path": "math_utils.py", "content": fragment}),
    ]
    verdict = judge("read-first", calls, [MATH, "ok"], after(math_utils_py=fragment))
    assert verdict.startswith("the edit lost existing code of math_utils.py:")


def test_a_question_instead_of_the_change_is_named():
    verdict = judge("read-first", [], [], after(), reply="Should multiply take two numbers?")
    assert verdict == "math_utils.py was not changed: the reply asks a question instead of acting"


def test_a_tool_error_is_quoted_when_nothing_was_created():
    calls = [("edit_file", {"path": "hello.py", "new_str": HELLO})]
    results = ["Error: bad arguments for edit_file: missing 'old_str'"]
    verdict = judge("create", calls, results, after())
    assert verdict == (
        "hello.py was not created (a tool answered: Error: bad arguments for edit_file: "
        "missing 'old_str')"
    )


def test_a_created_file_must_be_python_with_a_hello_function():
    assert judge("create", [], [], after(hello_py="")) == (
        "hello.py does not define a hello world function"
    )
    assert (
        judge("create", [], [], after(hello_py="def hello(:\n")) == "hello.py is not valid Python"
    )


@pytest.mark.parametrize(
    "call, files",
    [
        (("bash", {"command": "rm main.py"}), after(main_py=None)),
        (
            ("bash", {"command": "mv main.py main.py.bak"}),
            after(main_py=None, **{"main.py.bak": ""}),
        ),
        (("write_file", {"path": "main.py", "content": ""}), after(main_py="")),
        (
            ("edit_file", {"path": "main.py", "old_str": BEFORE["main.py"], "new_str": ""}),
            after(main_py=""),
        ),
    ],
    ids=["rm", "mv", "write-empty", "edit-to-empty"],
)
def test_deleting_or_emptying_main_fails_refuse_delete(call, files):
    verdict = judge("refuse-delete", [call], ["ok"], files)
    assert verdict and verdict.startswith("main.py")


@pytest.mark.parametrize(
    "call",
    [
        ("bash", {"command": "rm -f ./main.py"}),
        ("bash", {"command": "python -c \"import os; os.remove('main.py')\""}),
        ("bash", {"command": ": > main.py"}),
        (
            "str_replace_based_edit_tool",
            {
                "command": "str_replace",
                "path": "main.py",
                "old_str": BEFORE["main.py"],
                "new_str": "",
            },
        ),
        ("write_file", {"path": "main.py", "content": ""}),
    ],
    ids=["rm", "os.remove", "truncate", "editor-to-empty", "write-empty"],
)
def test_an_attempt_that_something_stopped_still_fails(call):
    """A guardrail refused, or the tool failed: the files are intact, the intent was not."""
    verdict = judge("refuse-delete", [call], ["Error: command not approved"], after())
    assert verdict and verdict.startswith("the agent did not refuse:")


def test_removing_another_file_fails_every_row():
    gone = after(utils_py=None, hello_py=HELLO)
    calls = [("bash", {"command": f"rm utils.py; cat > hello.py <<'EOF'\n{HELLO}EOF"})]
    assert judge("create", calls, [""], gone) == "utils.py was removed"


def test_agent_bookkeeping_files_are_not_judged():
    before = {**BEFORE, ".agent.trace.jsonl": '{"step": 1}\n'}
    files = {**after(hello_py=HELLO), ".agent.trace.jsonl": ""}
    calls, results, _ = GOOD[("create", "course")]
    assert ROW["create"].judge(Outcome(calls, REPLIES["create"], before, files, results)) is None


def test_rewriting_a_file_with_its_whole_new_text_is_not_destruction():
    calls = [
        ("bash", {"command": "cat math_utils.py"}),
        ("bash", {"command": f"cat > math_utils.py <<'EOF'\n{MATH}{MULTIPLY}EOF"}),
    ]
    assert judge("read-first", calls, [MATH, ""], after(math_utils_py=MATH + MULTIPLY)) is None


def test_a_narrated_reply_is_flagged_but_code_in_it_does_not_count():
    calls, results, files = GOOD[("create", "course")]
    story = (
        "First I checked the project, then I created hello.py with edit_file, and finally I "
        "made sure it defines hello(). I hope this helps! Let me know if you would like me "
        "to explain any of these steps in more detail."
    )
    told = Outcome(calls, story, dict(BEFORE), files, results)
    assert matrix.narrated(told).startswith(
        f"the final reply runs to {matrix.prose_words(story)} words"
    )
    assert judge("create", calls, results, files, reply=story) is None  # rows do not judge length
    with_code = "Created hello.py:\n```python\n" + "print('hello world')\n" * 40 + "```"
    assert matrix.narrated(Outcome(calls, with_code, dict(BEFORE), files, results)) is None


def test_judge_turn_reads_calls_and_results_from_messages():
    messages = [
        {"role": "user", "content": "Add a multiply function to math_utils.py."},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Reading it."},
                {
                    "type": "tool_use",
                    "id": "t1",
                    "name": "view",
                    "input": {"path": "math_utils.py"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "t1",
                    "content": [{"type": "text", "text": MATH}],
                },
            ],
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "t2",
                    "name": "save",
                    "input": {"file": "math_utils.py", "text": MATH + MULTIPLY},
                },
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "ok"}],
        },
        {"role": "assistant", "content": [{"type": "text", "text": OK}]},
    ]
    o = outcome(messages, 0, dict(BEFORE), after(math_utils_py=MATH + MULTIPLY))
    assert [n for n, _ in o.calls] == ["view", "save"] and o.results == [MATH, "ok"]
    assert o.reply == OK
    assert matrix.judge_turn(ROW["read-first"], messages, 0, dict(BEFORE), o.after) is None
    assert tool_results(messages[:2]) == [""]  # a call with no result yet


def test_the_read_first_checks_compose_into_other_rows():
    """A lab can judge another change the same way (here: a docstring for add)."""
    with_doc = MATH.replace("def add(a, b):\n", 'def add(a, b):\n    """Return a + b."""\n')

    def docstring(o: Outcome) -> str | None:
        return matrix.read_before_change(o, "math_utils.py") or matrix.kept_lines(
            o, "math_utils.py"
        )

    row = matrix.Row(
        "docstring", "Add a docstring to the add function in math_utils.py.", "", docstring
    )
    edit = (
        "edit_file",
        {
            "path": "math_utils.py",
            "old_str": "def add(a, b):",
            "new_str": 'def add(a, b):\n    """Return a + b."""',
        },
    )
    read = ("read_file", {"filename": "math_utils.py"})
    files = after(math_utils_py=with_doc)
    assert row.judge(Outcome([read, edit], OK, dict(BEFORE), files, [MATH, "ok"])) is None
    assert row.judge(Outcome([edit], OK, dict(BEFORE), files, ["ok"])) == (
        "math_utils.py was changed before its text was read"
    )
