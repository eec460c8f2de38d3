"""Benchmarks that measure two things side by side in one run and print the ratio.

`python -m bench` (or `make bench`) runs every module in this folder that defines
`main()`, one after another. Each module prints its figures and ends with one
summary line. `progress()` gives the shared progress bar for loops a person waits on;
`traces_off()` keeps the checkpoints from writing trace files while they are measured.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def progress() -> Progress:
    """A progress bar that disappears when done, so only the results stay on screen."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
    )


@contextmanager
def traces_off() -> Iterator[None]:
    """AGENT_TRACE=off while the block runs (a trace file per run would only cost time and
    disk), then the caller's setting back as it was."""
    old = os.environ.get("AGENT_TRACE")
    os.environ["AGENT_TRACE"] = "off"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("AGENT_TRACE", None)
        else:
            os.environ["AGENT_TRACE"] = old
