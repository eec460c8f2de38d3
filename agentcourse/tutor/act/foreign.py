"""Tools the course does not know: the offered tool a request plainly asks for.

The script's tasks work on a project's files. A request that none of them matches may
still name the job of one of the request's own tools: "What is the weather in SF?" with
a `get_weather` tool is the tool-use docs' first example, and the SDK's examples, tool
runners and agent frameworks written elsewhere all start there. The tutor then does what
the docs show the model doing:

    1. one call of that tool (stop_reason "tool_use"), with an input that conforms to its
       input_schema and takes what it can from the request: a place after "in" / "for",
       the numbers in the order they appear, a ticker in capitals, the request itself for a
       query; anything it cannot read from the request is made up the way forced.py
       makes it up ("(offline tutor) <field>", enums' first value, defaults);
    2. after the result comes back, a final text that passes the result on as it came,
       since the tutor cannot interpret it.

A tool is "asked for" when a word of its name (other than verbs like get / fetch /
lookup) or two words of its description appear in the request. Tools the toolbox
recognises as file or shell tools are the script's business and never picked here, nor
are tools marked `defer_loading` (the model only sees those after a tool search), nor
memory tools (a made-up value would stay in the agent's memory).
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from agentcourse.tutor.act import caution, forced, tool_search
from agentcourse.tutor.act.toolbox import Step, Tool, read_tools

# Name words that say nothing about which job a tool does.
GENERIC = {
    "get", "set", "fetch", "lookup", "look", "up", "find", "search", "query", "retrieve", "check",
    "tool", "tools", "run", "call", "do", "make", "api", "the", "for", "and", "info", "data",
    "current", "latest", "list", "by", "from", "to", "of", "my", "new", "create", "update",
    "mcp",  # the prefix of an MCP server's tools (mcp__<server>__<tool>): the server's name counts
}
# Name words of the file and shell tools the script uses (search_file, read_lines, bash):
# a tool named only with these is the script's, even when no task matched.
FILE_WORDS = {
    "file", "files", "dir", "directory", "directories", "folder", "path", "paths", "read", "write", "edit",
    "view", "bash", "shell", "command", "cmd", "text", "line", "lines", "grep", "glob", "pattern", "code",
    "project", "str", "replace", "based", "editor", "insert", "create", "delete", "remove", "move", "copy",
    "content", "contents", "ls", "cat", "exec", "execute", "terminal", "patch", "apply", "diff", "notes", "note",
}
# Name words of a memory tool (save_note, remember): what it writes stays in the agent's
# memory and its later prompts, so it is never filled with made-up values here; the
# script's "remember" task writes the user's own words to it (context_tasks.py).
MEMORY_WORDS = {"note", "notes", "memo", "memory", "memories", "remember", "memorize", "memorise"}
# Words that are too common to show a description matches a request.
STOPWORDS = {
    "what", "which", "when", "where", "with", "that", "this", "there", "their", "about", "from",
    "into", "your", "have", "does", "will", "would", "could", "should", "please", "tell", "give",
    "show", "some", "each", "every", "used", "uses", "using", "given", "returns", "return",
    "value", "values", "specific", "string", "number", "object", "input", "output", "like",
    "also", "then", "than", "them", "they", "only", "just", "more", "most", "other", "such",
    "tool", "tools", "function", "call", "calls", "user", "users", "request", "result",
}
# A few jobs people ask for in words the tool's name does not use.
SYNONYMS = {
    "weather": ("temperature", "forecast", "rain", "raining", "sunny", "degrees", "hot", "cold"),
    "calculator": ("calculate", "compute", "plus", "minus", "times", "multiply", "divide", "divided", "sum"),
    "calculate": ("compute", "plus", "minus", "times", "multiply", "divide", "divided", "sum"),
    "math": ("calculate", "compute", "plus", "minus", "times", "multiply", "divide", "divided", "sum"),
    "time": ("clock", "o'clock"),
    "stock": ("share", "shares", "ticker"),
}
ARITHMETIC = re.compile(r"-?\d+(?:\.\d+)?(?:\s*[-+*/×x^%]\s*-?\d+(?:\.\d+)?)+")
ARITHMETIC_NAMES = {"calculator", "calculate", "calc", "math", "arithmetic", "compute", "evaluate", "eval",
                    "add", "sum", "multiply", "subtract", "divide", "expression"}
PLACE_NAMES = {"location", "city", "place", "country", "region", "address", "destination", "town", "where",
               "area", "state", "locale"}
QUERY_NAMES = {"query", "q", "question", "prompt", "search", "keyword", "keywords", "term", "terms", "topic",
               "text", "input", "request", "search_query", "search_term", "content", "sentence", "phrase"}
EXPRESSION_NAMES = {"expression", "expr", "formula", "equation", "calculation"}
TICKER_NAMES = {"ticker", "symbol", "stock", "ticker_symbol", "stock_symbol"}
_PLACE_NAME = r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*(?:,\s*[A-Z]{2}\b)?"  # "San Francisco, CA"
_PLACE = re.compile(rf"\b(?:in|at|for|near|of)\s+({_PLACE_NAME})")
_MORE_PLACES = re.compile(rf"\s*(?:,|\band\b|&)\s*(?:(?:and|in|at|for)\s+)?({_PLACE_NAME})")
_TICKER = re.compile(r"\b(?!I\b|A\b)[A-Z]{1,5}\b")
_NUMBER = re.compile(r"(?<![\w.@])-?\d+(?:\.\d+)?(?![\w@])")
_QUOTED = re.compile(r"""(?:^|(?<=[\s(]))(?:"([^"]+)"|'([^']+)'|“([^”]+)”)""")
_LANGUAGE = re.compile(r"\b(?:into|to|in)\s+([A-Z][a-z]+)\b")
FOUND = {  # string formats a request may spell out itself
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    "uri": re.compile(r"https?://[^\s'\"<>]+"),
    "url": re.compile(r"https?://[^\s'\"<>]+"),
}


