"""`agentcourse lab check N` with the grader's judge: for a lab whose test cells run in the
judge (`judge: true`), the student's notebook runs as grading runs it (answer cells in a
kernel, test cells in the judge, the student's names called through the channel), with the
visible checks only and the public property seed. Confined when this machine can make the
sandbox, unconfined where it cannot; any other lab runs as before, every cell in one kernel.

    agentcourse lab check 2

= agentcourse.course.lab_cli.cli_check, with `judged_run` as its runner.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from agentcourse.course import lab_check, lab_cli


def judged_run(nb: Any, folder: Path, config: lab_check.CheckConfig, meta: dict) -> str:
    """Run `nb` in place as grading would ("" when it finished, else what stopped it)."""
    if not meta.get("judge"):
        return lab_check.run_in_kernel(nb, folder, config)
    from nbclient.exceptions import DeadKernelError

    from agentcourse.grading.sandbox.bwrap import confinement_problem
    from agentcourse.grading.sandbox.confine import ConfinedExecute

    run = ConfinedExecute(
        unconfined=confinement_problem() is not None, judged=[str(n) for n in meta.get("answers", [])],
        checkpoints=[str(c) for c in meta.get("checkpoints", [])], graded_seed=False, why_not_started=True,
        timeout=config.cell_timeout, startup_timeout=config.startup_timeout, kernel_name=config.kernel,
        extra_arguments=list(config.kernel_args), allow_errors=True, interrupt_on_timeout=True)
    try:
        run.preprocess(nb, {"metadata": {"path": str(folder)}})
    except DeadKernelError:
        return "the kernel died (a crash, os._exit or running out of memory)"
    except Exception as err:  # noqa: BLE001 - a kernel or sandbox that cannot start, a broken notebook...
        return f"{type(err).__name__}: {err}"
    return ""


def cli_check(args: argparse.Namespace) -> int:
    """`agentcourse lab check N`, judged where the lab is."""
    return lab_cli.cli_check(args, run=judged_run)
