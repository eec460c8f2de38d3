"""Tools matched to jobs by their schemas: a corpus of tool definitions from many styles
(the course's, students', other courses', coding agents'), each with the job it must get,
and round trips: every operation the tutor sends through a tool reads back as itself."""

from __future__ import annotations

import random

import pytest
from agents import ANTHROPIC_TOOLS, MINI_BASH, RENAMED_TOOLS, S02_TOOLS, WRITE_ONLY_TOOLS, schema
from hypothesis import given, settings
from hypothesis import strategies as st
from tutor_sim import tools_read, tools_search

from agentcourse.tutor.act.steps import as_step
from agentcourse.tutor.act.toolbox import Toolbox, read_tools
from agentcourse.tutor.understand import script

S, N = "string", "integer"
TERMINAL = schema("terminal", "A persistent shell session: state persists between calls.", None,
                  command=S)

# (tool, the job it must get, the parameter jobs it must map)
CORPUS = [
    # the course's own tools
    (tools_read()[0], "list", {"path": "path"}),
    (tools_read()[1], "read", {"path": "filename"}),
    (tools_read()[2], "edit", {"path": "path", "old": "old_str", "new": "new_str"}),
    (tools_search()[1], "search", {"pattern": "pattern", "path": "path"}),
    (tools_search()[2], "read_lines", {"path": "path", "start": "start", "end": "end"}),
    # learn-claude-code's s02 set, and mini-swe-agent's bash
    (S02_TOOLS[0], "bash", {"command": "command"}),
    (S02_TOOLS[1], "read", {"path": "path"}),
    (S02_TOOLS[2], "write", {"path": "path", "content": "content"}),
    (S02_TOOLS[3], "edit", {"path": "path", "old": "old_text", "new": "new_text"}),
    (MINI_BASH, "bash", {"command": "command"}),
    # names that lie: the schema decides
    (RENAMED_TOOLS[0], "write", {"path": "location", "content": "data"}),
    (RENAMED_TOOLS[1], "delete", {"path": "path"}),
    (RENAMED_TOOLS[2], "read", {"path": "file_path"}),
    (RENAMED_TOOLS[3], "edit", {"path": "file", "old": "find", "new": "replace"}),
    (RENAMED_TOOLS[4], "list", {"path": "folder"}),
    (WRITE_ONLY_TOOLS[0], "write", {"path": "file_path", "content": "text"}),
    (WRITE_ONLY_TOOLS[1], "read", {"path": "file_path"}),
    (schema("read_file", "Write text into a file.", path=S, content=S), "write", {}),
    (schema("write_file", "Change a file.", path=S, old_str=S, new_str=S), "edit", {}),
    # a coding agent's style: file_path, old_string/new_string, optional extras
    (schema("Edit", "Performs exact string replacements in files.", ["file_path", "old_string",
            "new_string"], file_path=S, old_string=S, new_string=S, replace_all="boolean"),
     "edit", {"path": "file_path", "old": "old_string", "new": "new_string"}),
    (schema("Write", "Writes a file to the local filesystem.", file_path=S, content=S), "write", {}),
    (schema("Read", "Reads a file from the local filesystem.", ["file_path"], file_path=S,
            offset=N, limit=N), "read", {"path": "file_path"}),
    (schema("Bash", "Executes a given bash command.", ["command"], command=S, timeout=N,
            description=S), "bash", {"command": "command"}),
    (schema("Glob", "Fast file pattern matching; returns matching file names.", ["pattern"],
            pattern=S, path=S), "other", {}),
    (schema("Grep", "Search file contents with a regular expression.", ["pattern"], pattern=S,
            path=S), "search", {"pattern": "pattern"}),
    # students' variations
    (schema("edit_file", "Replace text.", path=S, search=S, replace=S), "edit",
     {"old": "search", "new": "replace"}),
    (schema("replace_in_file", "Replace text in a file.", filename=S, original=S, updated=S),
     "edit", {"path": "filename", "old": "original", "new": "updated"}),
    (schema("modify", "Edit a file: replace the first text with the second.", path=S, a=S, b=S),
     "edit", {"old": "a", "new": "b"}),
    (schema("find", "Find lines in files.", query=S, path=S), "search", {"pattern": "query"}),
    (schema("grep", "Search.", regex=S), "search", {"pattern": "regex"}),
    (schema("lookup", "Search the project for a text.", ["text"], text=S), "search",
     {"pattern": "text"}),
    (schema("show_lines", "Show some lines of a file.", file=S, first_line=N, last_line=N),
     "read_lines", {"path": "file", "start": "first_line", "end": "last_line"}),
    (schema("cat", "Print a file.", file=S), "read", {"path": "file"}),
    (schema("ls", "List a directory.", dir=S), "list", {"path": "dir"}),
    (schema("list_project", "List every file in the project.", []), "list", {}),
    (schema("view", "View a file's contents.", ["path"], path=S, start=N, end=N), "read", {}),
    (schema("run", "Run a shell command and return its output.", cmd=S), "bash",
     {"command": "cmd"}),
    (TERMINAL, "bash", {}),
    # tools the tutor must never use for files
    (schema("append_file", "Append content to the end of a file.", path=S, content=S), "other", {}),
    (schema("apply_patch", "Apply a unified diff.", path=S, patch=S), "other", {}),
    (schema("regex_replace", "Replace every match of a regular expression.", path=S, find=S,
            replace=S), "other", {}),
    (schema("delete_file", "Delete a file.", path=S), "delete", {}),
    (schema("rm", "Remove a path.", target_path=S), "delete", {}),
    (schema("run_python", "Execute Python code.", code=S), "other", {}),
    (schema("sql", "Run a SQL query against the database.", command=S), "other", {}),
    (schema("write_file", "Write a file, giving a reason.", path=S, content=S, reason=S), "other",
     {}),
    (schema("greet", "Say hello to someone.", name=S), "other", {}),
    # a copy of the text editor as a custom tool
    ({"name": "str_replace_editor", "description": "View, create and edit files.",
      "input_schema": {"type": "object", "properties": {
          "command": {"type": "string", "enum": ["view", "create", "str_replace", "insert"]},
          "path": {"type": "string"}, "file_text": {"type": "string"},
          "old_str": {"type": "string"}, "new_str": {"type": "string"},
          "insert_line": {"type": "integer"}, "view_range": {"type": "array"}},
          "required": ["command", "path"]}}, "editor", {}),
]


