"""The token estimate and the prompt-cache simulation, checked directly."""

from __future__ import annotations

import pytest

from agentcourse.tutor.speak import tokens
from agentcourse.tutor.speak.tokens import PromptCache


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _request(system_text: str, cached: bool = True, question: str = "hi", ttl: str | None = None) -> dict:
    block: dict = {"type": "text", "text": system_text}
    if cached:
        block["cache_control"] = {"type": "ephemeral", **({"ttl": ttl} if ttl else {})}
    return {
        "model": "claude-sonnet-4-6",
        "max_tokens": 100,
        "system": [block],
        "messages": [{"role": "user", "content": question}],
    }


def test_text_costs_one_token_per_four_characters_rounded_up():
    assert tokens.count_text("") == 0
    assert tokens.count_text("abcd") == 1
    assert tokens.count_text("abcde") == 2


def test_cache_control_never_changes_the_count():
    assert tokens.input_tokens(_request("x" * 400, cached=True)) == tokens.input_tokens(
        _request("x" * 400, cached=False)
    )


def test_tools_add_the_fixed_tool_overhead():
    bare = {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": "hi"}]}
    tool = {"name": "t", "input_schema": {"type": "object"}}
    with_tool = {**bare, "tools": [tool]}
    tool_cost = tokens.count_text(tokens.canonical(tool))
    assert tokens.input_tokens(with_tool) - tokens.input_tokens(bare) == 497 + tool_cost
    # tool_choice none with no tools adds nothing ("a tool choice of none uses 0 ...")
    assert tokens.input_tokens({**bare, "tool_choice": {"type": "none"}}) == tokens.input_tokens(bare)


@pytest.mark.parametrize("model, auto, forced", [
    ("claude-sonnet-4-6", 497, 589), ("claude-opus-4-6", 497, 589), ("claude-opus-4-8", 290, 410),
    ("claude-opus-4-7", 675, 804), ("claude-opus-4-5-20251101", 496, 588), ("claude-opus-4-5", 496, 588),
    ("claude-haiku-4-5-20251001", 496, 588), ("claude-sonnet-4-5", 496, 588), ("claude-sonnet-5", 354, 474),
    ("claude-opus-4-1", 313, 315), ("claude-sonnet-4-20250514", 313, 315), ("claude-3-5-haiku-20241022", 264, 355),
    ("claude-sonnet-5-5", 497, 589),  # not in the docs' table: the course model's figures
])
def test_the_tool_use_prompt_follows_the_documented_table(model, auto, forced):
    assert (tokens.tool_prompt_tokens(model), tokens.tool_prompt_tokens(model, forced=True)) == (auto, forced)


def test_string_and_block_content_cost_the_same():
    as_string = {"model": "m", "messages": [{"role": "user", "content": "hello there"}]}
    as_block = {"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "text": "hello there"}]}]}
    assert tokens.input_tokens(as_string) == tokens.input_tokens(as_block)


def test_estimate_grows_with_the_conversation():
    short = _request("system", cached=False)
    longer = _request("system", cached=False)
    longer["messages"] += [
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "Now the rest."},
    ]
    assert tokens.input_tokens(longer) > tokens.input_tokens(short)


def test_tool_use_output_is_counted_from_name_and_input():
    block = {"type": "tool_use", "id": "x", "name": "read_file", "input": {"filename": "a.py"}}
    expected = tokens.count_text('{"input":{"filename":"a.py"},"name":"read_file"}')
    assert tokens.output_tokens(block) == expected


def test_minimum_cacheable_length_follows_the_model_family():
    assert tokens.min_cacheable_tokens("claude-sonnet-4-6") == 1024
    assert tokens.min_cacheable_tokens("claude-haiku-4-5") == 4096
    assert tokens.min_cacheable_tokens("claude-opus-4-5-20251101") == 4096
    assert tokens.min_cacheable_tokens("claude-opus-4-7") == 4096
    assert tokens.min_cacheable_tokens("claude-opus-4-8") == 1024
    # a model the docs give no minimum for: the largest documented one, never a false hit
    assert tokens.min_cacheable_tokens("claude-fable-5-2") == tokens.UNKNOWN_MIN_CACHEABLE == 4096
    # the 5.5 models: 512, their rows in model_table.py (each model's "What's new" page)
    assert tokens.min_cacheable_tokens("claude-sonnet-5-5") == tokens.min_cacheable_tokens("claude-opus-5-5") == 512


def test_first_call_writes_and_second_call_reads():
    cache = PromptCache(clock=FakeClock())
    request = _request("x" * 8000)
    total = tokens.input_tokens(request)
    first = cache.account(request)
    assert first.cache_creation_input_tokens > 1024 and first.cache_read_input_tokens == 0
    second = cache.account(request)
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens
    assert second.cache_creation_input_tokens == 0
    for usage in (first, second):
        assert usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens == total


def test_a_different_question_after_the_breakpoint_still_hits():
    cache = PromptCache(clock=FakeClock())
    first = cache.account(_request("x" * 8000, question="one"))
    second = cache.account(_request("x" * 8000, question="two, longer"))
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens


def test_a_changed_prefix_misses():
    cache = PromptCache(clock=FakeClock())
    cache.account(_request("x" * 8000))
    assert cache.account(_request("y" * 8000)).cache_read_input_tokens == 0


def test_prefix_below_the_minimum_is_not_cached():
    cache = PromptCache(clock=FakeClock())
    for _ in range(2):
        usage = cache.account(_request("x" * 2000))  # about 500 tokens
        assert usage.cache_creation_input_tokens == 0 and usage.cache_read_input_tokens == 0


def test_no_breakpoint_means_no_caching():
    cache = PromptCache(clock=FakeClock())
    cache.account(_request("x" * 8000, cached=False))
    assert cache.account(_request("x" * 8000, cached=False)).cache_read_input_tokens == 0


def test_entry_expires_after_five_minutes_and_a_hit_refreshes_it():
    clock = FakeClock()
    cache = PromptCache(clock=clock)
    request = _request("x" * 8000)
    cache.account(request)
    clock.now += 299
    assert cache.account(request).cache_read_input_tokens > 0  # hit: lifetime restarts
    clock.now += 299
    assert cache.account(request).cache_read_input_tokens > 0
    clock.now += 301
    expired = cache.account(request)
    assert expired.cache_read_input_tokens == 0 and expired.cache_creation_input_tokens > 0


def test_one_hour_ttl_outlives_five_minutes():
    clock = FakeClock()
    cache = PromptCache(clock=clock)
    request = _request("x" * 8000, ttl="1h")
    written = cache.account(request)
    assert written.ephemeral_1h_input_tokens == written.cache_creation_input_tokens
    clock.now += 3000
    assert cache.account(request).cache_read_input_tokens > 0


def test_later_breakpoint_reads_the_earlier_one_and_writes_the_rest():
    cache = PromptCache(clock=FakeClock())
    first = _request("x" * 8000)
    cache.account(first)
    second = _request("x" * 8000)
    second["messages"] = [
        {
            "role": "user",
            "content": [{"type": "text", "text": "y" * 8000, "cache_control": {"type": "ephemeral"}}],
        }
    ]
    usage = cache.account(second)
    assert usage.cache_read_input_tokens > 0
    assert usage.cache_creation_input_tokens == 2000 + tokens.MESSAGE_OVERHEAD


def test_forcing_a_tool_uses_the_forced_overhead():
    auto = {"model": "claude-sonnet-4-6", "tools": [{"name": "t", "input_schema": {"type": "object"}}],
            "messages": [{"role": "user", "content": "hi"}]}
    forced = {**auto, "tool_choice": {"type": "tool", "name": "t"}}
    none = {**auto, "tool_choice": {"type": "none"}}
    assert tokens.input_tokens(forced) - tokens.input_tokens(auto) == 589 - 497
    assert tokens.input_tokens(none) == tokens.input_tokens(auto)


def test_anthropic_schema_tools_carry_their_documented_cost():
    base = {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": "hi"}]}
    bash = {**base, "tools": [{"type": "bash_20250124", "name": "bash"}]}
    schema_cost = tokens.count_text(tokens.canonical({"type": "bash_20250124", "name": "bash"}))
    assert tokens.input_tokens(bash) - tokens.input_tokens(base) == 497 + 244 + schema_cost
    # Claude Opus 4.7 and later: 325 (bash tool docs)
    later = {**bash, "model": "claude-opus-4-7"}
    assert tokens.input_tokens(later) - tokens.input_tokens({**base, "model": "claude-opus-4-7"}) == (
        tokens.tool_prompt_tokens("claude-opus-4-7") + 325 + schema_cost)
    editor = {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}
    both = {**base, "tools": [editor, {"type": "bash_20250124", "name": "bash"}]}
    assert tokens.input_tokens(both) - tokens.input_tokens(bash) == 700 + tokens.count_text(tokens.canonical(editor))


@pytest.mark.live
def test_estimate_is_within_reach_of_the_real_count():
    """Honest doubt, measured: the estimate against the real count_tokens (needs a key)."""
    import anthropic

    request = {
        "model": "claude-sonnet-4-6",
        "system": "You are a coding agent. Read before editing. Be concise. Never delete files.",
        "tools": [
            {
                "name": "read_file",
                "description": "Read a file of the project and return its text.",
                "input_schema": {
                    "type": "object",
                    "properties": {"filename": {"type": "string"}},
                    "required": ["filename"],
                },
            }
        ],
        "messages": [
            {"role": "user", "content": "Add a multiply function to math_utils.py."},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "I'll read the file first."},
                    {"type": "tool_use", "id": "toolu_1", "name": "read_file", "input": {"filename": "math_utils.py"}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_1",
                        "content": '"""Small math helpers."""\n\n\ndef add(a, b):\n    return a + b\n',
                    }
                ],
            },
        ],
    }
    real = anthropic.Anthropic().messages.count_tokens(**request).input_tokens
    ratio = tokens.input_tokens(request) / real
    print(f"estimate/real = {ratio:.2f} ({tokens.input_tokens(request)} vs {real})")
    assert 0.6 < ratio < 1.5


