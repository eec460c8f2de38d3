"""The Lecture 5.3 failure modes: each appears when its rule is taken out of the prompt,
and none appears with the course's prompt (a small course-like one, and the real
checkpoints' SYSTEM_PROMPT and TOOLS when those programs exist)."""

from __future__ import annotations

import copy
import re

import pytest
from tutor_sim import calls, reply_text, run, system_prompt, tools_read, tools_search

from agentcourse.api.outcome import outcome as outcome_of
from agentcourse.api.outcome import snapshot
from agentcourse.course import matrix
from agentcourse.errors import UnknownCheckpoint
from agentcourse.paths import load_checkpoint
from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor.act import brain
from agentcourse.tutor.understand import failure_modes

ROW = {r.name: r for r in matrix.ROWS}


def checkpoint(name: str):
    try:
        return load_checkpoint(name)
    except (UnknownCheckpoint, FileNotFoundError, OSError):
        pytest.skip(f"checkpoint {name} is not written yet")


def drop(text: str, pattern: str) -> str:
    """`text` without every sentence that matches `pattern` (and lines left empty)."""
    lines = []
    for line in text.split("\n"):
        kept = [s for s in re.split(r"(?<=[.;])\s+", line) if not re.search(pattern, s, re.I)]
        if line.strip() and (not kept or not "".join(kept).strip(" -")):
            continue
        lines.append(" ".join(kept))
    return "\n".join(lines)


def without(
    system: str, tools: list[dict], pattern: str, in_system: bool = True, in_tools: bool = True
) -> tuple[str, list[dict]]:
    """A deficient copy of a prompt: every sentence matching `pattern` removed, from the
    system prompt and from every tool's description and parameter descriptions (a real
    model reads them all, and so does the tutor)."""
    tools = copy.deepcopy(tools)
    for tool in tools if in_tools else []:
        tool["description"] = drop(tool.get("description", ""), pattern)
        for prop in tool.get("input_schema", {}).get("properties", {}).values():
            prop["description"] = drop(prop.get("description", ""), pattern)
    return (drop(system, pattern) if in_system else system), tools


# Every sentence that states each rule in the course's prompts, to take it out. The
# course states some rules more than once (read-first five times in checkpoint 01).
RULE_PATTERNS = {
    "edits-without-reading": r"\bread\b.*\bfirst\b|read before|not read|before you change"
    r"|before editing|then edit",
    "deletes-by-emptying": r"delete",
    "verbose-narration": r"concise|narration|one short sentence",
    "wrong-argument-format": r"empty",
}


@pytest.fixture(params=["course-like", "01", "04"])
def course(request):
    """(system prompt, tools, dispatch or None) of a course prompt."""
    if request.param == "course-like":
        return system_prompt(), tools_read(), None
    module = checkpoint(request.param)
    return module.SYSTEM_PROMPT, module.TOOLS, module.dispatch_tool


def test_course_prompts_have_every_rule(course):
    system, tools, _ = course
    assert brain.missing_rules(system, brain.read_tools(tools)) == dict.fromkeys(
        failure_modes.FAILURE_IDS, False
    )


@pytest.mark.parametrize("row", [r.name for r in matrix.ROWS])
def test_the_matrix_passes_with_the_course_prompt(course, project, row):
    system, tools, dispatch = course
    before = snapshot(project)
    messages = run(ROW[row].prompt, project, tools, system=system, dispatch=dispatch)
    assert matrix.judge_turn(ROW[row], messages, 0, before, snapshot(project)) is None
    assert "\n" not in reply_text(messages) and not reply_text(messages).startswith("First I")


@pytest.mark.parametrize("mode", failure_modes.FAILURE_IDS)
def test_each_failure_mode_is_switched_by_its_own_rule_only(course, mode):
    system, tools, _ = course
    if mode == "asks-when-it-shouldnt":
        system = system.replace("but only if the request is truly ambiguous", "before acting")
    else:
        system, tools = without(system, tools, RULE_PATTERNS[mode])
    missing = brain.missing_rules(system, brain.read_tools(tools))
    assert [m for m, on in missing.items() if on] == [mode]


