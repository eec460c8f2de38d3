"""A record of how the offline tutor routes requests and judges prompt rules.

    .venv/bin/python -m tests.tutor.routing_record    # from the repository root

writes tests/tutor/routing_record.json; tests/tutor/test_routing_record.py holds that
record() still gives it, so a refactor of agentcourse/ can prove the tutor unchanged.

"requests": every request text of the repository's corpora (each task family's instances
for SEEDS, the phrasings and near misses of tests/arena/families/phrasing_corpus.py filled in for
them, the prompt matrix's rows, tasks.HELP_PROMPTS, and the literal prompts of
tests/tutor/test_requests.py, test_script.py and test_context_tasks.py), sent as the first
message of a conversation with the TOOLS and system prompt of checkpoints 03, 04 and 08.
For each checkpoint: "route", who decided the first response ("family:<name>", a family's
act; "task:<name>:<handler>", an entry of brain.TASK_HANDLERS; "other", anything else: the
help reply, a side answer, a refusal, foreign tools, a guard's replacement), and "reply",
that response's content blocks without their ids. tests/arena/families/honest_corpus.py holds
outcomes, not requests: its requests are the families' own, already here.

"rules": every case of tests/tutor/rule_corpus*.txt, keyed "<file>:<line>", placed in a
prompt as test_rules.py places it; "modes" are the failure modes whose rule the tutor finds
missing there (rules.missing(...) is True), i.e. the failures it would show.
"""

from __future__ import annotations

import ast
import copy
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from unittest import mock

# Every agentcourse import, in one place: retarget these when the modules move.
from agentcourse.arena.families import FAMILIES
from agentcourse.course.matrix import ROWS
from agentcourse.paths import load_checkpoint
from agentcourse.tutor.act import brain, families
from agentcourse.tutor.understand import rules
from agentcourse.tutor.understand.tasks import HELP_PROMPTS

HERE = Path(__file__).resolve().parent
RECORD = HERE / "routing_record.json"
# The helpers beside the tests are imported by their plain names, as pytest imports them
# (tests/arena/families/tutor_play.py does the same).
for _folder in (HERE, HERE.parent / "arena" / "families"):
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))
import test_rules  # noqa: E402 (its corpus parser and prompt_for)
from phrasing_corpus import NEAR_MISSES, PHRASINGS, requests  # noqa: E402

SEEDS = range(5)  # each family's instances; fewer seeds if the test gets slow
CHECKPOINTS = ("03", "04", "08")  # read_file/edit_file; search_file/read_lines; editor + bash
TEST_FILES = ("test_requests.py", "test_script.py", "test_context_tasks.py")
PROMPT_PARAMS = ("prompt", "question", "request_text")  # parametrize names holding a request
PROMPT_AT = {"run": 0, "ask": 2}  # tutor_sim.run(prompt, ...), test_requests.ask(client, root, prompt)
BLOCK_KEYS = ("type", "text", "name", "input")  # a block's id is dropped


@contextmanager
def spied_routes() -> Iterator[Callable[[], str]]:
    """While open, every family's act and brain task handler is wrapped; the function it
    yields names the one whose action the last brain.respond used. All put back on exit."""
    taken: list[tuple[str, object]] = []  # (route, action) of outermost handler calls
    decided: list[object] = []  # the actions decide returned; the outermost returns last
    depth = [0]

    def wrap(route: str, handler: Callable) -> Callable:
        def spy(turn, groups):
            depth[0] += 1
            try:
                action = handler(turn, groups)
            finally:
                depth[0] -= 1
            if depth[0] == 0 and action is not None:
                taken.append((route, action))
            return action

        return spy

    def decide(turn):
        decided.append(original_decide(turn))
        return decided[-1]

    def route() -> str:
        used = decided[-1] if decided else None
        found = next((name for name, action in taken if action is used), "other")
        taken.clear()
        decided.clear()
        return found

    original_decide = brain.decide
    acts = tuple(replace(m, act=wrap(f"family:{m.name}", m.act)) for m in families.MOVES)
    tasks = {n: wrap(f"task:{n}:{h.__name__}", h) for n, h in brain.TASK_HANDLERS.items()}
    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(families, "MOVES", acts))
        stack.enter_context(mock.patch.dict(brain.TASK_HANDLERS, tasks))
        stack.enter_context(mock.patch.object(brain, "decide", decide))
        yield route


