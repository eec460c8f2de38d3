"""context.py (checkpoint 06): what goes into the model's window, and when.

The lesson of checkpoint 06 in one module. agent.py calls what is here from the steps
of its loop (prepare_request and run_tools); run it with `agentcourse run 06`, or with
`python agent.py` from this folder (Python finds this module beside it).

Every call resends the whole conversation, so the window is a budget that a long task
spends quadratically (Lecture 6.4). Five habits keep each call's window small while it
still holds what the next step needs, all set by one ContextPolicy:

- shrink(): every tool result is capped, and the cut says what is missing and how to get
  it; an output that cannot be paged is saved to a file and replaced by its path and head
- stub_old_results(): once the window is big, old results become one-line stubs
- should_compact() / compact(): at a boundary, the model summarises the history into
  decisions, paths, facts, open questions and the next step; manage() runs stubs, then
  compaction, before each call
- memory_section() / save_note(): NOTES.md, a memory file the agent writes itself
- research(): a sub-agent answers one question in its own window, with its own tools
- drop_thinking(): whatever rewrites the past (a stub, a summary, a new system prompt)
  drops the thinking blocks after it, which today's models bind to what came before them
"""

import json
import os
import re
from dataclasses import dataclass

import anthropic

import tools
import usage


# --- the policy: every setting in one place ---
@dataclass(frozen=True)
class ContextPolicy:
    """How the window is managed. Characters are exact; tokens come from the API's usage.
    A threshold of 0 switches its rule off. The token thresholds are small on purpose, so
    that the course's tasks show every mechanism; with Claude on real work, raise them
    (Anthropic's server-side context editing starts clearing at 100,000 tokens by default)."""

    # Capping: what one tool result may put into the window.
    result_max_chars: int = 20_000  # longer results are cut at a line end (about 5,000 tokens)
    head_lines: int = 30  # lines of a saved output that stay in the window
    scratch_dir: str = ".agent/outputs"  # saved outputs; hidden, so search_file never finds them
    read_saved: str = "read it with read_lines"  # how the cut tells the model to read one
    # Stubbing: old results give way once the window is big.
    stub_at_tokens: int = 6_000  # no stubs while the last prompt was smaller than this
    keep_recent_steps: int = 1  # results of the last N model steps stay whole; the model acts
    #   on a result in the next step and notes what it needs, so 1 suffices for the course's
    #   tasks. Each extra step kept puts one more result into every call.
    stub_min_chars: int = 1_000  # shorter results stay: their stub would save almost nothing
    never_stub: tuple = ("research", "save_note")  # tools whose results are short and costly to redo
    # Compaction: the history summarised by the model.
    compact_at_tokens: int = 6_000  # at a boundary (new request, saved note), compact above this
    compact_hard_tokens: int = 40_000  # anywhere, compact above this: the fallback
    summary_max_tokens: int = 2_000  # max_tokens of the summary call
    # Memory: a file the agent writes, shown back to it at the start of every turn.
    memory_file: str = "NOTES.md"  # in the project root
    memory_max_lines: int = 60  # the oldest lines go first
    memory_tool: str = "save_note"  # a call to it closes a sub-task: a boundary for compaction
    # Research: a sub-agent with a window of its own.
    research_max_steps: int = 8  # API calls the sub-agent may make
    research_answer_chars: int = 2_000  # its answer is cut to this


@dataclass
class Window:
    """What the agent knows about its window between calls; agent.py keeps one."""

    tokens: int = 0  # prompt size of the last call, from its usage; 0 = not measured since a change
    turns: int = 0  # user turns so far (the trace numbers turns with it)
    stubbed: int = 0  # tool results replaced by stubs so far
    compactions: int = 0  # times the history was summarised
    saved_outputs: int = 0  # outputs written to the scratch folder
    sent: str = ""  # the system prompt and tools of the last call, which thinking blocks are bound to


STUB = "[stub: "  # how a stub starts; a result that starts so is never stubbed again


def _field(block, key):
    """A content block's field, whether it is our dict or the SDK's object."""
    return block.get(key) if isinstance(block, dict) else getattr(block, key, None)


def _blocks(message):
    content = message.get("content")
    return content if isinstance(content, list) else []


def _inside_root(path):
    """The real path of `path` if it stays inside the project root (the cwd), else None."""
    try:
        return tools.resolve_in_root(path)
    except tools.ToolError:
        return None


def _write_text(real, text):
    """A file the agent keeps (a saved output, the memory file), never half-written."""
    os.makedirs(os.path.dirname(real), exist_ok=True)
    tools.write_atomically(real, text.encode("utf-8"))


