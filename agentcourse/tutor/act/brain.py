"""What the tutor model decides to say or call next: a pure function of the request.

    respond(request) -> Reply(content=[...blocks...], stop_reason="tool_use" | "end_turn")

The current user turn is the last user message that is not only tool results; the
tool calls and results after it are the progress of the current task (turn.py reads
them into a Turn). `decide` asks the intents that read the request (understand/intents.py:
the rows of intent_table.py, most specific first), each through its handler: a family's
move (act/families/) or a task of TASK_HANDLERS, the small state
machines of create_tasks.py (new files and functions), edit_tasks.py (changes to
existing code), read_tasks.py (listing, reading, running the tests), and the
context-engineering step's context_tasks.py (notes, the long summary), compaction.py
and research.py, each written as "what do I know so far
-> next step". They read the real tool results, so edits are computed from the real file
text. Tools are used through abstract operations (list, read, search, read_lines, edit,
create, write, insert, run); toolbox.py maps them onto whichever tools the request
offers, judged by their schemas, and shell.py writes the commands when the only tool is
a shell. A request no task takes gets the request's own tools (foreign.py) or the help
reply.

Two promises hold for every task. Nothing is destroyed: existing files change only by
exact replacements of text read from them, or by a whole-file write of a complete new
text computed from a complete read; a new file is never written over an old one.
Nothing is claimed: the final reply is built from what the tool results show, and
says plainly what was not done.

Prompt-sensitive behaviour (the Lecture 5.3 failure modes, and following instructions
planted in tool results) is data in failure_modes.ALL_MODES, recognised by rules.py and
data_rule.py; `Turn.failing(id)` says whether a rule is
missing. No randomness: the same request always gets the same reply, ids included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from agentcourse.tutor.act import families, foreign, injected, plan_tool, side, tool_search
from agentcourse.tutor.act.answer import and_list, declined, to_reply
from agentcourse.tutor.act.code import describe
from agentcourse.tutor.act.compaction import task_compact
from agentcourse.tutor.act.context_tasks import task_module_summary, task_remember
from agentcourse.tutor.act.create_tasks import task_add_function, task_create
from agentcourse.tutor.act.edit_tasks import (
    task_change_default,
    task_delete,
    task_docstring,
    task_main_block,
)
from agentcourse.tutor.act.read_tasks import (
    task_explain,
    task_list,
    task_read_many,
    task_run_tests,
    task_summarize,
)
from agentcourse.tutor.act.research import task_research
from agentcourse.tutor.act.toolbox import Toolbox, read_tools, text_of
from agentcourse.tutor.act.turn import (
    NEGATED_REQUEST,
    Action,
    Reply,
    Turn,
    call,
    missing_rules,
    read_turn,
    say,
)
from agentcourse.tutor.understand import intents, script, tasks
from agentcourse.tutor.understand.tool_types import UNUSED_TOOLS

__all__ = ["Reply", "respond", "missing_rules", "read_tools", "read_turn", "describe", "decide",
           "TASK_HANDLERS"]


def respond(request: dict) -> Reply:
    """Decide the next assistant message for a validated Messages API request body."""
    turn = read_turn(request)
    turn.decide = decide
    return to_reply(turn, decide(turn))


def decide(turn: Turn) -> Action:
    """The task's next move, kept safe (a stuck shell restarted, no endless repeats) and
    ended the way the prompt asks (a submit command, when it names one); instructions
    planted in its tool results followed or named, as the prompt's rules make it
    (act/injected.py)."""
    return injected.guarded(turn, _decided)


def _decided(turn: Turn) -> Action:
    action = _guard(turn, _decide(turn))
    submitted = any(s.args.get("command") == turn.submit for s in turn.steps)
    if turn.submit and not action.calls and not submitted:
        return Action(calls=[("run", {"command": turn.submit})], text=action.text)
    return action


def _decide(turn: Turn) -> Action:
    """The first task whose pattern matches the request decides; otherwise the help reply."""
    if len(turn.steps) >= script.MAX_STEPS:
        return say(script.TOO_MANY_STEPS.format(n=len(turn.steps)))
    aside = side.answer(turn.body, _system(turn), turn.prompt)  # a harness's side request (a title)
    if aside is not None:
        return say(aside)
    if NEGATED_REQUEST.match(turn.request):
        return say(script.NEGATED)
    refused = declined(turn)
    if refused is not None:
        return refused
    # A tool-free call that asks for JSON in a shape it writes out (a judge, a classifier)
    # gets that JSON, even when the data it judges quotes one of the course's requests.
    as_json = None if turn.tools.tools else foreign.json_reply(_system(turn), turn.prompt)
    if as_json is not None:
        return say(as_json)
    planned = plan_tool.step(turn, _take)  # a request of several steps, with a plan tool offered
    if planned is not None:
        return planned
    # The request as typed, then in plain words (no "Could you", "thanks!" or code quotes),
    # then, in another language, in the intent table's English (which its task then reads).
    english = intents.english(turn.request) != turn.request
    for request in intents.forms(turn.request):
        action = _take(replace(turn, request=request) if english else turn, request)
        if action is not None:
            return action
    as_json = None if turn.steps else foreign.json_reply(_system(turn), turn.prompt)
    if as_json is not None:
        return say(as_json)
    return task_foreign_tool(turn) or say(
        script.HELP.format(prompts="\n".join(f"- {p}" for p in tasks.HELP_PROMPTS)) + _unused_note(turn)
    )


def _take(turn: Turn, request: str) -> Action | None:
    """The move of the most specific intent that reads `request` and acts on it: a family's
    move (act/families/) or one of the tutor's tasks (TASK_HANDLERS)."""
    for intent, groups in intents.ranked(request):
        move = families.move_for(intent.name) if intent.kind == "family" else None
        handler = move.act if move else TASK_HANDLERS[intent.name]
        action = handler(turn, groups)
        if action is not None:
            return action
    return None


