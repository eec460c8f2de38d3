"""The tables of docs/TUTOR-SCRIPT.md, generated from the tutor's script and its code.

    python -m agentcourse.tutor.script_doc          # prints the task and failure tables
    python -m agentcourse.tutor.script_doc --write  # brings docs/TUTOR-SCRIPT.md up to date

Each table sits between `<!-- BEGIN name (generated) -->` and `<!-- END name -->` markers;
`render_doc` rewrites them all (GENERATED; GENERATED_TUTOR for docs/TUTOR.md's list of
requests), and tests/tutor/test_script.py fails when a doc has drifted. It reads all three layers of the tutor (the script's data, and act's
shell.py for the commands a shell-only agent is sent), so it sits above them.
"""

from __future__ import annotations

import re
import sys

from agentcourse.paths import REPO_ROOT
from agentcourse.tutor import rule_doc
from agentcourse.tutor.act import shell
from agentcourse.tutor.understand import (
    failure_modes,
    intent_table,
    request_lexicon,
    script,
    tasks,
    tool_types,
)


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _code(s: str) -> str:
    # A code span that may itself contain backticks needs double backticks around it.
    return f"`` {_cell(s)} ``" if "`" in s else f"`{_cell(s)}`"


def failure_table() -> str:
    """The failure-mode table of docs/TUTOR-SCRIPT.md, generated from failure_modes.ALL_MODES."""
    rows = [
        "| id | failure | shows on | what the tutor does | fix |",
        "|---|---|---|---|---|",
    ]
    for f in failure_modes.ALL_MODES:
        cells = (f"`{f.id}`", f.failure, f.triggers_on, f.behaviour, f.fix)
        rows.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def _quotes(phrasings: tuple[str, ...]) -> str:
    return "<br>".join(f"“{_cell(p)}”" for p in phrasings)


def detection_table() -> str:
    """How each rule is recognised: what counts, where, and examples either way."""
    rows = [
        "| failure | the rule that prevents it | what counts | where it is looked for | "
        "counts | does not count |",
        "|---|---|---|---|---|---|",
    ]
    for f in failure_modes.ALL_MODES:
        cells = (f"`{f.id}`", _cell(f.rule), _cell(f.recognised), _cell(f.where),
                 _quotes(f.counts), _quotes(f.look_alikes))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def task_table() -> str:
    """The patterns of every intent (intent_table.INTENTS), the way each reads a request."""
    rows = ["| intent | example request | patterns (case-insensitive; every row's are tried, and the "
            "rows that read a request are ranked by specificity) |", "|---|---|---|"]
    for i in intent_table.INTENTS:
        patterns = "<br>".join(_code(p) for p in i.patterns)
        rows.append(f"| `{i.name}` | {_cell(i.example)} | {patterns} |")
    return "\n".join(rows)


def intents_table() -> str:
    """The intent table: what names each request, the slots it needs, who acts on it."""
    rows = ["| intent | acted on by | mood | verbs | objects | slots | read by its words | near misses |",
            "|---|---|---|---|---|---|---|---|"]
    for i in intent_table.INTENTS:
        by = f"`act/families/{i.name.replace('-', '_')}.py`" if i.kind == "family" else \
            f"brain task `{i.name}`"
        words = ", ".join(f"`{r}`" for r in i.reads) or "no (patterns only)"
        cells = (f"`{i.name}`", by, i.mood, ", ".join(i.verbs), ", ".join(i.objects) or "-",
                 ", ".join(i.slots) or "-", words, _quotes(i.near_misses))
        rows.append("| " + " | ".join(_cell(c) if "`" not in c else c.replace("|", "\\|")
                                      for c in cells) + " |")
    return "\n".join(rows)


def lexicon_table() -> str:
    """Each language of request_lexicon.py: the words that say it, and its phrases' English."""
    rows = ["| language | said by (markers) | phrases: their English |", "|---|---|---|"]
    for lang in request_lexicon.LANGUAGES:
        phrases = "; ".join(f"{p} → {e or '(dropped)'}" for p, e in lang.phrases)
        rows.append(f"| {lang.name} | {_cell(', '.join(lang.markers))} | {_cell(phrases)} |")
    return "\n".join(rows)


def intent_summary() -> str:
    """docs/TUTOR.md's short list: each request the tutor knows, with an example."""
    rows = ["| request | example | mood |", "|---|---|---|"]
    rows += [f"| `{i.name}` | {_cell(i.example)} | {i.mood} |" for i in intent_table.INTENTS]
    return "\n".join(rows)


