# ---
# jupyter:
#   agentcourse:
#     lab: lab02
#     title: What goes wrong in the loop
#     time_box_minutes: 45
#     release_baseline: 0
#     student_files: []
#     checkpoints: ['01']            # the only checkpoints its graded kernels can load
#     judge: true                    # its test cells run in the judge (agentcourse/grading/judge/)
#     tasks:
#     - number: 1
#       title: A tool fails
#       tests: [test_failed_tool_is_flagged, test_raising_tool_is_reported]
#       hint: >-
#         Give a result whose text starts with "Error" the flag "is_error": True. Wrap the
#         dispatch_tool call in try/except Exception and send the exception as an error
#         result: the model can react to it, a crashed turn cannot.
#     - number: 2
#       title: A reply cut off inside a tool call
#       tests: [test_cut_tool_call_is_retried]
#       hint: >-
#         When stop_reason is "max_tokens" and the last block is a tool_use, that call is
#         incomplete: do not append the response and do not run it. Call again with a
#         larger max_tokens (twice as much, say), again if the retry is cut too, up to a
#         ceiling; at the ceiling, close the turn as in task 4 and raise.
#     - number: 3
#       title: A paused turn
#       tests: [test_paused_turn_is_continued]
#       hint: >-
#         On "pause_turn", add the response's blocks to the assistant turn and call again
#         without a user message. If the last message is already the assistant's, extend
#         its content instead of appending a second assistant message (a turn can pause
#         several times). The reply is the text of that whole last assistant message.
#     - number: 4
#       title: The API keeps failing
#       tests: [test_api_error_before_any_work, test_api_error_mid_turn]
#       hint: >-
#         Catch anthropic.APIError (any status) around the loop. Keep the user's message,
#         close the turn with an assistant note that says it was not finished (added to the
#         last message if that is already the assistant's), then re-raise.
#     - number: 5
#       title: Ctrl-C in the middle of a turn
#       tests: [test_ctrl_c_in_a_tool, test_ctrl_c_while_waiting]
#       hint: >-
#         KeyboardInterrupt is not an Exception, so task 1's except lets it through. Catch
#         it around the tool loop: keep the results of the tools that finished, answer
#         every other tool_use of that response with an is_error result, then close the
#         turn as in task 4 and re-raise.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 2: What goes wrong in the loop
#
# **Time box: 45 minutes**
#
# Five tasks, 20 points, in eight check cells; each cell is graded on its own.
#
# Lecture 6.1's loop works when everything goes right: call, run the tools, send the results
# back, call again, stop on `end_turn`. In this lab you make it survive what goes wrong in
# real use. The tutor model injects each fault the way the real API produces it:
#
# | task | what goes wrong | what the lecture's loop does |
# |---|---|---|
# | 1 | a tool fails, or raises | sends the error like any result, or crashes |
# | 2 | the reply is cut off at `max_tokens` in the middle of a tool call | keeps a half-written `tool_use` that is never answered |
# | 3 | the reply stops with `pause_turn` | returns half an answer |
# | 4 | an API error (429, 529, 500...) outlasts the SDK's retries | crashes and leaves the turn open |
# | 5 | the user presses Ctrl-C while a tool runs | leaves a `tool_use` unanswered |
#
# You write one function, `run_turn(client, messages)`, as in Lecture 6.1. Every test checks
# two things after the fault: the turn behaved sensibly (retried, or reported, and never lost
# the user's message), and the history it left is one the API accepts. The second check is
# `still_usable(messages)` (in "The checks" cell): `protocol_errors` must find nothing, and the
# tutor model (which validates requests the way the real API does) must accept the history
# with a next user message after it. A broken history fails there with the API's own message.
#
# How to work:
#
# 1. Run the setup cell once (it starts the tutor model in this process; nothing leaves the
#    machine), then the "Meet the faults" cell to see each fault raw.
# 2. Copy the lecture's loop into the answer cell, then handle one fault per task. Each task
#    says what to expect before you run its cells.
# 3. Check yourself any time from a terminal: `agentcourse lab check 2`.
#
# Each test cell checks a few fixed cases, then its rules as properties over generated
# conversations (other requests and files, faults several times in a row, two turns);
# `lab check` tries a few of them, grading others, from a seed of its own. Each task's checks
# inject its own fault only, and only task 1's make tools fail, so a task you have not done
# yet costs no other task's points.

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (loopback only; when graded, it runs beside the judge), a client that retries the way
# the SDK does by default, and checkpoint 01's prompt, tools and dispatch_tool.
import contextlib

import anthropic

from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.api.render import render_messages
from agentcourse.course import nbtools
from agentcourse.course.nbtools import CTRL_C
from agentcourse.course.props import holds
from agentcourse.course.scaffold import lab02 as scaffold  # the checks' generated conversations
from agentcourse.course.scaffold.lab02 import CUT, PAUSE
from agentcourse.tutor import TutorConfig

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_LOG = []  # every HTTP request the tutor answered: {"path", "status", "fault"}
TUTOR_REQUESTS = []  # what the checks read: each /v1/messages request as received, and the reply
TUTOR_URL = STACK.enter_context(nbtools.tutor(TutorConfig(log=TUTOR_LOG, ledger=TUTOR_REQUESTS.append)))
# max_retries=2 is the SDK's default: a 429 or 529 reaches your loop after three tries.
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=2, timeout=10)

_agent = nbtools.reference_agent()
MODEL, MAX_TOKENS = _agent.MODEL, _agent.MAX_TOKENS  # claude-sonnet-4-6: the checks read replies without thinking blocks
SYSTEM_PROMPT, TOOLS, dispatch_tool = _agent.SYSTEM_PROMPT, _agent.TOOLS, _agent.dispatch_tool
REAL_DISPATCH = dispatch_tool  # tests swap dispatch_tool for a failing one, then put this back
print("tutor model at", TUTOR_URL, "| tools:", *(t["name"] for t in TOOLS))

# %% [markdown]
# ## Meet the faults
#
# The cell below asks the tutor for each fault once, with one plain call, and prints what
# your loop would receive. **Expected:**
#
# - `max_tokens_in_tool_use`: `stop_reason: max_tokens`, and an `edit_file` call whose
#   input has `path` and `old_str` but no `new_str` (the reply ran out before it);
# - `pause_turn`: `stop_reason: pause_turn`, and the first half of the answer;
# - `429`: `RateLimitError` after **three** HTTP requests: the SDK retried twice
#   (`max_retries=2`) before giving up, so whatever reaches your loop has already been
#   retried.

