"""A prompt as the sentences a model reads: steps 1 and 2 of reading the prompt rules.

    places(system, tools) -> [Place, ...]    # the system prompt, then each tool's and each
                                             # parameter's description
    headed(text) -> [(heading, sentence), ...]
    in_context(heading, sentence) -> str     # the words a sentence is read in

rules.py reads every sentence of every place with the rule table's rows. Markup (Markdown,
XML tags, JSON-like lists of rules) goes here, wrapped lines are joined, and each sentence
keeps the heading it stands under, since a short item ("- concise") means little without
it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentcourse.tutor.understand.clauses import words

# ============================================================================ reading a prompt


@dataclass(frozen=True)
class Place:
    """One piece of prompt text and what it implies."""

    where: str
    text: str
    this: str = ""  # the word "this tool" / "use it" stands for here ("read", "edit" or "")
    implied_old: bool = False  # the edit tool's old-text parameter: "old_str" is implied


def _tool_verb(name: str) -> str:
    name = name.lower()
    if re.search(r"edit|write|replace|patch|update|modify", name):
        return "edit"
    if re.search(r"read|view|cat|show|open|get", name):
        return "read"
    return ""


def places(system: object, tools: list[dict] | None) -> list[Place]:
    """The texts a model reads: the system prompt, then each tool's description and each
    parameter's description (Anthropic-defined tools have none in the request)."""
    if isinstance(system, list):
        system = "\n\n".join(
            str(b.get("text", ""))
            for b in system
            if isinstance(b, dict) and b.get("type") == "text"
        )
    found = [Place("system prompt", str(system or ""))]
    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        name = str(tool.get("name", "?"))
        verb = _tool_verb(name)
        found.append(Place(f"tool {name} (description)", str(tool.get("description") or ""), verb))
        props = (tool.get("input_schema") or {}).get("properties") or {}
        has_new = any(re.search(r"new|replace|content|text", p, re.I) for p in props)
        for pname, spec in props.items():
            if isinstance(spec, dict) and spec.get("description"):
                old = (
                    verb == "edit"
                    and has_new
                    and bool(re.search(r"old|find|search|target|orig", pname, re.I))
                )
                found.append(
                    Place(f"tool {name}, parameter {pname}", str(spec["description"]), verb, old)
                )
    return [p for p in found if p.text.strip()]


def sentences(text: str) -> list[str]:
    """Markup removed, wrapped lines joined, cut into sentences (as written, for display)."""
    return [sentence for _, sentence in headed(text)]


def headed(text: str) -> list[tuple[str, str]]:
    """sentences(), each with the heading it stands under: a Markdown heading, a "Label:"
    line or an XML tag's name ("" outside any). A short item such as "- concise" means
    little without its heading ("## Code style" or "## Replies")."""
    text = re.sub(r"</[A-Za-z][\w-]*\s*>", "\n\n\x00\n\n", text)  # XML-ish tags
    text = re.sub(r"<([A-Za-z][\w-]*)(?:\s[^<>]*)?>", lambda m: f"\n\n\x00{m[1]}\n\n", text)
    text = "\n".join(_unjson(_unyaml(raw)) for raw in text.split("\n"))
    text = re.sub(r"(?m)^\s*1[.)]\s.*\s2[.)]\s.*$", _steps_on_lines, text)
    blocks, current, heading = [], [], ""
    for raw in text.split("\n"):
        line = raw.strip()
        starts = re.match(r"^(?:#+\s|[-*+•]\s|\d+[.)]\s|[A-Za-z][\w ]{0,30}:$|\x00)", line)
        if not line or starts:
            if current:
                blocks.append((heading, " ".join(current)))
            current = []
        if line.startswith("\x00"):  # an XML tag opens (its name) or closes ("")
            heading = re.sub(r"[_-]", " ", line[1:])
            continue
        title = re.match(r"^(?:#+\s+(.*)|(?:[-*+•]\s+)?([A-Za-z][\w' ]{0,30}):)$", line)
        if title:
            blocks.append(("", re.sub(r"^(?:#+|[-*+•])\s+", "", line)))
            heading = re.sub(r"(\*\*|__|`)", "", title.group(1) or title.group(2)).strip()
            continue
        if line:
            current.append(re.sub(r"^(?:#+|[-*+•]|\d+[.)])\s+", "", line))
    if current:
        blocks.append((heading, " ".join(current)))
    out = []
    for heading, block in blocks:
        block = re.sub(r"(\*\*|__|`)", "", block)
        parts = re.split(r"(?<=[.!])\s+(?=\S)", block)
        out += [(heading, s.strip()) for s in parts if s.strip()]
    return out


def _steps_on_lines(line: re.Match) -> str:
    """Steps numbered on one line, one to a line: "1) read_file the target 2) edit_file it"."""
    return re.sub(r"\s+(?=\d+[.)]\s)", "\n", line[0])


