"""A request in plain words: what people wrap a request in, taken off before the script's
task patterns are tried again.

act/brain.py tries each request as typed, then as `plain(request)`: code quotes dropped,
a polite opening ("Could you", "hi,") and a closing courtesy ("thanks!") removed, and a
file named first ("app.py: add ...") moved into an "In app.py, ..." clause. The patterns
for those wrappings are data in tasks.py.
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand import tasks

_OPENING = re.compile(tasks.POLITE_OPENING, re.I)
_ASKING = re.compile(tasks.ASKING, re.I)
_COURTESY = re.compile(tasks.COURTESY, re.I)
_INNER = re.compile(tasks.POLITE_INNER, re.I)
_FILE_FIRST = re.compile(tasks.FILE_FIRST, re.S)


def plain(request: str) -> str:
    """`request` in the words the tasks' patterns are written in: code quotes dropped, a
    polite opening and closing courtesy removed ("Could you ...?" is a request, so its
    question mark becomes a full stop), and a file named first ("app.py: add ...") moved
    into an "In app.py, ..." clause. The tutor tries a request as typed first."""
    text = request.replace("`", "").strip()
    polite = _OPENING.match(text)
    text = text[polite.end():] if polite else text
    inner = _INNER.search(text)  # "In app.py, could you add ...?"
    if inner:
        polite = polite or inner
        text = text[:inner.start(1)] + text[inner.end():]
    text = _COURTESY.sub("", text).strip()
    if polite and _ASKING.search(polite[0]) and text.endswith("?"):
        text = text[:-1].rstrip() + "."
    m = _FILE_FIRST.match(text)
    if m:
        rest = m["rest"]  # "Add ..." becomes "add ...", a CONSTANT keeps its case
        text = f"In {m['file']}, {rest[:1].lower() if rest[1:2].islower() else rest[:1]}{rest[1:]}"
    # A sentence starts with a capital again, but a name stays as it is ("add_one to ...").
    return text[:1].upper() + text[1:] if polite and re.match(r"[a-z]+(?=[\s,])", text) else text
