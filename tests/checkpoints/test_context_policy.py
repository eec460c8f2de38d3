"""context.py (checkpoint 06 on), function by function, on hand-built messages lists:
capping and saved outputs, stubs, compaction, the memory file. Every rewrite must keep
the messages list valid by the API's rules, which hypothesis checks on many shapes."""

from __future__ import annotations

import copy
import dataclasses
import os
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentcourse import paths
from agentcourse.api.protocol import protocol_errors

WITH_CONTEXT = [d.name[:2] for d in paths.checkpoint_dirs() if (d / "context.py").is_file()]


@pytest.fixture(scope="module", params=WITH_CONTEXT)
def ctx(request):
    return paths.load_checkpoint(request.param).context


# ----------------------------------------------------------------------------- builders


def use(id_, name="read_lines", **args):
    return {"type": "tool_use", "id": id_, "name": name, "input": args}


def result(id_, text):
    return {"type": "tool_result", "tool_use_id": id_, "content": text}


def numbered(n, start=1, width=60):
    return "\n".join(f"{i}: " + "x" * width for i in range(start, start + n))


def conversation(sizes, names=None):
    """A valid conversation: a request, then one tool call per step with a result of sizes[k]."""
    names = names or ["read_lines"] * len(sizes)
    messages = [{"role": "user", "content": "Do the task."}]
    for k, (size, name) in enumerate(zip(sizes, names, strict=True)):
        messages.append({"role": "assistant", "content": [use(f"t{k}", name, path=f"f{k}.py")]})
        messages.append({"role": "user", "content": [result(f"t{k}", "y" * size)]})
    return messages


def policy(ctx, **changes):
    return dataclasses.replace(ctx.ContextPolicy(), **changes)


# ----------------------------------------------------------------------------- capping


def test_a_short_result_is_left_alone(ctx):
    assert ctx.shrink("read_lines", {}, "1: a\n2: b", policy(ctx)) == "1: a\n2: b"


def test_a_long_read_is_cut_at_a_line_end_and_says_which_lines_come_next(ctx, project):
    text = numbered(200, width=150)
    got = ctx.shrink("read_lines", {"path": "big.py", "start": 1, "end": 200}, text,
                     policy(ctx, result_max_chars=3000))
    body, notice = got.rsplit("\n", 1)
    assert len(body) <= 3000 and text.startswith(body) and body.endswith("x")
    last = int(body.split("\n")[-1].split(":")[0])
    assert f"Lines {last + 1} to 200 are not shown" in notice
    assert f"start={last + 1}" in notice and f"{len(text) - len(body):,} more characters" in notice


def test_an_output_that_cannot_be_paged_is_saved_whole_and_shown_by_its_head(ctx, project):
    text = "\n".join(f"src/m{i}.py:{i}: match number {i}" for i in range(2000))
    window = ctx.Window()
    got = ctx.shrink("search_file", {"pattern": "match"}, text,
                     policy(ctx, result_max_chars=2000, head_lines=10), window)
    saved = project / ".agent" / "outputs" / "search_file-001.txt"
    assert saved.read_text() == text and window.saved_outputs == 1
    assert got.startswith("src/m0.py:0: match number 0\n") and got.count("\n") == 10
    assert "first 10 of 2,000 lines" in got and ".agent/outputs/search_file-001.txt" in got
    again = ctx.shrink("search_file", {}, text, policy(ctx, result_max_chars=2000))
    assert "search_file-002.txt" in again  # a second output never overwrites the first


def test_capping_can_be_switched_off(ctx):
    text = "z" * 50_000
    assert ctx.shrink("read_lines", {}, text, policy(ctx, result_max_chars=0)) == text


# ----------------------------------------------------------------------------- stubs


def test_no_stubs_while_the_window_is_small(ctx):
    messages = conversation([5000, 5000, 5000])
    before = copy.deepcopy(messages)
    assert ctx.stub_old_results(messages, policy(ctx), ctx.Window(tokens=1000)) == 0
    assert messages == before


def test_old_big_results_become_stubs_and_the_last_steps_stay_whole(ctx):
    messages = conversation([5000, 5000, 5000, 5000])
    window = ctx.Window(tokens=50_000)
    assert ctx.stub_old_results(messages, policy(ctx, keep_recent_steps=2), window) == 2
    contents = [m["content"][0]["content"] for m in messages[2::2]]
    assert [c.startswith(ctx.STUB) for c in contents] == [True, True, False, False]
    assert 'read_lines {"path":"f0.py"} gave 5,000 characters' in contents[0]
    assert "call it again" in contents[0]
    assert window.stubbed == 2 and window.tokens < 50_000  # an estimate until the next call
    assert protocol_errors(messages) == []


