"""layers.py (checkpoint 07): the system prompt, assembled from layers.

The lesson of checkpoint 07 in one module. agent.py calls what is here when it builds
the system prompt and in its loop's prepare_request step; run it with `agentcourse run
07`, or with `python agent.py` from this folder.

One string holding identity, tool manuals and project conventions is hard to change and
impossible to cache well: change a project rule and the whole prompt is new. Here the
system prompt is five layers, each from its own source, in the order of how rarely it
changes:

    constitution     who the agent is and how it works      agent.py, the same everywhere
    tool_contracts   one short manual per registered tool   agent.py, only for tools in TOOLS
    project_rules    this repository's conventions          AGENTS.md in the project, if any
    runtime_signals  what the harness must tell the model   computed at the start of a turn
    session_memory   the agent's own notes                  NOTES.md (context.py), per turn

- the layers' sources: tool_contracts(), project_rules(), runtime_signals()
- assemble(): the layers as system blocks, stable ones first, with cache breakpoints
- fingerprints() / changed_layers() / track(): a SHA-256 per layer, and which changed
- with_message_breakpoint(): one more breakpoint, on the newest message
"""

import hashlib
import os
from dataclasses import dataclass

# The layers in the order they are sent. The first three change between projects, not
# between calls: they go first, so the cached prefix survives everything after them.
ORDER = ("constitution", "tool_contracts", "project_rules", "runtime_signals", "session_memory")
STABLE = ("constitution", "tool_contracts", "project_rules")
MAX_BREAKPOINTS = 4  # the API refuses a request with more blocks marked cache_control


# --- the policy: every setting in one place ---
@dataclass(frozen=True)
class LayerPolicy:
    """How the system prompt is assembled and cached."""

    rules_file: str = "AGENTS.md"  # the project's rules, read from the project root if present:
    #   a plain Markdown file that several coding agents read. (CLAUDE.md is Claude Code's
    #   memory file, with @imports and per-folder loading that this loader does not do.)
    rules_max_chars: int = 8_000  # a longer rules file is cut, and the cut says so
    cache: bool = True  # mark cache breakpoints; False sends the same text without them
    cache_messages: bool = True  # also mark the newest message, so the conversation is cached
    budget_signal: float = 0.5  # tell the model once this share of the cost limit is spent


@dataclass
class Layer:
    """One layer of the system prompt."""

    name: str  # one of ORDER
    text: str  # "" when the layer is absent (no rules file, no notes): it is not sent


# --- the layers' sources ---
def tool_contracts(tools, contracts):
    """One short manual per registered tool, in the order of `tools`. A contract for a tool
    that is not registered is left out: the manual must not describe what cannot be called."""
    names = [t["name"] for t in tools]
    docs = [f"### {name}\n{contracts[name].strip()}" for name in names if name in contracts]
    return "## Tool Contracts\n" + "\n\n".join(docs) if docs else ""


def project_rules(policy):
    """The project's rules file as a layer ("" when there is none, or it is unreadable)."""
    root = os.path.realpath(os.getcwd())
    real = os.path.realpath(os.path.join(root, policy.rules_file))
    if not real.startswith(root + os.sep) or not os.path.isfile(real):
        return ""  # absent, or a link out of the project: not this project's rules
    try:
        with open(real, encoding="utf-8") as f:
            text = f.read(policy.rules_max_chars).strip()
            more = any(line.strip() for line in f)  # past the limit, anything but blanks
    except (OSError, UnicodeDecodeError):
        return ""
    if more:
        text = text + (
            f"\n[{policy.rules_file} is longer than {policy.rules_max_chars:,} characters; "
            "the rest was cut. Read it with read_lines if you need it.]")
    return f"## Project Rules ({policy.rules_file})\n{text}" if text else ""


