"""The `agentcourse` command line: one subcommand per job, each handled in its own module.

Every handler takes the parsed arguments and returns an exit status. A CourseError
anywhere below ends the command with its one-line message and its exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from agentcourse.errors import CourseError

Subcommands = Any  # what add_subparsers() returns (argparse keeps its class private)

# subcommand path -> (module, function). Modules are imported only when used,
# so `agentcourse --help` stays fast and one broken part cannot break the rest.
HANDLERS = {
    "tutor serve": ("agentcourse.tutor.speak.server", "cli_serve"),
    "run": ("agentcourse.course.runner", "cli_run"),
    "demo": ("agentcourse.course.demo", "cli_demo"),
    "trace show": ("agentcourse.course.trace", "cli_show"),
    "diff": ("agentcourse.course.diffing", "cli_diff"),
    "lab list": ("agentcourse.course.lab_cli", "cli_list"),
    "lab start": ("agentcourse.course.lab_cli", "cli_start"),
    "lab check": ("agentcourse.grading.labcheck", "cli_check"),
    "grade": ("agentcourse.grading.pipeline", "cli_grade"),
    "grades export": ("agentcourse.grading.export", "cli_export"),
    "grades merge": ("agentcourse.grading.shards", "cli_merge"),
    "report": ("agentcourse.grading.report.class_report", "cli_report"),
    "eval prompt-matrix": ("agentcourse.course.evals", "cli_prompt_matrix"),
    "arena": ("agentcourse.arena.cli", "cli_arena"),
}


def _add_tutor(sub: Subcommands) -> None:
    tutor = sub.add_parser("tutor", help="the offline tutor model (a local Messages API server)")
    tutor_sub = tutor.add_subparsers(dest="action", required=True, metavar="ACTION")
    serve = tutor_sub.add_parser("serve", help="serve the Messages API on loopback")
    serve.add_argument("--port", type=int, default=0, help="port to bind (0 or none: a free one)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (loopback only)")
    serve.add_argument(
        "--fault",
        choices=["429", "529", "500", "max_tokens", "max_tokens_in_tool_use", "pause_turn", "stream_error"],
        help="give every /v1/messages call this fault (to exercise retries and cut replies)",
    )
    serve.add_argument("--any-model", action="store_true", help="accept any model name (default: 404 for unknown ones)")


def _add_checkpoints(sub: Subcommands) -> None:
    """The commands about the checkpoints' programs: run, demo, trace show, diff."""
    run = sub.add_parser("run", help="run a checkpoint's program (offline without a key)")
    run.add_argument("checkpoint", help="number or folder name, e.g. 01 or 03-real-tools")
    run.add_argument("--offline", action="store_true", help="use the tutor model even with a key")
    run.add_argument("--workdir", help="project folder to run in (default: a scratch copy)")
    run.add_argument(
        "--with-config",
        action="store_true",
        help="also write config_loader.py, the 500-line module of the token-cost task",
    )
    run.add_argument(
        "--with-inventory",
        action="store_true",
        help="also write the inventory package, the 26 modules of the long context task",
    )
    run.add_argument(
        "program_args", nargs="*", metavar="ARG", help="passed to the program (00 takes a prompt)"
    )

    sub.add_parser("demo", help="the scripted offline session that `make demo` runs")

    trace = sub.add_parser("trace", help="JSONL traces written by checkpoint 05 and later")
    trace_sub = trace.add_subparsers(dest="action", required=True, metavar="ACTION")
    show = trace_sub.add_parser("show", help="render a trace: messages view and token table")
    show.add_argument("file")

    diff = sub.add_parser("diff", help="what changed between two checkpoints' programs")
    diff.add_argument("a")
    diff.add_argument("b")


def _add_lab(sub: Subcommands) -> None:
    lab = sub.add_parser("lab", help="labs for students: list, start, check")
    lab_sub = lab.add_subparsers(dest="action", required=True, metavar="ACTION")
    lab_sub.add_parser("list", help="the labs, their time boxes and tasks")
    start = lab_sub.add_parser("start", help="copy a released lab to a work folder, start the clock")
    start.add_argument("lab", help="lab number or name, e.g. 1 or lab01")
    start.add_argument("--dir", default="work", help="work folder (default: ./work)")
    check = lab_sub.add_parser("check", help="run the visible tests on your notebook")
    check.add_argument("lab", help="lab number or name")
    check.add_argument("--dir", help="the folder that holds labNN/, or labNN/ itself (default: "
                       "./work, the current folder, or the one that holds labNN/)")


