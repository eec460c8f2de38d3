"""How a lab's checks fare on a corpus of answers: the first-contact figure of a new corpus.

    .venv/bin/python tests/grading/corpus_figures.py lab03 lab04 [--corpus blind] [--seed N]

For each WRONG case: does it fail a visible check (what `lab check` shows), and does it
still get full marks when graded (every test cell whole, the graded number of examples
from the seed given)? For each RIGHT case: full marks when graded. In-process
(agentcourse.course.nbrun), so only for corpora the course wrote.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

from agentcourse.course import nbfile, nbrun, props

SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"


def corpus(lab: str, stem: str) -> tuple[dict, dict]:
    spec = importlib.util.spec_from_file_location(f"{stem}_{lab}", SOLUTIONS / lab / f"{stem}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "WRONG", {}), getattr(module, "RIGHT", {})


def graded(notebook, change, seed: int) -> tuple[float, float, dict]:
    os.environ[props.ENV_SEED], os.environ[props.ENV_EXAMPLES] = str(seed), str(props.GRADED_EXAMPLES)
    try:
        results = nbrun.run_cells(notebook, change)
    finally:
        del os.environ[props.ENV_SEED], os.environ[props.ENV_EXAMPLES]
    failed = {k: r.error.splitlines()[0][:100] for k, r in results.items() if r.error}
    return sum(r.points for r in results.values()), sum(r.max_points for r in results.values()), failed


def visible_failure(notebook, change) -> str:
    results = nbrun.run_cells(notebook, change, visible=True, whole=False,
                              stop_after=lambda rs: any(r.visible_error for r in rs.values()))
    return next((k for k, r in results.items() if r.visible_error), "")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("labs", nargs="+")
    parser.add_argument("--corpus", default="blind")
    parser.add_argument("--seed", type=int, default=20270101)
    args = parser.parse_args()
    caught = shown = wrong_total = honest_ok = honest_total = 0
    for lab in args.labs:
        notebook = nbfile.read_notebook(SOLUTIONS / lab / f"{lab}.ipynb")
        wrong, right = corpus(lab, args.corpus)
        for name, change in wrong.items():
            seen = visible_failure(notebook, change)
            got, full, failed = graded(notebook, change, args.seed)
            wrong_total += 1
            shown += bool(seen)
            caught += got < full
            print(f"{lab} WRONG {name:45} visible: {seen or 'PASSES'}  graded: {got:g}/{full:g}", flush=True)
        for name, change in right.items():
            got, full, failed = graded(notebook, change, args.seed)
            honest_total += 1
            honest_ok += got == full
            print(f"{lab} RIGHT {name:45} graded: {got:g}/{full:g} {failed or ''}", flush=True)
    print(f"wrong answers failing a visible check: {shown}/{wrong_total}; losing points when graded: "
          f"{caught}/{wrong_total}; honest answers with full marks: {honest_ok}/{honest_total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