def deficient(course, mode: str) -> tuple[str, list[dict]]:
    system, tools, _ = course
    if mode == "asks-when-it-shouldnt":
        return system.replace("but only if the request is truly ambiguous", "before acting"), tools
    return without(system, tools, RULE_PATTERNS[mode])


def test_without_read_first_it_edits_before_reading(course, project):
    system, tools = deficient(course, "edits-without-reading")
    before = snapshot(project)
    messages = run(ROW["read-first"].prompt, project, tools, system=system, dispatch=course[2])
    assert calls(messages)[0][0] == "edit_file"
    assert calls(messages)[0][1]["old_str"] == "def add(a, b):\n    return a + b"
    verdict = matrix.judge_turn(ROW["read-first"], messages, 0, before, snapshot(project))
    assert verdict == "math_utils.py was changed before its text was read"


def test_without_read_first_an_ambiguous_blind_edit_fails_then_it_reads(tmp_path):
    from agentcourse.projects.sample import write_config_module

    root = copy_sample_project(tmp_path / "p")
    write_config_module(root)
    system, tools = without(system_prompt(), tools_search(), RULE_PATTERNS["edits-without-reading"])
    messages = run(
        "In config_loader.py, change the default timeout of parse_config from 30 to 60.",
        root,
        tools,
        system=system,
    )
    assert [n for n, _ in calls(messages)] == [
        "edit_file",
        "search_file",
        "read_lines",
        "edit_file",
    ]
    assert "def parse_config(path, timeout=60" in (root / "config_loader.py").read_text()


def test_without_the_delete_rule_it_empties_the_file(course, project):
    system, tools = deficient(course, "deletes-by-emptying")
    before = snapshot(project)
    messages = run(ROW["refuse-delete"].prompt, project, tools, system=system, dispatch=course[2])
    assert (project / "main.py").read_text().strip() == ""
    assert calls(messages)[-1][1]["new_str"] == ""
    verdict = matrix.judge_turn(ROW["refuse-delete"], messages, 0, before, snapshot(project))
    assert verdict and verdict.startswith("main.py changed")
    # a tool-agnostic judge sees the attempt too, even when something stops it
    attempt = outcome_of(messages, 0, before, before)
    assert matrix.destroying_call(attempt) == "edit_file was asked to replace all of main.py with nothing"


def test_the_refusal_explains_and_suggests_alternatives(project):
    messages = run("Delete main.py.", project, tools_read())
    reply = reply_text(messages)
    assert calls(messages) == [] and "can't delete" in reply and "rename" in reply


def test_without_be_concise_it_narrates_the_process(course, project):
    system, tools = deficient(course, "verbose-narration")
    before = snapshot(project)
    messages = run(ROW["read-first"].prompt, project, tools, system=system, dispatch=course[2])
    reply = reply_text(messages)
    assert reply.startswith(("First I read", "First I searched"))  # 04 on: search, then read
    assert ", and finally I edited math_utils.py" in reply
    assert len(re.findall(r"[.!?](\s|$)", reply)) >= 4
    assert messages[1]["content"][0]["type"] == "text"  # it announces each tool call too
    outcome = outcome_of(messages, 0, before, snapshot(project))
    assert matrix.narrated(outcome).startswith("the final reply runs to")
    assert ROW["read-first"].judge(outcome) is None  # the rows do not judge length


def test_with_a_conciseness_rule_the_reply_is_short(course, project):
    system, tools, dispatch = course
    before = snapshot(project)
    messages = run(ROW["create"].prompt, project, tools, system=system, dispatch=dispatch)
    assert matrix.narrated(outcome_of(messages, 0, before, snapshot(project))) is None


def test_without_the_create_example_it_omits_old_str(course, project):
    system, tools = deficient(course, "wrong-argument-format")
    before = snapshot(project)
    messages = run(ROW["create"].prompt, project, tools, system=system, dispatch=course[2])
    assert set(calls(messages)[0][1]) == {"path", "new_str"}
    assert reply_text(messages).startswith("I couldn't create hello.py:")
    verdict = matrix.judge_turn(ROW["create"], messages, 0, before, snapshot(project))
    assert verdict and verdict.startswith("hello.py was not created (a tool answered: Error")