def _add_grade(sub: Subcommands) -> None:
    grade = sub.add_parser("grade", help="grade a folder of submissions with nbgrader, in parallel")
    grade.add_argument("lab", help="lab number or name")
    grade.add_argument("submissions", help="folder with one subfolder per student")
    grade.add_argument("--jobs", type=int, default=2, help="submissions graded at once")
    grade.add_argument("--student", action="append", metavar="ID",
                       help="grade only this student's folder (repeat for more); the others are left as they are")
    grade.add_argument("--csv", help="where to write points per test cell (default: beside)")
    grade.add_argument("--timeout", type=int, help="seconds per cell (default: nbgrader_config.py)")
    grade.add_argument("--no-feedback", action="store_true", help="skip nbgrader generate_feedback")
    grade.add_argument("--memory", type=int, help="memory limit of each kernel in MB (default 2048)")
    grade.add_argument("--examples", type=int, help="examples per property check (default: the graded "
                       "count, agentcourse.course.props.GRADED_EXAMPLES); fewer for a quick look")
    grade.add_argument("--scheduler", metavar="ADDRESS",
                       help="grade on a Dask cluster: its scheduler's address, tcp://HOST:PORT "
                       "(needs the distributed extra; --jobs is then the cluster's)")
    grade.add_argument("--regrade", action="store_true",
                       help="grade every student again, even those whose submission and lab are "
                       "unchanged since they were last graded (by default they are kept)")
    grade.add_argument(
        "--unconfined",
        action="store_true",
        help="grade even where kernels cannot be sandboxed: students' code runs with your "
        "permissions (you accept the risk; printed and recorded in the CSV)",
    )


def _add_grades(sub: Subcommands) -> None:
    grades = sub.add_parser("grades", help="the gradebook's grades, as they are now")
    grades_sub = grades.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = grades_sub.add_parser("export", help="one row per student: score, status, reason, late, penalty")
    export.add_argument("lab", help="lab number or name, or capstone (the arena's grades)")
    export.add_argument("--from", dest="from_file", help="capstone only: the CSV `agentcourse arena grade` "
                        "wrote (default .arena/grade/capstone.csv)")
    export.add_argument("--format", choices=["csv", "canvas"], default="csv",
                        help="csv (default) or canvas: Canvas's gradebook import, ids from --roster")
    export.add_argument("--roster", help="the LMS's gradebook export (columns Student, ID, SIS User ID, "
                        "SIS Login ID, Section), for --format canvas")
    export.add_argument("--id-column", default="SIS Login ID",
                        help="the roster column holding the gradebook's student ids (default: SIS Login ID)")
    export.add_argument("--assignment", help="Canvas column name (default: the lab's name, or the "
                        "roster's column that starts with it)")
    export.add_argument("--out", help="where to write (default: .grading/labNN-export.csv or -canvas.csv)")

    merge = grades_sub.add_parser("merge", help="take the students graded on another machine "
                                  "(its .grading/ folder, copied over) into this gradebook")
    merge.add_argument("lab", help="lab number or name")
    merge.add_argument("other", help="the other machine's .grading/ folder")
    merge.add_argument("--replace", action="store_true",
                       help="take the other's submission of a student graded here at another time")


def _add_report_and_eval(sub: Subcommands) -> None:
    report = sub.add_parser("report", help="a class report of a graded lab (Markdown and figures)")
    report.add_argument("lab", help="lab number or name")
    report.add_argument("--threshold", type=float, default=0.6,
                        help="similarity (0-1) of answer cells above which a pair is listed (default 0.6)")
    report.add_argument("--out", help="folder to write (default: .grading/report-labNN/)")

    ev = sub.add_parser("eval", help="evaluations of the system prompt")
    ev_sub = ev.add_subparsers(dest="action", required=True, metavar="ACTION")
    pm = ev_sub.add_parser("prompt-matrix", help="run the prompt test matrix, print pass rates")
    pm.add_argument("--trials", type=int, default=3, help="trials per row")
    pm.add_argument("--offline", action="store_true", help="run against the tutor model")
    pm.add_argument("--notebook", help="take SYSTEM_PROMPT and TOOLS from your lab 1 notebook")
    pm.add_argument("--prompt", help="take the system prompt from this text file (tools: checkpoint 01's)")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: one subparser per command, its options and help."""
    parser = argparse.ArgumentParser(
        prog="agentcourse",
        description="Course tools: the offline tutor model, checkpoints, traces, labs and grading.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_tutor(sub)
    _add_checkpoints(sub)
    _add_lab(sub)
    _add_grade(sub)
    _add_grades(sub)
    _add_report_and_eval(sub)

    from agentcourse.arena.cli import add_parser as add_arena

    add_arena(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run its handler, and return the exit status."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "run" and not any(a.startswith("-") for a in extra):
        args.program_args += extra  # a prompt after the options: `run 00 --offline "..."`
    elif extra:
        parser.error("unrecognized arguments: " + " ".join(extra))
    key = args.command if getattr(args, "action", None) is None else f"{args.command} {args.action}"
    module_name, func_name = HANDLERS[key]
    try:
        handler = getattr(importlib.import_module(module_name), func_name)
        return int(handler(args) or 0)
    except CourseError as err:
        print(f"agentcourse: {err}", file=sys.stderr)
        return err.exit_status
    except KeyboardInterrupt:
        print("agentcourse: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
