# ---
# jupyter:
#   agentcourse:
#     lab: lab02
#     title: What goes wrong in the loop
#     time_box_minutes: 45
#     release_baseline: 0
#     student_files: []
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
#         larger max_tokens (twice as much, say).
#     - number: 3
#       title: A paused turn
#       tests: [test_paused_turn_is_continued]
#       hint: >-
#         On "pause_turn", add the response's blocks to the assistant turn and call again
#         without a user message. If the last message is already the assistant's, extend
#         its content instead of appending a second assistant message.
#     - number: 4
#       title: The API keeps failing
#       tests: [test_api_error_before_any_work, test_api_error_mid_turn]
#       hint: >-
#         Catch anthropic.APIError around the loop. Keep the user's message, close the turn
#         with an assistant message that says it was not finished, then re-raise.
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
# | 4 | a 429 or 529 outlasts the SDK's retries | crashes and leaves the turn open |
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
# Grading runs each test again on other requests and other moments of the turn (the same
# faults, other instances).

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (in this process, loopback only), a client that retries the way
# the SDK does by default, and checkpoint 01's prompt, tools and dispatch_tool.
import contextlib

import anthropic

from agentcourse.course import nbtools
from agentcourse.course.nbtools import CTRL_C
from agentcourse.api.protocol import protocol_errors, to_plain
from agentcourse.api.render import render_messages
from agentcourse.tutor import TutorConfig, serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_LOG = []  # every HTTP request the tutor answered: {"path", "status", "fault"}
TUTOR_URL = STACK.enter_context(serve(TutorConfig(log=TUTOR_LOG)))
# max_retries=2 is the SDK's default: a 429 or 529 reaches your loop after three tries.
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=2, timeout=10)

_agent = nbtools.reference_agent()
MODEL, MAX_TOKENS = _agent.MODEL, _agent.MAX_TOKENS
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
    finish (an API error the SDK's retries did not cure, or Ctrl-C), close it with an
    assistant message saying so, then re-raise the exception.
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
# The tests use the helpers in the next cell; read them, they are the specification. Two you
# will use yourself: `with_faults({call: fault})` is the client with a fault injected on the
# calls you name, and `still_usable(messages)` fails unless a next user message could follow
# the history. Run the cell before the tasks.

# %% nbgrader="locked" grade_id="checks"
def with_faults(faults=None):
    """The client, with a fault on the calls you name, e.g. {1: 429} or {2: "pause_turn"}
    (call 1 is the turn's first call). A 429, 529 or 500 lasts: every later call fails too.
    CTRL_C raises KeyboardInterrupt instead of calling. The client stops the loop after 12
    calls and records what each call asked for in `.sent` (max_tokens, fault)."""
    return nbtools.limited(client, calls=12, faults=faults)


def still_usable(messages):
    """Fail unless a next user message can follow `messages`: protocol_errors finds
    nothing, and the tutor model, which validates like the API, accepts the request."""
    follow = to_plain(messages) + [{"role": "user", "content": "What files are in this project?"}]
    client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM_PROMPT,
                           tools=TOOLS, messages=follow)  # a 400 here shows the API's own message
    problems = protocol_errors(follow)
    assert not problems, f"with a next user message, the history breaks the protocol: {problems[0]}"


def tool_results(messages):
    """Every tool_result block in the history, as a plain dict, in order."""
    return [block for message in to_plain(messages) if isinstance(message["content"], list)
            for block in message["content"] if block.get("type") == "tool_result"]


def tool_uses(messages):
    """Every tool_use block in the history, as a plain dict, in order."""
    return [block for message in to_plain(messages) if isinstance(message["content"], list)
            for block in message["content"] if block.get("type") == "tool_use"]


def complete(messages):
    """True when every tool_use in the history has all the arguments its schema requires."""
    required = {tool["name"]: set(tool["input_schema"].get("required", [])) for tool in TOOLS}
    return all(required.get(use["name"], set()) <= set(use["input"]) for use in tool_uses(messages))


def whole_answer(request):
    """The reply the tutor gives without any fault, for comparison."""
    with nbtools.project():
        response = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM_PROMPT,
                                          tools=TOOLS, messages=[{"role": "user", "content": request}])
        return "".join(block.text for block in response.content if block.type == "text")


def same_text(a, b):
    """The same text, whitespace aside."""
    return "".join(str(a).split()) == "".join(str(b).split())


def failed_turn(request, faults):
    """Run a turn that must end with an exception; returns (exception, messages, project files)."""
    with nbtools.project() as root:
        messages = [{"role": "user", "content": request}]
        try:
            run_turn(with_faults(faults), messages)
        except (anthropic.APIError, KeyboardInterrupt) as err:
            return err, messages, {p.name for p in root.iterdir()}
    raise AssertionError(f"run_turn returned as if the turn had finished; it should re-raise ({faults})")


