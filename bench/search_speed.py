"""Is checkpoint 04's search_file fast enough to stand in for grep?

One generated tree of Python-like files (100 files x 1,000 lines = 100,000 lines), one
pattern, two searchers, run alternately so both see the same machine and disk cache:

    search_file   checkpoint 04's tool, called in-process (as the agent calls it)
    grep -rn      GNU grep as a subprocess (what a person would run; includes its start-up)

The figure is the best of several runs each. Both must report the same number of
matching lines, or the timing compares different work. Target: within 3x of grep.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from agentcourse.paths import load_checkpoint
from bench import progress

FILES, LINES = 100, 1_000
PATTERN = r"def parse_config\("  # one hit per file the generator plants it in
RUNS = 7
TARGET = 3.0

WORDS = "config timeout value path retries strict result items parse load merge key".split()


def make_tree(root: Path, files: int = FILES, lines: int = LINES, seed: int = 7) -> int:
    """Write `files` modules of `lines` lines under `root` (in sub-packages); returns lines."""
    rng = random.Random(seed)
    for n in range(files):
        folder = root / f"pkg{n % 10}"
        folder.mkdir(parents=True, exist_ok=True)
        out = []
        for i in range(lines):
            if i % 25 == 0:
                name = "parse_config" if (n % 4 == 0 and i == 500) else f"{rng.choice(WORDS)}_{i}"
                out.append(f"def {name}({rng.choice(WORDS)}, {rng.choice(WORDS)}=None):")
            else:
                words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 9)))
                out.append(f"    {rng.choice(WORDS)} = {words!r}  # {i}")
        (folder / f"module_{n:03}.py").write_text("\n".join(out) + "\n", encoding="utf-8")
    return files * lines


@dataclass
class Timing:
    """Best-of-N wall time and the matching lines found, for one searcher."""

    name: str
    seconds: float
    matches: int


def count_matches(search_output: str) -> int:
    """Matching lines in a search_file answer (the cut notice says the total)."""
    cut = re.search(r"of (\d+) matching lines shown", search_output)
    if cut:
        return int(cut.group(1))
    return 0 if search_output.startswith("No lines match") else len(search_output.splitlines())


def compare(root: Path, runs: int = RUNS, pattern: str = PATTERN, show: bool = True) -> tuple[Timing, Timing]:
    """Time search_file and grep -rn on `root`, alternating, best of `runs` each."""
    grep = shutil.which("grep")
    if grep is None:
        raise RuntimeError("grep is not installed; nothing to compare against")
    agent = load_checkpoint("04")
    best = {"search_file": float("inf"), "grep -rn": float("inf")}
    found = {}
    here = os.getcwd()
    os.chdir(root)  # search_file confines itself to the working directory
    try:
        with progress() as bar:
            task = bar.add_task("searching", total=runs, visible=show)
            for _ in range(runs):
                start = time.perf_counter()
                output = agent.search_file(pattern, ".")
                best["search_file"] = min(best["search_file"], time.perf_counter() - start)
                found["search_file"] = count_matches(output)
                start = time.perf_counter()
                done = subprocess.run([grep, "-rnE", pattern, "."], capture_output=True, text=True)
                best["grep -rn"] = min(best["grep -rn"], time.perf_counter() - start)
                found["grep -rn"] = len(done.stdout.splitlines())
                bar.advance(task)
    finally:
        os.chdir(here)
    return tuple(Timing(name, best[name], found[name]) for name in ("search_file", "grep -rn"))


def main() -> float:
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        lines = make_tree(Path(tmp))
        ours, grep = compare(Path(tmp))
    print(f"tree: {FILES} files, {lines:,} lines; pattern {PATTERN!r}; best of {RUNS} runs")
    for t in (ours, grep):
        print(f"{t.name:<12} {t.seconds * 1000:7.1f} ms   {t.matches} matching lines")
    if ours.matches != grep.matches:
        raise RuntimeError("search_file and grep found different lines; the timing is void")
    ratio = ours.seconds / grep.seconds
    verdict = "meets" if ratio <= TARGET else "MISSES"
    print(f"search_file / grep -rn: {ratio:.2f}x grep's time ({verdict} the {TARGET:g}x target)")
    return ratio


if __name__ == "__main__":
    main()
