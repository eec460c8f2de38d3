"""The Messages API's request rules, as the tutor enforces them.

`check_request(body)` returns the first problem as a `Problem` (status, error type,
message worded as the API words it), or None when the request is fine;
`check_messages_request(body)` is the same returning only the message. Field paths
follow the API's style: `messages.3.content.0: ...`. The rules and their wording are
listed in docs/TUTOR.md; where the API's wording is not known, the tutor's own words
keep the same `field.path: problem` shape.

Consecutive messages with the same role are merged before the tool rules are
checked, as the API documents ("consecutive user or assistant turns in your
request will be combined into a single turn").

The installed `anthropic` SDK's request types are the floor of what is accepted
(vocabulary.py): a value its types allow is never refused, so an SDK upgrade brings the
API's new values with it. A few values newer than both the tutor's lists and the SDK,
which Anthropic's own clients send (Claude Code's `thinking.display: "updates"`,
`role: "system"` messages inside `messages`), are accepted and reported by
`newer_values(body)`, which the server logs, rather than refused.

This module holds the entry points and the request's top-level parameters (model,
max_tokens, the fields each endpoint and API version knows, sampling, metadata, thinking);
the rest are by what they judge: message_rules.py (messages, roles, the tool protocol),
block_rules.py (content blocks and cache_control), tool_rules.py (tools, tool_choice).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from agentcourse.tutor.speak import model_rules, models, thinking, vocabulary
from agentcourse.tutor.speak.block_rules import check_caching, check_text_field, tag
from agentcourse.tutor.speak.message_rules import (
    check_messages,
    check_roles_of_blocks,
    check_tool_protocol,
    check_version_rules,
    merged_turns,
)
from agentcourse.tutor.speak.tool_rules import check_tool_choice, check_tools, with_sdk

# API versions (the `anthropic-version` header). 2026-10-21 removed the sampling
# parameters and refuses document blocks in assistant messages and citations in user
# text ("Migrating to API version 2026-10-21"); the anthropic SDK 2.x sends it.
VERSIONS = ("2026-10-21", "2023-06-01", "2023-01-01")
LATEST = VERSIONS[0]
SAMPLING_REMOVED = "2026-10-21"  # the first version without the sampling parameters


def versions() -> tuple[str, ...]:
    """The versions understood: the tutor's, and the one the installed SDK sends."""
    sent = vocabulary.floor()["version"]
    return VERSIONS if not isinstance(sent, str) or sent in VERSIONS else (sent, *VERSIONS)


def _modern(version: str) -> bool:
    """Does this version follow 2026-10-21's rules (no sampling parameters, ...)?"""
    return version >= SAMPLING_REMOVED


SAMPLING = {"temperature", "top_p", "top_k"}
# Top-level fields of POST /v1/messages (what the SDK's create() sends); anything else
# is a typo the API refuses, e.g. "max_token". Before 2026-10-21, SAMPLING as well.
KNOWN_FIELDS = {
    "model", "messages", "max_tokens", "system", "tools", "tool_choice", "stream",
    "stop_sequences", "metadata", "thinking", "service_tier", "cache_control", "container",
    "diagnostics", "inference_geo", "output_config", "speed",
    "output_format",  # structured outputs' older field, still accepted "for a transition period"
}
# Fields only the beta endpoint (`?beta=true`, what client.beta.messages sends) knows.
BETA_FIELDS = {
    "context_management", "mcp_servers", "thread", "compaction", "fallbacks",
    "fallback_credit_token", "billing_policy",
}
# POST /v1/messages/count_tokens takes the prompt, never the generation settings.
COUNT_FIELDS = {
    "model", "messages", "system", "tools", "tool_choice", "thinking", "cache_control",
    "output_config", "speed",
}
SERVICE_TIERS = ("auto", "standard_only")
THINKING_KEYS = {
    "enabled": {"type", "budget_tokens", "display"},
    "adaptive": {"type", "display"},
    "disabled": {"type"},
    "between_tools": {"type"},
}
DISPLAYS = ("summarized", "omitted", "updates")  # model_table.py says which returns what
THINKING_DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"