def signals_for(window, spent, budget, policy):
    """What the harness must tell the model this turn, from the context window's record
    (context.Window) and the dollars spent of the budget; most turns, nothing."""
    signals = []
    if window.compactions:
        signals.append(f"This conversation was compacted {window.compactions} time(s): the "
                       "first message is a summary of what came before it.")
    if window.stubbed:
        signals.append("Some older tool results are now stubs; call the tool again if you "
                       "need one.")
    if budget and spent >= policy.budget_signal * budget:
        signals.append(f"${spent:.2f} of the ${budget:.2f} budget is spent: "
                       "prefer narrow searches and reads.")
    return signals


def runtime_signals(signals):
    """What the harness must tell the model, as a layer ("" when there is nothing)."""
    return "## Runtime Signals\n" + "\n".join(f"- {s}" for s in signals) if signals else ""


def stack(constitution, contracts, policy, signals=(), memory=""):
    """The five layers of a call, in ORDER (an absent one has empty text): the two the
    agent writes, the project's rules file, the signals and the memory file's section."""
    return [Layer("constitution", constitution), Layer("tool_contracts", contracts),
            Layer("project_rules", project_rules(policy)),
            Layer("runtime_signals", runtime_signals(signals)),
            Layer("session_memory", memory.strip())]


# --- fingerprints, and what changed since the last call ---
def fingerprint(text):
    """SHA-256 of a layer's text: equal fingerprints, equal text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprints(layers):
    """Layer name -> fingerprint, for every layer (an absent one has the empty text's)."""
    return {layer.name: fingerprint(layer.text) for layer in layers}


def changed_layers(previous, current):
    """The layers whose fingerprint differs from the previous call's, in ORDER. With no
    previous call, every layer that is present counts as changed."""
    empty = fingerprint("")
    before = previous or {}
    return [name for name in ORDER
            if current.get(name, empty) != before.get(name, empty if previous else None)
            and (previous or current.get(name, empty) != empty)]


def track(previous, layers):
    """Fingerprint this call's layers against the last call's (`previous`, updated in
    place), say which changed, and return them as the trace records them."""
    prints = fingerprints(layers)
    changed = changed_layers(previous, prints)
    if changed and previous:
        print(f"  [layers] changed since the last call: {', '.join(changed)}")
    previous.clear()
    previous.update(prints)
    return {"changed_layers": changed, "layers": {name: fp[:12] for name, fp in prints.items()}}


# --- assembly, stable layers first, with cache breakpoints ---
# The API caches exact prefixes (tools, then system, then messages) up to each block marked
# cache_control. A breakpoint after the last stable layer caches tools + stable layers
# for every call of the project; one after the last layer caches the turn's prompt; one
# on the newest message caches the conversation so far. Three of the four allowed.
def assemble(layers, policy):
    """The present layers as system text blocks, in ORDER, with cache breakpoints."""
    present = sorted((layer for layer in layers if layer.text),
                     key=lambda layer: ORDER.index(layer.name))
    blocks = [{"type": "text", "text": layer.text} for layer in present]
    if policy.cache and blocks:
        stable = [i for i, layer in enumerate(present) if layer.name in STABLE]
        for i in {stable[-1] if stable else len(blocks) - 1, len(blocks) - 1}:
            blocks[i]["cache_control"] = {"type": "ephemeral"}
    return blocks


def with_message_breakpoint(messages, policy):
    """The messages to send: a copy whose newest block carries a cache breakpoint. The
    list itself is left alone, so old breakpoints never pile up past the API's four."""
    if not (policy.cache and policy.cache_messages and messages):
        return messages
    last = messages[-1]
    content = last["content"]
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
    if not blocks or not isinstance(blocks[-1], dict):
        return messages  # an SDK object: leave it as it is
    blocks[-1] = {**blocks[-1], "cache_control": {"type": "ephemeral"}}
    return [*messages[:-1], {**last, "content": blocks}]


def breakpoints(system, messages):
    """How many blocks of a request carry cache_control (the API allows MAX_BREAKPOINTS)."""
    blocks = list(system) if isinstance(system, list) else []
    for message in messages:
        if isinstance(message["content"], list):
            blocks += [b for b in message["content"] if isinstance(b, dict)]
    return sum(1 for b in blocks if "cache_control" in b)