@pytest.mark.parametrize("tool, role, params", CORPUS, ids=lambda x: x.get("name") if isinstance(
    x, dict) and "input_schema" in x else None)
def test_each_tool_gets_its_job_from_its_schema(tool, role, params):
    (found,) = read_tools([tool])
    assert found.role == role
    assert {k: found.params.get(k) for k in params} == params


def test_the_anthropic_tools_are_known_by_type():
    editor, bash = read_tools(ANTHROPIC_TOOLS)
    assert (editor.kind, editor.role) == ("editor", "editor")
    assert (bash.kind, bash.role, bash.persistent) == ("bash", "bash", True)


def test_custom_shells_start_fresh_unless_their_description_says_otherwise():
    assert not read_tools([MINI_BASH])[0].persistent
    assert read_tools([TERMINAL])[0].persistent  # "state persists between calls"


@pytest.mark.parametrize("seed", range(4))
def test_the_order_of_the_tools_never_matters(seed):
    tools = list(RENAMED_TOOLS)
    random.Random(seed).shuffle(tools)
    box = Toolbox(read_tools(tools))
    assert {op: box.call(op, {"path": "a.py", "old": "x", "new": "y", "text": "z"})[0]
            for op in ("list", "read", "edit", "create")} == {
        "list": "dir_entries", "read": "fetch", "edit": "write_file", "create": "edit_file"}


def test_the_best_tool_does_each_operation():
    box = Toolbox(read_tools(S02_TOOLS))
    assert [box.via(op) for op in ("list", "read", "search", "edit", "create", "run")] == [
        "bash", "read", "bash", "edit", "write", "bash"]
    box = Toolbox(read_tools(WRITE_ONLY_TOOLS))
    assert (box.via("edit"), box.via("create"), box.can("list")) == ("write", "write", False)
    box = Toolbox(read_tools(ANTHROPIC_TOOLS))
    assert [box.via(op) for op in ("list", "read", "search", "edit", "insert")] == [
        "bash", "editor", "bash", "editor", "editor"]


def test_optional_read_parameters_are_never_sent():
    box = Toolbox(read_tools(S02_TOOLS))
    assert box.call("read", {"path": "a.py"}) == ("read_file", {"path": "a.py"})