def closed(messages, request):
    plain = to_plain(messages)
    assert plain and plain[0] == {"role": "user", "content": request}, "the user's message must stay first in the history"
    assert plain[-1]["role"] == "assistant", "close the turn with an assistant message saying it was not finished"
    assert not [b for b in plain[-1]["content"] if isinstance(b, dict) and b.get("type") == "tool_use"], (
        "the closing message must not hold a tool_use")
    still_usable(messages)


def interrupted(request, tool_call):
    """Run a turn whose `tool_call`-th tool run is interrupted; returns (messages, calls made)."""
    global dispatch_tool
    faulty = with_faults()
    try:
        dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, tool_call, KeyboardInterrupt())
        with nbtools.project():
            messages = [{"role": "user", "content": request}]
            try:
                run_turn(faulty, messages)
            except KeyboardInterrupt:
                return messages, len(faulty.sent)
    finally:
        dispatch_tool = REAL_DISPATCH
    raise AssertionError("run_turn went on after Ctrl-C; it should re-raise KeyboardInterrupt")


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
# **Expected:** "Read utils.py and nothere.py." gives two results in one user message: the
# text of `utils.py` (no flag), and an error with `is_error: True`. Then a `dispatch_tool`
# that raises `OSError("disk full")`: the turn still ends with the model's answer, and the
# result says `disk full`.

# %%
with nbtools.project():
    messages = [{"role": "user", "content": "Read utils.py and nothere.py."}]
    run_turn(with_faults(), messages)
    print(render_messages(messages))
    print("flags:", [result.get("is_error", False) for result in tool_results(messages)])

# %% nbgrader="tests" grade_id="test_failed_tool_is_flagged" points=2
"""Check that a tool result that reports an error carries is_error, and a good one does not"""
with nbtools.project():
    messages = [{"role": "user", "content": "Read utils.py and nothere.py."}]
    reply = run_turn(with_faults(), messages)
    results = tool_results(messages)
    assert len(results) == 2, f"two reads, two results: got {len(results)}"
    assert results[0].get("is_error") in (None, False), "utils.py was read: no is_error on that result"
    assert results[1].get("is_error") is True, "the failed read of nothere.py needs \"is_error\": True"
    assert isinstance(reply, str) and reply.strip(), "the turn goes on to the model's answer"
    still_usable(messages)
### BEGIN HIDDEN TESTS
with nbtools.project():
    messages = [{"role": "user", "content": "Create main.py with a hello world function."}]
    run_turn(with_faults(), messages)
    results = tool_results(messages)
    assert [r.get("is_error") for r in results] == [True], "main.py exists: the create fails and is flagged"
    still_usable(messages)
with nbtools.project():
    messages = [{"role": "user", "content": "Read tests.py and utils.py."}]
    run_turn(with_faults(), messages)
    assert [r.get("is_error") in (None, False) for r in tool_results(messages)] == [True, True], "both reads worked: no flags"
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_raising_tool_is_reported" points=2
"""Check that a tool that raises becomes an is_error result and the turn still ends with an answer"""
try:
    dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, 1, OSError("disk full"))
    with nbtools.project() as root:
        messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
        reply = run_turn(with_faults(), messages)
        results = tool_results(messages)
        assert len(results) == 1 and results[0].get("is_error") is True, "the raised error goes back with is_error"
        assert "disk full" in str(results[0]["content"]), "tell the model what went wrong: the exception's message"
        assert isinstance(reply, str) and reply.strip(), "the turn goes on to the model's answer"
        still_usable(messages)
    dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, 1, OSError("disk full"))
    with nbtools.project() as root:
        messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
        run_turn(with_faults(), messages)
        results = tool_results(messages)
        assert [r.get("is_error") is True for r in results] == [True, False], (
            "the first read raised; the second still runs, and its result is not an error")
        still_usable(messages)
finally:
    dispatch_tool = REAL_DISPATCH
### BEGIN HIDDEN TESTS
try:
    dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, 2, ValueError("bad bytes"))
    with nbtools.project() as root:
        messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
        run_turn(with_faults(), messages)
        results = tool_results(messages)
        assert [r.get("is_error") is True for r in results] == [False, True], "only the second read raised"
        assert "bad bytes" in str(results[1]["content"])
        still_usable(messages)
    dispatch_tool = nbtools.raising_on_call(REAL_DISPATCH, 1, RuntimeError("bug"))
    with nbtools.project() as root:
        messages = [{"role": "user", "content": "Read tests.py and utils.py."}]
        run_turn(with_faults(), messages)
        assert [r.get("is_error") is True for r in tool_results(messages)] == [True, False]
        assert "def slugify" in str(tool_results(messages)[1]["content"])
        still_usable(messages)