# %%
def show(request, fault):
    with nbtools.project():
        try:
            response = client.messages.create(
                model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM_PROMPT, tools=TOOLS,
                messages=[{"role": "user", "content": request}],
                extra_headers={"x-tutor-fault": str(fault)})
        except anthropic.APIStatusError as err:
            tries = [entry["status"] for entry in TUTOR_LOG if entry["path"] == "/v1/messages"][-3:]
            print(f"{fault}: {type(err).__name__} {err.status_code}; the last requests got {tries}")
            return
        print(f"{fault}: stop_reason: {response.stop_reason}")
        for block in response.content:
            print("   ", block.type, block.input if block.type == "tool_use" else repr(block.text))


show("Create hello.py with a hello world function.", "max_tokens_in_tool_use")
show("What does edit_file do?", "pause_turn")
show("Create hello.py with a hello world function.", 429)

# %% [markdown]
# ## The function you write
#
# Start from Lecture 6.1's loop (checkpoint 02 without its prints):
#
# ```python
# def run_turn(client, messages):
#     while True:
#         response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS,
#                                           system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
#         messages.append({"role": "assistant", "content": response.content})
#         if response.stop_reason != "tool_use":
#             return "".join(block.text for block in response.content if block.type == "text")
#         results = []
#         for block in response.content:
#             if block.type == "tool_use":
#                 output = dispatch_tool(block.name, block.input)
#                 results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})
#         messages.append({"role": "user", "content": results})
# ```
#
# It fails every test below: each one is a fault this loop does not handle. Two rules from
# the lecture hold throughout:
#
# - **All the results of one response go back in the next user message, first in it.** Every
#   `tool_use` needs a `tool_result` with its id in the message right after, before any text.
#   Two user messages in a row are not an error in themselves: the API combines consecutive
#   turns of the same role into one ([Messages API reference](https://platform.claude.com/docs/en/api/messages/create),
#   `messages`). That merge is also how a note sent *before* the results breaks the rule:
#   it ends up ahead of them, and the API answers 400.
# - **One message per turn, roles alternating.** The same page says the models are trained on
#   alternating `user` and `assistant` turns, and the course's `protocol_errors` asks for
#   exactly that: a history that alternates is the one the model will read.
#
# You may add helper functions below `run_turn` in the same cell.

# %% nbgrader="solution" grade_id="run_turn"
def run_turn(client, messages):
    """Run one user turn and return the model's final text.

    `messages` already ends with the user's message. Whatever happens, leave `messages`
    a history the API accepts, with the user's message still in it. When the turn cannot
    finish (an API error the SDK's retries did not cure, a reply that never fits, or
    Ctrl-C), close it with an assistant message saying so, then raise the exception.
    """
    ### BEGIN SOLUTION
    max_tokens = MAX_TOKENS
    try:
        while True:
            response = client.messages.create(model=MODEL, max_tokens=max_tokens,
                                              system=SYSTEM_PROMPT, tools=TOOLS, messages=messages)
            content = list(response.content)
            if response.stop_reason == "max_tokens" and content and content[-1].type == "tool_use":
                # Cut off inside a tool call: its input is incomplete. Keep none of the
                # response (the calls before it would be asked again anyway) and retry
                # with room for the whole call, as the API docs advise.
                if max_tokens >= 8 * MAX_TOKENS:  # it will never fit: stop, and say so
                    close_turn(messages, "[The reply did not fit in max_tokens; the request was not finished.]")
                    raise RuntimeError(f"the reply was cut off even with max_tokens={max_tokens}")
                max_tokens *= 2
                continue
            add_to_assistant_turn(messages, content)
            if response.stop_reason == "pause_turn":
                continue  # the API paused a long turn: sending it back continues it
            if response.stop_reason != "tool_use":
                last = messages[-1]["content"] if messages[-1]["role"] == "assistant" else []
                return "".join(block.text for block in last if block.type == "text")
            results = []
            try:
                for block in content:
                    if block.type == "tool_use":
                        results.append(run_tool(block))
            except KeyboardInterrupt:
                # The tools that finished keep their results; the rest are reported as
                # not run, so no tool_use is left unanswered.
                done = {result["tool_use_id"] for result in results}
                results += [{"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                             "content": "Error: not run: the user pressed Ctrl-C"}
                            for block in content if block.type == "tool_use" and block.id not in done]
                messages.append({"role": "user", "content": results})
                raise
            messages.append({"role": "user", "content": results})
    except (anthropic.APIError, KeyboardInterrupt) as err:
        what = "interrupted (Ctrl-C)" if isinstance(err, KeyboardInterrupt) else f"stopped: {type(err).__name__}"
        close_turn(messages, f"[This turn was {what}; the request above was not finished.]")
        raise


def run_tool(block):
    """One tool_use -> its tool_result; a failure (returned or raised) is flagged is_error."""
    try:
        output = dispatch_tool(block.name, block.input)
    except Exception as err:  # a broken tool must not end the turn; Ctrl-C is not an Exception
        output = f"Error: {block.name} raised {type(err).__name__}: {err}"
    result = {"type": "tool_result", "tool_use_id": block.id, "content": str(output)}
    if str(output).startswith("Error"):
        result["is_error"] = True
    return result


def add_to_assistant_turn(messages, content):
    """Append an assistant message, or extend the last one (a paused turn goes on)."""
    if not content:
        return  # the API refuses an empty assistant message in the history
    if messages[-1]["role"] == "assistant":
        messages[-1] = {"role": "assistant", "content": list(messages[-1]["content"]) + content}
    else:
        messages.append({"role": "assistant", "content": content})


def close_turn(messages, note):
    """End a turn that cannot finish: answer any open tool_use, then an assistant note."""
    last = messages[-1]
    pending = [block for block in (last["content"] if last["role"] == "assistant" else [])
               if getattr(block, "type", None) == "tool_use"]
    if pending:
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": block.id, "is_error": True,
             "content": "Error: not run: the turn was stopped"} for block in pending]})
    add_to_assistant_turn(messages, [{"type": "text", "text": note}])
    ### END SOLUTION


