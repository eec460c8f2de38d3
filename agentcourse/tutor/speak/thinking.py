"""Extended thinking, simulated: a signed `thinking` block first, and the API's rules on it.

With `thinking: {"type": "enabled", "budget_tokens": N}` (or "adaptive") the API's reply
starts with a `thinking` block whose `signature` lets the API check, on a later request,
that the block came back unchanged. The tutor writes a short, honest plan of the reply
it is about to give and signs it with an HMAC; the signature carries the text it signs,
as the real one carries the encrypted full thinking, so `display: "omitted"` (empty
text, signature kept) round-trips too.

The rules a tool loop meets (wording from errors the real API returns):
- with thinking on, the assistant turn that the latest tool results answer (or a final
  assistant message) must start with a `thinking` or `redacted_thinking` block;
- a `thinking` block whose signature does not verify is refused;
- in any assistant message, thinking blocks come first;
- with thinking off, a final assistant message may not contain thinking.
`redacted_thinking` is accepted as it comes (the tutor cannot decrypt the real API's).

For the models whose blocks are bound to the model and the conversation (model_table.py),
the signature also carries the model and a digest of what came before the block
(`tutor2.` signatures; model_rules.py checks them); every other block is signed as before
(`tutor1.`).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json

from agentcourse.tutor.speak import model_table, tokens
from agentcourse.tutor.understand import harness

# Fixed, so signatures verify across tutor restarts. This is a simulator, not a secret.
_KEY = b"agentcourse offline tutor: thinking signature v1"
_PREFIX = "tutor1"
_BOUND_PREFIX = "tutor2"  # blocks bound to a model and a conversation (model_rules.py)
DOCS = "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
THINKING_TYPES = ("thinking", "redacted_thinking")


def mode(request: dict) -> str | None:
    """"enabled", "adaptive" or "between_tools" when the request turns thinking on; else None."""
    config = request.get("thinking")
    if isinstance(config, dict) and config.get("type") in ("enabled", "adaptive", "between_tools"):
        return str(config["type"])
    return None


def sign(text: str, binding: tuple[str, str] | None = None) -> str:
    """A signature that carries `text` and an HMAC over it; with a `binding` (model, prefix
    digest: model_rules.py), it carries those too, for the models whose blocks are bound."""
    if binding is None:
        payload = base64.urlsafe_b64encode(text.encode()).decode()
        prefix = _PREFIX
    else:
        signed = json.dumps({"t": text, "m": binding[0], "p": binding[1]}, sort_keys=True)
        payload, prefix = base64.urlsafe_b64encode(signed.encode()).decode(), _BOUND_PREFIX
    mac = hmac.new(_KEY, f"{prefix}.{payload}".encode() if binding else payload.encode(), hashlib.sha256)
    return f"{prefix}.{payload}.{mac.hexdigest()}"


def _signed(block: dict) -> tuple[str, dict | None] | None:
    """(the text signed, the binding fields or None) when the signature is the tutor's and intact."""
    parts = str(block.get("signature", "")).split(".")
    if len(parts) != 3 or parts[0] not in (_PREFIX, _BOUND_PREFIX):
        return None
    message = f"{parts[0]}.{parts[1]}" if parts[0] == _BOUND_PREFIX else parts[1]
    expected = hmac.new(_KEY, message.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, parts[2]):
        return None
    try:
        signed = base64.urlsafe_b64decode(parts[1].encode()).decode()
        if parts[0] == _PREFIX:
            return signed, None
        fields = json.loads(signed)
        return str(fields["t"]), fields
    except (binascii.Error, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def verify(block: dict) -> bool:
    """True when the block's signature was made by the tutor for exactly this text."""
    signed = _signed(block)
    return signed is not None and signed[0] == block.get("thinking")


def binding_of(block: dict) -> tuple[str, str] | None:
    """(model, prefix digest) a verified bound block was made for; None for any other block."""
    signed = _signed(block)
    if signed is None or signed[1] is None or signed[0] != block.get("thinking"):
        return None
    return str(signed[1].get("m")), str(signed[1].get("p"))


def _last_user_text(messages: list[dict]) -> str:
    for message in reversed(messages):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        own = harness.own_text(content)  # the user's words, not a harness's reminders
        if own:
            return own
        if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content or []):
            return "(the tool results just received)"
    return ""


def plan(request: dict, content: list[dict]) -> str:
    """What the tutor "thinks": the request it answers and the steps of its reply."""
    asked = " ".join(_last_user_text(request.get("messages") or []).split())
    lines = [f"Offline tutor, planning a reply to: {asked[:160]!r}."]
    for block in content:
        if block.get("type") == "tool_use":
            lines.append(f"Call {block.get('name')} with {json.dumps(block.get('input'), sort_keys=True)[:200]}.")
        elif block.get("type") == "text":
            lines.append(f"Answer in text ({len(block.get('text', ''))} characters).")
    return "\n".join(lines)


