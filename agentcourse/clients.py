"""A client wrapper that watches a checkpoint's API calls without changing the checkpoint.

Checkpoints only ever call `client.messages.create(...)`, so a stand-in with that one
method is enough to count calls, read every response's usage, or time them, while the
real SDK (and the tutor or Claude behind it) does the work.
"""

from __future__ import annotations

from typing import Any


class RecordingClient:
    """Looks like `anthropic.Anthropic` to a checkpoint; keeps every response it gets."""

    def __init__(self, client: Any) -> None:
        self.inner = client  # the real SDK client
        self.messages = self  # so that `client.messages.create(...)` lands on create()
        self.responses: list[Any] = []  # every Message returned, in call order

    def create(self, **request: Any) -> Any:
        response = self.inner.messages.create(**request)
        self.responses.append(response)
        return response

    @property
    def usages(self) -> list[Any]:
        """The `usage` of every response, in call order."""
        return [response.usage for response in self.responses]