def task_tools_table() -> str:
    """What each task does with each kind of tool set."""
    rows = [
        "| task | list/read/edit (00-03) | search/read_lines/edit (04+) | text editor + bash (08) "
        "| bash only | with a whole-file write tool |",
        "|---|---|---|---|---|---|",
    ]
    for t in tasks.TASKS:
        cells = (t.with_read_file, t.with_search, t.with_editor, t.with_bash, t.with_write)
        rows.append(f"| `{t.name}` | " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(rows)


def jobs_table() -> str:
    """How a custom tool's job is recognised, and what the tutor uses it for."""
    rows = ["| job | recognised by | used for |", "|---|---|---|"]
    rows += [f"| `{job}` | {_cell(by)} | {_cell(use)} |" for job, by, use in script.JOB_DOCS]
    return "\n".join(rows)


def tool_search_table() -> str:
    """Deferred tools and the tool search tool, one row per situation."""
    rows = ["| the request | the tutor |", "|---|---|"]
    rows += [f"| {_cell(when)} | {_cell(does)} |" for when, does in tool_types.TOOL_SEARCH_ROWS]
    return "\n".join(rows)


def operations_table() -> str:
    """Which tool performs each operation, best first."""
    rows = ["| operation | tried in this order |", "|---|---|"]
    for op, roles in script.OP_PREFERENCES.items():
        rows.append(f"| {op} | " + " → ".join(_ROLE_NAMES.get(r, r) for r in roles) + " |")
    return "\n".join(rows)


def shell_table() -> str:
    """The commands the tutor writes for each operation when a shell is the tool."""
    examples = (
        ("list", shell.list_dir(".")),
        ("read", shell.read("utils.py")),
        ("read_lines", shell.read_lines("math_utils.py", 3, 8)),
        ("search", shell.search("def add", "math_utils.py")),
        ("create", shell.create("hello.py", script.HELLO_SOURCE)),
        ("edit", shell.edit("math_utils.py", "def add(a, b):",
                            'def add(a, b):\n    """Return the sum of a and b."""')),
        ("run", shell.test_command(["tests.py"])),
    )
    rows = ["| operation | command (an example) |", "|---|---|"]
    for op, command in examples:
        lines = [
            re.sub(r"^ +", lambda m: "&nbsp;" * len(m[0]), line.replace("&", "&amp;").replace(
                "<", "&lt;").replace("|", "\\|"))
            for line in command.split("\n")
        ]
        rows.append(f"| {op} | <code>{'<br>'.join(lines)}</code> |")
    return "\n".join(rows)


_ROLE_NAMES = {
    "bash": "a shell (`bash`)",
    "editor": "the text editor",
    "write": "a whole-file write tool",
    "edit": "an exact-replace edit tool",
    "read": "a read tool",
    "read_lines": "a read_lines tool",
    "list": "a list tool",
    "search": "a search tool",
}


GENERATED = {
    "jobs": jobs_table,
    "operations": operations_table,
    "shell": shell_table,
    "tool-search": tool_search_table,
    "intents": intents_table,
    "request-lexicon": lexicon_table,
    "tasks": task_table,
    "task-tools": task_tools_table,
    "failure-modes": failure_table,
    "detection": detection_table,
    **rule_doc.GENERATED,  # the rule table, its lexicon and its languages
}


# The generated section of docs/TUTOR.md.
GENERATED_TUTOR = {"requests": intent_summary}


def render_doc(doc: str, generated: dict | None = None) -> str:
    """`doc` with every generated table (between its BEGIN/END markers) brought up to date:
    GENERATED's (docs/TUTOR-SCRIPT.md) unless told otherwise."""
    for name, table in (GENERATED if generated is None else generated).items():
        begin, end = f"<!-- BEGIN {name} (generated) -->", f"<!-- END {name} -->"
        head, _, rest = doc.partition(begin)
        _, _, tail = rest.partition(end)
        doc = f"{head}{begin}\n{table()}\n{end}{tail}"
    return doc


if __name__ == "__main__":
    # python -m agentcourse.tutor.script_doc          prints the tables
    # python -m agentcourse.tutor.script_doc --write  updates them in docs/TUTOR-SCRIPT.md
    if sys.argv[1:] == ["--write"]:
        path = REPO_ROOT / "docs" / "TUTOR-SCRIPT.md"
        tmp = path.with_suffix(".md.tmp")
        tmp.write_text(render_doc(path.read_text(encoding="utf-8")), encoding="utf-8")
        tmp.replace(path)
        path = REPO_ROOT / "docs" / "TUTOR.md"
        tmp = path.with_suffix(".md.tmp")
        tmp.write_text(render_doc(path.read_text(encoding="utf-8"), GENERATED_TUTOR), encoding="utf-8")
        tmp.replace(path)
    else:
        print(task_table(), failure_table(), detection_table(), sep="\n\n")
