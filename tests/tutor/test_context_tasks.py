"""The tutor's context-engineering tasks (agentcourse/tutor/act/context_tasks.py, research.py,
compaction.py): the long module summary with and without a memory tool, research with and
without a research tool, and summaries of the conversation computed from the real history."""

from __future__ import annotations

import copy
import re

import pytest
from tutor_sim import TOOLS_EDITOR, Executor, _schema, request, run, tools_read, tools_search

from agentcourse.api.blocks import assistant, text, tool_result, tool_use, user
from agentcourse.api.protocol import protocol_errors
from agentcourse.projects import longtask
from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor.act import brain, context_tasks, research
from agentcourse.tutor.understand import tasks

NOTE = _schema("save_note", "Append one line to NOTES.md, your memory file.", note="One line.")
RESEARCH = _schema("research", "Delegate a narrow question to a research sub-agent.",
                   question="The question.")
COMPACT = "Summarise the conversation so far for whoever continues the work."


@pytest.fixture
def root(tmp_path):
    root = copy_sample_project(tmp_path / "project")
    longtask.write_package(root, modules=5)
    return root


class World(Executor):
    """The tutor_sim tools plus a memory tool and a research tool (a nested tutor run)."""

    def __init__(self, root):
        super().__init__(root)
        self.notes: list[str] = []

    def t_search_file(self, pattern: str, path: str) -> str:
        """As the course's search_file: a folder is searched file by file, hidden ones skipped."""
        base = self._path(path)
        files = sorted(p for p in base.rglob("*") if p.is_file() and not any(
            part.startswith(".") for part in p.relative_to(self.root).parts)) if base.is_dir() else [base]
        hits = [f"{f.relative_to(self.root)}:{i}: {line}" for f in files
                for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(pattern, line)]
        return "\n".join(hits) or f"No lines match {pattern!r} in {path}"

    def t_save_note(self, note: str) -> str:
        self.notes.append(note)
        return f"Saved to NOTES.md ({len(self.notes)} lines)"

    def t_research(self, question: str) -> str:
        inner = run(question, self.root, tools_search()[1:3], dispatch=self.run)  # search, read_lines
        return inner[-1]["content"][0]["text"]


def tool_calls(messages):
    return [[b["name"] for b in m["content"] if b["type"] == "tool_use"]
            for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)]


# ----------------------------------------------------------------------------- module summary


@pytest.mark.parametrize("tools", [tools_search(), tools_read(), TOOLS_EDITOR],
                         ids=["search", "read", "editor"])
def test_every_module_is_read_once_and_summarised_correctly(root, tools):
    messages = run(longtask.TASK, root, tools, dispatch=World(root).run)
    assert longtask.summary_problems(root) == []
    assert messages[-1]["content"][0]["text"].startswith("Done — wrote SUMMARY.md")
    reads = [c for calls in tool_calls(messages) for c in calls if c != "list_files"]
    assert len(reads) == 5 + 1 + (1 if tools is TOOLS_EDITOR else 0)  # reads, create (and ls)


def test_with_a_memory_tool_each_module_is_noted_with_the_next_read(root):
    world = World(root)
    messages = run(longtask.TASK, root, [*tools_search(), NOTE], dispatch=world.run)
    assert longtask.summary_problems(root) == []
    assert len(world.notes) == 5 and all(n.startswith("inventory/") for n in world.notes)
    calls = tool_calls(messages)
    assert calls[1] == ["read_lines"]  # the first module: nothing to note yet
    assert calls[2] == ["save_note", "read_lines"]  # the note of one, the read of the next
    assert calls[-2] == ["save_note", "edit_file"]
    funcs = longtask.public_functions((root / "inventory" / "stock.py").read_text())
    stock = next(n for n in world.notes if n.startswith("inventory/stock.py"))
    assert all(f in stock for f in funcs)