def test_small_results_and_protected_tools_are_never_stubbed(ctx):
    messages = conversation([300, 5000, 5000, 5000], ["read_lines", "research", "read_lines", "x"])
    ctx.stub_old_results(messages, policy(ctx, keep_recent_steps=1), ctx.Window(tokens=50_000))
    contents = [m["content"][0]["content"] for m in messages[2::2]]
    assert contents[0] == "y" * 300  # below stub_min_chars
    assert contents[1] == "y" * 5000  # research is in never_stub
    assert contents[2].startswith(ctx.STUB) and contents[3] == "y" * 5000


def test_a_stub_is_never_stubbed_again(ctx):
    messages = conversation([5000, 5000])
    p = policy(ctx, keep_recent_steps=0, stub_min_chars=10)
    ctx.stub_old_results(messages, p, ctx.Window(tokens=50_000))
    once = copy.deepcopy(messages)
    assert ctx.stub_old_results(messages, p, ctx.Window(tokens=50_000)) == 0
    assert messages == once


def test_stubbing_only_touches_tool_results(ctx):
    messages = conversation([5000, 5000, 5000])
    messages[2]["content"].append({"type": "text", "text": "w" * 5000})  # a note after results
    ctx.stub_old_results(messages, policy(ctx, keep_recent_steps=0), ctx.Window(tokens=50_000))
    assert messages[2]["content"][1]["text"] == "w" * 5000
    assert [m["content"] for m in messages if m["role"] == "assistant"] == [
        [use(f"t{k}", "read_lines", path=f"f{k}.py")] for k in range(3)]


# ----------------------------------------------------------------------------- compaction


class Summariser:
    """Stands in for the API in the compaction call: records the request, returns a text."""

    def __init__(self, text="## Decisions\n- None yet.\n## Next step\n- Carry on.", stop="end_turn"):
        self.requests, self.text, self.stop = [], text, stop
        self.messages = self

    def create(self, **request):
        self.requests.append(copy.deepcopy(request))
        usage = SimpleNamespace(input_tokens=100, output_tokens=20, cache_creation_input_tokens=0,
                                cache_read_input_tokens=0)
        return SimpleNamespace(content=[SimpleNamespace(type="text", text=self.text)],
                               stop_reason=self.stop, usage=usage)


def test_compacting_mid_turn_keeps_the_request_words_and_a_valid_list(ctx):
    messages = conversation([100, 100, 100])
    messages[0]["content"] = "Summarise every module\ninto SUMMARY.md."
    tail = messages[-2:]
    client, window = Summariser(), ctx.Window(tokens=9000)
    start, response = ctx.compact(client, messages, 0, window, model="m", system="S",
                                  tools=[{"name": "read_lines"}], policy=policy(ctx))
    assert start == 0 and response is not None and window.compactions == 1 and window.tokens == 0
    first = messages[0]["content"]
    assert first.startswith("Summarise every module\ninto SUMMARY.md.\n\n" + ctx.SUMMARY_HEADER)
    assert client.text in first  # the request's words first, then the summary
    assert messages[1:] == tail and protocol_errors(messages) == []
    asked = client.requests[0]
    assert asked["tool_choice"] == {"type": "none"} and asked["system"] == "S" and asked["tools"]
    assert asked["messages"][-1]["content"][-1] == {"type": "text", "text": ctx.COMPACT_PROMPT}
    assert protocol_errors(asked["messages"]) == []
    assert ctx.request_text(messages[0]["content"]) == "Summarise every module\ninto SUMMARY.md."


def test_compacting_at_a_new_request_summarises_what_came_before_it(ctx):
    messages = conversation([100, 100])
    messages.append({"role": "assistant", "content": [{"type": "text", "text": "Done."}]})
    messages.append({"role": "user", "content": "Next request."})
    client = Summariser()
    start, _ = ctx.compact(client, messages, 6, ctx.Window(), model="m", system="S", tools=[],
                           policy=policy(ctx))
    assert messages[start] == {"role": "user", "content": "Next request."} and start == 2
    assert messages[0]["content"].startswith(ctx.SUMMARY_HEADER)  # the request survives as itself
    assert client.requests[0]["messages"][-1] == {"role": "user", "content": ctx.COMPACT_PROMPT}
    assert protocol_errors(client.requests[0]["messages"]) == [] and protocol_errors(messages) == []