def _tokens(s: str) -> list[str]:
    return re.findall(r"[a-z][a-z0-9']*", s.lower())


def _name_words(name: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-.]+", " ", name)
    return [w for w in spaced.lower().split() if w not in GENERIC and len(w) >= 3]


def _same(word: str, said: str) -> bool:
    """Word and request word are the same word (plural, "calculate"/"calculator")."""
    if word == said or said in (word + "s", word + "es") or word in (said + "s", said + "es"):
        return True
    return len(posixpath.commonprefix([word, said])) >= 6


def score(tool: dict, request: str) -> int:
    """How plainly the request asks for this tool: 3 per name word, 1 per description word."""
    said = _tokens(request)
    points = 0
    for word in _name_words(str(tool.get("name", ""))):
        wanted = (word, *SYNONYMS.get(word, ()))
        if any(_same(w, s) for w in wanted for s in said):
            points += 3
        elif word in ARITHMETIC_NAMES and ARITHMETIC.search(request):
            points += 3
    described = {w for w in _tokens(str(tool.get("description", ""))) if len(w) >= 4 and w not in STOPWORDS}
    hits = sum(1 for w in described if any(_same(w, s) for s in said))
    return points + (hits if hits >= 2 else 0)


def loaded(body: dict) -> set[str]:
    """Deferred tools a search has loaded with `tool_reference` blocks: the API's tool search
    tool, or a tool result of the client's own search tool (tool_search.py)."""
    return tool_search.loaded(body)


def candidates(body: dict, known: list[Tool], deferred: bool = False) -> list[dict]:
    """The request's custom tools that are not the script's file or shell tools; deferred ones
    only once a tool search loaded them (or all of them, with `deferred`)."""
    hidden = read_tools([t for t in body.get("tools") or [] if isinstance(t, dict) and t.get("defer_loading")])
    known = [*known, *(t for t in hidden if t.name not in {k.name for k in known})]
    others = {t.name for t in known if t.role == "other" or set(_name_words(t.name)) - FILE_WORDS}
    others -= {t.name for t in known if set(_name_words(t.name)) & MEMORY_WORDS}
    seen = loaded(body)
    return [
        t for t in body.get("tools") or []
        if isinstance(t, dict) and t.get("type", "custom") == "custom" and t.get("name") in others
        and isinstance(t.get("input_schema"), dict)
        and (deferred or not t.get("defer_loading") or t.get("name") in seen)
    ]


def searcher(body: dict) -> dict | None:
    """A custom tool that searches the tool catalogue (its name says "search" and "tool")."""
    for tool in body.get("tools") or []:
        if not isinstance(tool, dict) or not isinstance(tool.get("input_schema"), dict):
            continue
        words = re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-.]+", " ", str(tool.get("name", ""))).lower().split()
        if not tool.get("defer_loading") and "search" in words and {"tool", "tools"} & set(words):
            return tool
    return None