def test_tool_result_text_is_counted_as_text_not_escaped_json():
    code = 'def add(a, b):\n    """Add."""\n    return a + b\n' * 20
    as_string = {"type": "tool_result", "tool_use_id": "t1", "content": code}
    as_blocks = {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": code}]}
    request = {"model": "m", "messages": [{"role": "user", "content": [as_string]}]}
    blocks = {"model": "m", "messages": [{"role": "user", "content": [as_blocks]}]}
    assert tokens.input_tokens(request) == tokens.input_tokens(blocks)
    assert tokens.input_tokens(request) < tokens.count_text(tokens.canonical(as_string))


def test_top_level_cache_control_caches_up_to_the_last_block():
    cache = PromptCache(clock=FakeClock())
    request = _request("x" * 8000, cached=False)
    request["cache_control"] = {"type": "ephemeral"}
    first = cache.account(request)
    assert first.cache_creation_input_tokens == tokens.input_tokens(request)
    request["messages"] += [
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "Next question."},
    ]
    second = cache.account(request)
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens
    assert second.cache_creation_input_tokens > 0  # the breakpoint moved to the new last block


def test_thinking_output_is_counted_from_its_text_not_its_signature():
    block = {"type": "thinking", "thinking": "x" * 40, "signature": "s" * 400}
    assert tokens.output_tokens(block) == 10
    assert tokens.output_tokens({**block, "thinking": ""}) == 0


@pytest.mark.parametrize(("moved", "found"), [(19, True), (20, False)])
def test_the_lookback_counts_the_breakpoint_as_the_first_of_twenty(moved, found):
    """Prompt caching docs: the breakpoint's block is the first of the 20 checked. An entry
    written 19 blocks back is found; one 20 blocks back is not."""
    def request(blocks):
        content = [{"type": "text", "text": f"block {i} " * 20} for i in range(blocks)]
        content[-1] = {**content[-1], "cache_control": {"type": "ephemeral"}}
        return {"model": "claude-sonnet-4-6", "messages": [{"role": "user", "content": content}]}

    cache = tokens.PromptCache(min_tokens=1)
    first = cache.account(request(5))
    assert first.cache_creation_input_tokens > 0 and first.cache_read_input_tokens == 0
    later = cache.account(request(5 + moved))
    assert (later.cache_read_input_tokens > 0) is found
