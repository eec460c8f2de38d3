"""How the tutor routes the blind request corpus (tests/tutor/request_corpus_blind.py).

    .venv/bin/python -m tests.tutor.request_blind_score     # the figures, and every miss

A request is sent as routing_record.py sends it (the first message, with checkpoint 04's
tools and system prompt), and its route is the one the record would write.
"""

from __future__ import annotations

from request_corpus_blind import CASES, Case
from routing_record import _body, spied_routes, toolsets

CHECKPOINT = "04"


def routes(cases: tuple[Case, ...] = CASES) -> dict[str, str]:
    """request -> the route of the tutor's first response."""
    from agentcourse.tutor.act import brain

    toolset, out = toolsets()[CHECKPOINT], {}
    with spied_routes() as route:
        for case in cases:
            brain.respond(_body(case.text, toolset))
            out[case.text] = route()
    return out


def right(case: Case, route: str) -> bool:
    if case.route is None:
        return route == "other"
    return route == case.route or route.startswith(case.route + ":")


def score(cases: tuple[Case, ...] = CASES) -> dict[str, tuple[int, int]]:
    """(count, of) for the phrasings right, the non-English ones right, near misses routed."""
    got = routes(cases)
    asks = [c for c in cases if c.route is not None]
    foreign = [c for c in asks if c.lang != "en"]
    near = [c for c in cases if c.route is None]
    return {
        "phrasings": (sum(right(c, got[c.text]) for c in asks), len(asks)),
        "non_english": (sum(right(c, got[c.text]) for c in foreign), len(foreign)),
        "near_misses_routed": (sum(not right(c, got[c.text]) for c in near), len(near)),
    }


def misses(cases: tuple[Case, ...] = CASES) -> list[tuple[Case, str]]:
    got = routes(cases)
    return [(c, got[c.text]) for c in cases if not right(c, got[c.text])]


if __name__ == "__main__":
    for case, route in misses():
        print(f"{case.lang}  want {case.route}  got {route}: {case.text}")
    print(score())