finally:
    dispatch_tool = REAL_DISPATCH
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
# for `max_tokens`, raise the limit or continue. For a cut tool call, raise it: do not keep
# the cut response, and call again with a larger `max_tokens` (double it; stop at some ceiling
# so a reply that never fits cannot loop for ever).
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
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    faulty = with_faults({1: "max_tokens_in_tool_use"})
    run_turn(faulty, messages)
    assert len(faulty.sent) >= 2 and faulty.sent[1]["max_tokens"] > faulty.sent[0]["max_tokens"], (
        "after the cut, call again with a larger max_tokens")
    assert complete(messages), "a cut tool_use (missing arguments) stayed in the history"
    assert (root / "hello.py").exists(), "the retried call should create hello.py"
    assert [m["role"] for m in to_plain(messages)] == ["user", "assistant", "user", "assistant"], (
        "the cut response is not kept: one call, its result, the answer")
    still_usable(messages)
### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
    faulty = with_faults({1: "max_tokens_in_tool_use"})
    run_turn(faulty, messages)
    assert faulty.sent[1]["max_tokens"] > faulty.sent[0]["max_tokens"]
    assert complete(messages) and len(tool_uses(messages)) == 2, "both reads, complete, once each"
    assert "def slugify" in str(tool_results(messages)[0]["content"])
    still_usable(messages)
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Add a multiply function to math_utils.py."}]
    run_turn(with_faults({2: "max_tokens_in_tool_use"}), messages)
    assert "def multiply" in (root / "math_utils.py").read_text(), "the edit, cut once, lands on the retry"
    assert complete(messages), "the cut edit_file call must not stay in the history"
    still_usable(messages)
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
# **Expected:** with the first call paused, the reply is the tutor's whole answer (the same
# as without the fault), and the history is one question and one answer. The same when the
# pause hits the final answer after a tool call.

# %%
messages = [{"role": "user", "content": "What does edit_file do?"}]
faulty = with_faults({1: "pause_turn"})
reply = run_turn(faulty, messages)
print(render_messages(messages))
print("calls:", len(faulty.sent), "| reply:", reply)

# %% nbgrader="tests" grade_id="test_paused_turn_is_continued" points=3
"""Check that a paused turn is sent back and continued, and the reply is the whole answer"""
messages = [{"role": "user", "content": "What does edit_file do?"}]
faulty = with_faults({1: "pause_turn"})
reply = run_turn(faulty, messages)
assert len(faulty.sent) == 2, f"one paused call, one call to continue it: {len(faulty.sent)} calls"
assert same_text(reply, whole_answer("What does edit_file do?")), f"not the whole answer: {reply!r}"
assert [m["role"] for m in to_plain(messages)] == ["user", "assistant"], "the continuation joins the same assistant turn"
still_usable(messages)
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    reply = run_turn(with_faults({2: "pause_turn"}), messages)
    assert (root / "hello.py").exists()
    assert "hello" in reply and [m["role"] for m in to_plain(messages)] == ["user", "assistant", "user", "assistant"], (
        "the paused final answer is continued in the same assistant message")
    still_usable(messages)
### BEGIN HIDDEN TESTS
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
    reply = run_turn(with_faults({2: "pause_turn"}), messages)
    assert "utils.py" in reply and "tests.py" in reply, f"not the whole answer: {reply!r}"
    assert len(to_plain(messages)) == 4, "the paused summary joins the last assistant message"
    still_usable(messages)
