"""The tutor routes every recorded request and judges every rule case as recorded.

tests/tutor/routing_record.json was written by tests/tutor/routing_record.py before the
modules moved; regenerate it (`.venv/bin/python -m tests.tutor.routing_record`) only for a
change of behaviour that is meant.
"""

from __future__ import annotations

import json

from routing_record import RECORD, record

SHOWN = 5  # differences shown in a failure


def differences(recorded: object, now: object, where: str = "") -> list[str]:
    """Each place where `now` differs from `recorded`, with both values."""
    if isinstance(recorded, dict) and isinstance(now, dict):
        out = [f"{where}[{k!r}]: recorded but gone" for k in recorded.keys() - now.keys()]
        out += [f"{where}[{k!r}]: new, not recorded" for k in now.keys() - recorded.keys()]
        for k in sorted(recorded.keys() & now.keys()):
            out += differences(recorded[k], now[k], f"{where}[{k!r}]")
        return sorted(out)
    if recorded != now:
        return [f"{where}:\n    recorded {recorded!r}\n    now      {now!r}"]
    return []


def test_the_tutor_routes_every_recorded_request_and_rule_as_recorded():
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    found = differences(recorded, record())
    assert not found, f"{len(found)} differences from {RECORD.name}; the first:\n" + "\n".join(
        found[:SHOWN]
    )
