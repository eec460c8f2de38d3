"""Each model's documented behaviour, one row per model the tutor answers to, as data.

A row says what Anthropic's pages say about a model, and cites the page: whether it
thinks by default and which `thinking.type` values it takes, which `display` it defaults
to, whether it accepts forced tool use, a final assistant message (prefill) and
`budget_tokens`, its shortest cacheable prompt, its effort levels and default, its context
window and output limit, and whether its thinking blocks are bound to the model and the
conversation. model_rules.py applies the row of the model a request names.

`simulated` says whether the tutor applies the row. It does for the generation the course
moves to (the 5.5 models, and the Fable and Mythos 5.1 and 5.2 models, whose breaking
changes their pages share); every older row keeps the tutor's behaviour of before this
table, so that the course's programs, labs and recorded figures, made against
`claude-sonnet-4-6`, stay as they are. A model whose page was not found says so in
`note`, with `page` None, and keeps that behaviour too. docs/TUTOR.md shows the table.

The `display` values (thinking docs; the SDK's types name the same three):
"summarized" returns the thinking, up front and the notes written between tool calls;
"omitted" returns every thinking block with empty text and its signature; "updates"
(beta) returns only the notes written between tool calls. So an agent that shows what
the model does between tool calls asks for "updates" or "summarized".
"""

from __future__ import annotations

from dataclasses import dataclass

from agentcourse.tutor.speak import models

DOCS = "https://platform.claude.com/docs/en"
THINKING_TROUBLESHOOTING = f"{DOCS}/build-with-claude/thinking-troubleshooting"
PRESERVED_THINKING = f"{DOCS}/build-with-claude/preserved-thinking"
EFFORT_PAGE = f"{DOCS}/build-with-claude/effort"
MIGRATION_46 = f"{DOCS}/about-claude/models/migration-guide"  # prefill removed on the 4.6 models

EFFORT_LEVELS = ("low", "medium", "high", "xhigh", "max")
DISPLAYS = ("summarized", "omitted", "updates")
NOTES_DISPLAYS = ("summarized", "updates")  # the displays that return the notes between tool calls
UP_FRONT_DISPLAYS = ("summarized",)  # the displays that return the thinking before the first call


@dataclass(frozen=True)
class Row:
    """One model's documented behaviour, and the page that documents it."""

    model: str  # the canonical id (models.py)
    page: str | None  # the page the row cites; None: no page found
    thinking_default: str | None = None  # "adaptive" when it thinks with no `thinking` field
    thinking_types: tuple[str, ...] = ("enabled", "disabled")  # the thinking.type values accepted
    display_default: str = "summarized"  # what `display` is when the request names none
    forced_tool_use: bool = True  # tool_choice `any` / `tool` accepted
    prefill: bool = True  # a final assistant message accepted
    budget_tokens: bool = True  # thinking.type "enabled" with budget_tokens accepted
    cache_min: int | None = None  # shortest cacheable prompt; None: tokens.py's table
    effort_levels: tuple[str, ...] = ()  # output_config.effort values; () : no effort parameter
    effort_default: str | None = None
    context: int | None = None  # context window, tokens; None: not found
    max_output: int | None = None  # output limit, tokens; None: not found
    bound_thinking: bool = False  # thinking blocks bound to the model and the conversation
    simulated: bool = False  # the tutor applies this row (else: its behaviour of before the table)
    note: str = ""  # what the row leaves out, or where the docs and the tutor differ


def _current(model: str, page: str, **facts: object) -> Row:
    """A row of the current generation: always thinking, no forced tool use, no prefill,
    bound thinking blocks, `display` omitted, 1M context, 128K output (their pages)."""
    defaults: dict = dict(
        thinking_default="adaptive", thinking_types=("adaptive",), display_default="omitted",
        forced_tool_use=False, prefill=False, budget_tokens=False, cache_min=512,
        effort_levels=EFFORT_LEVELS, effort_default="high", context=1_000_000, max_output=128_000,
        bound_thinking=True, simulated=True,
    )
    return Row(model, page, **{**defaults, **facts})


def _legacy(model: str, page: str | None, **facts: object) -> Row:
    """A row the tutor records and does not apply (see `simulated`)."""
    return Row(model, page, **facts)


