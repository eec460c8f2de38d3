"""Lab 5's scaffolding: the instances its checks generate, and the client that measures a session.

Lab 5's checks are properties. Tasks 1 to 4 are small functions, checked over generated
usage objects (`usages`: counts up to a billion, cache fields None or missing, the SDK's
own type or a bare object), usage dicts and model names (`usage_dicts`, `model_names`),
responses with several tool calls in one (`calls`), session traces (`traces`) and limits
with uses below, at and above them (`limit_cases`). Each instance carries what the task
text says the answer is, worked out when it was drawn (a count, a record, a word), so no
answer of the lab is written here.

Task 5's loop is checked over generated sessions (`sessions`): a small project, perhaps
records of earlier turns already in the trace, then one to three turns on the same
messages and trace, each a request the tutor answers in a known number of calls, with its
limits. `play` runs a session through a `Meter`, which stands between the loop and the
tutor: it reports the token counts the session planned for each call (in place of the
tutor's, so a budget can sit between any two calls), moves a fake clock by the planned
seconds during each API call, during each tool run and between turns, and keeps what
happened, so a check can ask the student's own `limit_reached` what it should have done
at each step (`Played`).

    case = draw from sessions(...)
    played = play(namespace, case, client, ledger)   # one Played per turn
    played[0].reply, .error, .calls (Made: response, counts, seconds, started), .requests

Task 6's runs of one task at several effort levels (`effort_tables`) are responses of the
SDK's own type, each opening with a thinking block whose text came back empty (the display
"omitted") while its usage counts the thinking among the output tokens, and a price row of
any prices (`price_rows`: cache reads 0.025x to 0.5x the input price, not always 0.1x).
Some levels cost exactly the same (a tie), and what each run cost is left to the checks'
references (scaffold/judged/lab05.py).

A graded kernel can import this module (tests/course/test_answers_out_of_reach.py tries
its attributes as answers): nothing here is usage_of, cost_usd, trace_record, totals,
limit_reached, run_turn, run_cost or cheapest_effort.

The parts: `usage` (Tasks 1 to 4: usage, cost, call, trace and limit generators),
`sessions` (Task 5's sessions), `meter` (playing a session through a Meter), `rules` (the
rules of Task 5 a played session is judged by) and `effort` (Task 6's runs at several effort
levels and price rows). Every name a notebook or a test uses is here as it was.
"""

from __future__ import annotations

from agentcourse.course.scaffold.lab05.effort import (
    EFFORT_LEVELS,
    EffortRun,
    EffortTable,
    PriceRow,
    effort_responses,
    effort_tables,
    price_rows,
    repeated,
    reply,
)
from agentcourse.course.scaffold.lab05.meter import (
    Ledger,
    Made,
    Meter,
    Played,
    TimedAgent,
    budget_for,
    play,
    scratch,
    seconds_for,
    spend_after,
    text_of,
)
from agentcourse.course.scaffold.lab05.rules import (
    judge,
    left_usable,
    ran,
    stopped_where_the_limits_say,
    traced,
)
from agentcourse.course.scaffold.lab05.sessions import (
    CHAT,
    FILE_POOL,
    HUGE,
    LIST,
    PLAIN,
    Ask,
    Session,
    Turn,
    reads,
    session,
    session_records,
    sessions,
    summary,
)
from agentcourse.course.scaffold.lab05.usage import (
    COUNTS,
    DOLLARS,
    FIELDS,
    MISSING,
    NEAR_MISSES,
    RESPONSE_MODELS,
    SECONDS,
    STOP_REASONS,
    TOOL_NAMES,
    WORDS,
    Call,
    LimitCase,
    Reported,
    Trace,
    calls,
    extra_price,
    limit_cases,
    model_names,
    response_with,
    traces,
    usage_dicts,
    usages,
)

__all__ = [
    "Ask", "CHAT", "COUNTS", "Call", "DOLLARS", "EFFORT_LEVELS", "EffortRun", "EffortTable",
    "FIELDS", "FILE_POOL", "HUGE", "LIST", "Ledger", "LimitCase", "MISSING", "Made", "Meter",
    "NEAR_MISSES", "PLAIN", "Played", "PriceRow", "RESPONSE_MODELS", "Reported", "SECONDS",
    "STOP_REASONS", "Session", "TOOL_NAMES", "TimedAgent", "Trace", "Turn", "WORDS",
    "budget_for", "calls", "effort_responses", "effort_tables", "extra_price", "judge",
    "left_usable", "limit_cases", "model_names", "play", "price_rows", "ran", "reads",
    "repeated", "reply", "response_with", "scratch", "seconds_for", "session",
    "session_records", "sessions", "spend_after", "stopped_where_the_limits_say", "summary",
    "text_of", "traced", "traces", "usage_dicts", "usages",
]
