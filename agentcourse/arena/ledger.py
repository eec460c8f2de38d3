"""What the tutor saw of one task: every Messages API exchange, and the turn rebuilt from it.

    ledger = Ledger()
    with serve(TutorConfig(ledger=ledger.add)) as url: ...   # the entrant talks to url
    ledger.calls, ledger.usage(), ledger.rejected, ledger.conversation()

The arena measures every entrant on the tutor's side, so a command-line agent and a
checkpoint are counted alike, and nothing an entrant prints or writes about itself counts.
The turn is rebuilt from the exchanges: every tool_use a reply asked for (in order, across
all requests, so a compacted history or a sub-agent loses none) with the tool_result that
any later request carried for its id, and the last reply's text.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from types import SimpleNamespace

from agentcourse.api.protocol import protocol_errors

USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


@dataclass
class Ledger:
    """The exchanges of one task, in the order the tutor answered them (thread-safe)."""

    exchanges: list[dict] = field(default_factory=list)  # {status, key, request, message}
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, exchange: dict) -> None:
        with self.lock:
            self.exchanges.append(exchange)

    def answered(self) -> list[dict]:
        return [e for e in self.exchanges if e["status"] == 200 and e["message"] is not None]

    @property
    def calls(self) -> int:
        """API calls the tutor answered (refused ones are counted in `rejected`)."""
        return len(self.answered())

    @property
    def rejected(self) -> int:
        """Requests the tutor refused with 400: the entrant broke the API's rules."""
        return sum(1 for e in self.exchanges if e["status"] == 400)

    def usage(self) -> dict[str, int]:
        """The four token counts, summed over the answered calls."""
        total = dict.fromkeys(USAGE_FIELDS, 0)
        for e in self.answered():
            for name in USAGE_FIELDS:
                total[name] += int(e["message"]["usage"].get(name) or 0)
        return total

    def dollars(self, cost_of) -> float:
        """List price of every answered call, by `cost_of(usage, model)` (checkpoint 08's)."""
        total = 0.0
        for e in self.answered():
            usage = e["message"]["usage"]
            cache = SimpleNamespace(**(usage.get("cache_creation") or {}))
            total += cost_of(SimpleNamespace(**{**dict.fromkeys(USAGE_FIELDS, 0), **usage,
                                                "cache_creation": cache}), e["request"].get("model", ""))
        return total

    def conversation(self, request: str) -> list[dict]:
        """The turn as one messages list: the request, then each reply and the results of
        its tool calls (from whichever later request carried them)."""
        results: dict[str, dict] = {}
        for e in self.exchanges:
            for msg in (e["request"] or {}).get("messages") or []:
                if isinstance(msg, dict) and isinstance(msg.get("content"), list):
                    for block in msg["content"]:
                        if isinstance(block, dict) and block.get("type") == "tool_result":
                            results.setdefault(str(block.get("tool_use_id")), block)
        messages: list[dict] = [{"role": "user", "content": request}]
        for e in self.answered():
            content = e["message"]["content"]
            messages.append({"role": "assistant", "content": content})
            answers = [results[b["id"]] for b in content if b.get("type") == "tool_use" and b["id"] in results]
            if answers:
                messages.append({"role": "user", "content": answers})
        return messages

    def model(self) -> str:
        """The model that answered (live runs: the response's `model`), or ""."""
        done = self.answered()
        return str(done[-1]["message"].get("model", "")) if done else ""

    def tool_errors(self) -> int:
        """Tool results marked is_error, each tool_use id counted once."""
        seen = set()
        for msg in self.conversation(""):
            if msg["role"] == "user" and isinstance(msg["content"], list):
                seen.update(b.get("tool_use_id") for b in msg["content"] if b.get("is_error"))
        return len(seen)

    def protocol_problems(self) -> list[str]:
        """protocol_errors of the last conversation sent, with the reply it got."""
        done = self.answered()
        if not done:
            return []
        last = done[-1]
        return protocol_errors([*(last["request"].get("messages") or []),
                                {"role": "assistant", "content": last["message"]["content"]}])