# %% [markdown]
# ## The checks
#
# The tests use the functions in the next cell; read them, they are the specification. Each
# test plays turns through `play_turn` (or `play_case`, a generated conversation) and judges
# them with the `rule_...` functions: `rule_finished` for a turn that ends normally,
# `rule_stopped` for one that cannot, and one rule per fault. After a few fixed cases, every
# test checks its rules as a **property**, over conversations generated along each way the
# task can vary (other files and requests, two turns in a row, faults several times in a row,
# other statuses): `agentcourse lab check 2` tries a few (`most=scaffold.examples(8)`: 8),
# grading three times as many, from a seed of its own. A failure names the smallest
# conversation that breaks the rule.
#
# Two functions you will use yourself: `with_faults({call: fault})` is the client with a
# fault injected on the calls you name, and `still_usable(messages)` fails unless a next user
# message could follow the history. Run the cell before the tasks.

# %% nbgrader="locked" grade_id="checks"

def with_faults(faults=None):
    """The client, with a fault on the calls you name, e.g. {1: 429} or {2: "pause_turn"}
    (call 1 is the turn's first call). A status (429, 529, 500, 400) lasts: every later call
    fails too. CTRL_C raises KeyboardInterrupt instead of calling. The client stops the loop
    after 12 calls and records what each call asked for in `.sent` (max_tokens, fault)."""
    faults = dict(faults or {})
    # A 500 comes without retry-after, so the SDK would back off for seconds before raising
    # it; this client raises it at once. Your loop sees the same error either way.
    base = client.with_options(max_retries=0) if 500 in faults.values() else client
    return nbtools.limited(base, calls=12, faults=faults)


def still_usable(messages):
    """Fail unless a next user message can follow `messages`: protocol_errors finds
    nothing, and the tutor model, which validates like the API, accepts the request
    (count_tokens checks a request as messages.create does, without answering it)."""
    follow = to_plain(messages) + [{"role": "user", "content": "What files are in this project?"}]
    client.messages.count_tokens(model=MODEL, system=SYSTEM_PROMPT, tools=TOOLS,
                                 messages=follow)  # a 400 here shows the API's own message
    problems = protocol_errors(follow)
    assert not problems, f"with a next user message, the history breaks the protocol: {problems[0]}"


def play_turn(messages, request, faults=None, raising=None):
    """Add `request` to `messages` as the user's message and run your run_turn on it with
    with_faults(faults); the dispatch_tool runs named in `raising` ({run: exception}, 1 = the
    turn's first tool run) raise. Returns the Turn: .reply or .error (what run_turn returned
    or raised), .calls (with_faults' .sent), .runs (each tool run: name, input, output or
    raised, and the API calls made before it) and .answered (each request the tutor
    answered, as it received it, with its reply)."""
    if not isinstance(request, scaffold.Plan):
        request = scaffold.Plan(scaffold.Request(request), faults or {}, raising or {})
    return scaffold.play(globals(), messages, request, with_faults(request.faults), TUTOR_REQUESTS)


def play_case(case):
    """Play a generated conversation in a scratch project holding its files: each turn
    before the last must finish; the last is returned for the test to judge."""
    with scaffold.scratch(case.written()):
        messages = []
        for plan in case.turns[:-1]:
            rule_finished(play_turn(messages, plan))
        return play_turn(messages, case.turns[-1])


def _shown(value, size=70):
    text = repr(value)
    return text if len(text) <= size else text[:size - 5] + "...'"


# ---- what every turn leaves: the history


def rule_history_kept(turn):
    """The turns before this one stay as they were, the user's message follows them, and a
    next user message can follow the whole (still_usable)."""
    plain, n = to_plain(turn.messages), len(turn.before)
    assert [scaffold.gist(m) for m in plain[:n]] == [scaffold.gist(m) for m in turn.before], "the turns before this one must stay as they were"
    assert len(plain) > n and scaffold.gist(plain[n]) == scaffold.gist({"role": "user", "content": turn.request}), (
        "the user's message must stay in the history, right after the turns before it")
    still_usable(turn.messages)


def rule_results_match_runs(turn):
    """Each tool call of the turn has its result in the next user message, in the order of
    the calls, saying what its run did: the text the tool returned (is_error exactly when that
    text starts with "Error"), the exception it raised (is_error, with the exception's
    message), or, for a call that never finished (Ctrl-C, a stopped turn), is_error."""
    added = turn.added()
    for message, after in zip(added, added[1:], strict=False):
        calls = [b["id"] for b in scaffold.blocks(message, "tool_use")]
        answers = [b.get("tool_use_id") for b in scaffold.blocks(after, "tool_result")]
        assert message["role"] == "user" or answers == calls, (
            f"the results go back in the next user message, in the order of the calls: {answers} for {calls}")
    uses = [b for m in added if m["role"] == "assistant" for b in scaffold.blocks(m, "tool_use")]
    results = {b.get("tool_use_id"): b for m in added if m["role"] == "user" for b in scaffold.blocks(m, "tool_result")}
    assert len(turn.runs) <= len(uses), f"{len(turn.runs)} tool runs for {len(uses)} calls in the history: run only the calls you keep"
    for n, use in enumerate(uses):
        result, call = results.get(use["id"], {}), f"{use['name']}({_shown(use['input'], 50)})"
        run = turn.runs[n] if n < len(turn.runs) else {"raised": KeyboardInterrupt()}
        if isinstance(run["raised"], KeyboardInterrupt):
            assert result.get("is_error") is True, f"{call} never finished: its result needs \"is_error\": True"
            continue
        assert (run["name"], run["input"]) == (use["name"], use["input"]), "run the tools in the order of the calls, once each"
        if run["raised"] is not None:
            assert result.get("is_error") is True and scaffold.message_of(run["raised"]) in scaffold.result_text(result), (
                f"{call} raised {run['raised']!r}: send an is_error result with the exception's message")
            continue
        assert scaffold.squash(scaffold.result_text(result)) == scaffold.squash(run["output"]), (
            f"{call}: the result holds what the tool returned, {_shown(run['output'])}")
        if str(run["output"]).startswith("Error"):
            assert result.get("is_error") is True, f"{call} returned {_shown(run['output'])}: a failure needs \"is_error\": True"
        else:
            assert result.get("is_error") in (None, False), f"{call} worked ({_shown(run['output'])}): no is_error on its result"


