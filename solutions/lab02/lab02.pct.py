# ---
# jupyter:
#   agentcourse:
#     lab: lab02
#     title: The agent loop
#     time_box_minutes: 30
#     release_baseline: 0
#     student_files: []
#     tasks:
#     - number: 1
#       title: One call, and stop on end_turn
#       tests: [test_end_turn]
#       hint: Call client.messages.create with model, max_tokens, system, tools and messages; append the
#         response as an assistant message; return its text.
#     - number: 2
#       title: Run the tool and send its result back
#       tests: [test_single_tool]
#       hint: Append the WHOLE response.content (tool_use blocks included), then a user message with one
#         tool_result per tool_use, tool_use_id=block.id; loop.
#     - number: 3
#       title: 'Parallel tool calls: all results in one message'
#       tests: [test_parallel_tools]
#       hint: Collect every result of one response in a list first; append that list as ONE user message
#         after the for loop.
#     - number: 4
#       title: Many steps in one turn
#       tests: [test_multi_step]
#       hint: Keep looping while stop_reason is "tool_use"; the model reads the file, then edits it, then
#         answers.
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lab 2: The agent loop
#
# **Time box: 30 minutes**
#
# You write the inner loop of a coding agent: `run_turn(client, messages)`, which takes a
# conversation whose last message is the user's request and runs it to completion. Everything
# else is given: checkpoint 01's system prompt, tool schemas and `dispatch_tool`.
#
# The one branch in the loop is `response.stop_reason`:
#
# - `"tool_use"`: the model is asking the program for something. Append its whole response,
#   run every requested tool, send all the results back, call again.
# - anything else (`"end_turn"`): the model has answered. Return the text.
#
# How to work:
#
# 1. Run the setup cell once (it starts the tutor model on this machine; nothing leaves it).
# 2. Write `run_turn` in the answer cell, then run the tasks' cells in order. Each task says
#    what to expect before you run it. You will edit the same function across all four tasks.
# 3. Check yourself any time from a terminal: `agentcourse lab check 2`.
#
# The test cells you see are the self-check; grading runs a few more of the same kind.

# %% nbgrader="locked" grade_id="setup"
# Setup: the tutor model (in this process, loopback only), a client with a short timeout,
# and checkpoint 01's prompt, tools and dispatch_tool.
import contextlib

import anthropic

from agentcourse import nbtools
from agentcourse.protocol import protocol_errors, to_plain
from agentcourse.render import render_messages
from agentcourse.tutor import serve

STACK = contextlib.ExitStack()  # closed by the last cell
TUTOR_URL = STACK.enter_context(serve())
client = anthropic.Anthropic(base_url=TUTOR_URL, api_key="tutor-offline", max_retries=0, timeout=10)

_agent = nbtools.reference_agent()
MODEL, MAX_TOKENS = _agent.MODEL, _agent.MAX_TOKENS
SYSTEM_PROMPT, TOOLS, dispatch_tool = _agent.SYSTEM_PROMPT, _agent.TOOLS, _agent.dispatch_tool
print("tutor model at", TUTOR_URL, "| tools:", *(t["name"] for t in TOOLS))


# %% [markdown]
# ## The function you write
#
# Write the body of `run_turn` below. It is one `while True:` loop:
#
# 1. call `client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, system=SYSTEM_PROMPT,
#    tools=TOOLS, messages=messages)`;
# 2. append `{"role": "assistant", "content": response.content}`: the **whole** content list,
#    not just its text, because the next call must show the model its own `tool_use` blocks;
# 3. if `response.stop_reason` is not `"tool_use"`, return the text of the response's text blocks;
# 4. otherwise run every `tool_use` block with `dispatch_tool(block.name, block.input)`, make a
#    `{"type": "tool_result", "tool_use_id": block.id, "content": result}` for each, and append
#    **one** user message holding all of them. Then loop.
#
# Tasks 1 to 4 below test these steps one at a time. You can write the whole loop now, or grow
# it task by task.