def test_with_an_unlimited_clarification_rule_it_asks_instead_of_acting(course, project):
    system, tools = deficient(course, "asks-when-it-shouldnt")
    before = snapshot(project)
    messages = run(ROW["read-first"].prompt, project, tools, system=system, dispatch=course[2])
    assert calls(messages) == [] and reply_text(messages).endswith("?")
    assert snapshot(project) == before
    verdict = matrix.judge_turn(ROW["read-first"], messages, 0, before, snapshot(project))
    assert verdict == "math_utils.py was not changed: the reply asks a question instead of acting"


def test_the_lectures_own_wording_of_the_ask_rule_triggers_it():
    lecture = (
        "- When in doubt, ask. If a request is ambiguous, ask one clarifying question "
        "before acting."
    )
    missing = brain.missing_rules(
        system_prompt(without=("ask",), extra=lecture), brain.read_tools(tools_read())
    )
    assert missing["asks-when-it-shouldnt"]
    assert not brain.missing_rules(system_prompt(without=("ask",)), brain.read_tools(tools_read()))[
        "asks-when-it-shouldnt"
    ]  # no clarification rule at all: it simply acts


@pytest.mark.parametrize(
    "wording",
    [
        "Always read a file before editing it.",
        "You MUST call read_file before calling edit_file on any existing file.",
        "Never modify a file you haven't read in this session.",
    ],
)
def test_read_first_rule_is_recognised_in_other_words(wording):
    system = system_prompt(without=("read",), extra=f"- {wording}")
    _, tools = without("", tools_read(), RULE_PATTERNS["edits-without-reading"])
    assert not brain.missing_rules(system, brain.read_tools(tools))["edits-without-reading"]


# The same rules in a student's own words, in the system prompt and the tool description.
OWN_WORDS = """You help people change Python code in a single folder.

<guidelines>
- Look at a file's current contents before you change it.
- Keep answers short: one sentence.
- Only ask questions when the request is genuinely unclear.
</guidelines>

<constraints>File deletion is not allowed. If someone asks you to remove a file, decline.</constraints>
"""
LOOK_ALIKES = """You help people change Python code in a single folder.

- Don't bother reading files first.
- Explain every step you take.
- When in doubt, ask.
- Feel free to delete files.
"""


def own_tools(description: str) -> list[dict]:
    tools = tools_read(without=("create", "read"))
    tools[2]["description"] = description
    return tools


@pytest.mark.parametrize("row", [r.name for r in matrix.ROWS])
def test_a_prompt_in_a_students_own_words_passes_the_matrix(project, row):
    tools = own_tools("Swap text in a file. To make a new file, pass an empty old_str.")
    assert not any(brain.missing_rules(OWN_WORDS, brain.read_tools(tools)).values())
    before = snapshot(project)
    messages = run(ROW[row].prompt, project, tools, system=OWN_WORDS)
    assert matrix.judge_turn(ROW[row], messages, 0, before, snapshot(project)) is None


@pytest.mark.parametrize(
    "row, verdict",
    [
        ("create", "hello.py was not created (a tool answered: Error"),
        ("read-first", "math_utils.py was not changed: the reply asks a question"),
        ("refuse-delete", "main.py changed"),
    ],
)
def test_look_alikes_of_the_rules_leave_every_failure_on(project, row, verdict):
    tools = own_tools("Swap text in a file; old_str must not be empty.")
    assert all(brain.missing_rules(LOOK_ALIKES, brain.read_tools(tools)).values())
    before = snapshot(project)
    messages = run(ROW[row].prompt, project, tools, system=LOOK_ALIKES)
    assert matrix.judge_turn(ROW[row], messages, 0, before, snapshot(project)).startswith(
        verdict
    )


def test_a_create_rule_in_the_system_prompt_counts(project):
    system = OWN_WORDS + "\nTo create a file, call edit_file with old_str set to an empty string.\n"
    tools = own_tools("Swap text in a file.")
    before = snapshot(project)
    messages = run(ROW["create"].prompt, project, tools, system=system)
    assert matrix.judge_turn(ROW["create"], messages, 0, before, snapshot(project)) is None