def toolsets() -> dict[str, dict]:
    """Each checkpoint's tools and system prompt (from 07 on the prompt is a function)."""
    out = {}
    for name in CHECKPOINTS:
        program = load_checkpoint(name)
        system = program.SYSTEM_PROMPT
        out[name] = {"tools": program.TOOLS, "system": system() if callable(system) else system}
    return out


def _constants(tree: ast.Module) -> dict[str, ast.expr]:
    return {t.id: node.value for node in tree.body if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)}


def _resolve(node: ast.expr | None, consts: dict[str, ast.expr]) -> ast.expr | None:
    while isinstance(node, ast.Name) and node.id in consts:
        node = consts[node.id]
    return node


def _strings(values: list, slot: int, consts: dict[str, ast.expr]) -> list[str]:
    """The string at `slot` of each parameter set (or each value, when it is a string)."""
    out = []
    for value in values:
        value = _resolve(value, consts)
        if isinstance(value, ast.Tuple | ast.List):
            value = _resolve(value.elts[slot], consts) if slot < len(value.elts) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            out.append(value.value)
    return out


def _prompts_in(node: ast.AST, consts: dict[str, ast.expr]) -> list[str]:
    """The literal prompts of one call: a parametrize over prompts, or run(...)/ask(...)."""
    if not isinstance(node, ast.Call):
        return []
    name = getattr(node.func, "attr", getattr(node.func, "id", ""))
    if name in PROMPT_AT and len(node.args) > PROMPT_AT[name]:
        return _strings([node.args[PROMPT_AT[name]]], 0, consts)
    if name != "parametrize" or len(node.args) < 2:
        return []
    first = node.args[0]
    names = ([e.value for e in first.elts] if isinstance(first, ast.Tuple)
             else [n.strip() for n in str(getattr(first, "value", "")).split(",")])
    slot = next((i for i, n in enumerate(names) if n in PROMPT_PARAMS), None)
    values = _resolve(node.args[1], consts)
    if isinstance(values, ast.Call) and values.args:  # asked_by(CASES, every=2)
        values = _resolve(values.args[0], consts)
    if slot is None or not isinstance(values, ast.List | ast.Tuple):
        return []
    return _strings(values.elts, slot, consts)


def prompts_in_tests() -> list[str]:
    """The literal request texts of the tutor's request, script and context-task tests."""
    found = []
    for name in TEST_FILES:
        tree = ast.parse((HERE / name).read_text(encoding="utf-8"))
        consts = _constants(tree)
        for node in ast.walk(tree):
            found += _prompts_in(node, consts)
    return found


def request_texts() -> list[str]:
    """Every request of the corpora, each once, in the order first met."""
    texts = []
    for name, family in FAMILIES.items():
        for seed in SEEDS:
            task = family.generate(seed)
            texts.append(task.request)
            texts += requests(PHRASINGS.get(name, ()), task)
            texts += requests(NEAR_MISSES.get(name, ()), task)
    texts += [row.prompt for row in ROWS] + list(HELP_PROMPTS) + prompts_in_tests()
    return list(dict.fromkeys(texts))


def _body(text: str, toolset: dict) -> dict:
    return copy.deepcopy({
        "model": "claude-sonnet-4-6", "max_tokens": 1024,
        "messages": [{"role": "user", "content": text}], **toolset,
    })


def routed() -> dict[str, dict[str, dict]]:
    """request -> checkpoint -> {"route", "reply"} of the tutor's first response."""
    sets, out = toolsets(), {}
    with spied_routes() as route:
        for text in request_texts():
            out[text] = {}
            for name, toolset in sets.items():
                reply = brain.respond(_body(text, toolset))
                blocks = [{k: b[k] for k in BLOCK_KEYS if k in b} for b in reply.content]
                out[text][name] = {"route": route(), "reply": blocks}
    return out


def judged() -> dict[str, dict]:
    """"<file>:<line>" -> the case's text and the failure modes judged present for it."""
    out = {}
    for case in test_rules.CASES:
        missing = rules.missing(*test_rules.prompt_for(case))
        modes = sorted(mode for mode, absent in missing.items() if absent)
        out[f"{case.source}:{case.line}"] = {"text": case.text, "modes": modes}
    return out


def record() -> dict:
    """The whole record, as plain JSON data (what the fixture file holds)."""
    return json.loads(json.dumps({"requests": routed(), "rules": judged()}))


def dump(data: dict) -> str:
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    RECORD.write_text(dump(record()), encoding="utf-8")
    print(f"wrote {RECORD}")
