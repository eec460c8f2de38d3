"""How many input tokens does context engineering save on a long task: checkpoint 05 vs 06?

The same tutor model, the same task, the same generated project (agentcourse.projects.longtask):

    "Write SUMMARY.md with one line for every module in the inventory package: ..."

Twenty-six modules of about 16,000 characters (about 4,000 tokens) each: listing the
package, reading every module whole and writing one file takes checkpoint 05 29 API
calls, every one resending all the modules read so far. Checkpoint 06 does the same
work with its default ContextPolicy: it notes each module in NOTES.md as it goes, turns
old reads into stubs, and compacts the history at a boundary. Both runs must write a
correct SUMMARY.md (every module, every function it defines), or the comparison is void.

Cumulative input tokens are the sum of every call's input_tokens + cache writes + cache
reads as the tutor reports them (its documented estimate, about four characters a
token); for 06 that includes its summary calls. Limits are switched off for both runs:
with its default $1.00 budget checkpoint 05 would stop before the end of the task.
Anthropic reports an 84% reduction of tokens from context editing on a 100-turn
evaluation; the target here is the same share over a 30-call task: 06 at or under 16%.
How the share depends on the task: 05's calls grow by one module each, so its total
grows with the square of the number of calls, while 06's stay about the size of the
fixed prompt plus one module. Fewer or smaller reads, and the share rises.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import anthropic

from agentcourse.api.protocol import protocol_errors
from agentcourse.course.clients import RecordingClient
from agentcourse.paths import load_checkpoint
from agentcourse.projects import longtask
from agentcourse.projects.sample import copy_sample_project
from agentcourse.tutor import serve
from bench import progress, traces_off

TARGET_SHARE = 0.16  # 06 at or under 16% of 05's cumulative input tokens


@dataclass
class Run:
    """One checkpoint doing the long task."""

    checkpoint: str  # "05" or "06"
    calls: int  # API calls, summary calls included
    input_tokens: int  # cumulative input tokens: uncached + cache writes + cache reads
    problems: list[str]  # what is wrong with SUMMARY.md ([] = correct)
    valid: bool  # the messages list keeps the API's rules after the turn
    notes: int  # lines in NOTES.md (06's memory file)
    compactions: int  # times 06 summarised its history
    stubbed: int  # tool results 06 replaced by stubs
    cache_read: int = 0  # of input_tokens, those read from the prompt cache
    cost_usd: float = 0.0  # at list price, by the checkpoint's own usage.cost_of


def measure(checkpoint: str, base_url: str, workdir: Path, modules: int | None = None,
            policy=None, label: str = "") -> Run:
    """Run the long task once with `checkpoint` in a fresh project under `workdir`
    (`policy`: a ContextPolicy in place of the checkpoint's own)."""
    root = copy_sample_project(workdir / f"project-{checkpoint}{label}")
    longtask.write_package(root, modules)
    agent = load_checkpoint(checkpoint)
    agent.MAX_STEPS = agent.MAX_COST_USD = agent.MAX_SECONDS = 0  # the task, not the limits
    if policy is not None:
        agent.POLICY = policy
    if hasattr(agent, "GUARDRAIL"):  # 08: a user who says yes to every command it asks about
        agent.GUARDRAIL.ask = lambda command, programs, reason: "y"
    client = RecordingClient(anthropic.Anthropic(base_url=base_url, api_key="tutor-offline"))
    messages = [{"role": "user", "content": longtask.TASK}]
    here = os.getcwd()
    os.chdir(root)  # the checkpoints' project root is the working directory
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            agent.run_turn(client, messages)
    finally:
        os.chdir(here)
        if hasattr(agent, "BASH"):
            agent.BASH.close()
    tokens = sum(u.input_tokens + (u.cache_creation_input_tokens or 0)
                 + (u.cache_read_input_tokens or 0) for u in client.usages)
    notes = root / "NOTES.md"
    window = getattr(agent, "WINDOW", None)
    return Run(checkpoint, len(client.usages), tokens, longtask.summary_problems(root),
               not protocol_errors(messages),
               len(notes.read_text(encoding="utf-8").splitlines()) if notes.is_file() else 0,
               window.compactions if window else 0, window.stubbed if window else 0,
               sum(u.cache_read_input_tokens or 0 for u in client.usages),
               sum(agent.usage.cost_of(u, agent.MODEL) for u in client.usages))


def compare(modules: int | None = None) -> tuple[Run, Run]:
    """Both runs, side by side against one tutor (`modules`: fewer, for a quick check)."""
    runs = []
    with traces_off():
        with serve() as url, tempfile.TemporaryDirectory(prefix="bench-context-") as tmp, \
                progress() as bar:
            task = bar.add_task("the long task, 05 then 06", total=2)
            for checkpoint in ("05", "06"):
                runs.append(measure(checkpoint, url, Path(tmp), modules))
                bar.advance(task)
    return runs[0], runs[1]


def main() -> float:
    before, after = compare()
    for run in (before, after):
        status = "SUMMARY.md correct" if not run.problems else f"WRONG: {run.problems[0]}"
        extra = (f" ({run.stubbed} results stubbed, {run.notes} notes, {run.compactions} "
                 f"compaction{'s' * (run.compactions != 1)})" if run.checkpoint != "05" else "")
        print(f"checkpoint {run.checkpoint}: {run.calls:>2} API calls, {run.input_tokens:>9,} "
              f"input tokens{extra}; {status}")
    if before.problems or after.problems or not (before.valid and after.valid):
        raise RuntimeError("a run did not finish the task correctly; the comparison is void")
    share = after.input_tokens / before.input_tokens
    verdict = "meets" if share <= TARGET_SHARE else "MISSES"
    print(f"context engineering: checkpoint 06 sends {share:.1%} of checkpoint 05's cumulative "
          f"input tokens ({verdict} the target of at most {TARGET_SHARE:.0%})")
    return share


if __name__ == "__main__":
    main()
