"""Properties in lab checks (agentcourse.course.props): reproducible, shrunk, timeless,
nothing left beside the notebook."""

import pytest
from hypothesis import strategies as st

from agentcourse.course import props


def failure(prop, *strategies, **kw) -> str:
    with pytest.raises(AssertionError) as caught:
        props.holds(*strategies, **kw)(prop)
    return str(caught.value)


def test_a_property_that_holds_raises_nothing_and_runs_the_configured_examples(monkeypatch):
    monkeypatch.setenv(props.ENV_EXAMPLES, "7")
    seen = []
    props.holds(st.integers())(lambda n: seen.append(n))
    assert len(seen) == 7


def test_a_failure_names_the_smallest_example_with_the_propertys_own_message():
    def sorted_already(xs):
        assert sorted(xs) == xs, "the list is not sorted"

    text = failure(sorted_already, st.lists(st.integers()))
    assert text.startswith("the list is not sorted")
    assert "smallest failing example: xs=[" in text
    example = text.split("smallest failing example: ")[1]
    assert example.startswith("xs=[") and example.count(",") == 1  # shrunk to two elements


@pytest.mark.parametrize("how", ["environment", "judge's hidden part"])
def test_unshrunk_a_failure_still_fails_with_its_own_message_after_fewer_calls(monkeypatch, how):
    """A run whose failures nobody reads for their example (AGENTCOURSE_PROPERTY_SHRINK=0, or
    the judge running a hidden part, whose failure the student never sees) fails the same
    property without shrinking: the same verdict and message, fewer calls of the answer."""
    from agentcourse.course import nbtools

    def run() -> tuple[str, int]:
        calls = []

        def big_is_bad(n):
            calls.append(n)
            assert n < 1000, "too big"

        return failure(big_is_bad, st.integers(min_value=0, max_value=10**9)), len(calls)

    shrunk, shrunk_calls = run()
    assert shrunk.startswith("too big") and "n=1000" in shrunk
    if how == "environment":
        monkeypatch.setenv(props.ENV_SHRINK, "0")
    else:
        monkeypatch.setitem(nbtools.JUDGE, "hidden", True)
    assert props.current().shrink is False
    found, found_calls = run()
    assert found.startswith("too big") and "n=1000" not in found
    assert found_calls < shrunk_calls


def test_an_error_of_the_answer_fails_the_property_naming_its_type():
    text = failure(lambda s: s.encode("ascii"), st.text(min_size=1))
    assert text.startswith("UnicodeEncodeError")


def test_the_same_seed_draws_the_same_examples_and_another_seed_others(monkeypatch):
    def draws(seed):
        monkeypatch.setenv(props.ENV_SEED, str(seed))
        seen = []
        props.holds(st.integers(min_value=0, max_value=10**9))(lambda n: seen.append(n))
        return seen

    assert draws(5) == draws(5)
    assert draws(5) != draws(6)


def test_most_caps_a_costly_property_and_a_bad_environment_falls_back_to_the_public_run(monkeypatch):
    monkeypatch.setenv(props.ENV_EXAMPLES, "50")
    seen = []
    props.holds(st.integers(), most=3)(lambda n: seen.append(n))
    assert len(seen) == 3
    monkeypatch.setenv(props.ENV_EXAMPLES, "many")
    assert props.current() == props.PUBLIC


def test_no_deadline_no_database_and_nothing_written_beside_the_notebook(tmp_path, monkeypatch):
    import time

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    props.holds(st.text(), most=3)(lambda s: time.sleep(0.3))  # far past Hypothesis's 200 ms default
    assert list(tmp_path.iterdir()) == []


def test_in_the_judge_a_cells_timeout_passes_through_a_property_at_once_and_is_never_a_failure(monkeypatch):
    """The judge's KernelSilent (the cell's time ran out) is the grader's timeout, to
    regrade: no check's `except Exception` catches it, and a property neither turns it into
    a failed check nor shrinks on it."""
    from agentcourse.course import nbtools
    from agentcourse.grading.judge import remote

    assert not issubclass(remote.KernelSilent, Exception)
    monkeypatch.setitem(nbtools.JUDGE, "silent", remote.KernelSilent)
    calls = []

    def answer(n):
        calls.append(n)
        if len(calls) == 2:
            raise remote.KernelSilent("your notebook's code did not answer within the cell's time limit")

    with pytest.raises(remote.KernelSilent):
        props.holds(st.integers())(answer)
    assert len(calls) == 2, f"the property went on after the timeout: {len(calls)} calls"


DRAW = '''
import hashlib, sys
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "with":
    import course_constants  # noqa: F401 - a local module full of constants, loaded
from hypothesis import strategies as st
from agentcourse.course import props
seen = []
props.holds(st.text(max_size=12), st.integers())(lambda s, n: seen.append((s, n)))
print(hashlib.sha256(repr(seen).encode()).hexdigest(), sum(n == -98765 or s == "zebra-in-source" for s, n in seen))
'''


def test_a_seed_draws_the_same_examples_whatever_local_code_is_loaded(tmp_path):
    """Hypothesis mixes constants from the source of loaded local modules into its draws; a
    graded seed must give the same examples whatever else the process loaded (a course
    updated between a grade and its re-grade): none of a loaded module's constants is drawn."""
    import os
    import subprocess
    import sys

    (tmp_path / "course_constants.py").write_text(
        'WORDS = ["zebra-in-source", "kernel-ish", "tool_use_x"]\nNUMBERS = [-98765, 4242424, 31337]\n')
    env = {**os.environ, props.ENV_EXAMPLES: "400", "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / "hypothesis")}
    env.pop(props.ENV_SEED, None)

    def draw(loaded: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", DRAW, str(tmp_path), loaded], env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.split()

    without, with_module = draw("without"), draw("with")
    assert with_module == without
    assert with_module[1] == "0"
