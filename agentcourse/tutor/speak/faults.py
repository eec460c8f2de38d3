"""The tutor's errors in the API's manner: the error body, the status -> type table, the
faults it injects on request, and the 404 for the real service's APIs it does not serve.

The HTTP handler (handler.py, routes.py) answers every refusal with `error_body`; a
learner's error handling is exercised offline by asking for a fault (FAULTS: 429 / 529 /
500 refuse the call, REPLY_FAULTS cut or break off a reply) in TutorConfig.faults or the
`x-tutor-fault` header.
"""

from __future__ import annotations

from agentcourse.tutor.speak import reply

MARKER_HEADER = ("x-tutor", "agentcourse offline tutor model (a simulator, not Claude)")
ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    405: "invalid_request_error",
    408: "invalid_request_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
FAULT_MESSAGES = {
    429: "Number of request tokens has exceeded your per-minute rate limit (injected by the tutor).",
    500: "Internal server error (injected by the tutor).",
    529: "Overloaded (injected by the tutor).",
}
# The real service's other APIs, which the tutor does not serve: path -> what it is. They
# are answered with a 404 `not_found_error` in the API's error shape that says so.
UNSERVED = (
    ("/v1/files", "the Files API"),
    ("/v1/complete", "the legacy Text Completions API"),
    ("/v1/skills", "the Skills API"),
    ("/v1/agents", "Managed Agents"),
    ("/v1/environments", "Managed Agents"),
    ("/v1/sessions", "Managed Agents"),
    ("/v1/vaults", "Managed Agents"),
    ("/v1/memory_stores", "Managed Agents"),
    ("/v1/organizations", "the Admin API"),
)
SERVED = ("it serves POST /v1/messages, POST /v1/messages/count_tokens, /v1/messages/batches, GET /v1/models "
          "and GET /v1/models/{id}")


def not_served(method: str, path: str) -> str:
    """The 404 message for a path the tutor has no route for."""
    what = next((name for prefix, name in UNSERVED if path == prefix or path.startswith(prefix + "/")), None)
    if what is None:
        return f"Not found: {method} {path} (the offline tutor model {SERVED})"
    return f"The offline tutor model does not serve {what} ({method} {path}); {SERVED}. Use a real API key for it."


REPLY_FAULTS = (*reply.CUT_FAULTS, "stream_error")  # faults that shape a reply rather than refuse it
FAULTS = (*FAULT_MESSAGES, *REPLY_FAULTS)


def error_body(status: int, message: str, request_id: str, error_type: str | None = None,
               details: dict | None = None) -> dict:
    """The API's error shape: {"type": "error", "error": {...}, "request_id": ...}."""
    error = {"type": error_type or ERROR_TYPES.get(status, "api_error"), "message": message}
    if details:
        error["details"] = details
    return {"type": "error", "error": error, "request_id": request_id}
