"""Run every benchmark in bench/: import each module and call its main(), in name order."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

from rich.console import Console

import bench


def discover() -> list[str]:
    """Module names in bench/ (not __init__ / __main__ or private ones), sorted."""
    return sorted(
        info.name
        for info in pkgutil.iter_modules(bench.__path__)
        if not info.name.startswith("_") and not info.ispkg
    )


def run(names: list[str] | None = None) -> int:
    """Run the named benchmarks (all by default); returns how many failed."""
    console = Console()
    failed = 0
    for name in names or discover():
        console.rule(f"bench.{name}")
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"bench.{name}")
            entry = getattr(module, "main", None)
            if entry is None:
                console.print(f"[yellow]skipped: bench/{name}.py has no main()[/yellow]")
                continue
            entry()
        except Exception as err:  # one broken benchmark must not hide the others' figures
            failed += 1
            console.print(f"[red]bench.{name} failed: {type(err).__name__}: {err}[/red]")
        console.print(f"[dim]({time.perf_counter() - started:.1f} s)[/dim]")
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:] or None) else 0)