# --- capping, and saving what cannot be paged ---
# A cut that does not say what is missing is a silent lie: the model would take the head
# for the whole. So the cut says how much is gone and how to ask for it.
def shrink(name, tool_input, output, policy, window=None):
    """`output` as it goes into the window: whole if short; else cut, or saved to a file."""
    limit = policy.result_max_chars
    if not limit or len(output) <= limit:
        return output
    kept = output[:limit]
    kept = kept[: kept.rfind("\n")] if "\n" in kept else kept  # end at a whole line
    numbers = re.findall(r"^(\d+): ", kept, re.M)
    if name == "read_lines" and numbers:
        # A paged read: the rest is just the next range of lines.
        nxt, end = int(numbers[-1]) + 1, tool_input.get("end", "the end")
        return (f"{kept}\n[cut: {len(output) - len(kept):,} more characters. Lines {nxt} to "
                f"{end} are not shown: call read_lines with start={nxt} to see them.]")
    lines = output.split("\n")
    head, size = [], 0
    for line in lines[: policy.head_lines]:
        if size + len(line) > limit // 2:
            break
        head.append(line)
        size += len(line) + 1
    try:
        path = save_output(name, output, policy, window)
    except OSError as err:  # a full disk must not lose the head too
        return f"{kept}\n[cut: {len(output) - len(kept):,} more characters not shown ({err})]"
    return ("\n".join(head) + f"\n[cut: this is the first {len(head)} of {len(lines):,} lines. The "
            f"whole output is saved in {path}: {policy.read_saved}, or narrow the request.]")


def save_output(name, output, policy, window=None):
    """Write a large output into the scratch folder; its path, relative to the project."""
    folder = _inside_root(policy.scratch_dir)
    if folder is None:
        raise OSError(f"{policy.scratch_dir} is outside the project")
    os.makedirs(folder, exist_ok=True)
    number = len(os.listdir(folder)) + 1  # names follow the run: the same run, the same names
    path = f"{policy.scratch_dir}/{name}-{number:03d}.txt"
    _write_text(os.path.join(folder, f"{name}-{number:03d}.txt"), output)
    if window is not None:
        window.saved_outputs += 1
    return path


# --- thinking blocks whose past was rewritten ---
def drop_thinking(messages, start):
    """Remove the thinking blocks of every assistant message from `start` on, in place.

    A block is valid only while nothing before it (system, tools, messages) changed; after a
    rewrite it and every later block would be refused (400). The blocks before `start` stay."""
    for message in messages[start:]:
        if message["role"] == "assistant" and not isinstance(message["content"], str):
            kept = [b for b in message["content"] if _field(b, "type") not in ("thinking", "redacted_thinking")]
            message["content"] = kept or [{"type": "text", "text": "(thinking removed)"}]  # never empty


# --- stubs for old tool results ---
def tool_calls(messages):
    """tool_use id -> (tool name, input), for every call in the conversation."""
    return {_field(b, "id"): (_field(b, "name"), _field(b, "input") or {})
            for m in messages if m["role"] == "assistant"
            for b in _blocks(m) if _field(b, "type") == "tool_use"}


def stub(name, tool_input, text):
    """One line that says what a result was and how to get it back."""
    shown = json.dumps(tool_input, ensure_ascii=False, separators=(",", ":"))
    shown = shown if len(shown) <= 80 else shown[:79] + "…"
    return f"{STUB}{name} {shown} gave {len(text):,} characters, removed; call it again to see them]"


def stub_old_results(messages, policy, window):
    """Replace old, big tool results by stubs, in place; returns how many were replaced.

    Runs only after a call whose prompt passed policy.stub_at_tokens, and then stubs every
    eligible result at once: a rewritten prefix is a prompt-cache miss, so rewriting
    rarely and a lot is cheaper than a little on every call."""
    if policy.stub_at_tokens and window.tokens <= policy.stub_at_tokens:
        return 0
    steps = [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], list)]
    old = steps[: max(0, len(steps) - policy.keep_recent_steps)]
    calls, count, saved, first = tool_calls(messages), 0, 0, len(messages)
    for index in old:
        for block in messages[index]["content"]:
            text = block.get("content") if isinstance(block, dict) else None
            if (block.get("type") != "tool_result" or not isinstance(text, str)
                    or text.startswith(STUB) or len(text) < policy.stub_min_chars):
                continue
            name, tool_input = calls.get(block.get("tool_use_id"), ("the tool", {}))
            short = stub(name, tool_input, text)
            if name in policy.never_stub or len(short) >= len(text):
                continue
            block["content"] = short
            saved += len(text) - len(short)
            count, first = count + 1, min(first, index)
    drop_thinking(messages, first)  # the blocks after the first stub were bound to its old text
    window.stubbed += count
    window.tokens -= saved // 4  # a rough estimate (4 characters a token) until the next call
    return count


