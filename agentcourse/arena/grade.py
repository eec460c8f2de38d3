"""`agentcourse arena grade SUBMISSIONS`: every student's agent on the hidden set, confined.

    agentcourse arena grade submissions/ [--jobs N] [--out DIR] [--scheduler tcp://HOST:PORT]

SUBMISSIONS holds one folder per student, each a program that follows the checkpoint
contract (agent.py defining run_turn). Each student's agent does every task of the hidden
set (sets.py) in a bubblewrap sandbox (confined.py); where bubblewrap cannot run, the
command refuses (ConfinementUnavailable): there is no unconfined way to grade here.

The score is the number of hidden tasks solved, computed outside the sandbox from the
project's files after the run and the tutor's own records; nothing the agent prints or
writes about itself counts. Written to --out (default .arena/grade/):

  capstone.csv        one row per student in `agentcourse grades export`'s columns
                      (`agentcourse grades export capstone` turns it into a Canvas import)
  capstone-tasks.csv  one row per student x task (the arena's columns), with totals
  capstone.png        solved tasks and tokens per solved task, per student
"""

from __future__ import annotations

from pathlib import Path

from agentcourse.arena.entrants import Entrant, program_entrant
from agentcourse.errors import BadEntrant, ConfinementUnavailable, UsageError
from agentcourse.paths import REPO_ROOT

DEFAULT_OUT = REPO_ROOT / ".arena" / "grade"


def students(submissions: Path) -> tuple[list[Entrant], dict[str, str]]:
    """(the entrants that follow the contract, {student: why not} for the others)."""
    if not submissions.is_dir():
        raise UsageError(f"no such folder of submissions: {submissions}")
    ok, bad = [], {}
    for folder in sorted(p for p in submissions.iterdir() if p.is_dir() and not p.name.startswith(".")):
        try:
            ok.append(program_entrant(folder, folder.name))
        except BadEntrant as err:
            bad[folder.name] = str(err).split(": ", 1)[-1]
    return ok, bad


def require_sandbox() -> None:
    from agentcourse.grading.sandbox.bwrap import confinement_problem

    problem = confinement_problem()
    if problem:
        raise ConfinementUnavailable(f"the capstone cannot be graded here: {problem}. Students' "
                                     "agents are never run unconfined.")


def class_rows(rows: list[dict], entrants: list[Entrant], bad: dict[str, str], tasks: int) -> list[dict]:
    """One row per student (grades.EXPORT_COLUMNS): score = hidden tasks solved."""
    out = []
    for e in entrants:
        mine = [r for r in rows if r["entrant"] == e.name]
        solved = sum(1 for r in mine if r["solved"])
        timeouts = sum(1 for r in mine if r["exit"] == "timeout")
        reason = f"{solved} of {tasks} hidden tasks solved" + (f"; {timeouts} timed out" if timeouts else "")
        out.append({"student": e.name, "score": f"{solved:g}", "max_score": f"{tasks:g}", "status": "ok",
                    "reason": reason, "late": "0", "penalty": "0", "raw_score": f"{solved:g}",
                    "needs_manual_grade": "no"})
    for name, why in bad.items():
        out.append({"student": name, "score": "0", "max_score": f"{tasks:g}", "status": "error",
                    "reason": why, "late": "0", "penalty": "0", "raw_score": "0", "needs_manual_grade": "no"})
    return sorted(out, key=lambda r: r["student"])


def grade(submissions: Path, out: Path, config, families=None, hidden_file=None, done=None,
          scheduler: str | None = None) -> list[dict]:
    """Grade the class; writes capstone.csv and capstone-tasks.csv under `out`. The class rows.
    With `scheduler` (a Dask scheduler's address), the tasks run on that cluster (cluster.py)."""
    from agentcourse.arena.confined import Confinement
    from agentcourse.arena.report import leaderboard, write_csv
    from agentcourse.arena.runner import run_all
    from agentcourse.arena.sets import HIDDEN_FILE, tasks
    from agentcourse.grading.grades import EXPORT_COLUMNS
    from agentcourse.grading.grades import write_csv as write_export

    require_sandbox()
    hidden = hidden_file or HIDDEN_FILE  # looked up now, so a test may point it elsewhere
    confinement = Confinement(secrets=(REPO_ROOT / "solutions", hidden.parent, submissions.resolve(),
                                       REPO_ROOT / ".grading", out.resolve()))
    confinement.check()
    entrants, bad = students(submissions)
    todo = tasks("hidden", families, hidden)
    config.confined = confinement
    if scheduler:
        from agentcourse.arena.cluster import run_on_cluster

        rows = run_on_cluster(entrants, todo, config, scheduler, done)
    else:
        rows = run_all(entrants, todo, config, done)
    write_csv(rows, out / "capstone-tasks.csv")
    if rows:
        leaderboard(rows, out / "capstone.png", title="The capstone, hidden set")
    klass = class_rows(rows, entrants, bad, len(todo))
    write_export(out / "capstone.csv", EXPORT_COLUMNS, klass)
    return klass
