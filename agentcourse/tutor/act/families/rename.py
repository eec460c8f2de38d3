"""The tutor's move for rename: "Rename the function load_order to fetch_order everywhere: it
is defined in ..."

Every file that uses the name is found (the files named, and the others from one folder
search or a listing) and read; the definition must be there exactly once (a name with no
definition, or with two, changes nothing: the reply says so, or asks which). Then the
whole word is renamed in code, one exact replacement at a time (`rename_uses`): the word
in a comment or a plain string is prose and stays, and so does another object's attribute
of that name. A rename that names no file ("Rename add to add_numbers everywhere.") works
the same way. The arena's side is agentcourse/arena/families/rename.py.
"""

from __future__ import annotations

import io
import posixpath
import re
import tokenize

from agentcourse.tutor.act.answer import and_list, finish
from agentcourse.tutor.act.families.moves import (
    changed,
    converge,
    files_using,
    needless_question,
    python_files,
    read_all,
    word,
)
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, say

_FILES = re.compile(r"[\w./-]+\.py\b")
ASK = "Before I change anything: should I rename {old} to {new} in the tests as well, or only in the code?"


def _paths(turn: Turn, old: str) -> list[str] | Action:
    """The files the request names, and the others that use the name: from one search where
    a tool searches the folder, else every Python file a listing shows."""
    named = [norm_path(p) for p in _FILES.findall(turn.request)]
    using = files_using(turn, old)
    if using is not None:
        return using if isinstance(using, Action) else list(dict.fromkeys(named + using))
    if not turn.tools.can("list"):
        if not named:  # nothing to look in: say what is missing rather than guess files
            return say(NO_LOOK.format(old=old, tools=turn.tools.names()))
        return list(dict.fromkeys(named))
    found = python_files(turn)
    return found if isinstance(found, Action) else list(dict.fromkeys(named + found))


NO_LOOK = ("I can't find where {old} is defined and used with the tools in this conversation "
           "({tools}): I need a tool to search the folder or list its files. Name the files "
           "that use it and I'll rename it there; nothing was changed.")
_DEF = r"^[ \t]*(?:async[ \t]+)?def[ \t]+{name}[ \t]*\("


def definitions(texts: dict[str, str], name: str) -> list[tuple[str, int]]:
    """(path, line) of every `def name(` in `texts`: top-level functions and methods alike,
    since a whole-word rename would change each of them."""
    is_def = re.compile(_DEF.format(name=re.escape(name)), re.M)
    return [(p, t.count("\n", 0, m.start()) + 1) for p, t in texts.items() for m in is_def.finditer(t)]


def _prose(text: str) -> list[tuple[int, int]] | None:
    """Character spans of the comments and plain string literals of Python `text` (None
    when it does not tokenize). An f-string is code: the names in its braces are uses."""
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    spans = []
    for tok in tokens:
        prefix = re.match(r"[A-Za-z]*", tok.string)[0].lower()
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and "f" not in prefix):
            spans.append((starts[tok.start[0] - 1] + tok.start[1], starts[tok.end[0] - 1] + tok.end[1]))
    return spans


def rename_uses(text: str, old: str, new: str, home: str | None = None) -> tuple[str, int, int]:
    """`text` with every whole-word use of `old` in code renamed; then how many mentions in
    comments and plain strings were left (prose, not uses: `print("add")` keeps its word),
    and how many attributes of other objects (`seen.add(x)` is a set's add; `home.add`, of
    the module `home` that defines it, is a use; with no `home`, a method's, every attribute
    is). A file that does not tokenize has every whole word in code and prose alike renamed."""
    prose = _prose(text) or []
    said, other = set(), set()
    for m in word(old).finditer(text):
        owner = re.search(r"(\w*)\s*\.\s*$", text[:m.start()])
        if any(a <= m.start() < b for a, b in prose):
            said.add(m.start())
        elif owner and home is not None and owner[1] != home:
            other.add(m.start())
    renamed = word(old).sub(lambda m: m[0] if m.start() in said | other else new, text)
    return renamed, len(said), len(other)


def _not_one(old: str, found: list[tuple[str, int]], texts: dict[str, str], named: bool) -> Action | None:
    """The reply when the definition to rename is not exactly one: none found (say where it
    was looked for, and where the name is used), or several (ask which). None for one."""
    if not found:
        where = and_list(list(texts)) if named and texts else "this project"
        using = [p for p, t in texts.items() if word(old).search(t)]
        seen = f" ({old} appears in {and_list(using)}, but nothing there defines it)" if using else ""
        return say(f"I couldn't find a function named {old} in {where}{seen}; nothing was changed.")
    if len(found) > 1:
        places = and_list([f"{p} (line {n})" for p, n in found])
        return say(f"I found {len(found)} definitions of {old}: in {places}. Which one should I "
                   f"rename? Nothing was changed.")
    return None


def act(turn: Turn, m: dict) -> Action | None:
    """Find every file that uses the name (named, searched or listed), read them, check the
    definition is there exactly once, then rename the whole word, one change at a time."""
    old, new = m["old"], m["new"]
    asked = needless_question(turn, ASK.format(old=old, new=new))
    if asked:
        return asked
    paths = _paths(turn, old)
    if isinstance(paths, Action):
        return paths
    texts = read_all(turn, paths)
    if isinstance(texts, Action):
        return texts
    # The texts are as first read, so the definitions counted stay the same while renaming.
    problem = _not_one(old, definitions(texts, old), texts, bool(_FILES.search(turn.request)))
    if problem is not None:
        return problem
    path, line = definitions(texts, old)[0]
    method = texts[path].split("\n")[line - 1][:1] in (" ", "\t")  # obj.add() calls it
    home = None if method else posixpath.splitext(posixpath.basename(path))[0]
    renamed = {p: rename_uses(t, old, new, home) for p, t in texts.items()}
    targets = {p: r[0] for p, r in renamed.items() if r[0] != texts[p]}
    action = converge(turn, targets)
    if action is not None:
        return action
    done = [p for p in changed(turn) if p in targets]
    return finish(turn, f"Renamed {old} to {new} in {and_list(done or sorted(targets))}; names that only "
                        f"contain {old} were left as they were.{_left(old, renamed.values())}")


def _left(old: str, renamed) -> str:
    """What the reply says of the whole words it did not rename: prose, and other objects'."""
    said, other = sum(r[1] for r in renamed), sum(r[2] for r in renamed)
    notes = [f"{said} mention{'s' * (said != 1)} in comments or strings (words, not uses)"] if said else []
    notes += [f"{other} attribute{'s' * (other != 1)} of other objects, such as `x.{old}` "
              "(another object's own function)"] if other else []
    return f" Also left as they were: {' and '.join(notes)}." if notes else ""