# --- compaction at boundaries ---
COMPACT_PROMPT = """\
Summarise the conversation so far for whoever continues the work: your summary will \
replace everything above it. Use exactly these headings and keep what each asks for.
## Decisions
What was decided or changed, and why.
## Paths
Every file read, created or changed.
## Facts
What was learned and is still needed: names, line numbers, values, notes saved.
## Open questions
What is still unresolved.
## Next step
The exact next action.
Leave out raw tool output and dead ends. At most 500 words."""

SUMMARY_HEADER = "[Compacted context: what came before this point, summarised by the model.]"


def at_boundary(messages, policy):
    """True when a sub-task has just ended: a new request came, or a note was just saved."""
    if isinstance(messages[-1]["content"], str):
        return True
    previous = messages[-2] if len(messages) > 1 else {}
    return any(_field(b, "type") == "tool_use" and _field(b, "name") == policy.memory_tool
               for b in _blocks(previous))


def should_compact(messages, policy, window):
    """Why the history should be compacted before the next call, or None."""
    if policy.compact_hard_tokens and window.tokens > policy.compact_hard_tokens:
        return f"the last prompt passed {policy.compact_hard_tokens:,} tokens"
    if (policy.compact_at_tokens and window.tokens > policy.compact_at_tokens
            and at_boundary(messages, policy)):
        return f"a sub-task ended and the last prompt passed {policy.compact_at_tokens:,} tokens"
    return None


def request_text(content):
    """The words of a request, also when it opens an earlier summary."""
    text = content if isinstance(content, str) else "\n".join(
        _field(b, "text") or "" for b in content if _field(b, "type") == "text")
    return text.split(f"\n\n{SUMMARY_HEADER}", 1)[0] if SUMMARY_HEADER in text else text


def compact(client, messages, turn_start, window, *, model, system, tools, policy):
    """Summarise the history before the last assistant message; returns
    (the turn's new start index, the summary call's response or None).

    The kept tail starts with that assistant message, so each of its tool_use blocks is
    still answered by the message after it, and the summary goes first, as a user
    message: the list keeps the API's rules. Mid-turn, that message opens with the words
    of the request being worked on, since the request's own message is about to go.

    The summary call sends the same tools and system prompt as every other call, so that
    part of its prefix can be read from the prompt cache, with tool_choice none, so the
    model writes instead of calling. (Changing tool_choice invalidates the cached
    messages, so the conversation itself is paid for in full once more.)"""
    cut = max((i for i, m in enumerate(messages) if m["role"] == "assistant"), default=0)
    window.tokens = 0  # measured again by the next call, whatever happens here
    if cut < 2 or messages[-1]["role"] != "user":
        return turn_start, None  # too little history to be worth a call, or mid-step
    mid_turn = cut > turn_start
    if mid_turn:  # ends with tool results: the instruction goes after them, in that message
        asked = messages[:-1] + [{"role": "user", "content": [
            *_blocks(messages[-1]), {"type": "text", "text": COMPACT_PROMPT}]}]
    else:  # a new request is waiting: summarise what came before it
        asked = messages[:turn_start] + [{"role": "user", "content": COMPACT_PROMPT}]
    response = client.messages.create(model=model, max_tokens=policy.summary_max_tokens,
                                      system=system, tools=tools, tool_choice={"type": "none"},
                                      messages=asked)
    summary = "\n".join(b.text for b in response.content if b.type == "text").strip()
    if not summary:
        return turn_start, response  # keep the history rather than lose it
    if response.stop_reason == "max_tokens":
        summary += "\n[the summary was cut off at max_tokens]"
    head = SUMMARY_HEADER
    if mid_turn:  # the request's own message is about to go: its words open the summary
        head = f"{request_text(messages[turn_start]['content'])}\n\n{head}"
    messages[:] = [{"role": "user", "content": f"{head}\n\n{summary}"}, *messages[cut:]]
    drop_thinking(messages, 1)  # the kept messages' blocks were bound to the history just replaced
    window.compactions += 1
    return (0 if mid_turn else turn_start - cut + 1), response


def manage(client, messages, turn_start, window, policy, *, model, system, tools):
    """Before a call: stub old results, then compact at a boundary, and say so. Returns
    (the turn's new start index, the summary call's response or None)."""
    sent = json.dumps([system, tools], sort_keys=True, default=str)
    if window.sent and sent != window.sent:  # a new system prompt or tools: every block's past changed
        drop_thinking(messages, 0)
    window.sent = sent
    if stubbed := stub_old_results(messages, policy, window):
        print(f"  [context] {stubbed} old tool result(s) replaced by stubs")
    why = should_compact(messages, policy, window)
    if why is None:
        return turn_start, None
    turn_start, response = compact(client, messages, turn_start, window, model=model,
                                   system=system, tools=tools, policy=policy)
    if response is not None:
        print(f"  [context] history compacted: {why}")
    return turn_start, response


