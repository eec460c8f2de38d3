"""streaming.py (checkpoint 10): a reply shown as it is written, and a Ctrl-C that keeps the history valid.

Try it offline from the repository root (`agentcourse run 10` streams every reply):

    .venv/bin/agentcourse run 10

Until now the agent printed nothing until a reply was complete. Through the SDK's
streaming helper (`client.messages.stream(...)`, a context manager whose events the SDK
already assembles into content blocks) each part is shown as it arrives:

  text          printed as the model writes it, after "Assistant: "
  thinking      the notes between tool calls, as "[thinking] ..." lines
  tool_use      "[calling] name" and the input as it is formed, before the call runs
  server_tool_use  "[searching] name" and its query (checkpoint 10: the tool search tool,
                which runs on Anthropic's side; its result block is not shown)

The loop does not change (it is checkpoint 03's): the client does. `Client` wraps the
SDK's client; its `messages.create(...)` streams, shows, and returns the same Message the
SDK's `create` would, marked `shown` so that turns.final_answer does not print it twice.
Only the conversation's own calls are shown (`show` decides): a compaction's summary or
the research sub-agent's calls are made whole, unseen, as before.

Ctrl-C mid-stream. The rule for what was received: the reply being streamed is dropped
whole, and the loop ends the turn as for any Ctrl-C (turns.close_turn: every tool_use
before it answered, a note saying the turn was interrupted). What you saw of it stays on
your screen, marked as cut; none of it goes back to the model. A tool call in it was never
run; a thinking block is accepted back only whole and signed, and a half one has none;
and a half-written text is one the model might not have stood by.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

CUT = " [cut: Ctrl-C; this reply is not kept]"  # shown where a Ctrl-C stopped the stream


class Display:
    """Prints a reply's parts as they arrive, each under its own label."""

    def __init__(self, out: Any = None) -> None:
        self.out = out or sys.stdout  # where the reply is shown
        self.part = None  # the kind of block being printed: "text", "thinking", "tool_use"
        self.shown_input = 0  # characters of the tool input shown so far (at most INPUT_SHOWN)

    INPUT_SHOWN = 100  # characters of a tool call's input shown while it is formed

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def start(self, block: Any) -> None:
        """A new content block begins: its label (none for a kind not shown, such as
        redacted_thinking, whose content nobody can read)."""
        self.part = block.type if block.type in ("text", "thinking", "tool_use", "server_tool_use") else None
        if block.type == "text":
            self.write("\nAssistant: ")
        elif block.type == "thinking":
            self.write("  [thinking] ")
        elif block.type in ("tool_use", "server_tool_use"):
            self.shown_input = 0
            self.write(f"  [{'calling' if block.type == 'tool_use' else 'searching'}] {block.name} ")

    def delta(self, kind: str, text: str) -> None:
        """More of the block in progress (nothing of a block not shown)."""
        if self.part is None:
            return
        if kind == "thinking":
            text = text.replace("\n", "\n             ")
        elif kind == "input_json":
            text = text[: max(0, self.INPUT_SHOWN - self.shown_input)]
            self.shown_input += len(text)
        self.write(text)

    def stop(self) -> None:
        """The block is complete."""
        if self.part is not None:
            self.write("\n")
        self.part = None


def _event(display: Display, event: Any) -> None:
    """Show one of the SDK's stream events."""
    if event.type == "content_block_start":
        display.start(event.content_block)
    elif event.type == "text":
        display.delta("text", event.text)
    elif event.type == "thinking":
        display.delta("thinking", event.thinking)
    elif event.type == "input_json":
        display.delta("input_json", event.partial_json)
    elif event.type == "content_block_stop":
        display.stop()


def streamed(client: Any, request: dict, display: Display) -> Any:
    """One API call through the SDK's streaming helper, each event shown as it arrives;
    the complete Message, marked shown. A Ctrl-C stops the stream (and closes it)."""
    with client.messages.stream(**request) as events:
        try:
            for event in events:
                _event(display, event)
        except KeyboardInterrupt:
            display.write(CUT + "\n")
            raise
        response = events.get_final_message()
    response.shown = True  # read by turns.final_answer: the reply is on the screen already
    return response


class Client:
    """Looks like `anthropic.Anthropic` to the loop; the calls `show` picks are streamed."""

    def __init__(self, inner: Any, show: Callable[[dict], bool], out: Any = None) -> None:
        self.inner = inner  # the SDK's client
        self.show = show  # which requests are the conversation's (the others: made whole)
        self.out = out or sys.stdout  # where replies are shown
        self.messages = self  # so that `client.messages.create(...)` lands on create()

    def create(self, **request: Any) -> Any:
        if not self.show(request):
            return self.inner.messages.create(**request)
        return streamed(self.inner, request, Display(self.out))

    def count_tokens(self, **request: Any) -> Any:
        return self.inner.messages.count_tokens(**request)
