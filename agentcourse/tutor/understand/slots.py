"""A request's slots, found by their kind, whatever the words around them: the second way
an intent reads a request (the first is its patterns).

    read_words(intent, "add the add function in math_utils.py a docstring")
        -> {"func": "add", "file": "math_utils.py"}     # or None: a verb, object or slot missing

An intent row lists what it reads this way in `reads` ("file=path", "func=function",
"note=text", "dir=none?" ...: the group its handler takes, the slot's kind, "?" when it may
be missing). One of the row's verbs must open the request or one of its clauses (it asks
for the task, not about it), one of its objects must be named, and every slot it needs must
be there. (intents.py keeps commands from questions about how things are done in general,
"How do I delete a file in Python?".)
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand.request_lexicon import STOP_WORDS
from agentcourse.tutor.understand.script_types import Intent

_FILE = re.compile(r"(?<![\w/.-])(?P<v>[\w/.-]*[A-Za-z_][\w/.-]*\.[A-Za-z]\w*)(?![\w/-])")
_CALL = re.compile(r"\b(?P<v>[A-Za-z_]\w*)\(\)")
_NEAR_FUNCTION = re.compile(r"\b(?:function|method)\s+(?:called\s+|named\s+)?(?P<v>[A-Za-z_]\w*)"
                            r"|\b(?P<w>[A-Za-z_]\w*)\s+(?:function|method)\b", re.I)
_SNAKE = re.compile(r"(?<![\w.])(?P<v>[a-z]\w*_\w+)(?![\w.(])")
_CONSTANT = re.compile(r"(?<![\w.])(?P<v>[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{2,}\d*)(?![\w.])")
_VALUE = re.compile(r"(?<![\w.])(?P<v>-?\d+(?:\.\d+)?|True|False|None|\"[^\"]*\"|'[^']*')(?![\w.])")
_CLAUSE = r"(?:^\s*|[.;:!?]\s+|,\s*|\b(?:and|then)\s+)"  # where a clause starts
_BINDING = re.compile(r"\b(?P<n>[A-Za-z_]\w*)\s*=\s*(?P<v>-?\d+(?:\.\d+)?|True|False|None|'[^']*'|\"[^\"]*\")")


def read_words(intent: Intent, request: str) -> dict[str, str] | None:
    """The slots `intent` reads in `request` by their kinds, or None when it does not read it."""
    if not intent.reads or not _leads(intent.verbs, request) or not _names(intent.objects, request):
        return None
    groups = {}
    for spec in intent.reads:
        group, kind = spec.rstrip("?").split("=")
        value = _slot(kind, request)
        if value is None and not spec.endswith("?"):
            return None
        groups[group] = value or ""
    return groups


def _leads(verbs: tuple[str, ...], request: str) -> bool:
    """Whether one of the verbs opens the request or one of its clauses ("Find the bug and
    fix it", "..., please repair the code"): the request asks for it, not about it."""
    alternatives = "|".join(re.escape(v) for v in verbs)
    return bool(re.search(rf"{_CLAUSE}(?:please\s+)?(?:{alternatives})(?![\w-])", request, re.I))


def _names(words: tuple[str, ...], request: str) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", request, re.I) for w in words)


def _slot(kind: str, request: str) -> str | None:
    """The first slot of `kind` in the request: path, paths, source (a .py or .js path),
    function, constant, value, old
    (of two values, the first), param/default/passed (p=v ... p=w), text (after "that" or
    ":"), request (all of it), none (nothing: the handler reads the request itself)."""
    if kind in ("none", "request"):  # a slot the handler reads itself, or the whole request
        return request if kind == "request" else ""
    files = [m["v"] for m in _FILE.finditer(request)]
    if kind == "source":  # a file of code the tutor writes: Python or JavaScript
        files = [f for f in files if f.endswith((".py", ".js"))]
    if kind in ("path", "paths", "source"):
        return (" and ".join(files) if kind == "paths" else files[0]) if files else None
    if kind in ("param", "default", "passed"):
        found = list(_BINDING.finditer(request))
        later = [b for b in found[1:] if found and b["n"] == found[0]["n"]]
        pick = {"param": found[:1], "default": found[:1], "passed": later[:1]}[kind]
        return (pick[0]["n"] if kind == "param" else pick[0]["v"]) if pick else None
    if kind in ("value", "old"):
        values = [m["v"] for m in _VALUE.finditer(request)]
        return (values[-1] if kind == "value" else values[0] if len(values) > 1 else None) if values else None
    if kind == "text":
        m = re.search(r"\b(?:that|:)\s*(?P<v>\S.*)$", request)
        return m["v"] if m else None
    names = _names_in(kind, request, files)
    return names[0] if names else None


def _names_in(kind: str, request: str, files: list[str]) -> list[str]:
    if kind == "constant":
        return [m["v"] for m in _CONSTANT.finditer(request)]
    found = [m["v"] for m in _CALL.finditer(request)]
    found += [m["v"] or m["w"] for m in _NEAR_FUNCTION.finditer(request)]
    found += [m["v"] for m in _SNAKE.finditer(request)]
    return [n for n in found if n.lower() not in STOP_WORDS and not any(n in f for f in files)]