# --- the memory file ---
# The transcript is disposable once what matters is in a file. The prompt says *when* to
# write (after each sub-task): models follow triggers and rarely volunteer notes.
def read_memory(policy):
    """The memory file's lines, newest last ([] when there is none or it is unreadable)."""
    real = _inside_root(policy.memory_file)
    try:
        with open(real, encoding="utf-8") as f:
            return [line.rstrip() for line in f if line.strip()]
    except (OSError, TypeError, UnicodeDecodeError):  # TypeError: outside the project
        return []


def memory_section(policy):
    """The memory file as a section of the system prompt ("" when it is empty)."""
    lines = read_memory(policy)[-policy.memory_max_lines:]
    if not lines:
        return ""
    return f"\n## Memory ({policy.memory_file}: your notes from earlier work)\n" + "\n".join(lines)


def save_note(note, policy):
    """Append one line to the memory file, keeping its newest memory_max_lines lines."""
    if not isinstance(note, str) or not note.strip():
        raise ValueError("note must be a non-empty string: one line of what to remember")
    real = _inside_root(policy.memory_file)
    if real is None:
        raise ValueError(f"{policy.memory_file} is outside the project")
    lines = [*read_memory(policy), "- " + " ".join(note.split()).removeprefix("- ")]
    kept = lines[-policy.memory_max_lines:]
    _write_text(real, "\n".join(kept) + "\n")
    dropped = len(lines) - len(kept)
    extra = f"; the oldest {dropped} dropped to stay under {policy.memory_max_lines}" if dropped else ""
    return f"Saved to {policy.memory_file} ({len(kept)} lines{extra})"


# --- a research sub-agent ---
# Context isolation, not parallelism: the sub-agent may read ten files, and the main
# window grows only by its short answer. The unit of delegation is a question with a
# small answer.
RESEARCH_SYSTEM = """\
You answer one question about the code in the current project, for another agent that \
will act on your answer. Use search_file to find candidates and read_lines to confirm \
them: search widely, read only the lines you need. Answer in at most 120 words and cite \
every fact as path:line."""
# It reads with tools.py's search_file and read_lines, whatever the main agent's tools
# are: read-only and confined, so they need nobody's approval.
RESEARCH_TOOLS = [
    tools.schema("search_file", "Find the lines matching a Python regular expression in a "
                 "file, or in every file under a folder, as path:line: text.",
                 pattern="The regular expression.", path="A file or folder of the project."),
    tools.schema("read_lines", "Lines start to end (1-based, inclusive) of a file, numbered.",
                 path="A file of the project.", start=("integer", "First line (1-based)."),
                 end=("integer", "Last line (inclusive).")),
]
RESEARCH_FUNCTIONS = {"search_file": tools.search_file, "read_lines": tools.read_lines}


def research(client, question, *, model, policy, count=None):
    """Answer `question` with a sub-agent in a fresh window; only the answer comes back.
    `count(response)` is told about every call, so the caller's accounting stays whole."""
    if client is None:
        return "Error: research runs a sub-agent and needs the API client; run_tools passes it"
    if not isinstance(question, str) or not question.strip():
        return "Error: question must be a non-empty string"
    messages = [{"role": "user", "content": question}]
    for _ in range(policy.research_max_steps):
        try:
            response = client.messages.create(model=model, max_tokens=1024, system=RESEARCH_SYSTEM,
                                              tools=RESEARCH_TOOLS, messages=messages)
        except anthropic.APIError as err:
            return f"Error: the research sub-agent's API call failed: {err}"
        if count:
            count(response)
        calls = [b for b in response.content if b.type == "tool_use"]
        if response.stop_reason != "tool_use" or not calls:
            answer = "\n".join(b.text for b in response.content if b.type == "text").strip()
            if len(answer) > policy.research_answer_chars:
                answer = answer[: policy.research_answer_chars] + " [answer cut]"
            return answer or "Error: the research sub-agent gave no answer"
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": c.id, "content": shrink(
                c.name, c.input, tools.run_tool(RESEARCH_FUNCTIONS, c.name, c.input), policy)}
            for c in calls]})
        stub_old_results(messages, policy, Window(tokens=usage.prompt_tokens(response.usage)))
    return (f"Error: the research sub-agent used its {policy.research_max_steps} steps without "
            "an answer; ask a narrower question.")
