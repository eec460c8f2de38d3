"""A request's slots, found by their kind, whatever the words around them: the second way
an intent reads a request (the first is its patterns).

    read_words(intent, "add the add function in math_utils.py a docstring")
        -> {"func": "add", "file": "math_utils.py"}     # or None: a verb, object or slot missing

An intent row lists what it reads this way in `reads` ("file=path", "func=function",
"note=text", "dir=none?" ...: the group its handler takes, the slot's kind, "?" when it may
be missing). One of the row's verbs must open the request or one of its clauses (it asks
for the task, not about it), one of its objects must be named, and every slot it needs must
be there; an object in braces ("{constant}") is named when a slot of that kind is there.
(intents.py keeps commands from questions about how things are done in general, "How do I
delete a file in Python?".)
"""

from __future__ import annotations

import re

from agentcourse.tutor.understand.patterns import any_of
from agentcourse.tutor.understand.request_lexicon import STOP_WORDS
from agentcourse.tutor.understand.script_types import Intent

_FILE = re.compile(r"(?<![\w/.-])(?P<v>[\w/.-]*[A-Za-z_][\w/.-]*\.[A-Za-z]\w*)(?![\w/-])")
_CALL = re.compile(r"\b(?P<v>[A-Za-z_]\w*)\(\)")
_NEAR_FUNCTION = re.compile(r"\b(?:function|method)\s+(?:called\s+|named\s+)?(?P<v>[A-Za-z_]\w*)"
                            r"|\b(?P<w>[A-Za-z_]\w*)(?=\s+(?:function|method)\b|\s+(?:in\s+|\()[\w/.-]+\.py\b)", re.I)  # "fetch in a.py"
_SNAKE = re.compile(r"(?<![\w.])(?P<v>[a-z]\w*_\w+)(?![\w(]|\.\w)")
_CONSTANT = re.compile(r"(?<![\w.])(?P<v>[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{2,}\d*)(?![\w]|\.\w)")
_VALUE = re.compile(r"(?<![\w.])(?P<v>-?\d+(?:\.\d+)?|True|False|None|\"[^\"]*\"|'[^']*')(?!\w|\.\w)")
_SUBJECT = r"(?:(?-i:[A-Z][A-Z0-9_]+)|\w+\(\)|[a-z]\w*_\w+|[\w/-]+\.py)\s+(?:in\s+[\w/.-]+\.\w+\s+)?"  # "f() in a.py needs"
_CLAUSE = rf"(?:^\s*(?:in\s+[\w/.-]+\.\w+,?\s+)?(?:{_SUBJECT})?|[.;:!?]\s+|,\s*|\s[-–]\s+|\b(?:and|then)\s+)"  # a clause's start
_POLITE = r"(?:(?:please|pls|plz|can you|could you|would you)\s+)?"
_PARAM = re.compile(r"\bdefault\s+(?:value\s+)?(?:of\s+|for\s+|from\s+)?(?:the\s+)?(?:parameter\s+|argument\s+)?(?P<v>[a-z_]\w*)"
                    r"|\b(?P<w>[a-z_]\w*)(?=\s+(?:default|param(?:eter)?|argument)\b)|\b(?:param(?:eter)?|argument)\s+(?P<u>[a-z_]\w*)")
_SETS = r"(?:\bto|=|\bbe|\bshould be)\s*"  # what comes before a new value; before an old one:
_WAS = r"(?:\bfrom|\binstead of|\brather than|\bnot|\bit(?:'s| is)|\bwas)\s+"
_ORIGIN = re.compile(r"(?:\bfrom|\bas(?:\s+in)?|\blike|\bof)\s+(?:the\s+one\s+in\s+)?(?P<v>[\w/.-]+\.\w+)")
_PACKAGE = re.compile(r"\b(?P<v>[a-z_]\w*)(?=\s+package\b)|\bpackage\s+(?P<w>[a-z_]\w*)", re.I)
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
    return bool(any_of(_CLAUSE + _POLITE + r"{}(?![\w-])", verbs).search(request))


def _names(words: tuple[str, ...], request: str) -> bool:
    return any(_slot(w[1:-1], request) if w.startswith("{") else
               any_of(r"(?<![\w-]){}(?![\w-]|\.\w)", (w,)).search(request) for w in words)


def _slot(kind: str, request: str) -> str | None:
    """The first slot of `kind` in the request: path, paths (two or more), source (a .py or
    .js path), origin/target (the file a value comes from, the other), function, constant,
    package, value (the one set: "to 5"), old (the one replaced: "from 3"), param/default/
    passed (p=v ... p=w; a param also as "the default X", "X parameter"), text (after "that"
    or ":"), request (all of it), none (nothing: the handler reads the request itself)."""
    if kind in ("none", "request"):  # a slot the handler reads itself, or the whole request
        return request if kind == "request" else ""
    files = [m["v"] for m in _FILE.finditer(request)]
    if kind in ("source", "md"):  # a file of code the tutor writes (Python or JavaScript), a Markdown file
        files = [f for f in files if f.endswith((".py", ".js") if kind == "source" else ".md")]
    if kind == "paths":  # two or more files, one slot: "a.py and b.py"
        return " and ".join(files) if len(files) > 1 else None
    origin = [m["v"] for m in _ORIGIN.finditer(request) if m["v"] in files]
    if kind in ("origin", "target"):  # of two files, the one a value comes from, the other
        rest = [f for f in files if f not in origin[:1]]
        return (origin[0] if kind == "origin" else rest[0]) if origin and rest else None
    if kind in ("path", "source", "md"):
        return files[0] if files else None
    if kind in ("param", "default", "passed"):
        found = list(_BINDING.finditer(request))
        later = [b for b in found[1:] if found and b["n"] == found[0]["n"]]
        pick = {"param": found[:1], "default": found[:1], "passed": later[:1]}[kind]
        near = [m["v"] or m["w"] or m["u"] for m in _PARAM.finditer(request)] if kind == "param" else []
        near = [n for n in near if n.lower() not in STOP_WORDS | {"value", "extra", "optional"}]
        if pick or kind != "default":
            return (pick[0]["n"] if kind == "param" else pick[0]["v"]) if pick else (near or [None])[0]
        kind = "value"  # "a parameter strict, defaulting to False"
    if kind in ("value", "old"):  # the value it is set to ("to 5", "= 5"), the one it was ("from 3")
        values = [(m["v"], request[:m.start()]) for m in _VALUE.finditer(request)]
        old = [v for v, before in values if re.search(rf"{_WAS}$", before)]
        new = [v for v, before in values if re.search(rf"{_SETS}$", before) and v not in old[:1]]
        rest = [v for v, _ in values if v not in old]
        return (new or rest or [None])[-1 if new else 0] if kind == "value" else (old or [None])[0]
    if kind == "package":
        found = [m["v"] or m["w"] for m in _PACKAGE.finditer(request)]
        return next((n for n in found if n.lower() not in STOP_WORDS), None)
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
    return [n for n in found if n.lower() not in STOP_WORDS and not any(n in re.split(r"[/.]", f) for f in files)]