# %% nbgrader="solution" grade_id="run_turn"
def run_turn(client, messages):
    """Run one user turn to completion and return the model's final text.

    `messages` already ends with the user's message. Append every assistant response (its
    full content) and every batch of tool results (one user message per response), and
    stop when stop_reason is not "tool_use".
    """
    ### BEGIN SOLUTION
    while True:
        response = client.messages.create(
            model=MODEL,
            max_tokens=MAX_TOKENS,
            system=SYSTEM_PROMPT,
            tools=TOOLS,
            messages=messages,
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return "".join(block.text for block in response.content if block.type == "text")
        results = []
        for block in response.content:
            if block.type == "tool_use":
                output = dispatch_tool(block.name, block.input)
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})
        messages.append({"role": "user", "content": results})
    ### END SOLUTION


# %% [markdown]
# ## Task 1: One call, and stop on end_turn
#
# "What does edit_file do?" needs no tool: the model answers straight away with
# `stop_reason == "end_turn"`.
#
# **Expected:** two messages, the user's question and the assistant's answer, and the reply
# printed after them:
#
# ```
# [0] role: user       "What does edit_file do?"
# [1] role: assistant  [text: "edit_file ..."]
# ```
#
# **Hint:** return the text you found in the response, and make sure the loop ends.

# %%
messages = [{"role": "user", "content": "What does edit_file do?"}]
reply = run_turn(nbtools.limited(client), messages)
print(render_messages(messages))
print("reply:", reply)

# %% nbgrader="tests" grade_id="test_end_turn" points=2
"""Check that run_turn answers a question with one call and returns the reply text"""
messages = [{"role": "user", "content": "What does edit_file do?"}]
reply = run_turn(nbtools.limited(client), messages)
plain = to_plain(messages)
assert [m["role"] for m in plain] == ["user", "assistant"], "one call: the question, then the answer"
assert isinstance(reply, str) and reply.strip(), "run_turn should return the reply text"
### BEGIN HIDDEN TESTS
assert isinstance(plain[1]["content"], list), "append response.content itself (a list of blocks)"
assert reply.strip() in "".join(b.get("text", "") for b in plain[1]["content"]), "return the text of the last response"
assert protocol_errors(messages) == []
### END HIDDEN TESTS

# %% [markdown]
# ## Task 2: Run the tool and send its result back
#
# "Create hello.py with a hello world function." makes the model call `edit_file` once.
# Your loop runs it, answers with a `tool_result` whose `tool_use_id` is the `tool_use`
# block's `id`, and calls again; the second response ends the turn.
#
# **Expected:** four messages, and `hello.py` exists in the scratch project:
#
# ```
# [0] role: user       "Create hello.py with a hello world function."
# [1] role: assistant  [tool_use: edit_file(path="hello.py", old_str="", new_str="def hel…")]
# [2] role: user       [tool_result id=toolu_tutor_…: "Created hello.py"]
# [3] role: assistant  [text: "..."]
# ```
#
# **Hint:** tool results go back with role `"user"`: they come from outside the model.

# %%
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    run_turn(nbtools.limited(client), messages)
    print(render_messages(messages))
    print("hello.py exists:", (root / "hello.py").exists())

# %% nbgrader="tests" grade_id="test_single_tool" points=3
"""Check that a tool call is run and its result sent back with the tool_use id"""
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Create hello.py with a hello world function."}]
    reply = run_turn(nbtools.limited(client), messages)
    plain = to_plain(messages)
    assert [m["role"] for m in plain] == ["user", "assistant", "user", "assistant"], "call, result, answer"
    assert (root / "hello.py").exists(), "the edit_file call was not run"
    uses = [b for b in plain[1]["content"] if b["type"] == "tool_use"]
    results = plain[2]["content"]
    assert len(uses) == 1 and len(results) == 1, "one tool_use, answered by one tool_result"
    assert results[0]["type"] == "tool_result" and results[0]["tool_use_id"] == uses[0]["id"], "tool_use_id must be the block's id"
    ### BEGIN HIDDEN TESTS
    assert protocol_errors(messages) == [], protocol_errors(messages)
    assert results[0]["content"] == "Created hello.py", "send dispatch_tool's string back as the content"
    assert not [b for b in plain[3]["content"] if b["type"] == "tool_use"], "the turn ends on end_turn"
    assert reply and reply in "".join(b.get("text", "") for b in plain[3]["content"]), "return the final text"
    ### END HIDDEN TESTS