def rule_finished(turn):
    """The turn finished: the history is sound, every call has its result, and run_turn
    returned the model's whole answer of this turn (every piece of it, nothing older), which
    the history's last message holds too."""
    assert turn.error is None, f"run_turn raised {type(turn.error).__name__}: {turn.error}"
    rule_history_kept(turn)
    rule_results_match_runs(turn)
    assert len(turn.runs) == len(tool_uses(turn.added())), "run every tool call the turn keeps, once"
    answer = turn.model_text()
    assert isinstance(turn.reply, str) and scaffold.squash(turn.reply) == scaffold.squash(answer), (
        f"return the model's whole answer of this turn, {_shown(answer)}; got {_shown(turn.reply)}")
    last = to_plain(turn.messages)[-1]
    assert last["role"] == "assistant" and scaffold.squash(scaffold.text_of(last["content"])) == scaffold.squash(answer), (
        f"the history ends with the model's whole answer, {_shown(answer)}, as one assistant message")


def rule_stopped(turn, error):
    """The turn could not finish: run_turn raised an `error` (a class) and stopped calling;
    the history keeps the user's message and the work done, every call has its result, and
    it ends with an assistant message holding a note of yours: the request was not finished."""
    assert turn.error is not None, f"run_turn returned {_shown(turn.reply)} as if the turn had finished: raise again"
    assert not isinstance(turn.error, nbtools.TooManyCalls), f"the loop kept calling the API ({len(turn.calls)} calls): stop"
    assert isinstance(turn.error, error), f"raise {error.__name__} again, not {type(turn.error).__name__}: {turn.error}"
    rule_history_kept(turn)
    rule_results_match_runs(turn)
    last = to_plain(turn.messages)[-1]
    assert last["role"] == "assistant" and not scaffold.blocks(last, "tool_use"), (
        "close the turn with an assistant message saying the request was not finished")
    note = scaffold.squash(scaffold.text_of(last["content"]))
    assert note and note != scaffold.squash(turn.model_text()), "the closing assistant message needs your note: the request was not finished"


def rule_halted(turn):
    """Ctrl-C stops the turn at once: no tool run and no API call after it, then the turn
    is closed and KeyboardInterrupt raised again (stopped)."""
    assert turn.error is not None, f"run_turn returned {_shown(turn.reply)} after Ctrl-C: raise KeyboardInterrupt again"
    assert isinstance(turn.error, KeyboardInterrupt), (
        f"raise KeyboardInterrupt again, not {type(turn.error).__name__}: {turn.error}")
    hit = [run for run in turn.runs if isinstance(run["raised"], KeyboardInterrupt)]
    if hit:  # Ctrl-C in a tool
        assert turn.runs[-1] is hit[0], "no tool runs after Ctrl-C"
        assert len(turn.calls) == hit[0]["calls"], f"no API call after Ctrl-C: {len(turn.calls) - hit[0]['calls']} more"
    else:  # Ctrl-C while waiting for the model
        assert turn.calls and turn.calls[-1]["fault"] == CTRL_C, "no API call after Ctrl-C"
    rule_stopped(turn, KeyboardInterrupt)


def rule_one_assistant_message(turn):
    """A turn stopped after a pause keeps its answer so far in one assistant message:
    whatever the loop adds to the assistant's turn (a closing note) joins it."""
    twice = [p for p in protocol_errors(to_plain(turn.messages)) if "two assistant messages" in p]
    assert not twice, f"the turn paused, then stopped: {twice[0]}; add to the paused assistant message instead"


# ---- one rule per fault, read from the requests the tutor received


def rule_cut_retried(turn):
    """After a reply cut inside a tool call: nothing of it is kept or run, and the next
    request carries the same messages as the cut one, with a larger max_tokens."""
    for cut, retry in zip(turn.answered, turn.answered[1:], strict=False):
        reply = cut["message"]
        if reply["stop_reason"] == "max_tokens" and reply["content"] and reply["content"][-1]["type"] == "tool_use":
            assert retry["request"]["max_tokens"] > cut["request"]["max_tokens"], (
                f"the call cut at max_tokens={cut['request']['max_tokens']} was retried with "
                f"max_tokens={retry['request']['max_tokens']}: ask for more")
            assert [scaffold.gist(m) for m in retry["request"]["messages"]] == [scaffold.gist(m) for m in cut["request"]["messages"]], (
                "retry with the messages the cut call had: keep nothing of the cut reply")
    assert all_calls_complete(turn.messages), "a cut tool_use (missing arguments) stayed in the history"


def rule_pause_continued(turn):
    """After a paused reply: the next request is the same history with the paused content
    added to the assistant's turn, as its last message, and no new user message."""
    for paused, after in zip(turn.answered, turn.answered[1:], strict=False):
        if paused["message"]["stop_reason"] == "pause_turn":
            asked, then = paused["request"]["messages"], after["request"]["messages"]
            ongoing = asked[-1]["role"] == "assistant"  # it had paused before: that is the turn so far
            so_far = scaffold.text_of(asked[-1]["content"]) if ongoing else ""
            assert ([scaffold.gist(m) for m in then[:-1]] == [scaffold.gist(m) for m in (asked[:-1] if ongoing else asked)]
                    and then[-1]["role"] == "assistant"
                    and scaffold.squash(scaffold.text_of(then[-1]["content"])) == scaffold.squash(so_far + scaffold.text_of(paused["message"]["content"]))), (
                "to continue a paused turn, send the history with the paused content added to the assistant's "
                f"turn as the last message; the request after the pause ended with {_shown(then[-1])}")


def all_calls_complete(messages):
    """True when every tool_use in the history has all the arguments its schema requires."""
    required = {tool["name"]: set(tool["input_schema"].get("required", [])) for tool in TOOLS}
    return all(required.get(use["name"], set()) <= set(use["input"]) for use in tool_uses(messages))


def tool_results(messages):
    """Every tool_result block in the history, as a plain dict, in order."""
    return [block for message in to_plain(messages) for block in scaffold.blocks(message, "tool_result")]


def tool_uses(messages):
    """Every tool_use block in the history, as a plain dict, in order."""
    return [block for message in to_plain(messages) for block in scaffold.blocks(message, "tool_use")]