ROWS: tuple[Row, ...] = (
    _current("claude-fable-5-2", f"{DOCS}/models/fable-5-2/overview", cache_min=None,
             note="The lineup table gives adaptive thinking always on, effort high, 1M / 128K; "
             "forced tool use, prefill and the cache minimum are taken from Fable 5.1's row; "
             "the preserved-thinking page lists it among the bound models."),
    _current("claude-mythos-5-2", f"{DOCS}/models/fable-5-2/overview", cache_min=None,
             note="Mythos shares Fable's specifications (the Fable pages); as Claude Fable 5.2."),
    _current("claude-haiku-5-5", f"{DOCS}/models/haiku-5-5/whats-new-haiku-5-5",
             thinking_types=("adaptive", "disabled"), effort_default="medium", forced_tool_use=True,
             note="Thinking may be disabled (at effort high or lower, which the tutor does not "
             "check); forced tool use is not among its page's changes, so it is accepted (with "
             "thinking on by default only, the reply then has none); its blocks are also bound "
             "to the account, which the tutor does not model."),
    _current("claude-sonnet-5-5", f"{DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5",
             thinking_types=("adaptive", "between_tools"),
             note="`between_tools` is its lowest setting (no thinking up front, the notes between "
             "tool calls kept), refused at effort xhigh and max; `disabled` is refused."),
    _current("claude-opus-5-5", f"{DOCS}/models/opus-5-5/whats-new-opus-5-5", effort_default="medium",
             note="Thinking is always adaptive: `disabled` and `enabled` are refused."),
    _current("claude-fable-5-1", f"{DOCS}/models/fable-5-1/overview",
             note="The Opus 5.5 page: its first three breaking changes also apply on Fable 5.1."),
    _current("claude-mythos-5-1", f"{DOCS}/models/fable-5-1/overview",
             note="Mythos shares Fable's specifications (the Fable pages); as Claude Fable 5.1."),
    _legacy("claude-sonnet-5", f"{DOCS}/models/sonnet-5/overview", thinking_default="adaptive",
            thinking_types=("adaptive", "disabled"), display_default="omitted", budget_tokens=False,
            prefill=False, cache_min=1024, effort_levels=EFFORT_LEVELS, effort_default="high",
            context=1_000_000, max_output=128_000,
            note="Not applied: it would think by default and refuse budgets and prefill."),
    _legacy("claude-opus-5", f"{DOCS}/models/opus-5/migration-guide", thinking_default="adaptive",
            thinking_types=("adaptive", "disabled"), display_default="omitted", budget_tokens=False,
            prefill=False, cache_min=512, effort_levels=EFFORT_LEVELS, effort_default="high",
            context=1_000_000, max_output=128_000,
            note="Not applied: it would think by default (disabled only at effort high or lower)."),
    _legacy("claude-fable-5", f"{DOCS}/models/fable-5/overview", thinking_default="adaptive",
            thinking_types=("adaptive",), display_default="omitted", budget_tokens=False,
            prefill=False, cache_min=512, effort_levels=EFFORT_LEVELS, effort_default="high",
            context=1_000_000, max_output=128_000, note="Not applied."),
    _legacy("claude-mythos-5", f"{DOCS}/models/fable-5/overview", thinking_default="adaptive",
            thinking_types=("adaptive",), display_default="omitted", budget_tokens=False,
            prefill=False, cache_min=512, effort_levels=EFFORT_LEVELS, effort_default="high",
            context=1_000_000, max_output=128_000, note="Not applied; as Claude Fable 5."),
    _legacy("claude-opus-4-8", THINKING_TROUBLESHOOTING, thinking_types=("adaptive", "disabled"),
            display_default="omitted", budget_tokens=False, prefill=False,
            effort_levels=EFFORT_LEVELS, effort_default="high",
            note="Not applied: budgets (4.7 and later) and prefill (4.6 and later) would be refused."),
    _legacy("claude-opus-4-7", THINKING_TROUBLESHOOTING, thinking_types=("adaptive", "disabled"),
            display_default="omitted", budget_tokens=False, prefill=False,
            effort_levels=EFFORT_LEVELS, effort_default="high",
            note="Not applied: budgets (4.7 and later) and prefill (4.6 and later) would be refused."),
    _legacy("claude-mythos-preview", THINKING_TROUBLESHOOTING,
            thinking_types=("adaptive", "enabled", "disabled"), effort_levels=("low", "medium", "high", "max"),
            effort_default="high", note="Supports both thinking modes; prices and limits not found."),
    _legacy("claude-opus-4-6", MIGRATION_46, thinking_types=("adaptive", "enabled", "disabled"),
            prefill=False, effort_levels=("low", "medium", "high", "max"), effort_default="high",
            note="Not applied: prefill returns 400 on the 4.6 models, the tutor keeps accepting it "
            "(`pause_turn` continuation and the course's recorded runs); budgets are deprecated."),
    _legacy("claude-sonnet-4-6", MIGRATION_46, thinking_types=("adaptive", "enabled", "disabled"),
            prefill=False, effort_levels=("low", "medium", "high", "max"), effort_default="high",
            note="The course's model. Not applied: prefill returns 400 on the 4.6 models, the tutor "
            "keeps accepting it; budgets are deprecated, still accepted."),
    _legacy("claude-opus-4-5-20251101", EFFORT_PAGE, effort_levels=("low", "medium", "high"),
            effort_default="high", note="Extended thinking only."),
    _legacy("claude-haiku-4-5-20251001", THINKING_TROUBLESHOOTING, context=200_000, max_output=64_000,
            note="Extended thinking only."),
    _legacy("claude-sonnet-4-5-20250929", THINKING_TROUBLESHOOTING, note="Extended thinking only."),
)
_BY_MODEL = {row.model: row for row in ROWS}


def row(model: str) -> Row | None:
    """The row of the model a request names (by id, alias or dated id); None for a name
    the API would not know (accepted only with `any_model`)."""
    entry = models.find(str(model))
    return _BY_MODEL.get(entry.id) if entry else None


def applied(model: str) -> Row | None:
    """The row the tutor applies to a request for `model`; None: its behaviour of before the table."""
    found = row(model)
    return found if found is not None and found.simulated else None
