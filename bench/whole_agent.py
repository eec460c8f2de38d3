"""Checkpoint 08, the whole agent, on the long task: its context management on and off.

The same task and project as bench/context_savings.py ("Write SUMMARY.md with one line
for every module in the inventory package: ..."), done twice by checkpoint 08 against
one tutor: once with its own ContextPolicy (caps, stubs, compaction, notes), and once
with that management switched off (no caps, no stubs, no compaction). Both runs must
write a correct SUMMARY.md, or the comparison is void. Printed side by side: API calls,
cumulative input tokens (uncached + cache writes + cache reads, the tutor's estimate)
the prompt-cache hit rate (the share of those input tokens read from the cache, which
07's layers and breakpoints earn) and the dollars at list price: a growing history that
is read from the cache is cheap per token, so tokens and dollars tell different stories. The shell is not needed for this task; the
tutor reads with the text editor, and a user who says yes to every command is assumed.
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from agentcourse.paths import load_checkpoint
from agentcourse.tutor import serve
from bench import progress, traces_off
from bench.context_savings import Run, measure


def off(policy):
    """The same policy with caps, stubs and compaction switched off (notes stay)."""
    return dataclasses.replace(policy, result_max_chars=0, stub_at_tokens=10**12,
                               compact_at_tokens=0, compact_hard_tokens=0)


def compare(modules: int | None = None) -> tuple[Run, Run]:
    """08 with its context management off, then on, against one tutor."""
    own = load_checkpoint("08").POLICY
    runs = []
    with traces_off():
        with serve() as url, tempfile.TemporaryDirectory(prefix="bench-whole-") as tmp, \
                progress() as bar:
            task = bar.add_task("the long task with 08: management off, then on", total=2)
            for label, policy in (("-off", off(own)), ("-on", own)):
                runs.append(measure("08", url, Path(tmp), modules, policy, label))
                bar.advance(task)
    return runs[0], runs[1]


def hit_rate(run: Run) -> float:
    return run.cache_read / run.input_tokens if run.input_tokens else 0.0


def main() -> float:
    plain, managed = compare()
    for name, run in (("off", plain), ("on ", managed)):
        status = "SUMMARY.md correct" if not run.problems else f"WRONG: {run.problems[0]}"
        print(f"checkpoint 08, context management {name}: {run.calls:>2} API calls, "
              f"{run.input_tokens:>9,} input tokens, cache hit rate {hit_rate(run):.0%}, "
              f"${run.cost_usd:.2f} ({run.stubbed} stubbed, {run.compactions} compactions); "
              f"{status}")
    if plain.problems or managed.problems or not (plain.valid and managed.valid):
        raise RuntimeError("a run did not finish the task correctly; the comparison is void")
    share = managed.input_tokens / plain.input_tokens
    print(f"context management in checkpoint 08: on sends {share:.1%} of the input tokens "
          f"that off sends and costs {managed.cost_usd / plain.cost_usd:.1%} of its dollars; "
          f"cache hit rate {hit_rate(managed):.0%} on, {hit_rate(plain):.0%} off")
    return share


if __name__ == "__main__":
    main()