def test_compaction_keeps_the_history_when_the_summary_is_empty(ctx):
    messages = conversation([100, 100, 100])
    before = copy.deepcopy(messages)
    start, response = ctx.compact(Summariser(text=""), messages, 0, ctx.Window(), model="m",
                                  system="S", tools=[], policy=policy(ctx))
    assert messages == before and start == 0 and response is not None


def test_a_summary_cut_off_by_max_tokens_says_so(ctx):
    messages = conversation([100, 100, 100])
    ctx.compact(Summariser(stop="max_tokens"), messages, 0, ctx.Window(), model="m", system="S",
                tools=[], policy=policy(ctx))
    assert messages[0]["content"].endswith("[the summary was cut off at max_tokens]")


def test_too_little_history_is_not_compacted(ctx):
    messages = conversation([100])
    client = Summariser()
    assert ctx.compact(client, messages, 0, ctx.Window(), model="m", system="S", tools=[],
                       policy=policy(ctx)) == (0, None)
    assert client.requests == []


def test_compaction_waits_for_a_boundary_unless_the_window_is_huge(ctx):
    p = policy(ctx, compact_at_tokens=5000, compact_hard_tokens=50_000)
    mid = conversation([100, 100])
    assert ctx.should_compact(mid, p, ctx.Window(tokens=9000)) is None  # not a boundary
    assert "50,000" in ctx.should_compact(mid, p, ctx.Window(tokens=60_000))
    noted = conversation([100, 100], ["read_lines", "save_note"])
    assert "sub-task" in ctx.should_compact(noted, p, ctx.Window(tokens=9000))
    assert ctx.should_compact(noted, p, ctx.Window(tokens=4000)) is None
    asked = [*conversation([100]), {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
             {"role": "user", "content": "Next."}]
    assert ctx.should_compact(asked, p, ctx.Window(tokens=9000))
    assert ctx.should_compact(asked, policy(ctx, compact_at_tokens=0, compact_hard_tokens=0),
                              ctx.Window(tokens=10**6)) is None


# ----------------------------------------------------------------------------- many shapes


@st.composite
def conversations(draw):
    """Valid conversations: several turns, parallel calls, SDK-like blocks, final texts."""
    messages, n = [], 0
    for turn in range(draw(st.integers(1, 3))):
        messages.append({"role": "user", "content": f"Request {turn}."})
        for _ in range(draw(st.integers(0, 5))):
            calls = []
            for _ in range(draw(st.integers(1, 3))):
                name = draw(st.sampled_from(["read_lines", "search_file", "save_note", "research"]))
                calls.append(use(f"toolu_{n}", name, path=f"p{n}.py"))
                n += 1
            text = [{"type": "text", "text": "Thinking."}] if draw(st.booleans()) else []
            messages.append({"role": "assistant", "content": text + calls})
            messages.append({"role": "user", "content": [
                {**result(c["id"], "r" * draw(st.integers(1, 6000))),
                 **({"is_error": True} if draw(st.booleans()) else {})} for c in calls]})
        if turn < 2:
            messages.append({"role": "assistant", "content": [{"type": "text", "text": "Answer."}]})
    return messages


SHAPES = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SHAPES
@given(messages=conversations(), keep=st.integers(0, 4), min_chars=st.integers(0, 3000))
def test_stubbing_keeps_every_shape_valid(ctx, messages, keep, min_chars):
    assert protocol_errors(messages) == []
    before = copy.deepcopy(messages)
    p = policy(ctx, keep_recent_steps=keep, stub_min_chars=min_chars)
    ctx.stub_old_results(messages, p, ctx.Window(tokens=10**6))
    assert protocol_errors(messages) == []
    steps = [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], list)]
    recent = set(steps[len(steps) - keep:]) if keep else set()
    for i, (old, new) in enumerate(zip(before, messages, strict=True)):
        if old["role"] == "assistant" or i in recent or isinstance(old["content"], str):
            assert new == old
            continue
        for a, b in zip(old["content"], new["content"], strict=True):
            assert b["tool_use_id"] == a["tool_use_id"] and len(b["content"]) <= len(a["content"])


