"""Lab 8's sessions of approvals: (command, the programs "always" may approve or None,
answer) in turn.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from agentcourse.course.scaffold.lab08.draws import between, pick

# ---- sessions of approvals: (command, the programs "always" may approve or None, answer)

SESSION_APPROVABLE = [("ls", ("ls",)), ("ls -la src", ("ls",)), ("cat a.txt", ("cat",)), ("cat -n a.txt b.txt", ("cat",)),
                      ("grep -n x a.txt", ("grep",)), ("wc -l a.txt", ("wc",)), ("head -n 3 a.txt", ("head",)),
                      ("sort -r a.txt", ("sort",)), ("echo hi", ("echo",)), ("echo 'cost: $5'", ("echo",)),
                      ("pwd", ("pwd",)), ("cd src", ("cd",)), ("ls | wc -l", ("ls", "wc")),
                      ("cat a.txt | grep x | head -n 2", ("cat", "grep", "head")), ("ls && pwd", ("ls", "pwd")),
                      ("cat a.txt; cat b.txt", ("cat", "cat")), ("grep -c x a.txt || echo none", ("grep", "echo")),
                      ("wc -l a.txt 2>/dev/null", ("wc",)), ("sort < a.txt | uniq -c", ("sort", "uniq"))]
SESSION_EXACT = ["rm -rf build", "python3 -m pytest", "bash -c 'ls'", "ls > out.txt", "sort -o out.txt a.txt",
                 "git status", "ls &", "(cd src && ls)", "make test", "ls *.py", "cat ~/notes", "grep --pre=sh x ."]
SESSION_CHANGES = ["ls() { rm -rf x; }", "alias cat=rm", "export PATH=.", "X=1", "source env.sh", ". env.sh",
                   "unset HOME", "eval ls", "ls $(rm x)", "hash -r", "set -e", "echo $(pwd)", "cat() { :; }"]


def sessions(exact: bool = True, changes: bool = True, max_size: int = 8) -> Any:
    """Lists of (command, programs or None, answer): one agent run's commands and the user's
    answers, from the allowlisted commands, and, if asked for, commands only the exact
    text can approve and commands that may change the shell."""
    kinds = SESSION_APPROVABLE + [(c, None) for c in SESSION_EXACT if exact] + [(c, None) for c in SESSION_CHANGES if changes]

    @st.composite
    def build(draw: Any) -> list[tuple]:
        return [(*pick(draw, kinds), pick(draw, "yan")) for _ in range(draw(between(1, max_size)))]

    return build()
