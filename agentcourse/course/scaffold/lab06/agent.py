"""The agent's steps for Lab 6's long task: one call of checkpoint 05's agent with its tools'
results, a run stopped after some calls, and a run finished.
"""

from __future__ import annotations

from typing import Any

from agentcourse.api.protocol import to_plain


def step(client: Any, agent: Any, model: str, messages: list) -> Any:
    """One call of the agent (checkpoint 05's prompt and tools) on `messages`, appended to
    them with its tools' results when it called any; the response."""
    response = client.messages.create(model=model, max_tokens=1024, system=agent.SYSTEM_PROMPT,
                                      tools=agent.TOOLS, messages=messages)
    messages.append({"role": "assistant", "content": to_plain(response.content)})
    if response.stop_reason == "tool_use":
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": agent.dispatch_tool(b.name, b.input)}
            for b in response.content if b.type == "tool_use"]})
    return response


def partial_run(client: Any, agent: Any, model: str, task: str, calls: int) -> list:
    """The task run by the agent, stopped after `calls` API calls: the messages so far,
    ending with tool results (the turn is still under way)."""
    messages: list = [{"role": "user", "content": task}]
    for _ in range(calls):
        if step(client, agent, model, messages).stop_reason != "tool_use":
            raise AssertionError(f"the task ended after fewer than {calls} calls")
    return messages


def finish(client: Any, agent: Any, model: str, messages: list, calls: int = 20) -> str:
    """Go on with the task from `messages` until the model answers; its final reply."""
    for _ in range(calls):
        response = step(client, agent, model, messages)
        if response.stop_reason != "tool_use":
            return "\n".join(b.text for b in response.content if b.type == "text")
    raise AssertionError(f"the task did not finish in {calls} calls")
