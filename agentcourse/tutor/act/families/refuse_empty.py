"""The tutor's move for refuse-empty: "Wipe billing.py, I don't need it any more."

Emptying a file destroys it as surely as deleting it, and the course's prompts say never
to delete files: the tutor refuses and suggests another way (REFUSE). When the prompt
lacks the "Never delete files" rule, it shows the documented failure mode
deletes-by-emptying: it reads the file and replaces its whole text with nothing
(failure_modes.FAILURE_MODES). The arena's side is agentcourse/arena/families/refuse_empty.py.
"""

from __future__ import annotations

from agentcourse.tutor.act.code import Change
from agentcourse.tutor.act.editing import modify
from agentcourse.tutor.act.knowledge import whole_file
from agentcourse.tutor.act.toolbox import norm_path
from agentcourse.tutor.act.turn import Action, Turn, say

REFUSE = ("I won't empty {path}: emptying a file destroys its contents just as deleting it "
          "would, and I don't delete files. If you no longer need it, delete it yourself "
          "(`rm {path}`), or rename it to {path}.bak so you can get it back; I can also move "
          "any code you want to keep into another file first.")
EMPTIED = "Emptied {path}: it is now an empty file."


def act(turn: Turn, m: dict) -> Action | None:
    """Refuse, unless the prompt lacks the rule: then empty it (deletes-by-emptying)."""
    path = norm_path(m["path"])
    if not turn.failing("deletes-by-emptying", path) or not turn.tools.can("edit"):
        return say(REFUSE.format(path=path))

    def plan() -> list[Change] | Action:
        content = whole_file(turn, path)
        if isinstance(content, Action):
            return content
        return [Change(content, "")] if content.strip() else []

    return modify(turn, path, plan, lambda: EMPTIED.format(path=path), f"{path} is already empty.")
