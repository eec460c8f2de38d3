"""The models the tutor answers to, as data, and the Models API's shape for them.

The real API answers a request for a model it does not know with 404 `not_found_error`
("model: <name>"), and so does the tutor: a misspelt model name is a bug worth meeting
offline. The list is the one the installed `anthropic` SDK names in its `Model` type,
plus the dated ids behind the aliases. A course that wants any name accepted sets
`TutorConfig(any_model=True)`, `agentcourse tutor serve --any-model`, or the
environment variable below.

Release dates the SDK and the docs this project checked do not give are reported as the
epoch, which the Models API documents for "release date unknown".
"""

from __future__ import annotations

import os
from dataclasses import dataclass

ANY_MODEL_ENV = "AGENTCOURSE_TUTOR_ANY_MODEL"  # "1": accept any model name
EPOCH = "1970-01-01T00:00:00Z"  # the Models API's "release date unknown"


@dataclass(frozen=True)
class ModelEntry:
    """One model as GET /v1/models lists it."""

    id: str  # the canonical id
    display_name: str  # a human-readable name
    created_at: str = EPOCH  # RFC 3339 release date, or the epoch when unknown
    aliases: tuple[str, ...] = ()  # other ids a request may use for it
    lifecycle: str = "active"  # "active" or "deprecated" (the SDK warns about the deprecated ones)


# Newest first, as the API lists them.
MODELS: tuple[ModelEntry, ...] = (
    ModelEntry("claude-fable-5-2", "Claude Fable 5.2"),
    ModelEntry("claude-mythos-5-2", "Claude Mythos 5.2"),
    ModelEntry("claude-haiku-5-5", "Claude Haiku 5.5"),
    ModelEntry("claude-sonnet-5-5", "Claude Sonnet 5.5"),
    ModelEntry("claude-opus-5-5", "Claude Opus 5.5"),
    ModelEntry("claude-fable-5-1", "Claude Fable 5.1"),
    ModelEntry("claude-mythos-5-1", "Claude Mythos 5.1"),
    ModelEntry("claude-sonnet-5", "Claude Sonnet 5"),
    ModelEntry("claude-opus-5", "Claude Opus 5"),
    ModelEntry("claude-fable-5", "Claude Fable 5"),
    ModelEntry("claude-mythos-5", "Claude Mythos 5"),
    ModelEntry("claude-opus-4-8", "Claude Opus 4.8"),
    ModelEntry("claude-opus-4-7", "Claude Opus 4.7"),
    ModelEntry("claude-mythos-preview", "Claude Mythos Preview", lifecycle="deprecated"),
    ModelEntry("claude-opus-4-6", "Claude Opus 4.6"),
    ModelEntry("claude-sonnet-4-6", "Claude Sonnet 4.6"),
    ModelEntry(
        "claude-opus-4-5-20251101", "Claude Opus 4.5", "2025-11-01T00:00:00Z",
        ("claude-opus-4-5",), "deprecated",
    ),
    ModelEntry("claude-haiku-4-5-20251001", "Claude Haiku 4.5", "2025-10-01T00:00:00Z", ("claude-haiku-4-5",)),
    ModelEntry(
        "claude-sonnet-4-5-20250929", "Claude Sonnet 4.5", "2025-09-29T00:00:00Z",
        ("claude-sonnet-4-5",), "deprecated",
    ),
)
_BY_NAME = {name: entry for entry in MODELS for name in (entry.id, *entry.aliases)}


def any_model_from_env() -> bool:
    """True when the environment asks the tutor to accept any model name."""
    return os.environ.get(ANY_MODEL_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def find(name: str) -> ModelEntry | None:
    """The model a request names (by id or alias), or None when the API would not know it."""
    return _BY_NAME.get(name)


def as_api(entry: ModelEntry) -> dict:
    """One model in the Models API's shape."""
    return {
        "type": "model",
        "id": entry.id,
        "display_name": entry.display_name,
        "created_at": entry.created_at,
        "lifecycle": entry.lifecycle,
    }


def page(limit: int = 20, after_id: str | None = None, before_id: str | None = None) -> dict:
    """GET /v1/models: a page of the list, with the API's cursor fields."""
    ids = [entry.id for entry in MODELS]
    start, end = 0, len(MODELS)
    if after_id is not None:
        start = ids.index(after_id) + 1 if after_id in ids else len(ids)
    if before_id is not None:
        end = ids.index(before_id) if before_id in ids else 0
        start = max(start, end - limit) if after_id is None else start
    chosen = MODELS[start:end][:limit]
    data = [as_api(entry) for entry in chosen]
    more = (start + len(chosen) < end) if before_id is None else start > 0
    return {
        "data": data,
        "has_more": more,
        "first_id": data[0]["id"] if data else None,
        "last_id": data[-1]["id"] if data else None,
    }
