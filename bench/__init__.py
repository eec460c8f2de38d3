"""Benchmarks that measure two things side by side in one run and print the ratio.

`python -m bench` (or `make bench`) runs every module in this folder that defines
`main()`, one after another. Each module prints its figures and ends with one
summary line. `progress()` gives the shared progress bar for loops a person waits on.
"""

from __future__ import annotations

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