@dataclass
class Problem:
    """One refused request: what the server answers."""

    message: str  # the error message, worded as the API words it
    status: int = 400  # HTTP status
    error_type: str = "invalid_request_error"  # error.type in the body
    details: dict = field(default_factory=dict)  # error.details (e.g. {"error_code": ...}), if any


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _check_range(body: dict, key: str, low: float, high: float) -> str | None:
    if key not in body or body[key] is None:
        return None
    value = body[key]
    if not _is_number(value):
        return f"{key}: Input should be a valid number"
    if value < low:
        return f"{key}: Input should be greater than or equal to {low:g}"
    if value > high:
        return f"{key}: Input should be less than or equal to {high:g}"
    return None


def _check_sampling(body: dict) -> str | None:
    for key in ("temperature", "top_p"):
        problem = _check_range(body, key, 0, 1)
        if problem:
            return problem
    if body.get("top_k") is not None:
        if not _is_int(body["top_k"]):
            return "top_k: Input should be a valid integer"
        if body["top_k"] < 0:
            return "top_k: Input should be greater than or equal to 0"
    return None


def _check_metadata(metadata: Any) -> str | None:
    if metadata is None:
        return None
    if not isinstance(metadata, dict):
        return "metadata: Input should be a valid dictionary"
    for key in metadata:
        if key != "user_id":
            return f"metadata.{key}: Extra inputs are not permitted"
    user = metadata.get("user_id")
    if user is not None and not isinstance(user, str):
        return "metadata.user_id: Input should be a valid string"
    if isinstance(user, str) and len(user) > 256:
        return "metadata.user_id: String should have at most 256 characters"
    return None


def _check_stop_sequences(stops: Any) -> str | None:
    if stops is not None and (
        not isinstance(stops, list) or not all(isinstance(s, str) and s for s in stops)
    ):
        return "stop_sequences: Input should be a list of non-empty strings"
    return None


def _check_thinking(body: dict, count_only: bool) -> str | None:
    config = body.get("thinking")
    if config is None:
        return None
    keys = with_sdk(THINKING_KEYS, vocabulary.floor()["thinking"])
    if not isinstance(config, dict) or config.get("type") not in keys:
        expected = ", ".join(repr(k) for k in keys)
        return f"thinking: Input tag {tag(config)} found using 'type' does not match any of the expected tags: {expected}"
    kind = config["type"]
    for key in config:
        if key not in keys[kind]:
            return f"thinking.{kind}.{key}: Extra inputs are not permitted"
    # A display value newer than the SDK (Claude Code sends "updates", "highlights") is
    # accepted and reported by newer_values(); only a value that is not a string is refused.
    if "display" in config and config["display"] is not None and not isinstance(config["display"], str):
        shown = " or ".join(repr(d) for d in displays())
        return f"thinking.{kind}.display: Input should be {shown}"
    if kind == "enabled":
        budget = config.get("budget_tokens")
        if budget is None:
            return "thinking.enabled.budget_tokens: Field required"
        if not _is_int(budget):
            return "thinking.enabled.budget_tokens: Input should be a valid integer"
        if budget < 1024:
            return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
        if not count_only and budget >= body["max_tokens"]:
            return (
                "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
                f"documentation at {THINKING_DOCS}#max-tokens-and-context-window-size"
            )
    if thinking.mode(body) is None:
        return None
    see = f"Please consult our documentation at {THINKING_DOCS}#important-considerations-when-using-extended-thinking"
    if body.get("temperature") is not None and body["temperature"] != 1:
        return f"`temperature` may only be set to 1 when thinking is enabled. {see}"
    if body.get("top_k") is not None:
        return f"`top_k` must be unset when thinking is enabled. {see}"
    if body.get("top_p") is not None and body["top_p"] < 0.95:
        return f"`top_p` must be unset or between 0.95 and 1 when thinking is enabled. {see}"
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        return "Thinking may not be enabled when tool_choice forces tool use."
    return None


def displays() -> tuple[str, ...]:
    """The `thinking.display` values known: the tutor's, then the installed SDK's."""
    return tuple(dict.fromkeys((*DISPLAYS, *sorted(vocabulary.floor()["display"]))))


