"""The tutor's move for add-parameter: a keyword parameter added, and its value passed at each call.

    "Add a parameter retries with default 3 to load_order in orders.py, and pass retries=5
    at every call in billing.py and test_orders.py."

The module and its callers are read (the files named, and those a folder search or a
listing shows), then the def line and each call change, one exact replacement at a time.
The arena's side of the family (the seeded task and its judge) is
agentcourse/arena/families/add_parameter.py; it plans its reference turn with
`with_parameter`, as the tutor does.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.answer import and_list, finish
from agentcourse.tutor.act.families.moves import (
    converge,
    files_using,
    needless_question,
    python_files,
    read_all,
    word,
)
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, say

ASK = "Before I change {path}: should {p} go at the end of {f}'s parameters, after the ones it has now?"

_FILES = re.compile(r"[\w./-]+\.py\b")


def with_parameter(text: str, f: str, p: str, d: str, v: str) -> str:
    """`text` with `p=d` at the end of f's parameters and `p=v` passed at each call of f."""
    out, pos = [], 0
    for m in re.finditer(word(f).pattern + r"\s*\(", text):
        close = _closing(text, m.end() - 1)
        if close is None:
            continue
        is_def = re.search(r"\bdef\s+$", text[: m.start()][-8:]) is not None
        inside = text[m.end():close].rstrip()
        add = f"{p}={d}" if is_def else f"{p}={v}"
        if not is_def and not v:
            continue  # no value to pass: the calls keep the default
        if re.search(rf"(?<!\w){re.escape(p)}\s*=", inside):
            continue  # already there
        sep = "" if not inside.strip() else (" " if inside.endswith(",") else ", ")
        out.append(text[pos: m.end() + len(inside)] + sep + add)
        pos = m.end() + len(inside)
    return "".join(out) + text[pos:]


def _closing(text: str, open_at: int) -> int | None:
    depth = 0
    for i in range(open_at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return None


def act(turn: Turn, m: dict) -> Action | None:
    """Read the module and its callers (named, and listed when it can), then change the
    def line and each call, one exact replacement at a time."""
    f, p, d, v, home = m["f"], m["p"], m.get("d"), m.get("v"), norm_path(m["path"])
    if not d:  # a parameter with no default would break every call: ask for it
        return say(f"What default value should {p} have? With one, every call of {f} keeps working; "
                   "nothing was changed yet.")
    asked = needless_question(turn, ASK.format(f=f, p=p, path=home))
    if asked:
        return asked
    paths = list(dict.fromkeys([home, *(norm_path(x) for x in _FILES.findall(turn.request))]))
    using = files_using(turn, f)
    if isinstance(using, Action):
        return using
    if using is not None:
        paths = list(dict.fromkeys(paths + using))
    elif turn.tools.can("list"):
        found = python_files(turn)
        if isinstance(found, Action):
            return found
        paths = list(dict.fromkeys(paths + found))
    texts = read_all(turn, paths)
    if isinstance(texts, Action):
        return texts
    if not re.search(word(f"def {f}").pattern + r"\s*\(", texts[home]):
        return say(f"I couldn't find a function named {f} in {home}; nothing was changed.")
    targets = {k: with_parameter(t, f, p, d, v) for k, t in texts.items()}
    action = converge(turn, {k: t for k, t in targets.items() if t != texts[k]})
    if action is not None:
        return action
    calls = sum(len(re.findall(word(f).pattern + r"\s*\(", t)) for t in texts.values()) - 1
    where = and_list([k for k in targets if targets[k] != texts[k] and k != home]) or home
    if not v:
        return finish(turn, f"{f} in {home} now ends with {p}={d}; its calls keep the default.")
    return finish(turn, f"{f} in {home} now ends with {p}={d}, and its {calls} call{'s' * (calls != 1)} "
                        f"({home}, {where}) pass {p}={v}.")
