"""A client wrapper that watches a checkpoint's API calls without changing the checkpoint.

Checkpoints only ever call `client.messages.create(...)`, so a stand-in with that one
method is enough to count calls, read every response's usage, or time them, while the
real SDK (and the tutor or Claude behind it) does the work.

Below it, the course's one definition of "tool-result tokens" (text_tokens, result_tokens),
shared by the tool-design-cost notebook and bench/token_cost.py.
"""

from __future__ import annotations

import json
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


# How the course counts "tool-result tokens" (Lecture 6.3, the tool-design-cost notebook and
# bench/token_cost.py all use this one definition): the text of every tool result the model
# received, each counted by the API's own count_tokens endpoint. Offline that endpoint is the
# tutor's estimate (about four characters per token, docs/TUTOR.md); given a client for the
# real API, the same code counts with Claude's tokenizer (the notebook and the benchmark
# make theirs with the tutor's base_url, so they count offline even when a key is set).


def text_tokens(client: Any, model: str, text: str) -> int:
    """Tokens of `text`: a one-message count_tokens request, minus that request's overhead."""

    def count(body: str) -> int:
        request = [{"role": "user", "content": body}]
        return client.messages.count_tokens(model=model, messages=request).input_tokens

    return count(text) - (count("x") - 1)  # "x" is one token of text; the rest is overhead


def result_tokens(client: Any, model: str, messages: list) -> int:
    """Tokens of the text of every tool_result in `messages`, each counted by text_tokens."""
    from agentcourse.api.protocol import to_plain

    texts = [
        block["content"] if isinstance(block["content"], str) else json.dumps(block["content"])
        for message in to_plain(messages)
        if message["role"] == "user" and isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]
    return sum(text_tokens(client, model, text) for text in texts)