def test_without_parallel_calls_the_note_comes_first(root):
    messages = run(longtask.TASK, root, [*tools_search(), NOTE], dispatch=World(root).run,
                   tool_choice={"type": "auto", "disable_parallel_tool_use": True})
    assert all(len(calls) == 1 for calls in tool_calls(messages)[:-1])
    assert longtask.summary_problems(root) == []


def _stubbed(messages):
    """The messages with every result but the last replaced by a stub, as checkpoint 06 does."""
    out = copy.deepcopy(messages)
    for m in out[:-1]:
        for b in m["content"] if m["role"] == "user" and isinstance(m["content"], list) else []:
            if b.get("type") == "tool_result" and len(b["content"]) > 200:
                b["content"] = "[stub: read_lines gave 9,000 characters, removed; call it again]"
    return out


def test_a_stubbed_read_that_was_never_noted_is_read_again(root):
    messages = run(longtask.TASK, root, tools_search(), dispatch=World(root).run)
    reply = brain.respond(request(_stubbed(messages[:-2]), tools_search()))
    assert reply.stop_reason == "tool_use"
    assert reply.content[0]["name"] == "read_lines"  # no note: the stub cost a re-read


def test_a_fact_in_memory_saves_the_read(root):
    stock = (root / "inventory" / "stock.py").read_text()
    line = context_tasks.module_line("inventory/stock.py", stock)
    system = f"You are a coding assistant.\n\n## Memory (NOTES.md)\n- {line}"
    messages = run(longtask.TASK, root, [*tools_search(), NOTE], system=system,
                   dispatch=World(root).run)
    read = [b["input"]["path"] for m in messages if m["role"] == "assistant" for b in m["content"]
            if b["type"] == "tool_use" and b["name"] == "read_lines"]
    assert "inventory/stock.py" not in read and len(read) == 4
    assert longtask.summary_problems(root) == []


def test_a_summary_file_that_exists_is_replaced_after_reading_it(root):
    (root / "SUMMARY.md").write_text("old\n")
    run(longtask.TASK, root, tools_search(), dispatch=World(root).run)
    assert longtask.summary_problems(root) == []


def test_without_the_package_the_task_says_how_to_get_it(tmp_path):
    """The sample project has no inventory folder: one listing, then the way to add it."""
    root = copy_sample_project(tmp_path / "project")
    messages = run(longtask.TASK, root, tools_search(), dispatch=World(root).run)
    assert tool_calls(messages) == [["list_files"], []]
    reply = messages[-1]["content"][0]["text"]
    assert reply.startswith("There is no inventory folder in this project, so I wrote no SUMMARY.md.")
    assert "--with-inventory" in reply
    assert not (root / "SUMMARY.md").exists()


def test_a_note_holds_the_users_words_never_a_placeholder(root):
    world = World(root)
    messages = run("Remember that the tests use pytest.", root, [*tools_search(), NOTE],
                   dispatch=world.run)
    assert world.notes == ["the tests use pytest."]
    assert messages[-1]["content"][0]["text"] == "Noted: \u201cthe tests use pytest.\u201d"


@pytest.mark.parametrize("request_text", [
    "What does the note in NOTES.md say about tests?", "Add a note field to the User class.",
    "Show me my notes.", "Take notes as you go and fix the bug in main.py."])
def test_a_request_that_mentions_notes_writes_no_note(root, request_text):
    """Any request with "note" in it used to call save_note with "(offline tutor) note"."""
    world = World(root)
    run(request_text, root, [*tools_search(), NOTE], dispatch=world.run)
    assert world.notes == []


def test_without_a_memory_tool_nothing_is_noted(root):
    messages = run("Remember that the tests use pytest.", root, tools_search(), dispatch=World(root).run)
    assert tool_calls(messages) == [[]]
    assert "I need a tool to keep notes" in messages[-1]["content"][0]["text"]


# ----------------------------------------------------------------------------- research


QUESTION = "Where is slugify defined, and where is it used?"