def whole_answer(request):
    """The reply the tutor gives without any fault, for comparison."""
    with nbtools.project():
        response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM_PROMPT,
                                          tools=TOOLS, messages=[{"role": "user", "content": request}])
        return "".join(block.text for block in response.content if block.type == "text")


STATUS_ERRORS = {429: anthropic.RateLimitError, 529: anthropic.OverloadedError,
          500: anthropic.InternalServerError, 400: anthropic.BadRequestError}


def status_error(turn):
    """The API error a planned turn ends with: the class the SDK raises for its status."""
    return STATUS_ERRORS[next(f for f in turn.plan.faults.values() if f in STATUS_ERRORS)]

# %% [markdown]
# ## Task 1: A tool fails (7 minutes)
#
# A tool can fail two ways. Checkpoint 01's `dispatch_tool` turns the usual failures into a
# string that starts with `Error:` (a missing file, an `old_str` that does not match). The
# API has a field for that: a `tool_result` with `"is_error": true` tells the model the call
# failed, so it can try another way or tell the user
# ([Handle tool calls](https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls)).
# A result that is only text leaves the model to guess. And a tool can also raise (a bug in
# it, a disk that is full): that exception must not end the whole turn either. Catch
# `Exception` around the call and send it back as an error result.
#
# The rules the checks hold you to (`rule_results_match_runs` in "The checks"):
#
# - a result's content is the text the tool returned; it carries `"is_error": true` exactly
#   when that text starts with `Error` (a file that merely *contains* the word was read fine);
# - a tool that raises gets an `is_error` result whose text includes the exception's message,
#   and the other calls of the batch still run: catch around each call, not around the batch;
# - every result of one response goes back in the next user message, in the order of the calls.
#
# **Expected:** "Read utils.py and nothere.py." gives two results in one user message: the
# text of `utils.py` (no flag), and an error with `is_error: True`. Then a `dispatch_tool`
# that raises `OSError("disk full")`: the turn still ends with the model's answer, and the
# result says `disk full`. The properties then try batches of up to five reads (files in
# nested folders, Unicode names, CRLF line ends, empty files, files far larger than the
# sample's, some missing), files to create that exist already, two turns in a row, and
# several tools raising, one after another.

# %%
with nbtools.project():
    messages = [{"role": "user", "content": "Read utils.py and nothere.py."}]
    run_turn(with_faults(), messages)
    print(render_messages(messages))
    print("flags:", [result.get("is_error", False) for result in tool_results(messages)])

# %% nbgrader="tests" grade_id="test_failed_tool_is_flagged" points=2
"""Check that a tool result that reports an error carries is_error, and a good one does not"""
with nbtools.project():
    turn = play_turn([], "Read utils.py and nothere.py.")
    rule_finished(turn)
    assert [r.get("is_error") is True for r in tool_results(turn.messages)] == [False, True], (
        "utils.py was read: no is_error; the failed read of nothere.py needs \"is_error\": True")
with scaffold.scratch({"notes.txt": "Fixed: the Error in parse().\r\n"}):
    rule_finished(play_turn([], "Read notes.txt."))  # the word Error inside a file is no failure


@holds(scaffold.cases(kinds=("reads", "create"), failing=True), most=scaffold.examples(8))
def _(case):
    rule_finished(play_case(case))


### BEGIN HIDDEN TESTS
with nbtools.project():
    turn = play_turn([], "Create main.py with a hello world function.")
    rule_finished(turn)
    assert [r.get("is_error") for r in tool_results(turn.messages)] == [True], "main.py exists: the create fails and is flagged"
with nbtools.project():
    turn = play_turn([], "Read tests.py and utils.py.")
    assert [r.get("is_error") in (None, False) for r in tool_results(turn.messages)] == [True, True], "both reads worked: no flags"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_raising_tool_is_reported" points=2
"""Check that a tool that raises becomes an is_error result and the turn still ends with an answer"""
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", raising={1: OSError("disk full")})
    assert turn.error is None, f"run_turn raised {type(turn.error).__name__}: {turn.error}"
    results = tool_results(turn.messages)
    assert len(results) == 1 and results[0].get("is_error") is True, "the raised error goes back with is_error"
    assert "disk full" in str(results[0]["content"]), "tell the model what went wrong: the exception's message"
    rule_finished(turn)
with nbtools.project() as root:
    turn = play_turn([], "Read utils.py and tests.py.", raising={1: OSError("disk full")})
    rule_finished(turn)
    assert [r.get("is_error") is True for r in tool_results(turn.messages)] == [True, False], (
        "the first read raised; the second still runs, and its result is not an error")


@holds(scaffold.cases(kinds=("reads", "create", "add"), earlier=0, raising=True, failing=True), most=scaffold.examples(8))
def _(case):
    rule_finished(play_case(case))


### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    turn = play_turn([], "Read utils.py and tests.py.", raising={2: ValueError("bad bytes")})
    rule_finished(turn)
    assert [r.get("is_error") is True for r in tool_results(turn.messages)] == [False, True], "only the second read raised"
    assert "bad bytes" in str(tool_results(turn.messages)[1]["content"])
with nbtools.project() as root:
    turn = play_turn([], "Read tests.py, utils.py and main.py.", raising={1: RuntimeError("bug"), 2: KeyError("gone")})
    rule_finished(turn)
    assert [r.get("is_error") is True for r in tool_results(turn.messages)] == [True, True, False]
    assert "def main" in str(tool_results(turn.messages)[2]["content"])
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: A reply cut off inside a tool call (9 minutes)
#
# `max_tokens` caps the length of one reply. When a reply reaches it in the middle of a
# `tool_use` block, the block is incomplete: its input lacks the arguments that did not fit.
# The lecture's loop appends that response and, since `stop_reason` is `max_tokens`, not
# `tool_use`, returns: the history now ends with a `tool_use` nobody answered, and the next
# call is a 400. Running the half call is no better (`edit_file` without `new_str`).
#
# What to do, from Anthropic's
# [stop reasons page](https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons):
# for `max_tokens`, raise the limit or continue. For a cut tool call, raise it:
#
# - keep nothing of the cut response and run none of its calls (the complete calls before
#   the cut one come again in the retry); call again with the same messages and a larger
#   `max_tokens` than the cut call had (double it, say);
# - the retry can be cut too: raise the limit again. The checks cut up to **two** calls of a
#   turn, in a row or not, and expect the turn to finish, so your ceiling must allow at least
#   two retries (4 × `MAX_TOKENS` or more, if you double);
# - a reply that never fits must stop at the ceiling, before the **12** calls `with_faults`
#   allows run out. The turn cannot finish then: end the history with an assistant
#   message of yours saying the request was not finished, after the work already done
#   (task 4 calls this closing the turn), and raise an exception of your choice.
#
# (`rule_cut_retried` in "The checks" reads the requests the tutor received.)
#
# **Expected:** with the first call cut, the second call asks for more tokens, `hello.py` is
# created, and the history holds only the complete `edit_file` call:
#
# ```
# [0] role: user       "Create hello.py with a hello world function."
# [1] role: assistant  [tool_use: edit_file(path="hello.py", old_str="", new_str="def hel…")]
# [2] role: user       [tool_result id=toolu_tutor_…: "Created hello.py"]
# [3] role: assistant  [text: "Done — created hello.py …"]
# ```
#
# The test cell then cuts the reads of "Read utils.py and tests.py." twice in a row, and
# cuts every call of a request (a reply that never fits); its properties cut up to two calls
# of generated turns (a change in two steps among them), and make one batch never fit.