def plan(body: dict, known: list[Tool], request: str, steps: list[Step] = ()) -> list[tuple[str, dict]]:
    """The calls the request asks for, as (tool name, input), in one reply; [] for none.

    Every tool whose name the request says is called (the weather and the time: two tools);
    a place field gets one call per place named ("in SF and NYC": two calls), as the
    parallel tool use docs show. Without a name match, the one tool whose description
    matches best. A deferred tool that matches and is not loaded yet is looked for first,
    with the request's search tool and the word that matched (once per turn). Tools that
    already ran in this turn are not called again."""
    scored = [(score(t, request), t) for t in candidates(body, known, deferred=True)]
    scored = [(points, t) for points, t in scored if points > 0]
    if not scored:
        return []
    top = max(points for points, _ in scored)
    chosen = [t for points, t in scored if points >= 3] if top >= 3 else [
        next(t for points, t in scored if points == top)]
    ran = {s.tool for s in steps}
    loaded = {t["name"] for t in candidates(body, known)}
    calls = []
    for tool in chosen:
        if tool["name"] in loaded and tool["name"] not in ran:
            places = _places(request) if _place_field(tool) else []
            made = [caution.may_call(tool, request, fill(tool, request, place))
                    for place in places[1:] and places or [None]]
            calls += [(tool["name"], tool_input) for tool_input in made if tool_input is not None]
    if calls or all(t["name"] in loaded for t in chosen):
        return calls
    search = searcher(body)
    if search is None or search["name"] in ran:
        return []
    wanted = next(t for t in chosen if t["name"] not in loaded)
    word = matched_word(wanted["name"], request)
    made = forced.synthesize(search["input_schema"], "")
    made = made if isinstance(made, dict) else {}
    properties = search["input_schema"].get("properties") or {}
    text_field = next((k for k in made if isinstance(properties.get(k), dict)
                       and properties[k].get("type") == "string" and "enum" not in properties[k]), None)
    if text_field is not None:
        made[text_field] = word
    made = caution.may_call(search, request, made)
    return [] if made is None else [(search["name"], made)]


def matched_word(name: str, request: str) -> str:
    """The word of a tool's name the request says (its first name word if none): what a
    tool search looks for."""
    said = _tokens(request)
    word = next((w for w in _name_words(name) if any(_same(w, s) for s in said)), None)
    return word or next(iter(_name_words(name)), name)


def pick(body: dict, known: list[Tool], request: str, steps: list[Step] = ()) -> tuple[str, dict] | None:
    """The first call plan() makes, or None."""
    calls = plan(body, known, request, steps)
    return calls[0] if calls else None


def _is_place(key: str) -> bool:
    lowered = key.lower()
    return lowered in PLACE_NAMES or lowered.endswith(("_location", "_city"))


def _place_field(tool: dict) -> str | None:
    properties = tool["input_schema"].get("properties")
    return next((k for k in properties or {} if _is_place(str(k))), None)


def _places(request: str) -> list[str]:
    """The places a request names after "in" / "at" / "for": "in SF and NYC" -> SF, NYC."""
    first = _PLACE.search(request)
    if first is None:
        return []
    places, rest = [first[1].rstrip(" .,")], request[first.end():]
    while more := _MORE_PLACES.match(rest):
        places.append(more[1].rstrip(" .,"))
        rest = rest[more.end():]
    return places


def fill(tool: dict, request: str, place: str | None = None) -> dict:
    """An input for the tool that conforms to its schema, with what the request says
    (`place`: the place this call is for, when the request names several)."""
    schema = tool["input_schema"]
    made = forced.synthesize(schema, "")
    made = made if isinstance(made, dict) else {}
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    numbers = [float(n) for n in _NUMBER.findall(request)]
    quoted = next((next(g for g in m.groups() if g) for m in _QUOTED.finditer(request)), None)
    question = quoted or " ".join(request.strip().rstrip("?.!").split())
    said = _tokens(request)
    for key in list(made):
        spec = properties.get(key)
        if not isinstance(spec, dict) or {"const", "$ref"} & set(spec):
            continue
        if isinstance(spec.get("enum"), list):  # the option the request names, if it names one
            named = [v for v in spec["enum"] if isinstance(v, str) and any(_same(v.lower(), w) for w in said)]
            if named:
                made[key] = named[0]
            continue
        if "format" in spec:
            found = FOUND.get(str(spec["format"]), re.compile(r"(?!)")).search(request)
            if found:
                made[key] = found[0].rstrip(".,;")
            continue
        kind = spec.get("type")
        kind = next((k for k in kind if k != "null"), None) if isinstance(kind, list) else kind
        value: Any = None
        if kind == "string":
            value = _string_value(str(key).lower(), spec, request, place, question)
        elif kind in ("number", "integer") and numbers:
            value = _number_value(kind, spec, numbers)
        if value not in (None, ""):
            made[key] = value
    return made


