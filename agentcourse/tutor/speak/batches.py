"""The Message Batches API, held in memory: create, retrieve, list, cancel, delete, results.

    POST   /v1/messages/batches                   {"requests": [{"custom_id", "params"}, ...]}
    GET    /v1/messages/batches[?limit&after_id&before_id]
    GET    /v1/messages/batches/{id}
    POST   /v1/messages/batches/{id}/cancel
    DELETE /v1/messages/batches/{id}
    GET    /v1/messages/batches/{id}/results      one JSON line per request

The API processes a batch asynchronously, within 24 hours; the tutor answers every request
while the create call runs, so a batch is already `ended` when the create returns (a client
that polls `retrieve` until `processing_status == "ended"` stops at once). Each request's
`params` is answered exactly as `POST /v1/messages` would answer it (validation, the brain,
usage, the prompt cache); a request the API would refuse becomes an `errored` result with
the error body `POST /v1/messages` would have sent, as the batch docs describe
("validation errors are returned when the batch ends"). Cancelling an ended batch changes
nothing. Batches live as long as the server does.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from agentcourse.tutor.speak.validate import Problem

CUSTOM_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_REQUESTS = 100_000  # the API's limit per batch


def _rfc3339(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass
class Batch:
    """One batch: its record in the API's MessageBatch shape and its result lines."""

    record: dict
    results: list[dict] = field(default_factory=list)


def check(body: dict) -> Problem | None:
    """The create request's own rules (each request's params are checked when answered)."""
    requests = body.get("requests")
    if requests is None:
        return Problem("requests: Field required")
    if not isinstance(requests, list) or not requests:
        return Problem("requests: Input should be a list with at least 1 item")
    if len(requests) > MAX_REQUESTS:
        return Problem(f"requests: List should have at most {MAX_REQUESTS} items")
    for key in body:
        if key != "requests":
            return Problem(f"{key}: Extra inputs are not permitted")
    seen: set[str] = set()
    for i, item in enumerate(requests):
        if not isinstance(item, dict):
            return Problem(f"requests.{i}: Input should be a valid dictionary")
        custom_id = item.get("custom_id")
        if not isinstance(custom_id, str):
            return Problem(f"requests.{i}.custom_id: Field required")
        if not CUSTOM_ID.match(custom_id):
            return Problem(f"requests.{i}.custom_id: String should match pattern '{CUSTOM_ID.pattern}'")
        if custom_id in seen:
            return Problem(f"requests.{i}.custom_id: Duplicate custom_id {custom_id!r}; each must be unique")
        seen.add(custom_id)
        if not isinstance(item.get("params"), dict):
            return Problem(f"requests.{i}.params: Field required")
    return None


class BatchStore:
    """The server's batches, newest first; safe to use from the request threads."""

    def __init__(self) -> None:
        self._batches: dict[str, Batch] = {}
        self._lock = threading.Lock()

    def create(self, body: dict, answer: Callable[[dict], tuple[str, dict]], base_url: str) -> dict:
        """Answer every request now (`answer(params) -> ("succeeded", message) or ("errored",
        error body)`) and keep the batch; returns its record."""
        now = datetime.now(UTC)
        batch_id = "msgbatch_tutor_" + secrets.token_hex(12)
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        results = []
        for item in body["requests"]:
            params = item["params"]
            if params.get("stream"):  # a batch answers with whole messages, never a stream
                kind, value = "errored", {"type": "error", "error": {
                    "type": "invalid_request_error", "message": "stream: Streaming is not supported in batches"}}
            else:
                kind, value = answer(params)
            counts[kind] += 1
            key = "message" if kind == "succeeded" else "error"
            results.append({"custom_id": item["custom_id"], "result": {"type": kind, key: value}})
        record = {
            "id": batch_id,
            "type": "message_batch",
            "processing_status": "ended",
            "request_counts": counts,
            "created_at": _rfc3339(now),
            "ended_at": _rfc3339(datetime.now(UTC)),
            "expires_at": _rfc3339(now + timedelta(hours=24)),
            "archived_at": None,
            "cancel_initiated_at": None,
            "results_url": f"{base_url}/v1/messages/batches/{batch_id}/results",
        }
        with self._lock:
            self._batches[batch_id] = Batch(record, results)
        return record

    def get(self, batch_id: str) -> Batch | None:
        """The batch with this id, or None."""
        with self._lock:
            return self._batches.get(batch_id)

    def delete(self, batch_id: str) -> bool:
        """Forget a batch; False when there was none."""
        with self._lock:
            return self._batches.pop(batch_id, None) is not None

    def page(self, limit: int, after_id: str | None, before_id: str | None) -> dict:
        """A page of the list, newest first, with the API's cursor fields."""
        with self._lock:
            records = [b.record for b in reversed(self._batches.values())]
        ids = [r["id"] for r in records]
        start, end = 0, len(records)
        if after_id is not None:
            start = ids.index(after_id) + 1 if after_id in ids else len(ids)
        if before_id is not None:
            end = ids.index(before_id) if before_id in ids else 0
            start = max(start, end - limit) if after_id is None else start
        data = records[start:end][:limit]
        more = (start + len(data) < end) if before_id is None else start > 0
        return {
            "data": data,
            "has_more": more,
            "first_id": data[0]["id"] if data else None,
            "last_id": data[-1]["id"] if data else None,
        }