def newer_values(body: dict) -> list[str]:
    """Values the request uses that neither the tutor's lists nor the installed SDK's
    types know, accepted because Anthropic's own clients send them; the server logs them."""
    notes = []
    config = body.get("thinking")
    display = config.get("display") if isinstance(config, dict) else None
    if isinstance(display, str) and display not in displays():
        notes.append(f"thinking.display {display!r}")
    messages = body.get("messages") if isinstance(body.get("messages"), list) else []
    system_turns = [i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "system"]
    if system_turns and "system" not in vocabulary.floor()["roles"]:
        notes.append(f"role 'system' in messages {', '.join(map(str, system_turns))}")
    return notes


def check_request(
    body: dict, *, count_only: bool = False, beta: bool = False, any_model: bool = False,
    version: str = LATEST,
) -> Problem | None:
    """The first rule the request breaks, as the API answers it; None if valid.

    `count_only` is for /v1/messages/count_tokens (no generation settings); `beta` for
    the beta endpoint (`?beta=true`), which knows a few more fields; `any_model` skips
    the check that the model exists; `version` is the request's `anthropic-version`.
    """
    message = _first_problem(body, count_only, beta, version)
    if message:
        return Problem(message)
    if not any_model and models.find(body["model"]) is None:
        return Problem(f"model: {body['model']}", status=404, error_type="not_found_error")
    # The requested model's own rules (model_table.py): only for rows the tutor applies.
    message = None if count_only else model_rules.check(body)
    return Problem(message) if message else None


def check_messages_request(
    body: dict, *, count_only: bool = False, beta: bool = False, version: str = LATEST
) -> str | None:
    """The message of the first 400 rule the request breaks (the model's existence aside)."""
    return _first_problem(body, count_only, beta, version)


def _first_problem(body: dict, count_only: bool, beta: bool, version: str) -> str | None:
    if not isinstance(body.get("model"), str) or not body.get("model"):
        return "model: Field required"
    if not count_only:
        if "max_tokens" not in body:
            return "max_tokens: Field required"
        if not _is_int(body["max_tokens"]):
            return "max_tokens: Input should be a valid integer"
        if body["max_tokens"] < 1:
            return "max_tokens: Input should be greater than or equal to 1"
    floor = vocabulary.floor()
    known, beta_known = KNOWN_FIELDS | floor["fields"], BETA_FIELDS | floor["beta_fields"]
    allowed = COUNT_FIELDS if count_only else known | (beta_known if beta else set())
    if not _modern(version) and not count_only:
        allowed = allowed | SAMPLING
    for key in body:
        if key not in allowed:
            return f"{key}: Extra inputs are not permitted"
    if body.get("stream") is not None and not isinstance(body["stream"], bool):
        return "stream: Input should be a valid boolean"
    checks = (
        lambda: _check_sampling(body),
        lambda: _check_metadata(body.get("metadata")),
        lambda: None if body.get("service_tier") in (None, *SERVICE_TIERS, *floor["service_tier"])
        else "service_tier: Input should be 'auto' or 'standard_only'",
        lambda: None if body.get("system") is None else check_text_field(body["system"], "system"),
        lambda: _check_stop_sequences(body.get("stop_sequences")),
        lambda: None if body.get("tools") is None else check_tools(body["tools"]),
        lambda: None if body.get("tool_choice") is None
        else check_tool_choice(body["tool_choice"], body.get("tools") or []),
        lambda: _check_thinking(body, count_only),
        lambda: check_messages(body.get("messages")),
        lambda: check_version_rules(body["messages"]) if _modern(version) else None,
        lambda: check_caching(body),
        lambda: check_roles_of_blocks(body["messages"]),
        # No rule asks for `tools` when the messages hold tool blocks: the API used to
        # refuse that ("Requests which include `tool_use` or `tool_result` blocks must
        # define tools."), and its release notes of 27 February 2025 lifted the rule.
    )
    for check in checks:
        problem = check()
        if problem:
            return problem
    turns = merged_turns(body["messages"])
    return check_tool_protocol(turns) or thinking.check(body, turns)