@SHAPES
@given(messages=conversations(), data=st.data())
def test_compaction_keeps_every_shape_valid(ctx, messages, data):
    if messages[-1]["role"] == "assistant":
        messages.append({"role": "user", "content": "One more request."})
    starts = [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], str)]
    turn_start = starts[-1] if messages[-1]["content"] == "One more request." or data.draw(
        st.booleans()) else data.draw(st.sampled_from(starts))
    request = messages[turn_start]["content"]
    client = Summariser()
    start, response = ctx.compact(client, messages, turn_start, ctx.Window(), model="m",
                                  system="S", tools=[], policy=policy(ctx))
    assert protocol_errors(messages) == []
    if response is None:
        return
    assert protocol_errors(client.requests[0]["messages"]) == []
    assert ctx.SUMMARY_HEADER in messages[0]["content"]
    assert ctx.request_text(messages[start]["content"]) == request


# ----------------------------------------------------------------------------- memory


def test_notes_are_appended_one_line_each_and_the_oldest_go_first(ctx, project):
    p = policy(ctx, memory_max_lines=3)
    assert ctx.save_note("first\nfinding", p) == "Saved to NOTES.md (1 lines)"
    for k in range(2, 5):
        ctx.save_note(f"note {k}", p)
    assert (project / "NOTES.md").read_text() == "- note 2\n- note 3\n- note 4\n"
    assert "oldest 1 dropped" in ctx.save_note("note 5", p)
    assert ctx.memory_section(p).endswith("- note 3\n- note 4\n- note 5")
    with pytest.raises(ValueError):
        ctx.save_note("   ", p)


def test_no_memory_file_means_no_memory_section(ctx, project):
    assert ctx.memory_section(policy(ctx)) == ""
    (project / "NOTES.md").write_bytes(b"\xff\xfe not utf-8")
    assert ctx.memory_section(policy(ctx)) == ""