# %%
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    faulty = with_faults({1: "max_tokens_in_tool_use"})
    run_turn(faulty, messages)
    print(render_messages(messages))
    print("max_tokens asked for, call by call:", [call["max_tokens"] for call in faulty.sent])
    print("hello.py exists:", (root / "hello.py").exists())

# %% nbgrader="tests" grade_id="test_cut_tool_call_is_retried" points=4
"""Check that a reply cut inside a tool call is retried with more max_tokens and never kept or run"""
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {1: CUT})
    assert len(turn.calls) >= 2 and turn.calls[1]["max_tokens"] > turn.calls[0]["max_tokens"], (
        "after the cut, call again with a larger max_tokens")
    rule_cut_retried(turn)
    rule_finished(turn)
    assert (root / "hello.py").exists(), "the retried call should create hello.py"
    assert [m["role"] for m in to_plain(turn.messages)] == ["user", "assistant", "user", "assistant"], (
        "the cut response is not kept: one call, its result, the answer")
with nbtools.project():
    turn = play_turn([], "Read utils.py and tests.py.", {1: CUT, 2: CUT})  # cut twice in a row
    rule_cut_retried(turn)
    rule_finished(turn)
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {n: CUT for n in range(1, 13)})
    assert not isinstance(turn.error, nbtools.TooManyCalls), "a reply that never fits: stop at a ceiling"
    rule_cut_retried(turn)
    rule_stopped(turn, Exception)
    assert not (root / "hello.py").exists(), "no call was ever complete: nothing may run"


@holds(scaffold.cases(kinds=("reads", "create", "add"), earlier=0, cuts=2), most=scaffold.examples(8))
def _(case):
    turn = play_case(case)
    rule_cut_retried(turn)
    rule_finished(turn)


@holds(scaffold.cases(kinds=("reads", "create", "add"), earlier=0, cuts=1, end="never-fits"), most=scaffold.examples(5))
def _(case):
    turn = play_case(case)
    assert not isinstance(turn.error, nbtools.TooManyCalls), "a reply that never fits: stop at a ceiling"
    rule_cut_retried(turn)
    rule_stopped(turn, Exception)


### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    turn = play_turn([], "Read utils.py and tests.py.", {1: CUT})
    rule_cut_retried(turn)
    rule_finished(turn)
    assert len(tool_uses(turn.messages)) == 2, "both reads, complete, once each"
    assert "def slugify" in str(tool_results(turn.messages)[0]["content"])
with nbtools.project() as root:
    turn = play_turn([], "Add a multiply function to math_utils.py.", {2: CUT, 3: CUT})
    rule_finished(turn)
    assert "def multiply" in (root / "math_utils.py").read_text(), "the edit, cut twice, lands on the retry"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: A paused turn (7 minutes)
#
# A long turn can come back with `stop_reason: "pause_turn"`: the API stopped it part way
# (in practice, server tools such as web search hit their iteration limit). The stop reasons
# page says what to do: send the assistant content back, and the model continues. So: add
# the paused content to the history as the assistant's, call again with no new user message,
# and add what comes back to the **same** assistant turn (extend the last message's content;
# a second assistant message in a row would break the alternation above). The turn's answer
# is the text of that whole assistant turn.
#
# The rules the checks hold you to (`rule_pause_continued` and `rule_finished` in "The
# checks"; the first reads the requests the tutor received, so a loop that drops the paused
# part and asks again fails even though its reply looks whole):
#
# - the request after a pause is the history with the paused content added to the
#   assistant's turn as the last message, and no new user message;
# - a continuation can pause again, and again: extend the same message each time (the
#   checks pause up to **three** times in a row);
# - the reply is the text of the final assistant message, every piece of it, and only of this
#   turn: not what the assistant said in earlier turns of the conversation;
# - when the turn stops after a pause (an API error or Ctrl-C on the call that would continue
#   it: tasks 4 and 5), the turn so far stays one assistant message: a note your loop adds
#   then joins it (`rule_one_assistant_message`: no two assistant messages in a row, whether
#   or not you have done tasks 4 and 5 yet).
#
# **Expected:** with the first call paused, the reply is the tutor's whole answer (the same
# as without the fault), and the history is one question and one answer. The same when the
# pause hits the final answer after a tool call, and when it pauses three times in a row. A
# pause then a 429: no second assistant message. The properties then pause the answers of
# conversations of up to three turns, and stop some after the pause.

# %%
messages = [{"role": "user", "content": "What does edit_file do?"}]
faulty = with_faults({1: "pause_turn"})
reply = run_turn(faulty, messages)
print(render_messages(messages))
print("calls:", len(faulty.sent), "| reply:", reply)

# %% nbgrader="tests" grade_id="test_paused_turn_is_continued" points=3
"""Check that a paused turn is sent back and continued, and the reply is the whole answer"""
turn = play_turn([], "What does edit_file do?", {1: PAUSE})
assert len(turn.calls) == 2, f"one paused call, one call to continue it: {len(turn.calls)} calls"
rule_pause_continued(turn)
rule_finished(turn)
assert scaffold.squash(turn.reply) == scaffold.squash(whole_answer("What does edit_file do?")), f"not the whole answer: {turn.reply!r}"
assert [m["role"] for m in to_plain(turn.messages)] == ["user", "assistant"], "the continuation joins the same assistant turn"
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {2: PAUSE})
    rule_pause_continued(turn)
    rule_finished(turn)
    assert (root / "hello.py").exists()
    assert [m["role"] for m in to_plain(turn.messages)] == ["user", "assistant", "user", "assistant"], (
        "the paused final answer is continued in the same assistant message")