# %% [markdown]
# ## Task 3: Parallel tool calls: all results in one message
#
# "Read utils.py and tests.py." makes the model ask for **two** `read_file` calls in **one**
# response. Both results must go back in **one** user message, in the same order, each with
# its own `tool_use_id`. (Two user messages in a row, or a result with the wrong id, and the
# API answers with a 400 error.)
#
# **Expected:**
#
# ```
# [0] role: user       "Read utils.py and tests.py."
# [1] role: assistant  [tool_use: read_file(filename="utils.py"), tool_use: read_file(filename="tests.py")]
# [2] role: user       [tool_result id=…: "...", tool_result id=…: "..."]
# [3] role: assistant  [text: "..."]
# ```

# %%
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
    run_turn(nbtools.limited(client), messages)
    print(render_messages(messages))

# %% nbgrader="tests" grade_id="test_parallel_tools" points=3
"""Check that two tool calls in one response are answered in one user message"""
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Read utils.py and tests.py."}]
    run_turn(nbtools.limited(client), messages)
    plain = to_plain(messages)
    assert [m["role"] for m in plain] == ["user", "assistant", "user", "assistant"], "both results in ONE user message"
    uses = [b for b in plain[1]["content"] if b["type"] == "tool_use"]
    assert len(uses) == 2, "the tutor asks for two reads in one response"
    ids = [b.get("tool_use_id") for b in plain[2]["content"]]
    assert ids == [u["id"] for u in uses], "one tool_result per tool_use, same ids, same order"
    ### BEGIN HIDDEN TESTS
    assert protocol_errors(messages) == [], protocol_errors(messages)
    assert all(b["type"] == "tool_result" for b in plain[2]["content"]), "only tool_results in that message"
    assert "def slugify" in plain[2]["content"][0]["content"], "the first result is utils.py's text"
    ### END HIDDEN TESTS

# %% [markdown]
# ## Task 4: Many steps in one turn
#
# "Add a multiply function to math_utils.py." takes three calls: read the file, edit it,
# answer. One user message in, a loop that runs until the model is done.
#
# **Expected:** six messages (user, read, result, edit, result, answer), and `math_utils.py`
# gains `def multiply`.

# %%
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Add a multiply function to math_utils.py."}]
    run_turn(nbtools.limited(client), messages)
    print(render_messages(messages))
    print("multiply added:", "def multiply" in (root / "math_utils.py").read_text())

# %% nbgrader="tests" grade_id="test_multi_step" points=2
"""Check that the loop keeps going until the model ends the turn (read, edit, answer)"""
with nbtools.project() as root:
    messages = [{"role": "user", "content": "Add a multiply function to math_utils.py."}]
    run_turn(nbtools.limited(client), messages)
    plain = to_plain(messages)
    assert "def multiply" in (root / "math_utils.py").read_text(), "the edit never happened"
    assert [m["role"] for m in plain] == ["user", "assistant"] * 3, "read, edit, answer: six messages"
    ### BEGIN HIDDEN TESTS
    assert protocol_errors(messages) == [], protocol_errors(messages)
    # A second user turn on the same conversation: the history must still be valid input.
    messages.append({"role": "user", "content": "What files are in this project?"})
    reply = run_turn(nbtools.limited(client), messages)
    assert protocol_errors(messages) == [], protocol_errors(messages)
    assert "math_utils.py" in reply, "the second turn should list the project's files"
    ### END HIDDEN TESTS

# %% [markdown]
# ## Done?
#
# Run `agentcourse lab check 2` in a terminal for the summary table, then submit
# `lab02.ipynb`. Compare your function with checkpoint 01's `run_turn`
# (`checkpoints/01-v1-loop/code-agent-v1.py`): the same loop, plus a print of each tool call.

# %% nbgrader="locked" grade_id="teardown"
STACK.close()  # stops the tutor model