def _string_value(lowered: str, spec: dict, request: str, place: str | None, question: str) -> str | None:
    """What the request says for a string parameter named `lowered` (a place, a ticker, an
    expression, the question itself, a language), if it fits the parameter's pattern."""
    value = None
    if _is_place(lowered) or lowered in ("timezone", "time_zone", "tz"):
        value = place or next(iter(_places(request)), None)
    elif lowered in TICKER_NAMES:
        ticker = _TICKER.search(request)
        value = ticker[0] if ticker else None
    elif lowered in EXPRESSION_NAMES:
        found = ARITHMETIC.search(request)
        value = found[0] if found else question
    elif lowered in QUERY_NAMES:
        value = question
    elif "language" in lowered or lowered in ("lang", "target", "target_lang"):
        language = _LANGUAGE.search(request)
        value = language[1] if language else None
    pattern = spec.get("pattern")
    if value is not None and isinstance(pattern, str) and not forced.matches(pattern, value):
        value = None
    return value


def _number_value(kind: str, spec: dict, numbers: list[float]) -> int | float | None:
    """The request's next number, when it fits the parameter (an integer for "integer",
    within its minimum and maximum); a number used is taken off `numbers`."""
    n = numbers[0]
    low, high = spec.get("minimum"), spec.get("maximum")
    fits = (kind == "number" or n.is_integer()) and not (
        isinstance(low, int | float) and n < low or isinstance(high, int | float) and n > high
    )
    if not fits:
        return None
    numbers.pop(0)
    return int(n) if kind == "integer" or n.is_integer() else n


def report(steps: list[Step], names: set[str], search: str | None = None) -> str | None:
    """The final text after the tools ran: each result passed on as it came, or None.
    A tool search alone is not the end: the tool it found is called next."""
    ran = [s for s in steps if s.tool in names]
    if not ran or all(s.tool == search for s in ran):
        return None
    ran = [s for s in ran if s.tool != search]
    lines = []
    for s in ran:
        result = s.result.strip() or "(no output)"
        lines.append(f"{s.tool} returned: {result}" if s.ok else f"{s.tool} failed: {result}")
    lines.append("(The offline tutor passes tool results on as they came; it cannot interpret them.)")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- JSON asked for in words

# "Return only JSON: {...}", "Respond with a JSON object like ...", "Return only the
# requested JSON object." (a judge or classifier prompt, with the shape written out).
ASKS_JSON = re.compile(r"\b(?:return|respond|reply|answer|output)\b(?:\s+[\w-]+){0,4}?\s+JSON\b", re.I)
_TYPE_WORD = re.compile(
    r':\s*(boolean|bool|string|str|number|integer|int|float|array|list|object|dict|null)\b(?=\s*[,}\]|])', re.I
)
_PLACEHOLDER = {"boolean": False, "bool": False, "number": 0, "integer": 0, "int": 0, "float": 0,
                "array": [], "list": [], "object": {}, "dict": {}, "null": None}
REASON_NAMES = {"reason", "reasoning", "explanation", "rationale", "why", "justification", "comment", "feedback"}
CANNOT_JUDGE = "The offline tutor model cannot judge this: it is a scripted simulator, not Claude."


def _template(text: str) -> dict | None:
    """The first JSON object written out after the words that ask for JSON, with type names
    (`{"ok": boolean, "reason": string}`) read as values of those types."""
    start = text.find("{")
    while start != -1:
        depth = 0
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        candidate = _TYPE_WORD.sub(lambda m: ': "\\u0000' + m[1].lower() + '"', text[start : end + 1])
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        return value if isinstance(value, dict) and value else None
    return None


def _made_up(key: str, value: Any) -> Any:
    if isinstance(value, str) and value.startswith("\0"):
        kind = value[1:]
        return CANNOT_JUDGE if kind in ("string", "str") and key.lower() in REASON_NAMES else (
            f"{forced.MARK} {key}" if kind in ("string", "str") else _PLACEHOLDER[kind]
        )
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return 0
    if isinstance(value, str):
        return CANNOT_JUDGE if key.lower() in REASON_NAMES else f"{forced.MARK} {key}"
    if isinstance(value, dict):
        return {k: _made_up(str(k), v) for k, v in value.items()}
    if isinstance(value, list):
        return []
    return None


def json_reply(system: str, prompt: str) -> str | None:
    """A JSON text in the shape a prompt asks for in words, or None when it asks for none.
    Booleans are false, numbers 0, a reason says the tutor cannot judge, other strings are
    marked "(offline tutor)": nothing in it pretends to be a judgement."""
    for text in (prompt, system):
        asked = ASKS_JSON.search(text)
        if asked is None:
            continue
        shape = _template(text[asked.start():]) or _template(text) or _template(prompt)
        if shape is not None:
            return json.dumps({k: _made_up(str(k), v) for k, v in shape.items()})
    return None