def _system(turn: Turn) -> str:
    system = turn.body.get("system") or ""
    return system if isinstance(system, str) else text_of(system)


def task_foreign_tool(turn: Turn) -> Action | None:
    """A request no task knows, for tools of the request's own (foreign.py): call them,
    then pass their results on."""
    search = foreign.searcher(turn.body)
    calls = foreign.plan(turn.body, turn.tools.tools, turn.request, turn.steps)
    if calls:
        return Action(calls=[("raw", {"name": name, "input": tool_input}) for name, tool_input in calls])
    searched = None if search else _server_search(turn)
    if searched is not None:  # the API's tool search tool, then what it found, in one response
        blocks, calls = searched
        raw = [("raw", {"name": name, "input": tool_input}) for name, tool_input in calls]
        return Action(calls=raw, searched=blocks, text="" if raw else script.NOTHING_FOUND)
    ran = {t["name"] for t in foreign.candidates(turn.body, turn.tools.tools, deferred=True)}
    ran |= {search["name"]} if search else set()
    done = foreign.report(turn.steps, ran, search["name"] if search else None)
    if done is None and any(s.tool in ran for s in turn.steps):  # a search that found nothing
        done = foreign.report(turn.steps, ran)
    return say(done) if done is not None else None


def _server_search(turn: Turn) -> tuple[list[dict], list[tuple[str, dict]]] | None:
    """With the API's tool search tool offered, a deferred tool the request asks for that no
    search has loaded yet: the search's two blocks and the calls it makes possible, in one
    response, as the API runs a server tool (tool_search.py). None when there is nothing to
    search for, or a search already ran in this turn."""
    body, known = turn.body, turn.tools.tools
    server = tool_search.offered(body)
    if server is None or tool_search.searched_this_turn(body):
        return None
    scored = [(foreign.score(t, turn.request), t) for t in foreign.candidates(body, known, deferred=True)]
    loaded = {t["name"] for t in foreign.candidates(body, known)}
    wanted = next((t for points, t in sorted(scored, key=lambda p: -p[0]) if points > 0
                   and t["name"] not in loaded), None)
    if wanted is None:
        return None
    query = tool_search.query_for(server, wanted, foreign.matched_word(wanted["name"], turn.request))
    found = tool_search.search(server, query, body)
    searched = tool_search.blocks(server, query, found, f"{turn.n_messages}|{turn.request}")
    after = {**body, "messages": [*(body.get("messages") or []), {"role": "assistant", "content": searched}]}
    calls = foreign.plan(after, known, turn.request, turn.steps) if isinstance(found, list) and found else []
    return searched, calls


def _unused_note(turn: Turn) -> str:
    """The help reply says which offered tools the tutor never runs (server tools, memory)."""
    unused = [t.get("name") for t in turn.body.get("tools") or [] if isinstance(t, dict)
              and t.get("type") in UNUSED_TOOLS]
    return f"\n(Offline, the tutor never runs {and_list([str(n) for n in unused])}.)" if unused else ""


def _guard(turn: Turn, action: Action) -> Action:
    box = turn.tools
    if box.can_restart() and (box.stuck or box.cwd is None):
        if any(_to_shell(box, op, args) for op, args in action.calls):
            return call("restart")  # a timed-out command, or a directory it cannot name
    for op, args in action.calls:  # the same call, already made twice this turn: stop
        name, tool_input = box.call(op, args, via=args.get("via"))
        if sum(s.tool == name and s.input == tool_input for s in turn.steps) >= 2:
            return say(script.REPEATING.format(tool=name))
    return action


def _to_shell(box: Toolbox, op: str, args: dict) -> bool:
    if op in ("run", "cd", "restart"):
        return op != "restart"
    return (args.get("via") or box.via(op)) == "bash"


TASK_HANDLERS: dict[str, Callable[[Turn, dict], Action | None]] = {
    "explain-tool": task_explain,
    "run-tests": task_run_tests,
    "summarize": task_summarize,
    "list": task_list,
    "read-many": task_read_many,
    "delete": task_delete,
    "docstring": task_docstring,
    "main-block": task_main_block,
    "change-default": task_change_default,
    "add-function": task_add_function,
    "create": task_create,
    # the context-engineering step's (context_tasks.py, compaction.py, research.py)
    "remember": task_remember,
    "compact": task_compact,
    "research": task_research,
    "module-summary": task_module_summary,
}