def test_without_a_research_tool_the_tutor_searches_reads_and_cites(root):
    messages = run(QUESTION, root, tools_search(), dispatch=World(root).run)
    assert tool_calls(messages) == [["search_file"], ["read_lines"], []]
    answer = messages[-1]["content"][0]["text"]
    assert re.search(r"defined at utils\.py:1\b", answer)
    assert "tests.py:1" in answer and "tests.py:5" in answer


def test_with_a_research_tool_the_question_is_delegated_and_the_answer_returned(root):
    messages = run(QUESTION, root, [*tools_search(), RESEARCH], dispatch=World(root).run)
    assert tool_calls(messages) == [["research"], []]
    assert messages[1]["content"][0]["input"] == {"question": QUESTION}
    assert "utils.py:1" in messages[-1]["content"][0]["text"]


def test_without_a_search_tool_the_tutor_reads_the_files_and_cites(root):
    """Checkpoint 03's tools (list, read, edit) can answer the question: list, read, cite."""
    messages = run(QUESTION, root, tools_read(), dispatch=World(root).run)
    assert tool_calls(messages)[0] == ["list_files"]
    assert set(tool_calls(messages)[1]) == {"read_file"} and tool_calls(messages)[-1] == []
    answer = messages[-1]["content"][0]["text"]
    assert "I need a tool" not in answer
    assert re.search(r"defined at utils\.py:1\b", answer)
    assert "tests.py:1" in answer and "tests.py:5" in answer
    assert "I did not look inside inventory/" in answer  # says what it did not read


def test_mentions_that_are_not_uses_are_not_cited_as_uses(root):
    """Notes, a summary file and the function's own messages mention a name; none uses it."""
    (root / "tests.py").write_text("def test_nothing():\n    pass\n")
    (root / "NOTES.md").write_text("- utils.py: defines slugify(text)\n")
    (root / "SUMMARY.md").write_text("- utils.py: slugify joins words with hyphens\n")
    (root / "utils.py").write_text(
        'def slugify(text):\n    """Lower-case text; slugify("A b") is "a-b"."""\n'
        '    if not text:\n        raise ValueError("slugify needs text")  # slugify\n'
        '    return "-".join(text.lower().split())\n')
    answer = run(QUESTION, root, tools_search(), dispatch=World(root).run)[-1]["content"][0]["text"]
    assert "defined at utils.py:1" in answer
    assert "Nothing in the project's code uses it." in answer
    assert "It is used" not in answer
    assert "NOTES.md:1" in answer and "not uses" in answer


@pytest.mark.parametrize(("question", "name"), [
    ("Where is slugify defined?", "slugify"),
    ("Which files call parse_config?", "parse_config"),
    ("Who calls `main`, and from where?", "main"),
    ("Where are load_stock_levels and save_stock_levels used?", "load_stock_levels"),
])
def test_the_name_asked_about_is_found(question, name):
    assert research.question_name(question) == name


def test_a_name_nobody_mentions_is_said_so(root):
    messages = run("Where is frobnicate defined?", root, tools_search(), dispatch=World(root).run)
    assert "no mention of `frobnicate`" in messages[-1]["content"][0]["text"]


# ----------------------------------------------------------------------------- compaction


def _history(root, tools):
    """A real, unfinished task: three modules read (one noted), a failed read, then the
    summarise instruction after the last results."""
    world = World(root)
    messages = run(longtask.TASK, root, tools, dispatch=world.run)
    cut = next(i for i, m in enumerate(messages) if m["role"] == "user" and i > 6)
    history = messages[: cut + 1]
    history[-1] = user([*history[-1]["content"], text(COMPACT)])
    return history


