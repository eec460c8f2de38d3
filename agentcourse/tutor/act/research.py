"""The research task: "Where is slugify defined, and where is it used?"

    task_research(turn, groups)

With a research tool offered (the main agent of checkpoint 07), the question is delegated
to it and its answer passed on; without one (the sub-agent, or an agent with no such
tool), the tutor searches, reads the definition, and answers with path:line citations
(`answer_with_citations`): a use is the name in code, outside strings and comments; any
other mention is said to be text. Without a search tool it lists and reads the files at
the top of the project, and says that is what it did.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act import answer, knowledge
from agentcourse.tutor.act import turn as primitives
from agentcourse.tutor.act.answer import finish
from agentcourse.tutor.act.context_state import (
    calls_in,
    messages_of,
    raw,
    research_tool,
    search_hits,
)
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, call, say
from agentcourse.tutor.understand import script

MAX_USES = 12  # uses a research answer cites one by one (an import and a call count as two)


_QUESTION_NAME = (
    r"`(\w+)`",  # a name in backticks
    r"\b([A-Za-z]\w*_\w+)\b",  # snake_case reads as code
    r"\bwhere\s+([A-Za-z_]\w*)\s+(?:is|are|gets)\b",  # "find where slugify is defined"
    r"\bthe\s+([A-Za-z_]\w*)\s+(?:function|method|class)\b",  # "where is the add function used?"
    r"\bthe\s+(?:function|method|class)\s+([A-Za-z_]\w*)\b",  # "find where the class User is defined"
    r"\b(?:definition|uses)\s+of\s+([A-Za-z_]\w*)\b",  # "the definition of MAX_SIZE"
    r"\b(?:is|are|does|calls?|uses?|imports?|defines?|references?)\s+([A-Za-z_]\w*)\b",
)


_NOT_NAMES = {"it", "the", "this", "that", "defined", "used", "called", "there", "a", "an"}


def question_name(question: str) -> str | None:
    """The identifier a research question is about ("Where is slugify defined?" -> slugify)."""
    for pattern in _QUESTION_NAME:
        for name in re.findall(pattern, question):
            if name.lower() not in _NOT_NAMES:
                return name
    return None


# Files whose lines are code: a name in them, outside strings and comments, is a use.
CODE_FILES = (".py", ".pyi", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".sh", ".bash", ".rb",
              ".go", ".rs", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".php", ".lua")


_STRINGS = re.compile(r'"""[^\n]*?(?:"""|$)|\'\'\'[^\n]*?(?:\'\'\'|$)|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')


_COMMENT = re.compile(r"(?:#|//).*$")


def code_part(line: str) -> str:
    """A line of code without its string literals and its comment."""
    return _COMMENT.sub("", _STRINGS.sub('""', line))


def answer_with_citations(name: str, hits: list[tuple[str, int, str]], scope: str = "") -> str:
    """A short answer, every fact cited as path:line. A use is the name in a code file,
    outside strings and comments, other than where it is defined; every other line that
    mentions it (notes, summaries, docs, the function's own messages) is not a use, and the
    answer says so. `scope` says what was searched, when it was not every file."""
    where = scope or "searched every file"
    if not hits:
        return f"I found no mention of `{name}` in the project ({where})."
    word = re.compile(rf"\b{re.escape(name)}\b")
    is_def = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*=")
    defs = [h for h in hits if h[0].endswith(CODE_FILES) and is_def.search(h[2])]
    uses = [h for h in hits if h not in defs and h[0].endswith(CODE_FILES) and word.search(code_part(h[2]))]
    others = [h for h in hits if h not in defs and h not in uses]
    parts = []
    if defs:
        path, line, text = defs[0]
        parts.append(f"`{name}` is defined at {path}:{line} (`{text.strip()}`).")
    else:
        parts.append(f"`{name}` is not defined in the project's code.")
    if uses:
        shown = ", ".join(f"{p}:{n} (`{t.strip()[:60]}`)" for p, n, t in uses[:MAX_USES])
        more = f", and {len(uses) - MAX_USES} more" if len(uses) > MAX_USES else ""
        parts.append(f"It is used at {shown}{more}.")
    else:
        parts.append("Nothing in the project's code uses it.")
    if others:
        shown = ", ".join(f"{p}:{n}" for p, n, _ in others[:4])
        more = f" and {len(others) - 4} more" if len(others) > 4 else ""
        parts.append(f"Other mentions are text, not uses: {shown}{more}.")
    if scope:
        parts.append(f"({scope[0].upper()}{scope[1:]}.)")
    return " ".join(parts)


def _read_everything(turn: Turn, name: str) -> Action:
    """Without a search tool: list the project, read its files, and find the name in them."""
    listing = knowledge.listing(turn)
    if isinstance(listing, Action):
        return listing
    files = [n for n, kind in listing if kind == "file" and not n.startswith((".", "__"))]
    files = files[: script.MAX_SUMMARY_FILES]
    folders = [n + "/" for n, kind in listing if kind == "dir" and not n.startswith((".", "__"))]
    todo = [f for f in files if knowledge.known(turn, f).last_read is None]
    if todo:
        return Action(calls=[("read", {"path": f}) for f in (todo if turn.parallel else todo[:1])])
    hits, unread = [], []
    for path in files:
        k = knowledge.known(turn, path)
        if k.text is None:
            unread.append(path)
            continue
        hits += [(path, i, line) for i, line in enumerate(k.text.split("\n"), 1)
                 if re.search(rf"\b{re.escape(name)}\b", line)]
    if unread and len(unread) == len(files):
        last = knowledge.known(turn, unread[0]).last_read
        if last is not None and last.stub:
            return say(f"The read tool returned placeholders instead of the files "
                       f"({last.result.strip()}), so I cannot tell where `{name}` is defined or used.")
    scope = f"I read the {len(files)} files at the top of the project, without a search tool"
    if folders:
        scope += f"; I did not look inside {answer.and_list(folders)}"
    if unread:
        scope += f"; I could not read {answer.and_list(unread)}"
    return finish(turn, answer_with_citations(name, hits, scope))


def task_research(turn: Turn, m: dict) -> Action | None:
    """A question about a name in the code ("Where is slugify defined, and where is it
    used?"): delegated, searched or read; None when no name is asked about."""
    question = m.get("question") or turn.prompt
    name = question_name(question)
    if name is None:
        return None  # not a question about a name in the code: fall through to help
    delegate = research_tool(turn)
    if delegate:  # the main agent: the sub-agent reads; this window gets only its answer
        _, start = primitives.current_turn(messages_of(turn))
        done = [(r, e) for n, _, r, e in calls_in(messages_of(turn)[start + 1:])
                if n == delegate["name"] and r is not None]
        if not done:
            return Action(calls=[raw(delegate, question.strip())])
        result, error = done[-1]
        if error or result.lstrip().startswith("Error"):
            return say(f"I couldn't get an answer to that: {result.strip()}")
        return finish(turn, result.strip())
    if not turn.tools.can("search"):
        if turn.tools.can("read") and turn.tools.can("list"):
            return _read_everything(turn, name)
        return answer.no_tool(turn, "search files")
    searches = turn.done("search")
    if not searches:
        return call("search", pattern=rf"\b{name}\b", path=".")
    if not searches[-1].ok:
        return say(script.FAILED.format(what="search", path="the project",
                                              error=answer.error_text(searches[-1])))
    hits = search_hits(searches[-1].result)
    is_def = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b")
    defs = [h for h in hits if is_def.search(h[2])]
    if defs and turn.tools.can("read_lines"):  # confirm the definition by reading it
        path, line, _ = defs[0]
        start = max(1, line - 1)
        if not [s for s in turn.done("read_lines", norm_path(path)) if s.args.get("start") == start]:
            return call("read_lines", path=path, start=start, end=line + 4)
    return finish(turn, answer_with_citations(name, hits))
