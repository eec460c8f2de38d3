"""Properties in lab checks: the same properties everywhere, more examples when graded.

A lab's test cell states its rule as a property and checks it at once over generated
instances (Hypothesis does the generating and the shrinking):

    from hypothesis import strategies as st
    from agentcourse.course.props import holds

    @holds(st.text(min_size=1))
    def _(name):
        assert resolve_in_root(name + "/..") == ROOT, "a path that comes back stays inside"

`lab check` runs every property on a few examples from a public seed; grading runs the
same properties on more examples from a seed the instructor's grading secret gives each
lab (agentcourse.grading.seeds), the same for every student and recorded with the grade.
A wrong idea that grading catches therefore usually fails `lab check` too, and a failure
names the smallest example Hypothesis could shrink it to.

Nothing here asserts time: no deadline (a slow answer is stopped by the cell's timeout,
not by a flaky clock), no example database (nothing written beside the notebook), and
the "too slow" and "data too large" health checks are off (an honest answer may be slow).
"""

from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ENV_SEED = "AGENTCOURSE_PROPERTY_SEED"  # set by grading (and lab check) in the kernel's environment
ENV_EXAMPLES = "AGENTCOURSE_PROPERTY_EXAMPLES"
# "0": a failure names the example as found, not shrunk. For runs whose failures nobody reads
# for their example (the course's own tests of which answers fail, where shrinking was about a
# third of their CPU). The judge never shrinks a hidden check's failure: its message is
# withheld from the student (judge/process.py's hidden_failure).
ENV_SHRINK = "AGENTCOURSE_PROPERTY_SHRINK"
GRADED_EXAMPLES = 60  # per property when graded, before a property's own `most` cap


@dataclass(frozen=True)
class PropertyRun:
    """How many examples each property tries, from which seed."""

    seed: int  # Hypothesis's seed: the same seed and answer give the same examples
    examples: int  # examples per property (a property's `most` may lower it)
    shrink: bool = True  # a failure names the smallest failing example Hypothesis finds


PUBLIC = PropertyRun(seed=2027, examples=12)  # what `lab check` and an unset environment use


def current() -> PropertyRun:
    """The run the environment asks for (grading sets both variables), else PUBLIC."""
    from agentcourse.course import nbtools

    shrink = os.environ.get(ENV_SHRINK, "1") != "0" and not nbtools.JUDGE.get("hidden")
    try:
        seed = int(os.environ.get(ENV_SEED, PUBLIC.seed))
        examples = int(os.environ.get(ENV_EXAMPLES, PUBLIC.examples))
    except ValueError:
        return PropertyRun(PUBLIC.seed, PUBLIC.examples, shrink)
    return PropertyRun(seed, max(1, examples), shrink)


def _smallest(err: BaseException) -> str:
    """Hypothesis's own note naming the shrunk example, made one readable block."""
    notes = [n for n in getattr(err, "__notes__", []) if n.startswith(("Falsifying", "Failing"))]
    if not notes:
        return ""
    text = notes[0].split(":", 1)[1].strip()
    # "_(\n    name='a',\n)" -> "name='a'"
    if "(" in text and text.endswith(")"):
        text = text[text.index("(") + 1:-1]
    lines = [line.strip().rstrip(",") for line in text.splitlines() if line.strip()]
    return ", ".join(lines)


def _message(err: BaseException) -> str:
    first = str(err).strip() if isinstance(err, AssertionError) else f"{type(err).__name__}: {err}"
    smallest = _smallest(err)
    return f"{first or 'the property does not hold'}\n  smallest failing example: {smallest}" if smallest else first


def _keep_caches_out_of_the_project() -> None:
    """Hypothesis caches Unicode tables in ./.hypothesis; put them in a per-user temporary
    folder instead, so no folder appears beside the student's notebook or in a submission."""
    if not os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), f"agentcourse-hypothesis-{os.getuid()}"))


def _examples_from_the_seed_alone() -> None:
    """Hypothesis mixes into what it draws constants it finds in the source of every local
    module loaded (the course's own, in a judge), so the same seed drew other examples once
    any course file changed or another module was loaded: a re-grade after an update of the
    course could try other cases. And a process that reached for one parsed those files
    first (most of a second of CPU in a judge at the graded example count). The examples
    come from the seed, the property and the answer alone.
    Hypothesis has no setting for it, so its hook is replaced where it is (its internals,
    pinned below 7); tests/course/test_props.py fails if a release moves it."""
    from hypothesis.internal.conjecture import providers

    if getattr(providers, "_get_local_constants", None) is not _no_local_constants:
        providers._get_local_constants = _no_local_constants
        providers.CONSTANTS_CACHE.cache.clear()  # what was drawn from before, forgotten


def _no_local_constants() -> Any:
    from hypothesis.internal.constants_ast import Constants

    return Constants()


def _judge_timeout() -> tuple[type[BaseException], ...]:
    """The judge's signal that the cell's time ran out (nbtools.JUDGE["silent"]), if this
    process is the judge."""
    from agentcourse.course import nbtools

    silent = nbtools.JUDGE.get("silent")
    return (silent,) if isinstance(silent, type) else ()


def holds(*strategies: Any, most: int | None = None, **named: Any) -> Callable[[Callable[..., Any]], None]:
    """Check the decorated property now, over examples drawn from `strategies`.

    Raises AssertionError with the property's own message and the smallest failing
    example. `most` caps the examples of a costly property (each one a loop with API
    calls, say); the run's count applies when it is lower."""
    from hypothesis import HealthCheck, Phase, given, seed, settings
    from hypothesis.errors import Flaky

    _keep_caches_out_of_the_project()
    _examples_from_the_seed_alone()
    run = current()
    count = min(run.examples, most) if most else run.examples
    config = settings(max_examples=count, deadline=None, database=None, derandomize=False,
                      print_blob=False, report_multiple_bugs=False,
                      phases=(Phase.explicit, Phase.generate, *([Phase.shrink] if run.shrink else [])),
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                             HealthCheck.filter_too_much, HealthCheck.large_base_example,
                                             HealthCheck.differing_executors])

    def check(prop: Callable[..., Any]) -> None:
        @functools.wraps(prop)
        def returning_nothing(*args: Any, **kwargs: Any) -> None:  # a property may end on a value
            prop(*args, **kwargs)

        test = seed(run.seed)(config(given(*strategies, **named)(returning_nothing)))
        try:
            test()
        except Flaky as err:  # the answer changes its mind between runs
            raise AssertionError(f"the answer behaves differently for the same input: {err}") from None
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as err:  # noqa: BLE001 - any error of the answer fails the property
            if isinstance(err, _judge_timeout()):
                raise  # the cell's time ran out in the judge: a timeout to regrade, never a failure
            raise AssertionError(_message(err)) from None

    return check