def test_the_summary_has_the_five_headings_and_what_really_happened(root):
    history = _history(root, [*tools_search(), NOTE])
    reply = brain.respond(request(history, [*tools_search(), NOTE],
                                  tool_choice={"type": "none"}))
    assert reply.stop_reason == "end_turn"
    summary = reply.content[0]["text"]
    headings = re.findall(r"^## (.+)$", summary, re.M)
    assert headings == ["Decisions", "Paths", "Facts", "Open questions", "Next step"]
    assert "- listing of inventory: __init__.py, orders.py, pricing.py, shipping.py" in summary
    assert "- inventory/orders.py (read)" in summary
    assert "- noted: inventory/orders.py: Accept, validate and fulfil customer orders; defines" in summary
    # the next step is what the tutor itself does next without the instruction
    plain = copy.deepcopy(history)
    plain[-1]["content"] = plain[-1]["content"][:-1]
    nxt = brain.respond(request(plain, [*tools_search(), NOTE]))
    first = nxt.content[0]
    assert f"Call {first['name']}(" in summary.split("## Next step")[1]


def test_a_failed_step_is_an_open_question_until_it_succeeds(root):
    history = [user(QUESTION), assistant([tool_use("t1", "read_lines",
                                                   {"path": "gone.py", "start": 1, "end": 9})]),
               user([tool_result("t1", "Error: gone.py does not exist", True), text(COMPACT)])]
    summary = brain.respond(request(history, tools_search())).content[0]["text"]
    assert "- read_lines on gone.py failed: gone.py does not exist" in summary


def test_nothing_to_summarise_at_the_start(root):
    reply = brain.respond(request([user(COMPACT)], tools_search()))
    assert "nothing to summarise" in reply.content[0]["text"]


def test_a_task_goes_on_from_its_summary(root):
    """Replace the history by its summary (as checkpoint 06 does) and finish the task."""
    tools = [*tools_search(), NOTE]
    history = _history(root, tools)
    summary = brain.respond(request(history, tools)).content[0]["text"]
    compacted = [user(f"{longtask.TASK}\n\n[Compacted context]\n\n{summary}"), *history[-2:]]
    compacted[-1] = user(compacted[-1]["content"][:-1])  # without the instruction
    assert protocol_errors(compacted) == []
    messages = compacted
    world = World(root)
    for _ in range(30):
        reply = brain.respond(request(copy.deepcopy(messages), tools))
        messages.append(assistant(reply.content))
        if reply.stop_reason != "tool_use":
            break
        messages.append(user([tool_result(b["id"], world.run(b["name"], b["input"]))
                              for b in reply.content if b["type"] == "tool_use"]))
    assert longtask.summary_problems(root) == []
    read = [b["input"]["path"] for m in messages[3:] if m["role"] == "assistant"
            for b in m["content"] if b["type"] == "tool_use" and b["name"] == "read_lines"]
    assert "inventory/orders.py" not in read  # known from the summary's facts


# ----------------------------------------------------------------------------- patterns


def test_the_new_tasks_steal_no_other_tasks_prompt():
    for task in tasks.TASKS:
        first = next(t for t in tasks.TASKS if t.match(task.example))
        assert first.name == task.name, f"{task.example!r} goes to {first.name}"


@pytest.mark.parametrize("prompt", [
    COMPACT,
    "Summarize the conversation so far for an engineer who will continue the task.",
    "Please condense the transcript above into notes.",
    "Tool results are above.\nCompact this conversation: decisions, paths, next step.",
])
def test_summarise_instructions_are_recognised(prompt):
    assert next(t for t in tasks.TASKS if t.match(prompt)).name == "compact"


def test_a_summary_as_the_current_request_is_not_taken_for_an_instruction():
    header = "[Compacted context: what came before this point, summarised by the model.]"
    text_ = f"{longtask.TASK}\n\n{header}\n\n## Facts"
    assert next(t for t in tasks.TASKS if t.match(text_)).name == "module-summary"


def test_a_skill_tool_is_never_taken_for_the_research_tool(root):
    """Claude Code's Skill takes a skill's name ("some skills run in a subagent"): the tutor
    searches itself rather than call it with the question."""
    skill = _schema("Skill", "Invoke a skill. Some skills instead run in a subagent and return the result.",
                    skill="The skill's exact name.")
    messages = run(QUESTION, root, [skill, *tools_search()], dispatch=World(root).run)
    assert tool_calls(messages)[0] == ["search_file"]
    assert "utils.py:1" in messages[-1]["content"][0]["text"]