turn = play_turn([], "What does read_file do?", {1: PAUSE, 2: PAUSE, 3: PAUSE})  # three pauses in a row
rule_pause_continued(turn)
rule_finished(turn)
assert scaffold.squash(turn.reply) == scaffold.squash(whole_answer("What does read_file do?")), f"not the whole answer: {turn.reply!r}"
rule_one_assistant_message(play_turn([], "What does edit_file do?", {1: PAUSE, 2: 429}))  # a pause, then an error
messages = []
rule_finished(play_turn(messages, "What does list_files do?"))
turn = play_turn(messages, "What does read_file do?", {1: PAUSE, 2: PAUSE})  # a second turn, paused twice
rule_pause_continued(turn)
rule_finished(turn)
assert scaffold.squash(turn.reply) == scaffold.squash(whole_answer("What does read_file do?")), "this turn's answer only"


@holds(scaffold.cases(pauses=3, earlier=2), most=scaffold.examples(8))
def _(case):
    turn = play_case(case)
    rule_pause_continued(turn)
    rule_finished(turn)


@holds(scaffold.cases(pauses=3, end="after-pause"), most=scaffold.examples(5))
def _(case):
    rule_one_assistant_message(play_case(case))


### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    turn = play_turn([], "Read utils.py and tests.py.", {2: PAUSE})
    rule_finished(turn)
    assert "utils.py" in turn.reply and "tests.py" in turn.reply, f"not the whole answer: {turn.reply!r}"
    assert len(to_plain(turn.messages)) == 4, "the paused summary joins the last assistant message"
with nbtools.project():
    messages = []
    rule_finished(play_turn(messages, "Read main.py."))
    turn = play_turn(messages, "Add a multiply function to math_utils.py.", {3: PAUSE, 4: PAUSE, 5: PAUSE})
    rule_pause_continued(turn)
    rule_finished(turn)
    assert "multiply" in turn.reply, f"not the whole answer: {turn.reply!r}"
### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: The API keeps failing (8 minutes)
#
# A 429 (`rate_limit_error`: you sent too much) or a 529 (`overloaded_error`: the API is busy
# for everyone) is usually over soon ([Errors](https://platform.claude.com/docs/en/api/errors)).
# The Python SDK retries both for you: twice by default (`max_retries=2`), waiting as the
# response's `retry-after` header says, or backing off from half a second. When the error
# outlasts that, the SDK raises (`anthropic.RateLimitError`, `anthropic.OverloadedError`; both
# are `anthropic.APIError`s) and your loop has to decide. Retrying a few more times yourself
# is allowed (here the fault outlasts that too, so stop before `with_faults`' 12 calls); in
# the end the turn stops, and what matters is what it leaves behind:
#
# - the user's message stays in the history (they should not have to type it again, and the
#   model should see what was asked), and so do the turns before it, as they were;
# - the work already done stays too (a file the tools created is not undone, its result kept);
# - the turn is **closed**: the history ends with an assistant message holding a note of
#   yours that says the request was not finished, so the user's next message follows an
#   assistant turn (otherwise the API would merge the two user messages, and the model would
#   take up the old request as if nothing had happened). If the history already ends with the
#   assistant's message (the turn paused, then the error came), add the note to that message
#   (task 3 checks this);
# - then the same error is raised again, so the caller can tell the user. Returning as if the
#   turn had ended normally would hide it.
#
# The same holds for every `anthropic.APIError` that reaches the loop, not only those two: a
# 500 (`api_error`, a fault on the server's side) or a 400 (`invalid_request_error`: the
# request itself was refused) ends the turn the same way. (`rule_stopped` in "The checks".)
#
# (Checkpoint 03 ends the turn the same way but returns the note instead of raising, because
# it is a whole program that prints the note itself; here the caller decides.)
#
# **Expected:** a 429 on the first call: `RateLimitError`, and the history is the user's
# message plus your note. A 529 on the second call (after `edit_file` ran): `OverloadedError`,
# `hello.py` exists, and the history is user, call, result, note. The properties then end
# generated conversations with a 429, 529, 500 or 400 on the first call or a later one, in
# the first turn or the second.

# %%
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    try:
        run_turn(with_faults({2: 529}), messages)
    except anthropic.APIError as err:
        print("raised:", type(err).__name__)
    print(render_messages(messages))

# %% nbgrader="tests" grade_id="test_api_error_before_any_work" points=2
"""Check that an API error on the first call is raised, with the user's message kept and the turn closed"""
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {1: 429})
    rule_stopped(turn, anthropic.RateLimitError)
    assert not (root / "hello.py").exists() and not turn.runs, "no tool ran before the error"
turn = play_turn([], "What does edit_file do?", {1: 500})  # not only 429 and 529
rule_stopped(turn, anthropic.InternalServerError)


@holds(scaffold.cases(end="status-first"), most=scaffold.examples(6))
def _(case):
    turn = play_case(case)
    rule_stopped(turn, status_error(turn))
    assert not turn.runs, "no tool ran before the error"


### BEGIN HIDDEN TESTS
with nbtools.project():
    turn = play_turn([], "Add a multiply function to math_utils.py.", {1: 529})
    rule_stopped(turn, anthropic.OverloadedError)
    assert type(turn.error).__name__ == "OverloadedError", "a 529 that outlasts the retries is re-raised as it came"
turn = play_turn([], "What does list_files do?", {1: 400})
rule_stopped(turn, anthropic.BadRequestError)
assert type(turn.error).__name__ == "BadRequestError", "a 400 is re-raised as it came"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_api_error_mid_turn" points=2
"""Check that an API error after a tool ran keeps the work, raises, and closes the turn"""
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {2: 529})
    rule_stopped(turn, anthropic.OverloadedError)
    assert (root / "hello.py").exists(), "the tool ran before the error: its work stays"
    assert [m["role"] for m in to_plain(turn.messages)] == ["user", "assistant", "user", "assistant"], (
        "the call, its result, then your note")