# Every operation, sent through every tool set that can do it, reads back as itself.
OPS = [
    ("list", {"path": "."}, {}),
    ("read", {"path": "src/a.py"}, {}),
    ("read_lines", {"path": "a.py", "start": 3, "end": 9}, {"start": 3, "end": 9}),
    ("search", {"pattern": "def add", "path": "a.py"}, {"pattern": "def add"}),
    ("edit", {"path": "a.py", "old": "x = 'it''s'", "new": 'y = "\\n"\nEOF\n'},
     {"old": "x = 'it''s'", "new": 'y = "\\n"\nEOF\n'}),
    ("create", {"path": "b.py", "text": "def f():\n    return '''EOF'''\nEOF\n"},
     {"text": "def f():\n    return '''EOF'''\nEOF\n"}),
]
SETS = {"course": tools_search(), "s01": [MINI_BASH], "s02": S02_TOOLS,
        "anthropic": ANTHROPIC_TOOLS, "renamed": RENAMED_TOOLS}


# Only the pairs a set can do are generated; the ones it cannot are checked just below.
DOABLE = [
    pytest.param(tools, op, args, back, id=f"{op}-{name}")
    for op, args, back in OPS
    for name, tools in SETS.items()
    if Toolbox(read_tools(tools)).can(op)
]


def test_only_the_renamed_set_lacks_an_operation():
    missing = {(name, op) for name, tools in SETS.items() for op, _, _ in OPS
               if not Toolbox(read_tools(tools)).can(op)}
    assert missing == {("renamed", "read_lines"), ("renamed", "search")}


@pytest.mark.parametrize("tools, op, args, back", DOABLE)
def test_calls_read_back_as_the_same_operation(tools, op, args, back):
    box = Toolbox(read_tools(tools))
    name, tool_input = box.call(op, args)
    step = as_step(box, name, tool_input, "", False)
    expect_op = {("create", "write"): "write", ("read", "read_lines"): "read_lines"}.get(
        (op, box.via(op)), op)  # a whole read through read_lines is lines 1-200
    assert (step.op, step.path) == (expect_op, args["path"].removeprefix("./"))
    assert {k: step.args.get(k) for k in back} == back


def test_editor_insert_reads_back_with_either_text_field():
    box = Toolbox(read_tools(ANTHROPIC_TOOLS))
    name, tool_input = box.call("insert", {"path": "a.py", "line": 4, "text": "x = 1"})
    assert tool_input == {"command": "insert", "path": "a.py", "insert_line": 4,
                          "insert_text": "x = 1"}
    for key in ("insert_text", "new_str"):
        step = as_step(box, name, {"command": "insert", "path": "a.py", "insert_line": 4,
                                   key: "x = 1"}, "ok", False)
        assert (step.op, step.args) == ("insert", {"line": 4, "text": "x = 1"})


def test_a_persistent_shell_writes_paths_from_its_directory():
    box = Toolbox(read_tools(ANTHROPIC_TOOLS))
    box.cwd = "sub"
    assert box.call("read", {"path": "math_utils.py"}, via="bash")[1] == {
        "command": "cat -n ../math_utils.py"}
    fresh = Toolbox(read_tools([MINI_BASH]))
    assert fresh.call("run", {"command": "python3 -m pytest -q", "cd": "sub"})[1] == {
        "command": "cd sub && python3 -m pytest -q"}


def test_the_job_tables_cover_every_job():
    jobs = {j for job, _, _ in script.JOB_DOCS for j in job.split(", ")}
    assert jobs == {t[1] for t in CORPUS} | {"read_lines"}


_names = st.sampled_from(["path", "file", "old", "new", "content", "command", "pattern",
                          "start", "end", "limit", "x", "find", "replace", "text", "query"])
_spec = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["string", "integer", "boolean", "array", ["string", "null"], 3]),
    "description": st.text(max_size=30),
    "enum": st.lists(st.sampled_from(["view", "str_replace", "create"]), max_size=3),
}) | st.none() | st.booleans()


@settings(max_examples=150, deadline=None, derandomize=True)
@given(tools=st.lists(st.fixed_dictionaries({
    "name": st.text(min_size=1, max_size=20),
    "description": st.text(max_size=60),
    "input_schema": st.fixed_dictionaries({
        "properties": st.dictionaries(_names, _spec, max_size=5),
        "required": st.lists(_names, max_size=4) | st.text(max_size=5),
    }),
}), max_size=5))
def test_any_schema_gets_a_job_and_usable_calls(tools):
    box = Toolbox(read_tools(tools))
    args = {"path": "a.py", "pattern": "x", "start": 1, "end": 2, "old": "a", "new": "b",
            "text": "t", "line": 1, "command": "ls"}
    for op in script.OP_PREFERENCES:
        if box.can(op):
            name, tool_input = box.call(op, args)
            assert isinstance(tool_input, dict) and name in {t.name for t in box.tools}
