"""Lab 2's scaffolding: the scratch projects, tool runs and fault plans its checks generate.

Lab 2's checks are properties over planned turns: a conversation of one or more requests
(reads of several files, a file to create, a change in two steps, a question), and for the
turn under test the faults that hit it (cut tool calls and pauses, several in a row, then
perhaps an API error or a Ctrl-C) and the tool runs that raise. What a turn did is read
from three records: the history it left, the tool runs (`ToolRuns`, which stands in for
`dispatch_tool`) and the requests the tutor answered (its ledger), so a check can see what
the loop *sent*, not only what it kept.

    case = draw from cases(...)                 # Case(files, turns=[Plan(request, faults, raising)])
    with scratch(case.files):
        turn = play(namespace, messages, plan, limited_client, ledger)
        turn.error, turn.reply, turn.runs, turn.answered, turn.model_text()

Nothing here handles a fault: the lab's answer is the loop that does. A graded kernel can
import this module (tests/course/test_answers_out_of_reach.py tries its attributes).

The parts: `cases` (the requests and the planned turns the checks generate, with their
faults) and `turns` (scratch projects, one turn played and recorded, and reading its
messages). Every name a notebook or a test uses is here as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab02.cases import (
    ADD_MULTIPLY,
    CONTENTS,
    CTRL_C,
    CUT,
    EXCEPTIONS,
    FILE_NAMES,
    KINDS,
    LIST,
    PAUSE,
    PLAIN_CONTENTS,
    QUESTIONS,
    STATUSES,
    WHY,
    Case,
    Plan,
    Request,
    ToolCrash,
    cases,
    creates,
    message_of,
    never_fits,
    reads,
    requests,
    schedule,
)
from agentcourse.course.scaffold.lab02.turns import (
    ToolRuns,
    Turn,
    blocks,
    examples,
    gist,
    play,
    result_text,
    scratch,
    squash,
    text_of,
)

__all__ = [
    "ADD_MULTIPLY", "CONTENTS", "CTRL_C", "CUT", "Case", "EXCEPTIONS", "FILE_NAMES", "KINDS",
    "LIST", "PAUSE", "PLAIN_CONTENTS", "Plan", "QUESTIONS", "Request", "STATUSES", "ToolCrash",
    "ToolRuns", "Turn", "WHY", "blocks", "cases", "creates", "examples", "gist", "message_of",
    "never_fits", "play", "reads", "requests", "result_text", "schedule", "scratch", "squash",
    "text_of",
]