with nbtools.project():
    messages = []
    rule_finished(play_turn(messages, "Read utils.py."))
    turn = play_turn(messages, "Read tests.py and main.py.", {2: 500})  # a 500, in the second turn
    rule_stopped(turn, anthropic.InternalServerError)


@holds(scaffold.cases(end="status-later"), most=scaffold.examples(6))
def _(case):
    turn = play_case(case)
    rule_stopped(turn, status_error(turn))


### BEGIN HIDDEN TESTS
with nbtools.project():
    turn = play_turn([], "Add a multiply function to math_utils.py.", {3: 429})
    rule_stopped(turn, anthropic.RateLimitError)
    assert len(tool_results(turn.messages)) == 2, "the read and the edit both ran and keep their results"
with nbtools.project():
    turn = play_turn([], "Read utils.py and tests.py.", {2: 400})
    rule_stopped(turn, anthropic.BadRequestError)
    assert [m["role"] for m in to_plain(turn.messages)] == ["user", "assistant", "user", "assistant"]
### END HIDDEN TESTS

# %% [markdown]
# ## Task 5: Ctrl-C in the middle of a turn (9 minutes)
#
# A user who presses Ctrl-C wants the turn to stop now. Python raises `KeyboardInterrupt`
# wherever the program is: often inside a tool, after the model's `tool_use` is already in
# the history. `KeyboardInterrupt` is not an `Exception`, so task 1's `except Exception` lets
# it through (as it should: a tool error is the model's news, Ctrl-C is the user's command).
#
# Catch it around the tool loop, and before re-raising leave the history valid:
#
# - the tools that finished keep their real results, exactly as task 1 sends them (a file they
#   wrote *was* written; telling the model otherwise invites it to do it twice);
# - every other `tool_use` of that response gets an `is_error` result saying it was not run;
# - all of them in one user message, in the order of the calls, then the turn is closed as in
#   task 4, and the `KeyboardInterrupt` raised again. No further tool run, no further API call.
#
# Ctrl-C can also land while the program waits for the model, on any call of the turn. Then
# there is no tool to answer, and closing the turn as in task 4 is all it takes.
# (`rule_halted` in "The checks".)
#
# **Expected:** "Read utils.py and tests.py." with Ctrl-C in the second read:
# `KeyboardInterrupt`, one API call, the first result holds `utils.py`'s text, the second is an
# error, and your note closes the turn. The properties then press Ctrl-C in any tool run of
# generated batches (in a second turn, in the second step of a change) and on any call of a
# turn.

# %%
try:
    dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, 2, KeyboardInterrupt())
    with nbtools.project():
        messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
        try:
            run_turn(with_faults(), messages)
        except KeyboardInterrupt:
            print("raised: KeyboardInterrupt")
        print(render_messages(messages))
finally:
    dispatch_tool = REAL_DISPATCH

# %% nbgrader="tests" grade_id="test_ctrl_c_in_a_tool" points=3
"""Check that Ctrl-C inside a tool answers every tool_use, keeps finished results, closes the turn and re-raises"""
with nbtools.project():
    turn = play_turn([], "Read utils.py and tests.py.", raising={2: KeyboardInterrupt()})
    rule_halted(turn)
    results = tool_results(turn.messages)
    assert results[0].get("is_error") in (None, False) and "def slugify" in str(results[0]["content"]), (
        "the first read finished: keep its real result")
    assert results[1].get("is_error") is True, "the interrupted read is reported with is_error"
with nbtools.project():
    turn = play_turn([], "Read utils.py and tests.py.", raising={1: KeyboardInterrupt()})
    rule_halted(turn)
    assert [r.get("is_error") for r in tool_results(turn.messages)] == [True, True], (
        "Ctrl-C in the first read: it and the read after it were not run, and both are answered")


@holds(scaffold.cases(kinds=("reads", "create", "add"), end="ctrl-c-tool"), most=scaffold.examples(8))
def _(case):
    rule_halted(play_case(case))


### BEGIN HIDDEN TESTS
with nbtools.project():
    turn = play_turn([], "Read tests.py, utils.py and main.py.", raising={2: KeyboardInterrupt()})
    rule_halted(turn)
    assert [r.get("is_error") is True for r in tool_results(turn.messages)] == [False, True, True], "one read finished"
with nbtools.project():
    turn = play_turn([], "Add a multiply function to math_utils.py.", raising={2: KeyboardInterrupt()})
    rule_halted(turn)
    assert len(turn.calls) == 2 and [r.get("is_error") is True for r in tool_results(turn.messages)] == [False, True]
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_ctrl_c_while_waiting" points=2
"""Check that Ctrl-C while waiting for the model closes the turn and re-raises"""
with nbtools.project() as root:
    turn = play_turn([], "Create hello.py with a hello world function.", {2: CTRL_C})
    rule_halted(turn)
    assert (root / "hello.py").exists() and [m["role"] for m in to_plain(turn.messages)] == [
        "user", "assistant", "user", "assistant"], "the call, its result, then your note"
with nbtools.project():
    messages = []
    rule_finished(play_turn(messages, "Read utils.py."))
    rule_halted(play_turn(messages, "Read tests.py and main.py.", {1: CTRL_C}))  # in a second turn


@holds(scaffold.cases(end="ctrl-c-waiting"), most=scaffold.examples(8))
def _(case):
    rule_halted(play_case(case))


### BEGIN HIDDEN TESTS
turn = play_turn([], "What does edit_file do?", {1: CTRL_C})
rule_halted(turn)
assert type(turn.error) is KeyboardInterrupt, "Ctrl-C before the first answer is re-raised too"
with nbtools.project() as root:
    turn = play_turn([], "Add a multiply function to math_utils.py.", {3: CTRL_C})
    rule_halted(turn)
    assert "def multiply" in (root / "math_utils.py").read_text(), "the edit ran before Ctrl-C: its work stays"
### END HIDDEN TESTS

# %% [markdown]
# ## Done?
#
# Run `agentcourse lab check 2` in a terminal for the summary table, then submit
# `lab02.ipynb`. Then read checkpoint 03's `run_turn`
# (`checkpoints/03-real-tools/agent.py`): the same faults, handled in a whole program, plus a
# limit on the number of rounds, which this lab leaves to `with_faults`'s 12 calls.

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stops the tutor model