messages = [{"role": "user", "content": "What does read_file do?"}]
reply = run_turn(with_faults({1: "pause_turn"}), messages)
assert same_text(reply, whole_answer("What does read_file do?"))
still_usable(messages)
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
# is allowed (here the fault outlasts that too); in the end the turn stops, and what matters
# is what it leaves behind:
#
# - the user's message stays in the history (they should not have to type it again, and the
#   model should see what was asked);
# - the work already done stays too (a file the tools created is not undone);
# - the turn is **closed**: the history ends with an assistant message saying the request was
#   not finished, so the user's next message follows an assistant turn (otherwise the API
#   would merge the two user messages, and the model would take up the old request as if
#   nothing had happened);
# - then the error is raised again, so the caller can tell the user. Returning as if the
#   turn had ended normally would hide it.
#
# (Checkpoint 03 ends the turn the same way but returns the note instead of raising, because
# it is a whole program that prints the note itself; here the caller decides.)
#
# **Expected:** a 429 on the first call: `RateLimitError`, and the history is the user's
# message plus your note. A 529 on the second call (after `edit_file` ran): `OverloadedError`,
# `hello.py` exists, and the history is user, call, result, note.

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
err, messages, files = failed_turn("Create hello.py with a hello world function.", {1: 429})
assert isinstance(err, anthropic.RateLimitError), f"re-raise the API's error, not {type(err).__name__}"
assert "hello.py" not in files
closed(messages, "Create hello.py with a hello world function.")
### BEGIN HIDDEN TESTS
err, messages, files = failed_turn("Add a multiply function to math_utils.py.", {1: 529})
assert type(err).__name__ == "OverloadedError", "a 529 that outlasts the retries is re-raised as it came"
closed(messages, "Add a multiply function to math_utils.py.")
err, messages, files = failed_turn("What does edit_file do?", {1: 429})
assert type(err).__name__ == "RateLimitError", "a 429 that outlasts the retries is re-raised as it came"
closed(messages, "What does edit_file do?")
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_api_error_mid_turn" points=2
"""Check that an API error after a tool ran keeps the work, raises, and closes the turn"""
err, messages, files = failed_turn("Create hello.py with a hello world function.", {2: 529})
assert isinstance(err, anthropic.OverloadedError), f"re-raise the API's error, not {type(err).__name__}"
assert "hello.py" in files, "the tool ran before the error: its work stays"
assert [m["role"] for m in to_plain(messages)] == ["user", "assistant", "user", "assistant"], (
    "the call, its result, then your note")
closed(messages, "Create hello.py with a hello world function.")
### BEGIN HIDDEN TESTS
err, messages, files = failed_turn("Add a multiply function to math_utils.py.", {3: 429})
assert type(err).__name__ == "RateLimitError", "the 429 on the third call is re-raised as it came"
assert len(tool_results(messages)) == 2, "the read and the edit both ran and keep their results"
closed(messages, "Add a multiply function to math_utils.py.")
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
# - the tools that finished keep their real results (a file they wrote *was* written; telling
#   the model otherwise invites it to do it twice);
# - every other `tool_use` of that response gets an `is_error` result saying it was not run;
# - all of them in one user message, then the turn is closed as in task 4, and the
#   `KeyboardInterrupt` raised again. No further API call.
#
# Ctrl-C can also land while the program waits for the model; then there is no tool to answer,
# and closing the turn is all it takes.
#
# **Expected:** "Read utils.py and tests.py." with Ctrl-C in the second read:
# `KeyboardInterrupt`, one API call, the first result holds `utils.py`'s text, the second is an
# error, and your note closes the turn.

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
messages, calls = interrupted("Read utils.py and tests.py.", 2)
assert calls == 1, f"no API call after Ctrl-C: {calls} calls"
results = tool_results(messages)
assert [r["tool_use_id"] for r in results] == [u["id"] for u in tool_uses(messages)], "every tool_use answered, in order"
assert results[0].get("is_error") in (None, False) and "def slugify" in str(results[0]["content"]), (
    "the first read finished: keep its real result")
assert results[1].get("is_error") is True, "the interrupted read is reported with is_error"
closed(messages, "Read utils.py and tests.py.")
messages, calls = interrupted("Read utils.py and tests.py.", 1)
results = tool_results(messages)
assert calls == 1 and [r.get("is_error") for r in results] == [True, True], (
    "Ctrl-C in the first read: it and the read after it were not run, and both are answered")
assert [r["tool_use_id"] for r in results] == [u["id"] for u in tool_uses(messages)]
closed(messages, "Read utils.py and tests.py.")
### BEGIN HIDDEN TESTS
messages, calls = interrupted("Read tests.py and utils.py.", 1)
assert calls == 1 and [r.get("is_error") for r in tool_results(messages)] == [True, True], "neither read finished"
closed(messages, "Read tests.py and utils.py.")
messages, calls = interrupted("Add a multiply function to math_utils.py.", 2)
assert calls == 2 and [r.get("is_error") is True for r in tool_results(messages)] == [False, True]
closed(messages, "Add a multiply function to math_utils.py.")
### END HIDDEN TESTS

# %% nbgrader="tests" grade_id="test_ctrl_c_while_waiting" points=2
"""Check that Ctrl-C while waiting for the model closes the turn and re-raises"""
err, messages, files = failed_turn("Create hello.py with a hello world function.", {2: CTRL_C})
assert isinstance(err, KeyboardInterrupt), f"re-raise KeyboardInterrupt, not {type(err).__name__}"
assert "hello.py" in files and [m["role"] for m in to_plain(messages)] == ["user", "assistant", "user", "assistant"]
closed(messages, "Create hello.py with a hello world function.")
### BEGIN HIDDEN TESTS
err, messages, files = failed_turn("What does edit_file do?", {1: CTRL_C})
assert type(err) is KeyboardInterrupt, "Ctrl-C before the first answer is re-raised too"
closed(messages, "What does edit_file do?")
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
