"""A harness's side requests: the small calls it makes besides the agent's own turns.

Claude Code names each session from its first request (a tool-free call to a small
model, "Return JSON with a single "title" field", with the session in `<session>`
tags). The tutor answers it the way the request describes: a short noun phrase made
from the user's own words, with the request verbs left out and file and function names
kept as written, in a JSON object with that one field. Other side requests (a summary,
a classification) go through the usual path: the script's compaction task, or
foreign.json_reply for JSON asked for in words.
"""

from __future__ import annotations

import json
import re

from agentcourse.tutor.understand import harness

_ASKS_TITLE = re.compile(r"\b(?:title|name)\b[^.]{0,80}\b(?:session|conversation|chat)\b|"
                         r"\bsingle\s+\"?title\"?\s+field\b", re.I)
_SESSION = re.compile(r"<session>(?P<text>.*?)(?:</session>|\Z)", re.S)
_VERBS = {
    "add", "fix", "check", "investigate", "implement", "evaluate", "debug", "refactor", "update", "create",
    "write", "make", "delete", "remove", "rename", "explain", "help", "look", "please", "can", "could",
    "would", "you", "me", "i", "want", "need", "run", "show", "tell", "read", "summarize", "summarise", "do",
}
_SMALL = {"a", "an", "the", "to", "in", "into", "of", "for", "on", "at", "by", "from", "and", "my",
          "our", "this", "that", "it", "is", "are", "with", "so", "whether", "if", "out", "up", "about"}
MAX_WORDS = 5


def title_of(request: str) -> str:
    """A session title from the user's request: its words without the request verbs in
    front and small words, at most five, the first letter capitalised; names kept as written."""
    first = next((line for line in request.strip().splitlines() if line.strip()), "")
    words = [w.strip(".,;:!?\"'`()") for w in first.split()]
    while words and words[0].lower() in _VERBS | _SMALL:  # "Please add ...": the verbs in front
        words.pop(0)
    kept = [w for w in words if w and w.lower() not in _SMALL]
    title = " ".join(kept[:MAX_WORDS]) or "Offline tutor session"
    return title[0].upper() + title[1:]


def _schema_is_title(body: dict) -> bool:
    output = body.get("output_config") if isinstance(body.get("output_config"), dict) else {}
    spec = output.get("format") or body.get("output_format")
    schema = spec.get("schema") if isinstance(spec, dict) else None
    props = schema.get("properties") if isinstance(schema, dict) else None
    return isinstance(props, dict) and set(props) == {"title"}


def title_request(body: dict, system: str, prompt: str) -> bool:
    """Is this a tool-free request to name the session?"""
    if body.get("tools"):
        return False
    return _schema_is_title(body) or bool(_ASKS_TITLE.search(system) and re.search(r"\bJSON\b", system))


def answer(body: dict, system: str, prompt: str) -> str | None:
    """The reply to a side request this module knows, or None."""
    if not title_request(body, system, prompt):
        return None
    session = _SESSION.search(prompt)
    words = harness.clean(session["text"]) if session else prompt
    return json.dumps({"title": title_of(words)})