def test_a_memory_file_that_leads_outside_the_project_is_ignored(ctx, project, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("- private\n")
    os.symlink(secret, project / "NOTES.md")
    assert ctx.memory_section(policy(ctx)) == ""
    with pytest.raises(ValueError, match="outside the project"):
        ctx.save_note("x", policy(ctx))
    assert secret.read_text() == "- private\n"


# ----------------------------------------------------------------------------- every limit's edge
# Each threshold is pinned on both sides of its boundary: a limit that is "at most N" keeps N.


def test_an_output_exactly_at_the_limit_is_left_whole(ctx, project):  # a wrong cut saves there
    assert ctx.shrink("search_file", {}, "z" * 500, policy(ctx, result_max_chars=500)) == "z" * 500


@pytest.mark.parametrize(("width", "kept"), [(166, 3), (100, 4), (250, 1)])
def test_the_head_of_a_saved_output_fills_half_the_limit_newlines_included(ctx, project, width, kept):
    # 3 lines of 166 + 2 newlines are exactly 500 = half the limit: kept; a 4th would pass it.
    # 4 lines of 100 + 4 newlines are 404, a 5th ends at 504: not kept. 250 + 1 + 250 is 501.
    text = "\n".join(f"{k:03d}" + "w" * (width - 3) for k in range(40))
    got = ctx.shrink("search_file", {}, text, policy(ctx, result_max_chars=1000, head_lines=10))
    assert got.split("\n[cut:")[0] == "\n".join(text.split("\n")[:kept])
    assert f"this is the first {kept} of 40 lines" in got


def test_a_cut_that_cannot_be_saved_says_how_much_is_missing(ctx, project):
    text = "\n".join("v" * 99 for _ in range(30))  # 2,999 characters, not a paged read
    got = ctx.shrink("search_file", {}, text, policy(ctx, result_max_chars=1000,
                                                      scratch_dir="../elsewhere"))
    body = "\n".join(["v" * 99] * 10)  # the whole lines within the first 1,000 characters
    assert got == f"{body}\n[cut: {len(text) - len(body):,} more characters not shown " \
                  "(../elsewhere is outside the project)]"
    assert not (project.parent / "elsewhere").exists()


def test_a_stub_shows_an_input_of_80_characters_whole_and_cuts_a_longer_one_to_80(ctx):
    for size, shown in ((80, None), (81, 80)):
        tool_input = {"path": "p" * (size - len('{"path":""}'))}
        text = ctx.stub("read_lines", tool_input, "y" * 1234)
        as_json = '{"path":"' + tool_input["path"] + '"}'
        assert len(as_json) == size
        expected = as_json if shown is None else as_json[:79] + "…"
        assert text == (f"{ctx.STUB}read_lines {expected} gave 1,234 characters, removed; "
                        "call it again to see them]")


def test_stubbing_starts_only_above_the_threshold_and_takes_results_of_the_minimum_size(ctx):
    p = policy(ctx, stub_at_tokens=6000, keep_recent_steps=0, stub_min_chars=1000)
    messages = conversation([1000, 999])
    assert ctx.stub_old_results(messages, p, ctx.Window(tokens=6000)) == 0  # at it: not above
    window = ctx.Window(tokens=6001)
    assert ctx.stub_old_results(messages, p, window) == 1  # 1,000 characters: stubbed; 999: not
    stubbed = messages[2]["content"][0]["content"]
    assert stubbed.startswith(ctx.STUB) and messages[4]["content"][0]["content"] == "y" * 999
    saved = 1000 - len(stubbed)
    assert window.tokens == 6001 - saved // 4 and isinstance(window.tokens, int)  # in tokens
    for size in range(1000, 1004):  # each remainder of the division by 4, 0 included
        window = ctx.Window(tokens=6001)
        ctx.stub_old_results(conversation([size]), p, window)
        assert window.tokens == 6001 - (size - len(ctx.stub("read_lines", {"path": "f0.py"},
                                                             "y" * size))) // 4


def test_a_result_no_longer_than_its_stub_is_left_as_it_is(ctx):
    p = policy(ctx, keep_recent_steps=0, stub_min_chars=0)
    same = next(n for n in range(20, 200)
                if len(ctx.stub("read_lines", {"path": "f0.py"}, "y" * n)) == n)
    messages = conversation([same])
    assert ctx.stub_old_results(messages, p, ctx.Window(tokens=10**6)) == 0
    assert messages[2]["content"][0]["content"] == "y" * same
    messages = conversation([same + 1])
    assert ctx.stub_old_results(messages, p, ctx.Window(tokens=10**6)) == 1


def test_a_first_message_of_blocks_is_no_boundary(ctx):
    only = [{"role": "user", "content": [{"type": "text", "text": "Hello."}]}]
    assert ctx.at_boundary(only, policy(ctx)) is False


def test_compaction_starts_only_above_each_threshold(ctx):
    p = policy(ctx, compact_at_tokens=5000, compact_hard_tokens=50_000)
    mid = conversation([100, 100])
    assert ctx.should_compact(mid, p, ctx.Window(tokens=50_000)) is None  # at the hard limit
    assert ctx.should_compact(mid, p, ctx.Window(tokens=50_001))
    noted = conversation([100, 100], ["read_lines", "save_note"])
    assert ctx.should_compact(noted, p, ctx.Window(tokens=5000)) is None  # at the soft limit
    assert ctx.should_compact(noted, p, ctx.Window(tokens=5001))


def test_the_words_of_a_request_are_its_text_blocks_only(ctx):
    content = [result("t1", "the output of a tool"), {"type": "text", "text": "Now fix the bug."}]
    assert ctx.request_text(content) == "Now fix the bug."


def test_a_stub_shows_its_input_as_written_not_escaped(ctx):
    assert '{"path":"café.py"} gave 5 characters' in ctx.stub("read_lines", {"path": "café.py"}, "y" * 5)


def test_only_a_read_lines_result_is_paged_other_numbered_output_is_saved(ctx, project):
    text = numbered(200, width=150)  # "1: xxx...", as bash's cat -n or grep -n could print
    got = ctx.shrink("bash", {"command": "cat -n big.py"}, text, policy(ctx, result_max_chars=3000))
    assert "whole output is saved in .agent/outputs/bash-001.txt" in got and "start=" not in got


def test_the_head_stops_at_the_first_line_that_does_not_fit(ctx, project):
    lines = ["a" * 100] * 3 + ["b" * 400] + ["c" * 5] * 300  # the short lines come too late
    got = ctx.shrink("search_file", {}, "\n".join(lines), policy(ctx, result_max_chars=1000))
    assert got.split("\n[cut:")[0] == "\n".join(lines[:3])


def test_each_result_of_a_parallel_step_is_judged_on_its_own(ctx):
    calls = [use("t1", "read_lines"), use("t2", "research"), use("t3", "read_lines"),
             use("t4", "read_lines")]
    messages = [{"role": "user", "content": "Do the task."},
                {"role": "assistant", "content": calls},
                {"role": "user", "content": [
                    result("t1", "y" * 10),  # too small to stub
                    result("t2", "y" * 5000),  # research: never stubbed
                    {"type": "tool_result", "tool_use_id": "t3",
                     "content": [{"type": "text", "text": "y" * 5000}]},  # blocks: left alone
                    result("t4", "y" * 5000)]},  # stubbed
                {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}]
    before = copy.deepcopy(messages)
    p = policy(ctx, keep_recent_steps=0)
    assert ctx.stub_old_results(messages, p, ctx.Window(tokens=50_000)) == 1
    results = messages[2]["content"]
    assert results[:3] == before[2]["content"][:3] and results[3]["content"].startswith(ctx.STUB)


def test_a_sibling_folder_whose_name_starts_with_the_projects_is_outside(ctx, project):
    evil = project.parent / (project.name + "-evil")
    evil.mkdir()
    (evil / "NOTES.md").write_text("- the neighbour's secret\n")
    p = policy(ctx, memory_file=f"../{evil.name}/NOTES.md", scratch_dir=f"../{evil.name}/out")
    assert ctx.memory_section(p) == ""
    with pytest.raises(ValueError, match="outside the project"):
        ctx.save_note("x", p)
    with pytest.raises(OSError, match="outside the project"):
        ctx.save_output("bash", "y" * 10, p)
    assert (evil / "NOTES.md").read_text() == "- the neighbour's secret\n" and not (evil / "out").exists()


def test_more_recent_steps_to_keep_than_there_are_steps_stubs_nothing(ctx):
    messages = conversation([5000, 5000])
    assert ctx.stub_old_results(messages, policy(ctx, keep_recent_steps=5),
                                ctx.Window(tokens=50_000)) == 0


def test_a_note_saved_just_before_the_results_is_a_boundary_in_a_short_list(ctx):
    messages = [{"role": "assistant", "content": [use("t1", "save_note", note="x")]},
                {"role": "user", "content": [result("t1", "Saved")]}]
    assert ctx.at_boundary(messages, policy(ctx)) is True


def test_no_compaction_while_the_last_message_is_the_models(ctx):
    messages = conversation([100, 100, 100])
    messages.append({"role": "assistant", "content": [{"type": "text", "text": "Done."}]})
    client = Summariser()
    assert ctx.compact(client, messages, 0, ctx.Window(), model="m", system="S", tools=[],
                       policy=policy(ctx)) == (0, None)
    assert client.requests == []


def test_a_notes_indentation_is_kept(ctx, project):
    (project / "NOTES.md").write_text("- top\n  - indented detail\n")
    assert ctx.memory_section(policy(ctx)).endswith("- top\n  - indented detail")


def test_a_memory_file_that_cannot_be_replaced_leaves_no_temporary_file(ctx, project):
    (project / "NOTES.md").mkdir()  # a folder: the final rename fails
    with pytest.raises(OSError):
        ctx.save_note("x", policy(ctx))
    assert not [p for p in project.rglob(".tmp-*")]


# ----------------------------------------------------------------------------- manage: the step


def test_manage_stubs_then_compacts_and_says_each(ctx, capsys):
    p = policy(ctx, stub_at_tokens=100, compact_at_tokens=100, compact_hard_tokens=0)
    messages = conversation([3000, 3000, 3000])
    messages.append({"role": "assistant", "content": [{"type": "text", "text": "Done."}]})
    messages.append({"role": "user", "content": "Next request."})
    client, window = Summariser(), ctx.Window(tokens=9000)
    start, response = ctx.manage(client, messages, 8, window, p, model="m", system="S", tools=[])
    out = capsys.readouterr().out
    assert "old tool result(s) replaced by stubs" in out and "history compacted" in out
    assert response is not None and len(client.requests) == 1 and window.compactions == 1
    assert messages[start] == {"role": "user", "content": "Next request."}


def test_manage_does_nothing_and_says_nothing_when_nothing_is_due(ctx, capsys):
    messages = conversation([100, 100])
    before, client = copy.deepcopy(messages), Summariser()
    assert ctx.manage(client, messages, 0, ctx.Window(tokens=10), policy(ctx), model="m",
                      system="S", tools=[]) == (0, None)
    assert messages == before and client.requests == [] and capsys.readouterr().out == ""


def test_manage_says_nothing_of_a_compaction_that_made_no_call(ctx, capsys):
    messages = conversation([100])  # too little history: compact returns without a call
    p = policy(ctx, stub_at_tokens=10**9, compact_hard_tokens=50)
    start, response = ctx.manage(Summariser(), messages, 0, ctx.Window(tokens=100), p,
                                 model="m", system="S", tools=[])
    assert (start, response) == (0, None) and "compacted" not in capsys.readouterr().out
