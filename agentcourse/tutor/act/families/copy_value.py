"""The tutor's move for copy-value: "Make the TIMEOUT_SECONDS in client.py the same as the one
in server.py."

Both files are read (in one response when parallel tool use is allowed): the value comes
from one, the change goes to the other, as one exact replacement of the target's
assignment. The arena's side is agentcourse/arena/families/copy_value.py; its judge finds
the assignment with `assignment`, as the tutor does.
"""

from __future__ import annotations

import re

from agentcourse.tutor.act.answer import finish
from agentcourse.tutor.act.families.moves import converge, needless_question, read_all
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, say

ASK = "Before I change {target}: should {c} there take the value from {source}, and not the other way round?"


def assignment(c: str) -> re.Pattern:
    """The line that sets the constant `c` (`C = value`, a comment after it allowed), with
    the value as group 1."""
    return re.compile(rf"^{re.escape(c)}\s*=\s*(.+?)\s*(?:#.*)?$", re.M)


def act(turn: Turn, m: dict) -> Action | None:
    """Read both files (one response when parallel calls are allowed), then one exact edit."""
    c, target, source = m["c"], norm_path(m["target"]), norm_path(m["source"])
    asked = needless_question(turn, ASK.format(c=c, target=target, source=source))
    if asked:
        return asked
    texts = read_all(turn, [target, source])
    if isinstance(texts, Action):
        return texts
    found = {p: assignment(c).search(t) for p, t in texts.items()}
    for path in (source, target):
        if found[path] is None:
            return say(f"I couldn't find a line that sets {c} in {path}; nothing was changed.")
    value, was = found[source][1], found[target][1]
    if value == was:
        return finish(turn, f"{c} is already {value} in both {target} and {source}; nothing was changed.")
    hit = found[target]
    want = texts[target][: hit.start(1)] + value + texts[target][hit.end(1):]
    action = converge(turn, {target: want})
    if action is not None:
        return action
    return finish(turn, f"{c} in {target} is now {value} (it was {was}), the value {source} uses.")