def progress(request: dict, content: list[dict]) -> str:
    """The note written between tool calls: what came back, and what the reply does next."""
    last = (request.get("messages") or [{}])[-1]
    results = [b for b in last.get("content") or [] if isinstance(b, dict) and b.get("type") == "tool_result"]
    failed = sum(1 for b in results if b.get("is_error"))
    steps = [f"call {b.get('name')}" for b in content if b.get("type") == "tool_use"]
    steps += ["answer in text"] if any(b.get("type") == "text" for b in content) else []
    return (f"Offline tutor, between tool calls: {len(results)} result(s) in"
            f"{f', {failed} failed' if failed else ''}; next: {', '.join(steps) or 'stop'}.")


def thinking_block(request: dict, content: list[dict]) -> dict:
    """The signed thinking block that opens a reply, within the request's budget."""
    config = request.get("thinking") or {}
    text = plan(request, content)
    budget = config.get("budget_tokens")
    if isinstance(budget, int) and tokens.count_text(text) > budget:
        text = text[: budget * tokens.CHARS_PER_TOKEN]
    if config.get("display") == "omitted":
        text = ""
    return {"type": "thinking", "thinking": text, "signature": sign(text)}


def resign(block: dict, binding: tuple[str, str] | None = None) -> dict:
    """A thinking block cut short (max_tokens) keeps a signature valid for what is left
    (and for the binding it was made with)."""
    return {**block, "signature": sign(block.get("thinking", ""), binding)}


# ----------------------------------------------------------------------------- validation


def check(body: dict, turns: list[tuple[str, list[tuple[int, int, dict]]]]) -> str | None:
    """The first thinking rule the (merged, non-empty) turns break, in the API's words; None if none."""
    row = model_table.applied(str(body.get("model", "")))
    by_default = row is not None and row.thinking_default is not None and body.get("thinking") is None
    problem = _check_order(turns) or _check_final(turns, mode(body) is not None or by_default)
    if problem or mode(body) not in ("enabled", "adaptive"):
        return problem  # between_tools thinks only between tool calls: no opening block to ask for
    if row is not None and row.bound_thinking:
        # Where blocks are bound, the API drops a block it cannot use "without an error"
        # (the preserved-thinking page), so a turn whose opening block a client removed
        # after rewriting its past is not refused for it either.
        return None
    return _check_opening(turns)


def _check_order(turns: list[tuple[str, list[tuple[int, int, dict]]]]) -> str | None:
    """In every assistant turn, thinking blocks come first and carry a valid signature."""
    for role, entries in turns:
        if role != "assistant":
            continue
        seen_other = None
        for i, j, block in entries:
            kind = block.get("type")
            if kind in THINKING_TYPES and seen_other is not None:
                return (
                    f"messages.{i}.content.{j}: If an assistant message contains any thinking blocks, "
                    f"the first block must be thinking or redacted_thinking. Found {seen_other}."
                )
            if kind not in THINKING_TYPES and seen_other is None:
                seen_other = kind
            if kind == "thinking" and not verify(block):
                return f"messages.{i}.content.{j}: Invalid `signature` in `thinking` block"
    return None


def _check_final(turns: list[tuple[str, list[tuple[int, int, dict]]]], on: bool) -> str | None:
    """A final assistant turn holds no thinking when it is off, and never ends with it."""
    last_role, last = turns[-1]
    if last_role == "assistant" and not on:
        for i, j, block in last:
            if block.get("type") in THINKING_TYPES:
                return (
                    f"messages.{i}.content.{j}: When thinking is disabled, an `assistant` message in "
                    "the final position cannot contain `thinking`. To use thinking blocks, enable "
                    "`thinking` in your request."
                )
    if last_role == "assistant" and last and last[-1][2].get("type") in THINKING_TYPES:
        return f"messages.{last[-1][0]}: The final block in an assistant message cannot be `thinking`."
    return None


def _check_opening(turns: list[tuple[str, list[tuple[int, int, dict]]]]) -> str | None:
    """With thinking on, the turn in progress opens with a thinking block."""
    # The turn in progress: everything after the last user turn that holds no tool
    # results (a user turn with results, text or not, continues the tool loop). Its
    # first assistant message must open with thinking.
    start = max(
        (t for t, (role, entries) in enumerate(turns)
         if role == "user" and not any(b.get("type") == "tool_result" for _, _, b in entries)),
        default=0,
    )
    following = [entries for role, entries in turns[start + 1 :] if role == "assistant" and entries]
    if not following:
        return None
    i, j, first = following[0][0]
    if first.get("type") in THINKING_TYPES:
        return None
    return (
        f"messages.{i}.content.{j}.type: Expected `thinking` or `redacted_thinking`, but found "
        f"`{first.get('type')}`. When `thinking` is enabled, a final `assistant` message must start "
        "with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). "
        "We recommend you include thinking blocks from previous turns. To avoid this requirement, "
        f"disable `thinking`. Please consult our documentation at {DOCS}"
    )
