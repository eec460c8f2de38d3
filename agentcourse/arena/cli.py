"""`agentcourse arena`: run entrants on a task set, the ladder, or grade a class.

    agentcourse arena 08 students/ada --command 'python3 my_agent.py' --families list-todos
    agentcourse arena ladder [--families a,b] [--out DIR]
    agentcourse arena grade SUBMISSIONS [--out DIR]

Results go to --out (default .arena/, git-ignored): arena.csv and arena.png against the
tutor, arena-live.csv and arena-live.png against Claude (--live), ladder.csv / ladder.png.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from agentcourse.errors import NoApiKey, UsageError
from agentcourse.paths import REPO_ROOT

DEFAULT_OUT = REPO_ROOT / ".arena"


def add_parser(sub) -> None:
    arena = sub.add_parser(
        "arena", help="the capstone arena: agents on seeded tasks, measured and judged",
        description="Each task runs in a process of its own in a scratch project, against a tutor of its "
        "own (or, --live, Claude through a recording proxy). Approval questions are answered 'y' on "
        "stdin: nobody is at the keyboard, and the throwaway project (when grading, the sandbox) is the fence.")
    arena.add_argument("entrants", nargs="*", metavar="ENTRANT",
                       help="checkpoint numbers or agent folders; or `ladder`, or `grade SUBMISSIONS`")
    arena.add_argument("--command", dest="commands", action="append", default=[], metavar="CMD",
                       help="an entrant that is a command line, run with the request as last argument")
    arena.add_argument("--set", dest="task_set", choices=["practice", "hidden"], default="practice",
                       help="the task set (hidden: instructors only)")
    arena.add_argument("--families", help="only these families, comma-separated")
    arena.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="tasks run at once")
    arena.add_argument("--timeout", type=float, default=120.0, help="seconds per task")
    arena.add_argument("--answer", default="y",
                       help="the line fed on stdin to every approval question (default y); '' feeds nothing, "
                       "for a CLI that reads piped stdin as part of its request (claude -p)")
    arena.add_argument("--out", help="output folder (default .arena/; grade: .arena/grade/)")
    arena.add_argument("--live", action="store_true", help="against Claude (needs ANTHROPIC_API_KEY)")
    arena.add_argument("--model", default="", help="ANTHROPIC_MODEL for --live")
    arena.add_argument("--scheduler", metavar="ADDRESS",
                       help="grade only: run the tasks on a Dask cluster (its scheduler, tcp://HOST:PORT)")


def _config(args):
    from agentcourse.arena.runner import ArenaConfig

    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.live and not os.environ.get("ANTHROPIC_API_KEY"):
        raise NoApiKey("--live runs against Claude and needs ANTHROPIC_API_KEY")
    return ArenaConfig(jobs=args.jobs, timeout_s=args.timeout, live=args.live, model=args.model,
                       answer=args.answer)


def _families(args) -> list[str] | None:
    from agentcourse.arena.sets import family_names

    return family_names(args.families.split(",")) if args.families else None


def progress():
    """The bar a person watches while tasks finish (gone when done, like the benchmarks')."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), transient=True)


def run_with_progress(entrants, tasks, config, label: str) -> list[dict]:
    """run_all behind a progress bar (a person waits on it)."""
    from agentcourse.arena.runner import run_all

    with progress() as bar:
        job = bar.add_task(label, total=len(entrants) * len(tasks))
        return run_all(entrants, tasks, config, lambda row: bar.advance(job))


def cli_arena(args: argparse.Namespace) -> int:
    if args.entrants[:1] == ["ladder"]:
        return cli_ladder(args)
    if args.entrants[:1] == ["grade"]:
        return cli_grade(args)
    from agentcourse.arena.entrants import command_entrant, entrant
    from agentcourse.arena.report import leaderboard, print_table, write_csv
    from agentcourse.arena.sets import tasks

    entrants = [entrant(e) for e in args.entrants] + [command_entrant(c) for c in args.commands]
    if not entrants:
        raise UsageError("name at least one entrant (e.g. 08, a folder, or --command CMD)")
    config, todo = _config(args), tasks(args.task_set, _families(args))
    rows = run_with_progress(entrants, todo, config, f"{len(entrants)} entrant(s) x {len(todo)} tasks")
    out, stem = Path(args.out) if args.out else DEFAULT_OUT, "arena-live" if args.live else "arena"
    print_table(rows)
    csv_path = write_csv(rows, out / f"{stem}.csv")
    png = leaderboard(rows, out / f"{stem}.png", title=f"Arena, {args.task_set} set")
    print(f"wrote {csv_path} and {png}")
    return 0


def cli_ladder(args: argparse.Namespace) -> int:
    from agentcourse.arena import ladder
    from agentcourse.arena.entrants import can_take
    from agentcourse.arena.report import print_table
    from agentcourse.arena.sets import tasks

    todo, out, config = tasks("practice", _families(args)), Path(args.out) if args.out else DEFAULT_OUT, _config(args)
    with progress() as bar:
        runs = sum(can_take(e, t.requires) for e in ladder.ladder_entrants() for t in todo)  # MCP tasks: 10 on
        job = bar.add_task(f"the ladder: {len(ladder.RUNGS)} checkpoints x {len(todo)} tasks", total=runs)
        rows = ladder.run_ladder(todo, config, out, lambda row: bar.advance(job))
    print_table(rows)
    ladder.print_costlier(ladder.costlier(rows))
    name = "ladder-live" if config.live else "ladder"
    if config.live:  # what the tutor's ladder predicted, beside what Claude did
        from agentcourse.arena.report import read_csv

        ladder.print_comparison(ladder.compare(read_csv(ladder.TRACKED), rows))
    print(f"wrote {out / (name + '.csv')} and {out / (name + '.png')}")
    return 0


def cli_grade(args: argparse.Namespace) -> int:
    from agentcourse.arena.grade import grade, students
    from agentcourse.arena.sets import tasks

    if len(args.entrants) != 2:
        raise UsageError("usage: agentcourse arena grade SUBMISSIONS")
    out = Path(args.out) if args.out else DEFAULT_OUT / "grade"

    submissions = Path(args.entrants[1])
    count = len(students(submissions)[0]) * len(tasks("hidden", _families(args)))
    with progress() as bar:
        job = bar.add_task("grading the capstone on the hidden set", total=count)
        klass = grade(submissions, out, _config(args), _families(args), done=lambda row: bar.advance(job),
                      scheduler=getattr(args, "scheduler", None))
    for r in klass:
        print(f"{r['student']}: {r['score']}/{r['max_score']} ({r['status']}: {r['reason']})")
    print(f"wrote {out / 'capstone.csv'} and {out / 'capstone-tasks.csv'}")
    return 0