def _unyaml(raw: str) -> str:
    """A YAML-like line, indented or with a snake_case key ("  delete_files: forbidden"), as
    the JSON pair _unjson reads: an item of its own, its key's words apart."""
    pair = re.fullmatch(r"(\s*)([A-Za-z][\w-]*):(?:\s+(.*))?", raw.rstrip())
    if not pair or not (len(pair[1]) >= 2 or "_" in pair[2]) or pair[3] and pair[3][:1] in "[{":
        return raw.strip()
    value = re.sub(r"""^(["'])(.*)\1$""", r"\2", pair[3] or "")
    value = value.replace("_", " ") if re.fullmatch(r"[a-z]+(?:_[a-z]+)+", value) else value
    return f'"{pair[2]}": "{value.replace(chr(34), chr(92) + chr(34))}"' if value else f'"{pair[2]}": {{'


def _unjson(line: str) -> str:
    """A JSON-like line as the text it holds: brackets alone part items, '"key": [' is a
    heading, '"key": "value",' and '"a rule",' are items ("- key: value", "- a rule")."""
    if line and re.fullmatch(r"[\[\]{}(),\s]+", line):
        return ""
    if not re.match(r'^[\[{]*\s*"', line):
        return line
    inner = re.sub(r"[\s,]*[\]}]*[\s,]*$", "", re.sub(r"^[\[{]+\s*", "", line))
    string = r'"((?:[^"\\]|\\.)*)"'
    pair = re.fullmatch(string + r"\s*:\s*(.*)", inner)
    if pair:
        key, value = pair[1], pair[2].strip()
        if not re.search(r"_(?:str|string|text|path)$", key):
            key = key.replace("_", " ")  # "new_file", "read_first"; not "old_str"
        if value in ("", "[", "{"):
            return f"{key}:"
        value = re.fullmatch(string, value)[1] if re.fullmatch(string, value) else value
        flag = {"false": "never", "no": "never", "off": "never", "disabled": "never", "true": "always", "yes": "always",
                "on": "always", "enabled": "always", "required": "always"}.get(value.lower())  # "read_first: true"
        return f"- {flag} {key}" if flag else f"- {key}: {value}".replace('\\"', '"')
    items = re.fullmatch(rf"{string}(?:\s*,\s*{string})*", inner)  # '"a rule", "another"'
    if not items:
        return line
    return "\n".join(f"- {item}".replace('\\"', '"') for item in re.findall(string, inner))


def in_context(heading: str, sentence: str) -> str:
    """The words a sentence is read in. A short item takes its heading: "## Code style /
    - concise" is "Code style: concise"; a heading that forbids ("DON'T:", "## Never")
    governs every item under it. A question and its answer become one statement."""
    sentence = _answered(sentence)
    if not heading:
        return sentence
    forbids = any(k & {"NEG", "PROHIB"} for _, k in words(heading))
    if forbids and not re.search(r"\bdo'?s\b", heading, re.I):  # not "Dos and don'ts"
        if len(heading.split()) <= 3 or len(sentence.split()) <= 4:
            return f"{heading} {sentence}"
    short, when = len(sentence.split()) <= 4, _circumstance(words(heading), words(sentence))
    return f"{heading}: {sentence}" if short else f"{heading}, {sentence}" if when else sentence


def _circumstance(head: tuple, own: tuple) -> bool:
    """A short heading that says when its items apply ("## Before editing", "<new_files>")
    opens each item that does not name the act: "before editing, open the file and read it"."""
    when = head and head[0][0] in ("before", "when", "whenever", "after", "if", "once", "for", "to")
    acts = [k & _ACTS for _, k in head[1:] if k & _ACTS] if when else [k for _, k in head if "CREATE" in k]
    return 0 < len(head) <= 5 and bool(acts) and not any(k & a for _, k in own if "TOOLSUBJ" not in k for a in acts)


_ACTS = frozenset("CREATE MOD DEL READ EMPTY ASK".split())  # the acts a heading's circumstance names


def _answered(sentence: str) -> str:
    """'Q: Can you delete files? A: No, ...' (or 'Is that allowed? No.') -> 'not can you delete
    files; ...': a yes or no answers the question's own words; any other answer completes them."""
    qa = re.match(r"(?is)^(?:Q:\s*(.+?)\?\s*A:|(.+?)\?\s*(?:the answer is(?: always)?:?)?)\s*(.*)$", sentence)
    if not qa:
        return sentence
    question, answer = qa[1] or qa[2], qa[3]
    yes_no = re.match(
        r"(?is)((?:(?:absolutely|certainly|definitely|of course) )?not?|nope|never|yes|yep|sure"
        r"|absolutely|certainly|definitely|of course)\b[\s,.!:;]*(.*)$",
        answer,
    )
    if not yes_no:
        return f"{question}: {answer}" if qa[1] else sentence  # no "Q:": only a yes or no answers
    negated = re.search(r"(?i)\bnot?$|nope|never", yes_no[1]) is not None
    return f"{re.sub('^(.*:)?', lambda m: f'{m[0]} not ', question) if negated else question}; {yes_no[2]}"
